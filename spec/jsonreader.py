"""The one JSON reader for everything that comes in: trace files, live protocol lines
(replies from programs, requests to ``unospec serve``) and position or reproducer files.

Python's :func:`json.loads` accepts what no UNO message needs and fails on some inputs in
ways a caller cannot report: it takes ``NaN`` and ``Infinity``, keeps the last of two
equal keys, raises :class:`ValueError` on an integer of more than 4,300 digits and
:class:`RecursionError` on deeply nested arrays. :func:`loads` reads the same JSON within
:class:`Limits` and turns every problem into one :class:`JsonInputError` that says what
was wrong and where (line and byte offset). Standard library only.

>>> loads('{"seq": 1, "cmd": "hello"}')
{'seq': 1, 'cmd': 'hello'}
>>> def refused(text, line=None):
...     try:
...         loads(text, line)
...     except JsonInputError as e:
...         print(e.kind, "|", e)
>>> refused('{"a": 1, "a": 2}', line=3)
duplicate_key | line 3: duplicate key 'a' in an object
>>> refused(b'[1, NaN]')
number | byte 4: NaN is not a JSON number (NaN and Infinity are refused)
>>> refused(b'{"card": "R\\xff"}', line=2)
utf8 | line 2, byte 11: invalid UTF-8 (byte 0xff)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

#: integers beyond this are refused: every integer in UNO data is a small count, seat or
#: sequence number, and 2**53 - 1 is the largest integer every JSON reader keeps exactly
MAX_SAFE_INTEGER = 2**53 - 1


@dataclass(frozen=True)
class Limits:
    """What one JSON text may hold."""

    #: bytes in one line (a JSON Lines record) or one file
    line_bytes: int = 16 * 1024 * 1024
    #: nesting of arrays and objects (a trace line needs about 5)
    depth: int = 64


DEFAULT = Limits()


class JsonInputError(ValueError):
    """JSON input that cannot be used. ``kind``: ``too_long``, ``utf8``, ``syntax``,
    ``depth``, ``number`` or ``duplicate_key``; ``line`` (1-based, when known) and
    ``offset`` (the byte offset in that line or text, when known) say where."""

    def __init__(
        self, kind: str, reason: str, line: int | None = None, offset: int | None = None
    ) -> None:
        self.kind, self.reason, self.line, self.offset = kind, reason, line, offset
        super().__init__(self.where() + reason)

    def where(self) -> str:
        parts = []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.offset is not None:
            parts.append(f"byte {self.offset}")
        return ", ".join(parts) + ": " if parts else ""

    def at_line(self, line: int) -> JsonInputError:
        """The same error, placed on ``line``."""
        return JsonInputError(self.kind, self.reason, line, self.offset)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "reason": self.reason, "line": self.line, "byte": self.offset}


class _Refused(Exception):
    """Raised inside the decoder's hooks; :func:`loads` places it in the text."""

    def __init__(self, kind: str, reason: str, token: str | None = None) -> None:
        self.kind, self.reason, self.token = kind, reason, token


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _Refused("duplicate_key", f"duplicate key {key!r} in an object")
    return obj


def _integer(text: str) -> int:
    if len(text) <= 15:  # fewer than 16 digits: always within the safe range
        return int(text)
    digits = len(text.lstrip("-"))
    if digits > 16 or abs(int(text)) > MAX_SAFE_INTEGER:
        raise _Refused(
            "number",
            f"an integer of {digits} digits is out of range (at most ±{MAX_SAFE_INTEGER})",
            text,
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("number", f"{text[:40]} is out of range for a number", text)
    return value


def _constant(name: str) -> Any:
    raise _Refused("number", f"{name} is not a JSON number (NaN and Infinity are refused)", name)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object, parse_int=_integer, parse_float=_float, parse_constant=_constant
)
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
# a text with no run of 16 digits holds no integer out of range: Python's own integer
# parsing (in C) reads it, and _integer is called only where a long run is. The run is
# looked for in the bytes with every digit made "0" and every other byte a space (a
# regular expression took 5 µs a line of the protocol, this takes 0.7)
_DIGITS_AS_ZEROS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_SIXTEEN_DIGITS = b"0" * 16


def _long_digits(data: bytes) -> bool:
    """Whether ``data`` holds a run of 16 ASCII digits."""
    return _SIXTEEN_DIGITS in data.translate(_DIGITS_AS_ZEROS)

_FAST = json.JSONDecoder(object_pairs_hook=_object, parse_float=_float, parse_constant=_constant)


def _byte_offset(text: str, index: int) -> int:
    return len(text[:index].encode("utf-8", "surrogatepass"))


def _check_depth(text: str, limit: int) -> None:
    """Refuse nesting deeper than ``limit`` before the decoder recurses into it (a cheap
    count first: a text with few brackets cannot be deep)."""
    if text.count("[") + text.count("{") <= limit:
        return
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                raise JsonInputError(
                    "depth",
                    f"arrays and objects nested deeper than {limit} levels",
                    offset=_byte_offset(text, m.start()),
                )
        elif c in "]}":
            depth -= 1


def decode_text(data: bytes | str, line: int | None = None) -> str:
    """``data`` as text: strict UTF-8 (an invalid byte is an error naming its offset)."""
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise JsonInputError(
            "utf8", f"invalid UTF-8 (byte 0x{data[e.start]:02x})", line, e.start
        ) from None


def loads(data: bytes | str, line: int | None = None, limits: Limits = DEFAULT) -> Any:
    """One JSON value from ``data`` within ``limits``; raises :class:`JsonInputError`."""
    if len(data) > limits.line_bytes:
        raise JsonInputError(
            "too_long", f"{len(data)} bytes, more than the limit of {limits.line_bytes}", line
        )
    text = decode_text(data, line)
    try:
        _check_depth(text, limits.depth)
        raw = data if isinstance(data, bytes) else text.encode("utf-8", "surrogatepass")
        decoder = _DECODER if _long_digits(raw) else _FAST
        value, end = decoder.raw_decode(text, _skip(text, 0))
        if _skip(text, end) != len(text):
            raise json.JSONDecodeError("extra data after the value", text, _skip(text, end))
        return value
    except JsonInputError as e:
        raise e.at_line(line) if line is not None else e from None
    except json.JSONDecodeError as e:
        raise JsonInputError(
            "syntax", f"not JSON: {e.msg}", line, _byte_offset(text, e.pos)
        ) from None
    except _Refused as e:
        at = text.find(e.token) if e.token else -1
        raise JsonInputError(
            e.kind, e.reason, line, _byte_offset(text, at) if at >= 0 else None
        ) from None
    except RecursionError:  # a deep text the bracket count did not see (cannot happen)
        raise JsonInputError("depth", "arrays and objects nested too deeply", line) from None


_SPACE = re.compile(r"[ \t\n\r]*")


def _skip(text: str, pos: int) -> int:
    m = _SPACE.match(text, pos)
    return m.end() if m else pos


def lines(
    stream: IO[bytes], max_bytes: int = DEFAULT.line_bytes
) -> Iterator[tuple[int, bytes | None, int]]:
    """The lines of a binary stream as ``(number, data, size)``, numbered from 1, without
    their line ends. A line longer than ``max_bytes`` is not kept: ``data`` is ``None``
    (``size`` says how long it was) and the reader goes on at the next line, holding no
    more than ``max_bytes`` at a time."""
    number = 0
    while True:
        chunk = stream.readline(max_bytes + 1)
        if not chunk:
            return
        number += 1
        if len(chunk) <= max_bytes or chunk.endswith(b"\n"):
            yield number, chunk.rstrip(b"\r\n"), len(chunk)
            continue
        size = len(chunk)
        while chunk and not chunk.endswith(b"\n"):
            chunk = stream.readline(max_bytes + 1)
            size += len(chunk)
        yield number, None, size


def load_file(path: str | Path, limits: Limits = DEFAULT) -> Any:
    """The JSON value of a whole file (a position, a reproducer), read within ``limits``;
    raises :class:`JsonInputError` (its ``line`` and ``offset`` place the problem in the
    file), or :class:`OSError` when the file cannot be read."""
    with open(path, "rb") as f:
        data = f.read(limits.line_bytes + 1)
    try:
        return loads(data, limits=limits)
    except JsonInputError as e:
        if e.offset is None:
            raise
        start = data.rfind(b"\n", 0, e.offset) + 1
        raise JsonInputError(
            e.kind, e.reason, data.count(b"\n", 0, e.offset) + 1, e.offset - start
        ) from None
