"""Seeded chance inputs: a convenience that turns a seed into dealer draws, deals and shuffles.

A game is determined by its chance inputs, not by the seed; the seed only produces
them. Uses :class:`random.Random` with an explicit seed, so it is deterministic.
"""

from __future__ import annotations

import random
from typing import Any

from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.spec.cards import CANONICAL_DECK


def chance_action(pos: Position, rng: random.Random) -> dict[str, Any]:
    """A chance input for the chance node ``pos`` waits at, drawn with ``rng``."""
    need = pos.chance
    if need is None:
        raise ValueError("the position does not wait for a chance input")
    kind = need["type"]
    if kind == "dealer_draw":
        return {"type": "dealer_draw", "cards": rng.sample(CANONICAL_DECK, len(need["seats"]))}
    if kind == "deal":
        deck = list(CANONICAL_DECK)
        rng.shuffle(deck)
        return deal_round_robin(deck, need["seats"], pos.players, need["hand_size"])
    order = list(need["cards"])
    rng.shuffle(order)
    return {"type": "shuffle", "order": order}


@implements("P-DEAL-ORDER")
def deal_round_robin(
    deck: list[str], seats: list[int], players: int, hand_size: int = 7
) -> dict[str, Any]:
    """Deal a shuffled deck one card at a time, round-robin, from the dealer's left
    (``seats`` in dealing order); the next card is the starter and the rest the draw pile.
    The result names every hand explicitly, so an implementation that deals in blocks
    can be driven by it all the same."""
    hands: list[list[str]] = [[] for _ in range(players)]
    i = 0
    for _ in range(hand_size):
        for s in seats:
            hands[s].append(deck[i])
            i += 1
    return {"type": "deal", "hands": hands, "starter": deck[i], "draw_pile": deck[i + 1 :]}
