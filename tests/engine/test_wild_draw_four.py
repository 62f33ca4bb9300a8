"""The Wild Draw Four: WD4-EFFECT, WD4-RESTRICTION, WD4-BLUFF, the challenge, and its variants."""

from __future__ import annotations

import pytest
from enginekit import (
    colour,
    draw,
    drawn_cards,
    of_type,
    pass_,
    play,
    position,
    refused,
    rules_of,
    run,
)

from unospec.reference import apply, legal_actions

PILE = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]
CHALLENGE = {"type": "challenge", "seat": 1}
ACCEPT = {"type": "accept", "seat": 1}


def wd4_position(hand0, top="R7", players=4, **kw):
    hands = [hand0, ["G2", "G3"], ["G4", "G5"], ["G6", "G8"]][:players]
    kw.setdefault("draw_pile", list(PILE))
    if "discard_pile" not in kw:
        kw["top"] = top
    return position(players=players, hands=hands, **kw)


def played(hand0, named="B", **kw):
    pos = wd4_position(hand0, **kw)
    return run(pos, play(0, "WD4"), colour(0, named))


# -- WD4-EFFECT -----------------------------------------------------------------------------


def test_wd4_effect_player_names_a_colour_then_the_victim_decides():
    pos = wd4_position(["WD4", "G1", "B1"])
    new, events = apply(pos, play(0, "WD4"))
    assert new.phase == "colour" and new.to_act == 0
    new, _ = apply(new, colour(0, "B"))
    assert new.colour == "B"
    assert new.phase == "challenge"
    assert new.to_act == 1
    assert new.discard_pile[-1] == "WD4"
    assert events[0]["rule"] == "WILD-ANYTIME"


def test_wd4_effect_accepted_victim_draws_four_and_loses_the_turn():
    new, _ = played(["WD4", "G1", "B1"])
    new, events = apply(new, ACCEPT)
    assert new.hands[1] == ["G2", "G3", "Y1", "Y2", "Y3", "Y4"]
    assert new.to_act == 2
    assert new.colour == "B"
    assert of_type(events, "cards_drawn")[0]["rule"] == "WD4-EFFECT"
    assert {"type": "turn_skipped", "rule": "WD4-EFFECT", "seat": 1} in events


def test_wd4_effect_counter_clockwise_victim_is_the_previous_seat():
    pos = wd4_position(["WD4", "G1", "B1"], direction=-1)
    new, _ = run(pos, play(0, "WD4"), colour(0, "B"))
    assert new.to_act == 3
    new, _ = apply(new, {"type": "accept", "seat": 3})
    assert len(new.hands[3]) == 6
    assert new.to_act == 2


# -- WD4-RESTRICTION, WD4-BLUFF -------------------------------------------------------------


def test_wd4_restriction_legal_without_the_current_colour():
    new, _ = played(["WD4", "G1", "B1"])
    assert new.pending["wd4_legal"] is True


def test_wd4_restriction_number_or_symbol_matches_and_wilds_do_not_count():
    new, _ = played(["WD4", "G7", "W", "WD4"])
    assert new.pending["wd4_legal"] is True
    new, events = apply(new, CHALLENGE)
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)


def test_wd4_bluff_illegal_wd4_is_accepted_by_default():
    pos = wd4_position(["WD4", "R1", "B1"])
    assert play(0, "WD4") in legal_actions(pos)
    new, _ = run(pos, play(0, "WD4"), colour(0, "B"))
    assert new.phase == "challenge"
    assert new.pending["wd4_legal"] is False


def test_wd4_bluff_unchallenged_illegal_wd4_stands():
    new, _ = played(["WD4", "R1", "B1"])
    new, _ = apply(new, ACCEPT)
    assert new.discard_pile[-1] == "WD4"
    assert len(new.hands[1]) == 6
    assert new.hands[0] == ["R1", "B1"]
    assert new.to_act == 2


def test_wild_draw_four_illegal_while_holding_current_colour_is_refused_under_engine_enforcement():
    pos = wd4_position(["WD4", "R1", "B1"], options={"WD4-BLUFF.wd4_enforcement": "engine"})
    err = refused(pos, play(0, "WD4"), "WD4-RESTRICTION")
    assert err.field == "/card"


def test_wd4_restriction_applies_with_a_wild_on_top_against_the_named_colour():
    opts = {"WD4-BLUFF.wd4_enforcement": "engine"}
    pos = wd4_position(["WD4", "G1", "R1"], discard_pile=["R7", "W"], colour="G", options=opts)
    refused(pos, play(0, "WD4"), "WD4-RESTRICTION")
    pos = wd4_position(["WD4", "B1", "R1"], discard_pile=["R7", "W"], colour="G", options=opts)
    assert play(0, "WD4") in legal_actions(pos)


def test_wd4_restriction_applies_with_a_wd4_on_top():
    opts = {"WD4-BLUFF.wd4_enforcement": "engine"}
    pos = wd4_position(["WD4", "Y1"], discard_pile=["R7", "WD4"], colour="Y", options=opts)
    refused(pos, play(0, "WD4"), "WD4-RESTRICTION")


def test_wild_draw_four_engine_enforcement_still_allows_a_challenge_that_fails():
    """WD4-BLUFF: with wd4_enforcement = engine every WD4 that stands is legal and any
    challenge fails; WD4-CHALLENGE itself is removed only by V-NO-WD4-CHALLENGE."""
    opts = {"WD4-BLUFF.wd4_enforcement": "engine"}
    new, _ = played(["WD4", "G1", "B1"], options=opts)
    assert new.phase == "challenge"
    new, events = apply(new, CHALLENGE)
    assert len(new.hands[1]) == 8
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)


# -- WD4-CHALLENGE, WD4-CHALLENGE-GUILTY, WD4-CHALLENGE-INNOCENT --------------------------


def test_wild_draw_four_illegal_while_holding_current_colour_is_challengeable():
    new, _ = played(["WD4", "R1", "B1"])
    assert legal_actions(new) == [CHALLENGE, ACCEPT]


def test_wd4_challenge_guilty_player_draws_four_challenger_plays_now():
    new, _ = played(["WD4", "R1", "B1"])
    new, events = apply(new, CHALLENGE)
    assert new.hands[0] == ["R1", "B1", "Y1", "Y2", "Y3", "Y4"]
    assert new.hands[1] == ["G2", "G3"]
    assert new.to_act == 1
    assert new.phase == "turn"
    assert new.discard_pile[-1] == "WD4"
    assert new.colour == "B"
    assert drawn_cards(events, 0) == ["Y1", "Y2", "Y3", "Y4"]
    assert of_type(events, "challenge_decided") == [
        {"type": "challenge_decided", "rule": "WD4-CHALLENGE-GUILTY", "seat": 1, "guilty": True}
    ]


def test_wd4_challenge_hand_is_shown_to_the_challenger_alone():
    new, _ = played(["WD4", "R1", "B1"])
    _, events = apply(new, CHALLENGE)
    shown = of_type(events, "hand_shown")
    assert shown == [
        {"type": "hand_shown", "rule": "WD4-CHALLENGE", "seat": 0, "to": 1, "cards": ["B1", "R1"]}
    ]


def test_wd4_challenge_guilty_challenger_skipped_parameter():
    opts = {"WD4-CHALLENGE-GUILTY.guilty_challenger_skipped": True}
    new, _ = played(["WD4", "R1", "B1"], options=opts)
    new, _ = apply(new, CHALLENGE)
    assert len(new.hands[0]) == 6
    assert new.hands[1] == ["G2", "G3"]
    assert new.to_act == 2


def test_wd4_challenge_innocent_challenger_draws_six_and_loses_the_turn():
    new, _ = played(["WD4", "G1", "B1"])
    new, events = apply(new, CHALLENGE)
    assert new.hands[1] == ["G2", "G3", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert new.hands[0] == ["G1", "B1"]
    assert new.to_act == 2
    assert new.colour == "B"
    assert {"type": "turn_skipped", "rule": "WD4-CHALLENGE-INNOCENT", "seat": 1} in events
    assert of_type(events, "cards_drawn")[0]["rule"] == "WD4-CHALLENGE-INNOCENT"


def test_wd4_challenge_judged_against_the_colour_before_the_wd4_not_the_named_one():
    new, _ = played(["WD4", "B1", "G1"], named="B")  # holds the named colour, not red
    new, events = apply(new, CHALLENGE)
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)
    assert len(new.hands[1]) == 8


def test_wd4_challenge_on_a_wild_judged_against_the_colour_named_for_it():
    pos = wd4_position(["WD4", "R1", "B1"], discard_pile=["R7", "W"], colour="G")
    new, _ = run(pos, play(0, "WD4"), colour(0, "Y"), CHALLENGE)
    assert len(new.hands[1]) == 8  # holding red is no offence on green
    pos = wd4_position(["WD4", "G1", "B1"], discard_pile=["R7", "W"], colour="G")
    new, _ = run(pos, play(0, "WD4"), colour(0, "Y"), CHALLENGE)
    assert len(new.hands[0]) == 6


def test_wd4_challenge_only_the_victim_may_challenge():
    new, _ = played(["WD4", "R1", "B1"])
    refused(new, {"type": "challenge", "seat": 2}, ("WD4-CHALLENGE", "TURN-ADVANCE"))
    refused(new, {"type": "challenge", "seat": 0}, ("WD4-CHALLENGE", "TURN-ADVANCE"))


def test_wd4_challenge_not_possible_against_a_draw_two():
    pos = wd4_position(["RD2", "G1", "B1"])
    new, _ = apply(pos, play(0, "RD2"))
    refused(new, {"type": "challenge", "seat": 2}, "WD4-CHALLENGE")


def test_wd4_challenge_not_possible_after_drawing():
    new, _ = played(["WD4", "R1", "B1"])
    new, _ = apply(new, ACCEPT)
    assert len(new.hands[1]) == 6
    refused(new, CHALLENGE, ("WD4-CHALLENGE", "TURN-ADVANCE"))


def test_wd4_challenge_victim_must_decide_before_anything_else():
    new, _ = played(["WD4", "R1", "B1"])
    refused(new, draw(1), "WD4-CHALLENGE")
    refused(new, play(1, "G2"), "WD4-CHALLENGE")
    refused(new, pass_(1), "WD4-CHALLENGE")


# -- drawn WD4 -----------------------------------------------------------------------------


def test_drawn_wd4_restriction_judged_on_hand_after_draw_without_it():
    pos = wd4_position(["G1", "B1"], draw_pile=["WD4"] + PILE)
    new, _ = run(pos, draw(0), play(0, "WD4"), colour(0, "Y"))
    assert new.pending["wd4_legal"] is True
    new, events = apply(new, CHALLENGE)
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)


def test_drawn_wd4_while_holding_current_colour_is_a_bluff_open_to_challenge():
    # WD4-BLUFF: a drawn WD4 against WD4-RESTRICTION is laid like a held one, and a
    # challenge finds it guilty (the hand after the draw held R1 with red current).
    pos = wd4_position(["R1", "B1"], draw_pile=["WD4"] + PILE)
    new, _ = run(pos, draw(0), play(0, "WD4"), colour(0, "Y"))
    assert new.phase == "challenge" and new.pending["wd4_legal"] is False
    new, events = apply(new, CHALLENGE)
    assert "WD4-CHALLENGE-GUILTY" in rules_of(events)
    assert new.hands[0] == ["R1", "B1", "Y1", "Y2", "Y3", "Y4"]
    assert new.to_act == 1


def test_drawn_wd4_while_holding_current_colour_is_refused_under_engine_enforcement():
    # WD4-BLUFF with wd4_enforcement = "engine": the drawn WD4 may not be laid, so the
    # turn ends at once with the card kept (DRAW-END-TURN).
    opts = {"WD4-BLUFF.wd4_enforcement": "engine"}
    pos = wd4_position(["R1", "B1"], draw_pile=["WD4"] + PILE, options=opts)
    new, events = run(pos, draw(0))
    assert new.hands[0] == ["R1", "B1", "WD4"]
    assert new.to_act == 1 and new.phase == "turn"
    assert "DRAW-END-TURN" in rules_of(events)


@pytest.mark.parametrize(
    "opts",
    [
        {"V-DRAW-UNTIL-STOP": True},
        {"V-DRAW-FIXED": {"n": 2, "mode": "at_most"}},
    ],
)
def test_drawn_wd4_bluff_under_the_draw_variants_may_be_laid_but_ends_no_series(opts):
    # the series goes on past a WD4 that fails its test (it is no legal card), yet the
    # card just drawn may still be laid as a bluff, as DRAW-THEN-PLAY allows
    pos = wd4_position(["R1", "B1"], draw_pile=["WD4"] + PILE, options=opts)
    new, _ = run(pos, draw(0))
    assert legal_actions(new) == [play(0, "WD4"), draw(0), pass_(0)]


def test_drawn_wd4_bluff_under_draw_until_playable_must_draw_on_first():
    # V-DRAW-UNTIL-PLAYABLE: a WD4 that fails its test does not stop the series, and a
    # card may be played only once the series has stopped; at the cap it may be laid
    opts = {"V-DRAW-UNTIL-PLAYABLE": {"cap": 2, "must_play_found": True}}
    pos = wd4_position(["R1", "B1"], draw_pile=["WD4"] + PILE, options=opts)
    new, _ = run(pos, draw(0))
    assert legal_actions(new) == [draw(0)]
    refused(new, play(0, "WD4"), "DRAW-THEN-PLAY")
    capped = wd4_position(["R1", "B1"], draw_pile=["G9", "WD4"] + PILE, options=opts)
    new, _ = run(capped, draw(0), draw(0))
    assert legal_actions(new) == [play(0, "WD4"), pass_(0)]  # a bluff is never forced


# -- V-WD4-ONLY-IF-NO-PLAYABLE ---------------------------------------------------------------

STRICT = {"V-WD4-ONLY-IF-NO-PLAYABLE": {"enforcement": "engine"}}


@pytest.mark.parametrize("other", ["R1", "G7", "W"])
def test_v_wd4_only_if_no_playable_refused_while_another_card_is_playable(other):
    pos = wd4_position(["WD4", other, "B1"], options=STRICT)
    refused(pos, play(0, "WD4"), "V-WD4-ONLY-IF-NO-PLAYABLE")


def test_v_wd4_only_if_no_playable_other_wd4s_do_not_block():
    pos = wd4_position(["WD4", "WD4", "B1"], options=STRICT)
    assert play(0, "WD4") in legal_actions(pos)


def test_v_wd4_only_if_no_playable_engine_enforced_challenge_can_only_fail():
    new, _ = played(["WD4", "G1", "B1"], options=STRICT)
    assert new.phase == "challenge"
    new, events = apply(new, CHALLENGE)
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)
    assert len(new.hands[1]) == 8


def test_v_wd4_only_if_no_playable_challenge_mode_number_match_makes_it_guilty():
    opts = {"V-WD4-ONLY-IF-NO-PLAYABLE": {"enforcement": "challenge"}}
    pos = wd4_position(["WD4", "G7", "B1"], options=opts)
    assert play(0, "WD4") in legal_actions(pos)
    new, _ = run(pos, play(0, "WD4"), colour(0, "B"), CHALLENGE)
    assert new.hands[0] == ["G7", "B1", "Y1", "Y2", "Y3", "Y4"]
    assert new.to_act == 1


# -- V-NO-WD4-CHALLENGE ----------------------------------------------------------------------


def test_v_no_wd4_challenge_victim_draws_four_at_once():
    opts = {"V-NO-WD4-CHALLENGE": {"enforcement": "engine"}}
    new, events = played(["WD4", "G1", "B1"], options=opts)
    assert new.phase == "turn"
    assert new.to_act == 2
    assert new.hands[1] == ["G2", "G3", "Y1", "Y2", "Y3", "Y4"]
    assert not any(a["type"] == "challenge" for a in legal_actions(new))
    assert "WD4-EFFECT" in rules_of(events)


def test_v_no_wd4_challenge_engine_refuses_an_illegal_wd4():
    opts = {"V-NO-WD4-CHALLENGE": {"enforcement": "engine"}}
    pos = wd4_position(["WD4", "R1", "B1"], options=opts)
    refused(pos, play(0, "WD4"), "WD4-RESTRICTION")


def test_v_no_wd4_challenge_none_enforcement_allows_any_wd4():
    opts = {"V-NO-WD4-CHALLENGE": {"enforcement": "none"}}
    pos = wd4_position(["WD4", "R1", "B1"], options=opts)
    new, _ = run(pos, play(0, "WD4"), colour(0, "R"))
    assert new.to_act == 2
    assert len(new.hands[1]) == 6


def test_v_no_wd4_challenge_sv_unoregler_strict_and_engine_enforced():
    pos = wd4_position(["WD4", "G7", "B1"], profile="sv-unoregler")
    refused(pos, play(0, "WD4"), "V-WD4-ONLY-IF-NO-PLAYABLE")
