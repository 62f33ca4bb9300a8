"""The piles: RESHUFFLE, RESHUFFLE-WILD-COLOUR, P-PILES-EXHAUSTED and P-STALEMATE."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import (
    FULL_DECK,
    deck_total,
    draw,
    drawn_cards,
    of_type,
    play,
    position,
    rest_of_deck,
    rules_of,
    run,
)

from unospec.reference import IllegalAction, apply, dump, legal_actions
from unospec.spec.cards import POINTS


def piles(hands, top, draw_pile=(), under=None, **kw):
    """Every card not in a hand, the draw pile or ``under`` lies in the discard pile under ``top``;
    with ``under`` given, the rest goes to the last hand instead."""
    hands = [list(h) for h in hands]
    if under is None:
        under = rest_of_deck(*hands, [top], list(draw_pile))
    else:
        hands[-1] += rest_of_deck(*hands, [top], list(draw_pile), list(under))
    return position(
        players=len(hands),
        hands=hands,
        discard_pile=list(under) + [top],
        draw_pile=list(draw_pile),
        **kw,
    )


def shuffle(pos, first=()):
    """A shuffle order for the pending reshuffle that puts ``first`` on top."""
    cards = list(pos.chance["cards"])
    for c in reversed(first):
        cards.remove(c)
        cards.insert(0, c)
    return {"type": "shuffle", "order": cards}


# -- RESHUFFLE ------------------------------------------------------------------------------


def test_reshuffle_turn_draw_on_an_empty_draw_pile_waits_for_a_shuffle():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7")
    new, _ = apply(pos, draw(0))
    assert new.chance["type"] == "shuffle"
    assert Counter(new.chance["cards"]) == Counter(pos.discard_pile[:-1])
    assert legal_actions(new) == []
    assert new.hands[0] == ["G1", "B2"]


def test_reshuffle_all_discards_but_the_top_become_the_draw_pile():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7")
    new, _ = apply(pos, draw(0))
    order = shuffle(new, ["Y9", "G8"])
    new, events = apply(new, order)
    assert new.discard_pile == ["R7"]
    assert new.hands[0] == ["G1", "B2", "Y9"]
    assert new.draw_pile == order["order"][1:]
    assert new.draw_pile[0] == "G8"
    assert {"type": "reshuffled", "rule": "RESHUFFLE", "cards": len(order["order"])} in events
    assert deck_total(new) == FULL_DECK


def test_reshuffle_only_when_a_draw_needs_a_card():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", draw_pile=["Y9"])
    new, _ = apply(pos, draw(0))
    assert new.draw_pile == []
    assert new.chance is None
    assert new.to_act == 1
    assert len(new.discard_pile) == len(pos.discard_pile)


def test_reshuffle_in_the_middle_of_a_draw_two_penalty():
    pos = piles([["RD2", "G1", "G2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", draw_pile=["Y5"])
    new, events = apply(pos, play(0, "RD2"))
    assert new.hands[1] == ["B1", "B3", "Y5"]
    assert drawn_cards(events, 1) == ["Y5"]
    assert new.chance["purpose"] == "reshuffle"
    assert Counter(new.chance["cards"]) == Counter(pos.discard_pile)  # all but the new top RD2
    new, events = apply(new, shuffle(new, ["Y6"]))
    assert new.hands[1] == ["B1", "B3", "Y5", "Y6"]
    assert new.discard_pile == ["RD2"]
    assert new.to_act == 2
    assert drawn_cards(events, 1) == ["Y6"]
    assert of_type(events, "cards_drawn")[0]["rule"] == "DRAW-TWO-EFFECT"


def test_reshuffle_in_the_middle_of_an_uno_penalty():
    pos = piles([["R1", "R2"], ["B1", "B3", "B5"], ["Y3", "Y4"]], "R7", draw_pile=["Y5"])
    pos, _ = apply(pos, play(0, "R1"))
    pos, _ = apply(pos, {"type": "catch", "seat": 2, "target": 0})
    assert pos.hands[0] == ["R2", "Y5"]
    assert pos.chance["type"] == "shuffle"
    pos, _ = apply(pos, shuffle(pos, ["Y6"]))
    assert pos.hands[0] == ["R2", "Y5", "Y6"]
    assert pos.to_act == 1


def test_reshuffle_in_the_middle_of_a_failed_challenge():
    pos = piles([["WD4", "G1", "G2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", draw_pile=["Y5", "Y6"])
    pos, _ = run(
        pos,
        play(0, "WD4"),
        {"type": "colour", "seat": 0, "colour": "G"},
        {"type": "challenge", "seat": 1},
    )
    assert pos.hands[1] == ["B1", "B3", "Y5", "Y6"]
    pos, _ = apply(pos, shuffle(pos, ["R1", "R2", "R3", "R4"]))
    assert pos.hands[1] == ["B1", "B3", "Y5", "Y6", "R1", "R2", "R3", "R4"]
    assert pos.discard_pile == ["WD4"]
    assert pos.colour == "G"
    assert pos.to_act == 2


def test_reshuffle_order_must_be_exactly_the_discards():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7")
    pos, _ = apply(pos, draw(0))
    order = list(pos.chance["cards"])
    order.pop()
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, {"type": "shuffle", "order": order})
    assert info.value.rule == "RESHUFFLE"
    assert dump(pos) == before


def test_reshuffle_seat_actions_wait_for_the_shuffle():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7")
    pos, _ = apply(pos, draw(0))
    before = dump(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, play(0, "G1"))
    assert info.value.rule == "P-ILLEGAL-PLAY-REJECTED"
    assert dump(pos) == before


# -- RESHUFFLE-WILD-COLOUR ------------------------------------------------------------------


def test_reshuffle_wild_colour_top_wild_keeps_its_named_colour():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "W", colour="Y")
    new, _ = apply(pos, draw(0))
    new, _ = apply(new, shuffle(new, ["R9"]))
    assert new.discard_pile == ["W"]
    assert new.colour == "Y"


def test_reshuffle_wild_colour_reshuffled_wild_is_a_plain_wild_again():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7")
    assert "W" in pos.discard_pile[:-1]
    new, _ = apply(pos, draw(0))
    new, _ = apply(new, shuffle(new, ["W"]))
    assert new.hands[0][-1] == "W"
    assert legal_actions(new) == [play(0, "W"), {"type": "pass", "seat": 0}]


# -- P-PILES-EXHAUSTED ----------------------------------------------------------------------


def test_p_piles_exhausted_turn_draw_yields_nothing_and_ends_the_turn():
    pos = piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", under=[])
    new, events = apply(pos, draw(0))
    assert new.hands[0] == ["G1", "B2"]
    assert new.to_act == 1
    assert new.chance is None
    assert {
        "type": "draw_forgiven",
        "rule": "P-PILES-EXHAUSTED",
        "seat": 0,
        "shortfall": 1,
        "instead_of": "DRAW-ONE",
    } in events
    assert "DRAW-END-TURN" in rules_of(events)


def test_p_piles_exhausted_penalty_shortfall_is_forgiven():
    pos = piles([["WD4", "G1", "G2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", draw_pile=["Y5"], under=[])
    pos, events = run(
        pos,
        play(0, "WD4"),
        {"type": "colour", "seat": 0, "colour": "G"},
        {"type": "accept", "seat": 1},
    )
    assert pos.hands[1] == ["B1", "B3", "Y5"]
    assert pos.chance == {"type": "shuffle", "purpose": "reshuffle", "cards": ["R7"]}
    pos, events = apply(pos, {"type": "shuffle", "order": ["R7"]})
    assert pos.hands[1] == ["B1", "B3", "Y5", "R7"]
    assert pos.owed_draws == []
    assert pos.chance is None
    assert pos.to_act == 2
    assert of_type(events, "draw_forgiven") == [
        {
            "type": "draw_forgiven",
            "rule": "P-PILES-EXHAUSTED",
            "seat": 1,
            "shortfall": 2,
            "instead_of": "WD4-EFFECT",
        }
    ]


def test_p_piles_exhausted_shortfall_is_not_owed_later():
    pos = piles([["RD2", "G1", "G2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", under=[])
    new, _ = apply(pos, play(0, "RD2"))
    new, events = apply(new, {"type": "shuffle", "order": ["R7"]})
    assert new.hands[1] == ["B1", "B3", "R7"]
    assert of_type(events, "draw_forgiven")[0]["shortfall"] == 1
    assert new.owed_draws == []
    new, _ = run(new, draw(2), draw(0))
    assert new.to_act == 1
    assert new.hands[1] == ["B1", "B3", "R7"]


# -- P-STALEMATE ----------------------------------------------------------------------------


def stuck(**kw):
    return piles([["G1", "B2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", under=[], dealer=2, **kw)


def test_p_stalemate_void_round_after_every_player_cannot_move():
    pos = stuck()
    pos, _ = run(pos, draw(0), draw(1))
    assert pos.phase == "turn" and pos.idle_turns == 2
    pos, events = apply(pos, draw(2))
    assert "P-STALEMATE" in rules_of(events)
    assert pos.scores == [0, 0, 0]
    assert pos.dealer == 2
    assert pos.chance["type"] == "deal"
    assert pos.chance["dealer"] == 2
    assert pos.last_round == {"round": 1, "winner": None, "void": True}


def test_p_stalemate_a_played_card_resets_the_count():
    pos = piles([["G1", "R2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", under=[], dealer=2)
    pos, _ = run(pos, draw(0), draw(1), draw(2))
    assert pos.chance["type"] == "deal"
    pos = piles([["G1", "R2"], ["B1", "B3"], ["Y3", "Y4"]], "R7", under=[], dealer=2, to_act=1)
    pos, _ = run(pos, draw(1), draw(2))
    pos, _ = apply(pos, play(0, "R2"))
    assert pos.idle_turns == 0
    assert pos.phase == "turn"


def test_p_stalemate_lowest_hand_wins_the_round_and_scores():
    pos = piles(
        [["G1", "B2"], ["B3", "B4"], ["Y5", "Y6"]],
        "R7",
        under=[],
        dealer=2,
        options={
            "P-STALEMATE.stalemate": "lowest_hand_wins",
            "V-EXT-TARGET-SCORE": {"target": 5000},
        },
    )
    big = pos.hands[2]
    pos, events = run(pos, draw(0), draw(1), draw(2))
    assert "P-STALEMATE" in rules_of(events)
    assert pos.last_round["winner"] == 0
    assert pos.scores == [7 + sum(POINTS[c] for c in big), 0, 0]
    assert pos.dealer == 0  # the next round passes the deal on


def test_p_stalemate_lowest_hand_tie_voids_the_round():
    pos = piles(
        [["G1", "B2"], ["B1", "G2"], ["Y5", "Y6"]],
        "R7",
        under=[],
        dealer=2,
        options={"P-STALEMATE.stalemate": "lowest_hand_wins"},
    )
    pos, _ = run(pos, draw(0), draw(1), draw(2))
    assert pos.scores == [0, 0, 0]
    assert pos.last_round["void"] is True
    assert pos.dealer == 2


def test_p_next_dealer_void_round_same_dealer_even_under_previous_round_winner():
    pos = stuck(options={"P-NEXT-DEALER.next_dealer": "previous_round_winner"})
    pos, _ = run(pos, draw(0), draw(1), draw(2))
    assert pos.dealer == 2
    assert pos.chance["seats"] == [0, 1, 2]
