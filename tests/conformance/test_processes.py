"""No process of a program under test outlives the harness: not after a hang before the
handshake, a refused handshake, a fork, a ``setsid``, a background child, a circuit
break, or a SIGTERM or Ctrl-C to the harness. Each fake records the pids of every process
it starts (FAKE_PIDS), and the test checks that none of them is still running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from unospec.certify import Settings, certify
from unospec.processes import interruptible, stop_all
from unospec.protocol import Program, ProtocolError

FAKE = Path(__file__).resolve().parents[1] / "fakes" / "fake_program.py"
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads process states from /proc"
)


AS_AT_A_TERMINAL = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from unospec.cli import main; sys.exit(main(sys.argv[1:]))"
)


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is not)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except FileNotFoundError:
        return False


def pids(path: Path, at_least: int = 1, wait: float = 10.0) -> list[int]:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if path.exists() and len(got := path.read_text().split()) >= at_least:
            return [int(p) for p in got]
        time.sleep(0.02)
    raise AssertionError(f"the fake recorded fewer than {at_least} pids in {path}")


def survivors(path: Path, at_least: int = 1) -> list[int]:
    recorded = pids(path, at_least)
    deadline = time.monotonic() + 5.0
    while (alive := [p for p in recorded if running(p)]) and time.monotonic() < deadline:
        time.sleep(0.02)
    return alive


def program(mode: str, tmp_path: Path, after: int = 6, **kw) -> tuple[Program, Path]:
    record = tmp_path / f"{mode}.pids"
    argv = [sys.executable, str(FAKE), mode, str(after)]
    return Program(argv, env={"FAKE_PIDS": str(record)}, **kw), record


def test_a_program_that_hangs_before_hello_is_ended_with_the_failed_handshake(tmp_path):
    prog, record = program("hang_hello", tmp_path, timeout=0.5)
    prog.start_timeout = 0.5
    with pytest.raises(ProtocolError) as e:
        prog.start()
    assert e.value.kind == "timeout"
    assert survivors(record) == []


@pytest.mark.parametrize("mode", ["old_protocol", "protocol99"])
def test_a_refused_handshake_ends_the_program(mode, tmp_path):
    prog, record = program(mode, tmp_path)
    with pytest.raises(ProtocolError) as e:
        prog.start()
    assert e.value.kind == "unsupported"
    assert "protocol" in e.value.detail
    assert survivors(record) == []  # the old_protocol fake once lived through a whole make test


@pytest.mark.parametrize(("mode", "processes"), [("fork", 2), ("setsid", 3)])
def test_children_of_a_program_die_with_it_even_outside_its_group(mode, processes, tmp_path):
    prog, record = program(mode, tmp_path)
    prog.start()
    assert prog.request({"cmd": "new_game", "players": 2, "profile": "official", "options": {}})
    assert all(running(p) for p in pids(record, processes))
    prog.close()
    assert survivors(record, processes) == []


def test_a_background_child_of_a_shell_dies_with_the_program(tmp_path):
    record = tmp_path / "sh.pids"
    script = f"sleep 1000 & echo $! >> {record}; exec {sys.executable} {FAKE} ok"
    prog = Program(["sh", "-c", script], env={"FAKE_PIDS": str(record)})
    prog.start()
    assert len(pids(record, 2)) == 2  # the sleep, and the program exec'd in the shell's place
    prog.close()
    assert survivors(record, 2) == []


def test_each_crash_is_shown_with_its_own_stderr(tmp_path):
    prog, record = program("crash_stderr", tmp_path)
    details = []
    for _ in range(2):
        with pytest.raises(ProtocolError) as e:
            prog.start()
        details.append(e.value.detail)
    first, second = pids(record, 2)
    assert f"crash of process {first}" in details[0] and str(second) not in details[0]
    assert f"crash of process {second}" in details[1] and str(first) not in details[1]
    assert "code 5" in details[1]


def test_invalid_utf8_from_a_program_is_a_protocol_error_naming_the_line(tmp_path):
    prog, _ = program("bad_utf8", tmp_path, after=1)
    prog.start()
    with pytest.raises(ProtocolError) as e:
        prog.request({"cmd": "new_game", "players": 2, "profile": "official", "options": {}})
    assert e.value.kind == "garbage"
    assert "line 2 of the program's output, byte" in e.value.detail
    assert "UTF-8" in e.value.detail
    prog.close()


def test_the_circuit_breaker_judges_a_hanging_program_unusable(tmp_path):
    """The fake answers the handshake, then hangs: after three timeouts in a row the
    program is broken, ended, and every later request fails at once."""
    prog, record = program("hang", tmp_path, after=1, timeout=0.3, max_failures=3)
    prog.start()
    request = {"cmd": "new_game", "players": 2, "profile": "official", "options": {}}
    kinds = []
    for _ in range(3):
        with pytest.raises(ProtocolError) as e:
            prog.request(request)
        kinds.append(e.value.kind)
        if not prog.broken:
            prog.restart()
    assert kinds == ["timeout"] * 3
    assert prog.broken and "3 timeouts" in prog.broken_reason
    t0 = time.perf_counter()
    for call in (lambda: prog.request(request), prog.restart):
        with pytest.raises(ProtocolError) as e:
            call()
        assert e.value.kind == "broken"
    assert time.perf_counter() - t0 < 0.2
    assert survivors(record, 3) == []


def test_a_healthy_stretch_resets_the_circuit_breaker(tmp_path):
    prog, _ = program("hang", tmp_path, after=1, timeout=0.2, max_failures=2)
    prog.start()
    request = {"cmd": "observe"}
    for _ in range(3):
        with pytest.raises(ProtocolError):
            prog.request(request)
        prog.mark_healthy()  # e.g. the scenario was judged; the next one starts afresh
        prog.restart()
    assert not prog.broken
    prog.close()


def test_stop_all_ends_the_programs_and_refuses_new_ones(tmp_path):
    prog, record = program("fork", tmp_path)
    with pytest.raises(KeyboardInterrupt), interruptible():
        prog.start()
        stop_all()
        with pytest.raises(ProtocolError) as e:
            prog.restart()
        assert e.value.kind == "interrupted"
        raise KeyboardInterrupt
    assert survivors(record, 2) == []
    prog.start()  # once the interrupted run is over, programs may start again
    prog.close()


def test_certify_leaves_no_process_of_a_program_that_hangs_before_hello(tmp_path):
    record = tmp_path / "certify.pids"
    argv = [
        "sh",
        "-c",
        f"sleep 1000 & echo $! >> {record}; exec {sys.executable} {FAKE} hang_hello",
    ]
    settings = Settings(argv, games=1, scenarios=False, timeout=0.5)
    os.environ["FAKE_PIDS"] = str(record)
    try:
        cert = certify(settings)
    finally:
        del os.environ["FAKE_PIDS"]
    assert cert.could_not_run and "timeout" in cert.could_not_run
    assert survivors(record, 2) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_the_harness_ends_it_and_every_program_process(sig, tmp_path):
    """perft with a program (a deep count that would run for hours) is stopped by one
    signal: exit 2 with a message, no traceback, and no process of the program left."""
    position = tmp_path / "start.json"
    position.write_text(
        json.dumps(
            {
                "players": 2,
                "top": "R3",
                "hands": [["R5", "G9", "W", "BS"], ["B1", "B2", "R7", "WD4"]],
            }
        )
    )
    record = tmp_path / "harness.pids"
    # as at a terminal, Ctrl-C raises KeyboardInterrupt (a shell's background job would
    # start the harness with SIGINT ignored, and the harness leaves an ignored signal alone)
    harness = subprocess.Popen(
        [sys.executable, "-c", AS_AT_A_TERMINAL, "perft", str(position), "--depth", "12", "--"]
        + [sys.executable, str(FAKE), "setsid"],
        env={**os.environ, "FAKE_PIDS": str(record)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    recorded = pids(record, 3, wait=60)
    time.sleep(0.5)  # well into the count
    harness.send_signal(sig)
    out, err = harness.communicate(timeout=30)
    assert harness.returncode == 2, err.decode()
    assert b"Traceback" not in err and b"interrupted" in err
    assert [p for p in recorded if running(p)] == []


def test_sigterm_to_certify_stops_the_run_and_leaves_no_process(tmp_path):
    """certify with a program that starts a process outside its session: one SIGTERM
    ends the run soon (it does not carry on with the games) and no process is left. (What
    certify reports then is certify's own business.)"""
    record = tmp_path / "certify.pids"
    harness = subprocess.Popen(
        [sys.executable, "-m", "unospec", "certify", "--games", "200", "--no-scenarios"]
        + ["--report", str(tmp_path / "report"), "--", sys.executable, str(FAKE), "setsid"],
        env={**os.environ, "FAKE_PIDS": str(record)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    recorded = pids(record, 3, wait=60)
    time.sleep(1.0)  # into the games
    harness.send_signal(signal.SIGTERM)
    harness.communicate(timeout=60)
    assert harness.returncode != 0
    assert [p for p in recorded if running(p)] == []
