"""Traces with hidden cards: spec.prover.hidden.check_consistency finds a placement of the
unseen cards, or a minimal set of trace lines that cannot all be true; TraceModel does the
same for a trace told line by line (hands over time, reshuffles)."""

from __future__ import annotations

from collections import Counter

import pytest

from unospec.spec.cards import DECK_COUNTS
from unospec.spec.prover.hidden import (
    AllOf,
    Exactly,
    Holds,
    Lacks,
    Line,
    NoneOfColour,
    Size,
    TraceModel,
    at_most,
    check_consistency,
)

# two opponents with 7 cards each and the draw pile hide 105 cards; line 1 of a trace
# showed three cards face up
PLACES = {"seat 1": 7, "seat 2": 7, "draw pile": 91}
SEEN = {1: ["R5", "WD4", "WD4"]}
THREE_WD4 = {1: ["WD4", "WD4", "WD4"]}


def test_a_consistent_trace_gets_an_assignment_that_keeps_the_deck():
    lines = [
        Line(4, "seat 1 plays WD4", (Holds("seat 1", "WD4"),)),
        Line(5, "seat 2 plays R5", (Holds("seat 2", "R5"),)),
        Line(6, "seat 1 shows a hand without green", (NoneOfColour("seat 1", "green"),)),
    ]
    v = check_consistency(PLACES, lines, seen={1: ["R4", "WD4", "WD4"]})
    assert v.consistent and v.core == []
    assert v.assignment["seat 1"]["WD4"] >= 1
    total = Counter()
    for row in v.assignment.values():
        total.update(row)
    total.update(["R4", "WD4", "WD4"])
    assert total == Counter(DECK_COUNTS)
    assert sum(v.assignment["seat 2"].values()) == 7


def test_a_fifth_wild_draw_four_gives_the_lines_that_cannot_all_be_true():
    lines = [
        Line(3, "seat 2 draws a card", ()),
        Line(4, "seat 1 plays WD4", (Holds("seat 1", "WD4"),)),
        Line(5, "seat 2 plays a yellow 3", (Holds("seat 2", "Y3"),)),
        Line(7, "seat 2 plays WD4", (Holds("seat 2", "WD4"),)),
    ]
    v = check_consistency(PLACES, lines, seen=THREE_WD4)
    assert not v.consistent
    assert v.core == [1, 4, 7]  # the three seen WD4s, and the two played from hidden hands
    assert "line 4: seat 1 plays WD4" in v.reason and "line 1 shows" in v.reason


def test_the_core_is_minimal_not_just_unsatisfiable():
    lines = [
        Line(2, "seat 1 holds two R5", (Exactly("seat 1", "R5", 2),)),
        Line(3, "seat 1 plays WD4", (Holds("seat 1", "WD4"),)),
        Line(8, "seat 2 holds an R5", (Holds("seat 2", "R5"),)),
        Line(9, "seat 2 plays a wild", (Holds("seat 2", "W"),)),
    ]
    # R5: two copies, one seen (line 1), two in seat 1 (line 2), one in seat 2 (line 8);
    # hand sizes unknown, so that any subset of the lines can be checked on its own
    places = {"seat 1": None, "seat 2": None, "draw pile": None}
    v = check_consistency(places, lines, seen=SEEN)
    assert not v.consistent
    assert v.core in ([1, 2], [2, 8], [1, 8])  # any two of them make three R5s
    assert 3 not in v.core and 9 not in v.core
    assert not check_consistency(
        places,
        [ln for ln in lines if ln.number in v.core],
        seen={1: SEEN[1]} if 1 in v.core else {},
    ).consistent
    for dropped in v.core:  # minimal: without any one of its lines the rest is consistent
        rest = [ln for ln in lines if ln.number in v.core and ln.number != dropped]
        seen = {1: SEEN[1]} if 1 in v.core and dropped != 1 else {}
        assert check_consistency(places, rest, seen=seen).consistent


def test_sizes_and_absences_count_too():
    lines = [
        Line(2, "seat 1 holds no wild", (Lacks("seat 1", "W"), Lacks("seat 1", "WD4"))),
        Line(5, "seat 1 is down to 7 cards", (Size("seat 1", 7),)),
        Line(6, "seat 1 plays a wild", (Holds("seat 1", "W"),)),
    ]
    v = check_consistency({"seat 1": 7, "seat 2": 7, "draw pile": 94}, lines)
    assert not v.consistent and v.core == [2, 6]


def test_unusable_input_is_refused():
    with pytest.raises(ValueError, match="unknown place"):
        check_consistency(PLACES, [Line(2, "?", (Holds("seat 9", "R5"),))])
    with pytest.raises(ValueError, match="once"):
        check_consistency(PLACES, [Line(1, "x", ())], seen={1: ["R5"]})
    v = check_consistency({"seat 1": 200}, [])
    assert not v.consistent and "sizes" in v.reason


# -- a trace in time: spec.prover.hidden.TraceModel ---------------------------------------------


def _dealt(m: TraceModel, seen: list[str]) -> None:
    m.sight(1, 0, seen, "seat 0 was dealt " + " ".join(seen), "DEAL-SEVEN", "/deal/hands/0")
    m.hide(1, 1, 7)


def _plays(m: TraceModel, line: int, seat: int, card: str) -> None:
    m.play(line, seat, card, f"seat {seat} plays {card}", "TURN-ACTION", "/action/card")


def test_the_trace_model_answers_with_the_lines_and_the_copies_they_need():
    m = TraceModel()
    _dealt(m, ["WD4", "WD4", "WD4", "R1"])
    _plays(m, 3, 1, "WD4")
    assert m.check().consistent
    _plays(m, 5, 1, "WD4")
    out = m.check()
    assert not out.consistent
    assert [(a.line, a.rule) for a in out.core] == [
        (1, "DEAL-SEVEN"),
        (3, "TURN-ACTION"),
        (5, "TURN-ACTION"),
    ]
    assert out.short == ["WD4"] and out.need == 5


def test_a_reshuffle_gives_the_copies_back():
    def story(reshuffle: bool) -> bool:
        m = TraceModel()
        _dealt(m, ["WD4", "WD4", "WD4", "R1"])
        _plays(m, 3, 1, "WD4")
        if reshuffle:
            m.reshuffle(["WD4"])  # the discards, that Wild Draw Four among them, go back
        m.hide(8, 2, 1)  # seat 2 draws a card nobody sees
        _plays(m, 9, 2, "WD4")
        return m.check().consistent

    assert story(reshuffle=True) and not story(reshuffle=False)


def test_the_witness_is_mended_without_the_solver_when_one_card_will_do():
    m = TraceModel()
    b = m.hide(1, 1, 7)
    assert m.batch_cards(b) == ["R0", "R1", "R1", "R2", "R2", "R3", "R3"]  # the pile's first
    _plays(m, 2, 1, "B5")
    assert m.check().consistent and m.solver_calls == 0
    assert "B5" in m.batch_cards(b) and m.hand_counts(1).get("B5", 0) == 0
    # a fact about the batch that one swap cannot meet goes to Z3, which meets it
    m.say(
        3,
        "seat 1 holds no red",
        "WD4-CHALLENGE-INNOCENT",
        "/drawn/0/seat",
        AllOf(tuple(at_most(m.hand(1)[k], 0) for k in m.hand(1) if k[0] == "R")),
    )
    assert m.check().consistent and m.solver_calls == 1
    assert not any(c[0] == "R" for c in m.batch_cards(b))
    pile = m.pile_counts()
    assert all(v >= 0 for v in pile.values()) and sum(pile.values()) == 108 - 7


def test_hands_that_change_seats_keep_their_cards():
    """V-SEVEN-ZERO: after a swap, a seat's hand is the other seat's, seen cards and
    unknown ones alike."""
    m = TraceModel()
    _dealt(m, ["WD4", "WD4", "WD4", "R1", "R2", "R3", "R4"])  # seat 0 seen, seat 1 unknown
    m.move_hands({0: 1, 1: 0})
    _plays(m, 3, 1, "R1")  # seat 1 now holds seat 0's seen cards
    _plays(m, 4, 0, "B5")  # and seat 0 the unknown ones
    assert m.check().consistent
    assert m.hand_counts(1) == {"WD4": 3, "R2": 1, "R3": 1, "R4": 1}
    _plays(m, 5, 1, "B5")  # not among seat 0's old cards
    out = m.check()
    assert not out.consistent and [a.line for a in out.core] == [5]


def test_the_fact_language_doctests():
    import doctest

    from unospec.spec.prover import trace_facts

    assert doctest.testmod(trace_facts).failed == 0


def test_a_long_hand_becomes_a_variable_of_its_own_and_follows_the_witness():
    """A hand that many batches entered is one derived variable per kind once a fact uses
    it, so facts stay short; changing a batch's card changes the variable with it."""
    from unospec.spec.prover.trace_model import SHORT

    m = TraceModel()
    batches = [m.hide(line, 1, 1) for line in range(2, SHORT + 5)]
    snapshot = m.hand(1)
    assert all(len(e) == 1 for e in snapshot.values())  # one derived variable per kind
    (name,) = snapshot["R1"]
    before = m.hand_counts(1).get("R1", 0)
    first = batches[0]
    old = m.batch_cards(first)[0]
    m.place(first, {"R1": 1})
    assert m.values[name] == before + (old != "R1")
    assert sum(m.hand_counts(1).values()) == len(batches)


def _seat_1_found_to_hold_no_red(
    m: TraceModel, earlier: int
) -> tuple[list[str], list[str], list[str]]:
    """Seat 3 draws ``earlier`` unknown cards, placed as blue and green ones; seat 1 then
    draws four, at least two of them red under the witness, and a line says seat 1 holds
    no red (not yet checked). Seat 3's kinds, its batches and the red kinds."""
    others = [k for k in m.hand(3) if k[0] in "BG" and k[1] != "0"][:earlier]
    old = []
    for line, k in enumerate(others, 2):  # seat 3's cards: no red
        old.append(m.hide(line, 3, 1))
        m.place(old[-1], {k: 1})
    for line in range(40, 44):
        m.hide(line, 1, 1)
    assert m.check().consistent
    reds = [k for k in m.hand(1) if k[0] == "R"]
    assert sum(m.hand_counts(1).get(k, 0) for k in reds) >= 2
    hand = m.hand(1)
    fact = AllOf(tuple(at_most(hand[k], 0) for k in reds))
    m.say(44, "seat 1 holds no red", "WD4-CHALLENGE-INNOCENT", "/drawn/0/seat", fact)
    return others, old, reds


def test_a_solver_call_a_few_batches_settle_keeps_the_rest_of_the_witness():
    """Seat 1 draws unknown cards, then is found to hold no red: the one-card repair cannot
    clear several red cards, so Z3 is asked, on a window of batches only; the trace never
    goes to the whole-trace session, and the batches outside the window keep their cards."""
    m = TraceModel()
    others, old, reds = _seat_1_found_to_hold_no_red(m, 30)
    old = old[:-8]  # (the latest batches are in every window)
    assert m.check().consistent and m.solver_calls == 1
    assert not any(m.hand_counts(1).get(k, 0) for k in reds)
    assert m._session is None  # the whole-trace session was not needed
    assert [m.batch_cards(b) for b in old] == [[k] for k in others[: len(old)]]


def _pile_runs_out(laid: list[str]) -> TraceModel:
    """Seat 0 is shown every card of the deck but eight (three Wild Draw Fours among
    them), seat 1 is dealt seven of those eight unseen and seat 2 draws the last: the pile
    has run out. Seat 0 lays ``laid`` and then R9, the discards under the R9 are
    reshuffled (the new pile: ``laid``, every card known), and seat 2 draws one unseen card
    from it. Then seats 1 and 2 each lay a Wild Draw Four."""
    unseen = ["WD4", "R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    seen = list((Counter(DECK_COUNTS) - Counter(unseen)).elements())
    m = TraceModel()
    m.sight(1, 0, seen, "seat 0 was dealt the rest of the deck", "DEAL-SEVEN", "/deal/hands/0")
    m.hide(1, 1, 7)
    m.hide(2, 2, 1)
    for line, card in enumerate([*laid, "R9"], 3):
        _plays(m, line, 0, card)
    assert m.check().consistent
    m.reshuffle(laid)
    m.hide(20, 2, 1)
    _plays(m, 21, 1, "WD4")
    _plays(m, 22, 2, "WD4")
    return m


def test_when_the_pile_runs_out_each_epoch_is_tallied_on_its_own():
    """The pile ran out, so at the reshuffle every copy of each kind is in a hand or on the
    discard pile (the sizes alone say so): a tally per kind, an equality over the cards
    since the start; after it, what the new pile holds is known."""
    m = _pile_runs_out(["B1", "WD4", "B2"])
    assert len(m._tallies) == len(DECK_COUNTS)
    assert all(t.op == "==" for _, t in m._tallies)
    # the epoch since: every copy but those reshuffled, and seat 2's draw from the new pile
    (drawn,) = list(m.sizes)[-1:]
    assert {k: m.epoch[k] for k in ("WD4", "B1", "R1")} == {
        "WD4": {"": 3, f"{drawn}:WD4": 1},
        "B1": {"": 1, f"{drawn}:B1": 1},
        "R1": {"": 2, f"{drawn}:R1": 1},
    }
    pile = Counter({k: v for k, v in m.pile_counts().items() if v})
    assert pile + Counter(m.batch_cards(drawn)) == Counter(["B1", "WD4", "B2"])


def test_a_hand_kept_across_a_reshuffle_meets_the_new_pile_it_draws_from():
    """Seats 1 and 2 each lay a Wild Draw Four after the reshuffle. The eight unseen cards
    of the first pile held one, so one of them drew it there; the other needs the one the
    new pile holds, the card seat 2 drew from it. With a Wild Draw Four among the cards
    reshuffled, seat 2's card is that one; without, no placement makes every line true,
    and the lines that say so are the cards shown and the two plays."""
    m = _pile_runs_out(["B1", "WD4", "B2"])
    assert m.check().consistent
    b1, b2, b3 = m.sizes
    assert m.batch_cards(b3) == ["WD4"]
    assert "WD4" in m.batch_cards(b1) and "WD4" not in m.batch_cards(b2)
    assert m._session is None  # found without the whole-trace session

    m = _pile_runs_out(["B1", "B3", "B2"])
    out = m.check()
    assert not out.consistent
    assert [(a.line, a.rule) for a in out.core] == [
        (1, "DEAL-SEVEN"),
        (21, "TURN-ACTION"),
        (22, "TURN-ACTION"),
    ]
    assert out.short == ["WD4"] and out.need == 5


def test_a_stretch_sets_free_every_batch_the_broken_fact_names_and_the_latest():
    """The first window takes only the latest batches a broken fact depends on; the
    stretch tried next takes every one of them, however old, and the latest STRETCH."""
    from unospec.spec.prover.trace_model import RECENT, STRETCH, WINDOW

    m = TraceModel()
    mine = [m.hide(line, 1, 1) for line in range(2, 2 + WINDOW + RECENT)]
    others = [m.hide(line, 2, 1) for line in range(100, 100 + STRETCH + RECENT)]
    fact = at_most(m.hand(1)["WD4"], 0)
    first = m._window([fact])
    assert not set(mine) & set(first)  # seat 1's batches are all older than RECENT
    assert set(others[-WINDOW:]) <= set(first) and len(first) <= 3 * WINDOW
    stretch = m._window([fact], STRETCH)
    assert set(mine) | set(others[-STRETCH:]) <= set(stretch)
    assert len(stretch) <= len(mine) + STRETCH + WINDOW  # (and the latest holding the kind)


def test_a_long_trace_asks_the_latest_batches_first_and_keeps_the_earlier_cards(monkeypatch):
    """Past twice HORIZON batches, a solver of the latest batches alone is asked first: here
    it clears seat 1's red cards without the whole trace's solver ever reading a fact, and
    the earlier batches keep their cards. Once the witness changes an earlier batch, whose
    count that solver wrote into its facts, it is stale and made anew."""
    from unospec.spec.prover import trace_model

    monkeypatch.setattr(trace_model, "HORIZON", 4)
    m = TraceModel()
    others, old, reds = _seat_1_found_to_hold_no_red(m, 10)
    assert m.check().consistent and m.solver_calls == 1
    assert not any(m.hand_counts(1).get(k, 0) for k in reds)
    near = m._near
    assert near is not None and near.start == len(m.sizes) - 4
    assert m._unary is not None and not m._unary.rows  # the whole trace's: never synced
    assert [m.batch_cards(b) for b in old] == [[k] for k in others]
    assert m._near_unary() is near and not near.stale()
    m.place(list(m.sizes)[-1], {others[0]: 1})  # a batch the near solver has: it stays
    assert m._near_unary() is near
    m.place(old[0], {others[1]: 1})  # an earlier one: made anew
    assert near.stale() and m._near_unary() is not near


def test_the_latest_batches_solver_counts_the_earlier_cards_as_numbers(monkeypatch):
    """The solver of the latest batches has no literals for the earlier ones: the facts
    that name a latest batch carry the earlier batches' cards as the witness's numbers. With
    every Wild Draw Four in earlier batches, no latest batch may hold one."""
    import z3

    from unospec.spec.prover import trace_model

    monkeypatch.setattr(trace_model, "HORIZON", 2)
    m = TraceModel()
    for line in range(2, 6):
        m.place(m.hide(line, 3, 1), {"WD4": 1})
    late = [m.hide(line, 1, 1) for line in range(10, 13)]
    assert m.check().consistent
    near = m._near_unary()
    assert near is not None and near.start == len(m.sizes) - 2
    near.sync()
    assert list(near.rows) == late[1:]  # the earlier ones are numbers in its facts

    def holding(kind: str) -> object:
        return near.solver.check(near._ref(near.lits[f"{late[-1]}:{kind}"][0])[0])

    assert holding("WD4") == z3.unsat and holding("R1") == z3.sat
