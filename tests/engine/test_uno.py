"""Calling UNO: UNO-CALL, UNO-CATCH, UNO-CATCH-WINDOW, UNO-SELF-RESCUE, UNO-PENALTY,
P-FALSE-CATCH, UNO-REPEAT and the calling variants."""

from __future__ import annotations

from collections import Counter

from enginekit import (
    FULL_DECK,
    colour,
    draw,
    drawn_cards,
    of_type,
    play,
    position,
    refused,
    rules_of,
    run,
)

from unospec.reference import apply, legal_actions

PILE = ["G1", "G2", "G3", "G4", "G5", "G6"]


def uno(seat):
    return {"type": "uno", "seat": seat}


def catch(seat, target):
    return {"type": "catch", "seat": seat, "target": target}


def three(hand0, top="R7", hands_rest=(["B1", "B3", "B5"], ["Y3", "Y4"]), **kw):
    kw.setdefault("draw_pile", list(PILE))
    return position(players=3, hands=[hand0, *[list(h) for h in hands_rest]], top=top, **kw)


def offender(**kw):
    """Seat 0 has just played its second-to-last card (R1) without calling; seat 1 is to act."""
    pos = three(["R1", "R2"], **kw)
    new, _ = apply(pos, play(0, "R1"))
    return new


# -- UNO-CALL -------------------------------------------------------------------------------


def test_uno_call_duty_arises_when_one_card_is_left():
    new = offender()
    assert new.uno == ["catchable", None, None]
    assert uno(0) in legal_actions(new)


def test_uno_call_marks_the_player_as_called():
    new, events = apply(offender(), uno(0))
    assert new.uno == ["called", None, None]
    assert events == [{"type": "uno_called", "rule": "UNO-CALL", "seat": 0}]
    assert new.to_act == 1  # the call changes nothing else
    assert new.phase == "turn"


def test_uno_call_refused_with_more_than_one_card():
    pos = three(["R1", "R2", "R3"])
    refused(pos, uno(0), "UNO-CALL")


def test_uno_call_refused_twice():
    new, _ = apply(offender(), uno(0))
    refused(new, uno(0), "UNO-CALL")


# -- UNO-CATCH, UNO-PENALTY -----------------------------------------------------------------


def test_uno_catch_within_window_target_draws_two():
    new, events = apply(offender(), catch(2, 0))
    assert new.hands[0] == ["R2", "G1", "G2"]
    assert new.uno == [None, None, None]
    assert of_type(events, "uno_caught") == [
        {"type": "uno_caught", "rule": "UNO-CATCH", "seat": 2, "target": 0}
    ]
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "rule": "UNO-PENALTY", "seat": 0, "cards": ["G1", "G2"]}
    ]


def test_uno_penalty_leaves_the_turn_order_unchanged():
    before = offender()
    new, _ = apply(before, catch(1, 0))
    assert new.to_act == before.to_act == 1
    assert new.phase == "turn"
    assert new.direction == 1
    assert new.missed_turns == [0, 0, 0]


def test_uno_catch_any_other_player_may_catch():
    new = offender()
    assert catch(1, 0) in legal_actions(new)
    assert catch(2, 0) in legal_actions(new)


def test_uno_catch_offender_cannot_catch_themselves():
    refused(offender(), catch(0, 0), "UNO-CATCH")


def test_uno_penalty_cards_parameter():
    new = offender(options={"UNO-PENALTY.cards": 3})
    new, _ = apply(new, catch(2, 0))
    assert new.hands[0] == ["R2", "G1", "G2", "G3"]


def test_v_ext_uno_penalty_4_caught_player_draws_four():
    new = offender(options={"V-EXT-UNO-PENALTY-4": True})
    new, _ = apply(new, catch(2, 0))
    assert new.hands[0] == ["R2", "G1", "G2", "G3", "G4"]


# -- UNO-CATCH-WINDOW -----------------------------------------------------------------------


def test_uno_catch_window_closes_when_the_next_player_plays():
    new, _ = apply(offender(), play(1, "B1"))
    assert new.uno == [None, None, None]
    refused(new, catch(2, 0), "UNO-CATCH-WINDOW")  # a missed call, caught too late


def test_uno_catch_window_closes_when_the_next_player_draws():
    new, _ = apply(offender(), draw(1))
    refused(new, catch(2, 0), "UNO-CATCH-WINDOW")
    refused(new, uno(0), "UNO-CATCH-WINDOW")


def test_uno_catch_window_survives_a_draw_two_victims_forced_draw():
    pos = three(["RD2", "R2"])
    new, _ = apply(pos, play(0, "RD2"))
    assert new.to_act == 2
    assert catch(1, 0) in legal_actions(new)
    caught, _ = apply(new, catch(1, 0))
    assert caught.hands[0] == ["R2", "G3", "G4"]  # G1 G2 went to the Draw Two victim


def test_uno_catch_window_survives_a_skip():
    pos = three(["RS", "R2"])
    new, _ = apply(pos, play(0, "RS"))
    assert new.to_act == 2
    assert catch(1, 0) in legal_actions(new)
    closed, _ = apply(new, draw(2))
    refused(closed, catch(1, 0), "UNO-CATCH-WINDOW")


def test_uno_catch_window_two_players_open_until_offenders_extra_turn():
    pos = position(players=2, hands=[["RS", "G9"], ["B1", "B3"]], top="R7", draw_pile=list(PILE))
    new, _ = apply(pos, play(0, "RS"))
    assert new.to_act == 0
    caught, _ = apply(new, catch(1, 0))
    assert caught.hands[0] == ["G9", "G1", "G2"]
    assert caught.to_act == 0


def test_uno_catch_window_stays_open_while_the_offender_names_a_colour():
    pos = three(["W", "R2"])
    new, _ = apply(pos, play(0, "W"))
    assert catch(1, 0) in legal_actions(new)
    new, _ = apply(new, colour(0, "G"))
    assert catch(1, 0) in legal_actions(new)


# -- UNO-SELF-RESCUE, P-FALSE-CATCH ---------------------------------------------------------


def test_uno_self_rescue_late_call_before_being_caught():
    new, _ = apply(offender(), uno(0))
    refused(new, catch(2, 0), "P-FALSE-CATCH")
    assert new.hands[0] == ["R2"]


def test_uno_self_rescue_while_another_player_is_to_act():
    new = offender()
    assert new.to_act == 1
    rescued, _ = apply(new, uno(0))
    assert rescued.uno[0] == "called"
    assert rescued.to_act == 1


def test_p_false_catch_target_with_two_cards_is_refused_without_penalty():
    pos = three(["R1", "R2"])
    err = refused(pos, catch(1, 0), "P-FALSE-CATCH")
    assert err.field == "/target"


def test_p_false_catch_catcher_is_not_penalised():
    new, _ = apply(offender(), uno(0))
    refused(new, catch(2, 0), "P-FALSE-CATCH")
    assert new.hands[2] == ["Y3", "Y4"]


# -- UNO-REPEAT -----------------------------------------------------------------------------


def test_uno_repeat_duty_returns_after_drawing_back_up_and_playing():
    pos = three(["G9"], uno=["called", None, None], draw_pile=["R3", *PILE])
    pos, _ = apply(pos, draw(0))
    assert pos.uno == [None, None, None]
    pos, _ = apply(pos, play(0, "R3"))
    assert pos.hands[0] == ["G9"]
    assert pos.uno == ["catchable", None, None]
    caught, _ = apply(pos, catch(2, 0))
    assert caught.hands[0] == ["G9", "G1", "G2"]


def test_uno_penalty_clears_the_duty_once_the_hand_grows():
    new, _ = apply(offender(), catch(2, 0))
    assert new.uno[0] is None
    assert len(new.hands[0]) == 3


# -- V-UNO-PENALTY-LOSE-TURN ----------------------------------------------------------------


def test_v_uno_penalty_lose_turn_caught_player_misses_the_next_turn():
    new = offender(options={"V-UNO-PENALTY-LOSE-TURN": True})
    new, _ = apply(new, catch(2, 0))
    assert new.hands[0] == ["R2", "G1", "G2"]
    assert new.missed_turns == [1, 0, 0]
    new, _ = apply(new, play(1, "B1"))
    new, events = apply(new, draw(2))
    assert new.to_act == 1
    assert {"type": "turn_missed", "rule": "V-UNO-PENALTY-LOSE-TURN", "seat": 0} in events
    assert new.missed_turns == [0, 0, 0]


def test_v_uno_penalty_lose_turn_not_used_up_by_a_skip():
    pos = three(
        ["R1", "R2"],
        hands_rest=(["B1", "B3"], ["BS", "Y4"]),
        options={"V-UNO-PENALTY-LOSE-TURN": True},
    )
    pos, _ = run(pos, play(0, "R1"), catch(2, 0), play(1, "B1"))
    pos, _ = apply(pos, play(2, "BS"))  # seat 0 is skipped anyway
    assert pos.to_act == 1
    assert pos.missed_turns == [1, 0, 0]


# -- V-UNO-LATE-CATCH -----------------------------------------------------------------------

LATE = {"V-UNO-LATE-CATCH": True}


def test_v_uno_late_catch_no_catch_before_the_next_turn_begins():
    new = offender(options=LATE)
    assert new.uno == ["owed", None, None]
    refused(new, catch(2, 0), "P-FALSE-CATCH")
    assert uno(0) in legal_actions(new)


def test_v_uno_late_catch_catch_allowed_once_the_next_turn_begins():
    new = offender(options=LATE)
    new, _ = apply(new, play(1, "B1"))
    assert new.uno == ["catchable", None, None]
    refused(new, uno(0), "UNO-CATCH-WINDOW")
    caught, _ = apply(new, catch(2, 0))
    assert caught.hands[0] == ["R2", "G1", "G2"]


def test_v_uno_late_catch_window_lasts_until_the_offenders_own_turn():
    new = offender(options=LATE, draw_pile=["Y9", *PILE])
    new, _ = run(new, play(1, "B1"), draw(2))  # seat 2 keeps Y9: it does not fit on B1
    assert new.to_act == 0
    assert catch(1, 0) in legal_actions(new)
    new, _ = apply(new, draw(0))
    refused(new, catch(1, 0), "P-FALSE-CATCH")


def test_v_uno_late_catch_no_window_when_the_next_turn_is_the_offenders_own():
    # two players: a Draw Two gives the offender the next turn, which is also their own
    # next turn, so the late window never opens, even when their turn draw brings nothing
    rest = FULL_DECK - Counter(["RD2", "G1", "R3"])
    pos = position(
        players=2,
        hands=[["RD2", "G1"], sorted(rest.elements())],
        top="R3",
        draw_pile=[],
        options=LATE,
    )
    new, _ = apply(pos, play(0, "RD2"))
    new, _ = apply(new, {"type": "shuffle", "order": ["R3"]})  # seat 1 gets R3, one forgiven
    assert new.to_act == 0 and new.hands[0] == ["G1"] and new.uno[0] == "owed"
    refused(new, catch(1, 0), "P-FALSE-CATCH")
    assert uno(0) in legal_actions(new)
    new, events = apply(new, draw(0))
    assert "P-PILES-EXHAUSTED" in rules_of(events)
    assert new.to_act == 1 and new.hands[0] == ["G1"] and new.uno[0] is None
    refused(new, catch(1, 0), "UNO-CATCH-WINDOW")  # one card, uncalled, and still safe


def test_v_uno_late_catch_call_before_next_turn_rescues():
    new = offender(options=LATE)
    new, _ = run(new, uno(0), play(1, "B1"))
    refused(new, catch(2, 0), "P-FALSE-CATCH")


def test_v_uno_late_catch_is_the_fi_wikipedia_window():
    new = offender(profile="fi-wikipedia")
    refused(new, catch(2, 0), "P-FALSE-CATCH")
    new, _ = apply(new, play(1, "B1"))
    assert catch(2, 0) in legal_actions(new)


# -- V-UNO-NOT-ENFORCED ---------------------------------------------------------------------


def test_v_uno_not_enforced_nobody_can_be_caught():
    new = offender(options={"V-UNO-NOT-ENFORCED": True})
    assert not any(a["type"] == "catch" for a in legal_actions(new))
    refused(new, catch(2, 0), "P-FALSE-CATCH")
    assert new.hands[0] == ["R2"]


def test_v_uno_not_enforced_a_player_may_still_call():
    new = offender(options={"V-UNO-NOT-ENFORCED": True})
    called, events = apply(new, uno(0))
    assert "UNO-CALL" in rules_of(events)
    assert called.hands[0] == ["R2"]


def test_uno_penalty_is_drawn_from_the_draw_pile_top():
    new, events = apply(offender(draw_pile=["B7", "B8", "B9"]), catch(1, 0))
    assert drawn_cards(events, 0) == ["B7", "B8"]
    assert new.draw_pile[0] == "B9"


def test_v_uno_penalty_lose_turn_two_players_opponent_takes_the_turn_instead():
    pos = position(
        players=2,
        hands=[["R1", "R2"], ["B1", "B3", "B5"]],
        top="R7",
        draw_pile=list(PILE),
        options={"V-UNO-PENALTY-LOSE-TURN": True},
    )
    pos, _ = run(pos, play(0, "R1"), catch(1, 0))
    assert pos.hands[0] == ["R2", "G1", "G2"]
    pos, events = apply(pos, play(1, "B1"))
    assert pos.to_act == 1
    assert {"type": "turn_missed", "rule": "V-UNO-PENALTY-LOSE-TURN", "seat": 0} in events
