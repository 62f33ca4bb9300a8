"""``unospec certify`` from the command line: run one thing, stop early, lose nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from unospec.cli import main

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-m", "unospec", "serve"]
SKIP_TWO = [sys.executable, str(ROOT / "tests" / "mutants" / "serve_mutant.py"), "skip-skips-two"]


def certify(tmp_path: Path, *args: str, program=SERVE) -> tuple[int, dict]:
    code = main(["certify", "--report", str(tmp_path), *args, "--", *program])
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    return code, report


def scenario_ids(report: dict) -> list[str]:
    return [r["id"] for r in report["results"] if r["kind"] == "scenario"]


def test_rule_runs_only_the_scenarios_that_check_it_and_no_game(tmp_path):
    code, report = certify(tmp_path, "--rule", "SKIP-EFFECT")
    assert code == 0
    ran = [r for r in report["results"] if r["kind"] == "scenario" and r["outcome"] == "pass"]
    assert ran and all("SKIP-EFFECT" in r["rules"] for r in ran)
    assert not [r for r in report["results"] if r["kind"] == "differential"]
    assert len(ran) < 60


def test_scenario_and_k_pick_scenarios_by_id_and_name(tmp_path):
    sid = "SKIP-EFFECT/a-skip-passes-over-the-next-player"
    code, report = certify(tmp_path / "a", "--scenario", sid)
    assert code == 0 and {i.split("[")[0] for i in scenario_ids(report)} == {sid}
    code, report = certify(tmp_path / "b", "-k", "passes over the next")
    assert (
        code == 0
        and scenario_ids(report)
        and all("skip" in i.lower() for i in scenario_ids(report))
    )
    assert (
        main(["certify", "--report", str(tmp_path / "c"), "-k", "no such thing", "--", *SERVE]) == 2
    )


def test_fail_fast_stops_at_the_first_failure(tmp_path):
    code, full = certify(tmp_path / "full", "--rule", "SKIP-EFFECT", program=SKIP_TWO)
    code_x, fast = certify(tmp_path / "fast", "--rule", "SKIP-EFFECT", "-x", program=SKIP_TWO)
    assert code == code_x == 1
    failed = [r for r in fast["results"] if r["outcome"] == "fail"]
    assert 1 <= len(failed) < len([r for r in full["results"] if r["outcome"] == "fail"])


def test_last_failed_runs_what_failed_last_time(tmp_path):
    code, first = certify(tmp_path, "--rule", "SKIP-EFFECT", "--games", "2", program=SKIP_TWO)
    assert code == 1
    failed = {
        r["id"] for r in first["results"] if r["kind"] == "scenario" and r["outcome"] == "fail"
    }
    code, again = certify(tmp_path, "--last-failed", program=SKIP_TWO)
    assert code == 1
    assert set(scenario_ids(again)) == failed
    # fixed: the same runs pass
    code, fixed = certify(tmp_path, "--last-failed", program=SERVE)
    assert code == 0 and set(scenario_ids(fixed)) == failed


def test_a_report_directory_that_cannot_be_written_is_refused_before_the_run(tmp_path, capsys):
    target = tmp_path / "a-file"
    target.write_text("not a directory")
    start = time.monotonic()
    assert main(["certify", "--report", str(target), "--", *SERVE]) == 2
    assert time.monotonic() - start < 10  # refused at once, not after the run
    assert "not a directory" in capsys.readouterr().err


def test_ctrl_c_stops_the_run_and_writes_what_was_checked(tmp_path):
    """One SIGINT: the run stops, the report of the scenarios and games finished so far is
    written, marked incomplete, and the command exits 130."""
    report = tmp_path / "report"
    harness = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "unospec",
            "certify",
            "--no-scenarios",
            "--games",
            "40",
            "--report",
            str(report),
            "--",
            *SKIP_TWO,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until a few games were played
        time.sleep(1)
        if harness.poll() is not None:
            break
        if time.monotonic() > deadline - 110:
            break
    os.kill(harness.pid, signal.SIGINT)
    out, err = harness.communicate(timeout=60)
    assert harness.returncode == 130, err.decode()
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    assert data["footer"]["verdict"] == "incomplete" and data["footer"]["conformant"] is False
    assert "interrupted" in data["footer"]["incomplete"]
    assert b"marked incomplete" in err
