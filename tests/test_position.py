"""Positions as JSON: round trip, and impossible positions rejected naming the field."""

from __future__ import annotations

import contextlib
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


# -- load refuses what the engine cannot run --------------------------------------------------

NASTY = [None, True, False, 0, -1, 1, 3, 7, 10**18, "", "x", "R5", "WD4", "W", [], [None], [0], {}]


def _reachable_positions() -> list[dict]:
    """Positions of random games under the profiles and a spread of variants, a few per
    phase (every phase the engine stops in), as JSON."""
    import random

    from unospec.reference import apply, legal_actions, new_game
    from unospec.reference.chance import chance_action

    single = {"V-SINGLE-ROUND": True}
    tables = [
        ("official", {}),
        ("sv-unoregler", {}),
        ("fi-wikipedia", single),
        ("id-wikipedia", single),
        ("official", {"V-STACK-DRAW": True, **single}),
        ("official", {"V-SEVEN-ZERO": True, **single}),
        ("official", {"V-MULTI-PLAY": True, "V-MULTI-RIDE": True, **single}),
        ("official", {"V-MULTI-IDENTICAL": True, **single}),
        ("official", {"V-CHEAT": True, **single}),
        ("official", {"V-JUMP-IN": True, **single}),
        ("official", {"V-DRAW-UNTIL-PLAYABLE": True, **single}),
        ("official", {"V-ALT-SCORING-LOSER-500": True}),
        ("official", {"V-UNO-OUT-CALL": True, **single}),
    ]
    per_phase: dict[str, list[dict]] = {}
    for i, (profile, options) in enumerate(tables):
        rng = random.Random(i)
        pos = new_game(3 + i % 3, profile, options)
        for _ in range(3000):
            got = per_phase.setdefault(pos.phase, [])
            if len(got) < 12 and rng.random() < 0.3:
                got.append(dump(pos))
            if pos.phase == "over":
                break
            acts = None if pos.chance is not None else legal_actions(pos)
            pos, _ = apply(pos, chance_action(pos, rng) if acts is None else rng.choice(acts))
    return [p for ps in per_phase.values() for p in ps]


_POOL: list[dict] = []


def pool() -> list[dict]:
    if not _POOL:
        _POOL.extend(_reachable_positions())
    return _POOL


def test_every_phase_is_in_the_pool_of_positions():
    phases = {p["phase"] for p in pool()}
    assert phases >= {"dealer", "deal", "turn", "drawn", "colour", "challenge", "stack"}
    assert phases >= {"swap", "multi", "cheat", "over"}


def _mutations():
    from hypothesis import strategies as st

    from unospec.reference.position import PHASES

    value = st.sampled_from(NASTY) | st.integers(-3, 12)
    keys = st.sampled_from(
        [
            "seat",
            "from",
            "total",
            "card",
            "cards",
            "claim",
            "wild",
            "prior_colour",
            "start_top",
            "start_colour",
            "wd4_legal",
            "next",
            "final",
            "starter",
            "after_draw",
            "carry",
            "swapped",
            "winner",
            "prior_top",
            "type",
            "purpose",
            "seats",
            "count",
            "rule",
        ]
    )
    obj = st.dictionaries(keys, value, max_size=8)
    field = st.sampled_from(
        [
            "phase",
            "to_act",
            "dealer",
            "colour",
            "pending",
            "owed_draws",
            "chance",
            "drawn",
            "uno",
            "missed_turns",
            "scores",
            "eliminated",
            "round",
            "idle_turns",
            "winner",
            "announced",
            "last_played_by",
            "last_round",
            "direction",
        ]
    )
    top = st.tuples(st.just("set"), field, value | obj | st.lists(obj, max_size=3))
    phase = st.tuples(st.just("set"), st.just("phase"), st.sampled_from(PHASES))
    variants = st.sampled_from(
        [
            {},
            {"V-SINGLE-ROUND": True},
            {"V-STACK-DRAW": True},
            {"V-CHEAT": True},
            {"V-SEVEN-ZERO": True},
            {"V-MULTI-PLAY": True},
            {"V-NO-WD4-CHALLENGE": True},
            {"V-UNO-OUT-CALL": True},
            {"V-JUMP-IN": True},
            {"V-DRAW-FIXED": True},
        ]
    )
    options = st.tuples(st.just("set"), st.just("options"), variants)
    sub = st.tuples(st.sampled_from(["pending", "chance"]), keys, value | st.just("drop"))
    return st.lists(top | phase | options | sub, min_size=1, max_size=3)


def _mutate(data: dict, changes) -> dict:
    import copy

    data = copy.deepcopy(data)
    for where, key, value in changes:
        if where == "set":
            data[key] = value
        elif isinstance(data.get(where), dict):
            if value == "drop":
                data[where].pop(key, None)
            else:
                data[where][key] = value
    return data


def _exercise(pos, rng) -> None:
    """Legal actions, every one of them applied, then a short random game on; and a few
    actions that are not legal, each refused."""
    from unospec.reference import IllegalAction, apply, legal_actions
    from unospec.reference.chance import chance_action

    junk = [
        {"type": "play", "seat": 0, "card": "R5"},
        {"type": "accept", "seat": 1},
        {"type": "colour", "seat": 0, "colour": "R"},
        {"type": "catch", "seat": 1, "target": 0},
    ]
    for a in junk:
        with contextlib.suppress(IllegalAction):
            apply(pos, a)
    for _ in range(30):
        if pos.phase == "over":
            return
        if pos.chance is not None:
            try:  # a chance request the rules refuse to serve (a deal of six) ends the game
                pos, _ = apply(pos, chance_action(pos, rng))
            except IllegalAction:
                return
            continue
        acts = legal_actions(pos)
        assert acts, f"no legal action in phase {pos.phase}"
        for a in acts[:12]:
            apply(pos, a)
        pos, _ = apply(pos, rng.choice(acts))


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(0, 10**6), changes=_mutations(), seed=st.integers(0, 2**16))
def test_no_position_load_accepts_makes_the_engine_raise_anything_but_illegal_action(
    base, changes, seed
):
    """Positions of real games with one to three fields (or fields of ``pending`` and
    ``chance``) changed to odd values: either ``load`` refuses them naming the field, or the
    engine runs them — legal actions, every legal action applied, a random game on —
    raising nothing but :class:`IllegalAction` for actions that are not legal."""
    import random

    data = _mutate(pool()[base % len(pool())], changes)
    try:
        pos = load(data)
    except PositionError as e:
        assert e.field.startswith("/") or e.field == ""
        return
    _exercise(pos, random.Random(seed))


@pytest.mark.parametrize(
    ("phase", "change", "field"),
    [
        ("turn", {"owed_draws": False}, "/owed_draws"),
        ("turn", {"owed_draws": [{"seat": 0, "count": 2}]}, "/owed_draws/0"),
        ("challenge", {"pending": None}, "/pending"),
        ("colour", {"pending": {"seat": 0}}, "/pending/"),
        ("swap", {"pending": None}, "/pending"),
        ("stack", {"pending": []}, "/pending"),
        ("turn", {"announced": True}, "/announced"),
        ("turn", {"pending": []}, "/pending"),
        ("cheat", {"discard_pile": None}, "/discard_pile"),
        ("deal", {"chance": None}, "/chance"),
    ],
)
def test_positions_the_engine_cannot_run_are_refused_naming_the_field(phase, change, field):
    """The positions of issue 17 that ``load`` once accepted and the engine then crashed on."""
    data = next(p for p in pool() if p["phase"] == phase)
    data = {**data, **change}
    with pytest.raises(PositionError) as e:
        load(data)
    assert e.value.field == field or e.value.field.startswith(field), e.value


def test_every_position_of_random_games_loads_again():
    """load is no stricter than the engine: what the engine reaches, load accepts."""
    for data in pool():
        assert dump(load(data)) == data
