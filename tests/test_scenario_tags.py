"""Scenario tags name the rule that states each behaviour (features/README.md, "Tags").

A failing step blames one rule (conformance/scenarios.py): its ``# checks`` comment, the rule
it names, the rule of its Examples block, or the scenario's first rule tag. Each check below
is a function from scenarios (or feature text) to a list of problems. It runs on the whole of
``features/``, where it must find nothing, and on a small feature that breaks it, where it
must find exactly that.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from gherkin.parser import Parser

from unospec.scenarios import (
    CHECKS,
    PROFILE_TAGS,
    Run,
    Scenario,
    is_catalogue_id,
    load_scenarios,
    parse_file,
)
from unospec.spec.catalogue import load as load_catalogue
from unospec.spec.resources import FEATURES

CAT = load_catalogue()
FILES = sorted(FEATURES.glob("*.feature"))
SCENARIOS = load_scenarios()

CHECKS_LIKE = re.compile(r"^\s*#\s*checks\b", re.IGNORECASE)
STEP_LINE = re.compile(r"^\s*(Given|When|Then|And|But|\*)\s")
STARTER = re.compile(r"the cards are dealt with the starter (\S+)")
OPTION = re.compile(r"^the option (V-[A-Z0-9-]+)(?: is (.+))?$")
FIRST_CARD = {
    "S": "FIRST-CARD-SKIP",
    "R": "FIRST-CARD-REVERSE",
    "D2": "FIRST-CARD-DRAW-TWO",
    "W": "FIRST-CARD-WILD",
    "WD4": "FIRST-CARD-WD4",
}


# -- the checks ------------------------------------------------------------------------------------


def _step_rules(run: Run) -> set[str]:
    """The rules the steps of a run check (Then steps) or are blamed for (When steps)."""
    return {run.rule, *run.rules_checked()} | {
        s.checks(run.rule) for s in run.steps if s.kind == "when"
    }


VARIANTS = [v for v, rule in CAT.rules.items() if rule.kind == "variant"]
PROFILE_VARIANTS = {p: {v for v in VARIANTS if p in CAT.enabled_in(v)} for p in PROFILE_TAGS}


def _variants_on(run: Run) -> set[str]:
    """The variants in force for a run: its profile's, and those its steps turn on."""
    on = set(PROFILE_VARIANTS.get(run.profile, ()))
    for s in run.steps:
        m = OPTION.match(s.text)
        if m and m.group(2) != "false":
            on.add(m.group(1))
        elif m:
            on.discard(m.group(1))
    return on


def run_rule_problems(scenarios: list[Scenario]) -> list[str]:
    """Every run blames a rule of the catalogue, and so does every step: never an ambiguity
    (an AMB-… tag selects, it states no rule) nor an unknown ID."""
    return [
        f"{run.id}: {rid} is not a rule of the catalogue"
        for sc in scenarios
        for run in sc.runs
        for rid in sorted(_step_rules(run) - set(CAT.rules))
    ]


def checks_comment_problems(text: str) -> list[str]:
    """A ``# checks RULE`` comment is well formed, names a rule of the catalogue, and stands
    above a step (anywhere else it would silently check nothing)."""
    lines = text.splitlines()
    bad = []
    for i, line in enumerate(lines):
        if not CHECKS_LIKE.match(line):
            continue
        m = CHECKS.match(line)
        if m is None:
            bad.append(f"line {i + 1}: malformed comment {line.strip()!r}")
            continue
        if m.group(1) not in CAT.rules:
            bad.append(f"line {i + 1}: {m.group(1)} is not a rule of the catalogue")
        after = (t for t in lines[i + 1 :] if t.strip() and not t.strip().startswith("#"))
        if not STEP_LINE.match(next(after, "")):
            bad.append(f"line {i + 1}: no step follows {line.strip()!r}")
    return bad


def _gherkin_scenarios(doc: dict[str, Any]) -> list[tuple[dict[str, Any], list[str]]]:
    """Each scenario of a parsed document, with the tags of its Feature and Rule."""
    feature = doc.get("feature") or {}
    out = []
    for child in feature.get("children", []):
        rule = child.get("rule")
        above = [t["name"][1:] for t in feature.get("tags", []) + (rule or {}).get("tags", [])]
        for sc in [c["scenario"] for c in (rule or {}).get("children", []) if "scenario" in c]:
            out.append((sc, above))
        if "scenario" in child:
            out.append((child["scenario"], above))
    return out


def examples_block_problems(text: str) -> list[str]:
    """Each Examples block of an outline carries exactly one profile tag, agreeing with its
    rows' ``profile`` column, and at most one rule tag; no profile tag sits on the outline,
    its Rule or its Feature. So ``--tags @official`` in any Cucumber selects exactly the runs
    unospec runs under that profile."""
    bad = []
    for sc, above in _gherkin_scenarios(Parser().parse(text)):
        name = sc["name"]
        own = [t["name"][1:] for t in sc.get("tags", [])]
        if set(above) & set(PROFILE_TAGS):
            bad.append(f"{name}: a profile tag on its Rule or Feature")
        if not sc.get("examples"):
            continue
        if set(own) & set(PROFILE_TAGS):
            bad.append(f"{name}: profile tags on the outline instead of its Examples blocks")
        for ex in sc["examples"]:
            where = f"{name}, Examples at line {ex['location']['line']}"
            tags = [t["name"][1:] for t in ex.get("tags", [])]
            profiles = [t for t in tags if t in PROFILE_TAGS]
            rules = [t for t in tags if is_catalogue_id(t)]
            if len(profiles) != 1:
                bad.append(f"{where}: {len(profiles)} profile tags, not exactly one")
            if len(rules) > 1 or set(rules) - set(CAT.rules):
                bad.append(f"{where}: the rule tags {rules} are not one rule of the catalogue")
            header = [c["value"] for c in ex["tableHeader"]["cells"]]
            if "profile" in header and len(profiles) == 1:
                col = header.index("profile")
                rows = {r["cells"][col]["value"] for r in ex.get("tableBody", [])}
                if rows - set(profiles):
                    bad.append(f"{where}: rows under {sorted(rows)} in a block tagged {profiles}")
    return bad


def first_card_problems(scenarios: list[Scenario]) -> list[str]:
    """An outline row that deals a starter checks the first-card rule of that starter under
    its profile and options: rows about different starters sit in different Examples blocks."""
    bad = []
    for run in (r for sc in scenarios if sc.outline for r in sc.runs):
        starters = [m.group(1) for s in run.steps if (m := STARTER.search(s.text))]
        if not starters:
            continue
        face = starters[0] if starters[0] in ("W", "WD4") else starters[0][1:]
        on = _variants_on(run)
        want = FIRST_CARD.get(face, "FIRST-CARD-NUMBER")
        if face in FIRST_CARD and "V-FIRST-CARD-NO-SPECIAL" in on:
            want = "V-FIRST-CARD-NO-SPECIAL"
        elif face == "W" and "V-EXT-FIRST-WILD-REDRAW" in on:
            want = "V-EXT-FIRST-WILD-REDRAW"
        if run.rule != want:
            bad.append(f"{run.id}: starter {starters[0]} is {want}'s, the row checks {run.rule}")
    return bad


def variant_problems(scenarios: list[Scenario]) -> list[str]:
    """A run that turns variants on checks one of them (its rows are about the variant, not
    the rule it replaces), and every variant a step checks is in force for that run."""
    bad = []
    for run in (r for sc in scenarios for r in sc.runs):
        on = _variants_on(run)
        turned = {m.group(1) for s in run.steps if (m := OPTION.match(s.text))} & on
        if turned and run.rule not in turned:
            bad.append(f"{run.id}: turns on {sorted(turned)} but checks {run.rule}")
        for rid in sorted(_step_rules(run) & set(CAT.rules)):
            if CAT.rules[rid].kind == "variant" and rid not in on:
                bad.append(f"{run.id}: checks {rid}, which is not in force for it")
    return bad


def unchecked_tag_problems(scenarios: list[Scenario]) -> list[str]:
    """Every rule a scenario is tagged with (its Examples blocks' included) is checked by a
    step of one of its runs: a tag that no step checks selects a rule it cannot fail."""
    bad = []
    for sc in scenarios:
        checked = set().union(*(_step_rules(r) for r in sc.runs))
        tagged = {t for t in sc.ids if t in CAT.rules}
        bad += [f"{sc.id}: tagged {rid}, which no step checks" for rid in sorted(tagged - checked)]
    return bad


# -- the rulebook passes every check -------------------------------------------------------


def test_every_run_and_step_blames_a_rule_of_the_catalogue():
    assert not run_rule_problems(SCENARIOS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_checks_comments_name_rules_and_stand_above_steps(path):
    assert not checks_comment_problems(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_examples_block_has_one_profile_and_at_most_one_rule(path):
    assert not examples_block_problems(path.read_text(encoding="utf-8"))


def test_first_card_outlines_give_each_starter_its_own_rule():
    assert not first_card_problems(SCENARIOS)


def test_runs_that_turn_a_variant_on_check_it_and_no_variant_out_of_force_is_checked():
    assert not variant_problems(SCENARIOS)


def test_every_tag_is_checked_by_some_step():
    assert not unchecked_tag_problems(SCENARIOS)


def test_run_ids_are_unique():
    """pytest-bdd finds an outline row's run (its profile and rule) by the row's values."""
    ids = [r.id for sc in SCENARIOS for r in sc.runs]
    assert len(ids) == len(set(ids))


def test_the_checks_see_the_whole_rulebook():
    outlines = [sc for sc in SCENARIOS if sc.outline]
    assert len(SCENARIOS) > 500 and len(outlines) > 40
    assert sum(t.count("# checks ") for t in (p.read_text() for p in FILES)) > 100
    assert any(STARTER.search(s.text) for sc in outlines for r in sc.runs for s in r.steps)


# -- each check finds what it is for -----------------------------------------------------------

BAD = """\
Feature: tags that blame the wrong rule

  Rule: AMB-13

    @AMB-13 @official
    Scenario: an ambiguity is no rule to blame
      Given a new 4-player match
      When the dealer-selection cards are R9 G2 B3 Y4
      Then seat 0 is the dealer

  Rule: PLAY-MATCH

    @NO-SUCH-RULE @official
    Scenario: an unknown tag
      Given a 3-player game
      When seat 0 plays R5
      # checks NO-SUCH-RULE
      Then seat 1 is to act
      # checks AMB-06
      And the top card is R5
      # checks play-match
      And seat 2 holds 3 cards

    @PLAY-MATCH @WD4-EFFECT @official
    Scenario: a tag no step checks
      Given a 3-player game
      When seat 0 plays R5
      Then seat 1 is to act
      # checks WD4-EFFECT

    @PLAY-MATCH @official
    Scenario: a variant out of force
      Given a 3-player game
      When seat 0 plays R5
      # checks V-STACK-DRAW
      Then seat 1 is to act

  Rule: FIRST-CARD-SKIP

    @AMB-13 @official
    Scenario Outline: two starters in one block, under a profile tag of the outline
      Given a new 4-player match under the <profile> profile
      When the dealer-selection cards are R9 G2 B3 Y4
      And the cards are dealt with the starter <starter>
      Then the outcome is <outcome>

      @official @FIRST-CARD-SKIP
      Examples:
        | profile  | starter | outcome                                                |
        | official | RS      | seat 2 is to act                                       |
        | official | WD4     | the game waits for a new starter; seat 1 holds 7 cards |

      @FIRST-CARD-NUMBER
      Examples:
        | profile      | starter | outcome          |
        | fi-wikipedia | G6      | seat 1 is to act |

      @official @fi-wikipedia @FIRST-CARD-NUMBER
      Examples:
        | profile  | starter | outcome          |
        | official | R5      | seat 1 is to act |

      @sv-unoregler @FIRST-CARD-NUMBER
      Examples:
        | profile  | starter | outcome          |
        | official | G7      | seat 1 is to act |

  Rule: NO-STACKING

    @AMB-21
    Scenario Outline: a row that turns a variant on but checks the rule it replaces
      Given a 3-player game under the <profile> profile
      And the option V-STACK-DRAW is <stacking>
      When seat 0 plays RD2
      Then the outcome is <outcome>

      @official @NO-STACKING
      Examples:
        | profile  | stacking | outcome          |
        | official | false    | seat 2 is to act |
        | official | true     | seat 1 is to act |
"""


@pytest.fixture(scope="module")
def bad(tmp_path_factory) -> tuple[str, list[Scenario]]:
    root = tmp_path_factory.mktemp("bad")
    path = Path(root) / "bad.feature"
    path.write_text(BAD, encoding="utf-8")
    return BAD, parse_file(path, root)


def _line(text: str) -> int:
    (n,) = [i for i, t in enumerate(BAD.splitlines(), 1) if t.strip() == text]
    return n


def test_a_run_that_blames_an_ambiguity_or_an_unknown_id_is_found(bad):
    problems = run_rule_problems(bad[1])
    assert any("an-ambiguity-is-no-rule-to-blame" in p and "AMB-13 is not" in p for p in problems)
    assert any("NO-SUCH-RULE is not" in p for p in problems)
    assert any("AMB-06 is not" in p for p in problems)
    assert not any("a-tag-no-step-checks" in p for p in problems)


def test_a_checks_comment_naming_no_rule_or_above_no_step_is_found(bad):
    problems = checks_comment_problems(bad[0])
    assert problems == [
        f"line {_line('# checks NO-SUCH-RULE')}: NO-SUCH-RULE is not a rule of the catalogue",
        f"line {_line('# checks AMB-06')}: AMB-06 is not a rule of the catalogue",
        f"line {_line('# checks play-match')}: malformed comment '# checks play-match'",
        f"line {_line('# checks WD4-EFFECT')}: no step follows '# checks WD4-EFFECT'",
    ]  # "# checks V-STACK-DRAW" is well formed and stands above a step


def test_examples_blocks_without_exactly_one_matching_profile_tag_are_found(bad):
    problems = examples_block_problems(bad[0])
    outline = "two starters in one block, under a profile tag of the outline"
    assert f"{outline}: profile tags on the outline instead of its Examples blocks" in problems
    assert any("0 profile tags" in p for p in problems)
    assert any("2 profile tags" in p for p in problems)
    assert any("rows under ['official'] in a block tagged ['sv-unoregler']" in p for p in problems)
    assert not any("a row that turns a variant on" in p for p in problems)


def test_rows_about_different_starters_in_one_block_are_found(bad):
    problems = first_card_problems(bad[1])
    assert len(problems) == 1 and "starter WD4 is FIRST-CARD-WD4's" in problems[0]
    assert "the row checks FIRST-CARD-SKIP" in problems[0]


def test_a_row_that_turns_a_variant_on_but_checks_another_rule_is_found(bad):
    problems = variant_problems(bad[1])
    assert any("[official-true-" in p and "turns on ['V-STACK-DRAW']" in p for p in problems)
    assert not any("[official-false-" in p for p in problems)
    assert any(
        "a-variant-out-of-force" in p and "V-STACK-DRAW, which is not" in p for p in problems
    )


def test_a_tag_that_no_step_checks_is_found(bad):
    problems = unchecked_tag_problems(bad[1])
    assert any("a-tag-no-step-checks: tagged WD4-EFFECT" in p for p in problems)
    assert not any("PLAY-MATCH, which" in p for p in problems)
