"""The card notation (spec.cards), and the doctests of the spec modules."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from unospec.spec import arithmetic, cards, catalogue
from unospec.spec.cards import (
    CANONICAL_DECK,
    DECK_COUNTS,
    DECK_SIZE,
    KINDS,
    CardError,
    card_points,
    long_name,
    parse,
    parse_colour,
)

COLOURS = ("R", "Y", "G", "B")
NUMBERS = tuple(str(n) for n in range(10))
ACTIONS = ("S", "R", "D2")


def test_there_are_54_distinct_kinds() -> None:
    assert len(KINDS) == 54
    assert len(set(KINDS)) == 54
    expected = {c + f for c in COLOURS for f in NUMBERS + ACTIONS} | {"W", "WD4"}
    assert set(KINDS) == expected


@pytest.mark.parametrize("kind", KINDS)
def test_notation_round_trip(kind: str) -> None:
    assert parse(long_name(kind)) == kind
    assert parse(kind) == kind
    assert parse(kind.lower()) == kind
    assert parse(long_name(kind).upper()) == kind
    assert parse(f"  {long_name(kind)}  ".replace(" ", "  ")) == kind
    assert cards.is_card(kind)


def test_long_names_are_distinct() -> None:
    names = [long_name(k) for k in KINDS]
    assert len(set(names)) == len(names)
    assert long_name("R7") == "red 7"
    assert long_name("GS") == "green skip"
    assert long_name("BR") == "blue reverse"
    assert long_name("YD2") == "yellow draw two"
    assert long_name("W") == "wild"
    assert long_name("WD4") == "wild draw four"


def test_deck_has_108_cards() -> None:
    assert DECK_SIZE == 108
    assert len(CANONICAL_DECK) == 108
    assert sum(DECK_COUNTS.values()) == 108
    assert Counter(CANONICAL_DECK) == Counter(DECK_COUNTS)
    assert set(DECK_COUNTS) == set(KINDS)


@pytest.mark.parametrize("colour", COLOURS)
def test_numbers_per_colour(colour: str) -> None:
    assert DECK_COUNTS[colour + "0"] == 1
    for n in range(1, 10):
        assert DECK_COUNTS[f"{colour}{n}"] == 2
    assert sum(DECK_COUNTS[colour + f] for f in NUMBERS) == 19
    # 25 cards of each colour in all
    assert sum(v for k, v in DECK_COUNTS.items() if cards.colour(k) == colour) == 25


@pytest.mark.parametrize("face", ACTIONS)
def test_eight_of_each_action(face: str) -> None:
    assert sum(DECK_COUNTS[c + face] for c in COLOURS) == 8
    assert all(DECK_COUNTS[c + face] == 2 for c in COLOURS)


def test_four_of_each_wild() -> None:
    assert DECK_COUNTS["W"] == 4
    assert DECK_COUNTS["WD4"] == 4


def test_classes_partition_the_kinds() -> None:
    for k in KINDS:
        classes = [cards.is_number(k), cards.is_action(k), cards.is_wild(k)]
        assert classes.count(True) == 1, k
        assert cards.is_special(k) == (not cards.is_number(k))
    assert Counter(cards.is_number(c) for c in CANONICAL_DECK)[True] == 76
    assert sum(cards.is_action(c) for c in CANONICAL_DECK) == 24
    assert sum(cards.is_wild(c) for c in CANONICAL_DECK) == 8


def test_colour_and_face() -> None:
    assert cards.colour("R7") == "R"
    assert cards.colour("YD2") == "Y"
    assert cards.colour("W") is None
    assert cards.colour("WD4") is None
    assert cards.face("R7") == "7"
    assert cards.face("BD2") == "D2"
    assert cards.face("WD4") == "WD4"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "X7",
        "R10",
        "RD4",
        "RW",
        "WD2",
        "WD",
        "W4",
        "R",
        "red",
        "red 10",
        "red wild",
        "purple 7",
        "R 7",
        "R-7",
        "7R",
        "D2",
        "wild draw 4",
        "draw two",
        "R7 G7",
        "R7,",
        "skip",
    ],
)
def test_invalid_strings_raise_card_error(text: str) -> None:
    with pytest.raises(CardError):
        parse(text)
    assert not cards.is_card(text)


@pytest.mark.parametrize("text", ["", "X7", "r7", "R10", "red 7", "WD2"])
def test_long_name_rejects_non_codes(text: str) -> None:
    with pytest.raises(CardError):
        long_name(text)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="not a card"):
        parse("Q9")


@given(st.text(max_size=20))
def test_parse_returns_a_kind_or_raises(text: str) -> None:
    try:
        code = parse(text)
    except CardError:
        return
    assert code in KINDS


def test_parse_colour() -> None:
    for code, name in cards.COLOUR_NAMES.items():
        assert parse_colour(code) == code
        assert parse_colour(code.lower()) == code
        assert parse_colour(name) == code
        assert parse_colour(name.upper()) == code
    for bad in ("", "W", "black", "purple", "RG"):
        with pytest.raises(CardError):
            parse_colour(bad)


def test_card_points() -> None:
    for c in COLOURS:
        for n in range(10):
            assert card_points(f"{c}{n}") == n
        for f in ACTIONS:
            assert card_points(c + f) == 20
    assert card_points("W") == 50
    assert card_points("WD4") == 50
    assert set(cards.POINTS) == set(KINDS)
    # The whole deck: 4 x 90 for numbers, 24 x 20 for actions, 8 x 50 for wilds.
    assert sum(card_points(c) for c in CANONICAL_DECK) == 360 + 480 + 400


def test_card_points_agree_with_arithmetic() -> None:
    """The engine's table and the prover's card_value give the same score."""
    a = arithmetic
    for k in KINDS:
        if cards.is_number(k):
            want = a.card_value(a.NUMBER, int(k[1:]))
        else:
            kind = {
                "S": a.SKIP,
                "R": a.REVERSE,
                "D2": a.DRAW_TWO,
                "W": a.WILD,
                "WD4": a.WILD_DRAW_FOUR,
            }[cards.face(k)]
            want = a.card_value(kind)
        assert card_points(k) == want, k


@pytest.mark.parametrize("module", [cards, arithmetic, catalogue], ids=lambda m: m.__name__)
def test_doctests(module) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{module.__name__} has no doctests"
    assert result.failed == 0
