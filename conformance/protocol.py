"""The live protocol (v1): JSON Lines over a program's stdin/stdout, and a robust client.

The harness sends ``{"cmd": ..., "seq": n, ...}``; the program answers each request
with one line carrying the same ``seq`` (``stop`` needs no answer). The messages are
specified by the JSON Schemas in ``spec/protocol`` and documented in ``docs``.

:class:`Program` survives anything a program does: every read has a timeout, a line
longer than the limit is cut off and reported, garbage is reported, a crash is noticed
(and the program can be restarted), and stderr is kept (the last 64 KiB) for the report.
"""

from __future__ import annotations

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
from unospec.spec.resources import PROTOCOL as SCHEMA_DIR

PROTOCOL = 1
SCHEMAS = SCHEMA_DIR
STDERR_KEEP = 64 * 1024


class ProtocolError(Exception):
    """The program broke the protocol. ``kind``: timeout, crash, garbage, too_long,
    wrong_seq, schema, refused (an error reply), unsupported."""

    def __init__(
        self, kind: str, detail: str, request: Json | None = None, error: Json | None = None
    ):
        self.kind, self.detail, self.request, self.error = kind, detail, request, error or {}
        super().__init__(f"{kind}: {detail}")


@cache
def validator(name: str) -> Any:
    """A jsonschema validator for ``live.schema.json#/$defs/NAME`` (or ``trace:NAME``, ``common:NAME``)."""
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
            "trace": "trace.schema.json",
            "common": "common.schema.json",
            "report": "report.schema.json",
        }[file]
    ]
    schema = {"$ref": f"{doc['$id']}#/$defs/{ref}"}
    return Draft202012Validator(schema, registry=registry)


def schema_errors(name: str, message: Any) -> list[str]:
    """Problems of ``message`` against a schema definition, each with its JSON pointer."""
    out = []
    for err in validator(name).iter_errors(message):
        pointer = "/" + "/".join(str(p) for p in err.absolute_path)
        out.append(f"{pointer}: {err.message}")
    return out


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


class Program:
    """A program under test, spoken to over the live protocol."""

    def __init__(
        self,
        argv: list[str],
        timeout: float = 5.0,
        max_line: int = 4 * 1024 * 1024,
        validate: bool = False,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ):
        self.argv, self.timeout, self.max_line, self.validate = argv, timeout, max_line, validate
        self.cwd, self.env = cwd, env
        self.proc: subprocess.Popen[bytes] | None = None
        self.reader: LineReader | None = None
        self.stderr: deque[bytes] = deque()
        self.stderr_bytes = 0
        self.seq = 0
        self.hello: Json | None = None
        self.restarts = 0
        self.messages = 0
        self.start_timeout = 15.0

    # -- process -------------------------------------------------------------------------------
    def start(self) -> Json:
        """Start the program and shake hands; returns the program's hello reply."""
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                env={**os.environ, **(self.env or {})},
                bufsize=0,
            )
        except OSError as e:
            raise ProtocolError("crash", f"cannot start {' '.join(self.argv)}: {e}") from None
        self.reader = LineReader(self.proc.stdout, self.max_line)
        threading.Thread(target=self._read_stderr, args=(self.proc,), daemon=True).start()
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
        self.hello = reply
        return reply

    def restart(self) -> Json:
        self.close()
        self.restarts += 1
        return self.start()

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.poll() is None and proc.stdin:
                proc.stdin.write(b'{"cmd": "stop"}\n')
                proc.stdin.flush()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=2.0)
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stderr_text(self) -> str:
        return b"".join(self.stderr).decode("utf-8", "replace")

    def _read_stderr(self, proc: subprocess.Popen[bytes]) -> None:
        stream = proc.stderr
        assert stream is not None
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                return
            self.stderr.append(chunk)
            self.stderr_bytes += len(chunk)
            kept = sum(len(c) for c in self.stderr)
            while kept > STDERR_KEEP and len(self.stderr) > 1:
                kept -= len(self.stderr.popleft())

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
        return msg, (json.dumps(msg, separators=(",", ":")) + "\n").encode()

    def _write(self, data: bytes, msg: Json) -> None:
        if not self.alive:
            raise ProtocolError("crash", self._exit_detail(), msg)
        try:
            assert self.proc is not None and self.proc.stdin is not None
            view = memoryview(data)
            while view:  # an unbuffered pipe may take a long message in parts
                view = view[self.proc.stdin.write(view) or 0 :]
        except (OSError, ValueError):
            raise ProtocolError("crash", self._exit_detail(), msg) from None
        self.messages += data.count(b"\n")

    def _receive(self, msg: Json, schema: str, timeout: float | None) -> Json:
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError("timeout", f"no answer to {msg['cmd']} within {wait:g} s", msg)
            got = self.reader.next(left)
            if got is None:
                continue
            kind, value = got
            if kind == "eof":
                time.sleep(0.05)
                raise ProtocolError("crash", self._exit_detail(), msg)
            if kind == "too_long":
                raise ProtocolError(
                    "too_long", f"an answer line exceeded {self.max_line} bytes", msg
                )
            text = value.decode("utf-8", "replace").strip()
            if not text:
                continue
            try:
                reply = json.loads(text)
            except json.JSONDecodeError as e:
                raise ProtocolError(
                    "garbage", f"not JSON on stdout: {text[:120]!r} ({e.msg})", msg
                ) from None
            if not isinstance(reply, dict):
                raise ProtocolError(
                    "garbage", f"an answer must be a JSON object, got {text[:120]!r}", msg
                )
            if reply.get("seq") != msg["seq"]:
                raise ProtocolError(
                    "wrong_seq",
                    f"answer carries seq {reply.get('seq')!r}, expected {msg['seq']}",
                    msg,
                )
            if reply.get("ok") is False:
                err = reply.get("error") or {}
                kind = "unsupported" if err.get("code") == "unsupported" else "refused"
                raise ProtocolError(
                    kind, f"{err.get('code', '?')}: {err.get('message', '')}", msg, err
                )
            if (self.validate or schema == "helloReply") and (
                errors := schema_errors(schema, reply)
            ):
                raise ProtocolError(
                    "schema",
                    f"answer to {msg['cmd']} does not match the protocol: {errors[0]}",
                    msg,
                )
            return reply

    def _exit_detail(self) -> str:
        code = self.proc.poll() if self.proc else None
        tail = self.stderr_text().strip().splitlines()[-3:]
        return f"the program exited (code {code})" + (
            f"; stderr: {' | '.join(tail)}" if tail else ""
        )


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
    return list(reply.get("actions", []))


def outcome_of(reply: Json) -> Outcome:
    """The outcome of an ``apply`` reply: accepted with its events, or refused with the error."""
    if reply.get("accepted", True):
        return Outcome(True, list(reply.get("events", [])))
    return Outcome(False, error=reply.get("error") or {"reason": "refused"})


def position_of(reply: Json) -> Json:
    """The position of an ``observe`` reply."""
    return dict(reply.get("position", {}))
