"""Which rule a scenario step checks: tags select scenarios, the failing step blames one rule."""

from __future__ import annotations

from pathlib import Path

from unospec.port import ReferencePort
from unospec.scenarios import execute, parse_file

FEATURE = """\
Feature: a small feature for the rule of each step

  Rule: WD4-CHALLENGE

    @WD4-CHALLENGE @WD4-EFFECT @official
    Scenario: a challenge that fails costs the challenger six cards
      Given a 3-player game
      And the hands are
        | seat | cards     |
        | 0    | WD4 B5 G2 |
        | 1    | Y1 Y2 G3  |
        | 2    | B1 B3 Y4  |
      And the top card is R7
      When seat 0 plays WD4
      And seat 0 names blue
      Then seat 1 is to act
      # checks WD4-CHALLENGE-INNOCENT
      When seat 1 challenges
      Then seat 1 holds 9 cards
      And an event cards_drawn cites WD4-CHALLENGE-INNOCENT

    @FIRST-CARD-NUMBER
    Scenario Outline: the starter decides who acts first
      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter <starter>
      Then seat <seat> is to act

      @official @FIRST-CARD-NUMBER
      Examples:
        | starter | seat |
        | R5      | 1    |

      @official @FIRST-CARD-SKIP
      Examples:
        | starter | seat |
        | RS      | 2    |
"""


def _line_of(text: str) -> int:
    (line,) = [i for i, t in enumerate(FEATURE.splitlines(), 1) if t.strip() == text]
    return line


def _scenarios(tmp_path: Path):
    path = tmp_path / "small.feature"
    path.write_text(FEATURE, encoding="utf-8")
    return parse_file(path, tmp_path)


def test_a_checks_comment_names_the_rule_of_the_steps_after_it(tmp_path):
    plain = _scenarios(tmp_path)[0]
    (run,) = plain.runs
    by_text = {s.text: s.checks(run.rule) for s in run.steps}
    assert run.rule == "WD4-CHALLENGE"
    assert by_text["seat 1 is to act"] == "WD4-CHALLENGE"
    assert by_text["seat 1 holds 9 cards"] == "WD4-CHALLENGE-INNOCENT"
    assert run.rules_checked() == ["WD4-CHALLENGE", "WD4-CHALLENGE-INNOCENT"]


def test_a_step_that_names_its_rule_checks_that_rule(tmp_path):
    plain = _scenarios(tmp_path)[0]
    step = plain.runs[0].steps[-1]
    assert step.text.endswith("cites WD4-CHALLENGE-INNOCENT")
    step_without_comment = type(step)(step.kind, step.text)
    assert step_without_comment.checks("WD4-CHALLENGE") == "WD4-CHALLENGE-INNOCENT"


def test_each_examples_block_gives_its_rows_their_rule_and_profile(tmp_path):
    outline = _scenarios(tmp_path)[1]
    assert [(r.rule, r.profile) for r in outline.runs] == [
        ("FIRST-CARD-NUMBER", "official"),
        ("FIRST-CARD-SKIP", "official"),
    ]
    assert set(outline.ids) == {"FIRST-CARD-NUMBER", "FIRST-CARD-SKIP"}


class _WrongSkip(ReferencePort):
    """The reference, except that a Skip starter is not skipped (the dealer's left acts)."""

    def observe(self):
        pos = super().observe()
        if pos["discard_pile"][-1:] == ["RS"] and pos["to_act"] == 2:
            pos["to_act"] = 1
        return pos


def test_a_failing_row_blames_its_own_rule_not_every_tag(tmp_path):
    outline = _scenarios(tmp_path)[1]
    number, skip = (execute(r, _WrongSkip()) for r in outline.runs)
    assert number.passed
    assert not skip.passed and skip.rule == "FIRST-CARD-SKIP"
    assert skip.line == _line_of("Then seat <seat> is to act")  # the failing step


class _RefusesChallenges(ReferencePort):
    def apply(self, action):
        if action.get("type") == "challenge":
            from unospec.port import Outcome

            return Outcome(False, error={"rule": "WD4-CHALLENGE", "reason": "no challenges"})
        return super().apply(action)


def test_an_action_refused_against_the_scenario_blames_the_step_that_took_it(tmp_path):
    plain = _scenarios(tmp_path)[0]
    res = execute(plain.runs[0], _RefusesChallenges())
    assert not res.passed
    assert res.rule == "WD4-CHALLENGE-INNOCENT"  # the rule of "When seat 1 challenges"
    assert res.line == _line_of("When seat 1 challenges")
    assert "was refused" in res.message
