"""The unospec reference engine: the executable form of the rulebook.

Standard library only, no I/O, deterministic. The public surface:

* :func:`new_game` — the position before any chance input (dealer selection next);
* :func:`legal_actions` — every legal action of every seat that may act, in a fixed order;
* :func:`apply` — the new position and the events an action caused, or :class:`IllegalAction`;
* :func:`load` / :func:`dump` — positions as JSON-ready dicts;
* :mod:`unospec.reference.chance` — seeded chance inputs; :mod:`unospec.reference.trace` — JSON Lines traces.

Every rule is implemented in one place, marked ``@implements("RULE-ID")``.
"""

from unospec.reference.engine import apply, chance_needed, legal_actions, new_game
from unospec.reference.errors import IllegalAction, PositionError
from unospec.reference.position import Position, dump, load

__all__ = [
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
