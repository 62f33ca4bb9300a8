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

A reshuffle where the pile ran out (every card of the deck in a hand or on the discard
pile: the sizes alone say when) ends an *epoch*. Then each kind's circulation *is* the
deck's, so the cards that entered circulation since the last such reshuffle are
*tallied* per kind, an equality over that epoch's batches alone, and the next epoch
starts from what is known (the deck less the cards reshuffled, all seen). The tallies and
the caps of now over the current epoch say what the circulation caps say (one follows
from the other, given the sizes), but each names one epoch's batches instead of every
batch since the deal, and that is what lets a solver propagate them: on the bench's
1,000-action trace, the whole problem at line 740 (234 batches) took Z3 0.5 s with the
tallies, and without them it was still unanswered when stopped after 75 s.

The model keeps a *witness*, a value for every variable that makes everything said so
far true. A new fact the witness breaks is first mended by changing one unseen card of a
batch (or trading one between two batches); only then is Z3 asked
(:mod:`unospec.spec.prover.trace_solver`): one incremental solver holds every batch and
every fact (the tallies and epoch caps standing for the circulation caps), the batches
outside a small window held at the witness's cards by assumptions, and Z3's cores say
which batches must change (core-guided windows), first from a small window and then from
a stretch of the latest batches; failing that, the same solver with every batch free.
A check of that solver costs in proportion to every batch since the deal (Z3 assigns
each of its literals, and its model holds them all), so on a long trace the same kind
of solver over the latest batches alone is asked first: it holds the facts that name
one of those batches, every earlier batch's counts written into them as the numbers the
witness gives them, and is asked from the window and then with every one of its batches
free (a stretch of its own, bounded by the same work). Whatever it finds is a witness of
the whole trace; when it finds none with the earlier cards as they are, the whole
trace's solver is asked as before, and a change the witness makes to an earlier batch has
it made anew.
When there is no witness, a session with a flag per line gives a minimal set of
assertions that cannot all hold. Every bound on Z3 but the last is a bound on its work,
never on the clock, so a trace takes the same path in every run.
"""

from __future__ import annotations

import heapq
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from unospec.spec.cards import DECK_COUNTS, KINDS
from unospec.spec.prover.trace_facts import AllOf, Expr, Linear, at_least, at_most, value
from unospec.spec.prover.trace_solver import (
    Budget,
    Session,
    Unary,
    preset_values,
)

#: the cards of the deck
DECK_SIZE = sum(DECK_COUNTS.values())

#: an expression with more terms than this becomes a derived variable once a fact uses it
SHORT = 6

#: how many batches of each sort a solver call sets free first (the rest keep their cards),
#: those the broken facts depend on among how many of the latest
WINDOW, RECENT = 8, 24

#: when that window fails, the stretch of the latest batches a second try sets free (about
#: two epochs of a four-player game) before every batch is: on a five-player 1,000-action
#: trace the check with every batch free took 8–17 s where the stretch took 0.1 s
STRETCH = 128

#: a trace with more batches than twice this asks a solver of the latest batches alone first
#: (between this many and twice as many; see :meth:`TraceModel.solve`): about the size of
#: the whole problem a few hundred lines into a four-player trace (the bench's first third
#: ends near 130 batches), so the calls late in a long trace cost what the early ones do.
#: Which witness a solver finds decides how hard later lines are, and the horizon changes
#: it: on ten bench-style traces (three to six players, 800 to 1,300 actions, single runs)
#: 80 took 5% less CPU in all than no horizon, and one five-player trace 12% more, where 64
#: made a three-player trace five times as slow and 96 the bench's 1,000-action trace two
#: and a half times. Since this solver is also asked with all its batches free before the
#: whole trace's (its own stretch), eight such traces (the bench's valid and refuted ones
#: among them) took 27.4 s of CPU in all with 80, 27.7 s with 64 and 31.6 s with 96
#: (31.4 s with 80 before), none more than 1.3 times its time with 80
HORIZON = 80

#: Z3's work for each check of that stretch (twenty times a first window's): a stretch
#: that runs out of it leaves the trace to the check with every batch free, the slow one
STRETCH_WORK = 16_000_000

#: Z3's work for each check of a refutation from the facts about the broken kinds alone,
#: before the whole trace is asked (see :meth:`TraceModel._refute_kinds`): the stretch's,
#: in which every check of the bench's refuted trace settles (4,000,000 left two of its 14
#: checks unsettled)
KINDS_WORK = 16_000_000


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
        self.epoch: dict[str, Expr] = {k: {} for k in KINDS}  # the same, since the pile ran out
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
        # the epoch caps at each reshuffle (== where the pile ran out): with those of now,
        # every circulation cap follows
        self._tallies: list[tuple[str, Linear]] = []  # (kind, tally or cap) per epoch
        self._index: dict[str, list[Any]] = {}  # variable -> the facts that mention it
        self._checked = [0, 0, 0, 0]  # assertions, background, caps, tallies the witness meets
        self._serial: dict[int, int] = {}  # id of a fact -> its place in the order said
        self._session: Session | None = None  # the whole trace, made when first needed
        self._unary: Unary | None = None  # every batch in one solver, made when first needed
        self.moves: list[str] = []  # the counted variables changed, in order (for Unary)
        self._near: Unary | None = None  # the latest batches alone (see _near_unary)
        # batch -> how many assertions, background facts, tallies and derived variables
        # came before it
        self.born: dict[str, tuple[int, int, int, int]] = {}

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
        values, long = self.values, 4 * SHORT
        return {
            k: DECK_COUNTS[k] - value(self._short(e) if len(e) > long else e, values)
            for k, e in self.circulation.items()
        }

    # -- what lines say --------------------------------------------------------------------

    def _count(self, name: str, n: int) -> None:
        self._free.append(name)
        self.values[name] = n

    def _enter(self, holder: Any, kind: str, name: str) -> None:
        for circ in (self.circulation[kind], self.epoch[kind]):
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
        self.born[b] = (
            len(self.assertions),
            len(self._background),
            len(self._tallies),
            len(self._defs),
        )
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
        it must fit the deck. When the pile ran out (every card of the deck is in a hand or
        on the discard pile, a count the sizes alone decide), each kind's circulation *is*
        the deck's: a tally of the epoch since the pile last ran out, and the next epoch
        starts from what is known, the deck less the cards reshuffled."""
        self._caps.extend(self._circulation_caps())
        values = self.values
        ran_out = sum(value(e, values) for e in self.circulation.values()) == DECK_SIZE
        for k, cap in self._epoch_caps():
            self._tallies.append((k, Linear(cap.terms, "==", cap.const) if ran_out else cap))
        if ran_out:
            self.epoch = {k: {"": DECK_COUNTS[k]} for k in KINDS}
        for k, n in Counter(cards).items():
            for circ in (self.circulation[k], self.epoch[k]):
                circ[""] = circ.get("", 0) - n

    def _circulation_caps(self) -> list[tuple[str, Linear]]:
        return [
            (k, at_most(self._short(e), DECK_COUNTS[k]))
            for k, e in self.circulation.items()
            if any(e)
        ]

    def _epoch_caps(self) -> list[tuple[str, Linear]]:
        """The circulation caps of now over the cards since the pile last ran out: the
        same caps given the tallies, in a form a solver propagates."""
        return [
            (k, at_most(self._short(e), DECK_COUNTS[k])) for k, e in self.epoch.items() if any(e)
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
        self.moves.extend(delta)
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
        a, b, c, d = self._checked
        fresh = [x.fact for x in self.assertions[a:]] + self._background[b:]
        fresh += [cap for _, cap in self._caps[c:] + self._tallies[d:]]
        self._checked = [
            len(self.assertions),
            len(self._background),
            len(self._caps),
            len(self._tallies),
        ]
        for f in fresh:
            self._serial[id(f)] = len(self._serial)
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

    def flat(self, name: str) -> dict[str, int]:
        """Variable ``name`` as a sum of counted variables (itself, if it is one): its
        definition, and theirs, down to the counted variables (each derived variable
        taken once, the latest first, the whole of its coefficient gathered)."""
        defs, rank = self._defs, self._rank
        if name not in defs:
            return {name: 1}
        out: dict[str, int] = {}
        waiting = {name: 1}
        heap = [(-rank[name], name)]
        while heap:
            _, u = heapq.heappop(heap)
            c = waiting.pop(u)
            for n, cn in defs[u].items():
                if not n or not c:
                    continue
                if n in defs:
                    if n not in waiting:
                        waiting[n] = 0
                        heapq.heappush(heap, (-rank[n], n))
                    waiting[n] += c * cn
                else:
                    out[n] = out.get(n, 0) + c * cn
        return out

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

    def _broken_kinds(self, deps: set[str]) -> set[str]:
        """The kinds of card broken facts are about (``deps``: the batch variables they
        depend on), and those the pile runs short of."""
        kinds = {n.rpartition(":")[2] for n in deps}
        return kinds | {k for k, v in self.pile_counts().items() if v < 0}

    def _window(self, broken: Sequence[Any], stretch: int = 0) -> list[str]:
        """The batches a solver call sets free first: the latest :data:`WINDOW` of those
        the broken facts depend on (among the latest :data:`RECENT`), of those holding the
        kinds of card they are about (or that the pile runs short of, of any age: a copy is
        where it is), and of all. With ``stretch``: every batch the broken facts depend on,
        the latest :data:`WINDOW` holding their kinds, and the latest ``stretch``."""
        batches = list(self.sizes)
        deps = set().union(*(self.batch_names(f) for f in broken))
        kinds = self._broken_kinds(deps)
        values = self.values
        young = set(batches[-RECENT:]) if not stretch else set(batches)
        mine = [b for b in batches if b in young and any(f"{b}:{k}" in deps for k in KINDS)]
        holding = [b for b in batches if any(values.get(f"{b}:{k}", 0) > 0 for k in kinds)]
        if stretch:
            return list(dict.fromkeys(mine + holding[-WINDOW:] + batches[-stretch:]))
        return list(dict.fromkeys(mine[-WINDOW:] + holding[-WINDOW:] + batches[-WINDOW:]))

    def solve(self, broken: Sequence[Any] = ()) -> Outcome:
        """Ask Z3 for a witness of everything said so far (or a minimal core), the witness
        breaking the facts ``broken`` (and no other). Most of the witness stays: first
        only a few batches are set free (:meth:`_window`), the others held at their cards,
        and those Z3's cores name join them, each check bounded by Z3's work
        (:class:`unospec.spec.prover.trace_solver.Unary`), asked of the latest batches
        alone first (:meth:`_near_unary`: from the window, then with every one of its
        batches free, within :data:`STRETCH_WORK`) and then of the whole trace; then the
        same from a stretch of the latest :data:`STRETCH`. Then the facts about the broken
        kinds alone may
        refute the trace (:meth:`_refute_kinds`); failing that, every batch is set free,
        within the time left. Only when no witness exists is the whole trace handed to
        the session, for the lines that cannot all be true."""
        self.solver_calls += 1
        try:
            self._left()
            if self._unary is None:
                self._unary = Unary(self)
            window = self._window(broken)
            near = self._near_unary()
            got = near.witness(window) if near is not None else None
            if got is None and near is not None:  # every batch of it free (a stretch)
                got = near.witness(list(near.rows), work=STRETCH_WORK)
            if got is None:
                got = self._unary.witness(window)
            if got is None and len(self.sizes) > STRETCH:
                got = self._unary.witness(self._window(broken, STRETCH), work=STRETCH_WORK)
            if got is None and (refuted := self._refute_kinds(broken)) is not None:
                return refuted
            if got is None:
                got = self._unary.whole(self._left())  # (the clock: only whether time is left)
            if got is None:
                return self._refute()
            values = self.values
            self._shift({n: v - values[n] for n, v in got.items() if v != values[n]})
            self.version += 1
            return Outcome(True)
        except Budget as e:
            raise Undecided(str(e)) from None

    def _near_unary(self) -> Unary | None:
        """The solver of the latest batches (between :data:`HORIZON` and twice as many),
        made anew when the trace has gone on past it or the witness has changed the cards
        of a batch it holds as numbers; ``None`` while the trace is short (the whole
        trace's solver is then no larger than this one grows to). Making it costs about
        as much as a solver call or two of its size; on the bench's 1,000-action trace it
        is made three times, once because the witness changed an earlier batch."""
        n = len(self.sizes)
        if n <= 2 * HORIZON:
            return None
        near = self._near
        if near is None or n - near.start > 2 * HORIZON or near.stale():
            near = self._near = Unary(self, n - HORIZON)
        return near

    def _left(self) -> float | None:
        """The seconds left of the time budget (:class:`Budget` if none are)."""
        if self.deadline is None:
            return None
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise Budget("the solver's time budget was spent")
        return left

    def _refute_kinds(self, broken: Sequence[Any]) -> Outcome | None:
        """A core from the facts about the kinds of card the broken facts are about
        (and those the pile runs short of) alone, within :data:`KINDS_WORK` of Z3's work;
        ``None`` when they can all hold or Z3 cannot tell within it. Any part of the facts
        that cannot all hold refutes the trace, and what the few kinds' facts refute, they
        refute in a problem a fraction of the whole trace's size."""
        kinds = self._broken_kinds(set().union(*(self.batch_names(f) for f in broken)))
        if not kinds or len(kinds) > len(KINDS) // 4:
            return None
        part = Session(self, frozenset(kinds), work=KINDS_WORK)
        part.deadline = self.deadline
        part.sync()
        try:
            if part.witness() is not None:
                return None
            return self._core(part)
        except Budget:
            self._left()  # the clock, if it was that; otherwise the whole trace decides
            return None

    def _refute(self) -> Outcome:
        """The whole trace to the session: a minimal core of what cannot all be true (or,
        should the session find a witness after all, that witness)."""
        session = self._session
        if session is None:
            session = self._session = Session(self)
        session.deadline = self.deadline
        session.sync()
        got = session.witness()
        if got is not None:
            preset_values(self, got)
            self.version += 1
            return Outcome(True)
        return self._core(session)

    def _core(self, session: Session) -> Outcome:
        """The refutation: the session's minimal core, as the lines it names."""
        said, short = session.core()
        need = None
        if len(short) == 1:
            flags = [session.flags[i] for i in said]
            need = session.need(short[0], flags)
        chosen = sorted((self.assertions[i] for i in said), key=lambda a: a.line)
        return Outcome(False, chosen, short, need)


class _Repair:
    """Mend the witness by changing one unseen card of a batch into another kind (cheaper
    than a solver call, and usually enough): a batch that holds a copy the deck has no
    room for, or a batch the broken facts depend on; failing that, trade a card between
    two batches when the pile has no copy left."""

    BUDGET = 400

    def __init__(self, model: TraceModel, broken: list[Any]) -> None:
        self.model, self.broken, self.tries = model, broken, 0
        # each broken fact's variables as sums of counted variables (see _try)
        self.flat = {n: model.flat(n) for f in broken for n in f.names()}

    def _try(self, delta: dict[str, int]) -> bool:
        """:meth:`TraceModel._try`, after a first look at the broken facts alone: a change
        to an early batch spreads through every later hand and circulation that counts
        it, and most changes tried leave some broken fact broken, which the broken facts'
        variables as sums of counted variables (:attr:`flat`) show without that spread."""
        values, flat = self.model.values, self.flat
        for f in self.broken:
            after = {}
            for n in f.names():
                sums = flat[n]
                after[n] = values.get(n, 0) + sum(sums.get(v, 0) * d for v, d in delta.items())
            if not f.holds(after):
                return False
        return self.model._try(delta, self.broken)

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
            moves: list[tuple[str, Any, list[str]]] = [
                (b, [k], []) for b in self._recent() if values.get(f"{b}:{k}", 0) > 0
            ]
            return self._change(moves, pile)
        wanted: dict[str, list[str]] = {}
        for f in self.broken:
            for n in sorted(m.batch_names(f)):
                b, _, k = n.rpartition(":")
                wanted.setdefault(b, []).append(k)
        # the kinds a batch holds are looked up when its turn comes (a failed try leaves the
        # witness as it was): the broken facts about a hand depend on every batch it drew,
        # and the tries' budget is spent on the first few
        moves = [(b, _Holding(values, b), wanted[b]) for b in self._recent() if b in wanted]
        return self._change(moves, pile) or self._trade(moves, pile)

    def _change(self, moves: list[tuple[str, Any, list[str]]], pile: dict) -> bool:
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
                    if self._try({f"{b}:{old}": -1, f"{b}:{new}": 1}):
                        return True
        return False

    def _trade(self, moves: list[tuple[str, Any, list[str]]], pile: dict) -> bool:
        values = self.model.values
        holders: dict[str, list[str]] = {}  # kind -> the batches holding it, latest first
        for b, have, first in moves:  # no copy left in the pile: trade with another batch
            for new in dict.fromkeys(first):
                if pile.get(new, 0) > 0:
                    continue
                if new not in holders:  # (a failed try leaves the witness as it was)
                    holders[new] = [o for o in self._recent() if values.get(f"{o}:{new}", 0) > 0]
                for other in holders[new]:
                    if other == b:
                        continue
                    for old in have:
                        if old == new:
                            continue
                        if not self._spend():
                            return False
                        trade = {f"{b}:{old}": -1, f"{b}:{new}": 1}
                        trade |= {f"{other}:{new}": -1, f"{other}:{old}": 1}
                        if self._try(trade):
                            return True
        return False


class _Holding:
    """The kinds of card batch ``b`` holds under the witness, in canonical order, worked
    out when first iterated (and kept)."""

    def __init__(self, values: Mapping[str, int], b: str) -> None:
        self.values, self.b = values, b
        self.kinds: list[str] | None = None

    def __iter__(self) -> Iterator[str]:
        kinds = self.kinds
        if kinds is None:
            values, b = self.values, self.b
            kinds = self.kinds = [k for k in KINDS if values.get(f"{b}:{k}", 0) > 0]
        return iter(kinds)
