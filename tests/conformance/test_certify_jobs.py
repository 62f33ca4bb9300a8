"""``certify --jobs N`` runs N harness processes, each with a program of its own, and finds
exactly what one job finds: the same findings in the same order, the same verdict. A job
process that raises, dies or returns what cannot be sent costs only its item; a signal
to the harness ends every job process and every program process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from unospec.certify import Settings, Worker, certify
from unospec.certify_jobs import Jobs

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "fakes" / "fake_program.py"
SKIP_TWO = [sys.executable, str(ROOT / "tests" / "mutants" / "serve_mutant.py"), "skip-skips-two"]
linux = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads process states from /proc"
)


def comparable(cert) -> list[dict]:
    """Every field of every finding but the time it took."""
    return [{k: v for k, v in f.to_json().items() if k != "seconds"} for f in cert.findings]


def test_two_jobs_find_what_one_job_finds():
    """A program with a planted deviation (a Skip skips two players): scenarios and games,
    with one job and with two: the same findings (ids, outcomes, rules, messages,
    reproducers) in the same order, the same plays line and coverage."""
    ticks: list[tuple[str, int, int]] = []

    def run(jobs: int):
        return certify(
            Settings(SKIP_TWO, games=4, jobs=jobs, max_steps=400, rules=["SKIP-EFFECT"]),
            progress=lambda *t: ticks.append(t) if jobs == 2 else None,
        )

    one, two = run(1), run(2)
    assert one.could_not_run is None and not one.conformant
    failed = [f for f in one.findings if f.outcome == "fail"]
    assert {"scenario", "differential", "deviation"} <= {f.kind for f in failed}
    assert any("SKIP-EFFECT" in f.rules for f in failed)
    assert comparable(two) == comparable(one)
    assert two.plays == one.plays and two.coverage == one.coverage
    assert two.messages > one.messages  # the job processes' programs were counted
    # the progress of each stage reached its end, one tick per item
    for stage in ("scenarios", "games"):
        done = [d for s, d, _ in ticks if s == stage]
        total = {t for s, _, t in ticks if s == stage}
        assert done == list(range(1, len(done) + 1)) and total == {len(done)}


@pytest.mark.parametrize(
    ("mode", "outcome", "said"), [("crash", "errored", "crash"), ("hang", "timeout", "timeout")]
)
def test_a_program_that_crashes_or_hangs_costs_only_its_own_game_with_two_jobs(mode, outcome, said):
    """The fake crashes (or stops answering) 60 requests after every start: each game
    ends on its own (the job process restarts its program for the next one), and the
    restarts are counted."""
    argv = [sys.executable, str(FAKE), mode, "60"]
    cert = certify(Settings(argv, games=4, jobs=2, timeout=0.5, scenarios=False, max_steps=300))
    games = [f for f in cert.findings if f.kind == "differential"]
    assert [f.id for f in games] == ["game-0-2p", "game-1-3p", "game-2-4p", "game-3-5p"]
    assert all(f.outcome == outcome and said in f.message for f in games), games
    assert cert.restarts >= 2  # counted in the job processes, reported here


def test_fail_fast_stops_the_job_processes_too():
    settings = dict(games=0, jobs=2, max_steps=400, rules=["SKIP-EFFECT"])
    full = certify(Settings(SKIP_TWO, **settings))
    fast = certify(Settings(SKIP_TWO, fail_fast=True, **settings))
    failed = [f for f in fast.findings if f.outcome == "fail"]
    assert 1 <= len(failed) < len([f for f in full.findings if f.outcome == "fail"])
    skipped = [f for f in fast.findings if f.message == "not run: --fail-fast"]
    assert skipped and len(fast.findings) == len(full.findings)


# -- a job process that misbehaves (what runs there is planted by the test) -----------------


def planted(worker, explainer, settings, item):
    """What a job process runs on ``item``: dies, raises, returns what cannot be sent, or
    answers where it runs."""
    if item == "die":
        os._exit(70)
    if item == "raise":
        raise ValueError("planted")
    if item == "unpicklable":
        return lambda: None
    return item, os.getpid(), worker.program.alive


@linux
def test_a_job_process_that_raises_or_dies_costs_only_its_item(tmp_path, monkeypatch):
    from test_processes import survivors

    record = tmp_path / "pids"
    monkeypatch.setenv("FAKE_PIDS", str(record))
    settings = Settings([sys.executable, str(FAKE), "setsid"])
    first = Worker(settings)  # the harness's own program, as certify starts it first
    jobs = Jobs(settings)
    try:
        jobs.start(2)
        assert len(jobs.live) == 2
        items = ["a", "raise", "b", "die", "c", "unpicklable", "d"]
        results: dict[int, object] = {}
        left = jobs.run(
            planted, items, results.__setitem__, lambda i, e: f"error: {e}", lambda: False
        )
        assert left == [] and len(jobs.live) == 2  # the dead one was replaced
    finally:
        jobs.close()
        first.close()
    assert sorted(results) == list(range(len(items)))
    for i in (0, 2, 4, 6):
        item, pid, alive = results[i]
        assert item == items[i] and pid != os.getpid() and alive
    assert results[1] == "error: ValueError: planted"
    assert results[3] == "error: the job process died (exit status 70)"
    assert results[5].startswith("error: the result could not be sent")
    # the programs of every job process, the dead one's too, and all they started are gone
    assert survivors(record, 3 * 4) == []


@linux
@pytest.mark.parametrize("how", ["SIGTERM to the harness", "Ctrl-C to the process group"])
def test_a_signal_ends_every_job_process_and_program_and_keeps_what_was_checked(how, tmp_path):
    """certify --jobs 2 with a program that starts a process outside its session: one
    signal stops the run, the report of the games finished so far is written (marked
    incomplete, exit 130), and no job process or program process is left."""
    from test_processes import pids, running

    record, report = tmp_path / "pids", tmp_path / "report"
    harness = subprocess.Popen(
        [sys.executable, "-m", "unospec", "certify", "--jobs", "2", "--games", "200"]
        + ["--no-scenarios", "--report", str(report), "--"]
        + [sys.executable, str(FAKE), "setsid"],
        env={**os.environ, "FAKE_PIDS": str(record)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    recorded = pids(record, 3 * 3, wait=60)  # the harness's program and the two jobs'
    time.sleep(2.0)  # into the games
    jobs = _harness_processes(harness.pid)
    assert len(jobs) >= 2
    if how.startswith("SIGTERM"):
        harness.send_signal(signal.SIGTERM)
    else:
        os.killpg(harness.pid, signal.SIGINT)
    out, err = harness.communicate(timeout=60)
    assert harness.returncode == 130, err.decode()
    assert b"Traceback" not in err
    data = json.loads((report / "report.json").read_text(encoding="utf-8"))
    assert data["footer"]["verdict"] == "incomplete"
    deadline = time.monotonic() + 5.0
    while (left := [p for p in recorded + jobs if running(p)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left == []


def _harness_processes(pid: int) -> list[int]:
    """The processes under ``pid`` that are the harness's own (job processes, a fork
    server): those that carry no program's token."""
    out = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            env = Path(f"/proc/{entry.name}/environ").read_bytes()
        except OSError:
            continue
        if b"UNOSPEC_PROGRAM_TOKEN" not in env and _descends(int(entry.name), pid):
            out.append(int(entry.name))
    return out


def _descends(pid: int, ancestor: int) -> bool:
    while pid > 1:
        try:
            pid = int(Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[1])
        except OSError:
            return False
        if pid == ancestor:
            return True
    return False
