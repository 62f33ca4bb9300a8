"""The witness's cards in the engine's position: the hands and draw pile a placement of the
unknown cards gives, and the hands a line moves between seats (V-SEVEN-ZERO)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from unospec.card_facts import lacks
from unospec.reference.matching import FACE
from unospec.spec.arithmetic import rotation_target
from unospec.spec.cards import CANONICAL_DECK, DECK_COUNTS, KINDS, WILDS, is_card
from unospec.spec.prover.trace_model import TraceModel


def hands_moved(
    cfg: Any, pos: Any, action: dict[str, Any], ends: bool | None = None
) -> dict[int, int] | None:
    """Under V-SEVEN-ZERO, the hands the line moves (new seat -> the seat whose hand it
    gets), as :func:`unospec.reference.effects.finish_turn` moves them: a ``swap`` after a 7, and
    every hand one seat on when a turn whose cards hold a 0 (and no 7 to swap first) takes
    effect without ending the round. That is the line of the 0 itself, or under a
    multi-card variant the line that ends the group (``ends``: whether the card laid on
    this line ends it, as the next line says, ``None`` if unknown), or names its colour,
    or under V-CHEAT the line that accepts the announced card or falsely accuses it.
    Nothing here looks at a card in a hand; the replay checks the engine moved what was
    predicted."""

    params = cfg.seven_zero
    if not params:
        return None
    kind, seat, card = action.get("type"), action.get("seat"), action.get("card")
    phase, pend = pos.phase, pos.pending or {}
    if kind == "swap" and phase == "swap" and seat == pos.to_act:
        target = action.get("target")
        if target in pos.active and target != seat:
            return {seat: target, target: seat}
        return None
    if not params["zero_rotate"]:
        return None
    cards: list[str] | None = None
    if kind == "play" and is_card(card) and "claim" not in action and phase in _TURN_PHASES:
        left = len(pos.hands[seat]) - 1
        if left == 0 and not (cfg.uno_out and not action.get("uno_out")):
            return None  # the round is over
        grouped = (cfg.multi or cfg.multi_identical) and phase != "drawn"
        if grouped and left > 0 and not ends:
            return None  # the group goes on (or it is not known whether it does)
        if card in WILDS:
            return None  # the colour is named first
        cards = (pend.get("cards", []) if phase == "multi" else []) + [card]
    elif kind == "end" and phase == "multi" and seat == pos.to_act:
        cards = pend["cards"]
        if cards[-1] in WILDS:
            return None  # the colour is named first
    elif kind == "colour" and phase == "colour" and seat == pos.to_act and not pend.get("starter"):
        cards = pend.get("cards")
    elif kind in ("accept", "accuse") and phase == "cheat" and seat == pos.to_act:
        honest = pend["card"] == pend["claim"]
        if (kind == "accuse" and not honest) or not pos.hands[pend["from"]]:
            return None  # caught, or the round is over
        cards = [pend["claim"]]
    if not cards or pend.get("swapped") and kind != "play":
        return None
    if params["seven_swap"] and any(FACE.get(c) == "7" for c in cards):
        return None  # the swap comes first, and then no rotation
    if not any(FACE.get(c) == "0" for c in cards):
        return None
    seats = pos.active
    n = len(seats)
    return {seats[rotation_target(i, pos.direction, n)]: s for i, s in enumerate(seats)}


_TURN_PHASES = ("turn", "drawn", "multi")


def rebuild(
    pos: Any,
    model: TraceModel,
    wd4_at: dict,
    turn_draw: list[tuple[int, str | None, Any]],
    this_line: list[tuple[Any, list[str], int]],
    moved: dict[int, int] | None = None,
):
    """``pos`` with the hands, draw pile and hand-derived bookkeeping of the new witness.
    The model already counts the line about to be applied: ``this_line`` lists the cards
    it moves into (``1``, drawn after any hands changed seats) or out of (``-1``, played
    before) a hand, taken back here; ``moved`` the hands it moved between seats (new seat
    -> old seat), moved back here."""
    pos = pos.copy()
    pos.forget_legal()
    held = Counter()
    after = {s: Counter(model.hand_counts(s)) for s in range(pos.players)}
    for who, cards, sign in this_line:
        if sign > 0 and who in after:
            after[who].subtract(cards)
    now_at = {old: new for new, old in (moved or {}).items()}
    for s in range(pos.players):
        counts = after[now_at.get(s, s)]
        for who, cards, sign in this_line:
            if sign < 0 and who == s:
                counts.update(cards)
        hand = [k for k in KINDS for _ in range(counts.get(k, 0))]
        if any(v < 0 for v in counts.values()) or len(hand) != len(pos.hands[s]):
            return None
        pos.hands[s] = hand
        held.update(hand)
    rest = Counter(DECK_COUNTS) - held - Counter(pos.discard_pile)
    pos.draw_pile = [k for k in KINDS for _ in range(rest.get(k, 0))]
    if len(pos.draw_pile) + sum(held.values()) + len(pos.discard_pile) != len(CANONICAL_DECK):
        return None
    if pos.phase == "drawn" and turn_draw:
        pos.drawn = [model.batch_cards(b)[n] if b else n for _, b, n in turn_draw]
    pend = pos.pending
    if pend and "wd4_legal" in pend and pend.get("from") in wd4_at:
        _, after, blockers, _ = wd4_at[pend["from"]]
        pend["wd4_legal"] = lacks(after, blockers).holds(model.values)
    return pos
