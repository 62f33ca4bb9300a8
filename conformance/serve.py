"""``unospec serve``: the reference engine as a program speaking the live protocol."""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

from unospec import __version__
from unospec.protocol import PROTOCOL
from unospec.reference import IllegalAction, apply, dump, legal_actions, load, new_game
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
            return {
                "seq": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "a request is a JSON object"},
            }
        seq, cmd = msg.get("seq"), msg.get("cmd")
        try:
            if cmd == "stop":
                return None
            if cmd == "hello":
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
        except Exception as e:  # a bad request must not kill the server
            return {
                "seq": seq,
                "ok": False,
                "error": {"code": "bad_request", "message": f"{type(e).__name__}: {e}"},
            }


def serve(stdin: IO[str], stdout: IO[str], profiles: list[str] | None = None) -> int:
    """Answer requests until ``stop`` or the end of input. Requests that arrive together
    (a pipelined batch) are answered with one write."""
    server = Server(profiles)
    for batch in _batches(stdin):
        replies, stop = [], False
        for line in batch:
            if not line.strip():
                continue
            try:
                msg = json.loads(line)
            except json.JSONDecodeError as e:
                reply: dict[str, Any] | None = {
                    "seq": None,
                    "ok": False,
                    "error": {"code": "bad_request", "message": f"not JSON: {e.msg}"},
                }
            else:
                reply = server.handle(msg)
            if reply is None:
                stop = True
                break
            replies.append(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.write("".join(replies))
        stdout.flush()
        if stop:
            return 0
    return 0


def _batches(stdin: IO[str]) -> Iterator[list[str]]:
    """The input lines in the groups they arrive in: everything already in the pipe is
    read at once (a stream without a file descriptor gives one line at a time)."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, io.UnsupportedOperation):
        for line in stdin:
            yield [line]
        return
    rest = b""
    while chunk := os.read(fd, 1 << 16):
        *lines, rest = (rest + chunk).split(b"\n")
        if lines:
            yield [line.decode("utf-8", "replace") for line in lines]
    if rest.strip():
        yield [rest.decode("utf-8", "replace")]


def main() -> int:
    return serve(sys.stdin, sys.stdout)
