"""Chance a program makes itself, fed to the reference (conformance/chance_feed.py).

A "program" here is the reference itself playing with its own seeded chance: what it
reports (its deal, the cards each step drew, its reshuffles) must bring a second
reference, which never sees the deck, to the same positions; and what no generator may
do is noted under the rule it breaks.
"""

from __future__ import annotations

import random

import pytest

from unospec.chance_feed import Feed, ReportError, advance, report_of
from unospec.compare import diff_positions
from unospec.reference import apply, dump, legal_actions, new_game
from unospec.reference.chance import chance_action

OWN = frozenset({"own_deal", "own_shuffle"})


def own_chance_game(players: int, seed: int):
    """A program's game: the reference with its own generator. Yields, step by step, the
    action (``None`` for the deal), the report it would make and the position after."""
    rng = random.Random(seed)
    pos = new_game(players, "official")
    action = None
    while pos.phase != "over":
        if action is not None:
            pos, events = apply(pos, action)
        else:
            events = []
        items = []
        while pos.chance is not None:
            need = pos.chance
            chance = chance_action(pos, rng)
            if chance["type"] == "deal":
                items.append(
                    {k: chance[k] for k in ("hands", "starter")}
                    | {"type": "deal", "dealer": pos.dealer}
                )
            elif chance["type"] == "shuffle" and need.get("purpose") == "starter":
                items += [{"type": "shuffle"}, {"type": "starter", "card": chance["order"][0]}]
            elif chance["type"] == "shuffle":
                items.append({"type": "shuffle"})
            else:
                items.append(chance)
            pos, more = apply(pos, chance)
            events += more
        drawn = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        yield action, {"chance": items, "drawn": drawn}, pos
        if pos.phase == "over":
            return
        action = rng.choice(legal_actions(pos))


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (7, 3)])
@pytest.mark.parametrize("report_draws", [True, False])
def test_the_reference_follows_a_program_that_owns_its_chance(players, seed, report_draws):
    """Deals, draws and reshuffles are adopted from the reports (or, without ``drawn``,
    from the hands the program shows), through whole matches."""
    ref, steps = new_game(players, "official"), 0
    for action, reply, pos in own_chance_game(players, seed):
        if not report_draws:
            reply = {"chance": reply["chance"]}
        feed = Feed(report_of(reply, players), OWN, tuple(map(tuple, pos.hands)))
        got = advance(ref, action, feed)
        assert got.notes == []
        assert diff_positions(dump(got.after), dump(pos), pile_order=False) == [], steps
        ref, steps = got.after, steps + 1
        if steps > 3000:
            break
    assert steps > 200


def deal_reply(hands, starter="R5", dealer=0, **more):
    return {
        "chance": [{"type": "deal", "dealer": dealer, "hands": hands, "starter": starter, **more}]
    }


def seven_each(players: int, skip: set[str] = frozenset()):
    # the number cards 1-9 of each colour but R5, twice over
    once = [f"{c}{n}" for c in "RGBY" for n in range(1, 10) if f"{c}{n}" != "R5"]
    deck = [c for c in once * 2 if c not in skip]
    return [deck[i * 7 : i * 7 + 7] for i in range(players)]


def test_a_deal_of_another_size_breaks_deal_seven():
    hands = seven_each(3)
    hands[1] = hands[1] + ["B0"]
    got = advance(new_game(3, "official"), None, Feed(report_of(deal_reply(hands), 3), OWN))
    assert [(n.rule, n.fatal) for n in got.notes] == [("DEAL-SEVEN", True)]


def test_a_card_beyond_the_deck_breaks_deck_composition():
    hands = seven_each(3)
    hands[0][0] = "WD4"
    hands[1][0] = hands[2][0] = "WD4"
    hands[2][1] = "WD4"
    reply = deal_reply(hands, starter="WD4")  # a fifth Wild Draw Four
    got = advance(new_game(3, "official"), None, Feed(report_of(reply, 3), OWN))
    assert got.notes and got.notes[0].rule == "DECK-COMPOSITION" and got.notes[0].fatal


def test_a_tie_settled_without_a_redraw_breaks_the_tie_rule():
    draw = {"type": "dealer_draw", "cards": ["R9", "G9", "B2"]}  # seats 0 and 1 tie
    reply = {"chance": [draw, *deal_reply(seven_each(3), dealer=0)["chance"]]}
    got = advance(new_game(3, "official"), None, Feed(report_of(reply, 3), OWN))
    assert [n.rule for n in got.notes] == ["P-DEALER-TIE"]
    assert got.after.dealer == 0 and got.after.phase == "turn"  # followed all the same


def reshuffle_position():
    """Seat 0 to draw from an empty pile; the discards hold every other card."""
    from unospec.reference.position import complete, load

    p = complete({"players": 2, "hands": [["R1", "G2"], ["B3", "Y4"]], "discard_pile": ["R7"]})
    p["discard_pile"] = p["draw_pile"] + p["discard_pile"]
    p["draw_pile"] = []
    return load(p)


def test_a_reshuffle_that_takes_the_top_card_breaks_reshuffle():
    pos = reshuffle_position()
    order = pos.discard_pile[:]  # the top card R7 among them
    reply = {
        "chance": [{"type": "shuffle", "order": order}],
        "drawn": [{"seat": 0, "cards": [order[0]]}],
    }
    got = advance(pos, {"type": "draw", "seat": 0}, Feed(report_of(reply, 2), OWN))
    assert any(n.rule == "RESHUFFLE" and n.fatal for n in got.notes)


def test_a_reshuffle_gives_the_drawn_card_the_program_reported():
    pos = reshuffle_position()
    card = pos.discard_pile[10]
    reply = {"chance": [{"type": "shuffle"}], "drawn": [{"seat": 0, "cards": [card]}]}
    got = advance(pos, {"type": "draw", "seat": 0}, Feed(report_of(reply, 2), OWN))
    assert got.notes == []
    assert got.after.hands[0][-1] == card and got.after.discard_pile == ["R7"]


def test_a_drawn_card_the_pile_cannot_hold_breaks_deck_composition():
    from unospec.reference.position import complete, load

    pos = load(complete({"players": 2, "hands": [["R1", "R1"], ["B3", "Y4"]], "top": "G7"}))
    reply = {"drawn": [{"seat": 0, "cards": ["R1"]}]}  # both red ones are in seat 0's hand
    got = advance(pos, {"type": "draw", "seat": 0}, Feed(report_of(reply, 2), OWN))
    assert [n.rule for n in got.notes] == ["DECK-COMPOSITION"]


@pytest.mark.parametrize(
    "reply",
    [
        {"chance": "deal"},
        {"chance": [{"type": "jackpot"}]},
        {"chance": [{"type": "deal", "hands": [["R1"]], "starter": "R5"}]},
        {"drawn": [{"seat": 9, "cards": ["R1"]}]},
        {"drawn": [{"seat": 0, "cards": ["R99"]}]},
    ],
)
def test_a_report_not_in_the_protocol_form_is_refused(reply):
    with pytest.raises(ReportError):
        report_of(reply, 3)
