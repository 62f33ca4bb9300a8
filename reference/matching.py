"""Which card may go on the discard pile: matching, wilds and the Wild Draw Four test."""

from __future__ import annotations

from functools import cache
from typing import Final

from unospec.reference.config import Config
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.spec.cards import KIND_ORDER, KINDS, WILD, WILD_DRAW_FOUR, WILDS, is_action, is_special

# Precomputed tables: the colour letter and face of every card code.
COLOUR: Final[dict[str, str | None]] = {k: None if k in WILDS else k[0] for k in KINDS}
FACE: Final[dict[str, str]] = {k: k if k in WILDS else k[1:] for k in KINDS}


def kinds_in(cards: list[str]) -> list[str]:
    """The distinct card kinds among ``cards``, in the canonical order of ``KINDS``."""
    order, kinds = KIND_ORDER, KINDS  # looked up once, not once per card
    return [kinds[i] for i in sorted({order[c] for c in cards})]


@implements("CURRENT-COLOUR")
def current_colour(pos: Position) -> str | None:
    """The colour to match: the top card's colour, or the colour named for a wild on top."""
    return pos.colour


@implements("PLAY-MATCH", "MATCH-ON-WILD")
def matches(card: str, top: str, colour: str | None) -> bool:
    """A coloured card matches when it has the current colour or the same number or
    symbol as the top card. With a wild on top only the named colour counts: the card
    under the wild plays no part (MATCH-ON-WILD)."""
    if COLOUR[card] == colour:
        return True
    return top not in WILDS and FACE[card] == FACE[top]


def holds_colour(hand: list[str], colour: str | None, skip_one: str | None = None) -> bool:
    skipped = False
    for c in hand:
        if c == skip_one and not skipped:
            skipped = True
            continue
        if COLOUR[c] == colour:
            return True
    return False


@implements("WD4-RESTRICTION")
def wd4_allowed(cfg: Config, hand: list[str], top: str, colour: str | None) -> bool:
    """A Wild Draw Four is allowed only when the rest of the hand holds no card of the
    current colour; cards matching by number or symbol, and other wilds, do not count.
    Under V-WD4-ONLY-IF-NO-PLAYABLE the rest of the hand must hold no playable card at all."""
    rest = list(hand)
    rest.remove(WILD_DRAW_FOUR)
    if cfg.wd4_strict:
        return wd4_strict_allowed(rest, top, colour)
    return not holds_colour(rest, colour)


@implements("V-WD4-ONLY-IF-NO-PLAYABLE")
def wd4_strict_allowed(rest: list[str], top: str, colour: str | None) -> bool:
    """The stricter test: no other card in hand could be played (no colour, number or
    symbol match, and no plain Wild)."""
    return not any(c == WILD or (c != WILD_DRAW_FOUR and matches(c, top, colour)) for c in rest)


@implements("WILD-ANYTIME")
def wild_playable(cfg: Config, hand: list[str], colour: str | None) -> bool:
    """A plain Wild may be played on one's own turn on any card, even while holding
    other playable cards (V-WILD-ONLY-WITHOUT-COLOUR limits it)."""
    return not (cfg.wild_only_without_colour and wild_blocked(hand, colour))


@implements("V-WILD-ONLY-WITHOUT-COLOUR")
def wild_blocked(hand: list[str], colour: str | None) -> bool:
    """Under this variant a Wild is blocked while the hand holds a card of the current colour."""
    return holds_colour(hand, colour)


@implements("WD4-BLUFF")
def wd4_playable(cfg: Config, hand: list[str], top: str, colour: str | None) -> bool:
    """A Wild Draw Four that breaks WD4-RESTRICTION is still accepted when only a
    challenge enforces the restriction (hands are hidden); the engine refuses it only
    when the profile has the engine enforce it."""
    return not cfg.wd4_engine_enforced or wd4_allowed(cfg, hand, top, colour)


@implements("GO-OUT-ANY-CARD")
def may_go_out_on(cfg: Config, card: str) -> bool:
    """Any legal card may be the last one, action and wild cards included
    (V-NO-ACTION-FINISH forbids some)."""
    return cfg.forbidden_last is None or not finish_forbidden(cfg.forbidden_last, card)


@implements("V-NO-ACTION-FINISH")
def finish_forbidden(forbidden_last: str, card: str) -> bool:
    """Which cards may not be the last card: every special card, only action cards
    (Skip, Reverse, Draw Two), or only the draw cards (Draw Two, Wild Draw Four)."""
    if forbidden_last == "special":
        return is_special(card)
    if forbidden_last == "action":
        return is_action(card)
    return card == WILD_DRAW_FOUR or FACE[card] == "D2"


def playable(pos: Position, seat: int, card: str) -> bool:
    """May ``seat`` play ``card`` from hand now, as an ordinary play on its own turn?"""
    cfg = pos.cfg
    hand = pos.hands[seat]
    if len(hand) == 1 and not may_go_out_on(cfg, card):
        return False
    top, colour = announced_top(pos), pos.colour
    if card == WILD:
        return wild_playable(cfg, hand, colour)
    if card == WILD_DRAW_FOUR:
        return wd4_playable(cfg, hand, top, colour)
    return matches(card, top, colour)


def playable_cards(pos: Position, seat: int) -> list[str]:
    """The distinct cards ``seat`` may play on its turn, in canonical order (the same test
    as :func:`playable`, with the coloured cards that match looked up once in
    :func:`matching_kinds`)."""
    cfg = pos.cfg
    hand = pos.hands[seat]
    top, colour = announced_top(pos), pos.colour
    last = len(hand) == 1
    fits = matching_kinds(top, colour)
    out = []
    for card in kinds_in(hand):
        if last and not may_go_out_on(cfg, card):
            continue
        if card == WILD:
            ok = wild_playable(cfg, hand, colour)
        elif card == WILD_DRAW_FOUR:
            ok = wd4_playable(cfg, hand, top, colour)
        else:
            ok = card in fits
        if ok:
            out.append(card)
    return out


@cache
def matching_kinds(top: str, colour: str | None) -> frozenset[str]:
    """The coloured card kinds that :func:`matches` accepts on ``top`` with ``colour``
    current: a table built from :func:`matches` itself, once per top card and colour."""
    return frozenset(k for k in KINDS if k not in WILDS and matches(k, top, colour))


def announced_top(pos: Position) -> str:
    """The card to match: the top discard, or under V-CHEAT the card announced for it."""
    return pos.announced or pos.discard_pile[-1]
