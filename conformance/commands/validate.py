"""``unospec validate TRACE…``: check offline traces against the reference (exit 0 / 1 / 2).

Traces with unknown (``null``) cards are valid when some placement of those cards makes
every line true (``--verbose`` prints the one found); a violation then lists the lines
that cannot all be true together."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console


def register(sub: Any) -> None:
    p = sub.add_parser("validate", help="validate JSON Lines traces against the reference engine")
    p.add_argument("traces", nargs="+", type=Path)
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help="with unknown (null) cards: print the witness, one card for each unknown",
    )
    p.add_argument(
        "--solver-timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with unknown (null) cards: Z3's time per trace before it is reported undecided "
        "(default 120)",
    )
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.validate import validate_file

    t0 = time.perf_counter()
    verdicts = [validate_file(p, args.solver_timeout) for p in args.traces]
    seconds = time.perf_counter() - t0
    actions = sum(v.actions for v in verdicts)
    if args.json:
        sys.stdout.write(
            json.dumps(
                {
                    "traces": [v.to_json() for v in verdicts],
                    "actions": actions,
                    "seconds": round(seconds, 4),
                },
                indent=2,
                default=str,
            )
            + "\n"
        )
    else:
        out = Console()
        for v in verdicts:
            if v.status == 0:
                out.print(f"[green]valid[/green] {v.path}: {v.message}", highlight=False)
                if v.witness and getattr(args, "verbose", False):
                    for w in v.witness:
                        out.print(
                            f"    line {w['line']} {w['field']}: {w['card']}", highlight=False
                        )
                elif v.witness:
                    out.print("    --verbose (or --json) prints the witness", highlight=False)
                continue
            tag = "[red]violation[/red]" if v.status == 1 else "[red]unusable[/red]"
            where = f"line {v.line}" + (f", {v.field}" if v.field else "")
            out.print(
                f"{tag} {v.path} ({where}): {v.message}" + (f" [{v.rule}]" if v.rule else ""),
                highlight=False,
            )
            for c in v.citation:
                out.print(f"    cites {c}", highlight=False)
            for a in v.core or []:
                out.print(
                    f"    line {a['line']} ({a['field']}): {a['asserts']} [{a['rule']}]",
                    highlight=False,
                )
            if v.expected is not None or v.actual is not None:
                out.print(
                    f"    expected {json.dumps(v.expected)}; the trace says {json.dumps(v.actual)}",
                    highlight=False,
                )
            if v.reproducer:
                out.print(
                    f"    reproducer: {json.dumps(v.reproducer['action'])} on the position before line {v.line}"
                    " (--json prints it)",
                    highlight=False,
                )
        out.print(
            f"{len(verdicts)} trace(s), {actions} actions in {seconds:.2f} s", highlight=False
        )
    return max(v.status for v in verdicts)
