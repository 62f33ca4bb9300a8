"""A program under test that refuses every action with a reason full of characters XML
cannot carry (C0 controls, a terminal escape, a lone surrogate) and Markdown and workflow
commands must not take literally (``|``, ``%``, a newline): the reports must stay readable
and well-formed. Otherwise it answers like ``unospec serve``.

Usage: python control_chars_program.py
"""

from __future__ import annotations

import json
import sys

REASON = "no\x00way\x01 \x1b[31mred\x1b[0m \x07|bell| 100% \ud800\nsecond line"


def main() -> None:
    from unospec.serve import Server

    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        answer = server.handle(msg)
        if answer is None:
            return
        if msg.get("cmd") == "apply":
            answer = {
                "seq": msg["seq"],
                "ok": True,
                "accepted": False,
                "error": {"rule": "P-ILLEGAL-PLAY-REJECTED", "reason": REASON},
            }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
