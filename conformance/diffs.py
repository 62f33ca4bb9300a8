"""Differences between what the reference expected and what a program did, as data.

A report shows a difference, not two dumps: a hand is a multiset (what is missing, what
is extra), a pile is a sequence (where it first differs and the edits), a legal-action set
is what is missing and what is extra, an object is the list of fields that differ.

>>> multiset_diff(["R1", "R1", "G5"], ["R1", "B7", "G5"])
{'kind': 'multiset', 'missing': ['R1'], 'extra': ['B7']}
>>> list_diff(["R1", "G5", "B7"], ["R1", "B7"])["edits"]
[{'op': 'delete', 'at': 1, 'expected': ['G5'], 'actual': []}]
"""

from __future__ import annotations

import json
import re
from collections import Counter
from difflib import SequenceMatcher
from typing import Any

MULTISET_FIELDS = re.compile(r"^/hands/\d+$")  # the order of a hand carries no meaning
ACTION_SET_FIELDS = ("/legal_actions",)
MAX_EDITS = 20  # the edits of a list diff shown; the full lists stay in the report


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def multiset_diff(expected: list[Any], actual: list[Any]) -> dict[str, Any]:
    """What ``actual`` lacks and what it has too many of, ignoring order."""
    exp, act = Counter(map(_key, expected)), Counter(map(_key, actual))
    return {
        "kind": "multiset",
        "missing": [json.loads(k) for k in sorted((exp - act).elements())],
        "extra": [json.loads(k) for k in sorted((act - exp).elements())],
    }


def list_diff(expected: list[Any], actual: list[Any]) -> dict[str, Any]:
    """Where two sequences first differ, and the edits that turn ``expected`` into ``actual``."""
    a, b = [_key(v) for v in expected], [_key(v) for v in actual]
    edits = [
        {"op": op, "at": i1, "expected": expected[i1:i2], "actual": actual[j1:j2]}
        for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if op != "equal"
    ]
    first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
    if first is None and len(a) != len(b):
        first = min(len(a), len(b))
    return {
        "kind": "list",
        "first_difference": first,
        "expected_length": len(expected),
        "actual_length": len(actual),
        "edits": edits[:MAX_EDITS],
        "more_edits": max(0, len(edits) - MAX_EDITS),
    }


def object_diff(expected: dict[str, Any], actual: dict[str, Any], at: str = "") -> list[dict]:
    """``[{field, expected, actual}]`` for every leaf that differs (JSON pointers)."""
    out: list[dict[str, Any]] = []
    for k in sorted(set(expected) | set(actual), key=str):
        e, a = expected.get(k), actual.get(k)
        here = f"{at}/{k}"
        if isinstance(e, dict) and isinstance(a, dict):
            out += object_diff(e, a, here)
        elif _key(e) != _key(a):
            out.append({"field": here, "expected": e, "actual": a})
    return out


def value_diff(field: str | None, expected: Any, actual: Any) -> dict[str, Any] | None:
    """The difference between an expected and an actual value of ``field``, or ``None``
    where the two values say it plainly (scalars, one side missing)."""
    if field in ACTION_SET_FIELDS:
        # the harness already reduced the sets: expected = missing actions, actual = extra
        return {"kind": "actions", "missing": expected or [], "extra": actual or []}
    if isinstance(expected, list) and isinstance(actual, list):
        if field and MULTISET_FIELDS.match(field):
            return multiset_diff(expected, actual)
        if field == "/hands" and len(expected) == len(actual):
            seats = {
                str(i): multiset_diff(e, a)
                for i, (e, a) in enumerate(zip(expected, actual, strict=True))
                if isinstance(e, list) and isinstance(a, list) and _key(e) != _key(a)
            }
            return {"kind": "per_seat", "seats": seats}
        return list_diff(expected, actual)
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {"kind": "object", "fields": object_diff(expected, actual)}
    return None


# -- in words, for the Markdown summary, JUnit failures and workflow annotations ---------------


def show(value: Any) -> str:
    """A value as a reader wants it: cards in notation (``R7 WD4``), everything else JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return " ".join(value)
    if value == []:
        return "nothing"
    return json.dumps(value, ensure_ascii=False, default=str)


def describe(diff: dict[str, Any]) -> str:
    """One line for a :func:`value_diff`."""
    kind = diff["kind"]
    if kind in ("multiset", "actions"):
        parts = [f"{k} {show(diff[k])}" for k in ("missing", "extra") if diff[k]]
        return "; ".join(parts) or "the same items in another order"
    if kind == "per_seat":
        return "; ".join(f"seat {s}: {describe(d)}" for s, d in diff["seats"].items())
    if kind == "object":
        return "; ".join(
            f"{d['field']}: expected {show(d['expected'])}, got {show(d['actual'])}"
            for d in diff["fields"]
        )
    edits = "; ".join(
        f"at {e['at']} {e['op']} {show(e['expected'])}"
        + (f" by {show(e['actual'])}" if e["op"] == "replace" else "")
        if e["op"] != "insert"
        else f"at {e['at']} insert {show(e['actual'])}"
        for e in diff["edits"]
    )
    more = f" (and {diff['more_edits']} more edits)" if diff["more_edits"] else ""
    return (
        f"first differs at index {diff['first_difference']} "
        f"({diff['expected_length']} expected, {diff['actual_length']} got): {edits}{more}"
    )
