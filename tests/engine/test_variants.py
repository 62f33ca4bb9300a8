"""The optional variants: several cards per turn, cumulative effects, stacking, 0-7, jump-in,
Cheat UNO, no-action finish, "UNO out" and the Wild restrictions."""

from __future__ import annotations

from enginekit import colour, draw, of_type, pass_, play, position, refused, rules_of, run

from unospec.reference import apply, legal_actions

PILE = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "G1"]
MULTI = {"V-MULTI-PLAY": True}
IDENTICAL = {"V-MULTI-IDENTICAL": True}


def end(seat):
    return {"type": "end", "seat": seat}


def accept(seat):
    return {"type": "accept", "seat": seat}


def plays_of(pos, seat=None):
    seat = pos.to_act if seat is None else seat
    return sorted(
        a["card"] for a in legal_actions(pos) if a["type"] == "play" and a["seat"] == seat
    )


def four(hand0, top="R7", others=None, **kw):
    others = others or [["B1", "B3", "B5"], ["G3", "G4", "G5"], ["B8", "B9", "G8"]]
    kw.setdefault("draw_pile", list(PILE))
    return position(players=4, hands=[hand0, *others], top=top, **kw)


# -- V-MULTI-PLAY ---------------------------------------------------------------------------


def test_v_multi_play_further_cards_must_fit_the_pile_as_it_stood():
    pos = four(["R5", "G7", "B2", "Y7"], options=MULTI)
    pos, _ = apply(pos, play(0, "R5"))
    assert pos.phase == "multi" and pos.to_act == 0
    assert plays_of(pos) == ["G7", "Y7"]  # B2 fits neither R nor 7
    refused(pos, play(0, "B2"), "V-MULTI-PLAY")


def test_v_multi_play_last_card_sets_the_colour_and_turn_passes_on_end():
    pos = four(["R5", "G7", "B2", "Y7"], options=MULTI)
    pos, _ = run(pos, play(0, "R5"), play(0, "G7"), end(0))
    assert pos.discard_pile[-3:] == ["R7", "R5", "G7"]
    assert pos.colour == "G"
    assert pos.to_act == 1
    assert pos.hands[0] == ["B2", "Y7"]


def test_v_multi_play_without_cumulative_only_the_last_card_has_its_effect():
    pos = four(["RS", "R2", "B9"], options=MULTI)
    pos, events = run(pos, play(0, "RS"), play(0, "R2"))  # nothing more fits: the turn ends
    assert pos.to_act == 1
    assert "SKIP-EFFECT" not in rules_of(events)


def test_v_multi_play_wild_cards_are_never_part_of_a_group():
    pos = four(["R5", "W", "WD4", "B2"], options=MULTI)
    pos, _ = apply(pos, play(0, "R5"))
    assert "W" not in plays_of(pos)
    assert "WD4" not in plays_of(pos)


def test_v_multi_play_a_wild_is_played_alone():
    pos = four(["W", "R5", "G7"], options=MULTI)
    pos, _ = run(pos, play(0, "W"), colour(0, "G"))
    assert pos.phase == "turn"
    assert pos.to_act == 1
    assert pos.hands[0] == ["R5", "G7"]


def test_v_multi_play_no_group_after_a_turn_draw():
    pos = four(["R5", "G1"], options=MULTI, draw_pile=["R3", *PILE])
    pos, _ = run(pos, draw(0), play(0, "R3"))
    assert pos.phase == "turn"
    assert pos.to_act == 1
    assert pos.hands[0] == ["R5", "G1"]


def test_v_multi_play_may_go_out_with_a_group_by_default():
    pos = four(["R5", "G7"], options=MULTI)
    pos, events = run(pos, play(0, "R5"), play(0, "G7"))
    assert "ROUND-END" in rules_of(events)
    assert pos.last_round["winner"] == 0


def test_v_multi_play_may_go_out_with_multi_false_refuses_an_emptying_group():
    pos = four(["R5", "G7"], options={"V-MULTI-PLAY": {"may_go_out_with_multi": False}})
    pos, _ = apply(pos, play(0, "R5"))
    assert pos.phase == "turn"  # no follow-up could be allowed: the turn is over
    assert pos.to_act == 1
    assert pos.hands[0] == ["G7"]


def test_v_multi_play_may_go_out_with_multi_false_single_last_card_still_wins():
    pos = four(["R5"], options={"V-MULTI-PLAY": {"may_go_out_with_multi": False}})
    _, events = apply(pos, play(0, "R5"))
    assert "ROUND-END" in rules_of(events)


def test_v_multi_one_colour_or_all_number_colour_match_plays_one_card():
    opts = {"V-MULTI-PLAY": True, "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER": True}
    pos = four(["R5", "R6", "G7", "Y7"], options=opts)
    pos, _ = apply(pos, play(0, "R5"))
    assert pos.phase == "turn"
    assert pos.to_act == 1


def test_v_multi_one_colour_or_all_number_number_match_lets_every_such_number_go():
    opts = {"V-MULTI-PLAY": True, "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER": True}
    pos = four(["G7", "Y7", "B7", "R6", "G2"], options=opts)
    pos, _ = apply(pos, play(0, "G7"))
    assert plays_of(pos) == ["B7", "Y7"]
    pos, _ = run(pos, play(0, "Y7"), play(0, "B7"))
    assert pos.phase == "turn"  # nothing left to add
    assert pos.colour == "B"
    assert pos.hands[0] == ["R6", "G2"]


def test_v_multi_ride_each_card_must_match_the_one_before():
    opts = {"V-MULTI-PLAY": True, "V-MULTI-RIDE": True}
    pos = four(["Y7", "Y6", "B2", "G6"], top="B7", options=opts)
    pos, _ = apply(pos, play(0, "Y7"))
    assert plays_of(pos) == ["Y6"]  # B2 fitted the pile, but not the yellow 7
    pos, _ = apply(pos, play(0, "Y6"))
    assert plays_of(pos) == ["G6"]


def test_v_multi_ride_max_chain_limits_the_chain():
    opts = {"V-MULTI-PLAY": True, "V-MULTI-RIDE": {"max_chain": 2, "allow_specials_in_chain": True}}
    pos = four(["Y7", "Y6", "G6", "B1"], top="B7", options=opts)
    pos, _ = run(pos, play(0, "Y7"), play(0, "Y6"))
    assert pos.phase == "turn"
    assert pos.to_act == 1


def test_v_multi_ride_without_specials_action_cards_are_not_links():
    opts = {
        "V-MULTI-PLAY": True,
        "V-MULTI-RIDE": {"max_chain": 0, "allow_specials_in_chain": False},
    }
    pos = four(["Y7", "YS", "Y6", "B1"], top="B7", options=opts)
    pos, _ = apply(pos, play(0, "Y7"))
    assert plays_of(pos) == ["Y6"]


# -- V-MULTI-IDENTICAL ----------------------------------------------------------------------


def test_v_multi_identical_only_exact_copies_join():
    pos = four(["R2", "R2", "G2", "B5"], top="R7", options=IDENTICAL)
    pos, _ = apply(pos, play(0, "R2"))
    assert plays_of(pos) == ["R2"]
    refused(pos, play(0, "G2"), "V-MULTI-IDENTICAL")
    pos, _ = apply(pos, play(0, "R2"))
    assert pos.phase == "turn"
    assert pos.hands[0] == ["G2", "B5"]


def test_v_multi_identical_wilds_name_one_colour_for_the_group():
    pos = four(["W", "W", "B5"], options=IDENTICAL)
    events = []
    pos, ev = apply(pos, play(0, "W"))
    events += ev
    for _ in range(6):  # finish the group whatever the engine asks for next
        acts = [
            a
            for a in legal_actions(pos)
            if a["seat"] == 0 and a["type"] in ("play", "colour", "end")
        ]
        if pos.to_act != 0 or not acts:
            break
        nxt = (
            next((a for a in acts if a["type"] == "play"), None)
            or next((a for a in acts if a["type"] == "colour" and a["colour"] == "G"), None)
            or acts[0]
        )
        pos, ev = apply(pos, nxt)
        events += ev
    assert pos.hands[0] == ["B5"]
    assert len(of_type(events, "colour_named")) == 1
    assert pos.colour == "G"
    assert pos.to_act == 1


def test_v_multi_identical_include_wilds_false_plays_wilds_singly():
    pos = four(["W", "W", "B5"], options={"V-MULTI-IDENTICAL": {"include_wilds": False}})
    pos, _ = run(pos, play(0, "W"), colour(0, "G"))
    assert pos.phase == "turn"
    assert pos.to_act == 1
    assert pos.hands[0] == ["W", "B5"]


# -- V-CUMULATIVE-EFFECT --------------------------------------------------------------------


def cumulative(**params):
    base = {"reverse_parity": "each_flips", "draw_sum": True}
    base.update(params)
    return {"V-MULTI-IDENTICAL": True, "V-CUMULATIVE-EFFECT": base}


def test_v_cumulative_effect_two_skips_skip_two_players():
    pos = four(["RS", "RS", "B5"], options=cumulative())
    pos, events = run(pos, play(0, "RS"), play(0, "RS"))
    assert pos.to_act == 3


def test_v_multi_identical_without_cumulative_two_skips_skip_one_player():
    pos = four(["RS", "RS", "B5"], options=IDENTICAL)
    pos, _ = run(pos, play(0, "RS"), play(0, "RS"))
    assert pos.to_act == 2


def test_v_cumulative_effect_draw_sum_adds_the_draw_cards():
    pos = four(["RD2", "RD2", "B5"], options=cumulative())
    pos, _ = run(pos, play(0, "RD2"), play(0, "RD2"))
    assert pos.hands[1] == ["B1", "B3", "B5", "Y1", "Y2", "Y3", "Y4"]
    assert pos.to_act == 2


def test_v_cumulative_effect_draw_sum_false_only_the_last_draw_card_counts():
    pos = four(["RD2", "RD2", "B5"], options=cumulative(draw_sum=False))
    pos, _ = run(pos, play(0, "RD2"), play(0, "RD2"))
    assert pos.hands[1] == ["B1", "B3", "B5", "Y1", "Y2"]
    assert pos.to_act == 2


def test_v_cumulative_effect_each_flips_two_reverses_cancel():
    pos = four(["RR", "RR", "B5"], options=cumulative())
    pos, _ = run(pos, play(0, "RR"), play(0, "RR"))
    assert pos.direction == 1
    assert pos.to_act == 1


def test_v_cumulative_effect_single_flip_two_reverses_flip_once():
    pos = four(["RR", "RR", "B5"], options=cumulative(reverse_parity="single_flip"))
    pos, _ = run(pos, play(0, "RR"), play(0, "RR"))
    assert pos.direction == -1
    assert pos.to_act == 3


def test_v_cumulative_effect_two_players_one_extra_turn():
    pos = position(
        players=2, hands=[["RS", "RS", "B5"], ["G1", "G2"]], top="R7", options=cumulative()
    )
    pos, _ = run(pos, play(0, "RS"), play(0, "RS"))
    assert pos.to_act == 0


# -- V-STACK-DRAW ---------------------------------------------------------------------------

STACK = {"V-STACK-DRAW": True}


def test_v_stack_draw_victim_may_answer_a_draw_two_with_a_draw_two():
    pos = four(
        ["RD2", "B5", "B6"], others=[["GD2", "B3"], ["YD2", "G4"], ["B8", "G8"]], options=STACK
    )
    pos, _ = apply(pos, play(0, "RD2"))
    assert pos.phase == "stack"
    assert pos.to_act == 1
    assert legal_actions(pos) == [play(1, "GD2"), accept(1)]
    pos, _ = apply(pos, play(1, "GD2"))
    assert pos.phase == "stack"
    assert pos.to_act == 2
    assert pos.pending["total"] == 4
    assert pos.hands[1] == ["B3"]


def test_v_stack_draw_player_who_cannot_answer_draws_the_total_and_misses_the_turn():
    pos = four(["RD2", "B5"], others=[["GD2", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK)
    pos, events = run(pos, play(0, "RD2"), play(1, "GD2"))
    assert pos.hands[2] == ["G3", "G4", "Y1", "Y2", "Y3", "Y4"]
    assert pos.to_act == 3
    assert pos.phase == "turn"
    assert "V-STACK-DRAW" in rules_of(events)


def test_v_stack_draw_victim_may_decline_and_take_the_total():
    pos = four(["RD2", "B5"], others=[["GD2", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK)
    pos, _ = run(pos, play(0, "RD2"), accept(1))
    assert pos.hands[1] == ["GD2", "B3", "Y1", "Y2"]
    assert pos.to_act == 2


def test_v_stack_draw_wild_is_never_an_answer():
    pos = four(["RD2", "B5"], others=[["W", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK)
    pos, _ = apply(pos, play(0, "RD2"))
    assert pos.to_act == 2
    assert pos.hands[1] == ["W", "B3", "Y1", "Y2"]


def test_v_stack_draw_default_pairs_do_not_mix_draw_two_and_wd4():
    pos = four(["RD2", "B5"], others=[["WD4", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK)
    pos, _ = apply(pos, play(0, "RD2"))
    assert pos.to_act == 2
    assert len(pos.hands[1]) == 4


def test_v_stack_draw_wd4_on_wd4_then_challenge_guilty_wd4_player_draws_the_total():
    pos = four(
        ["WD4", "R1", "R2"], others=[["WD4", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK
    )
    pos, _ = run(pos, play(0, "WD4"), colour(0, "B"))
    assert pos.phase == "stack"
    assert legal_actions(pos) == [play(1, "WD4"), {"type": "challenge", "seat": 1}, accept(1)]
    pos, _ = run(pos, play(1, "WD4"), colour(1, "G"))
    assert pos.pending["total"] == 8
    pos, _ = apply(pos, {"type": "challenge", "seat": 2})
    assert pos.hands[1] == ["B3", *PILE[:8]]  # seat 1 held blue, the colour named before its WD4
    assert pos.to_act == 2
    assert pos.hands[2] == ["G3", "G4"]


def test_v_stack_draw_failed_challenge_costs_the_total_plus_two():
    pos = four(["WD4", "G1"], others=[["WD4", "B3"], ["G3", "G4"], ["B8", "G8"]], options=STACK)
    pos, _ = run(pos, play(0, "WD4"), colour(0, "Y"), play(1, "WD4"), colour(1, "G"))
    pos, _ = apply(pos, {"type": "challenge", "seat": 2})
    assert pos.hands[2] == ["G3", "G4", *PILE[:10]]
    assert pos.to_act == 3


def test_v_stack_draw_two_on_wd4_must_have_the_named_colour():
    opts = {"V-STACK-DRAW": {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}}
    pos = four(["WD4", "G1"], others=[["GD2", "BD2"], ["G3", "G4"], ["B8", "G8"]], options=opts)
    pos, _ = run(pos, play(0, "WD4"), colour(0, "B"))
    assert plays_of(pos, 1) == ["BD2"]


def test_v_stack_draw_wd4_on_draw_two_when_allowed():
    opts = {"V-STACK-DRAW": {"stackable": ["D2-on-D2", "WD4-on-D2"]}}
    pos = four(["RD2", "B5"], others=[["WD4", "B3"], ["G3", "G4"], ["B8", "G8"]], options=opts)
    pos, _ = run(pos, play(0, "RD2"), play(1, "WD4"), colour(1, "Y"))
    assert pos.pending["total"] == 6
    assert pos.to_act == 2


def test_v_stack_draw_last_card_answer_ends_the_round_and_next_draws_the_total():
    pos = four(
        ["RD2", "B5"],
        others=[["GD2"], ["G3", "G4"], ["B8", "G8"]],
        options=STACK,
        uno=[None, "called", None, None],
    )
    pos, events = run(pos, play(0, "RD2"), play(1, "GD2"))
    assert "ROUND-END" in rules_of(events)
    assert pos.last_round["winner"] == 1
    assert pos.last_round["hands"][2] == sorted(["G3", "G4", "Y1", "Y2", "Y3", "Y4"])


# -- V-SEVEN-ZERO ---------------------------------------------------------------------------

SEVEN_ZERO = {"V-SEVEN-ZERO": True}


def three(hand0, others=(["B1", "B3", "B5"], ["Y3", "Y4"]), top="R7", **kw):
    kw.setdefault("draw_pile", list(PILE))
    return position(players=3, hands=[hand0, *[list(h) for h in others]], top=top, **kw)


def test_v_seven_zero_seven_swaps_hands_with_a_chosen_player():
    pos = three(["Y7", "G1", "G2"], options=SEVEN_ZERO)
    pos, _ = apply(pos, play(0, "Y7"))
    assert pos.phase == "swap"
    assert legal_actions(pos) == [
        {"type": "swap", "seat": 0, "target": 1},
        {"type": "swap", "seat": 0, "target": 2},
    ]
    pos, events = apply(pos, {"type": "swap", "seat": 0, "target": 2})
    assert pos.hands == [["Y3", "Y4"], ["B1", "B3", "B5"], ["G1", "G2"]]
    assert pos.to_act == 1
    assert {"type": "hands_swapped", "rule": "V-SEVEN-ZERO", "seat": 0, "target": 2} in events


def test_v_seven_zero_zero_passes_every_hand_on_in_the_direction_of_play():
    pos = three(["R0", "G1", "G2"], options=SEVEN_ZERO)
    pos, _ = apply(pos, play(0, "R0"))
    assert pos.hands == [["Y3", "Y4"], ["G1", "G2"], ["B1", "B3", "B5"]]
    assert pos.to_act == 1


def test_v_seven_zero_zero_counter_clockwise():
    pos = three(["R0", "G1", "G2"], options=SEVEN_ZERO, direction=-1)
    pos, _ = apply(pos, play(0, "R0"))
    assert pos.hands == [["B1", "B3", "B5"], ["Y3", "Y4"], ["G1", "G2"]]
    assert pos.to_act == 2


def test_v_seven_zero_last_card_seven_ends_the_round_without_a_swap():
    pos = three(["Y7"], options=SEVEN_ZERO)
    pos, events = apply(pos, play(0, "Y7"))
    assert "ROUND-END" in rules_of(events)
    assert not of_type(events, "hands_swapped")


def test_v_seven_zero_swap_renews_uno_duties_even_for_a_player_who_called():
    pos = three(
        ["Y7", "G1"], others=(["B1"], ["Y3", "Y4"]), options=SEVEN_ZERO, uno=[None, "called", None]
    )
    pos, _ = run(pos, play(0, "Y7"), {"type": "swap", "seat": 0, "target": 1})
    assert pos.hands[:2] == [["B1"], ["G1"]]
    assert pos.uno[1] != "called"
    assert {"type": "catch", "seat": 2, "target": 1} in legal_actions(pos)


def test_v_seven_zero_swap_leaving_one_card_creates_an_uno_duty():
    pos = three(
        ["Y7", "G1", "G2"],
        others=(["B1"], ["Y3", "Y4"]),
        options=SEVEN_ZERO,
        uno=[None, "called", None],
    )
    pos, _ = run(pos, play(0, "Y7"), {"type": "swap", "seat": 0, "target": 1})
    assert pos.hands[:2] == [["B1"], ["G1", "G2"]]
    assert pos.uno[:2] == ["catchable", None]


# -- V-JUMP-IN ------------------------------------------------------------------------------

JUMP = {"V-JUMP-IN": True}


def test_v_jump_in_identical_card_out_of_turn_play_continues_from_the_jumper():
    pos = four(
        ["R5", "G1", "G2"], others=[["B1", "B3"], ["Y3", "R5", "G3"], ["G9", "G8"]], options=JUMP
    )
    pos, _ = apply(pos, play(0, "R5"))
    assert play(2, "R5") in legal_actions(pos)
    pos, events = apply(pos, play(2, "R5"))
    assert pos.to_act == 3
    assert pos.hands[2] == ["Y3", "G3"]
    assert events[0] == {"type": "jumped_in", "rule": "V-JUMP-IN", "seat": 2, "card": "R5"}


def test_v_jump_in_not_by_the_player_due_next_nor_the_one_who_laid_it():
    pos = four(["R5", "G1", "G2"], others=[["R5", "B3"], ["Y3", "G3"], ["G9", "G8"]], options=JUMP)
    pos, _ = apply(pos, play(0, "R5"))
    assert play(1, "R5") in legal_actions(pos)  # seat 1 plays it on its own turn, not as a jump-in
    assert not any(a["seat"] in (0, 2, 3) and a["type"] == "play" for a in legal_actions(pos))


def test_v_jump_in_non_identical_card_is_refused():
    pos = four(
        ["R5", "G1", "G2"], others=[["B1", "B3"], ["Y3", "G5", "G3"], ["G9", "G8"]], options=JUMP
    )
    pos, _ = apply(pos, play(0, "R5"))
    refused(pos, play(2, "G5"), "V-JUMP-IN")


def test_v_jump_in_not_on_the_starter():
    pos = four(["B1", "G1"], others=[["B3", "B4"], ["Y3", "R7", "G3"], ["G9", "G8"]], options=JUMP)
    assert not any(a["seat"] == 2 for a in legal_actions(pos))


def test_v_jump_in_closed_once_the_next_player_acts():
    pos = four(
        ["R5", "G1", "G2"],
        others=[["B1", "B3"], ["Y3", "G3"], ["G9", "R5", "G8"]],
        options=JUMP,
        draw_pile=["R9", *PILE],
    )
    pos, _ = apply(pos, play(0, "R5"))
    assert play(3, "R5") in legal_actions(pos)
    pos, _ = apply(pos, draw(1))  # the player due next has made a turn action
    assert play(3, "R5") not in legal_actions(pos)
    pos, _ = apply(pos, pass_(1))
    assert pos.to_act == 2
    assert play(3, "R5") not in legal_actions(pos)


def test_v_jump_in_on_a_skip_the_covered_skip_takes_no_turn():
    pos = four(
        ["RS", "G1", "G2"], others=[["B1", "B3"], ["Y3", "Y2"], ["G9", "RS", "G8"]], options=JUMP
    )
    pos, _ = run(pos, play(0, "RS"), play(3, "RS"))
    assert pos.to_act == 1


def test_v_jump_in_on_a_reverse_undoes_the_covered_reverse_before_flipping():
    pos = four(
        ["RR", "G1", "G2"], others=[["B1", "B3"], ["Y3", "RR", "G3"], ["G9", "G8"]], options=JUMP
    )
    pos, _ = apply(pos, play(0, "RR"))
    assert pos.direction == -1 and pos.to_act == 3
    pos, _ = apply(pos, play(2, "RR"))
    assert pos.direction == -1
    assert pos.to_act == 1


def test_v_jump_in_closes_the_uno_catch_window():
    pos = four(["R5", "G1"], others=[["B1", "B3"], ["Y3", "R5", "G3"], ["G9", "G8"]], options=JUMP)
    pos, _ = apply(pos, play(0, "R5"))
    assert {"type": "catch", "seat": 2, "target": 0} in legal_actions(pos)
    pos, _ = apply(pos, play(2, "R5"))
    refused(pos, {"type": "catch", "seat": 3, "target": 0}, "UNO-CATCH-WINDOW")


# -- V-CHEAT --------------------------------------------------------------------------------

CHEAT = {"V-CHEAT": True}


def test_v_cheat_card_goes_down_with_a_legal_claim_and_the_next_player_reacts():
    pos = three(["G1", "G2", "B4"], options=CHEAT)
    pos, events = apply(pos, play(0, "G1", claim="R1"))
    assert pos.phase == "cheat"
    assert pos.to_act == 1
    assert pos.announced == "R1"
    assert pos.colour == "R"
    assert legal_actions(pos) == [accept(1), {"type": "accuse", "seat": 1}]
    assert events == [{"type": "card_announced", "rule": "V-CHEAT", "seat": 0, "claim": "R1"}]


def test_v_cheat_claim_must_be_legal():
    pos = three(["G1", "G2", "B4"], options=CHEAT)
    refused(pos, play(0, "G1", claim="G1"), "V-CHEAT")


def test_v_cheat_accept_lets_the_play_stand_as_announced():
    pos = three(["G1", "G2", "B4"], options=CHEAT)
    pos, _ = run(pos, play(0, "G1", claim="R1"), accept(1))
    assert pos.phase == "turn"
    assert pos.to_act == 1
    assert pos.discard_pile[-1] == "G1"
    assert pos.announced == "R1"
    assert pos.hands[0] == ["G2", "B4"]


def test_v_cheat_false_accusation_accuser_draws_and_the_play_stands():
    pos = three(["R1", "G2", "B4"], options=CHEAT)
    pos, events = run(pos, play(0, "R1", claim="R1"), {"type": "accuse", "seat": 1})
    assert pos.hands[1] == ["B1", "B3", "B5", "Y1", "Y2"]
    assert pos.discard_pile[-1] == "R1"
    assert pos.to_act == 1
    assert {
        "type": "cheat_revealed",
        "rule": "V-CHEAT",
        "seat": 0,
        "card": "R1",
        "honest": True,
    } in events


def test_v_cheat_true_accusation_card_returns_cheater_draws_and_accuser_plays():
    pos = three(["G1", "G2", "B4"], options=CHEAT)
    pos, _ = run(pos, play(0, "G1", claim="R1"), {"type": "accuse", "seat": 1})
    assert sorted(pos.hands[0]) == sorted(["G1", "G2", "B4", "Y1", "Y2"])
    assert pos.discard_pile == ["R7"]
    assert pos.colour == "R"
    assert pos.announced is None
    assert pos.to_act == 1
    assert pos.hands[1] == ["B1", "B3", "B5"]


def test_v_cheat_a_last_card_announced_as_a_forbidden_card_is_refused():
    """Under V-NO-ACTION-FINISH a face-down last card announced as a forbidden card does not
    go down, even when it is that card (it used to, and won the round on a Skip)."""
    options = {**CHEAT, "V-NO-ACTION-FINISH": {"forbidden_last": "action"}}
    pos = three(["RS"], options=options)
    refused(pos, play(0, "RS", claim="RS"), "V-NO-ACTION-FINISH")
    refused(pos, play(0, "RS", claim="RR"), "V-NO-ACTION-FINISH")
    claims = {a["claim"] for a in legal_actions(pos) if a["type"] == "play"}
    assert claims == {f"R{i}" for i in range(10)} | {"Y7", "G7", "B7"}


# -- V-NO-ACTION-FINISH ---------------------------------------------------------------------


def test_v_no_action_finish_special_last_card_is_refused_and_a_draw_is_due():
    pos = three(["RS"], profile="sv-unoregler")
    refused(pos, play(0, "RS"), "V-NO-ACTION-FINISH")
    assert legal_actions(pos) == [draw(0)]


def test_v_no_action_finish_after_drawing_the_drawn_card_may_be_played():
    pos = three(
        ["RS"],
        options={"V-NO-ACTION-FINISH": {"forbidden_last": "special"}},
        draw_pile=["R2", *PILE],
    )
    pos, _ = apply(pos, draw(0))
    assert legal_actions(pos) == [play(0, "R2"), pass_(0)]


def test_v_no_action_finish_action_mode_allows_a_last_wild():
    opts = {"V-NO-ACTION-FINISH": {"forbidden_last": "action"}}
    assert play(0, "W") in legal_actions(three(["W"], options=opts))
    refused(three(["RS"], options=opts), play(0, "RS"), "V-NO-ACTION-FINISH")


def test_v_no_action_finish_draw_mode_forbids_only_draw_cards():
    opts = {"V-NO-ACTION-FINISH": {"forbidden_last": "draw"}}
    assert play(0, "RS") in legal_actions(three(["RS"], options=opts))
    refused(three(["RD2"], options=opts), play(0, "RD2"), "V-NO-ACTION-FINISH")
    refused(three(["WD4"], options=opts), play(0, "WD4"), "V-NO-ACTION-FINISH")


# -- V-UNO-OUT-CALL -------------------------------------------------------------------------

OUT = {"V-UNO-OUT-CALL": True}


def test_v_uno_out_call_last_card_with_the_call_ends_the_round():
    pos = three(["R1"], options=OUT)
    pos, events = apply(pos, play(0, "R1", uno_out=True))
    assert "ROUND-END" in rules_of(events)


def test_v_uno_out_call_missing_costs_two_cards_and_play_goes_on():
    pos = three(["R1"], options=OUT)
    pos, events = apply(pos, play(0, "R1"))
    assert pos.hands[0] == ["Y1", "Y2"]
    assert pos.discard_pile[-1] == "R1"
    assert pos.to_act == 1
    assert "ROUND-END" not in rules_of(events)
    assert of_type(events, "uno_out_missed") == [
        {"type": "uno_out_missed", "rule": "V-UNO-OUT-CALL", "seat": 0}
    ]


def test_the_uno_out_call_is_refused_with_a_card_that_is_not_the_last_or_without_the_variant():
    refused(three(["R1", "R2"], options=OUT), play(0, "R1", uno_out=True), "V-UNO-OUT-CALL")
    # the same play carrying a call the game does not play: the variant is named, as a
    # claim without V-CHEAT names V-CHEAT (and not a wild rule the game does not play either)
    refused(three(["W", "R2"]), play(0, "W", uno_out=True), "V-UNO-OUT-CALL")


def test_v_uno_out_call_missing_on_a_draw_two_still_hits_the_next_player():
    pos = three(["RD2"], options=OUT)
    pos, _ = apply(pos, play(0, "RD2"))
    assert len(pos.hands[1]) == 5
    assert len(pos.hands[0]) == 2
    assert pos.to_act == 2


# -- V-WILD-ONLY-WITHOUT-COLOUR, V-WILD-MUST-CHANGE-COLOUR ----------------------------------


def test_v_wild_only_without_colour_refused_while_holding_the_current_colour():
    pos = three(["W", "R1"], options={"V-WILD-ONLY-WITHOUT-COLOUR": True})
    refused(pos, play(0, "W"), "V-WILD-ONLY-WITHOUT-COLOUR")


def test_v_wild_only_without_colour_allowed_without_it():
    pos = three(["W", "G7", "WD4"], options={"V-WILD-ONLY-WITHOUT-COLOUR": True})
    assert play(0, "W") in legal_actions(pos)


def test_v_wild_only_without_colour_drawn_wild_judged_on_the_hand_after_the_draw():
    pos = three(["R1", "G2"], options={"V-WILD-ONLY-WITHOUT-COLOUR": True}, draw_pile=["W", *PILE])
    pos, _ = apply(pos, draw(0))
    assert pos.to_act == 1
    assert "W" in pos.hands[0]


def test_v_wild_must_change_colour_current_colour_is_refused():
    pos = three(["W", "G1"], options={"V-WILD-MUST-CHANGE-COLOUR": True})
    pos, _ = apply(pos, play(0, "W"))
    assert sorted(a["colour"] for a in legal_actions(pos) if a["type"] == "colour") == [
        "B",
        "G",
        "Y",
    ]
    refused(pos, colour(0, "R"), "V-WILD-MUST-CHANGE-COLOUR")


def test_v_wild_must_change_colour_applies_to_the_wd4():
    pos = three(["WD4", "G1"], options={"V-WILD-MUST-CHANGE-COLOUR": True})
    pos, _ = apply(pos, play(0, "WD4"))
    refused(pos, colour(0, "R"), "V-WILD-MUST-CHANGE-COLOUR")


def test_partner_rotation_and_the_alternative_scoring_cannot_be_combined():
    """V-EXT-PARTNER-ROTATION crowns the highest total after twelve rounds, while under
    V-ALT-SCORING-LOSER-500 points count against a player: the catalogue refuses the pair."""
    import pytest

    from unospec.reference import new_game
    from unospec.spec.catalogue import CatalogueError

    options = {"V-TEAM": True, "V-EXT-PARTNER-ROTATION": True, "V-ALT-SCORING-LOSER-500": True}
    with pytest.raises(CatalogueError, match="V-EXT-PARTNER-ROTATION cannot be combined"):
        new_game(4, "official", options)
    del options["V-ALT-SCORING-LOSER-500"]
    assert new_game(4, "official", options).cfg.partner_rotation


def test_a_jumper_s_chain_under_multi_ride_is_judged_on_the_jumper_s_hand():
    """V-MULTI-RIDE with V-JUMP-IN: whether a Wild Draw Four may close a jumper's chain is
    judged on the jumper's hand (the engine used to look at the hand of the seat whose turn
    it was, and crashed when that hand held no Wild Draw Four)."""
    from unospec.reference.trace import play as play_match

    options = {
        "V-SINGLE-ROUND": True,
        "V-MULTI-PLAY": True,
        "V-MULTI-RIDE": True,
        "V-JUMP-IN": True,
    }
    for seed in (1, 34, 42):  # each crashed before the fix
        assert play_match(3, "official", options, seed=seed)
