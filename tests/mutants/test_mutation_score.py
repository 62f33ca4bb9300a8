"""The mutation score: ``unospec certify`` must kill every mutant of ``tests/mutants``.

A mutant is the reference served over the live protocol with exactly one rule broken
(:mod:`definitions`). It is killed when certification at default settings judges it not
conformant *and* names its broken rule among the failures (``unospec mutants``).

The full run takes several minutes on two cores, so ``make test`` certifies the
representative subset ``FAST`` (every core rule area, a profile-specific rule, and a hole
that ``features/mutant-holes.feature`` closed); ``make mutants`` runs them all
(``UNOSPEC_MUTANTS=all`` does the same here).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from unospec.commands.mutants import MUTANTS_DIR, mutants, score
from unospec.spec.catalogue import load as load_catalogue

CAT = load_catalogue()
MUTANTS = mutants()

#: One or more mutants per rule area, chosen among the quick ones (most are caught in a
#: second or two; the first-discard and two-player ones need the games that hit them).
FAST = [
    "deck-extra-zero",  # components
    "deal-eight",  # setup
    "first-draw-two-no-skip",  # first-discard
    "match-colour-only",  # matching
    "drawn-card-not-playable",  # drawing
    "stacking-in-official",  # action-cards
    "two-player-reverse-not-skip",  # two-players
    "wild-must-change-colour",  # wilds
    "wd4-unrestricted",  # wild-draw-four
    "challenge-innocent-four",  # wild-draw-four
    "uno-penalty-four",  # calling-uno
    "no-reshuffle",  # piles
    "action-cards-score-ten",  # round-end
    "scores-reset-each-round",  # match
    "illegal-action-penalised",  # policies
    "sv-no-stacking",  # a profile-specific variant, under sv-unoregler
    "draw-two-victim-plays-drawn",  # a hole closed by features/mutant-holes.feature
]

SELECTED = list(MUTANTS) if os.environ.get("UNOSPEC_MUTANTS") == "all" else FAST


def area(rule_id: str) -> str:
    a = CAT.rules[rule_id].area
    return "variants" if a.startswith("variant-") else a


# -- the mutants themselves ----------------------------------------------------------------------


def test_there_are_at_least_thirty_mutants_each_breaking_a_catalogue_rule():
    assert len(MUTANTS) >= 30
    unknown = {m.name: m.rule for m in MUTANTS.values() if m.rule not in CAT.rules}
    assert not unknown, f"mutants declaring rules the catalogue lacks: {unknown}"
    assert all(m.summary for m in MUTANTS.values()), "every mutant says what it breaks"


def test_the_mutants_cover_every_rule_area():
    wanted = {area(r) for r, rule in CAT.rules.items() if rule.kind in ("core", "policy")}
    covered = {area(m.rule) for m in MUTANTS.values()}
    assert wanted | {"variants"} <= covered, f"areas without a mutant: {wanted - covered}"


def test_each_mutant_is_certified_under_a_profile_its_rule_applies_to():
    bad = []
    for m in MUTANTS.values():
        rule = CAT.rules[m.rule]
        if m.profile not in CAT.profiles:
            bad.append((m.name, f"unknown profile {m.profile}"))
        elif rule.kind != "variant" and m.profile not in CAT.enabled_in(m.rule):
            bad.append((m.name, f"{m.rule} is not in force under {m.profile}"))
    assert not bad, bad


def test_the_fast_subset_is_representative():
    assert len(FAST) >= 10 and set(FAST) <= set(MUTANTS)
    core_areas = {area(r) for r, rule in CAT.rules.items() if rule.kind == "core"}
    assert core_areas <= {area(MUTANTS[n].rule) for n in FAST}
    assert any(MUTANTS[n].profile != "official" for n in FAST)


def test_the_runner_refuses_an_unknown_mutant():
    done = subprocess.run(
        [sys.executable, str(MUTANTS_DIR / "serve_mutant.py"), "no-such-mutant"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "usage" in done.stderr


def test_the_command_lists_the_mutants_and_refuses_unknown_names(capsys):
    from unospec.cli import main

    assert main(["mutants", "--list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["mutant"] for r in rows] == list(MUTANTS)
    assert {r["rule"] for r in rows} == {m.rule for m in MUTANTS.values()}
    assert main(["mutants", "--only", "no-such-mutant"]) == 2


# -- the score -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def results():
    return {r["mutant"]: r for r in score(SELECTED, jobs=max(2, min(4, os.cpu_count() or 2)))}


@pytest.mark.parametrize("name", SELECTED)
def test_the_mutant_is_killed(results, name):
    r = results[name]
    where = f"{name} breaks {r['rule']} under {r['profile']}"
    assert r["could_not_run"] is None, f"{where}, but could not run: {r['could_not_run']}"
    assert r["non_conformant"], f"{where}, yet certified conformant: a hole in features/"
    assert r["rule_named"], (
        f"{where}; judged not conformant, but {r['rule']} is not among the failing rules "
        f"{r['failing_rules']}: add a scenario for it to features/"
    )
    assert r["caught_by"] is not None
