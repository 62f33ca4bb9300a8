"""The verdict on one trace, shared by the validation of traces with and without unknown
cards (:mod:`unospec.validate`, :mod:`unospec.hidden`).

A verdict's ``status`` is its exit code: 0 valid, 1 a violation, 2 unusable input, 3 the
validator itself failed on the file (a bug in unospec, never blamed on the trace).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any

from unospec.reference import IllegalAction, dump
from unospec.reference.position import Position

VALID, VIOLATION, UNUSABLE, ERROR = 0, 1, 2, 3
STATUS_NAMES = {VALID: "valid", VIOLATION: "violation", UNUSABLE: "unusable", ERROR: "error"}
#: fields a verdict always has in JSON (``null`` when they do not apply)
ALWAYS = ("path", "status", "message", "line", "field", "rule", "actions")


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
    #: the verdict compares a value of the trace with the reference's: ``expected`` and
    #: ``actual`` are then kept in JSON whatever they are
    compared: bool = False

    def to_json(self) -> dict[str, Any]:
        """The verdict as JSON: the fields of :data:`ALWAYS`, ``expected`` and ``actual``
        of a comparison whatever they are (``null``, ``[]`` and ``""`` included), and the
        other fields that apply."""
        out: dict[str, Any] = {}
        for k, v in self.__dict__.items():
            if k == "compared":
                continue
            if (
                k in ALWAYS
                or (self.compared and k in ("expected", "actual"))
                or v not in (None, [], "")
            ):
                out[k] = v
        out["status"] = STATUS_NAMES[self.status]
        return out


def citations(rule: str | None) -> list[str]:
    """The catalogue's citations of ``rule`` (none for an unknown or missing rule)."""
    from unospec.spec.catalogue import load as load_catalogue

    cat = load_catalogue()
    return [str(c) for c in cat.rules[rule].citations] if rule and rule in cat.rules else []


_citations = citations  # the name hidden.py imports


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
