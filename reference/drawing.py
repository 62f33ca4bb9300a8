"""Drawing cards: turn draws, penalty draws, the reshuffle, and empty piles."""

from __future__ import annotations

from unospec.reference.config import Params
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, event


def owe(pos: Position, seat: int, count: int, rule: str, turn: bool = False) -> None:
    """Queue ``count`` cards for ``seat`` to draw; :func:`serve_draws` hands them over."""
    entry = {"seat": seat, "count": count, "rule": rule}
    if turn:
        entry["turn"] = True
    pos.owed_draws.append(entry)


@implements("PENALTY-CARDS-NOT-PLAYABLE")
def serve_draws(pos: Position, events: list[Event]) -> bool:
    """Hand over every owed card, in order. Cards drawn as a penalty go into the hand and
    are never played as part of that draw; only a turn draw (``turn``) fills the list of
    cards the player may then play (DRAW-THEN-PLAY). Returns ``False`` when a reshuffle
    (a chance input) is needed first."""
    while pos.owed_draws:
        owed = pos.owed_draws[0]
        seat, need = owed["seat"], owed["count"]
        got: list[str] = []
        while need > 0:
            if not pos.draw_pile:
                if len(pos.discard_pile) > kept_discards(pos):
                    owed = {**owed, "count": need}
                    pos.owed_draws[0] = owed
                    if got:
                        events.append(event("cards_drawn", owed["rule"], seat=seat, cards=got))
                        if owed.get("turn"):  # V-DRAW-FIXED exactly: the rest follows the shuffle
                            pos.drawn.extend(got)
                    request_reshuffle(pos)
                    return False
                piles_exhausted(pos, seat, need, owed["rule"], events)
                need = 0
                break
            card = pos.draw_pile.pop(0)
            pos.hands[seat].append(card)
            got.append(card)
            need -= 1
        if got:
            events.append(event("cards_drawn", owed["rule"], seat=seat, cards=got))
            if owed.get("turn"):
                pos.drawn.extend(got)
        pos.owed_draws.pop(0)
    return True


@implements("RESHUFFLE")
def request_reshuffle(pos: Position) -> None:
    """The draw pile is empty and a card must be drawn: every discard but the top card is
    shuffled into a new draw pile. The new order is a chance input (``shuffle``). This can
    happen in the middle of a penalty draw; the rest of that draw follows the shuffle."""
    keep = kept_discards(pos)
    pos.chance = {
        "type": "shuffle",
        "purpose": "reshuffle",
        "cards": sorted(pos.discard_pile[:-keep]),
    }


def kept_discards(pos: Position) -> int:
    """Discards that stay out of a reshuffle: the top card, and under V-CHEAT while a
    face-down play awaits its verdict, the card beneath it too (it must come back on top
    if the play is exposed)."""
    return 2 if pos.phase == "cheat" else 1


@implements("RESHUFFLE-WILD-COLOUR")
def apply_reshuffle(pos: Position, order: list[str], events: list[Event]) -> None:
    """The shuffled discards become the draw pile; the top discard stays, and so does the
    current colour. Wild cards going back carry no named colour (colours are kept only
    for the top card, as the position's ``colour``)."""
    keep = kept_discards(pos)
    pos.discard_pile = pos.discard_pile[-keep:]
    pos.draw_pile = list(order) + pos.draw_pile
    events.append(event("reshuffled", "RESHUFFLE", cards=len(order)))


@implements("P-PILES-EXHAUSTED")
def piles_exhausted(
    pos: Position, seat: int, shortfall: int, rule: str, events: list[Event]
) -> None:
    """Neither pile has a card to give: the player draws what there is (perhaps nothing)
    and the shortfall is forgiven."""
    events.append(
        event("draw_forgiven", "P-PILES-EXHAUSTED", seat=seat, shortfall=shortfall, instead_of=rule)
    )


def can_draw(pos: Position) -> bool:
    return bool(pos.draw_pile) or len(pos.discard_pile) > kept_discards(pos)


@implements("DRAW-ONE", "DRAW-WHEN-STUCK", "DRAW-VOLUNTARY")
def turn_draw(pos: Position, seat: int) -> None:
    """On a turn, instead of playing, the player draws one card from the draw pile —
    they must when no card is playable, and may even when one is. The draw variants
    change how many cards a turn draw may bring (see :func:`more_draws`)."""
    cfg = pos.cfg
    fixed = cfg.draw_fixed
    if fixed and fixed["mode"] == "exactly":
        owe(pos, seat, fixed["n"], "V-DRAW-FIXED", turn=True)
    else:
        rule = (
            "V-DRAW-UNTIL-PLAYABLE"
            if cfg.draw_until_playable
            else "V-DRAW-UNTIL-STOP"
            if cfg.draw_until_stop
            else "V-DRAW-FIXED"
            if fixed
            else "DRAW-ONE"
        )
        owe(pos, seat, 1, rule, turn=True)
    pos.phase = "drawn"
    pos.pending = {"seat": seat}


def more_draws(pos: Position, drawn_playable: bool) -> tuple[bool, bool]:
    """After a turn draw: ``(may draw again, must draw again)`` under the draw variants."""
    cfg, n = pos.cfg, len(pos.drawn)
    if not can_draw(pos):
        return False, False
    if cfg.draw_until_playable:
        return draw_until_playable(cfg.draw_until_playable, n, drawn_playable)
    if cfg.draw_until_stop:
        return draw_until_stop(cfg.draw_until_stop, n, drawn_playable)
    if cfg.draw_fixed:
        return draw_fixed(cfg.draw_fixed, n)
    return False, False


@implements("V-DRAW-UNTIL-PLAYABLE")
def draw_until_playable(params: Params, n: int, found: bool) -> tuple[bool, bool]:
    """A player keeps drawing until the card drawn can be played, or the cap is reached."""
    cap = params["cap"]
    again = not found and (cap == 0 or n < cap)
    return again, again


@implements("V-DRAW-UNTIL-STOP")
def draw_until_stop(params: Params, n: int, found: bool) -> tuple[bool, bool]:
    """A player may go on drawing, one card at a time, until they choose to stop or the cap is reached."""
    cap = params["cap"]
    return cap == 0 or n < cap, False


@implements("V-DRAW-FIXED")
def draw_fixed(params: Params, n: int) -> tuple[bool, bool]:
    """Turn draws are limited to ``n`` cards (``at_most``) or must be exactly ``n`` (``exactly``)."""
    if params["mode"] == "exactly":
        return False, False  # all n cards came in one go
    return n < params["n"], False
