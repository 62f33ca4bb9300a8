"""``unospec prove``: prove with Z3 that the rules' invariants hold in every state.

Runs :func:`unospec.spec.prover.proofs.prove`: every step kind of a round, for every player count
and profile group, with each invariant assumed before the step and checked after it; the
arithmetic lemmas; the policy properties; and what Z3 finds with each policy switched off.
Exit 0 when everything is proved, 1 when a check fails (its counterexample is printed),
2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "prove", help="prove the invariants of every step of a round with Z3 (the formal model)"
    )
    p.add_argument(
        "--players", default="2-10", help="player counts: 2-10, 3 or 2,4,6 (default 2-10)"
    )
    p.add_argument(
        "--group",
        action="append",
        metavar="NAME",
        help="only this profile group (repeatable; see --list)",
    )
    p.add_argument(
        "--step", action="append", metavar="KIND", help="only this step kind (repeatable)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=min(4, os.cpu_count() or 1),
        help="prove player counts in this many processes (default: the CPUs, at most 4)",
    )
    p.add_argument("--list", action="store_true", help="list the profile groups and step kinds")
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=run)


def player_counts(text: str) -> list[int]:
    out: set[int] = set()
    for part in text.split(","):
        lo, sep, hi = part.strip().partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise ValueError(f"{text!r}: expected player counts such as 2-10, 3 or 2,4,6")
        out.update(range(int(lo), int(hi if sep else lo) + 1))
    if not out or min(out) < 2 or max(out) > 10:
        raise ValueError(f"{text!r}: player counts run from 2 to 10")
    return sorted(out)


def span(ns: list[int]) -> str:
    if ns and ns == list(range(ns[0], ns[-1] + 1)) and len(ns) > 2:
        return f"{ns[0]}–{ns[-1]}"
    return ",".join(map(str, ns))


def run(args: argparse.Namespace, catalogue: Any) -> int:
    from unospec.spec.prover.proofs import ACTIONS, prove
    from unospec.spec.prover.rules import GROUPS, UNSUPPORTED

    refused = ", ".join(UNSUPPORTED) + "; " if UNSUPPORTED else ""
    not_modelled = (
        f"{refused}no variant is refused. Left abstract: the order of the draw pile (a "
        "chance input: the model counts cards per kind), who has called UNO (any one-card "
        "hand may be caught), which groups of several cards are legal (any two or more "
        "cards of the hand), and who deals the next round (the lemma 'dealers')"
    )

    if args.list:
        return _list(args, GROUPS, ACTIONS)
    try:
        players = player_counts(args.players)
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    known = {g.name: g for g in GROUPS}
    unknown = [g for g in args.group or [] if g not in known]
    bad_steps = [s for s in args.step or [] if s not in ACTIONS]
    if unknown or bad_steps:
        what = unknown and f"unknown group {unknown[0]!r} (groups: {', '.join(known)})"
        what = what or f"unknown step {bad_steps[0]!r} (steps: {', '.join(ACTIONS)})"
        err.print(f"[red]error:[/red] {what}")
        return 2
    groups = [known[g] for g in args.group] if args.group else list(GROUPS)
    if args.json:
        report = prove(groups, players, args.step, jobs=args.jobs)
    else:
        with Progress(console=err, transient=True) as bar:
            task = bar.add_task("proving", total=None)
            report = prove(
                groups,
                players,
                args.step,
                jobs=args.jobs,
                progress=lambda msg: bar.update(task, description=msg[:70]),
            )
    if args.json:
        data = {**report.to_json(), "not_modelled": not_modelled}
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        return 0 if report.ok else 1
    table = Table(title=f"unospec prove: {len(report.checks)} checks in {report.seconds:.1f} s")
    for col in ("property", "kind", "scope", "result", "time"):
        table.add_column(col, justify="right" if col == "time" else "left")
    for row in report.rows():
        groups_text = (
            ", ".join(row["groups"]) if len(row["groups"]) <= 4 else f"{len(row['groups'])} groups"
        )
        scope = f"{span(row['players'])} players"
        if row["groups"]:
            scope += f"; {groups_text}"
        if row["kind"] in ("invariant", "step property"):
            steps = row["steps"]
            scope += f"; {', '.join(steps) if len(steps) <= 3 else f'{len(steps)} steps'}"
        style = "green" if row["result"] == "proved" else "red"
        table.add_row(
            row["goal"],
            row["kind"],
            scope,
            f"[{style}]{row['result']}[/{style}]",
            f"{row['seconds']:.2f} s",
        )
    console.print(table)
    console.print(f"Not modelled: {not_modelled}.", highlight=False)
    if report.findings:
        console.print("[bold]Without the policies, Z3 finds:[/bold]")
        for f in report.findings:
            console.print(f.text(), highlight=False)
            console.print()
    for row in report.rows():
        if row["result"] != "proved":
            console.print(f"[red]{row['goal']} failed[/red]", highlight=False)
            console.print(row["failure"], highlight=False)
    return 0 if report.ok else 1


def _list(args: argparse.Namespace, groups: Any, actions: Any) -> int:
    data = {
        "groups": [
            {"name": g.name, "profile": g.profile, "options": dict(g.options)} for g in groups
        ],
        "steps": {name: step.doc for name, step in actions.items()},
    }
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return 0
    table = Table(title="profile groups")
    table.add_column("group")
    table.add_column("profile and options")
    for g in data["groups"]:
        table.add_row(
            g["name"], g["profile"] + (f" + {json.dumps(g['options'])}" if g["options"] else "")
        )
    console.print(table)
    steps = Table(title="step kinds")
    steps.add_column("step")
    steps.add_column("what it is")
    for name, doc in data["steps"].items():
        steps.add_row(name, doc)
    console.print(steps)
    return 0
