"""``certify --jobs N``: N harness processes, each with a program process of its own.

The harness's own work (the reference stepping beside the program, comparing positions,
naming deviations) is Python; threads of one process would share one core, processes
use as many as there are. The first harness process deals out the items of a stage (the
scenario runs, the games) one at a time, over a pipe per job process, and puts the results
back in item order; what it then judges (deviations, reproducers, the report) is what one
job would have judged.

A job process runs each item as one job does (a program that crashes or hangs is restarted
and costs only its item); an exception of the harness on an item comes back as that item's
error; a job process that dies costs only the item it held, and another takes its place.
On Ctrl-C or SIGTERM every job process is ended with its programs (:mod:`unospec.processes`:
each job process is a harness of its own, and the first one kills the programs of any job
process that could not end them).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections import deque
from collections.abc import Callable
from multiprocessing import connection
from typing import TYPE_CHECKING, Any

from unospec.processes import (
    interrupt,
    kill_all,
    kill_orphans,
    start_afresh,
    start_context,
    stopping,
)
from unospec.protocol import ProtocolError

if TYPE_CHECKING:
    from unospec.certify import Settings

#: how long a job process may take to start and shake hands with its program (a
#: program's handshake alone may take 15 s)
READY_SECONDS = 120.0

#: what a job process runs on one item: ``fn(worker, explainer, settings, item)`` (top-level)
Task = Callable[[Any, Any, "Settings", Any], Any]


class Jobs:
    """The job processes of one certification."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.live: list[_Job] = []
        self.restarts = self.messages = 0  # of the programs of job processes gone
        self.stderr = ""

    def start(self, n: int) -> None:
        """Start ``n`` job processes at once; those whose program fails its handshake are
        left out (the items go to the others)."""
        jobs = [_Job(self.settings) for _ in range(n)]
        self.live = jobs
        self.live = [j for j in jobs if j.ready()]

    def run(
        self,
        fn: Task,
        items: list[Any],
        finished: Callable[[int, Any], None],
        on_error: Callable[[int, str], Any],
        stopped: Callable[[], bool],
    ) -> list[int]:
        """Run ``fn`` on every item, one item at a time per job process; ``finished(index,
        result)`` as each result comes (an error of the harness becomes ``on_error(index,
        description)``). No item is given out once ``stopped()``. Returns the indices
        not given out: all that are left when no job process could be kept going."""
        todo = deque(range(len(items)))
        for j in self.live:
            j.give(fn, todo, items, stopped)
        while busy := [j for j in self.live if j.task is not None]:
            ready = connection.wait([j.conn for j in busy] + [j.process.sentinel for j in busy])
            for j in busy:
                if j.conn not in ready and j.process.sentinel not in ready:
                    continue
                i, msg = j.task, j.receive()
                j.task = None
                if msg is None or msg[0] not in ("done", "error"):
                    finished(i, on_error(i, f"the job process died ({j.death()})"))
                    self._replace(j)
                else:
                    j.restarts, j.messages = msg[2], msg[3]
                    finished(i, msg[1] if msg[0] == "done" else on_error(i, msg[1]))
                if j in self.live:
                    j.give(fn, todo, items, stopped)
        return list(todo)

    def _replace(self, dead: _Job) -> None:
        """A job process died: its programs are ended, another takes its place."""
        self._retire(dead)
        self.live.remove(dead)
        kill_orphans()
        if stopping() is None:
            fresh = _Job(self.settings)
            self.live.append(fresh)  # closed with the others, should it be interrupted
            if not fresh.ready():
                self.live.remove(fresh)

    def _retire(self, job: _Job) -> None:
        job.end()
        self.restarts += job.restarts
        self.messages += job.messages
        self.stderr += job.stderr

    def close(self, graceful: bool = True) -> None:
        """End every job process: an idle one is asked to stop (and reports its program's
        counts); a busy one, or every one when not ``graceful`` (an interrupted run), is
        terminated. The programs of a job process that could not end them are killed."""
        jobs, self.live = self.live, []
        for j in jobs:
            if graceful and j.task is None:
                j.finish()
            else:
                with contextlib.suppress(OSError):
                    j.process.terminate()  # SIGTERM: it ends its programs
        for j in jobs:
            self._retire(j)
        kill_orphans()


class _Job:
    """One job process and the pipe it takes items and gives results over."""

    def __init__(self, settings: Settings) -> None:
        ctx = start_context("unospec.certify")
        ours, theirs = ctx.Pipe()
        self.conn = ours
        env, cwd = dict(os.environ), os.getcwd()  # a server's children would have its own
        self.process = ctx.Process(
            target=_serve, args=(theirs, settings, env, cwd), daemon=True, name="unospec-job"
        )
        self.process.start()
        theirs.close()
        self.task: int | None = None
        self.restarts = self.messages = 0
        self.stderr = ""

    def ready(self) -> bool:
        """Wait until its program has shaken hands (``True``) or failed to (``False``)."""
        msg = None
        if connection.wait([self.conn, self.process.sentinel], timeout=READY_SECONDS):
            msg = self.receive()
        if msg is not None and msg[0] == "ready":
            return True
        self.end()
        return False

    def give(
        self, fn: Task, todo: deque[int], items: list[Any], stopped: Callable[[], bool]
    ) -> None:
        self.task = todo.popleft() if todo and not stopped() else None
        if self.task is not None:
            self.conn.send((fn, items[self.task]))

    def receive(self) -> Any:
        """The next message, or ``None`` when the process died first."""
        try:
            if self.conn.poll():
                return self.conn.recv()
        except Exception:  # noqa: BLE001 - EOF, a broken pipe, a message cut short
            pass
        return None

    def death(self) -> str:
        self.process.join(timeout=1.0)
        code = self.process.exitcode
        if code is not None and code < 0:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(-code).name}"
        return f"exit status {code}"

    def finish(self) -> None:
        """Ask it to stop (it closes its program) and take its program's counts."""
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
            if self.conn.poll(30.0) and (msg := self.receive()) and msg[0] == "stats":
                self.restarts, self.messages, self.stderr = msg[1:]

    def end(self) -> None:
        """Wait for it to end (it was asked to, or sent SIGTERM), else kill it; reap it."""
        self.process.join(timeout=5.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()
        self.task = None


def _serve(conn: Any, settings: Settings, env: dict[str, str], cwd: str) -> None:
    """A job process: a program of its own (handshake first: ``ready`` or ``failed``),
    then the result of every item it is sent, until it is sent ``None``; then its
    program's counts. A signal that stops the run ends its programs and it."""
    from unospec.certify import Worker
    from unospec.explanation import Explainer

    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    start_afresh()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if signal.getsignal(getattr(signal, name)) is not signal.SIG_IGN:
            signal.signal(getattr(signal, name), _stop)
    try:
        try:
            worker = Worker(settings)
        except ProtocolError as e:
            conn.send(("failed", f"{e.kind}: {e.detail}"))
            return
        explainer = Explainer(settings.profile, settings.options)
        conn.send(("ready", ""))
        while (task := conn.recv()) is not None:
            _answer(conn, worker, explainer, settings, *task)
        worker.close()
        program = worker.program
        conn.send(("stats", program.restarts, program.messages, program.stderr_text()[-4096:]))
    except (KeyboardInterrupt, EOFError, OSError):
        pass  # stopped, or the first harness process is gone: its programs are ended
    finally:
        kill_all()


def _stop(signum: int, frame: Any) -> None:
    """A signal that stops the run, in a job process: the first ends its programs and
    raises :class:`KeyboardInterrupt` (:func:`unospec.processes.interrupt`); any later
    one does nothing, so that the clean-up is not cut short (a Ctrl-C at a terminal
    reaches the job process, then the first harness process ends it with SIGTERM)."""
    if _STOPPED:
        return
    _STOPPED.append(signum)
    interrupt(signum, frame)


_STOPPED: list[int] = []  # the signal that stopped this job process


def _answer(
    conn: Any, worker: Any, explainer: Any, settings: Settings, fn: Task, item: Any
) -> None:
    try:
        msg: tuple[Any, ...] = ("done", fn(worker, explainer, settings, item))
    except Exception as e:  # the harness must never crash on a program's behaviour
        msg = ("error", f"{type(e).__name__}: {e}")
    counts = (worker.program.restarts, worker.program.messages)
    try:
        conn.send((*msg, *counts))
    except Exception as e:  # noqa: BLE001 - the result does not pickle
        conn.send(("error", f"the result could not be sent: {type(e).__name__}: {e}", *counts))
