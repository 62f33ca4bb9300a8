"""Naming the rule behind a divergence between the reference and a program."""

from __future__ import annotations

from typing import Any

from unospec.reference import IllegalAction
from unospec.reference.engine import diagnose
from unospec.reference.position import Position

#: The rule that makes an action of each type legal (for an action a program fails to offer).
ALLOWING_RULE = {
    "draw": "DRAW-VOLUNTARY",
    "pass": "DRAW-THEN-PLAY",
    "colour": "WILD-COLOUR-CHOICE",
    "challenge": "WD4-CHALLENGE",
    "accept": "WD4-EFFECT",
    "uno": "UNO-SELF-RESCUE",
    "catch": "UNO-CATCH",
    "swap": "V-SEVEN-ZERO",
    "end": "V-MULTI-PLAY",
    "accuse": "V-CHEAT",
}

FIELD_RULE = {
    "/to_act": "TURN-ADVANCE",
    "/direction": "REVERSE-EFFECT",
    "/colour": "CURRENT-COLOUR",
    "/scores": "SCORE-WINNER-TAKES",
    "/winner": "MATCH-TARGET-500",
    "/uno": "UNO-CALL",
    "/dealer": "DEALER-SELECTION",
    "/draw_pile": "DRAW-ONE",
    "/discard_pile": "PLAY-MATCH",
    "/phase": "TURN-ACTION",
    "/round": "NEW-ROUND",
}


def rule_for_missing(pos: Position, action: dict[str, Any]) -> str:
    """A legal action the program does not offer: the rule that allows it."""
    kind = action["type"]
    if kind == "play":
        card = action["card"]
        if pos.phase == "turn" and action["seat"] != pos.to_act:
            return "V-JUMP-IN"
        if pos.phase == "drawn":
            return "DRAW-THEN-PLAY"
        if pos.phase == "stack":
            return "V-STACK-DRAW"
        if card == "W":
            return "WILD-ANYTIME"
        if card == "WD4":
            return "WD4-BLUFF" if pos.cfg.wd4_challenge else "WD4-RESTRICTION"
        top = pos.discard_pile[-1]
        return "MATCH-ON-WILD" if top in ("W", "WD4") else "PLAY-MATCH"
    if kind == "draw" and pos.phase == "turn":
        hand = pos.hands[action["seat"]]
        from unospec.reference.matching import playable

        return (
            "DRAW-VOLUNTARY"
            if any(playable(pos, action["seat"], c) for c in hand)
            else "DRAW-WHEN-STUCK"
        )
    if kind == "accept" and pos.phase == "challenge":
        return "WD4-CHALLENGE"
    return ALLOWING_RULE.get(kind, "P-ILLEGAL-PLAY-REJECTED")


def rule_for_extra(pos: Position, action: dict[str, Any]) -> str:
    """An action the program offers (or accepts) that the rules forbid: the rule it breaks."""
    err: IllegalAction = diagnose(pos, action)
    return err.rule


#: For a field that came out different, the events whose rule is most likely to blame, in order.
FIELD_EVENTS = {
    "/scores": ("points_scored", "match_won", "stalemate"),
    "/winner": ("match_won", "points_scored"),
    "/round": ("dealt", "stalemate", "round_won"),
    "/hands": (
        "cards_drawn",
        "draw_forgiven",
        "hands_swapped",
        "hands_rotated",
        "challenge_decided",
        "uno_caught",
    ),
    "/draw_pile": ("cards_drawn", "reshuffled", "draw_forgiven", "starter_returned", "dealt"),
    "/discard_pile": ("reshuffled", "card_played", "cheat_revealed", "starter_returned"),
    "/to_act": (
        "turn_skipped",
        "direction_reversed",
        "turn_missed",
        "challenge_decided",
        "jumped_in",
        "turn_ended",
    ),
    "/direction": ("direction_reversed",),
    "/phase": ("challenge_decided", "round_won", "turn_ended", "cards_drawn", "colour_named"),
    "/colour": ("colour_named", "reshuffled"),
    "/uno": ("uno_called", "uno_caught", "hands_swapped", "hands_rotated"),
    "/dealer": ("dealer_chosen", "dealer_tie"),
}


def rule_for_field(field: str, events: list[dict[str, Any]]) -> str:
    """A position field that came out different after a step: the rule of the event most
    related to that field in that step, else the field's usual rule."""
    base = "/" + field.split("/")[1] if field.count("/") > 1 else field
    for kind in FIELD_EVENTS.get(base, ()):
        for e in events:
            if e["type"] == kind:
                return e["rule"]
    if base == "/uno":
        return "UNO-CALL"
    ignore = {"PLAY-MATCH", "WILD-ANYTIME", "TURN-ADVANCE", "DRAW-END-TURN"}
    specific = [e["rule"] for e in events if e["rule"] not in ignore]
    if specific:
        return specific[0]
    return FIELD_RULE.get(base, events[0]["rule"] if events else "P-ILLEGAL-PLAY-REJECTED")
