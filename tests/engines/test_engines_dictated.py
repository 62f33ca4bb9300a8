"""The foreign-style example engines (examples/engines/tidy, house, quick) under today's harness.

Each engine runs with ``--dictated`` (it takes every chance input from the harness) and
is certified on differential games alone. tidy plays the official profile and must come
out conformant; house and quick plant deviations (their ``deviations.toml``) and must
not, every failing game ending at the first difference of a planted deviation. The
harness's naming of rules is being rewritten, so a difference is recognised by what
differed, not by the rule it is filed under. A second check asks each engine, without
the harness, for the chance it makes with a seed (capabilities own_deal, own_shuffle,
seeded): the same seed gives the same deal.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from unospec.certify import Finding, Settings, certify
from unospec.spec.catalogue import load as load_catalogue

ENGINES = Path(__file__).resolve().parents[2] / "examples" / "engines"
DECK = Counter(
    [
        c + f
        for c in "RYGB"
        for f in ["0"] + [str(i) for i in range(1, 10)] * 2 + ["S", "R", "D2"] * 2
    ]
    + ["W"] * 4
    + ["WD4"] * 4
)


def certify_dictated(name: str, games: int, seed: int):
    argv = [sys.executable, str(ENGINES / name / "engine.py"), "--dictated"]
    return certify(Settings(argv, games=games, seed=seed, timeout=30, scenarios=False))


def text(value) -> str:
    return json.dumps(value)


# What each planted deviation looks like at the step where the harness first sees it.
HOUSE = {
    "V-NO-WD4-CHALLENGE: a Wild Draw Four refused while the hand holds the colour": lambda f: (
        f.field == "/legal_actions" and '"WD4"' in text(f.expected)
    ),
    "V-NO-WD4-CHALLENGE: no challenge after the colour is named": lambda f: (
        "challenge" in text([f.expected, f.actual])
    ),
    "V-FIRST-CARD-NO-SPECIAL: a special starter waits for a reshuffle": lambda f: (
        f.field == "/phase" and f.actual == "deal"
    ),
}
QUICK = {
    "DRAW-VOLUNTARY: no draw while a card can be played": lambda f: (
        f.field == "/legal_actions" and '"draw"' in text(f.expected)
    ),
    "DRAW-THEN-PLAY: the drawn card is never offered": lambda f: (
        '"drawn"' in text(f.expected) or '"pass"' in text(f.expected)
    ),
    "SCORE-VALUES: a Wild worth 40": lambda f: (f.field or "").startswith("/scores"),
    "MATCH-TARGET-500: the match goes on past 500": lambda f: '"over"' in text(f.expected),
}


def test_tidy_is_conformant_in_dictated_mode():
    cert = certify_dictated("tidy", games=6, seed=1)
    assert [(f.id, f.outcome, f.message) for f in cert.findings if f.outcome != "pass"] == []
    assert cert.conformant
    games = [f for f in cert.findings if f.kind == "differential"]
    assert len(games) == 6
    assert sum(f.steps for f in games) > 1000  # whole matches were compared, not a few steps


@pytest.mark.parametrize(("name", "planted"), [("house", HOUSE), ("quick", QUICK)])
def test_a_planted_engine_fails_only_where_planted(name: str, planted: dict):
    cert = certify_dictated(name, games=12, seed=2)
    assert not cert.conformant
    failed = [f for f in cert.findings if f.outcome != "pass"]
    assert failed
    assert all(f.kind == "differential" and f.outcome == "fail" for f in failed), failed

    def explained(f: Finding) -> bool:
        return any(seen(f) for seen in planted.values())

    unexplained = [(f.id, f.step, f.message) for f in failed if not explained(f)]
    assert unexplained == []


def test_the_deviations_files_name_catalogue_rules():
    rules = load_catalogue().rules
    known = set(rules)
    for name, planted in (("tidy", 0), ("house", 2), ("quick", 4)):
        data = tomllib.loads((ENGINES / name / "deviations.toml").read_text())
        assert data["engine"] == name and data["plays"] == "official"
        assert len(data["deviation"]) == planted
        for deviation in data["deviation"]:
            assert set(deviation["rules"]) <= known, deviation
            assert deviation["explained_by"] in known | {""}
            assert all(rules[r].kind != "variant" for r in deviation["rules"])
        assert all(rules[o].kind == "variant" for o in data["options"])


def own_chance(name: str, seed: int) -> tuple[list, dict]:
    """The new_game reply's chance and the first observed position, in own-chance mode."""
    requests = [
        {"cmd": "hello", "seq": 1, "protocol": 1},
        {
            "cmd": "new_game",
            "seq": 2,
            "players": 4,
            "profile": "official",
            "options": {},
            "seed": seed,
        },
        {"cmd": "observe", "seq": 3},
        {"cmd": "stop"},
    ]
    out = subprocess.run(
        [sys.executable, str(ENGINES / name / "engine.py")],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout.splitlines()
    hello, reply, observed = (json.loads(line) for line in out)
    assert {"own_deal", "own_shuffle", "seeded"} <= set(hello["capabilities"])
    return reply["chance"], observed["position"]


@pytest.mark.parametrize("name", ["tidy", "house", "quick"])
def test_a_seeded_engine_reports_the_deal_it_made(name: str):
    chance, position = own_chance(name, seed=7)
    assert own_chance(name, seed=7)[0] == chance
    assert own_chance(name, seed=8)[0] != chance
    deal = next(c for c in chance if c["type"] == "deal")
    assert [len(hand) for hand in deal["hands"]] == [7, 7, 7, 7]
    assert not Counter(sum(deal["hands"], [deal["starter"]])) - DECK
    assert chance[0]["type"] == "dealer_draw"
    assert position["phase"] in ("turn", "colour") and position["chance"] is None
    assert (
        position["discard_pile"][-1]
        == ([deal["starter"]] + [c["card"] for c in chance if c["type"] == "starter"])[-1]
    )
