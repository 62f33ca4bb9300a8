"""What a played card does: action cards, wilds, the Wild Draw Four and its challenge,
stacking, several cards per turn, and hand swaps."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from unospec.reference import scoring
from unospec.reference.config import Config, Params, required
from unospec.reference.drawing import owe
from unospec.reference.matching import (
    COLOUR,
    FACE,
    announced_top,
    kinds_in,
    matches,
    may_go_out_on,
    wd4_allowed,
    wild_playable,
)
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, after_turn, event, give_turn, step
from unospec.reference.uno import duty, turn_begins
from unospec.spec import arithmetic as ar
from unospec.spec.cards import WILD, WILD_DRAW_FOUR, WILDS

DRAWS: Final[dict[str, int]] = {"D2": 2, "WD4": 4}


# -- playing a card -----------------------------------------------------------------


@implements("TURN-ACTION", "ONE-CARD-PER-TURN")
def play(
    pos: Position, seat: int, card: str, events: list[Event], *, uno_out: bool = False
) -> None:
    """A turn action: one card from hand, face up onto the discard pile (the multi-card
    variants let a turn continue with more cards, see :func:`continue_turn`)."""
    turn_begins(pos, seat)
    add_to_turn(pos, seat, card, events)
    pend = pos.obligation()
    cards = pend["cards"]
    if not pos.hands[seat]:
        if pos.cfg.uno_out and not uno_out:
            missing_uno_out(pos, seat, events)
        else:
            scoring.go_out(pos, seat, cards, events, carry=pend.get("carry", 0))
            return
    if card in WILDS and not (multi_on(pos) and follow_ups(pos, seat)):
        ask_colour(pos, seat, card, pos.colour)  # a wild leaves the colour as it was
        return
    continue_turn(pos, seat, events)


def add_to_turn(pos: Position, seat: int, card: str, events: list[Event]) -> None:
    """The card goes down and joins this turn's cards (``pending``): the first card of a
    turn records the card and colour the turn began on (and whether it follows a turn
    draw); a card added under a multi-card variant is appended."""
    first = pos.phase != "multi"
    after_draw = pos.phase == "drawn"
    start_top, start_colour = announced_top(pos), pos.colour
    put_down(pos, seat, card, events)
    if first:
        pend: dict[str, Any] = {
            "seat": seat,
            "cards": [card],
            "start_top": start_top,
            "start_colour": start_colour,
        }
        if after_draw:
            pend["after_draw"] = True
        pos.pending = pend
    else:
        pos.obligation()["cards"].append(card)


def put_down(pos: Position, seat: int, card: str, events: list[Event]) -> None:
    pos.hands[seat].remove(card)
    pos.discard_pile.append(card)
    pos.announced = None
    pos.last_played_by = seat
    pos.idle_turns = 0
    if card not in WILDS:
        pos.colour = COLOUR[card]
    events.append(
        event(
            "card_played",
            "PLAY-MATCH" if card not in WILDS else "WILD-ANYTIME",
            seat=seat,
            card=card,
        )
    )


@implements("V-UNO-OUT-CALL")
def missing_uno_out(pos: Position, seat: int, events: list[Event]) -> None:
    """A player who plays their last card without saying "UNO out" draws the penalty;
    the play stands and the round goes on."""
    events.append(event("uno_out_missed", "V-UNO-OUT-CALL", seat=seat))
    pos._uno_renewed = (seat,)  # whatever the penalty leaves, a new duty to call
    owe(pos, seat, required(pos.cfg.uno_out)["penalty_cards"], "V-UNO-OUT-CALL")


def multi_on(pos: Position) -> bool:
    multi = pos.cfg.multi or pos.cfg.multi_identical
    return bool(multi) and not pos.obligation().get("after_draw")


def continue_turn(pos: Position, seat: int, events: list[Event]) -> None:
    """After a card (and its colour) is down: offer more cards under a multi-card
    variant (never after a turn draw), otherwise the turn's effect happens now."""
    if multi_on(pos) and follow_ups(pos, seat):
        pos.phase = "multi"
        pos.to_act = seat
        return
    end_turn(pos, seat, events)


def end_turn(pos: Position, seat: int, events: list[Event]) -> None:
    """The turn's cards are all down: a wild card laid last (in a group) still needs its
    colour, named once for the whole group; then the effect happens."""
    pend = pos.obligation()
    last = pend["cards"][-1]
    if last in WILDS and "wild" not in pend:
        ask_colour(pos, seat, last, pend["start_colour"])
        return
    finish_turn(pos, seat, events)


# -- wild cards -------------------------------------------------------------------------


@implements("WILD-COLOUR-CHOICE")
def ask_colour(pos: Position, seat: int, card: str, prior: str | None) -> None:
    """Whoever plays a wild card names the next colour; any of the four may be named,
    the current one included (V-WILD-MUST-CHANGE-COLOUR forbids that)."""
    pend = pos.obligation()
    pend["wild"] = card
    pend["prior_colour"] = prior
    if card == WILD_DRAW_FOUR:
        # The restriction is judged now, on the hand as it was when the card went down,
        # against the top the turn began on; a chain's last link (V-MULTI-RIDE) against the
        # link before it, as when the chain admitted it.
        hand = pos.hands[seat] + [WILD_DRAW_FOUR]
        chained = pos.cfg.multi_ride and len(pend.get("cards") or ()) > 1
        covered = pos.discard_pile[-2] if chained else pend.get("start_top") or card
        pend["wd4_legal"] = wd4_allowed(pos.cfg, hand, covered, prior)
    pos.phase = "colour"
    pos.to_act = seat


def colours_allowed(pos: Position) -> list[str]:
    prior = pos.pending.get("prior_colour") if pos.pending else None
    if pos.cfg.wild_must_change and prior is not None:
        return [c for c in "RYGB" if must_change(prior, c)]
    return list("RYGB")


@implements("V-WILD-MUST-CHANGE-COLOUR")
def must_change(prior: str, colour: str) -> bool:
    """The named colour must differ from the colour that was current."""
    return colour != prior


def name_colour(pos: Position, seat: int, colour: str, events: list[Event]) -> None:
    pos.colour = colour
    events.append(event("colour_named", "WILD-COLOUR-CHOICE", seat=seat, colour=colour))
    if pos.obligation().get("starter"):
        pos.pending = None
        give_turn(pos, seat, events)  # FIRST-CARD-WILD: the same player now takes the turn
        return
    finish_turn(pos, seat, events)


# -- several cards in one turn ---------------------------------------------------------------


def follow_ups(pos: Position, seat: int) -> list[str]:
    """Cards ``seat`` may add to this turn's cards under the multi-card variants."""
    return [c for c in kinds_in(pos.hands[seat]) if may_follow(pos, seat, c)]


@implements("V-MULTI-PLAY")
def may_follow(pos: Position, seat: int, card: str) -> bool:
    """Under V-MULTI-PLAY, every further card must fit the pile as it stood when the turn
    began, by colour or by face; V-MULTI-IDENTICAL, V-MULTI-RIDE and
    V-MULTI-ONE-COLOUR-OR-ALL-NUMBER narrow this."""
    cfg, pend = pos.cfg, pos.obligation()
    cards = pend["cards"]
    hand = pos.hands[seat]
    group = required(cfg.multi or cfg.multi_identical)
    group_may_finish = group.get("may_go_out_with_multi", True)
    if len(hand) == 1 and not (group_may_finish and may_go_out_on(cfg, card)):
        return False
    if cfg.multi_identical:
        return multi_identical(cfg.multi_identical, cards, card)
    if cards[-1] in WILDS:
        return False  # a wild is played alone, or as the last link of a chain
    if cfg.multi_ride:
        return multi_ride(pos, cfg.multi_ride, cards, card, hand)
    if cfg.multi_one_colour_or_number:
        return multi_one_colour_or_number(pend["start_top"], cards, card)
    if card in WILDS:
        return False  # wild cards are never part of a group
    return matches(card, pend["start_top"], pend["start_colour"])


@implements("V-MULTI-IDENTICAL")
def multi_identical(params: Params, cards: list[str], card: str) -> bool:
    """Only exact copies of the first card (same colour and face) may join it."""
    return card == cards[0] and (params["include_wilds"] or card not in WILDS)


@implements("V-MULTI-RIDE")
def multi_ride(pos: Position, params: Params, cards: list[str], card: str, hand: list[str]) -> bool:
    """Each further card must be playable on the card just laid (a chain); a Wild Draw
    Four is judged on ``hand``, the hand of the player laying the group (a jumper's too)."""
    if params["max_chain"] and len(cards) >= params["max_chain"]:
        return False
    if not params["allow_specials_in_chain"] and FACE[card] not in "0123456789":
        return False
    if card in WILDS:
        return card == WILD or wd4_allowed(pos.cfg, hand, pos.discard_pile[-1], pos.colour)
    return matches(card, pos.discard_pile[-1], pos.colour)


@implements("V-MULTI-ONE-COLOUR-OR-ALL-NUMBER")
def multi_one_colour_or_number(start_top: str, cards: list[str], card: str) -> bool:
    """A colour match allows one card only; a number match lets every card of that number go down."""
    first = cards[0]
    return (
        first not in WILDS
        and FACE[first] in "0123456789"
        and FACE[first] == FACE[start_top]
        and card not in WILDS
        and FACE[card] == FACE[first]
    )


# -- the turn's effect -----------------------------------------------------------------------


def finish_turn(pos: Position, seat: int, events: list[Event]) -> None:
    """The cards of this turn are down (and any colour named): apply their effect and pass the turn."""
    pend = pos.obligation()
    cards = pend["cards"]
    carry = pend.get("carry", 0)
    cfg = pos.cfg
    if cfg.seven_zero and not pend.get("swapped"):
        if cfg.seven_zero["seven_swap"] and any(FACE.get(c) == "7" for c in cards):
            pos.phase = "swap"
            pos.to_act = seat
            return
        if cfg.seven_zero["zero_rotate"] and any(FACE.get(c) == "0" for c in cards):
            rotate_hands(pos, events)
    skips, flips, draws = turn_effect(pos, cards)
    draws += carry
    to_act, direction, victim = after_turn(pos, seat, skips, flips, draws)
    two = len(pos.active) == 2
    if flips % 2 == 1:
        events.append(
            event("direction_reversed", "REVERSE-TWO-PLAYER" if two else "REVERSE-EFFECT")
        )
    pos.direction = direction
    if draws:
        last = cards[-1]
        draw_card_hits(pos, seat, victim, draws, last, events, to_act)
        return
    if skips or (two and flips):
        skipped = step(pos, seat)
        rule = (
            "TWO-PLAYER-SKIP" if two and skips else "REVERSE-TWO-PLAYER" if two else "SKIP-EFFECT"
        )
        events.append(event("turn_skipped", rule, seat=skipped))
    pos.pending = None
    give_turn(pos, to_act, events)


def turn_effect(pos: Position, cards: list[str]) -> tuple[int, int, int]:
    """``(skips, flips, draws)`` of the cards played this turn."""
    if pos.cfg.cumulative and len(cards) > 1:
        return cumulative_effect(pos.cfg.cumulative, cards)
    return card_effect(cards[-1])


@implements("SKIP-EFFECT", "REVERSE-EFFECT", "DRAW-TWO-EFFECT", "WD4-EFFECT")
def card_effect(card: str) -> tuple[int, int, int]:
    """One card's effect as ``(skips, flips, draws)``: a Skip passes over the next seat, a
    Reverse flips the direction, a Draw Two makes the next seat draw 2 and lose its turn,
    and a Wild Draw Four makes it draw 4 and lose its turn. Seat arithmetic:
    :func:`unospec.spec.arithmetic.advance_after`."""
    f = FACE[card]
    return (1 if f == "S" else 0, 1 if f == "R" else 0, DRAWS.get(f, 0))


@implements("V-CUMULATIVE-EFFECT")
def cumulative_effect(params: Params, cards: list[str]) -> tuple[int, int, int]:
    """Several special cards in one turn add up: k Skips pass over k seats, draw cards add
    their draws (``draw_sum``), and each Reverse flips the direction (``each_flips``) or
    any number flip it once (``single_flip``)."""
    faces = [FACE[c] for c in cards]
    return ar.group_effect(
        faces.count("S"),
        faces.count("R"),
        sum(DRAWS.get(f, 0) for f in faces),
        DRAWS.get(faces[-1], 0),
        params["reverse_parity"] == "single_flip",
        params["draw_sum"],
    )


@implements("TWO-PLAYER-SKIP", "REVERSE-TWO-PLAYER", "TWO-PLAYER-DRAW")
def two_player_rules() -> str:
    """With two players a Skip, a Reverse (which acts as a Skip), a Draw Two and a Wild
    Draw Four all give the player another turn: the opponent is the one passed over.
    The seat arithmetic in :func:`unospec.spec.arithmetic.advance_after` carries this; the
    function is here so the rule has one home a reader can find."""
    return "see spec.arithmetic.advance_after"


def draw_card_hits(
    pos: Position,
    seat: int,
    victim: int,
    total: int,
    card: str,
    events: list[Event],
    next_seat: int | None = None,
) -> None:
    """A Draw Two or Wild Draw Four reached ``victim``: stack, challenge, or draw."""
    pend = pos.pending or {}
    cfg = pos.cfg
    info = {
        "seat": victim,
        "from": seat,
        "total": total,
        "card": card,
        "prior_colour": pend.get("prior_colour"),
        "wd4_legal": pend.get("wd4_legal", True),
        "next": step(pos, victim) if next_seat is None else next_seat,
    }
    if cfg.stackable and stack_options(pos, victim, card):
        pos.phase = "stack"
        pos.pending = info
        pos.to_act = victim
        return
    if card == WILD_DRAW_FOUR and challenge_offered(cfg):
        pos.phase = "challenge"
        pos.pending = info
        pos.to_act = victim
        return
    suffer(pos, info, events)


@implements("V-NO-WD4-CHALLENGE")
def challenge_offered(cfg: Config) -> bool:
    """Whether a Wild Draw Four's victim may challenge it. Under V-NO-WD4-CHALLENGE there
    is no challenge: the engine checks the restriction itself (``engine``) or trusts the
    player (``none``)."""
    return cfg.wd4_challenge


@implements("NO-STACKING")
def suffer(pos: Position, info: dict[str, Any], events: list[Event]) -> None:
    """The victim of a Draw Two or Wild Draw Four cannot answer it with any card: they
    draw and their turn is over (V-STACK-DRAW lets them answer)."""
    victim = info["seat"]
    rule = "WD4-EFFECT" if info["card"] == WILD_DRAW_FOUR else "DRAW-TWO-EFFECT"
    if info["total"] > DRAWS.get(FACE[info["card"]], 0):
        rule = "V-STACK-DRAW"
    two = len(pos.active) == 2
    owe(pos, victim, info["total"], rule)
    events.append(event("turn_skipped", "TWO-PLAYER-DRAW" if two else rule, seat=victim))
    pos.pending = None
    give_turn(pos, info.get("next", step(pos, victim)), events)


# -- stacking --------------------------------------------------------------------------------


@implements("V-STACK-DRAW")
def stack_options(pos: Position, victim: int, top: str) -> list[str]:
    """Cards with which a victim may pass a draw penalty on, adding to it: Draw Two on
    Draw Two and Wild Draw Four on Wild Draw Four by default; ``stackable`` may also
    allow mixing (a Draw Two on a Wild Draw Four must have the named colour)."""
    allowed = pos.cfg.stackable
    out = []
    hand = pos.hands[victim]
    for c in kinds_in(hand):
        if c == WILD_DRAW_FOUR:
            pair = "WD4-on-WD4" if top == WILD_DRAW_FOUR else "WD4-on-D2"
            if pair in allowed and (
                not pos.cfg.wd4_engine_enforced or wd4_allowed(pos.cfg, hand, top, pos.colour)
            ):
                out.append(c)
        elif FACE[c] == "D2":
            if top == WILD_DRAW_FOUR:
                if "D2-on-WD4" in allowed and COLOUR[c] == pos.colour:
                    out.append(c)
            elif "D2-on-D2" in allowed:
                out.append(c)
    if len(hand) == 1:
        out = [c for c in out if may_go_out_on(pos.cfg, c)]
    return out


def stack(
    pos: Position, seat: int, card: str, events: list[Event], *, uno_out: bool = False
) -> None:
    """The victim answers with a draw card (V-STACK-DRAW); a last card laid so without the
    UNO-out call (V-UNO-OUT-CALL) costs its penalty, and the card still takes effect."""
    total = pos.obligation()["total"]
    prior = pos.colour
    turn_begins(pos, seat)
    put_down(pos, seat, card, events)
    pos.pending = {
        "seat": seat,
        "cards": [card],
        "carry": total,
        "start_top": card,
        "start_colour": prior,
    }
    if not pos.hands[seat]:
        if pos.cfg.uno_out and not uno_out:
            missing_uno_out(pos, seat, events)
        else:
            scoring.go_out(pos, seat, [card], events, carry=total)
            return
    if card == WILD_DRAW_FOUR:
        ask_colour(pos, seat, card, prior)
        return
    finish_turn(pos, seat, events)


# -- the Wild Draw Four challenge ------------------------------------------------------------


@implements("WD4-CHALLENGE", "WD4-CHALLENGE-GUILTY", "WD4-CHALLENGE-INNOCENT")
def challenge(pos: Position, seat: int, events: list[Event]) -> None:
    """Only the player who must draw for a Wild Draw Four may challenge it, before
    drawing. The card's player shows their hand to the challenger alone. If they held a
    card of the colour that was current, they draw the four instead and the challenger
    plays now; otherwise the challenger draws six and loses the turn. Seat arithmetic:
    :func:`unospec.spec.arithmetic.challenge_outcome`."""
    info = pos.obligation()
    wd4_player = info["from"]
    guilty = not info["wd4_legal"]
    events.append(
        event(
            "hand_shown",
            "WD4-CHALLENGE",
            seat=wd4_player,
            to=seat,
            cards=sorted(pos.hands[wd4_player]),
        )
    )
    drawer, count, to_act = ar.challenge_outcome(
        guilty, seat, wd4_player, pos.direction, pos.players, pos.cfg.guilty_challenger_skipped
    )
    if any(pos.eliminated):
        to_act = step(pos, seat) if (not guilty or pos.cfg.guilty_challenger_skipped) else seat
    if (not guilty or pos.cfg.guilty_challenger_skipped) and "next" in info:
        to_act = info["next"]  # the same as above, unless cumulative skips passed over more seats
    extra = info["total"] - 4  # a stacked total travels with the challenge
    rule = "WD4-CHALLENGE-GUILTY" if guilty else "WD4-CHALLENGE-INNOCENT"
    events.append(event("challenge_decided", rule, seat=seat, guilty=guilty))
    owe(pos, drawer, count + extra, rule)
    if info.get("final"):
        pos.pending = {"winner": info["from"]}
        pos.phase = "scoring"
        pos.to_act = None
        return
    if drawer == seat:
        events.append(event("turn_skipped", rule, seat=seat))
    pos.pending = None
    give_turn(pos, to_act, events)


def accept(pos: Position, seat: int, events: list[Event]) -> None:
    """The victim takes the draw (no challenge, no stacking)."""
    info = pos.obligation()
    if info.get("final"):
        owe(pos, seat, info["total"], "LAST-CARD-DRAW")
        pos.pending = {"winner": info["from"]}
        pos.phase = "scoring"
        pos.to_act = None
        return
    suffer(pos, info, events)


# -- 0-7 ---------------------------------------------------------------------------------------


@implements("V-SEVEN-ZERO")
def swap_hands(pos: Position, seat: int, target: int, events: list[Event]) -> None:
    """A 7 makes its player swap hands with a player of their choice; a 0 makes every
    hand pass one seat on in the direction of play (see :func:`rotate_hands`)."""
    pos.hands[seat], pos.hands[target] = pos.hands[target], pos.hands[seat]
    events.append(event("hands_swapped", "V-SEVEN-ZERO", seat=seat, target=target))
    pos.obligation()["swapped"] = True
    renew_uno_duties(pos, (seat, target))
    finish_turn(pos, seat, events)


def renew_uno_duties(pos: Position, seats: Iterable[int]) -> None:
    """After hands move, whoever now holds one card must call UNO again, even a player
    who called for their previous hand (AMB-41)."""
    for s in seats:
        pos.uno[s] = duty(pos) if len(pos.hands[s]) == 1 else None


def rotate_hands(pos: Position, events: list[Event]) -> None:
    """Every hand still in play goes one seat on in the direction of play: the seat
    :func:`unospec.spec.arithmetic.rotation_target` names, counted over the seats still playing."""
    seats = pos.active
    new = [h[:] for h in pos.hands]
    for i, s in enumerate(seats):
        new[seats[ar.rotation_target(i, pos.direction, len(seats))]] = pos.hands[s]
    pos.hands = new
    pos.obligation()["swapped"] = True
    renew_uno_duties(pos, seats)
    events.append(event("hands_rotated", "V-SEVEN-ZERO", direction=pos.direction))


# -- jump-in and cheat -----------------------------------------------------------------------


@implements("V-JUMP-IN")
def jump_in_cards(pos: Position, seat: int) -> list[str]:
    """A player other than the one to act may play, out of turn, a card identical to the
    top discard (same colour and face; for wild cards the same kind), before the next
    turn begins; neither the player who laid it nor the player due next may. Play then
    continues from the jumper."""
    top = pos.discard_pile[-1]
    if pos.announced or seat == pos.to_act or top not in pos.hands[seat]:
        return []
    if len(pos.hands[seat]) == 1 and not may_go_out_on(pos.cfg, top):
        return []
    if (
        top == WILD_DRAW_FOUR
        and pos.cfg.wd4_engine_enforced
        and not wd4_allowed(pos.cfg, pos.hands[seat], top, pos.colour)
    ):
        return []
    if top == WILD and not wild_playable(pos.cfg, pos.hands[seat], pos.colour):
        return []  # V-WILD-ONLY-WITHOUT-COLOUR holds for a Wild laid out of turn too
    return [top]


def jump_in(pos: Position, seat: int, card: str, events: list[Event]) -> None:
    """The jumper's card covers an identical one; a covered Reverse's flip is undone
    first (the jumper's Reverse then flips from the jumper)."""
    events.append(event("jumped_in", "V-JUMP-IN", seat=seat, card=card))
    if FACE[card] == "R":
        pos.direction = -pos.direction
    pos.pending = None


@implements("V-CHEAT")
def cheat_claims(pos: Position, seat: int) -> list[str]:
    """Under Cheat UNO a coloured card may go down face down while its player announces
    any coloured card that would be legal; the next player accepts or accuses. A false
    accusation costs the accuser the penalty; a true one sends the card back to the
    cheater's hand with the penalty, and the cheater's turn is over."""
    from unospec.spec.cards import KINDS

    top, colour = announced_top(pos), pos.colour
    return [k for k in KINDS if k not in WILDS and matches(k, top, colour)]


def cheat_play(pos: Position, seat: int, card: str, claim: str, events: list[Event]) -> None:
    prior_top, prior_colour = announced_top(pos), pos.colour
    turn_begins(pos, seat)
    pos.hands[seat].remove(card)
    pos.discard_pile.append(card)
    pos.idle_turns = 0
    pos.announced = claim
    pos.colour = COLOUR[claim]
    pos.last_played_by = None  # V-JUMP-IN: a turn action; no one jumps on a face-down card
    events.append(event("card_announced", "V-CHEAT", seat=seat, claim=claim))
    accuser = step(pos, seat)
    pos.pending = {
        "seat": accuser,
        "from": seat,
        "card": card,
        "claim": claim,
        "prior_top": prior_top,
        "prior_colour": prior_colour,
        "cards": [claim],
    }
    pos.phase = "cheat"
    pos.to_act = accuser


def cheat_accept(pos: Position, seat: int, events: list[Event]) -> None:
    info = pos.obligation()
    player = info["from"]
    pos.pending = {
        "seat": player,
        "cards": [info["claim"]],
        "start_top": info["prior_top"],
        "start_colour": info["prior_colour"],
    }
    if not pos.hands[player]:
        scoring.go_out(pos, player, [info["claim"]], events)
        return
    finish_turn(pos, player, events)


def cheat_accuse(pos: Position, seat: int, events: list[Event]) -> None:
    info = pos.obligation()
    player = info["from"]
    params = required(pos.cfg.cheat)
    honest = info["card"] == info["claim"]
    events.append(event("cheat_revealed", "V-CHEAT", seat=player, card=info["card"], honest=honest))
    if honest:
        owe(pos, seat, params["false_accusation_draw"], "V-CHEAT")
        cheat_accept(pos, seat, events)
        return
    pos.discard_pile.pop()
    pos.hands[player].append(info["card"])
    pos.announced = info["prior_top"] if info["prior_top"] != pos.discard_pile[-1] else None
    pos.colour = info["prior_colour"]
    owe(pos, player, params["caught_cheat_draw"], "V-CHEAT")
    pos.pending = None
    give_turn(pos, seat, events)


def stackable_now(pos: Position, seat: int) -> list[str]:
    return stack_options(pos, seat, pos.obligation()["card"])
