"""Programs under test as operating-system processes, which never outlive the harness.

Each program starts in a session (and process group) of its own, so a Ctrl-C at the
terminal reaches only the harness, and the harness can end the whole group at once. A
program may still start processes that leave the group (``setsid``, a double fork); on
Linux the harness makes itself the *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``),
so such orphans become its own children, and it recognises them by a token it put in the
program's environment (:data:`TOKEN`). :meth:`Child.kill` ends the group and every such
descendant, and reaps them.

**Stopping a run.** When the first program starts (from the main thread), SIGINT
(Ctrl-C), SIGTERM and SIGHUP are routed to one handler: it kills every program's process
group at once, refuses new starts, and raises :class:`KeyboardInterrupt` in the main
thread. So one Ctrl-C stops a run: worker threads still talking to programs fail at once
(``ProtocolError`` of kind ``interrupted`` or ``crash``) and the main thread can write
what it has, e.g. a partial report. :func:`stop_all` does the same from code;
:func:`interruptible` wraps a command's run (and lets programs start again after it);
:func:`kill_all` runs at exit whatever happens.

**Harness processes of their own.** A job process of ``certify --jobs``
(:mod:`unospec.certify_jobs`) is a harness of its own (:func:`start_afresh`): it starts,
ends and reaps its programs, is the subreaper of their orphans, and is ended by the first
harness process with SIGTERM. Should one die without ending its programs, they are
re-parented to the first harness process, which kills them (:func:`kill_orphans`).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

#: the environment variable that marks every process a program under test starts
TOKEN = "UNOSPEC_PROGRAM_TOKEN"

_LOCK = threading.Lock()
_LIVE: set[Child] = set()
_STOPPED: list[str] = []  # the reason, once stop_all has run
_SUBREAPER: list[bool] = []  # whether prctl succeeded (filled once)
_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


class Stopped(RuntimeError):
    """The run is being stopped (:func:`stop_all`): no program may start."""


class Child:
    """One started program process, and whatever it starts."""

    def __init__(self, argv: list[str], cwd: str | None, env: dict[str, str] | None) -> None:
        self.token = uuid.uuid4().hex
        with _LOCK:
            if _STOPPED:
                raise Stopped(_STOPPED[0])
            _prepare()
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env={**os.environ, **(env or {}), TOKEN: self.token},
                bufsize=0,
                start_new_session=os.name == "posix",
            )
            _LIVE.add(self)
        self.status: int | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    def exited(self) -> int | None:
        """The exit status once the process has ended, else ``None``. On POSIX the process
        is not reaped (``WNOWAIT``), so its process group cannot be reused before
        :meth:`kill` has ended it."""
        if self.status is not None or self.proc.returncode is not None:
            return self.status if self.status is not None else self.proc.returncode
        if os.name != "posix":
            return self.proc.poll()
        try:
            info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return self.proc.poll()
        if info is None:
            return None
        code = info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
        self.status = code
        return code

    def wait_exit(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the process to end by itself."""
        deadline = time.monotonic() + timeout
        while (code := self.exited()) is None and time.monotonic() < deadline:
            time.sleep(0.01)
        return code

    def kill(self) -> None:
        """End the process, its group and every descendant that left the group; reap them."""
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGKILL)  # the leader is unreaped: the group is ours
        else:
            with contextlib.suppress(OSError):
                self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5.0)
        _kill_strays(self.token)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(OSError):
                if stream:
                    stream.close()
        with _LOCK:
            _LIVE.discard(self)


def stop_all(reason: str = "the run was interrupted") -> None:
    """End every running program, and refuse to start new ones until the current
    :func:`interruptible` block is left: what an interrupted run calls, so that worker
    threads still talking to programs fail at once instead of restarting them."""
    with _LOCK:
        if not _STOPPED:
            _STOPPED.append(reason)
    kill_all()


def kill_all() -> None:
    """End every running program (and whatever it started)."""
    with _LOCK:
        live = list(_LIVE)
    for child in live:
        child.kill()


def stopping() -> str | None:
    """Why the run is being stopped, or ``None``."""
    return _STOPPED[0] if _STOPPED else None


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """A command's run: SIGINT, SIGTERM and SIGHUP stop every program and raise
    :class:`KeyboardInterrupt` while it lasts (:func:`interrupt`); an interrupt
    finishes the clean-up (:func:`stop_all`) before it goes on up, and every program still
    running is ended when the block is left."""
    previous = _signals_to_interrupt()
    try:
        yield
    except KeyboardInterrupt as e:
        stop_all(f"interrupted ({e.args[0] if e.args else 'SIGINT'})")
        raise
    finally:
        kill_all()
        with _LOCK:
            _STOPPED.clear()
        for name, handler in previous.items():
            with contextlib.suppress(ValueError, OSError):
                signal.signal(getattr(signal, name), handler)


def start_afresh() -> None:
    """In a new harness process (one of ``certify --jobs``): forget the parent's programs
    (a fork inherits their pipes: this process's copies are closed, the programs are left
    to the parent), then prepare as a harness does (:func:`_prepare`: the subreaper of its
    own programs' orphans, the stopping signals routed to :func:`interrupt`)."""
    inherited = list(_LIVE)
    _LIVE.clear()
    _STOPPED.clear()
    _SUBREAPER.clear()
    for child in inherited:
        for stream in (child.proc.stdin, child.proc.stdout, child.proc.stderr):
            with contextlib.suppress(OSError):
                if stream:
                    stream.close()
    _prepare()


def kill_orphans() -> None:
    """Kill and reap the processes of programs that other harness processes started and
    left to this one (a ``--jobs`` process that died or was killed: its programs were
    re-parented to this process, the subreaper), known by a token none of this process's
    own programs carries."""
    if not (_SUBREAPER and _SUBREAPER[0]):
        return
    with _LOCK:
        ours = {f"{TOKEN}={c.token}".encode() for c in _LIVE}
    if TOKEN in os.environ:  # this harness itself runs as a program under test
        ours.add(f"{TOKEN}={os.environ[TOKEN]}".encode())
    prefix = f"{TOKEN}=".encode()
    _kill_while(lambda pid: any(v.startswith(prefix) and v not in ours for v in _environ(pid)))


def interrupt(signum: int, frame: Any) -> None:
    """A signal that stops the run: every program's process group is killed at once (the
    rest of the clean-up, reaping, follows in :func:`kill_all`), no program may start any
    more, and :class:`KeyboardInterrupt` goes up the main thread. Worker threads talking
    to programs then fail at once (their programs are gone) instead of carrying on."""
    name = signal.Signals(signum).name
    if not _STOPPED:
        _STOPPED.append(f"interrupted ({name})")
    for child in list(_LIVE):  # no lock: the main thread may hold it where the signal came
        if os.name == "posix":
            with contextlib.suppress(OSError):
                os.killpg(child.pid, signal.SIGKILL)
    raise KeyboardInterrupt(name)


def _signals_to_interrupt() -> dict[str, Any]:
    """Route SIGINT, SIGTERM and SIGHUP to :func:`interrupt` where they have Python's
    default handling (Ctrl-C raising :class:`KeyboardInterrupt`, the others ending the
    process silently); returns the handlers replaced. Only the main thread may set
    handlers; elsewhere nothing changes."""
    replaced: dict[str, Any] = {}
    if threading.current_thread() is not threading.main_thread():
        return replaced
    for name in _SIGNALS:
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(ValueError, OSError):
            if signal.getsignal(sig) in (signal.SIG_DFL, signal.default_int_handler, None):
                replaced[name] = signal.signal(sig, interrupt)
    return replaced


def _prepare() -> None:
    """Once per harness: become the subreaper of orphaned descendants (Linux), route
    SIGINT, SIGTERM and SIGHUP to :func:`interrupt`, and end every program at exit."""
    if _SUBREAPER:
        return
    _SUBREAPER.append(_become_subreaper())
    _signals_to_interrupt()
    atexit.register(kill_all)


def _become_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def _kill_strays(token: str) -> None:
    """Kill and reap the harness's own children that carry ``token``: descendants of a
    program that left its group and, the program having ended, were re-parented to the
    harness (the subreaper). Their own children come next, until none is left."""
    if not (_SUBREAPER and _SUBREAPER[0]):
        return
    marker = f"{TOKEN}={token}".encode()
    _kill_while(lambda pid: marker in _environ(pid))


def _kill_while(stray: Callable[[int], bool]) -> None:
    """Kill and reap this process's children that are ``stray``, then the strays among
    their children (re-parented here once their parent died), until none is left."""
    for _ in range(100):
        strays = [pid for pid in _children() if stray(pid)]
        if not strays:
            return
        for pid in strays:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in strays:
            _reap(pid)


def _children() -> list[int]:
    """The pids whose parent is this process (from ``/proc``)."""
    me = str(os.getpid())
    out = []
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[1].decode() == me:
                out.append(int(entry.name))
    return out


def _environ(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            return f.read().split(b"\0")
    except OSError:
        return []


def _reap(pid: int) -> None:
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline:
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return
        if done:
            return
        time.sleep(0.005)


def start_context(preload: str) -> Any:
    """How worker processes of the harness start (``validate --jobs``, ``certify --jobs``):
    ``fork`` while this process has a single thread (the cheapest: nothing is imported
    again), else from a clean server process with ``preload`` already imported
    (``forkserver``: safe with threads, e.g. a program's stderr reader); ``spawn`` where
    neither exists."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return _server_context(preload)


@functools.cache
def _server_context(preload: str) -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload([preload])
        return ctx
    return multiprocessing.get_context("spawn")
