"""Setting up a match: player count, the deck, choosing the dealer, the deal."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import (
    FULL_DECK,
    choose_dealer,
    deal_action,
    deck_total,
    refused,
    rules_of,
)

from unospec.reference import (
    IllegalAction,
    PositionError,
    apply,
    dump,
    legal_actions,
    load,
    new_game,
)
from unospec.reference.chance import deal_round_robin
from unospec.reference.position import complete
from unospec.spec.cards import (
    CANONICAL_DECK,
    COLOURS,
    DECK_SIZE,
    is_action,
    is_number,
    is_special,
    is_wild,
)

# -- PLAYER-COUNT ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 11))
def test_player_count_two_to_ten_players_may_start_a_match(players):
    pos = new_game(players)
    assert pos.players == players
    assert pos.phase == "dealer"
    assert pos.chance == {"type": "dealer_draw", "seats": list(range(players))}
    assert pos.hands == [[] for _ in range(players)]


@pytest.mark.parametrize("players", [0, 1, 11, 12])
def test_player_count_outside_two_to_ten_is_refused(players):
    with pytest.raises(IllegalAction) as info:
        new_game(players)
    assert info.value.rule == "PLAYER-COUNT"


@pytest.mark.parametrize("players", [1, 11])
def test_player_count_position_outside_two_to_ten_cannot_be_loaded(players):
    data = complete({"players": 2, "hands": [["R1"], ["R2"]], "top": "R3"})
    data["players"] = players
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.rule == "PLAYER-COUNT"
    assert info.value.field == "/players"


# -- DECK-COMPOSITION, CARD-CLASSES ----------------------------------------------------------


def test_deck_composition_has_108_cards_of_the_right_kinds():
    deck = Counter(CANONICAL_DECK)
    assert DECK_SIZE == 108 and sum(deck.values()) == 108
    for c in COLOURS:
        coloured = {k: n for k, n in deck.items() if k[0] == c and k not in ("W", "WD4")}
        assert sum(coloured.values()) == 25
        assert coloured[c + "0"] == 1
        for n in range(1, 10):
            assert coloured[f"{c}{n}"] == 2
        for face in ("S", "R", "D2"):
            assert coloured[c + face] == 2
    assert deck["W"] == 4
    assert deck["WD4"] == 4
    assert sum(n for k, n in deck.items() if k not in ("W", "WD4")) == 100


def test_card_classes_every_card_is_in_exactly_one_class():
    for card in set(CANONICAL_DECK):
        classes = [is_number(card), is_action(card), is_wild(card)]
        assert classes.count(True) == 1, card
        assert is_special(card) == (not is_number(card))
    assert is_action("GS") and is_action("BR") and is_action("YD2")
    assert is_wild("W") and is_wild("WD4")
    assert is_number("R0") and is_number("B9")


def test_deck_composition_position_missing_a_card_is_rejected():
    data = complete({"players": 2, "hands": [["R1"], ["R2"]], "top": "R3"})
    data["draw_pile"].remove("WD4")
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.rule == "DECK-COMPOSITION"


def test_deck_composition_position_with_an_extra_copy_is_rejected():
    data = complete({"players": 2, "hands": [["R1"], ["R2"]], "top": "R3"})
    data["draw_pile"].remove("B5")
    data["hands"][0].append("R0")  # a second red 0 does not exist
    with pytest.raises(PositionError) as info:
        load(data)
    assert info.value.rule == "DECK-COMPOSITION"


def test_deck_composition_deal_that_is_not_the_deck_is_refused():
    pos = choose_dealer(3, 0)
    deal = deal_action(3, "R5")
    deal["draw_pile"][-1] = "R0"  # one card swapped for a second red 0
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, deal)
    assert info.value.rule == "DECK-COMPOSITION"
    assert dump(pos) == before


def test_deck_composition_dealer_draw_of_impossible_cards_is_refused():
    pos = new_game(2)
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, {"type": "dealer_draw", "cards": ["R0", "R0"]})
    assert info.value.rule == "DECK-COMPOSITION"
    assert dump(pos) == before


# -- DEALER-SELECTION, P-DEALER-TIE -----------------------------------------------------------


def test_dealer_selection_highest_number_deals():
    pos = new_game(4)
    pos, events = apply(pos, {"type": "dealer_draw", "cards": ["R3", "G8", "B5", "Y2"]})
    assert pos.dealer == 1
    assert ("dealer_chosen", "DEALER-SELECTION", 1) in [
        (e["type"], e["rule"], e.get("seat")) for e in events
    ]
    assert pos.chance["type"] == "deal"
    assert pos.chance["dealer"] == 1


def test_dealer_selection_action_and_wild_cards_count_zero():
    pos = new_game(4)
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": ["WD4", "RS", "G1", "W"]})
    assert pos.dealer == 2


def test_dealer_selection_zero_beats_nothing_but_ties_with_action_cards():
    pos = new_game(3)
    pos, events = apply(pos, {"type": "dealer_draw", "cards": ["R0", "BD2", "W"]})
    assert pos.dealer is None
    assert pos.chance == {"type": "dealer_draw", "seats": [0, 1, 2]}
    assert "P-DEALER-TIE" in rules_of(events)


def test_dealer_tie_only_tied_players_draw_again():
    pos = new_game(4)
    pos, events = apply(pos, {"type": "dealer_draw", "cards": ["R9", "G2", "B9", "Y2"]})
    assert pos.dealer is None
    assert pos.chance == {"type": "dealer_draw", "seats": [0, 2]}
    tie = [e for e in events if e["type"] == "dealer_tie"]
    assert tie == [{"type": "dealer_tie", "rule": "P-DEALER-TIE", "seats": [0, 2]}]
    assert legal_actions(pos) == []


def test_dealer_tie_repeats_until_one_player_is_highest():
    pos = new_game(5)
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": ["R7", "G7", "B7", "Y1", "R2"]})
    assert pos.chance["seats"] == [0, 1, 2]
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": ["R4", "GS", "B4"]})
    assert pos.chance["seats"] == [0, 2]
    pos, events = apply(pos, {"type": "dealer_draw", "cards": ["Y3", "G6"]})
    assert pos.dealer == 2
    assert events[-1] == {"type": "dealer_chosen", "rule": "DEALER-SELECTION", "seat": 2}


def test_dealer_tie_redraw_needs_one_card_per_tied_player():
    pos = new_game(3)
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": ["R9", "G9", "B1"]})
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, {"type": "dealer_draw", "cards": ["R1", "G2", "B3"]})
    assert info.value.rule == "DEALER-SELECTION"
    assert dump(pos) == before


def test_dealer_selection_cards_go_back_before_the_deal():
    pos = new_game(3)
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": ["R9", "G1", "B1"]})
    assert pos.hands == [[], [], []]
    assert pos.discard_pile == []
    assert Counter(pos.draw_pile) == FULL_DECK


def test_dealer_selection_waits_for_the_draw_before_any_seat_acts():
    pos = new_game(3)
    assert legal_actions(pos) == []
    refused(pos, {"type": "draw", "seat": 0}, "P-ILLEGAL-PLAY-REJECTED")
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, deal_action(3, "R5"))
    assert info.value.rule == "P-ILLEGAL-PLAY-REJECTED"
    assert dump(pos) == before


# -- DEAL-SEVEN, P-DEAL-ORDER, DRAW-PILE-INIT -------------------------------------------------


def test_deal_order_starts_left_of_the_dealer_clockwise():
    pos = choose_dealer(4, 2)
    assert pos.chance["seats"] == [3, 0, 1, 2]
    assert pos.chance["hand_size"] == 7


def test_deal_round_robin_gives_one_card_at_a_time_from_the_dealers_left():
    deck = list(CANONICAL_DECK)
    deal = deal_round_robin(deck, [1, 2, 0], 3)
    assert deal["hands"][1][:2] == [deck[0], deck[3]]
    assert deal["hands"][2][:2] == [deck[1], deck[4]]
    assert deal["hands"][0][:2] == [deck[2], deck[5]]
    assert deal["starter"] == deck[21]
    assert deal["draw_pile"] == deck[22:]


@pytest.mark.parametrize("players", [2, 4, 10])
def test_deal_seven_every_player_gets_seven_and_the_rest_is_the_draw_pile(players):
    pos = choose_dealer(players, 0)
    deck = list(reversed(CANONICAL_DECK))
    deal = deal_round_robin(deck, pos.chance["seats"], players)
    pos, events = apply(pos, deal)
    assert [len(h) for h in pos.hands] == [7] * players
    assert pos.hands == deal["hands"]
    assert pos.discard_pile[0] == deal["starter"]
    assert len(pos.draw_pile) + len(pos.discard_pile) == DECK_SIZE - 7 * players
    assert deck_total(pos) == FULL_DECK
    assert events[0]["rule"] == "DEAL-SEVEN"


def test_deal_seven_a_hand_of_six_is_refused():
    pos = choose_dealer(3, 0)
    deal = deal_action(3, "R5")
    deal["draw_pile"].append(deal["hands"][1].pop())
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, deal)
    assert info.value.rule == "DEAL-SEVEN"
    assert info.value.field == "/hands/1"
    assert dump(pos) == before


def test_draw_pile_init_undealt_cards_form_the_draw_pile_top_first():
    pos = choose_dealer(2, 1)
    deal = deal_action(2, "B6", draw_top=["G3", "Y8"])
    pos, _ = apply(pos, deal)
    assert pos.draw_pile == deal["draw_pile"]
    assert pos.draw_pile[:2] == ["G3", "Y8"]
    assert len(pos.draw_pile) == DECK_SIZE - 14 - 1


def test_first_player_is_left_of_the_dealer_and_play_is_clockwise():
    pos = choose_dealer(4, 3)
    pos, _ = apply(pos, deal_action(4, "G4"))
    assert pos.phase == "turn"
    assert pos.to_act == 0
    assert pos.direction == 1
    assert pos.colour == "G"
    assert {a["seat"] for a in legal_actions(pos)} == {0}
