"""Deadlock freedom and progress, and the two policies that make them hold.

*Deadlock freedom*: in every state of a round that is not over, some step can be taken —
a decision of the seat to act (its guard exactly as the step states it), or a chance input
(a reshuffle, the next deal). Without P-PILES-EXHAUSTED a draw needs a card, and Z3 finds
states where none exists; with it the property is proved.

*Progress*: when nothing can be drawn, a player may still draw (DRAW-VOLUNTARY), get
nothing, and pass; Z3 finds such states and proves that this idle turn leads back to one
with the same cards, so without P-STALEMATE a round can go on for ever. With it every idle
turn raises the count by one or ends the round, and the count stays below the number of
players (the ``turn order`` invariant): such a round ends within one round of turns.

Both checks, like the proofs, put the seat to act at seat 0 (seats are symmetric).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import z3

from unospec.spec import arithmetic
from unospec.spec.prover import kinds as K
from unospec.spec.prover.evaluators import Symbolic, incremental_solver, leaves
from unospec.spec.prover.invariants import INVARIANT_RULES, invariants
from unospec.spec.prover.model import Model
from unospec.spec.prover.rules import Reading, Rules, agrees
from unospec.spec.prover.state import (
    DEAL,
    DRAWN,
    PLAYING,
    SCORING,
    STARTER,
    TURN,
    State,
    describe,
    evaluate,
    symbolic,
    to_json,
)

#: (step, state, players, arithmetic, model) -> (the rules it read, the state, the guard)
_GUARDS: dict[tuple[Any, ...], list[tuple[dict[str, Any], State, Any]]] = {}


def _guard(
    rules: Rules,
    n: int,
    st: State,
    step: Callable[[Model], Any],
    ar: ModuleType,
    model: type[Model] = Model,
    name: str = "",
) -> Any:
    """The guard of one step taken from ``st``, as the step itself states it; a ``name``d
    step's guard is built once for all rules that agree on the fields it reads."""
    key = (name, id(st), n, ar, model)
    for read, _, guard in _GUARDS.get(key, []) if name else []:
        if agrees(rules, read):
            return guard
    reading = Reading(rules)
    ops = Symbolic("enabled")
    step(model(reading, n, ops, ar))  # type: ignore[arg-type]
    assert not ops.side, "a guard with auxiliary variables needs its own witness"
    guard = ops.all([g for _, g in ops.guards])
    if name:  # (the state is kept with it, so that its id is not reused)
        _GUARDS.setdefault(key, []).append((dict(reading.read), st, guard))
    return guard


def enabled(
    rules: Rules,
    n: int,
    st: State,
    ar: ModuleType = arithmetic,
    plays: bool = True,
    model: type[Model] = Model,
) -> Any:
    """Some step can be taken from ``st`` (without ``plays``: some step other than playing
    a card, which is often enough and a much smaller formula)."""
    m = model(rules, n, Symbolic("enabled"), ar)
    ops = m.ops
    s = st.to_act
    steps: dict[str, Callable[[Model], Any]] = {
        "draw": lambda mm: mm.turn_draw(st, s),
        "pass": lambda mm: mm.end_turn(st, s),
        "accept": lambda mm: mm.accept(st, s),
        "reshuffle": lambda mm: mm.reshuffle(st),
        "score": lambda mm: mm.score(st),
    }
    steps.update({f"colour {c}": lambda mm, c=c: mm.name_colour(st, s, c) for c in range(4)})
    if rules.cheat:  # V-CHEAT: a face-down card can always be accepted
        steps["verdict accept"] = lambda mm: mm.cheat_accept(st, s)
    if isinstance(s, int):  # V-SEVEN-ZERO: a hand to swap with (there is always another seat)
        steps["swap"] = lambda mm: mm.swap(st, s, (s + 1) % n)
    out = [_guard(rules, n, st, f, ar, model, name) for name, f in steps.items()]
    if plays:
        out.append(
            ops.all(
                [st.phase == TURN, st.owed_count == 0]
                + [ops.any([m.may_play(st, s, k) for k in range(K.N_KINDS)])]
            )
        )
        # after a turn draw: a card drawn this turn that may be played (DRAW-THEN-PLAY)
        out.append(ops.all([st.phase == DRAWN, st.owed_count == 0, m.found(st, s)]))
    out.append(m.can_serve(st))
    out.append(st.phase == DEAL)  # the next deal is a chance input
    # a starter is turned up from the draw pile (after a shuffle, a chance input, if the last
    # one was shuffled back): the pile must hold a card
    out.append(ops.all([st.phase == STARTER, ops.sum(st.draw) > 0]))
    return ops.any(out)


def dry(m: Model, st: State) -> Any:
    """A turn where nothing can be drawn (P-PILES-EXHAUSTED): drawing brings nothing."""
    ops = m.ops
    return ops.all(
        [st.phase == TURN, st.owed_count == 0, ops.sum(st.draw) == 0, ops.sum(st.disc) <= 1]
    )


def nobody_can_play(m: Model, st: State) -> Any:
    return m.ops.all(
        [m.ops.not_(m.may_play(st, s, k)) for s in range(m.n) for k in range(K.N_KINDS)]
    )


def idle_turn(m: Model, st: State) -> Any:
    """The seat to act draws (nothing comes), and the turn ends."""
    ops = m.ops
    r = m.turn_draw(st, st.to_act)
    r = ops.then(r, lambda x: m.serve(x, [0] * K.N_KINDS))
    return ops.then(r, lambda x: m.end_turn(x, x.to_act))


_START: dict[Any, tuple[State, list[Any]]] = {}


def start(m: Model, to_act: int) -> tuple[State, list[Any]]:
    """A symbolic state with ``to_act`` fixed, and its invariants: built once for every
    property and profile group that shares the player count and the rules the invariants
    read (``INVARIANT_RULES``)."""
    key = (m.n, to_act, type(m), m.ar, *(getattr(m.rules, f) for f in INVARIANT_RULES))
    if key not in _START:
        st = symbolic(m.ops, m.n, to_act=to_act)
        _START[key] = (st, list(invariants(m, st).values()))
    return _START[key]


def _small(st: State) -> list[Any]:
    return [_b(Symbolic.sum(h) <= 3) for h in st.hands] + [st.owed_count <= 2]


def _find(hyps: list[Any], st: State, *prefer: list[Any]) -> State | None:
    """A state satisfying ``hyps``, the first of the ``prefer`` lists (then small hands) that
    can also hold, so examples read easily."""
    s = z3.Solver()
    s.add(*hyps)
    for extra in (*prefer, _small(st), []):
        if s.check(*extra) == z3.sat:
            return evaluate(st, s.model())
    return None


def stuck_state(
    rules: Rules, n: int, ar: ModuleType = arithmetic, model: type[Model] = Model
) -> State | None:
    """A state of a round, not over, from which no step can be taken (``None``: there is
    none, deadlock freedom is proved)."""
    for seat, phases in ((0, PLAYING), (-1, (SCORING, DEAL, STARTER))):
        m = model(rules, n, Symbolic("deadlock"), ar)
        st, assumed = start(m, seat)
        hyps = assumed + [m.ops.any([st.phase == p for p in phases])]
        quick = incremental_solver()
        quick.add(*hyps, z3.Not(_b(enabled(rules, n, st, ar, False, model))))
        if quick.check() == z3.unsat:
            continue  # even without playing a card some step is always possible
        found = _find(
            hyps + [z3.Not(_b(enabled(rules, n, st, ar, True, model)))],
            st,
            [st.phase == TURN, st.owed_count == 0, _b(Symbolic.sum(st.hands[0]) <= 3)],
            [st.owed_count <= 2],
        )
        if found:
            return found
    return None


def idle_loop(rules: Rules, n: int, ar: ModuleType = arithmetic) -> State | None:
    """A state where nothing can be drawn from which the idle turn (draw nothing, pass)
    leads back to such a state with the same cards: a round that can go on for ever
    (``None``: there is none)."""
    m = Model(rules, n, Symbolic("progress"), ar)
    st, assumed = start(m, 0)
    base = assumed + [_b(dry(m, st))]
    example = _find(base, st)
    if example is None:
        return None
    same = lambda post: m.ops.all([dry(m, post), _same_cards(st, post)])  # noqa: E731
    return example if _holds(m, st, base, idle_turn(m, st), same) else None


def idle_turns_end(rules: Rules, n: int, ar: ModuleType = arithmetic) -> bool:
    """Every idle turn counts one more idle turn, or ends the round (P-STALEMATE)."""
    m = Model(rules, n, Symbolic("progress"), ar)
    st, assumed = start(m, 0)
    base = assumed + [_b(dry(m, st))]
    ops = m.ops

    def counted(post: State) -> Any:
        return ops.any(
            [
                ops.all([dry(m, post), post.idle == st.idle + 1]),
                post.phase == DEAL,
                post.phase == SCORING,
            ]
        )

    return _holds(m, st, base, idle_turn(m, st), counted)


def nobody_may_play(rules: Rules, n: int, ar: ModuleType = arithmetic) -> State | None:
    """A state where nothing can be drawn and no seat may play any card."""
    m = Model(rules, n, Symbolic("progress"), ar)
    st, assumed = start(m, 0)
    return _find(assumed + [_b(dry(m, st)), _b(nobody_can_play(m, st))], st)


def won_with_cards(rules: Rules, n: int, ar: ModuleType = arithmetic) -> State | None:
    """A state from which ending a turn wins the round for a player who holds cards (only
    P-STALEMATE's ``lowest_hand_wins`` does that)."""
    m = Model(rules, n, Symbolic("round-end"), ar)
    st, assumed = start(m, 0)
    result = m.end_turn(st, 0)
    hyps = assumed + m.ops.side + [g for _, g in m.ops.guards]
    for path, post in leaves(result):
        s = z3.Solver()
        s.add(*hyps, *path, post.phase == SCORING, m.size_of(post, post.winner) > 0)
        if s.check(*_small(st)) == z3.sat or s.check() == z3.sat:
            return evaluate(st, s.model())
    return None


@dataclass
class Finding:
    """A property Z3 refutes without a policy (``example``), proved with it."""

    name: str
    policy: str
    without: str  # what Z3 found with the policy off
    example: State | None
    players: int  # of the example
    note: str = ""

    def text(self) -> str:
        head = f"{self.name} without {self.policy}: {self.without}"
        if self.example is None:
            return head
        return f"{head}\n{self.note}\n{describe(self.example)}"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "policy": self.policy,
            "without_policy": self.without,
            "note": self.note,
            "players": self.players,
            "example": to_json(self.example) if self.example else None,
        }


#: property -> (policy, off, on, what the example shows)
POLICIES: dict[str, tuple[str, dict[str, Any], dict[str, Any], str]] = {
    "deadlock freedom": (
        "P-PILES-EXHAUSTED",
        {"piles_policy": False},
        {},
        "no step can be taken: a draw is due and there is no card to draw",
    ),
    "progress when nothing can be drawn": (
        "P-STALEMATE",
        {"stalemate_policy": False},
        {},
        "nothing can be drawn; drawing nothing and passing (DRAW-VOLUNTARY) leads back to the "
        "same cards, turn after turn, for ever",
    ),
    "a round is won only with an empty hand": (
        "P-STALEMATE.stalemate = void_round",
        {"stalemate": "lowest_hand_wins"},
        {"stalemate": "void_round"},
        "under lowest_hand_wins, ending this turn stalls the round and the lowest hand wins "
        "it with cards left (the 'round end' invariant names this exception)",
    ),
}


def refute(name: str, rules: Rules, n: int, ar: ModuleType = arithmetic) -> State | None:
    """An example of property ``name`` failing with its policy off."""
    r = dataclasses.replace(rules, **POLICIES[name][1])
    if name == "deadlock freedom":
        return stuck_state(r, n, ar)
    if name == "progress when nothing can be drawn":
        return idle_loop(r, n, ar)
    return won_with_cards(r, n, ar)


def holds(name: str, rules: Rules, n: int, ar: ModuleType = arithmetic) -> bool:
    """Property ``name`` with its policy on."""
    return proved(name, dataclasses.replace(rules, **POLICIES[name][2]), n, ar)


def proved(name: str, r: Rules, n: int, ar: ModuleType = arithmetic) -> bool:
    """Property ``name`` under the rules ``r`` as they are (its policy on)."""
    if name == "deadlock freedom":
        return stuck_state(r, n, ar) is None
    if name == "progress when nothing can be drawn":
        return idle_turns_end(r, n, ar)
    return won_with_cards(r, n, ar) is None


def _same_cards(a: State, b: State) -> Any:
    return z3.And(
        [
            x == y
            for ha, hb in zip(a.hands, b.hands, strict=True)
            for x, y in zip(ha, hb, strict=True)
        ]
        + [x == y for x, y in zip(a.draw + a.disc, b.draw + b.disc, strict=True)]
    )


def _holds(m: Model, st: State, base: list[Any], result: Any, goal: Callable[[State], Any]) -> bool:
    """``goal`` holds after every outcome of ``result`` (a step built from ``st``)."""
    ops = m.ops
    hyps = base + ops.side + [g for _, g in ops.guards]
    for path, post in leaves(result):
        query = [*hyps, *path, z3.Not(_b(goal(post)))]
        # Z3's preprocessing for linear integer arithmetic first (a quarter faster here);
        # what it does not settle goes to the default solver
        s = z3.Tactic("qflia").solver()
        s.add(*query)
        res = s.check()
        if res == z3.unknown:
            s = z3.Solver()
            s.add(*query)
            res = s.check()
        if res != z3.unsat:
            return False
    return True


def _b(x: Any) -> Any:
    return x if isinstance(x, z3.ExprRef) else z3.BoolVal(bool(x))
