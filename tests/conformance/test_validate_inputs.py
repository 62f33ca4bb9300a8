"""``unospec validate`` on hard inputs: schema-invalid lines and bad step numbers are
unusable (2), ``events`` are checked against the reference's (a finding, 1), ``-`` reads
standard input, several files each get their verdict whatever happens to the others, and
``--jobs`` (processes) and ``--dask`` (a local cluster) give the verdicts of a local run."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from unospec.cli import main
from unospec.corpus import ValidationRun
from unospec.reference.trace import play
from unospec.validate import validate_lines

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def lines():
    return list(play(3, "official", {"V-SINGLE-ROUND": True}, seed=21).lines())


def changed(lines, i, change):
    rec = json.loads(lines[i])
    change(rec)
    out = list(lines)
    out[i] = json.dumps(rec)
    return out


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (lambda r: r["action"].update(type="teleport"), "/action/type"),
        (lambda r: r["action"].update(seat=-1), "/action/seat"),
        (lambda r: r["action"].update(seat=True), "/action/seat"),
        (lambda r: r["action"].update(colour="purple"), "/action"),
        (lambda r: r.update(events=[{"type": "card_played"}]), "/events/0"),
        (lambda r: r.update(step=0), "/step"),
    ],
    ids=["unknown-type", "seat-minus-one", "seat-true", "bad-colour", "event-no-rule", "step-0"],
)
def test_a_line_off_the_trace_schema_is_unusable_not_a_violation(lines, change, pointer):
    v = validate_lines(changed(lines, 3, change))
    assert v.status == 2 and v.line == 4, v
    assert v.field.startswith(pointer), v.field


@pytest.mark.parametrize(
    ("step", "why"), [(3, "duplicate"), (5, "gap"), (10**300, "300 digits")], ids=str
)
def test_step_numbers_count_from_one_without_gaps(lines, step, why):
    """Line 5 holds step 4: a duplicate (3), a gap (5) or a 300-digit number is unusable."""
    v = validate_lines(changed(lines, 4, lambda r: r.update(step=step)))
    assert v.status == 2 and v.line == 5, v
    assert "step" in v.message or "integer" in v.message


def test_events_claiming_a_bogus_rule_are_a_finding(lines):
    rec = json.loads(lines[5])
    assert rec["events"]
    v = validate_lines(changed(lines, 5, lambda r: r["events"][0].update(rule="BOGUS")))
    assert v.status == 1 and v.line == 6 and v.field == "/events/0"
    assert v.actual["rule"] == "BOGUS" and v.expected["rule"] != "BOGUS"
    assert v.rule == v.expected["rule"] and v.citation


def test_an_event_missing_from_a_line_is_a_finding_with_null_actual(lines):
    v = validate_lines(changed(lines, 5, lambda r: r["events"].pop()))
    assert v.status == 1 and v.field.startswith("/events/")
    assert v.to_json()["actual"] is None  # kept, not dropped


def test_lines_without_events_are_not_held_to_them(lines):
    def drop(r):
        r.pop("events")

    out = list(lines)
    for i in range(1, len(out)):
        out = changed(out, i, drop)
    assert validate_lines(out).status == 0


@pytest.mark.parametrize(
    "garbage",
    [
        b'{"step": 1, "action": {"type": "draw", "seat": 0}, "x": ' + b"9" * 5000 + b"}",
        b"[" * 100_000,
        b'{"step": 1, "action": {"type": "draw", "seat": 0}, "action": {"type": "pass", "seat": 0}}',
        b'{"step": 1, "action": {"type": "draw", "seat": NaN}}',
        b'{"step": 1, "action": {"type": "play", "seat": 0, "card": "R\xff"}}',
    ],
    ids=["5000-digits", "deep", "duplicate-key", "nan", "invalid-utf8"],
)
def test_garbage_in_a_line_is_unusable_with_its_line(lines, garbage):
    v = validate_lines([lines[0].encode(), garbage])
    assert v.status == 2 and v.line == 2, v


def test_a_dash_reads_the_trace_from_standard_input(lines, monkeypatch, capsys):
    data = ("\n".join(lines) + "\n").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["validate", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["traces"][0]["path"] == "<stdin>"


def corpus(tmp_path: Path, lines) -> list[str]:
    files = {
        "valid.jsonl": lines,
        "violation.jsonl": changed(
            lines, 4, lambda r: r.update(action={"type": "pass", "seat": 0})
        ),
        "unusable.jsonl": lines[:3] + ["{not json"] + lines[4:],
        "also-valid.jsonl": list(play(2, "official", {"V-SINGLE-ROUND": True}, seed=3).lines()),
    }
    for name, content in files.items():
        (tmp_path / name).write_text("\n".join(content) + "\n")
    return [str(tmp_path / n) for n in files] + [str(tmp_path / "missing.jsonl")]


def summary(verdicts):
    return [(Path(v.path).name, v.status, v.line, v.field, v.rule) for v in verdicts]


def test_every_file_gets_its_verdict_even_when_the_validator_fails_on_one(
    tmp_path, lines, monkeypatch, capsys
):
    paths = corpus(tmp_path, lines)
    import unospec.validate as validate

    real = validate.validate_binary

    def failing(stream, path, *a, **kw):
        if path.endswith("also-valid.jsonl"):
            raise RuntimeError("a bug")
        return real(stream, path, *a, **kw)

    monkeypatch.setattr(validate, "validate_binary", failing)
    assert main(["validate", *paths, "--json"]) == 3  # the worst verdict
    got = {Path(t["path"]).name: t["status"] for t in json.loads(capsys.readouterr().out)["traces"]}
    assert got == {
        "valid.jsonl": "valid",
        "violation.jsonl": "violation",
        "unusable.jsonl": "unusable",
        "also-valid.jsonl": "error",
        "missing.jsonl": "unusable",
    }


def test_jobs_give_the_verdicts_of_one_job(tmp_path, lines):
    paths = corpus(tmp_path, lines)
    one = ValidationRun(paths, jobs=1)
    one.run()
    two = ValidationRun(paths, jobs=2)
    two.run()
    assert summary(two.verdicts()) == summary(one.verdicts())
    assert [v.status for v in one.verdicts()] == [0, 1, 2, 0, 2]


def die_on_poison(path: str, solver_seconds):
    """A worker that dies (as on a segfault) on one file; validates the others."""
    from unospec.corpus import validate_one

    if path.endswith("poison.jsonl"):
        os._exit(70)
    return validate_one(path, solver_seconds)


def test_a_worker_process_that_dies_costs_only_its_file(tmp_path, lines):
    paths = corpus(tmp_path, lines)
    (tmp_path / "poison.jsonl").write_text(lines[0] + "\n")
    paths.insert(2, str(tmp_path / "poison.jsonl"))
    run = ValidationRun(paths, jobs=2, worker=die_on_poison)
    run.run()
    statuses = [v.status for v in run.verdicts()]
    assert statuses == [0, 1, 3, 2, 0, 2]
    assert "died" in run.verdicts()[2].message


def test_dask_gives_the_verdicts_of_the_local_run(tmp_path, lines, capsys):
    """A local cluster of two worker processes, started here; the files travel to the
    workers as bytes (no shared file system needed). The command line takes the
    scheduler's address."""
    import distributed

    paths = corpus(tmp_path, lines)
    local = ValidationRun(paths)
    local.run()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = ValidationRun(paths, dask=client)
        remote.run()
        assert summary(remote.verdicts()) == summary(local.verdicts())
        assert main(["validate", "--dask", cluster.scheduler_address, *paths, "--json"]) == 2
    traces = json.loads(capsys.readouterr().out)["traces"]
    assert [t["status"] for t in traces] == ["valid", "violation", "unusable", "valid", "unusable"]


def test_dask_without_a_scheduler_is_a_clear_error(tmp_path, lines, capsys):
    import dask

    paths = corpus(tmp_path, lines)[:1]
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        assert main(["validate", "--dask", "tcp://127.0.0.1:9", *paths]) == 2
    assert "cannot use the Dask scheduler" in capsys.readouterr().err


def peak_rss_kb(actions: int, tmp_path: Path) -> int:
    """The peak resident memory of ``unospec validate`` on a valid trace of ``actions``
    lines, in KiB, measured by the validating process itself."""
    trace = tmp_path / f"long-{actions}.jsonl"
    script = (
        f"import sys; sys.path.insert(0, {str(HERE)!r}); from long_trace import write_long_trace; "
        f"from pathlib import Path; write_long_trace(Path({str(trace)!r}), {actions})"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
    measure = (
        "import resource, sys; from unospec.cli import main; "
        f"code = main(['validate', {str(trace)!r}]); "
        "print('peak', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss); sys.exit(code)"
    )
    done = subprocess.run([sys.executable, "-c", measure], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{actions} actions" in done.stdout
    return int(done.stdout.split("peak")[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ru_maxrss in KiB on Linux")
def test_validate_streams_a_long_trace_in_constant_memory(tmp_path):
    """Six times the lines, nearly the same peak memory (the whole trace was once kept:
    2.2 GB for a million lines, about 2 KB a line)."""
    small = peak_rss_kb(5_000, tmp_path)
    large = peak_rss_kb(30_000, tmp_path)
    assert large - small < 20_000, (small, large)  # KiB; holding 25,000 lines would be ~50 MB


def processes_mentioning(text: str) -> list[int]:
    """Live processes whose command line mentions ``text`` (forked workers share it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and entry.name != str(os.getpid()):
            try:
                cmdline = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[0]
            except OSError:
                continue
            if text.encode() in cmdline and state != b"Z":
                found.append(int(entry.name))
    return found


def reading(text: str) -> bool:
    """Whether a process mentioning ``text`` has a file under ``text`` open."""
    for pid in processes_mentioning(text):
        try:
            if any(text in os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()):
                return True
        except OSError:
            continue
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("jobs", ["2"])
def test_sigterm_stops_validate_with_the_verdicts_it_has_and_no_worker_left(tmp_path, jobs):
    import signal
    import time

    sys.path.insert(0, str(HERE))
    from long_trace import write_long_trace

    # long enough that the run is still on when the signal comes (a trace of 30,000
    # actions takes about 0.7 s here; eight of them on two jobs, about 3 s)
    first = tmp_path / "long-0.jsonl"
    write_long_trace(first, 30_000, 0)
    paths = [first]
    for n in range(1, 8):
        paths.append(tmp_path / f"long-{n}.jsonl")
        shutil.copyfile(first, paths[-1])
    done = subprocess.Popen(
        [sys.executable, "-m", "unospec", "validate", "--json", "--jobs", jobs, *map(str, paths)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while not reading(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)  # until a trace is open: the run (and its signal handling) is on
    done.send_signal(signal.SIGTERM)
    out, err = done.communicate(timeout=60)
    assert done.returncode == 2, err.decode()
    assert b"Traceback" not in err and b"interrupted" in err
    traces = json.loads(out)["traces"]
    assert len(traces) == 8  # every file has its verdict, validated or not
    assert {t["status"] for t in traces} <= {"valid", "unusable"}
    time.sleep(0.5)
    assert processes_mentioning(str(tmp_path)) == []
