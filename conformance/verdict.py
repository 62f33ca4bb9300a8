"""The verdict on one trace, shared by every way of validating it (:mod:`unospec.validate`,
:mod:`unospec.hidden`): exit-status codes, the :class:`Verdict` record, and the verdict
for a line whose action the rules refuse."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from unospec.reference import IllegalAction, dump
from unospec.reference.position import Position

VALID, VIOLATION, UNUSABLE = 0, 1, 2


@dataclass
class Verdict:
    path: str
    status: int
    message: str = ""
    line: int | None = None
    field: str | None = None
    rule: str | None = None
    citation: list[str] = dc_field(default_factory=list)
    expected: Any = None
    actual: Any = None
    reproducer: dict[str, Any] | None = None
    actions: int = 0
    #: traces with unknown (null) cards: how many, one placement that makes every line
    #: true (``[{line, field, card}]``), or the lines that cannot all be true
    #: (``[{line, field, asserts, rule}]``)
    unknown: int | None = None
    witness: list[dict[str, Any]] | None = None
    core: list[dict[str, Any]] | None = None

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v not in (None, [], "")}
        out["status"] = {0: "valid", 1: "violation", 2: "unusable"}[self.status]
        return out


def refused(
    path: str, e: IllegalAction, line_no: int, before: Position, action: Any, actions: int
) -> Verdict:
    """The verdict for a line whose action the rules refuse, with its reproducer."""
    return Verdict(
        path,
        VIOLATION,
        e.reason,
        line_no,
        f"/action{e.field}",
        e.rule,
        citations(e.rule),
        reproducer={"position": dump(before), "action": action},
        actions=actions,
    )


def citations(rule: str | None) -> list[str]:
    """The citations of ``rule`` (none for an unknown rule or ``None``)."""
    from unospec.spec.catalogue import load as load_catalogue

    cat = load_catalogue()
    return [str(c) for c in cat.rules[rule].citations] if rule and rule in cat.rules else []
