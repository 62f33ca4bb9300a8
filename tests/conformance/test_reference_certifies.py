"""The reference certifies itself clean through ``unospec serve``: every scenario and
every differential game passes when the program under test is the reference."""

from __future__ import annotations

import sys

import pytest

from unospec.certify import Settings, certify
from unospec.report import markdown, per_rule, to_json


@pytest.fixture(scope="module")
def cert():
    return certify(
        Settings([sys.executable, "-m", "unospec", "serve"], games=6, jobs=2, max_steps=1500)
    )


def test_the_reference_is_conformant_through_serve(cert):
    bad = [(f.id, f.message) for f in cert.findings if f.outcome != "pass"]
    assert not bad
    assert cert.conformant


def test_every_scenario_run_of_the_profile_was_checked(cert):
    from unospec.scenarios import load_scenarios

    runs = {r.id for sc in load_scenarios() for r in sc.runs if r.profile == "official"}
    checked = {f.id for f in cert.findings if f.kind == "scenario"}
    assert checked == runs


def test_the_report_is_versioned_and_names_rules(cert):
    data = to_json(cert)
    assert data["unospec_report"] == 1
    assert data["header"]["program"]["name"] == "unospec-reference"
    assert data["footer"]["conformant"] is True
    assert {r["rule"] for r in data["rules"]} >= {"PLAY-MATCH", "WD4-CHALLENGE", "NO-STACKING"}
    assert not any(r["rule"].startswith("AMB-") for r in data["rules"])  # rules, not ambiguities
    assert "conformant" in markdown(cert)
    assert all(row["fail"] == 0 for row in per_rule(cert).values())


def test_other_profiles_certify_too():
    for profile in ("sv-unoregler", "fi-wikipedia"):
        cert = certify(
            Settings(
                [sys.executable, "-m", "unospec", "serve"],
                profile=profile,
                games=2,
                max_steps=600,
            )
        )
        assert cert.conformant, [(f.id, f.message) for f in cert.findings if f.outcome != "pass"]
