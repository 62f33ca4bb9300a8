"""The rule catalogue (spec/data): schema, completeness, cross references and profiles."""

from __future__ import annotations

import copy
import json
import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from unospec.spec.catalogue import (
    BUILTIN_PROFILES,
    DATA,
    Catalogue,
    CatalogueError,
    Profile,
    UnknownIdError,
    load,
)

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "spec" / "schema" / "catalogue.schema.json"
DOCUMENTS = ("fi-wikipedia", "sv-unoregler", "id-wikipedia")

# -- the required checklist (rules digest §1, §2, §3), written out on purpose ---------------------

CORE_IDS = (
    # A. Components and participants
    "DECK-COMPOSITION",
    "CARD-CLASSES",
    "PLAYER-COUNT",
    "NO-CARD-EXCHANGE",
    # B. Setup
    "DEALER-SELECTION",
    "DEAL-SEVEN",
    "DRAW-PILE-INIT",
    "FIRST-DISCARD-FLIP",
    "FIRST-PLAYER",
    "DIRECTION-INITIAL",
    # C. First discard
    "FIRST-CARD-NUMBER",
    "FIRST-CARD-SKIP",
    "FIRST-CARD-REVERSE",
    "FIRST-CARD-DRAW-TWO",
    "FIRST-CARD-WILD",
    "FIRST-CARD-WD4",
    # D. Turn structure and matching
    "TURN-ACTION",
    "PLAY-MATCH",
    "CURRENT-COLOUR",
    "MATCH-ON-WILD",
    "ONE-CARD-PER-TURN",
    "TURN-ADVANCE",
    "TURN-START",
    # E. Drawing
    "DRAW-WHEN-STUCK",
    "DRAW-ONE",
    "DRAW-VOLUNTARY",
    "DRAW-THEN-PLAY",
    "DRAW-END-TURN",
    # F. Action cards
    "SKIP-EFFECT",
    "REVERSE-EFFECT",
    "DRAW-TWO-EFFECT",
    "NO-STACKING",
    "PENALTY-CARDS-NOT-PLAYABLE",
    # G. Wild cards
    "WILD-ANYTIME",
    "WILD-COLOUR-CHOICE",
    "WD4-EFFECT",
    "WD4-RESTRICTION",
    "WD4-BLUFF",
    "WD4-CHALLENGE",
    "WD4-CHALLENGE-GUILTY",
    "WD4-CHALLENGE-INNOCENT",
    # H. Two-player game
    "TWO-PLAYER-SKIP",
    "REVERSE-TWO-PLAYER",
    "TWO-PLAYER-DRAW",
    # I. Calling UNO
    "UNO-CALL",
    "UNO-SELF-RESCUE",
    "UNO-CATCH",
    "UNO-PENALTY",
    "UNO-CATCH-WINDOW",
    "UNO-REPEAT",
    # J. Draw and discard piles
    "RESHUFFLE",
    "RESHUFFLE-WILD-COLOUR",
    # K. Round end and scoring
    "ROUND-END",
    "GO-OUT-ANY-CARD",
    "LAST-CARD-DRAW",
    "SCORE-WINNER-TAKES",
    "SCORE-VALUES",
    "MATCH-TARGET-500",
    "NEW-ROUND",
)
POLICY_IDS = (
    "P-ILLEGAL-PLAY-REJECTED",
    "P-PILES-EXHAUSTED",
    "P-STALEMATE",
    "P-DEALER-TIE",
    "P-NEXT-DEALER",
    "P-DEAL-ORDER",
    "P-FALSE-CATCH",
    "P-LAST-WD4-NO-CHALLENGE",
)
VARIANT_IDS = (
    "V-DRAW-UNTIL-PLAYABLE",
    "V-DRAW-UNTIL-STOP",
    "V-DRAW-FIXED",
    "V-MULTI-PLAY",
    "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER",
    "V-MULTI-RIDE",
    "V-MULTI-IDENTICAL",
    "V-CUMULATIVE-EFFECT",
    "V-STACK-DRAW",
    "V-ALT-SCORING-LOSER-500",
    "V-SINGLE-ROUND",
    "V-TEAM",
    "V-CHEAT",
    "V-SEVEN-ZERO",
    "V-JUMP-IN",
    "V-NO-ACTION-FINISH",
    "V-UNO-PENALTY-LOSE-TURN",
    "V-UNO-OUT-CALL",
    "V-UNO-NOT-ENFORCED",
    "V-UNO-LATE-CATCH",
    "V-WILD-ONLY-WITHOUT-COLOUR",
    "V-WILD-MUST-CHANGE-COLOUR",
    "V-WD4-ONLY-IF-NO-PLAYABLE",
    "V-NO-WD4-CHALLENGE",
    "V-FIRST-CARD-NO-SPECIAL",
    "V-EXT-FIRST-WILD-REDRAW",
    "V-EXT-TARGET-SCORE",
    "V-EXT-UNO-PENALTY-4",
    "V-EXT-PARTNER-ROTATION",
)
AMBIGUITY_IDS = tuple(f"AMB-{n:02d}" for n in range(1, 44))


def test_checklist_is_complete_as_written() -> None:
    assert len(CORE_IDS) == len(set(CORE_IDS)) == 59
    assert len(POLICY_IDS) == len(set(POLICY_IDS)) == 8
    assert len(VARIANT_IDS) == len(set(VARIANT_IDS)) == 29
    assert len(AMBIGUITY_IDS) == 43


# -- fixtures and helpers -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load()


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def validator(schema: dict[str, Any], definition: str | None = None) -> Draft202012Validator:
    if definition is None:
        return Draft202012Validator(schema)
    return Draft202012Validator(
        {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{definition}"}
    )


def read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as f:
        return tomllib.load(f)


def data_copy(tmp_path: Path) -> Path:
    """A private copy of spec/data that a test may break."""
    dest = tmp_path / "data"
    shutil.copytree(DATA, dest)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not found in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def problems_of(data: Path) -> list[str]:
    # load() is cached per path; bypass the cache so every edit is seen.
    return load.__wrapped__(data).problems()


def assert_reported(problems: list[str], *fragments: str) -> None:
    for p in problems:
        if all(f in p for f in fragments):
            return
    raise AssertionError(f"no problem mentions {fragments}; got:\n  " + "\n  ".join(problems))


DATA_FILES = {
    "sources.toml": "sourcesFile",
    "rules.toml": "ruleFile",
    "variants.toml": "ruleFile",
    "ambiguities.toml": "ambiguitiesFile",
    **{f"profiles/{name}.toml": "profileFile" for name in BUILTIN_PROFILES},
}


# -- the schema -----------------------------------------------------------------------------------


def test_schema_is_valid_draft_2020_12(schema: dict[str, Any]) -> None:
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    for name in (
        "citation",
        "param",
        "rule",
        "ruleFile",
        "ambiguitiesFile",
        "profileFile",
        "sourcesFile",
    ):
        assert name in schema["$defs"]


def test_every_data_file_is_covered() -> None:
    found = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*.toml")}
    assert found == set(DATA_FILES)


@pytest.mark.parametrize("fname", sorted(DATA_FILES))
def test_data_file_matches_schema(schema: dict[str, Any], fname: str) -> None:
    data = read_toml(DATA / fname)
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator(schema, DATA_FILES[fname]).iter_errors(data)
    ]
    assert not errors, "\n".join(errors)
    # The top-level schema accepts every file as exactly one of the file kinds.
    assert validator(schema).is_valid(data)


def _first_rule(fname: str, rid: str) -> tuple[dict[str, Any], dict[str, Any]]:
    doc = read_toml(DATA / fname)
    rule = next(r for r in doc["rule"] if r["id"] == rid)
    return doc, rule


BAD_RULES = {
    "unknown kind": lambda r: r.update(kind="house"),
    "unknown area": lambda r: r.update(area="somewhere"),
    "lower-case id": lambda r: r.update(id="draw-one"),
    "missing statement": lambda r: r.pop("statement"),
    "empty statement": lambda r: r.update(statement="   "),
    "unknown field": lambda r: r.update(colour="red"),
    "no citations": lambda r: r.update(citations=[]),
    "paragraph 0": lambda r: r["citations"][0].update(paragraph=0),
    "paragraph as text": lambda r: r["citations"][0].update(paragraph="4"),
    "citation of unknown document": lambda r: r["citations"][0].update(document="en-wikipedia"),
    "citation with extra key": lambda r: r["citations"][0].update(page=3),
    "citation without section": lambda r: r["citations"][0].pop("section"),
    "core rule with why_policy": lambda r: r.update(why_policy="because"),
    "core rule with requires": lambda r: r.update(requires=["V-TEAM"]),
    "core rule in a variant area": lambda r: r.update(area="variant-drawing"),
    "param of unknown type": lambda r: r.update(
        param=[{"name": "n", "type": "float", "default": 1.0, "doc": "x"}]
    ),
    "int param with text default": lambda r: r.update(
        param=[{"name": "n", "type": "int", "default": "1", "doc": "x"}]
    ),
    "enum param without values": lambda r: r.update(
        param=[{"name": "m", "type": "enum", "default": "a", "doc": "x"}]
    ),
    "bool param with values": lambda r: r.update(
        param=[{"name": "b", "type": "bool", "default": True, "values": ["a"], "doc": "x"}]
    ),
    "param with extra key": lambda r: r.update(
        param=[{"name": "b", "type": "bool", "default": True, "doc": "x", "maximum": 3}]
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_RULES))
def test_schema_rejects_a_broken_rule(schema: dict[str, Any], case: str) -> None:
    doc, rule = _first_rule("rules.toml", "DRAW-ONE")
    assert validator(schema, "ruleFile").is_valid(doc)
    BAD_RULES[case](rule)
    assert not validator(schema, "ruleFile").is_valid(doc)


def test_schema_rejects_broken_policies_and_variants(schema: dict[str, Any]) -> None:
    v = validator(schema, "rule")
    _, policy = _first_rule("rules.toml", "P-STALEMATE")
    assert v.is_valid(policy)
    for mutate in (
        lambda r: r.pop("why_policy"),
        lambda r: r.update(
            citations=[{"document": "fi-wikipedia", "section": "Pisteytys", "paragraph": 1}]
        ),
        lambda r: r.update(area="setup"),
        lambda r: r.update(id="STALEMATE"),
    ):
        broken = copy.deepcopy(policy)
        mutate(broken)
        assert not v.is_valid(broken)
    _, variant = _first_rule("variants.toml", "V-EXT-PARTNER-ROTATION")
    assert v.is_valid(variant)
    for mutate in (
        lambda r: r.pop("source"),  # then it would need a citation
        lambda r: r.update(source="EXT-HASBRO"),
        lambda r: r.update(requires=["TEAM"]),
        lambda r: r.update(area="setup"),
        lambda r: r.update(why_policy="x"),
    ):
        broken = copy.deepcopy(variant)
        mutate(broken)
        assert not v.is_valid(broken)


def test_schema_rejects_broken_ambiguities_and_profiles(schema: dict[str, Any]) -> None:
    amb = read_toml(DATA / "ambiguities.toml")["ambiguity"][0]
    v = validator(schema, "ambiguity")
    assert v.is_valid(amb)
    for mutate in (
        lambda a: a.update(id="AMB-1"),
        lambda a: a["resolution"].pop("id-wikipedia"),
        lambda a: a["resolution"].update(house={"choice": "x", "why": "y"}),
        lambda a: a["position"].pop(1),
        lambda a: a["position"].reverse(),
        lambda a: a["position"][0].pop("citations"),  # a stance needs a citation
        lambda a: a["position"][0].update(stance="silent"),  # silent, yet cites
        lambda a: a["position"][3].update(citations=a["position"][0]["citations"]),  # EXT cites
        lambda a: a["resolution"]["official"].update(settings={"V-NO-ACTION-FINISH": "off"}),
        lambda a: a.update(notes="x"),
    ):
        broken = copy.deepcopy(amb)
        mutate(broken)
        assert not v.is_valid(broken), mutate.__code__.co_firstlineno
    pv = validator(schema, "profileFile")
    prof = read_toml(DATA / "profiles" / "sv-unoregler.toml")
    assert pv.is_valid(prof)
    for mutate in (
        lambda p: p.pop("inherits"),
        lambda p: p["options"].update({"v-team": True}),
        lambda p: p["options"].update({"V-TEAM": "yes"}),
        lambda p: p["silent"].update({"AMB-01": 3}),
        lambda p: p.update(extends="official"),
    ):
        broken = copy.deepcopy(prof)
        mutate(broken)
        assert not pv.is_valid(broken), broken
    sv = validator(schema, "sourcesFile")
    src = read_toml(DATA / "sources.toml")
    for mutate in (
        lambda s: s["document"][0]["section"][0].update(paragraphs=-1),
        lambda s: s["document"][0]["section"][0].pop("heading"),
        lambda s: s["document"][0].update(id="en-wikipedia"),
        lambda s: s["document"][0]["section"][1].update(items={"x": ["1"]}),
    ):
        broken = copy.deepcopy(src)
        mutate(broken)
        assert not sv.is_valid(broken)


# -- the catalogue as loaded ----------------------------------------------------------------------


def test_catalogue_has_no_problems(cat: Catalogue) -> None:
    assert cat.problems() == []


@pytest.mark.parametrize(
    "ids,kind",
    [(CORE_IDS, "core"), (POLICY_IDS, "policy"), (VARIANT_IDS, "variant")],
    ids=["core", "policy", "variant"],
)
def test_checklist_rules_exist_with_their_kind(
    cat: Catalogue, ids: tuple[str, ...], kind: str
) -> None:
    missing = [i for i in ids if i not in cat.rules]
    assert not missing, f"missing {kind} rules: {missing}"
    wrong = {i: cat.rules[i].kind for i in ids if cat.rules[i].kind != kind}
    assert not wrong, f"expected kind {kind}: {wrong}"


def test_checklist_ambiguities_exist(cat: Catalogue) -> None:
    assert sorted(cat.ambiguities) == list(AMBIGUITY_IDS)


def test_rule_ids_are_upper_kebab(cat: Catalogue) -> None:
    for rid, rule in cat.rules.items():
        assert re.fullmatch(r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)*", rid), rid
        assert rule.id == rid


def test_core_and_variant_rules_cite_a_source(cat: Catalogue) -> None:
    uncited = [
        r.id
        for r in cat.rules.values()
        if r.kind in ("core", "variant") and not r.citations and r.source != "EXT-MATTEL"
    ]
    assert not uncited
    for r in cat.rules.values():
        for c in r.citations:
            assert c.document in DOCUMENTS


def test_external_variants_say_what_the_sheet_has(cat: Catalogue) -> None:
    ext = [r for r in cat.rules.values() if r.source == "EXT-MATTEL"]
    assert {r.id for r in ext} == {i for i in VARIANT_IDS if i.startswith("V-EXT-")}
    for r in ext:
        assert r.kind == "variant" and r.external, r.id


def test_policies_say_why(cat: Catalogue) -> None:
    for rid in POLICY_IDS:
        rule = cat.rules[rid]
        assert rule.why_policy.strip(), rid
        assert not rule.citations, f"{rid}: a policy cites no source"


def test_ambiguities_have_positions_and_resolutions(cat: Catalogue) -> None:
    for aid, amb in cat.ambiguities.items():
        assert amb.question.strip(), aid
        docs = [p.document for p in amb.positions if p.document != "EXT-MATTEL"]
        assert docs == list(DOCUMENTS), aid
        assert set(amb.resolutions) == set(BUILTIN_PROFILES), aid
        for rid in amb.rules:
            assert rid in cat.rules, (aid, rid)


def test_rules_and_ambiguities_refer_to_each_other(cat: Catalogue) -> None:
    """An ambiguity that names a rule is named back by the rule, or by another of its rules."""
    for aid, amb in cat.ambiguities.items():
        assert any(aid in cat.rules[r].ambiguities for r in amb.rules), aid


def test_lookup_is_case_insensitive(cat: Catalogue) -> None:
    assert cat.rule("draw-one") is cat.rule("DRAW-ONE")
    assert cat.ambiguity(" amb-01 ") is cat.ambiguity("AMB-01")


def test_unknown_ids_suggest_the_closest(cat: Catalogue) -> None:
    with pytest.raises(UnknownIdError) as e:
        cat.rule("DRAW-ON")
    assert e.value.suggestions[0] == "DRAW-ONE"
    assert "DRAW-ONE" in str(e.value)
    with pytest.raises(UnknownIdError) as e:
        cat.ambiguity("AMB-1")
    assert e.value.suggestions
    assert all(s.startswith("AMB-") for s in e.value.suggestions)
    with pytest.raises(UnknownIdError):
        cat.rule("AMB-01")  # an ambiguity is not a rule
    with pytest.raises(UnknownIdError) as e:
        cat.profile("oficial")
    assert e.value.suggestions[0] == "official"


def test_enabled_in(cat: Catalogue) -> None:
    assert cat.enabled_in("DRAW-ONE") == list(BUILTIN_PROFILES)
    assert cat.enabled_in("V-SINGLE-ROUND") == ["sv-unoregler"]
    assert cat.enabled_in("V-UNO-LATE-CATCH") == ["fi-wikipedia"]
    assert cat.enabled_in("V-TEAM") == []


REPLACING_VERB = re.compile(r"^(?:Replaces|Removes) ((?:[A-Z][A-Z0-9-]+(?:, | and |\b))+)")


def test_replaced_core_rules_are_declared(cat: Catalogue) -> None:
    """A variant whose statement opens with «Replaces X» or «Removes X» lists X in
    ``replaces``, so that X is not reported as in force where the variant is on."""
    missing = {}
    for r in cat.rules.values():
        m = REPLACING_VERB.match(r.statement)
        if r.kind != "variant" or not m:
            continue
        named = {i for i in re.findall(r"[A-Z][A-Z0-9-]+", m.group(1)) if i in cat.rules}
        if named - set(r.replaces):
            missing[r.id] = sorted(named - set(r.replaces))
    assert not missing, f"variants that replace rules without saying so in `replaces`: {missing}"


@pytest.mark.parametrize(
    "rule_id,profile",
    [
        ("NO-STACKING", "sv-unoregler"),
        ("GO-OUT-ANY-CARD", "sv-unoregler"),
        ("WD4-CHALLENGE", "sv-unoregler"),
        ("UNO-CATCH-WINDOW", "fi-wikipedia"),
        ("FIRST-CARD-SKIP", "fi-wikipedia"),
    ],
)
def test_replaced_rule_is_not_in_force(cat: Catalogue, rule_id: str, profile: str) -> None:
    assert profile not in cat.enabled_in(rule_id)


# -- a broken catalogue is reported ---------------------------------------------------------------


def test_a_copy_of_the_data_is_clean(tmp_path: Path) -> None:
    assert problems_of(data_copy(tmp_path)) == []


def test_citation_to_a_missing_heading(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "rules.toml",
        'section = "Korttipakka", paragraph = 1',
        'section = "Korttipakat", paragraph = 1',
    )
    assert_reported(problems_of(data), "rule DECK-COMPOSITION", "has no heading 'Korttipakat'")


def test_citation_beyond_the_paragraph_count(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "rules.toml",
        'section = "Korttipakka", paragraph = 1',
        'section = "Korttipakka", paragraph = 2',
    )
    assert_reported(problems_of(data), "rule DECK-COMPOSITION", "has 1 paragraph(s), not ¶2")


def test_citation_in_an_ambiguity_is_checked(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "ambiguities.toml",
        '{ document = "fi-wikipedia", section = "Rangaistukset", paragraph = 2 }',
        '{ document = "fi-wikipedia", section = "Rangaistukset", paragraph = 9 }',
    )
    assert_reported(problems_of(data), "ambiguity AMB-01", "not ¶9")


def test_citation_of_a_missing_item(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "rules.toml", 'item = "Antal spelare"', 'item = "Antal deltagare"')
    assert_reported(problems_of(data), "rule PLAYER-COUNT", "names an item that ¶4 does not have")


def test_reference_to_an_unknown_rule(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "variants.toml", 'requires = ["V-TEAM"]', 'requires = ["V-TEEM"]')
    assert_reported(problems_of(data), "rule V-EXT-PARTNER-ROTATION", "unknown rule 'V-TEEM'")


def test_ambiguity_naming_an_unknown_rule(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "ambiguities.toml", 'rules = ["GO-OUT-ANY-CARD",', 'rules = ["GO-OUT-ON-ANY-CARD",')
    assert_reported(problems_of(data), "ambiguity AMB-01", "unknown rule 'GO-OUT-ON-ANY-CARD'")


def test_reference_to_an_unknown_ambiguity(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "rules.toml", 'ambiguities = ["AMB-16"]', 'ambiguities = ["AMB-99"]')
    assert_reported(problems_of(data), "rule DEALER-SELECTION", "unknown ambiguity 'AMB-99'")


def test_profile_option_that_does_not_exist(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "profiles" / "fi-wikipedia.toml",
        '"V-UNO-LATE-CATCH" = true',
        '"V-UNO-LATE-KATCH" = true',
    )
    assert_reported(
        problems_of(data),
        "fi-wikipedia",
        "unknown option 'V-UNO-LATE-KATCH'",
        "did you mean V-UNO-LATE-CATCH",
    )


def test_profile_parameter_that_does_not_exist(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "profiles" / "official.toml", '"UNO-PENALTY.cards" = 2', '"UNO-PENALTY.count" = 2')
    assert_reported(problems_of(data), "UNO-PENALTY has no parameter 'count'")


def test_resolution_disagreeing_with_its_profile(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "ambiguities.toml",
        'settings = { "V-NO-ACTION-FINISH" = { forbidden_last = "special" } }',
        'settings = { "V-NO-ACTION-FINISH" = { forbidden_last = "action" } }',
    )
    assert_reported(
        problems_of(data),
        "ambiguity AMB-01",
        "resolution for sv-unoregler needs V-NO-ACTION-FINISH",
    )


def test_resolution_setting_an_unknown_option(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "ambiguities.toml",
        'settings = { "V-NO-ACTION-FINISH" = false }',
        'settings = { "V-NO-ACTION-FINNISH" = false }',
    )
    assert_reported(
        problems_of(data), "ambiguity AMB-01", "sets unknown option 'V-NO-ACTION-FINNISH'"
    )


def test_profile_edit_breaks_its_resolutions(tmp_path: Path) -> None:
    """Changing a profile without its resolutions is caught: the profile no longer realises them."""
    data = data_copy(tmp_path)
    edit(
        data / "profiles" / "sv-unoregler.toml",
        '"V-SINGLE-ROUND" = true',
        '"V-SINGLE-ROUND" = false',
    )
    assert_reported(problems_of(data), "resolution for sv-unoregler needs V-SINGLE-ROUND")


def test_variant_whose_requirement_is_off(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "profiles" / "id-wikipedia.toml",
        "[options]\n",
        '[options]\n"V-EXT-PARTNER-ROTATION" = true\n',
    )
    assert_reported(problems_of(data), "id-wikipedia", "V-EXT-PARTNER-ROTATION requires V-TEAM")


def test_variants_that_exclude_each_other(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "profiles" / "id-wikipedia.toml",
        "[options]\n",
        '[options]\n"V-DRAW-FIXED" = true\n"V-DRAW-UNTIL-STOP" = true\n',
    )
    assert_reported(problems_of(data), "id-wikipedia", "cannot be combined with")


def test_policy_without_why(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    text = (data / "rules.toml").read_text(encoding="utf-8")
    start = text.index('id = "P-DEALER-TIE"')
    end = text.index("[[rule]]", start)
    block = re.sub(r'why_policy = ("""[\s\S]*?"""|"[^"\n]*")\n', "", text[start:end], count=1)
    assert block != text[start:end]
    (data / "rules.toml").write_text(text[:start] + block + text[end:], encoding="utf-8")
    assert_reported(problems_of(data), "rule P-DEALER-TIE", "why_policy")


def test_core_rule_without_citation(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    text = (data / "rules.toml").read_text(encoding="utf-8")
    start = text.index('id = "NO-CARD-EXCHANGE"')
    end = text.index("[[rule]]", start)
    block = re.sub(r"citations = \[[\s\S]*?\n\]\n", "citations = []\n", text[start:end], count=1)
    assert block != text[start:end]
    (data / "rules.toml").write_text(text[:start] + block + text[end:], encoding="utf-8")
    assert_reported(problems_of(data), "rule NO-CARD-EXCHANGE", "must cite at least one source")


def test_rule_defined_twice_fails_to_load(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "variants.toml", 'id = "V-DRAW-UNTIL-STOP"', 'id = "V-DRAW-UNTIL-PLAYABLE"')
    with pytest.raises(CatalogueError) as e:
        load.__wrapped__(data)
    assert any("V-DRAW-UNTIL-PLAYABLE defined twice" in p for p in e.value.problems)


def test_rule_lacking_a_field_fails_to_load(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(data / "rules.toml", 'title = "One deck of 108 cards"\n', "")
    with pytest.raises(CatalogueError) as e:
        load.__wrapped__(data)
    assert any("DECK-COMPOSITION" in p and "title" in p for p in e.value.problems)


# -- aliases --------------------------------------------------------------------------------------


def test_existing_aliases_resolve(cat: Catalogue) -> None:
    for alias, target in cat.aliases.items():
        item = cat.rules.get(target) or cat.ambiguities[target]
        assert alias in {a.upper() for a in item.aliases}
        if target in cat.rules:
            assert cat.rule(alias) is cat.rules[target]
        else:
            assert cat.ambiguity(alias) is cat.ambiguities[target]


def test_aliases_resolve_everywhere(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "variants.toml",
        'id = "V-JUMP-IN"\naliases = []',
        'id = "V-JUMP-IN"\naliases = ["JUMP-IN"]',
    )
    edit(data / "ambiguities.toml", 'id = "AMB-01"\n', 'id = "AMB-01"\naliases = ["GOING-OUT"]\n')
    cat = load.__wrapped__(data)
    assert cat.problems() == []
    assert cat.rule("JUMP-IN") is cat.rule("V-JUMP-IN")
    assert cat.rule("jump-in").id == "V-JUMP-IN"
    assert cat.ambiguity("GOING-OUT").id == "AMB-01"
    assert cat.canonical("Jump-In") == "V-JUMP-IN"
    # An option may be switched on by its alias.
    assert cat.effective_options("official", {"JUMP-IN": True})["V-JUMP-IN"] is not False
    # An alias is suggested for a near miss.
    with pytest.raises(UnknownIdError) as e:
        cat.rule("JUMP-INN")
    assert "JUMP-IN" in e.value.suggestions


def test_alias_that_is_also_an_id(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "variants.toml",
        'id = "V-JUMP-IN"\naliases = []',
        'id = "V-JUMP-IN"\naliases = ["DRAW-ONE"]',
    )
    assert_reported(problems_of(data), "alias 'DRAW-ONE'", "is also a catalogue ID")


def test_alias_used_twice_fails_to_load(tmp_path: Path) -> None:
    data = data_copy(tmp_path)
    edit(
        data / "variants.toml",
        'id = "V-JUMP-IN"\naliases = []',
        'id = "V-JUMP-IN"\naliases = ["JUMP"]',
    )
    edit(
        data / "variants.toml", 'id = "V-CHEAT"\naliases = []', 'id = "V-CHEAT"\naliases = ["jump"]'
    )
    with pytest.raises(CatalogueError) as e:
        load.__wrapped__(data)
    assert any("alias" in p and "used twice" in p for p in e.value.problems)


# -- profiles -------------------------------------------------------------------------------------


def test_builtin_profiles_exist(cat: Catalogue) -> None:
    assert list(cat.profiles) == list(BUILTIN_PROFILES)
    assert cat.profiles["official"].inherits is None
    for name in BUILTIN_PROFILES[1:]:
        assert cat.profiles[name].inherits == "official"
        assert cat.profiles[name].name == name


def test_official_has_every_variant_off(cat: Catalogue) -> None:
    table = cat.effective_options("official")
    variants = [r.id for r in cat.rules.values() if r.kind == "variant"]
    assert sorted(variants) == sorted(VARIANT_IDS)
    for vid in variants:
        assert table[vid] is False, vid
    # and every parameter of a core rule or policy is at its default
    assert table == cat.default_options()


def test_official_lists_every_option(cat: Catalogue) -> None:
    """official.toml documents the profile: every option is written out."""
    assert set(cat.profiles["official"].options) == set(cat.default_options())


def _expected_value(cat: Catalogue, key: str, value: Any) -> tuple[str, Any]:
    """The table key a profile option sets, and the value it must then have there."""
    rid, _, pname = key.partition(".")
    rule = cat.rule(rid)
    if rule.kind != "variant":
        return key, value
    defaults = {
        p.name: (list(p.default) if isinstance(p.default, tuple) else p.default)
        for p in rule.params
    }
    if value is False:
        return rule.id, False
    if value is True:
        return rule.id, defaults
    if pname:
        return rule.id, {**defaults, pname: value}
    return rule.id, {**defaults, **value}


@pytest.mark.parametrize("name", BUILTIN_PROFILES[1:])
def test_document_profile_differs_only_where_it_says(cat: Catalogue, name: str) -> None:
    official = cat.effective_options("official")
    table = cat.effective_options(name)
    assert set(table) == set(official)
    prof = cat.profile(name)
    expected = dict(official)
    for key, value in prof.options.items():
        k, v = _expected_value(cat, key, value)
        expected[k] = v
    assert table == expected
    changed = {k for k in table if table[k] != official[k]}
    assert changed <= {_expected_value(cat, k, v)[0] for k, v in prof.options.items()}


def test_document_profiles_turn_on_what_they_describe(cat: Catalogue) -> None:
    sv = cat.effective_options("sv-unoregler")
    assert sv["V-SINGLE-ROUND"] == {}
    assert sv["V-NO-ACTION-FINISH"] == {"forbidden_last": "special"}
    assert sv["WD4-BLUFF.wd4_enforcement"] == "engine"
    assert sorted(sv["V-STACK-DRAW"]["stackable"]) == sorted(
        ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]
    )
    fi = cat.effective_options("fi-wikipedia")
    assert fi["V-FIRST-CARD-NO-SPECIAL"] == {"procedure": "reshuffle"}
    assert fi["V-UNO-LATE-CATCH"] == {}
    assert cat.effective_options("id-wikipedia") == cat.effective_options("official")


def test_silent_entries_name_ambiguities(cat: Catalogue) -> None:
    for name, prof in cat.profiles.items():
        for aid, why in prof.silent.items():
            assert aid in cat.ambiguities, (name, aid)
            assert why.strip()


USER_PROFILE = """\
name = "house"
title = "Our house rules"
inherits = "official"
description = "The official rules, but anyone may jump in."

[options]
"V-JUMP-IN" = true
"""


def test_user_profile_file_loads_by_path(
    cat: Catalogue, tmp_path: Path, schema: dict[str, Any]
) -> None:
    path = tmp_path / "house.toml"
    path.write_text(USER_PROFILE, encoding="utf-8")
    assert validator(schema, "profileFile").is_valid(read_toml(path))
    prof = cat.profile(str(path))
    assert isinstance(prof, Profile)
    assert (prof.name, prof.inherits) == ("house", "official")
    table = cat.effective_options(str(path))
    official = cat.effective_options("official")
    assert table["V-JUMP-IN"] == {}
    assert {k: v for k, v in table.items() if k != "V-JUMP-IN"} == {
        k: v for k, v in official.items() if k != "V-JUMP-IN"
    }
    # also as a Profile object
    assert cat.effective_options(prof) == table


def test_user_profile_can_inherit_a_document_profile(cat: Catalogue, tmp_path: Path) -> None:
    path = tmp_path / "sv-plus.toml"
    path.write_text(
        'name = "sv-plus"\ninherits = "sv-unoregler"\n[options]\n"V-DRAW-UNTIL-PLAYABLE" = { cap = 3 }\n',
        encoding="utf-8",
    )
    table = cat.effective_options(str(path))
    assert table["V-DRAW-UNTIL-PLAYABLE"] == {"cap": 3, "must_play_found": False}
    assert table["V-SINGLE-ROUND"] == {}  # inherited from sv-unoregler


def test_user_profile_with_a_bad_value(cat: Catalogue, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'name = "bad"\ninherits = "official"\n[options]\n"UNO-PENALTY.cards" = "two"\n',
        encoding="utf-8",
    )
    with pytest.raises(CatalogueError) as e:
        cat.effective_options(str(path))
    assert "UNO-PENALTY.cards" in str(e.value)


def test_unknown_profile(cat: Catalogue, tmp_path: Path) -> None:
    with pytest.raises(UnknownIdError):
        cat.profile("house")
    with pytest.raises(UnknownIdError):
        cat.profile(str(tmp_path / "missing.toml"))
    path = tmp_path / "orphan.toml"
    path.write_text('name = "orphan"\ninherits = "nobody"\n[options]\n', encoding="utf-8")
    with pytest.raises(UnknownIdError):
        cat.effective_options(str(path))


@pytest.mark.parametrize(
    "overrides,named",
    [
        ({"UNO-PENALTY.cards": 0}, "UNO-PENALTY.cards"),
        ({"UNO-PENALTY.cards": "2"}, "UNO-PENALTY.cards"),
        ({"UNO-PENALTY.cards": True}, "UNO-PENALTY.cards"),
        ({"WD4-BLUFF.wd4_enforcement": "referee"}, "WD4-BLUFF.wd4_enforcement"),
        ({"V-DRAW-FIXED": {"mode": "sometimes"}}, "V-DRAW-FIXED.mode"),
        ({"V-DRAW-FIXED": {"n": 0}}, "V-DRAW-FIXED.n"),
        ({"V-DRAW-FIXED.n": -1}, "V-DRAW-FIXED.n"),
        ({"V-DRAW-FIXED": {"colour": "red"}}, "V-DRAW-FIXED.colour"),
        ({"V-STACK-DRAW": {"stackable": ["W-on-W"]}}, "V-STACK-DRAW.stackable"),
        ({"V-JUMP-IN": "yes"}, "V-JUMP-IN"),
        ({"V-JUMP-IN": 1}, "V-JUMP-IN"),
        ({"DRAW-ONE": True}, "DRAW-ONE"),
        ({"V-JUMPIN": True}, "V-JUMPIN"),
    ],
)
def test_invalid_option_value_is_rejected(
    cat: Catalogue, overrides: dict[str, Any], named: str
) -> None:
    with pytest.raises(CatalogueError) as e:
        cat.effective_options("official", overrides)
    assert named in str(e.value)


def test_valid_overrides_apply(cat: Catalogue) -> None:
    table = cat.effective_options("official", {"V-DRAW-FIXED.n": 2, "UNO-PENALTY.cards": 4})
    assert table["V-DRAW-FIXED"] == {"n": 2, "mode": "at_most"}
    assert table["UNO-PENALTY.cards"] == 4
    table = cat.effective_options("sv-unoregler", {"V-SINGLE-ROUND": False})
    assert table["V-SINGLE-ROUND"] is False


def test_conflicting_overrides_are_rejected(cat: Catalogue) -> None:
    with pytest.raises(CatalogueError, match="cannot be combined"):
        cat.effective_options("official", {"V-DRAW-FIXED": True, "V-DRAW-UNTIL-PLAYABLE": True})
    with pytest.raises(CatalogueError, match="requires V-TEAM"):
        cat.effective_options("official", {"V-EXT-PARTNER-ROTATION": True})
    assert cat.effective_options("official", {"V-EXT-PARTNER-ROTATION": True, "V-TEAM": True})


def test_every_option_round_trips_its_defaults(cat: Catalogue) -> None:
    """Each variant can be switched on alone or with what it requires, at its defaults."""
    for vid, rule in cat.options.items():
        if rule.kind != "variant":
            continue
        overrides: dict[str, Any] = {vid: True, **{r: True for r in rule.requires}}
        if rule.requires_any:
            overrides[rule.requires_any[0]] = True
        table = cat.effective_options("official", overrides)
        assert table[vid] == {
            p.name: (list(p.default) if isinstance(p.default, tuple) else p.default)
            for p in rule.params
        }
