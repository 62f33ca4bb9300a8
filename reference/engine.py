"""The engine contract: :func:`legal_actions` and :func:`apply`.

An action is a JSON object with a ``type`` and, for seat actions, the acting ``seat``:

=============  ======================================================================
``play``       ``card`` (and ``claim`` under V-CHEAT, ``uno_out`` under V-UNO-OUT-CALL)
``draw``       a turn draw (one card; more under the draw variants)
``pass``       keep the drawn card(s) and end the turn
``colour``     ``colour``: name the colour after a wild card
``challenge``  challenge a Wild Draw Four          ``accept``  take the draw (or the claim)
``uno``        call UNO                            ``catch``   ``target``: catch a missed call
``swap``       ``target``: the hand to swap (0-7)  ``end``     end a multi-card turn
``accuse``     accuse a face-down play (V-CHEAT)
=============  ======================================================================

Chance inputs are actions too, without a seat: ``dealer_draw`` (``cards``), ``deal``
(``hands``, ``starter``, ``draw_pile``) and ``shuffle`` (``order``); :func:`chance_needed`
says which one the position waits for.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from unospec.reference import effects, scoring, setup, uno
from unospec.reference.drawing import apply_reshuffle, can_draw, more_draws, serve_draws, turn_draw
from unospec.reference.errors import IllegalAction
from unospec.reference.matching import (
    announced_top,
    kinds_in,
    matches,
    may_go_out_on,
    playable,
    playable_cards,
    wd4_allowed,
    wild_playable,
)
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, event, give_turn, step
from unospec.spec.cards import (
    COLOURS,
    DECK_COUNTS,
    KIND_ORDER,
    WILD,
    WILD_DRAW_FOUR,
    WILDS,
    is_card,
)

new_game = setup.new_game
Action = dict[str, Any]

SEAT_ACTIONS: Final[tuple[str, ...]] = (
    "play",
    "draw",
    "pass",
    "colour",
    "challenge",
    "accept",
    "uno",
    "catch",
    "swap",
    "end",
    "accuse",
)
CHANCE_ACTIONS: Final[tuple[str, ...]] = ("dealer_draw", "deal", "shuffle")
_RANK: Final[dict[str, int]] = {t: i for i, t in enumerate(SEAT_ACTIONS)}


def chance_needed(pos: Position) -> dict[str, Any] | None:
    """The chance input the position waits for (``type`` and what it must contain), or ``None``."""
    return pos.chance


@implements("P-LEGAL-ACTION-SET")
def legal_actions(pos: Position) -> list[Action]:
    """Every legal action of every seat that may act now, each once (a hand's two copies
    of a card give one play), in a fixed order (by seat, then action type, then card /
    colour / target). Empty at a chance node and when the match is over."""
    cached = pos._legal
    if cached is not None:
        return cached
    acts: list[Action] = []
    if pos.chance is None and pos.phase != "over":
        _decision_actions(pos, acts)
        own = len(acts)
        _uno_actions(pos, acts)
        if pos.cfg.jump_in and pos.phase == "turn":
            for s in pos.active:
                if s != pos.to_act and s != pos.last_played_by and pos.last_played_by is not None:
                    for c in effects.jump_in_cards(pos, s):
                        _play_actions(pos, s, c, acts)
        if len(acts) > own or pos.cfg.cheat:  # the seat to act's own actions come in order
            acts.sort(key=_order)
    pos._legal = acts
    return acts


def _order(a: Action) -> tuple[int, int, int, int, int, int, bool]:
    """The documented order: seat, action type (as in SEAT_ACTIONS), card and announced card
    (in the canonical order of spec.cards.KINDS), colour (R, Y, G, B), target, UNO-out flag."""
    return (
        a["seat"],
        _RANK[a["type"]],
        KIND_ORDER.get(a.get("card", ""), -1),
        KIND_ORDER.get(a.get("claim", ""), -1),
        COLOUR_ORDER.get(a.get("colour", ""), -1),
        a.get("target", -1),
        bool(a.get("uno_out")),
    )


COLOUR_ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}


def _decision_actions(pos: Position, acts: list[Action]) -> None:
    s = pos.to_act
    phase = pos.phase
    if s is None:
        return
    if phase == "turn":
        hand = pos.hands[s]
        cheat = pos.cfg.cheat
        if cheat:
            for c in kinds_in(hand):
                if c not in WILDS:
                    for claim in effects.cheat_claims(pos, s):
                        # V-NO-ACTION-FINISH: a last card announced as a forbidden card (the
                        # card itself, face down, included) may not go down
                        if not (len(hand) == 1 and not playable_as_last(pos, claim)):
                            acts.append({"type": "play", "seat": s, "card": c, "claim": claim})
                elif playable(pos, s, c):
                    _play_actions(pos, s, c, acts)
        else:
            for c in playable_cards(pos, s):
                _play_actions(pos, s, c, acts)
        acts.append({"type": "draw", "seat": s})
    elif phase == "drawn":
        may_play, may_draw, must_draw = _after_draw_choices(pos)
        for c in may_play:
            _play_actions(pos, s, c, acts)
        if may_draw:
            acts.append({"type": "draw", "seat": s})
        if not must_draw:
            acts.append({"type": "pass", "seat": s})
    elif phase == "colour":
        acts.extend(
            {"type": "colour", "seat": s, "colour": c} for c in effects.colours_allowed(pos)
        )
    elif phase == "challenge":
        acts.append({"type": "challenge", "seat": s})
        acts.append({"type": "accept", "seat": s})
    elif phase == "stack":
        for c in effects.stackable_now(pos, s):
            _play_actions(pos, s, c, acts)
        if pos.obligation()["card"] == WILD_DRAW_FOUR and effects.challenge_offered(pos.cfg):
            acts.append({"type": "challenge", "seat": s})
        acts.append({"type": "accept", "seat": s})
    elif phase == "swap":
        acts.extend({"type": "swap", "seat": s, "target": t} for t in pos.active if t != s)
    elif phase == "multi":
        for c in effects.follow_ups(pos, s):
            _play_actions(pos, s, c, acts)
        acts.append({"type": "end", "seat": s})
    elif phase == "cheat":
        acts.append({"type": "accept", "seat": s})
        acts.append({"type": "accuse", "seat": s})


def _play_actions(pos: Position, seat: int, card: str, acts: list[Action]) -> None:
    """A face-up play of ``card``; under V-UNO-OUT-CALL a play of the last card in hand
    comes twice, with and without the call, whatever lets it be laid (a turn, a card just
    drawn, a jump-in, a stacked draw card, the next card of a group)."""
    acts.append({"type": "play", "seat": seat, "card": card})
    if pos.cfg.uno_out and len(pos.hands[seat]) == 1:
        acts.append({"type": "play", "seat": seat, "card": card, "uno_out": True})


def playable_as_last(pos: Position, card: str) -> bool:
    return may_go_out_on(pos.cfg, card)


def _uno_actions(pos: Position, acts: list[Action]) -> None:
    if pos.phase in ("scoring", "deal", "dealer"):
        return
    for t, state in enumerate(pos.uno):
        if state is None or state == "called":
            continue
        if uno.call_allowed(pos, t):
            acts.append({"type": "uno", "seat": t})
        if state == "catchable":
            acts.extend({"type": "catch", "seat": c, "target": t} for c in pos.active if c != t)


@implements("DRAW-THEN-PLAY", "DRAW-END-TURN")
def _after_draw_choices(pos: Position) -> tuple[list[str], bool, bool]:
    """After a turn draw the player may play the card just drawn if it may be laid (the
    test for a card held since the turn began, a Wild Draw Four included), or keep it; no
    other card may be played that turn, and if the card is not played the turn passes on.
    Only a card that is legal for real ends a draw series (see :func:`ends_draw_series`).
    Returns ``(cards that may be played, may draw again, must draw again)``."""
    s = pos.seat()
    cfg = pos.cfg
    if not pos.drawn:
        return [], False, False
    candidates = kinds_in(pos.drawn) if cfg.draw_fixed else [pos.drawn[-1]]
    hand = pos.hands[s]
    ok = [c for c in candidates if c in hand and drawn_card_playable(pos, s, c)]
    found = [c for c in ok if ends_draw_series(pos, s, c)]
    may_draw, must_draw = more_draws(pos, bool(found))
    if cfg.draw_until_playable and found and cfg.draw_until_playable["must_play_found"]:
        return found, False, True  # the found card must be played
    if must_draw:
        return [], True, True
    if cfg.draw_until_stop and found:
        may_draw = False
    if cfg.draw_fixed and cfg.draw_fixed["mode"] == "at_most" and may_draw:
        return ok, True, False
    return ok, may_draw, False


def drawn_card_playable(pos: Position, seat: int, card: str) -> bool:
    """A card just drawn may be laid on the same terms as one held since the turn began
    (:func:`playable`): a drawn Wild Draw Four is judged on the hand after the draw, and
    where only a challenge enforces WD4-RESTRICTION (WD4-BLUFF) it may be laid against it,
    as a bluff open to challenge; where the engine enforces it, it may not."""
    return playable(pos, seat, card)


def ends_draw_series(pos: Position, seat: int, card: str) -> bool:
    """A drawn card that ends a series of V-DRAW-UNTIL-PLAYABLE / V-DRAW-UNTIL-STOP (and
    must be played under ``must_play_found``) is one legal for real: a Wild Draw Four only
    when the WD4 test in force holds, since a bluff is not a card that can be played."""
    if card == WILD_DRAW_FOUR:
        return wd4_allowed(pos.cfg, pos.hands[seat], announced_top(pos), pos.colour)
    return True


# -- apply ------------------------------------------------------------------------------------


@implements("P-ILLEGAL-PLAY-REJECTED")
def apply(pos: Position, action: Action, *, in_place: bool = False) -> tuple[Position, list[Event]]:
    """Apply ``action``: the new position and the events it caused. An action that is not
    legal raises :class:`IllegalAction` naming the rule it breaks and why; no penalty
    follows and ``pos`` is left exactly as it was. With ``in_place`` a legal seat action
    changes ``pos`` itself (no copy; a loop that keeps no earlier position saves the time);
    legality is settled before anything changes, and chance inputs are always copied."""
    if not isinstance(action, dict):
        raise IllegalAction(
            "P-ILLEGAL-PLAY-REJECTED", "an action is a JSON object with a 'type'", action
        )
    kind = action.get("type")
    if kind in CHANCE_ACTIONS:
        return _apply_chance(pos, action)
    if action not in legal_actions(pos):
        raise diagnose(pos, action)
    new = pos if in_place else pos.copy()
    new._legal = None
    events: list[Event] = []
    sizes = _sizes(new)
    seat = action["seat"]
    phase = new.phase
    if kind == "play":
        if phase == "stack":
            effects.stack(new, seat, action["card"], events, uno_out=bool(action.get("uno_out")))
        elif "claim" in action:
            effects.cheat_play(new, seat, action["card"], action["claim"], events)
        else:
            if phase == "turn" and seat != new.to_act:
                effects.jump_in(new, seat, action["card"], events)
            elif phase == "drawn":
                new.pending = None
            effects.play(new, seat, action["card"], events, uno_out=bool(action.get("uno_out")))
    elif kind == "draw":
        if phase == "turn":
            uno.turn_begins(new, seat)
            new.drawn = []
            new.last_played_by = None  # V-JUMP-IN: the next turn has begun
        turn_draw(new, seat)
    elif kind == "pass":
        _end_turn_without_play(new, seat, events)
    elif kind == "colour":
        effects.name_colour(new, seat, action["colour"], events)
    elif kind == "challenge":
        effects.challenge(new, seat, events)
    elif kind == "accept":
        if phase == "cheat":
            effects.cheat_accept(new, seat, events)
        else:
            effects.accept(new, seat, events)
    elif kind == "accuse":
        effects.cheat_accuse(new, seat, events)
    elif kind == "uno":
        uno.call(new, seat, events)
    elif kind == "catch":
        uno.catch(new, seat, action["target"], events)
    elif kind == "swap":
        effects.swap_hands(new, seat, action["target"], events)
    elif kind == "end":
        effects.end_turn(new, seat, events)
    _settle(new, events)
    uno.refresh(new, sizes)
    return new, events


def _sizes(pos: Position) -> list[int] | None:
    """Hand sizes before an action, for UNO-CALL; ``None`` when no hand is that small (no
    hand can then have held exactly one card)."""
    sizes = [len(h) for h in pos.hands]
    return sizes if min(sizes) <= 2 else None


def _apply_chance(pos: Position, action: Action) -> tuple[Position, list[Event]]:
    need = pos.chance
    kind = action["type"]
    if need is None or need["type"] != kind:
        wanted = need["type"] if need else "no chance input"
        raise IllegalAction(
            "P-ILLEGAL-PLAY-REJECTED",
            f"the position waits for {wanted}, not {kind!r}",
            action,
            "/type",
        )
    new = pos.copy()
    events: list[Event] = []
    sizes = _sizes(new)
    if kind == "dealer_draw":
        cards = setup.check_cards(action.get("cards"), "/cards", "DEALER-SELECTION")
        if len(cards) != len(need["seats"]):
            raise IllegalAction(
                "DEALER-SELECTION", f"one card for each of seats {need['seats']}", action, "/cards"
            )
        over = Counter(cards) - Counter(DECK_COUNTS)
        if over:
            raise IllegalAction(
                "DECK-COMPOSITION",
                f"the deck does not hold that many {sorted(over)}",
                action,
                "/cards",
            )
        setup.dealer_draw(new, cards, events)
    elif kind == "deal":
        setup.deal(new, action, events)
    else:
        order = setup.check_cards(action.get("order"), "/order", "RESHUFFLE")
        if Counter(order) != Counter(need["cards"]):
            raise IllegalAction(
                "RESHUFFLE",
                "the order must be a permutation of exactly the cards to shuffle",
                action,
                "/order",
            )
        new.chance = None
        if need["purpose"] == "starter":
            setup.apply_starter_shuffle(new, order, events)
        else:
            apply_reshuffle(new, order, events)
    _settle(new, events)
    uno.refresh(new, sizes)
    return new, events


def _settle(pos: Position, events: list[Event]) -> None:
    """Finish what an action set in motion: serve owed draws (pausing for a reshuffle),
    end a turn draw that leaves no choice, and score a finished round."""
    for _ in range(1000):
        if pos.chance is not None or pos.phase == "over":
            return
        if pos.owed_draws:
            if not serve_draws(pos, events):
                return
            if pos.phase not in ("scoring", "cheat"):
                scoring.empty_hand_wins(pos, events)
            continue
        if pos.phase == "drawn":
            may_play, may_draw, _ = _after_draw_choices(pos)
            if may_play or may_draw:
                return
            _end_turn_without_play(pos, pos.seat(), events)
            continue
        if pos.phase == "scoring":
            scoring.score_round(pos, events)
            continue
        return
    raise RuntimeError("settle did not converge")  # pragma: no cover


def _end_turn_without_play(pos: Position, seat: int, events: list[Event]) -> None:
    """The turn ends after drawing without playing (DRAW-END-TURN); a turn that could not
    even draw counts towards P-STALEMATE."""
    nothing = not pos.drawn
    events.append(event("turn_ended", "DRAW-END-TURN", seat=seat))
    if nothing and not can_draw(pos):
        pos.idle_turns += 1
        if pos.idle_turns >= len(pos.active):
            scoring.stalemate(pos, events)
            return
    else:
        pos.idle_turns = 0
    give_turn(pos, step(pos, seat), events)


@implements("NO-CARD-EXCHANGE")
def hands_may_be_exchanged(pos: Position) -> bool:
    """Players never give, swap or trade cards; the engine has no action for it, except
    the hand swaps of V-SEVEN-ZERO."""
    return bool(pos.cfg.seven_zero)


# -- why an action is illegal -------------------------------------------------------------------


def diagnose(pos: Position, action: Action) -> IllegalAction:
    """The rule an illegal action breaks, with a reason a person understands."""

    def bad(rule: str, reason: str, fld: str = "") -> IllegalAction:
        return IllegalAction(rule, reason, action, fld)

    kind = action.get("type")
    if kind not in SEAT_ACTIONS:
        return bad(
            "P-ILLEGAL-PLAY-REJECTED",
            f"unknown action type {kind!r} (expected one of {', '.join(SEAT_ACTIONS + CHANCE_ACTIONS)})",
            "/type",
        )
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < pos.players:
        return bad(
            "P-ILLEGAL-PLAY-REJECTED", f"seat must be 0 to {pos.players - 1}, got {seat!r}", "/seat"
        )
    if pos.chance is not None:
        return bad(
            "P-ILLEGAL-PLAY-REJECTED", f"the game waits for a chance input ({pos.chance['type']})"
        )
    if pos.phase == "over":
        return bad("MATCH-TARGET-500", "the match is over")
    if pos.eliminated[seat]:
        return bad("V-ALT-SCORING-LOSER-500", f"seat {seat} has been eliminated")
    if kind == "uno":
        state = pos.uno[seat]
        n = len(pos.hands[seat])
        if n != 1:
            return bad("UNO-CALL", f"seat {seat} holds {n} cards; UNO is called with one card left")
        if state == "called":
            return bad("UNO-CALL", f"seat {seat} has already called UNO")
        return bad(
            "UNO-CATCH-WINDOW",
            f"seat {seat} was not caught in time, but the time to call has passed",
        )
    if kind == "catch":
        target = action.get("target")
        if target == seat:
            return bad("UNO-CATCH", "a player cannot catch themselves", "/target")
        if not isinstance(target, int):
            return bad("UNO-CATCH", "a catch names the target seat", "/target")
        reason = uno.false_catch_reason(pos, target)
        late = reason.startswith("the catch window")  # a missed call, caught too late
        return bad("UNO-CATCH-WINDOW" if late else "P-FALSE-CATCH", reason, "/target")
    if kind == "play" and "card" in action and not is_card(action["card"]):
        return bad("P-ILLEGAL-PLAY-REJECTED", f"{action['card']!r} is not a card", "/card")
    if kind == "challenge" and (pos.phase != "challenge" or seat != pos.to_act):
        return bad(
            "WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it, before drawing"
        )
    if kind == "play" and pos.phase == "turn" and seat != pos.to_act:
        if seat == pos.last_played_by and not pos.cfg.jump_in:
            return bad(
                "ONE-CARD-PER-TURN",
                f"seat {seat} has played its card this turn; it is seat {pos.to_act}'s turn",
                "/seat",
            )
        hand = pos.hands[seat]
        jumps_wild = pos.cfg.jump_in and action.get("card") == WILD == pos.discard_pile[-1]
        if jumps_wild and WILD in hand and not wild_playable(pos.cfg, hand, pos.colour):
            return bad(
                "V-WILD-ONLY-WITHOUT-COLOUR",
                f"a Wild may not be played, in turn or out of it, while holding {pos.colour}",
                "/card",
            )
        if pos.cfg.jump_in:
            return bad(
                "V-JUMP-IN",
                f"seat {seat} may play out of turn only a card identical to the top discard {pos.discard_pile[-1]}",
                "/card",
            )
        return bad("TURN-ADVANCE", f"it is seat {pos.to_act}'s turn, not seat {seat}'s", "/seat")
    if seat != pos.to_act:
        return bad(
            "TURN-ADVANCE", f"seat {pos.to_act} is to act ({pos.phase}), not seat {seat}", "/seat"
        )
    phase = pos.phase
    expected = {
        "turn": "play or draw",
        "drawn": "play the drawn card, or pass",
        "colour": "name a colour",
        "challenge": "challenge or accept the Wild Draw Four",
        "stack": "stack a draw card or accept",
        "swap": "choose a hand to swap with",
        "multi": "add a card or end the turn",
        "cheat": "accept or accuse",
    }.get(phase, phase)
    rule_for_phase = {
        "colour": "WILD-COLOUR-CHOICE",
        "challenge": "WD4-CHALLENGE",
        "drawn": "DRAW-THEN-PLAY",
        "stack": "NO-STACKING",
        "swap": "V-SEVEN-ZERO",
        "multi": "V-MULTI-PLAY",
        "cheat": "V-CHEAT",
    }
    if kind == "play":
        card = action.get("card")
        hand = pos.hands[seat]
        if card not in hand:
            return bad("P-ILLEGAL-PLAY-REJECTED", f"seat {seat} does not hold {card}", "/card")
        if action.get("uno_out") and not pos.cfg.uno_out:
            return bad(
                "V-UNO-OUT-CALL",
                "uno_out is the call of V-UNO-OUT-CALL, which this game does not play",
                "/uno_out",
            )
        if action.get("uno_out") and len(hand) != 1:
            return bad(
                "V-UNO-OUT-CALL",
                f"the call goes with the last card, and seat {seat} holds {len(hand)}",
                "/uno_out",
            )
        if phase == "drawn":
            return bad(
                "DRAW-THEN-PLAY",
                f"after drawing, only the drawn card may be played, and only if legal ({card} is not)",
                "/card",
            )
        if phase == "stack":
            return bad(
                "V-STACK-DRAW", f"{card} cannot be stacked on {pos.obligation()['card']}", "/card"
            )
        if phase == "multi":
            cfg = pos.cfg
            rule = (
                "V-MULTI-IDENTICAL"
                if cfg.multi_identical
                else "V-MULTI-RIDE"
                if cfg.multi_ride
                else "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER"
                if cfg.multi_one_colour_or_number
                else "V-MULTI-PLAY"
            )
            return bad(rule, f"{card} cannot join this turn's cards", "/card")
        if phase != "turn":
            return bad(
                rule_for_phase.get(phase, "P-ILLEGAL-PLAY-REJECTED"),
                f"seat {seat} must {expected} now",
            )
        cfg = pos.cfg
        if "claim" in action:
            if card in WILDS:
                return bad(
                    "V-CHEAT", "wild cards are played face up, never with an announcement", "/card"
                )
            claim = action["claim"]
            if len(hand) == 1 and claim in KIND_ORDER and not playable_as_last(pos, claim):
                return bad(
                    "V-NO-ACTION-FINISH", f"the last card may not be announced as {claim}", "/claim"
                )
            return bad(
                "V-CHEAT", f"the announced card {action['claim']!r} would not be legal", "/claim"
            )
        if len(hand) == 1 and not playable_as_last(pos, card):
            return bad("V-NO-ACTION-FINISH", f"the last card may not be {card}", "/card")
        top, colour = pos.announced or pos.discard_pile[-1], pos.colour
        if card == WILD_DRAW_FOUR:
            rule = "V-WD4-ONLY-IF-NO-PLAYABLE" if cfg.wd4_strict else "WD4-RESTRICTION"
            return bad(
                rule,
                f"a Wild Draw Four may not be played while holding a card of the current colour {colour}"
                if not cfg.wd4_strict
                else "a Wild Draw Four may not be played while another card is playable",
                "/card",
            )
        if card in WILDS:
            return bad(
                "V-WILD-ONLY-WITHOUT-COLOUR",
                f"a Wild may not be played while holding {colour}",
                "/card",
            )
        if "claim" in action or cfg.cheat:
            return bad(
                "V-CHEAT",
                f"the announced card {action.get('claim')!r} would not be legal",
                "/claim",
            )
        if not matches(card, top, colour):
            if top in WILDS:
                return bad(
                    "MATCH-ON-WILD",
                    f"{card} does not have the colour {colour} named for the {top} on top",
                    "/card",
                )
            return bad(
                "PLAY-MATCH",
                f"{card} matches neither the colour {colour} nor the face of {top}",
                "/card",
            )
        return bad("P-ILLEGAL-PLAY-REJECTED", f"{card} cannot be played like this", "")
    if kind == "draw":
        if phase == "drawn":
            return bad("DRAW-ONE", "a turn draws one card; the drawn card may be played or kept")
        return bad(
            rule_for_phase.get(phase, "TURN-ACTION"), f"seat {seat} must {expected} now, not draw"
        )
    if kind == "pass":
        if phase == "turn":
            return bad("TURN-ACTION", "a player may not pass without drawing first")
        return bad(
            rule_for_phase.get(phase, "TURN-ACTION"), f"seat {seat} must {expected} now, not pass"
        )
    if kind == "colour":
        c = action.get("colour")
        if phase != "colour":
            return bad("WILD-COLOUR-CHOICE", "a colour is named only right after a wild card")
        if c not in COLOURS:
            return bad("WILD-COLOUR-CHOICE", f"{c!r} is not a colour (R, Y, G or B)", "/colour")
        return bad(
            "V-WILD-MUST-CHANGE-COLOUR",
            f"the named colour must differ from {pos.obligation().get('prior_colour')}",
            "/colour",
        )
    if kind == "challenge":
        stacked_wd4 = phase == "stack" and pos.obligation().get("card") == WILD_DRAW_FOUR
        if phase == "challenge" or stacked_wd4:
            return bad("V-NO-WD4-CHALLENGE", "this profile has no challenge")
        return bad(
            "WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it, before drawing"
        )
    if kind == "accept":
        return bad(
            rule_for_phase.get(phase, "WD4-CHALLENGE"),
            f"nothing to accept; seat {seat} must {expected}",
        )
    if kind == "swap":
        if not hands_may_be_exchanged(pos):
            return bad(
                "NO-CARD-EXCHANGE",
                "players may not exchange cards (only the 0-7 variant swaps hands)",
            )
        if phase != "swap":
            return bad("V-SEVEN-ZERO", "hands are swapped only right after playing a 7")
        return bad(
            "V-SEVEN-ZERO", f"seat {action.get('target')!r} is not another player", "/target"
        )
    if kind == "end":
        return bad("V-MULTI-PLAY", "only a multi-card turn is ended with 'end'")
    return bad("V-CHEAT", "only the next player may accuse a face-down play")
