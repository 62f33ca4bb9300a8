"""Shared helpers for the engine tests: build positions, apply actions, check refusals."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from unospec.reference import IllegalAction, apply, dump, legal_actions, load
from unospec.reference.position import Position, complete
from unospec.spec.cards import CANONICAL_DECK


def position(**fields: Any) -> Position:
    """A position from partial fields (see :func:`unospec.reference.position.complete`)."""
    return load(complete(fields))


def act(
    pos: Position, kind: str, seat: int | None = None, **data: Any
) -> tuple[Position, list[dict]]:
    action: dict[str, Any] = {"type": kind, **data}
    if seat is not None:
        action["seat"] = seat
    return apply(pos, action)


def run(pos: Position, *actions: dict[str, Any]) -> tuple[Position, list[dict]]:
    """Apply several actions in turn; return the last position and all events."""
    events: list[dict] = []
    for a in actions:
        pos, ev = apply(pos, a)
        events.extend(ev)
    return pos, events


def rules_of(events: list[dict]) -> list[str]:
    return [e["rule"] for e in events]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def drawn_cards(events: list[dict], seat: int) -> list[str]:
    out: list[str] = []
    for e in events:
        if e["type"] == "cards_drawn" and e["seat"] == seat:
            out.extend(e["cards"])
    return out


def refused(pos: Position, action: dict[str, Any], rule: str | tuple[str, ...]) -> IllegalAction:
    """Assert that ``action`` is refused citing ``rule`` (or one of several rules) and
    that ``pos`` is unchanged."""
    before = dump(pos)
    assert action not in legal_actions(pos)
    with pytest.raises(IllegalAction) as info:
        apply(pos, action)
    wanted = rule if isinstance(rule, tuple) else (rule,)
    assert info.value.rule in wanted, info.value
    assert dump(pos) == before
    return info.value


def deck_total(pos: Position) -> Counter:
    c = Counter(pos.draw_pile) + Counter(pos.discard_pile)
    for h in pos.hands:
        c.update(h)
    return c


FULL_DECK = Counter(CANONICAL_DECK)


def play(seat: int, card: str, **kw: Any) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card, **kw}


def draw(seat: int) -> dict[str, Any]:
    return {"type": "draw", "seat": seat}


def pass_(seat: int) -> dict[str, Any]:
    return {"type": "pass", "seat": seat}


def colour(seat: int, c: str) -> dict[str, Any]:
    return {"type": "colour", "seat": seat, "colour": c}


def seat_action(kind: str, seat: int, **kw: Any) -> dict[str, Any]:
    return {"type": kind, "seat": seat, **kw}


def rest_of_deck(*used: list[str]) -> list[str]:
    """The cards of the 108-card deck not in ``used``, in canonical order."""
    left = Counter(CANONICAL_DECK)
    for pile in used:
        left.subtract(pile)
    assert all(v >= 0 for v in left.values()), left
    out: list[str] = []
    for c in CANONICAL_DECK:
        if left[c] > 0:
            out.append(c)
            left[c] -= 1
    return out


ZERO_VALUE = ["RS", "RS", "RR", "RR", "RD2", "RD2", "GS", "GS", "GR", "GR"]


def choose_dealer(
    players: int, dealer: int, profile: str = "official", options: dict | None = None
):
    """A new match whose dealer draw makes ``dealer`` the dealer; it now waits for the deal."""
    from unospec.reference import new_game

    pos = new_game(players, profile, options)
    cards = [ZERO_VALUE[i] for i in range(players)]
    cards[dealer] = "R9"
    pos, _ = apply(pos, {"type": "dealer_draw", "cards": cards})
    assert pos.dealer == dealer and pos.chance["type"] == "deal"
    return pos


def deal_action(
    players: int,
    starter: str,
    hands: list[list[str]] | None = None,
    draw_top: list[str] | tuple = (),
) -> dict[str, Any]:
    """A deal whose starter is ``starter``; hands are given, or filled from the deck in
    canonical order; the draw pile starts with ``draw_top``."""
    if hands is None:
        pool = rest_of_deck([starter], list(draw_top))
        hands = [pool[7 * s : 7 * s + 7] for s in range(players)]
    rest = rest_of_deck(*hands, [starter], list(draw_top))
    return {
        "type": "deal",
        "hands": [list(h) for h in hands],
        "starter": starter,
        "draw_pile": list(draw_top) + rest,
    }
