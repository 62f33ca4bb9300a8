"""The live protocol (v1): JSON Lines over a program's stdin/stdout, and a robust client.

The harness sends ``{"cmd": ..., "seq": n, ...}``; the program answers each request
with one line carrying the same ``seq`` (``stop`` needs no answer). The messages are
specified by the JSON Schemas in ``spec/protocol`` and documented in ``docs``.

:class:`Program` survives anything a program does: every read has a timeout, a line
longer than the limit is cut off and reported, garbage is reported, a crash is noticed
(and the program can be restarted), and stderr is kept (the last 64 KiB) for the report.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import subprocess
import threading
import time
from collections import deque
from functools import cache
from typing import Any

from unospec.port import Json, Outcome
from unospec.processes import Child, Stopped, stopping
from unospec.spec import jsonreader
from unospec.spec.resources import PROTOCOL as SCHEMA_DIR

PROTOCOL = 1
SCHEMAS = SCHEMA_DIR
#: the definition in ``live.schema.json`` of the successful answer to each request
REPLY_SCHEMAS = {
    "hello": "helloReply",
    "new_game": "newGameReply",
    "load": "loadReply",
    "legal_actions": "legalActionsReply",
    "apply": "applyReply",
    "observe": "observeReply",
}
STDERR_KEEP = 64 * 1024


class ProtocolError(Exception):
    """The program broke the protocol. ``kind``: timeout, crash, garbage, too_long,
    wrong_seq, schema, refused (an error reply), unsupported; or the harness will not talk
    to it any more: broken (the circuit breaker tripped, see :class:`Program`),
    interrupted (the run is being stopped)."""

    def __init__(
        self, kind: str, detail: str, request: Json | None = None, error: Json | None = None
    ):
        self.kind, self.detail, self.request, self.error = kind, detail, request, error or {}
        super().__init__(f"{kind}: {detail}")


@cache
def validator(name: str) -> Any:
    """A jsonschema validator for ``live.schema.json#/$defs/NAME`` (or ``trace:NAME``,
    ``common:NAME``, ``report:NAME``); ``FILE:`` alone is the file's root (every message of it)."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry = Registry()
    docs = {}
    for path in SCHEMAS.glob("*.schema.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        docs[path.name] = doc
        resource = Resource.from_contents(doc)
        registry = registry.with_resource(doc["$id"], resource).with_resource(path.name, resource)
    file, _, ref = name.rpartition(":")
    doc = docs[
        {
            "": "live.schema.json",
            "live": "live.schema.json",
            "trace": "trace.schema.json",
            "common": "common.schema.json",
            "report": "report.schema.json",
        }[file]
    ]
    schema = {"$ref": f"{doc['$id']}#/$defs/{ref}" if ref else doc["$id"]}
    return Draft202012Validator(schema, registry=registry)


def schema_errors(name: str, message: Any) -> list[str]:
    """Problems of ``message`` against a schema definition, each with its JSON pointer.
    Where it matches none of a union's branches, the problem is that of the branch it
    came closest to (the request of its ``cmd``, the reply of its kind)."""
    out = []
    for err in validator(name).iter_errors(message):
        err, text = _closest(err)
        pointer = "/" + "/".join(str(p) for p in err.absolute_path)
        if len(text) > 200 and isinstance(err.schema, dict) and err.schema.get("description"):
            text = f"not as the protocol requires: {err.schema['description']}"
        out.append(f"{pointer}: {text}")
    return out


def _closest(err: Any) -> tuple[Any, str]:
    """For an ``anyOf``/``oneOf`` error, the error of the branch the message came closest
    to (the fewest errors, then the deepest), recursively; where every branch wants another
    value at the same place (a discriminator: ``cmd``, ``type``), that place and the values."""
    return _branch_cost(err)[2:]


def _branch_cost(err: Any) -> tuple[int, int, Any, str]:
    """``(errors, -depth, error, message)`` of the closest branch under ``err``."""
    if (
        not err.context
    ):  # another kind (a const: cmd, type) is far off; fields not its own count each
        cost = 10 if err.validator == "const" else 1
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            cost = len(set(err.instance) - set(err.schema.get("properties", ())))
        return cost, -len(err.absolute_path), err, err.message
    branches: dict[Any, list[Any]] = {}
    for sub in err.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    wanted = [next((e for e in errs if e.validator == "const"), None) for errs in branches.values()]
    if len(wanted) > 1 and all(wanted) and len({tuple(e.absolute_path) for e in wanted}) == 1:
        values = ", ".join(json.dumps(e.validator_value) for e in wanted)
        first = wanted[0]
        return (  # every branch wants another value there: a discriminator
            10,
            -len(first.absolute_path),
            first,
            f"{json.dumps(first.instance)} is not one of {values}",
        )
    costs = []
    for errs in branches.values():
        parts = [_branch_cost(e) for e in errs]
        costs.append((sum(p[0] for p in parts), parts[0][1], parts[0][2], parts[0][3]))
    return min(costs, key=lambda c: c[:2])


class LineReader:
    """The lines a program writes on stdout, read with a deadline in the caller's thread.

    :meth:`next` returns ``("line", bytes)``, ``("too_long", size)`` for a line over
    ``max_line`` bytes (the rest of it is dropped), ``("eof", None)`` once the program has
    closed stdout, or ``None`` when nothing arrived in time. On POSIX it waits with
    ``select`` on the pipe, so a reply costs no hand-over between threads; elsewhere (or
    with ``threaded``) a thread reads the pipe into a queue.
    """

    def __init__(self, stream: Any, max_line: int, threaded: bool | None = None):
        self.stream, self.max_line = stream, max_line
        self.items: deque[tuple[str, Any]] = deque()
        self.buf = bytearray()
        self.dropping = False
        self.eof = False
        self.fd = stream.fileno()
        self.chunks: queue.Queue[bytes] | None = None
        if threaded if threaded is not None else os.name != "posix":
            self.chunks = queue.Queue()
            threading.Thread(target=self._pump, daemon=True).start()

    def next(self, timeout: float) -> tuple[str, Any] | None:
        while not self.items:
            if self.eof:
                return ("eof", None)
            chunk = self._read(timeout)
            if chunk is None:
                return None
            self._split(chunk)
        return self.items.popleft()

    def _read(self, timeout: float) -> bytes | None:
        if self.chunks is not None:
            try:
                return self.chunks.get(timeout=timeout)
            except queue.Empty:
                return None
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return None
        try:
            return os.read(self.fd, 65536)
        except OSError:
            return b""

    def _pump(self) -> None:
        assert self.chunks is not None
        read = getattr(self.stream, "read1", self.stream.read)  # an unbuffered pipe has no read1
        while chunk := read(65536):
            self.chunks.put(chunk)
        self.chunks.put(b"")

    def _split(self, chunk: bytes) -> None:
        if not chunk:
            self.eof = True
            return
        start = 0
        while True:
            nl = chunk.find(b"\n", start)
            piece = chunk[start:] if nl < 0 else chunk[start:nl]
            if not self.dropping:
                self.buf += piece
                if len(self.buf) > self.max_line:
                    self.items.append(("too_long", len(self.buf)))
                    self.buf.clear()
                    self.dropping = True
            if nl < 0:
                return
            if self.dropping:
                self.dropping = False
            else:
                self.items.append(("line", bytes(self.buf)))
            self.buf.clear()
            start = nl + 1


class StderrTail:
    """The last :data:`STDERR_KEEP` bytes one process wrote on stderr (each process of a
    program has its own, so a crash is never shown with an earlier process's stderr)."""

    def __init__(self) -> None:
        self.chunks: deque[bytes] = deque()
        self.kept = 0
        self.total = 0

    def add(self, chunk: bytes) -> None:
        self.chunks.append(chunk)
        self.kept += len(chunk)
        self.total += len(chunk)
        while self.kept > STDERR_KEEP and len(self.chunks) > 1:
            self.kept -= len(self.chunks.popleft())

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", "replace")


#: requests as compact JSON (one encoder for every request: ``json.dumps`` with
#: separators makes a new one each time)
_ENCODE = json.JSONEncoder(separators=(",", ":")).encode


class Program:
    """A program under test, spoken to over the live protocol.

    Every process of it runs in a session of its own and is ended with everything it
    started (:mod:`unospec.processes`) when it is closed, restarted, fails its handshake,
    or the run is interrupted.

    **Circuit breaker.** A program that keeps timing out costs the run a timeout each time,
    one that cannot start a failed handshake each time. After ``max_failures`` timeouts or
    failed starts in a row (crashes, cheap to recover from, do not count) the program is
    *broken*: :attr:`broken` is set with a :attr:`broken_reason`, it
    is closed, and every later request or restart raises :class:`ProtocolError` of kind
    ``broken`` at once. The streak is reset by :meth:`mark_healthy` (the caller finished a
    unit of work, e.g. a scenario or a game, without a protocol failure) or by
    ``healthy_replies`` good replies in a row.
    """

    def __init__(
        self,
        argv: list[str],
        timeout: float = 5.0,
        max_line: int = 4 * 1024 * 1024,
        validate: bool = False,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        max_failures: int = 3,
        healthy_replies: int = 200,
    ):
        self.argv, self.timeout, self.max_line, self.validate = argv, timeout, max_line, validate
        self._limits = jsonreader.Limits(line_bytes=max_line)  # (what replies are read with)
        self.cwd, self.env = cwd, env
        self.max_failures, self.healthy_replies = max_failures, healthy_replies
        self.child: Child | None = None
        self.reader: LineReader | None = None
        self.stderr = StderrTail()
        self._stderr_thread: threading.Thread | None = None
        self.seq = 0
        self.hello: Json | None = None
        self.restarts = 0
        self.messages = 0
        self.lines_read = 0
        self.start_timeout = 15.0
        self.failures = 0  # timeouts and failed starts since the last healthy stretch
        self.good_replies = 0
        self.broken = False
        self.broken_reason = ""

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        return self.child.proc if self.child else None

    # -- process -------------------------------------------------------------------------------
    def start(self) -> Json:
        """Start the program and shake hands; returns the program's hello reply. A failed
        handshake ends the process (and all it started) before the error is raised."""
        self._check_usable()
        try:
            self.child = Child(self.argv, self.cwd, self.env)
        except Stopped as e:
            raise ProtocolError("interrupted", str(e)) from None
        except OSError as e:
            self._failed("start", f"cannot start {' '.join(self.argv)}: {e}")
            raise ProtocolError("crash", f"cannot start {' '.join(self.argv)}: {e}") from None
        self.stderr = StderrTail()
        self.lines_read = 0
        self.reader = LineReader(self.child.proc.stdout, self.max_line)
        self._stderr_thread = threading.Thread(
            target=_read_stderr, args=(self.child.proc.stderr, self.stderr), daemon=True
        )
        self._stderr_thread.start()
        try:
            # a program may take a while to start (an interpreter, a JIT): the handshake waits longer
            reply = self.request(
                {"cmd": "hello", "protocol": PROTOCOL},
                schema="helloReply",
                timeout=max(self.timeout, self.start_timeout),
            )
            if reply.get("protocol") != PROTOCOL:
                raise ProtocolError(
                    "unsupported",
                    f"the program speaks protocol {reply.get('protocol')!r}; the harness speaks {PROTOCOL}",
                )
        except ProtocolError as e:
            if e.kind != "timeout":  # a timeout is counted where it happens
                self._failed("start", e.detail)
            self.close(kill=True)
            raise
        except BaseException:
            self.close(kill=True)
            raise
        self.hello = reply
        return reply

    def restart(self) -> Json:
        self.close()
        self._check_usable()
        self.restarts += 1
        return self.start()

    def close(self, kill: bool = False) -> None:
        """Stop the program (``stop``, then a second to leave) and end its process group
        and every process it started, whatever they do."""
        child, self.child = self.child, None
        if child is None:
            return
        if not kill and child.exited() is None:
            try:
                assert child.proc.stdin is not None
                child.proc.stdin.write(b'{"cmd": "stop"}\n')
                child.proc.stdin.flush()
            except (OSError, ValueError):
                pass
            child.wait_exit(1.0)
        child.kill()

    def mark_healthy(self) -> None:
        """A unit of work (a scenario, a game) ended without a protocol failure."""
        self.failures = 0

    @property
    def alive(self) -> bool:
        return self.child is not None and self.child.exited() is None

    def stderr_text(self) -> str:
        """What the current (or last) process wrote on stderr: its last 64 KiB."""
        return self.stderr.text()

    def _check_usable(self) -> None:
        if self.broken:
            raise ProtocolError("broken", self.broken_reason)
        if reason := stopping():
            raise ProtocolError("interrupted", reason)

    def _failed(self, kind: str, detail: str) -> None:
        """Count a timeout or a failed start towards the circuit breaker; a program
        that trips it is closed at once."""
        self.good_replies = 0
        self.failures += 1
        if self.failures >= self.max_failures and not self.broken:
            self.broken = True
            self.broken_reason = (
                f"judged unusable after {self.failures} timeouts or failed starts "
                f"in a row (the last: {kind}: {detail})"
            )
            self.close(kill=True)

    # -- messages ------------------------------------------------------------------------------
    def request(self, msg: Json, schema: str = "okReply", timeout: float | None = None) -> Json:
        """Send one request and return its reply, or raise :class:`ProtocolError`."""
        sent = self._send(msg)
        return self._receive(sent, schema, timeout)

    def request_many(self, msgs: list[Json]) -> list[Json]:
        """Pipelining: send several requests at once, then read their replies in order (one
        round trip instead of several). A failure closes the program, since replies still in
        flight would be read as answers to later requests; it restarts on next use."""
        return self.receive_many(self.send_many(msgs))

    def send_many(self, msgs: list[Json]) -> list[Json]:
        """The first half of :meth:`request_many`: the requests go out in one write (the
        caller may work while the program answers); returns them with their ``seq``."""
        sent = [self._number(m) for m in msgs]
        self._write(b"".join(data for _, data in sent), sent[0][0])
        return [m for m, _ in sent]

    def receive_many(self, sent: list[Json]) -> list[Json]:
        """The second half of :meth:`request_many`: the replies to ``sent``, in order."""
        try:
            return [self._receive(m, "okReply", None) for m in sent]
        except ProtocolError:
            self.close()
            raise

    def _send(self, msg: Json) -> Json:
        msg, data = self._number(msg)
        self._write(data, msg)
        return msg

    def _number(self, msg: Json) -> tuple[Json, bytes]:
        """The request with its ``seq``, and its line."""
        self.seq += 1
        msg = {**msg, "seq": self.seq}
        if self.validate and (errors := schema_errors("request", msg)):
            raise ValueError(
                f"the harness built an invalid request {msg}: {errors}"
            )  # a harness bug
        return msg, (_ENCODE(msg) + "\n").encode()

    def _write(self, data: bytes, msg: Json) -> None:
        self._check_usable()
        if not self.alive:
            raise self._crashed(msg)
        try:
            assert self.proc is not None and self.proc.stdin is not None
            view = memoryview(data)
            while view:  # an unbuffered pipe may take a long message in parts
                view = view[self.proc.stdin.write(view) or 0 :]
        except (OSError, ValueError):
            raise self._crashed(msg) from None
        self.messages += data.count(b"\n")

    def _receive(self, msg: Json, schema: str, timeout: float | None) -> Json:
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                detail = f"no answer to {msg['cmd']} within {wait:g} s"
                self._failed("timeout", detail)
                raise ProtocolError("timeout", detail, msg)
            if self.reader is None or self.child is None:
                raise self._crashed(msg)
            got = self.reader.next(left)
            if got is None:
                continue
            kind, value = got
            if kind == "eof":
                raise self._crashed(msg)
            self.lines_read += 1
            if kind == "too_long":
                raise ProtocolError(
                    "too_long",
                    f"line {self.lines_read} of the program's output exceeded {self.max_line} bytes",
                    msg,
                )
            if not value.strip():
                continue
            reply = self._parse(value, msg)
            self.good_replies += 1
            if self.good_replies >= self.healthy_replies:
                self.failures = 0
            return self._check_reply(reply, msg, schema)

    def _parse(self, line: bytes, msg: Json) -> Json:
        """One line of the program's output as a JSON object (read within the limits of
        :mod:`unospec.spec.jsonreader`: invalid UTF-8, NaN, duplicate keys, … are refused)."""
        where = f"line {self.lines_read} of the program's output"
        try:
            reply = jsonreader.loads(line, limits=self._limits)
        except jsonreader.JsonInputError as e:
            at = f", byte {e.offset}" if e.offset is not None else ""
            shown = line[:120].decode("utf-8", "backslashreplace")
            raise ProtocolError("garbage", f"{where}{at}: {e.reason}: {shown!r}", msg) from None
        if not isinstance(reply, dict):
            shown = line[:120].decode("utf-8", "backslashreplace")
            raise ProtocolError(
                "garbage", f"{where}: an answer must be a JSON object, got {shown!r}", msg
            )
        return reply

    def _check_reply(self, reply: Json, msg: Json, schema: str) -> Json:
        seq = reply.get("seq")
        if type(seq) is not int or seq != msg["seq"]:
            raise ProtocolError(
                "wrong_seq", f"answer carries seq {seq!r}, expected {msg['seq']}", msg
            )
        if reply.get("ok") is False:
            err = reply.get("error")
            err = err if isinstance(err, dict) else {}
            kind = "unsupported" if err.get("code") == "unsupported" else "refused"
            raise ProtocolError(kind, f"{err.get('code', '?')}: {err.get('message', '')}", msg, err)
        if schema == "okReply":  # the definition of this request's answer
            schema = REPLY_SCHEMAS.get(msg["cmd"], schema)
        if (self.validate or schema == "helloReply") and (errors := schema_errors(schema, reply)):
            raise ProtocolError(
                "schema", f"answer to {msg['cmd']} does not match the protocol: {errors[0]}", msg
            )
        return reply

    def _crashed(self, msg: Json) -> ProtocolError:
        # a crash is not counted towards the circuit breaker: a restart is cheap, and a
        # program may crash on some positions only (each crash is then a finding)
        return ProtocolError("crash", self._exit_detail(), msg)

    def _exit_detail(self) -> str:
        """How the process ended, with the end of *its own* stderr (read to the end)."""
        code = self.child.wait_exit(0.5) if self.child else None
        if self._stderr_thread is not None:
            self._stderr_thread.join(timeout=0.5)
        tail = self.stderr_text().strip().splitlines()[-3:]
        return f"the program exited (code {code})" + (
            f"; stderr: {' | '.join(tail)}" if tail else ""
        )


def _read_stderr(stream: Any, tail: StderrTail) -> None:
    """Keep the end of one process's stderr (a thread per process)."""
    read = getattr(stream, "read1", stream.read)
    with contextlib.suppress(OSError, ValueError):
        while chunk := read(65536):
            tail.add(chunk)


class ProgramPort:
    """An :class:`~unospec.port.EnginePort` backed by a program over the live protocol."""

    def __init__(self, program: Program):
        self.program = program
        hello = program.hello or {}
        self.name = f"{hello.get('implementation', {}).get('name', 'program')} {hello.get('implementation', {}).get('version', '')}".strip()
        self.can_load = "load" in hello.get("capabilities", [])
        self.reports_events = "events" in hello.get("capabilities", [])

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        try:
            self.program.request(
                {"cmd": "new_game", "players": players, "profile": profile, "options": options}
            )
        except ProtocolError as e:
            if e.kind in ("refused", "unsupported"):
                return Outcome(
                    False,
                    error={"rule": e.error.get("rule"), "reason": e.error.get("message", e.detail)},
                )
            raise
        return Outcome(True)

    def load(self, position: Json) -> None:
        self.program.request({"cmd": "load", "position": position})

    def legal_actions(self) -> list[Json]:
        return actions_of(self.program.request({"cmd": "legal_actions"}))

    def apply(self, action: Json) -> Outcome:
        return outcome_of(self.program.request({"cmd": "apply", "action": action}))

    def observe(self) -> Json:
        return position_of(self.program.request({"cmd": "observe"}))


def actions_of(reply: Json) -> list[Json]:
    """The action list of a ``legal_actions`` reply."""
    actions = reply.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        raise ProtocolError("schema", "legal_actions: 'actions' must be a list of action objects")
    return list(actions)


def outcome_of(reply: Json) -> Outcome:
    """The outcome of an ``apply`` reply: accepted with its events, or refused with the error."""
    accepted = reply.get("accepted", True)
    if not isinstance(accepted, bool):
        raise ProtocolError("schema", f"apply: 'accepted' must be true or false, got {accepted!r}")
    if accepted:
        events = reply.get("events", [])
        if not isinstance(events, list):
            raise ProtocolError("schema", "apply: 'events' must be a list")
        return Outcome(True, list(events))
    error = reply.get("error")
    return Outcome(False, error=error if isinstance(error, dict) else {"reason": "refused"})


def position_of(reply: Json) -> Json:
    """The position of an ``observe`` reply."""
    position = reply.get("position", {})
    if not isinstance(position, dict):
        raise ProtocolError("schema", "observe: 'position' must be a JSON object")
    return dict(position)
