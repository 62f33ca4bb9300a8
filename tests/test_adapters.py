"""The adapters of the documentation (``docs/examples``) run as they are shown: the
JavaScript one, with its small engine and nothing else, and the Python one certify
conformant with their scenarios; both answer a line that is not a JSON request with the
protocol's error form and keep serving."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from unospec.protocol import schema_errors

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


def certify(program: list[str], report: Path, *options: str) -> tuple[int, dict[str, Any], str]:
    """``unospec certify`` of ``program``: its exit code, its JSON report and its stderr."""
    proc = subprocess.run(
        [sys.executable, "-m", "unospec.cli", "certify", *options, "--report", str(report)]
        + ["--json", "--timeout", "60", "--", *program],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    try:
        return proc.returncode, json.loads(proc.stdout), proc.stderr
    except ValueError:
        pytest.fail(
            f"no JSON report (exit {proc.returncode}): {proc.stdout[-2000:]}{proc.stderr[-2000:]}"
        )


def outcomes(report: dict[str, Any], kind: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in report["results"]:
        if r["kind"] == kind:
            counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    return counts


@needs_node
def test_the_javascript_adapter_and_its_engine_alone_certify_conformant(tmp_path: Path) -> None:
    """The two files copied anywhere are the whole program: with ``load`` it runs every
    scenario of the official profile (a variant's are not applicable), and passes them and
    four differential games, with no refusal cited under another rule than the reference's."""
    alone = tmp_path / "js"
    alone.mkdir()
    for name in ("adapter.js", "uno-engine.js"):
        shutil.copy(EXAMPLES / name, alone / name)
    code, report, stderr = certify(
        [str(NODE), str(alone / "adapter.js")],
        tmp_path / "report",
        "--profile",
        "official",
        "--games",
        "4",
    )
    footer = report["footer"]
    assert code == 0, f"{footer['verdict']}: {footer['counts']} {stderr[-2000:]}"
    assert footer["verdict"] == "conformant"
    assert set(report["header"]["declared"]["capabilities"]) >= {"load", "observe", "events"}
    scenarios = outcomes(report, "scenario")
    assert set(scenarios) <= {"pass", "not_applicable"}, scenarios
    assert scenarios["pass"] > 250, scenarios  # every official scenario run, from its position
    assert outcomes(report, "differential") == {"pass": 4}
    assert footer["counts"]["warning"] == 0, [
        r["message"] for r in report["results"] if r["outcome"] == "warning"
    ]


def test_the_python_adapter_certifies_conformant(tmp_path: Path) -> None:
    """The Python adapter wraps the reference engine (the lines marked ENGINE)."""
    code, report, stderr = certify(
        [sys.executable, str(EXAMPLES / "adapter.py")], tmp_path, "--games", "1"
    )
    assert code == 0, (
        f"{report['footer']['verdict']}: {report['footer']['counts']} {stderr[-2000:]}"
    )
    assert outcomes(report, "scenario")["pass"] > 250


ADAPTERS = {
    "python": [sys.executable, str(EXAMPLES / "adapter.py")],
    "javascript": [str(NODE), str(EXAMPLES / "adapter.js")],
}
NOT_REQUESTS = [b"not json at all", b'{"cmd": "hello", "seq":', b"\xff\xfe{}", b"[1, 2]", b"42"]


def session(language: str, lines: list[bytes]) -> list[dict[str, Any]]:
    """The answers of an adapter to ``lines``, one JSON object per line of its stdout."""
    if language == "javascript" and NODE is None:
        pytest.skip("node is not installed")
    proc = subprocess.run(
        ADAPTERS[language], input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    return [json.loads(line) for line in proc.stdout.decode().splitlines()]


@pytest.mark.parametrize("language", ADAPTERS)
def test_a_line_that_is_not_a_request_gets_the_error_form_and_the_adapter_goes_on(
    language: str,
) -> None:
    replies = session(language, [*NOT_REQUESTS, b'{"cmd": "hello", "seq": 7, "protocol": 1}'])
    assert len(replies) == len(NOT_REQUESTS) + 1, replies  # one answer a line, nothing else
    for line, reply in zip(NOT_REQUESTS, replies[:-1], strict=True):
        assert schema_errors("errorReply", reply) == [], (line, reply)
        assert reply["seq"] is None and reply["error"]["code"] == "bad_request", (line, reply)
    hello = replies[-1]
    assert schema_errors("helloReply", hello) == [] and hello["seq"] == 7


@pytest.mark.parametrize("language", ADAPTERS)
def test_a_request_that_cannot_be_served_gets_the_error_form_with_its_seq(language: str) -> None:
    """An unknown command is unsupported; a match the rules refuse is a bad request naming
    the rule; a request before any game is a bad request; the adapter goes on after each."""
    new_game = {"cmd": "new_game", "profile": "official", "options": {}}
    requests = [
        {"cmd": "observe", "seq": 1},
        {"cmd": "shuffle_the_deck", "seq": 2},
        {**new_game, "seq": 3, "players": 11},
        {**new_game, "seq": 4, "players": 3},
        {"cmd": "legal_actions", "seq": 5},
    ]
    replies = session(language, [json.dumps(r).encode() for r in requests])
    assert [r["seq"] for r in replies] == [1, 2, 3, 4, 5]
    for reply in replies[:3]:
        assert schema_errors("errorReply", reply) == [], reply
    assert [r["error"]["code"] for r in replies[:3]] == [
        "bad_request",
        "unsupported",
        "bad_request",
    ]
    assert replies[2]["error"]["rule"] == "PLAYER-COUNT"
    assert replies[3] == {"seq": 4, "ok": True}
    assert replies[4] == {"seq": 5, "ok": True, "actions": []}  # the dealer draw is due


def test_the_documents_give_the_engines_length_as_it_is() -> None:
    lines = len((EXAMPLES / "uno-engine.js").read_text(encoding="utf-8").splitlines())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    protocol = (ROOT / "spec" / "protocol" / "README.md").read_text(encoding="utf-8")
    assert f"`uno-engine.js`, a {lines}-line engine" in readme
    assert f"official profile in {lines} lines" in protocol
