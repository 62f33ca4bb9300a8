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
    p.add_argument("--profile", default="official", help="a profile, or a profile file")
    p.add_argument(
        "--games",
        type=int,
        default=None,
        help="differential games (default 20; 0 when a selection below picks scenarios)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="program processes in parallel")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for each answer")
    p.add_argument("--max-steps", type=int, default=4000, help="steps per differential game")
    p.add_argument("--report", metavar="DIR", type=Path, default=Path("reports/certify"))
    p.add_argument("--no-scenarios", action="store_true", help="differential games only")
    pick = p.add_argument_group("run one thing")
    pick.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="only the scenario runs that check this rule (repeatable)",
    )
    pick.add_argument(
        "--scenario",
        action="append",
        default=[],
        metavar="ID",
        help="only this scenario (its ID, or a run's ID with [label]; repeatable)",
    )
    pick.add_argument("-k", metavar="TEXT", help="only scenarios whose ID or name holds TEXT")
    pick.add_argument(
        "--last-failed",
        "--lf",
        action="store_true",
        help="only what failed in the last report of --report DIR (scenario runs and games)",
    )
    pick.add_argument("--fail-fast", "-x", action="store_true", help="stop at the first failure")
    p.add_argument(
        "--replay",
        metavar="FILE",
        type=Path,
        help="replay one reproducer (reports/…/reproducers/*.json) against PROGRAM and show "
        "whether the deviation it records happens again (exit 1) or not (exit 0)",
    )
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
    err = Console(stderr=True, soft_wrap=True)
    if not argv:
        err.print(
            "[red]error:[/red] give the program to certify after --, e.g. unospec certify -- python my_uno.py"
        )
        return 2
    if args.replay is not None:
        return replay_command(args, argv)
    profile, extra = _profile(args.profile, cat, err, Settings)
    if profile is None:
        return 2
    if problem := _report_dir_problem(args.report):
        err.print(f"[red]error:[/red] --report {args.report}: {problem}", highlight=False)
        return 2
    picked = bool(args.rule or args.scenario or args.k or args.last_failed)
    games = args.games if args.games is not None else (0 if picked else 20)
    settings = Settings(
        argv,
        profile,
        games,
        args.seed,
        max(1, args.jobs),
        args.timeout,
        args.max_steps,
        args.validate_messages,
        not args.no_scenarios,
        report=str(args.report),
        rules=[cat.canonical(r) or r for r in args.rule],
        scenario_ids=list(args.scenario),
        keyword=args.k,
        fail_fast=args.fail_fast,
        **extra,
    )
    if args.last_failed:
        last = _last_failed(args.report)
        if last is None:
            err.print(
                f"[red]error:[/red] --last-failed: no report in {args.report} to take the "
                "failures from (run certify once first)",
                highlight=False,
            )
            return 2
        settings.only_runs, settings.only_games = last
        if args.games is None:
            settings.games = max((seed - settings.seed + 1 for _, seed in last[1]), default=0)
    console = Console(stderr=True, soft_wrap=True)
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=args.json or getattr(args, "quiet", False) or not console.is_terminal,
    ) as bar:
        tasks: dict[str, Any] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done)

        cert = certify(settings, progress)
    paths = write(cert, args.report)
    if cert.incomplete:
        err.print(
            f"[red]{cert.incomplete}[/red]: the report of what was checked so far is in "
            f"{paths['json']} (marked incomplete)",
            highlight=False,
        )
        return 130
    if getattr(args, "quiet", False):
        c = cert.counts()
        state = (
            "conformant"
            if cert.conformant
            else (
                f"could not run: {cert.could_not_run}" if cert.could_not_run else "NOT conformant"
            )
        )
        Console(soft_wrap=True).print(f"{state} · {c['pass']} passed, {c['fail']} failed", highlight=False)
        return 2 if cert.could_not_run else 0 if cert.conformant else 1
    if args.json:
        sys.stdout.write(json.dumps(to_json(cert), indent=2) + "\n")
    elif args.github:
        _github(cert, paths)
    else:
        out = Console(soft_wrap=True)
        rules = per_rule(cert)
        table = Table(
            title=f"{(cert.hello or {}).get('implementation', {}).get('name', argv[0])} · profile {args.profile}"
        )
        for col in ("rule", "verdict", "pass", "fail", "skipped", "errored"):
            table.add_column(col)
        table.add_column("scenario runs", justify="right")
        table.add_column("game steps", justify="right")
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
                str(cert.coverage.get(rid, {}).get("scenario_runs", 0)),
                str(cert.coverage.get(rid, {}).get("game_steps", 0)),
            )
        out.print(table)
        if cert.plays:
            out.print(f"plays: {cert.plays['line']}", highlight=False)
            if cert.plays.get("command"):
                out.print(f"certify against that guess: {cert.plays['command']}", highlight=False)
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


def _report_dir_problem(directory: Path) -> str | None:
    """Why the report cannot be written into ``directory`` (checked before the run, so a
    whole run is never lost to it), or ``None``."""
    import os

    if directory.exists() and not directory.is_dir():
        return "exists and is not a directory"
    probe = directory
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        return f"{probe} is not a directory"
    if not os.access(probe, os.W_OK | os.X_OK):
        return f"{probe} is not writable"
    return None


def _last_failed(directory: Path) -> tuple[set[str], set[tuple[int, int]]] | None:
    """The scenario runs and games (players, seed) that failed in the report there."""
    from unospec.spec import jsonreader

    path = directory / "report.json"
    try:
        data = jsonreader.loads(path.read_bytes())
    except (OSError, jsonreader.JsonInputError):
        return None
    runs, games = set(), set()
    for r in data.get("results", []):
        if r.get("outcome") not in ("fail", "errored", "timeout"):
            continue
        if r.get("kind") == "scenario":
            runs.add(r["id"])
        elif r.get("kind") == "differential":
            head, seed, players = r["id"].split("-")
            games.add((int(players.rstrip("p")), int(seed)))
    return runs, games


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
    Console(stderr=True, soft_wrap=True).print(
        f"report: {paths['json']}; "
        + (f"summary appended to {target}" if target else "GITHUB_STEP_SUMMARY is not set"),
        highlight=False,
    )


def replay_command(args: argparse.Namespace, argv: list[str]) -> int:
    """``certify --replay FILE -- PROGRAM``: one reproducer, played again."""
    from unospec.certify import Settings, Worker
    from unospec.differential import replay
    from unospec.explanation import Explainer
    from unospec.protocol import ProtocolError
    from unospec.spec import jsonreader

    out, err = Console(soft_wrap=True), Console(stderr=True, soft_wrap=True)
    try:
        repro = jsonreader.loads(args.replay.read_bytes())
    except OSError as e:
        err.print(f"[red]error:[/red] cannot read {args.replay}: {e.strerror}")
        return 2
    except jsonreader.JsonInputError as e:
        err.print(f"[red]error:[/red] {args.replay}: {e}")
        return 2
    if not isinstance(repro, dict) or repro.get("unospec_reproducer") != 1:
        err.print(f"[red]error:[/red] {args.replay} is not a unospec reproducer")
        return 2
    settings = Settings(
        argv, repro.get("reference_profile") or repro["profile"], timeout=args.timeout
    )
    try:
        worker = Worker(settings)
    except ProtocolError as e:
        err.print(f"[red]could not run:[/red] handshake failed ({e.kind}): {e.detail}")
        return 2
    try:
        caps = set((worker.program.hello or {}).get("capabilities") or [])
        owns = {"own_deal", "own_shuffle"} & caps
        if owns and "seeded" not in caps:
            err.print(
                "[red]could not run:[/red] the program makes its own chance without a seed "
                "(capability 'seeded'), so the game cannot be played again"
            )
            return 2
        result = replay(worker.program, Explainer(settings.profile), repro, settings.profile)
    except ProtocolError as e:
        err.print(f"[red]could not run:[/red] {e.kind}: {e.detail}")
        return 2
    finally:
        worker.close()
    want = repro.get("rule")
    out.print(
        f"replayed {len(repro.get('inputs') or [])} input(s) of a {repro['players']}-player "
        f"game (seed {repro.get('seed')}), then step {repro.get('step')}",
        highlight=False,
    )
    for d in result.divergences:
        out.print(f"  step {d.step}: {d.rule or 'unexplained'}: {d.message}", highlight=False)
    again = any(
        (d.rule == want or any(r == want for _, r in d.alternatives))
        if want
        else (d.rule is None and d.field == repro.get("field"))
        for d in result.divergences
    )
    if again:
        out.print(
            f"reproduced: {want or 'the unexplained deviation'} ({repro.get('message')})",
            highlight=False,
        )
        return 1
    out.print(
        "not reproduced: the program now does what the rules say at that step", highlight=False
    )
    return 0
