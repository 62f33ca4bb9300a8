"""``unospec completion bash|zsh|fish``: the shell code that completes ``unospec``.

It comes from argcomplete (a dependency: pure Python, no dependencies of its own) and works
from any install, pipx's included, where argcomplete's own ``register-python-argcomplete``
script is not on the PATH. Activate it with ``eval "$(unospec completion bash)"`` (or
``zsh``) in the shell's start-up file.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.console import Console

SHELLS = ("bash", "zsh", "fish")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "completion",
        help="print the shell code that completes unospec's commands and options",
        description='Activate with: eval "$(unospec completion bash)" (or zsh) in ~/.bashrc '
        "or ~/.zshrc; for fish: unospec completion fish | source.",
    )
    p.add_argument("shell", choices=SHELLS)
    p.set_defaults(fn=run)


def run(args: argparse.Namespace, cat: Any) -> int:
    try:
        import argcomplete
    except ImportError:
        Console(stderr=True, soft_wrap=True).print(
            "[red]error:[/red] shell completion needs argcomplete: pip install argcomplete"
        )
        return 2
    sys.stdout.write(argcomplete.shellcode(["unospec"], shell=args.shell))
    return 0
