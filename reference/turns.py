"""Seats, turns and events: the ring the rules move around.

Seat arithmetic comes from :mod:`unospec.spec.arithmetic` (the same functions the prover
checks); this module maps it onto the seats still in the match.
"""

from __future__ import annotations

from typing import Any

from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.spec import arithmetic as ar

Event = dict[str, Any]


def event(kind: str, rule: str, **data: Any) -> Event:
    """An event: what happened, and the rule ID that made it happen."""
    return {"type": kind, "rule": rule, **data}


def ring(pos: Position) -> list[int]:
    """The seats still playing, in clockwise order."""
    return pos.active if any(pos.eliminated) else list(range(pos.players))


def step(pos: Position, seat: int, direction: int | None = None, steps: int = 1) -> int:
    """TURN-ADVANCE over the seats still playing."""
    d = pos.direction if direction is None else direction
    if not any(pos.eliminated):
        nxt: int = ar.next_seat(seat, d, pos.players, steps)
        return nxt
    seats = ring(pos)
    i: int = ar.next_seat(seats.index(seat), d, len(seats), steps)
    return seats[i]


def after_turn(
    pos: Position, seat: int, skips: int, flips: int, draws: int
) -> tuple[int, int, int]:
    """``(to_act, direction, victim)`` after ``seat``'s turn, via :func:`unospec.spec.arithmetic.advance_after`."""
    seats = ring(pos)
    i = seats.index(seat) if any(pos.eliminated) else seat
    to_act, direction, victim = ar.advance_after(i, pos.direction, len(seats), skips, flips, draws)
    if any(pos.eliminated):
        to_act = seats[to_act]
        victim = seats[victim] if victim != ar.NO_VICTIM else victim
    return to_act, direction, victim


@implements("TURN-ADVANCE")
def give_turn(pos: Position, seat: int, events: list[Event]) -> None:
    """The turn passes to ``seat`` (the next seat in the current direction, or the seat a
    card's effect chose). A seat that owes a missed turn (V-UNO-PENALTY-LOSE-TURN) loses it
    here and the turn moves on: :func:`unospec.spec.arithmetic.pass_missed_turns`, over the seats
    still playing."""
    if any(pos.missed_turns):
        seats = ring(pos)
        i, n, d = seats.index(seat), len(seats), pos.direction
        owed = [pos.missed_turns[s] for s in seats]
        to_act, left = ar.pass_missed_turns(i, d, n, owed)
        for k in range(sum(owed) - sum(left)):  # one seat passed over per turn missed
            s = seats[ar.next_seat(i, d, n, k)]
            events.append(event("turn_missed", "V-UNO-PENALTY-LOSE-TURN", seat=s))
        for s, m in zip(seats, left, strict=True):
            pos.missed_turns[s] = m
        seat = seats[to_act]
    pos.to_act = seat
    pos.phase = "turn"
    pos.pending = None
    pos.drawn = []
