"""The proofs: every invariant inductive, every step property true, for every step of a
round, every player count and every profile group.

One *obligation* is one step kind (:data:`ACTIONS`) for one player count and one
:class:`~unospec.spec.prover.rules.Rules`: a symbolic state where every invariant holds, the step's
parameters, its guard, and the state after it. Each invariant of the state after, and each
property of the step, is then a Z3 query that must be unsatisfiable once negated; a
satisfying assignment is a counterexample, printed as a readable position. Each obligation
is also checked to be *enabled* somewhere, so that no proof holds only because the guard
can never be met.

Queries are quantifier-free linear integer arithmetic over per-kind counts. Profile groups
whose rules give the same step share it: an obligation is keyed by the Z3 terms it builds,
which Z3 shares structurally, so identical queries are solved once.
"""

from __future__ import annotations

import dataclasses
import gc
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import z3

from unospec.spec import arithmetic
from unospec.spec.cards import COLOURS
from unospec.spec.prover import kinds as K
from unospec.spec.prover.evaluators import Symbolic, leaves
from unospec.spec.prover.invariants import (
    INVARIANT_RULES,
    INVARIANTS,
    PROPERTIES,
    invariants,
    step_properties,
)
from unospec.spec.prover.model import Model
from unospec.spec.prover.rules import GROUPS, Group, Reading, Rules, agrees
from unospec.spec.prover.state import (
    DEAL,
    STACK,
    STARTER,
    State,
    describe,
    evaluate,
    symbolic,
    to_json,
)

Build = Callable[[Model, State], tuple[dict[str, Any], State, list[Any]]]


# -- the steps --------------------------------------------------------------------------------
#
# Seats are symmetric: every seat computation of the model goes through spec.arithmetic,
# whose seat arithmetic commutes with turning the table (proved by ``seat symmetry`` below
# and tested on concrete steps), and the model's own code treats every seat alike. So each
# step is proved with its principal seat (the seat to act, the caught player, the drawer,
# the round's winner) at seat 0, every other seat symbolic, which keeps the queries small.


def card_of(ops: Symbolic, cls: int, name: str) -> tuple[list[Any], list[Any]]:
    """A symbolic one-hot card of class ``cls``: zero outside the class's kinds."""
    q: list[Any] = [0] * K.N_KINDS
    dom = []
    for k in K.OF_CLASS[cls]:
        q[k] = ops.int(f"{name}{K.KINDS[k]}")
        dom += [q[k] >= 0, q[k] <= 1]
    return q, dom


Result = tuple[dict[str, Any], State, list[Any]]


def _lay(method: str, cls: int) -> Build:
    """Seat 0 lays a card of class ``cls`` with the model's ``method`` (play, stack, jump_in)."""

    def build(m: Model, pre: State) -> Result:
        q, dom = card_of(m.ops, cls, "card.")
        return {"seat": 0, "card": q, "cls": cls}, getattr(m, method)(pre, 0, q, cls), dom

    return build


def _cheat(cls: int) -> Build:
    """V-CHEAT: seat 0 lays any coloured card face down, announcing a card of class ``cls``."""

    def build(m: Model, pre: State) -> Result:
        ops = m.ops
        q: list[Any] = [0] * K.N_KINDS
        dom = []
        for k in range(52):
            q[k] = ops.int(f"card.{K.KINDS[k]}")
            dom += [q[k] >= 0, q[k] <= 1]
        c, dom_c = card_of(ops, cls, "claim.")
        params = {"seat": 0, "card": q, "claim": c, "cls": cls}
        return params, m.cheat_play(pre, 0, q, c, cls), dom + dom_c

    return build


def _uncalled(method: str, cls: int) -> Build:
    """V-UNO-OUT-CALL: seat 0 lays its last card, of class ``cls``, with the model's
    ``method`` (play, stack, jump_in) and without the call."""

    def build(m: Model, pre: State) -> Result:
        q, dom = card_of(m.ops, cls, "card.")
        params = {"seat": 0, "card": q, "cls": cls, "uncalled": True}
        return params, getattr(m, method)(pre, 0, q, cls, uncalled=True), dom

    return build


def _swap(m: Model, pre: State) -> Result:
    t = m.ops.int("target")
    return {"seat": 0, "target": t}, m.swap(pre, 0, t), []


def _decide(method: str) -> Build:
    def build(m: Model, pre: State) -> Result:
        return {"seat": 0}, getattr(m, method)(pre, 0), []

    return build


def _verdict(method: str) -> Build:
    """V-CHEAT: the next seat judges the face-down card of seat 0 (the cheater is the
    principal seat: the card that may go back moves into a concrete hand)."""

    def build(m: Model, pre: State) -> Result:
        return {"seat": pre.to_act}, getattr(m, method)(pre, pre.to_act), []

    return build


def _colour(m: Model, pre: State) -> Result:
    c = m.ops.int("colour")
    return {"seat": 0, "colour": c}, m.name_colour(pre, 0, c), []


def _catch(m: Model, pre: State) -> Result:
    by = m.ops.int("catcher")
    return {"seat": by, "target": 0}, m.catch(pre, by, 0), []


def _uno(m: Model, pre: State) -> Result:
    return {"seat": 0}, m.call_uno(pre, 0), []


def _serve(m: Model, pre: State) -> Result:
    w = m.ops.ints("drawn.", K.N_KINDS)
    return {"drawn": w}, m.serve(pre, w), []


def _reshuffle(m: Model, pre: State) -> Result:
    return {}, m.reshuffle(pre), []


def _score(m: Model, pre: State) -> Result:
    return {}, m.score(pre), []


def _deal(m: Model, pre: State) -> Result:
    ops = m.ops
    hands = [ops.ints(f"hand{s}.", K.N_KINDS) for s in range(m.n)]
    dealer = ops.int("dealer")
    return {"dealer": dealer, "hands": hands}, m.deal(pre, dealer, hands), []


def _starter(cls: int) -> Build:
    def build(m: Model, pre: State) -> Result:
        q, dom = card_of(m.ops, cls, "card.")
        return {"card": q, "cls": cls}, m.turn_up(pre, q, cls), dom

    return build


def _group(m: Model, pre: State, uncalled: bool = False) -> Result:
    ops = m.ops
    g = ops.ints("group.", K.N_KINDS)
    last = ops.ints("last.", K.N_KINDS)
    c = ops.int("colour")
    # what the last card covers (its colour, and its face): the pile the turn began on, or
    # (V-MULTI-RIDE) the chain's link before it, any card
    before, face = ops.int("covered colour"), ops.int("covered face")
    params = {"seat": 0, "group": g, "last": last, "colour": c, "covered": before}
    if uncalled:  # V-UNO-OUT-CALL: the group empties the hand without the call
        params["uncalled"] = True
    dom = [x >= 0 for x in g] + [z3.And(before >= 0, before < 4, face >= 0, face <= 14)]
    return params, m.play_group(pre, 0, g, last, c, uncalled, covered=(before, face)), dom


@dataclass(frozen=True)
class Step:
    doc: str
    exists: Callable[[Rules], bool]
    build: Build
    fixed: tuple[tuple[str, int], ...] = (("to_act", 0),)  # the principal seat


ALWAYS = lambda r: True  # noqa: E731
CLASSES = (  # card class, its name in a step's name, and in a step's description
    (arithmetic.NUMBER, "number", "a number card"),
    (arithmetic.SKIP, "skip", "a Skip"),
    (arithmetic.REVERSE, "reverse", "a Reverse"),
    (arithmetic.DRAW_TWO, "draw two", "a Draw Two"),
    (arithmetic.WILD, "wild", "a Wild"),
    (arithmetic.WILD_DRAW_FOUR, "wild draw four", "a Wild Draw Four"),
)
ACTIONS: dict[str, Step] = {
    **{
        f"play {name}": Step(f"play {doc}", ALWAYS, _lay("play", cls)) for cls, name, doc in CLASSES
    },
    **{
        f"play {name} without UNO out": Step(
            f"play {doc} as the last card without the UNO-out call (V-UNO-OUT-CALL)",
            lambda r: r.uno_out > 0,
            _uncalled("play", cls),
        )
        for cls, name, doc in CLASSES
    },
    **{
        f"cheat {name}": Step(
            f"lay a coloured card face down announcing {doc} (V-CHEAT)",
            lambda r: r.cheat is not None,
            _cheat(cls),
        )
        for cls, name, doc in CLASSES[:4]
    },
    "verdict accept": Step(
        "accept a face-down card as announced (V-CHEAT)",
        lambda r: r.cheat is not None,
        _verdict("cheat_accept"),
        (("pend_from", 0),),
    ),
    "accuse": Step(
        "accuse the player of a face-down card (V-CHEAT)",
        lambda r: r.cheat is not None,
        _verdict("accuse"),
        (("pend_from", 0),),
    ),
    "colour": Step("name the colour of a wild", ALWAYS, _colour),
    "draw": Step("draw on a turn", ALWAYS, _decide("turn_draw")),
    "pass": Step("end the turn after drawing", ALWAYS, _decide("end_turn")),
    "challenge": Step(
        "challenge a Wild Draw Four", lambda r: r.wd4_challenge, _decide("challenge")
    ),
    "accept": Step("take a draw card's cards", ALWAYS, _decide("accept")),
    "stack draw two": Step(
        "answer a draw card with a Draw Two",
        lambda r: bool(r.stackable),
        _lay("stack", arithmetic.DRAW_TWO),
    ),
    "stack wild draw four": Step(
        "answer a draw card with a Wild Draw Four",
        lambda r: bool(r.stackable),
        _lay("stack", arithmetic.WILD_DRAW_FOUR),
    ),
    **{
        f"stack {name} without UNO out": Step(
            f"answer a draw card with {doc} as the last card without the UNO-out call "
            "(V-STACK-DRAW, V-UNO-OUT-CALL)",
            lambda r: bool(r.stackable) and r.uno_out > 0,
            _uncalled("stack", cls),
        )
        for cls, name, doc in CLASSES[3::2]
    },
    "group": Step("lay several cards in one turn", lambda r: r.multi, _group),
    "group without UNO out": Step(
        "lay several cards in one turn, the last cards of the hand, without the UNO-out call "
        "(V-UNO-OUT-CALL)",
        lambda r: r.multi and r.uno_out > 0,
        lambda m, pre: _group(m, pre, uncalled=True),
    ),
    "catch": Step("catch a missed UNO call", ALWAYS, _catch, ()),
    "uno": Step("call UNO", ALWAYS, _uno, ()),
    "serve": Step(
        "draw owed cards (a turn draw or a penalty)", ALWAYS, _serve, (("owed_seat", 0),)
    ),
    "reshuffle": Step("reshuffle the discards into a new draw pile", ALWAYS, _reshuffle, ()),
    "score": Step("score the round; deal again or end the match", ALWAYS, _score, (("winner", 0),)),
    "swap": Step("swap hands after a 7 (V-SEVEN-ZERO)", lambda r: r.seven_swap, _swap),
    "deal": Step("deal seven cards to every seat", ALWAYS, _deal, (("phase", DEAL),)),
    **{
        f"starter {name}": Step(
            f"turn up {doc} as the starter (FIRST-CARD-*)",
            ALWAYS,
            _starter(cls),
            (("phase", STARTER), ("dealer", 0)),
        )
        for cls, name, doc in CLASSES
    },
    **{
        f"jump in {name}": Step(
            f"jump in with {doc} identical to the top card (V-JUMP-IN)",
            lambda r: r.jump_in,
            _lay("jump_in", cls),
            (),
        )
        for cls, name, doc in CLASSES
    },
    **{
        f"jump in {name} without UNO out": Step(
            f"jump in with {doc} as the last card without the UNO-out call "
            "(V-JUMP-IN, V-UNO-OUT-CALL)",
            lambda r: r.jump_in and r.uno_out > 0,
            _uncalled("jump_in", cls),
            (),
        )
        for cls, name, doc in CLASSES
    },
}


# -- results ----------------------------------------------------------------------------------


@dataclass
class Counterexample:
    """A state, a step and the state after it where a goal fails."""

    goal: str
    action: str
    players: int
    group: str
    before: State
    after: State
    params: dict[str, Any]

    def text(self) -> str:
        return (
            f"{self.goal} fails for step '{self.action}' with {self.players} players ({self.group}):\n"
            f"before:\n{describe(self.before)}\n"
            f"step: {step_text(self.action, self.params)}\n"
            f"after:\n{describe(self.after)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "goal": self.goal,
            "action": self.action,
            "players": self.players,
            "group": self.group,
            "step": step_text(self.action, self.params),
            "before": to_json(self.before),
            "after": to_json(self.after),
        }


def step_text(action: str, params: dict[str, Any]) -> str:
    def cards(v: Any) -> str:
        return " ".join(K.cards_of(v)) or "(none)"

    parts = [action]
    if "seat" in params:
        parts.append(f"by seat {params['seat']}")
    if "card" in params:
        parts.append(cards(params["card"]))
    if "claim" in params:
        parts.append(f"face down, announced as {cards(params['claim'])}")
    if "group" in params:
        parts.append(f"group {cards(params['group'])}, last {cards(params['last'])}")
    if "colour" in params and isinstance(params["colour"], int) and 0 <= params["colour"] < 4:
        parts.append(f"naming {COLOURS[params['colour']]}")
    if isinstance(params.get("covered"), int) and 0 <= params["covered"] < 4:
        parts.append(f"(the colour {COLOURS[params['covered']]} when the last card went down)")
    if "target" in params:
        verb = "with seat" if action == "swap" else "catching seat"
        parts.append(f"{verb} {params['target']}")
    if "drawn" in params:
        parts.append(f"drawing {cards(params['drawn'])}")
    if params.get("uncalled"):
        parts.append("without the UNO-out call")
    if "hands" in params:
        parts.append(f"by seat {params['dealer']}: " + "; ".join(cards(h) for h in params["hands"]))
    return " ".join(parts)


@dataclass
class Check:
    """One goal of one obligation: ``proved``, ``failed`` (with a counterexample) or ``vacuous``."""

    goal: str
    action: str
    players: int
    groups: list[str]
    result: str
    seconds: float
    counterexample: Counterexample | None = None


@dataclass
class Times:
    """Time spent per profile group: wall and CPU seconds, and the player counts proved. An
    obligation or policy property that several groups share is proved once, and its time
    goes to the first group that needed it."""

    spent: dict[str, list[float]] = field(default_factory=dict)  # group -> [wall, CPU]
    players: dict[str, set[int]] = field(default_factory=dict)
    workers: float = 0.0  # CPU seconds of the processes that proved player counts
    peak_mb: float = 0.0  # the largest peak memory of a process that proved a part

    @contextmanager
    def charge(self, group: str, players: int) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            spent = self.spent.setdefault(group, [0.0, 0.0])
            spent[0] += time.perf_counter() - wall
            spent[1] += time.process_time() - cpu
            self.players.setdefault(group, set()).add(players)

    def add(self, other: Times, cpu: float) -> None:
        """Another process's times, and its CPU seconds."""
        self.workers += cpu
        self.peak_mb = max(self.peak_mb, other.peak_mb)
        for group, (wall, cpu) in other.spent.items():
            spent = self.spent.setdefault(group, [0.0, 0.0])
            spent[0] += wall
            spent[1] += cpu
            self.players.setdefault(group, set()).update(other.players[group])


@dataclass
class Report:
    """Every check of a run: the step proofs, the arithmetic lemmas, the policy properties,
    and what Z3 finds when a policy is switched off."""

    checks: list[Check] = field(default_factory=list)
    findings: list[Any] = field(default_factory=list)  # policies.Finding
    seconds: float = 0.0  # wall
    cpu_seconds: float = 0.0  # of this process and the processes it started
    times: Times = field(default_factory=Times)
    time_order: list[str] = field(default_factory=list)  # the groups, in the order asked for

    @property
    def ok(self) -> bool:
        return all(c.result == "proved" for c in self.checks)

    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.result != "proved"]

    def rows(self) -> list[dict[str, Any]]:
        """One row per goal: what it says, its scope, result and solver time."""
        out = []
        for goal, (kind, doc) in GOALS.items():
            mine = [c for c in self.checks if c.goal == goal]
            if not mine:
                continue
            bad = [c for c in mine if c.result != "proved"]
            out.append(
                {
                    "goal": goal,
                    "kind": kind,
                    "statement": doc,
                    "players": sorted({c.players for c in mine}),
                    "groups": sorted({g for c in mine for g in c.groups}),
                    "steps": sorted({c.action for c in mine}),
                    "queries": len(mine),
                    "result": "proved" if not bad else bad[0].result,
                    "seconds": round(sum(c.seconds for c in mine), 3),
                    "counterexample": bad[0].counterexample.to_json()
                    if bad and bad[0].counterexample
                    else None,
                    "failure": bad[0].counterexample.text()
                    if bad and bad[0].counterexample
                    else (
                        f"{bad[0].action}, {bad[0].players} players: {bad[0].result}"
                        if bad
                        else None
                    ),
                }
            )
        return out

    def time_per_group(self) -> list[dict[str, Any]]:
        """Wall and CPU seconds spent on each group's obligations and policy properties,
        summed over its player counts (and the processes that proved them)."""
        spent = self.times.spent
        names = [g for g in self.time_order if g in spent] + sorted(
            set(spent) - set(self.time_order)
        )
        return [
            {
                "group": g,
                "seconds": round(spent[g][0], 3),
                "cpu_seconds": round(spent[g][1], 3),
                "players": sorted(self.times.players[g]),
            }
            for g in names
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "peak_mb": round(self.times.peak_mb, 1),
            "time_per_group": self.time_per_group(),
            "goals": self.rows(),
            "findings": [f.to_json() for f in self.findings],
        }


LEMMAS = {
    "seat symmetry": "the seat arithmetic (next seat, advance after a card, challenge outcome, the victim's successor, partners, the 0-7 rotation target, the starter's first player and victim) commutes with turning the table, so a step proved from seat 0 is proved from every seat",
    "missed turns": "arithmetic.pass_missed_turns: a player owing one missed turn loses exactly the next turn they would take; counts stay at zero or above",
    "dealers": "arithmetic.dealer_draw_result and next_dealer: the single seat marked in the dealer draw turned up the strictly highest card, and a tie marks two or more (DEALER-SELECTION, P-DEALER-TIE); the next dealer is a seat still playing, every seat passed over on the way clockwise is out of the match, a void round keeps the dealer and under previous_round_winner the winner deals (P-NEXT-DEALER)",
}
POLICY_GOALS = {
    "deadlock freedom": "in every state of a round that is not over some step can be taken (with P-PILES-EXHAUSTED)",
    "progress when nothing can be drawn": "when nothing can be drawn, every turn without a play counts towards P-STALEMATE or ends the round, so the round ends within one round of turns",
    "a round is won only with an empty hand": "no step wins a round for a player who holds cards (P-STALEMATE's void_round; lowest_hand_wins is the named exception)",
}
GOALS: dict[str, tuple[str, str]] = {
    **{g: ("invariant", d) for g, d in INVARIANTS.items()},
    **{g: ("step property", d) for g, d in PROPERTIES.items()},
    **{g: ("arithmetic", d) for g, d in LEMMAS.items()},
    **{g: ("policy", d) for g, d in POLICY_GOALS.items()},
}


# -- running the proofs -----------------------------------------------------------------------


@dataclass
class Obligation:
    model: Model
    before: State
    params: dict[str, Any]
    hypotheses: list[Any]  # beyond the invariants of ``before``
    outcomes: list[tuple[tuple[Any, ...], State]]  # (path, state after) per branch
    goals: list[tuple[str, int, Any]]  # (goal, outcome index, formula)
    assumed: list[Any]  # the invariants of ``before``


_PRE: dict[Any, tuple[State, list[Any]]] = {}

#: the conjuncts of a state's invariants (nested conjunctions flattened) by their terms'
#: addresses (Z3 keeps one copy of equal terms), by the id of the list of its invariants in
#: ``_PRE``, which keeps them alive
_KNOWN: dict[int, frozenset[int]] = {}


def _known(assumed: list[Any]) -> frozenset[int]:
    """Every conjunct of the formulas ``assumed`` (see ``_KNOWN``)."""
    got = _KNOWN.get(id(assumed))
    if got is None:
        # (through Z3's C interface: no Python object for each of the many conjuncts; the
        # formulas hold their terms while they are walked)
        ctx = z3.main_ctx().ref()
        ids: set[int] = set()
        todo = [f.as_ast() for f in assumed if isinstance(f, z3.ExprRef)]
        while todo:
            t = todo.pop()
            ids.add(t.value)
            if z3.Z3_get_ast_kind(ctx, t) != z3.Z3_APP_AST:
                continue
            app = z3.Z3_to_app(ctx, t)
            if z3.Z3_get_decl_kind(ctx, z3.Z3_get_app_decl(ctx, app)) == z3.Z3_OP_AND:
                todo += [
                    z3.Z3_get_app_arg(ctx, app, i) for i in range(z3.Z3_get_app_num_args(ctx, app))
                ]
        got = _KNOWN[id(assumed)] = frozenset(ids)
    return got


def _before(m: Model, players: int, fixed: tuple[tuple[str, int], ...]) -> tuple[State, list[Any]]:
    """The symbolic state before a step, and its invariants (shared by every step that fixes
    the same principal seat; the invariants read only the rules in ``INVARIANT_RULES``)."""
    r = m.rules
    key = (players, fixed, type(m), m.ar, *(getattr(r, f) for f in INVARIANT_RULES))
    if key not in _PRE:
        extra: dict[str, Any] = {}
        if r.cheat is None:  # the invariants say: nothing announced, nothing face down
            extra = {f: [0] * K.N_KINDS for f in ("announced", "under", "prior_ann")}
        pre = symbolic(m.ops, players, **extra, **dict(fixed))
        _PRE[key] = (pre, list(invariants(m, pre).values()))
    return _PRE[key]


#: the invariants of a state after a step, by the terms of that state and of the state before
#: it (see :func:`_invariants`)
_POST: dict[tuple[Any, ...], tuple[dict[str, Any], State, State]] = {}
_FIELDS = [f.name for f in dataclasses.fields(State)]


def _terms(x: Any) -> Any:
    """``x`` (a state's field) by its terms: Z3 keeps one copy of equal terms, so equal
    terms are one address (while they are alive)."""
    if type(x) is list:
        return tuple([_terms(y) for y in x])
    return ("t", x.ast.value) if isinstance(x, z3.AstRef) else x


def _invariants(m: Model, post: State, pre: State, assumed: list[Any]) -> dict[str, Any]:
    """``invariants(m, post, pre, known)``, with ``known`` the conjuncts of the invariants
    ``assumed`` of ``pre``, built once per process for the same terms: the steps of profile
    groups whose rules differ where a step reads them still end, on most of their branches,
    in the very same state (Z3 shares equal terms). The invariants read no rule outside
    ``INVARIANT_RULES``; both states stay alive with them, so their ids are not reused."""
    r = m.rules
    key = (
        m.n,
        type(m),
        m.ar,
        *(getattr(r, f) for f in INVARIANT_RULES),
        *(_terms(getattr(st, f)) for st in (post, pre) for f in _FIELDS),
    )
    hit = _POST.get(key)
    if hit is None:
        hit = _POST[key] = (invariants(m, post, pre, _known(assumed)), post, pre)
    return hit[0]


def obligation(
    rules: Rules, players: int, action: str, ar: ModuleType = arithmetic, model: type[Model] = Model
) -> Obligation:
    """Build the proof obligation of one step kind for one player count and rules."""
    ops = Symbolic(action.replace(" ", "_"))
    m = model(rules, players, ops, ar)
    step = ACTIONS[action]
    fixed = step.fixed
    if action == "score" and rules.partner_rotation:
        fixed = ()  # V-EXT-PARTNER-ROTATION's pairs are not symmetric: every winner is proved
    pre, assumed = _before(m, players, fixed)
    params, result, dom = step.build(m, pre)
    hyps = dom + ops.side + [g for _, g in ops.guards]
    outcomes = leaves(result)
    goals = []
    for i, (_, post) in enumerate(outcomes):
        props = {
            **_invariants(m, post, pre, assumed),
            **step_properties(m, action, pre, params, post),
        }
        goals += [(name, i, f) for name, f in props.items()]
    return Obligation(m, pre, params, hyps, outcomes, goals, assumed)


def _small(pre: State, rules: Any = None, limit: int = 4) -> list[Any]:
    """A few cards in each hand, few discards, a small owed draw, and no phase the rules
    never reach: what a person can read (and what Z3 finds fastest)."""
    ops = Symbolic()
    out = [ops.sum(h) <= limit for h in pre.hands] + [ops.sum(pre.disc) <= limit]
    out += [x <= limit for x in (pre.owed_count, pre.pend_total) if not isinstance(x, int)]
    if rules is not None and not rules.stackable and not isinstance(pre.phase, int):
        out.append(pre.phase != STACK)
    return out


def _bool(x: Any) -> Any:
    return x if isinstance(x, z3.ExprRef) else z3.BoolVal(bool(x))


def _check(s: z3.Solver, pre: State, small_first: bool, rules: Any = None) -> tuple[Any, Any]:
    """Satisfiable? With a model preferably small (small witnesses are also found faster,
    so where one is expected they are tried first)."""
    if small_first and s.check(*_small(pre, rules)) == z3.sat:
        return z3.sat, None
    return s.check(), None


#: the work (Z3's deterministic resource count, not time) the incremental solver may spend on
#: one negated goal before the goal goes to a solver of its own (see :func:`_refute`)
BUDGET = 500_000


def _refute(
    s: z3.Solver, ob: Obligation, path: tuple[Any, ...], negated: Any, rules: Any
) -> tuple[Any, Any, bool]:
    """``(result, model, whether the model is small)`` of a negated goal, asserted in the
    scope ``s`` has pushed.

    Most goals are refuted in a few milliseconds by the incremental solver, which holds the
    invariants and the step once for every goal. A few (a card announced face down whose
    class Z3 must find among the kinds) take it seconds: those get ``BUDGET`` units of work
    there, and then a solver of their own with Z3's preprocessing for linear integer
    arithmetic (``qflia``), which settles them in a fraction of that. Only its "unsat"
    is taken from it; anything else goes back to the incremental solver without a limit,
    so every answer and counterexample is the one the incremental solver gives."""
    s.set("rlimit", BUDGET)
    res = s.check()
    s.set("rlimit", 0)
    if res == z3.unknown:
        alone = _solver(z3.Tactic("qflia").solver())
        alone.add(*ob.assumed, *ob.hypotheses, *path, negated)
        res = z3.unsat if alone.check() == z3.unsat else s.check()
    if res != z3.sat:
        return res, None, False
    if s.check(*_small(ob.before, rules)) == z3.sat:
        return res, s.model(), True
    s.check()
    return res, s.model(), False


#: queries settled in this process, by the ids of their terms: whether the step is enabled,
#: and every negated goal found unsatisfiable (proved). Two profile groups, or two steps,
#: whose rules differ only where a query does not look build the very same terms (Z3 shares
#: equal terms), so each such query is solved once. The terms are kept with the result, so
#: that their ids are not reused; a failing query is never kept (it is solved again, for its
#: own counterexample).
_SETTLED: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _ids(terms: Iterable[Any]) -> tuple[int, ...]:
    return tuple(_bool(t).get_id() for t in terms)


#: the negated goals proved (found unsatisfiable) in this process, by the ids of the
#: invariants assumed and of the negated goal: the ids of the hypotheses and of the path
#: each was proved under. A query with the same invariants and negated goal, whose
#: hypotheses and path include those, is proved too (more hypotheses leave fewer states),
#: without Z3: a profile group's step often differs from another's only by a guard more,
#: or a branch condition more (a fifth of the queries at 6 players). The terms stay alive
#: in ``_SETTLED``.
_PROVED: dict[tuple[tuple[int, ...], int], list[tuple[frozenset[int], frozenset[int]]]] = {}


def _proved(key: tuple[Any, ...]) -> None:
    """Record the query ``key`` (of ``_SETTLED``) as proved."""
    assumed, hyps, path, negated = key
    _PROVED.setdefault((assumed, negated), []).append((frozenset(hyps), frozenset(path)))


def _subsumed(key: tuple[Any, ...], hyps: frozenset[int]) -> bool:
    """Whether a proved query has the invariants and negated goal of query ``key``, and
    hypotheses and path that ``key``'s include (see ``_PROVED``)."""
    assumed, _, path, negated = key
    earlier = _PROVED.get((assumed, negated))
    if not earlier:
        return False
    conds = frozenset(path)
    return any(h <= hyps and p <= conds for h, p in earlier)


#: Z3's settings for the proofs' solvers: its arithmetic neither adds the axioms of every
#: equality between terms as it meets them (``eager_eq_axioms``) nor propagates equalities
#: between variables it finds fixed to the other theories (``propagate_eqs``). The goals are
#: linear facts about counts that a step moved; those equalities are rarely what refutes
#: one. The answers are the same; the steps at 3 players took 13% less CPU, at 6 17%, at 10
#: 26% (10.1 -> 8.8 s, 12.4 -> 10.3 s, 20.0 -> 14.8 s).
SOLVER_SETTINGS = {"smt.arith.eager_eq_axioms": False, "smt.arith.propagate_eqs": False}


def _solver(solver: z3.Solver | None = None) -> z3.Solver:
    """``solver`` (a new ``z3.Solver()`` by default) with ``SOLVER_SETTINGS``."""
    s = z3.Solver() if solver is None else solver
    for name, value in SOLVER_SETTINGS.items():
        s.set(name, value)
    return s


class _Session:
    """The solver of one obligation (invariants, parameters and guard asserted), made when
    the first query that is not already settled needs it."""

    def __init__(self, ob: Obligation) -> None:
        self.ob = ob
        self._solver: z3.Solver | None = None

    @property
    def solver(self) -> z3.Solver:
        if self._solver is None:
            self._solver = _solver()
            self._solver.add(*self.ob.assumed, *self.ob.hypotheses)
        return self._solver


def discharge(ob: Obligation, action: str, players: int, group: str) -> list[Check]:
    """Prove every goal of ``ob``: one query per goal and branch of the step, or one for
    the branches where the goal is the same formula (:func:`_branches_at_once`); each
    solved once per process (see ``_SETTLED``)."""
    rules = getattr(ob.model.rules, "_rules", ob.model.rules)  # not recorded: display only
    session = _Session(ob)
    base = (_ids(ob.assumed), _ids(ob.hypotheses))
    hyps = frozenset(base[1])
    t0 = time.perf_counter()
    key = ("enabled", *base)
    if key not in _SETTLED:
        enabled, _ = _check(session.solver, ob.before, True, rules)
        _SETTLED[key] = (enabled == z3.sat, ob.assumed, ob.hypotheses)
    vacuous = not _SETTLED[key][0]
    t_enabled = time.perf_counter() - t0
    order = list(dict.fromkeys(name for name, _, _ in ob.goals))
    out = []
    for name in order:
        if vacuous:
            out.append(Check(name, action, players, [group], "vacuous", t_enabled))
            continue
        t0 = time.perf_counter()
        result, cex = "proved", None
        todo = []
        for goal, i, formula in ob.goals:
            if goal != name or formula is True:
                continue
            path, post = ob.outcomes[i]
            negated = z3.Not(_bool(formula))
            key = (*base, _ids(path), negated.get_id())
            if key in _SETTLED:
                continue
            if _subsumed(key, hyps):
                _SETTLED[key] = (True, ob.assumed, ob.hypotheses, path, negated)
                continue
            todo.append((path, post, negated, key))
        _branches_at_once(session, ob, todo)
        for path, post, negated, key in todo:
            if key in _SETTLED:
                continue
            s = session.solver
            s.push()
            s.add(*path, negated)
            res, found, small = _refute(s, ob, path, negated, rules)
            s.pop()
            if res == z3.unsat:
                _SETTLED[key] = (True, ob.assumed, ob.hypotheses, path, negated)
                _proved(key)
                continue
            if res == z3.unknown:
                result = "unknown"
                break
            result = "failed"
            if cex is None or small:
                cex = Counterexample(
                    name,
                    action,
                    players,
                    group,
                    evaluate(ob.before, found),
                    evaluate(post, found),
                    {k: _val(v, found) for k, v in ob.params.items()},
                )
            if small:  # a readable counterexample: no need to look at other branches
                break
        out.append(Check(name, action, players, [group], result, time.perf_counter() - t0, cex))
    return out


def _path(conds: Sequence[Any]) -> Any:
    """A branch's path condition as one formula."""
    return z3.BoolVal(True) if not conds else _bool(conds[0]) if len(conds) == 1 else z3.And(*conds)


def _branches_at_once(session: _Session, ob: Obligation, todo: list[tuple[Any, ...]]) -> None:
    """Settle a goal that is the very same formula on several branches of the step (a
    branch that leaves the fields it reads as another does: a third of the goals) with one
    query, whether it fails on any of them (under the disjunction of their paths), within
    ``BUDGET``. Unsatisfiable: it holds on each of them, and each is settled. Otherwise
    nothing is settled, and each branch is asked alone, for its own counterexample."""
    by_formula: dict[int, list[tuple[Any, ...]]] = {}
    for entry in todo:
        by_formula.setdefault(entry[2].get_id(), []).append(entry)
    for same in by_formula.values():
        if len(same) < 2:
            continue
        s = session.solver
        s.push()
        s.add(same[0][2], z3.Or([_path(p) for p, *_ in same]))
        s.set("rlimit", BUDGET)
        res = s.check()
        s.set("rlimit", 0)
        s.pop()
        if res == z3.unsat:
            for path, _, negated, key in same:
                _SETTLED[key] = (True, ob.assumed, ob.hypotheses, path, negated)
                _proved(key)


Memo = dict[Any, list[tuple[dict[str, Any], list[Check]]]]


def solve(
    rules: Rules,
    players: int,
    action: str,
    group: str = "",
    ar: ModuleType = arithmetic,
    model: type[Model] = Model,
    memo: Memo | None = None,
) -> list[Check]:
    """Prove every goal of one step kind for one player count and rules; with ``memo``,
    reuse the results of an earlier group whose rules agree on every field the step reads."""
    key = (action, players, ar, model)
    for read, checks in (memo or {}).get(key, []):
        if agrees(rules, read):
            return [
                Check(c.goal, c.action, c.players, [group], c.result, 0.0, c.counterexample)
                for c in checks
            ]
    reading = Reading(rules)
    ob = obligation(reading, players, action, ar, model)  # type: ignore[arg-type]
    out = discharge(ob, action, players, group)
    if memo is not None:
        memo.setdefault(key, []).append((dict(reading.read), out))
    return out


def _val(v: Any, found: Any) -> Any:
    if isinstance(v, list):
        return [_val(x, found) for x in v]
    if isinstance(v, int):
        return v
    return found.eval(v, model_completion=True).as_long()


def _timed(goal: str, action: str, n: int, groups: list[str], fn: Callable[[], bool]) -> Check:
    t0 = time.perf_counter()
    ok = fn()
    return Check(goal, action, n, groups, "proved" if ok else "failed", time.perf_counter() - t0)


PolicyMemo = dict[tuple[str, int, ModuleType], list[tuple[dict[str, Any], bool]]]


def _policy(goal: str, rules: Rules, n: int, ar: ModuleType, memo: PolicyMemo) -> bool:
    """Policy property ``goal`` (its policy on) for ``rules``; with the result of an earlier
    group whose rules agree on every field the property's formulas read (as :func:`solve`
    does for the steps)."""
    from unospec.spec.prover import policies

    rules = dataclasses.replace(rules, **policies.POLICIES[goal][2])
    key = (goal, n, ar)
    for read, ok in memo.get(key, []):
        if agrees(rules, read):
            return ok
    reading = Reading(rules)
    ok = policies.proved(goal, reading, n, ar)  # type: ignore[arg-type]
    memo.setdefault(key, []).append((dict(reading.read), ok))
    return ok


def _extras(
    groups: list[Group], n: int, ar: ModuleType, times: Times, memo: PolicyMemo
) -> list[Check]:
    """The arithmetic lemmas, and the policy properties for each profile's rules (the time
    of a property shared by several groups goes to the first of them)."""
    from unospec.spec.prover import lemmas

    out = [
        _timed("seat symmetry", "arithmetic", n, [], lambda: lemmas.seat_symmetry(n, ar)[0]),
        _timed("missed turns", "arithmetic", n, [], lambda: lemmas.missed_turns(n, ar)[0]),
        _timed("dealers", "arithmetic", n, [], lambda: lemmas.dealers(n, ar)[0]),
    ]
    distinct: dict[tuple[Rules, str], list[str]] = {}
    for g in groups:
        goals = tuple(POLICY_GOALS)  # every group: each is cheap (well under a second)
        if goals and n in g.rules.player_counts():
            # how a starter is replaced changes no step the policies take (in phase starter
            # any card of the draw pile can be turned up), nor does the UNO-out call (a last
            # card may always be laid with it, as without the variant), nor how a round is
            # scored (teams, alternative scoring, the target, partner rotation: only the
            # score step reads them, and its guard does not): those groups share
            rules = dataclasses.replace(
                g.rules,
                first_no_special=None,
                first_wild_redraw=False,
                uno_out=0,
                alt=None,
                teams=False,
                target=500,
                partner_rotation=False,
            )
            for goal in goals:
                distinct.setdefault((rules, goal), []).append(g.name)
    for (rules, goal), names in distinct.items():
        with times.charge(names[0], n):
            out.append(
                _timed(
                    goal, "any step", n, names, lambda g=goal, r=rules: _policy(g, r, n, ar, memo)
                )
            )
    return out


def _findings(groups: list[Group], ar: ModuleType) -> list[Any]:
    """What Z3 finds with each policy off (3 players, the first profile)."""
    from unospec.spec.prover import policies

    rules = next((g.rules for g in groups if not g.options), groups[0].rules)
    out = []
    for name, (policy, _, _, note) in policies.POLICIES.items():
        example = policies.refute(name, rules, 3, ar)
        found = "counterexample" if example else "none found (the policy is not needed)"
        out.append(policies.Finding(name, policy, found, example, 3, note))
    return out


def _prove_players(
    groups: list[Group],
    players: list[int],
    actions: list[str],
    ar: ModuleType,
    model: type[Model],
    extras: bool,
    progress: Callable[[str], None] | None = None,
    memos: tuple[Memo, PolicyMemo] | None = None,
) -> tuple[list[Check], Times]:
    checks: list[Check] = []
    times = Times()
    memo, policy_memo = memos if memos is not None else ({}, {})
    for n in players:
        for g in groups:
            rules = g.rules
            if n not in rules.player_counts():
                continue
            with times.charge(g.name, n):
                for action in actions:
                    if not ACTIONS[action].exists(rules):
                        continue
                    if progress:
                        progress(f"{g.name}: {action}, {n} players")
                    checks += solve(rules, n, action, g.name, ar, model, memo)
        if extras:
            checks += _extras(groups, n, ar, times, policy_memo)
    return checks, times


def _forget() -> None:
    """Drop the terms and results kept for earlier player counts: no later query can use
    them (every term names its player count's seats), and a smaller heap keeps Python's
    garbage collector quick."""
    from unospec.spec.prover import evaluators, policies

    for cache in (
        _PRE,
        _POST,
        _KNOWN,
        _SETTLED,
        _PROVED,
        evaluators._CMP,
        policies._GUARDS,
        policies._START,
    ):
        cache.clear()


def _prove_part(
    part: str, groups: list[Group], n: int, actions: list[str]
) -> tuple[list[Check], Times, float]:
    """One part of one player count, in a process of its own: the ``steps`` (every step
    kind of every group) or the ``extras`` (the arithmetic lemmas and the policy
    properties). Its checks, times and CPU seconds.

    A part starts without the terms of any part proved before it in the process, and with
    Python's garbage collector off (a part builds millions of Z3 terms and hardly a
    reference cycle; the collector's passes over a growing heap cost a process up to a
    fifth of its time). Its garbage is collected once, at its end."""
    cpu = time.process_time()
    _forget()
    gc.disable()
    try:
        if part == "steps":
            checks, times = _prove_players(groups, [n], actions, arithmetic, Model, False)
        else:
            times = Times()
            checks = _extras(groups, n, arithmetic, times, {})
    finally:
        _forget()
        gc.enable()
        gc.collect()
    times.peak_mb = _peak_mb()
    return checks, times, time.process_time() - cpu


def _peak_mb() -> float:
    """This process's peak memory (resident), MB; 0 where the platform does not say."""
    try:
        import resource
    except ImportError:  # (not on Windows)
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes there, KB here


def _findings_part(groups: list[Group]) -> tuple[list[Any], float]:
    cpu = time.process_time()
    return _findings(groups, arithmetic), time.process_time() - cpu


def prove(
    groups: Iterable[Group] = GROUPS,
    players: Iterable[int] = range(2, 11),
    actions: Iterable[str] | None = None,
    ar: ModuleType = arithmetic,
    model: type[Model] = Model,
    progress: Callable[[str], None] | None = None,
    extras: bool = True,
    jobs: int = 1,
    also: Iterable[tuple[Iterable[Group], Iterable[int]]] = (),
) -> Report:
    """Every obligation of ``groups`` x ``players`` x ``actions``; with ``extras`` also the
    arithmetic lemmas, the policy properties and the findings without the policies.
    ``also`` adds more groups, each proved for its own player counts (in the same run, so
    that a player count's groups share what they can).
    ``jobs`` > 1 proves player counts (their steps, and their lemmas and policies) in
    parallel processes (the built-in arithmetic and model only: a replacement cannot be sent
    to another process)."""
    start, cpu = time.perf_counter(), time.process_time()
    scopes = [(list(groups), list(players))] + [(list(g), list(p)) for g, p in also]
    groups: list[Group] = []  # (a group's options may hold dicts: not hashable)
    for g in (g for gs, _ in scopes for g in gs):
        if g not in groups:
            groups.append(g)
    players = sorted({n for _, ps in scopes for n in ps})
    per = {n: [g for g in groups if any(g in gs and n in ps for gs, ps in scopes)] for n in players}
    wanted = list(actions) if actions is not None else list(ACTIONS)
    report = Report()
    # the largest parts first, the small ones filling in at the end: every process stays
    # busy to the last
    parts = [("steps", n) for n in sorted(players, reverse=True)]
    parts += [("extras", n) for n in sorted(players, reverse=True)] if extras else []
    if jobs > 1 and ar is arithmetic and model is Model and len(parts) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        # a fresh process for every part: Z3 leaves a process slower after a part (at 6
        # players the steps took 12.5 s of CPU in a new process, 15.9 s after those of 10
        # players and 14.1 s after those of 2, whatever Python held was let go), so each
        # is forked from a server that has the prover imported and has built no term.
        # (One task per process exactly: with more, CPython 3.11 to 3.14 can leave the
        # queue without a worker, gh-115634; with one, every exit spawns a replacement.)
        if "forkserver" in multiprocessing.get_all_start_methods():
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["unospec.spec.prover.proofs"])
        else:
            ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, max_tasks_per_child=1) as pool:
            futures = {
                pool.submit(_prove_part, part, per[n], n, wanted): (part, n) for part, n in parts
            }
            found = pool.submit(_findings_part, groups) if extras else None
            for done in as_completed(futures):
                checks, times, used = done.result()
                report.checks += checks
                report.times.add(times, used)
                if progress:
                    part, n = futures[done]
                    progress(f"{n} players: {part} proved")
            if found is not None:
                report.findings, used = found.result()
                report.times.workers += used
        report.checks.sort(key=lambda c: c.players)
    else:
        memos: tuple[Memo, PolicyMemo] = ({}, {})
        for n in players:
            checks, times = _prove_players(per[n], [n], wanted, ar, model, extras, progress, memos)
            report.checks += checks
            report.times.add(times, 0.0)
        if extras:
            report.findings = _findings(groups, ar)
        report.times.peak_mb = _peak_mb()
    report.seconds = time.perf_counter() - start
    report.cpu_seconds = time.process_time() - cpu + report.times.workers
    report.time_order = [g.name for g in groups]
    return report
