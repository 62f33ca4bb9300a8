"""The engine port: the operations of the live protocol, and nothing else.

Scenarios, certification and perft talk to an engine only through this interface, so
the same scenario runs in-process against the reference and, over the JSON protocol,
against any other implementation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

Json = dict[str, Any]


@dataclass
class Outcome:
    """What ``apply`` did: accepted with events, or refused with an error (``rule``, ``reason``)."""

    accepted: bool
    events: list[Json] = field(default_factory=list)
    error: Json | None = None


class EnginePort(Protocol):
    """What an engine must offer to run scenarios."""

    name: str
    can_load: bool

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        """Start a match (refused for an impossible setup); it then waits for chance
        inputs (dealer draw, deal, …) given as actions."""

    def load(self, position: Json) -> None:
        """Set up a position (an optional capability: ``can_load``)."""

    def legal_actions(self) -> list[Json]:
        """Every legal action of every seat, as JSON objects."""

    def apply(self, action: Json) -> Outcome:
        """Apply a seat action or a chance input."""

    def observe(self) -> Json:
        """The current position as JSON."""


class ReferencePort:
    """The in-process reference engine behind the port."""

    name = "unospec-reference"
    can_load = True
    reports_events = True

    def __init__(self) -> None:
        self._pos: Any = None

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        from unospec.reference import IllegalAction, new_game

        try:
            self._pos = new_game(players, profile, options)
        except IllegalAction as e:
            return Outcome(False, error=e.to_json())
        return Outcome(True)

    def load(self, position: Json) -> None:
        from unospec.reference import load

        self._pos = load(position)

    def legal_actions(self) -> list[Json]:
        from unospec.reference import legal_actions

        return [dict(a) for a in legal_actions(self._pos)]

    def apply(self, action: Json) -> Outcome:
        from unospec.reference import IllegalAction, apply

        try:
            self._pos, events = apply(self._pos, action)
        except IllegalAction as e:
            return Outcome(False, error=e.to_json())
        return Outcome(True, events)

    def observe(self) -> Json:
        from unospec.reference import dump

        return dump(self._pos)


def same_action(a: Json, b: Json) -> bool:
    """Actions are equal when their fields are, ignoring ``false`` flags."""
    strip = lambda x: {k: v for k, v in x.items() if v is not False}  # noqa: E731
    return strip(a) == strip(b)
