"""The two ways the model is evaluated: on Python integers, and on Z3 terms.

The model (:mod:`unospec.spec.prover.model`) is written once against the small interface below,
exactly as :mod:`unospec.spec.arithmetic` is written once against ``ite``. :class:`Concrete` runs it
on plain integers (the refinement tests compare it with the engine); :class:`Symbolic` builds
Z3 terms (the proofs). A transition states what must hold for it to be taken with
:meth:`require` (the *guard*) and branches with :meth:`branch`, never with a Python ``if``
on a value that may be symbolic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import z3


class NotEnabled(Exception):
    """A concrete transition whose guard is false: the model does not allow this step."""


class Concrete:
    """Evaluate the model on Python integers."""

    symbolic = False

    @staticmethod
    def ite(cond: Any, a: Any, b: Any) -> Any:
        return a if cond else b

    @staticmethod
    def sum(xs: Sequence[Any]) -> Any:
        return sum(xs)

    @staticmethod
    def weigh(vec: Sequence[Any], table: Sequence[int]) -> Any:
        return sum(x * t for x, t in zip(vec, table, strict=True) if t)

    @staticmethod
    def pick(xs: Sequence[Any], i: Any) -> Any:
        return xs[i]

    @staticmethod
    def all(conds: Sequence[Any]) -> Any:
        return all(conds)

    @staticmethod
    def any(conds: Sequence[Any]) -> Any:
        return any(conds)

    @staticmethod
    def le(a: Any, b: Any) -> Any:
        return a <= b

    @staticmethod
    def eq(a: Any, b: Any) -> Any:
        return a == b

    @staticmethod
    def not_(c: Any) -> Any:
        return not c

    @staticmethod
    def implies(a: Any, b: Any) -> Any:
        return (not a) or b

    @staticmethod
    def require(cond: Any, why: str) -> None:
        if not cond:
            raise NotEnabled(why)

    @staticmethod
    def branch(cond: Any, then: Callable[[], Any], other: Callable[[], Any]) -> Any:
        return then() if cond else other()

    @staticmethod
    def then(result: Any, fn: Callable[[Any], Any]) -> Any:
        """The step ``fn`` after the step that gave ``result``."""
        return fn(result)

    @staticmethod
    def split(seat: Any, vec: Sequence[Any], seats: int, name: str) -> list[list[Any]]:
        """``vec`` laid out by seat: all of it in row ``seat``, zeros elsewhere."""
        zero = [0] * len(vec)
        return [list(vec) if s == seat else zero for s in range(seats)]


def incremental_solver() -> z3.Solver:
    """A solver that answers every check with Z3's incremental core, as it does once a
    check has assumptions or a scope is pushed. A first check of a fresh ``z3.Solver()``
    without them goes to a one-off solver that preprocesses the whole formula first, which
    on the policy properties and lemmas costs more than it saves (deadlock freedom at 6
    players: 1.58 s of CPU that way, 0.87 s this way)."""
    s = z3.Solver()
    s.set("combined_solver.ignore_solver1", True)
    return s


_CTX = z3.main_ctx()
_INT = z3.IntSort(_CTX)
_INTS: dict[int, Any] = {}


def _term(x: Any) -> Any:
    """A Z3 term for ``x`` (Python booleans and integers become constants)."""
    if isinstance(x, z3.ExprRef):
        return x
    if isinstance(x, bool):
        return z3.BoolVal(x)
    if x not in _INTS:
        _INTS[x] = z3.IntVal(x)
    return _INTS[x]


def _array(xs: Sequence[Any]) -> Any:
    return (z3.Ast * len(xs))(*[_term(x).as_ast() for x in xs])


def _int_operand(x: Any) -> Any:
    """``x`` as an integer term when it is a Python integer (one constant per value) or an
    :class:`IntTerm`; ``None`` for anything else."""
    if type(x) is int:
        return _term(x)
    return x if isinstance(x, IntTerm) else None


def _binary(fn: Any, a: Any, b: Any) -> Any:
    return fn(_CTX.ref(), 2, (z3.Ast * 2)(a.as_ast(), b.as_ast()))


class IntTerm(z3.ArithRef):
    """An integer term of the model (counts, seats, phases) whose arithmetic and
    comparisons with Python integers and other such terms are built directly. Z3's own
    operators coerce each operand anew (a Python integer into a new constant every time),
    which cost about a tenth of the proofs' CPU. The terms are the ones Z3's operators
    build (the same function, the operands in the same order); any other operand goes to
    Z3's operators (where Python asks this class first, as a subclass of the other
    operand's, a comparison may come out with its sides the other way round: the same
    formula)."""

    def _compare(self, fn: Any, other: Any, op: Any) -> Any:
        b = _int_operand(other)
        if b is None:
            return op(other)
        return z3.BoolRef(fn(_CTX.ref(), self.as_ast(), b.as_ast()), _CTX)

    def _arith(self, fn: Any, other: Any, op: Any, swap: bool = False) -> Any:
        b = _int_operand(other)
        if b is None:
            return op(other)
        return IntTerm(_binary(fn, b, self) if swap else _binary(fn, self, b), _CTX)

    def __eq__(self, other: Any) -> Any:  # type: ignore[override]
        return self._compare(z3.Z3_mk_eq, other, super().__eq__)

    def __ge__(self, other: Any) -> Any:
        return self._compare(z3.Z3_mk_ge, other, super().__ge__)

    def __le__(self, other: Any) -> Any:
        return self._compare(z3.Z3_mk_le, other, super().__le__)

    def __gt__(self, other: Any) -> Any:
        return self._compare(z3.Z3_mk_gt, other, super().__gt__)

    def __lt__(self, other: Any) -> Any:
        return self._compare(z3.Z3_mk_lt, other, super().__lt__)

    def __add__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_add, other, super().__add__)

    def __radd__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_add, other, super().__radd__, swap=True)

    def __sub__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_sub, other, super().__sub__)

    def __rsub__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_sub, other, super().__rsub__, swap=True)

    def __mul__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_mul, other, super().__mul__)

    def __rmul__(self, other: Any) -> Any:
        return self._arith(z3.Z3_mk_mul, other, super().__rmul__, swap=True)

    def __mod__(self, other: Any) -> Any:
        b = _int_operand(other)
        if b is None:
            return super().__mod__(other)
        return IntTerm(z3.Z3_mk_mod(_CTX.ref(), self.as_ast(), b.as_ast()), _CTX)

    __hash__ = z3.ArithRef.__hash__


def int_var(name: str) -> IntTerm:
    """The integer variable ``name`` (``z3.Int(name)``, as an :class:`IntTerm`)."""
    symbol = z3.to_symbol(name, _CTX)
    return IntTerm(z3.Z3_mk_const(_CTX.ref(), symbol, _INT.ast), _CTX)


def _mk_sum(xs: Sequence[Any]) -> Any:
    """``z3.Sum`` without its per-term coercion (much faster on long sums of integers)."""
    return IntTerm(z3.Z3_mk_add(_CTX.ref(), len(xs), _array(xs)), _CTX)


def _mk_bool(fn: Any, xs: Sequence[Any]) -> Any:
    return z3.BoolRef(fn(_CTX.ref(), len(xs), _array(xs)), _CTX)


_CMP: dict[tuple[Any, int, int], Any] = {}


def _compare(fn: Any, a: Any, b: Any) -> Any:
    if not isinstance(a, z3.ExprRef) and not isinstance(b, z3.ExprRef):
        return bool(a <= b) if fn is z3.Z3_mk_le else bool(a == b)
    ta, tb = _term(a), _term(b)
    key = (fn, id(ta), id(tb))
    hit = _CMP.get(key)
    if hit is None:
        r = z3.BoolRef(fn(_CTX.ref(), ta.as_ast(), tb.as_ast()), _CTX)
        hit = _CMP[key] = (r, ta, tb)  # the terms stay alive, so their ids are not reused
    return hit[0]


class Symbolic:
    """Build Z3 terms. Fresh variables get names under ``tag``; guards and the side
    conditions that define auxiliary variables are collected, each under the branch
    condition in force where it was stated (so an untaken branch constrains nothing)."""

    symbolic = True

    def __init__(self, tag: str = "t") -> None:
        self.tag = tag
        self.guards: list[tuple[str, Any]] = []
        self.side: list[Any] = []
        self.path: list[Any] = []
        self.count = 0

    # -- variables -------------------------------------------------------------
    def int(self, name: str) -> Any:
        self.count += 1
        return int_var(f"{self.tag}.{name}#{self.count}")

    def ints(self, name: str, size: int) -> list[Any]:
        return [self.int(f"{name}{i}") for i in range(size)]

    # -- terms -----------------------------------------------------------------
    @staticmethod
    def ite(cond: Any, a: Any, b: Any) -> Any:
        if isinstance(cond, bool):
            return a if cond else b
        if same(a, b):
            return a
        if isinstance(a, list):
            return [Symbolic.ite(cond, x, y) for x, y in zip(a, b, strict=True)]
        ta, tb = _term(a), _term(b)
        r = z3.Z3_mk_ite(_CTX.ref(), cond.as_ast(), ta.as_ast(), tb.as_ast())
        if z3.is_bool(ta):
            return z3.BoolRef(r, _CTX)
        return IntTerm(r, _CTX) if isinstance(ta, IntTerm) or ta.is_int() else z3.ArithRef(r, _CTX)

    @staticmethod
    def sum(xs: Sequence[Any]) -> Any:
        terms = [x for x in xs if not (isinstance(x, int) and x == 0)]
        if not terms:
            return 0
        return terms[0] if len(terms) == 1 else _mk_sum(terms)

    def weigh(self, vec: Sequence[Any], table: Sequence[int]) -> Any:
        terms = []
        for x, t in zip(vec, table, strict=True):
            if not t or (isinstance(x, int) and x == 0):
                continue
            if isinstance(x, int):
                terms.append(x * t)
            elif t == 1:
                terms.append(x)
            else:
                terms.append(IntTerm(z3.Z3_mk_mul(_CTX.ref(), 2, _array([x, t])), _CTX))
        return self.sum(terms)

    def pick(self, xs: Sequence[Any], i: Any) -> Any:
        if isinstance(i, int):
            return xs[i]
        out = xs[-1]
        for j in range(len(xs) - 2, -1, -1):
            out = self.ite(self.eq(i, j), xs[j], out)
        return out

    @staticmethod
    def all(conds: Sequence[Any]) -> Any:
        cs = [c for c in conds if c is not True]
        if any(c is False for c in cs):
            return False
        return True if not cs else cs[0] if len(cs) == 1 else _mk_bool(z3.Z3_mk_and, cs)

    @staticmethod
    def any(conds: Sequence[Any]) -> Any:
        cs = [c for c in conds if c is not False]
        if any(c is True for c in cs):
            return True
        return False if not cs else cs[0] if len(cs) == 1 else _mk_bool(z3.Z3_mk_or, cs)

    @staticmethod
    def not_(c: Any) -> Any:
        return (not c) if isinstance(c, bool) else z3.Not(c)

    @staticmethod
    def le(a: Any, b: Any) -> Any:
        """``a <= b``, fast on the long lists of the invariants (shared when repeated)."""
        return _compare(z3.Z3_mk_le, a, b)

    @staticmethod
    def eq(a: Any, b: Any) -> Any:
        return _compare(z3.Z3_mk_eq, a, b)

    def implies(self, a: Any, b: Any) -> Any:
        if a is True:
            return b
        if a is False or b is True:
            return True
        return z3.Implies(a, b)

    # -- guards, definitions, branches ------------------------------------------
    def _here(self, cond: Any) -> Any:
        return self.implies(self.all(self.path), cond)

    def require(self, cond: Any, why: str) -> None:
        self.guards.append((why, self._here(cond)))

    def define(self, cond: Any) -> None:
        self.side.append(self._here(cond))

    def branch(self, cond: Any, then: Callable[[], Any], other: Callable[[], Any]) -> Any:
        """Both outcomes, as a :class:`Fork` (a step ends in its branches: see :func:`leaves`)."""
        if isinstance(cond, bool):
            return then() if cond else other()
        self.path.append(cond)
        a = then()
        self.path[-1] = z3.Not(cond)
        b = other()
        self.path.pop()
        return Fork(cond, a, b)

    def then(self, result: Any, fn: Callable[[Any], Any]) -> Any:
        """The step ``fn`` after every outcome of the step that gave ``result``."""
        if not isinstance(result, Fork):
            return fn(result)
        self.path.append(result.cond)
        a = self.then(result.then, fn)
        self.path[-1] = z3.Not(result.cond)
        b = self.then(result.other, fn)
        self.path.pop()
        return Fork(result.cond, a, b)

    def split(self, seat: Any, vec: Sequence[Any], seats: int, name: str) -> list[list[Any]]:
        """``vec`` laid out by seat: fresh counts ``P[s][k] >= 0`` whose columns add up to
        ``vec`` and whose rows are empty except row ``seat``. Linear, so a card moving out of
        (or into) a symbolic seat's hand costs no case split per kind."""
        if isinstance(seat, int):
            return Concrete.split(seat, vec, seats, name)
        rows = [self.ints(f"{name}[{s}]", len(vec)) for s in range(seats)]
        n = self.sum(vec)
        for s, row in enumerate(rows):
            self.define(self.sum(row) == self.ite(seat == s, n, 0))
            for x in row:
                self.define(x >= 0)
        for k, v in enumerate(vec):
            self.define(self.sum([row[k] for row in rows]) == v)
        return rows


@dataclasses.dataclass
class Fork:
    """The two outcomes of a symbolic branch. Steps branch only as their last act, so a
    step's result is a tree of forks over states; each leaf is proved on its own path,
    which keeps the terms free of case splits over whole card vectors."""

    cond: Any
    then: Any
    other: Any


def leaves(result: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """``(path conditions, outcome)`` for every outcome of a step."""
    if isinstance(result, Fork):
        return leaves(result.then, (*path, result.cond)) + leaves(
            result.other, (*path, z3.Not(result.cond))
        )
    return [(path, result)]


def same(a: Any, b: Any) -> bool:
    if a is b:
        return True
    if isinstance(a, z3.ExprRef) and isinstance(b, z3.ExprRef):
        return a.eq(b)
    if isinstance(a, z3.ExprRef) or isinstance(b, z3.ExprRef):
        return False
    return type(a) is type(b) and a == b
