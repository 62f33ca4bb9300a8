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
import subprocess
import threading
import time
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

from conformance.port import Json, Outcome

PROTOCOL = 1
SCHEMAS = Path(__file__).resolve().parents[1] / "spec" / "protocol"
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
        self.lines: queue.Queue[tuple[str, Any]] = queue.Queue()
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
        self.lines = queue.Queue()
        threading.Thread(
            target=self._read_stdout, args=(self.proc, self.lines), daemon=True
        ).start()
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

    def _read_stdout(
        self, proc: subprocess.Popen[bytes], out: queue.Queue[tuple[str, Any]]
    ) -> None:
        buf = bytearray()
        dropping = False
        stream = proc.stdout
        assert stream is not None
        while True:
            chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
            if not chunk:
                out.put(("eof", proc))
                return
            start = 0
            while True:
                nl = chunk.find(b"\n", start)
                piece = chunk[start:] if nl < 0 else chunk[start:nl]
                if not dropping:
                    buf += piece
                    if len(buf) > self.max_line:
                        out.put(("too_long", len(buf)))
                        buf.clear()
                        dropping = True
                if nl < 0:
                    break
                if dropping:
                    dropping = False
                else:
                    out.put(("line", bytes(buf)))
                buf.clear()
                start = nl + 1

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
        sent = [self._send(m) for m in msgs]
        try:
            return [self._receive(m, "okReply", None) for m in sent]
        except ProtocolError:
            self.close()
            raise

    def _send(self, msg: Json) -> Json:
        if not self.alive:
            raise ProtocolError("crash", self._exit_detail(), msg)
        self.seq += 1
        msg = {**msg, "seq": self.seq}
        if self.validate and (errors := schema_errors("request", msg)):
            raise ValueError(
                f"the harness built an invalid request {msg}: {errors}"
            )  # a harness bug
        data = (json.dumps(msg, separators=(",", ":")) + "\n").encode()
        try:
            assert self.proc is not None and self.proc.stdin is not None
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise ProtocolError("crash", self._exit_detail(), msg) from None
        self.messages += 1
        return msg

    def _receive(self, msg: Json, schema: str, timeout: float | None) -> Json:
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError("timeout", f"no answer to {msg['cmd']} within {wait:g} s", msg)
            try:
                kind, value = self.lines.get(timeout=left)
            except queue.Empty:
                continue
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
    """An :class:`~conformance.port.EnginePort` backed by a program over the live protocol."""

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
        return list(self.program.request({"cmd": "legal_actions"}).get("actions", []))

    def apply(self, action: Json) -> Outcome:
        reply = self.program.request({"cmd": "apply", "action": action})
        if reply.get("accepted", True):
            return Outcome(True, list(reply.get("events", [])))
        return Outcome(False, error=reply.get("error") or {"reason": "refused"})

    def observe(self) -> Json:
        return dict(self.program.request({"cmd": "observe"}).get("position", {}))

    def step(self, action: Json) -> tuple[list[Json], Outcome, Json]:
        """``legal_actions``, ``apply(action)`` and ``observe`` in one round trip."""
        legal, applied, observed = self.program.request_many(
            [{"cmd": "legal_actions"}, {"cmd": "apply", "action": action}, {"cmd": "observe"}]
        )
        outcome = (
            Outcome(True, list(applied.get("events", [])))
            if applied.get("accepted", True)
            else Outcome(False, error=applied.get("error") or {"reason": "refused"})
        )
        return list(legal.get("actions", [])), outcome, dict(observed.get("position", {}))
