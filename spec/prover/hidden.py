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
traces with ``null`` cards (see :mod:`unospec.hidden`).

>>> from spec.prover.hidden import Holds, Line, check_consistency
>>> seen = {3: ["WD4", "WD4", "WD4"]}
>>> lines = [Line(7, "seat 1 plays WD4", (Holds("seat 1", "WD4"),)),
...          Line(9, "seat 2 plays WD4", (Holds("seat 2", "WD4"),))]
>>> check_consistency({"seat 1": 7, "seat 2": 7, "draw pile": 91}, lines, seen=seen).core
[3, 7, 9]
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from unospec.spec.cards import DECK_COUNTS, KINDS, parse, parse_colour


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


# -- traces, line by line -------------------------------------------------------------------
#
# The static places above fit one moment. A trace is a story in time: cards come into a
# hand (dealt, drawn), leave it (played), and go back into the pile at a reshuffle. The
# model below keeps integer counts for that story:
#
# * a *batch* is a group of cards nobody has seen that entered one hand on one line
#   (``x[batch][kind]``, the batch's size fixed);
# * a *sighting* is a group of cards a line shows face up (``seen[n][kind]``, fixed to
#   the shown counts by that line's assertion);
# * a *play* is one card leaving a hand on a line (``p[n]``, fixed to 1 by that line's
#   assertion).
#
# A seat's hand at any moment is a linear expression over these counts; card
# conservation says that, for every kind, the copies dealt, turned up and drawn since the
# last reshuffle, minus the copies a reshuffle took back, never exceed the deck's copies.
# Each line's assertions are tracked by the line's number, so an impossible trace is
# answered with the few lines that cannot all be true.


#: one constant of a model as Z3 prints it (reading the text is much faster than asking
#: the model for thousands of values one by one)
_DEFINE = re.compile(r"\(define-fun (\S+) \(\) Int\s+(\(- \d+\)|\d+)\)")


@dataclass(frozen=True)
class Linear:
    """``sum(coef * var) + const  op  0`` with ``op`` one of ``>=``, ``<=``, ``==``."""

    terms: tuple[tuple[str, int], ...]
    op: str
    const: int = 0

    def names(self) -> set[str]:
        return {n for n, _ in self.terms}

    def holds(self, values: Mapping[str, int]) -> bool:
        v = sum(c * values.get(n, 0) for n, c in self.terms) + self.const
        return v >= 0 if self.op == ">=" else v <= 0 if self.op == "<=" else v == 0

    def z3(self, var: Any) -> Any:
        if not self.terms:
            return z3.BoolVal(self.holds({}))
        e = z3.Sum([var(n) if c == 1 else c * var(n) for n, c in self.terms])
        k = -self.const
        return e >= k if self.op == ">=" else e <= k if self.op == "<=" else e == k


@dataclass(frozen=True)
class AllOf:
    facts: tuple[Any, ...]

    def names(self) -> set[str]:
        return set().union(*(f.names() for f in self.facts))

    def holds(self, values: Mapping[str, int]) -> bool:
        return all(f.holds(values) for f in self.facts)

    def z3(self, var: Any) -> Any:
        return z3.And([f.z3(var) for f in self.facts]) if self.facts else z3.BoolVal(True)


@dataclass(frozen=True)
class AnyOf:
    facts: tuple[Any, ...]

    def names(self) -> set[str]:
        return set().union(*(f.names() for f in self.facts))

    def holds(self, values: Mapping[str, int]) -> bool:
        return any(f.holds(values) for f in self.facts)

    def z3(self, var: Any) -> Any:
        return z3.Or([f.z3(var) for f in self.facts]) if self.facts else z3.BoolVal(False)


@dataclass(frozen=True)
class Not:
    fact: Any

    def names(self) -> set[str]:
        return self.fact.names()

    def holds(self, values: Mapping[str, int]) -> bool:
        return not self.fact.holds(values)

    def z3(self, var: Any) -> Any:
        return z3.Not(self.fact.z3(var))


Expr = dict[str, int]  # variable -> coefficient, plus the constant under the key ""


def at_least(e: Expr, n: int) -> Linear:
    """``e >= n``"""
    return Linear(tuple((k, c) for k, c in e.items() if k and c), ">=", e.get("", 0) - n)


def at_most(e: Expr, n: int) -> Linear:
    """``e <= n``"""
    return Linear(tuple((k, c) for k, c in e.items() if k and c), "<=", e.get("", 0) - n)


def add(*exprs: Expr) -> Expr:
    out: Expr = {}
    for e in exprs:
        for k, c in e.items():
            out[k] = out.get(k, 0) + c
    return out


@dataclass
class Assertion:
    """What line ``line`` says (``text``), under ``rule``; ``field`` is the JSON pointer
    of the part of the line that says it."""

    line: int
    text: str
    rule: str
    field: str
    fact: Any


@dataclass
class Outcome:
    """The answer of :meth:`TraceModel.check`: ``consistent``, or a minimal ``core`` of
    assertions (with ``short`` the kinds of card the deck runs out of, and ``need`` how
    many copies of the first of them the core lines need at least)."""

    consistent: bool
    core: list[Assertion] = field(default_factory=list)
    short: list[str] = field(default_factory=list)
    need: int | None = None


class Undecided(Exception):
    """Z3 did not decide within the time budget (the trace is neither shown consistent nor
    refuted)."""


class TraceModel:
    """The hidden cards of one trace, built line by line (see the comment above).

    ``deadline`` (a :func:`time.monotonic` time) bounds the solver: each call gets the time
    left, and :class:`Undecided` is raised when Z3 runs out of it."""

    def __init__(
        self, preset: Mapping[str, int] | None = None, deadline: float | None = None
    ) -> None:
        self.deadline = deadline
        self.preset = dict(preset or {})  # a witness to start from (a previous run's)
        self.values: dict[str, int] = {}  # the current witness
        self.sizes: dict[str, int] = {}  # batch -> size
        self.batch_vars: dict[str, list[str]] = {}
        self.hands: dict[Any, dict[str, Expr]] = {}  # holder -> kind -> expression
        self.circulation: dict[str, Expr] = {k: {} for k in KINDS}
        self.assertions: list[Assertion] = []
        self._z3: dict[str, Any] = {}
        self._solver = z3.Solver()
        self._hard: list[Any] = []  # the story's structure: sizes, counts, circulation sums
        self._caps: list[tuple[str, Any]] = []  # (kind, circulation) at each checkpoint
        self._committed_hard = 0
        self._committed_caps = 0
        self._background: list[Any] = []  # facts every witness must satisfy (not lines)
        self._checked = 0  # assertions and background the witness is known to satisfy
        self._checked_bg = 0
        self._committed = 0  # assertions and background handed to Z3
        self._committed_bg = 0
        self._deck_flags = {k: z3.Bool(f"deck {k}") for k in KINDS}
        # circulation per kind as a chain of partial sums, so that a check costs one
        # comparison per kind however long the trace
        self._circ: dict[str, Any] = {k: z3.IntVal(0) for k in KINDS}
        self._links = 0
        self._line_flags: dict[int, Any] = {}  # assertion index -> its Z3 flag
        self._seq = 0
        self.solver_calls = 0
        self.version = 0  # changes whenever the witness of earlier cards changes
        self._index: dict[str, list[Any]] = {}  # variable -> the facts that mention it
        self._used = {k: 0 for k in KINDS}  # copies in circulation under the witness

    # -- variables ---------------------------------------------------------------------

    def _var(self, name: str) -> Any:
        v = self._z3.get(name)
        if v is None:
            v = self._z3[name] = z3.Int(name)
            self._hard.append(v >= 0)
        return v

    def _hand(self, holder: Any) -> dict[str, Expr]:
        return self.hands.setdefault(holder, {k: {} for k in KINDS})

    def hand(self, holder: Any) -> dict[str, Expr]:
        """A snapshot of ``holder``'s hand now: kind -> expression."""
        return {k: dict(e) for k, e in self._hand(holder).items()}

    def hand_counts(self, holder: Any) -> dict[str, int]:
        """``holder``'s hand under the current witness."""
        return {
            k: v
            for k, e in self._hand(holder).items()
            if (v := sum(c * self.values.get(n, 0) for n, c in e.items() if n) + e.get("", 0))
        }

    def move_hands(self, moves: Mapping[Any, Any]) -> None:
        """Hands change holders (V-SEVEN-ZERO): ``moves`` maps each new holder to the
        holder whose hand it now has. The cards keep their variables; facts said before
        keep the snapshots they were said about."""
        old = {h: self._hand(h) for h in set(moves.values())}
        for new, src in moves.items():
            self.hands[new] = old[src]

    # -- what lines say ----------------------------------------------------------------

    def sight(self, line: int, holder: Any, cards: Sequence[str], text: str, rule: str, fld: str):
        """Line ``line`` shows ``cards`` face up, entering ``holder``'s hand (a seat) or
        the discard pile (any other holder)."""
        self._seq += 1
        got = Counter(cards)
        names = {}
        for k, n in got.items():
            name = names[k] = f"seen{self._seq}@{line}:{k}"
            self._var(name)
            self.values[name] = n
            self._used[k] += n
            self._enter(k, name)
            if isinstance(holder, int):
                self._hand(holder)[k][name] = 1
        self.say(
            line,
            text,
            rule,
            fld,
            AllOf(tuple(Linear(((names[k], 1),), "==", -n) for k, n in got.items())),
        )

    def hide(self, line: int, holder: int, n: int) -> str:
        """``n`` cards nobody saw enter ``holder``'s hand on ``line``; returns the batch name.
        The witness gives them the first cards left in the pile (canonical order)."""
        self._seq += 1
        b = f"b{self._seq}@{line}"
        self.sizes[b] = n
        names = self.batch_vars[b] = [f"{b}:{k}" for k in KINDS]
        self._hard.append(z3.Sum([self._var(v) for v in names]) == n)
        free = self.pile_counts()
        if all(v in self.preset for v in names):
            free = {k: self.preset[v] for k, v in zip(KINDS, names, strict=True)}
        need = n
        for k, v in zip(KINDS, names, strict=True):
            take = min(need, max(free.get(k, 0), 0))
            self.values[v] = take
            self._used[k] += take
            need -= take
            self._enter(k, v)
            self._hand(holder)[k][v] = 1
        if need:  # no room: the next check repairs it (or shows why it cannot be)
            self.values[names[-1]] += need
            self._used[KINDS[-1]] += need
        return b

    def play(self, line: int, seat: int, card: str, text: str, rule: str, fld: str) -> None:
        """On ``line`` ``seat`` puts ``card`` down from its hand."""
        name = f"p@{line}:{card}"
        self._var(name)
        self.values[name] = 1
        e = self._hand(seat)[card]
        e[name] = e.get(name, 0) - 1
        self._background.append(at_least(e, 0))  # a hand never holds fewer than 0 copies
        self.say(line, text, rule, fld, Linear(((name, 1),), "==", -1))

    def take_back(self, line: int, seat: int, card: str) -> None:
        """The ``card`` ``seat`` put down on ``line`` (:meth:`play`) goes back into its hand
        (a face-down card exposed by a right accusation, V-CHEAT)."""
        name = f"p@{line}:{card}"
        e = self._hand(seat)[card]
        e[name] = e.get(name, 0) + 1
        if not e[name]:
            del e[name]

    def reshuffle(self, cards: Sequence[str]) -> None:
        """The known ``cards`` (discards) go back into the draw pile."""
        self._checkpoint()
        for k, e in self.circulation.items():
            if any(e):
                self._background.append(at_most(e, DECK_COUNTS[k]))
        for k, n in Counter(cards).items():
            self._enter(k, None, -n)
            self._used[k] -= n

    def say(self, line: int, text: str, rule: str, fld: str, fact: Any) -> None:
        self.assertions.append(Assertion(line, text, rule, fld, fact))

    def batch_expr(self, batch: str, kinds: Iterable[str]) -> Expr:
        return {f"{batch}:{k}": 1 for k in kinds}

    def batch_cards(self, batch: str) -> list[str]:
        """The cards of ``batch`` under the current witness, in canonical order."""
        return [k for k in KINDS for _ in range(self.values.get(f"{batch}:{k}", 0))]

    def pile_counts(self) -> dict[str, int]:
        """Copies of each kind nobody holds or shows under the current witness."""
        return {k: DECK_COUNTS[k] - self._used[k] for k in KINDS}

    def _recount(self) -> None:
        self._used = {
            k: sum(c * self.values.get(n, 0) for n, c in e.items() if n) + e.get("", 0)
            for k, e in self.circulation.items()
        }

    def place(self, batch: str, cards: Mapping[str, int]) -> None:
        """Make the witness give ``batch`` exactly ``cards`` (kind -> copies)."""
        for k in KINDS:
            v = f"{batch}:{k}"
            self._used[k] += cards.get(k, 0) - self.values[v]
            self.values[v] = cards.get(k, 0)

    # -- solving -------------------------------------------------------------------------

    def _enter(self, kind: str, name: str | None, n: int = 1) -> None:
        """``name``'s copies of ``kind`` (or the constant ``n`` when ``name`` is None) enter
        circulation."""
        if name is not None:
            self.circulation[kind][name] = 1
        else:
            self.circulation[kind][""] = self.circulation[kind].get("", 0) + n
        self._links += 1
        link = z3.Int(f"circ:{kind}#{self._links}")
        self._hard.append(link == self._circ[kind] + (self._var(name) if name else n))
        self._circ[kind] = link

    def _checkpoint(self) -> None:
        for k in KINDS:
            if self.circulation[k]:
                self._caps.append((k, self._circ[k]))

    def check(self) -> Outcome:
        """Does the current witness satisfy everything said so far? If not, ask Z3 for
        another one; if there is none, return a minimal core of lines."""
        fresh = self.assertions[self._checked :]
        bg = self._background[self._checked_bg :]
        self._checked, self._checked_bg = len(self.assertions), len(self._background)
        for f in [a.fact for a in fresh] + bg:
            for n in f.names():
                self._index.setdefault(n, []).append(f)
        broken = [f for f in [a.fact for a in fresh] + bg if not f.holds(self.values)]
        if all(v >= 0 for v in self.pile_counts().values()) and not broken:
            return Outcome(True)
        if broken and self._repair(broken):
            return Outcome(True)
        return self.solve()

    def _repair(self, broken: list[Any], budget: int = 400) -> bool:
        """Try to mend the witness by changing one unseen card of a batch into another kind
        (cheaper than a solver call, and usually enough): a batch that holds a copy the
        deck has no room for, or a batch the broken facts name."""
        values = self.values
        pile = self.pile_counts()
        short = [k for k, v in pile.items() if v < 0]
        if short:
            if len(short) > 1 or pile[short[0]] < -1:
                return False
            k = short[0]
            moves = [(b, [k], None) for b in self._recent() if values.get(f"{b}:{k}", 0) > 0]
        else:
            wanted: dict[str, list[str]] = {}
            for f in broken:
                for n in sorted(f.names()):
                    b, _, k = n.rpartition(":")
                    if b in self.sizes:
                        wanted.setdefault(b, []).append(k)
            moves = [
                (b, [k for k in KINDS if values.get(f"{b}:{k}", 0) > 0], wanted[b])
                for b in self._recent()
                if b in wanted
            ]
        tries = 0
        for b, have, first in moves:
            first = list(dict.fromkeys(first or []))
            for new in first + [k for k in KINDS if k not in first]:
                if pile.get(new, 0) <= 0:
                    continue
                for old in have:
                    if old == new:
                        continue
                    tries += 1
                    if tries > budget:
                        return False
                    if self._try({f"{b}:{old}": -1, f"{b}:{new}": 1}, broken):
                        self._used[old] -= 1
                        self._used[new] += 1
                        return True
        if short:
            return False
        for b, have, first in moves:  # no copy left in the pile: trade with another batch
            for new in dict.fromkeys(first or []):
                if pile.get(new, 0) > 0:
                    continue
                for other in self._recent():
                    if other == b or values.get(f"{other}:{new}", 0) <= 0:
                        continue
                    for old in have:
                        if old == new:
                            continue
                        tries += 1
                        if tries > budget:
                            return False
                        trade = {f"{b}:{old}": -1, f"{b}:{new}": 1}
                        trade |= {f"{other}:{new}": -1, f"{other}:{old}": 1}
                        if self._try(trade, broken):
                            return True
        return False

    def _try(self, delta: dict[str, int], broken: list[Any]) -> bool:
        """Change the witness by ``delta``; keep it (a new version) if every fact on the
        names changed and every broken fact then holds, otherwise undo it."""
        values = self.values
        for n, d in delta.items():
            values[n] = values.get(n, 0) + d
        touched = {id(f): f for n in delta for f in self._index.get(n, [])}
        if all(f.holds(values) for f in touched.values()) and all(f.holds(values) for f in broken):
            self.version += 1
            return True
        for n, d in delta.items():
            values[n] -= d
        return False

    def _recent(self) -> list[str]:
        """Batches, the latest first."""
        return sorted(self.sizes, key=lambda b: -int(b[1 : b.index("@")]))

    def solve(self) -> Outcome:
        """Ask Z3 for a witness of everything said so far (or a minimal core). One solver
        serves every call, each line's assertions behind a flag of their own (Z3 keeps
        what it learnt between calls; a fresh solver per call is many times slower)."""
        s = self._solver
        s.add(*self._hard[self._committed_hard :])
        self._committed_hard = len(self._hard)
        for f in self._background[self._committed_bg :]:
            s.add(f.z3(self._var))
        for i in range(self._committed, len(self.assertions)):
            flag = self._line_flags[i] = z3.Bool(f"said {i}")
            s.add(z3.Implies(flag, self.assertions[i].fact.z3(self._var)))
        self._committed, self._committed_bg = len(self.assertions), len(self._background)
        self._checkpoint()
        s.add(
            *(
                z3.Implies(self._deck_flags[k], c <= DECK_COUNTS[k])
                for k, c in self._caps[self._committed_caps :]
            )
        )
        self._committed_caps = len(self._caps)
        self.solver_calls += 1
        if self._check(*self._line_flags.values(), *self._deck_flags.values()) == z3.sat:
            got = {
                name.strip("|"): int(v.replace("(- ", "-").rstrip(")"))
                for name, v in _DEFINE.findall(s.model().sexpr())
            }
            self.values = {n: got.get(n, 0) for n in self._z3}
            self._recount()
            self.version += 1
            return Outcome(True)
        return self._core()

    def _check(self, *assumptions: Any) -> Any:
        """``sat`` or ``unsat`` under ``assumptions``, within the time left; :class:`Undecided`
        when Z3 cannot tell in time."""
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Undecided("the solver's time budget was spent")
            self._solver.set("timeout", max(1, int(left * 1000)))
        result = self._solver.check(*assumptions)
        if result == z3.unknown:
            raise Undecided(f"Z3 could not decide ({self._solver.reason_unknown()})")
        return result

    def _core(self) -> Outcome:
        s = self._solver
        by_flag = {str(f): ("line", n) for n, f in self._line_flags.items()}
        by_flag.update({str(f): ("deck", k) for k, f in self._deck_flags.items()})
        core = [by_flag[str(c)] for c in s.unsat_core()]
        keep = sorted(set(core), key=lambda t: (t[0] != "deck", t[1]))

        def flag(t: tuple[str, Any]) -> Any:
            return self._deck_flags[t[1]] if t[0] == "deck" else self._line_flags[t[1]]

        for t in list(keep):  # deletion: a minimal core
            trial = [u for u in keep if u != t]
            if self._check(*(flag(u) for u in trial)) == z3.unsat:
                keep = trial
        said = sorted(i for kind, i in keep if kind == "line")
        short = [k for kind, k in keep if kind == "deck"]
        need = None
        if len(short) == 1:
            need = self._need(short[0], [flag(u) for u in keep if u[0] == "line"])
        chosen = sorted((self.assertions[i] for i in said), key=lambda a: a.line)
        return Outcome(False, chosen, short, need)

    def _need(self, kind: str, flags: list[Any]) -> int | None:
        """The fewest copies of ``kind`` the core lines need at once (over the deck's)."""
        lo, hi = DECK_COUNTS[kind] + 1, DECK_COUNTS[kind] + 8
        s = self._solver
        for n in range(lo, hi + 1):  # the deck's limit for this kind, relaxed one copy at a time
            s.push()
            relaxed = z3.Bool(f"relax {kind} {n}")
            s.add(z3.Implies(relaxed, self._circ[kind] <= n))
            others = [f for k, f in self._deck_flags.items() if k != kind]
            try:
                ok = self._check(*flags, *others, relaxed) == z3.sat
            finally:
                s.pop()
            if ok:
                return n
        return None
