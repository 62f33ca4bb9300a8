"""What the harness compares between the reference and a program, and how.

Only the observable core of a position is compared (the fields below, and of the
chance input it waits for, its type and the seats of a dealer draw); how a program
keeps its pending obligations internally is its own business. Hands are compared as
multisets (the order of cards in a hand carries no meaning); the draw and discard piles
in order. A field the program leaves out of ``observe`` is not compared (and is listed
as unobserved in the report).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable
from typing import Any

OBSERVED_FIELDS = (
    "players",
    "phase",
    "to_act",
    "direction",
    "dealer",
    "colour",
    "hands",
    "draw_pile",
    "discard_pile",
    "uno",
    "scores",
    "round",
    "winner",
)


def canonical_action(a: dict[str, Any]) -> Hashable:
    """A key equal for two actions exactly when they are the same action (a ``false`` flag
    is the same as no flag; ``1`` and ``true`` differ, as they do in JSON)."""
    key = tuple(sorted((k, type(v).__name__, v) for k, v in a.items() if v is not False))
    try:
        hash(key)
    except TypeError:  # a list or an object where a program should send a plain value
        return json.dumps({k: v for k, v in a.items() if v is not False}, sort_keys=True)
    return key


def diff_actions(
    expected: list[dict[str, Any]], actual: list[dict[str, Any]]
) -> tuple[list[dict], list[dict]]:
    """``(missing, extra)``: legal actions the program lacks, and ones it wrongly offers."""
    exp = {canonical_action(a): a for a in expected}
    act = {canonical_action(a): a for a in actual}
    return [exp[k] for k in exp if k not in act], [act[k] for k in act if k not in exp]


def chance_view(c: Any) -> Any:
    """What is compared of the chance input a position waits for: its type, and for the
    dealer draw the seats that draw (the cards a shuffle or deal will hold are the
    harness's to choose)."""
    if not isinstance(c, dict):
        return c
    view = {"type": c.get("type")}
    if c.get("type") == "dealer_draw":
        view["seats"] = c.get("seats")
    return view


def diff_positions(
    expected: dict[str, Any], actual: dict[str, Any], pile_order: bool = True
) -> list[tuple[str, Any, Any]]:
    """``[(field pointer, expected, actual)]`` over the observed fields the program reports.

    While a shuffle is due, the pile about to be shuffled has no order yet: the draw pile
    is then compared as a multiset; so it is throughout without ``pile_order`` (a program
    that shuffles with its own generator: its order is its own)."""
    out = []
    if "chance" in actual and chance_view(expected.get("chance")) != chance_view(actual["chance"]):
        out.append(("/chance", chance_view(expected.get("chance")), chance_view(actual["chance"])))
    shuffling = not pile_order or (expected.get("chance") or {}).get("type") == "shuffle"
    for name in OBSERVED_FIELDS:
        if name not in actual:
            continue
        e, a = expected.get(name), actual.get(name)
        if shuffling and name == "draw_pile" and isinstance(a, list):
            if Counter(e) != Counter(a):
                out.append(("/draw_pile", sorted(e), sorted(a)))
            continue
        if name == "hands" and isinstance(a, list) and isinstance(e, list):
            if len(a) != len(e):
                out.append(("/hands", e, a))
                continue
            for i, (he, ha) in enumerate(zip(e, a, strict=True)):
                if he == ha:
                    continue
                if not isinstance(ha, list) or Counter(he) != Counter(ha):
                    out.append(
                        (f"/hands/{i}", sorted(he), sorted(ha) if isinstance(ha, list) else ha)
                    )
        elif e != a:
            out.append((f"/{name}", e, a))
    return out
