"""Subcommands of ``unospec`` beyond the catalogue ones: each module here defines
``register(subparsers)``, which adds its parser and sets ``fn(args, catalogue) -> exit code``.
Modules are discovered automatically, so adding a command needs no edit elsewhere."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole_number(minimum: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number of ``minimum`` or more (``what`` names it in the
    message, as in "the depth must be 0 or more")."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{what + ' ' if what else ''}must be {minimum} or more, not {value}"
            )
        return value

    return parse
