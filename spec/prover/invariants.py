"""What the proofs prove: invariants of a state, and properties of a step.

The invariants (:func:`invariants`) must hold in every state of a round; the proofs show
each one *inductive*: assumed in a symbolic state, it still holds after any step the guard
allows. The step properties (:func:`step_properties`) say what a step must do, written
from the rule statements, independently of :mod:`unospec.spec.arithmetic` — so they are what an
implementation is checked *against*, not a restatement of it.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

import z3

from unospec.spec import arithmetic as ar
from unospec.spec.prover import kinds as K
from unospec.spec.prover.model import D2_KINDS, Model
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

#: invariant -> what it says (the rows of ``unospec prove``)
INVARIANTS = {
    "card conservation": "for each of the 54 kinds, hands + draw pile + discard pile hold the deck's copies (108 cards)",
    "no negative counts": "no location holds fewer than zero cards of a kind; owed draws, missed turns, scores, idle turns and the effect a group keeps for after a hand swap are never negative",
    "turn order": "exactly one seat is to act and it is in range, direction is ±1, the phase, the owed draw, the top card (under V-CHEAT the card announced for it, and while a face-down card awaits its verdict the card under it and what was announced before) and the current colour are consistent; a hand swap is chosen only after a 7, alone or in a group, and only a group leaves an effect for after it",
    "round end": "a round goes on only while every hand holds a card (V-UNO-OUT-CALL: or while a penalty is owed, after a last card laid without the call), and is won only by a player whose hand is empty (P-STALEMATE with lowest_hand_wins excepted)",
}
#: the fields of :class:`~unospec.spec.prover.rules.Rules` the invariants read
INVARIANT_RULES = ("stalemate_policy", "cheat", "uno_out")
#: step property -> what it says
PROPERTIES = {
    "turn draws": "a turn draw asks the player for one card (V-DRAW-FIXED exactly: n); a player draws on only below the cap and, under V-DRAW-UNTIL-PLAYABLE / -STOP, only while the card drawn last cannot be played; under V-DRAW-UNTIL-PLAYABLE nobody passes while they must draw on or must play the card found",
    "hand swaps": "0-7: a 7 leaves its player to choose a hand, and the swap exchanges exactly that hand and theirs; a 0 moves every hand exactly one seat on in the direction of play; no other card moves a hand; with several cards in one turn, a 7 among them asks for the swap (no 0 among them then moves a hand) and otherwise a 0 among them moves every hand on",
    "card effects": "a number or wild passes the turn on; a Skip passes over exactly one seat; a Reverse flips the direction and with two players acts as a Skip; a draw card's victim is the next seat; several cards add up as V-CUMULATIVE-EFFECT says; after a swap that a group with a 7 asked for, the group's effect takes place",
    "penalty victims": "a penalty's victim owes exactly the penalty and loses the turn exactly when the profile says (draw cards, challenges, UNO penalty, a missed turn owed; V-UNO-OUT-CALL: a last card laid without the call leaves the round going on and its player owing the penalty first)",
    "going out": "a card, or a group of cards, that empties its player's hand ends the round at once (V-UNO-OUT-CALL: when laid with the call)",
    "draws and reshuffles": "a draw moves exactly the owed cards that exist from the draw pile to the drawer; a reshuffle keeps the top card (and under V-CHEAT, while a face-down card awaits its verdict, the card under it)",
    "first turn": "the deal gives every seat 7 cards of the deck and leaves the rest as the draw pile; a number starter gives the first turn to the dealer's left, clockwise; a Skip to the seat after them; a Reverse to the dealer, counter-clockwise; a Draw Two makes the dealer's left draw 2 and lose the turn; a Wild has the dealer's left name the colour, then play; a Wild Draw Four (and under V-EXT-FIRST-WILD-REDRAW a Wild, under V-FIRST-CARD-NO-SPECIAL any special card) is returned and another card turned up",
    "cheat verdicts": "V-CHEAT: a face-down play lays exactly the real card, sets the announced card's colour and asks the next seat for a verdict; an accepted play, or one that survives a false accusation, takes exactly the announced card's effect (the accuser first owes false_accusation_draw); an exposed one gives the card back to its player, who owes caught_cheat_draw, restores the card on top, the announced card and the colour, and passes the turn to the accuser",
    "scoring": "the round winner (and partner) scores exactly the value of the cards left in the other hands (alternative scoring: each other player scores their own hand, or their team's); the match ends exactly at the target",
}


def invariants(
    m: Model, st: State, before: State | None = None, known: Container[int] = ()
) -> dict[str, Any]:
    """The state invariants of ``st`` as formulas (or Python booleans on concrete states).

    With ``before`` (a state whose invariants are assumed), a per-kind conjunct built from
    exactly the same terms as in ``before`` is left out: it is one of the assumptions. So
    is, with ``known`` (the Z3 terms, by address, of the conjuncts of the invariants of ``before``),
    any conjunct of a conjunction here that is the very same term as one of those: the
    facts a step leaves alone (most of "turn order", say) are not asked again. Leaving out
    a conjunct that holds changes no formula's truth where the assumptions hold, and the
    formulas are only ever asked there.
    """
    ops, n, r = m.ops, m.n, m.rules

    def new(xs: list[Any], olds: list[Any] | None) -> bool:
        return olds is None or any(x is not y for x, y in zip(xs, olds, strict=True))

    def column(s: State, k: int) -> list[Any]:
        return [h[k] for h in s.hands] + [s.draw[k], s.disc[k]]

    imp = ops.implies
    if known:

        def a(xs: Sequence[Any]) -> Any:
            return ops.all(
                [x for x in xs if not (isinstance(x, z3.ExprRef) and x.ast.value in known)]
            )

    else:
        a = ops.all
    sizes = m.sizes(st)
    playing = ops.any([st.phase == p for p in PLAYING])
    facing = ops.any([st.phase == CHALLENGE, st.phase == STACK])
    seat = lambda x: a([x >= 0, x < n])  # noqa: E731
    top_n = ops.sum(st.top)
    top_wild = st.top[K.W] + st.top[K.WD4]
    # V-CHEAT: the card to match (the announced card, when it is not the top card)
    match = m.claim(st) if r.cheat else st.top
    extra = (st.announced, st.under, st.prior_ann)
    if not r.cheat:  # nothing is announced or laid face down
        cheat = [st.phase <= STARTER] + [ops.eq(x, 0) for v in extra for x in v]
    else:
        said, said_before = ops.sum(st.announced) > 0, ops.sum(st.prior_ann) > 0
        under_wild = st.under[K.W] + st.under[K.WD4]
        was = [ops.ite(said_before, p, u) for p, u in zip(st.prior_ann, st.under, strict=True)]
        cheat = [
            st.phase <= CHEAT,
            *[a([ops.le(0, x), ops.le(x, 1)]) for v in extra for x in v],
            *[ops.le(ops.sum(v), 1) for v in extra],
            *[ops.eq(v[k], 0) for v in (st.announced, st.prior_ann) for k in (K.W, K.WD4)],
            imp(said, a([top_n == 1, top_wild == 0])),
            imp(
                st.phase == CHEAT,
                a(
                    [
                        seat(st.pend_from),
                        st.to_act == m.ar.next_seat(st.pend_from, st.direction, n),
                        ops.sum(st.under) == 1,
                        top_wild == 0,
                        a(
                            [
                                ops.le(t + u, d)
                                for t, u, d in zip(st.top, st.under, st.disc, strict=True)
                            ]
                        ),
                        st.prior >= 0,
                        st.prior < 4,
                        imp(said_before, under_wild == 0),
                        imp(under_wild == 0, st.prior == ops.weigh(was, K.COLOUR)),
                    ]
                ),
            ),
        ]
    conservation = a(
        [
            ops.eq(ops.sum(column(st, k)), K.DECK[k])
            for k in range(K.N_KINDS)
            if new(column(st, k), before and column(before, k))
        ]
    )

    def counts(s: State) -> list[Any]:
        return (
            [x for h in s.hands for x in h]
            + [*s.draw, *s.disc, *s.drawn, *s.missed, *s.scores]
            + [s.owed_count, s.idle, s.pend_total, s.carry, s.queued_count]
            + [s.group_sevens, s.swap_skips, s.swap_flips, s.swap_draws]
        )

    # a turn draw (DRAW-ONE, or the draw variants: how many cards, and when a player may draw
    # on, is what the step property "turn draws" says): the cards that may be played after
    # it are cards drawn this turn. Nothing here reads the rules, so that proofs are shared.
    drawing = [
        imp(st.phase != DRAWN, a([ops.eq(x, 0) for x in st.drawn + st.fresh])),
        a([ops.le(0, x) for x in st.fresh]),
        a([ops.le(x, y) for x, y in zip(st.fresh, st.drawn, strict=True)]),
    ]
    old = counts(before) if before else [None] * len(counts(st))
    nonneg = a(
        [ops.le(0, x) for x, y in zip(counts(st), old, strict=True) if x is not y]
        + [
            a([ops.le(0, x), ops.le(x, 1)])
            for x, y in zip(st.top, before.top if before else st.top, strict=True)
            if x is not y or before is None
        ]
    )
    turn = a(
        [
            st.phase >= 0,
            ops.any([st.direction == 1, st.direction == -1]),
            imp(playing, seat(st.to_act)),
            imp(ops.not_(playing), st.to_act == -1),
            imp(st.owed_count > 0, seat(st.owed_seat)),
            imp(st.owed_count == 0, a([st.owed_seat == -1, st.owed_turn == 0])),
            ops.any([st.owed_turn == 0, st.owed_turn == 1]),
            imp(
                st.owed_turn == 1,
                a([st.phase == DRAWN, st.owed_seat == st.to_act, st.owed_count >= 1]),
            ),
            # a second owed draw waits only behind a penalty, on a turn (V-UNO-OUT-CALL: a card
            # laid last without the call made its victim draw and lose the turn)
            imp(st.queued_count == 0, st.queued_seat == -1),
            imp(
                st.queued_count > 0,
                a(
                    [
                        seat(st.queued_seat),
                        st.queued_seat != st.owed_seat,
                        st.owed_count > 0,
                        st.owed_turn == 0,
                        st.phase == TURN,
                    ]
                ),
            ),
            *drawing,
            imp(
                facing,
                a(
                    [
                        seat(st.pend_from),
                        imp(st.final == 0, seat(st.pend_next)),
                        st.pend_from != st.to_act,
                        st.pend_total >= 2,
                        imp(st.top[K.WD4] == 1, st.pend_total >= 4),
                        # (V-CHEAT: a Draw Two announced for a face-down card)
                        match[K.WD4] + ops.sum([match[k] for k in D2_KINDS]) == 1,
                    ]
                ),
            ),
            imp(st.phase == CHALLENGE, st.top[K.WD4] == 1),
            # P-LAST-WD4-NO-CHALLENGE: a futile challenge of the Wild Draw Four that ended
            # the round (its player's hand is empty: it can only fail)
            ops.any([st.final == 0, st.final == 1]),
            imp(
                st.final == 1,
                a(
                    [
                        st.phase == CHALLENGE,
                        st.wd4_legal == 1,
                        imp(st.owed_count > 0, st.owed_seat != st.pend_from),
                    ]
                ),
            ),
            imp(
                st.phase == COLOUR,
                a(
                    [
                        top_wild == 1,
                        st.prior >= -1,
                        st.prior < 4,
                        ops.any([st.starter == 0, st.starter == 1]),
                        imp(st.starter == 1, a([st.top[K.W] == 1, st.carry == 0])),
                        imp(st.carry > 0, st.top[K.WD4] == 1),
                    ]
                ),
            ),
            ops.any([st.wd4_legal == 0, st.wd4_legal == 1]),
            imp(
                ops.any([playing, st.phase == SCORING]),
                a(
                    [
                        top_n == 1,
                        a([ops.le(t, d) for t, d in zip(st.top, st.disc, strict=True)]),
                        st.colour >= -1,
                        st.colour < 4,
                        imp(
                            ops.not_(a([st.phase == COLOUR, st.starter == 1])),
                            st.colour >= 0,
                        ),
                        imp(top_wild == 0, st.colour == ops.weigh(match, K.COLOUR)),
                    ]
                ),
            ),
            *cheat,
            imp(playing, st.idle < n) if r.stalemate_policy else True,
            st.round >= 1,
            imp(st.phase == SCORING, seat(st.winner)),
            # V-SEVEN-ZERO: a hand swap is chosen only right after a 7, or after a group of
            # cards with a 7 among them (no step of another profile enters the phase; the
            # invariant does not read the rules, so that every other step's proof is shared
            # with the profiles without 0-7) (V-CHEAT: after a 7 announced for a face-down
            # card). Only a group leaves an effect to take after the swap; a draw in it is
            # at least a Draw Two's, and a Wild Draw Four's if one is on top.
            imp(st.phase == SWAP, ops.any([ops.weigh(match, K.SEVEN) == 1, st.group_sevens >= 1])),
            imp(st.phase != SWAP, st.group_sevens == 0),
            imp(
                st.group_sevens == 0,
                a([st.swap_skips == 0, st.swap_flips == 0, st.swap_draws == 0]),
            ),
            imp(st.swap_draws > 0, st.swap_draws >= 2),
            imp(a([st.phase == SWAP, st.top[K.WD4] == 1]), st.swap_draws >= 4),
            # V-JUMP-IN: who laid the top card, if the next turn has not begun
            imp(playing, a([st.last >= -1, st.last < n])),
            imp(
                ops.any([st.phase == DEAL, st.phase == OVER, st.phase == STARTER]),
                st.owed_count == 0,
            ),
            imp(st.phase == STARTER, seat(st.dealer)),
            imp(
                a([st.phase == SCORING, st.owed_count > 0]),
                st.owed_seat != st.winner,
            ),
        ]
    )
    # a penalty is owed (not a turn draw) outside a face-down card's verdict, a turn draw's
    # choices and a starter Wild's colour: where a last card laid without the UNO-out call
    # leaves its player (V-UNO-OUT-CALL)
    penalty_owed = (
        a(
            [
                st.owed_count > 0,
                st.owed_turn == 0,
                st.phase != CHEAT,
                st.phase != DRAWN,
                st.starter == 0,
            ]
        )
        if r.uno_out
        else False
    )
    round_end = a(
        [
            # (V-CHEAT: a face-down last card awaits its verdict; V-UNO-OUT-CALL: a last card
            # laid without the call leaves a hand empty while its penalty is owed)
            imp(
                a([playing, st.final == 0]),
                a(
                    [
                        ops.any(
                            [a([st.phase == CHEAT, st.pend_from == i]), penalty_owed, x >= 1]
                            if r.cheat
                            else [penalty_owed, x >= 1]
                        )
                        for i, x in enumerate(sizes)
                    ]
                ),
            ),
            imp(
                st.final == 1,
                a(
                    [ops.pick(sizes, st.pend_from) == 0]
                    + [ops.any([st.pend_from == i, x >= 1]) for i, x in enumerate(sizes)]
                ),
            ),
            imp(
                st.phase == SCORING,
                ops.any([ops.pick(sizes, st.winner) == 0, st.idle >= n]),
            ),
            imp(
                st.phase == DEAL,
                a([ops.eq(x, 0) for h in st.hands for x in h] + [ops.eq(x, 0) for x in st.disc]),
            ),
            imp(ops.any([st.phase == DEAL, st.phase == STARTER]), a([x == 0 for x in st.missed])),
            # the hands are dealt and no starter has taken effect yet: every hand holds cards,
            # and the draw pile a number card (so a starter can always be turned up, also when
            # V-FIRST-CARD-NO-SPECIAL sets special ones aside)
            imp(
                st.phase == STARTER,
                a(
                    [x >= 1 for x in sizes]
                    + [ops.sum([st.draw[k] for k in K.OF_CLASS[ar.NUMBER]]) >= 1]
                ),
            ),
        ]
    )
    return {
        "card conservation": conservation,
        "no negative counts": nonneg,
        "turn order": turn,
        "round end": round_end,
    }


# -- step properties --------------------------------------------------------------------------


def mod(x: Any, n: int) -> Any:
    return x % n


def plus(x: Any, y: Any) -> Any:
    """``x + y``, without a term for adding a plain 0 (per-kind sums are long lists)."""
    return x if isinstance(y, int) and y == 0 else x + y


def minus(x: Any, y: Any) -> Any:
    return x if isinstance(y, int) and y == 0 else x - y


def step_properties(
    m: Model, action: str, pre: State, params: dict[str, Any], post: State
) -> dict[str, Any]:
    """What step ``action`` (a name of :data:`unospec.spec.prover.proofs.ACTIONS`) must do.

    ``params`` holds the step's parameters (``seat``, ``card``, ``cls``, ``target``,
    ``colour``, ``drawn``, ``group``, ``last``). Only the properties that concern the
    step are returned.
    """
    ops, n, r = m.ops, m.n, m.rules
    a, imp, anyof, eq = ops.all, ops.implies, ops.any, ops.eq
    out: dict[str, Any] = {}
    s, d = params.get("seat"), pre.direction
    head = post
    if params.get("uncalled"):
        # V-UNO-OUT-CALL: the last card laid without the call puts its player's penalty at the
        # head of the owed draws; the card's effect is judged on what it owes behind it
        post = post.queue_moved_up()
    # the step ended the round (or its closing Wild Draw Four awaits a futile challenge)
    gone = anyof([post.phase == SCORING, post.final == 1])

    def futile_offer(s: Any, total: Any) -> Any:
        """P-LAST-WD4-NO-CHALLENGE with allow_futile_challenge: the next seat may challenge
        the Wild Draw Four that ended the round before drawing its cards."""
        if not (r.futile and r.wd4_challenge) or r.single_round:
            return False
        return a(
            [
                post.phase == CHALLENGE,
                post.final == 1,
                post.to_act == mod(s + d, n),
                post.pend_from == s,
                post.pend_total == total,
                none_owed,
            ]
        )

    none_owed = post.owed_count == 0

    def victim_faces(victim: Any, total: Any, after: Any) -> Any:
        """The victim now faces the draw (stack / challenge), or drew it and lost the turn."""
        faces = a([post.to_act == victim, post.pend_total == total, post.pend_next == after])
        suffers = a([post.owed_seat == victim, post.owed_count == total, post.handed == after])
        return a(
            [
                imp(post.phase == STACK, a([len(r.stackable) > 0, faces])),
                imp(post.phase == CHALLENGE, a([r.wd4_challenge, post.top[K.WD4] == 1, faces])),
                imp(post.phase == TURN, suffers),
                anyof([post.phase == STACK, post.phase == CHALLENGE, post.phase == TURN]),
            ]
        )

    def single_card(s: Any = s, d: Any = d) -> None:
        cls = params["cls"]
        if cls in (ar.WILD, ar.WILD_DRAW_FOUR):
            ok = a([post.phase == COLOUR, post.to_act == s, post.direction == d, none_owed])
        elif cls == ar.NUMBER:
            ok = a([post.handed == mod(s + d, n), post.direction == d, none_owed])
            if r.seven_swap or r.zero_rotate:
                ok = seven_zero(s, d, ok)
        elif cls == ar.SKIP:
            ok = a([post.handed == mod(s + 2 * d, n), post.direction == d, none_owed])
        elif cls == ar.REVERSE:
            back = s if n == 2 else mod(s - d, n)  # REVERSE-TWO-PLAYER: a Skip
            ok = a([post.direction == -d, post.handed == back, none_owed])
        else:
            ok = a([post.direction == d, victim_faces(mod(s + d, n), 2, mod(s + 2 * d, n))])
        out["card effects"] = imp(ops.not_(gone), ok)
        # LAST-CARD-DRAW: a closing draw card's cards go to the next seat first
        draws = {ar.DRAW_TWO: 2, ar.WILD_DRAW_FOUR: 4}.get(cls, 0)
        last = (
            a([post.owed_count == 0])
            if r.single_round or not draws
            else a([post.owed_seat == mod(s + d, n), post.owed_count == draws])
        )
        won = a([post.phase == SCORING, post.winner == s, last])
        if cls == ar.WILD_DRAW_FOUR:
            won = anyof([won, futile_offer(s, 4)])
        out["penalty victims"] = imp(gone, won)

    def same_hands(q: Any, s: Any, shift: Any = 0) -> Any:
        """Every hand as before, less the card ``q`` laid by ``s``, moved ``shift`` seats on."""
        return a(
            [
                eq(
                    post.hands[mod(t + shift, n)][k],
                    minus(pre.hands[t][k], ops.ite(t == s, q[k], 0)),
                )
                for t in range(n)
                for k in range(K.N_KINDS)
            ]
        )

    def seven_zero(s: Any, d: Any, plain: Any) -> Any:
        """V-SEVEN-ZERO: after a 7 its player is to choose a hand to swap with; after a 0
        every hand has moved one seat on in the direction of play; the turn passes on."""
        q = params["card"]
        face = ops.weigh(q, K.FACE)
        seven = face == 7 if r.seven_swap else False
        zero = face == 0 if r.zero_rotate else False
        swapping = a([post.phase == SWAP, post.to_act == s, post.direction == d, none_owed])
        rotated = a([imp(d == w, same_hands(q, s, w)) for w in (1, -1)])
        unmoved = same_hands(q, s)
        out["hand swaps"] = imp(
            ops.not_(gone),
            a([imp(zero, rotated), imp(ops.not_(zero), unmoved)]),
        )
        return a([imp(seven, swapping), imp(ops.not_(seven), plain)])

    def swap() -> None:
        t = params["target"]
        out["hand swaps"] = a(
            [
                imp(
                    t == u,
                    a(
                        [eq(post.hands[s][k], pre.hands[u][k]) for k in range(K.N_KINDS)]
                        + [eq(post.hands[u][k], pre.hands[s][k]) for k in range(K.N_KINDS)]
                    ),
                )
                for u in range(n)
                if u != s
            ]
            + [
                imp(t != u, a([eq(post.hands[u][k], pre.hands[u][k]) for k in range(K.N_KINDS)]))
                for u in range(n)
                if u != s
            ]
        )
        if not r.multi:  # a single 7: the turn passes on as after any number card
            out["card effects"] = a(
                [post.handed == mod(s + d, n), post.direction == d, post.phase == TURN, none_owed]
            )
            return
        # after a group with a 7 (several cards in one turn): the group's effect, which the
        # state kept (a single 7 kept none)
        draws = pre.swap_draws
        out["card effects"] = a(
            [
                passes_after(pre.swap_skips, pre.swap_flips, draws),
                imp(draws == 0, post.phase == TURN),
            ]
        )

    def jump_in() -> None:
        """V-JUMP-IN: play goes on from the jumper, as if the card were laid on their turn;
        a covered Reverse's flip is undone first."""
        d0 = -d if params["cls"] == ar.REVERSE else d
        single_card(s, d0)
        out["card effects"] = a([out["card effects"], post.last == s])

    def last_drawn_plays() -> Any:
        """The card drawn last this turn may be played now."""
        return anyof(
            [
                a([pre.fresh[k] >= 1, m.may_play(pre, s, k, after_draw=True)])
                for k in range(K.N_KINDS)
            ]
        )

    def can_draw() -> Any:
        return anyof([ops.sum(pre.draw) > 0, ops.sum(pre.disc) > 1])

    def turn_draw() -> None:
        mode, cap = r.draw_mode, r.draw_n
        so_far = ops.sum(pre.drawn)
        asks = a(
            [
                post.phase == DRAWN,
                post.owed_seat == s,
                post.owed_turn == 1,
                post.owed_count == (cap if mode == "exactly" else 1),
            ]
        )
        if mode in ("until_playable", "until_stop", "at_most"):
            kept = a([post.drawn[k] == pre.drawn[k] for k in range(K.N_KINDS)])
            on = [so_far < cap] if cap else []
            if mode != "at_most":
                on.append(ops.not_(last_drawn_plays()))
            again = a([kept, *on])
            fresh = a([post.drawn[k] == 0 for k in range(K.N_KINDS)])
            ok = a([asks, imp(pre.phase == DRAWN, again), imp(pre.phase == TURN, fresh)])
        else:
            ok = a([asks, pre.phase == TURN, ops.sum(post.drawn) == 0])
        out["turn draws"] = ok

    def pass_after_draw() -> None:
        if r.draw_mode != "until_playable":
            return
        under = ops.sum(pre.drawn) < r.draw_n if r.draw_n else True
        found = last_drawn_plays()
        must_draw = a([can_draw(), under, ops.not_(found)])
        out["turn draws"] = ops.not_(anyof([must_draw, a([r.must_play_found, found])]))

    def colour() -> None:
        named = post.colour == params["colour"]
        wild = a([post.handed == mod(s + d, n), none_owed])
        wd4 = victim_faces(mod(s + d, n), 4 + pre.carry, mod(s + 2 * d, n))
        starter = a([post.handed == s, post.phase == TURN, none_owed])
        out["card effects"] = a(
            [
                named,
                post.direction == d,
                imp(pre.starter == 1, starter),
                imp(a([pre.starter == 0, pre.top[K.W] == 1]), wild),
            ]
        )
        out["penalty victims"] = imp(a([pre.starter == 0, pre.top[K.WD4] == 1]), wd4)

    def accept() -> None:
        suffers = a(
            [post.owed_seat == s, post.owed_count == pre.pend_total, post.handed == pre.pend_next]
        )
        out["penalty victims"] = a([imp(pre.final == 0, suffers), imp(pre.final == 1, final())])

    def final(extra: int = 0) -> Any:
        """After a futile challenge was offered: the victim draws (2 more when they
        challenged, which always fails) and the round is scored."""
        return a(
            [
                post.phase == SCORING,
                post.winner == pre.pend_from,
                post.owed_seat == s,
                post.owed_count == pre.pend_total + extra,
            ]
        )

    def challenge() -> None:
        guilty = pre.wd4_legal == 0
        culprit = a(
            [
                post.owed_seat == pre.pend_from,
                post.owed_count == pre.pend_total,
                post.handed == (pre.pend_next if r.guilty_skipped else s),
            ]
        )
        innocent = a(
            [
                post.owed_seat == s,
                post.owed_count == pre.pend_total + 2,
                post.handed == pre.pend_next,
            ]
        )
        out["penalty victims"] = a(
            [
                imp(a([pre.final == 0, guilty]), culprit),
                imp(a([pre.final == 0, ops.not_(guilty)]), innocent),
                imp(pre.final == 1, final(2)),
            ]
        )

    def catch() -> None:
        t = params["target"]
        out["penalty victims"] = a(
            [
                post.owed_seat == t,
                post.owed_count == r.uno_penalty,
                post.to_act == pre.to_act,
                post.phase == pre.phase,
            ]
            + [
                post.missed[i] == pre.missed[i] + (ops.ite(t == i, 1, 0) if r.lose_turn else 0)
                for i in range(n)
            ]
        )

    def end_turn() -> None:
        pass_after_draw()
        stuck = a([ops.sum(pre.drawn) == 0, ops.sum(pre.draw) == 0, ops.sum(pre.disc) <= 1])
        on = a([post.handed == mod(s + d, n), post.phase == TURN])
        out["card effects"] = a(
            [
                imp(ops.not_(stuck), a([on, post.idle == 0])),
                imp(
                    stuck,
                    anyof(
                        [
                            a([on, post.idle == pre.idle + 1]),
                            a(
                                [
                                    pre.idle + 1 >= n,
                                    anyof([post.phase == DEAL, post.phase == SCORING]),
                                ]
                            ),
                        ]
                    ),
                ),
            ]
        )

    def stack() -> None:
        cls = params["cls"]
        total = pre.pend_total + (4 if cls == ar.WILD_DRAW_FOUR else 2)
        if cls == ar.WILD_DRAW_FOUR:
            ok = a([post.phase == COLOUR, post.to_act == s, post.carry == pre.pend_total])
        else:
            ok = victim_faces(mod(s + d, n), total, mod(s + 2 * d, n))
        out["penalty victims"] = a(
            [
                imp(ops.not_(gone), ok),
                imp(
                    gone,
                    anyof(
                        [
                            a(
                                [post.phase == SCORING, post.winner == s]
                                + (
                                    []
                                    if r.single_round
                                    else [post.owed_seat == mod(s + d, n), post.owed_count == total]
                                )
                            ),
                            futile_offer(s, total) if cls == ar.WILD_DRAW_FOUR else False,
                        ]
                    ),
                ),
            ]
        )

    def passes_after(skips: Any, flips: Any, draws: Any) -> Any:
        """The turn passes from ``s`` after ``skips`` Skips, ``flips`` Reverses and
        ``draws`` cards to draw (V-CUMULATIVE-EFFECT: the victim, if any, and then one seat
        per Skip lose their turn, never more than everyone else; with two players a
        Reverse is a Skip too)."""
        dir2 = ops.ite(flips % 2 == 1, -d, d)
        passed = skips + ops.ite(draws > 0, 1, 0) + (flips if n == 2 else 0)
        passed = ops.ite(passed > n - 1, n - 1, passed)
        after = mod(s + dir2 * (1 + passed), n)
        victim = mod(s + dir2, n)
        return a(
            [
                post.direction == dir2,
                imp(draws == 0, a([post.handed == after, none_owed])),
                imp(draws > 0, victim_faces(victim, draws, after)),
            ]
        )

    def group() -> None:
        g, last = params["group"], params["last"]
        cnt = lambda vec, c: ops.sum([vec[k] for k in K.OF_CLASS[c]])  # noqa: E731
        cum = r.cumulative
        if cum:
            single_flip, draw_sum = cum
            skips, revs = cnt(g, ar.SKIP), cnt(g, ar.REVERSE)
            flips = ops.ite(revs > 0, 1, 0) if single_flip else revs
            total = 2 * cnt(g, ar.DRAW_TWO) + 4 * g[K.WD4]
            last_draw = 2 * cnt(last, ar.DRAW_TWO) + 4 * last[K.WD4]
            draws = total if draw_sum else last_draw
        else:
            skips, flips = cnt(last, ar.SKIP), cnt(last, ar.REVERSE)
            draws = 2 * cnt(last, ar.DRAW_TWO) + 4 * last[K.WD4]
        ok = passes_after(skips, flips, draws)
        if r.seven_swap or r.zero_rotate:
            ok = group_seven_zero(g, skips, flips, draws, ok)
        out["card effects"] = imp(ops.not_(gone), ok)

    def group_seven_zero(g: Any, skips: Any, flips: Any, draws: Any, effect: Any) -> Any:
        """V-SEVEN-ZERO with several cards in one turn: a 7 anywhere in the group leaves
        its player to choose a hand, the group's effect still to come (no hand moves yet,
        not even for a 0 in the group); with no 7, a 0 anywhere in it moves every hand one
        seat on in the direction of play before the group's Reverses, then the effect."""
        faces = lambda f: ops.sum(  # noqa: E731
            [g[k] for k in K.OF_CLASS[ar.NUMBER] if K.FACE[k] == f]
        )
        seven = faces(7) >= 1 if r.seven_swap else False
        zero = a([faces(0) >= 1, ops.not_(seven)]) if r.zero_rotate else False
        waits = a(
            [
                post.phase == SWAP,
                post.to_act == s,
                post.direction == d,
                none_owed,
                post.swap_skips == skips,
                post.swap_flips == flips,
                post.swap_draws == draws,
            ]
        )
        rotated = a([imp(d == w, same_hands(g, s, w)) for w in (1, -1)])
        out["hand swaps"] = imp(
            ops.not_(gone),
            a([imp(zero, rotated), imp(ops.not_(zero), same_hands(g, s))]),
        )
        return a([imp(seven, waits), imp(ops.not_(seven), effect)])

    def serve() -> None:
        w, seat = params["drawn"], pre.owed_seat
        got = ops.sum(w)
        want = ops.ite(pre.owed_count <= ops.sum(pre.draw), pre.owed_count, ops.sum(pre.draw))
        before, after = m.sizes(pre), m.sizes(post)
        # the rest waits for a reshuffle, or the draw queued behind (V-UNO-OUT-CALL) is next
        waits = a(
            [
                post.owed_seat == pre.owed_seat,
                post.owed_count == pre.owed_count - got,
                ops.sum(pre.disc) > 1,
                post.queued_count == pre.queued_count,
            ]
        )
        queued_next = a(
            [
                post.owed_seat == pre.queued_seat,
                post.owed_count == pre.queued_count,
                post.queued_count == 0,
            ]
        )
        out["draws and reshuffles"] = a(
            [got == want]
            + [after[i] == before[i] + ops.ite(seat == i, got, 0) for i in range(n)]
            + [post.draw[k] == pre.draw[k] - w[k] for k in range(K.N_KINDS)]
            + [anyof([waits, queued_next])]
        )

    def reshuffle() -> None:
        # V-CHEAT: while a face-down card awaits its verdict, the card under it stays too
        under = (
            [ops.ite(pre.phase == CHEAT, u, 0) for u in pre.under] if r.cheat else [0] * K.N_KINDS
        )
        out["draws and reshuffles"] = a(
            [
                a([post.disc[k] == pre.top[k] + under[k], post.top[k] == pre.top[k]])
                for k in range(K.N_KINDS)
            ]
            + [
                ops.sum(post.draw) == ops.sum(pre.disc) - 1 - ops.sum(under),
                post.colour == pre.colour,
            ]
        )

    def cheat_play() -> None:
        q, c = params["card"], params["claim"]
        said = ops.sum(post.announced) > 0
        out["cheat verdicts"] = a(
            [
                post.phase == CHEAT,
                post.to_act == mod(s + d, n),
                post.pend_from == s,
                post.direction == d,
                none_owed,
                post.colour == ops.weigh(c, K.COLOUR),
            ]
            + [post.top[k] == q[k] for k in range(K.N_KINDS)]
            + [post.hands[s][k] == pre.hands[s][k] - q[k] for k in range(K.N_KINDS)]
            + [post.disc[k] == pre.disc[k] + q[k] for k in range(K.N_KINDS)]
            # what is to be matched next is the announced card
            + [ops.ite(said, post.announced[k], post.top[k]) == c[k] for k in range(K.N_KINDS)]
        )

    def upheld(penalty: int) -> Any:
        """The face-down play stands: the announced card's effect, from its player; the
        accuser (the next seat) first owes ``penalty`` cards. The announced card is one
        coloured card; the effect is stated for each class it may be of."""
        p = pre.pend_from
        said = ops.sum(pre.announced) > 0
        claim = [ops.ite(said, x, t) for x, t in zip(pre.announced, pre.top, strict=True)]
        cnt = lambda cl: ops.sum([claim[k] for k in K.OF_CLASS[cl]])  # noqa: E731
        coloured = (ar.NUMBER, ar.SKIP, ar.REVERSE, ar.DRAW_TWO)
        back = p if n == 2 else mod(p - d, n)  # REVERSE-TWO-PLAYER: a Skip
        # V-SEVEN-ZERO: an announced 7 leaves its player to choose a hand, an announced 0
        # passes every hand one seat on in the direction of play
        # (the face of the one card announced: a Skip, Reverse or Draw Two has none below 10)
        face = ops.weigh(claim, K.FACE)
        seven = face == 7 if r.seven_swap else False
        zero = face == 0 if r.zero_rotate else False
        size = ops.pick(m.sizes(pre), p)

        def owing(count: int) -> Any:
            if count > 0:
                return a([post.owed_seat == s, post.owed_count == count])
            return none_owed

        def takes(cl: int) -> Any:
            """The effect of an announced card of class ``cl``."""
            skip, rev, d2 = int(cl == ar.SKIP), int(cl == ar.REVERSE), int(cl == ar.DRAW_TWO)
            owes = owing(penalty + 2 * d2)
            if rev:
                handed = post.handed == back
            else:
                handed = post.handed == mod(p + (2 if skip + d2 else 1) * d, n)
            goes_on = a([post.direction == (-d if rev else d), handed, owes, post.phase == TURN])
            if r.seven_swap and cl == ar.NUMBER:
                swapping = a([post.phase == SWAP, post.to_act == p, post.direction == d, owes])
                goes_on = ops.ite(seven, swapping, goes_on)
            # V-STACK-DRAW: the victim of an announced Draw Two may answer it
            if r.stackable and d2:
                stacked = a(
                    [
                        post.phase == STACK,
                        post.to_act == mod(p + d, n),
                        post.pend_from == p,
                        post.pend_total == 2,
                        post.pend_next == mod(p + 2 * d, n),
                        post.direction == d,
                        owing(penalty),
                    ]
                )
                goes_on = anyof([goes_on, stacked])
            closing = penalty + (0 if r.single_round else 2 * d2)
            won = a([post.phase == SCORING, post.winner == p, owing(closing)])
            return a([imp(size > 0, goes_on), imp(size == 0, won)])

        same = a(
            [eq(post.hands[i][k], pre.hands[i][k]) for i in range(n) for k in range(K.N_KINDS)]
        )
        if r.zero_rotate:
            rotated = a(
                [
                    imp(
                        d == w,
                        a(
                            [
                                eq(post.hands[(i + w) % n][k], pre.hands[i][k])
                                for i in range(n)
                                for k in range(K.N_KINDS)
                            ]
                        ),
                    )
                    for w in (1, -1)
                ]
            )
            moved = ops.ite(a([zero, size > 0]), rotated, same)
        else:
            moved = same
        return a(
            [
                ops.sum([cnt(cl) for cl in coloured]) == 1,
                *[imp(cnt(cl) == 1, takes(cl)) for cl in coloured],
                post.colour == pre.colour,
                moved,
                *[post.top[k] == pre.top[k] for k in range(K.N_KINDS)],
            ]
        )

    def cheat_accept() -> None:
        out["cheat verdicts"] = upheld(0)

    def accuse() -> None:
        false_draw, caught_draw = r.cheat or (0, 0)
        p = pre.pend_from
        honest = ops.sum(pre.announced) == 0
        caught = a(
            [
                post.phase == TURN,
                post.handed == s,
                post.colour == pre.prior,
                ops.eq(post.owed_seat, p) if caught_draw else none_owed,
                post.owed_count == caught_draw,
            ]
            + [eq(post.top[k], pre.under[k]) for k in range(K.N_KINDS)]
            + [eq(post.announced[k], pre.prior_ann[k]) for k in range(K.N_KINDS)]
            + [eq(post.disc[k], minus(pre.disc[k], pre.top[k])) for k in range(K.N_KINDS)]
            + [
                eq(post.hands[i][k], plus(pre.hands[i][k], ops.ite(p == i, pre.top[k], 0)))
                for i in range(n)
                for k in range(K.N_KINDS)
            ]
        )
        out["cheat verdicts"] = a([imp(honest, upheld(false_draw)), imp(ops.not_(honest), caught)])

    def score() -> None:
        w = pre.winner
        team = lambda i: m.team(w, i)  # noqa: E731
        if r.partner_rotation:
            # V-EXT-PARTNER-ROTATION: rounds 1-4 pair seats 0-2 and 1-3, rounds 5-8 pair
            # 0-1 and 2-3, rounds 9-12 pair 0-3 and 1-2. A void round (P-STALEMATE) counts
            # as a round, so after a void twelfth the thirteenth keeps the last pairs (Z3
            # found that round; the engine plays it).
            blocks = [
                (1, 4, ((0, 2), (1, 3))),
                (5, 8, ((0, 1), (2, 3))),
                (9, None, ((0, 3), (1, 2))),
            ]

            def team(i: int) -> Any:
                paired = [
                    a([pre.round >= lo, hi is None or pre.round <= hi, w == (y if x == i else x)])
                    for lo, hi, pairs in blocks
                    for x, y in pairs
                    if i in (x, y)
                ]
                return anyof([w == i, *paired])

        value = lambda vec: ops.weigh(vec, K.VALUE)  # noqa: E731
        # the cards left outside the winner's team: the deck less the piles and the team's hands
        outside = ops.sum(
            [
                (
                    K.DECK[k]
                    - pre.draw[k]
                    - pre.disc[k]
                    - ops.sum([ops.ite(team(i), pre.hands[i][k], 0) for i in range(n)])
                )
                * K.VALUE[k]
                for k in range(K.N_KINDS)
                if K.VALUE[k]
            ]
        )
        delta = [post.scores[i] - pre.scores[i] for i in range(n)]
        if r.single_round:
            ok = a([x == 0 for x in delta] + [post.phase == OVER])
        elif r.alt:
            own = [
                value(pre.hands[i]) + (value(pre.hands[ar.partner_seat(i, n)]) if r.teams else 0)
                for i in range(n)
            ]
            ok = a(
                [imp(team(i), delta[i] == 0) for i in range(n)]
                + [imp(ops.not_(team(i)), delta[i] == own[i]) for i in range(n)]
                + [ops.sum(delta) == (2 if r.teams else 1) * outside]
            )
        else:
            ok = a(
                [imp(team(i), delta[i] == outside) for i in range(n)]
                + [imp(ops.not_(team(i)), delta[i] == 0) for i in range(n)]
                + [
                    (post.phase == OVER)
                    == (
                        pre.round >= 12
                        if r.partner_rotation
                        else anyof([x >= r.target for x in post.scores])
                    )
                ]
            )
        out["scoring"] = ok

    def deal() -> None:
        dealt = [ops.sum(h) for h in params["hands"]]
        out["first turn"] = a(
            [x == 7 for x in dealt]
            + [b == ops.sum(h) for b, h in zip(m.sizes(post), params["hands"], strict=True)]
            + [ops.sum(post.draw) == sum(K.DECK) - 7 * n, ops.sum(post.disc) == 0]
            + [post.phase == STARTER, post.dealer == params["dealer"], none_owed]
        )

    def starter() -> None:
        cls, q, dl = params["cls"], params["card"], pre.dealer
        procedure = r.special_starter if cls != ar.NUMBER else None
        returned = (
            procedure is not None
            or cls == ar.WILD_DRAW_FOUR
            or (cls == ar.WILD and r.first_wild_redraw)
        )
        hands_kept = a(
            [eq(post.hands[i][k], pre.hands[i][k]) for i in range(n) for k in range(K.N_KINDS)]
        )
        if returned:
            aside = procedure == "aside"
            pile = [post.draw[k] == pre.draw[k] - (q[k] if aside else 0) for k in range(K.N_KINDS)]
            ok = a([post.phase == STARTER, post.dealer == dl, none_owed, hands_kept, *pile])
        else:
            left = mod(dl + 1, n)
            up = a([post.top[k] == q[k] for k in range(K.N_KINDS)])
            if cls == ar.WILD:
                ok = a([post.phase == COLOUR, post.to_act == left, post.starter == 1, none_owed])
            elif cls == ar.NUMBER:
                ok = a([post.handed == left, post.direction == 1, none_owed])
            elif cls == ar.SKIP:
                ok = a([post.handed == mod(dl + 2, n), post.direction == 1, none_owed])
            elif cls == ar.REVERSE:
                ok = a([post.handed == dl, post.direction == -1, none_owed])
            else:
                ok = a(
                    [
                        post.owed_seat == left,
                        post.owed_count == 2,
                        post.handed == mod(dl + 2, n),
                        post.direction == 1,
                    ]
                )
            ok = a([ok, up, hands_kept, post.direction == ops.ite(cls == ar.REVERSE, -1, 1)])
        out["first turn"] = ok

    builders = {
        "play": single_card,
        "swap": swap,
        "jump": jump_in,
        "draw": turn_draw,
        "colour": colour,
        "accept": accept,
        "cheat": cheat_play,
        "verdict": cheat_accept,
        "accuse": accuse,
        "challenge": challenge,
        "catch": catch,
        "pass": end_turn,
        "stack": stack,
        "group": group,
        "serve": serve,
        "reshuffle": reshuffle,
        "score": score,
        "deal": deal,
        "starter": starter,
    }
    family = action.split(" ")[0]
    if family in builders:
        builders[family]()
    if family in ("play", "jump", "stack", "group") and not params.get("uncalled"):
        # GO-OUT-ANY-CARD, ROUND-END: the cards laid were the last of the hand
        laid = ops.sum(params["group"]) if family == "group" else 1
        out["going out"] = imp(ops.sum(pre.hands[s]) == laid, gone)
    if params.get("uncalled"):  # V-UNO-OUT-CALL: the round goes on, the player owes the penalty
        out["penalty victims"] = a(
            [
                ops.not_(gone),
                head.owed_seat == s,
                head.owed_count == r.uno_out,
                head.owed_turn == 0,
                a([ops.eq(x, y) for x, y in zip(head.draw, pre.draw, strict=True)]),
            ]
        )
    return out
