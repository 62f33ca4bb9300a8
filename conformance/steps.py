"""The step vocabulary of the executable rulebook, shared by every scenario runner.

Each step is a regular expression and a function over a :class:`World`. The pytest-bdd
binding (``tests/test_features.py``) and the certification runner
(:mod:`unospec.scenarios`) both dispatch to this one table, so a scenario means the
same thing wherever it runs. The vocabulary is documented in ``features/README.md``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from unospec.port import EnginePort, Json, Outcome, same_action
from unospec.reference.chance import deal_round_robin
from unospec.reference.position import complete
from unospec.spec.cards import CANONICAL_DECK, COLOURS, parse, parse_colour


class ScenarioFailure(AssertionError):
    """A step's expectation did not hold."""


class ActionRefused(ScenarioFailure):
    """An action the scenario expects to be taken was refused (blamed on the step that
    took it, not on the step that noticed)."""


class Unobservable(Exception):
    """The step needs something the engine does not report (a position field it leaves out
    of ``observe``, or events): the scenario is skipped for it, with this reason."""


@dataclass
class World:
    """What a scenario has built so far and what the engine last did."""

    port: EnginePort
    profile: str = "official"
    options: dict[str, Any] = field(default_factory=dict)
    partial: dict[str, Any] | None = None
    started: bool = False
    last: Outcome | None = None
    last_action: Json | None = None
    before: Json | None = None
    checked: bool = True
    # a refusal under another rule than the scenario's fails the step (the reference must
    # cite exactly); for a program it is a milder finding, kept in ``citations``
    strict_citations: bool = True
    citations: list[str] = field(default_factory=list)

    # -- building the position ------------------------------------------------------------
    def setup(self) -> dict[str, Any]:
        if self.partial is None:
            raise ScenarioFailure("the scenario must start with 'Given a N-player game'")
        return self.partial

    def ensure_started(self) -> None:
        if self.started:
            return
        p = dict(self.setup())
        p["profile"] = self.profile
        p["options"] = self.options
        if "hands" not in p:
            p["hands"] = [[] for _ in range(p["players"])]
        self.port.load(complete(p))
        self.started = True

    def observe(self) -> Json:
        self.ensure_started()
        return self.port.observe()

    def act(self, action: Json) -> Outcome:
        self.ensure_started()
        self.require_checked()
        self.before = self.port.observe()
        self.last_action = action
        self.last = self.port.apply(action)
        self.checked = self.last.accepted
        return self.last

    def require_checked(self) -> None:
        """A refused action must be looked at by a 'Then the action is refused' step."""
        if not self.checked and self.last is not None:
            err = self.last.error
            if isinstance(err, dict):
                why = (
                    f"under {err.get('rule')}: {json.dumps(err.get('reason'), ensure_ascii=False)}"
                )
            else:
                why = json.dumps(err, ensure_ascii=False)
            raise ActionRefused(f"the action {json.dumps(self.last_action)} was refused {why}")

    def legal(self) -> list[Json]:
        self.ensure_started()
        return self.port.legal_actions()


StepFn = Callable[..., None]
STEPS: list[tuple[str, re.Pattern[str], StepFn]] = []


def step(kind: str, pattern: str) -> Callable[[StepFn], StepFn]:
    """Register a step: ``kind`` is given / when / then (informational), ``pattern`` a regex."""

    def mark(fn: StepFn) -> StepFn:
        STEPS.append((kind, re.compile(f"^{pattern}$"), fn))
        return fn

    return mark


def run_step(
    world: World,
    text: str,
    kind: str = "then",
    docstring: str | None = None,
    table: list[list[str]] | None = None,
) -> None:
    """Run one step (``kind`` given / when / then) of a scenario against ``world``."""
    for step_kind, rx, fn in STEPS:
        if step_kind != kind:
            continue
        m = rx.match(text.strip())
        if m:
            kwargs = m.groupdict()
            if docstring is not None:
                kwargs["docstring"] = docstring
            if table is not None:
                kwargs["table"] = table
            fn(world, **kwargs)
            return
    raise ScenarioFailure(
        f"no {kind} step matches {text!r} (see features/README.md for the vocabulary)"
    )


# -- notation helpers ------------------------------------------------------------------------


def cards(text: str) -> list[str]:
    """``"R5 G9 W"`` (or ``"none"``) -> a list of card codes."""
    t = text.strip()
    if t in ("", "none", "nothing", "-"):
        return []
    return [parse(c) for c in re.split(r"[,\s]+", t) if c]


def colour_of(text: str) -> str:
    return parse_colour(text)


SEAT = r"seat (?P<seat>\d+)"


# -- Given -----------------------------------------------------------------------------------


@step("given", r"an? (?P<n>\d+)-player game(?: under the (?P<profile>[\w.\-/]+) profile)?")
def given_game(w: World, n: str, profile: str | None = None) -> None:
    if profile:
        w.profile = profile
    w.partial = {"players": int(n)}


@step("given", r"a new (?P<n>\d+)-player match(?: under the (?P<profile>[\w.\-/]+) profile)?")
def given_new_match(w: World, n: str, profile: str | None = None) -> None:
    if profile:
        w.profile = profile
    w.last_action = {
        "type": "new_game",
        "players": int(n),
        "profile": w.profile,
        "options": w.options,
    }
    w.last = w.port.new_game(int(n), w.profile, w.options)
    w.checked = w.last.accepted
    w.before = None
    w.partial = {"players": int(n)}
    w.started = True


@step("given", r"the option (?P<key>[\w.\-]+)(?: is (?P<value>.+))?")
def given_option(w: World, key: str, value: str | None = None) -> None:
    w.options[key] = True if value is None else json.loads(value)


@step("given", r"the hands are")
def given_hands(w: World, table: list[list[str]]) -> None:
    p = w.setup()
    hands = [[] for _ in range(p["players"])]
    for row in table[1:]:
        hands[int(row[0])] = cards(row[1])
    p["hands"] = hands


@step("given", SEAT + r" holds (?P<held>.+)")
def given_holds(w: World, seat: str, held: str) -> None:
    p = w.setup()
    p.setdefault("hands", [[] for _ in range(p["players"])])[int(seat)] = cards(held)


@step("given", r"the top card is (?P<card>\S+)(?: and the colour is (?P<colour>\w+))?")
def given_top(w: World, card: str, colour: str | None = None) -> None:
    p = w.setup()
    p["discard_pile"] = [parse(card)]
    if colour:
        p["colour"] = colour_of(colour)


@step("given", r"the discard pile is (?P<pile>.+) \(bottom to top\)")
def given_discards(w: World, pile: str) -> None:
    w.setup()["discard_pile"] = cards(pile)


@step("given", r"the current colour is (?P<colour>\w+)")
def given_colour(w: World, colour: str) -> None:
    w.setup()["colour"] = colour_of(colour)


@step("given", r"the draw pile starts with (?P<pile>.+)")
def given_draw_top(w: World, pile: str) -> None:
    w.setup()["draw_pile"] = cards(pile)


@step("given", r"the draw pile is empty")
def given_draw_empty(w: World) -> None:
    """Every card not in a hand goes under the top discard."""
    p = w.setup()
    placed = Counter(c for h in p.get("hands", []) for c in h) + Counter(p.get("discard_pile", []))
    left = Counter(CANONICAL_DECK) - placed
    top = p.get("discard_pile", [])
    p["discard_pile"] = sorted(left.elements()) + top
    p["draw_pile"] = []


@step("given", r"the draw pile holds only (?P<pile>.+)")
def given_draw_only(w: World, pile: str) -> None:
    """The draw pile is exactly these cards; the rest of the deck lies under the top discard."""
    p = w.setup()
    only = cards(pile)
    placed = (
        Counter(c for h in p.get("hands", []) for c in h)
        + Counter(p.get("discard_pile", []))
        + Counter(only)
    )
    left = Counter(CANONICAL_DECK) - placed
    p["discard_pile"] = sorted(left.elements()) + p.get("discard_pile", [])
    p["draw_pile"] = only


@step("given", r"both piles are used up")
def given_piles_used_up(w: World) -> None:
    """The draw pile is empty and the discard pile holds only its top card: every other
    card is in the hands given last, spread over the seats in order."""
    p = w.setup()
    placed = Counter(c for h in p.get("hands", []) for c in h) + Counter(p.get("discard_pile", []))
    left = sorted((Counter(CANONICAL_DECK) - placed).elements())
    hands = p.setdefault("hands", [[] for _ in range(p["players"])])
    for i, c in enumerate(left):
        hands[i % len(hands)].append(c)
    p["draw_pile"] = []


@step("given", SEAT + r" is to act")
def given_to_act(w: World, seat: str) -> None:
    w.setup()["to_act"] = int(seat)


@step("given", SEAT + r" is the dealer")
def given_dealer(w: World, seat: str) -> None:
    w.setup()["dealer"] = int(seat)


@step("given", r"play runs (?P<way>clockwise|counter-clockwise)")
def given_direction(w: World, way: str) -> None:
    w.setup()["direction"] = 1 if way == "clockwise" else -1


@step("given", SEAT + r" (?P<state>has called UNO|has not called UNO|may still call UNO)")
def given_uno(w: World, seat: str, state: str) -> None:
    p = w.setup()
    uno = p.setdefault("uno", [None] * p["players"])
    uno[int(seat)] = {
        "has called UNO": "called",
        "has not called UNO": "catchable",
        "may still call UNO": "owed",
    }[state]


@step("given", r"the scores are (?P<scores>[\d ,]+)")
def given_scores(w: World, scores: str) -> None:
    w.setup()["scores"] = [int(s) for s in re.split(r"[,\s]+", scores.strip())]


@step("given", r"this is round (?P<n>\d+)")
def given_round(w: World, n: str) -> None:
    w.setup()["round"] = int(n)


@step("given", r"the position is")
def given_position(w: World, docstring: str) -> None:
    p = w.setup()
    p.update(json.loads(docstring))


# -- When: actions -----------------------------------------------------------------------------

_ACTIONS: list[tuple[str, Callable[..., Json]]] = [
    (
        r"plays? (?P<card>\S+) announcing (?P<claim>\S+)",
        lambda s, card, claim: {
            "type": "play",
            "seat": s,
            "card": parse(card),
            "claim": parse(claim),
        },
    ),
    (
        r"(?:plays?|jumps? in with) (?P<card>\S+) and says UNO out",
        lambda s, card: {"type": "play", "seat": s, "card": parse(card), "uno_out": True},
    ),
    (
        r"(?:plays?|jumps? in with) (?P<card>\S+)",
        lambda s, card: {"type": "play", "seat": s, "card": parse(card)},
    ),
    (r"draws?", lambda s: {"type": "draw", "seat": s}),
    (r"pass(?:es)?", lambda s: {"type": "pass", "seat": s}),
    (
        r"names? (?P<colour>\w+)",
        lambda s, colour: {"type": "colour", "seat": s, "colour": colour_of(colour)},
    ),
    (r"challenges?(?: the Wild Draw Four)?", lambda s: {"type": "challenge", "seat": s}),
    (r"accepts?(?: the draw| the play)?", lambda s: {"type": "accept", "seat": s}),
    (r"calls? UNO", lambda s: {"type": "uno", "seat": s}),
    (
        r"catch(?:es)? seat (?P<target>\d+)",
        lambda s, target: {"type": "catch", "seat": s, "target": int(target)},
    ),
    (
        r"swaps? hands with seat (?P<target>\d+)",
        lambda s, target: {"type": "swap", "seat": s, "target": int(target)},
    ),
    (r"ends? the turn", lambda s: {"type": "end", "seat": s}),
    (r"accuses?", lambda s: {"type": "accuse", "seat": s}),
]


def parse_action(seat: int, text: str) -> Json:
    """``"plays R5"`` / ``"play R5"`` / ``"catches seat 2"`` … -> an action object."""
    for pattern, build in _ACTIONS:
        m = re.fullmatch(pattern, text.strip())
        if m:
            return build(seat, **m.groupdict())
    raise ScenarioFailure(f"not an action: {text!r}")


@step(
    "when",
    SEAT
    + r" (?:tries to )?(?P<what>(?:play|draw|pass|name|challenge|accept|call|catch|swap|end|accuse|jump).*)",
)
def when_seat(w: World, seat: str, what: str) -> None:
    w.act(parse_action(int(seat), what))


@step("when", r"the dealer-selection cards are (?P<drawn>.+)")
def when_dealer_draw(w: World, drawn: str) -> None:
    w.act({"type": "dealer_draw", "cards": cards(drawn)})


@step(
    "when",
    r"the cards are dealt with the starter (?P<starter>\S+)(?: and the draw pile starting with (?P<pile>.+))?",
)
def when_deal(w: World, starter: str, pile: str | None = None) -> None:
    """Deal 7 each, round robin from the dealer's left, from the canonical deck minus the
    starter and the named draw-pile cards; those follow the starter, the rest after them."""
    pos = w.observe()
    need = pos["chance"]
    if not need or need["type"] != "deal":
        raise ScenarioFailure(f"the game does not wait for a deal (chance: {need})")
    first = [parse(starter)] + cards(pile or "")
    deck = list(CANONICAL_DECK)
    for c in first:
        deck.remove(c)
    hands_part = deck[: need["hand_size"] * len(need["seats"])]
    rest = deck[len(hands_part) :]
    deal = deal_round_robin(
        hands_part + first + rest, need["seats"], pos["players"], need["hand_size"]
    )
    w.act(deal)


@step("when", r"the discards are reshuffled(?: with (?P<top>.+) on top)?")
def when_reshuffle(w: World, top: str | None = None) -> None:
    pos = w.observe()
    need = pos["chance"]
    if not need or need["type"] != "shuffle":
        raise ScenarioFailure(f"the game does not wait for a shuffle (chance: {need})")
    order = list(need["cards"])
    first = cards(top or "")
    for c in first:
        order.remove(c)
    w.act({"type": "shuffle", "order": first + order})


# -- Then ------------------------------------------------------------------------------------------


def expect(cond: bool, message: str) -> None:
    if not cond:
        raise ScenarioFailure(message)


@step("then", r"the action is refused(?: under (?P<rule>[A-Z0-9\-]+))?")
def then_refused(w: World, rule: str | None = None) -> None:
    expect(w.last is not None, "no action was tried")
    expect(not w.last.accepted, f"the action {json.dumps(w.last_action)} was accepted")
    w.checked = True
    if rule:
        got = (w.last.error or {}).get("rule")
        if got != rule:
            what = f"refused under {got}, expected {rule} ({(w.last.error or {}).get('reason')})"
            expect(not w.strict_citations, what)
            # a program refused rightly but cites another rule: a milder finding
            w.citations.append(what)


@step("then", r"the position is unchanged")
def then_unchanged(w: World) -> None:
    expect(w.observe() == w.before, "the refused action changed the position")


class _Observed(dict):
    """An observed position that raises :class:`Unobservable` for a field it lacks."""

    def __missing__(self, key: str) -> Any:
        raise Unobservable(f"needs the position field {key!r}, which the engine does not observe")


def _pos(w: World) -> Json:
    w.require_checked()
    return _Observed(w.observe())


@step("then", SEAT + r" is to act")
def then_to_act(w: World, seat: str) -> None:
    pos = _pos(w)
    expect(
        pos["to_act"] == int(seat),
        f"seat {pos['to_act']} is to act (phase {pos['phase']}), expected seat {seat}",
    )


@step("then", r"the top card is (?P<card>\S+)")
def then_top(w: World, card: str) -> None:
    top = _pos(w)["discard_pile"][-1]
    expect(top == parse(card), f"the top card is {top}, expected {card}")


@step("then", r"the current colour is (?P<colour>\w+)")
def then_colour(w: World, colour: str) -> None:
    got = _pos(w)["colour"]
    expect(got == colour_of(colour), f"the current colour is {got}, expected {colour}")


@step("then", SEAT + r" holds (?P<n>\d+) cards?")
def then_holds_n(w: World, seat: str, n: str) -> None:
    hand = _pos(w)["hands"][int(seat)]
    expect(
        len(hand) == int(n), f"seat {seat} holds {len(hand)} cards ({' '.join(hand)}), expected {n}"
    )


@step("then", SEAT + r" holds exactly (?P<held>.+)")
def then_holds(w: World, seat: str, held: str) -> None:
    hand = _pos(w)["hands"][int(seat)]
    expect(
        sorted(hand) == sorted(cards(held)),
        f"seat {seat} holds {' '.join(sorted(hand))}, expected {held}",
    )


@step("then", r"the draw pile holds (?P<n>\d+) cards?")
def then_draw_count(w: World, n: str) -> None:
    got = len(_pos(w)["draw_pile"])
    expect(got == int(n), f"the draw pile holds {got} cards, expected {n}")


@step("then", r"the discard pile holds (?P<n>\d+) cards?")
def then_discard_count(w: World, n: str) -> None:
    got = len(_pos(w)["discard_pile"])
    expect(got == int(n), f"the discard pile holds {got} cards, expected {n}")


@step("then", r"play runs (?P<way>clockwise|counter-clockwise)")
def then_direction(w: World, way: str) -> None:
    d = _pos(w)["direction"]
    expect(
        d == (1 if way == "clockwise" else -1),
        f"play runs {'clockwise' if d == 1 else 'counter-clockwise'}",
    )


@step("then", SEAT + r" (?P<neg>may not|may) (?P<what>.+)")
def then_may(w: World, seat: str, neg: str, what: str) -> None:
    _pos(w)
    action = parse_action(int(seat), what)
    legal = w.legal()
    found = any(same_action(a, action) for a in legal)
    if neg == "may":
        expect(found, f"seat {seat} may not {what}; legal: {_brief(legal)}")
    else:
        expect(not found, f"seat {seat} may {what}, but the rules forbid it")


@step("then", r"the legal actions of seat (?P<seat>\d+) are")
def then_legal_exact(w: World, seat: str, table: list[list[str]]) -> None:
    _pos(w)
    want = [parse_action(int(seat), row[0]) for row in table[1:]]
    got = [a for a in w.legal() if a["seat"] == int(seat)]
    twice = [a for i, a in enumerate(got) if any(same_action(a, b) for b in got[:i])]
    expect(not twice, f"listed more than once: {_brief(twice)}")
    missing = [a for a in want if not any(same_action(a, g) for g in got)]
    extra = [g for g in got if not any(same_action(a, g) for a in want)]
    expect(not missing and not extra, f"missing {_brief(missing)}, unexpected {_brief(extra)}")


@step("then", r"nobody may act")
def then_nobody(w: World) -> None:
    _pos(w)
    expect(w.legal() == [], f"legal actions remain: {_brief(w.legal())}")


@step(
    "then",
    r"the game waits for (?P<what>a reshuffle|the deal|the dealer-selection draw|a new starter)",
)
def then_waits(w: World, what: str) -> None:
    need = _pos(w)["chance"]
    kind = {
        "a reshuffle": "shuffle",
        "the deal": "deal",
        "the dealer-selection draw": "dealer_draw",
        "a new starter": "shuffle",
    }[what]
    expect(need is not None and need["type"] == kind, f"the game waits for {need}, expected {kind}")


@step("then", r"seats? (?P<seats>[\d, and]+) draws? again for the deal")
def then_redraw(w: World, seats: str) -> None:
    need = _pos(w)["chance"]
    want = [int(s) for s in re.findall(r"\d+", seats)]
    expect(
        need and need["type"] == "dealer_draw" and need["seats"] == want, f"dealer redraw: {need}"
    )


@step("then", SEAT + r" is the dealer")
def then_dealer(w: World, seat: str) -> None:
    d = _pos(w)["dealer"]
    expect(d == int(seat), f"seat {d} is the dealer, expected {seat}")


@step("then", SEAT + r" (?P<state>must call UNO|has called UNO|can be caught|cannot be caught)")
def then_uno(w: World, seat: str, state: str) -> None:
    got = _pos(w)["uno"][int(seat)]
    ok = {
        "must call UNO": got in ("owed", "catchable"),
        "has called UNO": got == "called",
        "can be caught": got == "catchable",
        "cannot be caught": got != "catchable",
    }[state]
    expect(ok, f"seat {seat}: UNO state is {got!r}, expected '{state}'")


@step("then", r"the round is won by seat (?P<seat>\d+)")
def then_round_won(w: World, seat: str) -> None:
    pos = _pos(w)
    events = w.last.events if w.last else []
    if not getattr(w.port, "reports_events", True) and "last_round" not in pos:
        raise Unobservable(
            "needs events or the position field 'last_round', which the engine does not report"
        )
    won = [e["seat"] for e in events if e["type"] == "round_won"]
    last = (pos.get("last_round") or {}).get("winner")
    expect(
        int(seat) in won or last == int(seat), f"round won by {won or last}, expected seat {seat}"
    )


@step("then", r"the round goes on")
def then_round_goes_on(w: World) -> None:
    events = w.last.events if w.last else []
    expect(not any(e["type"] == "round_won" for e in events), "the round ended")


@step("then", r"the scores are (?P<scores>[\d ,]+)")
def then_scores(w: World, scores: str) -> None:
    want = [int(s) for s in re.split(r"[,\s]+", scores.strip())]
    got = _pos(w)["scores"]
    expect(got == want, f"the scores are {got}, expected {want}")


@step("then", r"the match is won by seats? (?P<seats>[\d, and]+)")
def then_match_won(w: World, seats: str) -> None:
    pos = _pos(w)
    want = sorted(int(s) for s in re.findall(r"\d+", seats))
    expect(
        pos["phase"] == "over" and pos["winner"] == want,
        f"phase {pos['phase']}, winner {pos['winner']}, expected {want}",
    )


@step("then", r"the match goes on")
def then_match_goes_on(w: World) -> None:
    expect(_pos(w)["phase"] != "over", "the match is over")


@step("then", r"an event (?P<kind>\w+) cites (?P<rule>[A-Z0-9\-]+)")
def then_event(w: World, kind: str, rule: str) -> None:
    w.require_checked()
    if not getattr(w.port, "reports_events", True):
        raise Unobservable("needs events, which the engine does not report")
    events = w.last.events if w.last else []
    expect(
        any(e["type"] == kind and e["rule"] == rule for e in events),
        f"no {kind} event citing {rule}: {events}",
    )


@step("then", r"seat (?P<seat>\d+) is seen to hold (?P<held>.+)")
def then_seen(w: World, seat: str, held: str) -> None:
    then_holds(w, seat, held)


@step("then", r"the phase is (?P<phase>\w+)")
def then_phase(w: World, phase: str) -> None:
    got = _pos(w)["phase"]
    expect(got == phase, f"the phase is {got}, expected {phase}")


@step("then", r"the outcome is (?P<outcome>.+)")
def then_outcome(w: World, outcome: str) -> None:
    """Outline outcomes: a short phrase that is itself one of the Then steps (after 'the
    outcome is'), e.g. ``the outcome is seat 1 is to act`` or ``refused under PLAY-MATCH``."""
    text = outcome.strip()
    if text.startswith("refused"):
        rule = text.removeprefix("refused").removeprefix(" under").strip() or None
        then_refused(w, rule)
        return
    for part in re.split(r"\s*;\s*", text):
        if part == "accepted":
            w.require_checked()
        else:
            run_step(w, part, "then")


@step("then", r"the position has (?P<pointer>/\S*) = (?P<value>.+)")
def then_pointer(w: World, pointer: str, value: str) -> None:
    """A field of the observed position, by JSON pointer, equals a JSON value."""
    node: Any = _pos(w)
    parts = pointer.strip("/").split("/") if pointer != "/" else []
    for i, part in enumerate(parts):
        if i == 0:
            node = node[part]  # a field the engine does not observe: Unobservable
        elif isinstance(node, list):
            node = node[int(part)]
        else:
            node = node.get(part) if isinstance(node, dict) else None
    want = json.loads(value)
    expect(node == want, f"{pointer} is {json.dumps(node)}, expected {value}")


def _brief(actions: list[Json]) -> str:
    out = []
    for a in actions:
        rest = " ".join(str(v) for k, v in a.items() if k not in ("type", "seat"))
        out.append(f"{a['seat']}:{a['type']}{' ' + rest if rest else ''}")
    return ", ".join(out) or "none"


__all__ = ["COLOURS", "STEPS", "ScenarioFailure", "World", "run_step"]
