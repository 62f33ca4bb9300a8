"""``unospec perft POSITION --depth D [--divide] [--corpus] [-- PROGRAM]``."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table


def register(sub: Any) -> None:
    p = sub.add_parser(
        "perft", help="count action sequences to a depth (chess-style perft), or check the corpus"
    )
    p.add_argument(
        "position", nargs="?", type=Path, help="a position JSON file (complete or partial)"
    )
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--divide", action="store_true", help="the count per first action")
    p.add_argument(
        "--corpus", action="store_true", help="check every case of spec/perft/corpus.jsonl"
    )
    p.add_argument("--max-depth", type=int, default=99, help="with --corpus: skip deeper cases")
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    from unospec.perft import CORPUS, divide, load_position, perft, perft_port
    from unospec.reference import PositionError, dump

    err = Console(stderr=True)
    argv = list(args.program)
    port = None
    if argv:
        from unospec.protocol import Program, ProgramPort, ProtocolError

        try:
            program = Program(argv)
            program.start()
        except ProtocolError as e:
            err.print(f"[red]error:[/red] cannot start the program: {e}")
            return 2
        port = ProgramPort(program)
        if not port.can_load:
            err.print(
                "[red]error:[/red] the program does not declare the 'load' capability perft needs"
            )
            program.close()
            return 2
    try:
        if args.corpus:
            cases = [
                json.loads(line)
                for line in CORPUS.read_text(encoding="utf-8").splitlines()
                if line.strip()
            ]
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
                Console().print(table)
            return 1 if bad else 0
        if args.position is None:
            err.print("[red]error:[/red] give a position file, or --corpus")
            return 2
        try:
            data = json.loads(args.position.read_text(encoding="utf-8"))
            pos = load_position(data)
        except (OSError, json.JSONDecodeError) as e:
            err.print(f"[red]error:[/red] cannot read {args.position}: {e}")
            return 2
        except PositionError as e:
            err.print(f"[red]error:[/red] {e}")
            return 2
        t0 = time.perf_counter()
        if args.divide and not port:
            parts = divide(pos, args.depth)
            total = sum(n for _, n in parts)
            if args.json:
                sys.stdout.write(
                    json.dumps(
                        {
                            "depth": args.depth,
                            "nodes": total,
                            "divide": [{"action": a, "nodes": n} for a, n in parts],
                        },
                        indent=2,
                    )
                    + "\n"
                )
            else:
                for a, n in parts:
                    print(f"{json.dumps(a)}: {n}")
                print(f"nodes {total} ({time.perf_counter() - t0:.2f} s)")
            return 0
        total = perft_port(port, dump(pos), args.depth) if port else perft(pos, args.depth)
        if args.json:
            sys.stdout.write(json.dumps({"depth": args.depth, "nodes": total}) + "\n")
        else:
            print(f"nodes {total} at depth {args.depth} ({time.perf_counter() - t0:.2f} s)")
        return 0
    finally:
        if port is not None:
            port.program.close()
