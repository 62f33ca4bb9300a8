"""The card notation shared by the engine, the protocol, the features and the docs.

A card is written as a short code: a colour letter followed by a face.

====================  ==========  ===========================
code                  example     long name
====================  ==========  ===========================
colour + digit        ``R7``      red 7
colour + ``S``        ``GS``      green skip
colour + ``R``        ``BR``      blue reverse
colour + ``D2``       ``YD2``     yellow draw two
``W``                 ``W``       wild
``WD4``               ``WD4``     wild draw four
====================  ==========  ===========================

Colours are ``R`` red, ``Y`` yellow, ``G`` green, ``B`` blue. A card code is a plain
``str`` everywhere (hands, piles, traces), so positions are readable JSON.

>>> long_name("YD2")
'yellow draw two'
>>> parse("wild draw four")
'WD4'
>>> [parse(long_name(c)) == c for c in ("R0", "GS", "BR", "W")]
[True, True, True, True]
"""

from __future__ import annotations

from typing import Final

COLOURS: Final[tuple[str, ...]] = ("R", "Y", "G", "B")
COLOUR_NAMES: Final[dict[str, str]] = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
NUMBER_FACES: Final[tuple[str, ...]] = tuple(str(n) for n in range(10))
ACTION_FACES: Final[tuple[str, ...]] = ("S", "R", "D2")
FACE_NAMES: Final[dict[str, str]] = {"S": "skip", "R": "reverse", "D2": "draw two"}
WILD: Final = "W"
WILD_DRAW_FOUR: Final = "WD4"
WILDS: Final[tuple[str, ...]] = (WILD, WILD_DRAW_FOUR)

#: Every card kind (54): 4 colours x (10 numbers + 3 actions), then the two wilds.
KINDS: Final[tuple[str, ...]] = (
    tuple(c + f for c in COLOURS for f in NUMBER_FACES + ACTION_FACES) + WILDS
)

#: The position of each kind in ``KINDS``: the canonical order of cards everywhere.
KIND_ORDER: Final[dict[str, int]] = {k: i for i, k in enumerate(KINDS)}

#: Copies of each kind in the 108-card deck (DECK-COMPOSITION).
DECK_COUNTS: Final[dict[str, int]] = {
    kind: (1 if kind[1:] == "0" else 4 if kind in WILDS else 2) for kind in KINDS
}
DECK_SIZE: Final = sum(DECK_COUNTS.values())
assert DECK_SIZE == 108

#: The deck in a fixed canonical order (kinds in ``KINDS`` order, copies adjacent).
CANONICAL_DECK: Final[tuple[str, ...]] = tuple(k for k in KINDS for _ in range(DECK_COUNTS[k]))


class CardError(ValueError):
    """A string that is not a card in the notation."""


def colour(card: str) -> str | None:
    """The printed colour letter of ``card``, or ``None`` for a wild card."""
    return None if card in WILDS else card[0]


def face(card: str) -> str:
    """The face: ``"0"``–``"9"``, ``"S"``, ``"R"``, ``"D2"``, ``"W"`` or ``"WD4"``."""
    return card if card in WILDS else card[1:]


def is_number(card: str) -> bool:
    return card not in WILDS and card[1:] in NUMBER_FACES


def is_action(card: str) -> bool:
    """Skip, Reverse or Draw Two (CARD-CLASSES)."""
    return card not in WILDS and card[1:] in ACTION_FACES


def is_wild(card: str) -> bool:
    return card in WILDS


def is_special(card: str) -> bool:
    """Any action or wild card (CARD-CLASSES)."""
    return not is_number(card)


def is_card(text: object) -> bool:
    return isinstance(text, str) and text in DECK_COUNTS


def long_name(card: str) -> str:
    """``"R7"`` -> ``"red 7"``; raises :class:`CardError` for anything else."""
    if card == WILD:
        return "wild"
    if card == WILD_DRAW_FOUR:
        return "wild draw four"
    if not is_card(card):
        raise CardError(f"{card!r} is not a card (expected e.g. R7, GS, BR, YD2, W, WD4)")
    f = card[1:]
    return f"{COLOUR_NAMES[card[0]]} {FACE_NAMES.get(f, f)}"


_LONG: dict[str, str] = {}


def parse(text: str) -> str:
    """Read a card from its code or long name (case-insensitive); return the code."""
    if not _LONG:
        _LONG.update({long_name(k): k for k in KINDS})
    t = " ".join(str(text).strip().split())
    if t.upper() in DECK_COUNTS:
        return t.upper()
    if t.lower() in _LONG:
        return _LONG[t.lower()]
    raise CardError(f"{text!r} is not a card (expected e.g. R7, GS, BR, YD2, W, WD4 or 'red 7')")


def parse_colour(text: str) -> str:
    t = str(text).strip()
    if t.upper() in COLOUR_NAMES:
        return t.upper()
    for code, name in COLOUR_NAMES.items():
        if t.lower() == name:
            return code
    raise CardError(f"{text!r} is not a colour (expected R, Y, G, B or red, yellow, green, blue)")


def card_points(card: str) -> int:
    """Score value of a card (SCORE-VALUES): face value, 20 for actions, 50 for wilds."""
    return POINTS[card]


POINTS: dict[str, int] = {
    k: (50 if k in WILDS else 20 if k[1:] in ACTION_FACES else int(k[1:])) for k in KINDS
}
