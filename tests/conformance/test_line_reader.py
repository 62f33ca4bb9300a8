"""The harness's line reader: lines, over-long lines and the end of output, read with a
deadline (``select`` on POSIX; a reading thread elsewhere, exercised here on request)."""

from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unospec.protocol import LineReader

SCRIPT = "import sys; sys.stdout.write('a\\n' + 'b' * 25 + '\\nc\\n'); sys.stdout.flush()"


@pytest.mark.parametrize("threaded", [False, True], ids=["select", "thread"])
def test_lines_long_lines_and_the_end(threaded):
    proc = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, bufsize=0
    )
    reader = LineReader(proc.stdout, max_line=10, threaded=threaded)
    assert (reader.chunks is not None) == threaded
    got = [reader.next(5.0) for _ in range(4)]
    proc.wait(5)
    assert got[0] == ("line", b"a")
    assert got[1][0] == "too_long" and got[1][1] > 10  # how much was seen depends on the chunks
    assert got[2:] == [("line", b"c"), ("eof", None)]
    assert reader.next(0.1) == ("eof", None)  # the end stays the end


def test_nothing_in_time_is_none():
    proc = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(2)"],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        bufsize=0,
    )
    try:
        assert LineReader(proc.stdout, max_line=10).next(0.05) is None
    finally:
        proc.kill()
        proc.wait()


def test_the_bounded_reader_takes_safe_integers_and_refuses_the_rest_on_either_path():
    """Texts without a run of 16 digits take the fast path (Python's own integer parsing);
    the others the checked one. Both give the same values and refusals."""
    from unospec.spec.jsonreader import JsonInputError, loads

    assert loads('{"a": [1, -123456789012345, 2.5]}') == {"a": [1, -123456789012345, 2.5]}
    assert loads("[9007199254740991, -9007199254740991]") == [2**53 - 1, -(2**53 - 1)]
    assert loads('["12345678901234567890"]') == ["12345678901234567890"]  # a string
    for text in ("[9007199254740992]", "[12345678901234567]", '{"a": 1, "a": 2}', "[NaN]"):
        with pytest.raises(JsonInputError):
            loads(text)


@given(st.text(alphabet='0123456789 ,[]"a\u0660\u00e9', max_size=60))
def test_the_run_of_16_digits_is_found_as_a_regular_expression_finds_it(text):
    """The byte table that picks the checked path finds exactly the runs of 16 ASCII digits
    (not other scripts' digits, not the bytes of other characters)."""
    import re

    from unospec.spec.jsonreader import _long_digits

    want = re.search(r"[0-9]{16}", text) is not None
    assert _long_digits(text.encode("utf-8", "surrogatepass")) == want
    assert loads_path(text) == want


def loads_path(text: str) -> bool:
    """Whether :func:`loads` takes the checked path for ``text`` (bytes or text alike)."""
    from unospec.spec import jsonreader

    seen = []
    real = jsonreader._long_digits
    try:
        jsonreader._long_digits = lambda raw: seen.append(real(raw)) or seen[-1]  # type: ignore[assignment]
        for data in (text, text.encode()):
            with contextlib.suppress(jsonreader.JsonInputError):
                jsonreader.loads(data)
    finally:
        jsonreader._long_digits = real  # type: ignore[assignment]
    assert len(seen) == 2 and seen[0] == seen[1]
    return seen[0]
