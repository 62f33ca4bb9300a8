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
    """Catalogue IDs for ``topic``: an exact ID or alias, else the entries the words are
    about, best first (:mod:`unospec.topic_search`)."""
    from unospec.topic_search import search

    cid = cat.canonical(topic)
    if cid:
        return [cid]
    return search(cat, topic)


def run(args: argparse.Namespace, cat: Any) -> int:
    topic = " ".join(" ".join(args.topic).split())
    err = Console(stderr=True, soft_wrap=True)
    if not topic:
        err.print(
            "[red]error:[/red] explain needs a topic: a rule or ambiguity ID, an alias, or "
            'words such as "stacking" or "can I play a wild draw four when I have the colour"'
        )
        return 2
    ids = find(cat, topic)
    if not ids:
        suggestions = cat.suggest(topic)
        err.print(
            f"[red]error:[/red] nothing in the catalogue matches {_cut(topic)!r}"
            + (f" (did you mean {', '.join(suggestions)}?)" if suggestions else ""),
            highlight=False,
        )
        return 2
    main = ids[0]
    live = live_scenarios(main)
    if args.json:
        from unospec.cli import ambiguity_json, rule_json

        item = cat.ambiguities.get(main) or cat.rules.get(main)
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
    out = Console(soft_wrap=True)
    if main in cat.ambiguities:
        _print_ambiguity(out, cat.ambiguities[main])
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
        out.print()
        out.print("[bold]The scenarios that settle it, run now on the reference engine[/bold]")
        for rows in _by_scenario(live):
            _print_scenario(out, rows)
    if len(ids) > 1:
        out.print(f"also matching: {', '.join(ids[1:])}", highlight=False)
    return 0


def _cut(text: str, n: int = 80) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def live_scenarios(main: str) -> list[dict[str, Any]]:
    """Each run of the scenarios pinned to ``main`` (its outlines, else all of them), run
    on the reference engine and described: hands, top card, actions and outcome."""
    from unospec.port import ReferencePort
    from unospec.scenario_text import describe
    from unospec.scenarios import execute, load_scenarios

    scenarios = [sc for sc in load_scenarios() if main in sc.ids]
    pinned = [sc for sc in scenarios if sc.outline] or scenarios
    live = []
    for sc in pinned:
        for run_ in sc.runs:
            res = execute(run_, ReferencePort())
            live.append(
                {
                    "scenario": sc.id,
                    "file": f"features/{sc.file}",
                    "line": sc.line,
                    **({"label": run_.label} if sc.outline else {}),
                    **describe(run_),
                    "passes_on_reference": res.passed,
                    "message": res.message,
                }
            )
    return live


def _print_ambiguity(out: Console, a: Any) -> None:
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


def _by_scenario(live: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in live:
        groups.setdefault(row["scenario"], []).append(row)
    return list(groups.values())


LABELS = {
    "setup": "game",
    "options": "options",
    "hands": "hands",
    "top": "top card",
    "colour": "colour",
    "actions": "actions",
    "outcome": "outcome",
}


def _field_text(row: dict[str, Any], field: str) -> str:
    from unospec.scenario_text import hands_text

    value = row[field]
    if field == "hands":
        return hands_text(value)
    if field in ("setup", "options", "outcome"):
        return "\n".join(value)
    if field == "actions":
        return "\n".join(f"{n}. {a}" for n, a in enumerate(value, 1))
    return value or ""


def _verdict(row: dict[str, Any]) -> str:
    if row["passes_on_reference"]:
        return "[green]as stated[/green]"
    return f"[red]differs[/red]: {row['message']}"


def _print_scenario(out: Console, rows: list[dict[str, Any]]) -> None:
    """One scenario: what its runs share as a block, what differs as a row per run."""
    from unospec.scenario_text import shared

    first = rows[0]
    out.print()
    out.print(
        f"[bold]{first['scenario']}[/bold] [dim]({first['file']}:{first['line']})[/dim]",
        highlight=False,
    )
    common, differ = shared(rows)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for field, label in LABELS.items():
        if field in common and common[field]:
            grid.add_row(label, _field_text(first, field))
    if len(rows) == 1:
        grid.add_row("profile", first["profile"])
        grid.add_row("reference", _verdict(first))
    out.print(grid)
    if len(rows) > 1:
        table = Table(show_lines=True)
        table.add_column("profile", no_wrap=True)
        for field in differ:
            table.add_column(LABELS[field])
        table.add_column("reference")
        for row in rows:
            table.add_row(row["profile"], *(_field_text(row, f) for f in differ), _verdict(row))
        out.print(table)
