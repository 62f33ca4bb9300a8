"""Properties over thousands of random games: every profile, 2 to 10 players, and every variant."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from invariants import check, check_rejections

from unospec.reference import apply, dump, legal_actions, new_game
from unospec.reference.chance import chance_action
from unospec.reference.trace import play, replay
from unospec.spec.catalogue import load as load_catalogue

PROFILES = ("official", "fi-wikipedia", "sv-unoregler", "id-wikipedia")
CAP = 20_000
# A failing game is reported with its seed; shrinking whole games costs minutes and helps little.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def eager(rate: float):
    """A random player that prefers to play a card (short games) with probability ``rate``."""

    def choose(pos, acts, rng):
        plays = [a for a in acts if a["seat"] == pos.to_act and a["type"] != "draw"]
        # honest face-down plays, and trust in them, keep Cheat UNO games short
        honest = [
            a
            for a in plays
            if a.get("claim", a.get("card")) == a.get("card") and a["type"] != "accuse"
        ]
        if honest and rng.random() < rate:
            return rng.choice(honest)
        return rng.choice(acts)

    return choose


def run_checked(players: int, profile: str, options: dict, seed: int, rate: float) -> None:
    rng = random.Random(seed)
    choose = eager(rate)
    pos = new_game(players, profile, options)
    steps = 0
    while pos.phase != "over":
        assert steps < CAP, f"game did not end within {CAP} actions"
        if pos.chance is not None:
            act = chance_action(pos, rng)
        else:
            acts = legal_actions(pos)
            assert acts, f"no legal action in a non-terminal position (phase {pos.phase})"
            if steps % 7 == 0:
                check_rejections(pos, rng)
            act = choose(pos, acts, rng)
        before = pos
        pos, events = apply(pos, act)
        check(pos, events, before)
        steps += 1


SINGLE = {"V-SINGLE-ROUND": True}


@pytest.mark.parametrize("profile", PROFILES)
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), rate=st.floats(0.6, 0.95))
def test_invariants_hold_in_random_rounds(profile, players, seed, rate):
    options = {} if profile == "sv-unoregler" else SINGLE
    run_checked(players, profile, options, seed, rate)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=8, deadline=None, phases=NO_SHRINK)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_whole_matches_to_500_end_and_keep_invariants(profile, players, seed):
    run_checked(players, profile, {}, seed, 0.85)


def variant_options() -> list[tuple[str, dict]]:
    cat = load_catalogue()
    needs = {
        "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER": {"V-MULTI-PLAY": True},
        "V-MULTI-RIDE": {"V-MULTI-PLAY": True},
        "V-CUMULATIVE-EFFECT": {"V-MULTI-PLAY": True},
        "V-EXT-PARTNER-ROTATION": {"V-TEAM": True},
    }
    out = []
    for rid, rule in cat.rules.items():
        if rule.kind != "variant":
            continue
        opts = {rid: True, **needs.get(rid, {})}
        if rid not in (
            "V-SINGLE-ROUND",
            "V-ALT-SCORING-LOSER-500",
            "V-EXT-PARTNER-ROTATION",
            "V-TEAM",
            "V-EXT-TARGET-SCORE",
        ):
            opts.update(SINGLE)
        out.append((rid, opts))
    return out


@pytest.mark.parametrize(
    ("variant", "options"), variant_options(), ids=[v for v, _ in variant_options()]
)
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), rate=st.floats(0.7, 0.95))
def test_every_variant_keeps_the_invariants(variant, options, players, seed, rate):
    if "V-TEAM" in options:
        players = 4 if "V-EXT-PARTNER-ROTATION" in options else 2 * max(2, players // 2)
    run_checked(players, "official", options, seed, rate)


@settings(max_examples=40, deadline=None, phases=NO_SHRINK)
@given(
    players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), profile=st.sampled_from(PROFILES)
)
def test_replaying_a_trace_reproduces_the_game(players, seed, profile):
    game = play(
        players, profile, {} if profile == "sv-unoregler" else SINGLE, seed=seed, choose=eager(0.8)
    )
    again = replay(game.lines())
    assert dump(again.final) == dump(game.final)
    assert [a for a, _ in again.steps] == [a for a, _ in game.steps]


def test_uniform_random_matches_terminate():
    for seed in range(6):
        game = play(4, "official", seed=seed, max_actions=200_000)
        assert game.final.phase == "over"
        assert game.final.winner and max(game.final.scores) >= 500


def _combined(picked: list[str], players: int) -> tuple[dict, int]:
    """Options that turn on the variants ``picked`` (with what they require) and end the match
    after one round where the match form allows it, and a table size they accept."""
    options = {v: True for v in picked}
    if {"V-MULTI-ONE-COLOUR-OR-ALL-NUMBER", "V-MULTI-RIDE", "V-CUMULATIVE-EFFECT"} & set(picked):
        options["V-MULTI-PLAY"] = True
    if "V-EXT-PARTNER-ROTATION" in picked:
        options["V-TEAM"] = True
    if "V-TEAM" in options:
        players = 4 if "V-EXT-PARTNER-ROTATION" in options else 4 + 2 * (players % 2)
    if not {"V-ALT-SCORING-LOSER-500", "V-EXT-PARTNER-ROTATION", "V-EXT-TARGET-SCORE"} & set(
        options
    ):
        options["V-SINGLE-ROUND"] = True
    return options, players


def _allowed(options: dict, players: int) -> bool:
    from unospec.reference.errors import IllegalAction
    from unospec.spec.catalogue import CatalogueError

    try:
        new_game(players, "official", options)
    except (CatalogueError, IllegalAction):
        return False
    return True


def test_every_pair_of_variants_plays_rounds_that_keep_the_invariants():
    """Every two variants the catalogue allows together, two seeded games each (3 and 4
    players), keep the invariants and end: interactions between variants are where engine
    bugs hid (V-MULTI-RIDE with V-JUMP-IN crashed; its own regression test pins that)."""
    import itertools

    ids = sorted(rid for rid, rule in load_catalogue().rules.items() if rule.kind == "variant")
    played = 0
    for n, (a, b) in enumerate(itertools.combinations(ids, 2)):
        for players in (3, 4):
            options, table = _combined([a, b], players)
            if _allowed(options, table):
                run_checked(table, "official", options, seed=n * 7 + players, rate=0.85)
                played += 1
    assert played > 600, played


def _variant_ids() -> list[str]:
    return sorted(rid for rid, rule in load_catalogue().rules.items() if rule.kind == "variant")


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
@given(
    picked=st.lists(st.sampled_from(_variant_ids()), min_size=2, max_size=4, unique=True),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    rate=st.floats(0.7, 0.95),
)
def test_combinations_of_variants_keep_the_invariants(picked, players, seed, rate):
    """Two to four variants at once, as the catalogue allows them together: every game
    ends, no legal action is ever missing, and the invariants hold after every step."""
    from hypothesis import assume

    options, players = _combined(picked, players)
    assume(_allowed(options, players))  # a combination the catalogue (or table size) rules out
    run_checked(players, "official", options, seed, rate)
