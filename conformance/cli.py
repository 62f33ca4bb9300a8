"""The ``unospec`` command: readable tables by default, stable JSON with ``--json``.

Exit codes: 0 success, 1 a finding, 2 unusable input or a usage error, 3 an internal error
of unospec (one line on stderr, the traceback in a file it names; ``--debug`` shows it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.padding import Padding
from rich.table import Table

from unospec.commands import whole_number
from unospec.spec.catalogue import Catalogue, CatalogueError, Rule, UnknownIdError
from unospec.spec.catalogue import load as load_catalogue

console = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def rule_json(cat: Catalogue, rule: Rule) -> dict[str, Any]:
    from unospec.reference.registry import IMPLEMENTED

    return {
        "id": rule.id,
        "aliases": list(rule.aliases),
        "asks": list(rule.asks),
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
    message = str(e)
    if len(message) > 300:  # an ID of a megabyte is not echoed whole
        message = message[:299] + "…"
    err.print(f"[red]error:[/red] {message}", highlight=False)
    return 2


def cmd_rules(args: argparse.Namespace, cat: Catalogue) -> int:
    if args.id is not None:
        try:
            rules = [cat.rule(args.id)]
        except UnknownIdError as e:
            return _unknown(e)
    else:
        rules = [r for r in cat.rules.values() if (not args.kind or r.kind == args.kind)]
    if args.json:
        data = [rule_json(cat, r) for r in rules]
        _print_json(data[0] if args.id is not None else data)
        return 0
    if args.id is not None:
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
    if console.width < 72:
        _rules_listing(rules)
    else:
        console.print(rules_table(rules))
    return 0


def rules_table(rules: list[Rule]) -> Table:
    """The rules as a table whose ID column never wraps or truncates: on a narrower
    terminal the area and title wrap instead, and the borders thin out."""
    from rich import box

    narrow = console.width < 110
    table = Table(
        title=f"{len(rules)} rules",
        box=box.SIMPLE_HEAD if narrow else box.HEAVY_HEAD,
        collapse_padding=narrow,
        pad_edge=not narrow,
    )
    widest = max((len(r.id) for r in rules), default=2)
    table.add_column("ID", no_wrap=True, min_width=widest)
    table.add_column("kind", no_wrap=True)
    table.add_column("area", ratio=2, overflow="fold")
    table.add_column("title", ratio=3, overflow="fold")
    table.add_column("cites", justify="right", no_wrap=True)
    for r in rules:
        table.add_row(r.id, r.kind, r.area, r.title, str(len(r.citations)))
    return table


def _rules_listing(rules: list[Rule]) -> None:
    """Too narrow for a table: each rule's ID whole on its own line, the rest below it."""
    console.print(f"{len(rules)} rules", style="italic")
    for r in rules:
        console.print(f"[bold]{r.id}[/bold]", highlight=False, overflow="ignore", crop=False)
        cites = f"{len(r.citations)} citation{'s' if len(r.citations) != 1 else ''}"
        console.print(
            Padding(f"{r.title} [dim]({r.kind}, {r.area}, {cites})[/dim]", (0, 0, 0, 2)),
            highlight=False,
        )


def ambiguity_json(a: Any) -> dict[str, Any]:
    return {
        "id": a.id,
        "aliases": list(a.aliases),
        "title": a.title,
        "question": a.question,
        "keywords": list(a.keywords),
        "asks": list(a.asks),
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
    if args.id is not None:
        try:
            items = [cat.ambiguity(args.id)]
        except UnknownIdError as e:
            return _unknown(e)
    else:
        items = list(cat.ambiguities.values())
    if args.json:
        data = [ambiguity_json(a) for a in items]
        _print_json(data[0] if args.id is not None else data)
        return 0
    if args.id is not None:
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
    table.add_column("ID", no_wrap=True, min_width=max((len(a.id) for a in items), default=2))
    for col in ("title", *cat.profiles):
        table.add_column(col, overflow="fold")
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


def profile_problem(cat: Catalogue, name: str) -> int:
    """0 when ``name`` is a built-in profile or a usable profile file; else print why, 2."""
    from unospec.profile_files import ProfileFileError, check

    try:
        check(cat, name)
    except (ProfileFileError, UnknownIdError, CatalogueError) as e:
        err.print(f"[red]error:[/red] {e}", highlight=False)
        return 2
    return 0


def cmd_profiles(args: argparse.Namespace, cat: Catalogue) -> int:
    if args.name is not None:
        if profile_problem(cat, args.name):
            return 2
        profs = [cat.profile(args.name)]
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
    if profile_problem(cat, args.profile):
        return 2
    try:
        cat.effective_options(args.profile, options or None)
    except CatalogueError as e:
        for problem in e.problems:
            err.print(f"[red]error:[/red] --option: {problem.removeprefix('options: ')}")
        return 2
    except UnknownIdError as e:
        err.print(f"[red]error:[/red] {e}")
        return 2
    trace = _open_trace(args.trace)
    if trace is False:
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
    if trace:
        with trace:
            trace.write("\n".join(game.lines()) + "\n")
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


def _open_trace(name: str | None) -> Any:
    """The trace file opened for writing before the game is played (``None`` without
    ``--trace``; ``False``, with the reason printed, when it cannot be written)."""
    if name is None:
        return None
    try:
        return Path(name).open("w", encoding="utf-8")
    except OSError as e:
        err.print(
            f"[red]error:[/red] cannot write the trace {name}: {e.strerror or e}", highlight=False
        )
        return False


positive = whole_number(1)  # for argparse


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
    pl.add_argument("--max-actions", type=positive, default=1_000_000)
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(fn=cmd_play)
    for module in command_modules():
        module.register(sub)
    _common_options(p, sub)
    return p


# Commands whose output is long: -q keeps the verdict and drops progress and decoration.
QUIET = ("certify", "validate", "perft", "prove", "dump", "mutants")


def _common_options(top: argparse.ArgumentParser, sub: Any) -> None:
    """``--version`` and ``--debug`` on the top level and on every command, and ``-q`` on
    the commands of :data:`QUIET` (each unless the command declares it itself)."""
    from unospec import __version__

    version = f"unospec {__version__}"
    for parser, default in ((top, False), *((c, argparse.SUPPRESS) for c in sub.choices.values())):
        _add_once(parser, "--version", action="version", version=version)
        _add_once(
            parser,
            "--debug",
            action="store_true",
            default=default,
            help="on an internal error, show the traceback instead of writing it to a file",
        )
    for name in QUIET:
        if name in sub.choices:
            _add_once(
                sub.choices[name],
                "-q",
                "--quiet",
                action="store_true",
                help="no progress display and no decoration: the verdict and what failed",
            )


def _add_once(parser: argparse.ArgumentParser, *flags: str, **kw: Any) -> None:
    if not set(flags) & parser._option_string_actions.keys():
        parser.add_argument(*flags, **kw)


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
    debug = "--debug" in argv
    try:
        parser = build_parser()
        _autocomplete(parser)
        args = parser.parse_args(argv)
        args.program = program
        try:
            cat = load_catalogue()
        except CatalogueError as e:
            err.print(f"[red]error:[/red] {e}")
            return 2
        return int(args.fn(args, cat))
    except KeyboardInterrupt:
        err.print("[red]interrupted[/red]")
        return 130
    except BrokenPipeError:
        # the reader went away (``unospec rules | head``): no traceback, and no second
        # error when Python flushes stdout on the way out
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except Exception as e:
        if debug:
            raise
        return internal_error(e, argv)


def _autocomplete(parser: argparse.ArgumentParser) -> None:
    """Shell completion through argcomplete, when it is installed; it answers and exits
    only when a shell asks (``_ARGCOMPLETE`` set), and costs nothing otherwise."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        import argcomplete
    except ImportError:
        return
    argcomplete.autocomplete(parser)


def crash_dir() -> Path:
    """Where tracebacks of internal errors go: ``$XDG_CACHE_HOME/unospec`` (by default
    ``~/.cache/unospec``), else the system's temporary directory."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "unospec"


def internal_error(e: BaseException, argv: list[str]) -> int:
    """Exit 3: one line on stderr, the traceback in a file that line names."""
    import platform
    import tempfile
    import traceback
    from datetime import UTC, datetime

    from unospec import __version__

    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    text = (
        f"unospec {__version__}, Python {platform.python_version()}, {platform.platform()}\n"
        f"command: unospec {' '.join(argv)}\n\n" + "".join(traceback.format_exception(e))
    )
    where = None
    for folder in (crash_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"unospec-crash-{stamp}-{os.getpid()}.txt"
            path.write_text(text, encoding="utf-8")
            where = path
            break
        except OSError:
            continue
    what = " ".join(f"{type(e).__name__}: {e}".split())
    if len(what) > 300:
        what = what[:299] + "…"
    tail = (
        f"the traceback is in {where}"
        if where
        else "the traceback could not be written (run again with --debug to see it)"
    )
    sys.stderr.write(f"internal error in unospec: {what}; {tail}\n")
    return 3


if __name__ == "__main__":
    sys.exit(main())
