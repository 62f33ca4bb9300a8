"""``unospec explain TOPIC``: a rule or ambiguity, every source's position, each profile's
resolution, and the pinned scenarios run live on the reference, profile by profile."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.console import Console
from rich.table import Table


def register(sub: Any) -> None:
    p = sub.add_parser(
        "explain", help="explain a rule or ambiguity (ID, alias or keyword) with live scenarios"
    )
    p.add_argument(
        "topic", nargs="+", help='a rule or ambiguity ID, an alias, or a keyword such as "stacking"'
    )
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=run)


def find(cat: Any, topic: str) -> list[str]:
    """Catalogue IDs for ``topic``: an exact ID or alias, else a keyword search."""
    cid = cat.canonical(topic)
    if cid:
        return [cid]
    words = topic.lower().split()

    def text_of(item: Any) -> str:
        parts = [
            item.id,
            item.title,
            getattr(item, "statement", ""),
            getattr(item, "question", ""),
            " ".join(getattr(item, "keywords", ())),
        ]
        return " ".join(parts).lower()

    hits = [a.id for a in cat.ambiguities.values() if all(w in text_of(a) for w in words)]
    hits += [r.id for r in cat.rules.values() if all(w in text_of(r) for w in words)]
    return hits


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.port import ReferencePort
    from unospec.scenarios import execute, load_scenarios

    topic = " ".join(args.topic)
    ids = find(cat, topic)
    if not ids:
        suggestions = cat.suggest(topic)
        Console(stderr=True).print(
            f"[red]error:[/red] nothing in the catalogue matches {topic!r}"
            + (f" (did you mean {', '.join(suggestions)}?)" if suggestions else "")
        )
        return 2
    main = ids[0]
    scenarios = [sc for sc in load_scenarios() if main in sc.ids]
    pinned = [sc for sc in scenarios if sc.outline] or scenarios
    live = []
    for sc in pinned:
        for run_ in sc.runs:
            res = execute(run_, ReferencePort())
            values = {}
            if sc.outline:
                values = {"label": run_.label}
            live.append(
                {
                    "scenario": sc.id,
                    "profile": run_.profile,
                    **values,
                    "passes_on_reference": res.passed,
                    "message": res.message,
                    "outcome": _outcome(run_),
                }
            )
    if args.json:
        item = cat.ambiguities.get(main) or cat.rules.get(main)
        from unospec.cli import ambiguity_json, rule_json

        data = ambiguity_json(item) if main in cat.ambiguities else rule_json(cat, item)
        sys.stdout.write(
            json.dumps(
                {"topic": topic, "matches": ids, "entry": data, "live": live},
                indent=2,
                ensure_ascii=False,
            )
            + "\n"
        )
        return 0
    out = Console()
    if main in cat.ambiguities:
        a = cat.ambiguities[main]
        out.print(f"[bold]{a.id}[/bold] · {a.title}", highlight=False)
        out.print(a.question, highlight=False)
        table = Table(title="what each source says", show_lines=True)
        table.add_column("source")
        table.add_column("stance")
        table.add_column("says")
        table.add_column("cites")
        for p in a.positions:
            table.add_row(p.document, p.stance, p.summary, "\n".join(str(c) for c in p.citations))
        out.print(table)
        res = Table(title="how each profile resolves it", show_lines=True)
        res.add_column("profile")
        res.add_column("choice")
        res.add_column("why")
        for name, r in a.resolutions.items():
            res.add_row(name, r.choice, r.why)
        out.print(res)
    else:
        r = cat.rules[main]
        out.print(f"[bold]{r.id}[/bold] · {r.kind} · {r.title}", highlight=False)
        out.print(r.statement, highlight=False)
        for c in r.citations:
            out.print(f"  cites {c}", highlight=False)
        out.print(
            f"  in force in: {', '.join(cat.enabled_in(r.id)) or 'no built-in profile'}",
            highlight=False,
        )
    if live:
        t = Table(title="the scenarios, run now on the reference engine")
        for col in ("scenario", "profile", "expected outcome", "reference"):
            t.add_column(col)
        for row in live:
            t.add_row(
                row["scenario"],
                row["profile"],
                row["outcome"],
                "[green]as stated[/green]"
                if row["passes_on_reference"]
                else f"[red]differs[/red]: {row['message']}",
            )
        out.print(t)
    if len(ids) > 1:
        out.print(f"also matching: {', '.join(ids[1:])}", highlight=False)
    return 0


def _outcome(run_: Any) -> str:
    thens = [s.text for s in run_.steps if s.kind == "then"]
    for t in thens:
        if t.startswith("the outcome is "):
            return t.removeprefix("the outcome is ")
    return "; ".join(thens[:3])
