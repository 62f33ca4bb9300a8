"""A position: the complete state of a match, as JSON — UNO's analogue of chess FEN.

``dump(load(p)) == p`` for every valid position ``p``. :func:`load` rejects positions
that cannot exist (a card outside the notation, a deck that is not exactly the
108-card deck, a seat out of range, …) with a :class:`PositionError` naming the field
as a JSON pointer.

Fields (see ``docs`` for the full reference):

``profile``, ``options``
    the profile name (or profile file) and option overrides on top of it
``players``
    seats ``0 .. players-1``, clockwise
``phase``
    what the game waits for: ``deal`` (chance), ``turn``, ``drawn``, ``colour``,
    ``challenge``, ``stack``, ``swap``, ``multi``, ``cheat``, ``over``
``to_act``, ``direction``
    the seat whose decision it is, and ``1`` clockwise / ``-1`` counter-clockwise
``hands``, ``draw_pile`` (index 0 is the top), ``discard_pile`` (the last is the top)
``colour``
    the current colour (CURRENT-COLOUR), ``null`` before the first discard
``pending``
    the obligation of the current phase (who must name a colour, the Wild Draw Four a
    victim may challenge, the draw total a victim may stack on, …)
``owed_draws``
    penalty and turn draws not yet served (a reshuffle may be needed first)
``chance``
    the chance input the game waits for, or ``null``
``announced``
    under V-CHEAT, the card announced for the face-down top discard (else ``null``)
``last_played_by``
    the seat that laid the top discard (``null`` for the starter)
``uno``
    per seat: ``null``, ``"owed"`` (must call, not yet catchable), ``"catchable"``
    or ``"called"``
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from unospec.reference.config import Config, config
from unospec.reference.errors import PositionError
from unospec.spec.cards import CANONICAL_DECK, COLOURS, DECK_COUNTS, DECK_SIZE, is_card

FORMAT = 1
PHASES = (
    "dealer",
    "deal",
    "turn",
    "drawn",
    "colour",
    "challenge",
    "stack",
    "swap",
    "multi",
    "cheat",
    "scoring",
    "over",
)
UNO_STATES = (None, "owed", "catchable", "called")


@dataclass
class Position:
    profile: str
    options: dict[str, Any]
    players: int
    phase: str
    to_act: int | None
    direction: int
    dealer: int | None
    hands: list[list[str]]
    draw_pile: list[str]
    discard_pile: list[str]
    colour: str | None
    pending: dict[str, Any] | None = None
    owed_draws: list[dict[str, Any]] = field(default_factory=list)
    chance: dict[str, Any] | None = None
    drawn: list[str] = field(default_factory=list)
    uno: list[str | None] = field(default_factory=list)
    missed_turns: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    eliminated: list[bool] = field(default_factory=list)
    round: int = 1
    idle_turns: int = 0
    winner: list[int] | None = None
    announced: str | None = None
    last_played_by: int | None = None
    last_round: dict[str, Any] | None = None
    cfg: Config = field(init=False, repr=False, compare=False)  # the compiled options
    # Not part of the position (never dumped or compared): the legal actions, computed at
    # most once per position (see :func:`unospec.reference.engine.legal_actions`), and the
    # seats whose duty to call UNO an action renewed (V-UNO-OUT-CALL, read by uno.refresh).
    _legal: list[dict[str, Any]] | None = field(default=None, repr=False, compare=False)
    _uno_renewed: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        self.cfg = config(self.profile, self.options)

    def copy(self) -> Position:
        """A copy that shares nothing mutable with this position (the legal actions are
        computed anew for it)."""
        pend = self.pending
        return Position(
            profile=self.profile,
            options=self.options,  # never changed once the game is set up
            players=self.players,
            phase=self.phase,
            to_act=self.to_act,
            direction=self.direction,
            dealer=self.dealer,
            hands=[h[:] for h in self.hands],
            draw_pile=self.draw_pile[:],
            discard_pile=self.discard_pile[:],
            colour=self.colour,
            # pending is changed in place one level deep (its card list grows)
            pending=None if pend is None else {k: _shallow(v) for k, v in pend.items()},
            # owed draws and chance requests are replaced, never changed in place
            owed_draws=self.owed_draws[:],
            chance=self.chance,
            drawn=self.drawn[:],
            uno=self.uno[:],
            missed_turns=self.missed_turns[:],
            scores=self.scores[:],
            eliminated=self.eliminated[:],
            round=self.round,
            idle_turns=self.idle_turns,
            winner=self.winner,
            announced=self.announced,
            last_played_by=self.last_played_by,
            last_round=self.last_round,
        )

    def forget_legal(self) -> None:
        """Drop the legal actions computed for this position: for code that changes a
        position by hand (the engine's own actions do it themselves)."""
        self._legal = None

    def obligation(self) -> dict[str, Any]:
        """``pending``, where the phase says there is one (a rule reads it only then)."""
        pend = self.pending
        if pend is None:
            raise RuntimeError(f"the {self.phase!r} phase has no pending obligation")
        return pend

    def seat(self) -> int:
        """``to_act``, where the phase says a seat is to act."""
        seat = self.to_act
        if seat is None:
            raise RuntimeError(f"no seat is to act in the {self.phase!r} phase")
        return seat

    @property
    def top(self) -> str | None:
        return self.discard_pile[-1] if self.discard_pile else None

    @property
    def active(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]


def _shallow(v: Any) -> Any:
    return v[:] if type(v) is list else v


def _deepcopy(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _deepcopy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_deepcopy(x) for x in v]
    return v


_FIELDS = [f.name for f in fields(Position) if f.compare]


def dump(pos: Position, share: bool = False) -> dict[str, Any]:
    """The position as a JSON-ready dict (``unospec_position`` carries the format version).

    With ``share=True`` the dict shares the position's lists instead of copying them: for
    serialising at once (positions are never changed in place once built, but the caller
    must not change the dict)."""
    out: dict[str, Any] = {"unospec_position": FORMAT}
    if share:
        for name in _FIELDS:
            out[name] = getattr(pos, name)
        return out
    for name in _FIELDS:
        out[name] = _deepcopy(getattr(pos, name))
    return out


def load(data: dict[str, Any]) -> Position:
    """Build and validate a position from JSON. Raises :class:`PositionError`."""
    if not isinstance(data, dict):
        raise PositionError("", "a position is a JSON object")
    if data.get("unospec_position", FORMAT) != FORMAT:
        raise PositionError(
            "/unospec_position",
            f"format {data.get('unospec_position')!r} is not supported (expected {FORMAT})",
        )
    unknown = set(data) - set(_FIELDS) - {"unospec_position"}
    if unknown:
        raise PositionError(f"/{sorted(unknown)[0]}", "unknown field")
    n = data.get("players")
    if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 10:
        raise PositionError(
            "/players", f"must be an integer from 2 to 10, got {n!r}", "PLAYER-COUNT"
        )
    defaults: dict[str, Any] = {
        "pending": None,
        "owed_draws": [],
        "chance": None,
        "drawn": [],
        "uno": [None] * n,
        "missed_turns": [0] * n,
        "scores": [0] * n,
        "eliminated": [False] * n,
        "round": 1,
        "idle_turns": 0,
        "winner": None,
        "announced": None,
        "last_played_by": None,
        "last_round": None,
        "options": {},
        "profile": "official",
    }
    kw: dict[str, Any] = {}
    for name in _FIELDS:
        if name in data:
            kw[name] = _deepcopy(data[name])
        elif name in defaults:
            kw[name] = _deepcopy(defaults[name])
        else:
            raise PositionError(f"/{name}", "required field is missing")
    _check(kw, n)
    try:
        return Position(**kw)
    except Exception as e:  # unknown profile or bad options
        raise PositionError("/options" if kw["options"] else "/profile", str(e)) from None


def _seat(v: Any, n: int, where: str, nullable: bool = False) -> None:
    if v is None and nullable:
        return
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise PositionError(where, f"must be a seat from 0 to {n - 1}, got {v!r}")


def _cards(v: Any, where: str) -> None:
    if not isinstance(v, list):
        raise PositionError(where, "must be a list of cards")
    for i, c in enumerate(v):
        if not is_card(c):
            raise PositionError(
                f"{where}/{i}", f"{c!r} is not a card (expected e.g. R7, GS, BR, YD2, W, WD4)"
            )


def _check(kw: dict[str, Any], n: int) -> None:
    if not isinstance(kw["profile"], str):
        raise PositionError("/profile", "must be a profile name")
    if not isinstance(kw["options"], dict):
        raise PositionError("/options", "must be an object of option overrides")
    if kw["phase"] not in PHASES:
        raise PositionError("/phase", f"must be one of {', '.join(PHASES)}, got {kw['phase']!r}")
    if kw["direction"] not in (1, -1):
        raise PositionError("/direction", f"must be 1 or -1, got {kw['direction']!r}")
    _seat(kw["to_act"], n, "/to_act", nullable=kw["phase"] in ("deal", "dealer", "scoring", "over"))
    _seat(kw["dealer"], n, "/dealer", nullable=kw["phase"] == "dealer")
    hands = kw["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise PositionError("/hands", f"must hold one hand per seat ({n})")
    for i, h in enumerate(hands):
        _cards(h, f"/hands/{i}")
    _cards(kw["draw_pile"], "/draw_pile")
    _cards(kw["discard_pile"], "/discard_pile")
    _cards(kw["drawn"], "/drawn")
    if kw["colour"] is not None and kw["colour"] not in COLOURS:
        raise PositionError("/colour", f"must be one of R, Y, G, B or null, got {kw['colour']!r}")
    if (
        kw["colour"] is None
        and kw["discard_pile"]
        and kw["phase"] not in ("colour", "deal", "dealer", "scoring", "over")
    ):
        raise PositionError(
            "/colour",
            "a discard pile is showing, so there must be a current colour",
            "CURRENT-COLOUR",
        )
    for name in ("uno", "missed_turns", "scores", "eliminated"):
        if not isinstance(kw[name], list) or len(kw[name]) != n:
            raise PositionError(f"/{name}", f"must hold one entry per seat ({n})")
    for i, u in enumerate(kw["uno"]):
        if u not in UNO_STATES:
            raise PositionError(
                f"/uno/{i}", f"must be null, 'owed', 'catchable' or 'called', got {u!r}"
            )
    for i, m in enumerate(kw["missed_turns"]):
        if not isinstance(m, int) or m < 0:
            raise PositionError(f"/missed_turns/{i}", "must be a non-negative integer")
    for i, s in enumerate(kw["scores"]):
        if not isinstance(s, int) or isinstance(s, bool):
            raise PositionError(f"/scores/{i}", "must be an integer")
    for i, o in enumerate(kw["owed_draws"]):
        if not isinstance(o, dict) or "seat" not in o or "count" not in o:
            raise PositionError(f"/owed_draws/{i}", "must be an object with seat and count")
        _seat(o["seat"], n, f"/owed_draws/{i}/seat")
        if not isinstance(o["count"], int) or o["count"] < 0:
            raise PositionError(f"/owed_draws/{i}/count", "must be a non-negative integer")
    # DECK-COMPOSITION: every card of the 108-card deck is somewhere, exactly once per copy.
    counts = Counter(kw["draw_pile"]) + Counter(kw["discard_pile"])
    for h in hands:
        counts.update(h)
    total = sum(counts.values())
    if total != DECK_SIZE:
        raise PositionError(
            "/hands",
            f"hands and piles hold {total} cards; the deck has {DECK_SIZE}",
            "DECK-COMPOSITION",
        )
    for kind, want in DECK_COUNTS.items():
        if counts[kind] != want:
            raise PositionError(
                "/hands",
                f"the deck has {want} × {kind}, the position has {counts[kind]}",
                "DECK-COMPOSITION",
            )


def complete(partial: dict[str, Any]) -> dict[str, Any]:
    """A full position from a partial one, for tests, scenarios and examples.

    Give at least ``players`` and ``hands``; ``top`` is a shorthand for a one-card
    discard pile. Unspecified fields take the values of a round in progress (phase
    ``turn``, seat 0 to act, clockwise, the dealer on seat 0's right, the colour of the
    top card), and every card of the deck not placed in a hand or pile goes to the
    bottom of the draw pile in canonical order, so the deck is always complete.
    """
    p: dict[str, Any] = _deepcopy(partial)
    n = p["players"]
    if "top" in p:
        p["discard_pile"] = [p.pop("top")]
    p.setdefault("discard_pile", [])
    p.setdefault("draw_pile", [])
    p.setdefault("phase", "turn")
    p.setdefault("to_act", 0)
    p.setdefault("direction", 1)
    p.setdefault("dealer", (p["to_act"] - p["direction"]) % n if p["to_act"] is not None else 0)
    if "colour" not in p:
        top = p["discard_pile"][-1] if p["discard_pile"] else None
        p["colour"] = top[0] if top and top not in ("W", "WD4") else None
    left = Counter(CANONICAL_DECK)
    for pile in (*p["hands"], p["discard_pile"], p["draw_pile"]):
        left.subtract(pile)
    over = sorted(k for k, v in left.items() if v < 0)
    if over:
        raise PositionError(
            "/hands", f"more copies of {', '.join(over)} than the deck holds", "DECK-COMPOSITION"
        )
    p["draw_pile"] = p["draw_pile"] + [
        c for c in CANONICAL_DECK if left[c] > 0 and not left.subtract([c])
    ]
    return p
