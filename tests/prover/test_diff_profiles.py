"""``unospec diff-profiles A B``: Z3 finds positions two profiles play differently, and the
engine's outcomes under each profile become a Gherkin Scenario Outline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unospec.cli import main
from unospec.commands.diff_profiles import outcome

HOUSE = """\
name = "house"
title = "House rules"
inherits = "official"

[options]
"V-STACK-DRAW" = true
"V-ALT-SCORING-LOSER-500" = true
"V-EXT-UNO-PENALTY-4" = true
"""


def diff(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["diff-profiles", *argv])
    out, _ = capsys.readouterr()
    return code, out


def scenarios(capsys: pytest.CaptureFixture[str], a: str, b: str) -> list[dict]:
    code, out = diff(capsys, a, b, "--json")
    data = json.loads(out)
    assert code == (1 if data["scenarios"] else 0)
    for s in data["scenarios"]:
        # the outcomes are the engine's, and they differ
        for profile in (a, b):
            assert outcome(s["position"], profile, s["action"]) == s["outcomes"][profile]
        assert s["outcomes"][a] != s["outcomes"][b]
        text = s["gherkin"]
        assert text.startswith("  Scenario Outline:") and "Examples:" in text
        assert f"| {a}" in text and f"| {b}" in text
        body = text.split('"""json\n')[1].split('"""')[0]
        assert json.loads(body) == s["position"]
        for column in s["columns"]:
            assert f"<{column}>" in text
    return data["scenarios"]


def test_official_and_sv_unoregler(capsys):
    found = {s["step"]: s for s in scenarios(capsys, "official", "sv-unoregler")}
    assert {"play skip", "play wild draw four", "catch"} <= set(found)
    # going out on a special card: accepted in one, refused in the other
    results = found["play skip"]["outcomes"]
    assert results["official"]["result"] == "accepted"
    assert results["sv-unoregler"]["result"].startswith("refused (V-NO-ACTION-FINISH")
    # a caught player also misses a turn under sv-unoregler
    caught = found["catch"]["outcomes"]
    assert caught["official"]["missed turns"] != caught["sv-unoregler"]["missed turns"]


def test_id_wikipedia_and_sv_unoregler(capsys):
    assert len(scenarios(capsys, "id-wikipedia", "sv-unoregler")) >= 3


def test_official_and_a_house_profile_file(capsys, tmp_path: Path):
    house = tmp_path / "house.toml"
    house.write_text(HOUSE, encoding="utf-8")
    found = {s["step"]: s for s in scenarios(capsys, "official", str(house))}
    assert {"play draw two", "catch"} <= set(found)
    drawn = found["catch"]["outcomes"]
    assert "drew 2" in drawn["official"]["drawn"] and "drew 4" in drawn[str(house)]["drawn"]


def test_profiles_the_model_cannot_tell_apart(capsys):
    """fi-wikipedia differs from official only in the first discard and the UNO catch
    window, which the model does not track."""
    code, out = diff(capsys, "official", "fi-wikipedia")
    assert code == 0 and "No position tells" in out


def test_the_feature_text_is_gherkin(capsys):
    code, out = diff(capsys, "official", "sv-unoregler", "--step", "play wild draw four")
    assert code == 1
    assert out.startswith("Feature: Positions that tell official and sv-unoregler apart")
    assert out.count("Scenario Outline:") == 1
    assert 'Given the profile "<profile>"' in out and 'When seat 0 plays "WD4"' in out


def test_unusable_profiles_are_usage_errors(capsys, tmp_path: Path):
    assert diff(capsys, "official", "no-such-profile")[0] == 2
    ride = tmp_path / "ride.toml"  # the catalogue refuses V-MULTI-RIDE without V-MULTI-PLAY
    ride.write_text('name = "ride"\ninherits = "official"\n[options]\n"V-MULTI-RIDE" = true\n')
    assert diff(capsys, "official", str(ride))[0] == 2
    assert diff(capsys, "official", "sv-unoregler", "--step", "jump")[0] == 2
