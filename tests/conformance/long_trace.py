"""A long valid trace, written as it is played (a match to a high target, uniformly random
legal play), without holding the game in memory: for the constant-memory test of
``unospec validate`` and for measuring it. ``python long_trace.py OUT ACTIONS [SEED]``."""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

from unospec.reference import apply, legal_actions, new_game
from unospec.reference.chance import chance_action


def write_long_trace(out: Path, actions: int, seed: int = 0, players: int = 4) -> int:
    """Write a trace of ``actions`` lines (fewer if the match ends first) to ``out``;
    returns the number of action lines."""
    options = {"V-EXT-TARGET-SCORE": {"target": 10**9}}
    rng = random.Random(seed)
    pos = new_game(players, "official", options)
    chance: list[dict] = []
    steps = 0
    with tempfile.TemporaryFile("w+") as body:
        pending: dict | None = None
        while steps < actions and pos.phase != "over":
            if pos.chance is not None:
                act = chance_action(pos, rng)
                chance.append(act)
                pos, more = apply(pos, act)
                if pending is not None:
                    pending["events"].extend(more)
                continue
            if pending is not None:
                body.write(json.dumps(pending, separators=(",", ":")) + "\n")
            act = rng.choice(legal_actions(pos))
            pos, events = apply(pos, act, in_place=True)
            steps += 1
            pending = {"step": steps, "action": act, "events": events}
        if pending is not None:
            body.write(json.dumps(pending, separators=(",", ":")) + "\n")
        header = {
            "unospec_trace": 1,
            "profile": "official",
            "options": options,
            "players": players,
            "chance": chance,
        }
        body.seek(0)
        with open(out, "w") as f:
            f.write(json.dumps(header, separators=(",", ":")) + "\n")
            shutil.copyfileobj(body, f)
    return steps


if __name__ == "__main__":
    n = write_long_trace(
        Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 0
    )
    print(f"{n} actions written to {sys.argv[1]}")
