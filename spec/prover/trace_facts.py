"""The language of what trace lines say about unseen cards: linear facts over counts.

A *variable* counts copies of one kind of card somewhere (``b3@12:R5``: how many R5 the
unknown cards that entered a hand on line 12 hold). An :data:`Expr` is a linear
expression over variables (variable -> coefficient, the constant under the key ``""``);
a :class:`Linear` compares one with zero, and :class:`AllOf`, :class:`AnyOf` and
:class:`Not` combine facts. Every fact can be evaluated on a witness (``holds``) and
rendered for Z3 (``z3``), which is the only reason this module imports it.

>>> hand = {"b1@1:R5": 1, "p@3:R5": -1}          # R5 dealt, less the one played on line 3
>>> at_least(hand, 0).holds({"b1@1:R5": 1, "p@3:R5": 1})
True
>>> Not(at_least(hand, 1)).holds({"b1@1:R5": 2, "p@3:R5": 1})
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import z3

Expr = dict[str, int]  # variable -> coefficient, plus the constant under the key ""

Var = Callable[[str], Any]  # a variable's name -> its Z3 term


@dataclass(frozen=True)
class Linear:
    """``sum(coef * var) + const  op  0`` with ``op`` one of ``>=``, ``<=``, ``==``."""

    terms: tuple[tuple[str, int], ...]
    op: str
    const: int = 0

    def names(self) -> set[str]:
        return {n for n, _ in self.terms}

    def holds(self, values: Mapping[str, int]) -> bool:
        v = self.const
        for n, c in self.terms:
            v += c * values.get(n, 0)
        return v >= 0 if self.op == ">=" else v <= 0 if self.op == "<=" else v == 0

    def z3(self, var: Var) -> Any:
        if not self.terms:
            return z3.BoolVal(self.holds({}))
        e = z3.Sum([var(n) if c == 1 else c * var(n) for n, c in self.terms])
        k = -self.const
        return e >= k if self.op == ">=" else e <= k if self.op == "<=" else e == k


@dataclass(frozen=True)
class AllOf:
    """Every one of ``facts`` holds (none: true)."""

    facts: tuple[Any, ...]

    def names(self) -> set[str]:
        return set().union(*(f.names() for f in self.facts))

    def holds(self, values: Mapping[str, int]) -> bool:
        return all(f.holds(values) for f in self.facts)

    def z3(self, var: Var) -> Any:
        return z3.And([f.z3(var) for f in self.facts]) if self.facts else z3.BoolVal(True)


@dataclass(frozen=True)
class AnyOf:
    """At least one of ``facts`` holds (none: false)."""

    facts: tuple[Any, ...]

    def names(self) -> set[str]:
        return set().union(*(f.names() for f in self.facts))

    def holds(self, values: Mapping[str, int]) -> bool:
        return any(f.holds(values) for f in self.facts)

    def z3(self, var: Var) -> Any:
        return z3.Or([f.z3(var) for f in self.facts]) if self.facts else z3.BoolVal(False)


@dataclass(frozen=True)
class Not:
    """``fact`` does not hold."""

    fact: Any

    def names(self) -> set[str]:
        return self.fact.names()

    def holds(self, values: Mapping[str, int]) -> bool:
        return not self.fact.holds(values)

    def z3(self, var: Var) -> Any:
        return z3.Not(self.fact.z3(var))


Fact = Linear | AllOf | AnyOf | Not

TRUE: Fact = AllOf(())
FALSE: Fact = AnyOf(())


def at_least(e: Expr, n: int) -> Linear:
    """``e >= n``"""
    return Linear(tuple((k, c) for k, c in e.items() if k and c), ">=", e.get("", 0) - n)


def at_most(e: Expr, n: int) -> Linear:
    """``e <= n``"""
    return Linear(tuple((k, c) for k, c in e.items() if k and c), "<=", e.get("", 0) - n)


def add(*exprs: Expr) -> Expr:
    """The sum of ``exprs``."""
    out: Expr = {}
    for e in exprs:
        for k, c in e.items():
            out[k] = out.get(k, 0) + c
    return out


def value(e: Expr, values: Mapping[str, int]) -> int:
    """``e`` under ``values``."""
    return sum(c * values.get(n, 0) for n, c in e.items() if n) + e.get("", 0)
