"""Every check can fail: deliberately wrong transitions and arithmetic give Z3
counterexamples, printed as positions a person can read."""

from __future__ import annotations

import re
import types

import z3

from unospec.spec import arithmetic
from unospec.spec.prover import kinds as K
from unospec.spec.prover import lemmas
from unospec.spec.prover.model import Model
from unospec.spec.prover.proofs import prove
from unospec.spec.prover.rules import GROUPS, rules_for
from unospec.spec.prover.state import SWAP, TURN

OFFICIAL = [g for g in GROUPS if g.name == "official"]
GUILTY = [g for g in GROUPS if g.name == "guilty challenger skipped"]
CARD = re.compile(r"\b(?:[RYGB](?:\d|S|R|D2)|W|WD4)\b")


def mutant(**changes) -> types.ModuleType:
    """A copy of spec.arithmetic with some functions replaced."""
    m = types.ModuleType("wrong_arithmetic")
    m.__dict__.update({k: v for k, v in vars(arithmetic).items() if not k.startswith("__")})
    m.__dict__.update(changes)
    return m


def failing(report, goal: str):
    bad = [c for c in report.failures() if c.goal == goal]
    assert bad, f"{goal} was not refuted: {[(c.goal, c.action) for c in report.failures()]}"
    cex = bad[0].counterexample
    assert cex is not None
    text = cex.text()
    assert "before:" in text and "after:" in text and "seat 0:" in text
    assert CARD.search(text), text
    return cex


def advance(
    seat,
    direction,
    players,
    skips,
    flips,
    draws,
    ite=arithmetic.py_ite,
    *,
    forget_two=False,
    no_skip=False,
):
    """advance_after, with one of two deliberate bugs."""
    new_dir = ite(flips % 2 == 1, -direction, direction)
    lost = (0 if no_skip else skips) + ite(draws > 0, 1, 0)
    if not forget_two:
        lost = lost + ite(players == 2, flips, 0)
    lost = ite(lost > players - 1, players - 1, lost)
    victim = ite(draws > 0, arithmetic.next_seat(seat, new_dir, players), arithmetic.NO_VICTIM)
    return arithmetic.next_seat(seat, new_dir, players, 1 + lost), new_dir, victim


def test_the_model_is_right_so_the_mutants_below_are_the_only_failures():
    assert prove(OFFICIAL, [2, 4], ["play skip", "play reverse", "serve"], extras=False).ok


def test_a_skip_that_passes_nobody_is_caught():
    wrong = mutant(advance_after=lambda *a, **k: advance(*a, **k, no_skip=True))
    report = prove(OFFICIAL, [4], ["play skip"], ar=wrong, extras=False)
    cex = failing(report, "card effects")
    assert cex.params["cls"] == arithmetic.SKIP
    assert re.search(r"step: play skip by seat 0 [RYGB]S", cex.text())


def test_a_reverse_that_forgets_two_players_is_caught():
    wrong = mutant(advance_after=lambda *a, **k: advance(*a, **k, forget_two=True))
    assert prove(OFFICIAL, [3, 4], ["play reverse"], ar=wrong, extras=False).ok  # fine for 3+
    report = prove(OFFICIAL, [2], ["play reverse"], ar=wrong, extras=False)
    cex = failing(report, "card effects")
    assert cex.players == 2 and re.search(r"[RYGB]R", cex.text())


class CardFromNowhere(Model):
    """A draw that puts the card in the hand but leaves it in the draw pile too."""

    def draw_cards(self, st, seat, w):
        hands = [list(h) for h in st.hands]
        rows = self.ops.split(seat, w, self.n, "drawn")
        for s, row in enumerate(rows):
            for k, m in enumerate(row):
                hands[s][k] = hands[s][k] + m
        return st.but(hands=hands)


def test_a_draw_that_creates_a_card_is_caught():
    report = prove(OFFICIAL, [3], ["serve"], model=CardFromNowhere, extras=False)
    failing(report, "card conservation")
    failing(report, "draws and reshuffles")


def test_a_challenge_that_penalises_the_wrong_player_is_caught():
    def wrong_challenge(
        guilty, challenger, wd4_player, direction, players, skipped=False, ite=arithmetic.py_ite
    ):
        drawer, count, to_act = arithmetic.challenge_outcome(
            guilty, challenger, wd4_player, direction, players, skipped, ite
        )
        return ite(guilty, challenger, wd4_player), count, to_act  # the other player draws

    report = prove(
        OFFICIAL, [3], ["challenge"], ar=mutant(challenge_outcome=wrong_challenge), extras=False
    )
    cex = failing(report, "penalty victims")
    assert "faces" in cex.text() and "WD4" in cex.text()


def test_a_guilty_challenger_who_plays_although_the_profile_skips_them_is_caught():
    def ignores_option(
        guilty, challenger, wd4_player, direction, players, skipped=False, ite=arithmetic.py_ite
    ):
        return arithmetic.challenge_outcome(
            guilty, challenger, wd4_player, direction, players, False, ite
        )

    report = prove(
        GUILTY, [4], ["challenge"], ar=mutant(challenge_outcome=ignores_option), extras=False
    )
    failing(report, "penalty victims")


def test_scoring_the_winners_own_hand_is_caught():
    def with_the_winner(counts, values):
        return arithmetic.hand_points(counts, values) + 1  # one point too many per hand

    report = prove(OFFICIAL, [3], ["score"], ar=mutant(hand_points=with_the_winner), extras=False)
    failing(report, "scoring")


def test_seat_arithmetic_that_depends_on_the_seat_breaks_the_symmetry_lemma():
    def lopsided(seat, direction, players, steps=1):
        return z3.If(seat == 1, 0, (seat + direction * steps) % players)

    ok, _ = lemmas.seat_symmetry(4, mutant(next_seat=lopsided))
    assert not ok
    assert lemmas.seat_symmetry(4)[0]


def test_a_missed_turn_that_is_never_served_is_caught():
    def never(seat, direction, players, missed, ite=arithmetic.py_ite, limit=4):
        return seat, list(missed)

    assert not lemmas.missed_turns(3, mutant(pass_missed_turns=never))[0]


def test_a_deadlock_policy_that_is_switched_off_is_refuted_at_once():
    from unospec.spec.prover.policies import holds, refute

    rules = rules_for("official")
    assert refute("deadlock freedom", rules, 2) is not None
    assert holds("deadlock freedom", rules, 2)


# -- 0-7 and jump-in ------------------------------------------------------------------------

SEVEN_ZERO = [g for g in GROUPS if g.name == "0-7"]
JUMP_IN = [g for g in GROUPS if g.name == "jump-in"]


def test_a_zero_that_passes_the_hands_the_wrong_way_is_caught():
    def backwards(seat, direction, players):
        return arithmetic.next_seat(seat, -direction, players)

    wrong = mutant(rotation_target=backwards)
    report = prove(SEVEN_ZERO, [3], ["play number"], ar=wrong, extras=False)
    cex = failing(report, "hand swaps")
    assert re.search(r"step: play number by seat 0 [RYGB]0", cex.text())
    assert not lemmas.seat_symmetry(3, mutant(rotation_target=lambda s, d, n: 0))[0]


def test_a_zero_that_gives_two_players_the_same_hand_is_caught():
    def onto_one_seat(seat, direction, players):
        return min(arithmetic.next_seat(seat, direction, players), players - 2)

    wrong = mutant(rotation_target=onto_one_seat)
    report = prove(SEVEN_ZERO, [3], ["play number"], ar=wrong, extras=False)
    failing(report, "card conservation")


class SwapThatCopies(Model):
    """A 7's swap that gives the player the chosen hand but leaves that hand where it was."""

    def swap(self, st, seat, target):
        self.decision(st, seat, SWAP)
        self.ops.require(target != seat, "another player")
        hands = [list(h) for h in st.hands]
        hands[seat] = self.hand_of(st, target)
        return self.finish(st.but(hands=hands), seat, 0, 0, 0, 1)


def test_a_swap_that_copies_a_hand_is_caught():
    report = prove(SEVEN_ZERO, [3], ["swap"], model=SwapThatCopies, extras=False)
    failing(report, "card conservation")
    cex = failing(report, "hand swaps")
    assert "phase swap" in cex.text() and "with seat" in cex.text()


SEVEN_ZERO_MULTI = [g for g in GROUPS if g.name == "0-7, multi-card play"]


class SwapForgetsTheGroup(Model):
    """After a group with a 7, a swap that passes the turn on as after a single 7: the
    group's Skip, Reverse or draw card is forgotten."""

    def swap(self, st, seat, target):
        return super().swap(st.but(swap_skips=0, swap_flips=0, swap_draws=0), seat, target)


class GroupRotatesPastItsSeven(Model):
    """A group holding both a 7 and a 0 that passes every hand on before asking for the
    swap (the engine rotates nothing once a 7 is in the group)."""

    def group_seven_zero(self, st, seat, group, effect, legal):
        ops, number = self.ops, K.OF_CLASS[arithmetic.NUMBER]
        count = lambda f: ops.sum([group[k] for k in number if K.FACE[k] == f])  # noqa: E731
        rotated = self.after_zero(st, ops.all([count(0) > 0, count(7) > 0]), lambda s: s)
        return self.ops.then(
            rotated,
            lambda s: super(GroupRotatesPastItsSeven, self).group_seven_zero(
                s, seat, group, effect, legal
            ),
        )


def test_a_group_with_a_seven_and_its_swap_are_proved():
    assert prove(SEVEN_ZERO_MULTI, [3], ["group", "swap"], extras=False).ok


def test_a_swap_that_forgets_the_groups_effect_is_caught():
    report = prove(SEVEN_ZERO_MULTI, [3], ["swap"], model=SwapForgetsTheGroup, extras=False)
    cex = failing(report, "card effects")
    assert "phase swap" in cex.text() and "with seat" in cex.text()
    assert cex.before.group_sevens >= 1  # only a group's swap has an effect to forget
    assert (cex.before.swap_skips, cex.before.swap_flips, cex.before.swap_draws) != (0, 0, 0)


def test_a_group_that_rotates_hands_although_it_holds_a_seven_is_caught():
    report = prove(SEVEN_ZERO_MULTI, [3], ["group"], model=GroupRotatesPastItsSeven, extras=False)
    cex = failing(report, "hand swaps")
    group = K.cards_of(cex.params["group"])
    assert any(c[1:] == "7" for c in group) and any(c[1:] == "0" for c in group), group
    assert "phase swap" in cex.text()


class JumpInKeepsTheFlip(Model):
    """A jump-in with a Reverse that does not undo the covered Reverse's flip first."""

    def jump_in(self, st, seat, q, cls):
        if cls == arithmetic.REVERSE:
            st = st.but(direction=-st.direction)  # undone twice: the covered flip stays
        return super().jump_in(st, seat, q, cls)


def test_a_jump_in_reverse_that_keeps_the_covered_flip_is_caught():
    assert prove(JUMP_IN, [3], ["jump in reverse"], extras=False).ok
    report = prove(JUMP_IN, [3], ["jump in reverse"], model=JumpInKeepsTheFlip, extras=False)
    cex = failing(report, "card effects")
    assert re.search(r"step: jump in reverse by seat 0 [RYGB]R", cex.text())


class JumpInFromTheSeatToAct(Model):
    """Play after a jump-in carrying on from the seat that was due, not from the jumper."""

    def jump_in(self, st, seat, q, cls):
        def resume(post):
            if post.phase != TURN:
                return post
            return self.give_turn(post, self.ar.next_seat(st.to_act, post.direction, self.n))

        return self.ops.then(super().jump_in(st, seat, q, cls), resume)


def test_a_jump_in_that_does_not_make_the_jumper_the_player_is_caught():
    report = prove(JUMP_IN, [4], ["jump in number"], model=JumpInFromTheSeatToAct, extras=False)
    failing(report, "card effects")


# -- the draw variants ----------------------------------------------------------------------

UNTIL_PLAYABLE = [g for g in GROUPS if g.name == "draw until playable, at most 3, must play"]
UNTIL_STOP = [g for g in GROUPS if g.name == "draw until stop"]


class DrawsPastTheCap(Model):
    """A series of draws that forgets its cap."""

    def more_draws(self, st, seat):
        may, must = super().more_draws(st, seat)
        return self.ops.any([may, self.ops.sum(st.drawn) >= 1]), must


def test_drawing_past_the_cap_is_caught():
    assert prove(UNTIL_PLAYABLE, [3], ["draw", "pass"], extras=False).ok
    report = prove(UNTIL_PLAYABLE, [3], ["draw"], model=DrawsPastTheCap, extras=False)
    cex = failing(report, "turn draws")
    assert "phase drawn" in cex.text() and "step: draw by seat 0" in cex.text()


class DrawsPastAPlayableCard(Model):
    """V-DRAW-UNTIL-STOP letting a player draw on past a card they could play."""

    def found_legal(self, st, seat):
        return False


def test_drawing_past_a_playable_card_is_caught():
    report = prove(UNTIL_STOP, [3], ["draw"], model=DrawsPastAPlayableCard, extras=False)
    failing(report, "turn draws")


class PassesWhileBoundToDraw(Model):
    """V-DRAW-UNTIL-PLAYABLE letting a player stop drawing by choice."""

    def must_not_pass(self, st, seat):
        return False


def test_passing_while_bound_to_draw_on_is_caught():
    report = prove(UNTIL_PLAYABLE, [3], ["pass"], model=PassesWhileBoundToDraw, extras=False)
    cex = failing(report, "turn draws")
    assert "step: pass by seat 0" in cex.text()


class NeverPasses(Model):
    """V-DRAW-UNTIL-PLAYABLE that never lets a series end without a playable card."""

    def must_not_pass(self, st, seat):
        return True


def test_a_series_that_cannot_end_deadlocks():
    from unospec.spec.prover.policies import stuck_state

    rules = UNTIL_PLAYABLE[0].rules
    assert stuck_state(rules, 3) is None
    stuck = stuck_state(rules, 3, model=NeverPasses)
    assert stuck is not None and stuck.phase == 1  # phase drawn: no play, no draw, no pass


FUTILE = [g for g in GROUPS if g.name == "futile challenge"]


class FutileChallengeSucceeds(Model):
    """A futile challenge judged like any other: the closing Wild Draw Four's player, whose
    hand is empty, is found guilty and draws."""

    def challenge(self, st, seat):
        result = super().challenge(st, seat)
        if isinstance(st.final, int) and st.final == 0:
            return result
        return self.ops.branch(
            st.final == 1, lambda: self.round_won(st, st.pend_from, st.pend_total), lambda: result
        )


def test_a_futile_challenge_that_can_succeed_is_caught():
    """Against a Wild Draw Four that ended the round the challenge must fail: the hand to be
    shown is empty."""
    assert prove(FUTILE, [3], ["challenge", "play wild draw four"], extras=False).ok
    report = prove(FUTILE, [3], ["challenge"], model=FutileChallengeSucceeds, extras=False)
    cex = failing(report, "penalty victims")
    assert "phase challenge" in cex.text() and "(none)" in cex.text()
    failing(report, "turn order")  # the winner would owe cards


ROTATION = [g for g in GROUPS if g.name == "teams, partner rotation"]


def test_partners_that_never_rotate_are_caught():
    """V-EXT-PARTNER-ROTATION's pairs are checked against the rule's table of blocks, so an
    arithmetic that keeps partners opposite all match long is refuted."""

    def opposite(seat, block, ite=arithmetic.py_ite):
        return (seat + 2) % 4

    assert prove(ROTATION, [4], ["score"], extras=False).ok
    report = prove(ROTATION, [4], ["score"], ar=mutant(rotating_partner=opposite), extras=False)
    cex = failing(report, "scoring")
    assert cex.before.round >= 5 and "won the round" in cex.text()


def test_a_reverse_starter_from_the_dealers_right_is_caught():
    """FIRST-CARD-REVERSE: the dealer begins. A starter treated as a Reverse the dealer laid
    (the dealer's right begins) is refuted from three players on."""

    def as_laid(dealer, players, kind, ite=arithmetic.py_ite):
        return arithmetic.after_card(dealer, 1, players, kind, ite)

    wrong = mutant(starter_effect=as_laid)
    assert prove(OFFICIAL, [2], ["starter reverse"], ar=wrong, extras=False).ok  # the same
    report = prove(OFFICIAL, [3], ["starter reverse"], ar=wrong, extras=False)
    cex = failing(report, "first turn")
    assert "deals" in cex.text() and re.search(r"step: starter reverse [RYGB]R", cex.text())


class DealFromNowhere(Model):
    """A deal that hands out the cards but leaves them in the draw pile too."""

    def deal(self, st, dealer, hands):
        out = super().deal(st, dealer, hands)
        return out.but(draw=list(st.draw))


class KeptWildDrawFour(Model):
    """A Wild Draw Four starter kept, like a Wild: the dealer's left names a colour."""

    def turn_up(self, st, q, cls):
        if cls == arithmetic.WILD_DRAW_FOUR:
            return super().turn_up(st, q, arithmetic.WILD)
        return super().turn_up(st, q, cls)


def test_a_deal_that_creates_cards_is_caught():
    report = prove(OFFICIAL, [3], ["deal"], model=DealFromNowhere, extras=False)
    failing(report, "card conservation")
    failing(report, "first turn")


def test_a_wild_draw_four_starter_that_is_kept_is_caught():
    report = prove(OFFICIAL, [2], ["starter wild draw four"], model=KeptWildDrawFour, extras=False)
    failing(report, "first turn")
    cex = failing(report, "turn order")
    assert "WD4" in cex.text()


class UnoOutForgiven(Model):
    """A last card laid without the UNO-out call: the round goes on, but nobody draws."""

    def uno_out_missed(self, st, seat):
        return st


def test_a_missed_uno_out_call_without_its_penalty_is_caught():
    group = [g for g in GROUPS if g.rules.uno_out]
    report = prove(group, [3], ["play number without UNO out"], model=UnoOutForgiven, extras=False)
    failing(report, "round end")
    cex = failing(report, "penalty victims")
    assert "without the UNO-out call" in cex.text()


def test_a_group_that_empties_the_hand_without_the_call_and_its_penalty_is_caught():
    group = [g for g in GROUPS if g.rules.uno_out and g.rules.multi]
    report = prove(group, [3], ["group without UNO out"], model=UnoOutForgiven, extras=False)
    failing(report, "round end")
    cex = failing(report, "penalty victims")
    assert "without the UNO-out call" in cex.text()


class LastDrawTwoGoesOn(Model):
    """A last Draw Two, laid with the UNO-out call where the variant asks for it, that
    takes effect instead of ending the round."""

    def go_out(self, st, seat, draws, wd4_last=False):
        if isinstance(draws, int) and draws == 2:
            return self.finish(st, seat, 0, 0, 2, 1)
        return super().go_out(st, seat, draws, wd4_last)


def test_a_last_card_that_does_not_end_the_round_is_caught():
    report = prove(OFFICIAL, [3], ["play draw two"], model=LastDrawTwoGoesOn, extras=False)
    failing(report, "round end")
    failing(report, "going out")
    # under V-UNO-OUT-CALL an empty hand may wait for its penalty, so only the step
    # property "going out" tells a called last card that goes on from one laid without it
    group = [g for g in GROUPS if g.name == "UNO out call"]
    report = prove(group, [3], ["play draw two"], model=LastDrawTwoGoesOn, extras=False)
    assert not [c for c in report.failures() if c.goal == "round end"]
    cex = failing(report, "going out")
    assert "play draw two by seat 0" in cex.text()


class QueueDropped(Model):
    """A served draw that forgets the draw queued behind it (the victim of a card laid last
    without the UNO-out call never draws)."""

    def serve(self, st, w):
        return super().serve(st.but(queued_seat=-1, queued_count=0), w)


def test_a_draw_queued_behind_a_penalty_that_is_dropped_is_caught():
    group = [g for g in GROUPS if g.name == "UNO out call"]
    report = prove(group, [3], ["serve"], model=QueueDropped, extras=False)
    cex = failing(report, "draws and reshuffles")
    assert "queued behind it" in cex.text()


CHEAT = [g for g in GROUPS if g.rules.cheat]


class CaughtCardStaysDown(Model):
    """An exposed face-down card: the card under it is on top again, but the cheater does
    not take the face-down card back (it stays in the discard pile)."""

    def accuse(self, st, seat):
        ops = self.ops
        res = super().accuse(st, seat)
        lied = ops.sum(st.announced) > 0
        return ops.then(
            res, lambda x: ops.branch(lied, lambda: x.but(hands=st.hands, disc=st.disc), lambda: x)
        )


def test_a_caught_cheat_whose_card_stays_on_the_pile_is_caught():
    report = prove(CHEAT, [3], ["accuse"], model=CaughtCardStaysDown, extras=False)
    cex = failing(report, "cheat verdicts")
    assert "face-down card of seat" in cex.text()


class PenaltyFromNowhere(Model):
    """A false accusation: the accuser's penalty card appears in their hand from nowhere."""

    def accuse(self, st, seat):
        ops = self.ops
        res = super().accuse(st, seat)
        honest = ops.sum(st.announced) == 0

        def more(x):  # one R0 more for the accuser
            hands = [[h[0] + ops.ite(seat == i, 1, 0), *h[1:]] for i, h in enumerate(x.hands)]
            return x.but(hands=hands)

        return ops.then(res, lambda x: ops.branch(honest, lambda: more(x), lambda: x))


def test_an_accusation_penalty_that_creates_a_card_is_caught():
    report = prove(CHEAT, [2], ["accuse"], model=PenaltyFromNowhere, extras=False)
    cex = failing(report, "card conservation")
    assert "R0" in cex.text()


class RealCardTakesEffect(Model):
    """An accepted face-down card takes the effect of the card really laid, not the claim."""

    def cheat_effect(self, st):
        return super().cheat_effect(st.but(announced=[0] * len(st.announced)))


def test_an_accepted_claim_that_does_not_take_the_claimed_effect_is_caught():
    report = prove(CHEAT, [3], ["verdict accept"], model=RealCardTakesEffect, extras=False)
    cex = failing(report, "cheat verdicts")
    assert "announced for the top card" in cex.text()


def test_the_cheat_steps_of_the_model_are_right():
    assert prove(CHEAT, [2, 3], ["accuse", "verdict accept", "cheat skip"], extras=False).ok
