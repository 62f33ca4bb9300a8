"""Differential checker: the independent engine (over the live protocol) against the
reference engine (in process), on the same seeded chance inputs and random actions.

This script (and only this one) imports the reference, as the oracle.

    .venv/bin/python examples/independent/check.py --games 300 [--seed 1] [--load 0.05]

After every step it compares the complete legal-action sets and the observed fields
(conformance.compare), tries random illegal actions (both must refuse and leave the
position unchanged), and now and then loads the reference's position into the program
and goes on from there. Exits 1 on the first difference, printing it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from unospec.compare import diff_actions, diff_positions  # noqa: E402
from unospec.port import ReferencePort  # noqa: E402
from unospec.protocol import Program, ProgramPort  # noqa: E402
from unospec.reference.chance import chance_action  # noqa: E402

HERE = Path(__file__).resolve().parent
CARDS = [c + f for c in "RYGB" for f in [*"0123456789", "S", "R", "D2"]] + ["W", "WD4"]


class Mismatch(Exception):
    pass


def compare(ref: ReferencePort, prog: ProgramPort, where: str) -> dict:
    exp, act = ref.legal_actions(), prog.legal_actions()
    missing, extra = diff_actions(exp, act)
    if missing or extra:
        raise Mismatch(f"{where}: legal actions differ\n  missing {missing}\n  extra   {extra}")
    pe, pa = ref.observe(), prog.observe()
    diffs = diff_positions(pe, pa)
    if pe.get("chance") != pa.get("chance"):
        diffs.append(("/chance", pe.get("chance"), pa.get("chance")))
    if diffs:
        raise Mismatch(f"{where}: positions differ\n" + "\n".join(f"  {p}: expected {e!r}, got {a!r}" for p, e, a in diffs))
    return pe


def illegal_candidates(rng: random.Random, pos: dict, legal: list[dict]) -> list[dict]:
    n = pos["players"]
    seat = rng.randrange(n)
    out = [
        {"type": "play", "seat": seat, "card": rng.choice(CARDS)},
        {"type": "play", "seat": pos["to_act"] if pos["to_act"] is not None else seat,
         "card": rng.choice(pos["hands"][pos["to_act"]] if pos["to_act"] is not None and pos["hands"][pos["to_act"]] else CARDS)},
        {"type": rng.choice(["draw", "pass", "challenge", "accept", "uno", "end", "swap", "accuse"]), "seat": seat},
        {"type": "colour", "seat": seat, "colour": rng.choice("RYGBX")},
        {"type": "catch", "seat": seat, "target": rng.randrange(n)},
        {"type": "play", "seat": seat, "card": "Z9"},
        {"type": "fly", "seat": seat},
        {"type": "draw", "seat": n + 3},
        {"type": "shuffle", "order": []},
        {"type": "deal", "hands": [], "starter": "R1", "draw_pile": []},
        {"type": "dealer_draw", "cards": ["R1"]},
    ]
    keys = {json.dumps(a, sort_keys=True) for a in legal}
    return [a for a in out if json.dumps(a, sort_keys=True) not in keys]


def pick(rng: random.Random, legal: list[dict], policy: str) -> dict:
    """A random legal action. ``player``: biased towards plays so matches finish;
    ``uniform``: any legal action; ``hoarder``: mostly draws, to empty both piles
    (P-PILES-EXHAUSTED, P-STALEMATE, reshuffles in the middle of penalties)."""
    if policy == "player":
        plays = [a for a in legal if a["type"] in ("play", "colour", "challenge", "accept", "pass")]
        if plays and rng.random() < 0.75:
            return rng.choice(plays)
    elif policy == "hoarder":
        keep = [a for a in legal if a["type"] in ("draw", "pass", "colour", "challenge", "accept")]
        if keep and rng.random() < 0.93:
            return rng.choice(keep)
    return rng.choice(legal)


SETTINGS = {
    "WD4-BLUFF.wd4_enforcement": ["challenge", "engine"],
    "WD4-CHALLENGE-GUILTY.guilty_challenger_skipped": [False, True],
    "UNO-PENALTY.cards": [1, 2, 3, 4, 7],
    "P-STALEMATE.stalemate": ["void_round", "lowest_hand_wins"],
    "P-NEXT-DEALER.next_dealer": ["left_of_previous", "previous_round_winner"],
    "P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge": [False, True],
}


def random_options(rng: random.Random) -> dict:
    """Half the games use the plain official profile, the rest set some of its parameters."""
    if rng.random() < 0.5:
        return {}
    return {k: rng.choice(v) for k, v in SETTINGS.items() if rng.random() < 0.5}


def run_game(game_no: int, seed: int, prog: ProgramPort, stats: Counter, load_rate: float, max_steps: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 10)
    policy = rng.choice(["player", "player", "uniform", "hoarder"])
    stats[f"policy {policy}"] += 1
    options = random_options(rng)
    for k in options:
        stats[f"option {k}={options[k]}"] += 1
    ref = ReferencePort()
    assert ref.new_game(players, "official", options).accepted
    assert prog.new_game(players, "official", options).accepted
    for step in range(max_steps):
        where = f"game {game_no} (seed {seed}, {players} players, options {options}) step {step}"
        pos = compare(ref, prog, where)
        legal = ref.legal_actions()
        # Illegal actions: both refuse, neither changes.
        if rng.random() < 0.15:
            cands = illegal_candidates(rng, pos, legal)
            rng.shuffle(cands)
            for bad in cands[:3]:
                if bad["type"] in ("shuffle", "deal", "dealer_draw") and pos["chance"] and pos["chance"]["type"] == bad["type"]:
                    continue
                r1, r2 = ref.apply(bad), prog.apply(bad)
                if r1.accepted or r2.accepted:
                    raise Mismatch(f"{where}: illegal {bad} accepted by reference={r1.accepted} program={r2.accepted}")
                stats["illegal"] += 1
                if (r1.error or {}).get("rule") != (r2.error or {}).get("rule"):
                    stats["illegal_rule_differs"] += 1
                    stats[f"rule {r1.error.get('rule')} vs {r2.error.get('rule')}"] += 1
                compare(ref, prog, where + f" after refused {bad}")
        # Now and then, hand the reference's position to the program.
        if load_rate and rng.random() < load_rate and pos["phase"] in ("turn", "drawn", "colour", "challenge") \
                and not pos["owed_draws"] and pos["chance"] is None:
            prog.load(pos)
            stats["loads"] += 1
            compare(ref, prog, where + " after load")
        if pos["chance"] is not None:
            action = chance_action(ref._pos, rng)
        elif not legal:
            stats["finished"] += 1
            return
        else:
            action = pick(rng, legal, policy)
        r1, r2 = ref.apply(action), prog.apply(action)
        for e in r1.events:
            stats[f"event {e['type']}/{e['rule']}"] += 1
        if not (r1.accepted and r2.accepted):
            raise Mismatch(f"{where}: {action} accepted by reference={r1.accepted} program={r2.accepted} ({r2.error})")
        stats["steps"] += 1
        stats[f"action {action['type']}"] += 1
    stats["unfinished"] += 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--load", type=float, default=0.03, help="chance per step of loading the reference position")
    ap.add_argument("--max-steps", type=int, default=20000)
    args = ap.parse_args()
    program = Program([sys.executable, str(HERE / "main.py")], timeout=10.0)
    program.start()
    prog = ProgramPort(program)
    stats: Counter = Counter()
    t0 = time.time()
    try:
        for g in range(args.games):
            run_game(g, args.seed * 100003 + g, prog, stats, args.load, args.max_steps)
    except Mismatch as e:
        print("MISMATCH:", e)
        print(dict(stats))
        return 1
    finally:
        program.close()
        err = program.stderr_text().strip()
        if err:
            print("program stderr:", err[-2000:])
    print(f"{args.games} games, zero differences ({time.time() - t0:.1f} s)")
    for k, v in sorted(stats.items()):
        print(f"  {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
