"""Card kinds as the prover counts them: 54 indices, and what each index is.

Index ``13 * colour + face`` for the coloured kinds (colours R, Y, G, B; faces 0–9,
then Skip 10, Reverse 11, Draw Two 12), 52 for the Wild and 53 for the Wild Draw Four:
exactly the order of :data:`unospec.spec.cards.KINDS`. A card in the model is a *one-hot vector*
over the 54 kinds, so its colour, face, class and value are linear sums, which keeps every
Z3 query in linear integer arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence

from unospec.spec import arithmetic as ar
from unospec.spec.cards import COLOURS, DECK_COUNTS, KINDS, POINTS

N_KINDS = len(KINDS)
W, WD4 = KINDS.index("W"), KINDS.index("WD4")
DECK: tuple[int, ...] = tuple(DECK_COUNTS[k] for k in KINDS)

#: colour index of each kind (-1 for the wilds), face index (13 Wild, 14 Wild Draw Four)
COLOUR: tuple[int, ...] = tuple(-1 if k in ("W", "WD4") else COLOURS.index(k[0]) for k in KINDS)
FACE: tuple[int, ...] = tuple(
    13
    if k == "W"
    else 14
    if k == "WD4"
    else ("0123456789".index(k[1:]) if k[1:].isdigit() else 10 + ("S", "R", "D2").index(k[1:]))
    for k in KINDS
)
#: the class spec.arithmetic works with (NUMBER, SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR)
CLASS: tuple[int, ...] = tuple(
    ar.WILD if f == 13 else ar.WILD_DRAW_FOUR if f == 14 else ar.NUMBER if f < 10 else f - 9
    for f in FACE
)
#: SCORE-VALUES, through spec.arithmetic.card_value (the same table as spec.cards.POINTS)
VALUE: tuple[int, ...] = tuple(
    ar.card_value(c, f if f < 10 else 0) for c, f in zip(CLASS, FACE, strict=True)
)
CLASS_NAMES = {
    ar.NUMBER: "number",
    ar.SKIP: "skip",
    ar.REVERSE: "reverse",
    ar.DRAW_TWO: "draw-two",
    ar.WILD: "wild",
    ar.WILD_DRAW_FOUR: "wild-draw-four",
}
#: 1 for the four 7s (V-SEVEN-ZERO), 0 elsewhere
SEVEN: tuple[int, ...] = tuple(
    1 if c == ar.NUMBER and f == 7 else 0 for c, f in zip(CLASS, FACE, strict=True)
)
#: the kinds of each class
OF_CLASS: dict[int, tuple[int, ...]] = {
    c: tuple(k for k in range(N_KINDS) if CLASS[k] == c) for c in CLASS_NAMES
}

assert all(i == 13 * COLOUR[i] + FACE[i] for i in range(52)), "KINDS order changed"
assert (W, WD4) == (52, 53)
assert all(VALUE[i] == POINTS[k] for i, k in enumerate(KINDS))


INDEX: dict[str, int] = {k: i for i, k in enumerate(KINDS)}


def one_hot(card: str) -> list[int]:
    """The vector of a single card."""
    v = [0] * N_KINDS
    v[INDEX[card]] = 1
    return v


def counts(cards: Sequence[str]) -> list[int]:
    """Per-kind counts of a list of card codes."""
    v = [0] * N_KINDS
    for c in cards:
        v[INDEX[c]] += 1
    return v


def cards_of(vec: Sequence[int]) -> list[str]:
    """Card codes of a concrete count vector, in canonical order (``["R7", "R7", "W"]``)."""
    return [KINDS[k] for k in range(N_KINDS) for _ in range(int(vec[k]))]


def short(vec: Sequence[int], limit: int = 30) -> str:
    """``"R7 R7 W"``, or a count when the list would be long."""
    cards = cards_of(vec)
    if len(cards) > limit:
        return f"{len(cards)} cards"
    return " ".join(cards) if cards else "(none)"
