"""The arithmetic heart of a transition, written once for the engine and the prover.

Every function here works unchanged on Python integers (the reference engine calls
them) and on Z3 terms (the prover calls them with Z3 expressions). To make that
possible they use only ``+ - * %`` and comparisons, and take the conditional as a
parameter ``ite`` (``ite(cond, a, b)``): the engine passes :func:`py_ite`, the prover
passes ``z3.If``. This module imports nothing but the standard library.

Seats are numbered ``0 .. players-1`` clockwise; ``direction`` is ``+1`` (clockwise)
or ``-1``.

>>> next_seat(3, 1, 4)
0
>>> after_card(seat=1, direction=1, players=4, kind=SKIP)   # skips seat 2
(3, 1, -1)
>>> after_card(seat=0, direction=1, players=2, kind=REVERSE)  # acts as a skip
(0, -1, -1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# Card kinds as small integers, so that a Z3 term can stand for "some kind of card".
NUMBER, SKIP, REVERSE, DRAW_TWO, WILD, WILD_DRAW_FOUR = range(6)
NO_VICTIM = -1


def py_ite(cond: Any, a: Any, b: Any) -> Any:
    """The conditional for plain Python values."""
    return a if cond else b


def next_seat(seat: Any, direction: Any, players: Any, steps: Any = 1) -> Any:
    """TURN-ADVANCE: the seat ``steps`` places from ``seat`` in ``direction``."""
    return (seat + direction * steps) % players


def draw_penalty(kind: Any, ite: Callable[..., Any] = py_ite) -> Any:
    """DRAW-TWO-EFFECT / WD4-EFFECT: cards the next player must draw for a card of ``kind``."""
    return ite(kind == DRAW_TWO, 2, ite(kind == WILD_DRAW_FOUR, 4, 0))


def advance_after(
    seat: Any,
    direction: Any,
    players: Any,
    skips: Any,
    flips: Any,
    draws: Any,
    ite: Callable[..., Any] = py_ite,
) -> tuple[Any, Any, Any]:
    """Who acts after ``seat`` ends a turn: ``(to_act, direction, victim)``.

    ``skips`` seats are passed over (SKIP-EFFECT), the direction flips when ``flips`` is
    odd (REVERSE-EFFECT), and when ``draws`` > 0 the next seat is the victim who draws
    and loses the turn (DRAW-TWO-EFFECT, WD4-EFFECT). With two players a reverse acts as
    a skip (REVERSE-TWO-PLAYER), so every skip, reverse or draw gives the player another
    turn (TWO-PLAYER-SKIP, TWO-PLAYER-DRAW). No more than the other ``players - 1``
    seats are ever passed over. ``victim`` is ``NO_VICTIM`` when nobody draws.
    """
    new_dir = ite(flips % 2 == 1, -direction, direction)
    lost = skips + ite(draws > 0, 1, 0) + ite(players == 2, flips, 0)
    lost = ite(lost > players - 1, players - 1, lost)
    victim = ite(draws > 0, next_seat(seat, new_dir, players), NO_VICTIM)
    return next_seat(seat, new_dir, players, 1 + lost), new_dir, victim


def after_card(
    seat: Any, direction: Any, players: Any, kind: Any, ite: Callable[..., Any] = py_ite
) -> tuple[Any, Any, Any]:
    """:func:`advance_after` for a single card of ``kind``: ``(to_act, direction, victim)``.

    NUMBER and WILD pass the turn on; SKIP passes over one seat; REVERSE flips the
    direction; DRAW_TWO and WILD_DRAW_FOUR make the next seat draw and lose its turn.
    """
    return advance_after(
        seat,
        direction,
        players,
        ite(kind == SKIP, 1, 0),
        ite(kind == REVERSE, 1, 0),
        draw_penalty(kind, ite),
        ite,
    )


def starter_effect(
    dealer: Any, players: Any, kind: Any, ite: Callable[..., Any] = py_ite
) -> tuple[Any, Any, Any]:
    """FIRST-CARD-*: ``(first to act, direction, victim)`` after a starter of ``kind``.

    Play starts clockwise from the dealer, so a starter acts as though the dealer had laid
    it (:func:`after_card`): the dealer's left begins after a number or a Wild (they name
    the colour first), a Skip passes over them, a Draw Two makes them draw and lose the
    turn. A Reverse is the exception: the dealer begins, counter-clockwise. (A Wild Draw
    Four starter is returned, not played.)

    >>> starter_effect(3, 4, SKIP)      # seat 0 is skipped
    (1, 1, -1)
    >>> starter_effect(3, 4, REVERSE)   # the dealer begins
    (3, -1, -1)
    >>> starter_effect(1, 2, DRAW_TWO)  # seat 0 draws, the dealer begins
    (1, 1, 0)
    """
    to_act, direction, victim = after_card(dealer, 1, players, kind, ite)
    return ite(kind == REVERSE, dealer, to_act), direction, victim


def skip_victim(victim: Any, direction: Any, players: Any) -> Any:
    """The seat that acts after a penalty victim who loses the turn."""
    return next_seat(victim, direction, players)


def challenge_outcome(
    guilty: Any,
    challenger: Any,
    wd4_player: Any,
    direction: Any,
    players: Any,
    skipped_if_guilty: Any = False,
    ite: Callable[..., Any] = py_ite,
) -> tuple[Any, Any, Any]:
    """WD4-CHALLENGE-GUILTY / WD4-CHALLENGE-INNOCENT: ``(who draws, how many, to_act)``.

    Guilty: the Wild Draw Four's player draws 4 and the challenger plays now (unless the
    profile skips the challenger anyway). Innocent: the challenger draws 6 and loses the turn.
    """
    drawer = ite(guilty, wd4_player, challenger)
    count = ite(guilty, 4, 6)
    lose = ite(guilty, skipped_if_guilty, True)
    to_act = ite(lose, next_seat(challenger, direction, players), challenger)
    return drawer, count, to_act


def card_value(kind: Any, number: Any = 0, ite: Callable[..., Any] = py_ite) -> Any:
    """SCORE-VALUES: the face value of a number card, 20 for an action card, 50 for a wild."""
    return ite(kind == NUMBER, number, ite(kind == WILD, 50, ite(kind == WILD_DRAW_FOUR, 50, 20)))


def hand_points(counts: dict[Any, Any], values: dict[Any, int]) -> Any:
    """Points in a hand given per-card-kind ``counts`` and each kind's value."""
    total: Any = 0
    for kind, n in counts.items():
        total = total + n * values[kind]
    return total


def move_cards(src: Any, dst: Any, n: Any) -> tuple[Any, Any]:
    """Card movement as a per-kind count change: ``n`` copies go from ``src`` to ``dst``."""
    return src - n, dst + n


def group_effect(
    skips: Any,
    reverses: Any,
    draw_total: Any,
    last_draw: Any,
    single_flip: Any = False,
    draw_sum: Any = True,
    ite: Callable[..., Any] = py_ite,
) -> tuple[Any, Any, Any]:
    """V-CUMULATIVE-EFFECT: ``(skips, flips, draws)`` of several cards laid in one turn.

    ``skips`` Skips and ``reverses`` Reverses were laid; ``draw_total`` is what all their
    draw cards add up to and ``last_draw`` what the card laid last makes the victim draw.
    Every Reverse flips (or, with ``single_flip``, any number flip once); the victim draws
    the sum (``draw_sum``) or only the last card's amount. Feed the result to
    :func:`advance_after`.

    >>> group_effect(2, 3, 6, 4)
    (2, 3, 6)
    >>> group_effect(0, 3, 6, 4, single_flip=True, draw_sum=False)
    (0, 1, 4)
    """
    flips = ite(single_flip, ite(reverses > 0, 1, 0), reverses)
    return skips, flips, ite(draw_sum, draw_total, last_draw)


def partner_seat(seat: Any, players: int) -> Any:
    """V-TEAM: the partner sits opposite, ``players // 2`` seats on (``players`` is even).

    >>> [partner_seat(s, 6) for s in range(6)]
    [3, 4, 5, 0, 1, 2]
    """
    return (seat + players // 2) % players


def rotation_block(round_no: Any, ite: Callable[..., Any] = py_ite) -> Any:
    """V-EXT-PARTNER-ROTATION: the block of four rounds ``round_no`` (1-12) belongs to (0-2)."""
    return ite(round_no <= 4, 0, ite(round_no <= 8, 1, 2))


def rotating_partner(seat: Any, block: Any, ite: Callable[..., Any] = py_ite) -> Any:
    """V-EXT-PARTNER-ROTATION (four players): ``seat``'s partner in ``block``: opposite
    (seat + 2), then the neighbour that makes pairs 0-1 and 2-3, then the one that makes
    0-3 and 1-2.

    >>> [[rotating_partner(s, b) for s in range(4)] for b in range(3)]
    [[2, 3, 0, 1], [1, 0, 3, 2], [3, 2, 1, 0]]
    """
    return ite(block == 0, (seat + 2) % 4, ite(block == 1, seat + 1 - 2 * (seat % 2), 3 - seat))


def rotation_target(seat: Any, direction: Any, players: Any) -> Any:
    """V-SEVEN-ZERO (zero_rotate): the seat that receives ``seat``'s hand when a 0 passes
    every hand one seat on in the direction of play.

    >>> [rotation_target(s, -1, 4) for s in range(4)]
    [3, 0, 1, 2]
    """
    return next_seat(seat, direction, players)


def pass_missed_turns(
    seat: Any,
    direction: Any,
    players: int,
    missed: list[Any],
    ite: Callable[..., Any] = py_ite,
    limit: int = 4,
) -> tuple[Any, list[Any]]:
    """V-UNO-PENALTY-LOSE-TURN: who takes a turn handed to ``seat``, and the missed turns
    owed afterwards: ``(to_act, missed)``.

    Walking on from ``seat`` one seat at a time in ``direction``, a seat that still owes a
    missed turn (``missed[s] > 0``) loses this one (its count drops by one) and the turn
    moves on; the first seat that owes none takes it. At most ``limit * players`` turns are
    passed over. Seat ``s`` is reached after ``(s - seat) * direction % players`` steps and
    again every ``players`` steps, so the walk stops after
    ``min(limit * players, min over s of (that offset + players * missed[s]))`` steps.

    >>> pass_missed_turns(1, 1, 4, [0, 1, 0, 0])     # seat 1 loses the turn to seat 2
    (2, [0, 0, 0, 0])
    >>> pass_missed_turns(0, -1, 3, [2, 0, 1])       # 0 and 2 pass, 1 plays
    (1, [1, 0, 0])
    >>> pass_missed_turns(0, 1, 2, [2, 1])           # 0, 1, 0 pass; 1 plays
    (1, [0, 0])
    """
    n = players
    stop: Any = limit * n
    offsets = [(s - seat) * direction % n for s in range(n)]
    for s in range(n):
        at = offsets[s] + n * missed[s]
        stop = ite(at < stop, at, stop)
    after = []
    for s in range(n):
        passed: Any = 0
        for k in range(limit):
            passed = passed + ite(offsets[s] + k * n < stop, 1, 0)
        after.append(missed[s] - passed)
    return next_seat(seat, direction, n, stop), after


def _at(values: list[Any], seat: Any, ite: Callable[..., Any]) -> Any:
    """``values[seat]`` for a seat that may be a Z3 term."""
    total: Any = 0
    for s, v in enumerate(values):
        total = total + ite(seat == s, v, 0)
    return total


def dealer_draw_result(
    values: list[Any], ite: Callable[..., Any] = py_ite
) -> tuple[Any, list[Any]]:
    """DEALER-SELECTION, P-DEALER-TIE: ``(best, tied)`` for the values of the cards the
    drawing seats turned up (a number card counts its number, any other card 0): the
    highest value, and per drawing seat 1 if it turned up that value, else 0. One seat
    marked deals; several marked seats draw again, only they.

    >>> dealer_draw_result([3, 9, 0, 9])
    (9, [0, 1, 0, 1])
    """
    best: Any = values[0]
    for v in values[1:]:
        best = ite(v > best, v, best)
    return best, [ite(v == best, 1, 0) for v in values]


def next_dealer(
    dealer: Any,
    players: int,
    out: list[Any],
    winner: Any,
    to_winner: Any,
    void: Any,
    ite: Callable[..., Any] = py_ite,
) -> Any:
    """P-NEXT-DEALER: who deals the round after one dealt by ``dealer``.

    ``out[s]`` is 1 for a seat no longer playing (V-ALT-SCORING-LOSER-500 eliminates);
    ``winner`` won the round just ended (-1 for none); ``to_winner`` is the option
    ``previous_round_winner``; ``void`` marks a void round (P-STALEMATE). After a void round
    the same dealer deals again. After a round that was won, under ``to_winner``, the winner
    deals if still playing; in every other case the deal passes clockwise to the first seat
    still playing.

    >>> next_dealer(3, 4, [0, 0, 0, 0], 1, False, False)   # clockwise, round the table
    0
    >>> next_dealer(0, 4, [0, 1, 0, 0], -1, False, False)  # seat 1 is out
    2
    >>> next_dealer(0, 4, [0, 0, 0, 0], 2, True, False)    # the winner deals
    2
    >>> next_dealer(0, 4, [0, 0, 0, 0], 2, True, True)     # a void round: same dealer
    0
    """
    clockwise: Any = dealer  # nobody else playing: the deal stays
    for k in range(players - 1, 0, -1):
        seat = (dealer + k) % players
        clockwise = ite(_at(out, seat, ite) == 0, seat, clockwise)
    stays = ite(void, _at(out, dealer, ite) == 0, False)
    winner_in = ite(winner >= 0, _at(out, winner, ite) == 0, False)
    to_the_winner = ite(void, False, ite(to_winner, winner_in, False))
    return ite(stays, dealer, ite(to_the_winner, winner, clockwise))
