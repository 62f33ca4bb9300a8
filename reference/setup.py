"""Setting up: choosing the dealer, the deal, and the first discard."""

from __future__ import annotations

from collections import Counter
from typing import Any

from unospec.reference.errors import IllegalAction
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, event, give_turn, ring
from unospec.spec import arithmetic as ar
from unospec.spec.cards import CANONICAL_DECK, DECK_COUNTS, WILD, WILD_DRAW_FOUR, is_card, is_number

HAND_SIZE = 7


@implements("PLAYER-COUNT", "DECK-COMPOSITION", "CARD-CLASSES")
def new_game(
    players: int, profile: str = "official", options: dict[str, Any] | None = None
) -> Position:
    """A match of 2 to 10 players with the 108-card deck (:mod:`unospec.spec.cards`: four colours
    of one 0, two each of 1–9, Skip, Reverse and Draw Two; four Wild and four Wild Draw
    Four). The first chance input chooses the dealer."""
    if not isinstance(players, int) or not 2 <= players <= 10:
        raise IllegalAction(
            "PLAYER-COUNT", f"a game has 2 to 10 players, not {players!r}", field="/players"
        )
    pos = Position(
        profile=profile,
        options=dict(options or {}),
        players=players,
        phase="dealer",
        to_act=None,
        direction=1,
        dealer=None,
        hands=[[] for _ in range(players)],
        draw_pile=list(CANONICAL_DECK),
        discard_pile=[],
        colour=None,
        uno=[None] * players,
        missed_turns=[0] * players,
        scores=[0] * players,
        eliminated=[False] * players,
    )
    if pos.cfg.teams and (players < 4 or players % 2):
        raise IllegalAction(
            "V-TEAM",
            f"team play needs an even number of players, at least 4, not {players}",
            field="/players",
        )
    if pos.cfg.partner_rotation and players != 4:
        raise IllegalAction(
            "V-EXT-PARTNER-ROTATION",
            "partner rotation is for exactly four players",
            field="/players",
        )
    pos.chance = {"type": "dealer_draw", "seats": list(range(players))}
    return pos


def dealer_value(card: str) -> int:
    return int(card[1:]) if is_number(card) else 0


@implements("DEALER-SELECTION", "P-DEALER-TIE")
def dealer_draw(pos: Position, cards: list[str], events: list[Event]) -> None:
    """Each player draws a card; the highest deals, every non-number card counting 0.
    Players tied for highest draw again, only they, until one is highest. The drawn
    cards go back before the deal."""
    seats: list[int] = required_chance(pos)["seats"]
    values = {s: dealer_value(c) for s, c in zip(seats, cards, strict=True)}
    events.append(
        event(
            "dealer_cards", "DEALER-SELECTION", cards=dict(zip(map(str, seats), cards, strict=True))
        )
    )
    _, tied = ar.dealer_draw_result([values[s] for s in seats])
    top = [s for s, t in zip(seats, tied, strict=True) if t]
    if len(top) > 1:
        pos.chance = {"type": "dealer_draw", "seats": top}
        events.append(event("dealer_tie", "P-DEALER-TIE", seats=top))
        return
    pos.chance = None
    pos.dealer = top[0]
    events.append(event("dealer_chosen", "DEALER-SELECTION", seat=pos.dealer))
    ask_for_deal(pos)


def ask_for_deal(pos: Position) -> None:
    from unospec.reference.scoring import gather

    gather(pos)
    pos.phase = "deal"
    pos.to_act = None
    pos.pending = None
    pos.owed_draws = []
    pos.drawn = []
    pos.colour = None
    pos.announced = None
    pos.direction = 1
    pos.uno = [None] * pos.players
    pos.missed_turns = [0] * pos.players
    pos.idle_turns = 0
    pos.chance = {
        "type": "deal",
        "dealer": pos.dealer,
        "hand_size": HAND_SIZE,
        "seats": deal_order(pos),
    }


def dealer(pos: Position) -> int:
    """The dealer, once the dealer draw has chosen one."""
    if pos.dealer is None:
        raise RuntimeError("no dealer has been chosen yet")
    return pos.dealer


def required_chance(pos: Position) -> dict[str, Any]:
    """The chance input the position waits for, where the caller knows it waits."""
    if pos.chance is None:
        raise RuntimeError("the position does not wait for a chance input")
    return pos.chance


def deal_order(pos: Position) -> list[int]:
    """The seats that receive cards, starting at the dealer's left, clockwise."""
    seats: list[int] = []
    s = dealer(pos)
    for _ in range(pos.players):
        s = (s + 1) % pos.players
        if not pos.eliminated[s]:
            seats.append(s)
    return seats


def check_cards(cards: Any, where: str, rule: str) -> list[str]:
    if not isinstance(cards, list):
        raise IllegalAction(rule, "expected a list of cards", field=where)
    for i, c in enumerate(cards):
        if not is_card(c):
            raise IllegalAction(rule, f"{c!r} is not a card", field=f"{where}/{i}")
    return cards


@implements("DEAL-SEVEN", "DRAW-PILE-INIT", "FIRST-DISCARD-FLIP")
def deal(pos: Position, action: dict[str, Any], events: list[Event]) -> None:
    """The whole deck is shuffled and every player gets 7 cards; the rest is the face-down
    draw pile, and its top card is turned up to start the discard pile. The chance input
    names each hand, the starter and the draw pile explicitly (any dealing procedure fits)."""
    hands = action.get("hands")
    if not isinstance(hands, list) or len(hands) != pos.players:
        raise IllegalAction(
            "DEAL-SEVEN", f"a deal names one hand per seat ({pos.players})", field="/hands"
        )
    for s, h in enumerate(hands):
        check_cards(h, f"/hands/{s}", "DEAL-SEVEN")
        want = 0 if pos.eliminated[s] else HAND_SIZE
        if len(h) != want:
            raise IllegalAction(
                "DEAL-SEVEN",
                f"seat {s} must be dealt {want} cards, not {len(h)}",
                field=f"/hands/{s}",
            )
    starter = action.get("starter")
    if not isinstance(starter, str) or not is_card(starter):
        raise IllegalAction(
            "FIRST-DISCARD-FLIP", f"the starter {starter!r} is not a card", field="/starter"
        )
    pile = check_cards(action.get("draw_pile"), "/draw_pile", "DRAW-PILE-INIT")
    total = Counter(pile) + Counter([starter])
    for h in hands:
        total.update(h)
    if total != Counter(DECK_COUNTS):
        extra = sorted((total - Counter(DECK_COUNTS)).elements())
        missing = sorted((Counter(DECK_COUNTS) - total).elements())
        raise IllegalAction(
            "DECK-COMPOSITION",
            f"hands, starter and draw pile must be exactly the 108-card deck (extra: {extra or 'none'}, missing: {missing or 'none'})",
            field="/draw_pile",
        )
    pos.hands = [list(h) for h in hands]
    pos.draw_pile = list(pile)
    pos.discard_pile = [starter]
    pos.last_played_by = None
    pos.chance = None
    events.append(event("dealt", "DEAL-SEVEN", dealer=pos.dealer, starter=starter))
    starter_card(pos, events)


def shuffle_starter_back(pos: Position) -> None:
    card = pos.discard_pile.pop()
    pos.draw_pile.append(card)
    pos.chance = {"type": "shuffle", "purpose": "starter", "cards": sorted(pos.draw_pile)}


def starter_card(pos: Position, events: list[Event]) -> None:
    """Apply the turned-up starter's effect (FIRST-CARD-…) and give the first turn."""
    card = pos.discard_pile[-1]
    cfg = pos.cfg
    if cfg.first_card_no_special and not is_number(card):
        first_card_no_special(pos, cfg.first_card_no_special, events)
        return
    if card == WILD_DRAW_FOUR:
        first_card_wd4(pos, events)
        return
    if card == WILD and cfg.first_wild_redraw:
        first_wild_redraw(pos, events)
        return
    left, pos.direction, _ = starter_turn(pos, ar.NUMBER)
    if card == WILD:
        first_card_wild(pos, left)
        return
    pos.colour = card[0]
    face = card[1:]
    if face == "S":
        first_card_skip(pos, left, events)
    elif face == "R":
        first_card_reverse(pos, events)
    elif face == "D2":
        first_card_draw_two(pos, left, events)
    else:
        first_card_number(pos, left, events)


def starter_turn(pos: Position, kind: int) -> tuple[int, int, int]:
    """``(first to act, direction, victim)`` after a starter of class ``kind``:
    :func:`unospec.spec.arithmetic.starter_effect` over the seats still playing."""
    seats = ring(pos)
    first, direction, victim = ar.starter_effect(seats.index(dealer(pos)), len(seats), kind)
    return seats[first], direction, seats[victim] if victim != ar.NO_VICTIM else victim


@implements("FIRST-CARD-NUMBER", "FIRST-PLAYER", "DIRECTION-INITIAL")
def first_card_number(pos: Position, left: int, events: list[Event]) -> None:
    """A number card as starter does nothing: its colour is current, play runs clockwise,
    and the player on the dealer's left begins."""
    give_turn(pos, left, events)


@implements("FIRST-CARD-SKIP")
def first_card_skip(pos: Position, left: int, events: list[Event]) -> None:
    """A Skip as starter: the dealer's left-hand neighbour loses the turn."""
    events.append(event("turn_skipped", "FIRST-CARD-SKIP", seat=left))
    give_turn(pos, starter_turn(pos, ar.SKIP)[0], events)


@implements("FIRST-CARD-REVERSE")
def first_card_reverse(pos: Position, events: list[Event]) -> None:
    """A Reverse as starter: the dealer begins and play runs counter-clockwise."""
    first, pos.direction, _ = starter_turn(pos, ar.REVERSE)
    events.append(event("direction_reversed", "FIRST-CARD-REVERSE"))
    give_turn(pos, first, events)


@implements("FIRST-CARD-DRAW-TWO")
def first_card_draw_two(pos: Position, left: int, events: list[Event]) -> None:
    """A Draw Two as starter: the dealer's left-hand neighbour draws 2 and loses the turn."""
    from unospec.reference.drawing import owe

    first, _, victim = starter_turn(pos, ar.DRAW_TWO)
    owe(pos, victim, ar.draw_penalty(ar.DRAW_TWO), "FIRST-CARD-DRAW-TWO")
    events.append(event("turn_skipped", "FIRST-CARD-DRAW-TWO", seat=victim))
    give_turn(pos, first, events)


@implements("FIRST-CARD-WILD")
def first_card_wild(pos: Position, left: int) -> None:
    """A Wild as starter: the dealer's left-hand neighbour names the colour, then takes an
    ordinary first turn (play or draw)."""
    pos.phase = "colour"
    pos.to_act = left
    pos.pending = {"seat": left, "starter": True, "wild": WILD, "prior_colour": None}


@implements("FIRST-CARD-WD4")
def first_card_wd4(pos: Position, events: list[Event]) -> None:
    """A Wild Draw Four as starter goes back into the draw pile, which is shuffled (a chance
    input), and a new starter is turned up; nobody draws."""
    events.append(event("starter_returned", "FIRST-CARD-WD4", card=pos.discard_pile[-1]))
    shuffle_starter_back(pos)


@implements("V-EXT-FIRST-WILD-REDRAW")
def first_wild_redraw(pos: Position, events: list[Event]) -> None:
    """A plain Wild as starter is returned and shuffled back like a Wild Draw Four."""
    events.append(event("starter_returned", "V-EXT-FIRST-WILD-REDRAW", card=pos.discard_pile[-1]))
    shuffle_starter_back(pos)


@implements("V-FIRST-CARD-NO-SPECIAL")
def first_card_no_special(pos: Position, procedure: str, events: list[Event]) -> None:
    """The starter must be a number card. A special card turned up is shuffled back
    (``reshuffle``), put at the bottom of the draw pile (``bury``) or left under the
    next starter (``set_aside``), and the next card is turned up."""
    card = pos.discard_pile[-1]
    events.append(
        event("starter_returned", "V-FIRST-CARD-NO-SPECIAL", card=card, procedure=procedure)
    )
    if procedure == "reshuffle":
        shuffle_starter_back(pos)
        return
    if procedure == "bury":
        pos.draw_pile.append(pos.discard_pile.pop())
    pos.discard_pile.append(pos.draw_pile.pop(0))
    starter_card(pos, events)


def apply_starter_shuffle(pos: Position, order: list[str], events: list[Event]) -> None:
    pos.draw_pile = list(order)
    pos.discard_pile.append(pos.draw_pile.pop(0))
    events.append(event("starter_flipped", "FIRST-DISCARD-FLIP", card=pos.discard_pile[-1]))
    starter_card(pos, events)
