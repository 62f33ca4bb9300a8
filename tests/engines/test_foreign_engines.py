"""Certifying engines shaped like the ones users bring (``examples/engines``).

Six small engines written from the catalogue, not from the reference: each deals, draws
and reshuffles with its own seeded generator (``own_deal``/``own_shuffle``, node-uno a
dictated deal and its own shuffles), none can load a position, one is in JavaScript.
``deviations.toml`` beside each lists the rules it breaks on purpose. Certified as a user
would (node-uno with the scenarios it can run compiled into deals, the others by their
games: they own their deal and load nothing), every planted deviation must be reported
under one of its rules, with a reproducer that replays; nothing else may be reported
(no false finding, nothing unexplained); the correct engine is conformant; and the
"plays" line names the options an engine plays without declaring them.

The games are seeded (the harness sends the seed, the engines are seeded by it), so each
run is the same; the seeds were chosen so that the rare deviations (a tie in the dealer
draw, a Wild starter) turn up.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

from unospec.certify import Certification, Settings, certify
from unospec.report import write
from unospec.spec.catalogue import load as load_catalogue

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "examples" / "engines"
NAMES = sorted(p.name for p in ENGINES.iterdir() if (p / "deviations.toml").is_file())
GAMES = 10  # 2 to 10 players, once each (game g has 2 + g % 9 players)
STEPS = 1500  # per game


def manifest(name: str) -> dict:
    return tomllib.loads((ENGINES / name / "deviations.toml").read_text(encoding="utf-8"))


def argv(name: str, *extra: str) -> list[str]:
    js = ENGINES / name / "engine.js"
    if js.is_file():
        return ["node", str(js), *extra]
    return [sys.executable, str(ENGINES / name / "engine.py"), *extra]


@cache
def certified(name: str) -> Certification:
    owns_deal = "own_deal" in manifest(name)["chance"]
    settings = Settings(
        argv(name), games=GAMES, seed=0, max_steps=STEPS, timeout=10, scenarios=not owns_deal
    )
    return certify(settings)


def deviations(cert: Certification, outcome: str = "fail") -> list:
    return [f for f in cert.findings if f.kind == "deviation" and f.outcome == outcome]


def planted(name: str) -> list[dict]:
    return manifest(name).get("deviation", [])


def allowed(name: str) -> set[str]:
    return {r for d in planted(name) for r in d["rules"]}


def test_there_are_six_engines_one_in_javascript_one_correct_one_with_two_options():
    assert len(NAMES) >= 6
    langs = {manifest(n)["language"] for n in NAMES}
    assert "javascript" in langs
    assert [n for n in NAMES if not planted(n)] == ["tidy"]
    assert len(manifest("house")["options"]) == 2
    cat = load_catalogue()
    for n in NAMES:
        for d in planted(n):
            assert set(d["rules"]) <= set(cat.rules), (n, d["rules"])
        assert "load" not in manifest(n)["chance"]


@pytest.mark.parametrize("name", NAMES)
def test_every_planted_deviation_is_reported_under_its_rule_with_a_reproducer(name):
    cert = certified(name)
    found = deviations(cert)
    for d in planted(name):
        hits = [f for f in found if set(f.rules) & set(d["rules"])]
        assert hits, f"{name}: {d['what']!r} not reported under {d['rules']}"
        assert any(f.reproducer and f.reproducer.get("confirmed") for f in hits), (
            f"{name}: no reproducer of {d['rules']} replays"
        )


@pytest.mark.parametrize("name", NAMES)
def test_nothing_else_is_reported(name):
    """No false finding: every deviation and failing scenario names a planted rule, and
    nothing is left unexplained (refusals rightly made under another rule are warnings,
    not failures)."""
    cert = certified(name)
    wrong = [
        (f.kind, f.rules, f.message[:120])
        for f in cert.findings
        if f.outcome == "fail"
        and f.kind in ("deviation", "scenario")
        and not set(f.rules) & allowed(name)
    ]
    assert not wrong, wrong
    assert not [f for f in cert.findings if f.outcome in ("errored", "timeout")] or any(
        "hang" in d["what"] or "answering" in d["what"] for d in planted(name)
    )
    assert all(f.rules for f in deviations(cert)), "unexplained deviations"


def test_the_correct_engine_is_conformant():
    cert = certified("tidy")
    assert cert.conformant, [(f.id, f.outcome, f.message[:100]) for f in cert.findings]
    assert sum(f.steps for f in cert.findings if f.kind == "differential") > 2000


def test_the_correct_engine_is_conformant_with_a_dictated_deal_too():
    """The same engine with ``--dictated`` takes every chance input from the harness."""
    cert = certify(Settings(argv("tidy", "--dictated"), games=4, seed=3, scenarios=False))
    assert cert.conformant, [f.message[:100] for f in cert.findings if f.outcome != "pass"]


def test_the_javascript_engine_without_its_deviations_has_nothing_to_answer_for():
    """node-uno --official: the same engine with none of its planted deviations, certified
    with its scenarios and games as a user would. No false finding on a program that
    shuffles with its own generator (its games are played ahead: the harness plans
    batches of steps between its reshuffles). What is left is a warning: it refuses a
    second card in the same turn under TURN-ADVANCE (not the seat's turn), where the rules
    forbid it under ONE-CARD-PER-TURN."""
    settings = Settings(
        argv("node-uno", "--official"), games=GAMES, seed=0, max_steps=STEPS, timeout=10
    )
    cert = certify(settings)
    assert cert.could_not_run is None
    bad = [(f.kind, f.id, f.outcome, f.message[:100]) for f in cert.findings if f.outcome == "fail"]
    assert not bad, bad
    assert [(f.rules, f.outcome) for f in deviations(cert, "warning")] == [
        (["ONE-CARD-PER-TURN"], "warning")
    ]
    assert not deviations(cert)
    assert sum(f.steps for f in cert.findings if f.kind == "differential") > 5000


def test_the_plays_line_names_the_options_an_engine_plays():
    plays = certified("house").plays
    assert sorted(plays["options"]) == sorted(manifest("house")["options"])
    assert plays["line"].startswith("official with ")
    assert plays["command"] and "plays.toml" in plays["command"]
    for name in NAMES:
        want = {d["explained_by"] for d in planted(name) if d.get("explained_by")}
        got = certified(name).plays["options"]
        for option in want:  # a parameter value may be narrowed (V-EXT-TARGET-SCORE.target=…)
            assert any(o == option or o.startswith(option) for o in got), (name, option, got)
    assert certified("tidy").plays["options"] == []


def test_a_reproducer_file_replays_against_the_program(tmp_path):
    """The report folder holds one reproducer per deviation; ``certify --replay`` plays it
    against the program (reproduced: exit 1) and against a correct program (exit 0)."""
    cert = certified("node-uno")
    paths = write(cert, tmp_path)
    files = sorted((tmp_path / "reproducers").glob("*.json"))
    assert files and len(files) == len([f for f in cert.findings if f.kind == "deviation"])
    target = next(f for f in files if "REVERSE-TWO-PLAYER" in f.name)
    repro = json.loads(target.read_text(encoding="utf-8"))
    assert repro["seed"] is not None and repro["inputs"], repro.keys()
    unospec = [sys.executable, "-m", "unospec"]

    def replay(program: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*unospec, "certify", "--replay", str(target), "--", *program],
            capture_output=True,
            text=True,
            timeout=120,
        )

    again = replay(argv("node-uno"))
    assert again.returncode == 1, again.stdout + again.stderr
    assert "reproduced: REVERSE-TWO-PLAYER" in again.stdout
    # the developer fixes the bug: the same reproducer no longer reproduces
    source = (ENGINES / "node-uno" / "engine.js").read_text(encoding="utf-8")
    assert "const REVERSE_NEVER_SKIPS = HOUSE;" in source
    fixed_js = tmp_path / "engine.js"
    fixed_js.write_text(
        source.replace("const REVERSE_NEVER_SKIPS = HOUSE;", "const REVERSE_NEVER_SKIPS = false;"),
        encoding="utf-8",
    )
    fixed = replay(["node", str(fixed_js)])
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "not reproduced" in fixed.stdout
    assert paths["json"].is_file()
