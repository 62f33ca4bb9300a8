"""Shared helpers for the formal-model tests: random games played by the engine, the
profile groups whose rounds the model follows step by step, and turning the table."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

from unospec.reference import apply, legal_actions, new_game
from unospec.reference.chance import chance_action
from unospec.reference.position import Position
from unospec.spec.prover.rules import GROUPS, Group
from unospec.spec.prover.state import State

#: groups the model follows one engine action at a time (a whole multi-card turn is one
#: model step, and elimination renumbers the ring, so those groups are proved, not refined)
REFINED: list[Group] = [
    g for g in GROUPS if not g.rules.multi and not (g.rules.alt and g.rules.alt[1] == "eliminate")
]


def players_for(group: Group, n: int) -> int:
    if group.rules.partner_rotation:
        return 4
    if group.rules.teams:
        return 2 * max(2, n // 2)
    return n


def in_round(pos: Position, action: dict[str, Any]) -> bool:
    """A step inside a round: not the dealer draw, the deal, or the starter's shuffle."""
    if pos.phase in ("dealer", "deal"):
        return False
    return not (action["type"] == "shuffle" and pos.chance["purpose"] == "starter")


def colour_after_a_reshuffle(pos: Position, cards: list[str], colour: str | None) -> bool:
    """V-UNO-OUT-CALL: a group laid last without the call, ending with a wild card, whose
    penalty waits for a reshuffle before the colour is named. The model takes a group and
    its colour as one step, so it has no state for this turn half done."""
    return (
        len(cards) > 1 and cards[-1] in ("W", "WD4") and colour is None and pos.chance is not None
    )


def eager(rate: float):
    """The default random player: it plays a card (rather than draw or pass) with
    probability ``rate``, so rounds end."""

    def choose(pos: Position, acts: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        plays = [a for a in acts if a["type"] not in ("draw", "pass")]
        return rng.choice(plays) if plays and rng.random() < rate else rng.choice(acts)

    return choose


def steps(
    group: Group,
    players: int,
    seed: int,
    rate: float = 0.8,
    limit: int = 300,
    choose: Any = None,
    options: dict[str, Any] | None = None,
) -> Iterator[tuple[Position, dict[str, Any], Position, list[str]]]:
    """``(before, action, after, draw pile the step draws from)`` for every step of a
    seeded game inside a round, up to ``limit`` actions. ``choose(pos, acts, rng)`` picks
    each action (default :func:`eager` with ``rate``); ``options`` are added to the
    group's."""
    rng = random.Random(seed)
    choose = choose or eager(rate)
    pos = new_game(players, group.profile, {**dict(group.options), **(options or {})})
    for _ in range(limit):
        if pos.phase == "over":
            return
        act = chance_action(pos, rng) if pos.chance is not None else None
        if act is None:
            act = choose(pos, legal_actions(pos), rng)
        new, _ = apply(pos, act)
        if in_round(pos, act):
            yield pos, act, new, list(pos.draw_pile)
        pos = new


def turn(st: State, c: int) -> State:
    """The state with every seat ``s`` moved to ``s + c`` (the table turned)."""
    n = st.players

    def seat(x: int) -> int:
        return x if x < 0 else (x + c) % n

    def moved(xs: list[Any]) -> list[Any]:
        return [xs[(i - c) % n] for i in range(n)]

    return dataclasses.replace(
        st,
        hands=moved(st.hands),
        missed=moved(st.missed),
        scores=moved(st.scores),
        to_act=seat(st.to_act),
        owed_seat=seat(st.owed_seat),
        queued_seat=seat(st.queued_seat),
        pend_from=seat(st.pend_from),
        pend_next=seat(st.pend_next),
        winner=seat(st.winner),
        last=seat(st.last),
    )


def turn_action(action: dict[str, Any], c: int, n: int) -> dict[str, Any]:
    out = dict(action)
    for key in ("seat", "target"):
        if key in out:
            out[key] = (out[key] + c) % n
    return out


def play_whole_turn(
    pos: Position, seat: int, act: dict[str, Any], rng: random.Random
) -> tuple[list[str], str | None, Position, bool]:
    """A whole multi-card turn of ``seat`` from its first action ``act``: ``(cards laid,
    colour named, position after, whether the last card carried the UNO-out call)``; it
    adds another card with probability 0.7."""
    cards: list[str] = []
    colour = None
    called = False
    while True:
        if act["type"] == "play":
            cards.append(act["card"])
            called = bool(act.get("uno_out"))
        elif act["type"] == "colour":
            colour = act["colour"]
        pos, _ = apply(pos, act)
        if pos.chance is not None or pos.to_act != seat or pos.phase not in ("multi", "colour"):
            return cards, colour, pos, called
        acts = [
            a
            for a in legal_actions(pos)
            if a["seat"] == seat and a["type"] in ("play", "end", "colour")
        ]
        more = [a for a in acts if a["type"] == "play"]
        act = rng.choice(more) if more and rng.random() < 0.7 else rng.choice(acts)


def mixed(
    group: Group, players: int, seed: int, rate: float = 0.8, limit: int = 300
) -> Iterator[tuple[str, Position, Any, Position, list[str]]]:
    """A seeded game of a multi-card group as the model steps it: a play on a turn is a
    whole turn, ``("turn", before, (seat, cards, colour, UNO-out call), after, pile)``; every other
    action one step, ``("step", before, action, after, pile)``."""
    rng = random.Random(seed)
    pos = new_game(players, group.profile, dict(group.options))
    for _ in range(limit):
        if pos.phase == "over":
            return
        if pos.chance is not None:
            act = chance_action(pos, rng)
            new, _ = apply(pos, act)
            if in_round(pos, act):
                yield "step", pos, act, new, list(pos.draw_pile)
            pos = new
            continue
        acts = legal_actions(pos)
        seat = pos.to_act
        # (under V-CHEAT a card laid face down, with a claim, is one step)
        mine = [a for a in acts if a["seat"] == seat and a["type"] == "play" and "claim" not in a]
        if pos.phase != "turn" or not mine or rng.random() > rate:
            if pos.phase == "turn":  # a face-up play on a turn is a whole turn (below)
                acts = [a for a in acts if a not in mine]
            act = rng.choice(acts)
            new, _ = apply(pos, act)
            yield "step", pos, act, new, list(pos.draw_pile)
            pos = new
            continue
        before = pos
        cards, colour, pos, called = play_whole_turn(pos, seat, rng.choice(mine), rng)
        if colour_after_a_reshuffle(pos, cards, colour):
            return
        yield "turn", before, (seat, cards, colour, called), pos, list(before.draw_pile)


def turns(
    group: Group, players: int, seed: int, rate: float = 0.8, limit: int = 300
) -> Iterator[tuple[Position, int, list[str], str | None, Position, list[str], bool]]:
    """Whole multi-card turns of :func:`mixed` games: ``(before, seat, cards laid, colour
    named, after, draw pile, UNO-out call made)``."""
    for kind, before, act, after, pile in mixed(group, players, seed, rate, limit):
        if kind == "turn":
            seat, cards, colour, called = act
            yield before, seat, cards, colour, after, pile, called
