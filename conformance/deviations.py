"""Common deviations of real UNO engines that no catalogue option describes.

The list is data (``deviations.toml``: an ID, the rule each breaks, what it does); this
module holds, for each, how the reference's outcome of a step changes under it:

* a **state** deviation takes the step as both sides played it (:class:`StepContext`) and
  returns what the reference would have reached with the deviation (or nothing, where
  the deviation makes no difference at this step);
* a **legal** deviation takes a position and its legal actions and returns the changes
  it makes to them, in independent groups (:class:`LegalChange`): a program may show
  one group without the others (a late catch of one seat, not of another).

They never change the reference itself: each is computed from the reference's own
outcome, with the reference's functions.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from unospec.chance_feed import Feed, Stepped, advance
from unospec.reference import IllegalAction, apply, legal_actions, setup
from unospec.reference.config import config
from unospec.reference.matching import playable
from unospec.reference.position import Position
from unospec.reference.turns import ring
from unospec.spec import arithmetic as ar
from unospec.spec.cards import POINTS, WILD, WILD_DRAW_FOUR, is_number

Json = dict[str, Any]


@dataclass(frozen=True)
class Deviation:
    id: str
    rules: tuple[str, ...]  # the rule it breaks (the first unless the step says which)
    kind: str  # "state" or "legal"
    what: str
    rank: int = 0  # among explanations of as much, the smaller is the likelier
    patch: bool = False  # it only touches UNO states or scores: it may follow another change


@dataclass
class StepContext:
    """One step as the reference and the program played it."""

    before: Position
    action: Json | None
    feed: Feed
    official: Stepped  # the reference's outcome under the certified rules
    observed: Json  # what the program observes after the step
    ended_direction: int = 1  # the direction the last round ended with


@dataclass(frozen=True)
class LegalChange:
    """Actions a deviation adds to or removes from a legal-action set, as one group."""

    rule: str
    add: tuple[Json, ...] = ()
    remove: tuple[Json, ...] = ()


#: how a legal deviation's added action is taken: a position where the rules allow it
ENABLE: dict[str, Callable[[Position, Json], Position | None]] = {}


@cache
def deviations() -> tuple[Deviation, ...]:
    """The deviations of ``deviations.toml``, in order."""
    data = tomllib.loads((files("unospec") / "deviations.toml").read_text(encoding="utf-8"))
    return tuple(
        Deviation(
            d["id"],
            tuple(d["rules"]),
            d["kind"],
            d["what"],
            d.get("rank", 0),
            d.get("patch", False),
        )
        for d in data["deviation"]
    )


def deviation(did: str) -> Deviation:
    return next(d for d in deviations() if d.id == did)


# -- state deviations ----------------------------------------------------------------------------

StateFn = Callable[[StepContext], list[tuple[Position, str]]]
STATE: dict[str, StateFn] = {}
LegalFn = Callable[[Position, list[Json]], list[LegalChange]]
LEGAL: dict[str, LegalFn] = {}


def state(did: str) -> Callable[[StateFn], StateFn]:
    def mark(fn: StateFn) -> StateFn:
        STATE[did] = fn
        return fn

    return mark


def legal(did: str) -> Callable[[LegalFn], LegalFn]:
    def mark(fn: LegalFn) -> LegalFn:
        LEGAL[did] = fn
        return fn

    return mark


@state("drawn-card-never-playable")
def drawn_card_never_playable(ctx: StepContext) -> list[tuple[Position, str]]:
    """The turn draw is followed at once by the end of the turn."""
    after = ctx.official.after
    turn_draw = any(
        e["type"] == "cards_drawn" and e["seat"] == after.to_act and after.drawn
        for e in ctx.official.events
    )
    if after.phase != "drawn" or after.to_act is None or not turn_draw:
        return []  # (the draw may end with a reshuffle: the step is then the shuffle)
    try:
        ended, _ = apply(after, {"type": "pass", "seat": after.to_act})
    except IllegalAction:
        return []
    return [(ended, "DRAW-THEN-PLAY")]


@state("drawn-card-played-at-once")
def drawn_card_played_at_once(ctx: StepContext) -> list[tuple[Position, str]]:
    """The card just drawn, when it may be played, is laid at once (a wild card with the
    colour the program shows): the player is not asked."""
    after, obs = ctx.official.after, ctx.observed
    if after.phase != "drawn" or after.to_act is None or not after.drawn:
        return []
    seat, card = after.to_act, after.drawn[-1]
    play = {"type": "play", "seat": seat, "card": card}
    try:
        if play not in legal_actions(after):
            return []
        out, _ = apply(after, play)
        if out.phase == "colour" and obs.get("colour") in ("R", "Y", "G", "B"):
            out, _ = apply(out, {"type": "colour", "seat": seat, "colour": obs["colour"]})
    except IllegalAction:
        return []
    found = [(out, "DRAW-THEN-PLAY")]
    if card == WILD_DRAW_FOUR and out.phase == "challenge":
        # laid for the player, it takes no effect: its victim simply plays next
        quiet = out.copy()
        quiet.phase, quiet.pending = "turn", None
        found.append((quiet, "WD4-EFFECT"))
    return found


@state("two-player-reverse-not-skip")
def two_player_reverse_not_skip(ctx: StepContext) -> list[tuple[Position, str]]:
    """With two players a Reverse gives the turn to the opponent."""
    a, after = ctx.action, ctx.official.after
    if not a or a.get("type") != "play" or not a.get("card", "").endswith("R"):
        return []
    seats = ring(after)
    if len(seats) != 2 or after.phase != "turn" or after.to_act != a["seat"]:
        return []
    out = after.copy()
    out.to_act = seats[1 - seats.index(a["seat"])]
    return [(out, "REVERSE-TWO-PLAYER")]


def _deal_of(ctx: StepContext) -> Json | None:
    """The deal this step made (a dictated one, or one the program reported)."""
    a = ctx.action
    if a is not None and a.get("type") == "deal":
        return a
    return next((i for i in ctx.official.inputs if i.get("type") == "deal"), None)


def _since_starter(events: list[Json]) -> list[Json]:
    """The events after the last deal or new starter of a step (a round-ending step that
    deals the next round holds the last round's events too)."""
    marks = [i for i, e in enumerate(events) if e["type"] in ("dealt", "starter_flipped")]
    return events[marks[-1] + 1 :] if marks else events


def _starter_step(ctx: StepContext) -> bool:
    """Did this step turn up the starter that now acts (a deal, or a new starter after
    one was returned)?"""
    return any(e["type"] in ("dealt", "starter_flipped") for e in ctx.official.events)


def _kind(card: str) -> int | None:
    """The arithmetic's class of a starter that takes effect (``None``: returned)."""
    if card == WILD_DRAW_FOUR:
        return None
    if card == WILD:
        return ar.WILD
    face = card[1:]
    return {"S": ar.SKIP, "R": ar.REVERSE, "D2": ar.DRAW_TWO}.get(face, ar.NUMBER)


def _restart(
    ctx: StepContext, first: int, direction: int, victim: int, rule: str
) -> list[tuple[Position, str]]:
    """The position after the deal with the starter acting otherwise: ``first`` to act
    (or to name the colour), ``direction``, and ``victim`` drawing two (Draw Two)."""
    after = ctx.official.after
    if after.phase not in ("turn", "colour") or after.chance is not None:
        return []
    seats = ring(after)
    out = after.copy()
    first_seat = seats[first]
    old = [e for e in _since_starter(ctx.official.events) if e["type"] == "cards_drawn"]
    if old or victim != ar.NO_VICTIM:
        got = _redraw(out, ctx, old, seats[victim] if victim != ar.NO_VICTIM else None)
        if got is None:
            return []
    out.direction = direction
    out.to_act = first_seat
    if out.phase == "colour" and out.pending is not None:
        out.pending = {**out.pending, "seat": first_seat}
    return [(out, rule)]


def _redraw(
    pos: Position, ctx: StepContext, old: list[Json], victim: int | None
) -> Position | None:
    """Undo the starter's draws of the official outcome and let ``victim`` draw the cards
    the program gave it instead (from its report, or the cards its hand gained)."""
    for e in reversed(old):
        for c in reversed(e["cards"]):
            pos.hands[e["seat"]].remove(c)
            pos.draw_pile.insert(0, c)
    if victim is None:
        return pos
    deal = _deal_of(ctx)
    hand = ctx.observed.get("hands", [None] * pos.players)[victim]
    scripted = ctx.feed.scripts(ctx.before).get(victim, [])
    if ctx.feed.report.drawn is None and isinstance(hand, list):
        dealt = list(deal["hands"][victim] if deal is not None else ctx.before.hands[victim])
        scripted = []
        for c in hand:
            if c in dealt:
                dealt.remove(c)
            else:
                scripted.append(c)
    cards = list(scripted[:2])
    for c in cards:
        if c not in pos.draw_pile:
            return None
        pos.draw_pile.remove(c)
    while len(cards) < 2 and pos.draw_pile:
        cards.append(pos.draw_pile.pop(0))
    pos.hands[victim].extend(cards)
    return pos


@state("dealer-starts")
def dealer_starts(ctx: StepContext) -> list[tuple[Position, str]]:
    """The starter acts as if the seat before the dealer had dealt: the dealer begins."""
    after = ctx.official.after
    if not _starter_step(ctx) or after.dealer is None or not after.discard_pile:
        return []
    kind = _kind(after.discard_pile[-1])
    if kind is None:
        return []
    seats = ring(after)
    d = seats.index(after.dealer)
    first, direction, victim = ar.starter_effect((d - 1) % len(seats), len(seats), kind)
    return _restart(ctx, first, direction, victim, "FIRST-PLAYER")


@state("special-starter-ignored")
def special_starter_ignored(ctx: StepContext) -> list[tuple[Position, str]]:
    """A Skip, Reverse or Draw Two starter acts like a number card."""
    after = ctx.official.after
    if not _starter_step(ctx) or after.dealer is None or not after.discard_pile:
        return []
    kind = _kind(after.discard_pile[-1])
    rule = {
        ar.SKIP: "FIRST-CARD-SKIP",
        ar.REVERSE: "FIRST-CARD-REVERSE",
        ar.DRAW_TWO: "FIRST-CARD-DRAW-TWO",
    }.get(kind or -1)
    if rule is None:
        return []
    seats = ring(after)
    first, direction, victim = ar.starter_effect(seats.index(after.dealer), len(seats), ar.NUMBER)
    return _restart(ctx, first, direction, victim, rule)


@state("dealer-chosen-otherwise")
def dealer_chosen_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """The program names a dealer after the dealer draw where the rules choose another
    (or wait for tied seats to draw again): the round waits for that dealer's deal."""
    a, after, dealer = ctx.action, ctx.official.after, ctx.observed.get("dealer")
    if not a or a.get("type") != "dealer_draw" or not isinstance(dealer, int):
        return []
    if dealer == after.dealer or not 0 <= dealer < after.players:
        return []
    tie = after.chance is not None and after.chance["type"] == "dealer_draw"
    rule = "P-DEALER-TIE" if tie and dealer in after.chance["seats"] else "DEALER-SELECTION"
    out = after.copy()
    out.dealer = dealer
    out.chance = None
    setup.ask_for_deal(out)
    return [(out, rule)]


@state("tie-redraw-otherwise")
def tie_redraw_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """After a tie the program asks other seats to draw again than the tied ones."""
    a, after, want = ctx.action, ctx.official.after, ctx.observed.get("chance")
    if not a or a.get("type") != "dealer_draw" or not isinstance(want, dict):
        return []
    seats = want.get("seats")
    if want.get("type") != "dealer_draw" or not isinstance(seats, list):
        return []
    if not all(isinstance(x, int) and 0 <= x < after.players for x in seats) or not seats:
        return []
    out = ctx.before.copy()
    out.chance = {"type": "dealer_draw", "seats": sorted(set(seats))}
    return [(out, "P-DEALER-TIE")]


@state("hands-dealt-otherwise")
def hands_dealt_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """The program's hands after the deal have another size: follow its hands (and its
    draw pile, where it shows one), the cards coming from the rest of the deck."""
    hands, pile = ctx.observed.get("hands"), ctx.observed.get("draw_pile")
    after = ctx.official.after
    if _deal_of(ctx) is None or not isinstance(hands, list) or len(hands) != after.players:
        return []
    if not all(isinstance(h, list) and all(isinstance(c, str) for c in h) for h in hands):
        return []
    sizes = sorted(len(h) for s, h in enumerate(hands) if not after.eliminated[s])
    k = sizes[0]
    # every hand holds k cards (one may hold two more: a Draw Two starter's victim)
    if k == 7 or any(n != k for n in sizes[:-1]) or sizes[-1] not in (k, k + 2):
        return []
    pool = Counter(after.draw_pile)
    for h in after.hands:
        pool.update(h)
    held = Counter(c for h in hands for c in h)
    if held - pool:
        return []
    rest = pool - held
    out = after.copy()
    out.hands = [list(h) for h in hands]
    if isinstance(pile, list) and Counter(pile) == rest:
        out.draw_pile = list(pile)
    else:
        out.draw_pile = [c for c in after.draw_pile if rest[c] > 0 and not rest.subtract([c])]
        out.draw_pile += sorted(rest.elements())
    return [(out, "DEAL-SEVEN")]


@state("next-dealer-otherwise")
def next_dealer_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """The program's dealer for a new round: the round waits for that dealer's deal, or
    that dealer's starter takes effect."""
    after, dealer = ctx.official.after, ctx.observed.get("dealer")
    if after.round < 2 or not isinstance(dealer, int) or dealer == after.dealer:
        return []
    if dealer not in after.active:
        return []
    if after.phase == "deal" and after.chance is not None and after.chance["type"] == "deal":
        out = after.copy()
        out.dealer = dealer
        setup.ask_for_deal(out)
        return [(out, "P-NEXT-DEALER")]
    if not _starter_step(ctx) or not after.discard_pile:
        return []
    kind = _kind(after.discard_pile[-1])
    if kind is None:
        return []
    seats = ring(after)
    first, direction, victim = ar.starter_effect(seats.index(dealer), len(seats), kind)
    got = _restart(ctx, first, direction, victim, "P-NEXT-DEALER")
    for pos, _ in got:
        pos.dealer = dealer
    return got


#: the rules of a card's effect, by the events that show it
EFFECT_EVENTS = ("turn_skipped", "direction_reversed", "cards_drawn")
EFFECT_RULES = {
    "SKIP-EFFECT",
    "REVERSE-EFFECT",
    "DRAW-TWO-EFFECT",
    "WD4-EFFECT",
    "TWO-PLAYER-SKIP",
    "REVERSE-TWO-PLAYER",
    "TWO-PLAYER-DRAW",
}


@state("card-acts-otherwise")
def card_acts_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """The step passed the turn, set the direction or made seats draw otherwise than the
    rule of the card's effect (or TURN-ADVANCE, for a card without effect) says: follow
    the program's seat to act, direction and draws."""
    a, after, obs = ctx.action, ctx.official.after, ctx.observed
    if not a or a.get("type") not in ("play", "colour", "accept", "pass"):
        return []
    waiting = after.chance is not None  # a draw waits for a reshuffle half-way
    if waiting and (obs.get("chance") or {}).get("type", after.chance["type"]) != "shuffle":
        return []
    if after.phase != obs.get("phase", after.phase) or after.phase != "turn" and not waiting:
        return []
    to_act, direction = obs.get("to_act"), obs.get("direction", after.direction)
    if not isinstance(to_act, int) or to_act not in after.active or direction not in (1, -1):
        return []
    out = after.copy()
    redrawn = False if waiting else _redraws(out, ctx)
    if redrawn is None:
        return []
    events = ctx.official.events
    # blame the rule of what differs: the draws, else whose turn it is or the direction
    draws = [e["rule"] for e in events if e["type"] == "cards_drawn" and e["rule"] in EFFECT_RULES]
    turns = [
        e["rule"]
        for e in events
        if e["type"] in ("turn_skipped", "direction_reversed") and e["rule"] in EFFECT_RULES
    ]
    rule = (draws if redrawn else []) or turns or draws or ["TURN-ADVANCE"]
    out.to_act, out.direction = to_act, direction
    return [(out, rule[0])]


def _redraws(pos: Position, ctx: StepContext) -> bool | None:
    """Make the step's draws in ``pos`` the program's: undo the reference's, then give each
    seat the cards the program's report (or its hands) says it drew. ``True`` if that
    changed anything, ``False`` if the program drew as the reference did (or shows no
    hands), ``None`` if its draws cannot be followed."""
    hands = ctx.observed.get("hands")
    if not isinstance(hands, list) or len(hands) != pos.players:
        return False  # nothing shows the program's draws: keep the reference's
    drew = [e for e in ctx.official.events if e["type"] == "cards_drawn"]
    want = ctx.feed.scripts(ctx.before) if ctx.feed.report.drawn is not None else None
    if want is None:
        want = {}
        for s, h in enumerate(hands):
            if not isinstance(h, list):
                return None
            grown = len(h) - len(ctx.before.hands[s]) + _played(ctx, s)
            if grown > 0:
                had = Counter(ctx.before.hands[s])
                new = []
                for c in h:
                    if had[c] > 0:
                        had[c] -= 1
                    else:
                        new.append(c)
                want[s] = new[:grown]
    if {e["seat"]: len(e["cards"]) for e in drew} == {s: len(c) for s, c in want.items()}:
        return False
    for e in reversed(drew):
        for c in reversed(e["cards"]):
            pos.hands[e["seat"]].remove(c)
            pos.draw_pile.insert(0, c)
    for s, cards in want.items():
        for c in cards:
            if c in pos.draw_pile:
                pos.draw_pile.remove(c)
            elif pos.draw_pile:
                c = pos.draw_pile.pop(0)
            else:
                return None
            pos.hands[s].append(c)
    return True


def _played(ctx: StepContext, seat: int) -> int:
    """Cards ``seat`` laid in this step (1 for a play)."""
    a = ctx.action or {}
    return 1 if a.get("type") == "play" and a.get("seat") == seat else 0


STARTER_RULES = {
    ar.NUMBER: "FIRST-CARD-NUMBER",
    ar.SKIP: "FIRST-CARD-SKIP",
    ar.REVERSE: "FIRST-CARD-REVERSE",
    ar.DRAW_TWO: "FIRST-CARD-DRAW-TWO",
    ar.WILD: "FIRST-CARD-WILD",
}


@state("starter-acts-otherwise")
def starter_acts_otherwise(ctx: StepContext) -> list[tuple[Position, str]]:
    """After the deal, the program's first player, direction and (for a Draw Two) victim
    are others than the starter's rule gives: the starter's rule is broken, whatever the
    program did instead. A Wild Draw Four the rules return but the program keeps on top
    breaks FIRST-CARD-WD4."""
    after, obs = ctx.official.after, ctx.observed
    if not _starter_step(ctx) or after.dealer is None:
        return []
    to_act, direction = obs.get("to_act"), obs.get("direction")
    if not isinstance(to_act, int) or direction not in (1, -1):
        return []
    top = obs.get("discard_pile")
    kept_wd4 = (
        isinstance(top, list)
        and top[-1:] == [WILD_DRAW_FOUR]
        and any(e["type"] == "starter_returned" for e in ctx.official.events)
        and after.chance is not None
    )
    if kept_wd4:
        base = after.copy()
        base.draw_pile.remove(WILD_DRAW_FOUR)
        base.discard_pile = [WILD_DRAW_FOUR]
        base.chance = None
        base.phase = "colour" if obs.get("phase") == "colour" else "turn"
        base.pending = (
            {"seat": to_act, "starter": True, "wild": WILD_DRAW_FOUR, "prior_colour": None}
            if base.phase == "colour"
            else None
        )
        base.colour = obs.get("colour") if base.phase == "turn" else None
        rule = "FIRST-CARD-WD4"
    else:
        if not after.discard_pile or (kind := _kind(after.discard_pile[-1])) is None:
            return []
        base, rule = after, STARTER_RULES[kind]
    if to_act not in base.active:
        return []
    hands = obs.get("hands")
    deal = _deal_of(ctx)
    dealt = deal["hands"] if deal is not None else ctx.before.hands
    victim = ar.NO_VICTIM
    if isinstance(hands, list) and len(hands) == base.players:
        grew = [
            s
            for s in base.active
            if isinstance(hands[s], list) and len(hands[s]) == len(dealt[s]) + 2
        ]
        if len(grew) == 1:
            victim = ring(base).index(grew[0])
    seats = ring(base)
    ctx2 = (
        ctx
        if base is after
        else StepContext(
            ctx.before, ctx.action, ctx.feed, Stepped(base, ctx.official.events, []), ctx.observed
        )
    )
    return _restart(ctx2, seats.index(to_act), direction, victim, rule)


@state("direction-kept-for-new-round")
def direction_kept_for_new_round(ctx: StepContext) -> list[tuple[Position, str]]:
    """A new round's starter acts in the direction the last round ended with."""
    after = ctx.official.after
    waits = after.chance is not None and after.chance["type"] == "deal"
    if waits and after.round >= 2 and ctx.observed.get("direction") == -1:
        # the round is over and waits for its deal: the program keeps its direction
        out = after.copy()
        out.direction = -1
        return [(out, "DIRECTION-INITIAL")]
    if not _starter_step(ctx) or after.round < 2 or ctx.ended_direction == 1:
        return []
    if not after.discard_pile:
        return []
    kind = _kind(after.discard_pile[-1])
    if kind is None:
        return []
    seats = ring(after)
    n, d = len(seats), seats.index(after.dealer)
    to_act, direction, victim = ar.after_card(d, -1, n, kind)
    first = d if kind == ar.REVERSE else to_act
    out = []
    # the program may start from the dealer's neighbour in the kept direction, or keep
    # the direction but start at the dealer's left as usual
    out += _restart(ctx, first, direction, victim, "DIRECTION-INITIAL")
    if kind == ar.NUMBER:
        out += _restart(ctx, (d + 1) % n, -1, ar.NO_VICTIM, "DIRECTION-INITIAL")
    return out


def _rescored(ctx: StepContext, scores: list[int]) -> Position | None:
    """The outcome of a round-ending step with the totals ``scores`` instead of the
    reference's: the match ends or goes on as the program's observed phase says, and the
    reference decides that with these totals in mind (it plays the step again with a
    target that makes it decide the same way, then takes the totals)."""
    after = ctx.official.after
    over = ctx.observed.get("phase") == "over"
    if over == (after.phase == "over"):
        out = after.copy()
    else:
        if over and max(scores) < after.cfg.target:
            return None  # the program ends the match below the target: not this deviation
        if not over and max(scores) >= after.cfg.target:
            return None
        target = max(after.scores) if over else 10**9
        before = ctx.before
        cfg = config(before.profile, {**before.options, "V-EXT-TARGET-SCORE": {"target": target}})
        try:
            out = advance(before, ctx.action, ctx.feed, cfg).after
        except (IllegalAction, KeyError, ValueError, TypeError):
            return None
        out.cfg = before.cfg
    out.scores = list(scores)
    if out.phase == "over":
        best = max(scores)
        out.winner = [s for s in range(len(scores)) if scores[s] == best]
    return out


@state("final-draw-card-not-drawn")
def final_draw_card_not_drawn(ctx: StepContext) -> list[tuple[Position, str]]:
    """The last card's draw is not served: the round is scored without those cards."""
    drawn = [
        e
        for e in ctx.official.events
        if e["type"] == "cards_drawn" and e["rule"] == "LAST-CARD-DRAW"
    ]
    scored = [e for e in ctx.official.events if e["type"] == "points_scored"]
    if not drawn or len(scored) != 1:
        return []
    scores = list(ctx.official.after.scores)
    scores[scored[0]["seat"]] -= sum(POINTS[c] for e in drawn for c in e["cards"])
    out = _rescored(ctx, scores)
    if out is None:
        return []
    if out.phase == "over":  # the hands stay as the round left them: without those cards
        for e in reversed(drawn):
            for c in reversed(e["cards"]):
                if c in out.hands[e["seat"]]:
                    out.hands[e["seat"]].remove(c)
                    out.draw_pile.insert(0, c)
    if out.last_round is not None and "points" in out.last_round:
        lost = sum(POINTS[c] for e in drawn for c in e["cards"])
        out.last_round = {**out.last_round, "points": out.last_round["points"] - lost}
    return [(out, "LAST-CARD-DRAW")]


@state("card-values-differ")
def card_values_differ(ctx: StepContext) -> list[tuple[Position, str]]:
    """Only the round winner's total differs: the cards were counted at other values."""
    scored = [e for e in ctx.official.events if e["type"] == "points_scored"]
    got = ctx.observed.get("scores")
    after = ctx.official.after
    if len(scored) != 1 or not isinstance(got, list) or len(got) != len(after.scores):
        return []
    seat = scored[0]["seat"]
    others = [i for i in range(len(got)) if i != seat]
    if any(got[i] != after.scores[i] for i in others) or got[seat] == after.scores[seat]:
        return []
    if not isinstance(got[seat], int) or got[seat] < ctx.before.scores[seat]:
        return []
    out = _rescored(ctx, got)
    return [(out, "SCORE-VALUES")] if out is not None else []


def value_guess(hands: list[list[str]], delta: int) -> str:
    """A guess at which card values differ, from one round's score difference: the one
    class of card (number, action, wild) whose count divides it."""
    counts = {"number cards": 0, "action cards": 0, "wild cards": 0}
    for h in hands:
        for c in h:
            key = (
                "number cards"
                if is_number(c)
                else "wild cards"
                if c in (WILD, WILD_DRAW_FOUR)
                else "action cards"
            )
            counts[key] += 1
    fits = [k for k, n in counts.items() if n and delta % n == 0]
    if len(fits) == 1:
        k = fits[0]
        return f"{k} worth {delta // counts[k]:+d} each"
    return f"{delta:+d} points in all"


@state("any-card-after-draw")
def any_card_after_draw_state(ctx: StepContext) -> list[tuple[Position, str]]:
    """After an unplayable turn draw the turn does not end while another card of the
    hand may be played: the player still chooses (play one, or pass)."""
    a, seat = ctx.action, ctx.observed.get("to_act")
    if not a or ctx.before.phase not in ("turn", "drawn") or ctx.observed.get("phase") != "drawn":
        return []
    ended = any(e["type"] == "turn_ended" and e.get("seat") == seat for e in ctx.official.events)
    if not ended:
        return []
    keep = config(ctx.before.profile, {**ctx.before.options, "V-DRAW-UNTIL-STOP": True})
    try:
        out = advance(ctx.before, a, ctx.feed, keep).after
    except (IllegalAction, KeyError, ValueError, TypeError):
        return []
    out.cfg = ctx.before.cfg
    return [(out, "DRAW-THEN-PLAY")] if out.phase == "drawn" else []


@state("late-catch")
def late_catch_state(ctx: StepContext) -> list[tuple[Position, str]]:
    """A missed call stays catchable after its window has closed."""
    after, uno = ctx.official.after, ctx.observed.get("uno")
    if not isinstance(uno, list) or len(uno) != after.players:
        return []
    late = [
        s
        for s in after.active
        if uno[s] == "catchable" and after.uno[s] is None and len(after.hands[s]) == 1
    ]
    if not late:
        return []
    out = after.copy()
    for s in late:
        out.uno[s] = "catchable"
    return [(out, "UNO-CATCH-WINDOW")]


# -- legal deviations ----------------------------------------------------------------------------


@legal("no-uno-calls")
def no_uno_calls(pos: Position, acts: list[Json]) -> list[LegalChange]:
    """No UNO calls and no catches are offered."""
    gone = tuple(a for a in acts if a["type"] in ("uno", "catch"))
    if not gone:
        return []
    rule = "UNO-CALL" if any(a["type"] == "uno" for a in gone) else "UNO-CATCH"
    return [LegalChange(rule, remove=gone)]


@state("no-uno-calls")
def no_uno_calls_state(ctx: StepContext) -> list[tuple[Position, str]]:
    """Nobody ever owes a call: every seat's UNO state stays empty."""
    after, uno = ctx.official.after, ctx.observed.get("uno")
    if not isinstance(uno, list) or any(u is not None for u in uno):
        return []
    if all(u is None for u in after.uno):
        return []
    out = after.copy()
    out.uno = [None] * after.players
    return [(out, "UNO-CALL")]


@legal("no-voluntary-draw")
def no_voluntary_draw(pos: Position, acts: list[Json]) -> list[LegalChange]:
    s = pos.to_act
    if pos.phase != "turn" or s is None:
        return []
    draw = {"type": "draw", "seat": s}
    if draw not in acts or not any(a["type"] == "play" and a["seat"] == s for a in acts):
        return []
    return [LegalChange("DRAW-VOLUNTARY", remove=(draw,))]


@legal("any-card-after-draw")
def any_card_after_draw(pos: Position, acts: list[Json]) -> list[LegalChange]:
    s = pos.to_act
    if pos.phase != "drawn" or s is None:
        return []
    as_turn = pos.copy()
    as_turn.phase = "turn"
    extra = [
        {"type": "play", "seat": s, "card": c}
        for c in sorted(set(pos.hands[s]))
        if playable(as_turn, s, c) and {"type": "play", "seat": s, "card": c} not in acts
    ]
    return [LegalChange("DRAW-THEN-PLAY", add=tuple(extra))] if extra else []


@legal("late-catch")
def late_catch(pos: Position, acts: list[Json]) -> list[LegalChange]:
    if pos.phase in ("deal", "dealer", "scoring", "over") or pos.chance is not None:
        return []
    out = []
    for t in pos.active:
        if len(pos.hands[t]) != 1 or pos.uno[t] is not None:
            continue
        add = tuple(
            {"type": "catch", "seat": c, "target": t}
            for c in pos.active
            if c != t and {"type": "catch", "seat": c, "target": t} not in acts
        )
        if add:
            out.append(LegalChange("UNO-CATCH-WINDOW", add=add))
    return out


def _as_turn(pos: Position, action: Json) -> Position | None:
    """A card of the hand played after a draw: as if on the turn itself."""
    if pos.phase != "drawn" or action.get("type") != "play":
        return None
    out = pos.copy()
    out.phase, out.pending, out.drawn = "turn", None, []
    return out


def _catchable(pos: Position, action: Json) -> Position | None:
    """A missed call caught late: as if the window were still open."""
    t = action.get("target")
    if action.get("type") != "catch" or not isinstance(t, int) or not 0 <= t < pos.players:
        return None
    if pos.uno[t] is not None or len(pos.hands[t]) != 1:
        return None
    out = pos.copy()
    out.uno[t] = "catchable"
    return out


ENABLE["any-card-after-draw"] = _as_turn
ENABLE["late-catch"] = _catchable
