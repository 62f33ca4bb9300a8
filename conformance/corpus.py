"""Validating a corpus of traces: one file after another, on processes of this machine
(``--jobs``), or on the workers of a Dask cluster (``--dask``).

Every file gets a verdict whatever happens to the others: a file the validator fails on
gets an ``error`` verdict (status 3), a worker process that dies costs only the file it
was validating, and a run interrupted with Ctrl-C reports the files it validated and
marks the rest as not validated (status 2).
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable
from multiprocessing import connection
from typing import Any

from unospec.processes import start_context
from unospec.validate import validate_file
from unospec.verdict import ERROR, UNUSABLE, Verdict

Tick = Callable[[int], None] | None


def validate_one(path: str, solver_seconds: float | None) -> Verdict:
    """One file's verdict (a top-level function: what a worker process runs)."""
    return validate_file(path, solver_seconds)


class ValidationRun:
    """The verdicts on ``paths``, in their order."""

    def __init__(
        self,
        paths: list[str],
        solver_seconds: float | None = None,
        jobs: int = 1,
        dask: str | None = None,
        worker: Callable[[str, float | None], Verdict] = validate_one,
    ) -> None:
        self.paths, self.solver_seconds, self.jobs, self.dask = paths, solver_seconds, jobs, dask
        self.worker = worker  # what a worker process runs on one file (top-level, picklable)
        self.results: dict[int, Verdict] = {}

    def total_bytes(self) -> int:
        return sum(_size(p) for p in self.paths if p != "-")

    def verdicts(self) -> list[Verdict]:
        return [
            self.results.get(i)
            or Verdict(p, UNUSABLE, "not validated: the run was interrupted first")
            for i, p in enumerate(self.paths)
        ]

    def run(self, tick: Tick = None) -> None:
        if self.dask:
            from unospec.cluster import validate_on_dask

            self.results.update(validate_on_dask(self.dask, self.paths, self.solver_seconds))
            return
        local = [i for i, p in enumerate(self.paths) if p == "-"]
        files = [i for i, p in enumerate(self.paths) if p != "-"]
        for i in local:  # standard input is read here, never by a worker
            self.results[i] = validate_file("-", self.solver_seconds)
        if self.jobs > 1 and len(files) > 1:
            self._processes(files, tick)
        else:
            self._one_by_one(files, tick)

    def _one_by_one(self, indices: list[int], tick: Tick) -> None:
        base = 0
        for i in indices:
            path = self.paths[i]

            def progress(done: int, base: int = base) -> None:
                if tick:
                    tick(base + done)

            self.results[i] = validate_file(path, self.solver_seconds, progress if tick else None)
            base += _size(path)

    def _processes(self, indices: list[int], tick: Tick) -> None:
        """``jobs`` worker processes, each sent one file at a time over a pipe of its own;
        a worker that dies costs only the file it held (an ``error``), and another takes
        its place."""
        todo = deque(indices)
        workers = [
            _Worker(self.worker, self.solver_seconds) for _ in range(min(self.jobs, len(todo)))
        ]
        done = 0
        try:
            for w in workers:
                w.give(todo, self.paths)
            while busy := [w for w in workers if w.task is not None]:
                ready = connection.wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
                for w in busy:
                    if w.conn not in ready and w.process.sentinel not in ready:
                        continue
                    i, verdict = w.task, w.result()
                    if verdict is None:  # the worker died on this file
                        verdict = Verdict(
                            self.paths[i], ERROR, "the validator's process died on this file"
                        )
                        w.restart()
                    self.results[i] = verdict
                    done += _size(self.paths[i])
                    w.give(todo, self.paths)
                if tick:
                    tick(done)
        finally:
            for w in workers:
                w.stop()


class _Worker:
    """One worker process and the pipe it takes files and gives verdicts over."""

    def __init__(
        self, fn: Callable[[str, float | None], Verdict], solver_seconds: float | None
    ) -> None:
        self.fn, self.solver_seconds = fn, solver_seconds
        self.task: int | None = None
        self.restart()

    def restart(self) -> None:
        if getattr(self, "process", None) is not None:
            self.stop()
        ctx = start_context("unospec.corpus")
        ours, theirs = ctx.Pipe()
        self.conn = ours
        self.process = ctx.Process(
            target=_serve, args=(theirs, self.fn, self.solver_seconds), daemon=True
        )
        self.process.start()
        theirs.close()

    def give(self, todo: deque[int], paths: list[str]) -> None:
        self.task = todo.popleft() if todo else None
        if self.task is not None:
            self.conn.send(paths[self.task])

    def result(self) -> Verdict | None:
        """The verdict on the file it held, or ``None`` when the process died first."""
        try:
            if self.conn.poll():
                return self.conn.recv()
        except (EOFError, OSError):
            pass
        return None

    def stop(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


def _serve(
    conn: Any, fn: Callable[[str, float | None], Verdict], solver_seconds: float | None
) -> None:
    """A worker process: a verdict for every file it is sent, until it is sent ``None``."""
    with contextlib.suppress(EOFError, KeyboardInterrupt):
        while (path := conn.recv()) is not None:
            conn.send(fn(path, solver_seconds))


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0
