"""The starter card (FIRST-DISCARD-FLIP and every FIRST-CARD-* rule), and V-FIRST-CARD-NO-SPECIAL."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import (
    FULL_DECK,
    choose_dealer,
    colour,
    deal_action,
    deck_total,
    draw,
    of_type,
    play,
    refused,
    rules_of,
    run,
)

from unospec.reference import IllegalAction, apply, dump, legal_actions, load


def dealt(players, dealer, starter, hands=None, draw_top=(), profile="official", options=None):
    pos = choose_dealer(players, dealer, profile, options)
    deal = deal_action(players, starter, hands, draw_top)
    new, events = apply(pos, deal)
    return new, events, deal


# -- FIRST-CARD-NUMBER ----------------------------------------------------------------------


def test_first_card_number_has_no_effect_left_of_dealer_begins_clockwise():
    pos, events, deal = dealt(4, 1, "Y7")
    assert pos.discard_pile == ["Y7"]
    assert pos.colour == "Y"
    assert pos.to_act == 2
    assert pos.direction == 1
    assert pos.hands == deal["hands"]
    assert rules_of(events) == ["DEAL-SEVEN"]
    assert pos.last_played_by is None


def test_first_card_number_dealer_on_the_last_seat_gives_seat_zero_the_first_turn():
    pos, _, _ = dealt(3, 2, "B0")
    assert pos.to_act == 0
    assert pos.colour == "B"


# -- FIRST-CARD-SKIP ------------------------------------------------------------------------


def test_first_card_skip_player_left_of_dealer_is_skipped():
    pos, events, deal = dealt(4, 0, "GS")
    assert pos.to_act == 2
    assert pos.colour == "G"
    assert pos.direction == 1
    assert of_type(events, "turn_skipped") == [
        {"type": "turn_skipped", "rule": "FIRST-CARD-SKIP", "seat": 1}
    ]
    assert pos.hands == deal["hands"]  # nobody draws


def test_first_card_skip_two_players_dealer_plays_first():
    pos, _, _ = dealt(2, 1, "RS")
    assert pos.to_act == 1
    assert pos.colour == "R"


# -- FIRST-CARD-REVERSE ---------------------------------------------------------------------


def test_first_card_reverse_dealer_begins_counter_clockwise():
    pos, events, _ = dealt(4, 1, "BR")
    assert pos.to_act == 1
    assert pos.direction == -1
    assert pos.colour == "B"
    assert "FIRST-CARD-REVERSE" in rules_of(events)


def test_first_card_reverse_player_on_dealers_right_goes_second():
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["B2", "G1", "G2", "G3", "G4", "G5", "G6"],
        ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
        ["R8", "R9", "G7", "G8", "G9", "Y8", "Y9"],
    ]
    pos, _, _ = dealt(4, 1, "BR", hands=hands)
    pos, _ = apply(pos, play(1, "B2"))
    assert pos.to_act == 0  # the dealer's right-hand neighbour
    assert pos.direction == -1


def test_first_card_reverse_two_players_dealer_plays_first():
    pos, _, _ = dealt(2, 0, "YR")
    assert pos.to_act == 0
    assert pos.direction == -1


# -- FIRST-CARD-DRAW-TWO --------------------------------------------------------------------


def test_first_card_draw_two_left_of_dealer_draws_two_and_loses_the_turn():
    pos, events, deal = dealt(3, 0, "YD2", draw_top=["R4", "G6", "B8"])
    assert pos.hands[1] == deal["hands"][1] + ["R4", "G6"]
    assert pos.draw_pile[0] == "B8"
    assert pos.to_act == 2
    assert pos.colour == "Y"
    assert of_type(events, "turn_skipped")[0]["seat"] == 1
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "rule": "FIRST-CARD-DRAW-TWO", "seat": 1, "cards": ["R4", "G6"]}
    ]


def test_first_card_draw_two_two_players_non_dealer_draws_dealer_plays_first():
    pos, _, deal = dealt(2, 0, "GD2", draw_top=["R4", "G6"])
    assert pos.hands[1] == deal["hands"][1] + ["R4", "G6"]
    assert len(pos.hands[0]) == 7
    assert pos.to_act == 0


def test_first_card_draw_two_is_not_open_to_stacking():
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["BD2", "B1", "B2", "B3", "B4", "B5", "B6"],
        ["G1", "G2", "G3", "G4", "G5", "G6", "G7"],
    ]
    pos, _, _ = dealt(3, 0, "GD2", hands=hands, options={"V-STACK-DRAW": True})
    assert pos.phase == "turn"
    assert pos.to_act == 2
    assert len(pos.hands[1]) == 9


# -- FIRST-CARD-WILD ------------------------------------------------------------------------


def test_first_card_wild_left_of_dealer_names_the_colour():
    pos, _, _ = dealt(4, 2, "W")
    assert pos.phase == "colour"
    assert pos.to_act == 3
    assert pos.colour is None
    assert legal_actions(pos) == [colour(3, c) for c in "RYGB"]


def test_first_card_wild_same_player_then_takes_an_ordinary_turn():
    pos, _, _ = dealt(4, 2, "W")
    pos, events = apply(pos, colour(3, "G"))
    assert pos.phase == "turn"
    assert pos.to_act == 3
    assert pos.colour == "G"
    assert pos.direction == 1
    assert events == [
        {"type": "colour_named", "rule": "WILD-COLOUR-CHOICE", "seat": 3, "colour": "G"}
    ]
    assert draw(3) in legal_actions(pos)


def test_first_card_wild_first_turn_must_match_the_named_colour():
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["G1", "B1", "B2", "B3", "B4", "B5", "B6"],
        ["G2", "G3", "G4", "G5", "G6", "G7", "G8"],
    ]
    pos, _, _ = dealt(3, 0, "W", hands=hands)
    pos, _ = apply(pos, colour(1, "G"))
    plays = [a["card"] for a in legal_actions(pos) if a["type"] == "play"]
    assert plays == ["G1"]
    refused(pos, play(1, "B1"), "MATCH-ON-WILD")
    pos, _ = apply(pos, play(1, "G1"))
    assert pos.to_act == 2


def test_first_card_wild_first_player_may_draw_instead_of_playing():
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["G1", "B1", "B2", "B3", "B4", "B5", "B6"],
        ["G2", "G3", "G4", "G5", "G6", "G7", "G8"],
    ]
    pos, _, _ = dealt(3, 0, "W", hands=hands, draw_top=["Y9"])
    pos, _ = run(pos, colour(1, "G"), draw(1))
    assert pos.hands[1][-1] == "Y9"
    assert pos.to_act == 2  # the drawn yellow 9 is not playable on green


def test_first_card_wild_named_colour_is_the_wd4_restriction_colour():
    hands = [
        ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
        ["WD4", "B1", "B2", "B3", "B4", "B5", "B6"],
        ["G2", "G3", "G4", "G5", "G6", "G7", "G8"],
    ]
    pos, _, _ = dealt(3, 0, "W", hands=hands, options={"WD4-BLUFF.wd4_enforcement": "engine"})
    blue, _ = apply(pos, colour(1, "B"))
    refused(blue, play(1, "WD4"), "WD4-RESTRICTION")
    green, _ = apply(pos, colour(1, "G"))
    assert play(1, "WD4") in legal_actions(green)


def test_first_card_wild_any_colour_even_under_must_change_colour():
    pos, _, _ = dealt(3, 0, "W", options={"V-WILD-MUST-CHANGE-COLOUR": True})
    assert sorted(a["colour"] for a in legal_actions(pos)) == ["B", "G", "R", "Y"]


# -- FIRST-CARD-WD4 -------------------------------------------------------------------------


def test_first_card_wd4_is_returned_and_the_draw_pile_shuffled():
    pos, events, deal = dealt(3, 0, "WD4")
    assert pos.discard_pile == []
    assert pos.colour is None
    assert pos.chance["type"] == "shuffle"
    assert Counter(pos.chance["cards"]) == Counter(deal["draw_pile"] + ["WD4"])
    assert pos.hands == deal["hands"]  # nobody draws
    assert of_type(events, "starter_returned") == [
        {"type": "starter_returned", "rule": "FIRST-CARD-WD4", "card": "WD4"}
    ]
    assert legal_actions(pos) == []


def test_first_card_wd4_new_starter_is_the_top_of_the_shuffled_pile():
    pos, _, deal = dealt(3, 0, "WD4")
    order = sorted(pos.chance["cards"], key=lambda c: c != "B3")  # B3 first
    pos, events = apply(pos, {"type": "shuffle", "order": order})
    assert pos.discard_pile == ["B3"]
    assert pos.draw_pile == order[1:]
    assert pos.colour == "B"
    assert pos.to_act == 1
    assert pos.hands == deal["hands"]
    assert events[0] == {"type": "starter_flipped", "rule": "FIRST-DISCARD-FLIP", "card": "B3"}
    assert deck_total(pos) == FULL_DECK


def test_first_card_wd4_repeats_while_a_wd4_turns_up():
    pos, _, _ = dealt(3, 0, "WD4")
    order = sorted(pos.chance["cards"], key=lambda c: c != "WD4")
    pos, events = apply(pos, {"type": "shuffle", "order": order})
    assert pos.chance["type"] == "shuffle"
    assert pos.discard_pile == []
    assert "FIRST-CARD-WD4" in rules_of(events)


def test_first_card_wd4_final_starter_follows_its_own_rule():
    pos, _, deal = dealt(4, 0, "WD4")
    order = sorted(pos.chance["cards"], key=lambda c: c != "YS")
    pos, events = apply(pos, {"type": "shuffle", "order": order})
    assert pos.discard_pile == ["YS"]
    assert pos.to_act == 2
    assert "FIRST-CARD-SKIP" in rules_of(events)


def test_first_card_wd4_shuffle_must_be_a_permutation():
    pos, _, _ = dealt(3, 0, "WD4")
    order = list(pos.chance["cards"])
    order[0] = "R0" if order[0] != "R0" else "R1"
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, {"type": "shuffle", "order": order})
    assert info.value.rule == "RESHUFFLE"
    assert dump(pos) == before


# -- V-EXT-FIRST-WILD-REDRAW ----------------------------------------------------------------


def test_v_ext_first_wild_redraw_wild_starter_is_shuffled_back():
    pos, events, _ = dealt(3, 0, "W", options={"V-EXT-FIRST-WILD-REDRAW": True})
    assert pos.chance["type"] == "shuffle"
    assert "W" in pos.chance["cards"]
    assert pos.discard_pile == []
    assert "V-EXT-FIRST-WILD-REDRAW" in rules_of(events)


# -- V-FIRST-CARD-NO-SPECIAL ----------------------------------------------------------------


@pytest.mark.parametrize("starter", ["RS", "GR", "BD2", "W", "WD4"])
def test_v_first_card_no_special_reshuffle_returns_any_special_starter(starter):
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "reshuffle"}}
    pos, events, deal = dealt(3, 0, starter, options=opts)
    assert pos.discard_pile == []
    assert pos.chance["type"] == "shuffle"
    assert starter in pos.chance["cards"]
    assert pos.hands == deal["hands"]
    assert of_type(events, "starter_returned")[0]["rule"] == "V-FIRST-CARD-NO-SPECIAL"


def test_v_first_card_no_special_reshuffle_until_a_number_then_left_of_dealer_begins():
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "reshuffle"}}
    pos, _, _ = dealt(3, 0, "GR", options=opts)
    order = sorted(pos.chance["cards"], key=lambda c: c != "YD2")
    pos, _ = apply(pos, {"type": "shuffle", "order": order})
    assert pos.chance["type"] == "shuffle"  # a Draw Two is special too
    order = sorted(pos.chance["cards"], key=lambda c: c != "Y5")
    pos, _ = apply(pos, {"type": "shuffle", "order": order})
    assert pos.discard_pile == ["Y5"]
    assert pos.to_act == 1
    assert pos.direction == 1
    assert pos.colour == "Y"


def test_v_first_card_no_special_bury_puts_the_card_at_the_bottom_and_turns_the_next():
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "bury"}}
    pos, events, deal = dealt(3, 0, "BS", draw_top=["G7", "R1"], options=opts)
    assert pos.chance is None
    assert pos.discard_pile == ["G7"]
    assert pos.draw_pile[0] == "R1"
    assert pos.draw_pile[-1] == "BS"
    assert pos.to_act == 1  # the Skip had no effect
    assert pos.colour == "G"
    assert of_type(events, "starter_returned")[0]["procedure"] == "bury"


def test_v_first_card_no_special_bury_repeats_until_a_number_card():
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "bury"}}
    pos, _, _ = dealt(3, 0, "W", draw_top=["WD4", "RD2", "B2"], options=opts)
    assert pos.discard_pile == ["B2"]
    assert pos.draw_pile[-3:] == ["W", "WD4", "RD2"]
    assert pos.to_act == 1
    assert all(len(h) == 7 for h in pos.hands)


def test_v_first_card_no_special_set_aside_leaves_the_card_under_the_starter():
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "set_aside"}}
    pos, _, _ = dealt(3, 0, "YR", draw_top=["R8"], options=opts)
    assert pos.discard_pile == ["YR", "R8"]
    assert pos.colour == "R"
    assert pos.direction == 1
    assert pos.to_act == 1


def test_v_first_card_no_special_set_aside_card_joins_the_next_reshuffle():
    opts = {"V-FIRST-CARD-NO-SPECIAL": {"procedure": "set_aside"}}
    pos, _, _ = dealt(3, 0, "YR", draw_top=["R8"], options=opts)
    data = dump(pos)
    data["hands"][2] += data["draw_pile"]  # empty the draw pile to force a reshuffle
    data["draw_pile"] = []
    pos = load(data)
    pos, _ = apply(pos, draw(1))
    assert pos.chance == {"type": "shuffle", "purpose": "reshuffle", "cards": ["YR"]}
    assert pos.discard_pile == ["YR", "R8"]


def test_fi_wikipedia_profile_returns_a_special_starter():
    pos, events, _ = dealt(3, 0, "RD2", profile="fi-wikipedia")
    assert pos.chance["type"] == "shuffle"
    assert "V-FIRST-CARD-NO-SPECIAL" in rules_of(events)
    assert all(len(h) == 7 for h in pos.hands)
