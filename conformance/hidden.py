"""Validating traces from programs that cannot expose their deck.

Such a trace has no ``chance`` list. Its header names the deal instead —
``"deal": {"dealer": 2, "hands": [[…7 cards…], …], "starter": "R5"}`` (``starter`` may be
a list when special starters were turned up and returned) — and every line reports the
cards its action made someone draw, in order: ``"drawn": [{"seat": 1, "cards": ["B3", "G7"]}]``.

The deck order stays unknown: the validator keeps the cards nobody has seen as a pile
in canonical order and, before each line, brings the cards the line says were drawn to
its top (and to the top of any reshuffle). A reported card that is not among the unseen
cards breaks DECK-COMPOSITION; a draw the rules do not make, or a different number of
cards, is a violation of the rule that governs that draw.

**Unknown cards.** A log written from one seat writes the cards it could not see as
``null`` (in ``deal.hands`` and in ``drawn``). :func:`validate_unknown` then keeps a
:class:`unospec.spec.prover.hidden.TraceModel`: each run of unknown cards that entered a hand on
a line is a *batch* of per-kind counts, and each line adds what the rules let one
conclude from it, under the rule that allows the conclusion —

* a card played came from the hand (TURN-ACTION), and no kind ever has more copies in
  hands and on the discard pile than the deck (DECK-COMPOSITION, checked before every
  reshuffle and at every solver call);
* after a turn draw, the next line that is not an UNO call or catch decides: the same
  seat plays at once, so the card drawn was that card (DRAW-THEN-PLAY); it passes, so
  the card was playable; another seat acts, so the turn ended by itself and the card was
  not playable (DRAW-END-TURN). The draw variants change what may be played and when a
  turn may draw again, and each conclusion follows the variant (under its rule ID):
  under V-DRAW-FIXED any card drawn this turn may be played, so a play says one of them
  was that card and a turn that ended says none could be played; under
  V-DRAW-UNTIL-PLAYABLE and V-DRAW-UNTIL-STOP drawing again says the card just drawn
  could not be played; a pass says nothing where the turn could have drawn again
  instead (V-DRAW-UNTIL-STOP, V-DRAW-FIXED ``at_most``). Whether a turn may draw again
  depends only on how many cards it drew and how many are left to draw, never on which;
* who draws after a Wild Draw Four challenge says whether the challenged hand held the
  colour when the card went down (WD4-CHALLENGE-GUILTY / -INNOCENT); where the engine
  polices the card, laying it says the hand lacked the colour (WD4-RESTRICTION,
  V-WD4-ONLY-IF-NO-PLAYABLE);
* under V-WILD-ONLY-WITHOUT-COLOUR laying a Wild on one's turn says the hand held no
  card of the current colour, and so does playing a Wild just drawn; whether a Wild
  drawn could be played (the pass / turn-end conclusions above) is judged the same way
  (V-WILD-ONLY-WITHOUT-COLOUR);
* under V-STACK-DRAW the engine asks the victim of a Draw Two or Wild Draw Four to answer
  only while it holds a card it may stack, and otherwise serves the draw at once: the
  victim's draw on the line that hit it says it held none, the victim answering on the
  next line (stack, accept, challenge) says it held one (V-STACK-DRAW). A Wild Draw Four
  that may be challenged asks the victim either way, so there only a stack says it; a
  stacked card came from the hand like a played one;
* under V-JUMP-IN a card laid out of turn came from the jumper's hand (V-JUMP-IN). Jump-ins
  do not disturb the turn-draw conclusion: nobody may jump in while a drawn card waits,
  and a draw clears the last player, so nobody may jump in on the next turn either before
  a card is laid;
* under V-SEVEN-ZERO a swap after a 7 and the rotation after a 0 move whole hands between
  seats, the unknown cards with them (:meth:`TraceModel.move_hands`): nothing is
  concluded, but every later fact about a seat's hand is about the hand it now holds.
  Which hands move is seen on the line (the target, the direction), never hidden; the
  rotation comes on the line where the turn holding the 0 takes effect (the line that
  ends a group, names its colour, or accepts an announced 0);
* under the multi-card variants (V-MULTI-PLAY, V-MULTI-IDENTICAL,
  V-MULTI-ONE-COLOUR-OR-ALL-NUMBER, V-MULTI-RIDE) the engine goes on to phase ``multi``
  after a card only while the hand holds one that may join the group
  (:func:`unospec.reference.effects.continue_turn`; a Wild asks for its colour at once
  otherwise), and in that phase only the same seat acts, adding a card or ending the
  turn. So the next line (UNO calls and catches aside) says which it was, under the
  variant's rule: ``end`` says the hand held such a card; naming the colour, or any other
  action or seat, says it held none; a card the seat lays next was in the hand already
  (nothing was drawn in between), so the turn went on exactly when that card may join.
  Which kinds may join is asked of :func:`unospec.reference.effects.may_follow` itself, on a copy
  of the position whose hand holds only that kind; the one hand-dependent test, a Wild
  Draw Four closing a ride, is a fact about the hand. The replay checks that the engine
  went on exactly when the witness's hand held such a card. A card added to a group came
  from the hand like any other, and a Wild Draw Four in a group is judged, for a
  challenge, on the pile and colour the turn began with (as the engine judges it).
  Groups never follow a turn draw, so the turn-draw conclusions stand as they are;
* under V-CHEAT a card laid face down came from the hand (V-CHEAT) and a right accusation
  puts it back (:meth:`TraceModel.take_back`); an announced draw card that is accepted
  hits its victim as a played one would (V-STACK-DRAW). The face-down card itself must
  be given: the trace format has no ``null`` for it, so the verdict of an accusation is
  the engine's, on a known card.

A voluntary draw says nothing. The replay itself stays the reference engine's: before
each line the unknown cards are placed as the current witness says (the witness is
mended with a one-card swap when that suffices, and otherwise Z3 finds a new one), the
line is applied, and what was drawn is compared. When Z3 finds no witness, the verdict
names a minimal set of lines that cannot all be true. At the end the whole trace is
replayed again with the final witness from the start, so the witness reported is one
the engine accepted on every line. Options under which hidden hands steer the game in
ways not modelled here would be listed in :data:`UNMODELLED` (none is now); a few lines
that cannot be followed are refused with unknown cards, saying why: an UNO penalty drawn
in the middle of a group when the turn could have come back to the same player, and a
reshuffle or hand change the replay did not predict.
"""

from __future__ import annotations

import bisect
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

from unospec.reference import IllegalAction, apply, dump, new_game
from unospec.spec.cards import (
    CANONICAL_DECK,
    DECK_COUNTS,
    KINDS,
    WILD,
    WILD_DRAW_FOUR,
    WILDS,
    is_card,
    is_number,
)
from unospec.spec.prover.hidden import (
    AllOf,
    AnyOf,
    Expr,
    Not,
    Outcome,
    TraceModel,
    Undecided,
    add,
    at_least,
    at_most,
)

SOLVER_SECONDS = 120.0  # Z3's time for one trace with unknown cards (--solver-timeout)


def _dealer_draw(players: int, dealer: int) -> dict[str, Any]:
    """A dealer-selection draw that makes ``dealer`` the dealer (the trace did not record it)."""
    zeros = [k for k in KINDS if not is_number(k)]
    return {
        "type": "dealer_draw",
        "cards": ["R9" if s == dealer else zeros[s] for s in range(players)],
    }


def validate_hidden(
    header: dict[str, Any],
    records: list[tuple[int, dict[str, Any]]],
    path: str,
    solver_seconds: float = SOLVER_SECONDS,
):
    from unospec.validate import UNUSABLE, VALID, VIOLATION, Verdict, _citations, refused

    deal = header.get("deal")
    if not isinstance(deal, dict):
        return Verdict(
            path,
            UNUSABLE,
            "a trace without chance inputs must name the deal (header 'deal')",
            1,
            "/deal",
        )
    players = header["players"]
    hands = deal.get("hands")
    starters = deal.get("starter")
    starters = [starters] if isinstance(starters, str) else starters
    dealer = deal.get("dealer")
    if not isinstance(hands, list) or len(hands) != players:
        return Verdict(path, UNUSABLE, f"the deal must name {players} hands", 1, "/deal/hands")
    for s, h in enumerate(hands):
        if not isinstance(h, list):
            return Verdict(path, UNUSABLE, "a hand is a list of cards", 1, f"/deal/hands/{s}")
        for i, c in enumerate(h):
            if c is not None and not is_card(c):
                return Verdict(path, UNUSABLE, f"{c!r} is not a card", 1, f"/deal/hands/{s}/{i}")
    if not starters or not all(is_card(c) for c in starters) or not isinstance(dealer, int):
        return Verdict(
            path, UNUSABLE, "the deal needs a dealer seat and the starter card(s)", 1, "/deal"
        )
    try:
        pos = new_game(players, header["profile"], header.get("options") or {})
        pos, _ = apply(pos, _dealer_draw(players, dealer))
    except IllegalAction as e:
        return Verdict(path, VIOLATION, e.reason, 1, "/players", e.rule, _citations(e.rule))
    except Exception as e:
        return Verdict(path, UNUSABLE, str(e), 1, "/profile")
    unknown = _first_unknown(hands, records)
    if unknown is not None:
        return validate_unknown(
            header, records, path, pos, hands, starters, unknown, solver_seconds
        )
    pos, bad = _deal(pos, hands, starters, path)
    if bad is not None:
        return bad
    actions = 0
    for line_no, rec in records:
        drawn = rec.get("drawn") or []
        upcoming = [c for d in drawn for c in d.get("cards", [])]
        if pos.chance is not None:
            return Verdict(
                path,
                VIOLATION,
                "the trace goes on, but the game waits for a new deal",
                line_no,
                "/action",
            )
        before = pos
        pos, bad = _drawn_on_top(pos, upcoming, path, line_no, rec["action"])
        if bad is not None:
            return bad
        try:
            pos, events = apply(pos, rec["action"])
            while (
                pos.chance is not None and pos.chance["type"] == "shuffle" and pos.phase != "deal"
            ):
                order = _reshuffle_order(pos, events, upcoming)
                pos, more = apply(pos, {"type": "shuffle", "order": order})
                events += more
        except IllegalAction as e:
            return refused(path, e, line_no, before, rec["action"], actions)
        actions += 1
        happened = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        if _merge(happened) != _merge(drawn):
            rule = next((e["rule"] for e in events if e["type"] == "cards_drawn"), "DRAW-ONE")
            return Verdict(
                path,
                VIOLATION,
                "the cards drawn differ from what the rules make the players draw",
                line_no,
                "/drawn",
                rule,
                _citations(rule),
                _merge(happened),
                _merge(drawn),
                {"position": dump(before), "action": rec["action"]},
                actions,
            )
    return Verdict(
        path,
        VALID,
        f"{actions} actions; deck order unseen, {sum(1 for _ in records)} lines checked",
        actions=actions,
    )


def _deal(pos: Any, hands: list[list[str]], starters: list[str], path: str):
    """Deal ``hands`` and turn up the starter(s), the unseen cards in canonical order
    as the draw pile: ``(position, None)`` or ``(position, the verdict against the deal)``."""
    from unospec.validate import VIOLATION, Verdict, _citations

    rest = Counter(CANONICAL_DECK)
    for h in hands:
        rest.subtract(h)
    rest.subtract(starters[:1])
    if any(v < 0 for v in rest.values()):
        bad = sorted(k for k, v in rest.items() if v < 0)
        return pos, Verdict(
            path,
            VIOLATION,
            f"the deal holds more copies of {', '.join(bad)} than the deck",
            1,
            "/deal/hands",
            "DECK-COMPOSITION",
            _citations("DECK-COMPOSITION"),
        )
    pile = [c for c in CANONICAL_DECK if rest[c] > 0 and not rest.subtract([c])]
    try:
        pos, _ = apply(
            pos, {"type": "deal", "hands": hands, "starter": starters[0], "draw_pile": pile}
        )
    except IllegalAction as e:
        return pos, Verdict(path, VIOLATION, e.reason, 1, "/deal", e.rule, _citations(e.rule))
    for later in starters[1:]:  # special starters returned and reshuffled (FIRST-CARD-WD4, …)
        if pos.chance is None or pos.chance["type"] != "shuffle":
            return pos, Verdict(
                path,
                VIOLATION,
                f"starter {later} was turned up, but the rules keep the first starter",
                1,
                "/deal/starter",
                "FIRST-DISCARD-FLIP",
                _citations("FIRST-DISCARD-FLIP"),
            )
        order = list(pos.chance["cards"])
        if later not in order:
            return pos, Verdict(
                path,
                VIOLATION,
                f"the starter {later} is not among the unseen cards",
                1,
                "/deal/starter",
                "DECK-COMPOSITION",
                _citations("DECK-COMPOSITION"),
            )
        order.remove(later)
        pos, _ = apply(pos, {"type": "shuffle", "order": [later] + order})
    return pos, None


def _first_unknown(
    hands: list[list[Any]], records: list[tuple[int, dict[str, Any]]]
) -> tuple[int, str] | None:
    """The line and JSON pointer of the first unknown (``null``) card, if there is one."""
    for s, h in enumerate(hands):
        if None in h:
            return 1, f"/deal/hands/{s}/{h.index(None)}"
    for line_no, rec in records:
        for j, d in enumerate(rec.get("drawn") or []):
            if None in d.get("cards", []):
                return line_no, f"/drawn/{j}/cards/{d['cards'].index(None)}"
    return None


def _drawn_on_top(pos: Any, upcoming: list[str], path: str, line_no: int, action: Any):
    """A copy of ``pos`` with the cards the line says were drawn on top of the draw pile,
    and ``None``; or ``pos`` and the verdict when one of them is not among the unseen
    cards (DECK-COMPOSITION)."""
    from unospec.validate import VIOLATION, Verdict, _citations

    new = pos.copy()
    missing = _bring_to_top(new, upcoming)
    if missing:
        return pos, Verdict(
            path,
            VIOLATION,
            f"drawn card {missing} is not among the cards nobody has seen",
            line_no,
            "/drawn",
            "DECK-COMPOSITION",
            _citations("DECK-COMPOSITION"),
            reproducer={"position": dump(pos), "action": action},
        )
    new.__dict__.pop("_legal", None)
    return new, None


def _reshuffle_order(pos: Any, events: list[dict[str, Any]], upcoming: list[str]) -> list[str]:
    """The order of a reshuffle in the middle of a line: the cards the line says are still
    to be drawn come first, in their order; the rest follow as the engine listed them."""
    got = [c for e in events if e["type"] == "cards_drawn" for c in e["cards"]]
    order = list(pos.chance["cards"])
    head = []
    for c in upcoming[len(got) :]:
        if c in order:
            order.remove(c)
            head.append(c)
    return head + order


def _bring_to_top(pos: Any, cards: list[str]) -> str | None:
    """Put ``cards`` on top of the draw pile in this order, as far as they are in it; the
    rest must come from a reshuffle of the discards. Returns a card found nowhere unseen."""
    pile = pos.draw_pile
    head = []
    for c in cards:
        if c in pile:
            pile.remove(c)
            head.append(c)
        elif c not in pos.discard_pile[:-1]:
            return c
        else:
            break
    pos.draw_pile = head + pile
    return None


def _merge(draws: list[dict[str, Any]]) -> list[tuple[int, list[str]]]:
    """Consecutive draws by the same seat as one (how programs split them is their own business)."""
    out: list[tuple[int, list[str]]] = []
    for d in draws:
        if out and out[-1][0] == d["seat"]:
            out[-1][1].extend(d["cards"])
        else:
            out.append((d["seat"], list(d["cards"])))
    return out


# -- unknown cards -----------------------------------------------------------------------------

#: Options under which what the engine does depends on hidden hands in ways the solver
#: constraints below do not yet describe; a trace with unknown cards under them is refused,
#: saying why.
UNMODELLED: tuple[tuple[str, str, str], ...] = ()

#: The rule that makes a seat draw, by the action on the line, for sightings of drawn cards.
_DRAW_RULE = {
    "draw": "DRAW-ONE",
    "challenge": "WD4-CHALLENGE",
    "catch": "UNO-PENALTY",
    "accuse": "V-CHEAT",
}


def _wd4_blockers(cfg: Any, top: str, colour: str | None) -> tuple[str, ...]:
    """The kinds whose presence in the rest of a hand makes a Wild Draw Four break
    WD4-RESTRICTION (or V-WD4-ONLY-IF-NO-PLAYABLE), as the engine judges it."""
    from unospec.reference.matching import COLOUR, matches

    if cfg.wd4_strict:
        return tuple(k for k in KINDS if k == WILD or (k not in WILDS and matches(k, top, colour)))
    return tuple(k for k in KINDS if k not in WILDS and COLOUR[k] == colour)


def _coloured(colour: str | None) -> tuple[str, ...]:
    """The kinds of ``colour`` (wild cards have none)."""
    from unospec.reference.matching import COLOUR

    return tuple(k for k in KINDS if k not in WILDS and COLOUR[k] == colour)


def _lacks(hand: dict[str, Expr], kinds: Iterable[str]) -> Any:
    return AllOf(tuple(at_most(hand[k], 0) for k in kinds))


def _has_any(hand: dict[str, Expr], kinds: Iterable[str]) -> Any:
    return at_least(add(*(hand[k] for k in kinds)), 1)


def _what(colour: str | None, strict: bool) -> str:
    """The cards that make a Wild Draw Four illegal, in words."""
    if strict:
        return "playable card besides it"
    return f"card of the colour {colour}" if colour else "card of the current colour"


def validate_unknown(
    header: dict[str, Any],
    records: list[tuple[int, dict[str, Any]]],
    path: str,
    start: Any,
    hands: list[list[str | None]],
    starters: list[str],
    first_unknown: tuple[int, str],
    solver_seconds: float = SOLVER_SECONDS,
):
    """Validate a trace with unknown cards: Z3 looks for a placement of them that makes
    every line true (see the module docstring). Z3 gets ``solver_seconds`` in all; a trace
    it cannot decide in that time is reported as undecided (unusable, exit 2)."""
    from unospec.validate import UNUSABLE, VALID, VIOLATION, Verdict, _citations, refused

    cfg = start.cfg
    players = start.players
    for attr, vid, why in UNMODELLED:
        if getattr(cfg, attr):
            return Verdict(
                path,
                UNUSABLE,
                f"unknown (null) cards under {vid} are not yet checkable: {why}; report every card",
                first_unknown[0],
                first_unknown[1],
                vid,
                _citations(vid),
            )
    started = time.perf_counter()
    deadline = time.monotonic() + solver_seconds
    calls = 0

    plays: dict[int, list[tuple[int, str]]] = {}
    for i, (_, rec) in enumerate(records):
        a = rec["action"]
        if a.get("type") == "play" and is_card(a.get("card")) and type(a.get("seat")) is int:
            plays.setdefault(a["seat"], []).append((i, a["card"]))

    def replay(preset: dict[str, int] | None):
        """One replay of the trace; a verdict against it, or what the replay found."""
        model = TraceModel(preset, deadline)

        def demand(start: int, seat: Any) -> list[str]:
            """The cards ``seat`` plays from record ``start`` on that its hand lacks under
            the witness: the kinds to give unseen cards first."""
            mine = plays.get(seat, [])
            i = bisect.bisect_left(mine, (start, ""))
            held = Counter(model.hand_counts(seat)) if type(seat) is int else Counter()
            out = []
            for _, c in mine[i : i + 30]:
                if held[c] > 0:
                    held[c] -= 1
                else:
                    out.append(c)
            return out

        fills: list[tuple[int, str, str, int]] = []  # line, pointer, batch, index in the batch

        def core_verdict(out: Outcome, actions: int) -> Verdict:
            core = out.core
            lines = sorted({a.line for a in core})
            if out.short:
                k = out.short[0]
                if out.need is not None and len(out.short) == 1:
                    why = f"they need {out.need} copies of {k} but the deck has {DECK_COUNTS[k]}"
                else:
                    why = "they need more copies of " + ", ".join(out.short) + " than the deck has"
                rule = "DECK-COMPOSITION"
            else:
                said = "; ".join(dict.fromkeys(a.text for a in core))
                them = "them all" if len({a.line for a in core}) > 1 else "it"
                why = f"no placement of the unknown cards makes {them} true: {said}"
                rule = core[-1].rule if core else "DECK-COMPOSITION"
            if not lines:
                message = "the unknown cards cannot fit in the deck: " + why
            else:
                listed = ", ".join(map(str, lines))
                message = (
                    f"lines {listed} cannot all be true: {why}"
                    if len(lines) > 1
                    else f"line {listed} cannot be true: {why}"
                )
            last = core[-1] if core else None
            return Verdict(
                path,
                VIOLATION,
                message,
                last.line if last else 1,
                last.field if last else "/deal",
                rule,
                _citations(rule),
                actions=actions,
                unknown=sum(1 for _ in fills),
                core=[
                    {"line": a.line, "field": a.field, "asserts": a.text, "rule": a.rule}
                    for a in core
                ],
            )

        # the deal (line 1): the cards shown, and one batch of unknown cards per hand
        deal_batches: dict[int, tuple[str, list[int]]] = {}
        forced = False
        forced = False
        for s, h in enumerate(hands):
            known = [c for c in h if c is not None]
            if known:
                model.sight(
                    1,
                    s,
                    known,
                    f"seat {s} was dealt {' '.join(known)}",
                    "DEAL-SEVEN",
                    f"/deal/hands/{s}",
                )
            nulls = [i for i, c in enumerate(h) if c is None]
            if nulls:
                b = model.hide(1, s, len(nulls), demand(0, s))
                deal_batches[s] = (b, nulls)
                fills.extend((1, f"/deal/hands/{s}/{i}", b, j) for j, i in enumerate(nulls))
        model.sight(
            1,
            "discard",
            starters[:1],
            f"the starter is {starters[0]}",
            "FIRST-DISCARD-FLIP",
            "/deal/starter",
        )
        for prev, later in zip(starters, starters[1:], strict=False):
            model.reshuffle([prev])
            model.sight(
                1,
                "discard",
                [later],
                f"the next starter is {later}",
                "FIRST-DISCARD-FLIP",
                "/deal/starter",
            )
        out = model.check()
        if not out.consistent:
            return core_verdict(out, 0)
        dealt = [list(h) for h in hands]
        for s, (b, nulls) in deal_batches.items():
            for i, c in zip(nulls, model.batch_cards(b), strict=True):
                dealt[s][i] = c
        pos, bad = _deal(start, dealt, starters, path)
        if bad is not None:
            return bad
        for s in range(players):  # a Draw Two starter: cards the trace does not name
            extra = Counter(pos.hands[s]) - Counter(dealt[s])
            if extra:
                b = model.hide(1, s, sum(extra.values()))
                if preset is None:
                    model.place(b, extra)
                elif Counter(model.batch_cards(b)) != extra:
                    forced = True  # the engine drew other cards: place the witness's
        out = model.check()
        if not out.consistent:
            return core_verdict(out, 0)
        built_with = -1 if model.version or forced else 0
        wd4_at: dict[int, tuple[int, dict[str, Expr], tuple[str, ...], str | None]] = {}
        cheat_at: dict[int, int] = {}  # V-CHEAT: the line of a seat's last face-down card
        # the cards of this turn's draw(s) while they may still be played: a batch and an
        # index in it for an unknown card, or the card
        turn_draw: list[tuple[int, str | None, Any]] | None = None
        actions = 0
        for idx, (line_no, rec) in enumerate(records):
            action = rec["action"]
            drawn = rec.get("drawn") or []
            if pos.chance is not None:
                return Verdict(
                    path,
                    VIOLATION,
                    "the trace goes on, but the game waits for a new deal",
                    line_no,
                    "/action",
                )
            kind, seat = action.get("type"), action.get("seat")
            in_range = type(seat) is int and 0 <= seat < players
            group_check = None  # under a multi-card variant: whether the hand holds a follow-up
            group_ends: bool | None = None  # whether the card laid ends the group
            # what the action says about the hand it comes from
            if kind == "play" and in_range and is_card(action.get("card")):
                card = action["card"]
                top, colour = pos.announced or pos.discard_pile[-1], pos.colour
                jumping = pos.phase == "turn" and seat != pos.to_act  # V-JUMP-IN
                stacking = pos.phase == "stack"  # V-STACK-DRAW
                grouped = pos.phase == "multi"
                if jumping:
                    said, rule = f"seat {seat} jumps in with {card}, so it held one", "V-JUMP-IN"
                elif grouped:
                    said = f"seat {seat} adds {card} to its turn's cards, so it held one"
                    rule = _multi_rule(cfg)
                elif stacking:
                    said, rule = f"seat {seat} stacks {card}, so it held one", "V-STACK-DRAW"
                elif "claim" in action:
                    said = (
                        f"seat {seat} lays {card} face down (announcing {action['claim']}), "
                        "so it held one"
                    )
                    rule = "V-CHEAT"
                    cheat_at[seat] = line_no
                else:
                    said, rule = f"seat {seat} plays {card}, so it held one", "TURN-ACTION"
                model.play(line_no, seat, card, said, rule, "/action/card")
                after = model.hand(seat)
                if card == WILD_DRAW_FOUR:
                    # a stacked one is judged, for a challenge, as if it were laid on itself;
                    # one added to a group against the colour of the card before it and (for
                    # V-WD4-ONLY-IF-NO-PLAYABLE) the pile the turn began with, as
                    # reference.effects.play asks for its colour
                    judged = WILD_DRAW_FOUR if stacking else top
                    if grouped:
                        judged = pos.pending["start_top"]
                    wd4_at[seat] = (line_no, after, _wd4_blockers(cfg, judged, colour), colour)
                    if cfg.wd4_engine_enforced and pos.phase in ("turn", "stack"):
                        rule = "V-WD4-ONLY-IF-NO-PLAYABLE" if cfg.wd4_strict else "WD4-RESTRICTION"
                        what = _what(colour, cfg.wd4_strict)
                        verb = "stacks" if stacking else "jumps in with" if jumping else "lays"
                        model.say(
                            line_no,
                            f"seat {seat} {verb} a Wild Draw Four, which the rules allow only "
                            f"while holding no {what}",
                            rule,
                            "/action/card",
                            _lacks(after, _wd4_blockers(cfg, top, colour)),
                        )
                if card == WILD and cfg.wild_only_without_colour and pos.phase in ("turn", "drawn"):
                    model.say(
                        line_no,
                        f"seat {seat} lays a Wild, which the rules allow only while holding no "
                        f"card of the colour {colour}",
                        "V-WILD-ONLY-WITHOUT-COLOUR",
                        "/action/card",
                        _lacks(after, _coloured(colour)),
                    )
                # a multi-card variant: the next line says whether the hand held a card
                # that may join this one
                if (
                    (cfg.multi or cfg.multi_identical)
                    and "claim" not in action
                    and pos.phase in ("turn", "multi")
                    and len(pos.hands[seat]) > 1
                ):
                    got = _group_fact(cfg, pos, seat, card, after, records, idx)
                    if isinstance(got, str):
                        return Verdict(path, UNUSABLE, got, line_no, "/action")
                    if got is not None:
                        group_check, fact = got
                        model.say(*fact)
                        group_ends = (
                            True
                            if fact[-1] == Not(group_check)
                            else False
                            if fact[-1] == group_check
                            else None
                        )
            # a challenge's outcome says what the challenged hand held
            if (
                kind == "challenge"
                and pos.phase in ("challenge", "stack")
                and pos.pending
                and pos.pending.get("card", WILD_DRAW_FOUR) == WILD_DRAW_FOUR
                and drawn
            ):
                w = pos.pending.get("from")
                info = wd4_at.get(w)
                drawer = drawn[0].get("seat")
                if info is not None and drawer in (w, seat):
                    m, after, blockers, colour = info
                    what = _what(colour, cfg.wd4_strict)
                    if drawer == w:
                        text = (
                            f"the challenge of seat {w}'s Wild Draw Four (line {m}) succeeds: seat "
                            f"{w} draws, so it held a {what} when it laid the card"
                        )
                        rule, fact = "WD4-CHALLENGE-GUILTY", _has_any(after, blockers)
                    else:
                        text = (
                            f"the challenge of seat {w}'s Wild Draw Four (line {m}) fails: seat "
                            f"{seat} draws, so seat {w} held no {what} when it laid the card"
                        )
                        rule, fact = "WD4-CHALLENGE-INNOCENT", _lacks(after, blockers)
                    model.say(line_no, text, rule, "/drawn/0/seat", fact)
            # V-CHEAT: a right accusation gives the face-down card back to the cheater
            returned: list[tuple[Any, list[str], int]] = []
            if (
                kind == "accuse"
                and pos.phase == "cheat"
                and seat == pos.to_act
                and pos.pending
                and pos.pending["card"] != pos.pending["claim"]
                and pos.pending["from"] in cheat_at
            ):
                cheater, back = pos.pending["from"], pos.pending["card"]
                model.take_back(cheat_at[cheater], cheater, back)
                returned.append((cheater, [back], 1))
            # V-SEVEN-ZERO: hands change seats, the unknown cards with them
            moved = _hands_moved(cfg, pos, action, group_ends) if in_range else None
            if moved:
                model.move_hands(moved)
            # the hands a draw card laid on this line meets (after any hands moved)
            held_before = {s: model.hand(s) for s in range(players)} if cfg.stackable else None
            # the cards this line makes someone draw: seen ones, and a batch per unknown run
            pile = len(pos.draw_pile)
            played = [action["card"]] if kind == "play" and is_card(action.get("card")) else []
            gone_back = (pos.discard_pile + played)[:-1]
            if returned:  # the face-down card went back to the hand before the draws
                gone_back = pos.discard_pile[:-2]
            elif pos.phase == "cheat" and kind in ("uno", "catch"):
                gone_back = pos.discard_pile[:-2]  # the verdict keeps two discards
            draw_rule = _DRAW_RULE.get(kind) or (
                "WD4-EFFECT" if played == [WILD_DRAW_FOUR] else "DRAW-TWO-EFFECT"
            )
            filled = [dict(d, cards=list(d.get("cards", []))) for d in drawn]
            count = 0
            predicted: list[str] | None = None
            batches_here: list[tuple[int, str, list[int]]] = []
            for j, d in enumerate(drawn):
                who = d.get("seat")
                cards = d.get("cards", [])
                segments: list[list[int]] = [[]]
                for i in range(len(cards)):
                    if (
                        count == pile
                        and predicted is None
                        and pile < sum(len(e.get("cards", [])) for e in drawn)
                    ):
                        predicted = sorted(gone_back)
                        segments.append([])
                        segments[-1].append(-1)  # the reshuffle marker
                    segments[-1].append(i)
                    count += 1
                for seg in segments:
                    if seg and seg[0] == -1:
                        model.reshuffle(predicted or [])
                        seg = seg[1:]
                    known = [cards[i] for i in seg if cards[i] is not None]
                    if known:
                        model.sight(
                            line_no,
                            who,
                            known,
                            f"seat {who} draws {' '.join(known)}",
                            draw_rule,
                            f"/drawn/{j}/cards",
                        )
                    nulls = [i for i in seg if cards[i] is None]
                    if nulls and type(who) is int:
                        b = model.hide(line_no, who, len(nulls), demand(idx + 1, who))
                        batches_here.append((j, b, nulls))
                        fills.extend(
                            (line_no, f"/drawn/{j}/cards/{i}", b, n) for n, i in enumerate(nulls)
                        )
            # a turn draw: the next line says whether the card(s) drawn could be played
            if (
                kind == "draw"
                and pos.phase in ("turn", "drawn")
                and in_range
                and seat == pos.to_act
            ):
                if pos.phase == "turn":
                    turn_draw = []
                slots = _slots(line_no, drawn, seat, batches_here)
                turn_draw = (turn_draw or []) + slots
                fact_line = _reveal(records, idx, seat)
                this_line = sum(len(d.get("cards", [])) for d in drawn)
                left = len(pos.draw_pile) + max(len(pos.discard_pile) - 1, 0) - this_line
                again = _may_draw_again(cfg, len(turn_draw), left > 0)
                if fact_line is not None:
                    r_line, r_rec = fact_line
                    fact = _drawn_fact(model, cfg, pos, seat, turn_draw, r_rec, line_no, again)
                    if fact is not None:
                        model.say(r_line, *fact)
            base, ready = pos, None
            for attempt in (0, 1):
                out = model.check()
                if not out.consistent:
                    return core_verdict(out, actions)
                if model.version != built_with:  # a new witness: place the unknown cards anew
                    pending_cards = [(seat, [card], -1) for card in played if in_range]
                    pending_cards += returned
                    for j, b, _ in batches_here:
                        pending_cards.append((drawn[j].get("seat"), model.batch_cards(b), 1))
                    for d in drawn:
                        known = [c for c in d.get("cards", []) if c is not None]
                        pending_cards.append((d.get("seat"), known, 1))
                    earlier = [t for t in turn_draw or [] if t[0] != line_no]
                    ready = _rebuild(base, model, wd4_at, earlier, pending_cards, moved)
                    if ready is None:
                        return Verdict(
                            path,
                            UNUSABLE,
                            "the unknown cards could not be followed here (the hands the trace "
                            "implies differ in size from the engine's): report every card",
                            line_no,
                            "/drawn",
                        )
                    built_with = model.version
                elif ready is None:
                    ready = base
                for j, b, nulls in batches_here:
                    for i, c in zip(nulls, model.batch_cards(b), strict=True):
                        filled[j]["cards"][i] = c
                upcoming = [c for d in filled for c in d.get("cards", [])]
                before = ready
                pos, bad = _drawn_on_top(ready, upcoming, path, line_no, action)
                if bad is not None:
                    return bad
                try:
                    pos, events = apply(pos, action)
                    while (
                        pos.chance is not None
                        and pos.chance["type"] == "shuffle"
                        and pos.phase != "deal"
                    ):
                        if sorted(pos.chance["cards"]) != predicted:
                            return Verdict(
                                path,
                                UNUSABLE,
                                "a reshuffle on this line could not be followed with unknown "
                                "cards: report every card",
                                line_no,
                                "/drawn",
                            )
                        order = _reshuffle_order(pos, events, upcoming)
                        pos, more = apply(pos, {"type": "shuffle", "order": order})
                        events += more
                except IllegalAction as e:
                    v = refused(path, e, line_no, before, action, actions)
                    v.message += " (the reproducer places the unknown cards as one witness does)"
                    return v
                # V-STACK-DRAW: the card this line laid hits a victim, who is asked to
                # answer only while holding a card to stack; what follows says which it was
                hit = _stack_fact(
                    cfg, held_before, base, pos, events, kind, drawn, records, idx, moved
                )
                if attempt == 1 or hit is None:
                    break
                model.say(*hit)  # then again, with a witness that satisfies it
            if group_check is not None and group_check.holds(model.values) != (
                pos.phase == "multi"
            ):
                return Verdict(
                    path,
                    UNUSABLE,
                    "whether the turn goes on after this card could not be followed with "
                    "unknown cards: report every card",
                    line_no,
                    "/action",
                )
            if bool(moved) != any(e["type"] in ("hands_swapped", "hands_rotated") for e in events):
                return Verdict(
                    path,
                    UNUSABLE,
                    "the hands changing seats on this line could not be followed with unknown "
                    "cards: report every card",
                    line_no,
                    "/action",
                )
            actions += 1
            if pos.phase != "drawn":
                turn_draw = None
            happened = [
                {"seat": e["seat"], "cards": e["cards"]}
                for e in events
                if e["type"] == "cards_drawn"
            ]
            if _merge(happened) != _merge(filled):
                rule = next((e["rule"] for e in events if e["type"] == "cards_drawn"), "DRAW-ONE")
                return Verdict(
                    path,
                    VIOLATION,
                    "the cards drawn differ from what the rules make the players draw",
                    line_no,
                    "/drawn",
                    rule,
                    _citations(rule),
                    _merge(happened),
                    _merge(drawn),
                    {"position": dump(before), "action": action},
                    actions,
                )
        return model, actions, fills

    passes = 0
    preset = None
    while True:  # again with the final witness from the start, until nothing changes
        try:
            got = replay(preset)
        except Undecided as e:
            return Verdict(
                path,
                UNUSABLE,
                f"undecided: {e} within {solver_seconds:g} s; the trace is neither shown "
                "consistent nor refuted (raise --solver-timeout, or report more of the cards)",
                first_unknown[0],
                first_unknown[1],
            )
        passes += 1
        if isinstance(got, Verdict):
            return got
        model, actions, fills = got
        if preset is not None and model.version == 0:
            calls += model.solver_calls
            break
        if passes == 3:
            return Verdict(
                path,
                UNUSABLE,
                "the solver's placements of the unknown cards did not settle: report every card",
                first_unknown[0],
                first_unknown[1],
            )
        calls += model.solver_calls
        preset = dict(model.values)
    witness = [
        {"line": ln, "field": ptr, "card": model.batch_cards(b)[n]} for ln, ptr, b, n in fills
    ]
    unknown = len(witness)
    unnamed = sum(model.sizes.values()) - unknown
    # a Draw Two starter's cards: the trace format has no place for them
    unnamed_note = f" and {unnamed} unnamed card(s) drawn for the starter" if unnamed else ""
    return Verdict(
        path,
        VALID,
        f"{actions} actions; consistent with {unknown} unknown card(s){unnamed_note}: Z3 "
        "found a placement "
        f"that makes every line true, replayed by the engine (one witness, not the only one; "
        f"{calls} solver call(s), {time.perf_counter() - started:.2f} s)",
        actions=actions,
        unknown=unknown,
        witness=witness,
    )


def _reveal(
    records: list[tuple[int, dict[str, Any]]], idx: int, seat: int
) -> tuple[int, dict[str, Any]] | None:
    """The first line after ``idx`` that shows whether ``seat``'s turn went on after its
    draw (UNO calls and catches can come from anyone at any time, so they say nothing)."""
    for line_no, rec in records[idx + 1 :]:
        if rec["action"].get("type") not in ("uno", "catch"):
            return line_no, rec
    return None


def _multi_rule(cfg: Any) -> str:
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
    from unospec.reference.effects import add_to_turn, may_follow

    probe = pos.copy()
    probe.__dict__.pop("_legal", None)
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
            blockers = _wd4_blockers(cfg, probe.discard_pile[-1], probe.colour)
            out[k] = _lacks(after, blockers)
        else:
            out[k] = TRUE if ok else FALSE
    return out, probe


def _group_fact(
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
    nxt = _reveal(records, idx, seat)
    if nxt is None:
        return None
    r_line, r_rec = nxt
    a = r_rec["action"]
    joins, probe = _joins(cfg, pos, seat, card, after)
    ways = [AllOf((at_least(after[k], 1), f)) for k, f in joins.items() if f is not FALSE]
    more = AnyOf(tuple(ways))
    rule = _multi_rule(cfg)
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
    from unospec.reference.effects import turn_effect
    from unospec.reference.matching import FACE
    from unospec.reference.turns import after_turn

    cards = probe.pending["cards"]
    if cfg.seven_zero and cfg.seven_zero["seven_swap"] and any(FACE.get(c) == "7" for c in cards):
        return False
    if any(probe.missed_turns):
        return True
    skips, flips, draws = turn_effect(probe, cards)
    return after_turn(probe, seat, skips, flips, draws)[0] == seat


def _hands_moved(
    cfg: Any, pos: Any, action: dict[str, Any], ends: bool | None = None
) -> dict[int, int] | None:
    """Under V-SEVEN-ZERO, the hands the line moves (new seat -> the seat whose hand it
    gets), as :func:`unospec.reference.effects.finish_turn` moves them: a ``swap`` after a 7, and
    every hand one seat on when a turn whose cards hold a 0 (and no 7 to swap first) takes
    effect without ending the round. That is the line of the 0 itself, or under a
    multi-card variant the line that ends the group (``ends``: whether the card laid on
    this line ends it, as the next line says, ``None`` if unknown), or names its colour,
    or under V-CHEAT the line that accepts the announced card or falsely accuses it.
    Nothing here looks at a card in a hand; the replay checks the engine moved what was
    predicted."""
    from unospec.reference.matching import FACE
    from unospec.spec.arithmetic import rotation_target

    params = cfg.seven_zero
    if not params:
        return None
    kind, seat, card = action.get("type"), action.get("seat"), action.get("card")
    phase, pend = pos.phase, pos.pending or {}
    if kind == "swap" and phase == "swap" and seat == pos.to_act:
        target = action.get("target")
        if target in pos.active and target != seat:
            return {seat: target, target: seat}
        return None
    if not params["zero_rotate"]:
        return None
    cards: list[str] | None = None
    if kind == "play" and is_card(card) and "claim" not in action and phase in _TURN_PHASES:
        left = len(pos.hands[seat]) - 1
        if left == 0 and not (cfg.uno_out and not action.get("uno_out")):
            return None  # the round is over
        grouped = (cfg.multi or cfg.multi_identical) and phase != "drawn"
        if grouped and left > 0 and not ends:
            return None  # the group goes on (or it is not known whether it does)
        if card in WILDS:
            return None  # the colour is named first
        cards = (pend.get("cards", []) if phase == "multi" else []) + [card]
    elif kind == "end" and phase == "multi" and seat == pos.to_act:
        cards = pend["cards"]
        if cards[-1] in WILDS:
            return None  # the colour is named first
    elif kind == "colour" and phase == "colour" and seat == pos.to_act and not pend.get("starter"):
        cards = pend.get("cards")
    elif kind in ("accept", "accuse") and phase == "cheat" and seat == pos.to_act:
        honest = pend["card"] == pend["claim"]
        if (kind == "accuse" and not honest) or not pos.hands[pend["from"]]:
            return None  # caught, or the round is over
        cards = [pend["claim"]]
    if not cards or pend.get("swapped") and kind != "play":
        return None
    if params["seven_swap"] and any(FACE.get(c) == "7" for c in cards):
        return None  # the swap comes first, and then no rotation
    if not any(FACE.get(c) == "0" for c in cards):
        return None
    seats = pos.active
    n = len(seats)
    return {seats[rotation_target(i, pos.direction, n)]: s for i, s in enumerate(seats)}


_TURN_PHASES = ("turn", "drawn", "multi")


def _slots(
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


def _may_draw_again(cfg: Any, n: int, can_draw: bool) -> bool:
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


TRUE, FALSE = AllOf(()), AnyOf(())


def _drawn_fact(
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
    from unospec.reference.matching import matches

    if not series:
        return None
    top, colour = pos.announced or pos.discard_pile[-1], pos.colour
    after = model.hand(seat)
    wd4_ok = _lacks(after, _wd4_blockers(cfg, top, colour))
    # V-WILD-ONLY-WITHOUT-COLOUR: a Wild drawn is playable only while the hand (the Wild
    # in it) holds no card of the current colour
    wild_only = cfg.wild_only_without_colour
    wild_ok = _lacks(after, _coloured(colour))
    ordinary = [
        k
        for k in KINDS
        if (k == WILD and not wild_only) or (k not in WILDS and matches(k, top, colour))
    ]
    candidates = series if cfg.draw_fixed else series[-1:]
    batches = list(dict.fromkeys(b for _, b, _ in candidates if b))
    known = [c for _, b, c in candidates if not b]

    def card_ok(c: str) -> Any:
        if c == WILD_DRAW_FOUR:
            return wd4_ok
        if c == WILD and wild_only:
            return wild_ok
        return TRUE if c in ordinary else FALSE

    ways: list[Any] = [card_ok(c) for c in dict.fromkeys(known)]
    for b in batches:
        ways.append(at_least(model.batch_expr(b, ordinary), 1))
        ways.append(AllOf((at_least(model.batch_expr(b, [WILD_DRAW_FOUR]), 1), wd4_ok)))
        if wild_only:
            ways.append(AllOf((at_least(model.batch_expr(b, [WILD]), 1), wild_ok)))
    if not batches and all(c not in (WILD_DRAW_FOUR, WILD) for c in known):
        return None  # seen cards the engine judges by itself
    playable = AnyOf(tuple(ways))
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
        if c == WILD_DRAW_FOUR:
            text += f", and it held no {_what(colour, cfg.wd4_strict)}"
        elif c == WILD and wild_only:
            text += f", and it held no card of the colour {colour}"
        hand_decides = c == WILD_DRAW_FOUR or (c == WILD and wild_only)
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
                Not(playable),
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


def _stack_fact(
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
    from unospec.reference.matching import COLOUR, FACE, may_go_out_on

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
                way = AllOf((way, _lacks(hand, _wd4_blockers(cfg, card, colour))))
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
    nxt = _reveal(records, idx, victim)
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


def _rebuild(
    pos: Any,
    model: TraceModel,
    wd4_at: dict,
    turn_draw: list[tuple[int, str | None, Any]],
    this_line: list[tuple[Any, list[str], int]],
    moved: dict[int, int] | None = None,
):
    """``pos`` with the hands, draw pile and hand-derived bookkeeping of the new witness.
    The model already counts the line about to be applied: ``this_line`` lists the cards
    it moves into (``1``, drawn after any hands changed seats) or out of (``-1``, played
    before) a hand, taken back here; ``moved`` the hands it moved between seats (new seat
    -> old seat), moved back here."""
    pos = pos.copy()
    pos.__dict__.pop("_legal", None)
    held = Counter()
    after = {s: Counter(model.hand_counts(s)) for s in range(pos.players)}
    for who, cards, sign in this_line:
        if sign > 0 and who in after:
            after[who].subtract(cards)
    now_at = {old: new for new, old in (moved or {}).items()}
    for s in range(pos.players):
        counts = after[now_at.get(s, s)]
        for who, cards, sign in this_line:
            if sign < 0 and who == s:
                counts.update(cards)
        hand = [k for k in KINDS for _ in range(counts.get(k, 0))]
        if any(v < 0 for v in counts.values()) or len(hand) != len(pos.hands[s]):
            return None
        pos.hands[s] = hand
        held.update(hand)
    rest = Counter(DECK_COUNTS) - held - Counter(pos.discard_pile)
    pos.draw_pile = [k for k in KINDS for _ in range(rest.get(k, 0))]
    if len(pos.draw_pile) + sum(held.values()) + len(pos.discard_pile) != len(CANONICAL_DECK):
        return None
    if pos.phase == "drawn" and turn_draw:
        pos.drawn = [model.batch_cards(b)[n] if b else n for _, b, n in turn_draw]
    pend = pos.pending
    if pend and "wd4_legal" in pend and pend.get("from") in wd4_at:
        _, after, blockers, _ = wd4_at[pend["from"]]
        pend["wd4_legal"] = _lacks(after, blockers).holds(model.values)
    return pos
