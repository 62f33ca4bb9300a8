"""``unospec bench [--repeats R] [--seconds S] [--quick] [--out FILE] [--readme FILE]
[--from RESULTS]``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table


def register(sub: Any) -> None:
    p = sub.add_parser(
        "bench", help="measure the engine, RLCard, validation, certification and proofs"
    )
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seconds", type=float, default=2.0, help="length of each timed run")
    p.add_argument("--quick", action="store_true", help="a small smoke run")
    p.add_argument("--out", type=Path, default=Path("reports/bench.json"))
    p.add_argument(
        "--readme",
        type=Path,
        help="fill this file's <!-- bench:begin --> … <!-- bench:end --> block with the results",
    )
    p.add_argument(
        "--from",
        dest="source",
        type=Path,
        help="show (and with --readme, write) the results of an earlier run instead of measuring",
    )
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.bench import bench, readme_block, update_readme

    err = Console(stderr=True, soft_wrap=True)
    readme = None
    if args.readme is not None:  # checked before a long run, not after it
        try:
            readme = args.readme.read_text(encoding="utf-8")
            readme_block(readme)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            err.print(f"[red]error:[/red] --readme {args.readme}: {e}", highlight=False)
            return 2
    if args.source is not None:
        try:
            results = json.loads(args.source.read_text(encoding="utf-8"))
            if not isinstance(results.get("cases"), dict) or not isinstance(
                results.get("targets"), list
            ):
                raise ValueError("no cases and targets")
        except (OSError, UnicodeDecodeError, ValueError, AttributeError) as e:
            err.print(f"[red]error:[/red] --from {args.source}: not bench results ({e})")
            return 2
    else:
        results = bench(args.repeats, args.seconds, args.quick)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    table = Table(title=f"unospec bench (median of {args.repeats})")
    for col in ("case", "median", "metric", "peak MB"):
        table.add_column(col)
    for name, case in results["cases"].items():
        table.add_row(name, f"{case['median']:,.1f}", case["metric"], f"{case['max_rss_mb']:.0f}")
    console = Console(soft_wrap=True)
    console.print(table)
    goals = Table(title="targets")
    for col in ("target", "measured", "goal", "met"):
        goals.add_column(col)
    for t in results["targets"]:
        value = "—" if t["value"] is None else f"{t['value']:,.2f}"
        met = "not measured" if t["met"] is None else "yes" if t["met"] else "NO"
        goals.add_row(t["target"], value, t["goal"], met)
    console.print(goals)
    by_build = results.get("ratio_reference_over_rlcard_by_build") or {}
    for build, ratios in by_build.items():
        console.print(
            f"reference ({build} build) ÷ RLCard (median of paired runs): "
            + ", ".join(f"{k} {v:.2f}" for k, v in ratios.items() if v is not None)
        )
    if by_build:
        console.print(
            f"the 4-player target is judged on the {results['engine_build_judged']} build"
        )
    if args.source is None:
        console.print(f"written to {args.out}")
    if readme is not None:
        # read again: the file may have been edited during the run (only the block changes)
        try:
            readme = args.readme.read_text(encoding="utf-8")
            filled = update_readme(readme, results)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            err.print(f"[red]error:[/red] --readme {args.readme}: {e}", highlight=False)
            return 2
        args.readme.write_text(filled, encoding="utf-8")
        console.print(f"the speed table of {args.readme} is filled from these results")
    return 0
