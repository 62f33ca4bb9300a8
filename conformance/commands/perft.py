"""``unospec perft POSITION --depth D [--divide] [--corpus] [-- PROGRAM]``.

Without a program the reference counts. With one, the program counts (it needs the
``load`` capability) and its count is compared with the reference's: exit 1 when they
differ, and ``--divide`` shows below which first actions. Exit 2 when the position cannot
be used or the program cannot be run (or the run is interrupted).
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

from unospec.commands import whole_number

depth = whole_number(0, "the depth")  # in plies, for argparse


def register(sub: Any) -> None:
    p = sub.add_parser(
        "perft", help="count action sequences to a depth (chess-style perft), or check the corpus"
    )
    p.add_argument(
        "position",
        nargs="?",
        type=Path,
        help="a position JSON file (complete or partial, or a reproducer from a report)",
    )
    p.add_argument("--depth", type=depth, default=3)
    p.add_argument("--divide", action="store_true", help="the count per first action")
    p.add_argument(
        "--corpus", action="store_true", help="check every case of spec/perft/corpus.jsonl"
    )
    p.add_argument("--max-depth", type=depth, default=99, help="with --corpus: skip deeper cases")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="only the count (with --corpus: only the cases that differ, and the tally)",
    )
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.perft import RefusedOwnAction
    from unospec.processes import interruptible
    from unospec.protocol import ProtocolError

    err = Console(stderr=True, soft_wrap=True)
    try:
        with interruptible():
            return _run(args, err)
    except KeyboardInterrupt as e:
        err.print(f"[red]interrupted[/red] ({e.args[0] if e.args else 'SIGINT'}): no count")
        return 2
    except ProtocolError as e:
        err.print(f"[red]error:[/red] the program could not be run: {e.kind}: {e.detail}")
        return 2
    except RefusedOwnAction as e:
        err.print(f"[red]difference:[/red] {e}")
        return 1


def _run(args: argparse.Namespace, err: Console) -> int:
    pos = None
    if args.corpus and (args.position is not None or args.divide):
        what = "a position file" if args.position is not None else "--divide"
        err.print(
            f"[red]error:[/red] --corpus checks the corpus's own positions: give {what} or --corpus, not both"
        )
        return 2
    if not args.corpus:
        if args.position is None:
            err.print("[red]error:[/red] give a position file, or --corpus")
            return 2
        if (pos := _read_position(args.position, err)) is None:
            return 2
    port = _start(list(args.program), err)
    if port is False:
        return 2
    try:
        return _corpus(args, port) if args.corpus else _count(args, pos, port)
    finally:
        if port is not None:
            port.program.close()


def _start(argv: list[str], err: Console) -> Any:
    """The program's port (``None`` without a program, ``False`` when it cannot be used)."""
    if not argv:
        return None
    from unospec.protocol import Program, ProgramPort, ProtocolError

    program = Program(argv)
    try:
        program.start()
    except ProtocolError as e:
        err.print(f"[red]error:[/red] cannot start the program: {e}")
        return False
    port = ProgramPort(program)
    if not port.can_load:
        err.print(
            "[red]error:[/red] the program does not declare the 'load' capability perft needs"
        )
        program.close()
        return False
    return port


def _read_position(path: Path, err: Console) -> Any:
    from unospec.perft import load_position
    from unospec.reference import PositionError
    from unospec.spec.jsonreader import JsonInputError, load_file

    try:
        data = load_file(path)
    except OSError as e:
        err.print(f"[red]error:[/red] cannot read {path}: {e.strerror or e}")
        return None
    except JsonInputError as e:
        err.print(f"[red]error:[/red] {path}: {e}")
        return None
    try:
        return load_position(data)
    except PositionError as e:
        err.print(f"[red]error:[/red] {path}: not a usable position: {e}")
        return None


def _count(args: argparse.Namespace, pos: Any, port: Any) -> int:
    from unospec.perft import compare_divide, divide, divide_port, perft, perft_port
    from unospec.reference import dump

    t0 = time.perf_counter()
    if args.divide:
        ref_parts = divide(pos, args.depth) if args.depth else []
        parts = divide_port(port, dump(pos), args.depth) if port and args.depth else ref_parts
        diffs = compare_divide(ref_parts, parts) if port else []
        total = sum(n for _, n in parts) if args.depth else 1
        reference = sum(n for _, n in ref_parts) if args.depth else 1
        _print_divide(args, parts, total, reference, diffs, port, time.perf_counter() - t0)
        return 1 if diffs or total != reference else 0
    reference = perft(pos, args.depth)
    total = perft_port(port, dump(pos), args.depth) if port else reference
    seconds = time.perf_counter() - t0
    if args.json:
        out: dict[str, Any] = {"depth": args.depth, "nodes": total}
        if port:
            out["reference"] = reference
        sys.stdout.write(json.dumps(out) + "\n")
    elif args.quiet:
        print(total)
    else:
        print(f"nodes {total} at depth {args.depth} ({seconds:.2f} s)")
        if port and total != reference:
            print(
                f"the reference counts {reference}: the program differs "
                "(--divide shows below which first actions)"
            )
    return 1 if total != reference else 0


def _print_divide(
    args: argparse.Namespace,
    parts: list[tuple[dict[str, Any], int]],
    total: int,
    reference: int,
    diffs: list[dict[str, Any]],
    port: Any,
    seconds: float,
) -> None:
    if args.json:
        out: dict[str, Any] = {
            "depth": args.depth,
            "nodes": total,
            "divide": [{"action": a, "nodes": n} for a, n in parts],
        }
        if port:
            out["reference"] = reference
            out["differences"] = diffs
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
        return
    for a, n in parts:
        print(f"{json.dumps(a)}: {n}")
    print(f"nodes {total} ({seconds:.2f} s)")
    if port and (diffs or total != reference):
        print(f"the reference counts {reference}; the counts differ below:")
        for d in diffs:
            print(
                f"  {json.dumps(d['action'])}: reference {d['reference']}, program {d['program']}"
            )


def _corpus(args: argparse.Namespace, port: Any) -> int:
    from unospec.perft import CORPUS, load_position, perft, perft_port
    from unospec.spec import jsonreader

    with CORPUS.open("rb") as f:
        cases = [jsonreader.loads(data, n) for n, data, _ in jsonreader.lines(f) if data]
    cases = [c for c in cases if c["depth"] <= args.max_depth]
    rows, bad = [], 0
    for c in cases:
        t0 = time.perf_counter()
        got = (
            perft_port(port, c["position"], c["depth"])
            if port
            else perft(load_position(c["position"]), c["depth"])
        )
        ok = got == c["nodes"]
        bad += not ok
        rows.append(
            {
                "id": c["id"],
                "depth": c["depth"],
                "expected": c["nodes"],
                "nodes": got,
                "ok": ok,
                "seconds": round(time.perf_counter() - t0, 4),
            }
        )
    if args.json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
    elif args.quiet:
        for r in rows:
            if not r["ok"]:
                print(f"{r['id']}: depth {r['depth']}, expected {r['expected']}, got {r['nodes']}")
        print(f"{len(rows) - bad}/{len(rows)} cases agree")
    else:
        table = Table(title=f"perft corpus ({len(rows)} cases)")
        for col in ("case", "depth", "expected", "nodes", "ok"):
            table.add_column(col)
        for r in rows:
            table.add_row(
                r["id"],
                str(r["depth"]),
                str(r["expected"]),
                str(r["nodes"]),
                "✓" if r["ok"] else "[red]✗[/red]",
            )
        Console(soft_wrap=True).print(table)
    return 1 if bad else 0
