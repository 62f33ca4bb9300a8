"""``unospec validate TRACE…``: replay offline traces against the reference.

Exit 0 when every trace is valid, 1 when one breaks a rule, 2 when a file is unusable
(the line and the JSON pointer say what is malformed), 3 when the validator itself fails
on a file. A trace passes only when every line is consumed and every chance input used.

A trace is read as a stream, one line at a time through the bounded JSON reader
(:mod:`unospec.spec.jsonreader`), so a trace of a million lines validates in constant
memory. What makes a line unusable rather than a violation: it is not JSON within the
reader's limits, it does not have the shape of ``trace.schema.json``, or its ``step`` is
not the next number (steps count from 1, one per line). A line that has the shape but
claims what the rules refuse is a violation: an illegal action, an observed position or
``events`` other than the reference's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from unospec.attribution import rule_for_field
from unospec.compare import diff_positions
from unospec.hidden import SOLVER_SECONDS, validate_hidden
from unospec.protocol import schema_errors
from unospec.reference import IllegalAction, apply, dump, new_game
from unospec.reference.engine import SEAT_ACTIONS
from unospec.reference.position import Position
from unospec.spec import jsonreader
from unospec.spec.cards import COLOURS, is_card
from unospec.verdict import (  # noqa: F401 (re-exported)
    ERROR,
    UNUSABLE,
    VALID,
    VIOLATION,
    Verdict,
    _citations,
    citations,
    refused,
)

#: a trace line may be long (a match's header lists every deal), but not unbounded
LIMITS = jsonreader.Limits(line_bytes=64 * 1024 * 1024)
Progress = Callable[[int], None]


class Unusable(Exception):
    """A line that cannot be used: its number, the JSON pointer and what is wrong."""

    def __init__(self, line: int, pointer: str, message: str) -> None:
        self.line, self.pointer, self.message = line, pointer, message
        super().__init__(f"line {line} {pointer}: {message}")


# -- reading ----------------------------------------------------------------------------------


def numbered(lines: Iterable[str | bytes]) -> Iterator[tuple[int, bytes | str | None, int]]:
    """``(number, text, size)`` for lines given as strings or bytes."""
    for i, text in enumerate(lines, 1):
        yield i, text, len(text)


def records(lines: Iterable[tuple[int, bytes | str | None, int]]) -> Iterator[tuple[int, Any]]:
    """The JSON records of a trace with their line numbers, blank lines skipped: the header
    first, then the lines, each checked against the trace schema and numbered in order.
    Raises :class:`Unusable` at the first line that cannot be used."""
    step = 0
    header = True
    last = None
    it = iter(lines)
    for number, text, size in it:
        if text is None:
            raise Unusable(number, "", f"the line is {size} bytes, more than {LIMITS.line_bytes}")
        if not text.strip():
            continue
        last = number
        rec = _parse(number, text, it)
        if header:
            _check(number, rec, header_errors(rec))
            header = False
        else:
            step += 1
            _check(number, rec, [] if _plain_line(rec) else schema_errors("trace:line", rec))
            if "step" in rec and rec["step"] != step:
                raise Unusable(
                    number,
                    "/step",
                    f"step {rec['step']}, expected {step} (steps count from 1, one per line)",
                )
        yield number, rec
    if last is None:
        raise Unusable(1, "", "the trace is empty: the first line must be the header")


def _parse(number: int, text: bytes | str, rest: Iterator[tuple[int, Any, int]]) -> Any:
    try:
        return jsonreader.loads(text, number, LIMITS)
    except jsonreader.JsonInputError as e:
        at = f" (at byte offset {e.offset})" if e.offset is not None else ""
        last = e.kind == "syntax" and all(not t or not t.strip() for _, t, _ in rest)
        raise Unusable(
            number, "", f"{e.reason}{at}" + (" (truncated line?)" if last else "")
        ) from None


def _check(number: int, rec: Any, errors: list[str]) -> None:
    if not errors:
        return
    pointer, _, msg = errors[0].partition(": ")
    if pointer == "/action/card" and _face_down_unknown(rec):
        msg = (
            "a card laid face down (V-CHEAT) cannot be unknown: the trace format has "
            "no null for it (what an accusation reveals, and a card taken back, depend "
            "on it); report the card"
        )
    raise Unusable(number, pointer, msg)


# -- validating -------------------------------------------------------------------------------


def validate_stream(
    lines: Iterable[tuple[int, bytes | str | None, int]],
    path: str = "<trace>",
    solver_seconds: float | None = None,
) -> Verdict:
    """The verdict on one trace given as numbered lines (see :func:`numbered`)."""
    it = records(lines)
    try:
        try:
            first = next(it)
        except StopIteration:  # pragma: no cover - records raises on an empty trace
            raise Unusable(1, "", "the trace is empty") from None
        header = first[1]
        if "chance" not in header:
            seconds = SOLVER_SECONDS if solver_seconds is None else solver_seconds
            return validate_hidden(header, list(it), path, seconds)
        return Replay(path, header).run(it)
    except Unusable as e:
        return Verdict(path, UNUSABLE, e.message, e.line, e.pointer)


def validate_lines(
    lines: Iterable[str | bytes], path: str = "<trace>", solver_seconds: float | None = None
) -> Verdict:
    """The verdict on one trace. ``solver_seconds`` bounds Z3 on a trace with unknown
    cards (default :data:`unospec.hidden.SOLVER_SECONDS`)."""
    return validate_stream(numbered(lines), path, solver_seconds)


def validate_file(
    path: Path | str, solver_seconds: float | None = None, progress: Progress | None = None
) -> Verdict:
    """The verdict on a trace file (``-`` is standard input), read as a stream; the
    validator failing on it is an ``error`` verdict (status 3), never a traceback."""
    name = str(path)
    try:
        if name == "-":
            return validate_binary(sys.stdin.buffer, "<stdin>", solver_seconds, progress)
        with open(path, "rb") as f:
            return validate_binary(f, name, solver_seconds, progress)
    except OSError as e:
        return Verdict(name, UNUSABLE, f"cannot read the file: {e.strerror or e}")
    except Exception as e:  # a bug in unospec: reported for this file, the others go on
        return Verdict(name, ERROR, f"the validator failed on this file: {type(e).__name__}: {e}")


def validate_binary(
    stream: IO[bytes],
    path: str,
    solver_seconds: float | None = None,
    progress: Progress | None = None,
) -> Verdict:
    lines = jsonreader.lines(stream, LIMITS.line_bytes)
    return validate_stream(_counted(lines, progress) if progress else lines, path, solver_seconds)


def _counted(
    lines: Iterator[tuple[int, Any, int]], progress: Progress
) -> Iterator[tuple[int, Any, int]]:
    done = 0
    for item in lines:
        done += item[2] + 1
        if item[0] % 4096 == 0:
            progress(done)
        yield item
    progress(done)


@dataclass
class Replay:
    """A trace with its chance inputs, replayed line by line on the reference."""

    path: str
    header: dict[str, Any]

    def run(self, lines: Iterator[tuple[int, Any]]) -> Verdict:
        header = self.header
        try:
            self.pos: Position = new_game(
                header["players"], header["profile"], header.get("options") or {}
            )
        except IllegalAction as e:
            return Verdict(self.path, VIOLATION, e.reason, 1, "/players", e.rule, citations(e.rule))
        except Exception as e:
            return Verdict(self.path, UNUSABLE, str(e), 1, "/profile")
        self.chance = header["chance"]
        self.used = self.actions = 0
        bad, _ = self.feed()
        for line_no, rec in lines:
            bad = bad or self.starved(line_no) or self.line(line_no, rec)
            if bad:
                return bad
        if bad:
            return bad
        if self.used != len(self.chance):
            return self.verdict(
                VIOLATION,
                f"{len(self.chance) - self.used} chance input(s) in the header were never used",
                1,
                f"/chance/{self.used}",
            )
        return self.verdict(VALID, f"{self.actions} actions, {self.used} chance inputs")

    def verdict(
        self,
        status: int,
        message: str,
        line: int | None = None,
        field: str | None = None,
        rule: str | None = None,
        **kw: Any,
    ) -> Verdict:
        return Verdict(
            self.path,
            status,
            message,
            line,
            field,
            rule,
            citations(rule),
            actions=self.actions,
            **kw,
        )

    def feed(self) -> tuple[Verdict | None, list[dict[str, Any]]]:
        """Apply the header's chance inputs while the game waits for one and there are
        any left; returns a violation (or ``None``) and the events they caused."""
        events: list[dict[str, Any]] = []
        while self.pos.chance is not None and self.used < len(self.chance):
            act = self.chance[self.used]
            try:
                self.pos, more = apply(self.pos, act)
            except IllegalAction as e:
                return self.verdict(
                    VIOLATION,
                    e.reason,
                    1,
                    f"/chance/{self.used}{e.field}",
                    e.rule,
                    reproducer={"position": dump(self.pos), "action": act},
                ), events
            events += more
            self.used += 1
        return None, events

    def starved(self, line_no: int) -> Verdict | None:
        """The game still waits for chance before this line, and the header has no more."""
        if self.pos.chance is None:
            return None
        return self.verdict(
            VIOLATION,
            f"the game needs a chance input ({self.pos.chance['type']}) but the header has no more",
            line_no,
            "/chance",
        )

    def line(self, line_no: int, rec: dict[str, Any]) -> Verdict | None:
        """Apply one line's action and compare what the line says with the reference."""
        action = rec["action"]
        observed = "observed" in rec
        # a refused action changes nothing; the position before is kept (copied) only when
        # the line reports an observed position, whose difference needs it as a reproducer
        before = self.pos
        try:
            self.pos, events = apply(self.pos, action, in_place=not observed)
        except IllegalAction as e:
            return refused(self.path, e, line_no, before, action, self.actions)
        self.actions += 1
        if observed and (diffs := diff_positions(dump(self.pos), rec["observed"])):
            f, exp, act = diffs[0]
            rule = rule_for_field(f, events)
            return self.verdict(
                VIOLATION,
                f"the observed position differs at {f}",
                line_no,
                f"/observed{f}",
                rule,
                expected=exp,
                actual=act,
                reproducer={"position": dump(before), "action": action},
                compared=True,
            )
        bad, more = self.feed() if self.pos.phase != "over" else (None, [])
        if bad or "events" not in rec:
            return bad
        return self.events(line_no, rec["events"], events + more)

    def events(
        self, line_no: int, claimed: list[Any], expected: list[dict[str, Any]]
    ) -> Verdict | None:
        """A line's ``events``, when it has them, must be the reference's for that step
        (those of the chance inputs the action called for included)."""
        if claimed == expected:
            return None
        k = next(
            (i for i, (a, b) in enumerate(zip(claimed, expected, strict=False)) if a != b),
            min(len(claimed), len(expected)),
        )
        want = expected[k] if k < len(expected) else None
        got = claimed[k] if k < len(claimed) else None
        what = (
            f"the line claims {len(claimed)} events, the reference has {len(expected)}"
            if want is None or got is None
            else f"event {k} differs"
        )
        return self.verdict(
            VIOLATION,
            f"the events of this step are not the reference's: {what}",
            line_no,
            f"/events/{k}",
            want["rule"] if want else None,
            expected=want,
            actual=got,
            compared=True,
        )


# -- the shape of lines -------------------------------------------------------------------------


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
        keys = _CHANCE_CARDS.get(kind) if isinstance(kind, str) else None
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


_LINE_KEYS = {"step", "action", "events"}
_ACTION_KEYS = {"type", "seat", "card", "claim", "uno_out", "colour", "target"}
_TYPES = frozenset(SEAT_ACTIONS)
_NEEDS = {"play": "card", "colour": "colour", "catch": "target", "swap": "target"}


def _plain_line(rec: Any) -> bool:
    """A fast check that a line has the common shape, true only for lines the schema
    accepts; anything else gets the full schema check (which names the JSON pointer of
    the problem)."""
    if type(rec) is not dict or not rec.keys() <= _LINE_KEYS:
        return False
    a = rec.get("action")
    if type(a) is not dict or not a.keys() <= _ACTION_KEYS:
        return False
    kind, seat = a.get("type"), a.get("seat")
    if type(kind) is not str or kind not in _TYPES or type(seat) is not int or not 0 <= seat <= 9:
        return False
    if len(a) > 2:
        if (need := _NEEDS.get(kind)) and need not in a:
            return False
        for k, v in a.items():
            if k in ("card", "claim"):
                if not is_card(v):
                    return False
            elif k == "colour":
                if type(v) is not str or v not in COLOURS:
                    return False
            elif k == "target":
                if type(v) is not int or not 0 <= v <= 9:
                    return False
            elif k == "uno_out" and type(v) is not bool:
                return False
    elif kind in _NEEDS:
        return False
    step = rec.get("step", 1)
    if type(step) is not int or step < 1:
        return False
    events = rec.get("events", ())
    if type(events) is not list and events != ():
        return False
    for e in events:
        if type(e) is not dict or type(e.get("type")) is not str or type(e.get("rule")) is not str:
            return False
    return True


def _face_down_unknown(rec: Any) -> bool:
    """A V-CHEAT play (with an announced ``claim``) whose face-down ``card`` is ``null``."""
    a = rec.get("action") if isinstance(rec, dict) else None
    return isinstance(a, dict) and a.get("type") == "play" and "claim" in a and a["card"] is None
