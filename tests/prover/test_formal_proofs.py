"""The proofs themselves: every invariant inductive and every step property true, for every
step kind, player count 2–10 and profile group; the arithmetic lemmas; the policies."""

from __future__ import annotations

import doctest

import pytest

from unospec.reference.config import config
from unospec.spec.prover import hidden as prover_hidden
from unospec.spec.prover import kinds as K
from unospec.spec.prover.invariants import INVARIANTS, PROPERTIES
from unospec.spec.prover.policies import nobody_may_play
from unospec.spec.prover.proofs import ACTIONS, GOALS, POLICY_GOALS, prove
from unospec.spec.prover.rules import GROUPS, UNSUPPORTED, rules_for

#: the variants with steps of their own (0-7, jump-in, the draw variants, the futile
#: challenge, the UNO-out call, Cheat UNO) are proved here for small tables only, to keep the suite fast; ``unospec prove``
#: proves them for 2-10 players like every other group
VARIANTS = [
    g
    for g in GROUPS
    if g.rules.seven_swap
    or g.rules.jump_in
    or g.rules.draw_mode
    or g.rules.futile
    or g.rules.uno_out
    or g.rules.cheat
]
SMALL = [2, 3, 4]


@pytest.fixture(scope="module")
def report():
    # one run: the variants' small tables share their processes (and obligations) with
    # the other groups' same player counts
    return prove([g for g in GROUPS if g not in VARIANTS], jobs=2, also=[(VARIANTS, SMALL)])


def test_everything_is_proved(report):
    failed = [(c.goal, c.action, c.players, c.groups, c.result) for c in report.failures()]
    assert report.ok, failed[:5]
    assert {row["goal"] for row in report.rows()} == set(GOALS)


def test_every_invariant_covers_every_step_player_count_and_group(report):
    names = {g.name for g in GROUPS}
    variants = {g.name for g in VARIANTS}
    for row in report.rows():
        only_variants = row["groups"] and set(row["groups"]) <= variants
        assert row["players"] == (SMALL if only_variants else list(range(2, 11))), row["goal"]
        if row["goal"] in INVARIANTS:
            assert set(row["steps"]) == set(ACTIONS), row["goal"]
            assert set(row["groups"]) == names, row["goal"]
    every = {(c.action, c.players, c.groups[0]) for c in report.checks if c.goal in INVARIANTS}
    for g in GROUPS:
        for n in g.rules.player_counts():
            if g.name in variants and n not in SMALL:
                continue
            for action, step in ACTIONS.items():
                if step.exists(g.rules):
                    assert (action, n, g.name) in every
    policy = {(c.goal, c.players, name) for c in report.checks for name in c.groups}
    for g in VARIANTS:
        for n in SMALL:
            assert ("deadlock freedom", n, g.name) in policy


def test_the_policy_properties_cover_every_group_and_player_count(report):
    """Deadlock freedom, progress and 'won only with an empty hand' hold for every group."""
    for goal in POLICY_GOALS:
        proved = {(c.players, g) for c in report.checks if c.goal == goal for g in c.groups}
        for g in GROUPS:
            for n in g.rules.player_counts():
                if g in VARIANTS and n not in SMALL:
                    continue
                assert (n, g.name) in proved, (goal, n, g.name)


def test_step_properties_cover_the_steps_they_are_about(report):
    covered = {row["goal"]: set(row["steps"]) for row in report.rows()}
    assert {"play skip", "play reverse", "colour", "group", "pass"} <= covered["card effects"]
    assert {"accept", "challenge", "catch", "stack draw two"} <= covered["penalty victims"]
    assert "play draw two without UNO out" in covered["penalty victims"]
    assert covered["scoring"] == {"score"}
    assert covered["draws and reshuffles"] == {"serve", "reshuffle"}
    # 0-7, with jump-in, with several cards in one turn and with the UNO-out call
    assert covered["hand swaps"] == {
        "play number",
        "swap",
        "jump in number",
        "group",
        "play number without UNO out",
        "group without UNO out",
    }
    assert {"play wild draw four", "jump in skip", "stack draw two", "group"} <= covered[
        "going out"
    ]
    assert not {a for a in covered["going out"] if "without UNO out" in a}
    assert {"stack draw two without UNO out", "jump in skip without UNO out"} <= covered[
        "card effects"
    ] | covered["penalty victims"]
    assert covered["turn draws"] == {"draw", "pass"}
    assert {f"jump in {c}" for c in ("number", "skip", "reverse")} <= covered["card effects"]
    assert set(PROPERTIES) <= set(covered)


def test_without_the_policies_z3_finds_what_they_are_for(report):
    found = {f.name: f for f in report.findings}
    assert set(found) == {
        "deadlock freedom",
        "progress when nothing can be drawn",
        "a round is won only with an empty hand",
    }
    for f in found.values():
        assert f.without == "counterexample" and f.example is not None, f.name
        assert "seat 0:" in f.text()
    stuck = found["deadlock freedom"].example
    assert sum(stuck.draw) == 0 and sum(stuck.disc) <= 1  # nothing to draw
    dry = found["progress when nothing can be drawn"].example
    assert sum(dry.draw) == 0 and sum(dry.disc) == 1 and dry.owed_count == 0


def test_nobody_is_ever_left_without_a_legal_card_when_nothing_can_be_drawn():
    """The eight wild cards are somewhere in the hands, so when the piles are used up a
    stall takes a voluntary draw: Z3 finds no state where nobody may play."""
    for g in GROUPS[:4]:
        for n in (2, 3, 4):
            assert nobody_may_play(g.rules, n) is None, (g.name, n)


def test_the_model_reads_the_options_as_the_engine_does():
    """``spec.prover.rules`` compiles a profile as ``reference.config`` does."""
    for g in GROUPS:
        r, cfg = g.rules, config(g.profile, dict(g.options))
        assert r.stackable == cfg.stackable
        assert r.wd4_challenge == cfg.wd4_challenge
        assert r.wd4_enforced == cfg.wd4_engine_enforced
        assert r.wd4_strict == cfg.wd4_strict
        assert r.guilty_skipped == cfg.guilty_challenger_skipped
        assert r.uno_penalty == cfg.uno_penalty
        assert r.lose_turn == cfg.uno_lose_turn
        assert r.single_round == cfg.single_round
        assert r.forbidden_last == cfg.forbidden_last
        assert r.wild_only_without_colour == cfg.wild_only_without_colour
        assert r.wild_must_change == cfg.wild_must_change
        assert r.multi == bool(cfg.multi or cfg.multi_identical)
        assert r.teams == cfg.teams
        assert r.target == cfg.target
        assert r.stalemate == cfg.stalemate
        assert (r.alt is not None) == bool(cfg.alt_scoring)
        assert (r.cumulative is not None) == bool(cfg.cumulative)
        seven_zero = cfg.seven_zero or {}
        assert r.seven_swap == bool(seven_zero.get("seven_swap"))
        assert r.zero_rotate == bool(seven_zero.get("zero_rotate"))
        assert r.jump_in == bool(cfg.jump_in)
        assert r.futile == bool(cfg.futile_challenge)
        assert r.partner_rotation == bool(cfg.partner_rotation)
        until = cfg.draw_until_playable or cfg.draw_until_stop
        fixed = cfg.draw_fixed or {}
        assert r.draw_mode == (
            "until_playable"
            if cfg.draw_until_playable
            else "until_stop"
            if cfg.draw_until_stop
            else fixed.get("mode")
        )
        assert r.draw_n == (until["cap"] if until else fixed.get("n", 1))
        assert r.must_play_found == bool((cfg.draw_until_playable or {}).get("must_play_found"))
        cheat = cfg.cheat
        assert r.cheat == (
            (cheat["false_accusation_draw"], cheat["caught_cheat_draw"]) if cheat else None
        )


def test_every_variant_combination_the_catalogue_allows_compiles_for_the_model():
    """No variant is refused any more (``UNSUPPORTED`` is empty); the catalogue itself
    refuses the pairs it forbids."""
    assert not UNSUPPORTED
    assert rules_for("official", {"V-CHEAT": True}).cheat == (2, 2)
    finish = {"V-CHEAT": True, "V-NO-ACTION-FINISH": {"forbidden_last": "special"}}
    assert rules_for("official", finish).forbidden_last == "special"
    with pytest.raises(ValueError, match="V-EXT-PARTNER-ROTATION cannot be combined with"):
        rules_for(  # the catalogue itself refuses it
            "official",
            {"V-TEAM": True, "V-EXT-PARTNER-ROTATION": True, "V-ALT-SCORING-LOSER-500": True},
        )
    assert rules_for("official", {"V-DRAW-FIXED": True, "V-MULTI-PLAY": True}).multi
    # combinations the model does describe
    assert rules_for("official", {"V-UNO-OUT-CALL": True, "V-STACK-DRAW": True}).uno_out == 2
    assert rules_for("official", {"V-SEVEN-ZERO": True, "V-JUMP-IN": True}).jump_in
    seven_multi = rules_for("official", {"V-SEVEN-ZERO": True, "V-MULTI-PLAY": True})
    assert seven_multi.seven_swap and seven_multi.zero_rotate and seven_multi.multi
    cumulative = {"V-SEVEN-ZERO": True, "V-MULTI-PLAY": True, "V-CUMULATIVE-EFFECT": True}
    assert rules_for("official", cumulative).cumulative == (False, True)
    assert rules_for("official", {"V-DRAW-FIXED": True, "V-SEVEN-ZERO": True}).seven_swap
    cheat = {"V-CHEAT": True, "V-JUMP-IN": True, "V-STACK-DRAW": True, "V-DRAW-FIXED": True}
    assert rules_for("official", cheat).cheat == (2, 2)
    assert rules_for("official", {"V-CHEAT": True, "V-SEVEN-ZERO": True}).seven_swap
    assert rules_for("official", {"V-CHEAT": True, "V-UNO-OUT-CALL": True}).uno_out == 2
    assert rules_for("official", {"V-UNO-OUT-CALL": True, "V-SEVEN-ZERO": True}).zero_rotate
    assert rules_for("official", {"V-CHEAT": True, "V-MULTI-IDENTICAL": True}).multi
    ride = {"V-UNO-OUT-CALL": True, "V-MULTI-PLAY": True, "V-MULTI-RIDE": True}
    assert rules_for("official", ride).uno_out == 2


def test_card_tables_agree_with_the_notation():
    from unospec.spec.cards import DECK_COUNTS, KINDS, POINTS

    assert [DECK_COUNTS[k] for k in KINDS] == list(K.DECK)
    assert [POINTS[k] for k in KINDS] == list(K.VALUE)
    assert K.cards_of(K.counts(["R7", "W", "R7"])) == ["R7", "R7", "W"]


def test_hidden_card_doctests():
    assert doctest.testmod(prover_hidden).failed == 0


def test_more_groups_for_other_player_counts_are_proved_in_the_same_run():
    """``also``: each group is proved for its own player counts, and for no other; a group
    whose obligations another group of the same player count already proved reuses them."""
    official, jump_in = GROUPS[0], next(g for g in GROUPS if g.name == "jump-in")
    steps = ["play skip", "jump in skip"]
    report = prove([official], [3], steps, extras=False, also=[([official, jump_in], [2])])
    got = {(c.action, c.players, c.groups[0]) for c in report.checks}
    assert {(a, n) for a, n, g in got if g == "official"} == {("play skip", 3), ("play skip", 2)}
    assert {(a, n) for a, n, g in got if g == "jump-in"} == {("play skip", 2), ("jump in skip", 2)}
    assert report.ok
    alone = prove([jump_in], [2], steps, extras=False)
    assert {(c.goal, c.action, c.result) for c in alone.checks} == {
        (c.goal, c.action, c.result) for c in report.checks if c.groups == ["jump-in"]
    }
    assert {g["group"] for g in report.time_per_group()} <= {"official", "jump-in"}
