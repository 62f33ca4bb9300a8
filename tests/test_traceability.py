"""Catalogue, engine and scenarios are tied by rule ID: a test fails on any orphan."""

from __future__ import annotations

from collections import Counter

import pytest

import unospec.reference.chance  # noqa: F401  (registers P-DEAL-ORDER)
import unospec.reference.trace  # noqa: F401
from unospec.reference.registry import IMPLEMENTED
from unospec.scenarios import PROFILE_TAGS, is_catalogue_id, load_scenarios
from unospec.spec.catalogue import load as load_catalogue

CAT = load_catalogue()
SCENARIOS = load_scenarios()


def test_every_rule_is_implemented_in_exactly_one_place():
    missing = sorted(set(CAT.rules) - set(IMPLEMENTED))
    assert not missing, f"rules with no @implements in reference/: {missing}"


def test_the_engine_claims_no_rule_the_catalogue_lacks():
    unknown = sorted(set(IMPLEMENTED) - set(CAT.rules))
    assert not unknown, f"@implements names unknown rule IDs: {unknown}"


def test_every_rule_policy_option_and_ambiguity_has_a_scenario():
    tagged = {i for sc in SCENARIOS for i in sc.ids}
    missing = sorted((set(CAT.rules) | set(CAT.ambiguities)) - tagged)
    assert not missing, f"no scenario for: {missing}"


def test_every_core_rule_has_a_positive_and_a_negative_scenario():
    pos, neg = Counter(), Counter()
    for sc in SCENARIOS:
        for rid in sc.ids:
            (neg if sc.negative else pos)[rid] += 1
    core = [r for r, rule in CAT.rules.items() if rule.kind == "core"]
    assert not [r for r in core if not pos[r]], "core rules without a scenario showing them applied"
    assert not [r for r in core if not neg[r]], (
        f"core rules without a @negative scenario: {[r for r in core if not neg[r]]}"
    )


def test_scenario_tags_name_catalogue_ids_profiles_or_negative():
    bad = []
    for sc in SCENARIOS:
        for tag in sc.tags:
            if tag in PROFILE_TAGS or tag == "negative":
                continue
            if not is_catalogue_id(tag) or CAT.canonical(tag) is None:
                bad.append((sc.id, tag))
    assert not bad, f"tags that name nothing in the catalogue: {bad}"


def test_every_scenario_names_a_profile():
    assert not [sc.id for sc in SCENARIOS if not sc.profiles]


def test_every_ambiguity_has_an_outline_covering_each_resolution():
    """Each ambiguity has a Scenario Outline with two or more Examples rows, and where the
    profiles resolve it differently (different settings), a row for each resolution."""
    import json

    missing = []
    for aid, amb in CAT.ambiguities.items():
        outlines = [sc for sc in SCENARIOS if aid in sc.ids and sc.outline]
        runs = [r for sc in outlines for r in sc.runs]
        covered = {r.profile for r in runs}
        groups: dict[str, set[str]] = {}
        for name, res in amb.resolutions.items():
            groups.setdefault(json.dumps(res.settings, sort_keys=True), set()).add(name)
        uncovered = [sorted(g) for g in groups.values() if len(groups) > 1 and not g & covered]
        if len(runs) < 2 or uncovered:
            missing.append(
                (aid, f"{len(runs)} rows", f"no row for {uncovered}" if uncovered else "")
            )
    assert not missing, f"ambiguities without an outline that settles them: {missing}"


def test_scenario_ids_are_unique_and_names_unique_per_file():
    ids = Counter(sc.id for sc in SCENARIOS)
    assert not [i for i, n in ids.items() if n > 1]
    names = Counter((sc.file, sc.name) for sc in SCENARIOS)
    assert not [k for k, n in names.items() if n > 1]


def test_rule_blocks_are_named_after_the_ids_of_their_scenarios():
    """Each scenario sits in the Rule: block of the rule that states its behaviour: its first
    rule tag (for an outline, the rule of its first Examples block; AMB-… tags are skipped)."""
    bad = []
    for sc in SCENARIOS:
        first_rule = next((t for t in sc.ids if t in CAT.rules), None)
        if sc.rule_block is None:
            bad.append((sc.id, "not inside a Rule: block"))
        elif CAT.canonical(sc.rule_block.split()[0]) is None:
            bad.append((sc.id, f"Rule: {sc.rule_block} is not a catalogue ID"))
        elif sc.rule_block.split()[0] not in sc.ids:
            bad.append((sc.id, f"not tagged with its Rule {sc.rule_block}"))
        elif sc.rule_block.split()[0] != first_rule:
            bad.append((sc.id, f"in Rule: {sc.rule_block}, but its first rule tag is {first_rule}"))
    assert not bad, bad


def test_every_scenario_cites_its_source_or_says_it_is_a_policy():
    bad = []
    for sc in SCENARIOS:
        if not sc.citations and "Policy:" not in sc.description:
            bad.append(sc.id)
            continue
        for doc, section, para, item in sc.citations:
            d = CAT.documents.get(doc)
            s = d.section(section) if d else None
            if (
                s is None
                or not 1 <= para <= s.paragraphs
                or (item and item not in s.items.get(para, ()))
            ):
                bad.append(
                    f"{sc.id}: {doc} › {section} › ¶{para}" + (f" item {item}" if item else "")
                )
    assert not bad, f"missing or invalid citations: {bad}"


@pytest.mark.parametrize("rule_id", sorted(CAT.rules))
def test_rules_json_lists_scenario_ids(rule_id):
    from unospec.cli import rule_json

    data = rule_json(CAT, CAT.rules[rule_id])
    assert data["scenarios"] == [sc.id for sc in SCENARIOS if rule_id in sc.ids]


def test_every_rule_id_the_engine_names_is_in_the_catalogue():
    """Refusals and events cite catalogue IDs only (checked in the engine's source)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "reference"
    named = set()
    for path in root.glob("*.py"):
        text = path.read_text()
        named |= set(
            re.findall(r'(?:IllegalAction\(|bad\(|event\(\s*"\w+",)\s*"([A-Z][A-Z0-9-]+)"', text)
        )
        named |= set(re.findall(r'\bbad\(\s*\n?\s*"([A-Z][A-Z0-9-]+)"', text))
    assert named, "the pattern found no rule IDs at all"
    assert not sorted(named - set(CAT.rules))
