"""Turn draws: DRAW-ONE, DRAW-WHEN-STUCK, DRAW-VOLUNTARY, DRAW-THEN-PLAY, DRAW-END-TURN,
PENALTY-CARDS-NOT-PLAYABLE and the draw variants."""

from __future__ import annotations

import pytest
from enginekit import colour, draw, of_type, pass_, play, position, refused, rules_of, run

from unospec.reference import apply, legal_actions


def three(hand0, draw_pile, top="R7", **kw):
    return position(
        players=3, hands=[hand0, ["B1", "B3"], ["Y3", "Y4"]], top=top, draw_pile=draw_pile, **kw
    )


# -- DRAW-ONE -------------------------------------------------------------------------------


def test_draw_one_takes_exactly_the_top_card_of_the_draw_pile():
    pos = three(["G1", "B2"], ["G9", "Y9"])
    new, events = apply(pos, draw(0))
    assert new.hands[0] == ["G1", "B2", "G9"]
    assert new.draw_pile[0] == "Y9"
    assert len(new.draw_pile) == len(pos.draw_pile) - 1
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "rule": "DRAW-ONE", "seat": 0, "cards": ["G9"]}
    ]


def test_draw_one_a_second_draw_is_refused():
    pos = three(["G1", "B2"], ["R9", "Y9"])
    new, _ = apply(pos, draw(0))
    assert new.phase == "drawn"
    refused(new, draw(0), "DRAW-ONE")


# -- DRAW-WHEN-STUCK, DRAW-VOLUNTARY ---------------------------------------------------------


def test_draw_when_stuck_the_only_legal_action_is_to_draw():
    pos = three(["G1", "B2"], ["Y9"])
    assert legal_actions(pos) == [draw(0)]


def test_draw_voluntary_allowed_while_holding_a_legal_card():
    pos = three(["R1", "B2"], ["Y9"])
    assert draw(0) in legal_actions(pos)
    new, _ = apply(pos, draw(0))
    assert new.hands[0] == ["R1", "B2", "Y9"]
    assert new.to_act == 1  # Y9 is not playable, the turn is over


# -- DRAW-THEN-PLAY ---------------------------------------------------------------------------


def test_draw_then_play_playable_drawn_card_may_be_played_at_once():
    pos = three(["G1", "B2"], ["R9", "Y9"])
    new, _ = apply(pos, draw(0))
    assert new.phase == "drawn" and new.to_act == 0
    assert legal_actions(new) == [play(0, "R9"), pass_(0)]
    after, events = apply(new, play(0, "R9"))
    assert after.discard_pile[-1] == "R9"
    assert after.hands[0] == ["G1", "B2"]
    assert after.to_act == 1
    assert "PLAY-MATCH" in rules_of(events)


def test_draw_then_play_only_the_drawn_card_may_be_played():
    pos = three(["R1", "B2"], ["R9", "Y9"])
    new, _ = apply(pos, draw(0))
    err = refused(new, play(0, "R1"), "DRAW-THEN-PLAY")
    assert err.field == "/card"


def test_draw_then_play_drawn_wild_is_always_playable():
    pos = three(["R1", "B2"], ["W"])
    new, _ = apply(pos, draw(0))
    assert legal_actions(new) == [play(0, "W"), pass_(0)]
    after, _ = run(new, play(0, "W"), colour(0, "Y"))
    assert after.colour == "Y"
    assert after.to_act == 1


def test_draw_then_play_drawn_wd4_judged_on_the_hand_after_the_draw_engine_enforced():
    opts = {"WD4-BLUFF.wd4_enforcement": "engine"}
    holding_red = three(["R1", "B2"], ["WD4"], options=opts)
    new, events = apply(holding_red, draw(0))
    assert new.to_act == 1
    assert "WD4" in new.hands[0]
    assert "DRAW-END-TURN" in rules_of(events)
    no_red = three(["G1", "B2"], ["WD4"], options=opts)
    new, _ = apply(no_red, draw(0))
    assert legal_actions(new) == [play(0, "WD4"), pass_(0)]


def test_draw_then_play_drawn_wd4_may_be_laid_as_a_bluff_under_challenge_enforcement():
    # DRAW-THEN-PLAY lays the drawn card on the terms of a held one: under the default
    # WD4-BLUFF a WD4 that breaks WD4-RESTRICTION (R1 held, red current) is a bluff the
    # engine accepts, open to a challenge, just as when it was held from the start.
    pos = three(["R1", "B2"], ["WD4"])
    new, _ = apply(pos, draw(0))
    assert legal_actions(new) == [play(0, "WD4"), pass_(0)]
    assert new.phase == "drawn" and new.to_act == 0
    kept, events = apply(new, pass_(0))
    assert kept.to_act == 1 and kept.hands[0] == ["R1", "B2", "WD4"]
    assert "DRAW-END-TURN" in rules_of(events)


def test_draw_then_play_a_drawn_and_a_held_wd4_are_judged_alike():
    # the same hand, WD4 drawn or held from the start: the same answer under both settings
    for opts in ({}, {"WD4-BLUFF.wd4_enforcement": "engine"}):
        for rest in (["R1", "B2"], ["G1", "B2"]):
            held = three([*rest, "WD4"], ["Y9"], options=opts)
            drawn, _ = apply(three(rest, ["WD4"], options=opts), draw(0))
            assert (play(0, "WD4") in legal_actions(held)) == (
                play(0, "WD4") in legal_actions(drawn)
            ), (opts, rest)


# -- DRAW-END-TURN ----------------------------------------------------------------------------


def test_draw_end_turn_unplayable_drawn_card_ends_the_turn():
    pos = three(["G1", "B2"], ["Y9"])
    new, events = apply(pos, draw(0))
    assert new.phase == "turn"
    assert new.to_act == 1
    assert new.hands[0] == ["G1", "B2", "Y9"]
    assert of_type(events, "turn_ended") == [
        {"type": "turn_ended", "rule": "DRAW-END-TURN", "seat": 0}
    ]


def test_draw_end_turn_keeping_a_playable_drawn_card():
    pos = three(["G1", "B2"], ["R9"])
    new, events = run(pos, draw(0), pass_(0))
    assert new.hands[0] == ["G1", "B2", "R9"]
    assert new.discard_pile == ["R7"]
    assert new.to_act == 1
    assert rules_of(events)[-1] == "DRAW-END-TURN"


def test_draw_end_turn_follows_the_current_direction():
    pos = position(
        players=4,
        hands=[["G1", "B2"], ["B1"], ["Y1"], ["G4"]],
        top="R7",
        draw_pile=["Y9"],
        direction=-1,
    )
    new, _ = apply(pos, draw(0))
    assert new.to_act == 3


def test_draw_then_play_pass_is_refused_before_any_draw():
    pos = three(["G1", "B2"], ["R9"])
    refused(pos, pass_(0), "TURN-ACTION")


# -- PENALTY-CARDS-NOT-PLAYABLE -------------------------------------------------------------------


def test_penalty_cards_not_playable_draw_two_victim_gets_no_play():
    pos = position(
        players=3,
        hands=[["RD2", "G1", "G5"], ["B1", "B3"], ["Y3", "Y4"]],
        top="R7",
        draw_pile=["R1", "R2"],
    )
    new, _ = apply(pos, play(0, "RD2"))
    assert new.hands[1] == ["B1", "B3", "R1", "R2"]
    assert new.to_act == 2
    assert [a for a in legal_actions(new) if a["seat"] == 1] == []
    assert new.drawn == []


# -- V-DRAW-UNTIL-PLAYABLE ----------------------------------------------------------------------


def test_v_draw_until_playable_keeps_drawing_until_a_legal_card():
    pos = three(["G1", "B2"], ["G2", "Y9", "R3", "R4"], options={"V-DRAW-UNTIL-PLAYABLE": True})
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [draw(0)]  # may not stop
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [draw(0)]
    pos, _ = apply(pos, draw(0))
    assert pos.hands[0] == ["G1", "B2", "G2", "Y9", "R3"]
    assert legal_actions(pos) == [play(0, "R3"), pass_(0)]


def test_v_draw_until_playable_number_match_stops_the_series():
    pos = position(
        players=3,
        hands=[["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]],
        top="R7",
        draw_pile=["G7", "Y2", "R4"],
        options={"V-DRAW-UNTIL-PLAYABLE": True},
    )
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [play(0, "G7"), pass_(0)]  # a 7 matches: the series stops


def test_v_draw_until_playable_cap_ends_the_turn():
    opts = {"V-DRAW-UNTIL-PLAYABLE": {"cap": 2, "must_play_found": False}}
    pos = three(["G1", "B2"], ["G2", "Y9", "R3"], options=opts)
    pos, _ = apply(pos, draw(0))
    pos, events = apply(pos, draw(0))
    assert pos.hands[0] == ["G1", "B2", "G2", "Y9"]
    assert pos.to_act == 1
    assert pos.draw_pile[0] == "R3"
    assert "DRAW-END-TURN" in rules_of(events)


def test_v_draw_until_playable_must_play_found_card():
    opts = {"V-DRAW-UNTIL-PLAYABLE": {"cap": 0, "must_play_found": True}}
    pos = three(["G1", "B2"], ["R3"], options=opts)
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [play(0, "R3")]
    refused(pos, pass_(0), "DRAW-THEN-PLAY")


def test_v_draw_until_playable_only_the_last_card_may_be_played():
    pos = three(["G1", "B2"], ["G2", "R3"], options={"V-DRAW-UNTIL-PLAYABLE": True})
    pos, _ = run(pos, draw(0), draw(0))
    refused(pos, play(0, "G1"), "DRAW-THEN-PLAY")
    assert [a["card"] for a in legal_actions(pos) if a["type"] == "play"] == ["R3"]


# -- V-DRAW-UNTIL-STOP -----------------------------------------------------------------------------


def test_v_draw_until_stop_player_may_stop_after_an_unplayable_card():
    pos = three(["G1", "B2"], ["G2", "Y9"], options={"V-DRAW-UNTIL-STOP": True})
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [draw(0), pass_(0)]
    stopped, events = apply(pos, pass_(0))
    assert stopped.to_act == 1
    assert stopped.hands[0] == ["G1", "B2", "G2"]
    assert "DRAW-END-TURN" in rules_of(events)


def test_v_draw_until_stop_legal_card_ends_the_series():
    pos = three(["G1", "B2"], ["G2", "R3", "R4"], options={"V-DRAW-UNTIL-STOP": True})
    pos, _ = run(pos, draw(0), draw(0))
    assert legal_actions(pos) == [play(0, "R3"), pass_(0)]


def test_v_draw_until_stop_cap_limits_the_series():
    pos = three(["G1", "B2"], ["G2", "Y9", "B9"], options={"V-DRAW-UNTIL-STOP": {"cap": 2}})
    pos, _ = apply(pos, draw(0))
    pos, _ = apply(pos, draw(0))
    assert pos.to_act == 1
    assert pos.hands[0] == ["G1", "B2", "G2", "Y9"]


# -- V-DRAW-FIXED ----------------------------------------------------------------------------------


def test_v_draw_fixed_exactly_draws_n_cards_in_one_go():
    opts = {"V-DRAW-FIXED": {"n": 3, "mode": "exactly"}}
    pos = three(["G1", "B2"], ["G2", "Y9", "B9", "R4"], options=opts)
    pos, events = apply(pos, draw(0))
    assert pos.hands[0] == ["G1", "B2", "G2", "Y9", "B9"]
    assert pos.draw_pile[0] == "R4"


def test_v_draw_fixed_exactly_three_draws_then_the_turn_ends():
    opts = {"V-DRAW-FIXED": {"n": 3, "mode": "exactly"}}
    pos = three(["G1", "B2"], ["G2", "Y9", "B9", "R4"], options=opts)
    while pos.to_act == 0:
        pos, _ = apply(pos, draw(0))
    assert pos.hands[0] == ["G1", "B2", "G2", "Y9", "B9"]
    assert pos.to_act == 1


def test_v_draw_fixed_may_play_any_one_of_the_cards_drawn_this_turn():
    opts = {"V-DRAW-FIXED": {"n": 3, "mode": "exactly"}}
    pos = three(["R1", "B2"], ["R2", "Y7", "B9"], options=opts)
    pos, _ = apply(pos, draw(0))
    while legal_actions(pos) == [draw(0)]:
        pos, _ = apply(pos, draw(0))
    plays = sorted(a["card"] for a in legal_actions(pos) if a["type"] == "play")
    assert plays == ["R2", "Y7"]
    refused(pos, play(0, "R1"), "DRAW-THEN-PLAY")
    after, _ = apply(pos, play(0, "Y7"))
    assert after.colour == "Y"
    assert after.hands[0] == ["R1", "B2", "R2", "B9"]


def test_v_draw_fixed_at_most_may_stop_or_draw_again_up_to_n():
    opts = {"V-DRAW-FIXED": {"n": 2, "mode": "at_most"}}
    pos = three(["G1", "B2"], ["R2", "Y9", "B9"], options=opts)
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [play(0, "R2"), draw(0), pass_(0)]  # a legal card does not stop it
    pos, _ = apply(pos, draw(0))
    assert pos.hands[0] == ["G1", "B2", "R2", "Y9"]
    assert legal_actions(pos) == [play(0, "R2"), pass_(0)]


@pytest.mark.parametrize("mode", ["exactly", "at_most"])
def test_v_draw_fixed_penalty_draws_are_unchanged(mode):
    opts = {"V-DRAW-FIXED": {"n": 3, "mode": mode}}
    pos = position(
        players=3,
        hands=[["RD2", "G1"], ["B1", "B3"], ["Y3", "Y4"]],
        top="R7",
        draw_pile=["G2", "G3", "G4"],
        options=opts,
    )
    new, _ = apply(pos, play(0, "RD2"))
    assert new.hands[1] == ["B1", "B3", "G2", "G3"]
    assert new.to_act == 2
