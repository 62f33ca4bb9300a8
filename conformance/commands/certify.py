"""``unospec certify [--profile P] [--games N] [--seed S] [--jobs J] [--report DIR] -- PROGRAM [ARGS…]``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table


def register(sub: Any) -> None:
    p = sub.add_parser(
        "certify",
        help="certify a program that speaks the live protocol",
        description="Run the scenarios and differential games against PROGRAM; exit 0 conformant, 1 not conformant, 2 could not run.",
    )
    p.add_argument("--profile", default="official")
    p.add_argument("--games", type=int, default=20, help="differential games (default 20)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="program processes in parallel")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for each answer")
    p.add_argument("--max-steps", type=int, default=4000, help="steps per differential game")
    p.add_argument("--report", metavar="DIR", type=Path, default=Path("reports/certify"))
    p.add_argument("--no-scenarios", action="store_true", help="differential games only")
    p.add_argument(
        "--validate-messages",
        "-V",
        action="store_true",
        help="check every answer against the protocol schemas",
    )
    output = p.add_mutually_exclusive_group()
    output.add_argument(
        "--json", action="store_true", help="print the JSON report instead of tables"
    )
    output.add_argument(
        "--github",
        action="store_true",
        help="GitHub Actions: print an error annotation per failing rule and a notice with "
        "the verdict, and append the summary to $GITHUB_STEP_SUMMARY",
    )
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.certify import Settings, certify
    from unospec.report import per_rule, to_json, verdict, write

    argv = list(args.program)
    err = Console(stderr=True)
    if not argv:
        err.print(
            "[red]error:[/red] give the program to certify after --, e.g. unospec certify -- python my_uno.py"
        )
        return 2
    profile, extra = _profile(args.profile, cat, err, Settings)
    if profile is None:
        return 2
    settings = Settings(
        argv,
        profile,
        args.games,
        args.seed,
        max(1, args.jobs),
        args.timeout,
        args.max_steps,
        args.validate_messages,
        not args.no_scenarios,
        **extra,
    )
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=args.json or not console.is_terminal,
    ) as bar:
        tasks: dict[str, Any] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done)

        cert = certify(settings, progress)
    paths = write(cert, args.report)
    if args.json:
        sys.stdout.write(json.dumps(to_json(cert), indent=2) + "\n")
    elif args.github:
        _github(cert, paths)
    else:
        out = Console()
        rules = per_rule(cert)
        table = Table(
            title=f"{(cert.hello or {}).get('implementation', {}).get('name', argv[0])} · profile {args.profile}"
        )
        for col in ("rule", "verdict", "pass", "fail", "skipped", "errored"):
            table.add_column(col)
        colours = {
            "pass": "green",
            "fail": "red",
            "error": "red",
            "partial": "yellow",
            "skipped": "yellow",
            "n/a": "dim",
        }
        for rid, row in rules.items():
            v = verdict(row)
            table.add_row(
                rid,
                f"[{colours[v]}]{v}[/{colours[v]}]",
                str(row["pass"]),
                str(row["fail"]),
                str(row["skipped"]),
                str(row["errored"] + row["timeout"]),
            )
        out.print(table)
        c = cert.counts()
        state = (
            "conformant"
            if cert.conformant
            else ("could not run: " + cert.could_not_run)
            if cert.could_not_run
            else "NOT conformant"
        )
        out.print(
            f"{state} · {c['pass']} passed, {c['fail']} failed, {c['skipped']} skipped, "
            f"{c['errored']} errored, {c['timeout']} timed out · {cert.seconds:.1f} s, {cert.messages} messages",
            highlight=False,
        )
        out.print(
            f"report: {paths['json']} (also {paths['markdown'].name}, {paths['junit'].name}, {paths['badge'].name})",
            highlight=False,
        )
    if cert.could_not_run:
        return 2
    return 0 if cert.conformant else 1


def _profile(name: str, cat: Any, err: Console, settings: Any) -> tuple[str | None, Any]:
    """``--profile`` as a built-in name or a profile file (checked as ``unospec profiles``
    checks it): the built-in profile to play and the options the file sets on top of it."""
    from unospec.profile_files import ProfileFileError, resolve
    from unospec.spec.catalogue import CatalogueError, UnknownIdError

    try:
        base, options = resolve(cat, name)
    except (ProfileFileError, UnknownIdError, CatalogueError) as e:
        err.print(f"[red]error:[/red] {e}", highlight=False)
        return None, {}
    if not options:
        return base, {}
    if "options" not in settings.__dataclass_fields__:
        err.print(
            f"[red]error:[/red] {name} sets options on top of {base} "
            f"({', '.join(options)}); this certify cannot pass a profile's options to the "
            "program yet",
            highlight=False,
        )
        return None, {}
    return base, {"options": options}


def _github(cert: Any, paths: dict[str, Path]) -> None:
    """Workflow commands on stdout; the summary into the job summary, if there is one."""
    from unospec.github import annotations, write_summary

    for line in annotations(cert):
        sys.stdout.write(line + "\n")
    target = write_summary(cert)
    Console(stderr=True).print(
        f"report: {paths['json']}; "
        + (f"summary appended to {target}" if target else "GITHUB_STEP_SUMMARY is not set"),
        highlight=False,
    )
