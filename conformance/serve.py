"""``unospec serve``: the reference engine as a program speaking the live protocol."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

from unospec import __version__
from unospec.protocol import PROTOCOL
from unospec.reference import (
    IllegalAction,
    PositionError,
    apply,
    dump,
    legal_actions,
    load,
    new_game,
)
from unospec.spec import jsonreader
from unospec.spec.catalogue import load as load_catalogue


class Server:
    """Answers live-protocol requests with the reference engine, one request at a time."""

    def __init__(self, profiles: list[str] | None = None):
        cat = load_catalogue()
        self.offered = profiles or list(cat.profiles)
        self.options = sorted(cat.options)
        self.pos: Any = None

    def handle(self, msg: Any) -> dict[str, Any] | None:
        """The reply to one request (``None`` for ``stop``)."""
        if not isinstance(msg, dict):
            return bad_request("a request is a JSON object")
        seq, cmd = msg.get("seq"), msg.get("cmd")
        try:
            if cmd == "stop":
                return None
            if cmd == "hello":
                if msg.get("protocol") != PROTOCOL:
                    return {
                        "seq": seq,
                        "ok": False,
                        "error": {
                            "code": "unsupported",
                            "message": f"protocol {json.dumps(msg.get('protocol'))} is not "
                            f"supported: this server speaks protocol {PROTOCOL}",
                        },
                    }
                return {
                    "seq": seq,
                    "ok": True,
                    "protocol": PROTOCOL,
                    "implementation": {
                        "name": "unospec-reference",
                        "version": __version__,
                        "language": "python",
                    },
                    "profiles": self.offered,
                    "options": self.options,
                    "capabilities": ["load", "observe", "events"],
                }
            if cmd == "new_game":
                if msg.get("profile") not in self.offered:
                    return {
                        "seq": seq,
                        "ok": False,
                        "error": {
                            "code": "unsupported",
                            "message": f"profile {msg.get('profile')!r}",
                        },
                    }
                self.pos = new_game(msg["players"], msg["profile"], msg.get("options") or {})
                return {"seq": seq, "ok": True}
            if cmd == "load":
                self.pos = load(msg["position"])
                return {"seq": seq, "ok": True}
            if self.pos is None:
                return {
                    "seq": seq,
                    "ok": False,
                    "error": {
                        "code": "bad_request",
                        "message": "no game: send new_game or load first",
                    },
                }
            if cmd == "legal_actions":
                return {"seq": seq, "ok": True, "actions": legal_actions(self.pos)}
            if cmd == "apply":
                try:
                    self.pos, events = apply(self.pos, msg["action"], in_place=True)
                    return {"seq": seq, "ok": True, "accepted": True, "events": events}
                except IllegalAction as e:
                    return {"seq": seq, "ok": True, "accepted": False, "error": e.to_json()}
            if cmd == "observe":
                return {"seq": seq, "ok": True, "position": dump(self.pos, share=True)}
            return {
                "seq": seq,
                "ok": False,
                "error": {"code": "bad_request", "message": f"unknown cmd {cmd!r}"},
            }
        except IllegalAction as e:
            return {
                "seq": seq,
                "ok": False,
                "error": {"code": "bad_request", "message": e.reason, "rule": e.rule},
            }
        except PositionError as e:
            error = {"code": "bad_request", "message": f"the position is unusable: {e}"}
            return {
                "seq": seq,
                "ok": False,
                "error": {**error, **({"rule": e.rule} if e.rule else {})},
            }
        except Exception as e:  # a bad request must not kill the server
            return {
                "seq": seq,
                "ok": False,
                "error": {"code": "bad_request", "message": f"{type(e).__name__}: {e}"},
            }


def serve(stdin: IO[str], stdout: IO[str], profiles: list[str] | None = None) -> int:
    """Answer requests until ``stop`` or the end of input. Requests that arrive together
    (a pipelined batch) are answered with one write. Every line gets an answer: a line
    that is not a usable JSON request (too long, invalid UTF-8, NaN, a duplicate key, …)
    gets the protocol's error reply, and every reply produced is written even when the
    server is interrupted."""
    server = Server(profiles)
    replies: list[str] = []
    try:
        for batch in request_batches(stdin):
            for number, line, size in batch:
                reply = answer(server, number, line, size)
                if reply is None:
                    return 0
                replies.append(json.dumps(reply, separators=(",", ":")) + "\n")
            _write(stdout, replies)
    except KeyboardInterrupt:
        return 2
    finally:
        _write(stdout, replies)
    return 0


def answer(server: Server, number: int, line: bytes | None, size: int) -> dict[str, Any] | None:
    """The reply to input line ``number`` (``None`` for ``stop``)."""
    if line is None:
        return bad_request(f"line {number}: {size} bytes, more than the limit of {MAX_LINE}")
    try:
        msg = jsonreader.loads(line, number, LIMITS)
    except jsonreader.JsonInputError as e:
        return bad_request(str(e))
    if isinstance(msg, dict) and "seq" in msg and type(msg["seq"]) is not int:
        return bad_request(f"line {number}: seq must be an integer, got {json.dumps(msg['seq'])}")
    return server.handle(msg)


def bad_request(message: str, seq: int | None = None) -> dict[str, Any]:
    return {"seq": seq, "ok": False, "error": {"code": "bad_request", "message": message}}


def _write(stdout: IO[str], replies: list[str]) -> None:
    if replies:
        with contextlib.suppress(BrokenPipeError):
            stdout.write("".join(replies))
            stdout.flush()
        replies.clear()


MAX_LINE = 16 * 1024 * 1024
LIMITS = jsonreader.Limits(line_bytes=MAX_LINE)


def request_batches(
    stdin: IO[str], max_line: int = MAX_LINE
) -> Iterator[list[tuple[int, bytes | None, int]]]:
    """The input lines, numbered from 1, in the groups they arrive in: everything already
    in the pipe is read at once (a stream without a file descriptor gives one line at a
    time). A line longer than ``max_line`` comes as ``(number, None, size)``, without
    ever being held whole."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        # a stream without a file descriptor: its bytes if it has them, else its text
        binary = getattr(stdin, "buffer", None)
        if binary is not None:
            yield from ([item] for item in jsonreader.lines(binary, max_line))
            return
        for number, line in enumerate(stdin, 1):
            data = line.encode("utf-8") if isinstance(line, str) else line
            yield [(number, data.rstrip(b"\r\n"), len(data))]
        return
    number, rest, dropped = 0, b"", 0
    while chunk := os.read(fd, 1 << 16):
        *lines, rest = (rest + chunk).split(b"\n")
        batch = []
        for line in lines:
            number += 1
            if dropped:
                batch.append((number, None, dropped + len(line)))
                dropped = 0
            elif len(line) > max_line:
                batch.append((number, None, len(line)))
            else:
                batch.append((number, line.rstrip(b"\r"), len(line)))
        if len(rest) > max_line:
            dropped, rest = dropped + len(rest), b""
        if batch:
            yield [b for b in batch if b[1] is None or b[1].strip()]
    if dropped:
        yield [(number + 1, None, dropped + len(rest))]
    elif rest.strip():
        yield [(number + 1, rest, len(rest))]


def _batches(stdin: IO[str]) -> Iterator[list[str]]:
    """The input lines as text, in the groups they arrive in (for the bench's echo server)."""
    for batch in request_batches(stdin):
        yield [line.decode("utf-8", "replace") for _, line, _ in batch if line is not None]


def main() -> int:
    return serve(sys.stdin, sys.stdout)
