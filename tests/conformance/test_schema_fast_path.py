"""The fast check of a trace header's chance list agrees with the full JSON Schema."""

from __future__ import annotations

import copy
import json

import pytest

from unospec.protocol import validator
from unospec.reference.trace import play
from unospec.validate import _plain_chance, header_errors


def full_errors(header):
    return list(validator("trace:header").iter_errors(header))


@pytest.fixture(scope="module")
def header():
    lines = list(play(3, "official", {"V-SINGLE-ROUND": True}, seed=4).lines())
    return json.loads(lines[0])


def test_a_played_header_takes_the_fast_path_and_is_valid(header):
    assert _plain_chance(header["chance"])
    assert header_errors(header) == []
    assert full_errors(header) == []


def deal(c):
    return next(x for x in c if x["type"] == "deal")


BREAKAGES = [
    ("unknown chance type", lambda c: c[0].update(type="cut")),
    ("extra key", lambda c: c[0].update(extra=1)),
    ("missing key", lambda c: deal(c).pop("starter")),
    ("bad card in a hand", lambda c: deal(c)["hands"][0].__setitem__(0, "R10")),
    ("card of the wrong type", lambda c: deal(c)["draw_pile"].__setitem__(0, 7)),
    ("one hand only", lambda c: deal(c).__setitem__("hands", deal(c)["hands"][:1])),
    ("starter not a card", lambda c: deal(c).__setitem__("starter", ["R5"])),
    ("entry not an object", lambda c: c.__setitem__(0, "shuffle")),
]


@pytest.mark.parametrize("name,breakage", BREAKAGES, ids=[b[0] for b in BREAKAGES])
def test_a_broken_chance_list_gets_the_full_check_with_its_pointer(header, name, breakage):
    broken = copy.deepcopy(header)
    breakage(broken["chance"])
    assert not _plain_chance(broken["chance"])
    errors = header_errors(broken)
    assert errors, name
    assert errors[0].startswith("/chance/"), errors[0]
    assert full_errors(broken)  # the full schema agrees it is wrong


def test_the_rest_of_the_header_is_still_checked(header):
    broken = {**header, "players": 11}
    assert header_errors(broken)[0].startswith("/players")
