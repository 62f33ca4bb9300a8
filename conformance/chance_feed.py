"""Chance a program made itself, fed to the reference.

Most UNO engines deal, draw and reshuffle with their own random generator. Such a program
declares ``own_deal`` and/or ``own_shuffle`` and *reports* what its generator did (the
protocol README, "Programs that own their chance"): the chance inputs it made (a dealer
draw, a deal, a shuffle with or without its order, a new starter) in the ``new_game`` reply
or in the ``apply`` reply of the action that made them, and the cards each action moved
from the draw pile into hands (``drawn``; without it, the cards that appeared in the hands
it observes).

:func:`advance` runs one step on the reference with those reports: the draw pile is
rearranged so that every draw the reference makes gets the card the program drew for that
seat, each reshuffle the reference asks for gets the program's order (or one that puts
the cards drawn next on top), and each deal, dealer draw and starter the reference waits
for comes from the program's report. Which card the program's generator chose is never a
finding; what no generator may do is (:class:`Note`): a card the deck does not hold or
the pile cannot give (DECK-COMPOSITION), a deal of another size (DEAL-SEVEN), a reshuffle
that takes the top card (RESHUFFLE), a tie for dealer settled without a redraw
(P-DEALER-TIE), a dealer other than the one the rules choose (DEALER-SELECTION,
P-NEXT-DEALER).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from unospec.reference import IllegalAction, apply, setup
from unospec.reference.config import Config
from unospec.reference.drawing import apply_reshuffle, kept_discards
from unospec.reference.position import Position
from unospec.spec.cards import CANONICAL_DECK, DECK_COUNTS, is_card

Json = dict[str, Any]

#: which capabilities own which chance input (either one of a tuple): a program that
#: shuffles with its own generator also shuffles a returned starter back
OWNER = {
    "dealer_draw": ("own_deal",),
    "deal": ("own_deal",),
    "starter": ("own_deal", "own_shuffle"),
    "reshuffle": ("own_shuffle",),
}

#: cards that count 0 in the dealer draw, to build a draw that names a known dealer
_ZEROS = [c for c in CANONICAL_DECK if not c[1:].isdigit()]


class ReportError(ValueError):
    """A chance report that is not in the protocol's form (a protocol error)."""


@dataclass(frozen=True)
class Report:
    """What a program said about the chance of one step: the chance inputs it made
    (``items``, in order) and the cards moved from the draw pile into hands (``drawn``,
    ``None`` when it did not say)."""

    items: tuple[Json, ...] = ()
    drawn: tuple[tuple[int, tuple[str, ...]], ...] | None = None

    @property
    def empty(self) -> bool:
        return not self.items and self.drawn is None


def report_of(reply: Json, players: int) -> Report:
    """The chance report carried by a ``new_game`` or ``apply`` reply."""
    items = reply.get("chance", [])
    if items is None:
        items = []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise ReportError("'chance' must be a list of chance objects")
    for i, item in enumerate(items):
        kind = item.get("type")
        if kind not in ("dealer_draw", "deal", "shuffle", "starter"):
            raise ReportError(f"chance/{i}: unknown type {kind!r}")
        for key in ("cards", "order", "draw_pile"):
            if key in item and not _cards_ok(item[key]):
                raise ReportError(f"chance/{i}/{key}: expected a list of cards")
        if kind == "deal":
            hands = item.get("hands")
            if not isinstance(hands, list) or len(hands) != players:
                raise ReportError(f"chance/{i}/hands: one hand per seat ({players})")
            if not all(_cards_ok(h) for h in hands):
                raise ReportError(f"chance/{i}/hands: expected lists of cards")
            if not is_card(item.get("starter")):
                raise ReportError(f"chance/{i}/starter: expected a card")
            if "dealer" in item and not _seat_ok(item["dealer"], players):
                raise ReportError(f"chance/{i}/dealer: expected a seat")
        if kind == "starter" and not is_card(item.get("card")):
            raise ReportError(f"chance/{i}/card: expected a card")
    drawn = reply.get("drawn")
    if drawn is None:
        return Report(tuple(items), None)
    if not isinstance(drawn, list):
        raise ReportError("'drawn' must be a list of {seat, cards}")
    out = []
    for i, d in enumerate(drawn):
        if not isinstance(d, dict) or not _seat_ok(d.get("seat"), players):
            raise ReportError(f"drawn/{i}: expected {{'seat': …, 'cards': […]}}")
        if not _cards_ok(d.get("cards")):
            raise ReportError(f"drawn/{i}/cards: expected a list of cards")
        out.append((d["seat"], tuple(d["cards"])))
    return Report(tuple(items), tuple(out))


def _cards_ok(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(c, str) and is_card(c) for c in v)


def _seat_ok(v: Any, players: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < players


@dataclass(frozen=True)
class Note:
    """Something the reports show that no generator may do. ``fatal``: the reference
    cannot follow the program past it."""

    rule: str
    message: str
    field: str | None = None
    fatal: bool = False


@dataclass
class Stepped:
    """One step run on the reference with the program's chance."""

    after: Position
    events: list[Json]
    notes: list[Note] = field(default_factory=list)
    waiting: bool = False  # stopped at a chance input the harness dictates
    inputs: list[Json] = field(default_factory=list)  # the chance inputs it took, in order


@dataclass(frozen=True)
class Feed:
    """The chance of one step as the program made it: its report, what it owns, and (to
    infer unreported draws) the hands it observed after the step."""

    report: Report = Report()
    owns: frozenset[str] = frozenset()
    observed_hands: tuple[tuple[str, ...], ...] | None = None

    def owner(self, need: Json) -> bool:
        kind = need["type"]
        if kind == "shuffle":
            kind = "starter" if need.get("purpose") == "starter" else "reshuffle"
        return any(c in self.owns for c in OWNER[kind])

    def dealt_scripts(self, inputs: list[Json]) -> dict[int, list[str]]:
        """Per seat, the cards it holds beyond what the step's deal gave it (a Draw Two
        starter's draw), from the hands the program observes; ``{}`` without a deal."""
        deal = next((i for i in reversed(inputs) if i.get("type") == "deal"), None)
        if deal is None or self.observed_hands is None:
            return {}
        out: dict[int, list[str]] = {}
        for seat, hand in enumerate(self.observed_hands):
            if seat >= len(deal["hands"]):
                break
            had = Counter(deal["hands"][seat])
            new = []
            for c in hand:
                if had[c] > 0:
                    had[c] -= 1
                else:
                    new.append(c)
            if new:
                out[seat] = new
        return out

    def scripts(self, before: Position) -> dict[int, list[str]]:
        """Per seat, the cards the program drew in this step, in order."""
        out: dict[int, list[str]] = {}
        if self.report.drawn is not None:
            for seat, cards in self.report.drawn:
                out.setdefault(seat, []).extend(cards)
            return out
        if self.observed_hands is None or not self.owns:
            return out
        for seat, hand in enumerate(self.observed_hands):
            if seat >= len(before.hands):
                break
            had = Counter(before.hands[seat])
            new = []
            for c in hand:  # cards keep their place in the hand: drawn ones come last
                if had[c] > 0:
                    had[c] -= 1
                else:
                    new.append(c)
            if new:
                out[seat] = new
        return out


def advance(
    before: Position, action: Json | None, feed: Feed, cfg: Config | None = None
) -> Stepped:
    """Run one step on the reference: ``action`` (a seat action or a dictated chance
    input; ``None`` to serve only the chance the position waits for), then every chance
    input the program owns, from its report. Draws get the cards the program drew.
    ``cfg`` plays the step under other options (a counterfactual).

    Raises :class:`IllegalAction` when the reference refuses ``action``."""
    start = before.copy()
    if cfg is not None:
        start.cfg = cfg
    scripts = feed.scripts(before)
    run = _run(start, action, feed, None)
    after_deal = feed.dealt_scripts(run.stepped.inputs)
    for seat, cards in after_deal.items():  # what the hands gained after a deal is not
        left = Counter(cards)  # what was drawn before it (a report may list both)
        kept = []
        for c in scripts.get(seat, []):
            if left[c] > 0:
                left[c] -= 1
            else:
                kept.append(c)
        if seat in scripts:
            scripts[seat] = kept
    if not (scripts or after_deal) or not run.draws:
        return run.stepped
    for _ in range(3):  # the draws may change with the cards drawn (draw variants)
        plan = _arrange(start, scripts, after_deal, run.draws)
        again = _run(start, action, feed, plan)
        again.stepped.notes[:0] = plan.notes
        if again.draws == run.draws:
            return again.stepped
        run = again
    return run.stepped


@dataclass
class _Run:
    stepped: Stepped
    # (segment, seat, count, after a deal) in the order drawn
    draws: list[tuple[int, int, int, bool]]


@dataclass
class _Plan:
    """Card orders that give each draw the program's card: the draw pile at the start,
    and for each reshuffle the cards wanted on top of it."""

    pile: list[str]
    wishes: list[list[str | None]]
    notes: list[Note] = field(default_factory=list)
    dealt: list[str | None] = field(default_factory=list)  # wanted on top of a new deal's pile


def _run(start: Position, action: Json | None, feed: Feed, plan: _Plan | None) -> _Run:
    pos = start.copy()
    pos.cfg = start.cfg
    if plan is not None:
        pos.draw_pile = list(plan.pile)
    events: list[Json] = []
    notes: list[Note] = []
    inputs: list[Json] = []
    if action is not None:
        pos, events = apply(pos, action)
    items = list(feed.report.items)
    wishes = list(plan.wishes) if plan is not None else []
    waiting = False
    while pos.chance is not None:
        need = pos.chance
        if not feed.owner(need):
            waiting = True
            break
        if need["type"] == "shuffle" and need.get("purpose") != "starter":
            chance = _reshuffle(need, items, wishes, notes, pos)
        else:
            chance = _deal_input(pos, need, items, notes)
            if chance is not None and plan is not None and plan.dealt:
                chance = _deal_wish(chance, plan.dealt, notes)
        if chance is None:
            waiting = True
            break
        try:
            pos, more = apply(pos, chance)
            inputs.append(chance)
        except IllegalAction as e:
            notes.append(Note(e.rule, f"the program's {chance['type']}: {e.reason}", e.field, True))
            waiting = True
            break
        events += more
    for item in items:
        if item.get("type") == "shuffle":
            _early_reshuffle(pos, item, events, notes)
        else:
            notes.append(
                Note(
                    "DEAL-SEVEN",
                    f"the program made a {item.get('type')} the rules did not call for here",
                    "/chance",
                )
            )
    draws = []
    segment, dealt = 0, False
    for e in events:
        if e["type"] == "reshuffled":
            segment += 1
        elif e["type"] == "dealt":
            dealt = True
        elif e["type"] == "cards_drawn":
            draws.append((segment, e["seat"], len(e["cards"]), dealt))
    return _Run(Stepped(pos, events, notes, waiting, inputs), draws)


def _reshuffle(
    need: Json, items: list[Json], wishes: list[list[str | None]], notes: list[Note], pos: Position
) -> Json:
    """The order of a reshuffle: the program's, when it reported one; else the cards the
    program drew next on top; else the cards in canonical order."""
    reported = next((i for i in items if i.get("type") == "shuffle"), None)
    wish = wishes.pop(0) if wishes else None
    planned = front(list(need["cards"]), wish, notes, "the reshuffled pile") if wish else None
    if reported is not None:
        items.remove(reported)
        order = reported.get("order")
        if order is not None:
            if Counter(order) != Counter(need["cards"]):
                top = pos.discard_pile[-1] if pos.discard_pile else None
                took_top = top is not None and Counter(order) - Counter(need["cards"]) == Counter(
                    [top]
                )
                notes.append(
                    Note(
                        "RESHUFFLE",
                        "the reshuffle took the top discard into the new draw pile"
                        if took_top
                        else "the reshuffled cards are not the discards below the top card",
                        "/chance",
                        fatal=True,
                    )
                )
            else:
                return {"type": "shuffle", "order": list(order)}
    return {"type": "shuffle", "order": planned if planned is not None else list(need["cards"])}


def _deal_wish(chance: Json, wish: list[str | None], notes: list[Note]) -> Json:
    """A deal (or a returned starter's shuffle) with the cards drawn after it on top of its
    pile, below the new starter (a Draw Two starter's victim draws them)."""
    if chance["type"] == "deal":
        return {**chance, "draw_pile": front(chance["draw_pile"], wish, notes, "the new draw pile")}
    if chance["type"] == "shuffle" and chance["order"]:
        first, rest = chance["order"][0], list(chance["order"][1:])
        ahead: list[Note] = []  # the deal's pile was arranged too: only this one counts
        return {**chance, "order": [first, *front(rest, wish, ahead, "the new draw pile")]}
    return chance


def _early_reshuffle(pos: Position, item: Json, events: list[Json], notes: list[Note]) -> None:
    """The program rebuilt its draw pile when no draw needed a card (RESHUFFLE says: only
    when a draw needs one). The reference follows it, where it can, so judging goes on."""
    keep = kept_discards(pos)
    cards = pos.discard_pile[:-keep]
    order = item.get("order")
    top_taken = order is not None and Counter(order) == Counter(pos.discard_pile + pos.draw_pile)
    if (
        pos.draw_pile
        or not cards
        or top_taken
        or (order is not None and Counter(order) != Counter(cards))
    ):
        notes.append(
            Note(
                "RESHUFFLE",
                "the reshuffle took the top discard into the new draw pile"
                if top_taken
                else "the program rebuilt a draw pile the rules would not rebuild here",
                "/chance",
                fatal=True,
            )
        )
        return
    notes.append(
        Note(
            "RESHUFFLE",
            "the program rebuilt the draw pile as it ran out; the rules rebuild it only when "
            "a draw needs a card",
            "/chance",
        )
    )
    apply_reshuffle(pos, list(order) if order is not None else sorted(cards), events)


def _deal_input(pos: Position, need: Json, items: list[Json], notes: list[Note]) -> Json | None:
    """The dealer draw, deal or starter shuffle the reference waits for, from the program's
    report (adapted, with a note, where the program did what the rules do not)."""
    kind = need["type"]
    if kind == "dealer_draw":
        item = _take(items, "dealer_draw")
        deal = next((i for i in items if i.get("type") == "deal"), None)
        if item is not None:
            cards = item.get("cards") or []
            if len(cards) == len(need["seats"]):
                return {"type": "dealer_draw", "cards": list(cards)}
            notes.append(
                Note(
                    "DEALER-SELECTION", "a dealer draw with a card for each drawing seat", "/chance"
                )
            )
        dealer = deal.get("dealer") if deal is not None else None
        if dealer is None or dealer not in need["seats"]:
            return None
        if item is None and len(need["seats"]) < pos.players:
            # the program dealt after a tie without the tied seats drawing again
            notes.append(
                Note(
                    "P-DEALER-TIE",
                    f"seats {need['seats']} tied for dealer and did not draw again; "
                    f"seat {dealer} deals",
                    "/chance",
                )
            )
        return _dealer_draw_for(need["seats"], dealer)
    if kind == "deal":
        item = next((i for i in items if i.get("type") == "deal"), None)
        if item is None:
            return None
        dealer = item.get("dealer")
        if dealer is not None and dealer != need["dealer"]:
            rule = "DEALER-SELECTION" if pos.round == 1 else "P-NEXT-DEALER"
            notes.append(
                Note(
                    rule, f"seat {dealer} deals; the rules choose seat {need['dealer']}", "/dealer"
                )
            )
            pos.dealer = dealer
            setup.ask_for_deal(pos)
            need = pos.chance or need
        items.remove(item)
        return _deal_of(item, pos, notes)
    # a starter returned to the deck: the program's shuffle (if any), then its new starter
    shuffle = _take(items, "shuffle")
    starter = _take(items, "starter")
    cards = list(need["cards"])
    order = shuffle.get("order") if shuffle is not None else None
    if order is not None and Counter(order) == Counter(cards):
        return {"type": "shuffle", "order": list(order)}
    if starter is None:
        return None
    card = starter["card"]
    if card not in cards:
        notes.append(
            Note(
                "DECK-COMPOSITION",
                f"the new starter {card} is not in the draw pile",
                "/chance",
                True,
            )
        )
        return None
    cards.remove(card)
    return {"type": "shuffle", "order": [card, *cards]}


def _take(items: list[Json], kind: str) -> Json | None:
    for i, item in enumerate(items):
        if item.get("type") == kind:
            return items.pop(i)
        if item.get("type") == "deal" and kind != "deal":
            return None  # a deal ends the inputs that come before it
    return None


def _dealer_draw_for(seats: list[int], dealer: int) -> Json:
    """A dealer draw that makes ``dealer`` the one highest (what the program did not report)."""
    zeros = iter(_ZEROS)
    return {"type": "dealer_draw", "cards": ["R9" if s == dealer else next(zeros) for s in seats]}


def _deal_of(item: Json, pos: Position, notes: list[Note]) -> Json | None:
    """The deal chance input for the program's reported deal; the draw pile in its order
    when reported, else the cards left in canonical order (arranged by later draws)."""
    hands = [list(h) for h in item["hands"]]
    starter = item["starter"]
    held = Counter([starter])
    for h in hands:
        held.update(h)
    over = held - Counter(DECK_COUNTS)
    if over:
        notes.append(
            Note(
                "DECK-COMPOSITION",
                f"the deal holds more copies than the deck of {' '.join(sorted(over.elements()))}",
                "/chance",
                True,
            )
        )
        return None
    for s, h in enumerate(hands):
        want = 0 if pos.eliminated[s] else 7
        if len(h) != want:
            notes.append(
                Note("DEAL-SEVEN", f"seat {s} was dealt {len(h)} cards", f"/hands/{s}", True)
            )
            return None
    rest = Counter(DECK_COUNTS) - held
    pile = item.get("draw_pile")
    if pile is None or Counter(pile) != rest:
        if pile is not None:
            notes.append(
                Note(
                    "DECK-COMPOSITION",
                    "the reported draw pile is not the rest of the deck",
                    "/chance",
                )
            )
        pile = _keep(list(CANONICAL_DECK), rest)
    return {"type": "deal", "hands": hands, "starter": starter, "draw_pile": list(pile)}


def _arrange(
    start: Position,
    scripts: dict[int, list[str]],
    after_deal: dict[int, list[str]],
    draws: list[tuple[int, int, int, bool]],
) -> _Plan:
    """Pile orders under which the reference's draws (``draws``, from a first run) get the
    program's cards for each seat (``after_deal``: for draws after a deal in the step,
    e.g. a Draw Two starter's): the draws before the first reshuffle from the current
    pile, the others from the orders of the reshuffles (completed when their cards are
    known)."""
    queues = {s: list(cs) for s, cs in scripts.items()}
    later = {s: list(cs) for s, cs in after_deal.items()}
    wanted: list[list[str | None]] = [[]]
    on_deal: list[str | None] = []
    for segment, seat, count, dealt in draws:
        while len(wanted) <= segment:
            wanted.append([])
        source = later if dealt else queues  # the hands before a deal tell nothing after it
        q = source.get(seat, [])
        take, source[seat] = q[:count], q[count:]
        cards = [*take, *([None] * (count - len(take)))]
        if dealt:
            on_deal += cards  # drawn from the new deal's pile
        else:
            wanted[segment] += cards
    notes: list[Note] = []
    pile = front(start.draw_pile, wanted[0], notes, "the draw pile")
    return _Plan(pile, wanted[1:], notes, on_deal)


def front(cards: list[str], first: list[str | None], notes: list[Note], where: str) -> list[str]:
    """``cards`` reordered so that the cards ``first`` names come first, each at its place
    (``None``: any card not named); a named card ``cards`` lacks is noted
    (DECK-COMPOSITION) and its place given to another."""
    left = Counter(cards)
    placed: list[str | None] = []
    for c in first:
        if c is not None and left[c] > 0:
            left[c] -= 1
            placed.append(c)
            continue
        if c is not None:
            notes.append(
                Note("DECK-COMPOSITION", f"{c} was drawn but {where} does not hold it", "/drawn")
            )
        placed.append(None)
    spare = iter(_keep(cards, left))
    out = [c if c is not None else next(spare, None) for c in placed]
    return [c for c in out if c is not None] + list(spare)


def _keep(cards: list[str], counts: Counter[str]) -> list[str]:
    """The cards of ``cards``, in order, up to ``counts`` copies of each."""
    left = Counter(counts)
    out = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            out.append(c)
    return out
