"""Scenarios for a program that cannot ``load`` a position: each position compiled into a deal.

Most scenarios set up a position (``Given a 3-player game`` … ``And the top card is R7``).
A program that takes a dictated deal but cannot load a position still runs them: the
position is reached from a new game instead —

* the dealer draw makes the dealer the seat before the one to act (an ``R9`` for it,
  cards worth 0 for the others), so that seat begins;
* the deal gives every seat its scenario hand, padded to seven cards with cards from the
  bottom of the scenario's draw pile (number cards of a colour and value the scenario
  does not use), the scenario's top card as starter, and the scenario's draw pile (less
  the padding) as the draw pile; a Wild starter is followed by the first player naming
  the scenario's colour;
* the program is then seen through the scenario's eyes: the padding is left out of the
  hands it observes and put back under the draw pile, and actions that play a padding
  card are left out of its legal actions.

A compiled scenario is run against the reference first: only when it passes there does
it stand for the scenario (the padding played no role), otherwise it is skipped, saying
why. Positions a deal cannot reach are not compiled either: another phase than a turn,
a later round or scores, UNO states, more than seven cards in a hand, more than one
discard, or a starter whose effect the scenario's position does not show.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from unospec.port import EnginePort, Json, Outcome, ReferencePort
from unospec.reference.position import complete
from unospec.spec.cards import CANONICAL_DECK, COLOURS, is_number
from unospec.steps import ScenarioFailure

HAND = 7
_ZEROS = [c for c in CANONICAL_DECK if not is_number(c)]


class NotCompilable(ScenarioFailure):
    """A position no deal can reach (the reason is the message)."""


@dataclass
class Plan:
    """How one scenario position is reached from a new game, and how to see it again."""

    players: int
    profile: str
    options: Json
    inputs: list[Json]  # the chance inputs (and a Wild starter's colour) after new_game
    padding: list[list[str]]  # per seat, the cards added to its hand
    under: list[str] = field(default_factory=list)  # the padding, as it lay under the pile
    dealer: int | None = None  # the scenario's dealer (the deal's may sit elsewhere)

    def view(self, pos: Json) -> Json:
        """The program's observed position with the padding taken out again."""
        out = dict(pos)
        hands = pos.get("hands")
        if isinstance(hands, list) and len(hands) == len(self.padding):
            seen = []
            for h, pad in zip(hands, self.padding, strict=True):
                if not isinstance(h, list):
                    seen.append(h)
                    continue
                left = Counter(pad)
                kept = []
                for c in h:
                    if left[c] > 0:
                        left[c] -= 1
                    else:
                        kept.append(c)
                seen.append(kept)
            out["hands"] = seen
        if isinstance(pos.get("draw_pile"), list):
            out["draw_pile"] = list(pos["draw_pile"]) + self.under
        if "dealer" in pos and pos.get("round", 1) == 1:
            out["dealer"] = self.dealer
        return out

    def hides(self, action: Json) -> bool:
        """An action that plays a padding card (which the scenario's hand does not hold)."""
        card = action.get("card")
        seat = action.get("seat")
        return (
            action.get("type") == "play"
            and isinstance(seat, int)
            and 0 <= seat < len(self.padding)
            and card in self.padding[seat]
        )


def plan_for(position: Json, tier: int = 0) -> Plan:
    """The deal that reaches ``position`` (a complete position), padding the hands with
    cards of preference ``tier`` (:func:`_pad`), or :class:`NotCompilable`."""
    p = position
    n = p["players"]
    if p.get("phase", "turn") != "turn":
        raise NotCompilable(f"starts in phase {p.get('phase')!r}; a deal leads to a turn")
    if p.get("round", 1) != 1 or any(p.get("scores") or []):
        raise NotCompilable("starts in a later round or with scores; a deal starts the match")
    if any(u is not None for u in p.get("uno") or []):
        raise NotCompilable("starts with a seat's UNO state set; a deal sets none")
    if p.get("pending") or p.get("owed_draws"):
        raise NotCompilable("starts with an obligation pending")
    for key in ("announced", "last_played_by", "winner", "last_round"):
        if p.get(key) not in (None, [], {}):
            raise NotCompilable(f"starts with {key} set; a deal leaves it unset")
    hands = p["hands"]
    if any(len(h) > HAND for h in hands):
        raise NotCompilable(f"a hand holds more than {HAND} cards")
    if len(p["discard_pile"]) != 1:
        raise NotCompilable("more than one card lies on the discard pile; a deal turns up one")
    top = p["discard_pile"][0]
    to_act, direction = p["to_act"], p.get("direction", 1)
    face = "W" if top == "W" else "WD4" if top == "WD4" else top[1:]
    if face == "WD4":
        raise NotCompilable("a Wild Draw Four starter is returned to the deck")
    if face in ("S", "D2"):
        raise NotCompilable(f"a {top} starter would make a seat lose its turn or draw")
    if face == "R":
        if direction != -1:
            raise NotCompilable("a Reverse starter makes play run counter-clockwise")
        dealer = to_act
    else:
        if direction != 1:
            raise NotCompilable("play runs counter-clockwise; a deal starts clockwise")
        dealer = (to_act - 1) % n
    if face != "W" and p.get("colour") != top[0]:
        raise NotCompilable("the current colour is not the starter's")
    padding, under, pile = _pad(p, tier)
    dealer_draw = {
        "type": "dealer_draw",
        "cards": ["R9" if s == dealer else _ZEROS[s] for s in range(n)],
    }
    deal = {
        "type": "deal",
        "hands": [list(h) + pad for h, pad in zip(hands, padding, strict=True)],
        "starter": top,
        "draw_pile": pile,
    }
    inputs = [dealer_draw, deal]
    if face == "W":
        if p.get("colour") not in COLOURS:
            raise NotCompilable("a Wild starter with no colour named")
        inputs.append({"type": "colour", "seat": to_act, "colour": p["colour"]})
    return Plan(
        n,
        p.get("profile", "official"),
        p.get("options") or {},
        inputs,
        padding,
        under,
        p.get("dealer"),
    )


TIERS = 3  # kinds of padding tried, from the least to the most likely to matter


def _pad(p: Json, tier: int) -> tuple[list[list[str]], list[str], list[str]]:
    """Cards to fill every hand up to seven, taken from the bottom of the draw pile, and
    the draw pile that is left. The cards are number cards, by ``tier``: 0, of a colour
    and value the scenario's hands, top card and colour never show; 1, of another colour
    than the current one and another value than the top card's; 2, any. Whether they play
    no role while the scenario runs, its run on the reference decides."""
    used = {c for h in p["hands"] for c in h} | set(p["discard_pile"])
    colours = {c[0] for c in used if c not in ("W", "WD4")} | {p.get("colour")}
    values = {c[1:] for c in used if is_number(c)}
    top = p["discard_pile"][-1] if p["discard_pile"] else ""
    fits = [
        lambda c: c[0] not in colours and c[1:] not in values,
        lambda c: c[0] != p.get("colour") and c[1:] != top[1:],
        lambda c: True,
    ][tier]
    pile = list(p["draw_pile"])
    need = sum(HAND - len(h) for h in p["hands"])
    free = [i for i in range(len(pile) - 1, -1, -1) if is_number(pile[i]) and fits(pile[i])]
    if len(free) < need:
        raise NotCompilable("not enough cards the scenario does not use to fill the hands")
    chosen = set(free[:need])
    under = [pile[i] for i in sorted(chosen)]
    rest = [c for i, c in enumerate(pile) if i not in chosen]
    padding, k = [], 0
    for h in p["hands"]:
        padding.append(under[k : k + HAND - len(h)])
        k += HAND - len(h)
    return padding, under, rest


class CompiledPort:
    """An engine port that loads a position by playing its deal on another port (a
    program that takes a dictated deal), and shows that port through the scenario's eyes."""

    can_load = True

    def __init__(self, inner: EnginePort, tier: int = 0):
        self.inner, self.tier = inner, tier
        self.name = getattr(inner, "name", "program")
        self.reports_events = getattr(inner, "reports_events", True)
        self.plan: Plan | None = None

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        self.plan = None
        return self.inner.new_game(players, profile, options)

    def load(self, position: Json) -> None:
        plan = plan_for(position, self.tier)
        started = self.inner.new_game(plan.players, plan.profile, plan.options)
        if not started.accepted:
            raise NotCompilable(f"the program refuses the game: {started.error}")
        for act in plan.inputs:
            got = self.inner.apply(act)
            if not got.accepted:
                raise NotCompilable(
                    f"the program refuses the scenario's {act['type']}: {got.error}"
                )
        self.plan = plan

    def legal_actions(self) -> list[Json]:
        acts = self.inner.legal_actions()
        return [a for a in acts if not (self.plan and self.plan.hides(a))]

    def apply(self, action: Json) -> Outcome:
        return self.inner.apply(action)

    def observe(self) -> Json:
        pos = self.inner.observe()
        return self.plan.view(pos) if self.plan else pos


@cache
def compiled(run_id: str) -> tuple[int | None, str]:
    """How a scenario run compiles into a deal: the padding tier under which it passes on
    the reference (``None`` if none does), and why not (cached: it depends only on the
    scenario)."""
    from unospec.scenarios import execute, load_scenarios

    run = next(r for sc in load_scenarios() for r in sc.runs if r.id == run_id)
    why = ""
    for tier in range(TIERS):
        port = CompiledPort(ReferencePort(), tier)
        result = execute(run, port)
        if result.passed:
            return tier, ""
        reason = result.message.split("): ", 1)[-1]
        if port.plan is None and "fill the hands" not in reason:
            return None, f"cannot be compiled into a deal: {reason}"
        why = (
            f"cannot be compiled into a deal: {reason}"
            if port.plan is None
            else f"compiled into a deal, the hands padded to seven change the outcome: {reason}"
        )
    return None, why


class _Watching(ReferencePort):
    """The reference, noting whether it ever waits for a shuffle."""

    shuffled = False

    def apply(self, action: Json) -> Outcome:
        got = super().apply(action)
        need = self._pos.chance if self._pos is not None else None
        self.shuffled = self.shuffled or bool(need and need["type"] == "shuffle")
        return got


@cache
def shuffles(run_id: str) -> bool:
    """Does the scenario run wait for a shuffle (a reshuffle, or a returned starter's)?
    A program that shuffles with its own generator cannot take its dictated order."""
    from unospec.scenarios import execute, load_scenarios

    run = next(r for sc in load_scenarios() for r in sc.runs if r.id == run_id)
    port = _Watching()
    execute(run, port)
    return port.shuffled


def compiles(run_id: str) -> str | None:
    """``None`` when the run compiles into a deal, else why not."""
    tier, why = compiled(run_id)
    return None if tier is not None else why


def position_of(position: Json) -> Json:
    """A complete position from a scenario's partial one (as the step 'Given' builds)."""
    return complete(position)


__all__: list[Any] = ["CompiledPort", "NotCompilable", "Plan", "compiled", "compiles", "plan_for"]
