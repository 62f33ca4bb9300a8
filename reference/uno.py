"""Calling UNO, and catching a player who did not."""

from __future__ import annotations

from unospec.reference.drawing import owe
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, event


@implements("TURN-START", "UNO-CATCH-WINDOW")
def turn_begins(pos: Position, seat: int) -> None:
    """A turn begins with its first turn action: playing a card or drawing one on one's
    turn (a penalty draw or a challenge decision does not). When a turn begins, every
    open catch window closes: a player who did not call is safe from then on.
    Under V-UNO-LATE-CATCH the window opens here instead (see :func:`late_catch`)."""
    uno = pos.uno
    if pos.cfg.uno_late_catch and uno_enforced(pos):
        late_catch(uno, seat)
        return
    for s, state in enumerate(uno):
        if state == "catchable" or state == "owed":
            uno[s] = None


@implements("V-UNO-LATE-CATCH")
def late_catch(uno: list[str | None], seat: int) -> None:
    """The forgetful player can be caught only once the next turn has begun, and until
    their own next turn begins."""
    for s, state in enumerate(uno):
        if s == seat:
            if state in ("owed", "catchable"):
                uno[s] = None
        elif state == "owed":
            uno[s] = "catchable"


@implements("UNO-CALL", "UNO-REPEAT")
def refresh(pos: Position, sizes_before: list[int] | None) -> None:
    """Whoever is left holding exactly one card after an action must call UNO; the duty
    arises anew every time a hand drops to one card. A hand of any other size owes nothing."""
    uno = pos.uno
    renewed = pos._uno_renewed
    if renewed:
        pos._uno_renewed = ()
    if not renewed and not any(uno) and not any(len(h) == 1 for h in pos.hands):
        return  # nobody holds one card: nothing to do (the common case)
    fresh = duty(pos)
    for s, hand in enumerate(pos.hands):
        n = len(hand)
        if n != 1:
            if uno[s] is not None:
                uno[s] = None
        elif sizes_before is None or sizes_before[s] != 1 or s in renewed:
            uno[s] = fresh


def duty(pos: Position) -> str:
    """The state of a player who has just come down to one card."""
    return "owed" if pos.cfg.uno_late_catch or not uno_enforced(pos) else "catchable"


@implements("V-UNO-NOT-ENFORCED")
def uno_enforced(pos: Position) -> bool:
    """Under this variant calling UNO is a courtesy: a player may call, but nobody can be
    caught and nothing is lost for not calling."""
    return pos.cfg.uno_enforced


@implements("V-EXT-UNO-PENALTY-4")
def penalty_cards(pos: Position) -> int:
    """The 112-card sheet as one transcription gives it: a caught player draws 4, not 2."""
    return pos.cfg.uno_penalty


def call_allowed(pos: Position, seat: int) -> bool:
    state = pos.uno[seat]
    return state == "owed" or (state == "catchable" and not pos.cfg.uno_late_catch)


@implements("UNO-SELF-RESCUE")
def call(pos: Position, seat: int, events: list[Event]) -> None:
    """A player holding one card who has not been caught may still call UNO, and is then safe."""
    pos.uno[seat] = "called"
    events.append(event("uno_called", "UNO-CALL", seat=seat))


@implements("UNO-CATCH", "UNO-PENALTY")
def catch(pos: Position, catcher: int, target: int, events: list[Event]) -> None:
    """Any other player may catch a player who holds one card without having called, while
    the window is open; the caught player draws the penalty (2 cards) and nothing else
    changes. V-UNO-PENALTY-LOSE-TURN adds a missed turn."""
    pos.uno[target] = None
    events.append(event("uno_caught", "UNO-CATCH", seat=catcher, target=target))
    owe(pos, target, penalty_cards(pos), "UNO-PENALTY")
    if pos.cfg.uno_lose_turn:
        lose_turn(pos, target, events)


@implements("V-UNO-PENALTY-LOSE-TURN")
def lose_turn(pos: Position, target: int, events: list[Event]) -> None:
    """The caught player also misses their next turn."""
    pos.missed_turns[target] += 1


@implements("P-FALSE-CATCH")
def false_catch_reason(pos: Position, target: int) -> str:
    """A catch aimed at a player who called, holds more than one card, or whose window
    has closed has no effect (the action is refused) and costs the catcher nothing."""
    if target < 0 or target >= pos.players:
        return f"there is no seat {target}"
    n = len(pos.hands[target])
    state = pos.uno[target]
    if n != 1:
        return f"seat {target} holds {n} cards, not one"
    if state == "called":
        return f"seat {target} has called UNO"
    if not uno_enforced(pos):
        return "calling UNO is not enforced in this game (V-UNO-NOT-ENFORCED): nobody can be caught"
    if state == "owed":
        return f"seat {target} cannot be caught until the next turn has begun (V-UNO-LATE-CATCH)"
    return f"the catch window for seat {target} has closed"
