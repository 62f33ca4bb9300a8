"""Games as JSON Lines traces, and replaying them.

A trace is a header line followed by one line per seat action::

    {"unospec_trace": 1, "profile": "official", "options": {}, "players": 4,
     "chance": [{"type": "dealer_draw", ...}, {"type": "deal", ...}, ...]}
    {"step": 1, "action": {"type": "play", "seat": 1, "card": "R7"}, "events": [...]}

The header's ``chance`` list holds every chance input in the order the game asks for
them (dealer draws, deals, shuffles). The events of a line include those of the chance
inputs its action called for (a reshuffle in the middle of a draw, the next deal). Replaying feeds them whenever the position waits
for chance; a trace replays only if every line and every chance input is used.
This module does no I/O: it turns games into lines and lines into games.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from unospec.reference.chance import chance_action
from unospec.reference.engine import apply, legal_actions, new_game
from unospec.reference.errors import IllegalAction
from unospec.reference.position import Position
from unospec.spec import jsonreader

FORMAT = 1
LIMITS = jsonreader.Limits(line_bytes=64 * 1024 * 1024)


class TraceError(ValueError):
    """A trace that does not replay: ``line`` (1-based) and ``field`` (a JSON pointer) say where."""

    def __init__(self, line: int, field: str, reason: str, rule: str = ""):
        self.line, self.field, self.reason, self.rule = line, field, reason, rule
        tag = f" [{rule}]" if rule else ""
        super().__init__(f"line {line}, {field or '/'}: {reason}{tag}")


@dataclass
class Game:
    """A played game: its header, chance inputs, actions with their events, and the final position."""

    profile: str
    options: dict[str, Any]
    players: int
    chance: list[dict[str, Any]] = field(default_factory=list)
    steps: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    final: Position | None = None
    seed: int | None = None

    def lines(self) -> Iterator[str]:
        header: dict[str, Any] = {
            "unospec_trace": FORMAT,
            "profile": self.profile,
            "options": self.options,
            "players": self.players,
            "chance": self.chance,
        }
        if self.seed is not None:
            header["seed"] = self.seed
        yield json.dumps(header, separators=(",", ":"))
        for i, (action, events) in enumerate(self.steps, 1):
            yield json.dumps({"step": i, "action": action, "events": events}, separators=(",", ":"))


Chooser = Callable[[Position, list[dict[str, Any]], random.Random], dict[str, Any]]


def uniform(pos: Position, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return rng.choice(actions)


def play(
    players: int,
    profile: str = "official",
    options: dict[str, Any] | None = None,
    seed: int = 0,
    choose: Chooser = uniform,
    max_actions: int = 1_000_000,
) -> Game:
    """Play a match with seeded chance and ``choose`` picking among the legal actions."""
    rng = random.Random(seed)
    pos = new_game(players, profile, options)
    game = Game(profile, dict(options or {}), players, seed=seed)
    n = 0
    while pos.phase != "over" and n < max_actions:
        if pos.chance is not None:
            act = chance_action(pos, rng)
            game.chance.append(act)
            pos, more = apply(pos, act)
            if (
                game.steps
            ):  # what the chance input completed belongs to the action that asked for it
                game.steps[-1][1].extend(more)
            continue
        act = choose(pos, legal_actions(pos), rng)
        pos, events = apply(pos, act, in_place=True)
        game.steps.append((act, events))
        n += 1
    game.final = pos
    return game


def replay(lines: Iterable[str | bytes], check_events: bool = True) -> Game:
    """Replay a trace; raise :class:`TraceError` at the first line that does not fit."""
    it = iter(lines)
    try:
        first = next(it)
    except StopIteration:
        raise TraceError(1, "", "the trace is empty") from None
    header = _json(first, 1)
    if header.get("unospec_trace") != FORMAT:
        raise TraceError(
            1,
            "/unospec_trace",
            f"expected trace format {FORMAT}, got {header.get('unospec_trace')!r}",
        )
    for key in ("profile", "players", "chance"):
        if key not in header:
            raise TraceError(1, f"/{key}", "required field is missing")
    if not isinstance(header["chance"], list):
        raise TraceError(1, "/chance", "must be the list of chance inputs")
    try:
        pos = new_game(header["players"], header["profile"], header.get("options") or {})
    except Exception as e:
        raise TraceError(1, "/players", str(e)) from None
    chance = list(header["chance"])
    game = Game(
        header["profile"], header.get("options") or {}, header["players"], seed=header.get("seed")
    )
    used = 0

    def feed(line_no: int) -> list[dict[str, Any]]:
        nonlocal pos, used
        done: list[dict[str, Any]] = []
        while pos.chance is not None:
            if used >= len(chance):
                raise TraceError(
                    line_no,
                    "/chance",
                    f"the game needs a chance input ({pos.chance['type']}) but the header has no more",
                )
            try:
                pos, more = apply(pos, chance[used])
            except IllegalAction as e:
                raise TraceError(1, f"/chance/{used}{e.field}", e.reason, e.rule) from None
            done.extend(more)
            game.chance.append(chance[used])
            used += 1
        return done

    line_no = 1
    for line_no, text in enumerate(it, 2):
        if not text.strip():
            continue
        if not game.steps:
            feed(line_no)
        rec = _json(text, line_no)
        action = rec.get("action")
        if not isinstance(action, dict):
            raise TraceError(
                line_no, "/action", "each line after the header holds an action object"
            )
        try:
            pos, events = apply(pos, action, in_place=True)
        except IllegalAction as e:
            raise TraceError(line_no, f"/action{e.field}", e.reason, e.rule) from None
        if pos.phase != "over":
            events = events + feed(line_no)
        if check_events and "events" in rec and rec["events"] != events:
            raise TraceError(
                line_no, "/events", f"expected events {events}, the trace says {rec['events']}"
            )
        game.steps.append((action, events))
    if used != len(chance):
        raise TraceError(
            1, f"/chance/{used}", f"{len(chance) - used} chance input(s) were never used"
        )
    game.final = pos
    return game


def _json(text: str | bytes, line_no: int) -> dict[str, Any]:
    """One line as a JSON object, read within the limits of the bounded reader (no NaN,
    no duplicate key, no integer beyond 2**53, no deep nesting, strict UTF-8)."""
    try:
        obj = jsonreader.loads(text, line_no, LIMITS)
    except jsonreader.JsonInputError as e:
        at = f" at byte {e.offset}" if e.offset is not None else ""
        raise TraceError(line_no, "", f"{e.reason}{at}") from None
    if not isinstance(obj, dict):
        raise TraceError(line_no, "", "each line is a JSON object")
    return obj
