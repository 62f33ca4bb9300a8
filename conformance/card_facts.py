"""What a trace line says about the cards nobody saw, one fact per rule.

Each function here reads a line (and the position before it, and the line that follows
when that is what tells) and returns what the rules let one conclude about unknown cards:
a fact over the hidden-card counts of :class:`unospec.spec.prover.trace_model.TraceModel`,
with the sentence that says it, the rule that makes it so and the JSON pointer of the
part of the line that says it. None of them looks at a card the trace does not name;
the engine's own functions (``matches``, ``may_follow``, ``turn_effect``, …) are asked
wherever the answer does not depend on a hidden card, so no rule is written twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from unospec.reference.effects import add_to_turn, may_follow, turn_effect
from unospec.reference.matching import COLOUR, FACE, matches, may_go_out_on
from unospec.reference.turns import after_turn
from unospec.spec.cards import KINDS, WILD, WILD_DRAW_FOUR, WILDS, is_card
from unospec.spec.prover.trace_facts import (
    FALSE,
    TRUE,
    AllOf,
    AnyOf,
    Expr,
    Not,
    add,
    at_least,
    at_most,
)
from unospec.spec.prover.trace_model import TraceModel

Records = list[tuple[int, dict[str, Any]]]

#: Options under which what the engine does depends on hidden hands in ways the facts
#: here do not yet describe; a trace with unknown cards under them is refused,
#: saying why.
UNMODELLED: tuple[tuple[str, str, str], ...] = ()

#: The rule that makes a seat draw, by the action on the line, for sightings of drawn cards.
DRAW_RULE = {
    "draw": "DRAW-ONE",
    "challenge": "WD4-CHALLENGE",
    "catch": "UNO-PENALTY",
    "accuse": "V-CHEAT",
}


def wd4_blockers(cfg: Any, top: str, colour: str | None) -> tuple[str, ...]:
    """The kinds whose presence in the rest of a hand makes a Wild Draw Four break
    WD4-RESTRICTION (or V-WD4-ONLY-IF-NO-PLAYABLE), as the engine judges it."""

    if cfg.wd4_strict:
        return tuple(k for k in KINDS if k == WILD or (k not in WILDS and matches(k, top, colour)))
    return tuple(k for k in KINDS if k not in WILDS and COLOUR[k] == colour)


def coloured(colour: str | None) -> tuple[str, ...]:
    """The kinds of ``colour`` (wild cards have none)."""

    return tuple(k for k in KINDS if k not in WILDS and COLOUR[k] == colour)


def lacks(hand: dict[str, Expr], kinds: Iterable[str]) -> Any:
    return AllOf(tuple(at_most(hand[k], 0) for k in kinds))


def has_any(hand: dict[str, Expr], kinds: Iterable[str]) -> Any:
    return at_least(add(*(hand[k] for k in kinds)), 1)


def blockers_in_words(colour: str | None, strict: bool) -> str:
    """The cards that make a Wild Draw Four illegal, in words."""
    if strict:
        return "playable card besides it"
    return f"card of the colour {colour}" if colour else "card of the current colour"


def reveal(
    records: list[tuple[int, dict[str, Any]]], idx: int, seat: int
) -> tuple[int, dict[str, Any]] | None:
    """The first line after ``idx`` that shows whether ``seat``'s turn went on after its
    draw (UNO calls and catches can come from anyone at any time, so they say nothing)."""
    for line_no, rec in records[idx + 1 :]:
        if rec["action"].get("type") not in ("uno", "catch"):
            return line_no, rec
    return None


def multi_rule(cfg: Any) -> str:
    """The rule ID of the multi-card variant in force (as the engine names it)."""
    if cfg.multi_identical:
        return "V-MULTI-IDENTICAL"
    if cfg.multi_ride:
        return "V-MULTI-RIDE"
    if cfg.multi_one_colour_or_number:
        return "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER"
    return "V-MULTI-PLAY"


def _joins(
    cfg: Any, pos: Any, seat: int, card: str, after: dict[str, Expr]
) -> tuple[dict[str, Any], Any]:
    """Under a multi-card variant, for each kind, whether a copy of it in ``seat``'s hand
    could join the group once ``card`` (played from ``pos``) is down: TRUE, FALSE or a
    fact about the hands. :func:`unospec.reference.effects.may_follow` is asked on a copy of the
    position in which the hand holds only copies of the kind (it looks at the kind, the
    group, the pile and the hand's size); the one test that looks into a hand, a Wild Draw
    Four closing a ride, is given as a fact. Also returns the copy, with the group down."""

    probe = pos.copy()
    probe.forget_legal()
    hand = probe.hands[seat]
    if card not in hand:
        hand[0] = card  # the witness's hand may not hold it yet; only the size counts
    add_to_turn(probe, seat, card, [])
    size = len(probe.hands[seat])
    out: dict[str, Any] = {}
    for k in KINDS:
        probe.hands[seat] = [k] * size
        ok = may_follow(probe, seat, k)
        if ok and k == WILD_DRAW_FOUR and cfg.multi_ride:
            blockers = wd4_blockers(cfg, probe.discard_pile[-1], probe.colour)
            out[k] = lacks(after, blockers)
        else:
            out[k] = TRUE if ok else FALSE
    return out, probe


def group_fact(
    cfg: Any,
    pos: Any,
    seat: int,
    card: str,
    after: dict[str, Expr],
    records: list[tuple[int, dict[str, Any]]],
    idx: int,
) -> tuple[Any, tuple[int, str, str, str, Any]] | str | None:
    """Under a multi-card variant, what the line after a card laid on one's turn (or a
    jump-in, or a card added to a group) says about the hand left: the engine offers more
    cards (phase ``multi``) only while the hand holds one that may join the group
    (:func:`unospec.reference.effects.continue_turn`), and otherwise ends the turn, or asks for the
    colour of a wild card at once; in phase ``multi`` only that seat may act, with a card
    that may join or ``end``. So the next line (UNO calls and catches aside) that ends the
    group says the hand held such a card; one that names the colour, or is another seat's
    or another kind of action, says it held none; and a card the seat lays next, which it
    held already (no card came in between), was one that may join if and only if the turn
    went on. ``(the fact that the hand held one, (line, text, rule, field, fact))`` for
    :meth:`TraceModel.say`; ``None`` when nothing follows; or a string saying why the line
    cannot be followed."""
    line_no = records[idx][0]
    nxt = reveal(records, idx, seat)
    if nxt is None:
        return None
    r_line, r_rec = nxt
    a = r_rec["action"]
    joins, probe = _joins(cfg, pos, seat, card, after)
    ways = [AllOf((at_least(after[k], 1), f)) for k, f in joins.items() if f is not FALSE]
    more = AnyOf(tuple(ways))
    rule = multi_rule(cfg)
    offered = "more cards are offered only while the hand holds one that may join the group"
    if a.get("seat") == seat and a.get("type") == "end":
        return more, (
            r_line,
            f"seat {seat} ends its group after line {line_no}; {offered}, so it held one",
            rule,
            "/action/type",
            more,
        )
    if a.get("seat") == seat and a.get("type") == "play" and "claim" not in a:
        c = a.get("card")
        if not is_card(c):
            return None
        between = records[idx + 1 : next(i for i, (n, _) in enumerate(records) if n == r_line)]
        if any(d.get("seat") == seat for _, r in between for d in r.get("drawn") or []):
            # an UNO penalty came in between: the card may be one drawn for it. Had the
            # turn ended, would the seat have the turn again?
            if _turn_comes_back(cfg, probe, seat):
                return (
                    "a penalty drawn between two cards of a group, when the turn could "
                    "have come back to the player, could not be followed with unknown "
                    "cards: report every card"
                )
            return more, (
                r_line,
                f"seat {seat} plays {c} after line {line_no}; had its turn ended there, "
                f"another seat would act now, and {offered}, so it held one",
                rule,
                "/action/seat",
                more,
            )
        ok = joins[c]
        text = (
            f"seat {seat} plays {c} after line {line_no}, a card it held then; {c} "
            f"{'may' if ok is TRUE else 'may not' if ok is FALSE else 'may or may not'} join "
            f"the cards laid, and {offered}"
        )
        if ok is TRUE:
            return more, (r_line, text + ", so the turn went on", rule, "/action/card", more)
        if ok is FALSE:
            return more, (r_line, text + ", so it had ended", rule, "/action/card", Not(more))
        return more, (
            r_line,
            text,
            rule,
            "/action/card",
            AnyOf((AllOf((ok, more)), AllOf((Not(ok), Not(more))))),
        )
    what = (
        "names a colour"
        if a.get("seat") == seat and a.get("type") == "colour"
        else f"acts ({a.get('type')})"
        if a.get("seat") == seat
        else f"is followed by seat {a.get('seat')} ({a.get('type')})"
    )
    return more, (
        r_line,
        f"seat {seat} {what} after laying {card} on line {line_no}; {offered}, and then only "
        "that seat may act (add a card or end the turn), so it held none",
        rule,
        "/action/type" if a.get("seat") == seat else "/action/seat",
        Not(more),
    )


def _turn_comes_back(cfg: Any, probe: Any, seat: int) -> bool:
    """Whether, were the group in ``probe`` to end now, ``seat`` could be the next to lay a
    card (a Skip, Reverse or draw card between two players, Skips wrapping round the table,
    turns missed): :func:`unospec.reference.effects.finish_turn`'s seat arithmetic. A 7 under
    V-SEVEN-ZERO asks the player to swap first, so the next action is not a card."""

    cards = probe.pending["cards"]
    if cfg.seven_zero and cfg.seven_zero["seven_swap"] and any(FACE.get(c) == "7" for c in cards):
        return False
    if any(probe.missed_turns):
        return True
    skips, flips, draws = turn_effect(probe, cards)
    return after_turn(probe, seat, skips, flips, draws)[0] == seat


def slots(
    line_no: int,
    drawn: list[dict[str, Any]],
    seat: int,
    batches: list[tuple[int, str, list[int]]],
) -> list[tuple[int, str | None, Any]]:
    """The cards ``seat`` draws on the line, in order: ``(line, batch, index in the batch)``
    for an unknown card, ``(line, None, card)`` for a seen one."""
    out: list[tuple[int, str | None, Any]] = []
    for j, d in enumerate(drawn):
        if d.get("seat") != seat:
            continue
        where = {i: (b, n) for jj, b, nulls in batches if jj == j for n, i in enumerate(nulls)}
        for i, c in enumerate(d.get("cards", [])):
            out.append((line_no, *where[i]) if c is None and i in where else (line_no, None, c))
    return out


def may_draw_again(cfg: Any, n: int, can_draw: bool) -> bool:
    """Whether the rules would let a turn that has drawn ``n`` cards draw another (if the
    last card drawn does not stop it): :func:`unospec.reference.drawing.more_draws`, which looks
    at no card."""
    if not can_draw:
        return False
    for params in (cfg.draw_until_playable, cfg.draw_until_stop):
        if params:
            return params["cap"] == 0 or n < params["cap"]
    fixed = cfg.draw_fixed
    return bool(fixed) and fixed["mode"] == "at_most" and n < fixed["n"]


def _draw_rule(cfg: Any, default: str) -> str:
    if cfg.draw_until_playable:
        return "V-DRAW-UNTIL-PLAYABLE"
    if cfg.draw_until_stop:
        return "V-DRAW-UNTIL-STOP"
    if cfg.draw_fixed:
        return "V-DRAW-FIXED"
    return default


def drawn_fact(
    model: TraceModel,
    cfg: Any,
    pos: Any,
    seat: int,
    series: list[tuple[int, str | None, Any]],
    nxt: dict[str, Any],
    line_no: int,
    again: bool,
) -> tuple[str, str, str, Any] | None:
    """What the line after a turn draw says about the card(s) drawn this turn. The cards
    that may be played now are the last one drawn (all of them under V-DRAW-FIXED):
    one of them was the card now played (DRAW-THEN-PLAY); a pass says one could be played,
    unless the rules would have let the turn draw again anyway; another seat acting says
    none could (the turn ended by itself, DRAW-END-TURN); drawing again under
    V-DRAW-UNTIL-PLAYABLE / -UNTIL-STOP says the last card could not be played (it would
    have stopped the series). ``again`` is whether the rules would let the turn draw
    another card. ``(text, rule, field, fact)``, or ``None`` when the line says nothing
    the engine does not judge by itself."""

    if not series:
        return None
    top, colour = pos.announced or pos.discard_pile[-1], pos.colour
    after = model.hand(seat)
    wd4_ok = lacks(after, wd4_blockers(cfg, top, colour))
    # DRAW-THEN-PLAY lays a drawn Wild Draw Four as a held one: against WD4-RESTRICTION
    # too unless the engine enforces it (WD4-BLUFF); only a legal one ends a draw series
    wd4_lay = wd4_ok if cfg.wd4_engine_enforced else TRUE
    # V-WILD-ONLY-WITHOUT-COLOUR: a Wild drawn is playable only while the hand (the Wild
    # in it) holds no card of the current colour
    wild_only = cfg.wild_only_without_colour
    wild_ok = lacks(after, coloured(colour))
    ordinary = [
        k
        for k in KINDS
        if (k == WILD and not wild_only) or (k not in WILDS and matches(k, top, colour))
    ]
    candidates = series if cfg.draw_fixed else series[-1:]
    batches = list(dict.fromkeys(b for _, b, _ in candidates if b))
    known = [c for _, b, c in candidates if not b]

    def card_ok(c: str, wd4: Any = wd4_lay) -> Any:
        if c == WILD_DRAW_FOUR:
            return wd4
        if c == WILD and wild_only:
            return wild_ok
        return TRUE if c in ordinary else FALSE

    def any_ok(wd4: Any) -> Any:
        ways: list[Any] = [card_ok(c, wd4) for c in dict.fromkeys(known)]
        for b in batches:
            ways.append(at_least(model.batch_expr(b, ordinary), 1))
            ways.append(AllOf((at_least(model.batch_expr(b, [WILD_DRAW_FOUR]), 1), wd4)))
            if wild_only:
                ways.append(AllOf((at_least(model.batch_expr(b, [WILD]), 1), wild_ok)))
        return AnyOf(tuple(ways))

    if not batches and all(c not in (WILD_DRAW_FOUR, WILD) for c in known):
        return None  # seen cards the engine judges by itself
    playable = any_ok(wd4_lay)
    what = "the card drawn" if len(candidates) == 1 else "any card drawn this turn"
    a = nxt["action"]
    rule = _draw_rule(cfg, "DRAW-END-TURN")
    if a.get("seat") == seat and a.get("type") == "play" and is_card(a.get("card")):
        c = a["card"]
        among = add(*(model.batch_expr(b, [c]) for b in batches), {"": known.count(c)})
        extra = card_ok(c) if c in WILDS else TRUE
        fact = AllOf((at_least(among, 1), extra))
        text = (
            f"seat {seat} plays {c} right after drawing on line {line_no}; only {what} may be "
            f"played then, so it was {c}"
        )
        if c == WILD_DRAW_FOUR and cfg.wd4_engine_enforced:
            text += f", and it held no {blockers_in_words(colour, cfg.wd4_strict)}"
        elif c == WILD and wild_only:
            text += f", and it held no card of the colour {colour}"
        hand_decides = (c == WILD_DRAW_FOUR and cfg.wd4_engine_enforced) or (
            c == WILD and wild_only
        )
        if (c in known or not batches) and not hand_decides:
            return None  # a seen card: the engine judges the play by itself
        if not batches and c not in known:
            return None  # the engine refuses the play by itself
        rule = (
            "V-WILD-ONLY-WITHOUT-COLOUR"
            if c == WILD and wild_only
            else _draw_rule(cfg, "DRAW-THEN-PLAY")
        )
        return text, rule, "/action/card", fact
    if a.get("seat") == seat and a.get("type") == "draw":
        if cfg.draw_until_playable or cfg.draw_until_stop:
            return (
                f"seat {seat} draws again after drawing on line {line_no}; a card that could "
                "be played would have ended the drawing, so the card drawn could not",
                rule,
                "/action/type",
                Not(any_ok(wd4_ok)),
            )
        return None  # V-DRAW-FIXED at_most draws again whatever was drawn
    if a.get("seat") == seat and a.get("type") == "pass":
        if again and not cfg.draw_until_playable:
            return None  # the turn could have drawn again: passing is allowed either way
        return (
            f"seat {seat} keeps {what} on line {line_no} and passes; had none been playable "
            "the turn would have ended by itself, so one was",
            rule,
            "/action/type",
            playable,
        )
    return (
        f"seat {seat}'s turn ended with its draw on line {line_no} (the next action is not "
        f"its own), so {what} could not be played",
        rule,
        "/action/seat",
        Not(playable),
    )


#: the rules under which a draw card's victim draws at once (NO-STACKING's ``suffer``)
_SUFFERED = ("DRAW-TWO-EFFECT", "WD4-EFFECT", "V-STACK-DRAW", "TWO-PLAYER-DRAW")


def stack_fact(
    cfg: Any,
    held: dict[int, dict[str, Expr]] | None,
    prior: Any,
    after: Any,
    events: list[dict[str, Any]],
    kind: str,
    drawn: list[dict[str, Any]],
    records: list[tuple[int, dict[str, Any]]],
    idx: int,
    moved: dict[int, int] | None = None,
) -> tuple[int, str, str, str, Any] | None:
    """Under V-STACK-DRAW, what a line that makes a Draw Two or Wild Draw Four hit its
    victim says about the victim's hand: the engine asks the victim to answer only while
    it holds a card it may stack (:func:`unospec.reference.effects.stack_options`), and otherwise
    the victim draws at once, on this very line. So the victim's draw on the line says it
    held none; the victim answering on the next line (stack, accept, challenge) says it
    held one. A Wild Draw Four that may be challenged asks the victim either way (to
    stack, challenge or accept; or to challenge or accept), so only a stack says something.
    ``(line, text, rule, field, fact)`` for :meth:`TraceModel.say`, or ``None``."""

    if held is None or (kind in ("accept", "challenge") and prior.phase != "cheat"):
        return None  # (under V-CHEAT accepting an announced draw card makes it hit)
    victim = None
    if after.phase in ("stack", "challenge") and after.pending and "card" in after.pending:
        if after.pending.get("final"):
            return None
        victim, card = after.to_act, after.pending["card"]
    else:
        # (only reference.effects.suffer skips a turn under these rules; the card that hit
        # is the last one laid, which under V-CUMULATIVE-EFFECT need not be a draw card)
        for e in events:
            if e["type"] == "turn_skipped" and e["rule"] in _SUFFERED:
                victim, card = e["seat"], after.announced or after.discard_pile[-1]
        if victim is None:
            return None
    colour, hand, allowed = after.colour, held[victim], cfg.stackable
    ways = []
    for k in KINDS:
        if k == WILD_DRAW_FOUR:
            pair = "WD4-on-WD4" if card == WILD_DRAW_FOUR else "WD4-on-D2"
            if pair not in allowed:
                continue
            way = at_least(hand[k], 1)
            if cfg.wd4_engine_enforced:
                way = AllOf((way, lacks(hand, wd4_blockers(cfg, card, colour))))
        elif FACE[k] == "D2":
            if card == WILD_DRAW_FOUR:
                if "D2-on-WD4" not in allowed or COLOUR[k] != colour:
                    continue
            elif "D2-on-D2" not in allowed:
                continue
            way = at_least(hand[k], 1)
        else:
            continue
        ways.append((k, way))
    line_no = records[idx][0]
    size = len(prior.hands[(moved or {}).get(victim, victim)])  # the hand it holds when hit
    if size == 1:  # a last card may be stacked only if it may end the round
        ways = [(k, w) for k, w in ways if may_go_out_on(cfg, k)]
    if not ways:
        return None
    has = AnyOf(tuple(w for _, w in ways))
    what = "Draw Two" if card != WILD_DRAW_FOUR else "Wild Draw Four"
    mine = next((j for j, d in enumerate(drawn) if d.get("seat") == victim), None)
    nxt = reveal(records, idx, victim)
    answers = (
        nxt is not None
        and nxt[1]["action"].get("seat") == victim
        and nxt[1]["action"].get("type") in ("play", "accept", "challenge")
    )
    stacked = answers and mine is None and nxt[1]["action"].get("type") == "play"
    if card == WILD_DRAW_FOUR and cfg.wd4_challenge and not stacked:
        # asked either way (to stack or challenge in the one phase, to challenge in the
        # other); only a stack shows the phase it was
        return None
    if mine is None and answers:
        r_line, r_rec = nxt
        return (
            r_line,
            f"seat {victim} answers the {what} of line {line_no} ({r_rec['action']['type']}); "
            "it is asked only while it holds a card it may stack, so it held one",
            "V-STACK-DRAW",
            "/action/type",
            has,
        )
    return (
        line_no,
        f"seat {victim} draws for the {what} at once; it would have been asked to answer had "
        "it held a card it may stack, so it held none",
        "V-STACK-DRAW",
        f"/drawn/{mine}/seat" if mine is not None else "/action",
        Not(has),
    )
