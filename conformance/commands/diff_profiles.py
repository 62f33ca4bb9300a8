"""``unospec diff-profiles A B``: positions whose outcome differs between two profiles.

Z3 searches the formal model (:mod:`unospec.spec.prover.distinguish`) for a small position and an
action that profile A and profile B treat differently; the reference engine then plays
that action under each profile, and the outcomes become a ready-to-run Gherkin Scenario
Outline (one Examples row per profile). Exit codes follow ``diff``: 0 when no position
tells the profiles apart (within what the model describes), 1 when scenarios were
printed, 2 for an unusable profile or option.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from rich.console import Console

err = Console(stderr=True, soft_wrap=True)

COLUMNS = (
    "result",
    "next to act",
    "direction",
    "hand sizes",
    "drawn",
    "missed turns",
    "phase",
    "scores",
)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "diff-profiles",
        help="find positions that two profiles play differently, as Gherkin scenarios",
    )
    p.add_argument("a", help="a profile name or profile .toml file")
    p.add_argument("b", help="another profile")
    p.add_argument("--players", default="2-4", help="player counts to search (default 2-4)")
    p.add_argument(
        "--step", action="append", metavar="KIND", help="only this step kind (repeatable)"
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, catalogue: Any) -> int:
    from unospec.cli import profile_problem
    from unospec.commands.prove import player_counts
    from unospec.spec.catalogue import CatalogueError, UnknownIdError
    from unospec.spec.prover.distinguish import STEPS, distinguish
    from unospec.spec.prover.rules import Unsupported, rules_for

    if profile_problem(catalogue, args.a) or profile_problem(catalogue, args.b):
        return 2
    if any(len(n) > 2 for n in re.findall(r"\d+", args.players)):
        # checked before player_counts, which would build the range "2-99999999999" names
        err.print(f"[red]error:[/red] {args.players[:40]!r}: player counts run from 2 to 10")
        return 2
    try:
        players = player_counts(args.players)
        ra, rb = rules_for(args.a), rules_for(args.b)
    except (ValueError, CatalogueError, UnknownIdError, Unsupported) as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    bad = [s for s in args.step or [] if s not in STEPS]
    if bad:
        err.print(f"[red]error:[/red] unknown step {bad[0]!r} (steps: {', '.join(STEPS)})")
        return 2
    found = []
    for d in distinguish(ra, rb, players, args.step):
        scenario = scenario_of(d, args.a, args.b)
        if scenario is not None:
            found.append(scenario)
    if args.json:
        sys.stdout.write(
            json.dumps({"a": args.a, "b": args.b, "scenarios": found}, indent=2) + "\n"
        )
    elif found:
        sys.stdout.write(feature(args.a, args.b, found))
    else:
        sys.stdout.write(
            f"# No position tells {args.a} and {args.b} apart among the steps the formal model "
            f"describes ({', '.join(args.step or STEPS)}; {args.players} players).\n"
        )
    return 1 if found else 0


def position_of(d: Any) -> dict[str, Any]:
    """The distinction's position in the partial form of ``reference.position.complete``."""
    from unospec.spec.cards import COLOURS
    from unospec.spec.prover import kinds as K

    st = d.before
    pos: dict[str, Any] = {
        "players": st.players,
        "to_act": 0,
        "direction": st.direction,
        "hands": [K.cards_of(h) for h in st.hands],
        "top": K.cards_of(st.top)[0],
        "colour": COLOURS[st.colour],
    }
    if d.action["type"] == "catch":
        pos["uno"] = ["catchable" if s == d.action["target"] else None for s in range(st.players)]
    return pos


def outcome(partial: dict[str, Any], profile: str, action: dict[str, Any]) -> dict[str, str]:
    """What the reference engine does with ``action`` under ``profile``."""
    from unospec.reference import IllegalAction, apply, load
    from unospec.reference.position import complete

    pos = load(complete({**partial, "profile": profile}))
    try:
        new, events = apply(pos, action)
    except IllegalAction as e:
        return {"result": f"refused ({e.rule})"} | {c: "-" for c in COLUMNS[1:]}
    drawn = [
        f"seat {e['seat']} drew {len(e['cards'])}" for e in events if e["type"] == "cards_drawn"
    ]
    return {
        "result": "accepted",
        "next to act": "nobody" if new.to_act is None else f"seat {new.to_act}",
        "direction": f"{new.direction:+d}",
        "hand sizes": ", ".join(str(len(h)) for h in new.hands),
        "drawn": "; ".join(drawn) or "nothing",
        "missed turns": ", ".join(map(str, new.missed_turns)),
        "phase": new.phase,
        "scores": ", ".join(map(str, new.scores)),
    }


def when(action: dict[str, Any]) -> str:
    if action["type"] == "play":
        return f'seat {action["seat"]} plays "{action["card"]}"'
    if action["type"] == "draw":
        return f"seat {action['seat']} draws a card"
    return f"seat {action['seat']} catches seat {action['target']}, who has not called UNO"


def scenario_of(d: Any, a: str, b: str) -> dict[str, Any] | None:
    """The distinction as a scenario, if the engine's outcomes differ too."""
    partial = position_of(d)
    outcomes = {a: outcome(partial, a, d.action), b: outcome(partial, b, d.action)}
    if outcomes[a] == outcomes[b]:
        return None
    columns = ["result"] + [c for c in COLUMNS[1:] if outcomes[a][c] != outcomes[b][c]]
    if "next to act" not in columns:
        columns.insert(1, "next to act")
    return {
        "step": d.step,
        "players": d.players,
        "position": partial,
        "action": d.action,
        "outcomes": outcomes,
        "columns": columns,
        "gherkin": outline(d.step, partial, d.action, outcomes, columns),
    }


THEN = {
    "result": "the action is <result>",
    "next to act": "the seat to act is <next to act>",
    "direction": "the direction is <direction>",
    "hand sizes": "the hands hold <hand sizes> cards",
    "drawn": "the draws are <drawn>",
    "missed turns": "the missed turns owed are <missed turns>",
    "phase": 'the phase is "<phase>"',
    "scores": "the scores are <scores>",
}


def outline(
    step: str,
    partial: dict[str, Any],
    action: dict[str, Any],
    outcomes: dict[str, dict[str, str]],
    columns: list[str],
) -> str:
    body = json.dumps(partial, separators=(", ", ": "))
    lines = [
        f"  Scenario Outline: {step}, {partial['players']} players, under <profile>",
        '    Given the profile "<profile>"',
        "    And the position",
        '      """json',
        f"      {body}",
        '      """',
        f"    When {when(action)}",
    ]
    for i, c in enumerate(columns):
        lines.append(f"    {'Then' if i == 0 else 'And'} {THEN[c]}")
    lines.append("")
    lines.append("    Examples:")
    rows = [["profile", *columns]] + [[p, *(o[c] for c in columns)] for p, o in outcomes.items()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        lines.append(
            "      | " + " | ".join(x.ljust(w) for x, w in zip(r, widths, strict=True)) + " |"
        )
    return "\n".join(lines) + "\n"


def feature(a: str, b: str, scenarios: list[dict[str, Any]]) -> str:
    head = [
        f"Feature: Positions that tell {a} and {b} apart",
        f"  Found by Z3 with `unospec diff-profiles {a} {b}`; every outcome is the reference",
        "  engine's. A position lists the hands and the top card; every other card lies in the",
        "  draw pile in the canonical deck order (reference.position.complete).",
        "",
    ]
    return "\n".join(head) + "\n" + "\n".join(s["gherkin"] for s in scenarios)
