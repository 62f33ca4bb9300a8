"""The prover's integer terms (``evaluators.IntTerm``) build the very terms Z3's own
operators build: the same function on the same operands in the same order (Z3 keeps one
copy of equal terms, so equal terms have one id)."""

from __future__ import annotations

import operator

import pytest
import z3

from unospec.spec.prover.evaluators import IntTerm, Symbolic, int_var

OPS = [
    operator.eq,
    operator.ge,
    operator.le,
    operator.gt,
    operator.lt,
    operator.add,
    operator.sub,
    operator.mul,
    operator.mod,
]


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.__name__)
@pytest.mark.parametrize("other", [0, 3, -2, 10**20, "term", "plain"])
def test_an_operator_builds_the_term_z3_builds(op, other):
    x = int_var("terms.x")
    plain_x = z3.Int("terms.x")
    assert isinstance(x, IntTerm) and x.get_id() == plain_x.get_id()
    if other == "term":
        mine, theirs = int_var("terms.y"), z3.Int("terms.y")
    elif other == "plain":  # an integer term made elsewhere: Z3's operators build it
        mine = theirs = z3.Int("terms.y")
    else:
        mine = theirs = other
    got, want = op(x, mine), op(plain_x, theirs)
    assert got.get_id() == want.get_id(), (got, want)
    if isinstance(got, z3.ArithRef) and other != "plain":
        assert isinstance(got, IntTerm)  # arithmetic stays on the fast path
    if op not in (operator.eq, operator.mod) and other not in ("term", "plain"):
        # with the integer on the left (Python asks the term's reflected operator)
        flipped, expected = op(other, x), op(other, plain_x)
        assert flipped.get_id() == expected.get_id(), (flipped, expected)


def test_the_model_builds_integer_terms():
    ops = Symbolic("terms")
    a, b = ops.int("a"), ops.int("b")
    c = z3.Bool("terms.c")
    assert all(isinstance(t, IntTerm) for t in (a, ops.sum([a, b]), ops.ite(c, a, b)))
    assert isinstance(ops.weigh([a, b], [2, 3]), IntTerm)
    # a comparison with anything else is Z3's own (the same formula; with a subclass of
    # Z3's term on the right, Python asks it first, so its sides may be the other way round)
    assert (a == None) is False  # noqa: E711
    s = z3.Solver()
    s.add((a == z3.RealVal(1)) != (z3.Int(a.decl().name()) == z3.RealVal(1)))
    assert s.check() == z3.unsat
