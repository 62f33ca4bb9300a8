"""The transitions of a round, built from :mod:`unospec.spec.arithmetic`.

Each method of :class:`Model` is one step the engine can take inside a round, written
against an evaluator (:mod:`unospec.spec.prover.evaluators`): with :class:`Concrete` it runs on
integers and mirrors the engine function named in its docstring; with :class:`Symbolic` it
builds the Z3 terms the proofs reason about. Seat arithmetic, draw penalties, challenge
outcomes, scores and card movements all come from :mod:`unospec.spec.arithmetic`, the module the
engine calls, passed in as ``ar`` so that a test can hand in a deliberately wrong copy.

A step states its guard with ``ops.require`` and returns the state after it. Cards are
one-hot vectors over the 54 kinds (:mod:`unospec.spec.prover.kinds`); ``cls`` is the card's class
(``arithmetic.NUMBER`` … ``WILD_DRAW_FOUR``), a plain integer, so each class is its own query.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from unospec.spec import arithmetic
from unospec.spec.prover import kinds as K
from unospec.spec.prover.rules import Rules
from unospec.spec.prover.state import (
    CHALLENGE,
    CHEAT,
    COLOUR,
    DEAL,
    DRAWN,
    OVER,
    PLAYING,
    SCORING,
    STACK,
    STARTER,
    SWAP,
    TURN,
    State,
)

Vec = Sequence[Any]
D2_KINDS = K.OF_CLASS[arithmetic.DRAW_TWO]
DRAWS = {arithmetic.DRAW_TWO: 2, arithmetic.WILD_DRAW_FOUR: 4}


class Model:
    """The steps of a round for ``players`` players under ``rules``, evaluated with ``ops``
    (:class:`~unospec.spec.prover.evaluators.Concrete` or :class:`~unospec.spec.prover.evaluators.Symbolic`)
    on the arithmetic ``ar`` (:mod:`unospec.spec.arithmetic` unless a test hands in another)."""

    def __init__(self, rules: Rules, players: int, ops: Any, ar: ModuleType = arithmetic):
        self.rules, self.n, self.ops, self.ar = rules, players, ops, ar
        #: views of symbolic states (see :meth:`_view`)
        self._views: dict[tuple[Any, ...], tuple[Any, ...]] = {}

    def _view(self, name: str, st: State, seat: Any, build: Callable[[], Any]) -> Any:
        """``build()``, a view of ``st`` (and ``seat``) that makes no guard or definition,
        built once per symbolic state: the terms of a step ask for the same view of the
        same state many times (the face to match, once per kind a drawn card may be). A
        concrete state is not kept (the engine's tests step through millions of them)."""
        if not getattr(self.ops, "symbolic", False):
            return build()
        key = (name, id(st), seat if isinstance(seat, int) else seat.get_id())
        hit = self._views.get(key)
        if hit is None:  # st and seat stay alive with the view, so their ids are not reused
            hit = self._views[key] = (build(), st, seat)
        return hit[0]

    # -- views of a state --------------------------------------------------------------
    def sizes(self, st: State) -> list[Any]:
        return list(self._view("sizes", st, 0, lambda: [self.ops.sum(h) for h in st.hands]))

    def size_of(self, st: State, seat: Any) -> Any:
        return self._view("size", st, seat, lambda: self.ops.pick(self.sizes(st), seat))

    def hand_of(self, st: State, seat: Any) -> list[Any]:
        """The per-kind hand of a (possibly symbolic) seat."""
        if isinstance(seat, int):
            return list(st.hands[seat])
        return list(
            self._view(
                "hand",
                st,
                seat,
                lambda: [self.ops.pick([h[k] for h in st.hands], seat) for k in range(K.N_KINDS)],
            )
        )

    def of_colour(self, hand: Vec, colour: Any) -> Any:
        """Cards of ``colour`` in ``hand`` (none for colour -1)."""
        ops = self.ops
        per = [ops.sum([hand[13 * c + f] for f in range(13)]) for c in range(4)]
        return ops.ite(colour < 0, 0, ops.pick(per, colour))

    def top_face(self, st: State) -> Any:
        """The face to match: the top card's, under V-CHEAT the announced card's
        (matching.announced_top)."""
        if self.rules.cheat:
            return self._view("face", st, 0, lambda: self.ops.weigh(self.claim(st), K.FACE))
        return self._view("face", st, 0, lambda: self.ops.weigh(st.top, K.FACE))

    def claim(self, st: State) -> list[Any]:
        """V-CHEAT: the card announced for the top card (the top card itself when nothing
        else was announced)."""
        ops = self.ops

        def build() -> list[Any]:
            said = ops.sum(st.announced) > 0
            return [ops.ite(said, a, t) for a, t in zip(st.announced, st.top, strict=True)]

        return list(self._view("claim", st, 0, build))

    def kept(self, st: State) -> Any:
        """drawing.kept_discards: discards a reshuffle leaves, the top card, and while a
        face-down card awaits its verdict (V-CHEAT) the card under it too."""
        if not self.rules.cheat:
            return 1
        return self.ops.ite(st.phase == CHEAT, 2, 1)

    def matching(self, hand: Vec, colour: Any, face: Any) -> Any:
        """Coloured cards in ``hand`` that match the colour or the face (PLAY-MATCH)."""
        ops = self.ops
        return ops.sum(
            [
                ops.ite(ops.any([ops.eq(colour, K.COLOUR[k]), ops.eq(face, K.FACE[k])]), hand[k], 0)
                for k in range(52)
            ]
        )

    def can_draw(self, st: State) -> Any:
        """A card can be drawn: the draw pile, or a reshuffle of the discards, has one."""
        ops = self.ops
        return ops.any([ops.sum(st.draw) > 0, ops.sum(st.disc) > self.kept(st)])

    def wd4_ok(self, hand: Vec, colour: Any, face: Any) -> Any:
        """WD4-RESTRICTION (V-WD4-ONLY-IF-NO-PLAYABLE when strict) on the hand holding the card."""
        if self.rules.wd4_strict:
            return self.ops.all([hand[K.W] == 0, self.matching(hand, colour, face) == 0])
        return self.of_colour(hand, colour) == 0

    def may_go_out_on(self, cls: int) -> bool:
        """GO-OUT-ANY-CARD, V-NO-ACTION-FINISH."""
        last = self.rules.forbidden_last
        if last is None:
            return True
        if last == "special":
            return cls == arithmetic.NUMBER
        if last == "action":
            return cls not in (arithmetic.SKIP, arithmetic.REVERSE, arithmetic.DRAW_TWO)
        return cls not in DRAWS

    def fits(self, st: State, seat: Any, q: Vec, cls: int, after_draw: Any = False) -> Any:
        """May the card ``q`` of class ``cls`` go on the pile now (its holder is ``seat``)?
        PLAY-MATCH, MATCH-ON-WILD, WILD-ANYTIME, WD4-BLUFF, the last-card rule. With
        ``after_draw`` a card drawn this turn as a draw series judges it (V-DRAW-UNTIL-*, see
        :meth:`found_legal`): a Wild Draw Four only when WD4-RESTRICTION holds, a bluff
        ending no series. DRAW-THEN-PLAY lays a drawn Wild Draw Four on the terms of a held
        one (:meth:`play`, :meth:`found`)."""
        ops, r = self.ops, self.rules
        if cls == arithmetic.WILD:
            ok = True
            if r.wild_only_without_colour:
                ok = self.of_colour(self.hand_of(st, seat), st.colour) == 0
        elif cls == arithmetic.WILD_DRAW_FOUR:
            legal = self.wd4_ok(self.hand_of(st, seat), st.colour, self.top_face(st))
            ok = legal if r.wd4_enforced else ops.implies(after_draw, legal)
        else:
            ok = ops.any(
                [ops.weigh(q, K.COLOUR) == st.colour, ops.weigh(q, K.FACE) == self.top_face(st)]
            )
            if r.cheat:  # V-CHEAT: on a turn a coloured card goes down face down (cheat_play)
                ok = ops.all([ok, after_draw])
        if not self.may_go_out_on(cls):
            ok = ops.all([ok, self.size_of(st, seat) > 1])
        return ok

    def may_play(self, st: State, seat: Any, kind: int, after_draw: Any = False) -> Any:
        """``seat`` holds a card of ``kind`` and may play it now."""
        q = K.one_hot(K.KINDS[kind])
        return self.ops.all(
            [self.hand_of(st, seat)[kind] >= 1, self.fits(st, seat, q, K.CLASS[kind], after_draw)]
        )

    def wd4_legal_now(self, st: State, seat: Any) -> Any:
        """Whether a Wild Draw Four laid now by ``seat`` meets WD4-RESTRICTION (what a
        challenge will find)."""
        return self.ops.ite(self.wd4_ok(self.hand_of(st, seat), st.colour, self.top_face(st)), 1, 0)

    def answers(self, st: State, seat: Any, q: Vec, cls: int) -> Any:
        """V-STACK-DRAW: may ``seat`` answer the draw card on top with ``q``?"""
        ops, allowed = self.ops, self.rules.stackable
        on_wd4 = st.top[K.WD4] == 1
        if cls == arithmetic.WILD_DRAW_FOUR:
            ok = ops.ite(on_wd4, "WD4-on-WD4" in allowed, "WD4-on-D2" in allowed)
            if self.rules.wd4_enforced:
                ok = ops.all(
                    [ok, self.wd4_ok(self.hand_of(st, seat), st.colour, self.top_face(st))]
                )
        else:
            ok = ops.ite(
                on_wd4,
                ops.all(["D2-on-WD4" in allowed, ops.weigh(q, K.COLOUR) == st.colour]),
                "D2-on-D2" in allowed,
            )
        if not self.may_go_out_on(cls):
            ok = ops.all([ok, self.size_of(st, seat) > 1])
        return ok

    def can_answer(self, st: State, seat: Any) -> Any:
        """``seat`` holds some card that answers the draw card on top."""
        if not self.rules.stackable:
            return False
        hand = self.hand_of(st, seat)
        return self.ops.any(
            [
                self.ops.all(
                    [hand[k] >= 1, self.answers(st, seat, K.one_hot(K.KINDS[k]), K.CLASS[k])]
                )
                for k in (*D2_KINDS, K.WD4)
            ]
        )

    # -- card movements ----------------------------------------------------------------
    def lay(self, st: State, seat: Any, q: Vec) -> State:
        """Cards ``q`` go from ``seat``'s hand onto the discard pile (``arithmetic.move_cards``)."""
        ops = self.ops
        rows = ops.split(seat, q, self.n, "laid")
        hands = [list(h) for h in st.hands]
        disc = list(st.disc)
        for s, row in enumerate(rows):
            for k, m in enumerate(row):
                if isinstance(m, int) and m == 0:
                    continue
                ops.require(ops.le(m, st.hands[s][k]), "the player holds the card")
                hands[s][k], disc[k] = self.ar.move_cards(hands[s][k], disc[k], m)
        return st.but(hands=hands, disc=disc, last=seat)

    def draw_cards(self, st: State, seat: Any, w: Vec) -> State:
        """Cards ``w`` go from the draw pile into ``seat``'s hand."""
        return self.to_hand(st, seat, w, "draw", "drawn")

    def to_hand(self, st: State, seat: Any, w: Vec, pile: str, tag: str) -> State:
        """Cards ``w`` go from ``pile`` (``draw`` or ``disc``) into ``seat``'s hand."""
        rows = self.ops.split(seat, w, self.n, tag)
        hands = [list(h) for h in st.hands]
        source = list(getattr(st, pile))
        for s, row in enumerate(rows):
            for k, m in enumerate(row):
                if isinstance(m, int) and m == 0:
                    continue
                source[k], hands[s][k] = self.ar.move_cards(source[k], hands[s][k], m)
        return st.but(hands=hands, **{pile: source})

    # -- the turn ------------------------------------------------------------------------
    def decision(self, st: State, seat: Any, *phases: int) -> None:
        """A decision of the seat to act, in one of ``phases``, with no draw owed."""
        ops = self.ops
        ops.require(ops.any([st.phase == p for p in phases]), "the phase allows it")
        ops.require(st.owed_count == 0, "no draw is being served")
        ops.require(seat == st.to_act, "the seat is to act")

    def cleared(self, st: State, **changes: Any) -> State:
        """``st`` with nothing pending (no wild, no draw card facing anyone)."""
        zero = [0] * K.N_KINDS
        base = {
            "drawn": zero,
            "fresh": zero,
            "pend_from": -1,
            "pend_total": 0,
            "pend_next": -1,
            "wd4_legal": 1,
            "prior": -1,
            "carry": 0,
            "starter": 0,
            "final": 0,
            "under": zero,
            "prior_ann": zero,
            "group_sevens": 0,
            "swap_skips": 0,
            "swap_flips": 0,
            "swap_draws": 0,
        }
        return st.but(**{**base, **changes})

    def give_turn(self, st: State, seat: Any) -> State:
        """turns.give_turn (TURN-ADVANCE): the turn passes to ``seat``; seats that owe a
        missed turn (V-UNO-PENALTY-LOSE-TURN) lose it (``arithmetic.pass_missed_turns``)."""
        handed, missed = seat, list(st.missed)
        if self.rules.lose_turn:
            seat, missed = self.ar.pass_missed_turns(
                seat, st.direction, self.n, missed, self.ops.ite
            )
        return self.cleared(st, to_act=seat, phase=TURN, missed=missed, handed=handed)

    def owe(self, st: State, seat: Any, count: Any) -> State:
        """drawing.owe: ``seat`` must draw ``count`` cards (served by :meth:`serve`)."""
        return st.but(owed_seat=seat, owed_count=count, owed_turn=0)

    def finish(
        self, st: State, seat: Any, skips: Any, flips: Any, draws: Any, wd4_legal: Any
    ) -> State:
        """effects.finish_turn: the turn's effect (``arithmetic.advance_after``), then the
        next turn, or the draw card hitting its victim."""
        ops = self.ops
        to_act, direction, victim = self.ar.advance_after(
            seat, st.direction, self.n, skips, flips, draws, ops.ite
        )
        st = st.but(direction=direction)
        return ops.branch(
            draws > 0,
            lambda: self.hit(st, seat, victim, draws, to_act, wd4_legal),
            lambda: self.give_turn(st, to_act),
        )

    def hit(
        self, st: State, seat: Any, victim: Any, total: Any, after: Any, wd4_legal: Any
    ) -> State:
        """effects.draw_card_hits: the victim may answer (V-STACK-DRAW) or challenge a Wild
        Draw Four (WD4-CHALLENGE); otherwise they draw and lose the turn."""
        ops = self.ops
        facing = self.cleared(
            st,
            to_act=victim,
            pend_from=seat,
            pend_total=total,
            pend_next=after,
            wd4_legal=wd4_legal,
        )
        return ops.branch(
            self.can_answer(st, victim),
            lambda: facing.but(phase=STACK),
            lambda: ops.branch(
                ops.all([st.top[K.WD4] == 1, self.rules.wd4_challenge]),
                lambda: facing.but(phase=CHALLENGE),
                lambda: self.give_turn(self.owe(st, victim, total), after),
            ),
        )

    def go_out(self, st: State, seat: Any, draws: Any, wd4_last: Any = False) -> State:
        """scoring.go_out (ROUND-END, LAST-CARD-DRAW): the round is won; a closing draw
        card's cards are drawn by the next seat first (not under V-SINGLE-ROUND). With
        P-LAST-WD4-NO-CHALLENGE's ``allow_futile_challenge`` the victim of a closing Wild
        Draw Four may first challenge it (scoring.futile_challenge; ``final``)."""
        ops, r = self.ops, self.rules
        won = self.cleared(st, phase=SCORING, winner=seat, to_act=-1)
        if r.single_round:
            return won
        victim = self.ar.next_seat(seat, st.direction, self.n)

        def drawn() -> State:
            if not (r.futile and r.wd4_challenge) or wd4_last is False:
                return self.owe(won, victim, draws)
            futile = self.cleared(
                st,
                phase=CHALLENGE,
                to_act=victim,
                pend_from=seat,
                pend_total=draws,
                pend_next=-1,
                final=1,
            )
            return ops.branch(wd4_last, lambda: futile, lambda: self.owe(won, victim, draws))

        return ops.branch(draws > 0, drawn, lambda: won)

    def round_won(self, st: State, seat: Any, count: Any) -> State:
        """effects.challenge / accept after a futile challenge was offered (``final``):
        ``seat`` draws ``count`` cards and the round is scored."""
        return self.cleared(
            self.owe(st, seat, count), phase=SCORING, winner=st.pend_from, to_act=-1
        )

    # -- seat actions ----------------------------------------------------------------------
    def play(self, st: State, seat: Any, q: Vec, cls: int, uncalled: bool = False) -> State:
        """engine.apply ``play`` on a turn (effects.play): the card goes down, then the
        round ends, a colour is asked for, or the card takes effect. ``uncalled``: the last
        card laid without the UNO-out call (V-UNO-OUT-CALL), see :meth:`uno_out_missed`."""
        ops = self.ops
        if uncalled:
            self.uncalled_last(st, seat)
        ops.require(ops.any([st.phase == TURN, st.phase == DRAWN]), "the phase allows it")
        ops.require(st.owed_count == 0, "no draw is being served")
        ops.require(seat == st.to_act, "the seat is to act")
        ops.require(ops.sum(q) == 1, "one card")
        ops.require(
            ops.implies(st.phase == DRAWN, self.drawn_may_go(st, q)),
            "after a turn draw only the drawn card (DRAW-THEN-PLAY)",
        )
        if self.rules.draw_mode == "until_playable":
            ops.require(
                ops.implies(st.phase == DRAWN, ops.not_(self.more_draws(st, seat)[1])),
                "no card while the series must go on (V-DRAW-UNTIL-PLAYABLE)",
            )
        drawn = False if cls == arithmetic.WILD_DRAW_FOUR else st.phase == DRAWN
        ops.require(self.fits(st, seat, q, cls, drawn), "the card may be played (PLAY-MATCH)")
        return self.laid_down(st, seat, q, cls, uncalled)

    def laid_down(self, st: State, seat: Any, q: Vec, cls: int, uncalled: bool = False) -> State:
        """effects.play once the card may go down: it goes down, then the round ends, a
        colour is asked for, or the card takes effect (``uncalled``: the hand is empty but
        the UNO-out call is missing, so the card takes effect and the player owes the
        penalty)."""
        ops = self.ops
        legal = self.wd4_legal_now(st, seat) if cls == arithmetic.WILD_DRAW_FOUR else 1
        prior = st.colour
        laid = self.lay(st, seat, q)
        zero = [0] * K.N_KINDS
        laid = laid.but(top=list(q), idle=0, drawn=zero, fresh=zero, announced=zero)
        if cls not in (arithmetic.WILD, arithmetic.WILD_DRAW_FOUR):
            laid = laid.but(colour=ops.weigh(q, K.COLOUR))

        def goes_on(laid: State = laid) -> State:
            if cls in (arithmetic.WILD, arithmetic.WILD_DRAW_FOUR):
                return self.cleared(laid, phase=COLOUR, to_act=seat, prior=prior, wd4_legal=legal)
            if cls == arithmetic.NUMBER and (self.rules.seven_swap or self.rules.zero_rotate):
                return self.seven_zero(laid, seat, q)
            return self.finish(laid, seat, *self.card_effect(cls), 1)

        if uncalled:
            return ops.then(goes_on(), lambda x: self.uno_out_missed(x, seat))
        return ops.branch(
            self.size_of(laid, seat) == 0,
            lambda: self.go_out(
                laid, seat, self.ar.draw_penalty(cls, ops.ite), cls == arithmetic.WILD_DRAW_FOUR
            ),
            goes_on,
        )

    def uncalled_last(self, st: State, seat: Any, cards: Any = 1) -> None:
        """The guard of the last ``cards`` of a hand laid without the UNO-out call
        (V-UNO-OUT-CALL)."""
        self.ops.require(self.rules.uno_out > 0, "V-UNO-OUT-CALL")
        self.ops.require(self.size_of(st, seat) == cards, "the last card")

    def uno_out_missed(self, st: State, seat: Any) -> State:
        """effects.missing_uno_out (V-UNO-OUT-CALL): the player who emptied their hand
        without the call owes the penalty, and the round goes on. The engine queues the
        penalty before any draw the card causes and serves the queue in order; ``st`` is the
        state after the card's effect, so the penalty goes to the head of the owed draws and
        what the effect owes (a victim's draw) waits behind it (``queued_*``). Until the
        penalty is served the hand is empty; if it cannot be served (P-PILES-EXHAUSTED) the
        empty hand wins the round (:meth:`serve`)."""
        return st.but(
            owed_seat=seat,
            owed_count=self.rules.uno_out,
            owed_turn=0,
            queued_seat=st.owed_seat,
            queued_count=st.owed_count,
        )

    def jump_in(self, st: State, seat: Any, q: Vec, cls: int, uncalled: bool = False) -> State:
        """engine.apply ``play`` out of turn (V-JUMP-IN: effects.jump_in_cards, effects.jump_in,
        then effects.play): a player who is neither due to act nor the one who laid the top
        card covers it with an identical card. A covered Reverse's flip is undone, and play
        goes on from the jumper as if it were their turn."""
        ops = self.ops
        ops.require(st.phase == TURN, "the next turn has not begun")
        ops.require(st.owed_count == 0, "no draw is being served")
        ops.require(ops.all([seat >= 0, seat < self.n]), "a seat")
        ops.require(seat != st.to_act, "not the player due next")
        ops.require(
            ops.all([st.last >= 0, seat != st.last]), "not the player who laid the top card"
        )
        ops.require(ops.sum(q) == 1, "one card")
        ops.require(ops.all([ops.eq(a, b) for a, b in zip(q, st.top, strict=True)]), "identical")
        ok: Any = True
        if cls == arithmetic.WILD_DRAW_FOUR and self.rules.wd4_enforced:
            ok = self.wd4_ok(self.hand_of(st, seat), st.colour, self.top_face(st))
        if cls == arithmetic.WILD and self.rules.wild_only_without_colour:
            ok = self.of_colour(self.hand_of(st, seat), st.colour) == 0
        if not self.may_go_out_on(cls):
            ok = ops.all([ok, self.size_of(st, seat) > 1])
        ops.require(ok, "the card may be played (V-JUMP-IN)")
        if uncalled:
            self.uncalled_last(st, seat)
        if cls == arithmetic.REVERSE:
            st = st.but(direction=-st.direction)
        return self.laid_down(st, seat, q, cls, uncalled)

    def seven_zero(self, st: State, seat: Any, q: Vec) -> State:
        """effects.finish_turn under V-SEVEN-ZERO: after a 7 its player chooses a hand to
        swap with (phase swap, :meth:`swap`); after a 0 every hand passes on
        (:meth:`rotate_hands`); the turn then passes as after any number card."""
        ops, r = self.ops, self.rules
        face = ops.weigh(q, K.FACE)

        def zero() -> State:
            return self.after_zero(st, face == 0, lambda s: self.finish(s, seat, 0, 0, 0, 1))

        if not r.seven_swap:
            return zero()
        return ops.branch(face == 7, lambda: self.cleared(st, phase=SWAP, to_act=seat), zero)

    def after_zero(self, st: State, zero: Any, then: Any) -> State:
        """V-SEVEN-ZERO's zero_rotate: when ``zero`` holds, every hand passes on
        (:meth:`rotate_hands`, in the state's direction) before ``then(state)``."""
        ops = self.ops
        if not self.rules.zero_rotate:
            return then(st)

        def rotated(direction: int) -> State:
            return then(self.rotate_hands(st, direction))

        if isinstance(st.direction, int):
            return ops.branch(zero, lambda: rotated(st.direction), lambda: then(st))
        return ops.branch(
            zero,
            lambda: ops.branch(st.direction == 1, lambda: rotated(1), lambda: rotated(-1)),
            lambda: then(st),
        )

    def group_seven_zero(
        self, st: State, seat: Any, group: Vec, effect: tuple[Any, Any, Any], legal: Any
    ) -> State:
        """effects.finish_turn after a group (several cards in one turn) under V-SEVEN-ZERO:
        a 7 anywhere in the group leaves its player to choose a hand to swap with (phase
        swap; the group's effect and the Wild Draw Four's legality wait in the state for
        :meth:`swap`, which then rotates nothing even if the group holds a 0); with no 7, a
        0 anywhere in it passes every hand on, in the direction before the group's
        Reverses; then the group's ``effect`` (skips, flips, draws) takes place."""
        ops, r = self.ops, self.rules
        number = K.OF_CLASS[self.ar.NUMBER]
        count = lambda f: ops.sum([group[k] for k in number if K.FACE[k] == f])  # noqa: E731

        def zero() -> State:
            return self.after_zero(st, count(0) > 0, lambda s: self.finish(s, seat, *effect, legal))

        if not r.seven_swap:
            return zero()
        sevens = count(7)
        waiting = self.cleared(
            st,
            phase=SWAP,
            to_act=seat,
            group_sevens=sevens,
            swap_skips=effect[0],
            swap_flips=effect[1],
            swap_draws=effect[2],
            wd4_legal=legal,
        )
        return ops.branch(sevens > 0, lambda: waiting, zero)

    def rotate_hands(self, st: State, direction: int) -> State:
        """effects.rotate_hands (V-SEVEN-ZERO): every hand goes to the seat
        ``arithmetic.rotation_target`` names, one on in the direction of play (``direction``:
        the state's, which :meth:`seven_zero` branches on, so that a hand moves as a whole)."""
        n = self.n
        hands: list[list[Any]] = [[0] * K.N_KINDS for _ in range(n)]
        for s in range(n):
            hands[self.ar.rotation_target(s, direction, n)] = list(st.hands[s])
        return st.but(hands=hands)

    def swap(self, st: State, seat: Any, target: Any) -> State:
        """effects.swap_hands (V-SEVEN-ZERO): after a 7 its player exchanges hands with
        ``target``; the turn then passes on as after any number card, or, after a group
        (several cards in one turn), with the group's effect the state holds (``swap_*``,
        ``wd4_legal``; see :meth:`group_seven_zero`). (``seat`` is a concrete seat; a
        symbolic target is branched on seat by seat, so that a hand moves as a whole.)"""
        ops, n = self.ops, self.n
        effect = (0, 0, 0, 1)
        if self.rules.multi:  # without a multi-card variant a swap follows a single 7
            effect = (st.swap_skips, st.swap_flips, st.swap_draws, st.wd4_legal)
        self.decision(st, seat, SWAP)
        ops.require(ops.all([target >= 0, target < n]), "a seat")
        ops.require(target != seat, "another player")

        def with_seat(t: int) -> State:
            hands = [list(h) for h in st.hands]
            hands[seat], hands[t] = list(st.hands[t]), list(st.hands[seat])
            return self.finish(st.but(hands=hands), seat, *effect)

        if isinstance(target, int):
            return with_seat(target)
        others = [t for t in range(n) if t != seat]

        def chain(i: int) -> State:
            if i == len(others) - 1:
                return with_seat(others[i])
            return ops.branch(
                target == others[i], lambda: with_seat(others[i]), lambda: chain(i + 1)
            )

        return chain(0)

    def card_effect(self, cls: int) -> tuple[int, int, int]:
        """effects.card_effect: ``(skips, flips, draws)`` of one card."""
        ar = self.ar
        return (
            1 if cls == ar.SKIP else 0,
            1 if cls == ar.REVERSE else 0,
            ar.draw_penalty(cls),
        )

    def name_colour(self, st: State, seat: Any, colour: Any) -> State:
        """effects.name_colour (WILD-COLOUR-CHOICE): the colour is named, then the wild
        takes effect (a starter Wild: the same player takes the first turn)."""
        ops = self.ops
        self.decision(st, seat, COLOUR)
        ops.require(ops.all([colour >= 0, colour < 4]), "one of the four colours")
        if self.rules.wild_must_change:
            ops.require(ops.implies(st.prior >= 0, colour != st.prior), "V-WILD-MUST-CHANGE-COLOUR")
        named = st.but(colour=colour)
        draws = 4 * st.top[K.WD4] + st.carry
        return ops.branch(
            st.starter == 1,
            lambda: self.give_turn(named, seat),
            lambda: self.finish(named, seat, 0, 0, draws, st.wd4_legal),
        )

    # -- turn draws and the draw variants ----------------------------------------------------
    def drawn_may_go(self, st: State, q: Vec) -> Any:
        """DRAW-THEN-PLAY: ``q`` is one of the cards drawn this turn that may be played (the
        state's ``fresh``: the card drawn, under V-DRAW-FIXED every card drawn this turn,
        under V-DRAW-UNTIL-PLAYABLE / -STOP the card drawn last)."""
        return self.ops.all([self.ops.le(a, b) for a, b in zip(q, st.fresh, strict=True)])

    def found(self, st: State, seat: Any) -> Any:
        """engine._after_draw_choices: some card drawn this turn may now be played
        (DRAW-THEN-PLAY: a Wild Draw Four as a held one may, WD4-BLUFF)."""
        ops = self.ops
        return ops.any(
            [
                ops.all(
                    [
                        st.fresh[k] >= 1,
                        self.may_play(st, seat, k, K.CLASS[k] != arithmetic.WILD_DRAW_FOUR),
                    ]
                )
                for k in range(K.N_KINDS)
            ]
        )

    def found_legal(self, st: State, seat: Any) -> Any:
        """engine.ends_draw_series: some card drawn this turn is legal for real (a Wild
        Draw Four only under WD4-RESTRICTION), which ends a V-DRAW-UNTIL-* series."""
        ops = self.ops
        return ops.any(
            [
                ops.all([st.fresh[k] >= 1, self.may_play(st, seat, k, after_draw=True)])
                for k in range(K.N_KINDS)
            ]
        )

    def more_draws(self, st: State, seat: Any) -> tuple[Any, Any]:
        """drawing.more_draws: ``(may draw again, must draw again)`` after a turn draw.
        V-DRAW-UNTIL-PLAYABLE: must, until a card that may be played or the cap;
        V-DRAW-UNTIL-STOP: may, until the same; V-DRAW-FIXED ``at_most``: may, up to n."""
        ops, r = self.ops, self.rules
        n = ops.sum(st.drawn)
        if r.series:
            under = True if r.draw_n == 0 else n < r.draw_n
            again = ops.all([self.can_draw(st), under, ops.not_(self.found_legal(st, seat))])
            return again, again if r.draw_mode == "until_playable" else False
        if r.draw_mode == "at_most":
            return ops.all([self.can_draw(st), n < r.draw_n]), False
        return False, False

    def must_not_pass(self, st: State, seat: Any) -> Any:
        """No ``pass`` now: V-DRAW-UNTIL-PLAYABLE's player must draw on, or play the card
        found (``must_play_found``)."""
        r = self.rules
        if r.draw_mode != "until_playable":
            return False
        must = self.more_draws(st, seat)[1]
        if r.must_play_found:
            must = self.ops.any([must, self.found_legal(st, seat)])
        return must

    def turn_draw(self, st: State, seat: Any) -> State:
        """drawing.turn_draw (DRAW-ONE): the seat to act draws one card instead of playing.
        V-DRAW-FIXED ``exactly``: n cards at once; V-DRAW-UNTIL-PLAYABLE, V-DRAW-UNTIL-STOP and
        V-DRAW-FIXED ``at_most``: one more card, as long as :meth:`more_draws` allows."""
        ops, r = self.ops, self.rules
        zero = [0] * K.N_KINDS
        if r.series or r.draw_mode == "at_most":
            ops.require(
                ops.any(
                    [
                        st.phase == TURN,
                        ops.all([st.phase == DRAWN, self.more_draws(st, seat)[0]]),
                    ]
                ),
                "a turn, or drawing on is allowed",
            )
            ops.require(st.owed_count == 0, "no draw is being served")
            ops.require(seat == st.to_act, "the seat is to act")
            on = st.phase == DRAWN
            return st.but(
                phase=DRAWN,
                owed_seat=seat,
                owed_count=1,
                owed_turn=1,
                drawn=[ops.ite(on, x, 0) for x in st.drawn],
                # a series: only the card drawn last may be played
                fresh=zero if r.series else [ops.ite(on, x, 0) for x in st.fresh],
                last=-1,
            )
        self.decision(st, seat, TURN)
        if not r.piles_policy:
            ops.require(self.can_draw(st), "a card can be drawn (no P-PILES-EXHAUSTED)")
        count = r.draw_n if r.draw_mode == "exactly" else 1
        return st.but(
            phase=DRAWN,
            owed_seat=seat,
            owed_count=count,
            owed_turn=1,
            drawn=zero,
            fresh=zero,
            last=-1,
        )

    def end_turn(self, st: State, seat: Any) -> State:
        """engine._end_turn_without_play (DRAW-END-TURN, P-STALEMATE): after a turn draw
        the turn passes on; a turn that could not even draw counts towards a stalemate."""
        ops = self.ops
        self.decision(st, seat, DRAWN)
        if self.rules.draw_mode == "until_playable":
            ops.require(ops.not_(self.must_not_pass(st, seat)), "V-DRAW-UNTIL-PLAYABLE")
        stuck = ops.all([ops.sum(st.drawn) == 0, ops.not_(self.can_draw(st))])
        after = self.ar.next_seat(seat, st.direction, self.n)

        def idle() -> State:
            waited = st.but(idle=st.idle + 1)
            if not self.rules.stalemate_policy:
                return self.give_turn(waited, after)
            return ops.branch(
                waited.idle >= self.n,
                lambda: self.stalemate(waited),
                lambda: self.give_turn(waited, after),
            )

        return ops.branch(stuck, idle, lambda: self.give_turn(st.but(idle=0), after))

    def challenge(self, st: State, seat: Any) -> State:
        """effects.challenge (WD4-CHALLENGE-GUILTY / -INNOCENT, via
        ``arithmetic.challenge_outcome``); a stacked total travels with the challenge."""
        ops = self.ops
        self.decision(st, seat, CHALLENGE, STACK)
        ops.require(
            ops.any(
                [st.phase == CHALLENGE, ops.all([st.top[K.WD4] == 1, self.rules.wd4_challenge])]
            ),
            "a Wild Draw Four may be challenged",
        )
        drawer, count, to_act = self.ar.challenge_outcome(
            st.wd4_legal == 0,
            seat,
            st.pend_from,
            st.direction,
            self.n,
            self.rules.guilty_skipped,
            ops.ite,
        )
        # a challenger who loses the turn loses it as the card's victim: the turn goes where
        # the card sent it (further on when cumulative Skips passed over more seats)
        to_act = ops.ite(to_act == seat, to_act, st.pend_next)
        total = count + st.pend_total - 4
        return ops.branch(  # against a Wild Draw Four that ended the round (``final``)
            st.final == 1,
            lambda: self.round_won(st, drawer, total),
            lambda: self.give_turn(self.owe(st, drawer, total), to_act),
        )

    def accept(self, st: State, seat: Any) -> State:
        """effects.accept / suffer (NO-STACKING): the victim draws and loses the turn (the
        turn goes where the card sent it: ``arithmetic.advance_after``'s next seat)."""
        self.decision(st, seat, CHALLENGE, STACK)
        return self.ops.branch(  # after a futile challenge was offered (``final``)
            st.final == 1,
            lambda: self.round_won(st, seat, st.pend_total),
            lambda: self.give_turn(self.owe(st, seat, st.pend_total), st.pend_next),
        )

    def stack(self, st: State, seat: Any, q: Vec, cls: int, uncalled: bool = False) -> State:
        """effects.stack (V-STACK-DRAW): the victim answers with a draw card and passes the
        total, grown by it, on. ``uncalled``: the last card laid so without the UNO-out
        call (V-UNO-OUT-CALL, :meth:`uno_out_missed`); the card still takes effect."""
        ops = self.ops
        self.decision(st, seat, STACK)
        if uncalled:
            self.uncalled_last(st, seat)
        ops.require(ops.sum(q) == 1, "one card")
        ops.require(self.answers(st, seat, q, cls), "the card may answer (V-STACK-DRAW)")
        carry, prior = st.pend_total, st.colour
        legal = 1
        if cls == arithmetic.WILD_DRAW_FOUR:  # judged with the answering card as the top
            legal = ops.ite(self.wd4_ok(self.hand_of(st, seat), prior, K.FACE[K.WD4]), 1, 0)
        laid = self.lay(st, seat, q).but(top=list(q), idle=0, announced=[0] * K.N_KINDS)
        if cls == arithmetic.DRAW_TWO:
            laid = laid.but(colour=ops.weigh(q, K.COLOUR))

        def goes_on() -> State:
            if cls == arithmetic.WILD_DRAW_FOUR:
                return self.cleared(
                    laid, phase=COLOUR, to_act=seat, prior=prior, wd4_legal=legal, carry=carry
                )
            return self.finish(self.cleared(laid), seat, 0, 0, 2 + carry, 1)

        if uncalled:
            return ops.then(goes_on(), lambda x: self.uno_out_missed(x, seat))
        return ops.branch(
            self.size_of(laid, seat) == 0,
            lambda: self.go_out(
                self.cleared(laid), seat, DRAWS[cls] + carry, cls == arithmetic.WILD_DRAW_FOUR
            ),
            goes_on,
        )

    def catch(self, st: State, catcher: Any, target: Any) -> State:
        """uno.catch (UNO-CATCH, UNO-PENALTY, V-UNO-PENALTY-LOSE-TURN). The model lets any
        one-card hand be caught: it does not track who called UNO, which only widens the
        steps the proofs cover."""
        ops = self.ops
        ops.require(ops.any([st.phase == p for p in PLAYING]), "during a round")
        ops.require(st.owed_count == 0, "no draw is being served")
        ops.require(
            ops.all([catcher >= 0, catcher < self.n, target >= 0, target < self.n]), "seats"
        )
        ops.require(catcher != target, "another player")
        ops.require(self.size_of(st, target) == 1, "the target holds one card")
        st = self.owe(st, target, self.rules.uno_penalty)
        if self.rules.lose_turn:
            st = st.but(missed=[ops.ite(target == s, m + 1, m) for s, m in enumerate(st.missed)])
        return st

    def call_uno(self, st: State, seat: Any) -> State:
        """uno.call (UNO-CALL): changes nothing the model counts."""
        ops = self.ops
        ops.require(ops.any([st.phase == p for p in PLAYING]), "during a round")
        ops.require(st.owed_count == 0, "no draw is being served")
        ops.require(ops.all([seat >= 0, seat < self.n]), "a seat")
        ops.require(self.size_of(st, seat) == 1, "the caller holds one card")
        return st

    def play_group(
        self,
        st: State,
        seat: Any,
        group: Vec,
        last: Vec,
        colour: Any,
        uncalled: bool = False,
        covered: tuple[Any, Any] | None = None,
    ) -> State:
        """A whole multi-card turn (V-MULTI-PLAY and its narrowings, V-CUMULATIVE-EFFECT):
        ``group`` goes down with ``last`` on top (its colour ``colour`` named if it is a
        wild), then the effect of the last card, or of all of them when effects add up
        (``arithmetic.group_effect``); under V-SEVEN-ZERO a 7 or a 0 in the group swaps or
        passes on hands first (:meth:`group_seven_zero`). Which groups are legal is not
        modelled: any two or more cards of the hand, which only widens the steps the proofs
        cover. Under V-CHEAT every coloured card on a turn goes down face down and alone
        (effects.cheat_play): a group is of wild cards only (V-MULTI-IDENTICAL with
        ``include_wilds``). ``uncalled``: the group empties the hand without the UNO-out
        call (V-UNO-OUT-CALL, :meth:`uno_out_missed`), and its effect follows as for any
        group. ``covered``: the colour current when the last card went down and the face it
        covered (a chain's link before it, V-MULTI-RIDE; None: the pile the turn began on)."""
        ops, ar = self.ops, self.ar
        self.decision(st, seat, TURN)
        if uncalled:
            self.uncalled_last(st, seat, ops.sum(group))
        ops.require(ops.sum(group) >= 2, "two or more cards")
        if self.rules.cheat:
            ops.require(ops.sum(group[:52]) == 0, "wild cards only, face up (V-CHEAT)")
        ops.require(ops.sum(last) == 1, "one card on top")
        ops.require(
            ops.all(
                [ops.le(0, x) for x in last]
                + [ops.le(a, b) for a, b in zip(last, group, strict=True)]
            ),
            "laid last",
        )
        ops.require(ops.all([colour >= 0, colour < 4]), "one of the four colours")
        if not self.rules.multi_may_go_out:
            ops.require(self.size_of(st, seat) > ops.sum(group), "a group may not empty the hand")
        wild_last = last[K.W] + last[K.WD4] == 1
        laid = self.lay(st, seat, group)
        # effects.ask_colour: a Wild Draw Four laid last is judged on the hand it leaves, with
        # the card itself, against the card it covers (under V-MULTI-RIDE the chain's link
        # before it, which also set the colour; the cards before it are no longer held)
        left = [h + x for h, x in zip(self.hand_of(laid, seat), last, strict=True)]
        colour_before, face_before = covered or (st.colour, self.top_face(st))
        legal = ops.ite(
            last[K.WD4] == 1, ops.ite(self.wd4_ok(left, colour_before, face_before), 1, 0), 1
        )
        laid = laid.but(
            top=list(last),
            idle=0,
            colour=ops.ite(wild_last, colour, ops.weigh(last, K.COLOUR)),
            announced=[0] * K.N_KINDS,
        )
        skips = ops.sum([group[k] for k in K.OF_CLASS[ar.SKIP]])
        reverses = ops.sum([group[k] for k in K.OF_CLASS[ar.REVERSE]])
        total = 2 * ops.sum([group[k] for k in D2_KINDS]) + 4 * group[K.WD4]
        last_draw = 2 * ops.sum([last[k] for k in D2_KINDS]) + 4 * last[K.WD4]
        cum = self.rules.cumulative
        if cum:
            effect = ar.group_effect(skips, reverses, total, last_draw, cum[0], cum[1], ops.ite)
        else:
            effect = (
                ops.sum([last[k] for k in K.OF_CLASS[ar.SKIP]]),
                ops.sum([last[k] for k in K.OF_CLASS[ar.REVERSE]]),
                last_draw,
            )
        if uncalled:
            return ops.then(
                self.group_seven_zero(laid, seat, group, effect, legal),
                lambda x: self.uno_out_missed(x, seat),
            )
        return ops.branch(
            self.size_of(laid, seat) == 0,
            lambda: self.go_out(laid, seat, total if cum else last_draw, last[K.WD4] == 1),
            lambda: self.group_seven_zero(laid, seat, group, effect, legal),
        )

    # -- Cheat UNO (V-CHEAT) ----------------------------------------------------------------
    def cheat_play(self, st: State, seat: Any, q: Vec, c: Vec, cls: int) -> State:
        """engine.apply ``play`` with a ``claim`` (effects.cheat_claims, effects.cheat_play):
        on a turn the coloured card ``q`` goes down face down while its player announces
        ``c``, a coloured card of class ``cls`` that would be legal now (and under
        V-NO-ACTION-FINISH may end the hand). The colour becomes
        the announced card's; the next seat accepts or accuses (phase cheat). The card under
        the face-down one, the announced card and the colour before it are kept, so that an
        exposed play can be undone."""
        ops = self.ops
        ops.require(self.rules.cheat is not None, "V-CHEAT")
        ops.require(cls not in (arithmetic.WILD, arithmetic.WILD_DRAW_FOUR), "a coloured claim")
        self.decision(st, seat, TURN)
        ops.require(ops.sum(q) == 1, "one card")
        ops.require(ops.all([q[K.W] == 0, q[K.WD4] == 0]), "a coloured card")
        ops.require(ops.sum(c) == 1, "one card announced")
        ops.require(
            ops.any(
                [ops.weigh(c, K.COLOUR) == st.colour, ops.weigh(c, K.FACE) == self.top_face(st)]
            ),
            "the announced card would be legal (PLAY-MATCH)",
        )
        if not self.may_go_out_on(cls):
            ops.require(self.size_of(st, seat) > 1, "no last card announced as a forbidden one")
        honest = ops.all([ops.eq(a, b) for a, b in zip(q, c, strict=True)])
        laid = self.lay(st, seat, q)
        return self.cleared(
            laid,
            phase=CHEAT,
            to_act=self.ar.next_seat(seat, st.direction, self.n),
            pend_from=seat,
            top=list(q),
            under=list(st.top),
            announced=[ops.ite(honest, 0, x) for x in c],
            prior_ann=list(st.announced),
            prior=st.colour,
            colour=ops.weigh(c, K.COLOUR),
            idle=0,
            last=-1,  # effects.cheat_play: a turn action; no jump-in on a face-down card
        )

    def cheat_effect(self, st: State) -> State:
        """effects.cheat_accept: the play stands as announced; the announced card's effect
        applies (under V-SEVEN-ZERO an announced 7 asks for a swap and an announced 0 passes
        the hands on), or it ends the round if it was the last card. The effect is the
        announced card's class's (a coloured card: a number, Skip, Reverse or Draw Two), one
        branch per class, so that each works with the class's own counts."""
        ops, ar = self.ops, self.ar
        c, player = self.claim(st), st.pend_from
        done = self.cleared(st)

        def effect(cls: int) -> State:
            skips, flips, draws = self.card_effect(cls)

            def goes_on() -> State:
                if cls == ar.NUMBER and (self.rules.seven_swap or self.rules.zero_rotate):
                    # V-SEVEN-ZERO: an announced 7 or 0 swaps or passes on hands as a real one would
                    return self.seven_zero(done, player, c)
                return self.finish(done, player, skips, flips, draws, 1)

            return ops.branch(
                self.size_of(st, player) == 0,
                lambda: self.go_out(done, player, draws),
                goes_on,
            )

        def of(cls: int) -> Any:
            return ops.sum([c[k] for k in K.OF_CLASS[cls]]) == 1

        return ops.branch(
            of(ar.NUMBER),
            lambda: effect(ar.NUMBER),
            lambda: ops.branch(
                of(ar.SKIP),
                lambda: effect(ar.SKIP),
                lambda: ops.branch(
                    of(ar.REVERSE), lambda: effect(ar.REVERSE), lambda: effect(ar.DRAW_TWO)
                ),
            ),
        )

    def cheat_accept(self, st: State, seat: Any) -> State:
        """engine.apply ``accept`` in phase cheat (effects.cheat_accept)."""
        self.decision(st, seat, CHEAT)
        return self.cheat_effect(st)

    def accuse(self, st: State, seat: Any) -> State:
        """effects.cheat_accuse: the face-down card is turned up. The announced card (an
        honest play): the accuser draws false_accusation_draw, then the play stands (in one
        owed draw with any Draw Two's cards: both are the accuser's, the penalty first).
        Another card: it goes back to its player, who draws caught_cheat_draw; the card
        under it, the announced card and the colour are as before the play, and the turn
        passes to the accuser."""
        ops = self.ops
        self.decision(st, seat, CHEAT)
        false_draw, caught_draw = self.rules.cheat or (0, 0)
        honest = ops.sum(st.announced) == 0
        player = st.pend_from

        def upheld() -> State:
            res = self.cheat_effect(st)
            if not false_draw:
                return res
            return ops.then(
                res,
                lambda x: x.but(owed_seat=seat, owed_count=x.owed_count + false_draw, owed_turn=0),
            )

        def caught() -> State:
            undone = self.to_hand(st, player, st.top, "disc", "back").but(
                top=list(st.under),
                announced=list(st.prior_ann),
                colour=st.prior,
            )
            if caught_draw:
                undone = self.owe(undone, player, caught_draw)
            return self.give_turn(undone, seat)

        return ops.branch(honest, upheld, caught)

    # -- the deal and the first discard (chance inputs before a round) ----------------------
    def deal(self, st: State, dealer: Any, hands: Sequence[Vec]) -> State:
        """setup.deal (DEAL-SEVEN, DRAW-PILE-INIT): every seat's 7 cards ``hands[s]`` come off
        the gathered deck; the rest is the draw pile, whose top card is then turned up
        (:meth:`turn_up`). ``dealer`` is who the deal's chance input names; who deals the
        next round (P-NEXT-DEALER) is not modelled, so every dealer is allowed."""
        ops = self.ops
        ops.require(st.phase == DEAL, "a deal is awaited")
        ops.require(ops.all([dealer >= 0, dealer < self.n]), "a seat deals")
        draw = list(st.draw)
        new_hands = [list(h) for h in st.hands]
        for s, h in enumerate(hands):
            ops.require(ops.all([ops.le(0, x) for x in h]), "cards")
            ops.require(ops.sum(h) == 7, "seven cards (DEAL-SEVEN)")
            for k in range(K.N_KINDS):
                draw[k], new_hands[s][k] = self.ar.move_cards(draw[k], new_hands[s][k], h[k])
        ops.require(ops.all([ops.le(0, x) for x in draw]), "cards of the deck")
        return self.cleared(st, hands=new_hands, draw=draw, phase=STARTER, to_act=-1, dealer=dealer)

    def turn_up(self, st: State, q: Vec, cls: int) -> State:
        """setup.starter_card (FIRST-DISCARD-FLIP, FIRST-CARD-*): the draw pile's top card
        ``q`` (of class ``cls``) is turned up as the starter and takes effect
        (``arithmetic.starter_effect``), or is returned: a Wild Draw Four (FIRST-CARD-WD4), a
        Wild under V-EXT-FIRST-WILD-REDRAW, any special card under V-FIRST-CARD-NO-SPECIAL
        (shuffled back or buried: back in the draw pile; set aside: left in the discard
        pile). A returned starter leaves the next one to be turned up (phase starter)."""
        ops, r, ar = self.ops, self.rules, self.ar
        ops.require(st.phase == STARTER, "a starter is to be turned up")
        ops.require(ops.sum(q) == 1, "one card")
        ops.require(
            ops.all([ops.le(a, b) for a, b in zip(q, st.draw, strict=True)]), "of the draw pile"
        )
        draw, disc = list(st.draw), list(st.disc)
        for k in range(K.N_KINDS):
            draw[k], disc[k] = ar.move_cards(draw[k], disc[k], q[k])
        up = st.but(draw=draw, disc=disc, top=list(q), last=-1, idle=0, announced=[0] * K.N_KINDS)
        procedure = r.special_starter if cls != ar.NUMBER else None
        if procedure == "aside":
            return up.but(top=[0] * K.N_KINDS)
        if procedure or cls == ar.WILD_DRAW_FOUR or (cls == ar.WILD and r.first_wild_redraw):
            return st  # shuffled back or buried: the draw pile holds it again
        first, direction, victim = ar.starter_effect(st.dealer, self.n, cls, ops.ite)
        up = up.but(direction=direction)
        if cls == ar.WILD:
            return self.cleared(up, phase=COLOUR, to_act=first, starter=1, prior=-1, colour=-1)
        up = up.but(colour=ops.weigh(q, K.COLOUR))
        if cls == ar.DRAW_TWO:
            up = self.owe(up, victim, ar.draw_penalty(cls, ops.ite))
        # turns.give_turn: nobody owes a missed turn when a round begins (the invariant)
        return self.cleared(up, to_act=first, phase=TURN, handed=first)

    # -- steps nobody decides ---------------------------------------------------------------
    def can_serve(self, st: State) -> Any:
        """An owed draw can be served: there are cards, a reshuffle can make some, or
        P-PILES-EXHAUSTED forgives what is missing."""
        ops = self.ops
        return ops.all(
            [
                st.owed_count > 0,
                ops.any(
                    [
                        self.rules.piles_policy,
                        st.owed_count <= ops.sum(st.draw),
                        ops.sum(st.disc) > self.kept(st),
                    ]
                ),
            ]
        )

    def serve(self, st: State, w: Vec) -> State:
        """drawing.serve_draws: the owed cards ``w`` come off the draw pile (as many as it
        holds). If it runs out, a reshuffle (RESHUFFLE) is awaited when the discards allow
        one; otherwise the rest is forgiven (P-PILES-EXHAUSTED)."""
        ops = self.ops
        ops.require(self.can_serve(st), "a draw is owed and can be served")
        have = ops.sum(st.draw)
        ops.require(
            ops.all(
                [ops.le(0, x) for x in w] + [ops.le(a, b) for a, b in zip(w, st.draw, strict=True)]
            ),
            "cards of the draw pile",
        )
        ops.require(
            ops.sum(w) == ops.ite(st.owed_count <= have, st.owed_count, have),
            "as many as owed, or all there are",
        )
        rest = st.owed_count - ops.sum(w)
        wait = ops.all([rest > 0, ops.sum(st.disc) > self.kept(st)])
        got = self.draw_cards(st, st.owed_seat, w)

        def served(turn: bool) -> State:
            """A turn draw's cards may then be played (DRAW-THEN-PLAY); cards drawn before a
            reshuffle count as drawn this turn too (V-DRAW-FIXED exactly). (A branch rather
            than a choice per kind: each leaf's card vectors are then plain sums.)"""
            drawn = [a + b for a, b in zip(st.drawn, w, strict=True)] if turn else st.drawn
            fresh = [a + b for a, b in zip(st.fresh, w, strict=True)] if turn else st.fresh
            # done: the draw queued behind this one (V-UNO-OUT-CALL: a victim's) is next
            done = got.queue_moved_up(drawn=drawn, fresh=fresh)
            return ops.branch(
                wait,
                lambda: got.but(owed_count=rest, drawn=drawn, fresh=fresh),
                lambda: self.empty_hand_wins(done),
            )

        return ops.branch(st.owed_turn == 1, lambda: served(True), lambda: served(False))

    def empty_hand_wins(self, st: State) -> State:
        """engine._settle, scoring.empty_hand_wins (ROUND-END): once nothing more is owed, a
        hand left empty in a round that goes on wins it. Only V-UNO-OUT-CALL leaves one: a
        last card laid without the call empties the hand until the penalty is served (or
        passes the empty hand on, a 0 under V-SEVEN-ZERO), and P-PILES-EXHAUSTED may forgive
        the penalty."""
        ops, n = self.ops, self.n
        sizes = self.sizes(st)
        first: Any = n - 1
        for s in range(n - 2, -1, -1):
            first = ops.ite(sizes[s] == 0, s, first)
        live = ops.all([ops.any([st.phase == p for p in PLAYING]), st.phase != CHEAT])
        return ops.branch(
            ops.all([st.owed_count == 0, live, ops.any([x == 0 for x in sizes])]),
            lambda: self.go_out(st, first, 0),
            lambda: st,
        )

    def reshuffle(self, st: State) -> State:
        """drawing.apply_reshuffle (RESHUFFLE): every discard but the top card becomes the
        draw pile (a chance input orders it; the model only counts). While a face-down card
        awaits its verdict (V-CHEAT) the card under it stays too (drawing.kept_discards)."""
        ops = self.ops
        ops.require(st.owed_count > 0, "a draw is owed")
        ops.require(ops.sum(st.draw) == 0, "the draw pile is empty")
        ops.require(ops.sum(st.disc) > self.kept(st), "there is something under the top card")

        def reshuffled(keep: Vec) -> State:
            draw, disc = list(st.draw), list(st.disc)
            for k in range(K.N_KINDS):
                disc[k], draw[k] = self.ar.move_cards(disc[k], draw[k], st.disc[k] - keep[k])
            return st.but(draw=draw, disc=disc)

        if not self.rules.cheat:
            return reshuffled(st.top)
        # (a branch rather than a choice per kind: each leaf's card vectors are plain sums)
        return ops.branch(
            st.phase == CHEAT,
            lambda: reshuffled([t + u for t, u in zip(st.top, st.under, strict=True)]),
            lambda: reshuffled(st.top),
        )

    def stalemate(self, st: State) -> State:
        """scoring.stalemate (P-STALEMATE): the round is void, or the lowest hand wins it."""
        ops = self.ops
        if self.rules.stalemate != "lowest_hand_wins":
            return self.gather(st)
        pts = [self.hand_points(h) for h in st.hands]
        low = pts[0]
        for p in pts[1:]:
            low = ops.ite(p < low, p, low)
        first = self.n - 1
        for s in range(self.n - 2, -1, -1):
            first = ops.ite(pts[s] == low, s, first)
        ties = ops.sum([ops.ite(p == low, 1, 0) for p in pts])
        return ops.branch(
            ties == 1,
            lambda: self.cleared(st, phase=SCORING, winner=first, to_act=-1),
            lambda: self.gather(st),
        )

    def hand_points(self, hand: Vec) -> Any:
        return self.ar.hand_points(dict(enumerate(hand)), dict(enumerate(K.VALUE)))

    def team(self, winner: Any, seat: int, round_no: Any = 1) -> Any:
        """``seat`` is on ``winner``'s team (V-TEAM: partners opposite; under
        V-EXT-PARTNER-ROTATION the partner of round ``round_no``'s block)."""
        if not self.rules.teams:
            return winner == seat
        if self.rules.partner_rotation:
            block = self.ar.rotation_block(round_no, self.ops.ite)
            partner = self.ar.rotating_partner(seat, block, self.ops.ite)
        else:
            partner = self.ar.partner_seat(seat, self.n)
        return self.ops.any([winner == seat, winner == partner])

    def score(self, st: State) -> State:
        """scoring.score_round and decide_match: SCORE-WINNER-TAKES (V-TEAM,
        V-ALT-SCORING-LOSER-500, V-SINGLE-ROUND), then a new deal or the end of the match."""
        ops, r, n = self.ops, self.rules, self.n
        ops.require(st.phase == SCORING, "the round is won")
        ops.require(st.owed_count == 0, "no draw is being served")
        if r.single_round:
            return st.but(phase=OVER, to_act=-1)
        w = st.winner
        pts = [self.hand_points(h) for h in st.hands]
        if r.alt:
            limit, mode = r.alt
            mine = [
                pts[s] + pts[self.ar.partner_seat(s, n)] if r.teams else pts[s] for s in range(n)
            ]
            scores = [ops.ite(self.team(w, s), x, x + mine[s]) for s, x in enumerate(st.scores)]
            if mode == "lowest_wins":
                over = ops.any([x >= limit for x in scores])
            elif r.teams:
                left = [
                    ops.any([scores[s] < limit, scores[s + n // 2] < limit]) for s in range(n // 2)
                ]
                over = ops.sum([ops.ite(x, 1, 0) for x in left]) <= 1
            else:
                over = ops.sum([ops.ite(x < limit, 1, 0) for x in scores]) <= 1
        else:
            team = [self.team(w, s, st.round) for s in range(n)]
            points = ops.sum([ops.ite(team[s], 0, pts[s]) for s in range(n)])
            scores = [ops.ite(team[s], x + points, x) for s, x in enumerate(st.scores)]
            over = ops.any([x >= r.target for x in scores])
            if r.partner_rotation:  # twelve rounds, whatever the scores
                over = st.round >= 12
        scored = st.but(scores=scores)
        return ops.branch(
            over, lambda: scored.but(phase=OVER, to_act=-1), lambda: self.gather(scored)
        )

    def gather(self, st: State) -> State:
        """setup.ask_for_deal after scoring.gather (NEW-ROUND): all 108 cards back in one
        pile, a new deal awaited."""
        zero = [0] * K.N_KINDS
        return self.cleared(
            st,
            hands=[list(zero) for _ in range(self.n)],
            draw=list(K.DECK),
            disc=list(zero),
            top=list(zero),
            colour=-1,
            to_act=-1,
            direction=1,
            phase=DEAL,
            owed_seat=-1,
            owed_count=0,
            owed_turn=0,
            missed=[0] * self.n,
            winner=-1,
            idle=0,
            round=st.round + 1,
            announced=list(zero),
        )
