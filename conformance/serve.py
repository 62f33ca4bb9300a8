"""``unospec serve``: the reference engine as a program speaking the live protocol."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from conformance.protocol import PROTOCOL
from spec import __version__
from spec.catalogue import load as load_catalogue


def serve(stdin: IO[str], stdout: IO[str], profiles: list[str] | None = None) -> int:
    """Answer requests until ``stop`` or end of input."""
    from reference import IllegalAction, apply, dump, legal_actions, load, new_game

    cat = load_catalogue()
    offered = profiles or list(cat.profiles)
    pos: Any = None

    def reply(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as e:
            reply(
                {
                    "seq": None,
                    "ok": False,
                    "error": {"code": "bad_request", "message": f"not JSON: {e.msg}"},
                }
            )
            continue
        seq, cmd = msg.get("seq"), msg.get("cmd")
        try:
            if cmd == "stop":
                return 0
            if cmd == "hello":
                reply(
                    {
                        "seq": seq,
                        "ok": True,
                        "protocol": PROTOCOL,
                        "implementation": {
                            "name": "unospec-reference",
                            "version": __version__,
                            "language": "python",
                        },
                        "profiles": offered,
                        "options": sorted(cat.options),
                        "capabilities": ["load", "observe"],
                    }
                )
            elif cmd == "new_game":
                if msg.get("profile") not in offered:
                    reply(
                        {
                            "seq": seq,
                            "ok": False,
                            "error": {
                                "code": "unsupported",
                                "message": f"profile {msg.get('profile')!r}",
                            },
                        }
                    )
                    continue
                pos = new_game(msg["players"], msg["profile"], msg.get("options") or {})
                reply({"seq": seq, "ok": True})
            elif cmd == "load":
                pos = load(msg["position"])
                reply({"seq": seq, "ok": True})
            elif cmd == "legal_actions":
                reply({"seq": seq, "ok": True, "actions": legal_actions(pos)})
            elif cmd == "apply":
                try:
                    pos, events = apply(pos, msg["action"])
                    reply({"seq": seq, "ok": True, "accepted": True, "events": events})
                except IllegalAction as e:
                    reply({"seq": seq, "ok": True, "accepted": False, "error": e.to_json()})
            elif cmd == "observe":
                reply({"seq": seq, "ok": True, "position": dump(pos)})
            else:
                reply(
                    {
                        "seq": seq,
                        "ok": False,
                        "error": {"code": "bad_request", "message": f"unknown cmd {cmd!r}"},
                    }
                )
        except Exception as e:  # a bad request must not kill the server
            reply(
                {
                    "seq": seq,
                    "ok": False,
                    "error": {"code": "bad_request", "message": f"{type(e).__name__}: {e}"},
                }
            )
    return 0


def main() -> int:
    return serve(sys.stdin, sys.stdout)
