"""Action cards: SKIP-EFFECT, REVERSE-EFFECT, DRAW-TWO-EFFECT, NO-STACKING and the two-player rules."""

from __future__ import annotations

from enginekit import colour, draw, drawn_cards, of_type, play, position, refused, rules_of, run

from unospec.reference import apply, legal_actions

FOUR = [["R1", "G1", "B1"], ["R2", "G2", "B2"], ["R3", "G3", "B3"], ["R4", "G4", "B4"]]


def four(hand_extra=(), seat=0, top="R7", **kw):
    hands = [list(h) for h in FOUR]
    hands[seat] = hands[seat] + list(hand_extra)
    return position(players=4, hands=hands, top=top, to_act=seat, **kw)


# -- SKIP-EFFECT ----------------------------------------------------------------------------


def test_skip_effect_next_player_loses_the_turn():
    pos = four(["RS"])
    new, events = apply(pos, play(0, "RS"))
    assert new.to_act == 2
    assert new.direction == 1
    assert of_type(events, "turn_skipped") == [
        {"type": "turn_skipped", "rule": "SKIP-EFFECT", "seat": 1}
    ]
    assert [len(h) for h in new.hands] == [3, 3, 3, 3]


def test_skip_effect_counter_clockwise():
    pos = four(["RS"], direction=-1)
    new, events = apply(pos, play(0, "RS"))
    assert new.to_act == 2
    assert of_type(events, "turn_skipped")[0]["seat"] == 3


def test_skip_effect_wraps_around_the_table():
    pos = four(["RS"], seat=3)
    new, _ = apply(pos, play(3, "RS"))
    assert new.to_act == 1


def test_skip_effect_skip_on_skip_of_another_colour():
    pos = four(["GS"], top="RS")
    new, _ = apply(pos, play(0, "GS"))
    assert new.colour == "G"
    assert new.to_act == 2


def test_skip_effect_skipped_player_cannot_act():
    new, _ = apply(four(["RS"]), play(0, "RS"))
    refused(new, play(1, "R2"), "TURN-ADVANCE")


# -- REVERSE-EFFECT -------------------------------------------------------------------------


def test_reverse_effect_flips_direction_and_previous_player_goes_next():
    pos = four(["RR"], seat=2)
    new, events = apply(pos, play(2, "RR"))
    assert new.direction == -1
    assert new.to_act == 1
    assert {"type": "direction_reversed", "rule": "REVERSE-EFFECT"} in events


def test_reverse_effect_reverse_again_restores_clockwise():
    pos = four(["RR"], seat=2, direction=-1)
    new, _ = apply(pos, play(2, "RR"))
    assert new.direction == 1
    assert new.to_act == 3


def test_reverse_effect_with_three_players():
    pos = position(players=3, hands=[["BR", "G1"], ["B1", "B2"], ["Y3", "Y4"]], top="B7")
    new, _ = apply(pos, play(0, "BR"))
    assert new.direction == -1
    assert new.to_act == 2


def test_reverse_effect_later_turns_follow_the_new_direction():
    pos = four(["RR", "R9"], seat=2)
    new, _ = run(pos, play(2, "RR"), play(1, "R2"))
    assert new.to_act == 0
    new, _ = apply(new, play(0, "R1"))
    assert new.to_act == 3


# -- DRAW-TWO-EFFECT, NO-STACKING -----------------------------------------------------------


def test_draw_two_effect_next_player_draws_two_and_loses_the_turn():
    pos = four(["RD2"], draw_pile=["Y5", "Y6", "Y7"])
    new, events = apply(pos, play(0, "RD2"))
    assert new.hands[1] == ["R2", "G2", "B2", "Y5", "Y6"]
    assert new.draw_pile[0] == "Y7"
    assert new.to_act == 2
    assert drawn_cards(events, 1) == ["Y5", "Y6"]
    assert {"type": "turn_skipped", "rule": "DRAW-TWO-EFFECT", "seat": 1} in events
    assert of_type(events, "cards_drawn")[0]["rule"] == "DRAW-TWO-EFFECT"


def test_draw_two_effect_counter_clockwise_hits_the_previous_seat():
    pos = four(["RD2"], direction=-1, draw_pile=["Y5", "Y6"])
    new, _ = apply(pos, play(0, "RD2"))
    assert new.hands[3] == ["R4", "G4", "B4", "Y5", "Y6"]
    assert new.to_act == 2


def test_no_stacking_victim_holding_a_draw_two_still_draws():
    hands = [list(h) for h in FOUR]
    hands[0].append("RD2")
    hands[1].append("GD2")
    pos = position(players=4, hands=hands, top="R7", draw_pile=["Y5", "Y6"])
    new, _ = apply(pos, play(0, "RD2"))
    assert new.phase == "turn"
    assert new.to_act == 2
    assert new.hands[1] == ["R2", "G2", "B2", "GD2", "Y5", "Y6"]
    assert [a for a in legal_actions(new) if a["seat"] == 1 and a["type"] == "play"] == []


def test_no_stacking_victim_holding_wd4_or_wild_cannot_answer():
    hands = [list(h) for h in FOUR]
    hands[0].append("RD2")
    hands[1] += ["WD4", "W"]
    pos = position(players=4, hands=hands, top="R7")
    new, _ = apply(pos, play(0, "RD2"))
    assert new.to_act == 2
    assert len(new.hands[1]) == 7
    refused(new, play(1, "W"), "TURN-ADVANCE")


def test_no_stacking_draw_two_on_draw_two_is_a_normal_match_on_a_later_turn():
    pos = four(["GD2"], seat=2, top="RD2", colour="R")
    new, events = apply(pos, play(2, "GD2"))
    assert new.colour == "G"
    assert new.to_act == 0
    assert len(new.hands[3]) == 5
    assert "DRAW-TWO-EFFECT" in rules_of(events)


def test_no_stacking_wd4_victim_may_only_challenge_or_accept():
    hands = [list(h) for h in FOUR]
    hands[0] = ["G1", "B1", "WD4"]
    hands[1].append("WD4")
    pos = position(players=4, hands=hands, top="R7")
    new, _ = run(pos, play(0, "WD4"), colour(0, "B"))
    assert new.phase == "challenge"
    assert legal_actions(new) == [{"type": "challenge", "seat": 1}, {"type": "accept", "seat": 1}]
    refused(new, play(1, "WD4"), "WD4-CHALLENGE")


# -- TWO-PLAYER-SKIP, REVERSE-TWO-PLAYER, TWO-PLAYER-DRAW -------------------------------------


def two(hand0, top="R7", **kw):
    return position(players=2, hands=[hand0, ["B1", "B2", "B3"]], top=top, **kw)


def test_two_player_skip_gives_the_player_another_turn():
    pos = two(["RS", "G1", "G2"])
    new, events = apply(pos, play(0, "RS"))
    assert new.to_act == 0
    assert new.phase == "turn"
    assert {"type": "turn_skipped", "rule": "TWO-PLAYER-SKIP", "seat": 1} in events
    assert legal_actions(new) == [draw(0)]  # a full turn: play a legal card or draw


def test_reverse_two_player_acts_as_skip_and_flips_direction():
    pos = two(["RR", "G1", "G2"])
    new, events = apply(pos, play(0, "RR"))
    assert new.to_act == 0
    assert new.direction == -1
    assert {"type": "direction_reversed", "rule": "REVERSE-TWO-PLAYER"} in events
    assert {"type": "turn_skipped", "rule": "REVERSE-TWO-PLAYER", "seat": 1} in events


def test_two_player_draw_two_opponent_draws_and_player_goes_again():
    pos = two(["RD2", "G1", "G2"], draw_pile=["Y5", "Y6"])
    new, events = apply(pos, play(0, "RD2"))
    assert new.hands[1] == ["B1", "B2", "B3", "Y5", "Y6"]
    assert new.to_act == 0
    assert {"type": "turn_skipped", "rule": "TWO-PLAYER-DRAW", "seat": 1} in events


def test_two_player_draw_wd4_accepted_opponent_draws_four_player_goes_again():
    pos = two(["WD4", "G1", "G2"], draw_pile=["Y5", "Y6", "Y7", "Y8"])
    new, _ = run(pos, play(0, "WD4"), colour(0, "G"), {"type": "accept", "seat": 1})
    assert new.hands[1] == ["B1", "B2", "B3", "Y5", "Y6", "Y7", "Y8"]
    assert new.to_act == 0
    assert new.colour == "G"


def test_two_player_draw_failed_challenge_opponent_draws_six_player_goes_again():
    pos = two(["WD4", "G1", "G2"], draw_pile=["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"])
    new, _ = run(pos, play(0, "WD4"), colour(0, "G"), {"type": "challenge", "seat": 1})
    assert new.hands[1] == ["B1", "B2", "B3", "Y1", "Y2", "Y3", "Y4", "Y5", "Y6"]
    assert new.to_act == 0
    assert new.draw_pile[0] == "Y7"


def test_two_player_number_card_passes_the_turn():
    pos = two(["R1", "G1"])
    new, _ = apply(pos, play(0, "R1"))
    assert new.to_act == 1
