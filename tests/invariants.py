"""Invariants every reachable position must satisfy, checked after every action in random games."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from unospec.reference import IllegalAction, apply, dump, legal_actions
from unospec.reference.engine import SEAT_ACTIONS
from unospec.reference.position import Position
from unospec.spec.cards import DECK_COUNTS, KINDS, POINTS

SEAT_ONLY_ACTIONS = {"uno", "catch"}


def card_counts(pos: Position) -> Counter:
    counts = Counter(pos.draw_pile) + Counter(pos.discard_pile)
    for h in pos.hands:
        counts.update(h)
    return counts


def check(pos: Position, events: list[dict[str, Any]], before: Position | None = None) -> None:
    # card conservation, per card kind
    counts = card_counts(pos)
    for kind in KINDS:
        assert counts[kind] == DECK_COUNTS[kind], (
            f"{kind}: {counts[kind]} copies, deck has {DECK_COUNTS[kind]}"
        )
    assert sum(counts.values()) == 108
    assert pos.direction in (1, -1)
    # exactly one seat to act, and only it takes the phase's decisions
    acts = legal_actions(pos)
    from unospec.reference.engine import _order

    assert acts == sorted(acts, key=_order), "legal actions out of their documented order"
    if pos.chance is None and pos.phase not in ("over",):
        assert pos.to_act is not None and 0 <= pos.to_act < pos.players
        assert not pos.eliminated[pos.to_act]
        deciders = {
            a["seat"] for a in acts if a["type"] not in SEAT_ONLY_ACTIONS and not _jump_in(pos, a)
        }
        assert deciders == {pos.to_act}, (deciders, pos.to_act, pos.phase)
    else:
        assert acts == []
    # a round ends exactly when a hand is empty
    owed = {o["seat"] for o in pos.owed_draws}
    verdict = (pos.pending or {}).get("from") if pos.phase == "cheat" else None
    # empty while a penalty is still owed (a reshuffle pending), or a face-down last card awaits its verdict
    empty = [
        s
        for s, h in enumerate(pos.hands)
        if not h and not pos.eliminated[s] and s not in owed and s != verdict
    ]
    round_over = pos.phase in ("deal", "dealer", "over", "scoring") or (pos.pending or {}).get(
        "final"
    )
    if not round_over:
        assert not empty, f"seat(s) {empty} hold no cards but the round goes on ({pos.phase})"
    won = [e for e in events if e["type"] == "round_won"]
    if won:
        seat = won[0]["seat"]
        if pos.phase in ("scoring", "challenge"):  # still drawing the last card's penalty
            assert pos.hands[seat] == []
        else:
            assert pos.last_round is not None and pos.last_round["winner"] == seat
            assert pos.last_round["hands"][seat] == []
    for e in events:
        if e["type"] == "points_scored" and e["rule"] == "SCORE-WINNER-TAKES":
            hands = pos.last_round["hands"]
            expect = sum(POINTS[c] for s, h in enumerate(hands) if s not in e["team"] for c in h)
            assert e["points"] == expect
        assert "rule" in e and isinstance(e["rule"], str)


def _jump_in(pos: Position, a: dict[str, Any]) -> bool:
    return a["type"] == "play" and pos.phase == "turn" and a["seat"] != pos.to_act


def illegal_candidates(pos: Position, rng: random.Random, k: int = 6) -> list[dict[str, Any]]:
    """Actions near the legal ones (another seat, card, colour, type) that may be illegal."""
    legal = legal_actions(pos)
    out = []
    base = legal or [{"type": "draw", "seat": 0}]
    for _ in range(k):
        a = dict(rng.choice(base))
        what = rng.randrange(5)
        if what == 0:
            a["seat"] = rng.randrange(pos.players)
        elif what == 1:
            a["card"] = rng.choice(KINDS)
            a.setdefault("type", "play")
        elif what == 2:
            a["type"] = rng.choice(SEAT_ACTIONS)
        elif what == 3:
            a["colour"] = rng.choice("RYGBX")
        else:
            a["target"] = rng.randrange(-1, pos.players + 1)
        if a not in legal:
            out.append(a)
    return out


def check_rejections(pos: Position, rng: random.Random) -> None:
    snapshot = dump(pos)
    for bad in illegal_candidates(pos, rng):
        try:
            apply(pos, bad)
        except IllegalAction as e:
            assert e.rule and e.reason
        else:
            raise AssertionError(f"illegal action accepted: {bad}")
        assert dump(pos) == snapshot, "a rejected action changed the position"
