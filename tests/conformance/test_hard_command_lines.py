"""Bad command lines for rules, ambiguities, profiles, explain, play, summary,
diff-profiles, perft and certify's --profile: the right exit code every time (2 for
unusable input), never a traceback and never an internal error (exit 3).
``python tests/conformance/test_hard_command_lines.py`` prints the counts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from unospec.cli import main

FILES = {
    "typo.toml": b'name = "typo"\ninherits = "oficial"\n[options]\n"V-STACK-DRAW" = true\n',
    "syntax.toml": b'name = "bad\ninherits = \n',
    "self.toml": b'name = "self"\ninherits = "self"\n',
    "binary.toml": b"\xff\xfe",
    "types.toml": b'name = 5\ninherits = ["a"]\noptions = 3\n',
    "key.toml": b'name = "x"\ninherit = "official"\n',
    "badopt.toml": b'name = "b"\ninherits = "official"\n[options]\n"V-STAK-DRAW" = true\n',
    "a.toml": b'name = "a"\ninherits = "b.toml"\n',
    "b.toml": b'name = "b"\ninherits = "a.toml"\n',
    "position.json": b'{"players": 2, "hands": [["R5", "G9"], ["B1"]], "top": "R3"}',
}

# (command line, exit code); a file name above stands for that file
CASES = [
    ("profiles typo.toml", 2),
    ("profiles syntax.toml", 2),
    ("profiles self.toml", 2),
    ("profiles binary.toml", 2),
    ("profiles types.toml", 2),
    ("profiles key.toml", 2),
    ("profiles badopt.toml", 2),
    ("profiles a.toml", 2),
    ("profiles /proc/x.toml", 2),
    ("profiles /", 2),
    ("profiles --json typo.toml", 2),
    ("profiles ''", 2),
    ("profiles /dev/zero", 2),
    ("play --profile /dev/zero", 2),
    ("rules " + "A" * 100_000, 2),
    ("explain " + "a" * 100_000, 2),
    ("play --trace /proc/x.jsonl --players 2", 2),
    ("play --trace / --players 2", 2),
    ("play --players 1", 2),
    ("play --players x", 2),
    ("play --players 99999999999999999999", 2),
    ("play --max-actions 0", 2),
    ("play --max-actions -5", 2),
    ("play --option V-NOPE", 2),
    ("play --option UNO-PENALTY.cards=x", 2),
    ("play --option =", 2),
    ("play --option UNO-PENALTY.cards=1e999", 2),
    ('play --option V-STACK-DRAW={"stackable":5}', 2),
    ("play --profile typo.toml", 2),
    ("play --profile syntax.toml", 2),
    ("play --profile /proc/x.toml", 2),
    ("play --profile nobody", 2),
    ("rules ''", 2),
    ("rules '   '", 2),
    ("rules AMB-01", 2),
    ("rules --kind house", 2),
    ("ambiguities ''", 2),
    ("ambiguities DRAW-ONE --json", 2),
    ("explain ''", 2),
    ("explain '   ' --json", 2),
    ("explain", 2),
    ("explain 'zzzz qqqq'", 2),
    ("summary extra", 2),
    ("diff-profiles official typo.toml", 2),
    ("diff-profiles syntax.toml official", 2),
    ("diff-profiles official nobody", 2),
    ("diff-profiles official /proc/x.toml", 2),
    ("diff-profiles official official --players 0", 2),
    ("diff-profiles official official --players x", 2),
    ("diff-profiles official official --players 2-99999999999", 2),
    ("diff-profiles official official --step nope", 2),
    ("perft --depth x position.json", 2),
    ("perft --corpus --max-depth -1", 2),
    ("perft --corpus position.json", 2),
    ("perft --corpus --divide", 2),
    ("perft binary.toml", 2),
    ("perft position.json --depth 99999999999999999999999 --max-depth x", 2),
    ("certify --profile typo.toml -- true", 2),
    ("certify --profile syntax.toml -- true", 2),
    ("certify --profile nobody -- true", 2),
    ("certify --profile /proc/x.toml -- true", 2),
    ("nosuchcommand", 2),
    # the same commands with good input, so that a 2 above means the input, not the command
    ("profiles official", 0),
    ("play --players 2 --seed 1 --json", 0),
    ("perft position.json --depth 1 -q", 0),
    ("explain 7-0 --json", 0),
]


def argv_of(line: str, folder: Path) -> list[str]:
    import shlex

    return [str(folder / w) if w in FILES else w for w in shlex.split(line)]


def run(argv: list[str]) -> tuple[int | None, str]:
    """Exit code, and what a user would see as a crash ("" when none): an exception that
    escaped, or exit 3 (an internal error, whose traceback went to a file)."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    except BaseException as e:
        return None, f"{type(e).__name__}: {e}"
    return code, "internal error" if code == 3 else ""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("inputs")
    for name, data in FILES.items():
        (where / name).write_bytes(data)
    return where


@pytest.mark.parametrize(("line", "want"), CASES, ids=[c[0][:60] for c in CASES])
def test_a_bad_command_line_gets_an_exit_code_not_a_traceback(
    line: str,
    want: int,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(folder)  # a.toml inherits "b.toml", relative to where it runs
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder / "cache"))
    code, crash = run(argv_of(line, folder))
    _, err = capsys.readouterr()
    assert not crash
    assert code == want, err
    assert "Traceback" not in err
    if want == 2:
        assert err.strip(), "an unusable input is said to be unusable"


def counts() -> dict[str, int]:
    """The issue's counts for these command lines."""
    import contextlib
    import io
    import os
    import tempfile

    tracebacks = wrong = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, data in FILES.items():
            (folder / name).write_bytes(data)
        os.chdir(folder)
        os.environ["XDG_CACHE_HOME"] = str(folder / "cache")
        for line, want in CASES:
            with (
                contextlib.redirect_stdout(io.StringIO()),
                contextlib.redirect_stderr(io.StringIO()),
            ):
                code, crash = run(argv_of(line, folder))
            tracebacks += bool(crash)
            wrong += code != want
    return {"cases": len(CASES), "tracebacks": tracebacks, "wrong exit codes": wrong}


if __name__ == "__main__":
    print(json.dumps(counts()))
    sys.exit(0)
