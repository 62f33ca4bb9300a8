"""``unospec validate TRACE…``: replay offline traces against the reference.

Exit 0 when every trace is valid, 1 when one breaks a rule, 2 when a file is unusable
(the JSON pointer says what is malformed). A trace passes only when every line is
consumed and every chance input used.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unospec.attribution import rule_for_field
from unospec.compare import diff_positions
from unospec.hidden import SOLVER_SECONDS, validate_hidden
from unospec.protocol import schema_errors
from unospec.reference import IllegalAction, apply, dump, new_game
from unospec.reference.position import Position
from unospec.spec.cards import is_card
from unospec.verdict import UNUSABLE, VALID, VIOLATION, Verdict, refused
from unospec.verdict import citations as _citations


def validate_lines(
    lines: list[str], path: str = "<trace>", solver_seconds: float | None = None
) -> Verdict:
    """The verdict on one trace. ``solver_seconds`` bounds Z3 on a trace with unknown
    cards (default :data:`unospec.hidden.SOLVER_SECONDS`)."""

    def unusable(line: int, pointer: str, message: str) -> Verdict:
        return Verdict(path, UNUSABLE, message, line, pointer)

    if not lines or not lines[0].strip():
        return unusable(1, "", "the trace is empty: the first line must be the header")
    records = []
    for i, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            rec = json.loads(text)
        except json.JSONDecodeError as e:
            return unusable(
                i,
                "",
                f"not JSON: {e.msg} at column {e.colno}"
                + (" (truncated line?)" if i == len(lines) else ""),
            )
        if records:
            errors = [] if _plain_line(rec) else schema_errors("trace:line", rec)
        else:
            errors = header_errors(rec)
        if errors:
            pointer, _, msg = errors[0].partition(": ")
            if pointer == "/action/card" and _face_down_unknown(rec):
                msg = (
                    "a card laid face down (V-CHEAT) cannot be unknown: the trace format has "
                    "no null for it (what an accusation reveals, and a card taken back, depend "
                    "on it); report the card"
                )
            return unusable(i, pointer, msg)
        records.append((i, rec))
    header = records[0][1]
    if "chance" not in header:
        return validate_hidden(
            header, records[1:], path, SOLVER_SECONDS if solver_seconds is None else solver_seconds
        )
    try:
        pos = new_game(header["players"], header["profile"], header.get("options") or {})
    except IllegalAction as e:
        return Verdict(path, VIOLATION, e.reason, 1, "/players", e.rule, _citations(e.rule))
    except Exception as e:
        return unusable(1, "/profile", str(e))
    chance = header["chance"]
    used = 0
    actions = 0

    def feed(line_no: int) -> Verdict | None:
        nonlocal pos, used
        while pos.chance is not None:
            if used >= len(chance):
                return Verdict(
                    path,
                    VIOLATION,
                    f"the game needs a chance input ({pos.chance['type']}) but the header has no more",
                    line_no,
                    "/chance",
                    None,
                )
            try:
                pos, _ = apply(pos, chance[used])
            except IllegalAction as e:
                return Verdict(
                    path,
                    VIOLATION,
                    e.reason,
                    1,
                    f"/chance/{used}{e.field}",
                    e.rule,
                    _citations(e.rule),
                    reproducer={"position": dump(pos), "action": chance[used]},
                )
            used += 1
        return None

    for line_no, rec in records[1:]:
        if (bad := feed(line_no)) is not None:
            return bad
        action = rec["action"]
        # a refused action changes nothing; the position before is kept (copied) only when
        # the line reports an observed position, whose difference needs it as a reproducer
        observed = "observed" in rec
        before: Position = pos
        try:
            pos, events = apply(pos, action, in_place=not observed)
        except IllegalAction as e:
            return refused(path, e, line_no, before, action, actions)
        actions += 1
        if observed and (diffs := diff_positions(dump(pos), rec["observed"])):
            f, exp, act = diffs[0]
            rule = rule_for_field(f, events)
            return Verdict(
                path,
                VIOLATION,
                f"the observed position differs at {f}",
                line_no,
                f"/observed{f}",
                rule,
                _citations(rule),
                exp,
                act,
                {"position": dump(before), "action": action},
                actions,
            )
    if pos.phase != "over" and (bad := feed(len(lines) + 1)) is not None and used < len(chance):
        return bad
    if used != len(chance):
        return Verdict(
            path,
            VIOLATION,
            f"{len(chance) - used} chance input(s) in the header were never used",
            1,
            f"/chance/{used}",
            None,
            actions=actions,
        )
    return Verdict(path, VALID, f"{actions} actions, {used} chance inputs", actions=actions)


def header_errors(header: Any) -> list[str]:
    """Problems of a trace header against its schema, each with its JSON pointer. A match's
    chance list (every deal and shuffle) is long; when its entries have the plain shape
    (:func:`_plain_chance`) they are left out of the (slow) full check of the rest."""
    if isinstance(header, dict) and _plain_chance(header.get("chance")):
        header = {**header, "chance": []}
    return schema_errors("trace:header", header)


_CHANCE_CARDS = {"dealer_draw": ("cards",), "shuffle": ("order",), "deal": ("draw_pile",)}


def _plain_chance(chance: Any) -> bool:
    """Whether every chance input has exactly the shape ``common.schema.json#chanceAction``
    requires (then the schema would find nothing wrong with it); ``False`` sends the list
    to the full check, which names the JSON pointer of the problem."""
    if not isinstance(chance, list):
        return False
    for c in chance:
        if not isinstance(c, dict):
            return False
        kind = c.get("type")
        keys = _CHANCE_CARDS.get(kind)
        if keys is None or c.keys() != {
            "type",
            *keys,
            *(("hands", "starter") if kind == "deal" else ()),
        }:
            return False
        if not all(_cards(c[k]) for k in keys):
            return False
        if kind == "deal":
            hands = c["hands"]
            if not (
                isinstance(hands, list)
                and 2 <= len(hands) <= 10
                and all(_cards(h) for h in hands)
                and type(c["starter"]) is str
                and is_card(c["starter"])
            ):
                return False
    return True


def _cards(xs: Any) -> bool:
    return isinstance(xs, list) and all(type(x) is str and is_card(x) for x in xs)


_LINE_KEYS = {"step", "action", "events", "drawn", "observed"}
_ACTION_KEYS = {"type", "seat", "card", "claim", "uno_out", "colour", "target"}


def _plain_line(rec: Any) -> bool:
    """A fast check that a line has the common shape; anything else gets the full schema check
    (which names the JSON pointer of the problem)."""
    if (
        not isinstance(rec, dict)
        or not rec.keys() <= _LINE_KEYS
        or "drawn" in rec
        or "observed" in rec
    ):
        return False
    a = rec.get("action")
    return (
        isinstance(a, dict)
        and a.keys() <= _ACTION_KEYS
        and isinstance(a.get("type"), str)
        and type(a.get("seat")) is int
        and all(is_card(a[k]) for k in ("card", "claim") if k in a)
        and isinstance(rec.get("events", []), list)
        and (type(rec.get("step", 1)) is int)
    )


def _face_down_unknown(rec: Any) -> bool:
    """A V-CHEAT play (with an announced ``claim``) whose face-down ``card`` is ``null``."""
    a = rec.get("action") if isinstance(rec, dict) else None
    return isinstance(a, dict) and a.get("type") == "play" and "claim" in a and a["card"] is None


def validate_file(path: Path, solver_seconds: float | None = None) -> Verdict:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return Verdict(str(path), UNUSABLE, f"cannot read the file: {e}")
    return validate_lines(text.splitlines(), str(path), solver_seconds)
