"""The unseen cards of one trace, told line by line, with one solver session for the trace.

A trace is a story in time: cards come into a hand (dealt, drawn), leave it (played), and
go back into the pile at a reshuffle. :class:`TraceModel` keeps integer counts per kind
of card for that story:

* a *batch* is a group of cards nobody has seen that entered one hand on one line
  (``b3@12:R5``, the batch's size fixed);
* a *sighting* is a group of cards a line shows face up (``seen2@1:WD4``, fixed to the
  shown count by that line's assertion);
* a *play* is one card leaving a hand on a line (``p@7:WD4``, fixed to 1 by that line's
  assertion).

A seat's hand is, per kind, a linear expression over these counts. So that no fact
grows with the trace, an expression longer than :data:`SHORT` terms becomes a *derived*
variable of its own once a fact uses it (``h17 = b3@12:R5 + … - p@40:R5``, a definition
in the solver's structure): every fact then names a handful of variables, and the
formula grows by a bounded amount per line. The copies in circulation (in hands and on
the discard pile, since the last reshuffle) are kept the same way; no kind may have more
of them than the deck (DECK-COMPOSITION), checked before every reshuffle and at every
solver call, each kind behind a flag of its own so that a core can name the kind.

The model keeps a *witness*, a value for every variable that makes everything said so
far true. A new fact the witness breaks is first mended by changing one unseen card of a
batch (or trading one between two batches); only then is Z3 asked. One Z3 solver serves
the whole trace: structure is added as it comes, each line's assertion behind a flag,
and each call checks under the flags as assumptions, so Z3 keeps what it learnt. When
there is no witness, the answer is a minimal set of assertions that cannot all hold.
"""

from __future__ import annotations

import ctypes
import heapq
import re
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from unospec.spec.cards import DECK_COUNTS, KINDS
from unospec.spec.prover.trace_facts import AllOf, Expr, Linear, Not, at_least, at_most, value

#: an expression with more terms than this becomes a derived variable once a fact uses it
SHORT = 6

#: the windows a solver call tries in turn before the whole trace goes to the solver: how
#: many batches of each sort it sets free (the rest keep their cards), among how many of
#: the latest batches (so that the problem stays the size of a stretch of the trace)
WINDOWS = ((8, 24), (16, 64), (32, 160), (128, 10**9))

#: one constant of a model as Z3 prints it (reading the text is much faster than asking
#: the model for thousands of values one by one)
_DEFINE = re.compile(r"\(define-fun (\S+) \(\) Int\s+(\(- \d+\)|\d+)\)")


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
    """The unseen cards of one trace, built line by line (see the module docstring).

    ``preset`` is a witness to start from (a previous run's); ``deadline`` (a
    :func:`time.monotonic` time) bounds the solver: each call gets the time left, and
    :class:`Undecided` is raised when Z3 runs out of it."""

    def __init__(
        self, preset: Mapping[str, int] | None = None, deadline: float | None = None
    ) -> None:
        self.deadline = deadline
        self.preset = dict(preset or {})
        self.values: dict[str, int] = {}  # the witness, derived variables included
        self.sizes: dict[str, int] = {}  # batch -> size, in the order they came
        self.hands: dict[Any, dict[str, Expr]] = {}  # holder -> kind -> expression
        self.circulation: dict[str, Expr] = {k: {} for k in KINDS}
        self.assertions: list[Assertion] = []
        self.solver_calls = 0
        self.version = 0  # changes whenever the witness of earlier cards changes
        self._seq = 0
        self._free: list[str] = []  # counted variables (batches, sightings, plays), in order
        self._defs: dict[str, Expr] = {}  # derived variable -> its definition
        self._rank: dict[str, int] = {}  # derived variable -> its place in the order
        self._users: dict[str, list[tuple[str, int]]] = {}  # variable -> (derived, coef)
        self._background: list[Any] = []  # facts every witness must satisfy (not lines)
        self._caps: list[tuple[str, Linear]] = []  # (kind, circulation <= deck) per checkpoint
        self._index: dict[str, list[Any]] = {}  # variable -> the facts that mention it
        self._checked = [0, 0, 0]  # assertions, background and caps the witness satisfies
        self._lits: dict[str, list[Any]] = {}  # the Booleans of pseudo-Boolean windows
        self._session = _Session(self)

    # -- expressions ---------------------------------------------------------------------

    def _hand(self, holder: Any) -> dict[str, Expr]:
        return self.hands.setdefault(holder, {k: {} for k in KINDS})

    def _short(self, e: Expr) -> Expr:
        """``e`` itself, made a derived variable first if it is long (in place)."""
        if len(e) - ("" in e) <= SHORT:
            return e
        name = f"h{len(self._defs)}"
        self._defs[name] = dict(e)
        self._rank[name] = len(self._rank)
        self.values[name] = value(e, self.values)
        for n, c in e.items():
            if n:
                self._users.setdefault(n, []).append((name, c))
        e.clear()
        e[name] = 1
        return e

    def hand(self, holder: Any) -> dict[str, Expr]:
        """A snapshot of ``holder``'s hand now: kind -> expression."""
        return {k: dict(self._short(e)) for k, e in self._hand(holder).items()}

    def hand_counts(self, holder: Any) -> dict[str, int]:
        """``holder``'s hand under the current witness."""
        out = {}
        for k, e in self._hand(holder).items():
            if v := value(e, self.values):
                out[k] = v
        return out

    def move_hands(self, moves: Mapping[Any, Any]) -> None:
        """Hands change holders (V-SEVEN-ZERO): ``moves`` maps each new holder to the
        holder whose hand it now has. The cards keep their variables; facts said before
        keep the snapshots they were said about."""
        old = {h: self._hand(h) for h in set(moves.values())}
        for new, src in moves.items():
            self.hands[new] = old[src]

    def batch_expr(self, batch: str, kinds: Iterable[str]) -> Expr:
        return {f"{batch}:{k}": 1 for k in kinds}

    def batch_cards(self, batch: str) -> list[str]:
        """The cards of ``batch`` under the current witness, in canonical order."""
        return [k for k in KINDS for _ in range(self.values.get(f"{batch}:{k}", 0))]

    def pile_counts(self) -> dict[str, int]:
        """Copies of each kind nobody holds or shows under the current witness."""
        return {k: DECK_COUNTS[k] - value(e, self.values) for k, e in self.circulation.items()}

    # -- what lines say --------------------------------------------------------------------

    def _count(self, name: str, n: int) -> None:
        self._free.append(name)
        self.values[name] = n

    def _enter(self, holder: Any, kind: str, name: str) -> None:
        circ = self.circulation[kind]
        circ[name] = circ.get(name, 0) + 1
        if isinstance(holder, int):
            e = self._hand(holder)[kind]
            e[name] = e.get(name, 0) + 1

    def sight(self, line: int, holder: Any, cards: Sequence[str], text: str, rule: str, fld: str):
        """Line ``line`` shows ``cards`` face up, entering ``holder``'s hand (a seat) or
        the discard pile (any other holder)."""
        self._seq += 1
        facts = []
        for k, n in Counter(cards).items():
            name = f"seen{self._seq}@{line}:{k}"
            self._count(name, n)
            self._enter(holder, k, name)
            facts.append(Linear(((name, 1),), "==", -n))
        self.say(line, text, rule, fld, AllOf(tuple(facts)))

    def hide(self, line: int, holder: int, n: int, prefer: Sequence[str] = ()) -> str:
        """``n`` cards nobody saw enter ``holder``'s hand on ``line``; returns the batch name.
        The witness gives them what the preset says, or else the kinds ``prefer`` lists
        (in order, as far as the pile has them) and then the first cards left in the pile
        (canonical order)."""
        self._seq += 1
        b = f"b{self._seq}@{line}"
        self.sizes[b] = n
        names = [f"{b}:{k}" for k in KINDS]
        if all(v in self.preset for v in names):
            free = {k: self.preset[v] for k, v in zip(KINDS, names, strict=True)}
        else:
            free = self._choose(n, prefer)
        need = n
        for k, v in zip(KINDS, names, strict=True):
            take = min(need, max(free.get(k, 0), 0))
            need -= take
            self._count(v, take)
            self._enter(holder, k, v)
        if need:  # no room: the next check repairs it (or shows why it cannot be)
            self.values[names[-1]] += need
        return b

    def _choose(self, n: int, prefer: Sequence[str]) -> dict[str, int]:
        """``n`` cards from the pile under the witness: those of ``prefer`` first."""
        pile = self.pile_counts()
        got: Counter[str] = Counter()
        for k in prefer:
            if sum(got.values()) < n and pile.get(k, 0) > got[k]:
                got[k] += 1
        for k in KINDS:
            left = n - sum(got.values())
            if left <= 0:
                break
            got[k] += min(left, max(pile[k] - got[k], 0))
        return got

    def play(self, line: int, seat: int, card: str, text: str, rule: str, fld: str) -> None:
        """On ``line`` ``seat`` puts ``card`` down from its hand."""
        name = f"p@{line}:{card}"
        self._count(name, 1)
        e = self._hand(seat)[card]
        e[name] = e.get(name, 0) - 1
        self._background.append(at_least(self._short(e), 0))  # never fewer than 0 copies
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
        """The known ``cards`` (discards) go back into the draw pile: the circulation before
        it must fit the deck."""
        self._caps.extend(self._circulation_caps())
        for k, n in Counter(cards).items():
            circ = self.circulation[k]
            circ[""] = circ.get("", 0) - n

    def _circulation_caps(self) -> list[tuple[str, Linear]]:
        return [
            (k, at_most(self._short(e), DECK_COUNTS[k]))
            for k, e in self.circulation.items()
            if any(e)
        ]

    def say(self, line: int, text: str, rule: str, fld: str, fact: Any) -> None:
        self.assertions.append(Assertion(line, text, rule, fld, fact))

    def place(self, batch: str, cards: Mapping[str, int]) -> None:
        """Make the witness give ``batch`` exactly ``cards`` (kind -> copies)."""
        delta = {}
        for k in KINDS:
            v = f"{batch}:{k}"
            if d := cards.get(k, 0) - self.values[v]:
                delta[v] = d
        self._shift(delta)

    # -- the witness -----------------------------------------------------------------------

    def _shift(self, delta: Mapping[str, int]) -> dict[str, int]:
        """Change the witness by ``delta`` and every derived variable with it; returns every
        variable changed, with its change."""
        values, users, rank = self.values, self._users, self._rank
        changed: dict[str, int] = {}
        waiting: dict[str, int] = {}
        heap: list[tuple[int, str]] = []

        def spread(name: str, d: int) -> None:
            values[name] = values.get(name, 0) + d
            changed[name] = d
            for u, c in users.get(name, ()):
                if u not in waiting:
                    waiting[u] = 0
                    heapq.heappush(heap, (rank[u], u))
                waiting[u] += c * d

        for n, d in delta.items():
            if d:
                spread(n, d)
        while heap:
            _, u = heapq.heappop(heap)
            if d := waiting.pop(u):
                spread(u, d)
        return changed

    def check(self) -> Outcome:
        """Does the current witness satisfy everything said so far? If not, mend it or ask
        Z3 for another one; if there is none, return a minimal core of assertions."""
        a, b, c = self._checked
        fresh = [x.fact for x in self.assertions[a:]] + self._background[b:]
        fresh += [cap for _, cap in self._caps[c:]]
        self._checked = [len(self.assertions), len(self._background), len(self._caps)]
        for f in fresh:
            for n in f.names():
                self._index.setdefault(n, []).append(f)
        broken = [f for f in fresh if not f.holds(self.values)]
        if not broken and min(self.pile_counts().values()) >= 0:
            return Outcome(True)
        if _Repair(self, broken).run():
            return Outcome(True)
        return self.solve(broken)

    def _try(self, delta: dict[str, int], broken: list[Any]) -> bool:
        """Change the witness by ``delta``; keep it (a new version) if every fact on the
        variables changed and every broken fact then holds, otherwise undo it."""
        changed = self._shift(delta)
        values = self.values
        touched = {id(f): f for n in changed for f in self._index.get(n, ())}
        if all(f.holds(values) for f in touched.values()) and all(f.holds(values) for f in broken):
            self.version += 1
            return True
        self._shift({n: -d for n, d in delta.items()})
        return False

    def batch_names(self, fact: Any) -> set[str]:
        """The batch variables ``fact`` depends on, through derived variables."""
        out, todo, seen = set(), list(fact.names()), set()
        while todo:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            if n in self._defs:
                todo.extend(m for m in self._defs[n] if m)
            elif n.startswith("b"):
                out.add(n)
        return out

    # -- the solver ------------------------------------------------------------------------

    def _literals(self, name: str, top: int) -> list[Any]:
        """Z3's Booleans ``name >= 1`` … ``name >= top`` (made once per trace)."""
        got = self._lits.get(name)
        if got is None or len(got) < top:
            got = self._lits[name] = [z3.Bool(f"{name}>={j}") for j in range(1, top + 1)]
        return got[:top]

    def _windows(self, broken: Sequence[Any]) -> Iterable[list[str]]:
        """Batches to set free, a few and then more: the latest of those the broken facts
        depend on, of those holding the kinds of card they are about (or that the pile
        runs short of), and of all."""
        batches = list(self.sizes)
        deps = set().union(*(self.batch_names(f) for f in broken))
        kinds = {n.rpartition(":")[2] for n in deps}
        kinds |= {k for k, v in self.pile_counts().items() if v < 0}
        values = self.values
        mine = [b for b in batches if any(f"{b}:{k}" in deps for k in KINDS)]
        holding = [b for b in batches if any(values.get(f"{b}:{k}", 0) > 0 for k in kinds)]
        for free, recent in WINDOWS:
            if free >= len(batches):
                return
            since = batches[-recent] if recent < len(batches) else batches[0]
            young = set(batches[batches.index(since) :])
            pick = [b for b in mine if b in young][-free:] + [b for b in holding if b in young][
                -free:
            ]
            yield list(dict.fromkeys(pick + batches[-free:]))

    def solve(self, broken: Sequence[Any] = ()) -> Outcome:
        """Ask Z3 for a witness of everything said so far (or a minimal core), the witness
        breaking the facts ``broken`` (and no other). Most of the witness stays: first
        only a few batches are set free, the latest of those the broken facts depend on
        and the latest of all, the rest keeping their cards (:func:`_local_witness`, a
        small problem); only when no such window will do is the whole trace handed to
        the session, whose ``unsat`` refutes it."""
        self.solver_calls += 1
        for window in self._windows(broken):
            got = _local_witness(self, window, broken)
            if got is not None:
                self._shift({n: v - self.values[n] for n, v in got.items()})
                self.version += 1
                return Outcome(True)
        got = self._session.solve()
        if isinstance(got, Outcome):
            return got
        values = self.values
        for n in self._free:
            values[n] = got.get(n, 0)
        for n in self._defs:
            values[n] = got.get(n, 0)
        self.version += 1
        return Outcome(True)


def _local_witness(
    model: TraceModel, batches: list[str], broken: Sequence[Any]
) -> dict[str, int] | None:
    """New cards for ``batches`` that make everything said true, every other card as the
    witness has it; ``None`` if there are none. Only the facts that depend on those
    batches (through derived variables) and the ``broken`` ones are asked, each as a
    pseudo-Boolean constraint over the batches' cards (:class:`_Window`): a problem the
    size of the window, however long the trace."""
    caps = [cap for _, cap in model._circulation_caps()]  # (first: it may define variables)
    window = _Window(model, batches)
    facts = {id(f): f for n in window.touched() for f in model._index.get(n, ())}
    facts.update((id(f), f) for f in [*broken, *caps])
    s = z3.SolverFor("QF_FD")
    s.add(*window.order)
    for b in batches:
        s.add(_pb("==", [(x, 1) for k in KINDS for x in window.lits[f"{b}:{k}"]], model.sizes[b]))
    s.add(*(window.render(f) for f in facts.values()))
    if model.deadline is not None:
        s.set("timeout", max(1, int((model.deadline - time.monotonic()) * 1000)))
    if s.check() != z3.sat:
        return None
    true = set(_TRUE.findall(s.model().sexpr()))
    return {n: sum(1 for x in xs if str(x) in true) for n, xs in window.lits.items()}


#: a Boolean constant a model makes true, as Z3 prints it
_TRUE = re.compile(r"\(define-fun \|?([^ |]+)\|? \(\) Bool\s+true\)")


def _pb(op: str, pairs: list[tuple[Any, int]], k: int) -> Any:
    """``sum(coef * literal) op k`` as a Z3 pseudo-Boolean constraint, built with Z3's C
    API directly (its Python wrapper checks every argument, which dominates here)."""
    n = len(pairs)
    args = (z3.Ast * n)(*(x.as_ast() for x, _ in pairs))
    coeffs = (ctypes.c_int * n)(*(c for _, c in pairs))
    make = {"<=": z3.Z3_mk_pble, ">=": z3.Z3_mk_pbge, "==": z3.Z3_mk_pbeq}[op]
    ctx = z3.main_ctx()
    return z3.BoolRef(make(ctx.ref(), n, args, coeffs, k), ctx)


class _Window:
    """The cards of a few batches as Booleans (``v >= 1``, ``v >= 2``, … for each count
    ``v``), and every derived variable that depends on them flattened to a sum over those
    plus a constant from the witness."""

    def __init__(self, model: TraceModel, batches: list[str]) -> None:
        self.model = model
        self.lits: dict[str, list[Any]] = {}
        self.order: list[Any] = []  # v >= j+1 implies v >= j
        for b in batches:
            for k in KINDS:
                v = f"{b}:{k}"
                top = min(model.sizes[b], DECK_COUNTS[k])
                xs = self.lits[v] = model._literals(v, top)
                self.order.extend(z3.Implies(hi, lo) for lo, hi in zip(xs, xs[1:], strict=False))
        values, rank = model.values, model._rank
        below = set()
        todo = list(self.lits)
        while todo:
            for u, _ in model._users.get(todo.pop(), ()):
                if u not in below:
                    below.add(u)
                    todo.append(u)
        self.flat: dict[str, tuple[dict[str, int], int]] = {}
        for d in sorted(below, key=rank.__getitem__):
            coef: dict[str, int] = {}
            base = 0
            for n, c in model._defs[d].items():
                if not n:
                    base += c
                elif n in self.lits:
                    coef[n] = coef.get(n, 0) + c
                elif n in self.flat:
                    sub, b0 = self.flat[n]
                    base += c * b0
                    for v, cv in sub.items():
                        coef[v] = coef.get(v, 0) + c * cv
                else:
                    base += c * values.get(n, 0)
            self.flat[d] = (coef, base)

    def touched(self) -> set[str]:
        return set(self.lits) | set(self.flat)

    def render(self, fact: Any) -> Any:
        if isinstance(fact, Linear):
            return self._linear(fact)
        if isinstance(fact, Not):
            return z3.Not(self.render(fact.fact))
        parts = [self.render(f) for f in fact.facts]
        return z3.And(parts) if isinstance(fact, AllOf) else z3.Or(parts)

    def _linear(self, fact: Linear) -> Any:
        values = self.model.values
        coef: dict[str, int] = {}
        const = fact.const
        for n, c in fact.terms:
            if n in self.lits:
                coef[n] = coef.get(n, 0) + c
            elif n in self.flat:
                sub, b0 = self.flat[n]
                const += c * b0
                for v, cv in sub.items():
                    coef[v] = coef.get(v, 0) + c * cv
            else:
                const += c * values.get(n, 0)
        terms = [(x, c) for v, c in coef.items() if c for x in self.lits[v]]
        if not terms:
            return z3.BoolVal(Linear((), fact.op, const).holds({}))
        return _pb(fact.op, terms, -const)


class _Repair:
    """Mend the witness by changing one unseen card of a batch into another kind (cheaper
    than a solver call, and usually enough): a batch that holds a copy the deck has no
    room for, or a batch the broken facts depend on; failing that, trade a card between
    two batches when the pile has no copy left."""

    BUDGET = 400

    def __init__(self, model: TraceModel, broken: list[Any]) -> None:
        self.model, self.broken, self.tries = model, broken, 0

    def _recent(self) -> list[str]:
        return list(reversed(self.model.sizes))

    def _spend(self) -> bool:
        self.tries += 1
        return self.tries <= self.BUDGET

    def run(self) -> bool:
        m, values = self.model, self.model.values
        pile = m.pile_counts()
        short = [k for k, v in pile.items() if v < 0]
        if short:
            if len(short) > 1 or pile[short[0]] < -1:
                return False
            k = short[0]
            moves = [(b, [k], []) for b in self._recent() if values.get(f"{b}:{k}", 0) > 0]
            return self._change(moves, pile)
        wanted: dict[str, list[str]] = {}
        for f in self.broken:
            for n in sorted(m.batch_names(f)):
                b, _, k = n.rpartition(":")
                wanted.setdefault(b, []).append(k)
        moves = [
            (b, [k for k in KINDS if values.get(f"{b}:{k}", 0) > 0], wanted[b])
            for b in self._recent()
            if b in wanted
        ]
        return self._change(moves, pile) or self._trade(moves, pile)

    def _change(self, moves: list[tuple[str, list[str], list[str]]], pile: dict) -> bool:
        for b, have, first in moves:
            first = list(dict.fromkeys(first))
            for new in first + [k for k in KINDS if k not in first]:
                if pile.get(new, 0) <= 0:
                    continue
                for old in have:
                    if old == new:
                        continue
                    if not self._spend():
                        return False
                    if self.model._try({f"{b}:{old}": -1, f"{b}:{new}": 1}, self.broken):
                        return True
        return False

    def _trade(self, moves: list[tuple[str, list[str], list[str]]], pile: dict) -> bool:
        values = self.model.values
        for b, have, first in moves:  # no copy left in the pile: trade with another batch
            for new in dict.fromkeys(first):
                if pile.get(new, 0) > 0:
                    continue
                for other in self._recent():
                    if other == b or values.get(f"{other}:{new}", 0) <= 0:
                        continue
                    for old in have:
                        if old == new:
                            continue
                        if not self._spend():
                            return False
                        trade = {f"{b}:{old}": -1, f"{b}:{new}": 1}
                        trade |= {f"{other}:{new}": -1, f"{other}:{old}": 1}
                        if self.model._try(trade, self.broken):
                            return True
        return False


class _Session:
    """The one Z3 solver of a trace. Structure (variable bounds, batch sizes, derived
    definitions, hand bounds) is asserted as it comes; each line's assertion behind a flag
    of its own, each kind's deck limit behind a flag of the kind; every check assumes
    every flag. Z3 keeps what it learnt between calls (a fresh solver per call is many
    times slower)."""

    def __init__(self, model: TraceModel) -> None:
        self.model = model
        import os

        self.fd = os.environ.get("HIDDEN_Z3") == "fd"
        self.solver = z3.SolverFor("QF_FD") if self.fd else z3.Solver()
        self.bounds: dict[str, tuple[int, int]] = {}
        self.terms: dict[str, Any] = {}
        self.done = {"free": 0, "defs": 0, "background": 0, "assertions": 0, "caps": 0}
        self.flags: dict[int, Any] = {}  # assertion index -> its flag
        self.deck = {k: z3.Bool(f"deck {k}") for k in KINDS}
        self.now: dict[str, Linear] = {}  # the circulation caps of the latest call

    def var(self, name: str) -> Any:
        t = self.terms.get(name)
        if t is None:
            t = self.terms[name] = z3.Int(name)
        return t

    def _sync(self) -> None:
        """Hand Z3 everything said since the last call."""
        m, s, done, var = self.model, self.solver, self.done, self.var
        self.now = dict(m._circulation_caps())  # (first: it may define variables)
        for n in m._free[done["free"] :]:
            hi = m.sizes.get(n.rpartition(":")[0], 8)
            self.bounds[n] = (0, hi)
            s.add(var(n) >= 0)
            if self.fd:
                s.add(var(n) <= hi)
        for b in list(m.sizes)[done.get("batches", 0) :]:
            s.add(z3.Sum([var(f"{b}:{k}") for k in KINDS]) == m.sizes[b])
        done["batches"] = len(m.sizes)
        defs = list(m._defs.items())
        for n, e in defs[done["defs"] :]:
            if self.fd:
                lo = e.get("", 0) + sum(
                    c * self.bounds[v][0 if c > 0 else 1] for v, c in e.items() if v
                )
                hi = e.get("", 0) + sum(
                    c * self.bounds[v][1 if c > 0 else 0] for v, c in e.items() if v
                )
                self.bounds[n] = (lo, hi)
                s.add(var(n) >= lo, var(n) <= hi)
            s.add(var(n) == z3.Sum([c * var(v) for v, c in e.items() if v]) + e.get("", 0))
        for f in m._background[done["background"] :]:
            s.add(f.z3(var))
        for i in range(done["assertions"], len(m.assertions)):
            flag = self.flags[i] = z3.Bool(f"said {i}")
            s.add(z3.Implies(flag, m.assertions[i].fact.z3(var)))
        caps = m._caps[done["caps"] :]
        caps += list(self.now.items())
        s.add(*(z3.Implies(self.deck[k], cap.z3(var)) for k, cap in caps))
        done.update(
            free=len(m._free),
            defs=len(defs),
            background=len(m._background),
            assertions=len(m.assertions),
            caps=len(m._caps),
        )

    def check(self, *assumptions: Any) -> Any:
        """``sat`` or ``unsat`` under ``assumptions``, within the time left; :class:`Undecided`
        when Z3 cannot tell in time."""
        deadline = self.model.deadline
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Undecided("the solver's time budget was spent")
            self.solver.set("timeout", max(1, int(left * 1000)))
        result = self.solver.check(*assumptions)
        if result == z3.unknown:
            raise Undecided(f"Z3 could not decide ({self.solver.reason_unknown()})")
        return result

    def solve(self) -> dict[str, int] | Outcome:
        """The values of a new witness, or the :class:`Outcome` with a minimal core."""
        self._sync()
        if self.check(*self.flags.values(), *self.deck.values()) == z3.sat:
            return {
                name.strip("|"): int(v.replace("(- ", "-").rstrip(")"))
                for name, v in _DEFINE.findall(self.solver.model().sexpr())
            }
        return self._core()

    def _flag(self, t: tuple[str, Any]) -> Any:
        return self.deck[t[1]] if t[0] == "deck" else self.flags[t[1]]

    def _core(self) -> Outcome:
        by_flag = {str(f): ("line", n) for n, f in self.flags.items()}
        by_flag.update({str(f): ("deck", k) for k, f in self.deck.items()})
        core = [by_flag[str(c)] for c in self.solver.unsat_core()]
        keep = sorted(set(core), key=lambda t: (t[0] != "deck", t[1]))
        for t in list(keep):  # deletion: a minimal core
            trial = [u for u in keep if u != t]
            if self.check(*(self._flag(u) for u in trial)) == z3.unsat:
                keep = trial
        said = sorted(i for kind, i in keep if kind == "line")
        short = [k for kind, k in keep if kind == "deck"]
        need = None
        if len(short) == 1:
            need = self._need(short[0], [self._flag(u) for u in keep if u[0] == "line"])
        chosen = sorted((self.model.assertions[i] for i in said), key=lambda a: a.line)
        return Outcome(False, chosen, short, need)

    def _need(self, kind: str, flags: list[Any]) -> int | None:
        """The fewest copies of ``kind`` the core lines need at once (over the deck's)."""
        s = self.solver
        others = [f for k, f in self.deck.items() if k != kind]
        now = self.now.get(kind)
        if now is None:
            return None
        expr = z3.Sum([c * self.var(v) for v, c in now.terms]) + now.const + DECK_COUNTS[kind]
        for n in range(DECK_COUNTS[kind] + 1, DECK_COUNTS[kind] + 9):
            s.push()
            relaxed = z3.Bool(f"relax {kind} {n}")
            s.add(z3.Implies(relaxed, expr <= n))
            try:
                ok = self.check(*flags, *others, relaxed) == z3.sat
            finally:
                s.pop()
            if ok:
                return n
        return None
