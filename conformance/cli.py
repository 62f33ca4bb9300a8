"""The ``unospec`` command: readable tables by default, stable JSON with ``--json``.

Exit codes: 0 success, 1 a finding, 2 unusable input or a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from unospec.spec.catalogue import Catalogue, CatalogueError, Rule, UnknownIdError
from unospec.spec.catalogue import load as load_catalogue

console = Console()
err = Console(stderr=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def rule_json(cat: Catalogue, rule: Rule) -> dict[str, Any]:
    from unospec.reference.registry import IMPLEMENTED

    return {
        "id": rule.id,
        "aliases": list(rule.aliases),
        "title": rule.title,
        "statement": rule.statement,
        "kind": rule.kind,
        "area": rule.area,
        "citations": [c.to_json() for c in rule.citations],
        "external": rule.external or None,
        "why_policy": rule.why_policy or None,
        "ambiguities": list(rule.ambiguities),
        "params": [
            {
                "name": p.name,
                "type": p.type,
                "default": list(p.default) if isinstance(p.default, tuple) else p.default,
                "values": list(p.values) or None,
                "minimum": p.minimum,
                "doc": p.doc,
            }
            for p in rule.params
        ],
        "requires": list(rule.requires),
        "requires_any": list(rule.requires_any),
        "excludes": list(rule.excludes),
        "profiles": cat.enabled_in(rule.id),
        "implemented_in": IMPLEMENTED.get(rule.id),
        "scenarios": scenario_ids().get(rule.id, []),
    }


def scenario_ids() -> dict[str, list[str]]:
    """Rule ID -> the IDs of its scenarios in ``features/`` (empty until scenarios exist)."""
    try:
        from unospec.scenarios import scenarios_by_rule
    except ImportError:
        return {}
    return scenarios_by_rule()


def _unknown(e: UnknownIdError) -> int:
    err.print(f"[red]error:[/red] {e}")
    return 2


def cmd_rules(args: argparse.Namespace, cat: Catalogue) -> int:
    if args.id:
        try:
            rules = [cat.rule(args.id)]
        except UnknownIdError as e:
            return _unknown(e)
    else:
        rules = [r for r in cat.rules.values() if (not args.kind or r.kind == args.kind)]
    if args.json:
        data = [rule_json(cat, r) for r in rules]
        _print_json(data[0] if args.id else data)
        return 0
    if args.id:
        r = rules[0]
        console.print(
            f"[bold]{r.id}[/bold] · {r.kind} · {r.area}"
            + (f" · aliases: {', '.join(r.aliases)}" if r.aliases else "")
        )
        console.print(f"[bold]{r.title}[/bold]")
        console.print(r.statement, highlight=False)
        for c in r.citations:
            console.print(f"  cites {c}", highlight=False)
        if r.external:
            ext = r.external if r.external.startswith("EXT-MATTEL") else f"EXT-MATTEL: {r.external}"
            console.print(f"  {ext}", highlight=False)
        if r.why_policy:
            console.print(f"  why a policy: {r.why_policy}", highlight=False)
        for p in r.params:
            console.print(
                f"  option {r.id}.{p.name} ({p.type}, default {p.default!r}): {p.doc}",
                highlight=False,
            )
        console.print(f"  in profiles: {', '.join(cat.enabled_in(r.id)) or 'none'}")
        return 0
    table = Table(title=f"{len(rules)} rules", show_lines=False)
    for col in ("ID", "kind", "area", "title", "cites"):
        table.add_column(col)
    for r in rules:
        table.add_row(r.id, r.kind, r.area, r.title, str(len(r.citations)))
    console.print(table)
    return 0


def ambiguity_json(a: Any) -> dict[str, Any]:
    return {
        "id": a.id,
        "aliases": list(a.aliases),
        "title": a.title,
        "question": a.question,
        "keywords": list(a.keywords),
        "rules": list(a.rules),
        "positions": [
            {
                "document": p.document,
                "stance": p.stance,
                "summary": p.summary,
                "citations": [c.to_json() for c in p.citations],
            }
            for p in a.positions
        ],
        "resolutions": {
            name: {"choice": r.choice, "why": r.why, "settings": r.settings}
            for name, r in a.resolutions.items()
        },
    }


def cmd_ambiguities(args: argparse.Namespace, cat: Catalogue) -> int:
    if args.id:
        try:
            items = [cat.ambiguity(args.id)]
        except UnknownIdError as e:
            return _unknown(e)
    else:
        items = list(cat.ambiguities.values())
    if args.json:
        data = [ambiguity_json(a) for a in items]
        _print_json(data[0] if args.id else data)
        return 0
    if args.id:
        a = items[0]
        console.print(f"[bold]{a.id}[/bold] {a.title}")
        console.print(a.question, highlight=False)
        for p in a.positions:
            cites = "; ".join(str(c) for c in p.citations)
            console.print(
                f"  [cyan]{p.document}[/cyan] ({p.stance}): {p.summary}"
                + (f" [dim]— {cites}[/dim]" if cites else ""),
                highlight=False,
            )
        for name, r in a.resolutions.items():
            console.print(
                f"  [green]{name}[/green]: {r.choice} [dim]({r.why})[/dim]", highlight=False
            )
        return 0
    table = Table(title=f"{len(items)} ambiguities")
    for col in ("ID", "title", *cat.profiles):
        table.add_column(col)
    for a in items:
        table.add_row(
            a.id,
            a.title,
            *(
                _short(a.resolutions.get(n).choice if a.resolutions.get(n) else "—")
                for n in cat.profiles
            ),
        )
    console.print(table)
    return 0


def _short(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def cmd_profiles(args: argparse.Namespace, cat: Catalogue) -> int:
    if args.name:
        try:
            profs = [cat.profile(args.name)]
        except UnknownIdError as e:
            return _unknown(e)
    else:
        profs = list(cat.profiles.values())
    try:
        data = [
            {
                "name": p.name,
                "title": p.title,
                "inherits": p.inherits,
                "description": p.description,
                "options": p.options,
                "effective_options": cat.effective_options(p),
                "silent": p.silent,
            }
            for p in profs
        ]
    except CatalogueError as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    if args.json:
        _print_json(data[0] if args.name else data)
        return 0
    for d in data:
        console.print(
            f"[bold]{d['name']}[/bold] — {d['title']}"
            + (f" (inherits {d['inherits']})" if d["inherits"] else "")
        )
        if d["description"]:
            console.print(f"  {d['description']}", highlight=False)
        on = [k for k, v in d["effective_options"].items() if v is not False and "." not in k]
        console.print(f"  variants on: {', '.join(on) or 'none'}", highlight=False)
        changed = {k: v for k, v in d["options"].items()}
        if changed and args.name:
            for k, v in changed.items():
                console.print(f"    {k} = {json.dumps(v)}", highlight=False)
        if args.name and d["silent"]:
            console.print("  silent (inherited from official):")
            for k, v in d["silent"].items():
                console.print(f"    {k}: {v}", highlight=False)
    return 0


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep:
            out[key] = True
            continue
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def cmd_play(args: argparse.Namespace, cat: Catalogue) -> int:
    from unospec.reference.errors import IllegalAction
    from unospec.reference.trace import play

    options = _parse_options(args.option)
    try:
        cat.effective_options(args.profile, options or None)
    except (CatalogueError, UnknownIdError) as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    start = time.perf_counter()
    try:
        game = play(
            args.players, args.profile, options, seed=args.seed, max_actions=args.max_actions
        )
    except IllegalAction as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    elapsed = time.perf_counter() - start
    final = game.final
    if args.trace:
        Path(args.trace).write_text("\n".join(game.lines()) + "\n", encoding="utf-8")
    summary = {
        "players": args.players,
        "profile": args.profile,
        "options": options,
        "seed": args.seed,
        "rounds": final.round,
        "finished": final.phase == "over",
        "winner": final.winner,
        "scores": final.scores,
        "actions": len(game.steps),
        "chance_inputs": len(game.chance),
        "seconds": round(elapsed, 4),
        "trace": args.trace,
    }
    if args.json:
        _print_json(summary)
    else:
        status = (
            "won by seat " + ", ".join(map(str, final.winner)) if final.winner else "unfinished"
        )
        console.print(
            f"{args.players} players, profile {args.profile}, seed {args.seed}: {final.round} round(s), {status}; "
            f"scores {final.scores}; {len(game.steps)} actions in {elapsed:.2f} s"
            + (f"; trace written to {args.trace}" if args.trace else ""),
            highlight=False,
        )
    return 0 if final.phase == "over" else 1


def cmd_summary(args: argparse.Namespace, cat: Catalogue) -> int:
    """The catalogue and rulebook in numbers."""
    from unospec.scenarios import load_scenarios

    kinds: dict[str, int] = {}
    for r in cat.rules.values():
        kinds[r.kind] = kinds.get(r.kind, 0) + 1
    cites: dict[str, int] = dict.fromkeys(cat.documents, 0)
    for r in cat.rules.values():
        for c in r.citations:
            cites[c.document] += 1
    scenarios = load_scenarios()
    rows = [(f"rules ({k})", v) for k, v in sorted(kinds.items())]
    rows += [
        ("options", len(cat.options)),
        ("ambiguities", len(cat.ambiguities)),
        ("profiles", len(cat.profiles)),
    ]
    rows += [(f"rule citations of {d}", v) for d, v in cites.items()]
    rows += [
        ("scenarios", len(scenarios)),
        ("scenario outlines", sum(s.outline for s in scenarios)),
        ("scenario runs", sum(len(s.runs) for s in scenarios)),
    ]
    if args.json:
        _print_json(dict(rows))
        return 0
    table = Table(title="unospec catalogue")
    table.add_column("what")
    table.add_column("count", justify="right")
    for k, v in rows:
        table.add_row(k, str(v))
    console.print(table)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="unospec", description="The executable UNO rulebook and conformance suite."
    )
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("rules", help="list rules, or show one by ID or alias")
    r.add_argument("id", nargs="?")
    r.add_argument("--kind", choices=("core", "policy", "variant"))
    r.add_argument("--json", action="store_true")
    r.set_defaults(fn=cmd_rules)
    a = sub.add_parser("ambiguities", help="list ambiguities, or show one")
    a.add_argument("id", nargs="?")
    a.add_argument("--json", action="store_true")
    a.set_defaults(fn=cmd_ambiguities)
    pr = sub.add_parser(
        "profiles", help="list profiles, or show one (a name or a profile .toml file)"
    )
    pr.add_argument("name", nargs="?")
    pr.add_argument("--json", action="store_true")
    pr.set_defaults(fn=cmd_profiles)
    s = sub.add_parser("summary", help="the catalogue and rulebook in numbers")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=cmd_summary)
    pl = sub.add_parser("play", help="play a match with uniformly random legal actions")
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--profile", default="official")
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument(
        "--option",
        action="append",
        metavar="ID[=VALUE]",
        help="turn on a variant or set RULE.param=value",
    )
    pl.add_argument("--trace", metavar="FILE", help="write the game as a JSON Lines trace")
    pl.add_argument("--max-actions", type=int, default=1_000_000)
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(fn=cmd_play)
    for module in command_modules():
        module.register(sub)
    return p


def command_modules() -> list[Any]:
    """The modules of :mod:`unospec.commands`, in name order."""
    import importlib
    import pkgutil

    import unospec.commands as pkg

    return [
        importlib.import_module(f"{pkg.__name__}.{info.name}")
        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name)
    ]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    program: list[str] = []
    if "--" in argv:  # everything after -- is the program under test, untouched
        i = argv.index("--")
        argv, program = argv[:i], argv[i + 1 :]
    args = build_parser().parse_args(argv)
    args.program = program
    try:
        cat = load_catalogue()
    except CatalogueError as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    return args.fn(args, cat)


if __name__ == "__main__":
    sys.exit(main())
