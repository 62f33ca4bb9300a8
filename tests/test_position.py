"""Positions as JSON: round trip, and impossible positions rejected naming the field."""

from __future__ import annotations

import json

import pytest

from unospec.reference import PositionError, dump, load
from unospec.reference.position import complete
from unospec.reference.trace import play


def base(**kw):
    return complete(
        {"players": 3, "hands": [["R5", "G9"], ["B1"], ["Y3", "Y4"]], "top": "R7", **kw}
    )


def test_dump_of_load_is_the_same_position():
    data = base()
    full = dump(load(data))
    assert {k: full[k] for k in data} == data
    assert dump(load(full)) == full


def test_positions_from_random_games_round_trip_through_json():
    game = play(4, "official", {"V-SINGLE-ROUND": True}, seed=5)
    final = dump(game.final)
    assert dump(load(json.loads(json.dumps(final)))) == final


@pytest.mark.parametrize(
    ("change", "field", "rule"),
    [
        ({"players": 11}, "/players", "PLAYER-COUNT"),
        ({"players": 1}, "/players", "PLAYER-COUNT"),
        ({"to_act": 3}, "/to_act", ""),
        ({"direction": 2}, "/direction", ""),
        ({"colour": "P"}, "/colour", ""),
        ({"phase": "lunch"}, "/phase", ""),
        ({"uno": [None, "maybe", None]}, "/uno/1", ""),
        ({"scores": [0, 0]}, "/scores", ""),
        ({"surprise": 1}, "/surprise", ""),
    ],
)
def test_impossible_fields_are_rejected_with_their_pointer(change, field, rule):
    data = base()
    data.update(change)
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.field == field
    if rule:
        assert e.value.rule == rule


def test_an_unknown_card_is_named_by_its_place():
    data = base()
    data["hands"][1] = ["B1", "X9"]
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.field == "/hands/1/1"
    assert "X9" in e.value.reason


def test_a_deck_with_a_card_too_many_is_rejected_under_deck_composition():
    data = base()
    data["hands"][0].append("R5")  # the deck has two R5 and one more now
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.rule == "DECK-COMPOSITION"


def test_a_deck_with_a_missing_card_is_rejected():
    data = base()
    data["draw_pile"].pop()
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.rule == "DECK-COMPOSITION"
    assert "107" in e.value.reason


def test_a_fifth_wild_draw_four_cannot_be_completed():
    with pytest.raises(PositionError):
        complete({"players": 2, "hands": [["WD4"] * 3, ["WD4"] * 2], "top": "R1"})


def test_an_unknown_option_is_rejected_at_the_options_field():
    data = base(options={"V-NOPE": True})
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.field == "/options"
