"""``unospec mutants [--only NAME…] [--jobs J] [--json]``: the suite's mutation score.

Every mutant of ``tests/mutants`` (the reference served over the live protocol with
exactly one rule broken) is certified at default ``unospec certify`` settings, under
the profile it declares. A mutant is **killed** when the certification judges it not
conformant *and* names its declared broken rule among the failing rules; otherwise it
**survives**, and the survivor is a hole in ``features/``. For each mutant the report
says which scenario run or differential game caught it first (in certification order:
scenarios, then games) with the declared rule among that item's rules.

Exit 0 when every mutant is killed, 1 when one survives, 2 for unusable input.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import cache
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parents[2]
MUTANTS_DIR = ROOT / "tests" / "mutants"
NOT_PASSED = ("fail", "errored", "timeout", "skipped")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "mutants",
        help="mutation score: certify every seeded-bug mutant of tests/mutants",
        description=(
            "Certify each mutant (the reference with one rule broken) at default certify "
            "settings; a mutant is killed when it is judged not conformant with its broken "
            "rule among the failures. Exit 0 all killed, 1 a mutant survived, 2 bad input."
        ),
    )
    p.add_argument("--only", nargs="+", metavar="NAME", help="certify only these mutants")
    p.add_argument("--jobs", type=int, default=1, help="mutants certified in parallel")
    p.add_argument("--list", action="store_true", help="list the mutants without running them")
    p.add_argument("--json", action="store_true", help="print the JSON report instead of tables")
    p.set_defaults(fn=run)


# -- the mutants and their verdicts -------------------------------------------------------------


@cache
def definitions() -> Any:
    """The module ``tests/mutants/definitions.py`` (loaded by path: it is not a package)."""
    path = MUTANTS_DIR / "definitions.py"
    if not path.is_file():
        raise FileNotFoundError(f"no mutants at {path} (run from a checkout of the repository)")
    spec = importlib.util.spec_from_file_location("unospec_mutant_definitions", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def mutants() -> dict[str, Any]:
    """Name -> mutant (``name``, ``rule``, ``profile``, ``summary``), in definition order."""
    return dict(definitions().MUTANTS)


def program(name: str) -> list[str]:
    """The command line that serves mutant ``name``."""
    return [sys.executable, str(MUTANTS_DIR / "serve_mutant.py"), name]


MUTANT_STEPS = 600


def judge(name: str, rule: str, profile: str) -> dict[str, Any]:
    """Certify one mutant (default settings, games of at most MUTANT_STEPS steps) and say
    whether it was killed."""
    from unospec.certify import Settings, certify

    # games of at most MUTANT_STEPS steps: a mutant breaks its rule early, and a game no
    # longer stops at its first difference
    cert = certify(Settings(program(name), profile=profile, max_steps=MUTANT_STEPS))
    # a rule counts as failing only through a real rules failure (not an error or a skip)
    bad = [f for f in cert.findings if f.outcome == "fail"]
    failing_rules = sorted({r for f in bad for r in f.rules})
    naming = [f for f in bad if rule in f.rules]
    first = next((f for f in cert.findings if f.outcome in NOT_PASSED), None)

    def item(f: Any) -> dict[str, Any]:
        return {"kind": f.kind, "id": f.id, "outcome": f.outcome, "message": f.message[:300]}

    judged = not cert.conformant and cert.could_not_run is None
    named = rule in failing_rules
    return {
        "mutant": name,
        "rule": rule,
        "profile": profile,
        "killed": judged and named,
        "non_conformant": judged,
        "rule_named": named,
        "could_not_run": cert.could_not_run,
        "caught_by": item(naming[0]) if naming else None,
        "first_failure": item(first) if first else None,
        "failing_scenarios": sum(f.kind == "scenario" for f in bad),
        "failing_games": sum(f.kind == "differential" for f in bad),
        "deviations": sum(f.kind == "deviation" for f in bad),
        "scenarios_naming_rule": sum(f.kind == "scenario" for f in naming),
        "games_naming_rule": sum(f.kind == "deviation" for f in naming),
        "failing_rules": failing_rules,
        "seconds": round(cert.seconds, 2),
    }


def _judge(args: tuple[str, str, str]) -> dict[str, Any]:
    return judge(*args)


def score(
    names: list[str] | None = None, jobs: int = 1, progress: Any = None
) -> list[dict[str, Any]]:
    """Judge the mutants ``names`` (all by default), ``jobs`` at a time; results in the
    mutants' definition order."""
    table = mutants()
    names = list(table) if names is None else names
    work = [(n, table[n].rule, table[n].profile) for n in names]
    out: dict[str, dict[str, Any]] = {}
    if jobs <= 1:
        for w in work:
            out[w[0]] = _judge(w)
            if progress:
                progress(out[w[0]], len(out), len(work))
    else:
        # spawned workers: a forked copy of a threaded parent is not safe
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            futures = {pool.submit(_judge, w): w[0] for w in work}
            for fut in as_completed(futures):
                out[futures[fut]] = fut.result()
                if progress:
                    progress(out[futures[fut]], len(out), len(work))
    return [out[n] for n in names]


def summary(results: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    killed = sum(r["killed"] for r in results)
    return {
        "killed": killed,
        "total": len(results),
        "survived": [r["mutant"] for r in results if not r["killed"]],
        "seconds": round(seconds, 1),
    }


# -- the command ------------------------------------------------------------------------------------


def run(args: argparse.Namespace, cat: Any) -> int:
    err = Console(stderr=True, soft_wrap=True)
    try:
        table = mutants()
    except (FileNotFoundError, ImportError) as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    names = list(args.only) if args.only else list(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        err.print(
            f"[red]error:[/red] unknown mutant(s) {', '.join(unknown)}; known: {', '.join(table)}"
        )
        return 2
    if args.list:
        rows = [
            {
                "mutant": n,
                "rule": table[n].rule,
                "profile": table[n].profile,
                "summary": table[n].summary,
            }
            for n in names
        ]
        if args.json:
            sys.stdout.write(json.dumps(rows, indent=2) + "\n")
        else:
            t = Table(title=f"{len(rows)} mutants")
            for col in ("mutant", "breaks", "profile", "what"):
                t.add_column(col)
            for r in rows:
                t.add_row(r["mutant"], r["rule"], r["profile"], r["summary"])
            Console(soft_wrap=True).print(t)
        return 0

    quiet = getattr(args, "quiet", False)  # -q: the score line and the survivors only

    def progress(result: dict[str, Any], done: int, total: int) -> None:
        if not args.json and not quiet:
            mark = "killed" if result["killed"] else "SURVIVED"
            err.print(
                f"[{done}/{total}] {result['mutant']}: {mark} ({result['seconds']:.1f} s)",
                highlight=False,
            )

    t0 = time.perf_counter()
    results = score(names, max(1, args.jobs), progress)
    total = summary(results, time.perf_counter() - t0)
    if args.json:
        sys.stdout.write(json.dumps({"score": total, "mutants": results}, indent=2) + "\n")
    else:
        t = Table(title="mutation score")
        for col in ("mutant", "breaks", "profile", "verdict", "caught first by", "naming", "s"):
            t.add_column(col)
        for r in results:
            caught = r["caught_by"]
            why = (
                f"{caught['kind']} {caught['id']}"
                if caught
                else "conformant"
                if not r["non_conformant"]
                else f"rule not named (failing: {', '.join(r['failing_rules'][:6])})"
            )
            t.add_row(
                r["mutant"],
                r["rule"],
                r["profile"],
                "[green]killed[/green]" if r["killed"] else "[red]SURVIVED[/red]",
                why,
                f"{r['scenarios_naming_rule']} sc / {r['games_naming_rule']} g",
                f"{r['seconds']:.1f}",
            )
        out = Console(soft_wrap=True)
        if not out.is_terminal:  # logs (make mutants in CI) get the whole table
            out = Console(width=180)
        if not quiet:
            out.print(t)
        out.print(
            f"mutation score: {total['killed']}/{total['total']} killed"
            + (f" · survived: {', '.join(total['survived'])}" if total["survived"] else "")
            + f" · {total['seconds']:.1f} s with {max(1, args.jobs)} job(s)",
            highlight=False,
        )
    return 0 if not total["survived"] else 1
