#!/usr/bin/env python3
"""Self-check of the RLCard adapter: it must never crash, never time out, and answer every
request -- whatever RLCard's rules say. Run with the project's Python::

    .venv/bin/python examples/rlcard/check.py            # from /work/main
    .venv/bin/python examples/rlcard/check.py --games 200 --scenarios

What it does:

1. raw protocol: garbage, unknown commands, requests before a game, an unsupported
   profile / option, a bad player count -- each must get exactly one well-formed answer;
2. seeded games (``--games``, for several player counts): the adapter and the in-process
   reference engine are started together and every chance input is
   ``reference.chance.chance_action`` on the reference position (after the two have
   diverged, on the chance the adapter itself reports). Seat actions are chosen at random
   among the adapter's legal actions, so RLCard's game is played to its end. Now and then
   an illegal action or a wrong chance input is sent too: it must be refused and change
   nothing. The first divergence from the reference in each game is tallied;
3. the reproducers of README.md: each documented position or action sequence runs on the
   reference and through the adapter, and RLCard must still follow or break the rule as
   the README says;
4. ``--scenarios``: every scenario of ``features/`` under the official profile through
   the adapter (via ``load`` or ``new_game``), tallied per rule.

Exit status 0 when the adapter answered everything (divergences from the rules are
RLCard's and expected); the last line reads ``N passed, N failed``.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent

from unospec.compare import diff_actions, diff_positions  # noqa: E402
from unospec.port import ReferencePort  # noqa: E402
from unospec.protocol import Program, ProgramPort, ProtocolError  # noqa: E402
from unospec.reference.chance import chance_action  # noqa: E402

ADAPTER = [str(HERE / ".venv" / "bin" / "python"), str(HERE / "adapter.py")]
FATAL = {"timeout", "crash", "garbage", "too_long", "wrong_seq", "schema"}


class Tally:
    def __init__(self) -> None:
        self.passed = 0
        self.failed: list[str] = []

    def ok(self, cond: bool, what: str) -> bool:
        if cond:
            self.passed += 1
        else:
            self.failed.append(what)
            print(f"FAIL {what}", file=sys.stderr)
        return cond


def count_cards(pos: dict) -> int:
    return (
        sum(len(h) for h in pos["hands"]) + len(pos.get("draw_pile", [])) + len(pos["discard_pile"])
    )


# -- 1. raw protocol ------------------------------------------------------------------------------


def raw_protocol(t: Tally) -> None:
    lines = [
        "this is not json",
        "[1, 2]",
        json.dumps({"cmd": "legal_actions", "seq": 1}),
        json.dumps({"cmd": "observe", "seq": 2}),
        json.dumps({"cmd": "apply", "seq": 3, "action": {"type": "draw", "seat": 0}}),
        json.dumps({"cmd": "frobnicate", "seq": 4}),
        json.dumps({"cmd": "hello", "seq": 5, "protocol": 1}),
        json.dumps(
            {"cmd": "new_game", "seq": 6, "players": 4, "profile": "sv-unoregler", "options": {}}
        ),
        json.dumps(
            {
                "cmd": "new_game",
                "seq": 7,
                "players": 4,
                "profile": "official",
                "options": {"V-STACK-DRAW": True},
            }
        ),
        json.dumps(
            {"cmd": "new_game", "seq": 8, "players": 11, "profile": "official", "options": {}}
        ),
        json.dumps(
            {"cmd": "new_game", "seq": 9, "players": 2, "profile": "official", "options": {}}
        ),
        json.dumps({"cmd": "apply", "seq": 10, "action": "draw"}),
        json.dumps(
            {
                "cmd": "apply",
                "seq": 11,
                "action": {"type": "deal", "hands": [], "starter": "R5", "draw_pile": []},
            }
        ),
        json.dumps({"cmd": "apply", "seq": 12, "action": {"type": "dealer_draw", "cards": ["R5"]}}),
        json.dumps(
            {"cmd": "apply", "seq": 13, "action": {"type": "dealer_draw", "cards": ["X9", "R1"]}}
        ),
        json.dumps({"cmd": "load", "seq": 14, "position": {"players": 2}}),
        json.dumps({"cmd": "load", "seq": 15, "position": "nope"}),
        json.dumps(
            {"cmd": "apply", "seq": 17, "action": {"type": "play", "seat": 0, "card": "nonsense"}}
        ),
        "",
        json.dumps({"cmd": "observe", "seq": 16}),
    ]
    want = [None, None, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 16]
    proc = subprocess.run(
        ADAPTER,
        input="\n".join(lines) + "\n" + json.dumps({"cmd": "stop"}) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    got = [json.loads(x) for x in proc.stdout.splitlines()]
    t.ok(proc.returncode == 0, f"raw: exit code {proc.returncode}")
    t.ok(
        [g.get("seq") for g in got] == want,
        f"raw: answers {[g.get('seq') for g in got]}, expected {want}",
    )
    by = {g.get("seq"): g for g in got if g.get("seq") is not None}
    t.ok(
        by.get(6, {}).get("error", {}).get("code") == "unsupported",
        "raw: an undeclared profile is unsupported",
    )
    t.ok(
        by.get(7, {}).get("error", {}).get("code") == "unsupported", "raw: an option is unsupported"
    )
    t.ok(by.get(8, {}).get("ok") is False, "raw: 11 players refused")
    t.ok(by.get(9, {}).get("ok") is True, "raw: 2 players accepted")
    for s in (10, 11, 12, 13):
        t.ok(by.get(s, {}).get("accepted") is False, f"raw: bad action {s} refused")
    t.ok(
        by.get(16, {}).get("position", {}).get("phase") == "dealer",
        "raw: still choosing the dealer",
    )


# -- 2. seeded games ------------------------------------------------------------------------------


def describe(missing: list, extra: list, fields: list) -> str:
    out = []
    if missing:
        out.append("reference offers " + ", ".join(sorted({_brief(a) for a in missing})))
    if extra:
        out.append("RLCard offers " + ", ".join(sorted({_brief(a) for a in extra})))
    for f, _e, _a in fields:
        out.append(f"{f.split('/')[1]}")
    return "; ".join(out)


def _brief(a: dict) -> str:
    if a["type"] == "play":
        return "play " + ("wild" if a["card"] in ("W", "WD4") and False else a["card"])
    return a["type"]


def play_game(
    program: Program,
    t: Tally,
    players: int,
    seed: int,
    max_steps: int,
    stats: Counter,
    firsts: Counter,
    verbose: bool,
) -> None:
    rng = random.Random(seed)
    ref, prog = ReferencePort(), ProgramPort(program)
    ref.new_game(players, "official", {})
    if not t.ok(prog.new_game(players, "official", {}).accepted, f"game {seed}: new_game"):
        return
    lock, steps = True, 0
    tag = f"game p{players} s{seed}"
    while steps < max_steps:
        pos = prog.observe()
        if pos["phase"] == "over":
            stats["finished"] += 1
            t.ok(prog.legal_actions() == [], f"{tag}: actions after the end")
            t.ok(
                len(pos["winner"]) == 1 and pos["hands"][pos["winner"][0]] == [],
                f"{tag}: winner has no cards",
            )
            break
        if pos["phase"] not in ("dealer", "deal"):
            t.ok(count_cards(pos) == 108, f"{tag} step {steps}: {count_cards(pos)} cards")
        need = pos.get("chance")
        steps += 1
        if need:
            rp = ref._pos
            if lock and rp.chance and rp.chance["type"] == need["type"]:
                act = chance_action(rp, rng)
            else:
                if lock:
                    firsts[
                        f"chance: reference waits for {rp.chance and rp.chance['type']}, RLCard for {need['type']}"
                    ] += 1
                    lock = False
                act = chance_action(SimpleNamespace(chance=need, players=players), rng)
            if rng.random() < 0.05:  # a wrong chance input must be refused and change nothing
                bad = (
                    {"type": "shuffle", "order": ["R1"]}
                    if need["type"] != "shuffle"
                    else {"type": "shuffle", "order": need["cards"][1:]}
                )
                out = prog.apply(bad)
                t.ok(
                    not out.accepted and prog.observe() == pos, f"{tag}: wrong chance input refused"
                )
            out = prog.apply(act)
            if not t.ok(
                out.accepted, f"{tag} step {steps}: chance {act['type']} refused: {out.error}"
            ):
                return
            if lock:
                r = ref.apply(act)
                if not r.accepted:
                    firsts[f"chance refused by the reference: {r.error}"] += 1
                    lock = False
        else:
            legal = prog.legal_actions()
            if not t.ok(
                bool(legal), f"{tag} step {steps}: no legal action in phase {pos['phase']}"
            ):
                return
            t.ok(
                all(a["seat"] == pos["to_act"] for a in legal),
                f"{tag}: an action of a seat not to act",
            )
            if rng.random() < 0.1:  # an illegal action must be refused and change nothing
                bad = rng.choice(
                    [
                        {"type": "play", "seat": (pos["to_act"] + 1) % players, "card": "R1"},
                        {"type": "uno", "seat": pos["to_act"]},
                        {"type": "pass", "seat": pos["to_act"]},
                        {"type": "colour", "seat": pos["to_act"], "colour": "R"},
                        {"type": "challenge", "seat": pos["to_act"]},
                        {"type": "deal", "hands": [[], []], "starter": "R1", "draw_pile": []},
                    ]
                )
                if bad not in legal:
                    out = prog.apply(bad)
                    t.ok(
                        not out.accepted and prog.observe() == pos,
                        f"{tag}: illegal {bad} refused without change",
                    )
            act = rng.choice(legal)
            stats[f"action {act['type']}"] += 1
            out = prog.apply(act)
            if not t.ok(out.accepted, f"{tag} step {steps}: legal {act} refused: {out.error}"):
                return
            if lock:
                r = ref.apply(act)
                if not r.accepted:
                    firsts[
                        f"RLCard's {_brief(act)} refused by the reference under {r.error.get('rule')}"
                    ] += 1
                    lock = False
        if lock:
            missing, extra = diff_actions(ref.legal_actions(), prog.legal_actions())
            fields = diff_positions(ref.observe(), prog.observe())
            if missing or extra or fields:
                what = describe(missing, extra, fields)
                firsts[what] += 1
                if verbose:
                    print(f"{tag} step {steps} after {act}: diverges: {what}", file=sys.stderr)
                    for f, e, a in fields:
                        print(f"    {f}: reference {_show(e)} RLCard {_show(a)}", file=sys.stderr)
                lock = False
    else:
        stats["step limit"] += 1
    stats["steps"] += steps
    stats["games"] += 1


# -- 3. reproducers: the README's list, checked against the reference ---------------------------


def _deal(players: int, dealer: int, starter: str, pile: tuple[str, ...] = ()) -> dict:
    """A deal (round robin from the dealer's left) from the canonical deck with ``starter``
    turned up and the draw pile starting with ``pile``."""
    from unospec.reference.chance import deal_round_robin
    from unospec.spec.cards import CANONICAL_DECK

    first = [starter, *pile]
    deck = list(CANONICAL_DECK)
    for c in first:
        deck.remove(c)
    hands = deck[: 7 * players]
    seats = [(dealer + 1 + i) % players for i in range(players)]
    return deal_round_robin(hands + first + deck[7 * players :], seats, players)


def _dealer0(players: int) -> dict:
    return {
        "type": "dealer_draw",
        "cards": ["R9", "G1", "B2", "Y3", "G4", "B5", "Y6", "G7", "B8", "Y1"][:players],
    }


def _empty_draw(partial: dict) -> dict:
    """Every card not in a hand (or the draw pile given) goes under the top discard."""
    from unospec.spec.cards import CANONICAL_DECK

    p = dict(partial)
    top = p.pop("top")
    used = (
        Counter(c for h in p["hands"] for c in h) + Counter([top]) + Counter(p.get("draw_pile", []))
    )
    p["discard_pile"] = sorted((Counter(CANONICAL_DECK) - used).elements()) + [top]
    p.setdefault("draw_pile", [])
    return p


def _stuck_hands() -> list[list[str]]:
    """Three hands holding 107 cards, seat 0 with nothing playable on R5 (draw pile empty)."""
    from unospec.spec.cards import CANONICAL_DECK

    rest = Counter(CANONICAL_DECK) - Counter(["R5"])
    stuck = [c for c in rest.elements() if c[0] != "R" and c[1:] != "5" and c not in ("W", "WD4")]
    others = sorted((rest - Counter(stuck)).elements())
    return [stuck, others[::2], others[1::2]]


def _draw_two_hands() -> list[list[str]]:
    """107 cards in three hands: seat 0 holds RD2, seat 2 nothing playable on a red Draw Two."""
    from unospec.spec.cards import CANONICAL_DECK

    rest = Counter(CANONICAL_DECK) - Counter(["R7", "RD2"])
    stuck = [c for c in rest.elements() if c[0] in "GB" and c[1:] != "D2"][:30]
    left = sorted((rest - Counter(stuck)).elements())
    return [["RD2"] + left[:38], left[38:], stuck]


S = lambda seat, **kw: {"seat": seat, **kw}  # noqa: E731
PLAY = lambda seat, card: {"type": "play", "seat": seat, "card": card}  # noqa: E731
DRAW = lambda seat: {"type": "draw", "seat": seat}  # noqa: E731
COLOUR = lambda seat, c: {"type": "colour", "seat": seat, "colour": c}  # noqa: E731

#: (id, rules, RLCard "follows" or "breaks", setup, actions, what to compare)
#: setup: a partial position (loaded) or {"new_game": players, "chance": [...]}.
#: compare: "legal" (all legal actions before the actions), "plays" (only play actions),
#: "uno" (only uno/catch actions), fields of the final position, "chance" (its type and cards).
REPRODUCERS = [
    (
        "F1",
        ["FIRST-CARD-DRAW-TWO"],
        "breaks",
        {"new_game": 3, "chance": [_dealer0(3), _deal(3, 0, "RD2")]},
        [],
        ["to_act", "hands"],
    ),
    (
        "F2",
        ["FIRST-CARD-WILD"],
        "breaks",
        {"new_game": 3, "chance": [_dealer0(3), _deal(3, 0, "W")]},
        [],
        ["phase", "to_act", "colour"],
    ),
    (
        "F3",
        ["FIRST-CARD-WD4", "FIRST-DISCARD-FLIP"],
        "follows",
        {"new_game": 3, "chance": [_dealer0(3), _deal(3, 0, "WD4"), "shuffle B5 first"]},
        [],
        ["phase", "to_act", "colour", "hands", "draw_pile", "discard_pile"],
    ),
    (
        "F4",
        ["FIRST-CARD-REVERSE"],
        "follows",
        {"new_game": 3, "chance": [_dealer0(3), _deal(3, 0, "RR")]},
        [],
        ["to_act", "direction", "hands"],
    ),
    (
        "F5",
        ["FIRST-CARD-SKIP"],
        "follows",
        {"new_game": 3, "chance": [_dealer0(3), _deal(3, 0, "RS")]},
        [],
        ["to_act", "direction", "hands"],
    ),
    (
        "F6",
        ["FIRST-CARD-NUMBER", "FIRST-PLAYER", "DIRECTION-INITIAL", "DEAL-SEVEN", "DRAW-PILE-INIT"],
        "follows",
        {"new_game": 4, "chance": [_dealer0(4), _deal(4, 0, "R5")]},
        [],
        ["phase", "to_act", "direction", "colour", "hands", "draw_pile", "discard_pile"],
    ),
    (
        "D1",
        ["DRAW-VOLUNTARY"],
        "breaks",
        {"players": 3, "hands": [["R1", "G2", "B3"], ["Y1"], ["Y2"]], "top": "R7"},
        [],
        ["legal"],
    ),
    (
        "D2",
        ["DRAW-THEN-PLAY"],
        "breaks",
        {
            "players": 3,
            "hands": [["G2", "B3", "Y4"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["R5"],
        },
        [DRAW(0)],
        ["phase", "to_act", "hands", "discard_pile"],
    ),
    (
        "D3",
        ["DRAW-THEN-PLAY"],
        "breaks",
        {
            "players": 3,
            "hands": [["G2", "B3", "Y4"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["B7"],
        },
        [DRAW(0)],
        ["phase", "to_act", "hands", "discard_pile"],
    ),
    (
        "D4",
        ["DRAW-THEN-PLAY", "WILD-COLOUR-CHOICE"],
        "breaks",
        {
            "players": 3,
            "hands": [["G2", "B3", "Y4"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["W"],
        },
        [DRAW(0)],
        ["phase", "to_act", "hands", "discard_pile"],
    ),
    (
        "D5",
        ["DRAW-THEN-PLAY", "WD4-EFFECT"],
        "breaks",
        {
            "players": 3,
            "hands": [["G2", "B3", "Y4"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["WD4", "G5", "G6", "G7", "G8"],
        },
        [DRAW(0)],
        ["phase", "to_act", "hands", "discard_pile"],
    ),
    (
        "D6",
        ["DRAW-ONE", "DRAW-WHEN-STUCK", "DRAW-END-TURN"],
        "follows",
        {
            "players": 3,
            "hands": [["G2", "B3", "Y4"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["G9"],
        },
        [DRAW(0)],
        ["legal", "phase", "to_act", "hands", "draw_pile", "discard_pile"],
    ),
    (
        "W1",
        ["WD4-RESTRICTION"],
        "breaks",
        {"players": 3, "hands": [["WD4", "B7", "G2"], ["Y1"], ["Y2"]], "top": "R7"},
        [],
        ["plays"],
    ),
    (
        "W2",
        ["WD4-RESTRICTION"],
        "breaks",
        {"players": 3, "hands": [["WD4", "W", "G2"], ["Y1"], ["Y2"]], "top": "R5"},
        [],
        ["plays"],
    ),
    (
        "W3",
        ["WD4-BLUFF"],
        "breaks",
        {"players": 3, "hands": [["WD4", "R2", "G3"], ["Y1"], ["Y2"]], "top": "R7"},
        [],
        ["plays"],
    ),
    (
        "W4",
        ["WD4-CHALLENGE", "WD4-CHALLENGE-GUILTY", "WD4-CHALLENGE-INNOCENT"],
        "breaks",
        {
            "players": 3,
            "hands": [["WD4", "G2", "B3"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["G5", "G6", "G7", "G8"],
        },
        [PLAY(0, "WD4"), COLOUR(0, "B")],
        ["phase", "to_act", "hands"],
    ),
    (
        "W5",
        ["WILD-ANYTIME", "WILD-COLOUR-CHOICE", "CURRENT-COLOUR"],
        "follows",
        {"players": 3, "hands": [["W", "R2", "B3"], ["Y1", "Y2"], ["B1", "B2"]], "top": "R7"},
        [PLAY(0, "W"), COLOUR(0, "G")],
        ["plays", "phase", "to_act", "colour", "hands", "discard_pile"],
    ),
    (
        "W6",
        ["MATCH-ON-WILD", "PLAY-MATCH"],
        "follows",
        {
            "players": 3,
            "hands": [["G2", "R7", "B3", "YS"], ["Y1"], ["Y2"]],
            "discard_pile": ["Y5", "W"],
            "colour": "G",
        },
        [],
        ["plays"],
    ),
    (
        "A1",
        ["SKIP-EFFECT", "TURN-ADVANCE"],
        "follows",
        {
            "players": 4,
            "hands": [
                ["RS", "R3", "B5"],
                ["G1", "G2", "Y3"],
                ["B1", "B2", "Y4"],
                ["Y5", "Y6", "G7"],
            ],
            "top": "R7",
        },
        [PLAY(0, "RS")],
        ["phase", "to_act", "direction", "hands", "discard_pile"],
    ),
    (
        "A2",
        ["REVERSE-EFFECT"],
        "follows",
        {
            "players": 4,
            "hands": [
                ["R3", "G1", "G2"],
                ["RR", "B1", "Y5"],
                ["B2", "B3", "Y4"],
                ["Y6", "G7", "B8"],
            ],
            "top": "R7",
            "to_act": 1,
        },
        [PLAY(1, "RR")],
        ["phase", "to_act", "direction", "hands"],
    ),
    (
        "A3",
        ["DRAW-TWO-EFFECT", "NO-STACKING", "PENALTY-CARDS-NOT-PLAYABLE"],
        "follows",
        {
            "players": 3,
            "hands": [["RD2", "G1", "G2"], ["RD2", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["R9", "B9"],
        },
        [PLAY(0, "RD2")],
        ["phase", "to_act", "hands", "draw_pile"],
    ),
    (
        "T1",
        ["REVERSE-TWO-PLAYER"],
        "breaks",
        {"players": 2, "hands": [["RR", "G2", "B3"], ["Y1", "Y2"]], "top": "R7"},
        [PLAY(0, "RR")],
        ["to_act", "direction"],
    ),
    (
        "T2",
        ["TWO-PLAYER-SKIP"],
        "follows",
        {"players": 2, "hands": [["RS", "G2", "B3"], ["Y1", "Y2"]], "top": "R7"},
        [PLAY(0, "RS")],
        ["to_act"],
    ),
    (
        "T3",
        ["TWO-PLAYER-DRAW"],
        "follows",
        {"players": 2, "hands": [["RD2", "G2", "B3"], ["Y1", "Y2"]], "top": "R7"},
        [PLAY(0, "RD2")],
        ["to_act", "hands"],
    ),
    (
        "U1",
        ["UNO-CALL", "UNO-CATCH", "UNO-PENALTY"],
        "breaks",
        {"players": 3, "hands": [["R1", "G2"], ["Y1", "Y2"], ["B1", "B2"]], "top": "R7"},
        [PLAY(0, "R1")],
        ["uno"],
    ),
    (
        "R1",
        ["RESHUFFLE"],
        "breaks",
        _empty_draw(
            {"players": 3, "hands": [["G1", "G2"], ["Y1", "Y2"], ["B6", "B7"]], "top": "R5"}
        ),
        [DRAW(0)],
        ["chance"],
    ),
    (
        "R2",
        ["RESHUFFLE"],
        "breaks",
        _empty_draw(
            {
                "players": 3,
                "hands": [["RD2", "G1", "G2"], ["Y1", "Y2"], ["B6", "B7"]],
                "top": "R7",
                "draw_pile": ["B9"],
            }
        ),
        [PLAY(0, "RD2")],
        ["chance", "hands"],
    ),
    (
        "R3",
        ["RESHUFFLE", "P-PILES-EXHAUSTED"],
        "breaks",
        {"players": 3, "hands": _draw_two_hands(), "top": "R7", "draw_pile": []},
        [PLAY(0, "RD2"), "SHUFFLE"],
        ["hands", "discard_pile"],
    ),
    (
        "R4",
        ["P-PILES-EXHAUSTED"],
        "breaks",
        {"players": 3, "hands": _draw_two_hands(), "top": "R7", "draw_pile": []},
        [PLAY(0, "RD2"), "SHUFFLE", DRAW(2)],
        ["hands"],
    ),
    (
        "R5",
        ["RESHUFFLE-WILD-COLOUR", "RESHUFFLE"],
        "breaks",
        _empty_draw(
            {
                "players": 3,
                "hands": [["R1", "Y2"], ["Y1", "B2"], ["B6", "B7"]],
                "top": "W",
                "colour": "G",
            }
        ),
        [DRAW(0)],
        ["chance", "colour"],
    ),
    (
        "P1",
        ["P-PILES-EXHAUSTED"],
        "breaks",
        {"players": 3, "hands": _stuck_hands(), "top": "R5"},
        [DRAW(0)],
        ["chance"],
    ),
    (
        "E1",
        ["ROUND-END", "LAST-CARD-DRAW"],
        "follows",
        {
            "players": 3,
            "hands": [["RD2"], ["Y1", "Y2"], ["B1", "B2"]],
            "top": "R7",
            "draw_pile": ["G5", "G6"],
        },
        [PLAY(0, "RD2")],
        ["round_hands"],
    ),
    (
        "E2",
        ["SCORE-WINNER-TAKES", "SCORE-VALUES", "MATCH-TARGET-500", "NEW-ROUND"],
        "breaks",
        {"players": 3, "hands": [["R1"], ["Y1", "Y2"], ["B1", "B2"]], "top": "R7"},
        [PLAY(0, "R1")],
        ["phase", "winner"],
    ),
    (
        "E3",
        ["GO-OUT-ANY-CARD", "ROUND-END"],
        "follows",
        {"players": 3, "hands": [["W"], ["Y1", "Y2"], ["B1", "B2"]], "top": "R7"},
        [PLAY(0, "W")],
        ["round_hands"],
    ),
]


def _apply(port, action) -> str | None:
    if action == "SHUFFLE":  # the shuffle each engine asks for, in sorted order
        need = port.observe().get("chance")
        if not need or need["type"] != "shuffle":
            return "waits for no shuffle"
        action = {"type": "shuffle", "order": list(need["cards"])}
    try:
        out = port.apply(action)
    except ProtocolError as e:
        if e.kind in FATAL:
            raise
        return f"failed: {e.detail[:100]}"
    return None if out.accepted else f"refused ({(out.error or {}).get('reason', '')[:80]})"


def _show(x) -> str:
    return json.dumps(x, separators=(",", ":"))[:160]


def run_reproducers(program: Program, t: Tally, verbose: bool) -> list[tuple]:
    from unospec.reference.position import complete

    rows = []
    for rid, rules, expected, setup, actions, compare in REPRODUCERS:
        ref, prog = ReferencePort(), ProgramPort(program)
        diffs: list[str] = []
        if "new_game" in setup:
            n = setup["new_game"]
            ref.new_game(n, "official", {})
            prog.new_game(n, "official", {})
            for ch in setup["chance"]:
                if isinstance(ch, str):  # "shuffle X first": the reference's cards, X on top
                    first = ch.split()[1]
                    order = sorted(ref.observe()["chance"]["cards"])
                    order.remove(first)
                    ch = {"type": "shuffle", "order": [first, *order]}
                for name, port in (("reference", ref), ("RLCard", prog)):
                    if (err := _apply(port, ch)) is not None:
                        diffs.append(f"{name}: chance {ch['type']} {err}")
        else:
            pos = complete({**setup, "profile": "official", "options": {}})
            ref.load(pos)
            prog.load(pos)
        kinds = {"legal": None, "plays": ("play",), "uno": ("uno", "catch")}
        for what, types in kinds.items():
            if what in compare:
                missing, extra = diff_actions(
                    [a for a in ref.legal_actions() if types is None or a["type"] in types],
                    [a for a in prog.legal_actions() if types is None or a["type"] in types],
                )
                if missing:
                    diffs.append(
                        f"only the reference offers {', '.join(_brief_action(a) for a in missing)}"
                    )
                if extra:
                    diffs.append(f"only RLCard offers {', '.join(_brief_action(a) for a in extra)}")
        for a in actions:
            for name, port in (("reference", ref), ("RLCard", prog)):
                if (err := _apply(port, a)) is not None:
                    diffs.append(f"{name}: {_brief_action(a)} {err}")
        if "uno" in compare and actions:
            missing, extra = diff_actions(
                [a for a in ref.legal_actions() if a["type"] in ("uno", "catch")],
                [a for a in prog.legal_actions() if a["type"] in ("uno", "catch")],
            )
            if missing:
                diffs.append(
                    f"afterwards only the reference offers {', '.join(_brief_action(a) for a in missing)}"
                )
        r, q = ref.observe(), prog.observe()
        for f in compare:
            if f == "chance":
                rc, qc = r.get("chance"), q.get("chance")
                rs = rc and (rc["type"], len(rc.get("cards", [])))
                qs = qc and (qc["type"], len(qc.get("cards", [])))
                if rs != qs:
                    diffs.append(
                        f"chance: reference {rs and f'{rs[0]} of {rs[1]} cards'}, "
                        f"RLCard {qs and f'{qs[0]} of {qs[1]} cards'}"
                    )
            elif (
                f == "round_hands"
            ):  # the reference gathers the cards for the next deal: use last_round
                rh = (r.get("last_round") or {}).get("hands")
                if rh != [sorted(h) for h in q["hands"]]:
                    diffs.append(
                        f"hands at the end of the round: reference {_show(rh)}, RLCard {_show(q['hands'])}"
                    )
            elif f not in ("legal", "plays", "uno"):
                for field, e, a in diff_positions({f: r.get(f)}, {f: q.get(f)}):
                    diffs.append(f"{field}: reference {_show(e)}, RLCard {_show(a)}")
        observed = "breaks" if diffs else "follows"
        t.ok(
            observed == expected,
            f"reproducer {rid} ({' '.join(rules)}): expected RLCard {expected}, observed {observed}: {diffs}",
        )
        rows.append((rid, rules, observed, diffs))
        if verbose:
            print(f"{rid} {observed} {' '.join(rules)}: {'; '.join(diffs)}")
    return rows


def _brief_action(a: dict) -> str:
    rest = " ".join(str(v) for k, v in a.items() if k not in ("type", "seat"))
    return f"{a['type']}{' ' + rest if rest else ''} (seat {a.get('seat')})"


# -- 4. scenarios ---------------------------------------------------------------------------------


def run_scenarios(program: Program, t: Tally, verbose: bool) -> dict[str, Counter]:
    from unospec.scenarios import execute, load_scenarios

    per_rule: dict[str, Counter] = {}
    for sc in load_scenarios():
        for run in sc.runs:
            if run.profile != "official":
                continue
            ref = execute(run, ReferencePort())
            if not ref.passed:  # a scenario the reference itself does not pass is no test of RLCard
                continue
            try:
                res = execute(run, ProgramPort(program))
                verdict = "pass" if res.passed else "fail"
                detail = res.message
            except ProtocolError as e:
                if e.kind in FATAL:
                    t.ok(False, f"scenario {run.id}: {e}")
                    program.restart()
                    verdict, detail = "protocol", str(e)
                else:
                    verdict, detail = "unsupported", e.detail
            except (
                ValueError
            ) as e:  # the scenario builds a request outside the protocol (e.g. 11 players)
                verdict, detail = "skipped", str(e)[:120]
            except (
                KeyError,
                TypeError,
                IndexError,
                AttributeError,
            ) as e:  # a step reads a field RLCard lacks
                verdict, detail = "unobservable", f"{type(e).__name__}: {e}"
            t.ok(program.alive, f"scenario {run.id}: the adapter died")
            for rid in sc.ids:
                per_rule.setdefault(rid, Counter())[verdict] += 1
            if verbose:
                print(f"{verdict:12} {run.id}: {detail}")
    return per_rule


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10, help="seeded games per player count")
    ap.add_argument("--players", default="2,3,4,7,10")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-steps", type=int, default=5000)
    ap.add_argument("--scenarios", action="store_true", help="also run the features/ scenarios")
    ap.add_argument("--no-reproducers", action="store_true", help="skip the README's reproducers")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    t = Tally()
    start = time.monotonic()
    raw_protocol(t)

    program = Program(ADAPTER, timeout=10.0, validate=True)
    hello = program.start()
    t.ok(
        hello["implementation"]
        == {
            "name": "rlcard-uno",
            "version": "1.2.0",
            "language": "python",
            "homepage": "https://github.com/datamllab/rlcard",
        },
        f"hello: {hello}",
    )
    t.ok(
        hello["profiles"] == ["official"] and not hello.get("options"),
        "hello: profiles and options",
    )
    stats: Counter = Counter()
    firsts: Counter = Counter()
    try:
        for n in [int(x) for x in args.players.split(",")]:
            for g in range(args.games):
                play_game(
                    program,
                    t,
                    n,
                    args.seed * 100003 + n * 1009 + g,
                    args.max_steps,
                    stats,
                    firsts,
                    args.verbose,
                )
        rows = [] if args.no_reproducers else run_reproducers(program, t, args.verbose)
        per_rule = run_scenarios(program, t, args.verbose) if args.scenarios else {}
    except ProtocolError as e:
        t.ok(False, f"protocol: {e}; stderr: {program.stderr_text()[-2000:]}")
        per_rule, rows = {}, []
    program.close()
    t.ok(program.restarts == 0, f"the adapter had to be restarted {program.restarts} times")

    print(
        f"games: {stats['games']}, finished by RLCard: {stats['finished']}, step limit: {stats['step limit']}, "
        f"steps: {stats['steps']}, requests: {program.messages}, {time.monotonic() - start:.1f} s"
    )
    print(
        "actions taken: "
        + ", ".join(f"{k[7:]} {v}" for k, v in sorted(stats.items()) if k.startswith("action "))
    )
    print("first divergence from the reference, per game:")
    for what, k in firsts.most_common():
        print(f"  {k:4}  {what}")
    if rows:
        print("reproducers (README): RLCard against the reference")
        for rid, rules, observed, diffs in rows:
            print(f"  {rid:3} {observed:8} {', '.join(rules)}")
            for d in diffs:
                print(f"        {d}")
    if per_rule:
        print("scenarios per rule (official profile): pass / fail / unsupported / unobservable")
        for rid in sorted(per_rule):
            c = per_rule[rid]
            print(
                f"  {rid:28} {c['pass']:3} {c['fail']:3} {c['unsupported']:3} {c['unobservable']:3}"
            )
    print(f"{t.passed} passed, {len(t.failed)} failed")
    return 0 if not t.failed else 1


if __name__ == "__main__":
    sys.exit(main())
