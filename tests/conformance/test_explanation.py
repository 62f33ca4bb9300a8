"""Naming the rule a program breaks by what explains its behaviour (conformance/explanation.py).

Each test builds a step the way the reference plays it and the way a deviating program
would (the reference under another option, or changed by hand), and asks the explainer
which single change of the rules makes the reference do what the program did.
"""

from __future__ import annotations

from unospec.chance_feed import Feed, advance
from unospec.deviations import StepContext
from unospec.explanation import Explainer
from unospec.findings import _cover
from unospec.reference import apply, dump, legal_actions
from unospec.reference.config import config
from unospec.reference.position import complete, load


def position(**partial):
    return load(complete(partial))


EXPLAINER = Explainer("official")


def step(before, action, observed_after):
    official = advance(before, action, Feed())
    return StepContext(before, action, Feed(), official, dump(observed_after))


def test_an_option_explains_a_program_without_the_challenge():
    """The victim of a Wild Draw Four draws at once: the reference does so under
    V-NO-WD4-CHALLENGE, which replaces WD4-CHALLENGE."""
    before = position(players=3, hands=[["WD4", "B5", "G2"], ["Y1", "Y2"], ["B1", "B3"]], top="R7")
    before, _ = apply(before, {"type": "play", "seat": 0, "card": "WD4"})
    colour = {"type": "colour", "seat": 0, "colour": "B"}
    theirs = before.copy()
    theirs.cfg = config("official", {"V-NO-WD4-CHALLENGE": {"enforcement": "none"}})
    program_after, _ = apply(theirs, colour)
    found = EXPLAINER.state(step(before, colour, program_after))
    ids = {f.change.id for f in found}
    assert {"V-NO-WD4-CHALLENGE", "V-NO-WD4-CHALLENGE.enforcement=none"} & ids
    assert all(f.rule == "WD4-CHALLENGE" for f in found if f.change.id.startswith("V-NO-WD4"))


def test_a_named_deviation_explains_a_two_player_reverse_that_passes_the_turn():
    before = position(players=2, hands=[["RR", "G2", "B3"], ["Y1", "Y2"]], top="R7")
    play = {"type": "play", "seat": 0, "card": "RR"}
    after, _ = apply(before, play)
    assert after.to_act == 0  # the rules: a Reverse between two acts as a Skip
    theirs = after.copy()
    theirs.to_act = 1
    found = EXPLAINER.state(step(before, play, theirs))
    assert [(f.change.id, f.rule) for f in found][:1] == [
        ("two-player-reverse-not-skip", "REVERSE-TWO-PLAYER")
    ]


def test_what_no_change_explains_stays_unexplained():
    before = position(players=3, hands=[["R2", "G2"], ["Y1", "Y2"], ["B1", "B3"]], top="R7")
    play = {"type": "play", "seat": 0, "card": "R2"}
    after, _ = apply(before, play)
    theirs = after.copy()
    theirs.hands[2] = ["B1"]  # a card vanished from a hand that took no part
    theirs.draw_pile.append("B3")
    assert EXPLAINER.state(step(before, play, theirs)) == []


def test_a_missing_voluntary_draw_is_a_named_deviation_of_the_legal_actions():
    pos = position(players=3, hands=[["R1", "G2", "B3"], ["Y1"], ["B1"]], top="R7")
    offered = [a for a in legal_actions(pos) if a["type"] != "draw"]
    groups = EXPLAINER.legal(pos, legal_actions(pos), offered)
    assert [(g.rule, g.change.id if g.change else None) for g in groups] == [
        ("DRAW-VOLUNTARY", "no-voluntary-draw")
    ]


def test_an_extra_action_no_change_explains_is_named_by_the_rule_that_forbids_it():
    pos = position(players=3, hands=[["R1", "G2", "B3"], ["Y1"], ["B1"]], top="R7")
    offered = [*legal_actions(pos), {"type": "play", "seat": 0, "card": "G2"}]
    groups = EXPLAINER.legal(pos, legal_actions(pos), offered)
    assert [(g.rule, g.change) for g in groups] == [("PLAY-MATCH", None)]


def test_a_change_the_program_was_seen_not_to_play_is_counted_against():
    """Where the program does what the rules say, a change that would have made it do
    otherwise is contradicted (and so not said to be played)."""
    explainer = Explainer("official")
    before = position(players=3, hands=[["WD4", "B5", "G2"], ["Y1", "Y2"], ["B1", "B3"]], top="R7")
    before, _ = apply(before, {"type": "play", "seat": 0, "card": "WD4"})
    colour = {"type": "colour", "seat": 0, "colour": "B"}
    after, _ = apply(before, colour)  # the program offers the challenge, as the rules say
    explainer.contradicts(step(before, colour, after), {"V-NO-WD4-CHALLENGE", "V-JUMP-IN"})
    assert explainer.contradicted.get("V-NO-WD4-CHALLENGE") == 1
    assert "V-JUMP-IN" not in explainer.contradicted  # it changes nothing here


def test_the_fewest_changes_that_explain_everything_are_chosen():
    items = [
        ([("A", "R1"), ("B", "R2")], 5),
        ([("B", "R2")], 3),
        ([("C", "R3"), ("B", "R2")], 1),
    ]
    assert _cover(items, lambda c: 0) == ["B"]
    # among changes that explain as much, the likelier (lower rank) first
    assert _cover([([("far", "R"), ("near", "R")], 1)], {"far": 9, "near": 1}.get) == ["near"]
