"""UNO perft: the number of action sequences of a given depth from a position.

As in chess perft, the count is the number of leaf nodes of the legal-action tree at
``depth`` plies, where every seat action (catches, calls and challenges included) is a
ply. Chance inputs are not plies: a reshuffle or deal met on the way is resolved by the
*canonical chance* (cards in canonical order), so the count is a property of the
position alone and any engine can reproduce it. ``divide`` splits the count by first action.
"""

from __future__ import annotations

import json
from typing import Any

from unospec.reference import apply, dump, legal_actions, load
from unospec.reference.chance import deal_round_robin
from unospec.reference.position import Position
from unospec.spec.cards import CANONICAL_DECK, KINDS
from unospec.spec.resources import PERFT_CORPUS


def canonical_chance(need: dict[str, Any], players: int) -> dict[str, Any]:
    """The chance input perft uses: the deck (or the cards to shuffle) in canonical order."""
    if need["type"] == "dealer_draw":
        return {"type": "dealer_draw", "cards": list(CANONICAL_DECK[: len(need["seats"])])}
    if need["type"] == "deal":
        return deal_round_robin(list(CANONICAL_DECK), need["seats"], players, need["hand_size"])
    order = sorted(need["cards"], key=KINDS.index)
    return {"type": "shuffle", "order": order}


def _settle_chance(pos: Position) -> Position:
    while pos.chance is not None:
        pos, _ = apply(pos, canonical_chance(pos.chance, pos.players))
    return pos


def perft(pos: Position, depth: int) -> int:
    pos = _settle_chance(pos)
    if depth == 0:
        return 1
    acts = legal_actions(pos)
    if depth == 1:
        return len(acts)
    return sum(perft(apply(pos, a)[0], depth - 1) for a in acts)


def divide(pos: Position, depth: int) -> list[tuple[dict[str, Any], int]]:
    pos = _settle_chance(pos)
    return [(a, perft(apply(pos, a)[0], depth - 1)) for a in legal_actions(pos)]


class RefusedOwnAction(Exception):
    """The program refused an action from its own legal set: the tree cannot be counted."""

    def __init__(self, path: list[dict[str, Any]], action: dict[str, Any], error: Any) -> None:
        self.path, self.action, self.error = path, action, error
        super().__init__(
            f"the program refused {json.dumps(action)}, an action of its own legal set, after "
            f"{json.dumps(path)}: {json.dumps(error)}"
        )


def perft_port(port: Any, position: dict[str, Any], depth: int) -> int:
    """The same count through an engine port (needs ``load``): every node is reached by
    loading the root and replaying the path, so the program's own state is all that counts."""
    return 1 if depth == 0 else _port_node(port, position, [], depth)


def divide_port(
    port: Any, position: dict[str, Any], depth: int
) -> list[tuple[dict[str, Any], int]]:
    """:func:`divide` through an engine port: the count below each of the program's first actions."""
    _reach(port, position, [])
    return [
        (a, _port_node(port, position, [a], depth - 1) if depth > 1 else 1)
        for a in _distinct(port.legal_actions())
    ]


def _port_node(port: Any, position: dict[str, Any], path: list[dict[str, Any]], depth: int) -> int:
    _reach(port, position, path)
    acts = _distinct(port.legal_actions())
    if depth == 1:
        return len(acts)
    return sum(_port_node(port, position, path + [a], depth - 1) for a in acts)


def _distinct(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions without repeats (a program may list an action twice)."""
    from unospec.compare import canonical_action

    seen: dict[Any, dict[str, Any]] = {}
    for a in actions:
        seen.setdefault(canonical_action(a), a)
    return list(seen.values())


def _reach(port: Any, position: dict[str, Any], path: list[dict[str, Any]]) -> None:
    port.load(position)
    for i, a in enumerate(path):
        _settle_port(port, position["players"])
        outcome = port.apply(a)
        if not outcome.accepted:
            raise RefusedOwnAction(path[:i], a, outcome.error)
    _settle_port(port, position["players"])


def _settle_port(port: Any, players: int) -> None:
    for _ in range(10):
        need = port.observe().get("chance")
        if not isinstance(need, dict):
            return
        port.apply(canonical_chance(need, players))


def compare_divide(
    reference: list[tuple[dict[str, Any], int]], program: list[tuple[dict[str, Any], int]]
) -> list[dict[str, Any]]:
    """The first actions whose counts differ between the reference and a program (an
    action only one of them has counts 0 for the other): ``[{action, reference, program}]``."""
    from unospec.compare import canonical_action

    ref = {canonical_action(a): (a, n) for a, n in reference}
    got = {canonical_action(a): (a, n) for a, n in program}
    out = []
    for key in [*ref, *(k for k in got if k not in ref)]:
        action = (ref.get(key) or got[key])[0]
        want, have = ref.get(key, (None, 0))[1], got.get(key, (None, 0))[1]
        if want != have:
            out.append({"action": action, "reference": want, "program": have})
    return out


def check_partial(data: Any) -> None:
    """Refuse a partial position :func:`~unospec.reference.position.complete` cannot
    complete, naming the field (:class:`~unospec.reference.PositionError`)."""
    from unospec.reference import PositionError
    from unospec.spec.cards import is_card

    if not isinstance(data, dict):
        raise PositionError("", "a position is a JSON object")
    n = data.get("players")
    if type(n) is not int or not 2 <= n <= 10:
        raise PositionError(
            "/players", f"must be an integer from 2 to 10, got {n!r}", "PLAYER-COUNT"
        )
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise PositionError("/hands", f"must hold one hand per seat ({n})")
    piles = [(f"/hands/{i}", h) for i, h in enumerate(hands)]
    piles += [(f"/{k}", data[k]) for k in ("draw_pile", "discard_pile") if k in data]
    for where, pile in piles:
        if not isinstance(pile, list):
            raise PositionError(where, "must be a list of cards")
        for i, c in enumerate(pile):
            if not is_card(c):
                raise PositionError(f"{where}/{i}", f"{c!r} is not a card")
    if "top" in data and not is_card(data["top"]):
        raise PositionError("/top", f"{data['top']!r} is not a card")
    if "direction" in data and data["direction"] not in (1, -1):
        raise PositionError("/direction", f"must be 1 or -1, got {data['direction']!r}")
    to_act = data.get("to_act", 0)
    if to_act is not None and (type(to_act) is not int or not 0 <= to_act < n):
        raise PositionError("/to_act", f"must be a seat from 0 to {n - 1}, got {to_act!r}")


def load_position(data: Any) -> Position:
    """A corpus or command-line position: complete JSON, or partial (completed as in
    scenarios); a reproducer (``{"position": …, "action": …}``) counts from its position.
    Raises :class:`~unospec.reference.PositionError` naming the field."""
    from unospec.reference.position import complete

    if isinstance(data, dict) and "position" in data and set(data) <= {"position", "action"}:
        data = data["position"]
    if isinstance(data, dict) and "draw_pile" in data and "phase" in data:
        return load(data)
    check_partial(data)
    return load(complete(data))


__all__ = ["canonical_chance", "divide", "divide_port", "dump", "perft", "perft_port"]


CORPUS = PERFT_CORPUS


def corpus_positions() -> list[tuple[str, str, Position, tuple[int, ...]]]:
    """The positions of the perft corpus: ``(id, note, position, depths)``."""
    from unospec.reference.position import complete
    from unospec.reference.trace import play

    def partial(data: dict[str, Any]) -> Position:
        return load(complete(data))

    return [
        (
            "start-4p",
            "4 players, a number starter, seat 0 to act",
            partial(
                {
                    "players": 4,
                    "top": "R3",
                    "hands": [
                        ["R5", "G9", "W", "BS", "Y2", "R1", "GD2"],
                        ["B1", "B2", "R7", "G3", "Y8", "BR", "WD4"],
                        ["Y3", "Y4", "G5", "R9", "B6", "GS", "RR"],
                        ["G7", "G8", "B8", "Y0", "R2", "YD2", "W"],
                    ],
                }
            ),
            (1, 2, 3, 4, 5),
        ),
        (
            "two-player-actions",
            "2 players: skip, reverse and draw two give another turn",
            partial(
                {
                    "players": 2,
                    "top": "R6",
                    "hands": [["RS", "RR", "RD2", "G4"], ["B1", "R2", "WD4"]],
                }
            ),
            (1, 2, 3, 4),
        ),
        (
            "uno-window",
            "seat 0 is one card from going out: UNO calls and catches",
            partial(
                {
                    "players": 3,
                    "top": "R3",
                    "hands": [["R5", "R6"], ["B1", "R2", "WD4", "G7"], ["Y3", "Y4", "W"]],
                }
            ),
            (1, 2, 3, 4, 5),
        ),
        (
            "wd4-bluff",
            "a Wild Draw Four while holding the colour: challenge or accept",
            partial(
                {
                    "players": 3,
                    "top": "R3",
                    "hands": [["WD4", "R6", "G1"], ["B1", "R2", "W"], ["Y3", "Y4", "B9"]],
                }
            ),
            (1, 2, 3, 4),
        ),
        (
            "reshuffle",
            "one card left to draw: the next draws reshuffle (canonical chance)",
            partial(
                {
                    "players": 2,
                    "hands": [["B5", "G6", "Y7"], ["Y1", "Y2", "B8"]],
                    "draw_pile": ["G2"],
                    "discard_pile": _rest([["B5", "G6", "Y7"], ["Y1", "Y2", "B8"], ["G2", "R3"]])
                    + ["R3"],
                }
            ),
            (1, 2, 3, 4, 5),
        ),
        (
            "mid-game-3p",
            "from a seeded random game (official, seed 4, 40 actions)",
            play(3, "official", {"V-SINGLE-ROUND": True}, seed=4, max_actions=40).final,
            (1, 2, 3, 4),
        ),
        (
            "sv-5p",
            "sv-unoregler, 5 players (stacking; no special last card)",
            play(5, "sv-unoregler", seed=9, max_actions=25).final,
            (1, 2, 3, 4),
        ),
    ]


def _rest(placed: list[list[str]]) -> list[str]:
    from collections import Counter

    left = Counter(CANONICAL_DECK)
    for cards in placed:
        left.subtract(cards)
    return sorted(left.elements(), key=KINDS.index)


def build_corpus() -> list[dict[str, Any]]:
    """Compute every corpus case with the reference (``spec/perft/corpus.jsonl``)."""
    out = []
    for ident, note, pos, depths in corpus_positions():
        for d in depths:
            out.append(
                {
                    "id": f"{ident}/d{d}",
                    "note": note,
                    "depth": d,
                    "nodes": perft(pos, d),
                    "position": dump(pos),
                }
            )
    return out
