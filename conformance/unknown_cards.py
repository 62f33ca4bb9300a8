"""Validating a trace with unknown (``null``) cards: one replay of the trace by the
reference engine, one :class:`unospec.spec.prover.trace_model.TraceModel` for its unknown
cards (one solver session for the whole trace).

Each line goes through the same steps (:class:`_Replay`): what its action says about the
hand it comes from and what a challenge's outcome says (:mod:`unospec.card_facts`), a
face-down card taken back and hands that change seats, the cards it makes someone draw
(sightings, and a batch per run of unknown cards), what the next line says about a turn
draw; then the model checks its witness (mending it, or asking Z3), the position is
rebuilt when the witness changed (:mod:`unospec.witness_position`), and the engine applies
the line. At the end the whole trace is replayed again with the final witness from the
start, so the witness reported is one the engine accepted on every line.
"""

from __future__ import annotations

import bisect
import time
from collections import Counter
from typing import Any

from unospec.card_facts import (
    DRAW_RULE,
    UNMODELLED,
    blockers_in_words,
    coloured,
    drawn_fact,
    group_fact,
    has_any,
    lacks,
    may_draw_again,
    multi_rule,
    reveal,
    slots,
    stack_fact,
    wd4_blockers,
)
from unospec.deck_order import Records, deal, drawn_on_top, merge, reshuffle_order
from unospec.reference import IllegalAction, apply, dump
from unospec.spec.cards import DECK_COUNTS, WILD, WILD_DRAW_FOUR, is_card
from unospec.spec.prover.trace_facts import Not
from unospec.spec.prover.trace_model import Outcome, TraceModel, Undecided
from unospec.verdict import UNUSABLE, VALID, VIOLATION, Verdict, citations, refused
from unospec.witness_position import hands_moved, rebuild


def validate_unknown(
    header: dict[str, Any],
    records: Records,
    path: str,
    start: Any,
    hands: list[list[str | None]],
    starters: list[str],
    first_unknown: tuple[int, str],
    solver_seconds: float,
) -> Verdict:
    """Validate a trace with unknown cards: Z3 looks for a placement of them that makes
    every line true. Z3 gets ``solver_seconds`` in all; a trace it cannot decide in that
    time is reported as undecided (unusable, exit 2)."""
    cfg = start.cfg
    for attr, vid, why in UNMODELLED:
        if getattr(cfg, attr):
            return Verdict(
                path,
                UNUSABLE,
                f"unknown (null) cards under {vid} are not yet checkable: {why}; report every card",
                first_unknown[0],
                first_unknown[1],
                vid,
                citations(vid),
            )
    started = time.perf_counter()
    deadline = time.monotonic() + solver_seconds
    calls, preset = 0, None
    for _ in range(3):  # again with the final witness from the start, until it holds
        try:
            got = _Replay(records, path, start, hands, starters, preset, deadline).run()
        except Undecided as e:
            return Verdict(
                path,
                UNUSABLE,
                f"undecided: {e} within {solver_seconds:g} s; the trace is neither shown "
                "consistent nor refuted (raise --solver-timeout, or report more of the cards)",
                first_unknown[0],
                first_unknown[1],
            )
        if isinstance(got, Verdict):
            return got
        calls += got.model.solver_calls
        if preset is not None and got.model.version == 0:
            return got.valid(calls, time.perf_counter() - started)
        preset = dict(got.model.values)
    return Verdict(
        path,
        UNUSABLE,
        "the solver's placements of the unknown cards did not settle: report every card",
        first_unknown[0],
        first_unknown[1],
    )


class _Replay:
    """One replay of a trace with unknown cards, from a ``preset`` witness or none."""

    def __init__(
        self,
        records: Records,
        path: str,
        start: Any,
        hands: list[list[str | None]],
        starters: list[str],
        preset: dict[str, int] | None,
        deadline: float,
    ) -> None:
        self.records, self.path, self.start = records, path, start
        self.hands, self.starters, self.preset = hands, starters, preset
        self.cfg, self.players = start.cfg, start.players
        self.model = TraceModel(preset, deadline)
        self.fills: list[tuple[int, str, str, int]] = []  # line, pointer, batch, index
        self.wd4_at: dict[int, tuple[int, dict, tuple[str, ...], str | None]] = {}
        self.cheat_at: dict[int, int] = {}  # V-CHEAT: the line of a seat's last face-down card
        # the cards of this turn's draw(s) while they may still be played: a batch and an
        # index in it for an unknown card, or the card
        self.turn_draw: list[tuple[int, str | None, Any]] | None = None
        self.actions = 0
        self.built_with = 0
        self.pos: Any = None
        self.moved: dict[int, int] | None = None  # the hands the line moves (new -> old seat)
        self.held: dict[int, dict] | None = None  # the hands a draw card laid on the line meets
        self.plays: dict[int, list[tuple[int, str]]] = {}
        for i, (_, rec) in enumerate(records):
            a = rec["action"]
            if a.get("type") == "play" and is_card(a.get("card")) and type(a.get("seat")) is int:
                self.plays.setdefault(a["seat"], []).append((i, a["card"]))

    # -- the answers -----------------------------------------------------------------------

    def valid(self, calls: int, seconds: float) -> Verdict:
        model = self.model
        witness = [
            {"line": ln, "field": ptr, "card": model.batch_cards(b)[n]}
            for ln, ptr, b, n in self.fills
        ]
        unknown = len(witness)
        unnamed = sum(model.sizes.values()) - unknown
        # a Draw Two starter's cards: the trace format has no place for them
        note = f" and {unnamed} unnamed card(s) drawn for the starter" if unnamed else ""
        return Verdict(
            self.path,
            VALID,
            f"{self.actions} actions; consistent with {unknown} unknown card(s){note}: Z3 "
            "found a placement that makes every line true, replayed by the engine (one "
            f"witness, not the only one; {calls} solver call(s), {seconds:.2f} s)",
            actions=self.actions,
            unknown=unknown,
            witness=witness,
        )

    def refuted(self, out: Outcome) -> Verdict:
        """The verdict for a core of lines that cannot all be true."""
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
            them = "them all" if len(lines) > 1 else "it"
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
            self.path,
            VIOLATION,
            message,
            last.line if last else 1,
            last.field if last else "/deal",
            rule,
            citations(rule),
            actions=self.actions,
            unknown=len(self.fills),
            core=[
                {"line": a.line, "field": a.field, "asserts": a.text, "rule": a.rule} for a in core
            ],
        )

    def unusable(self, message: str, line: int, pointer: str) -> Verdict:
        return Verdict(self.path, UNUSABLE, message, line, pointer)

    # -- the replay ------------------------------------------------------------------------

    def run(self) -> _Replay | Verdict:
        bad = self.deal()
        if bad is not None:
            return bad
        for idx, (line_no, rec) in enumerate(self.records):
            bad = self.line(idx, line_no, rec)
            if bad is not None:
                return bad
        return self

    def demand(self, start: int, seat: Any) -> list[str]:
        """The cards ``seat`` plays from record ``start`` on that its hand lacks under the
        witness: the kinds to give its unknown cards first (a guess, for fewer repairs)."""
        mine = self.plays.get(seat, [])
        i = bisect.bisect_left(mine, (start, ""))
        held = Counter(self.model.hand_counts(seat)) if type(seat) is int else Counter()
        out = []
        for _, c in mine[i : i + 30]:
            if held[c] > 0:
                held[c] -= 1
            else:
                out.append(c)
        return out

    def deal(self) -> Verdict | None:
        """Line 1: the cards shown, one batch of unknown cards per hand, the starter(s)."""
        model, hands, starters = self.model, self.hands, self.starters
        batches: dict[int, tuple[str, list[int]]] = {}
        for s, h in enumerate(hands):
            known = [c for c in h if c is not None]
            if known:
                text = f"seat {s} was dealt {' '.join(known)}"
                model.sight(1, s, known, text, "DEAL-SEVEN", f"/deal/hands/{s}")
            nulls = [i for i, c in enumerate(h) if c is None]
            if nulls:
                b = model.hide(1, s, len(nulls), self.demand(0, s))
                batches[s] = (b, nulls)
                self.fills.extend((1, f"/deal/hands/{s}/{i}", b, j) for j, i in enumerate(nulls))
        text = f"the starter is {starters[0]}"
        model.sight(1, "discard", starters[:1], text, "FIRST-DISCARD-FLIP", "/deal/starter")
        for prev, later in zip(starters, starters[1:], strict=False):
            model.reshuffle([prev])
            text = f"the next starter is {later}"
            model.sight(1, "discard", [later], text, "FIRST-DISCARD-FLIP", "/deal/starter")
        out = model.check()
        if not out.consistent:
            return self.refuted(out)
        dealt = [list(h) for h in hands]
        for s, (b, nulls) in batches.items():
            for i, c in zip(nulls, model.batch_cards(b), strict=True):
                dealt[s][i] = c
        self.pos, bad = deal(self.start, dealt, starters, self.path)
        if bad is not None:
            return bad
        forced = False
        for s in range(self.players):  # a Draw Two starter: cards the trace does not name
            extra = Counter(self.pos.hands[s]) - Counter(dealt[s])
            if extra:
                b = model.hide(1, s, sum(extra.values()))
                if self.preset is None:
                    model.place(b, extra)
                elif Counter(model.batch_cards(b)) != extra:
                    forced = True  # the engine drew other cards: place the witness's
        out = model.check()
        if not out.consistent:
            return self.refuted(out)
        self.built_with = -1 if model.version or forced else 0
        return None

    def line(self, idx: int, line_no: int, rec: dict[str, Any]) -> Verdict | None:
        """One line: what it says, then the engine applies it with the witness's cards."""
        pos, action = self.pos, rec["action"]
        drawn = rec.get("drawn") or []
        if pos.chance is not None:
            return Verdict(
                self.path,
                VIOLATION,
                "the trace goes on, but the game waits for a new deal",
                line_no,
                "/action",
            )
        kind, seat = action.get("type"), action.get("seat")
        in_range = type(seat) is int and 0 <= seat < self.players
        group = None
        if kind == "play" and in_range and is_card(action.get("card")):
            group = self.play_facts(idx, line_no, action)
            if isinstance(group, Verdict):
                return group
        if kind == "challenge":
            self.challenge_fact(line_no, seat, drawn)
        returned = self.take_back(kind, seat)
        group_check, group_ends = group or (None, None)
        moved = self.moved = hands_moved(self.cfg, pos, action, group_ends) if in_range else None
        if moved:
            self.model.move_hands(moved)
        # the hands a draw card laid on this line meets (after any hands moved)
        players = range(self.players)
        self.held = {s: self.model.hand(s) for s in players} if self.cfg.stackable else None
        played = [action["card"]] if kind == "play" and is_card(action.get("card")) else []
        here, predicted, filled = self.draws(idx, line_no, kind, played, returned, drawn)
        if kind == "draw" and pos.phase in ("turn", "drawn") and in_range and seat == pos.to_act:
            self.turn_draw_fact(idx, line_no, seat, drawn, here)
        got = self.apply(idx, line_no, action, drawn, filled, here, predicted, played, returned)
        if isinstance(got, Verdict):
            return got
        before, events = got
        return self.after(line_no, action, drawn, filled, before, events, moved, group_check)

    # -- what a line says --------------------------------------------------------------------

    def play_facts(self, idx: int, line_no: int, action: dict[str, Any]) -> Any:
        """A card laid came from the hand (under the rule that let it be laid there), a Wild
        Draw Four or Wild the engine polices says what the hand lacked, and under a
        multi-card variant the next line says whether the hand held a card that may join:
        ``(group check, whether the card ends the group)``, ``None``, or a verdict."""
        cfg, pos, model = self.cfg, self.pos, self.model
        seat, card = action["seat"], action["card"]
        top, colour = pos.announced or pos.discard_pile[-1], pos.colour
        jumping = pos.phase == "turn" and seat != pos.to_act  # V-JUMP-IN
        stacking = pos.phase == "stack"  # V-STACK-DRAW
        grouped = pos.phase == "multi"
        if jumping:
            said, rule = f"seat {seat} jumps in with {card}, so it held one", "V-JUMP-IN"
        elif grouped:
            said = f"seat {seat} adds {card} to its turn's cards, so it held one"
            rule = multi_rule(cfg)
        elif stacking:
            said, rule = f"seat {seat} stacks {card}, so it held one", "V-STACK-DRAW"
        elif "claim" in action:
            said = (
                f"seat {seat} lays {card} face down (announcing {action['claim']}), so it held one"
            )
            rule = "V-CHEAT"
            self.cheat_at[seat] = line_no
        else:
            said, rule = f"seat {seat} plays {card}, so it held one", "TURN-ACTION"
        model.play(line_no, seat, card, said, rule, "/action/card")
        after = model.hand(seat)
        if card == WILD_DRAW_FOUR:
            # a stacked one is judged, for a challenge, as if it were laid on itself; one
            # added to a group against the colour of the card before it and (for
            # V-WD4-ONLY-IF-NO-PLAYABLE) the pile the turn began with, as
            # reference.effects.play asks for its colour
            judged = WILD_DRAW_FOUR if stacking else top
            if grouped:
                judged = pos.pending["start_top"]
            self.wd4_at[seat] = (line_no, after, wd4_blockers(cfg, judged, colour), colour)
            if cfg.wd4_engine_enforced and pos.phase in ("turn", "stack"):
                rule = "V-WD4-ONLY-IF-NO-PLAYABLE" if cfg.wd4_strict else "WD4-RESTRICTION"
                what = blockers_in_words(colour, cfg.wd4_strict)
                verb = "stacks" if stacking else "jumps in with" if jumping else "lays"
                model.say(
                    line_no,
                    f"seat {seat} {verb} a Wild Draw Four, which the rules allow only "
                    f"while holding no {what}",
                    rule,
                    "/action/card",
                    lacks(after, wd4_blockers(cfg, top, colour)),
                )
        if card == WILD and cfg.wild_only_without_colour and pos.phase in ("turn", "drawn"):
            model.say(
                line_no,
                f"seat {seat} lays a Wild, which the rules allow only while holding no "
                f"card of the colour {colour}",
                "V-WILD-ONLY-WITHOUT-COLOUR",
                "/action/card",
                lacks(after, coloured(colour)),
            )
        if not (
            (cfg.multi or cfg.multi_identical)
            and "claim" not in action
            and pos.phase in ("turn", "multi")
            and len(pos.hands[seat]) > 1
        ):
            return None
        got = group_fact(cfg, pos, seat, card, after, self.records, idx)
        if isinstance(got, str):
            return self.unusable(got, line_no, "/action")
        if got is None:
            return None
        check, fact = got
        model.say(*fact)
        ends = True if fact[-1] == Not(check) else False if fact[-1] == check else None
        return check, ends

    def challenge_fact(self, line_no: int, seat: Any, drawn: list[dict[str, Any]]) -> None:
        """Who draws after a Wild Draw Four challenge says whether the challenged hand held
        the colour when the card went down (WD4-CHALLENGE-GUILTY / -INNOCENT)."""
        pos = self.pos
        pend = pos.pending
        if not (
            pos.phase in ("challenge", "stack")
            and pend
            and pend.get("card", WILD_DRAW_FOUR) == WILD_DRAW_FOUR
            and drawn
        ):
            return
        w = pend.get("from")
        info = self.wd4_at.get(w)
        drawer = drawn[0].get("seat")
        if info is None or drawer not in (w, seat):
            return
        m, after, blockers, colour = info
        what = blockers_in_words(colour, self.cfg.wd4_strict)
        if drawer == w:
            text = (
                f"the challenge of seat {w}'s Wild Draw Four (line {m}) succeeds: seat "
                f"{w} draws, so it held a {what} when it laid the card"
            )
            rule, fact = "WD4-CHALLENGE-GUILTY", has_any(after, blockers)
        else:
            text = (
                f"the challenge of seat {w}'s Wild Draw Four (line {m}) fails: seat "
                f"{seat} draws, so seat {w} held no {what} when it laid the card"
            )
            rule, fact = "WD4-CHALLENGE-INNOCENT", lacks(after, blockers)
        self.model.say(line_no, text, rule, "/drawn/0/seat", fact)

    def take_back(self, kind: Any, seat: Any) -> list[tuple[Any, list[str], int]]:
        """V-CHEAT: a right accusation gives the face-down card back to the cheater."""
        pos = self.pos
        pend = pos.pending
        if (
            kind == "accuse"
            and pos.phase == "cheat"
            and seat == pos.to_act
            and pend
            and pend["card"] != pend["claim"]
            and pend["from"] in self.cheat_at
        ):
            cheater, back = pend["from"], pend["card"]
            self.model.take_back(self.cheat_at[cheater], cheater, back)
            return [(cheater, [back], 1)]
        return []

    def draws(
        self,
        idx: int,
        line_no: int,
        kind: Any,
        played: list[str],
        returned: list[tuple[Any, list[str], int]],
        drawn: list[dict[str, Any]],
    ) -> tuple[list[tuple[int, str, list[int]]], list[str] | None, list[dict[str, Any]]]:
        """The cards the line makes someone draw: seen ones, and a batch per run of unknown
        ones, split where the pile runs out and the discards are reshuffled. Returns the
        batches ``(entry, batch, indices)``, the reshuffle the line predicts and the drawn
        cards with the unknown ones still to be filled."""
        pos, model = self.pos, self.model
        pile = len(pos.draw_pile)
        gone_back = (pos.discard_pile + played)[:-1]
        if returned:  # the face-down card went back to the hand before the draws
            gone_back = pos.discard_pile[:-2]
        elif pos.phase == "cheat" and kind in ("uno", "catch"):
            gone_back = pos.discard_pile[:-2]  # the verdict keeps two discards
        rule = DRAW_RULE.get(kind) or (
            "WD4-EFFECT" if played == [WILD_DRAW_FOUR] else "DRAW-TWO-EFFECT"
        )
        filled = [dict(d, cards=list(d.get("cards", []))) for d in drawn]
        total = sum(len(e.get("cards", [])) for e in drawn)
        count = 0
        predicted: list[str] | None = None
        here: list[tuple[int, str, list[int]]] = []
        for j, d in enumerate(drawn):
            who, cards = d.get("seat"), d.get("cards", [])
            segments: list[list[int]] = [[]]
            for i in range(len(cards)):
                if count == pile and predicted is None and pile < total:
                    predicted = sorted(gone_back)
                    segments.append([-1])  # the reshuffle marker
                segments[-1].append(i)
                count += 1
            for seg in segments:
                if seg and seg[0] == -1:
                    model.reshuffle(predicted or [])
                    seg = seg[1:]
                known = [cards[i] for i in seg if cards[i] is not None]
                if known:
                    text = f"seat {who} draws {' '.join(known)}"
                    model.sight(line_no, who, known, text, rule, f"/drawn/{j}/cards")
                nulls = [i for i in seg if cards[i] is None]
                if nulls and type(who) is int:
                    b = model.hide(line_no, who, len(nulls), self.demand(idx + 1, who))
                    here.append((j, b, nulls))
                    self.fills.extend(
                        (line_no, f"/drawn/{j}/cards/{i}", b, n) for n, i in enumerate(nulls)
                    )
        return here, predicted, filled

    def turn_draw_fact(
        self,
        idx: int,
        line_no: int,
        seat: int,
        drawn: list[dict[str, Any]],
        here: list[tuple[int, str, list[int]]],
    ) -> None:
        """A turn draw: the next line says whether the card(s) drawn could be played."""
        pos = self.pos
        if pos.phase == "turn":
            self.turn_draw = []
        self.turn_draw = (self.turn_draw or []) + slots(line_no, drawn, seat, here)
        nxt = reveal(self.records, idx, seat)
        this_line = sum(len(d.get("cards", [])) for d in drawn)
        left = len(pos.draw_pile) + max(len(pos.discard_pile) - 1, 0) - this_line
        again = may_draw_again(self.cfg, len(self.turn_draw), left > 0)
        if nxt is not None:
            r_line, r_rec = nxt
            fact = drawn_fact(
                self.model, self.cfg, pos, seat, self.turn_draw, r_rec, line_no, again
            )
            if fact is not None:
                self.model.say(r_line, *fact)

    # -- the engine ------------------------------------------------------------------------

    def apply(
        self,
        idx: int,
        line_no: int,
        action: dict[str, Any],
        drawn: list[dict[str, Any]],
        filled: list[dict[str, Any]],
        here: list[tuple[int, str, list[int]]],
        predicted: list[str] | None,
        played: list[str],
        returned: list[tuple[Any, list[str], int]],
    ) -> tuple[Any, list[dict[str, Any]]] | Verdict:
        """Check the witness (mend it, or ask Z3), place it, and let the engine apply the
        line. Under V-STACK-DRAW the card laid hits a victim, who is asked to answer only
        while holding a card to stack: what follows says which it was, and the line is
        applied again with a witness that satisfies it."""
        model, base, seat = self.model, self.pos, action.get("seat")
        in_range = type(seat) is int and 0 <= seat < self.players
        ready = None
        for attempt in (0, 1):
            out = model.check()
            if not out.consistent:
                return self.refuted(out)
            if model.version != self.built_with:  # a new witness: place the cards anew
                pending = [(seat, [card], -1) for card in played if in_range] + returned
                for j, b, _ in here:
                    pending.append((drawn[j].get("seat"), model.batch_cards(b), 1))
                for d in drawn:
                    known = [c for c in d.get("cards", []) if c is not None]
                    pending.append((d.get("seat"), known, 1))
                earlier = [t for t in self.turn_draw or [] if t[0] != line_no]
                ready = rebuild(base, model, self.wd4_at, earlier, pending, self.moved)
                if ready is None:
                    return self.unusable(
                        "the unknown cards could not be followed here (the hands the trace "
                        "implies differ in size from the engine's): report every card",
                        line_no,
                        "/drawn",
                    )
                self.built_with = model.version
            elif ready is None:
                ready = base
            for j, b, nulls in here:
                for i, c in zip(nulls, model.batch_cards(b), strict=True):
                    filled[j]["cards"][i] = c
            upcoming = [c for d in filled for c in d.get("cards", [])]
            before = ready
            pos, bad = drawn_on_top(ready, upcoming, self.path, line_no, action)
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
                        return self.unusable(
                            "a reshuffle on this line could not be followed with unknown "
                            "cards: report every card",
                            line_no,
                            "/drawn",
                        )
                    order = reshuffle_order(pos, events, upcoming)
                    pos, more = apply(pos, {"type": "shuffle", "order": order})
                    events += more
            except IllegalAction as e:
                v = refused(self.path, e, line_no, before, action, self.actions)
                v.message += " (the reproducer places the unknown cards as one witness does)"
                return v
            hit = stack_fact(
                self.cfg,
                self.held,
                base,
                pos,
                events,
                action.get("type"),
                drawn,
                self.records,
                idx,
                self.moved,
            )
            if attempt == 1 or hit is None:
                break
            model.say(*hit)  # then again, with a witness that satisfies it
        self.pos = pos
        return before, events

    def after(
        self,
        line_no: int,
        action: dict[str, Any],
        drawn: list[dict[str, Any]],
        filled: list[dict[str, Any]],
        before: Any,
        events: list[dict[str, Any]],
        moved: dict[int, int] | None,
        group_check: Any,
    ) -> Verdict | None:
        """What the engine did must be what the line says it did."""
        pos = self.pos
        if group_check is not None and group_check.holds(self.model.values) != (
            pos.phase == "multi"
        ):
            return self.unusable(
                "whether the turn goes on after this card could not be followed with "
                "unknown cards: report every card",
                line_no,
                "/action",
            )
        if bool(moved) != any(e["type"] in ("hands_swapped", "hands_rotated") for e in events):
            return self.unusable(
                "the hands changing seats on this line could not be followed with unknown "
                "cards: report every card",
                line_no,
                "/action",
            )
        self.actions += 1
        if pos.phase != "drawn":
            self.turn_draw = None
        happened = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        if merge(happened) == merge(filled):
            return None
        rule = next((e["rule"] for e in events if e["type"] == "cards_drawn"), "DRAW-ONE")
        return Verdict(
            self.path,
            VIOLATION,
            "the cards drawn differ from what the rules make the players draw",
            line_no,
            "/drawn",
            rule,
            citations(rule),
            merge(happened),
            merge(drawn),
            {"position": dump(before), "action": action},
            self.actions,
        )
