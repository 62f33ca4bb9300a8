"""What one proof query lends another in the same process (see ``proofs._PROVED``): a goal
proved under some hypotheses and a path is proved under any that include them, and under
no fewer."""

from __future__ import annotations

import z3

from unospec.spec.prover import proofs


def _key(assumed, hyps, path, negated):
    return (proofs._ids(assumed), proofs._ids(hyps), proofs._ids(path), negated.get_id())


def test_a_goal_proved_under_fewer_hypotheses_and_conditions_is_proved_under_more():
    x, y = z3.Ints("sharing.x sharing.y")
    assumed, hyps, path = [x >= 0], [x <= 5], [y >= 1]
    negated = z3.Not(x <= 10)
    proofs._forget()
    try:
        # the query itself is unsatisfiable: what is recorded is a proof
        s = z3.Solver()
        s.add(*assumed, *hyps, *path, negated)
        assert s.check() == z3.unsat
        proofs._proved(_key(assumed, hyps, path, negated))

        def lent(hyps2, path2, negated2=negated, assumed2=assumed):
            key = _key(assumed2, hyps2, path2, negated2)
            return proofs._subsumed(key, frozenset(key[1]))

        assert lent(hyps, path)
        assert lent([y <= 7, *hyps], path)  # a guard more
        assert lent(hyps, [*path, y <= 3])  # a branch condition more
        assert not lent([], path)  # a hypothesis fewer: x could be 11
        assert not lent(hyps, [])  # a condition fewer
        assert not lent(hyps, path, z3.Not(x <= 4))  # another goal
        assert not lent(hyps, path, assumed2=[x >= 1])  # other invariants
    finally:
        proofs._forget()
    # what _forget drops, no later query can borrow
    key = _key(assumed, hyps, path, negated)
    assert not proofs._subsumed(key, frozenset(key[1]))
