"""Where each rule lives: ``@implements("RULE-ID")`` marks the one function that carries it.

The registry lets a test prove that every catalogue rule is implemented exactly once
and that no function claims a rule the catalogue does not have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

#: rule ID -> "module.function" that implements it
IMPLEMENTED: dict[str, str] = {}


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Register the decorated function as the single home of ``rule_ids``."""

    def mark(fn: F) -> F:
        for rid in rule_ids:
            where = f"{fn.__module__}.{fn.__qualname__}"
            if rid in IMPLEMENTED and IMPLEMENTED[rid] != where:
                raise RuntimeError(f"{rid} implemented twice: {IMPLEMENTED[rid]} and {where}")
            IMPLEMENTED[rid] = where
        return fn

    return mark
