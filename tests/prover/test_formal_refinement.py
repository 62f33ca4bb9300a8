"""Refinement: the model's step, run on the abstraction of a position, gives exactly the
abstraction of what the engine's ``apply`` gives — card counts per kind and location, the
seat to act, the direction, who must draw how many, missed turns, scores — on positions
from random games of every profile and option group the model follows step by step."""

from __future__ import annotations

import random

import pytest
from formalkit import (
    REFINED,
    eager,
    mixed,
    players_for,
    steps,
    turns,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from unospec.reference import apply, legal_actions, new_game
from unospec.reference.chance import chance_action
from unospec.spec.prover import kinds as K
from unospec.spec.prover.evaluators import Concrete, NotEnabled
from unospec.spec.prover.invariants import invariants
from unospec.spec.prover.model import Model
from unospec.spec.prover.rules import GROUPS, Group, rules_for
from unospec.spec.prover.state import COLOUR, DRAWN, TURN, abstract, observe
from unospec.spec.prover.steps import step, whole_turn

NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
GAMES = settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK
)
FEWER = settings(GAMES, max_examples=3)


def explain(got: dict, want: dict) -> str:
    lines = []
    for key in want:
        if got.get(key) != want[key]:
            g, w = got.get(key), want[key]
            if isinstance(w, tuple) and len(w) == K.N_KINDS:
                g, w = K.cards_of(g or ()), K.cards_of(w)
            lines.append(f"  {key}: model {g}, engine {w}")
    return "\n".join(lines)


@pytest.mark.parametrize("group", REFINED, ids=[g.name for g in REFINED])
@GAMES
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1), rate=st.floats(0.5, 0.95))
def test_the_model_steps_exactly_as_the_engine(group, players, seed, rate):
    rules = group.rules
    n = players_for(group, players)
    checked = 0
    for before, action, after, pile in steps(group, n, seed, rate):
        st = abstract(before)
        got = observe(step(rules, st, action, pile))
        want = observe(abstract(after))
        assert got == want, f"{action} from\n{before}\n{explain(got, want)}"
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("group", REFINED, ids=[g.name for g in REFINED])
@FEWER
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1))
def test_every_reachable_state_meets_the_invariants(group, players, seed):
    """The invariants the proofs assume are not too strong: real positions satisfy them."""
    rules = group.rules
    n = players_for(group, players)
    for before, _, _, _ in steps(group, n, seed, limit=200):
        st = abstract(before)
        broken = [name for name, ok in invariants(Model(rules, n, Concrete), st).items() if not ok]
        assert not broken, f"{broken} fail in\n{before}"


@pytest.mark.parametrize("group", REFINED, ids=[g.name for g in REFINED])
@FEWER
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1))
def test_the_model_plays_exactly_the_engines_legal_cards(group, players, seed):
    """``Model.may_play`` (which the deadlock proof reads) is the engine's set of legal plays
    of the seat to act."""
    rules = group.rules
    n = players_for(group, players)
    for before, _, _, _ in steps(group, n, seed, limit=200):
        st = abstract(before)
        if st.phase != TURN or st.owed_count:
            continue
        m = Model(rules, n, Concrete)
        model = {K.KINDS[k] for k in range(K.N_KINDS) if m.may_play(st, st.to_act, k)}
        engine = {  # face up (under V-CHEAT a card laid face down is a play with a claim)
            a["card"]
            for a in legal_actions(before)
            if a["type"] == "play" and a["seat"] == st.to_act and "claim" not in a
        }
        assert model == engine, f"model {sorted(model)}, engine {sorted(engine)} in\n{before}"


MULTI = [g for g in GROUPS if g.rules.multi]


@pytest.mark.parametrize("group", MULTI, ids=[g.name for g in MULTI])
@GAMES
@given(players=st.integers(2, 10), seed=st.integers(0, 2**32 - 1))
def test_a_whole_multi_card_turn_is_the_models_group_step(group, players, seed):
    """Several cards in one turn (V-MULTI-PLAY, V-CUMULATIVE-EFFECT) are one model step:
    the group goes down, its effects add up (``arithmetic.group_effect``), the turn passes."""
    checked = 0
    for before, seat, cards, colour, after, pile, called in turns(group, players, seed):
        st = abstract(before)
        got = observe(whole_turn(group.rules, st, seat, cards, colour, pile, called))
        want = observe(abstract(after))
        assert got == want, f"{seat} laid {cards} ({colour}) from\n{before}\n{explain(got, want)}"
        checked += 1
    assert checked > 0


def test_the_random_games_reach_every_kind_of_step():
    """The refinement games above are not idle: together they take every kind of step the
    model has (a reshuffle is the engine's ``shuffle`` chance input)."""
    seen: set[str] = set()
    for name in ("official", "stacking"):
        group = next(g for g in REFINED if g.name == name)
        for seed in range(12):
            for before, action, _, _ in steps(group, 3 + seed % 4, seed, rate=0.6, limit=400):
                kind = action["type"]
                if kind == "play":
                    kind = (
                        "stack"
                        if before.phase == "stack"
                        else f"play {K.CLASS[K.INDEX[action['card']]]}"
                    )
                seen.add(kind)
    plays = {f"play {c}" for c in range(6)}
    assert (
        plays
        | {"draw", "pass", "colour", "challenge", "accept", "stack", "uno", "catch", "shuffle"}
        <= seen
    )


def test_the_random_games_of_0_7_and_jump_in_reach_their_steps():
    """The 0-7 and jump-in games above swap hands, pass hands on after a 0, and jump in with
    several kinds of card, so the refinement covers those steps."""
    seen: set[str] = set()
    for name in ("0-7", "jump-in"):
        group = next(g for g in REFINED if g.name == name)
        for seed in range(4):
            for before, action, _, _ in steps(group, 3 + seed, seed, limit=300):
                if action["type"] == "swap":
                    seen.add("swap")
                elif action["type"] == "play" and before.phase == "turn":
                    card = action["card"]
                    if action["seat"] != before.to_act:
                        seen.add(f"jump in {K.CLASS[K.INDEX[card]]}")
                    elif name == "0-7" and card[1:] == "0":
                        seen.add("rotate")
    assert {"swap", "rotate"} | {f"jump in {c}" for c in (0, 1, 2, 3)} <= seen, sorted(seen)


#: (under V-CHEAT a player can nearly always lay a card face down, so random games seldom
#: draw: test_cheat_with_another_variant_steps_as_the_engine checks those groups' draws)
DRAWING = [g for g in REFINED if g.name == "official" or g.rules.draw_mode and not g.rules.cheat]


def allows(step) -> bool:
    try:
        step()
    except NotEnabled:
        return False
    return True


@pytest.mark.parametrize("group", DRAWING, ids=[g.name for g in DRAWING])
@FEWER
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_after_a_turn_draw_the_model_allows_exactly_the_engines_choices(group, players, seed):
    """After a turn draw (DRAW-ONE and the draw variants) the model's guards of playing a
    card drawn this turn, drawing on and passing are the engine's legal actions."""
    rules, checked = group.rules, 0
    for before, _, _, _ in steps(group, players, seed, rate=0.5, limit=250):
        st = abstract(before)
        if st.phase != DRAWN or st.owed_count:
            continue
        model, engine = drawn_choices(Model(rules, players, Concrete), st, before)
        assert model == engine, f"model {sorted(model)}, engine {sorted(engine)} in\n{before}"
        checked += 1
    assert checked > 0


def drawn_choices(m: Model, st, before) -> tuple[set, set]:
    """After a turn draw: the plays, draw and pass the model allows and the engine offers."""
    s = st.to_act
    model = {
        ("play", card)
        for k, card in enumerate(K.KINDS)
        if allows(lambda k=k: m.play(st, s, K.one_hot(K.KINDS[k]), K.CLASS[k]))
    }
    model |= {("draw",)} if allows(lambda: m.turn_draw(st, s)) else set()
    model |= {("pass",)} if allows(lambda: m.end_turn(st, s)) else set()
    engine = {
        (a["type"], a["card"]) if a["type"] == "play" else (a["type"],)
        for a in legal_actions(before)
        if a["seat"] == s and a["type"] in ("play", "draw", "pass")
    }
    return model, engine


def test_the_random_games_of_the_draw_variants_draw_on():
    """The draw-variant games above draw several cards in one turn, so the refinement covers
    drawing on (and, under V-DRAW-UNTIL-PLAYABLE with must_play_found, a forced play)."""
    for group in [g for g in DRAWING if g.rules.draw_mode != "exactly"][1:]:
        again = 0
        for seed in range(3):
            for before, action, _, _ in steps(group, 3, seed, rate=0.5, limit=300):
                again += before.phase == "drawn" and action["type"] == "draw"
        assert again > 0, group.name


def test_cards_drawn_before_a_reshuffle_count_as_drawn_this_turn():
    """V-DRAW-FIXED ``exactly``: a turn draw of n cards that needs a reshuffle half-way still
    lets the player play any of the n (the model found the engine forgetting the first ones)."""
    group = next(g for g in DRAWING if g.rules.draw_mode == "exactly")
    for seed in range(40):
        for before, action, after, pile in steps(group, 2, seed, rate=0.5, limit=400):
            if action["type"] == "shuffle" and before.phase == "drawn" and before.drawn:
                got = observe(step(group.rules, abstract(before), action, pile))
                assert got == observe(abstract(after))
                assert len(after.drawn) == 3 and set(before.drawn) <= set(after.drawn)
                return
    raise AssertionError("no turn draw was interrupted by a reshuffle")


def test_a_futile_challenge_of_a_closing_wild_draw_four_steps_as_the_engine():
    """P-LAST-WD4-NO-CHALLENGE with allow_futile_challenge: a player goes out on a Wild Draw
    Four, the victim challenges (it fails: they draw 6) or accepts (4), the round is scored.
    Random games rarely end on a Wild Draw Four, so the position is set up: the player to
    act holds only a Wild Draw Four."""
    from unospec.reference import apply, dump, load

    group = next(g for g in REFINED if g.name == "futile challenge")
    checked = 0
    for seed in range(6):
        pos = next(
            b
            for b, _, _, _ in steps(group, 3 + seed % 3, seed, limit=60)
            if b.phase == "turn" and not b.owed_draws and b.chance is None
        )
        d = dump(pos)
        s = d["to_act"]
        holder = next(
            h for h in (d["draw_pile"], *[d["hands"][t] for t in range(d["players"])]) if "WD4" in h
        )
        holder.remove("WD4")
        d["draw_pile"] += d["hands"][s]
        d["hands"][s] = ["WD4"]
        before = load(d)
        for answer in ("challenge", "accept"):
            act = {"type": "play", "seat": s, "card": "WD4"}
            after, _ = apply(before, act)
            st = step(group.rules, abstract(before), act, list(before.draw_pile))
            assert observe(st) == observe(abstract(after)) and st.final == 1
            victim = after.to_act
            act2 = {"type": answer, "seat": victim}
            done, _ = apply(after, act2)
            got = observe(step(group.rules, abstract(after), act2, list(after.draw_pile)))
            assert got == observe(abstract(done)), explain(got, observe(abstract(done)))
            checked += 1
    assert checked == 12


@pytest.mark.parametrize("round_no", [4, 5, 9, 12])
def test_partner_rotation_scores_each_block_as_the_engine(round_no):
    """V-EXT-PARTNER-ROTATION: whole rounds of the blocks of four (random games stay in the
    first block), set up by loading a position at ``round_no``, follow the engine step by
    step up to the score and, after round 12, the end of the match."""

    from unospec.reference import apply, dump, load

    group = next(g for g in REFINED if g.rules.partner_rotation)
    scored = 0
    for seed in range(8):
        start = next(
            b
            for b, _, _, _ in steps(group, 4, seed, limit=40)
            if b.phase == "turn" and not b.chance
        )
        d = dump(start)
        d["round"] = round_no
        pos, rng = load(d), random.Random(seed)
        while pos.round == round_no and pos.phase != "over":
            if pos.chance is not None:
                act = chance_action(pos, rng)
            else:
                acts = legal_actions(pos)
                plays = [a for a in acts if a["type"] == "play"]
                act = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(acts)
            after, _ = apply(pos, act)
            if act["type"] not in ("deal", "dealer_draw"):
                got = observe(step(group.rules, abstract(pos), act, list(pos.draw_pile)))
                want = observe(abstract(after))
                assert got == want, f"{act} from\n{pos}\n{explain(got, want)}"
            scored += after.scores != pos.scores
            pos = after
        assert pos.phase == ("over" if round_no == 12 else "deal") or pos.round > round_no
    assert scored > 0


STARTING = [
    g
    for g in REFINED
    if g.name
    in (
        "official",
        "fi-wikipedia",
        "special starter buried",
        "special starter set aside",
        "Wild starter redrawn",
        "UNO penalty loses a turn",
    )
]


def with_starter(deal: dict, card: str) -> dict:
    """The deal with ``card`` turned up: it changes places with the dealt starter."""
    deal = {**deal, "hands": [list(h) for h in deal["hands"]], "draw_pile": list(deal["draw_pile"])}
    if deal["starter"] != card:
        where = next(c for c in (deal["draw_pile"], *deal["hands"]) if card in c)
        where[where.index(card)] = deal["starter"]
        deal["starter"] = card
    return deal


@pytest.mark.parametrize("starter", ["R5", "GS", "BR", "YD2", "W", "WD4"])
@pytest.mark.parametrize("group", STARTING, ids=[g.name for g in STARTING])
@settings(GAMES, max_examples=2)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_the_deal_and_the_starter_step_as_the_engine(group, players, seed, starter):
    """The deal (DEAL-SEVEN) and the starter's effect (FIRST-CARD-*, and the variants that
    return a starter) are the model's ``deal`` and ``turn_up`` steps, up to the first turn;
    every state on the way meets the invariants."""

    from unospec.reference import apply
    from unospec.reference.chance import chance_action

    rng = random.Random(seed)
    n = players_for(group, players)
    pos = new_game(n, group.profile, dict(group.options))
    while pos.chance["type"] == "dealer_draw":
        pos, _ = apply(pos, chance_action(pos, rng))
    act = with_starter(chance_action(pos, rng), starter)
    m = Model(group.rules, n, Concrete)
    for _ in range(20):
        after, _ = apply(pos, act)
        got = step(group.rules, abstract(pos), act, list(pos.draw_pile))
        want = observe(abstract(after))
        assert observe(got) == want, f"{act} from\n{pos}\n{explain(observe(got), want)}"
        broken = [k for k, ok in invariants(m, abstract(after)).items() if not ok]
        assert not broken, f"{broken} fail in\n{after}"
        pos = after
        if pos.chance is None:
            return
        act = chance_action(pos, rng)  # the returned starter's shuffle
    raise AssertionError("no starter took effect")


def test_a_last_card_without_the_uno_out_call_steps_as_the_engine():
    """V-UNO-OUT-CALL: random games lay last cards with and without the call; without it
    the player draws the penalty, the card takes effect and the round goes on, as the
    model's step says (``Model.uno_out_missed``)."""
    group = next(g for g in REFINED if g.rules.uno_out)
    uncalled = called = 0
    for seed in range(8):
        for before, action, after, pile in steps(group, 2 + seed % 3, seed, rate=0.9):
            if action["type"] != "play" or len(before.hands[action["seat"]]) != 1:
                continue
            got = observe(step(group.rules, abstract(before), action, pile))
            assert got == observe(abstract(after)), explain(got, observe(abstract(after)))
            if action.get("uno_out"):
                called += after.phase in ("deal", "over") or after.scores != before.scores
            else:
                uncalled += 1
                # the penalty is drawn, unless the draw pile runs out before it is all drawn
                drew = len(after.hands[action["seat"]]) == 2 or after.chance is not None
                assert drew and after.phase != "deal"
    assert uncalled > 0 and called > 0, (uncalled, called)


CHEAT = next(g for g in REFINED if g.rules.cheat)


def cheat_steps(
    players: int, seed: int, limit: int = 300, jump: float = 0, draw: float = 0, **options
):
    """A seeded V-CHEAT game whose players lie, tell the truth, accept and accuse about
    equally often (the plain random games mostly lie), as ``formalkit.steps`` yields it;
    a jump-in offered (V-JUMP-IN) is taken with probability ``jump``, and a player to act
    on a turn draws with probability ``draw``."""

    def choose(pos, acts, rng):
        honest = [a for a in acts if a.get("claim") and a["claim"] == a["card"]]
        verdicts = [a for a in acts if a["type"] in ("accept", "accuse")]
        jumps = [a for a in acts if a["type"] == "play" and a["seat"] != pos.to_act]
        draws = [a for a in acts if a["type"] == "draw" and pos.phase == "turn"]
        if jump and jumps and rng.random() < jump:
            return rng.choice(jumps)
        if draw and draws and rng.random() < draw:
            return draws[0]
        if honest and rng.random() < 0.5:
            return rng.choice(honest)
        if verdicts and rng.random() < 0.7:  # else a catch or a call, if any
            return rng.choice(verdicts)
        return eager(0.8)(pos, acts, rng)

    return steps(CHEAT, players, seed, limit=limit, choose=choose, options=options)


def test_the_cheat_steps_are_the_engines():
    """V-CHEAT: face-down plays (honest and not), acceptances, false and true accusations,
    a false accusation of a Draw Two (two draws owed by the accuser, which the model holds
    as one) and catches while a verdict is pending all step as the engine. (A reshuffle
    while a verdict is pending is rarer; the random games of every group meet it.)"""
    seen: set[str] = set()
    for seed in range(30):
        n = 2 + seed % 5
        for before, action, after, pile in cheat_steps(n, seed):
            st = abstract(before)
            got = observe(step(CHEAT.rules, st, action, pile))
            want = observe(abstract(after))
            assert got == want, f"{action} from\n{before}\n{explain(got, want)}"
            kind = action["type"]
            if kind == "play" and "claim" in action:
                kind = "honest" if action["claim"] == action["card"] else "lie"
            elif kind == "accuse":
                kind += " honest" if before.pending["card"] == before.pending["claim"] else " lie"
                kind += " draw two" if before.pending["claim"][1:] == "D2" else ""
            if before.phase == "cheat" and kind in ("catch", "shuffle"):
                kind += " in phase cheat"
            seen.add(kind)
            if len(after.owed_draws) > 1:
                seen.add("two draws owed")
    want = {"honest", "lie", "accept", "accuse honest", "accuse lie", "accuse honest draw two"}
    want |= {"two draws owed", "catch in phase cheat"}
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize("finish", [None, "action", "special"])
def test_the_model_lays_face_down_exactly_the_engines_pairs(finish):
    """V-CHEAT: ``Model.cheat_play``'s guard allows exactly the engine's face-down plays
    (card really laid, card announced) of the seat to act, also when V-NO-ACTION-FINISH
    forbids some last cards."""
    options = {"V-NO-ACTION-FINISH": {"forbidden_last": finish}} if finish else {}
    rules = rules_for(CHEAT.profile, {**dict(CHEAT.options), **options})
    last = 0
    for seed in range(6 if finish else 4):
        n = 2 + seed % 4
        m = Model(rules, n, Concrete)
        for before, _, _, _ in cheat_steps(n, seed, limit=150 if finish else 80, **options):
            st = abstract(before)
            if st.phase != TURN or st.owed_count:
                continue
            s = st.to_act
            model = {
                (K.KINDS[k], K.KINDS[c])
                for k in range(52)
                if st.hands[s][k]
                for c in range(52)
                if allows(
                    lambda m=m, st=st, s=s, k=k, c=c: m.cheat_play(
                        st, s, K.one_hot(K.KINDS[k]), K.one_hot(K.KINDS[c]), K.CLASS[c]
                    )
                )
            }
            engine = {
                (a["card"], a["claim"])
                for a in legal_actions(before)
                if a["type"] == "play" and "claim" in a
            }
            assert model == engine, (sorted(model ^ engine), before)
            last += sum(st.hands[s]) == 1
    assert last or not finish


def hoarding_steps(group, players: int, seed: int, limit: int = 400):
    """A seeded game whose players keep their draw cards for last, answer every draw card
    they can and jump in whenever they can, with or without the UNO-out call at random:
    last cards laid by stacking and by jumping in come up often."""
    draw_cards = {*K.KINDS[52:], *(K.KINDS[k] for k in K.OF_CLASS[3])}

    def choose(pos, acts, rng):
        plays = [a for a in acts if a["type"] == "play"]
        out_of_turn = [a for a in plays if a["seat"] != pos.to_act]
        mild = [a for a in plays if a["card"] not in draw_cards]
        pick = out_of_turn or (plays if pos.phase == "stack" else mild or plays)
        return rng.choice(pick) if pick else rng.choice(acts)

    return steps(group, players, seed, limit=limit, choose=choose)


@pytest.mark.parametrize("name", ["UNO out call, stacking", "UNO out call, jump-in"])
def test_a_last_card_stacked_or_jumped_in_without_the_call_steps_as_the_engine(name):
    """V-UNO-OUT-CALL with V-STACK-DRAW / V-JUMP-IN: a last card laid by answering a draw
    card or by jumping in, with and without the call, steps as the engine (without it the
    penalty is drawn and the card still takes effect)."""
    group = next(g for g in REFINED if g.name == name)
    wanted = "stack" if group.rules.stackable else "jump"
    seen = {True: 0, False: 0}
    for seed in range(40):
        for before, action, after, pile in hoarding_steps(group, 3 + seed % 3, seed):
            got = observe(step(group.rules, abstract(before), action, pile))
            want = observe(abstract(after))
            assert got == want, f"{action} from\n{before}\n{explain(got, want)}"
            last = action["type"] == "play" and len(before.hands[action["seat"]]) == 1
            jumps = before.phase == "turn" and action.get("seat") != before.to_act
            laid_by = "stack" if before.phase == "stack" else "jump" if jumps else "turn"
            if last and laid_by == wanted:
                seen[bool(action.get("uno_out"))] += 1
    assert seen[True] > 0 and seen[False] > 0, seen


def test_a_wild_jumps_in_only_without_the_colour_named():
    """V-JUMP-IN with V-WILD-ONLY-WITHOUT-COLOUR (a combination no proof group holds): the
    model's jump-in step refuses a Wild while its player holds the colour named, as the
    engine does, and follows the engine through random games of the pair."""
    from unospec.spec.prover.rules import Group

    group = Group(
        "jump-in, Wild only without the colour",
        "official",
        (("V-JUMP-IN", True), ("V-WILD-ONLY-WITHOUT-COLOUR", True)),
    )
    m = Model(group.rules, 3, Concrete)
    first = next(abstract(b) for b, _, _, _ in steps(group, 3, 0) if b.phase == "turn")
    st = first.but(
        phase=TURN,
        to_act=1,
        last=0,
        colour=2,  # green named
        top=K.one_hot("W"),
        hands=[K.counts(["Y1"]), K.counts(["B1", "B2"]), K.counts(["W", "G1"])],
    )
    with pytest.raises(NotEnabled):
        m.jump_in(st, 2, K.one_hot("W"), K.CLASS[K.INDEX["W"]])
    st = st.but(hands=[K.counts(["Y1"]), K.counts(["B1", "B2"]), K.counts(["W", "Y3"])])
    assert m.jump_in(st, 2, K.one_hot("W"), K.CLASS[K.INDEX["W"]]).phase == COLOUR
    checked = 0
    for seed in range(12):
        for before, action, after, pile in steps(group, 3 + seed % 3, seed):
            got = observe(step(group.rules, abstract(before), action, pile))
            want = observe(abstract(after))
            assert got == want, f"{action} from\n{before}\n{explain(got, want)}"
            checked += 1
    assert checked > 1000


def jump_ins(m: Model, st, before) -> tuple[set, set]:
    """The jump-ins (seat, card) the model allows and the engine offers in ``before``."""
    model = {
        (s, K.KINDS[k])
        for s in range(st.players)
        for k in range(K.N_KINDS)
        if st.hands[s][k]
        and allows(
            lambda s=s, k=k: m.jump_in(st, s, K.one_hot(K.KINDS[k]), K.CLASS[k])  # noqa: B023
        )
    }
    engine = {
        (a["seat"], a["card"])
        for a in legal_actions(before)
        if a["type"] == "play" and a["seat"] != before.to_act and "claim" not in a
    }
    return model, engine


@pytest.mark.parametrize(
    "name",
    [
        "cheat, jump-in",
        "cheat, stacking",
        "cheat, draw until playable",
        "cheat, draw exactly 3",
        "cheat, 0-7",
        "cheat, UNO out call",
    ],
)
def test_cheat_with_another_variant_steps_as_the_engine(name):
    """V-CHEAT with V-JUMP-IN, V-STACK-DRAW and the draw variants, in games whose players
    tell the truth and judge as often as they lie: every step is the engine's, and the
    steps where the variants meet occur. Jump-in: the model allows exactly the engine's
    jump-ins (none on a face-down card, nor on the card under it once the face-down play
    is made), and some happen. Stacking: the victim of an announced Draw Two answers it.
    The draw variants: after a turn draw the model allows exactly the engine's choices, and a
    card drawn is played face up. 0-7: a 7 announced for a face-down card that stands asks
    for a swap, and an announced 0 passes the hands on (after a false accusation too)."""
    group = next(g for g in REFINED if g.name == name)
    options = dict(group.options)
    del options["V-CHEAT"]
    seen: set[str] = set()
    for seed in range(16):
        n = 2 + seed % 4
        m = Model(group.rules, n, Concrete)
        games = cheat_steps(n, seed, jump=0.5, draw=0.3, **options)
        if group.rules.uno_out:  # plain random games: fewer accusations, so hands run out
            games = steps(group, n, seed, limit=400)
        for before, action, after, pile in games:
            st = abstract(before)
            got = observe(step(group.rules, st, action, pile))
            want = observe(abstract(after))
            assert got == want, f"{action} from\n{before}\n{explain(got, want)}"
            if group.rules.jump_in and st.phase == TURN and not st.owed_count:
                model, engine = jump_ins(m, st, before)
                assert model == engine, (sorted(model ^ engine), before)
                seen.add("jump-in offered" if engine else "")
                seen.add("face-down top" if before.announced else "")
            if group.rules.draw_mode and st.phase == DRAWN and not st.owed_count:
                model, engine = drawn_choices(m, st, before)
                assert model == engine, (sorted(model ^ engine), before)
                seen.add("after a draw")
            if before.phase == "cheat" and action["type"] in ("accept", "accuse"):
                claim = before.pending["claim"]
                if after.phase == "swap":
                    seen.add("swap after an announced 7")
                honest = before.pending["card"] == claim
                stands = action["type"] == "accept" or honest
                if claim[1:] == "0" and stands and after.phase != "scoring":
                    accused = action["type"] == "accuse"
                    seen.add("hands passed on" + " after a false accusation" * accused)
            if action["type"] != "play":
                continue
            if before.phase == "turn" and action["seat"] != before.to_act:
                seen.add("jump in")
            if group.rules.uno_out and len(before.hands[action["seat"]]) == 1:
                how = "face down" if "claim" in action else "face up"
                seen.add(f"last card {how}" + " with the call" * bool(action.get("uno_out")))
            if before.phase == "stack" and before.announced:
                seen.add("stack on an announced Draw Two")
            if before.phase == "drawn":
                seen.add("drawn card played")
    want = {
        "cheat, jump-in": {"jump-in offered", "face-down top", "jump in"},
        "cheat, stacking": {"stack on an announced Draw Two"},
        "cheat, UNO out call": {
            "last card face down",
            "last card face up",
            "last card face up with the call",
        },
        "cheat, 0-7": {
            "swap after an announced 7",
            "hands passed on",
            "hands passed on after a false accusation",
        },
    }.get(name, {"after a draw", "drawn card played"})
    assert want <= seen, sorted(want - seen)


def followed(group, seeds: int, rate: float = 0.8):
    """:func:`mixed` games of ``group`` (seeds ``0 … seeds-1``, 2 to 5 players) in which
    every whole turn and every step must be the engine's: ``(kind, before, act, state)``
    for each, ``state`` being the model's state before it."""
    for seed in range(seeds):
        for kind, before, act, after, pile in mixed(group, 2 + seed % 4, seed, rate):
            st = abstract(before)
            if kind == "turn":
                seat, cards, colour, called = act
                got = observe(whole_turn(group.rules, st, seat, cards, colour, pile, called))
            else:
                got = observe(step(group.rules, st, act, pile))
            want = observe(abstract(after))
            assert got == want, f"{act} from\n{before}\n{explain(got, want)}"
            yield kind, before, act, st


@pytest.mark.parametrize(
    "name", ["multi-card play, draw until playable", "multi-card play, draw exactly 3"]
)
def test_a_draw_variant_with_several_cards_in_one_turn_steps_as_the_engine(name):
    """A draw variant with V-MULTI-PLAY: a whole multi-card turn is the model's group step,
    every other action (turn draws, drawing on, a card drawn played alone, passing) one
    step, and each is the engine's."""
    group = next(g for g in GROUPS if g.name == name)
    seen: set[str] = set()
    for kind, before, act, _ in followed(group, 16):
        if kind == "turn":
            seen.add("group" if len(act[1]) > 1 else "single")
        else:
            seen.add(f"{act['type']} in phase {before.phase}")
    want = {"group", "single", "draw in phase turn", "play in phase drawn", "pass in phase drawn"}
    if group.rules.series:
        want.add("draw in phase drawn")
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize("name", ["cheat, multi-card play", "cheat, identical cards"])
def test_cheat_with_several_cards_in_one_turn_steps_as_the_engine(name):
    """V-CHEAT with a multi-card variant: a coloured card on a turn goes down face down and
    alone (one step with its claim), so only wild cards go down face up, and under
    V-MULTI-IDENTICAL several equal wild cards are one turn, the model's group step. Every
    step and every whole turn is the engine's."""
    group = next(g for g in GROUPS if g.name == name)
    seen: set[str] = set()
    for kind, _, act, _ in followed(group, 16):
        if kind == "turn":
            seen.add("group" if len(act[1]) > 1 else "face up")
        else:
            seen.add("face down" if "claim" in act else act["type"])
    want = {"face up", "face down", "accept", "accuse"}
    if "V-MULTI-IDENTICAL" in dict(group.options):
        want.add("group")
    else:  # V-MULTI-PLAY: nothing may follow a wild card, so no turn lays two cards
        assert "group" not in seen
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize(
    "name",
    [
        "UNO out call, multi-card play",
        "UNO out call, cumulative effects",
        "UNO out call, 0-7, multi-card play",
    ],
)
def test_a_group_that_empties_the_hand_without_the_uno_out_call_steps_as_the_engine(name):
    """V-UNO-OUT-CALL with V-MULTI-PLAY: a whole turn is the model's group step, with the
    call or without it. A group that empties the hand with the call wins the round; without
    it the player owes the penalty and the group takes effect, as the engine does (under
    0-7 after the hands are swapped or passed on)."""
    group = next(g for g in GROUPS if g.name == name)
    seen: set[str] = set()
    for kind, before, act, _ in followed(group, 40, rate=0.9):
        if kind == "turn":
            seat, cards, _, called = act
            if len(before.hands[seat]) == len(cards):
                size = "group" if len(cards) > 1 else "card"
                seen.add(f"last {size}" + " with the call" * called)
                if size == "group" and not called and {c[1:] for c in cards} & {"0", "7"}:
                    seen.add("last group with a 0 or a 7")
    want = {"last group", "last group with the call", "last card", "last card with the call"}
    if group.rules.seven_swap:
        want.add("last group with a 0 or a 7")
    assert want <= seen, sorted(want - seen)


def short_piles(pos, card: str, draw: int, spare: bool):
    """``pos`` (a turn, nothing owed) changed so that the seat to act holds only ``card``
    (of the current colour, so it may be played) and the draw pile holds ``draw`` cards;
    the other cards of the piles lie in the discard pile under its top card (``spare``) or
    go to the other hands, so that once the card is down only the old top card can be
    reshuffled and the rest of a penalty is forgiven (P-PILES-EXHAUSTED)."""
    from unospec.reference import dump, load

    d = dump(pos)
    s, top = d["to_act"], d["discard_pile"][-1]
    others = [t for t in range(d["players"]) if t != s]
    places = [d["draw_pile"], d["discard_pile"], *d["hands"]]
    holder = next(p for p in places if card in p and not (p is d["discard_pile"] and card == top))
    holder.remove(card)
    rest = d["draw_pile"] + d["discard_pile"][:-1] + d["hands"][s]
    d["hands"][s] = [card]
    d["draw_pile"], rest = rest[:draw], rest[draw:]
    if spare:
        d["discard_pile"] = rest + [top]
    else:
        d["discard_pile"] = [top]
        for i, c in enumerate(rest):
            d["hands"][others[i % len(others)]].append(c)
    d["uno"] = [None] * d["players"]
    d["uno"][s] = "called"
    return load(d)


@pytest.mark.parametrize(
    "name, face, spare",
    [
        ("UNO out call", "5", True),
        ("UNO out call", "5", False),
        ("UNO out call", "D2", True),
        ("UNO out call", "D2", False),
        ("UNO out call, 0-7", "0", True),
        ("UNO out call, 0-7", "0", False),
        ("UNO out call, 0-7", "7", True),
        ("UNO out call, 0-7", "7", False),
    ],
)
def test_a_penalty_the_draw_pile_cannot_cover_steps_as_the_engine(name, face, spare):
    """V-UNO-OUT-CALL: a last card laid without the call while the draw pile holds fewer
    cards than the penalty. The penalty waits for a reshuffle (a Draw Two's victim draws
    after it: two owed draws, the second in the model's queue), and what the reshuffle
    cannot give is forgiven. Under 0-7 a last 0 passes the empty hand on before the
    penalty is drawn, and whoever receives it wins the round; a last 7 asks for the swap
    once the penalty is served. Each step, through the reshuffle, is the model's."""

    group = next(g for g in GROUPS if g.name == name)
    outcomes = set()
    for seed in range(6):
        start = next(
            b
            for b, _, _, _ in steps(group, 2 + seed % 3, seed, limit=60)
            if b.phase == "turn" and not b.owed_draws and b.chance is None and b.colour
        )
        card = start.colour + face
        pos = short_piles(start, card, seed % 2, spare)
        s, rng = pos.to_act, random.Random(seed)
        act = {"type": "play", "seat": s, "card": card}
        assert act in legal_actions(pos)
        for _ in range(4):  # the play, a reshuffle, the swap, a reshuffle
            after, events = apply(pos, act)
            got = observe(step(group.rules, abstract(pos), act, list(pos.draw_pile)))
            want = observe(abstract(after))
            assert got == want, f"{act} from\n{pos}\n{explain(got, want)}"
            outcomes.add("victim queued" if abstract(after).queued_count else "")
            outcomes.add("forgiven" if any(e["type"] == "draw_forgiven" for e in events) else "")
            pos = after
            if pos.phase in ("deal", "over"):
                break
            if pos.chance is not None:
                outcomes.add("reshuffle")
                act = chance_action(pos, rng)
            elif pos.phase == "swap":
                outcomes.add("swap after the penalty")
                act = next(a for a in legal_actions(pos) if a["type"] == "swap")
            else:
                break
        if pos.phase in ("deal", "over"):
            won = next(t for t in range(pos.players) if pos.scores[t] != start.scores[t])
            outcomes.add("won by the receiver" if won != s else "won by its player")
    want = {
        "5": {"reshuffle"},
        "D2": {"reshuffle", "victim queued"},
        "0": {"won by the receiver"},
        "7": {"reshuffle", "swap after the penalty"},
    }[face] | ({"forgiven"} if not spare and face != "0" else set())
    assert want <= outcomes and "won by its player" not in outcomes, sorted(want - outcomes)


SEVEN_ZERO_MULTI = [g for g in GROUPS if g.rules.multi and g.rules.seven_swap]


@pytest.mark.parametrize("name", [g.name for g in SEVEN_ZERO_MULTI])
def test_0_7_with_several_cards_in_one_turn_steps_as_the_engine(name):
    """V-SEVEN-ZERO with V-MULTI-PLAY: a whole turn is the model's group step, which
    under a 7 among its cards stops in phase swap holding the group's effect; the swap is
    then a step of its own that applies it; with no 7, a 0 among the cards rotates the hands
    first. Every state met also meets the invariants."""
    group = next(g for g in GROUPS if g.name == name)
    seen: set[str] = set()
    for kind, before, act, state in followed(group, 24):
        m = Model(group.rules, state.players, Concrete)
        broken = [k for k, ok in invariants(m, state).items() if not ok]
        assert not broken, f"{broken} fail in\n{before}"
        if kind == "turn":
            cards = act[1]
            faces = {c[1:] for c in cards if c not in ("W", "WD4")}
            if len(cards) == 1:
                seen.add("single 7" if faces == {"7"} else "single")
            elif "7" in faces:
                seen.add("group with a 7")
                if "0" in faces:
                    seen.add("group with a 7 and a 0")
            elif "0" in faces:
                seen.add("group with a 0")
            else:
                seen.add("group")
        elif act["type"] == "swap":
            grouped = len(before.pending["cards"]) > 1
            seen.add("swap after a group" if grouped else "swap after a single 7")
            if grouped and (state.swap_skips, state.swap_flips, state.swap_draws) != (0, 0, 0):
                seen.add("swap after a group with an effect")
    want = {
        "single 7",
        "group with a 7",
        "group with a 7 and a 0",
        "group with a 0",
        "swap after a group",
        "swap after a single 7",
        "swap after a group with an effect",
    }
    assert want <= seen, sorted(want - seen)


@pytest.mark.parametrize("wild", ["W", "WD4"])
def test_a_group_whose_colour_waits_for_a_reshuffle_ends_as_the_engine(wild):
    """V-UNO-OUT-CALL with V-MULTI-RIDE: a chain ending in a wild card empties the hand
    without the call while the draw pile holds one card. The engine serves the penalty,
    which waits for a reshuffle, before it asks for the colour; the model names the colour
    in the group step and reshuffles after it. The two orders end in the same state."""

    from unospec.reference import dump, load

    group = Group(
        "UNO out call, ride",
        "official",
        (("V-UNO-OUT-CALL", True), ("V-MULTI-PLAY", True), ("V-MULTI-RIDE", True)),
    )
    for seed in range(6):
        start = next(
            b
            for b, _, _, _ in steps(group, 2 + seed % 3, seed, limit=60)
            if b.phase == "turn" and not b.owed_draws and b.chance is None and b.colour
        )
        d = dump(start)
        s, top, first = d["to_act"], d["discard_pile"][-1], start.colour + "5"
        for card in (first, wild):
            holder = next(
                p
                for p in (d["draw_pile"], d["discard_pile"], *d["hands"])
                if card in p and not (p is d["discard_pile"] and card == top)
            )
            holder.remove(card)
        rest = d["draw_pile"] + d["discard_pile"][:-1] + d["hands"][s]
        d["hands"][s], d["draw_pile"], d["discard_pile"] = [first, wild], rest[:1], rest[1:] + [top]
        d["uno"] = [None] * d["players"]
        before = pos = load(d)
        for card in (first, wild):
            pos, _ = apply(pos, {"type": "play", "seat": s, "card": card})
        assert pos.phase == "colour" and pos.chance is not None  # the turn is half done
        shuffle = chance_action(pos, random.Random(seed))
        pos, _ = apply(pos, shuffle)
        colour = next(a for a in legal_actions(pos) if a["type"] == "colour")
        pos, _ = apply(pos, colour)
        st = whole_turn(
            group.rules, abstract(before), s, [first, wild], colour["colour"], before.draw_pile
        )
        got = observe(step(group.rules, st, shuffle, []))
        want = observe(abstract(pos))
        assert got == want, explain(got, want)
