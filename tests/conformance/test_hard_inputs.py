"""The garbage of issue 17, fed to ``validate``, ``serve`` and ``perft``: no traceback, and
the right exit code every time (2 for unusable input, 1 for a finding, never 1 for a
crash). ``python tests/conformance/test_hard_inputs.py`` prints the counts."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from unospec.cli import main
from unospec.reference.trace import play

GAME = list(play(3, "official", {"V-SINGLE-ROUND": True}, seed=21).lines())
HEADER = GAME[0].encode()


def line(i: int) -> dict:
    return json.loads(GAME[i])


def trace(*lines: bytes) -> bytes:
    return b"\n".join(lines) + b"\n"


def step(i: int, **change) -> bytes:
    rec = line(i)
    rec.update(change)
    return json.dumps(rec).encode()


def body(upto: int) -> list[bytes]:
    return [g.encode() for g in GAME[1:upto]]


BOGUS = line(3)
BOGUS["events"] = [{**BOGUS["events"][0], "rule": "BOGUS"}]

VALIDATE = {
    "5000-digit integer": (trace(HEADER, b'{"step": ' + b"9" * 5000 + b', "action": {}}'), 2),
    "nested arrays": (trace(HEADER, b"[" * 100_000 + b"]" * 100_000), 2),
    "invalid UTF-8": (trace(HEADER, b'{"step": 1, "action": {"type": "dr\xffw", "seat": 0}}'), 2),
    "duplicate keys": (
        trace(HEADER, b'{"step": 1, "step": 1, "action": {"type": "draw", "seat": 0}}'),
        2,
    ),
    "NaN": (trace(HEADER, b'{"step": NaN, "action": {"type": "draw", "seat": 0}}'), 2),
    "Infinity": (trace(HEADER, b'{"step": 1, "action": {"type": "draw", "seat": -Infinity}}'), 2),
    "empty file": (b"", 2),
    "blank lines": (b"\n\n  \n", 2),
    "a JSON string": (b'"x"\n', 2),
    "an empty object": (b"{}\n", 2),
    "binary": (bytes(range(256)) * 10, 2),
    "header chance not a list": (
        trace(b'{"unospec_trace": 1, "profile": "official", "players": 3, "chance": 5}'),
        2,
    ),
    "players 500": (trace(HEADER.replace(b'"players":3', b'"players":500')), 2),
    "unknown action type": (
        trace(HEADER, *body(3), step(3, action={"type": "teleport", "seat": 0})),
        2,
    ),
    "seat -1": (trace(HEADER, *body(3), step(3, action={"type": "draw", "seat": -1})), 2),
    "duplicate step": (trace(HEADER, *body(4), step(4, step=3)), 2),
    "gap in steps": (trace(HEADER, *body(4), step(4, step=9)), 2),
    "300-digit step": (trace(HEADER, *body(4), step(4, step=10**300)), 2),
    "events with rule BOGUS": (trace(HEADER, *body(3), json.dumps(BOGUS).encode()), 1),
    "truncated line": (trace(HEADER, *body(5), GAME[5][:20].encode()), 2),
    "an illegal action": (
        trace(
            HEADER, *body(4), step(4, action={"type": "pass", "seat": line(4)["action"]["seat"]})
        ),
        1,
    ),
    "the whole game": (trace(HEADER, *body(len(GAME))), 0),
}


def run(argv: list[str], stdin: bytes | None = None) -> tuple[int | None, str]:
    """Exit code and the exception (``""`` when none escaped) of ``unospec ARGV``."""
    saved = sys.stdin, sys.stdout
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
        sys.stdout = io.StringIO()
    try:
        return main(argv), ""
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2, ""
    except BaseException as e:  # what a user would see as a traceback
        return None, f"{type(e).__name__}: {e}"
    finally:
        if stdin is not None:
            out = sys.stdout.getvalue()
            sys.stdin, sys.stdout = saved
            run.output = out  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name"), list(VALIDATE))
def test_validate_answers_garbage_with_an_exit_code_not_a_traceback(name, tmp_path):
    data, want = VALIDATE[name]
    path = tmp_path / "trace.jsonl"
    path.write_bytes(data)
    code, crash = run(["validate", str(path), "--json"])
    assert not crash
    assert code == want


@pytest.mark.parametrize("path", ["/proc/x.jsonl", "/", "/dev/null"])
def test_validate_of_a_path_that_is_no_trace_is_unusable(path):
    assert run(["validate", path]) == (2, "")


SERVE_GARBAGE = [
    b'{"cmd": "observe", "seq": NaN}',
    b'{"cmd": "observe", "seq": ' + b"9" * 5000 + b"}",
    b"[" * 100_000,
    b'{"cmd": "observe", "seq": 1, "seq": 2}',
    b'{"cmd": "obs\xffrve", "seq": 3}',
    b'{"cmd": "observe", "seq": {"a": 1}}',
    b"42",
    b"not json at all",
    b'{"cmd": "hello", "seq": 4, "protocol": 99}',
    b'{"cmd": "load", "seq": 5, "position": {"players": 2}}',
    b'{"cmd": "load", "seq": 6, "position": "x"}',
    b'{"cmd": "apply", "seq": 7, "action": [1, 2]}',
    b'{"cmd": "new_game", "seq": 8, "players": "x", "profile": "official"}',
    b'{"cmd": "new_game", "seq": 9, "players": 3, "profile": "official", "options": 5}',
    b'{"cmd": "teleport", "seq": 10}',
]


def test_serve_answers_every_garbage_line_and_loses_no_reply():
    """Each garbage line between two good requests gets the protocol's error reply (valid
    JSON, ``ok: false``), and the replies before and after it are all written."""
    good = b'{"cmd": "new_game", "seq": 100, "players": 2, "profile": "official", "options": {}}'
    lines = [b'{"cmd": "hello", "seq": 1, "protocol": 1}']
    for g in SERVE_GARBAGE:
        lines += [g, good]
    code, crash = run(["serve"], stdin=b"\n".join(lines))  # no final newline, no stop
    assert not crash and code == 0
    replies = [json.loads(r) for r in run.output.splitlines()]  # type: ignore[attr-defined]
    assert len(replies) == len(lines)
    assert replies[0]["ok"] is True
    for garbage, good_reply in zip(replies[1::2], replies[2::2], strict=True):
        if garbage["ok"]:  # an action that is no action: the protocol's refusal
            assert garbage["accepted"] is False and garbage["error"]["rule"]
        else:
            assert garbage["error"]["code"] in ("bad_request", "unsupported")
        assert good_reply == {"seq": 100, "ok": True}
    assert replies[1]["seq"] is None  # "seq": NaN is not echoed


PERFT = {
    "an empty object": (b"{}", 2),
    "a JSON string": (b'"x"', 2),
    "invalid UTF-8": (b'{"players": 2, "hands": [["R\xff"], []]}', 2),
    "missing fields": (b'{"players": 2}', 2),
    "hands not lists": (b'{"players": 2, "hands": [5, 6]}', 2),
    "a card that is no card": (b'{"players": 2, "hands": [["Q7"], []]}', 2),
    "a complete position missing pending": (None, 2),
    "a reproducer from a report": (None, 0),
    "NaN": (b'{"players": NaN, "hands": [[], []]}', 2),
    "nested arrays": (b"[" * 100_000, 2),
}


def reproducer() -> bytes:
    from unospec.reference import dump, load
    from unospec.reference.position import complete

    pos = dump(load(complete({"players": 2, "hands": [["R5", "G9"], ["B1"]], "top": "R3"})))
    return json.dumps({"position": pos, "action": {"type": "draw", "seat": 0}}).encode()


def broken_position() -> bytes:
    data = json.loads(reproducer())["position"]
    data["phase"] = "challenge"
    return json.dumps(data).encode()


@pytest.mark.parametrize("name", list(PERFT))
def test_perft_answers_bad_positions_with_exit_2_not_a_traceback(name, tmp_path):
    data, want = PERFT[name]
    if name == "a reproducer from a report":
        data = reproducer()
    elif name == "a complete position missing pending":
        data = broken_position()
    path = tmp_path / "position.json"
    path.write_bytes(data)
    assert run(["perft", str(path), "--depth", "1"]) == (want, "")


@pytest.mark.parametrize(
    "argv",
    [["perft", "--depth", "-2", "x.json"], ["perft", "/proc/x.json"], ["perft"], ["perft", "/"]],
    ids=["negative-depth", "no-such-file", "nothing", "a-directory"],
)
def test_perft_usage_errors_exit_2(argv):
    assert run(argv) == (2, "")


def counts() -> dict[str, int]:
    """The issue's counts for these commands: tracebacks and wrong exit codes."""
    import tempfile

    tracebacks = wrong = cases = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input"
        for table, argv in ((VALIDATE, ["validate"]), (PERFT, ["perft", "--depth", "1"])):
            for name, (data, want) in table.items():
                if data is None:
                    data = reproducer() if "reproducer" in name else broken_position()
                path.write_bytes(data)
                code, crash = run(
                    [*argv, str(path)] if argv[0] == "validate" else [argv[0], str(path), *argv[1:]]
                )
                cases += 1
                tracebacks += bool(crash)
                wrong += code != want
    return {"cases": cases, "tracebacks": tracebacks, "wrong exit codes": wrong}


if __name__ == "__main__":
    print(json.dumps(counts()))
