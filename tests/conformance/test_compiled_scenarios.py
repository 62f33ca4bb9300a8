"""Scenarios for a program that cannot load a position: each compiled into a deal
(conformance/compiled_scenarios.py)."""

from __future__ import annotations

import pytest

from unospec.compiled_scenarios import CompiledPort, NotCompilable, compiled, compiles, plan_for
from unospec.port import Outcome, ReferencePort
from unospec.reference.position import complete
from unospec.scenarios import execute, load_scenarios


def scenario_position(**partial):
    return complete(partial)


def test_a_position_becomes_a_dealer_draw_and_a_padded_deal():
    p = scenario_position(
        players=3, hands=[["R5", "G9"], ["R2"], ["B1", "B4", "Y7"]], top="R7", to_act=1
    )
    plan = plan_for(p, tier=1)  # numbers of another colour than red and value than 7
    draw, deal = plan.inputs
    assert draw["cards"][0] == "R9" and draw["type"] == "dealer_draw"  # seat 0 deals, seat 1 begins
    assert [len(h) for h in deal["hands"]] == [7, 7, 7] and deal["starter"] == "R7"
    for hand, pad, mine in zip(deal["hands"], plan.padding, p["hands"], strict=True):
        assert hand == mine + pad
    pads = [c for pad in plan.padding for c in pad]
    assert len(pads) == 15 and all(c[0] != "R" and c[1:] != "7" and c[1:].isdigit() for c in pads)
    # the padding came from under the scenario's draw pile, which is otherwise unchanged
    assert sorted(deal["draw_pile"] + plan.under) == sorted(p["draw_pile"])
    assert deal["draw_pile"][:20] == p["draw_pile"][:20]
    with pytest.raises(NotCompilable, match="not enough cards"):
        plan_for(p, tier=0)  # every colour appears in this scenario


def test_the_program_is_seen_as_the_scenario_sees_it():
    p = scenario_position(players=2, hands=[["R5", "G9"], ["R2"]], top="R7")
    port = CompiledPort(ReferencePort())
    port.load(p)
    seen = port.observe()
    assert sorted(seen["hands"][0]) == ["G9", "R5"] and seen["hands"][1] == ["R2"]
    assert len(seen["draw_pile"]) == len(p["draw_pile"])
    assert not any(a.get("card") in port.plan.padding[0] for a in port.legal_actions())


@pytest.mark.parametrize(
    "partial,why",
    [
        ({"players": 2, "hands": [["R5"], ["R2"]], "top": "R7", "uno": ["catchable", None]}, "UNO"),
        ({"players": 2, "hands": [["R5"], ["R2"]], "top": "R7", "scores": [10, 0]}, "round"),
        (
            {
                "players": 2,
                "hands": [["R1"] * 2 + ["R2"] * 2 + ["R3"] * 2 + ["R4"] * 2, ["R5"]],
                "top": "R7",
            },
            "more than 7",
        ),
        ({"players": 2, "hands": [["R5"], ["R2"]], "discard_pile": ["G7", "R7"]}, "one"),
        ({"players": 2, "hands": [["R5"], ["R2"]], "top": "RS"}, "lose its turn"),
    ],
)
def test_a_position_no_deal_reaches_is_not_compiled(partial, why):
    with pytest.raises(NotCompilable, match=why):
        plan_for(complete(partial))


def test_most_official_position_scenarios_compile():
    runs = [
        r
        for sc in load_scenarios()
        for r in sc.runs
        if r.profile == "official" and not any(s.text.startswith("a new ") for s in r.steps)
    ]
    compiled = [r for r in runs if compiles(r.id) is None]
    assert len(compiled) > len(runs) / 2, (len(compiled), len(runs))
    reasons = {compiles(r.id) for r in runs} - {None}
    assert all(why.startswith(("cannot be compiled", "compiled into a deal")) for why in reasons)


class SkipPassesTwo(ReferencePort):
    """A program without load whose Skip passes over two seats."""

    can_load = False

    def apply(self, action) -> Outcome:
        got = super().apply(action)
        if got.accepted and action.get("card", "").endswith("S") and self._pos.players > 3:
            from unospec.reference.turns import step

            self._pos.to_act = step(self._pos, self._pos.to_act)
        return got


def test_a_compiled_scenario_finds_a_program_s_deviation_under_its_rule():
    run = next(
        r
        for sc in load_scenarios()
        for r in sc.runs
        if sc.id.startswith("SKIP-EFFECT/")
        and r.profile == "official"
        and compiles(r.id) is None
        and "4-player" in " ".join(s.text for s in r.steps)
    )
    tier = compiled(run.id)[0]  # the padding under which it passes on the reference
    assert execute(run, CompiledPort(ReferencePort(), tier)).passed
    result = execute(run, CompiledPort(SkipPassesTwo(), tier))
    assert not result.passed and result.rule == "SKIP-EFFECT"
