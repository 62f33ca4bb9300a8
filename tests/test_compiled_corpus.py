"""The compiled corpus: ``unospec dump`` writes every scenario run as protocol requests with
the checks on their answers (``corpus.json``), valid against ``corpus.schema.json``, and the
node runner of the docs runs it against a program and agrees with ``unospec certify``."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from unospec.certify import Settings, certify
from unospec.cli import main
from unospec.compiled import CompileError, compile_run, record, schema_errors
from unospec.scenarios import load_scenarios
from unospec.step_probes import Domains

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "docs" / "examples" / "corpus-runner.js"
SERVE = [sys.executable, "-m", "unospec", "serve"]
MUTANT = [sys.executable, str(ROOT / "tests" / "mutants" / "serve_mutant.py")]
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@pytest.fixture(scope="module")
def dumped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dump")
    assert main(["dump", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def corpus(dumped: Path) -> dict[str, Any]:
    return json.loads((dumped / "corpus.json").read_text(encoding="utf-8"))


def runs_by_id(corpus: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["id"]: r for r in corpus["runs"]}


def checks(run: dict[str, Any], step: int) -> list[dict[str, Any]]:
    """The checks a run's step (counted from 1) compiled to, without their bookkeeping."""
    found = [*run["start"].get("expect", [])]
    found += [c for r in run["requests"] for c in r["expect"]]
    keep = ("path", "op", "value", "seat")
    return [{k: c[k] for k in keep if k in c} for c in found if c.get("step") == step]


def run_node(corpus_file: Path, program: list[str], *options: str) -> tuple[int, dict[str, str]]:
    """The runner's exit code and each run's outcome (pass, fail or skip) by run ID."""
    done = subprocess.run(
        ["node", str(RUNNER), str(corpus_file), *options, "--", *program],
        capture_output=True,
        text=True,
        timeout=300,
    )
    outcomes = {}
    for line in done.stdout.splitlines():
        word, _, run_id = line.partition(" ")
        if word in ("pass", "fail", "skip"):
            outcomes[run_id] = word
    return done.returncode, outcomes


# -- the dump -----------------------------------------------------------------------------------


def test_dump_into_a_file_is_unusable_input(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    target = tmp_path / "corpus.txt"
    target.write_text("not a directory")
    assert main(["dump", str(target)]) == 2
    assert "is a file" in capsys.readouterr().err
    assert target.read_text() == "not a directory"


def test_every_scenario_run_is_compiled_once(corpus: dict[str, Any]) -> None:
    runs = [run.id for sc in load_scenarios() for run in sc.runs]
    assert [r["id"] for r in corpus["runs"]] == runs
    assert len(runs) > 1000


def test_the_corpus_is_valid_against_its_schema(corpus: dict[str, Any], dumped: Path) -> None:
    assert (dumped / "schemas" / "corpus.schema.json").is_file()
    assert schema_errors(corpus) == []
    broken = {**corpus, "runs": [copy.deepcopy(corpus["runs"][0])]}
    broken["runs"][0]["requests"][0]["expect"][0]["op"] = "roughly"
    del broken["runs"][0]["start"]
    errors = schema_errors(broken)
    assert any("roughly" in e for e in errors) and any("'start'" in e for e in errors)
    assert schema_errors({"runs": []})


# -- what the steps compile to ----------------------------------------------------------------------


def test_a_run_from_a_position_compiles_to_load_then_checked_requests(corpus: dict) -> None:
    run = runs_by_id(corpus)["SKIP-EFFECT/a-skip-passes-over-the-next-player[official]"]
    assert run["needs"] == {"options": [], "capabilities": ["load", "events"]}
    assert run["start"]["position"]["hands"][0] == ["RS", "R3", "B5"]
    assert [r["request"] for r in run["requests"]] == [
        {"cmd": "apply", "action": {"type": "play", "seat": 0, "card": "RS"}},
        {"cmd": "observe"},
    ]
    assert checks(run, 4) == [{"path": "/accepted", "op": "equals", "value": True}]
    # the top card counts from the end; seat 1 holds exactly these cards, in any order
    assert checks(run, 5) == [{"path": "/position/discard_pile/-1", "op": "equals", "value": "RS"}]
    assert checks(run, 6) == [{"path": "/position/to_act", "op": "equals", "value": 2}]
    assert checks(run, 7) == [
        {"path": "/position/hands/1", "op": "multiset", "value": ["G1", "G2", "Y3"]}
    ]
    event = {"type": "turn_skipped", "rule": "SKIP-EFFECT"}
    assert checks(run, 8) == [{"path": "/events", "op": "any_match", "value": event}]
    assert run["requests"][1]["expect"][0] == {
        "path": "/position/discard_pile/-1",
        "op": "equals",
        "value": "RS",
        "step": 5,
        "line": 22,
        "checks": "SKIP-EFFECT",
    }


def test_a_refused_action_checks_its_rule_and_an_unchanged_position(corpus: dict) -> None:
    run = runs_by_id(corpus)["FIRST-CARD-NUMBER/a-number-starter-skips-nobody[official]"]
    assert run["start"]["new_game"] == {"players": 4, "profile": "official", "options": {}}
    assert [a["type"] for a in run["start"]["chance"]] == ["dealer_draw", "deal"]
    kinds = [r["request"]["cmd"] for r in run["requests"]]
    assert kinds == ["observe", "apply", "observe"]  # the position before, the action, after
    assert checks(run, 5) == [
        {"path": "/accepted", "op": "equals", "value": False},
        {"path": "/rule", "op": "equals", "value": "TURN-ADVANCE"},
    ]
    assert checks(run, 6) == [{"path": "/position", "op": "same_as", "value": 0}]
    assert checks(run, 7) == [{"path": "/position/to_act", "op": "equals", "value": 1}]


def test_a_refused_match_is_checked_on_the_new_game_answer(corpus: dict) -> None:
    run = runs_by_id(corpus)["PLAYER-COUNT/a-match-for-eleven-players-is-refused[official]"]
    assert run["start"]["new_game"]["players"] == 11 and run["requests"] == []
    assert checks(run, 2) == [
        {"path": "/accepted", "op": "equals", "value": False},
        {"path": "/rule", "op": "equals", "value": "PLAYER-COUNT"},
    ]


def test_counts_negations_and_legal_actions_compile_to_their_own_checks(corpus: dict) -> None:
    compiled = [c for r in corpus["runs"] for q in r["requests"] for c in q["expect"]]
    seen = {(c["op"], c["path"].split("/")[1]) for c in compiled}
    assert seen >= {
        ("length", "position"),  # seat N holds N cards
        ("none_of", "position"),  # seat N cannot be caught; the match goes on
        ("one_of", "position"),  # seat N must call UNO (owed or catchable)
        ("includes", "actions"),  # seat N may …
        ("excludes", "actions"),  # seat N may not …
        ("multiset", "actions"),  # the legal actions of seat N are; nobody may act
        ("no_match", "events"),  # the round goes on
    }
    nobody = [c for c in compiled if c["op"] == "multiset" and c["path"] == "/actions"]
    assert any(c["value"] == [] and "seat" not in c for c in nobody)
    assert any("seat" in c for c in nobody)
    over = [c for c in compiled if c["op"] == "none_of" and c["path"] == "/position/phase"]
    assert over and all(c["value"] == ["over"] for c in over)


def test_a_step_whose_check_cannot_be_found_stops_the_compilation() -> None:
    # "seat 0 may not play G9 announcing W": without the actions seen in the corpus and
    # the step's own comparisons there is nothing to find excluded, so the step is not
    # silently dropped
    run = next(
        r
        for sc in load_scenarios()
        for r in sc.runs
        if r.id == "V-CHEAT/a-wild-card-is-never-played-face-down[official]"
    )
    rec = record(run)
    assert compile_run(rec, Domains.of([rec]))["requests"]
    import unospec.step_probes as probes

    original = probes._compared
    try:
        probes._compared = lambda p, players: []  # type: ignore[assignment]
        with pytest.raises(CompileError, match="step 7.*no legal action found"):
            compile_run(rec, Domains.of([rec]))
    finally:
        probes._compared = original


# -- the node runner -------------------------------------------------------------------------------


def test_the_runner_is_about_forty_lines() -> None:
    assert len(RUNNER.read_text(encoding="utf-8").splitlines()) <= 50


@needs_node
def test_the_node_runner_passes_every_run_on_the_reference_as_certify_does(
    dumped: Path, corpus: dict
) -> None:
    code, outcomes = run_node(dumped / "corpus.json", SERVE)
    assert code == 0
    assert len(outcomes) == len(corpus["runs"]) and set(outcomes.values()) == {"pass"}
    cert = certify(Settings(SERVE, games=0))
    assert cert.conformant
    passed = {f.id for f in cert.findings if f.kind == "scenario" and f.outcome == "pass"}
    official = {r["id"] for r in corpus["runs"] if r["profile"] == "official"}
    assert passed == official


@needs_node
def test_the_node_runner_fails_a_mutant_on_the_runs_certify_fails(dumped: Path) -> None:
    mutant = [*MUTANT, "skip-skips-two"]  # a Skip passes over two seats
    code, outcomes = run_node(dumped / "corpus.json", mutant, "--profile", "official")
    assert code == 1
    failed = {run_id for run_id, outcome in outcomes.items() if outcome == "fail"}
    cert = certify(Settings(mutant, games=0))
    assert not cert.conformant
    judged = {f.id for f in cert.findings if f.kind == "scenario" and f.outcome == "fail"}
    assert failed == judged
    assert any(run_id.startswith("SKIP-EFFECT/") for run_id in failed)


@needs_node
def test_the_node_runner_skips_what_the_program_does_not_declare(
    dumped: Path, tmp_path: Path, corpus: dict
) -> None:
    run = next(r for r in corpus["runs"] if r["needs"]["options"])
    other = {**corpus, "runs": [run]}
    (tmp_path / "one.json").write_text(json.dumps(other))
    program = [sys.executable, "-c", SERVE_WITHOUT_OPTIONS]
    code, outcomes = run_node(tmp_path / "one.json", program)
    assert outcomes == {run["id"]: "skip"}
    assert code == 2  # nothing passed: never a success


SERVE_WITHOUT_OPTIONS = """
import sys
from unospec import serve
handle = serve.Server.handle
def declared(self, msg):
    reply = handle(self, msg)
    if isinstance(msg, dict) and msg.get("cmd") == "hello":
        reply["options"] = []
    return reply
serve.Server.handle = declared
sys.exit(serve.serve(sys.stdin, sys.stdout))
"""
