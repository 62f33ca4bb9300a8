"""Traces with hidden cards: could *some* assignment of the unseen cards make every line true?

A trace written by another program does not always show every card: opponents' hands
and the order of the draw pile may be hidden. Each line still says something about them
("seat 2 played a Wild Draw Four", so seat 2 held one; "seat 1 was dealt seven cards").
:func:`check_consistency` asks Z3 whether some placement of the cards nobody has seen
satisfies every line under card conservation. If one does, it returns it; if none does,
it returns a *minimal* unsatisfiable core: a few trace lines that cannot all be true
together, found with Z3's tracked assertions and then shrunk one line at a time.

Per-kind integer counts, as in the proofs: ``x[place][kind]`` copies of ``kind`` lie in a
hidden ``place``; for every kind the hidden copies plus the copies seen face up equal the
deck's copies (card conservation).

:class:`TraceModel` is the same question asked of a trace line by line, with time in it
(hands grow and shrink, reshuffles give cards back); ``unospec validate`` uses it for
traces with ``null`` cards (:mod:`unospec.spec.prover.trace_model`).

>>> from unospec.spec.prover.hidden import Holds, Line, check_consistency
>>> seen = {3: ["WD4", "WD4", "WD4"]}
>>> lines = [Line(7, "seat 1 plays WD4", (Holds("seat 1", "WD4"),)),
...          Line(9, "seat 2 plays WD4", (Holds("seat 2", "WD4"),))]
>>> check_consistency({"seat 1": 7, "seat 2": 7, "draw pile": 91}, lines, seen=seen).core
[3, 7, 9]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from unospec.spec.cards import DECK_COUNTS, KINDS, parse, parse_colour
from unospec.spec.prover.trace_facts import AllOf, AnyOf, Expr, Linear, Not, add, at_least, at_most
from unospec.spec.prover.trace_model import Assertion, Outcome, TraceModel, Undecided

__all__ = [
    "AllOf",
    "AnyOf",
    "Assertion",
    "Exactly",
    "Expr",
    "Holds",
    "Lacks",
    "Line",
    "Linear",
    "NoneOfColour",
    "Not",
    "Outcome",
    "Size",
    "TraceModel",
    "Undecided",
    "Verdict",
    "add",
    "at_least",
    "at_most",
    "check_consistency",
]


@dataclass(frozen=True)
class Holds:
    """``place`` holds at least ``n`` copies of ``card``."""

    place: str
    card: str
    n: int = 1

    def formula(self, x: dict[str, dict[str, Any]]) -> Any:
        return x[self.place][parse(self.card)] >= self.n


@dataclass(frozen=True)
class Lacks:
    """``place`` holds no ``card``."""

    place: str
    card: str

    def formula(self, x: dict[str, dict[str, Any]]) -> Any:
        return x[self.place][parse(self.card)] == 0


@dataclass(frozen=True)
class Exactly:
    """``place`` holds exactly ``n`` copies of ``card``."""

    place: str
    card: str
    n: int

    def formula(self, x: dict[str, dict[str, Any]]) -> Any:
        return x[self.place][parse(self.card)] == self.n


@dataclass(frozen=True)
class NoneOfColour:
    """``place`` holds no card of ``colour`` (what an upheld WD4-RESTRICTION implies)."""

    place: str
    colour: str

    def formula(self, x: dict[str, dict[str, Any]]) -> Any:
        c = parse_colour(self.colour)
        return z3.Sum([x[self.place][k] for k in KINDS if k[0] == c and k not in ("W", "WD4")]) == 0


@dataclass(frozen=True)
class Size:
    """``place`` holds ``n`` cards."""

    place: str
    n: int

    def formula(self, x: dict[str, dict[str, Any]]) -> Any:
        return z3.Sum(list(x[self.place].values())) == self.n


Fact = Holds | Lacks | Exactly | NoneOfColour | Size


@dataclass(frozen=True)
class Line:
    """What trace line ``number`` says about the hidden cards."""

    number: int
    text: str
    facts: tuple[Fact, ...]


@dataclass
class Verdict:
    """``consistent`` with an ``assignment`` (place -> card -> copies, nonzero only), or
    not, with a minimal ``core`` of line numbers that cannot all be true."""

    consistent: bool
    assignment: dict[str, dict[str, int]] = field(default_factory=dict)
    core: list[int] = field(default_factory=list)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "consistent": self.consistent,
            "assignment": self.assignment,
            "core": self.core,
            "reason": self.reason,
        }


def check_consistency(
    places: Mapping[str, int | None],
    lines: Iterable[Line],
    *,
    seen: Mapping[int, Sequence[str]] | None = None,
) -> Verdict:
    """Can the unseen cards lie in ``places`` so that every line holds?

    ``places`` maps each hidden place (a hand, the draw pile) to the number of cards it
    holds, or ``None`` when that is unknown. ``seen`` maps a line number to the cards that
    line shows face up (they are not in any hidden place); each sighting is tracked like a
    line, so a fifth Wild Draw Four shows up in the core as the lines that saw the others.
    Every card of the deck is either seen or in exactly one hidden place.
    """
    lines = list(lines)
    seen = dict(seen or {})
    numbers = [ln.number for ln in lines] + list(seen)
    if len(set(numbers)) != len(numbers):
        raise ValueError("each line number may appear once (merge a line's facts and sightings)")
    x = {p: {k: z3.Int(f"{p}|{k}") for k in KINDS} for p in places}
    seen_x = {n: {k: z3.Int(f"seen@{n}|{k}") for k in KINDS} for n in seen}
    background = [v >= 0 for row in (*x.values(), *seen_x.values()) for v in row.values()]
    for p, size in places.items():
        if size is not None:
            background.append(z3.Sum(list(x[p].values())) == size)
    for k in KINDS:  # card conservation
        background.append(
            z3.Sum([x[p][k] for p in places] + [seen_x[n][k] for n in seen]) == DECK_COUNTS[k]
        )
    tracked: dict[int, Any] = {}
    for n, cards in seen.items():
        got = Counter(parse(c) for c in cards)
        tracked[n] = z3.And([seen_x[n][k] == got.get(k, 0) for k in KINDS])
    for ln in lines:
        for f in ln.facts:
            if f.place not in places:
                raise ValueError(
                    f"line {ln.number}: unknown place {f.place!r} (known: {', '.join(places)})"
                )
        tracked[ln.number] = (
            z3.And([f.formula(x) for f in ln.facts]) if ln.facts else z3.BoolVal(True)
        )
    s = z3.Solver()
    s.add(*background)
    if s.check() != z3.sat:
        return Verdict(False, reason="the places' sizes cannot hold the deck's cards")
    flags = {n: z3.Bool(f"line {n}") for n in tracked}
    for n, f in tracked.items():
        s.assert_and_track(f, flags[n])
    if s.check() == z3.sat:
        m = s.model()
        assignment = {
            p: {k: m.eval(v, model_completion=True).as_long() for k, v in row.items()}
            for p, row in x.items()
        }
        return Verdict(
            True, {p: {k: c for k, c in row.items() if c} for p, row in assignment.items()}
        )
    back = {str(f): n for n, f in flags.items()}
    core = sorted(back[str(c)] for c in s.unsat_core())
    core = _shrink(background, tracked, core)
    return Verdict(False, core=core, reason=_reason(lines, seen, core))


def _shrink(background: list[Any], tracked: dict[int, Any], core: list[int]) -> list[int]:
    """Drop lines from ``core`` while what is left stays unsatisfiable: a minimal core."""
    keep = list(core)
    for n in list(core):
        trial = [m for m in keep if m != n]
        s = z3.Solver()
        s.add(*background, *(tracked[m] for m in trial))
        if s.check() == z3.unsat:
            keep = trial
    return keep


def _reason(lines: list[Line], seen: Mapping[int, Sequence[str]], core: list[int]) -> str:
    text = {ln.number: ln.text for ln in lines}
    parts = []
    for n in core:
        if n in seen:
            parts.append(f"line {n} shows {' '.join(seen[n])}")
        if n in text:
            parts.append(f"line {n}: {text[n]}")
    return "these lines cannot all be true: " + "; ".join(parts)
