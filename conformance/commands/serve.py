"""``unospec serve [--profile P]``: the reference engine over the live protocol (stdin/stdout)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser(
        "serve", help="serve the reference engine over the live protocol on stdin/stdout"
    )
    p.add_argument(
        "--profile", action="append", help="offer only this profile (repeatable; default: all)"
    )
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    """Serve until ``stop`` or the end of input (exit 0); interrupted by a signal, every
    reply produced is written first (exit 2)."""
    from unospec.processes import interruptible
    from unospec.serve import serve

    for name in args.profile or []:
        if name not in cat.profiles:
            print(f"error: unknown profile {name!r}", file=sys.stderr)
            return 2
    with interruptible():
        return serve(sys.stdin, sys.stdout, args.profile)
