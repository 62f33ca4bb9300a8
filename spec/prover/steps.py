"""The model's whole step for one engine action, on concrete values.

``reference.apply`` does more than the action itself: it serves owed draws (pausing when a
reshuffle is needed), ends a turn whose draw leaves no choice, and scores a won round.
:func:`step` does the same with the model's transitions, in the engine's order
(``engine._settle``), so a refinement test can compare one ``apply`` with one model step.

The cards a draw brings are a chance input, not a rule: :func:`step` takes them from the
top of the draw pile it is given (the position's pile, or a reshuffle's new order).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from unospec.spec.cards import COLOURS
from unospec.spec.prover import kinds as K
from unospec.spec.prover.evaluators import Concrete
from unospec.spec.prover.model import Model
from unospec.spec.prover.rules import Rules
from unospec.spec.prover.state import (
    CHEAT,
    COLOUR,
    DRAWN,
    OVER,
    SCORING,
    STACK,
    STARTER,
    TURN,
    State,
)


class Unmodelled(ValueError):
    """An action the model does not describe (a chance input outside a round, a variant's action)."""


def step(rules: Rules, st: State, action: dict[str, Any], pile: Sequence[str]) -> State:
    """The state after ``action`` and everything the engine settles after it.

    ``pile`` is the draw pile, top first, that the draws of this step come from.
    Raises :class:`~unospec.spec.prover.evaluators.NotEnabled` when the model does not allow the step.
    """
    m = Model(rules, st.players, Concrete)
    kind, seat = action["type"], action.get("seat")
    pile = list(pile)
    uncalled = bool(
        kind == "play"
        and rules.uno_out
        and not action.get("uno_out")
        and "claim" not in action
        and sum(st.hands[seat]) == 1
    )
    if kind == "play" and st.phase == STACK:
        card = action["card"]
        st = m.stack(st, seat, K.one_hot(card), K.CLASS[K.KINDS.index(card)], uncalled)
    elif kind == "play":
        if "claim" in action:  # V-CHEAT: face down, announced as the claim
            claim = action["claim"]
            st = m.cheat_play(
                st, seat, K.one_hot(action["card"]), K.one_hot(claim), K.CLASS[K.INDEX[claim]]
            )
            return settle(m, st, pile)
        card, cls = K.one_hot(action["card"]), K.CLASS[K.KINDS.index(action["card"])]
        if st.phase == TURN and seat != st.to_act:
            st = m.jump_in(st, seat, card, cls, uncalled)
        else:
            st = m.play(st, seat, card, cls, uncalled)
    elif kind == "swap":
        st = m.swap(st, seat, action["target"])
    elif kind == "draw":
        st = m.turn_draw(st, seat)
    elif kind == "pass":
        st = m.end_turn(st, seat)
    elif kind == "colour":
        st = m.name_colour(st, seat, COLOURS.index(action["colour"]))
    elif kind == "challenge":
        st = m.challenge(st, seat)
    elif kind == "accept" and st.phase == CHEAT:
        st = m.cheat_accept(st, seat)
    elif kind == "accept":
        st = m.accept(st, seat)
    elif kind == "accuse":
        st = m.accuse(st, seat)
    elif kind == "uno":
        st = m.call_uno(st, seat)
    elif kind == "catch":
        st = m.catch(st, seat, action["target"])
    elif kind == "deal":
        hands = [K.counts(h) for h in action["hands"]]
        st = m.deal(st, action.get("dealer", st.dealer), hands)
        return starters(m, st, [action["starter"], *action["draw_pile"]])
    elif kind == "shuffle" and st.phase == STARTER:
        return starters(m, st, list(action["order"]))
    elif kind == "shuffle":
        st = m.reshuffle(st)
        pile = list(action["order"]) + pile
    else:
        raise Unmodelled(f"the model has no step for {kind!r}")
    return settle(m, st, pile)


def settle(m: Model, st: State, pile: list[str]) -> State:
    """engine._settle: serve owed draws, end a turn draw that leaves no choice, score."""
    while st.phase != OVER:
        if st.owed_count > 0:
            if sum(st.draw) == 0 and sum(st.disc) > m.kept(st):
                return st  # a reshuffle (a chance input) comes first
            n = min(st.owed_count, sum(st.draw))
            st = m.serve(st, K.counts(pile[:n]))
            del pile[:n]
            continue
        if st.phase == DRAWN:
            if m.found(st, st.to_act) or m.more_draws(st, st.to_act)[0]:
                return st
            st = m.end_turn(st, st.to_act)
            continue
        if st.phase == SCORING:
            st = m.score(st)
            continue
        return st
    return st


def starters(m: Model, st: State, pile: list[str]) -> State:
    """setup.starter_card: turn up the pile's top card as the starter until one takes
    effect, or one is shuffled back (the shuffle is the next chance input)."""
    while True:
        card = pile.pop(0)
        st = m.turn_up(st, K.one_hot(card), K.CLASS[K.INDEX[card]])
        if st.phase != STARTER or m.rules.first_no_special not in ("bury", "set_aside"):
            return settle(m, st, pile)
        if m.rules.first_no_special == "bury":
            pile.append(card)  # at the bottom of the draw pile


def whole_turn(
    rules: Rules,
    st: State,
    seat: int,
    cards: Sequence[str],
    colour: str | None,
    pile: Sequence[str],
    uno_out: bool = False,
) -> State:
    """A whole multi-card turn (V-MULTI-PLAY …): ``cards`` laid in order by ``seat``, the
    colour named for a wild laid last, and what the engine settles after it. ``uno_out``:
    the last card carried the UNO-out call (V-UNO-OUT-CALL: without it, cards that empty
    the hand cost the penalty)."""
    m = Model(rules, st.players, Concrete)
    last = cards[-1]
    c = COLOURS.index(colour) if colour else 0
    uncalled = bool(rules.uno_out) and not uno_out and sum(st.hands[seat]) == len(cards)
    pile = list(pile)
    if len(cards) == 1:
        st = m.play(st, seat, K.one_hot(last), K.CLASS[K.INDEX[last]], uncalled)
        if colour is not None and st.phase == COLOUR:
            st = m.name_colour(settle(m, st, pile), seat, c)  # after the penalty, if any
    else:
        # what the last card covers: a chain's link before it (V-MULTI-RIDE: a wild card is
        # only ever a chain's last link), or, after equal wild cards, the pile as the turn began
        link = cards[-2]
        covered = None
        if link not in ("W", "WD4"):
            covered = (COLOURS.index(link[0]), K.FACE[K.INDEX[link]])
        st = m.play_group(st, seat, K.counts(cards), K.one_hot(last), c, uncalled, covered)
    return settle(m, st, pile)
