"""Distinguishing positions: a position and an action whose outcome differs between two
profiles, found by Z3.

Both profiles' steps are built on one symbolic position (a turn in progress, seat 0 to act,
every hand small, only the top card on the discard pile) with one symbolic action; Z3 is
asked for an assignment under which one profile allows the action and the other refuses
it, or both allow it and the outcome differs: who acts next, the direction, who must draw
how many, missed turns, the phase, the scores. A won round is scored at once, as the
engine does, so scoring rules show up too.

:func:`distinguish` returns one :class:`Distinction` per step kind that tells the two apart;
``unospec diff-profiles`` turns each into a Gherkin scenario (checked against the engine).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import z3

from unospec.spec import arithmetic
from unospec.spec.prover import kinds as K
from unospec.spec.prover.evaluators import Symbolic, leaves
from unospec.spec.prover.invariants import invariants
from unospec.spec.prover.model import Model
from unospec.spec.prover.rules import Rules
from unospec.spec.prover.state import SCORING, TURN, State, evaluate, symbolic

#: the step kinds searched, with the class of the card played (None: not a play)
STEPS: dict[str, int | None] = {
    "play number": arithmetic.NUMBER,
    "play skip": arithmetic.SKIP,
    "play reverse": arithmetic.REVERSE,
    "play draw two": arithmetic.DRAW_TWO,
    "play wild": arithmetic.WILD,
    "play wild draw four": arithmetic.WILD_DRAW_FOUR,
    "draw": None,
    "catch": None,
}


@dataclass
class Distinction:
    """``action`` (an engine action) from ``before`` has different outcomes under the
    two profiles (as the model says; the engine confirms it in ``diff-profiles``)."""

    step: str
    players: int
    before: State
    action: dict[str, Any]


def _observe(m: Model, post: State) -> list[Any]:
    return [
        post.phase,
        post.to_act,
        post.direction,
        post.owed_seat,
        post.owed_count,
        post.pend_total,
        *post.missed,
        *post.scores,
    ]


def _outcome(m: Model, step: str, pre: State, params: dict[str, Any]) -> Any:
    """The step, then the scoring of a round it wins (when nothing is owed first)."""
    ops = m.ops
    if step == "draw":
        result = m.turn_draw(pre, 0)
    elif step == "catch":
        result = m.catch(pre, params["catcher"], params["target"])
    else:
        result = m.play(pre, 0, params["card"], STEPS[step])
    return ops.then(
        result,
        lambda x: ops.branch(
            ops.all([x.phase == SCORING, x.owed_count == 0]), lambda: m.score(x), lambda: x
        ),
    )


def _params(step: str) -> tuple[dict[str, Any], list[Any]]:
    if step == "catch":
        by, t = z3.Ints("catcher target")
        return {"catcher": by, "target": t}, []
    if STEPS.get(step) is None:
        return {}, []
    q: list[Any] = [0] * K.N_KINDS
    dom = []
    for k in K.OF_CLASS[STEPS[step]]:
        q[k] = z3.Int(f"card.{K.KINDS[k]}")
        dom += [q[k] >= 0, q[k] <= 1]
    return {"card": q}, dom


def search(a: Rules, b: Rules, step: str, n: int, max_hand: int = 3) -> Distinction | None:
    """A position of ``n`` players and an action of kind ``step`` that ``a`` and ``b``
    treat differently, or ``None``."""
    pre = symbolic(Symbolic("diff"), n, to_act=0)
    params, dom = _params(step)
    sides = []
    for rules, tag in ((a, "a"), (b, "b")):
        ops = Symbolic(tag)
        m = Model(rules, n, ops)
        result = _outcome(m, step, pre, params)
        guard = ops.all([g for _, g in ops.guards])
        sides.append((m, ops, result, guard))
    (ma, oa, ra, ga), (mb, ob, rb, gb) = sides
    differ = []
    for pa, xa in leaves(ra):
        for pb, xb in leaves(rb):
            ne = [u != v for u, v in zip(_observe(ma, xa), _observe(mb, xb), strict=True)]
            differ.append(z3.And(*pa, *pb, z3.Or([_b(x) for x in ne])))
    s = z3.Solver()
    s.add(*invariants(ma, pre).values(), *invariants(mb, pre).values(), *dom, *oa.side, *ob.side)
    s.add(pre.phase == TURN, pre.owed_count == 0, z3.Sum(pre.disc) == 1, pre.idle == 0)
    s.add(*[x == 0 for x in pre.announced])  # V-CHEAT: the top card is what it says
    s.add(*[x == 0 for x in pre.missed], *[x == 0 for x in pre.scores])
    s.add(*[z3.Sum(h) <= max_hand for h in pre.hands])
    s.add(z3.Or(_b(ga) != _b(gb), z3.And(_b(ga), _b(gb), z3.Or(differ))))
    if s.check() != z3.sat:
        return None
    found = s.model()
    before = evaluate(pre, found)
    return Distinction(step, n, before, _action(step, params, found))


def _action(step: str, params: dict[str, Any], found: Any) -> dict[str, Any]:
    if step == "draw":
        return {"type": "draw", "seat": 0}
    if step == "catch":
        by = found.eval(params["catcher"], model_completion=True).as_long()
        t = found.eval(params["target"], model_completion=True).as_long()
        return {"type": "catch", "seat": by, "target": t}
    q = [
        x if isinstance(x, int) else found.eval(x, model_completion=True).as_long()
        for x in params["card"]
    ]
    return {"type": "play", "seat": 0, "card": K.cards_of(q)[0]}


def distinguish(
    a: Rules, b: Rules, players: Iterable[int] = (2, 3, 4), steps: Iterable[str] | None = None
) -> list[Distinction]:
    """One distinction per step kind that tells ``a`` and ``b`` apart (fewest players first)."""
    out = []
    for step in steps or STEPS:
        for n in players:
            if n not in a.player_counts() or n not in b.player_counts():
                continue
            found = search(a, b, step, n)
            if found:
                out.append(found)
                break
    return out


def _b(x: Any) -> Any:
    return x if isinstance(x, z3.ExprRef) else z3.BoolVal(bool(x))
