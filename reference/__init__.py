"""The unospec reference engine: the executable form of the rulebook.

Standard library only, no I/O, deterministic. The public surface:

* :func:`new_game` — the position before any chance input (dealer selection next);
* :func:`legal_actions` — every legal action of every seat that may act, in a fixed order;
* :func:`apply` — the new position and the events an action caused, or :class:`IllegalAction`;
* :func:`load` / :func:`dump` — positions as JSON-ready dicts;
* :mod:`unospec.reference.chance` — seeded chance inputs; :mod:`unospec.reference.trace` — JSON Lines traces.

Every rule is implemented in one place, marked ``@implements("RULE-ID")``.

:data:`BUILD` says which build runs: ``"compiled"`` (the same modules compiled with mypyc,
``make native``) or ``"pure"`` (always available; forced with ``UNOSPEC_PURE=1``). See
:mod:`unospec.reference.native`.
"""

from unospec.reference import native as _native

BUILD = _native.choose(__path__)  # before the engine's modules are imported

from unospec.reference.engine import apply, chance_needed, legal_actions, new_game  # noqa: E402
from unospec.reference.errors import IllegalAction, PositionError  # noqa: E402
from unospec.reference.position import Position, dump, load  # noqa: E402

__all__ = [
    "BUILD",
    "IllegalAction",
    "Position",
    "PositionError",
    "apply",
    "chance_needed",
    "dump",
    "legal_actions",
    "load",
    "new_game",
]
