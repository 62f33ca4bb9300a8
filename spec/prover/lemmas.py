"""Proofs about :mod:`unospec.spec.arithmetic` alone, for each player count.

*Seat symmetry*: every seat computation of the model goes through the seat arithmetic,
and turning the table (seat ``s`` becomes ``s + c``) commutes with it. With the model's
own code treating every seat alike (tested on concrete steps), a step proved from seat 0
is proved from every seat; this is what lets the proofs fix the principal seat.

*Missed turns*: :func:`unospec.spec.arithmetic.pass_missed_turns` gives a player who owes one
missed turn exactly the turn after theirs, keeps every count at zero or above, and hands
the turn to a seat in range.

*Dealers*: :func:`unospec.spec.arithmetic.dealer_draw_result` makes the single seat marked the one
with the strictly highest card (DEALER-SELECTION) and marks at least one seat, so a tie
(P-DEALER-TIE) redraws among two or more of the drawing seats; :func:`unospec.spec.arithmetic.next_dealer`
always names a seat in range that is still playing, passes over exactly the seats out of
the match between the dealer and the next one, keeps the dealer after a void round, and
gives the deal to a winner still playing under ``previous_round_winner`` (P-NEXT-DEALER).
"""

from __future__ import annotations

import time
from types import ModuleType
from typing import Any

import z3

from unospec.spec import arithmetic
from unospec.spec.prover.evaluators import incremental_solver


def _seat(x: Any, n: int) -> Any:
    return z3.And(x >= 0, x < n)


def _unsat(hyps: list[Any], goal: Any) -> bool:
    s = incremental_solver()
    s.add(*hyps, z3.Not(goal))
    return s.check() == z3.unsat


def seat_symmetry(n: int, ar: ModuleType = arithmetic) -> tuple[bool, float]:
    """The seat arithmetic commutes with turning the table by ``c`` seats."""
    t0 = time.perf_counter()
    s, c, d, k = z3.Ints("s c d k")
    skips, flips, draws = z3.Ints("skips flips draws")
    guilty, skipped = z3.Bools("guilty skipped")
    w = z3.Int("w")
    turn = lambda x: (x + c) % n  # noqa: E731
    hyps = [_seat(s, n), _seat(c, n), _seat(w, n), z3.Or(d == 1, d == -1), k >= 0]
    hyps += [skips >= 0, flips >= 0, draws >= 0]
    ite = z3.If
    a1, d1, v1 = ar.advance_after(turn(s), d, n, skips, flips, draws, ite)
    a0, d0, v0 = ar.advance_after(s, d, n, skips, flips, draws, ite)
    x1, y1, z1 = ar.challenge_outcome(guilty, turn(s), turn(w), d, n, skipped, ite)
    x0, y0, z0 = ar.challenge_outcome(guilty, s, w, d, n, skipped, ite)
    goals = [
        ar.next_seat(turn(s), d, n, k) == turn(ar.next_seat(s, d, n, k)),
        ar.skip_victim(turn(s), d, n) == turn(ar.skip_victim(s, d, n)),
        a1 == turn(a0),
        d1 == d0,
        v1 == z3.If(v0 == arithmetic.NO_VICTIM, v0, turn(v0)),
        z3.If(v0 == arithmetic.NO_VICTIM, v1 == v0, True),
        x1 == turn(x0),
        y1 == y0,
        z1 == turn(z0),
    ]
    goals.append(ar.rotation_target(turn(s), d, n) == turn(ar.rotation_target(s, d, n)))
    for kind in (arithmetic.NUMBER, arithmetic.SKIP, arithmetic.REVERSE, arithmetic.DRAW_TWO):
        f1, e1, v1 = ar.starter_effect(turn(s), n, kind, ite)
        f0, e0, v0 = ar.starter_effect(s, n, kind, ite)
        goals += [f1 == turn(f0), e1 == e0, v1 == z3.If(v0 == arithmetic.NO_VICTIM, v0, turn(v0))]
    if n % 2 == 0:
        goals.append(ar.partner_seat(turn(s), n) == turn(ar.partner_seat(s, n)))
    ok = _unsat(hyps, z3.And(goals))
    return ok, time.perf_counter() - t0


def missed_turns(n: int, ar: ModuleType = arithmetic) -> tuple[bool, float]:
    """V-UNO-PENALTY-LOSE-TURN as the rule says it, for the turn handed to seat 0 (its
    seat arithmetic is the rotation-invariant offsets ``(s - seat) * direction % n``)."""
    t0 = time.perf_counter()
    s, d = 0, z3.Int("d")
    m = [z3.Int(f"m{i}") for i in range(n)]
    hyps = [z3.Or(d == 1, d == -1)] + [x >= 0 for x in m]
    to_act, after = ar.pass_missed_turns(s, d, n, m, z3.If)
    owes = m[s]
    alone = z3.Sum(m) <= 1
    goal = z3.And(
        [_seat(to_act, n)]
        + [x >= 0 for x in after]
        + [z3.Sum(after) <= z3.Sum(m)]
        + [
            z3.Implies(
                owes == 0, z3.And([to_act == s] + [a == b for a, b in zip(after, m, strict=True)])
            )
        ]
        + [z3.Implies(z3.And(alone, owes == 1), z3.And(to_act == (s + d) % n, z3.Sum(after) == 0))]
    )
    return _unsat(hyps, goal), time.perf_counter() - t0


def _pick(values: list[Any], seat: Any) -> Any:
    return z3.Sum([z3.If(seat == s, v, 0) for s, v in enumerate(values)])


def dealers(n: int, ar: ModuleType = arithmetic) -> tuple[bool, float]:
    """DEALER-SELECTION, P-DEALER-TIE and P-NEXT-DEALER for ``n`` players (see the module
    docstring)."""
    t0 = time.perf_counter()
    values = [z3.Int(f"v{s}") for s in range(n)]
    best, tied = ar.dealer_draw_result(values, z3.If)
    draw_hyps = [z3.And(v >= 0, v <= 9) for v in values]
    marked = z3.Sum(tied)
    draw_goal = z3.And(
        [marked >= 1]
        + [z3.Or(t == 0, t == 1) for t in tied]
        + [z3.Implies(tied[s] == 1, values[s] == best) for s in range(n)]
        + [values[s] <= best for s in range(n)]
        + [
            z3.Implies(
                z3.And(marked == 1, tied[s] == 1),
                z3.And([values[o] < values[s] for o in range(n) if o != s]),
            )
            for s in range(n)
        ]
    )
    ok = _unsat(draw_hyps, draw_goal)

    winner = z3.Int("winner")
    to_winner, void = z3.Bools("to_winner void")
    out = [z3.Int(f"out{s}") for s in range(n)]
    base = [winner >= -1, winner < n, z3.Or([o == 0 for o in out])]
    base += [z3.Or(o == 0, o == 1) for o in out]
    winner_in = z3.And(winner >= 0, _pick(out, winner) == 0)
    for dealer in range(n):  # each dealer in turn: the seat offsets are then plain numbers
        nxt = ar.next_dealer(dealer, n, out, winner, to_winner, void, z3.If)
        offset = (nxt - dealer) % n
        dealer_in = out[dealer] == 0
        stays, to_the_winner = z3.And(void, dealer_in), z3.And(z3.Not(void), to_winner, winner_in)
        clockwise = z3.Not(z3.Or(stays, to_the_winner))
        goal = z3.And(
            [
                _seat(nxt, n),
                _pick(out, nxt) == 0,
                z3.Implies(stays, nxt == dealer),
                z3.Implies(to_the_winner, nxt == winner),
                z3.Implies(z3.And(clockwise, z3.Sum(out) == 0), nxt == (dealer + 1) % n),
                z3.Implies(z3.And(clockwise, z3.Sum(out) < n - 1), offset != 0),
            ]
            + [
                z3.Implies(z3.And(clockwise, k < offset), out[(dealer + k) % n] == 1)
                for k in range(1, n)
            ]
        )
        ok = ok and _unsat(base, goal)
    return ok, time.perf_counter() - t0
