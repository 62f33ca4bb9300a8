"""``unospec validate TRACE…``: check offline traces against the reference (exit 0 / 1 / 2 / 3).

Traces with unknown (``null``) cards are valid when some placement of those cards makes
every line true (``--verbose`` prints the one found); a violation then lists the lines
that cannot all be true together. ``-`` reads a trace from standard input. Every file
gets its verdict, whatever happens to the others; the exit code is the worst of them
(3: the validator itself failed on a file). ``--jobs N`` validates N files at a time,
each in a process of its own."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from rich.console import Console

from unospec.commands import whole_number


def register(sub: Any) -> None:
    p = sub.add_parser("validate", help="validate JSON Lines traces against the reference engine")
    p.add_argument("traces", nargs="+", help="trace files (JSON Lines); - for standard input")
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
    p.add_argument(
        "--jobs",
        "-j",
        type=_jobs,
        default=1,
        metavar="N",
        help="validate N files at a time, each in a process of its own (0: one per core)",
    )
    p.add_argument(
        "--dask",
        metavar="SCHEDULER",
        default=None,
        help="send the files to the workers of a Dask cluster (its scheduler's address, e.g. "
        "tcp://10.0.0.5:8786) and gather their verdicts here; needs unospec[dask]",
    )
    p.set_defaults(fn=run)


def _jobs(text: str) -> int:
    """``--jobs``: 0 or more, 0 meaning one per CPU."""
    return whole_number(0, "the number of jobs")(text) or os.cpu_count() or 1


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.corpus import ValidationRun

    err = Console(stderr=True, soft_wrap=True)
    if args.traces.count("-") > 1:
        err.print("[red]error:[/red] standard input (-) can be read once")
        return 2
    t0 = time.perf_counter()
    job = ValidationRun(args.traces, args.solver_timeout, args.jobs, args.dask)
    from unospec.processes import interruptible

    try:
        with interruptible(), _progress(job, err) as tick:
            job.run(tick)
    except KeyboardInterrupt:
        err.print("[red]interrupted[/red]: the files not yet validated have no verdict")
    except ImportError as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    except OSError as e:  # the cluster cannot be reached
        err.print(f"[red]error:[/red] cannot use the Dask scheduler {args.dask}: {e}")
        return 2
    verdicts = job.verdicts()
    seconds = time.perf_counter() - t0
    if args.json:
        _print_json(verdicts, seconds)
    else:
        _print_human(verdicts, seconds, args.verbose)
    return max(v.status for v in verdicts)


class _Nothing:
    def __enter__(self) -> Any:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def _progress(job: Any, err: Console) -> Any:
    """A progress bar on the terminal for large inputs (over 8 MiB, or several files),
    nothing otherwise (nor when stderr is not a terminal)."""
    if not err.is_terminal or job.total_bytes() < 8 * 1024 * 1024:
        return _Nothing()
    from contextlib import contextmanager

    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    @contextmanager
    def bar() -> Any:
        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            DownloadColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=True,
        ) as progress:
            task = progress.add_task("validating", total=job.total_bytes())
            yield lambda done: progress.update(task, completed=done)

    return bar()


def _print_json(verdicts: list[Any], seconds: float) -> None:
    sys.stdout.write(
        json.dumps(
            {
                "traces": [v.to_json() for v in verdicts],
                "actions": sum(v.actions for v in verdicts),
                "seconds": round(seconds, 4),
            },
            indent=2,
            default=str,
        )
        + "\n"
    )


def _print_human(verdicts: list[Any], seconds: float, verbose: bool) -> None:
    out = Console(soft_wrap=True)
    for v in verdicts:
        if v.status == 0:
            out.print(f"[green]valid[/green] {v.path}: {v.message}", highlight=False)
            if v.witness and verbose:
                for w in v.witness:
                    out.print(f"    line {w['line']} {w['field']}: {w['card']}", highlight=False)
            elif v.witness:
                out.print("    --verbose (or --json) prints the witness", highlight=False)
            continue
        tag = {1: "violation", 2: "unusable", 3: "error"}[v.status]
        where = f" (line {v.line}" + (f", {v.field}" if v.field else "") + ")" if v.line else ""
        out.print(
            f"[red]{tag}[/red] {v.path}{where}: {v.message}" + (f" [{v.rule}]" if v.rule else ""),
            highlight=False,
        )
        for c in v.citation:
            out.print(f"    cites {c}", highlight=False)
        for a in v.core or []:
            out.print(
                f"    line {a['line']} ({a['field']}): {a['asserts']} [{a['rule']}]",
                highlight=False,
            )
        if v.compared:
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
    actions = sum(v.actions for v in verdicts)
    out.print(f"{len(verdicts)} trace(s), {actions} actions in {seconds:.2f} s", highlight=False)
