"""A user's profile file (``our-table.toml``), checked before any command uses it.

The catalogue reads a profile file without complaint about its shape; this module says
what is wrong with one in terms a user can act on: the file, the line and the problem (a
TOML syntax error, a key that is no profile key, an ``inherits`` that names no profile,
an option the catalogue does not know, a cycle). Built-in profile names pass untouched.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

from unospec.spec.catalogue import Catalogue, CatalogueError, UnknownIdError

KEYS = {
    "name": str,
    "title": str,
    "inherits": str,
    "description": str,
    "options": dict,
    "silent": dict,
}
TYPE_NAMES = {str: "a string", dict: "a table"}
MAX_BYTES = 1024 * 1024  # a profile is a few lines; anything larger is not one


class ProfileFileError(ValueError):
    """What is wrong with a profile file, naming the file and, where known, the line."""


def looks_like_a_file(name: str) -> bool:
    return name.endswith(".toml") or "/" in name or "\\" in name


def line_of(text: str, key: str) -> int | None:
    """The line (from 1) where ``key`` is set, quoted or bare, or ``None``."""
    pattern = re.compile(rf'^\s*(?:"{re.escape(key)}"|\'{re.escape(key)}\'|{re.escape(key)})\s*=')
    for n, line in enumerate(text.splitlines(), 1):
        if pattern.match(line):
            return n
    return None


def _where(path: Path, text: str, key: str) -> str:
    n = line_of(text, key)
    return f"{path}, line {n}" if n else str(path)


def read(path: Path) -> tuple[str, dict[str, Any]]:
    """The file's text and its TOML table; :class:`ProfileFileError` when it has none."""
    try:
        if path.is_dir():
            raise ProfileFileError(f"{path}: is a directory, not a profile file")
        if path.exists() and not path.is_file():  # /dev/zero, a FIFO: never read to the end
            raise ProfileFileError(f"{path}: not a regular file, not a profile file")
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise ProfileFileError(f"{path}: no such profile file") from None
    except OSError as e:
        raise ProfileFileError(f"{path}: cannot read it: {e.strerror or e}") from None
    if len(data) > MAX_BYTES:
        raise ProfileFileError(f"{path}: over {MAX_BYTES // 1024} KiB, too large for a profile")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise ProfileFileError(
            f"{path}, line {line}: invalid UTF-8 (byte {data[e.start]:#04x}); "
            "a profile file is UTF-8 TOML"
        ) from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        m = re.search(r"\(at line (\d+), column (\d+)\)$", msg)
        if m:
            msg = msg[: m.start()].rstrip()
            raise ProfileFileError(
                f"{path}, line {m[1]}, column {m[2]}: TOML syntax error: {msg}"
            ) from None
        raise ProfileFileError(f"{path}: TOML syntax error: {msg}") from None
    return text, table


def check_shape(path: Path, text: str, table: dict[str, Any]) -> None:
    for key, value in table.items():
        want = KEYS.get(key)
        if want is None:
            close = difflib.get_close_matches(key, list(KEYS), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ProfileFileError(
                f"{_where(path, text, key)}: {key!r} is not a profile key{hint}; "
                f"a profile file has {', '.join(KEYS)}"
            )
        if not isinstance(value, want):
            raise ProfileFileError(
                f"{_where(path, text, key)}: {key} must be {TYPE_NAMES[want]}, "
                f"not {type(value).__name__} {value!r}"
            )


def check(cat: Catalogue, name: str) -> None:
    """Raise :class:`ProfileFileError` (or the catalogue's :class:`UnknownIdError` for a
    name that is neither a built-in profile nor a file) when ``name`` cannot be played."""
    if name in cat.profiles:
        return
    path = Path(name)
    if not looks_like_a_file(name) and not path.is_file():
        cat.profile(name)  # raises UnknownIdError with suggestions
    seen: list[str] = []
    while True:
        text, table = read(path)
        check_shape(path, text, table)
        seen.append(str(path.resolve()))
        parent = table.get("inherits")
        if parent is None or parent in cat.profiles:
            break
        if not looks_like_a_file(parent):
            close = difflib.get_close_matches(parent, list(cat.profiles), n=3, cutoff=0.3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ProfileFileError(
                f"{_where(path, text, 'inherits')}: inherits names no profile: {parent!r}{hint}; "
                f"the built-in profiles are {', '.join(cat.profiles)}, or give a .toml file"
            )
        nxt = Path(parent)
        if str(nxt.resolve()) in seen:
            raise ProfileFileError(f"{_where(path, text, 'inherits')}: inheritance cycle")
        path = nxt
    _check_options(cat, name)


def _check_options(cat: Catalogue, name: str) -> None:
    """The resolved option table, with each problem placed at its file and line."""
    try:
        cat.effective_options(name)
    except CatalogueError as e:
        raise ProfileFileError(_place(name, e.problems)) from None
    except UnknownIdError as e:
        raise ProfileFileError(f"{name}: {e}") from None


def _place(name: str, problems: list[str]) -> str:
    path = Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = ""
    out = []
    for p in problems:
        m = re.search(r"(?:unknown option |: )'?([A-Z0-9][A-Z0-9-]*(?:\.[a-z0-9_]+)?)'?", p)
        line = line_of(text, m[1]) if m and text else None
        out.append(f"{path}, line {line}: {p}" if line else f"{path}: {p}")
    return "; ".join(out)


def resolve(cat: Catalogue, name: str) -> tuple[str, dict[str, Any]]:
    """A checked profile as what a program is asked to play: the built-in profile it comes
    down from and the options that its file (and any file between) set on top of it."""
    check(cat, name)
    if name in cat.profiles:
        return name, {}
    chain = [cat.profile(name)]
    while chain[-1].inherits is not None and chain[-1].inherits not in cat.profiles:
        chain.append(cat.profile(chain[-1].inherits))
    base = chain[-1].inherits or "official"
    options: dict[str, Any] = {}
    for p in reversed(chain):
        options.update(p.options)
    return base, options
