"""Round end and scoring: ROUND-END, GO-OUT-ANY-CARD, LAST-CARD-DRAW, SCORE-VALUES,
SCORE-WINNER-TAKES, MATCH-TARGET-500, NEW-ROUND, P-NEXT-DEALER and the scoring variants."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import (
    FULL_DECK,
    deal_action,
    of_type,
    play,
    position,
    refused,
    rules_of,
    run,
)

from unospec.reference import IllegalAction, apply, legal_actions, new_game
from unospec.spec.cards import CANONICAL_DECK, POINTS

PILE = ["G1", "G2", "G3", "G4", "G5", "G6"]


def going_out(last="R1", hands_rest=(["B1", "BS", "W"], ["Y3", "WD4"]), players=3, **kw):
    kw.setdefault("draw_pile", list(PILE))
    kw.setdefault("dealer", players - 1)
    hands = [[last], *[list(h) for h in hands_rest]][:players]
    return position(players=players, hands=hands, top="R7", **kw)


# -- ROUND-END, GO-OUT-ANY-CARD -------------------------------------------------------------


def test_round_end_emptying_the_hand_wins_the_round():
    pos, events = apply(going_out(), play(0, "R1"))
    assert of_type(events, "round_won") == [{"type": "round_won", "rule": "ROUND-END", "seat": 0}]
    assert pos.last_round["winner"] == 0
    assert pos.last_round["hands"] == [[], ["B1", "BS", "W"], ["WD4", "Y3"]]


@pytest.mark.parametrize("last", ["RS", "RR", "W"])
def test_go_out_any_card_action_and_wild_cards_may_be_last(last):
    pos = going_out(last)
    assert play(0, last) in legal_actions(pos)
    pos, events = apply(pos, play(0, last))
    assert "ROUND-END" in rules_of(events)
    assert pos.last_round["winner"] == 0
    assert pos.scores[0] == 124


def test_round_end_final_skip_or_reverse_has_no_further_effect():
    pos, events = apply(going_out("RR"), play(0, "RR"))
    assert "REVERSE-EFFECT" not in rules_of(events)
    assert "SKIP-EFFECT" not in rules_of(events)
    assert pos.direction == 1  # the new round starts clockwise


def test_round_end_no_uno_catch_once_the_round_is_over():
    pos, _ = apply(going_out(), play(0, "R1"))
    assert pos.uno == [None, None, None]
    assert not any(a["type"] == "catch" for a in legal_actions(pos))


# -- LAST-CARD-DRAW, P-LAST-WD4-NO-CHALLENGE ------------------------------------------------


def test_last_card_draw_two_next_player_draws_two_and_they_count():
    pos, events = apply(going_out("RD2"), play(0, "RD2"))
    assert pos.last_round["hands"][1] == sorted(["B1", "BS", "W", "G1", "G2"])
    assert of_type(events, "cards_drawn") == [
        {"type": "cards_drawn", "rule": "LAST-CARD-DRAW", "seat": 1, "cards": ["G1", "G2"]}
    ]
    assert pos.scores[0] == (1 + 20 + 50 + 1 + 2) + (3 + 50)


def test_last_card_draw_wd4_next_player_draws_four_without_a_challenge():
    pos, events = apply(
        going_out("WD4", hands_rest=(["B1", "BS", "W"], ["Y3", "Y4"])), play(0, "WD4")
    )
    assert pos.phase == "deal"  # no colour to name, no challenge offered
    assert not any(e["type"] == "challenge_decided" for e in events)
    assert pos.last_round["hands"][1] == sorted(["B1", "BS", "W", "G1", "G2", "G3", "G4"])
    assert pos.scores[0] == (1 + 20 + 50 + 1 + 2 + 3 + 4) + (3 + 4)


def test_last_card_draw_two_players_the_opponent_draws():
    pos = position(players=2, hands=[["GD2"], ["B1"]], top="G7", draw_pile=list(PILE), dealer=1)
    pos, _ = apply(pos, play(0, "GD2"))
    assert pos.last_round["hands"][1] == ["B1", "G1", "G2"]
    assert pos.scores == [1 + 1 + 2, 0]


def test_p_last_wd4_futile_challenge_victim_draws_six():
    opts = {"P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge": True}
    pos = going_out("WD4", hands_rest=(["B1", "B2"], ["Y3", "Y4"]), options=opts)
    pos, _ = apply(pos, play(0, "WD4"))
    assert pos.phase == "challenge"
    assert pos.to_act == 1
    pos, events = apply(pos, {"type": "challenge", "seat": 1})
    assert "WD4-CHALLENGE-INNOCENT" in rules_of(events)
    assert pos.last_round["hands"][1] == sorted(["B1", "B2", *PILE])
    assert pos.scores[0] == 1 + 2 + sum(range(1, 7)) + 3 + 4


def test_p_last_wd4_futile_challenge_may_be_declined():
    opts = {"P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge": True}
    pos = going_out("WD4", hands_rest=(["B1", "B2"], ["Y3", "Y4"]), options=opts)
    pos, _ = run(pos, play(0, "WD4"), {"type": "accept", "seat": 1})
    assert pos.last_round["hands"][1] == sorted(["B1", "B2", "G1", "G2", "G3", "G4"])


# -- SCORE-VALUES, SCORE-WINNER-TAKES -------------------------------------------------------


def test_score_values_numbers_face_actions_twenty_wilds_fifty():
    for card in set(CANONICAL_DECK):
        if card in ("W", "WD4"):
            assert POINTS[card] == 50
        elif card[1:] in ("S", "R", "D2"):
            assert POINTS[card] == 20
        else:
            assert POINTS[card] == int(card[1:])


def test_score_winner_takes_every_other_hand():
    pos = going_out(hands_rest=(["B0", "B9", "GS", "YR"], ["YD2", "W", "WD4", "G5"]))
    pos, events = apply(pos, play(0, "R1"))
    total = (0 + 9 + 20 + 20) + (20 + 50 + 50 + 5)
    assert pos.scores == [total, 0, 0]
    assert of_type(events, "points_scored") == [
        {
            "type": "points_scored",
            "rule": "SCORE-WINNER-TAKES",
            "seat": 0,
            "points": total,
            "team": [0],
        }
    ]
    assert pos.last_round["points"] == total


def test_score_winner_takes_adds_to_the_running_total():
    pos = going_out(scores=[100, 40, 7])
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.scores == [100 + 124, 40, 7]


# -- MATCH-TARGET-500, NEW-ROUND, P-NEXT-DEALER ---------------------------------------------


def test_new_round_below_500_gathers_all_cards_and_passes_the_deal_left():
    pos = going_out(dealer=1)
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.phase == "deal"
    assert pos.round == 2
    assert pos.dealer == 2
    assert pos.chance == {"type": "deal", "dealer": 2, "hand_size": 7, "seats": [0, 1, 2]}
    assert pos.hands == [[], [], []]
    assert Counter(pos.draw_pile) == FULL_DECK
    assert pos.discard_pile == []
    assert pos.colour is None


def test_new_round_is_dealt_without_a_new_dealer_draw():
    pos = going_out(dealer=2)
    pos, _ = apply(pos, play(0, "R1"))
    pos, _ = apply(pos, deal_action(3, "B4"))
    assert pos.dealer == 0
    assert pos.to_act == 1
    assert pos.scores == [124, 0, 0]
    assert pos.round == 2


def test_match_target_500_reached_ends_the_match():
    pos = going_out(scores=[400, 450, 0])
    pos, events = apply(pos, play(0, "R1"))
    assert pos.scores == [524, 450, 0]
    assert pos.phase == "over"
    assert pos.winner == [0]
    assert pos.chance is None
    assert {"type": "match_won", "rule": "MATCH-TARGET-500", "seats": [0]} in events
    assert legal_actions(pos) == []


def test_match_target_500_exactly_500_wins():
    pos = going_out(scores=[376, 0, 0])
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.scores[0] == 500
    assert pos.phase == "over"


def test_match_target_500_nothing_may_be_played_after_the_match():
    pos, _ = apply(going_out(scores=[499, 0, 0]), play(0, "R1"))
    with pytest.raises(IllegalAction) as info:
        apply(pos, {"type": "draw", "seat": 1})
    assert info.value.rule == "MATCH-TARGET-500"


def test_p_next_dealer_previous_round_winner_deals():
    pos = position(
        players=3,
        hands=[["B1", "B2"], ["R1"], ["Y3", "Y4"]],
        top="R7",
        to_act=1,
        dealer=0,
        options={"P-NEXT-DEALER.next_dealer": "previous_round_winner"},
    )
    pos, _ = apply(pos, play(1, "R1"))
    assert pos.dealer == 1
    assert pos.chance["seats"] == [2, 0, 1]


def test_v_ext_target_score_lower_target_ends_the_match():
    pos = going_out(options={"V-EXT-TARGET-SCORE": {"target": 100}})
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.phase == "over"
    assert pos.winner == [0]


# -- V-SINGLE-ROUND -------------------------------------------------------------------------


def test_v_single_round_first_out_wins_the_match_without_points():
    pos = going_out(options={"V-SINGLE-ROUND": True})
    pos, events = apply(pos, play(0, "R1"))
    assert pos.phase == "over"
    assert pos.winner == [0]
    assert pos.scores == [0, 0, 0]
    assert not of_type(events, "points_scored")


def test_v_single_round_last_draw_two_is_not_drawn():
    pos = going_out("RD2", options={"V-SINGLE-ROUND": True})
    pos, events = apply(pos, play(0, "RD2"))
    assert pos.phase == "over"
    assert not of_type(events, "cards_drawn")
    assert pos.last_round["hands"][1] == ["B1", "BS", "W"]


def test_v_single_round_is_the_sv_unoregler_match():
    pos = going_out(profile="sv-unoregler")
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.phase == "over"
    assert pos.winner == [0]


# -- V-ALT-SCORING-LOSER-500 ----------------------------------------------------------------


def test_v_alt_scoring_others_add_their_own_hands_winner_adds_nothing():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "lowest_wins", "limit": 500}}
    pos = going_out(options=opts, scores=[10, 20, 30])
    pos, events = apply(pos, play(0, "R1"))
    assert pos.scores == [10, 20 + 71, 30 + 53]
    assert {e["seat"]: e["points"] for e in of_type(events, "points_scored")} == {1: 71, 2: 53}
    assert pos.phase == "deal"


def test_v_alt_scoring_lowest_wins_when_a_total_reaches_the_limit():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "lowest_wins", "limit": 500}}
    pos = going_out(options=opts, scores=[300, 450, 100])
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.scores == [300, 521, 153]
    assert pos.phase == "over"
    assert pos.winner == [2]


def test_v_alt_scoring_lowest_wins_tie_shares_the_win():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "lowest_wins", "limit": 100}}
    pos = going_out(options=opts, scores=[53, 80, 0])
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.scores == [53, 151, 53]
    assert pos.winner == [0, 2]


def test_v_alt_scoring_last_card_draw_counts_for_the_victim():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "lowest_wins", "limit": 500}}
    pos = going_out("RD2", options=opts)
    pos, _ = apply(pos, play(0, "RD2"))
    assert pos.scores == [0, 71 + 3, 53]


def test_v_alt_scoring_eliminate_removes_players_at_the_limit():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "eliminate", "limit": 100}}
    pos = going_out(options=opts, scores=[0, 50, 0], dealer=0)
    pos, events = apply(pos, play(0, "R1"))
    assert pos.eliminated == [False, True, False]
    assert {"type": "player_eliminated", "rule": "V-ALT-SCORING-LOSER-500", "seat": 1} in events
    assert pos.phase == "deal"
    assert pos.dealer == 2  # seat 1 is out, so the deal skips it
    assert pos.chance["seats"] == [0, 2]
    deal = deal_action(3, "B4", hands=[list(CANONICAL_DECK[:7]), [], list(CANONICAL_DECK[7:14])])
    pos, _ = apply(pos, deal)
    assert pos.to_act == 0
    refused(pos, {"type": "draw", "seat": 1}, "V-ALT-SCORING-LOSER-500")


def test_v_alt_scoring_eliminate_last_player_left_wins():
    opts = {"V-ALT-SCORING-LOSER-500": {"end_mode": "eliminate", "limit": 50}}
    pos = going_out(options=opts)
    pos, _ = apply(pos, play(0, "R1"))
    assert pos.eliminated == [False, True, True]
    assert pos.phase == "over"
    assert pos.winner == [0]


# -- V-TEAM ---------------------------------------------------------------------------------


def team_position(**kw):
    hands = [["R1"], ["B1", "B9"], ["GS", "W"], ["Y3", "Y4"]]
    return position(players=4, hands=hands, top="R7", draw_pile=list(PILE), **kw)


def test_v_team_partners_sit_opposite_and_both_score_the_other_teams_hands():
    pos, events = apply(team_position(options={"V-TEAM": True}), play(0, "R1"))
    assert pos.scores == [17, 0, 17, 0]  # seat 2's own cards are not counted
    assert of_type(events, "points_scored")[0]["team"] == [0, 2]


def test_v_team_target_applies_to_the_team_total():
    pos, _ = apply(team_position(options={"V-TEAM": True}, scores=[490, 0, 490, 0]), play(0, "R1"))
    assert pos.phase == "over"
    assert pos.winner == [0, 2]


def test_v_team_needs_an_even_number_of_at_least_four_players():
    for players in (3, 5):
        with pytest.raises(IllegalAction) as info:
            new_game(players, options={"V-TEAM": True})
        assert info.value.rule == "V-TEAM"
    assert new_game(4, options={"V-TEAM": True}).players == 4


def test_v_team_with_alt_scoring_each_other_team_adds_both_hands():
    opts = {"V-TEAM": True, "V-ALT-SCORING-LOSER-500": {"end_mode": "lowest_wins", "limit": 500}}
    pos, _ = apply(team_position(options=opts), play(0, "R1"))
    assert pos.scores == [0, 17, 0, 17]


def test_v_single_round_with_teams_the_going_out_players_team_wins():
    pos, _ = apply(team_position(options={"V-TEAM": True, "V-SINGLE-ROUND": True}), play(0, "R1"))
    assert pos.phase == "over"
    assert pos.winner == [0, 2]
