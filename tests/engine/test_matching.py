"""Which card may be played: PLAY-MATCH, MATCH-ON-WILD, WILD-ANYTIME, and refused plays."""

from __future__ import annotations

import pytest
from enginekit import colour, draw, pass_, play, position, refused, rules_of, run, seat_action

from unospec.reference import apply, legal_actions


def three(hand0, top="R7", **kw):
    if "discard_pile" not in kw:
        kw["top"] = top
    return position(players=3, hands=[hand0, ["B1", "B2"], ["Y3", "Y5"]], **kw)


# -- PLAY-MATCH -----------------------------------------------------------------------------


def test_play_match_by_colour():
    pos = three(["R2", "G5"])
    new, events = apply(pos, play(0, "R2"))
    assert new.discard_pile == ["R7", "R2"]
    assert new.hands[0] == ["G5"]
    assert new.colour == "R"
    assert new.to_act == 1
    assert events[0] == {"type": "card_played", "rule": "PLAY-MATCH", "seat": 0, "card": "R2"}


def test_play_match_by_number_changes_the_colour():
    pos = three(["G7", "B5"])
    new, _ = apply(pos, play(0, "G7"))
    assert new.colour == "G"
    assert new.discard_pile[-1] == "G7"


@pytest.mark.parametrize("top,card", [("RS", "BS"), ("YR", "GR"), ("GD2", "RD2")])
def test_play_match_by_symbol_regardless_of_colour(top, card):
    pos = three([card, "B9"] if card[0] != "B" else [card, "Y9"], top=top)
    assert play(0, card) in legal_actions(pos)
    new, _ = apply(pos, play(0, card))
    assert new.colour == card[0]


def test_play_match_on_red_seven_every_red_card_and_every_seven_is_legal():
    pos = three(["R1", "RS", "G7", "B7", "G1", "YS", "BD2"])
    plays = sorted(a["card"] for a in legal_actions(pos) if a["type"] == "play")
    assert plays == ["B7", "G7", "R1", "RS"]


def test_play_match_card_matching_neither_colour_nor_face_is_refused():
    pos = three(["G5", "B2"])
    err = refused(pos, play(0, "G5"), "PLAY-MATCH")
    assert err.field == "/card"


def test_play_match_action_card_does_not_match_a_number_card_of_another_colour():
    pos = three(["GS", "B2"])
    refused(pos, play(0, "GS"), "PLAY-MATCH")


def test_play_match_skip_does_not_match_a_reverse():
    pos = three(["GS", "B2"], top="RR")
    refused(pos, play(0, "GS"), "PLAY-MATCH")


def test_current_colour_after_a_play_is_the_played_cards_colour():
    pos = three(["R5", "G1"], top="B5", colour="B")
    new, _ = apply(pos, play(0, "R5"))
    assert new.colour == "R"


# -- MATCH-ON-WILD --------------------------------------------------------------------------


def test_match_on_wild_named_colour_is_legal():
    pos = three(["G2", "B3"], discard_pile=["R7", "W"], colour="G")
    plays = [a["card"] for a in legal_actions(pos) if a["type"] == "play"]
    assert plays == ["G2"]


def test_match_on_wild_card_under_the_wild_does_not_count():
    pos = three(["R7", "Y7", "B3"], discard_pile=["R7", "W"], colour="G")
    refused(pos, play(0, "Y7"), "MATCH-ON-WILD")
    refused(pos, play(0, "R7"), "MATCH-ON-WILD")


def test_match_on_wild_draw_four_only_named_colour_follows():
    pos = three(["B4", "Y4"], discard_pile=["Y4", "WD4"], colour="B")
    assert [a["card"] for a in legal_actions(pos) if a["type"] == "play"] == ["B4"]
    refused(pos, play(0, "Y4"), "MATCH-ON-WILD")


def test_match_on_wild_another_wild_is_always_legal():
    pos = three(["W", "R1"], discard_pile=["R7", "W"], colour="G")
    assert play(0, "W") in legal_actions(pos)


# -- WILD-ANYTIME, WILD-COLOUR-CHOICE -------------------------------------------------------


def test_wild_anytime_playable_while_holding_the_current_colour():
    pos = three(["W", "R1", "R7"])
    new, events = apply(pos, play(0, "W"))
    assert new.phase == "colour"
    assert new.to_act == 0
    assert new.discard_pile[-1] == "W"
    assert events[0]["rule"] == "WILD-ANYTIME"


def test_wild_colour_choice_names_the_current_colour_and_passes_the_turn():
    pos = three(["W", "R1"])
    new, events = run(pos, play(0, "W"), colour(0, "B"))
    assert new.colour == "B"
    assert new.to_act == 1
    assert new.phase == "turn"
    assert "WILD-COLOUR-CHOICE" in rules_of(events)


def test_wild_colour_choice_may_repeat_the_current_colour():
    pos = three(["W", "R1"])
    assert colour(0, "R") in legal_actions(run(pos, play(0, "W"))[0])
    new, _ = run(pos, play(0, "W"), colour(0, "R"))
    assert new.colour == "R"


def test_wild_colour_choice_must_be_one_of_four_colours():
    pos, _ = apply(three(["W", "R1"]), play(0, "W"))
    refused(pos, colour(0, "P"), "WILD-COLOUR-CHOICE")


def test_wild_colour_choice_required_before_anything_else():
    pos, _ = apply(three(["W", "R1"]), play(0, "W"))
    refused(pos, play(0, "R1"), "WILD-COLOUR-CHOICE")
    refused(pos, play(1, "B1"), "TURN-ADVANCE")


def test_wild_colour_choice_is_refused_when_no_wild_was_played():
    pos = three(["R1", "G1"])
    refused(pos, colour(0, "G"), "WILD-COLOUR-CHOICE")


def test_wild_anytime_never_out_of_turn():
    pos = position(players=3, hands=[["R1"], ["W", "B2"], ["Y3"]], top="R7")
    err = refused(pos, play(1, "W"), "TURN-ADVANCE")
    assert err.field == "/seat"


def test_wild_anytime_not_an_answer_to_a_draw_two():
    pos = position(players=3, hands=[["RD2", "G1"], ["W", "B2"], ["Y3", "Y4"]], top="R7")
    new, _ = apply(pos, play(0, "RD2"))
    assert new.to_act == 2
    assert "W" in new.hands[1]
    assert len(new.hands[1]) == 4


# -- TURN-ACTION, ONE-CARD-PER-TURN, TURN-ADVANCE, P-ILLEGAL-PLAY-REJECTED -----------------


def test_turn_advance_clockwise_to_the_next_seat():
    pos = position(
        players=4,
        hands=[["R1", "G1"], ["B1", "B2"], ["Y1", "Y2"], ["R2", "G2"]],
        top="R7",
        to_act=3,
    )
    new, _ = apply(pos, play(3, "R2"))
    assert new.to_act == 0


def test_turn_advance_counter_clockwise_after_a_reverse():
    pos = position(
        players=4,
        hands=[["R1", "G1"], ["B1", "B2"], ["Y1", "Y2"], ["R2", "G2"]],
        top="R7",
        direction=-1,
    )
    new, _ = apply(pos, play(0, "R1"))
    assert new.to_act == 3
    assert new.direction == -1


def test_one_card_per_turn_second_card_is_refused():
    pos = three(["R1", "R2", "R3"])
    new, _ = apply(pos, play(0, "R1"))
    refused(new, play(0, "R2"), "ONE-CARD-PER-TURN")
    assert [a for a in legal_actions(new) if a["seat"] == 0] == []


def test_turn_action_pass_without_drawing_is_refused():
    pos = three(["G1", "B2"])
    refused(pos, pass_(0), "TURN-ACTION")


def test_illegal_play_card_not_in_hand_is_refused():
    pos = three(["G1", "B2"])
    err = refused(pos, play(0, "R5"), "P-ILLEGAL-PLAY-REJECTED")
    assert err.field == "/card"


def test_illegal_play_unknown_card_code_is_refused():
    pos = three(["G1", "B2"])
    refused(pos, play(0, "X9"), "P-ILLEGAL-PLAY-REJECTED")


def test_illegal_play_unknown_action_type_and_bad_seat_are_refused():
    pos = three(["G1", "B2"])
    refused(pos, {"type": "fold", "seat": 0}, "P-ILLEGAL-PLAY-REJECTED")
    refused(pos, play(7, "G1"), "P-ILLEGAL-PLAY-REJECTED")
    refused(pos, seat_action("draw", 2), "TURN-ADVANCE")


def test_illegal_play_out_of_turn_is_refused():
    pos = three(["G1", "B2"])
    refused(pos, draw(1), "TURN-ADVANCE")


def test_illegal_play_refusal_leaves_no_penalty():
    pos = three(["G5", "B2"])
    refused(pos, play(0, "G5"), "PLAY-MATCH")
    new, _ = apply(pos, draw(0))  # the same position still allows the normal turn
    assert len(new.hands[0]) == 3


def test_no_card_exchange_swap_is_refused_without_seven_zero():
    pos = three(["G5", "B2"])
    refused(pos, seat_action("swap", 0, target=1), "NO-CARD-EXCHANGE")


def test_legal_actions_only_the_seat_to_act_may_play():
    pos = position(players=3, hands=[["R1"], ["R2", "R3"], ["R4", "R5"]], top="R7", to_act=1)
    assert {a["seat"] for a in legal_actions(pos)} == {1}
    assert legal_actions(pos) == [play(1, "R2"), play(1, "R3"), draw(1)]
