"""The certification reports lose nothing and are read by the tools CI uses: report.json
against its schema, junit.xml against the Jenkins xUnit schema ``junit-10.xsd`` (shipped
in ``tests/conformance/data``, from pytest's source distribution, which checks its own
JUnit output against it) and by junitparser, the badge, the Markdown summary and the
GitHub workflow commands."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import junitparser
import pytest
from lxml import etree

from unospec.certify import Certification, Settings, certify
from unospec.diffs import list_diff, multiset_diff, value_diff
from unospec.findings import Finding
from unospec.github import annotations, command, write_summary
from unospec.protocol import schema_errors
from unospec.report import badge, junit, markdown, result_json, to_json, write
from unospec.summary import PER_RULE

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
XSD = etree.XMLSchema(etree.parse(str(HERE / "data" / "junit-10.xsd")))
MUTANT = [sys.executable, str(ROOT / "tests" / "mutants" / "serve_mutant.py"), "skip-skips-two"]
CONTROL = [sys.executable, str(HERE / "control_chars_program.py")]
FAKE = ROOT / "tests" / "fakes" / "fake_program.py"


@pytest.fixture(scope="module")
def mutant() -> Certification:
    """A Skip that passes two seats: scenario failures and game failures with reproducers."""
    return certify(Settings(MUTANT, games=3, max_steps=600))


@pytest.fixture(scope="module")
def control() -> Certification:
    """Refusals whose reason holds characters XML cannot carry (scenarios that expect a
    refusal under another rule quote the program's reason)."""
    cert = certify(Settings(CONTROL, games=1, max_steps=200))
    assert any("\x07" in f.message for f in cert.findings)
    return cert


@pytest.fixture(scope="module")
def conformant() -> Certification:
    serve = [sys.executable, "-m", "unospec", "serve"]
    return certify(Settings(serve, games=1, max_steps=300, scenarios=False))


@pytest.fixture(scope="module")
def unrunnable() -> Certification:
    return certify(Settings([sys.executable, str(FAKE), "crash", "0"], games=1, timeout=2.0))


@pytest.fixture(scope="module")
def crashing() -> Certification:
    """Crashes in the middle of games: errored results."""
    cert = certify(
        Settings([sys.executable, str(FAKE), "crash", "40"], games=2, timeout=2.0, scenarios=False)
    )
    assert cert.counts()["errored"], [(f.id, f.outcome) for f in cert.findings]
    return cert


KINDS = ("mutant", "control", "conformant", "unrunnable", "crashing")


@pytest.fixture(params=KINDS)
def any_cert(request: pytest.FixtureRequest) -> Certification:
    return request.getfixturevalue(request.param)


def scenario_failures(cert: Certification) -> list[dict]:
    return [
        r for r in to_json(cert)["results"] if r["kind"] == "scenario" and r["outcome"] == "fail"
    ]


# -- report.json --------------------------------------------------------------------------------


def test_report_json_is_valid_against_its_schema(any_cert: Certification, tmp_path: Path) -> None:
    data = json.loads(write(any_cert, tmp_path)["json"].read_text(encoding="utf-8"))
    assert schema_errors("report:report", data) == []


def test_the_report_schema_refuses_what_is_not_a_report(mutant: Certification) -> None:
    assert schema_errors("report:report", {"garbage": True})
    data = to_json(mutant)
    data["footer"]["verdict"] = "conformant"  # a verdict that contradicts the footer
    assert schema_errors("report:report", data)
    data = to_json(mutant)
    del data["results"][-1]["actual"]  # every field of a result is there
    assert schema_errors("report:report", data)


def test_a_finding_keeps_null_empty_lists_and_empty_strings() -> None:
    f = Finding("differential", "game-0-2p", "fail", [], "", 3, "/draw_pile", "108-card deck")
    out = result_json(f)
    assert out["actual"] is None and out["rules"] == [] and out["message"] == ""
    assert out["expected"] == "108-card deck" and out["step"] == 3


def test_every_failure_is_in_report_json(mutant: Certification) -> None:
    data = to_json(mutant)
    assert len(data["results"]) == len(mutant.findings)
    fails = [r for r in data["results"] if r["outcome"] == "fail"]
    assert len(fails) == mutant.counts()["fail"] > 10
    assert any(r["kind"] == "deviation" and r["reproducer"] for r in fails)


def test_a_scenario_finding_names_its_feature_file_line_rule_and_citation(
    mutant: Certification,
) -> None:
    for r in scenario_failures(mutant):
        assert re.fullmatch(r"features/[\w-]+\.feature", r["file"]), r
        text = (ROOT / r["file"]).read_text(encoding="utf-8").splitlines()
        assert text[r["scenario_line"] - 1].strip().startswith("Scenario"), r["scenario_line"]
        # the line is the failing step's (the step that checks the rule blamed)
        assert text[r["line"] - 1].strip().split()[0] in ("Given", "When", "Then", "And", "But")
        assert r["rules"] and r["citations"], r


def test_the_step_in_the_json_is_the_step_in_the_message(mutant: Certification) -> None:
    fails = scenario_failures(mutant)
    assert fails
    for r in fails:
        assert r["message"].startswith(f"step {r['step']} ("), (r["step"], r["message"])


def test_actions_and_cards_are_json_in_the_report(mutant: Certification, tmp_path: Path) -> None:
    write(mutant, tmp_path)
    data = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    game = next(r for r in data["results"] if r["reproducer"])
    summary = (tmp_path / "summary.md").read_text(encoding="utf-8")
    # the reproducer is a file of its own beside the report, replayed by one command
    name = game["reproducer"]["file"]
    saved = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    assert saved["action"] == game["reproducer"]["action"] and saved["position"]
    assert f"{name} (confirmed on its own): unospec certify --replay {name}" in summary


# -- diffs instead of dumps -----------------------------------------------------------------------


def test_a_hand_is_compared_as_a_multiset() -> None:
    assert value_diff("/hands/2", ["R1", "R1", "G5"], ["G5", "R1", "B7"]) == {
        "kind": "multiset",
        "missing": ["R1"],
        "extra": ["B7"],
    }


def test_a_pile_is_compared_as_a_list() -> None:
    deck = [f"{c}{n}" for c in "RYGB" for n in range(10)]
    moved = deck[:5] + deck[6:] + [deck[5]]
    d = value_diff("/draw_pile", deck, moved)
    assert d["kind"] == "list" and d["first_difference"] == 5
    assert {(e["op"], tuple(e["expected"]), tuple(e["actual"])) for e in d["edits"]} == {
        ("delete", ("R5",), ()),
        ("insert", (), ("R5",)),
    }
    assert list_diff(["R1"], ["R1", "G2"])["first_difference"] == 1


def test_a_failure_with_whole_piles_shows_the_diff_not_the_piles() -> None:
    pile = ["R1", "G2", "B3", "Y4"] * 25
    f = Finding("differential", "game-0-2p", "fail", ["DRAW-ONE"], "differs", 7, "/draw_pile")
    f.expected, f.actual = pile, pile[1:]
    cert = Certification(Settings(["x"]), findings=[f])
    summary = markdown(cert)
    assert "first differs at index 0" in summary and "delete R1" in summary
    assert " ".join(pile) not in summary
    assert to_json(cert)["results"][0]["expected"] == pile  # the report keeps the values


def test_a_multiset_diff_ignores_order() -> None:
    assert multiset_diff(["B7", "R1"], ["R1", "B7"]) == {
        "kind": "multiset",
        "missing": [],
        "extra": [],
    }


# -- the Markdown summary ---------------------------------------------------------------------------


def test_the_summary_groups_findings_per_rule_with_game_findings_first(
    mutant: Certification,
) -> None:
    summary = markdown(mutant)
    section = summary.split("### SKIP-EFFECT", 1)[1].split("\n### ", 1)[0]
    items = [x for x in section.splitlines() if x.startswith("- **")]
    # the deviation with its reproducer, then the games it was seen in, then scenarios
    assert items[0].startswith("- **SKIP-EFFECT/card-acts-otherwise**"), items
    assert "reproducer" in section.split("\n- **", 2)[1]

    def rank(item: str) -> int:
        return 1 if item.startswith("- **game-") else 2 if "[official" in item else 0

    ranks = [rank(x) for x in items]
    assert ranks == sorted(ranks) and 1 in ranks and 2 in ranks, items
    assert summary.index("## Findings by rule") < summary.index("## Rules")


def test_the_summary_says_how_many_more_are_in_report_json() -> None:
    findings = [
        Finding("differential", f"game-{i}-2p", "fail", ["DRAW-ONE"], f"differs {i}", i)
        for i in range(80)
    ]
    summary = markdown(Certification(Settings(["x"]), findings=findings))
    assert f"- … {80 - PER_RULE} more in report.json" in summary
    assert "80 findings in all; every one is in report.json" in summary


def test_program_text_cannot_break_the_summary(control: Certification) -> None:
    summary = markdown(control)
    assert "\x1b" not in summary and "\x07" not in summary and "\x00" not in summary
    assert "\\u001b[31mred" in summary
    assert "\\|bell\\|" in summary


# -- JUnit XML -------------------------------------------------------------------------------------


def test_junit_is_valid_against_the_junit_xsd(any_cert: Certification) -> None:
    doc = etree.fromstring(junit(any_cert).encode("utf-8"))
    assert XSD.validate(doc), XSD.error_log


def test_a_control_character_in_a_refusal_leaves_junit_well_formed(
    control: Certification,
) -> None:
    text = junit(control)
    root = ET.fromstring(text)  # ElementTree refuses malformed XML
    etree.fromstring(text.encode("utf-8"))  # so does lxml
    failures = [f for f in root.iter("failure") if "\\u0001" in (f.text or "")]
    assert failures, text[:2000]
    assert "\\u001b[31mred" in failures[0].text and "\\ud800" in failures[0].text


def test_junitparser_reads_every_result(any_cert: Certification, tmp_path: Path) -> None:
    path = write(any_cert, tmp_path)["junit"]
    xml = junitparser.JUnitXml.fromfile(str(path))
    cases = [case for suite in xml for case in suite]
    c = any_cert.counts()
    expected = len(any_cert.findings) + (1 if any_cert.could_not_run else 0)
    assert len(cases) == expected
    failed = [
        case for case in cases if any(isinstance(r, junitparser.Failure) for r in case.result)
    ]
    assert len(failed) == c["fail"]
    skipped = [
        case for case in cases if any(isinstance(r, junitparser.Skipped) for r in case.result)
    ]
    assert len(skipped) == c["skipped"] + c["not_applicable"]


def test_junit_classname_is_feature_and_rule_and_failures_say_where(
    mutant: Certification,
) -> None:
    root = ET.fromstring(junit(mutant))
    cases = {c.get("name"): c for c in root.iter("testcase")}
    skip = cases["SKIP-EFFECT/a-skip-passes-over-the-next-player[official]"]
    assert skip.get("classname") == "action-cards.SKIP-EFFECT"
    failure = skip.find("failure")
    assert failure is not None and failure.get("type") == "SKIP-EFFECT"
    first, second = failure.text.splitlines()[:2]
    assert re.fullmatch(r"features/action-cards\.feature:\d+", first)
    assert second.startswith("rule SKIP-EFFECT (") and "›" in second
    game = next(
        c
        for c in cases.values()
        if c.get("name").startswith("game-") and c.find("failure") is not None
    )
    assert game.get("classname") == "games.SKIP-EFFECT"
    deviation = cases["SKIP-EFFECT/card-acts-otherwise"]
    assert deviation.get("classname") == "games.SKIP-EFFECT"
    assert "reproducer" in deviation.find("failure").text
    assert len({c.get("classname") for c in cases.values()}) > 20
    assert all(c.find("properties") is None for c in cases.values())


def test_a_program_that_could_not_run_is_an_error_in_junit(unrunnable: Certification) -> None:
    root = ET.fromstring(junit(unrunnable))
    errors = list(root.iter("error"))
    assert unrunnable.could_not_run and errors
    assert root.get("errors") == str(len(errors))


# -- the badge -------------------------------------------------------------------------------------


def test_the_badge_shows_the_verdict_with_the_pass_rate_beside_it(
    mutant: Certification, conformant: Certification, unrunnable: Certification
) -> None:
    bad = badge(mutant)
    assert bad["color"] == "red"
    assert re.fullmatch(r"not conformant · \d+\.\d% passing", bad["message"]), bad
    assert badge(conformant) == {
        "schemaVersion": 1,
        "label": "unospec official",
        "message": "conformant",
        "color": "brightgreen",
    }
    assert badge(unrunnable)["message"] == "could not run"


def test_a_run_with_timeouts_is_never_a_green_badge() -> None:
    findings = [Finding("scenario", f"S/{i}[official]", "pass", ["PLAY-MATCH"]) for i in range(540)]
    findings += [Finding("scenario", f"T/{i}[official]", "timeout", []) for i in range(12)]
    b = badge(Certification(Settings(["x"]), findings=findings))
    assert b["color"] == "red" and b["message"].startswith("not conformant")


# -- GitHub Actions -----------------------------------------------------------------------------------


def test_github_annotations_are_one_error_per_failing_rule(mutant: Certification) -> None:
    lines = annotations(mutant)
    errors = [x for x in lines if x.startswith("::error ")]
    rules = {r for f in mutant.findings if f.outcome == "fail" for r in f.rules}
    assert len(errors) == min(10, len(rules)) + (len(rules) > 10)
    skip = next(x for x in errors if "SKIP-EFFECT (" in x)
    assert re.match(r"::error file=features/action-cards\.feature,line=\d+,title=", skip)
    assert "%0A" in skip and "\n" not in skip
    assert lines[-1].startswith("::notice title=unospec official%3A not conformant::")


def test_workflow_commands_escape_what_a_program_sends() -> None:
    line = command("error", "50% done\nnext\x07", file="a,b.feature", title="x: y")
    assert line == "::error file=a%2Cb.feature,title=x%3A y::50%25 done%0Anext\\u0007"


def test_the_summary_is_appended_to_the_job_summary(mutant: Certification, tmp_path: Path) -> None:
    target = tmp_path / "step-summary.md"
    target.write_text("earlier step\n", encoding="utf-8")
    assert write_summary(mutant, {"GITHUB_STEP_SUMMARY": str(target)}) == target
    text = target.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n") and "**Verdict: not conformant**" in text
    assert write_summary(mutant, {}) is None


def test_certify_github_prints_annotations_and_writes_the_job_summary(tmp_path: Path) -> None:
    target = tmp_path / "summary.md"
    out = subprocess.run(
        [sys.executable, "-m", "unospec", "certify", "--github", "--no-scenarios", "--games", "3"]
        + ["--report", str(tmp_path / "rep"), "--", *MUTANT],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, "GITHUB_STEP_SUMMARY": str(target)},
        cwd=tmp_path,
    )
    assert out.returncode == 1, out.stderr
    assert out.stdout.splitlines()[-1].startswith("::notice title=unospec official%3A")
    assert "::error " in out.stdout
    assert "**Verdict: not conformant**" in target.read_text(encoding="utf-8")


def test_the_summary_counts_skipped_runs_by_reason() -> None:
    reason = "sets up a position: needs the 'load' capability"
    findings = [
        Finding("scenario", f"S/{i}[official]", "skipped", ["PLAY-MATCH"], reason) for i in range(3)
    ]
    findings.append(
        Finding("scenario", "T/x[official]", "skipped", [], "step 2 (then x): /uno is not observed")
    )
    summary = markdown(Certification(Settings(["x"]), findings=findings))
    assert f"| {reason} | 3 |" in summary
    assert "| /uno is not observed | 1 |" in summary
