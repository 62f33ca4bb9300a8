"""Serve one mutant over the live protocol: ``python tests/mutants/serve_mutant.py NAME``.

The program is ``unospec serve`` (the reference behind :class:`unospec.serve.Server`)
with the patch of mutant NAME applied first (see :mod:`definitions`), so it breaks
exactly one rule. ``--list`` prints every mutant with the rule it breaks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# A mutant replaces engine functions at run time, which only the pure build follows
# (compiled modules call each other directly): never the compiled build here.
os.environ["UNOSPEC_PURE"] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parent))

from definitions import MUTANTS  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--list"]:
        for m in MUTANTS.values():
            print(f"{m.name}\t{m.rule}\t{m.profile}\t{m.summary}")
        return 0
    if len(args) != 1 or args[0] not in MUTANTS:
        sys.stderr.write(
            "usage: serve_mutant.py NAME | --list\nmutants: " + " ".join(MUTANTS) + "\n"
        )
        return 2
    mutant = MUTANTS[args[0]]
    mutant.apply()

    from unospec import serve

    handle = serve.Server.handle

    def named(self, msg):  # the handshake says which mutant this is
        reply = handle(self, msg)
        if isinstance(msg, dict) and msg.get("cmd") == "hello" and reply and reply.get("ok"):
            reply["implementation"] = {
                **reply["implementation"],
                "name": f"unospec-mutant/{mutant.name}",
            }
        return reply

    serve.Server.handle = named
    return serve.serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
