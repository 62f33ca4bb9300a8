"""Play seeded games on one build of the engine and print a digest after every step.

``python tests/native_lockstep.py BUILD GAMES_JSON`` plays every game of GAMES_JSON (a list
of ``{"players", "profile", "options", "seed"}``) with seeded chance and uniformly random
legal actions, and prints one JSON object: the build that ran (``unospec.reference.BUILD``,
which must be BUILD) and, per game, one digest per step of the position after the
step (``dump``), the events it caused and the complete legal-action set. The two builds
are run in two processes (the same module names cannot be imported twice in one), and
``tests/test_native_build.py`` compares their digests step by step.
"""

from __future__ import annotations

import json
import os
import random
import sys
from typing import Any

CAP = 800  # steps compared per game (uniform random play can draw for a long time)


def play(players: int, profile: str, options: dict[str, Any], seed: int) -> list[str]:
    from unospec.reference import apply, dump, legal_actions, new_game
    from unospec.reference.chance import chance_action

    rng = random.Random(seed)
    pos = new_game(players, profile, options)
    digests = []
    while pos.phase != "over" and len(digests) < CAP:
        if pos.chance is not None:
            action = chance_action(pos, rng)
        else:
            action = rng.choice(legal_actions(pos))
        pos, events = apply(pos, action, in_place=pos.chance is None)
        digests.append(digest(dump(pos, share=True), events, legal_actions(pos)))
    return digests


def digest(position: dict[str, Any], events: list[Any], legal: list[Any]) -> int:
    """A 64-bit digest of a step: the card lists hashed as tuples (the bulk of a position,
    and Python caches the hash of each card code), everything else by its ``repr``. The
    runner runs with ``PYTHONHASHSEED=0``, so the digests of two processes compare."""
    rest = dict(position)
    cards = (
        tuple(map(tuple, rest.pop("hands"))),
        tuple(rest.pop("draw_pile")),
        tuple(rest.pop("discard_pile")),
    )
    return hash((cards, repr(rest), repr(events), repr(legal)))


def main(build: str, games_file: str) -> int:
    import unospec.reference

    if os.environ.get("PYTHONHASHSEED") != "0":
        print(json.dumps({"build": unospec.reference.BUILD, "error": "PYTHONHASHSEED must be 0"}))
        return 1
    if build != unospec.reference.BUILD:
        print(json.dumps({"build": unospec.reference.BUILD, "error": f"expected {build}"}))
        return 1
    with open(games_file) as f:
        games = json.load(f)
    out = [play(g["players"], g["profile"], g["options"], g["seed"]) for g in games]
    print(json.dumps({"build": unospec.reference.BUILD, "games": out}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
