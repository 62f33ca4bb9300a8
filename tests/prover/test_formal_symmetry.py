"""Seat symmetry, the other half of the argument that lets the proofs fix the principal
seat at 0: the model's own code treats every seat alike. Turning the table before a step
gives the state after the step, turned (the seat arithmetic's half is a Z3 lemma)."""

from __future__ import annotations

import pytest
from formalkit import REFINED, players_for, steps, turn, turn_action
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from unospec.spec import arithmetic as ar
from unospec.spec.prover.state import abstract, observe
from unospec.spec.prover.steps import step

GROUPS = [
    g
    for g in REFINED
    if g.name in ("official", "sv-unoregler", "teams", "stacking", "0-7", "jump-in")
]


@pytest.mark.parametrize("group", GROUPS, ids=[g.name for g in GROUPS])
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
)
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), shift=st.integers(1, 9))
def test_turning_the_table_commutes_with_every_step(group, players, seed, shift):
    n = players_for(group, players)
    c = shift % n or 1
    for before, action, _, pile in steps(group, n, seed, limit=150):
        st = abstract(before)
        after = step(group.rules, st, action, pile)
        turned = step(group.rules, turn(st, c), turn_action(action, c, n), pile)
        assert observe(turned) == observe(turn(after, c)), (action, c)


@given(
    players=st.integers(2, 10),
    seat=st.integers(0, 9),
    way=st.sampled_from((1, -1)),
    missed=st.lists(st.integers(0, 3), min_size=10, max_size=10),
    shift=st.integers(1, 9),
)
def test_missed_turns_commute_with_turning_the_table(players, seat, way, missed, shift):
    n = players
    seat, m = seat % n, missed[:n]
    moved = [m[(i - shift) % n] for i in range(n)]
    to_act, after = ar.pass_missed_turns(seat, way, n, m)
    to_act2, after2 = ar.pass_missed_turns((seat + shift) % n, way, n, moved)
    assert to_act2 == (to_act + shift) % n
    assert after2 == [after[(i - shift) % n] for i in range(n)]


def test_missed_turns_are_the_engine_loop():
    """``arithmetic.pass_missed_turns`` equals the loop of ``turns.give_turn`` it replaces."""
    import itertools

    def loop(seat, way, n, missed):
        missed, guard = list(missed), 0
        while missed[seat] > 0 and guard < n * 4:
            missed[seat] -= 1
            seat = ar.next_seat(seat, way, n)
            guard += 1
        return seat, missed

    for n in (2, 3, 4):
        for missed in itertools.product(range(4), repeat=n):
            for seat in range(n):
                for way in (1, -1):
                    assert ar.pass_missed_turns(seat, way, n, list(missed)) == loop(
                        seat, way, n, missed
                    )
