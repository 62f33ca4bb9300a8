"""The dealer arithmetic (DEALER-SELECTION, P-DEALER-TIE, P-NEXT-DEALER): Z3 proves
``lemmas.dealers`` for the real arithmetic and refutes it for deliberately wrong copies;
the arithmetic equals the engine loop it replaced, on every small case."""

from __future__ import annotations

import itertools
import types

import pytest

from unospec.spec import arithmetic as ar
from unospec.spec.prover import lemmas


def wrong(**functions):
    """A copy of ``spec.arithmetic`` with some functions replaced."""
    mod = types.ModuleType("wrong_arithmetic")
    mod.__dict__.update({k: v for k, v in vars(ar).items() if not k.startswith("__")})
    mod.__dict__.update(functions)
    return mod


@pytest.mark.parametrize("players", range(2, 7))
def test_the_dealer_lemmas_hold(players):
    ok, _ = lemmas.dealers(players)
    assert ok


def _ignores_elimination(dealer, players, out, winner, to_winner, void, ite=ar.py_ite):
    return ite(
        void,
        dealer,
        ite(to_winner, ite(winner >= 0, winner, (dealer + 1) % players), (dealer + 1) % players),
    )


def _void_moves_on(dealer, players, out, winner, to_winner, void, ite=ar.py_ite):
    return ar.next_dealer(dealer, players, out, winner, to_winner, False, ite)


def _counter_clockwise(dealer, players, out, winner, to_winner, void, ite=ar.py_ite):
    mirrored = ar.next_dealer(
        (-dealer) % players,
        players,
        [out[-s % players] for s in range(players)],
        ite(winner >= 0, (-winner) % players, winner),
        to_winner,
        void,
        ite,
    )
    return (-mirrored) % players


def _lowest_deals(values, ite=ar.py_ite):
    low = values[0]
    for v in values[1:]:
        low = ite(v < low, v, low)
    return low, [ite(v == low, 1, 0) for v in values]


def _first_highest_only(values, ite=ar.py_ite):
    best, tied = ar.dealer_draw_result(values, ite)
    first = [tied[0]]
    for t in tied[1:]:
        first.append(ite(sum(first) > 0, 0, t))
    return best, first


@pytest.mark.parametrize(
    "mutant",
    [
        {"next_dealer": _ignores_elimination},
        {"next_dealer": _void_moves_on},
        {"next_dealer": _counter_clockwise},
        {"dealer_draw_result": _lowest_deals},
        {"dealer_draw_result": _first_highest_only},
    ],
    ids=[
        "deal to a seat out",
        "void round moves the deal",
        "deal passes right",
        "lowest deals",
        "tie broken by seat",
    ],
)
def test_wrong_dealer_arithmetic_is_refuted(mutant):
    ok, _ = lemmas.dealers(4, wrong(**mutant))
    assert not ok


def _engine_loop(dealer, players, eliminated, winner, to_winner, void):
    """The loop ``scoring.new_round`` used before it called ``arithmetic.next_dealer``."""
    if void and not eliminated[dealer]:
        return dealer
    if not void and to_winner and winner is not None and not eliminated[winner]:
        return winner
    d = dealer
    for _ in range(players):
        d = (d + 1) % players
        if not eliminated[d]:
            break
    return d


def test_next_dealer_is_the_engine_loop():
    for n in (2, 3, 4, 5):
        for out in itertools.product((0, 1), repeat=n):
            if all(out):
                continue
            for dealer, winner, to_winner, void in itertools.product(
                range(n), [None, *range(n)], (False, True), (False, True)
            ):
                got = ar.next_dealer(
                    dealer, n, list(out), -1 if winner is None else winner, to_winner, void
                )
                assert got == _engine_loop(dealer, n, out, winner, to_winner, void)
