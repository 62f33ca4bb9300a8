"""Z3 for :class:`unospec.spec.prover.trace_model.TraceModel`: each question written out as
SMT-LIB text and read by Z3 contexts that belong to the trace.

Two things make the answers the same in every run. Each problem is a text built in one
fixed order (facts in the order they were said, variables in the order they came), read
by :class:`z3.Context` objects of the trace's own (one for each incremental solver), fed
nothing but such texts: nothing Z3 does depends on what else the process did before (the
identities of terms in a shared context, the order of a Python set). And every bound on
Z3 except the last is a bound on its *work* (Z3's deterministic resource count,
``rlimit``), not on time: a problem Z3 cannot settle within its work is given up the same
way on a fast machine and a busy one. Only the whole-trace question is bounded by the
clock, the user's ``--solver-timeout``, and running out of it is the verdict "undecided".

* :class:`Unary` holds every batch of the trace in one incremental solver, its counts as
  unary Booleans (``v >= 1``, ``v >= 2``, …) under pseudo-Boolean constraints on Z3's SMT
  kernel (``SimpleSolver``; on the example traces' problems five times faster than Z3's
  ``QF_FD`` solver and faster than integer counts, and on the bench's whole 740-line
  problem 0.5 s against 4.9 s for ``QF_FD`` and no answer in 30 s with integer counts).
  A check holds the batches outside a window at the witness's cards by assumptions, and
  the cores name the batches to set free next (:meth:`TraceModel.solve` asks it first);
  when that gives up, the same solver is asked with every batch free. On a long trace a
  second one holds the latest batches alone, every earlier batch's counts written into
  the facts as numbers, and is asked before it: its checks and models cost what those of
  a short trace do.
* :class:`Session` has a flag per line, for a minimal core when no witness exists: over
  integers, and beside it over real numbers with only what the facts assert outright (a
  linear program, the relaxation), since card counting is full of pigeonhole problems
  ("five plays need five copies, the deck has four" spread over many draws) that a
  linear program refutes in a millisecond.

:class:`Unary` once had a linear-program twin of its own as well; on the long traces it
answered "unknown" within its work at nearly every check and held most of the memory
(without it the 1,000-action bench trace's peak went from 881 to 292 MB), so it went. Measured against Google's
CP-SAT (``ortools``) on the same problems (windows of the example traces and of the
300-action bench trace, and a whole 116-batch problem of the 1,000-action one): CP-SAT
with one worker (deterministic) took 75 s where Z3 took 7–9 s on the whole problem and
was no faster on windows, so Z3 stays and no dependency is added.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import z3

from unospec.spec.cards import DECK_COUNTS, KINDS
from unospec.spec.prover.trace_facts import AllOf, AnyOf, Linear, Not

if TYPE_CHECKING:
    from unospec.spec.prover.trace_model import TraceModel

#: one integer constant of a model as Z3 prints it
_DEFINE = re.compile(r"\(define-fun (v\d+) \(\) Int\s+(\(- \d+\)|\d+)\)")


class Budget(Exception):
    """The clock ran out (the caller reports the trace undecided)."""


def nnf(fact: Any, negate: bool = False) -> Any:
    """``fact`` (negated when ``negate``) with every :class:`Not` pushed onto a comparison
    and gone: what is left is :class:`Linear` under :class:`AllOf` and :class:`AnyOf`."""
    if isinstance(fact, Linear):
        if not negate:
            return fact
        if fact.op == ">=":  # not (e >= 0)  <=>  e + 1 <= 0
            return Linear(fact.terms, "<=", fact.const + 1)
        if fact.op == "<=":
            return Linear(fact.terms, ">=", fact.const - 1)
        return AnyOf(
            (Linear(fact.terms, ">=", fact.const - 1), Linear(fact.terms, "<=", fact.const + 1))
        )
    if isinstance(fact, Not):
        return nnf(fact.fact, not negate)
    parts = tuple(nnf(f, negate) for f in fact.facts)
    conj = isinstance(fact, AllOf) != negate
    return AllOf(parts) if conj else AnyOf(parts)


def conjuncts(fact: Any) -> Any:
    """What ``fact`` (in negation normal form) asserts outright: its comparisons under
    :class:`AllOf` alone, every disjunction dropped. A weaker fact, so a relaxation built
    of these is a pure linear program: fast to refute, where a relaxation that keeps the
    disjunctions is a search of its own."""
    if isinstance(fact, Linear):
        return fact
    if isinstance(fact, AnyOf):
        return conjuncts(fact.facts[0]) if len(fact.facts) == 1 else AllOf(())
    return AllOf(tuple(conjuncts(f) for f in fact.facts))


def _num(n: int) -> str:
    return str(n) if n >= 0 else f"(- {-n})"


def _holds(op: str, const: int) -> bool:
    return const >= 0 if op == ">=" else const <= 0 if op == "<=" else const == 0


def _tree(fact: Any, leaf: Any) -> str:
    """``fact`` (in negation normal form) as SMT-LIB, each comparison by ``leaf``."""
    if isinstance(fact, Linear):
        return leaf(fact)
    parts = [_tree(f, leaf) for f in fact.facts]
    conj = isinstance(fact, AllOf)
    if not parts:
        return "true" if conj else "false"
    if len(parts) == 1:
        return parts[0]
    return f"({'and' if conj else 'or'} {' '.join(parts)})"


# -- the whole trace, with a flag per line ----------------------------------------------------------


class Session:
    """The whole trace as one Z3 problem with a flag per line (and per kind's deck limit),
    for what a window cannot give: a minimal set of lines that cannot all hold. Each line's
    assertion is behind its flag, each check assumes the flags it asks about. Written to
    two solvers in contexts of their own, one over integers and one over reals (the
    relaxation): a set of lines the relaxation refutes is refuted, without the integer
    search. Structure is added as the trace grows; Z3 keeps what it learnt."""

    def __init__(
        self, model: TraceModel, kinds: frozenset[str] | None = None, work: int = 0
    ) -> None:
        self.model = model
        #: only the facts about these kinds of card (``None``: every fact). Any part of
        #: the facts that cannot all hold is a refutation of the whole, and its core a
        #: core of the whole (minimal, when each check of :meth:`core` settles within the
        #: ``work``): a small problem of the broken kinds refutes a long trace where the
        #: whole one is slow to
        self.kinds = kinds
        self.int = z3.Solver(ctx=z3.Context())
        self.real = z3.Solver(ctx=z3.Context())
        for solver in (self.int, self.real):
            solver.set("rlimit", work)  # 0: no bound on the work (the clock bounds it)
        self.ids: dict[str, str] = {}
        self.bounds: dict[str, tuple[int, int]] = {}
        self.done = dict.fromkeys(("free", "batches", "defs", "background", "said", "caps"), 0)
        self.done["tallies"] = 0
        self.flags: dict[int, str] = {}  # assertion index -> its flag's name
        self.deck = {k: f"d{i}" for i, k in enumerate(KINDS)}
        self.now: dict[str, Linear] = {}  # the circulation caps of the latest call
        self.deadline: float | None = None
        self._relaxed = 0
        self._model = ""

    def _about(self, fact: Any) -> bool:
        """Is ``fact`` one of this session's (every fact is, without :attr:`kinds`)?"""
        if self.kinds is None:
            return True
        names = self.model.batch_names(fact)
        return not names or any(n.rpartition(":")[2] in self.kinds for n in names)

    def _id(self, name: str) -> str:
        got = self.ids.get(name)
        if got is None:
            got = self.ids[name] = f"v{len(self.ids)}"
        return got

    def _leaf(self, f: Linear) -> str:
        if not f.terms:
            return "true" if _holds(f.op, f.const) else "false"
        terms = " ".join(
            self._id(n) if c == 1 else f"(* {_num(c)} {self._id(n)})" for n, c in f.terms
        )
        op = "=" if f.op == "==" else f.op
        return f"({op} (+ {terms} {_num(f.const)}) 0)"

    def _fact(self, f: Any, outright: bool = False) -> str:
        g = nnf(f)
        return _tree(conjuncts(g) if outright else g, self._leaf)

    def sync(self) -> None:
        """Hand Z3 everything said since the last call."""
        m, done = self.model, self.done
        self.now = dict(m._circulation_caps())  # (first: they may define variables)
        epoch_now = m._epoch_caps()
        out: list[str] = []
        if not done["free"]:
            out.extend(f"(declare-const {d} Bool)" for d in self.deck.values())
        for n in m._free[done["free"] :]:
            hi = m.sizes.get(n.rpartition(":")[0], 8)
            self.bounds[n] = (0, hi)
            out.append(f"(declare-const {self._id(n)} Int)(assert (<= 0 {self._id(n)} {hi}))")
        batches = list(m.sizes)
        for b in batches[done["batches"] :]:
            names = " ".join(self._id(f"{b}:{k}") for k in KINDS)
            out.append(f"(assert (= (+ {names}) {m.sizes[b]}))")
        defs = list(m._defs.items())
        for n, e in defs[done["defs"] :]:
            v = self._id(n)
            terms = " ".join(f"(* {_num(c)} {self._id(u)})" for u, c in e.items() if u)
            out.append(f"(declare-const {v} Int)(assert (= {v} (+ {terms} {_num(e.get('', 0))})))")
        facts: list[tuple[str, Any]] = [
            ("", f) for f in m._background[done["background"] :] if self._about(f)
        ]
        for i in range(done["said"], len(m.assertions)):
            if not self._about(m.assertions[i].fact):
                continue
            flag = self.flags[i] = f"s{i}"
            out.append(f"(declare-const {flag} Bool)")
            facts.append((flag, m.assertions[i].fact))
        # the deck's limits, each behind its kind's flag: the circulation caps, and the
        # epochs' tallies and caps that say the same in a form Z3 propagates
        caps = m._caps[done["caps"] :] + list(self.now.items())
        caps += m._tallies[done["tallies"] :] + epoch_now
        facts.extend((self.deck[k], cap) for k, cap in caps if self._about(cap))
        done.update(
            free=len(m._free),
            batches=len(batches),
            defs=len(defs),
            background=len(m._background),
            said=len(m.assertions),
            caps=len(m._caps),
            tallies=len(m._tallies),
        )
        for solver, outright in ((self.int, False), (self.real, True)):
            said = [
                f"(assert {self._fact(f, outright)})"
                if not flag
                else f"(assert (=> {flag} {self._fact(f, outright)}))"
                for flag, f in facts
            ]
            text = "\n".join(out + said)
            solver.from_string(text.replace(" Int)", " Real)") if outright else text)

    def unsat(self, names: Sequence[str], extra: str | None = None) -> list[str] | None:
        """The flags among ``names`` (with the assertion ``extra``, for this call only) that
        hold in no witness together (Z3's core, not yet minimal), or ``None`` when some
        witness meets them all. The relaxation first; the integers when it has a
        solution, within the time left (:class:`Budget` when it runs out)."""
        real, whole = self.real, self.int
        for s in (real, whole):
            s.push()
            if extra is not None:
                s.from_string(extra)
        try:
            self._clock(real)
            if real.check(*(z3.Bool(n, real.ctx) for n in names)) == z3.unsat:
                return [str(c) for c in real.unsat_core()]
            self._clock(whole)
            got = whole.check(*(z3.Bool(n, whole.ctx) for n in names))
            if got == z3.unknown:
                raise Budget(f"Z3 could not decide ({whole.reason_unknown()})")
            if got == z3.unsat:
                return [str(c) for c in whole.unsat_core()]
            self._model = whole.model().sexpr()
            return None
        finally:
            real.pop()
            whole.pop()

    def _clock(self, solver: z3.Solver) -> None:
        """Bound ``solver``'s next check by the time left (:class:`Budget` if none is)."""
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Budget("the solver's time budget was spent")
            solver.set("timeout", max(1, int(left * 1000)))

    def witness(self) -> dict[str, int] | None:
        """Counts for every variable that make everything said true, or ``None``."""
        self._model = ""
        if self.unsat([*self.flags.values(), *self.deck.values()]) is not None:
            return None
        back = {v: n for n, v in self.ids.items()}
        return {
            back[v]: int(x.replace("(- ", "-").rstrip(")")) for v, x in _DEFINE.findall(self._model)
        }

    def core(self) -> tuple[list[int], list[str]]:
        """A minimal set of assertions (their indices) and kinds whose deck limits cannot
        all hold: Z3's core, then deletion in a fixed order (deck limits first, then the
        lines in the order they were said), each time keeping only the core of what is
        left."""
        order = [*self.deck.values(), *self.flags.values()]
        rank = {n: i for i, n in enumerate(order)}
        found = self.unsat(order)
        if found is None:
            return [], []
        keep = sorted(set(found), key=rank.__getitem__)
        for name in list(keep):
            if name not in keep:
                continue
            trial = [u for u in keep if u != name]
            got = self._unsat_within_work(trial)
            if got is not None:
                inside = set(got)
                keep = [u for u in trial if u in inside]
        by_flag = {f: ("line", i) for i, f in self.flags.items()}
        by_flag.update({f: ("deck", k) for k, f in self.deck.items()})
        said = sorted(by_flag[n][1] for n in keep if by_flag[n][0] == "line")
        short = [by_flag[n][1] for n in keep if by_flag[n][0] == "deck"]
        return said, short

    def _unsat_within_work(self, names: Sequence[str]) -> list[str] | None:
        """:meth:`unsat`, with a check that runs out of the session's work (not of the
        clock) taken as "some witness may meet them": the core then keeps a name it
        could not show it can do without (it stays a core, perhaps not a minimal one)."""
        try:
            return self.unsat(names)
        except Budget:
            if self.deadline is not None and time.monotonic() >= self.deadline:
                raise
            return None

    def need(self, kind: str, names: Sequence[str]) -> int | None:
        """The fewest copies of ``kind`` the flags ``names`` need at once (over the deck's)."""
        now = self.now.get(kind)
        if now is None:
            return None
        others = [f for k, f in self.deck.items() if k != kind]
        base = Linear(now.terms, "<=", now.const + DECK_COUNTS[kind])
        for n in range(DECK_COUNTS[kind] + 1, DECK_COUNTS[kind] + 9):
            self._relaxed += 1
            flag = f"x{self._relaxed}"
            cap = self._fact(Linear(base.terms, "<=", base.const - n))
            extra = f"(declare-const {flag} Bool)(assert (=> {flag} {cap}))"
            try:
                if self.unsat([*names, *others, flag], extra) is None:
                    return n
            except Budget:  # out of work (or of time: the verdict stands without the count)
                return None
        return None


def preset_values(model: TraceModel, got: Mapping[str, int]) -> None:
    """Make ``got`` (a session's witness) the model's witness."""
    values = model.values
    model.moves.extend(model._free)
    for n in model._free:
        values[n] = got.get(n, 0)
    for n in model._defs:
        values[n] = got.get(n, 0)


# -- the whole trace, batches held by assumptions -----------------------------------------------


class Unary:
    """Every batch of the trace as unary Booleans in one incremental Z3 solver (its own
    context), with every fact said so far asserted over them; a check *holds* the batches
    outside a window at the witness's cards by assumptions (for each card of a batch, its
    kind's literal ``count >= j``). When no witness keeps those batches, Z3's core of
    assumptions names batches of which some must change: the latest :data:`CORE_STEP` of
    them join the window, and the check is made again (core-guided, so the window grows
    only where the trace needs it, however old the batch). Each check is bounded by Z3's
    work (:data:`UNARY_WORK`). The cores are Z3's own, not minimised (minimising cost
    0.14 s a core on the 1,000-action bench trace, and :data:`CORE_STEP` keeps the window
    small anyway). :meth:`whole` is the same solver with no batch held.

    With ``start``, the batches before the ``start``-th are not the solver's: the facts
    that name a later batch are written with the witness's counts for the earlier ones
    (:attr:`fixed`), and the facts said before that batch came (which name none of the
    later ones) are left out. It answers for the latest batches alone, in a problem whose
    size does not grow with the trace; :meth:`stale` says when the witness has changed an
    earlier batch since, and the model then makes another. A check, a model and a fact's
    text each cost in proportion to the literals they cover, and a hand's count late in a
    long trace is a sum over every batch it drew: with the whole trace's solver alone, a
    solver call on the bench's 1,000-action trace took 16 ms in its first third and 28 ms
    in its last."""

    def __init__(self, model: TraceModel, start: int = 0) -> None:
        self.model = model
        #: the first batch (its place in the order) this solver has: the earlier ones are
        #: held at the witness's cards as numbers in the facts, not as literals (see
        #: :meth:`TraceModel.solve`); 0 for every batch of the trace
        self.start = start
        self.fixed: dict[str, int] = {}  # an earlier batch's variable -> the count it has here
        self.solver = z3.SimpleSolver(ctx=z3.Context())
        self.lits: dict[str, list[str]] = {}  # batch variable -> its literals
        self.refs: dict[str, Any] = {}  # literal -> its Z3 term, made when first needed
        self.rows: dict[str, list[tuple[str, list[str]]]] = {}  # batch -> its (variable, lits)
        self.bits: dict[str, Any] = {}  # batch -> its literals as a bit-vector (see _bits)
        self.flat: dict[str, tuple[dict[str, int], int]] = {}  # derived -> batch sum + const
        # (derived, 1 or -1) -> its flat sum as pseudo-Boolean text (see _leaf_of_derived)
        self.parts: dict[tuple[str, int], tuple[str, str, str, str, int, int]] = {}
        self.done = {"batches": start, "defs": 0, "background": 0, "said": 0, "tallies": 0}
        if start:  # no fact said (no variable derived) before the first batch came names it
            batches = list(model.sizes)
            born = model.born[batches[start]]
            self.done.update(zip(("said", "background", "tallies", "defs"), born, strict=True))
            values = model.values
            for b in batches[:start]:
                for k in KINDS:
                    v = f"{b}:{k}"
                    self.fixed[v] = values.get(v, 0)
        self.caps: dict[str, Linear] = {}  # the latest epoch cap of each kind
        # batch -> the literals that hold it at the witness's cards, kept from check to
        # check: only the batches whose cards changed since (the model's ``moves`` from
        # ``looked`` on) are worked out again, not every batch of the trace
        self.holds: dict[str, list[Any]] = {}
        self.owner: dict[int, str] = {}  # a literal's Z3 term id -> its batch
        self.looked = len(model.moves)

    def _linear(self, f: Linear) -> tuple[dict[str, int], int]:
        lits, flat = self.lits, self.flat
        terms = f.terms
        coef: dict[str, int] = {}
        const = f.const
        if terms and terms[0][1] == 1 and terms[0][0] in flat:  # (a copy at C's pace)
            sub, b0 = flat[terms[0][0]]
            coef, const, terms = dict(sub), const + b0, terms[1:]
        for n, c in terms:
            if n in lits:
                coef[n] = coef.get(n, 0) + c
            elif n in flat:
                sub, b0 = flat[n]
                const += c * b0
                for v, cv in sub.items():
                    coef[v] = coef.get(v, 0) + c * cv
            else:  # a sighting or a play (fixed by its line), or an earlier batch
                const += c * self._number(n)
        return {v: c for v, c in coef.items() if c}, const

    def _number(self, n: str) -> int:
        """The witness's count for a variable this solver has no literals for: a
        sighting, a play, a batch before :attr:`start` (its count in :attr:`fixed`) or a
        variable derived before it came (from those alone)."""
        return self.model.values.get(n, 0)

    def stale(self) -> bool:
        """Has the witness changed the cards of a batch before :attr:`start` since this
        solver was made (its counts are written into the facts as numbers)?"""
        values, fixed = self.model.values, self.fixed
        return any(
            values.get(v, 0) != fixed[v] for v in self.model.moves[self.looked :] if v in fixed
        )

    def _leaf(self, f: Linear) -> str:
        terms = f.terms
        if terms and terms[0][0] in self.flat and terms[0][1] in (1, -1):
            got = self._leaf_of_derived(f)
            if got is not None:
                return got
        coef, const = self._linear(f)
        return _pb_text(f.op, [_pb_parts(coef, self.lits)], const)

    def _leaf_of_derived(self, f: Linear) -> str | None:
        """:meth:`_leaf` for a fact that starts with a derived variable (with coefficient
        1 or -1): the same text, the derived variable's part of it made once (a hand's
        count late in a trace is a sum over every batch it drew) and the fact's other
        terms added; ``None`` when another term names a batch variable the derived one
        counts too (:meth:`_linear` then adds them up)."""
        lits = self.lits
        (d, c), rest = f.terms[0], f.terms[1:]
        sub, b0 = self.flat[d]
        const = f.const + c * b0
        coef: dict[str, int] = {}
        for n, cn in rest:
            if n in lits:
                if n in sub:
                    return None
                coef[n] = coef.get(n, 0) + cn
            elif n in self.flat:
                return None
            else:  # a sighting or a play (fixed by its line), or an earlier batch
                const += cn * self._number(n)
        part = self.parts.get((d, c))
        if part is None:
            part = self.parts[d, c] = _pb_parts(
                sub if c == 1 else {v: -cv for v, cv in sub.items()}, lits
            )
        coef = {v: cv for v, cv in coef.items() if cv}
        return _pb_text(f.op, [part, _pb_parts(coef, lits)] if coef else [part], const)

    def sync(self) -> None:
        """Hand Z3 every batch and fact said since the last check: the tallies of the
        epochs and the caps of now stand for every circulation cap."""
        m, done, out = self.model, self.done, []
        now = m._epoch_caps()  # (first: it may define variables)
        batches = list(m.sizes)
        for b in batches[done["batches"] :]:
            xs = []
            row = self.rows[b] = []
            for k in KINDS:
                v = f"{b}:{k}"
                i = len(self.lits)
                names = self.lits[v] = [f"l{i}_{j}" for j in range(min(m.sizes[b], DECK_COUNTS[k]))]
                row.append((v, names))
                out.extend(f"(declare-const {x} Bool)" for x in names)
                out.extend(
                    f"(assert (=> {hi} {lo}))" for lo, hi in zip(names, names[1:], strict=False)
                )
                xs.extend(names)
            out.append(f"(assert ((_ pbeq {m.sizes[b]}{' 1' * len(xs)}) {' '.join(xs)}))")
        for d, e in itertools.islice(m._defs.items(), done["defs"], None):
            self.flat[d] = self._linear(
                Linear(tuple((n, c) for n, c in e.items() if n), ">=", e.get("", 0))
            )
        facts = list(m._background[done["background"] :])
        facts += [a.fact for a in m.assertions[done["said"] :]]
        facts += [t for _, t in m._tallies[done["tallies"] :]]
        for k, cap in now:
            if self.caps.get(k) != cap:
                self.caps[k] = cap
                facts.append(cap)
        out.extend(f"(assert {_tree(nnf(f), self._leaf)})" for f in facts)
        done.update(
            batches=len(batches),
            defs=len(m._defs),
            background=len(m._background),
            said=len(m.assertions),
            tallies=len(m._tallies),
        )
        if out:
            self.solver.from_string("\n".join(out))

    def _ref(self, x: str) -> Any:
        """The Z3 term of literal ``x`` and its declaration (made once)."""
        got = self.refs.get(x)
        if got is None:
            term = z3.Bool(x, self.solver.ctx)
            got = self.refs[x] = (term, term.decl())
        return got

    def _held(self, b: str) -> list[str] | None:
        """The assumptions that hold batch ``b`` at the witness's cards (``None`` if the
        witness gives it more copies of a kind than the deck has)."""
        values, out = self.model.values, []
        for v, lits in self.rows[b]:
            n = values[v]
            if n > len(lits):
                return None
            if n:
                out.append(lits[n - 1])
        return out

    def witness(
        self, window: Sequence[str], rounds: int = 24, work: int | None = None
    ) -> dict[str, int] | None:
        """New counts for the batches (``window`` first set free, then those Z3's cores
        name), every other batch kept; ``None`` when Z3 cannot tell within its ``work`` a
        check (:data:`UNARY_WORK` unless given), or when more than ``rounds`` rounds would
        be needed."""
        self.sync()
        order = {b: i for i, b in enumerate(self.rows)}
        free = {b for b in window if b in order}
        holds, owner = self._holds(), self.owner
        for _ in range(rounds):
            held = [t for b, ts in holds.items() if b not in free for t in ts]
            self.solver.set("rlimit", work or UNARY_WORK)
            self.solver.set("core.minimize", False)
            got = self._check(held)
            if got == z3.sat:
                return self._read(sorted(free, key=order.__getitem__))
            if got == z3.unknown:
                return None
            core = {owner[c.get_id()] for c in self.solver.unsat_core()}
            if not core:
                return None  # no witness at all: for the session to refute
            free.update(sorted(core, key=order.__getitem__)[-CORE_STEP:])
        return None

    def _holds(self) -> dict[str, list[Any]]:
        """:attr:`holds` brought up to date: the batches new since the last check and
        those the model moved cards of."""
        m, holds, owner = self.model, self.holds, self.owner
        stale = {v.rpartition(":")[0] for v in m.moves[self.looked :]}
        self.looked = len(m.moves)
        for b in self.rows:
            if b in holds and b not in stale:
                continue
            ts = holds[b] = [self._ref(x)[0] for x in self._held(b) or ()]
            for t in ts:
                owner[t.get_id()] = b  # (Z3's term ids)
        return holds

    def _check(self, held: Sequence[Any]) -> Any:
        """``self.solver.check(*held)``, the assumptions handed to Z3's C API at once (the
        Python layer converts them one by one, a cost that grows with the trace)."""
        s = self.solver
        arr = (z3.Ast * len(held))(*(t.as_ast() for t in held))
        return z3.CheckSatResult(
            z3.Z3_solver_check_assumptions(s.ctx.ref(), s.solver, len(held), arr)
        )

    def whole(self, seconds: float | None) -> dict[str, int] | None:
        """Counts for every batch that make everything said true (no batch held), or
        ``None`` when there are none: bounded by the clock alone (``seconds``), and
        :class:`Budget` when it runs out."""
        self.sync()
        self.solver.set("rlimit", 0)
        if seconds is not None:
            self.solver.set("timeout", max(1, int(seconds * 1000)))
        try:
            got = self.solver.check()
        finally:
            self.solver.set("timeout", NO_TIMEOUT)
        if got == z3.unknown:
            raise Budget(f"Z3 could not decide ({self.solver.reason_unknown()})")
        return self._read(list(self.rows)) if got == z3.sat else None

    def _read(self, free: Sequence[str]) -> dict[str, int]:
        """The counts Z3's model gives the batches ``free`` (the others were held): each
        batch's literals read as one bit-vector term (one question to the model a batch,
        where the Python layer costs tens of microseconds a literal)."""
        compact = z3.get_param("model.compact")
        z3.set_param("model.compact", False)  # (compacting the model of a long trace is slow)
        try:
            mdl = self.solver.model()
        finally:
            z3.set_param("model.compact", compact)
        out = {}
        for b in free:
            bits = mdl.eval(self._bits(b), model_completion=True).as_long()
            for v, lits in reversed(self.rows[b]):
                n = 0
                for _ in lits:
                    n += bits & 1
                    bits >>= 1
                out[v] = n
        return out

    def _bits(self, b: str) -> Any:
        """Batch ``b``'s literals as one bit-vector term, the first literal the highest
        bit (made once)."""
        got = self.bits.get(b)
        if got is None:  # (read from text: Z3's Python layer costs more than its parser)
            lits = [x for _, xs in self.rows[b] for x in xs]
            bits = " ".join(f"(ite {x} #b1 #b0)" for x in lits)
            term = f"(concat {bits})" if len(lits) > 1 else bits
            text = "".join(f"(declare-const {x} Bool)" for x in lits)
            text += f"(assert (= (_ bv0 {len(lits)}) {term}))"
            got = self.bits[b] = z3.parse_smt2_string(text, ctx=self.solver.ctx)[0].arg(1)
        return got


#: Z3's "no timeout"
NO_TIMEOUT = 4294967295

#: Z3's work for one check of :class:`Unary`
UNARY_WORK = 800_000

#: how many of the batches a core names are set free in one round (the latest): a core is
#: often far from minimal, and freeing all of it makes a hard problem of an easy one
CORE_STEP = 8


def _pb_parts(
    coef: Mapping[str, int], lits: Mapping[str, list[str]]
) -> tuple[str, str, str, str, int, int]:
    """``sum(coef * count)`` over the counts' unary literals, as the parts of a
    pseudo-Boolean constraint's text: the literals with positive coefficients and those
    coefficients, the negated literals and their coefficients (``c * x = c - c * (not
    x)``), what the negations add to the constant, and the sum of the coefficients."""
    pos_x, pos_c, neg_x, neg_c = [], [], [], []
    adj = 0
    for v, c in coef.items():
        for x in lits[v]:
            if c > 0:
                pos_x.append(x)
                pos_c.append(c)
            else:
                neg_x.append(f"(not {x})")
                neg_c.append(-c)
                adj += c
    top = sum(pos_c) + sum(neg_c)
    return (
        " ".join(pos_x),
        " ".join(map(str, pos_c)),
        " ".join(neg_x),
        " ".join(map(str, neg_c)),
        adj,
        top,
    )


def _pb_text(op: str, parts: Sequence[tuple[str, str, str, str, int, int]], const: int) -> str:
    """``sum + const  op  0`` as a pseudo-Boolean constraint, the sum given in ``parts``
    (:func:`_pb_parts`, in order: every positive literal first, then every negated one)."""
    const += sum(p[4] for p in parts)
    top = sum(p[5] for p in parts)
    k = -const  # sum op k
    if not top:
        return "true" if _holds(op, const) else "false"
    if op == ">=":
        if k <= 0:
            return "true"
        if k > top:
            return "false"
    elif op == "<=":
        if k < 0:
            return "false"
        if k >= top:
            return "true"
    elif k < 0 or k > top:
        return "false"
    name = {">=": "pbge", "<=": "pble", "==": "pbeq"}[op]
    xs = " ".join([p[0] for p in parts if p[0]] + [p[2] for p in parts if p[2]])
    cs = " ".join([p[1] for p in parts if p[1]] + [p[3] for p in parts if p[3]])
    return f"((_ {name} {k} {cs}) {xs})"
