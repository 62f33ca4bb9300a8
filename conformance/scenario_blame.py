"""Which rule a failing scenario run blames, when the program went astray before the step
that noticed.

A scenario's failing step names the rule it checks. But a program that broke another rule
earlier in the run (RLCard plays a drawn card at once; the scenario's check of the hand
size comes later) fails that step for a reason the step does not state. So the run is
recorded (:class:`Trail`: what the program answered to each action and each request for
legal actions), played again on the reference, and the first place the two part is
explained as a differential game's step is (:class:`unospec.explanation.Explainer`). If a
change of the rules explains it, the run blames that change's rule; otherwise the step's
own rule stands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unospec.attribution import rule_for_extra, rule_for_missing
from unospec.chance_feed import Feed, advance
from unospec.compare import diff_actions, diff_positions
from unospec.deviations import StepContext
from unospec.explanation import Change, Explainer
from unospec.port import Json, Outcome
from unospec.reference import IllegalAction, dump, legal_actions, load, new_game
from unospec.reference.position import Position, PositionError


@dataclass
class Entry:
    kind: str  # "apply" or "legal"
    action: Json | None = None
    outcome: Outcome | None = None
    observed: Json | None = None  # after the action
    actions: list[Json] = field(default_factory=list)


class Trail:
    """An engine port that records a scenario run on another port."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.name = getattr(inner, "name", "program")
        self.can_load = getattr(inner, "can_load", False)
        self.reports_events = getattr(inner, "reports_events", True)
        self.start: tuple[str, Any] | None = None
        self.entries: list[Entry] = []

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        self.start, self.entries = ("new_game", (players, profile, options)), []
        return self.inner.new_game(players, profile, options)

    def load(self, position: Json) -> None:
        self.start, self.entries = ("load", position), []
        self.inner.load(position)

    def legal_actions(self) -> list[Json]:
        acts = self.inner.legal_actions()
        self.entries.append(Entry("legal", actions=list(acts)))
        return acts

    def apply(self, action: Json) -> Outcome:
        got = self.inner.apply(action)
        observed = self.inner.observe()
        self.entries.append(Entry("apply", action, got, observed))
        return got

    def observe(self) -> Json:
        return self.inner.observe()


@dataclass
class Blame:
    rule: str
    step: int  # the action (counted from 1) where the program first went astray
    message: str
    change: Change | None = None


def first_deviation(trail: Trail, explainer: Explainer) -> Blame | None:
    """Play the recorded run on the reference; the first place the program went astray,
    explained, or ``None`` (no earlier divergence, or none that a change explains)."""
    ref = _start(trail)
    if ref is None:
        return None
    n = 0
    for e in trail.entries:
        if e.kind == "legal":
            expected = legal_actions(ref)
            missing, extra = diff_actions(expected, e.actions)
            if missing or extra:
                g = explainer.legal(ref, expected, e.actions)[0]
                return Blame(g.rule, n, "its legal actions differ there", g.change)
            continue
        n += 1
        assert e.action is not None and e.outcome is not None
        try:
            official = advance(ref, e.action, Feed())
        except IllegalAction as err:
            if e.outcome.accepted:
                return Blame(err.rule, n, f"it took {e.action}, which {err.rule} forbids")
            continue  # refused by both
        if not e.outcome.accepted:
            rule = rule_for_missing(ref, e.action) if e.action.get("seat") is not None else None
            return Blame(rule, n, f"it refused {e.action}, which the rules allow") if rule else None
        obs = e.observed or {}
        if diff_positions(dump(official.after, share=True), obs):
            ctx = StepContext(ref, e.action, Feed(), official, obs)
            found = explainer.state(ctx)
            if not found:
                return None
            return Blame(found[0].rule, n, found[0].change.what, found[0].change)
        ref = official.after
    return None


def _start(trail: Trail) -> Position | None:
    if trail.start is None:
        return None
    kind, data = trail.start
    try:
        if kind == "load":
            return load(data)
        players, profile, options = data
        return new_game(players, profile, options)
    except (PositionError, IllegalAction, KeyError, ValueError, TypeError):
        return None


__all__ = ["Blame", "Trail", "first_deviation", "rule_for_extra"]
