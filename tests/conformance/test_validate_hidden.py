"""Traces from programs that cannot expose their deck: the deal and every drawn card are
reported, the deck order stays unseen, and the validator still checks every rule."""

from __future__ import annotations

import json

import pytest

from conformance.validate import validate_lines
from reference import apply, new_game
from reference.trace import play

OPTIONS = {"V-SINGLE-ROUND": True}


@pytest.fixture(scope="module")
def lines():
    g = play(3, "official", OPTIONS, seed=5)
    pos = new_game(3, "official", OPTIONS)
    pos, _ = apply(pos, g.chance[0])
    deal = g.chance[1]
    header = {
        "unospec_trace": 1,
        "profile": "official",
        "options": OPTIONS,
        "players": 3,
        "deal": {"dealer": pos.dealer, "hands": deal["hands"], "starter": deal["starter"]},
    }
    out = [json.dumps(header)]
    for action, events in g.steps:
        rec = {"action": action}
        drawn = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        if drawn:
            rec["drawn"] = drawn
        out.append(json.dumps(rec))
    return out


def test_a_trace_with_the_deal_and_drawn_cards_is_valid_without_the_deck_order(lines):
    v = validate_lines(lines)
    assert v.status == 0, (v.message, v.line)
    assert v.actions == len(lines) - 1


def test_drawing_more_than_the_rules_allow_is_a_violation(lines):
    i = next(
        i
        for i, t in enumerate(lines[1:], 1)
        if json.loads(t).get("drawn") and json.loads(t)["action"]["type"] == "draw"
    )
    rec = json.loads(lines[i])
    header = json.loads(lines[0])
    seen = {c for h in header["deal"]["hands"] for c in h}
    spare = next(
        c for c in ("R0", "Y0", "G0", "B0") if c not in seen and c not in rec["drawn"][0]["cards"]
    )
    rec["drawn"][0]["cards"].append(spare)
    v = validate_lines([*lines[:i], json.dumps(rec), *lines[i + 1 :]])
    assert v.status == 1 and v.line == i + 1 and v.field == "/drawn" and v.rule == "DRAW-ONE"


def test_a_deal_with_a_fifth_wild_draw_four_breaks_the_deck(lines):
    header = json.loads(lines[0])
    header["deal"]["hands"] = [
        ["WD4"] * 4 + ["R1", "R2", "R3"],
        ["WD4"] + header["deal"]["hands"][1][1:],
        header["deal"]["hands"][2],
    ]
    v = validate_lines([json.dumps(header), *lines[1:]])
    assert v.status == 1 and v.rule == "DECK-COMPOSITION"


def test_unknown_cards_are_reported_as_unsupported_not_as_empty(lines):
    header = json.loads(lines[0])
    header["deal"]["hands"][1][0] = None
    v = validate_lines([json.dumps(header), *lines[1:]])
    assert v.status == 2 and v.field == "/deal/hands/1/0"
