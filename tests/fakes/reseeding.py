"""A program that declares ``seeded`` but does not keep to it (to test the harness).

Usage: python reseeding.py PROGRAM [ARGS...]

It runs PROGRAM and passes every request on, except that each ``new_game`` gets another
seed than the one sent (the seed plus the number of games started before), so a replay of
the same game shuffles otherwise: what an engine that reseeds from the clock does.
PROGRAM's replies go straight to this program's standard output.
"""

from __future__ import annotations

import json
import subprocess
import sys


def main() -> int:
    child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE)
    assert child.stdin is not None
    games = 0
    for line in sys.stdin.buffer:
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
        if isinstance(msg, dict) and msg.get("cmd") == "new_game":
            msg["seed"] = int(msg.get("seed") or 0) + games
            games += 1
            line = (json.dumps(msg) + "\n").encode()
        child.stdin.write(line)
        child.stdin.flush()
    child.stdin.close()
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())
