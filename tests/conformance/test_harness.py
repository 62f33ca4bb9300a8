"""The harness survives programs that misbehave on purpose, and says clearly what went wrong."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from unospec.certify import Settings, certify
from unospec.report import write

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_program.py"


def fake(mode: str, after: int = 60) -> list[str]:
    return [sys.executable, str(FAKE), mode, str(after)]


def run(mode: str, after: int = 60, tmp: Path | None = None, **kw):
    settings = Settings(
        fake(mode, after),
        games=kw.pop("games", 3),
        timeout=kw.pop("timeout", 1.0),
        scenarios=kw.pop("scenarios", False),
        max_steps=kw.pop("max_steps", 300),
        **kw,
    )
    t0 = time.perf_counter()
    cert = certify(settings)
    seconds = time.perf_counter() - t0
    if tmp is not None:
        paths = write(cert, tmp)
        assert json.loads(paths["json"].read_text())["unospec_report"] == 1
        assert paths["junit"].read_text().startswith("<?xml")
        assert "schemaVersion" in paths["badge"].read_text()
    return cert, seconds


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("hang", "timeout"),
        ("crash", "crash"),
        ("garbage", "garbage"),
        ("long", "too_long"),
        ("wrong_seq", "wrong_seq"),
    ],
)
def test_a_broken_adapter_is_told_apart_from_wrong_rules(mode, kind, tmp_path):
    """Misbehaving from the start (within the smoke game): 'could not run', exit 2."""
    cert, seconds = run(mode, after=3, tmp=tmp_path)
    assert cert.could_not_run and kind in cert.could_not_run
    assert seconds < 15


@pytest.mark.parametrize(
    ("mode", "outcome"),
    [
        ("hang", "timeout"),
        ("crash", "errored"),
        ("garbage", "errored"),
        ("long", "errored"),
        ("wrong_seq", "errored"),
    ],
)
def test_misbehaving_mid_game_is_recorded_and_the_program_restarted(mode, outcome, tmp_path):
    cert, seconds = run(mode, after=80, tmp=tmp_path, games=3)
    assert cert.could_not_run is None
    bad = [f for f in cert.findings if f.kind == "differential" and f.outcome == outcome]
    assert bad, [(f.id, f.outcome, f.message) for f in cert.findings]
    assert cert.restarts >= 1
    assert not cert.conformant
    assert seconds < 30


def test_an_unsupported_protocol_version_is_refused_at_the_handshake(tmp_path):
    cert, _ = run("old_protocol", tmp=tmp_path)
    assert cert.could_not_run and "protocol 0" in cert.could_not_run


def test_stderr_noise_is_kept_but_not_held_against_the_program(tmp_path):
    # 20 MB on stderr takes a while to drain on a busy machine: the point is the noise, not the timeout
    cert, _ = run("stderr_flood", after=20, tmp=tmp_path, games=2, timeout=5.0)
    assert cert.could_not_run is None
    assert all(f.outcome == "pass" for f in cert.findings), [
        f.message for f in cert.findings if f.outcome != "pass"
    ]
    assert "noise" in cert.stderr and len(cert.stderr) <= 3 * 4096


def test_a_program_that_accepts_everything_is_caught_breaking_named_rules(tmp_path):
    """It takes forbidden actions (each named by the rule that forbids it) and, taking an
    action, changes nothing (which no change of the rules explains: unexplained, with the
    field that differed). Every deviation has a reproducer that replays its game."""
    cert, _ = run("accept_all", after=20, tmp=tmp_path)
    deviations = [f for f in cert.findings if f.kind == "deviation"]
    named = [f for f in deviations if f.rules]
    assert named and any("accepted" in f.message for f in named)
    assert all(f.field for f in deviations if not f.rules)
    assert all(f.reproducer and "inputs" in f.reproducer for f in deviations)
    assert not cert.conformant


def test_a_right_refusal_under_another_rule_is_a_warning_not_a_failure(tmp_path):
    """The program refuses exactly what the rules forbid, but names another rule: the
    games warn, each citation is a deviation of its own, and the program stays conformant."""
    cert, _ = run("cite_other", after=0, tmp=tmp_path)
    games = [f for f in cert.findings if f.kind == "differential"]
    assert games and {f.outcome for f in games} <= {"pass", "warning"}
    assert "warning" in {f.outcome for f in games}
    cited = [f for f in cert.findings if f.kind == "deviation"]
    assert cited and all(f.outcome == "warning" and "under DRAW-ONE" in f.message for f in cited)
    assert cert.conformant


def test_a_program_that_refuses_everything_fails(tmp_path):
    cert, _ = run("refuse_all", after=20, tmp=tmp_path)
    assert not cert.conformant
    assert any(f.outcome == "fail" for f in cert.findings)


def test_a_difference_stands_when_the_program_dies_while_replies_are_still_in_flight(tmp_path):
    """Requests are pipelined: after the first difference the harness reads the replies
    still in flight; a program that dies meanwhile is restarted. The difference found
    before is a finding with its rule and reproducer; the crash is reported besides."""
    cert, _ = run("refuse_crash", after=20, tmp=tmp_path)
    games = [f for f in cert.findings if f.kind == "differential"]
    assert games and all(f.outcome in ("fail", "errored") for f in games)
    refused = [f for f in cert.findings if f.kind == "deviation" and "refused" in f.message]
    assert refused and all(f.rules and f.reproducer for f in refused)
    assert cert.restarts >= len(games)  # it did die every time


def test_a_program_that_cannot_start_is_reported(tmp_path):
    cert = certify(Settings(["/nonexistent/program"], games=1))
    assert cert.could_not_run and "cannot start" in cert.could_not_run


def test_jobs_run_games_on_several_processes():
    cert = certify(
        Settings(
            [sys.executable, "-m", "unospec", "serve"],
            games=4,
            jobs=2,
            scenarios=False,
            max_steps=200,
        )
    )
    games = [f for f in cert.findings if f.kind == "differential"]
    assert len(games) == 4 and all(f.outcome == "pass" for f in games)
