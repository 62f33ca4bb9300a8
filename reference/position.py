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
from unospec.spec.cards import (
    CANONICAL_DECK,
    COLOURS,
    DECK_COUNTS,
    DECK_SIZE,
    WILD_DRAW_FOUR,
    WILDS,
    face,
    is_card,
)

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
        copy = Position(
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
        copy.cfg = self.cfg  # the same rules (a position played under other options keeps them)
        return copy

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
        cfg = config(kw["profile"], kw["options"])
    except Exception as e:  # unknown profile or bad options
        raise PositionError("/options" if kw["options"] else "/profile", str(e)) from None
    _check_state(kw, n, cfg)
    return Position(**kw)  # its cfg is compiled again from the same cache


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
    if type(kw["direction"]) is not int or kw["direction"] not in (1, -1):
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
        if not _count(m):
            raise PositionError(f"/missed_turns/{i}", "must be a non-negative integer")
    for i, s in enumerate(kw["scores"]):
        if not isinstance(s, int) or isinstance(s, bool):
            raise PositionError(f"/scores/{i}", "must be an integer")
    _check_owed_draws(kw["owed_draws"], n)
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


def _count(v: Any) -> bool:
    return type(v) is int and v >= 0


def _check_owed_draws(owed: Any, n: int) -> None:
    """``owed_draws``: ``[{seat, count, rule, turn?}]``, the draws not yet served."""
    if not isinstance(owed, list):
        raise PositionError("/owed_draws", "must be a list of {seat, count, rule} objects")
    for i, o in enumerate(owed):
        where = f"/owed_draws/{i}"
        if not isinstance(o, dict) or not {"seat", "count", "rule"} <= o.keys():
            raise PositionError(where, "must be an object with seat, count and rule")
        if extra := set(o) - {"seat", "count", "rule", "turn"}:
            raise PositionError(f"{where}/{sorted(extra)[0]}", "unknown field")
        _seat(o["seat"], n, f"{where}/seat")
        if not _count(o["count"]):
            raise PositionError(f"{where}/count", "must be a non-negative integer")
        if not isinstance(o["rule"], str) or not o["rule"]:
            raise PositionError(f"{where}/rule", "must name the rule that makes the seat draw")
        if "turn" in o and type(o["turn"]) is not bool:
            raise PositionError(f"{where}/turn", "must be true or false")


#: the phases in which a seat decides, with a current discard and ``to_act`` set
DECIDING = ("turn", "drawn", "colour", "challenge", "stack", "swap", "multi", "cheat")


def _check_state(kw: dict[str, Any], n: int, cfg: Config) -> None:
    """What the engine needs to go on from the position: the bookkeeping fields well
    formed, the chance request and ``pending`` of the shape the phase reads, and a phase
    the profile and options can reach."""
    for name in ("round", "idle_turns"):
        if not _count(kw[name]) or (name == "round" and kw[name] < 1):
            raise PositionError(
                f"/{name}", "must be a whole number" + (" from 1" if name == "round" else "")
            )
    for i, e in enumerate(kw["eliminated"]):
        if type(e) is not bool:
            raise PositionError(f"/eliminated/{i}", "must be true or false")
    _seat(kw["last_played_by"], n, "/last_played_by", nullable=True)
    _check_winner(kw, n)
    _check_seats_in_play(kw, n)
    phase = kw["phase"]
    if phase in DECIDING and not kw["discard_pile"]:
        raise PositionError("/discard_pile", f"phase {phase} needs a card on the discard pile")
    _check_announced(kw, cfg)
    _check_chance(kw, n)
    _check_pending(kw, n, cfg)


def _check_winner(kw: dict[str, Any], n: int) -> None:
    winner = kw["winner"]
    if winner is not None:
        if not isinstance(winner, list) or not winner:
            raise PositionError("/winner", "must be null or the list of the winning seats")
        for i, s in enumerate(winner):
            _seat(s, n, f"/winner/{i}")
    last = kw["last_round"]
    if last is not None:
        if not isinstance(last, dict) or "winner" not in last:
            raise PositionError("/last_round", "must be null or an object with the round's winner")
        _seat(last["winner"], n, "/last_round/winner", nullable=True)


def _check_seats_in_play(kw: dict[str, Any], n: int) -> None:
    """The seat to act and the dealer are still in the match, and two seats at least are
    (V-ALT-SCORING-LOSER-500 eliminates players)."""
    out = kw["eliminated"]
    if kw["phase"] != "over" and sum(not e for e in out) < 2:
        raise PositionError("/eliminated", "at least two seats must still be playing")
    for name in ("to_act", "dealer"):
        s = kw[name]
        if s is not None and out[s] and kw["phase"] != "over":
            raise PositionError(
                f"/{name}", f"seat {s} has been eliminated", "V-ALT-SCORING-LOSER-500"
            )


def _check_announced(kw: dict[str, Any], cfg: Config) -> None:
    """``announced``: under V-CHEAT the coloured card announced for a face-down top discard."""
    a = kw["announced"]
    if a is None:
        return
    if not cfg.cheat:
        raise PositionError("/announced", "only Cheat UNO announces a card", "V-CHEAT")
    if not is_card(a) or a in WILDS:
        raise PositionError("/announced", f"must be a coloured card or null, got {a!r}", "V-CHEAT")


#: the chance requests: ``type`` -> (the fields besides ``type``, the phases that ask for it)
CHANCE_SHAPES = {
    "dealer_draw": ({"seats"}, ("dealer",)),
    "deal": ({"dealer", "hand_size", "seats"}, ("deal",)),
    "shuffle": ({"purpose", "cards"}, ()),
}


def _check_chance(kw: dict[str, Any], n: int) -> None:
    """``chance``: the chance input the game waits for, of the shape the engine asks for
    it, in a phase that asks for it, and covering the cards it reorders."""
    c, phase = kw["chance"], kw["phase"]
    if c is None:
        if phase in ("dealer", "deal"):
            raise PositionError("/chance", f"phase {phase} waits for a chance input; it is missing")
        return
    if (
        not isinstance(c, dict)
        or not isinstance(c.get("type"), str)
        or c["type"] not in CHANCE_SHAPES
    ):
        raise PositionError(
            "/chance", "must be null or a chance request: dealer_draw, deal or shuffle"
        )
    fields_, phases = CHANCE_SHAPES[c["type"]]
    if set(c) != {"type", *fields_}:
        raise PositionError(
            "/chance", f"a {c['type']} request has exactly {', '.join(sorted(fields_))}"
        )
    if c["type"] != "shuffle":
        if phase not in phases:
            raise PositionError("/chance/type", f"phase {phase} does not ask for {c['type']}")
        seats = c["seats"]
        if not isinstance(seats, list) or not seats or len(set(map(repr, seats))) != len(seats):
            raise PositionError("/chance/seats", "must list distinct seats")
        for i, s in enumerate(seats):
            _seat(s, n, f"/chance/seats/{i}")
        if c["type"] == "deal":
            _check_deal_request(kw, c, n)
        return
    _check_shuffle(kw, c)


def _check_deal_request(kw: dict[str, Any], c: dict[str, Any], n: int) -> None:
    """The deal the game waits for: to every seat still playing, from the dealer's left, a
    hand the deck can give (DEAL-SEVEN makes it seven; a request for another size is
    refused when the deal comes)."""
    if c["dealer"] != kw["dealer"]:
        raise PositionError("/chance/dealer", f"must be the dealer, seat {kw['dealer']}")
    size = c["hand_size"]
    if not _count(size) or size * len(c["seats"]) >= DECK_SIZE:
        raise PositionError(
            "/chance/hand_size", f"a deal of {size!r} cards to each seat cannot come from the deck"
        )
    order = [(kw["dealer"] + k) % n for k in range(1, n + 1)]
    if c["seats"] != [s for s in order if not kw["eliminated"][s]]:
        raise PositionError(
            "/chance/seats", "must be the seats still playing, from the dealer's left", "DEAL-SEVEN"
        )


def _check_shuffle(kw: dict[str, Any], c: dict[str, Any]) -> None:
    phase, purpose = kw["phase"], c["purpose"]
    _cards(c["cards"], "/chance/cards")
    if purpose == "starter":
        if phase != "deal":
            raise PositionError("/chance/purpose", "the starter is reshuffled only in phase deal")
        pile, what = kw["draw_pile"], "the draw pile"
    elif purpose == "reshuffle":
        if phase not in DECIDING and phase != "scoring":
            raise PositionError("/chance/purpose", f"phase {phase} does not reshuffle", "RESHUFFLE")
        keep = 2 if phase == "cheat" else 1
        pile, what = kw["discard_pile"][:-keep], "the discards below the top"
    else:
        raise PositionError("/chance/purpose", f"must be starter or reshuffle, got {purpose!r}")
    if Counter(c["cards"]) != Counter(pile):
        raise PositionError(
            "/chance/cards", f"the cards to shuffle must be exactly {what}", "RESHUFFLE"
        )


#: ``pending`` in each phase: the fields it must have, and those it may have
GROUP = {"seat", "cards", "start_top", "start_colour"}
GROUP_EXTRA = {"after_draw", "carry", "swapped", "wild", "prior_colour", "wd4_legal"}
DRAW_HIT = {"seat", "from", "total", "card", "wd4_legal", "prior_colour"}
PENDING_SHAPES: dict[str, tuple[set[str], set[str]]] = {
    "drawn": ({"seat"}, set()),
    "challenge": (DRAW_HIT, {"next", "final"}),
    "stack": (DRAW_HIT, {"next"}),
    "swap": (GROUP, GROUP_EXTRA),
    "multi": (GROUP, GROUP_EXTRA),
    "cheat": ({"seat", "from", "card", "claim", "prior_top", "prior_colour", "cards"}, set()),
    "scoring": ({"winner"}, set()),
}
#: the variant (compiled option) without which a phase cannot arise
PHASE_VARIANT = {
    "challenge": ("wd4_challenge", "V-NO-WD4-CHALLENGE"),
    "stack": ("stackable", "V-STACK-DRAW"),
    "swap": ("seven_zero", "V-SEVEN-ZERO"),
    "cheat": ("cheat", "V-CHEAT"),
}


def _check_pending(kw: dict[str, Any], n: int, cfg: Config) -> None:
    """``pending``: the obligation of the current phase, with every field the engine reads."""
    phase, pend = kw["phase"], kw["pending"]
    if phase in PHASE_VARIANT and not getattr(cfg, PHASE_VARIANT[phase][0]):
        raise PositionError(
            "/phase", f"phase {phase} cannot arise under these options", PHASE_VARIANT[phase][1]
        )
    if phase == "multi" and not (cfg.multi or cfg.multi_identical):
        raise PositionError("/phase", "phase multi needs a multi-card variant", "V-MULTI-PLAY")
    if phase in ("dealer", "deal", "turn", "over"):
        if pend is not None:
            raise PositionError("/pending", f"must be null in phase {phase}")
        return
    if not isinstance(pend, dict):
        raise PositionError("/pending", f"phase {phase} needs its pending obligation (an object)")
    if phase == "colour":
        return _check_colour_pending(pend, n, kw)
    need, may = PENDING_SHAPES[phase]
    if missing := need - set(pend):
        raise PositionError(
            f"/pending/{sorted(missing)[0]}", f"phase {phase} needs it; it is missing"
        )
    if extra := set(pend) - need - may:
        raise PositionError(f"/pending/{sorted(extra)[0]}", f"unknown field in phase {phase}")
    _check_pending_values(pend, n, kw)
    if phase == "challenge" and pend["card"] != WILD_DRAW_FOUR:
        raise PositionError("/pending/card", "only a Wild Draw Four is challenged", "WD4-CHALLENGE")
    if phase == "stack" and pend["card"] != WILD_DRAW_FOUR and pend["card"][1:] != "D2":
        raise PositionError("/pending/card", "only a draw card is stacked on", "V-STACK-DRAW")
    if phase == "cheat":
        _check_cheat_pending(pend, kw)


def _check_colour_pending(pend: dict[str, Any], n: int, kw: dict[str, Any]) -> None:
    """A wild card waits for its colour: the starter (FIRST-CARD-WILD) or this turn's cards."""
    base = {"seat", "wild", "prior_colour"}
    need, may = (base | {"starter"}, set()) if pend.get("starter") else (base | GROUP, GROUP_EXTRA)
    if missing := need - set(pend):
        raise PositionError(
            f"/pending/{sorted(missing)[0]}", "phase colour needs it; it is missing"
        )
    if extra := set(pend) - need - may:
        raise PositionError(f"/pending/{sorted(extra)[0]}", "unknown field in phase colour")
    _check_pending_values(pend, n, kw)
    if pend["wild"] not in WILDS:
        raise PositionError("/pending/wild", "must be W or WD4", "WILD-COLOUR-CHOICE")
    if "cards" in pend and pend["cards"][-1] != pend["wild"]:
        raise PositionError(
            "/pending/cards",
            "the last card of the turn must be the wild card",
            "WILD-COLOUR-CHOICE",
        )


def _check_pending_values(pend: dict[str, Any], n: int, kw: dict[str, Any]) -> None:
    """The types of the fields of ``pending`` (whichever are present)."""
    for key in ("seat", "from", "next", "winner"):
        if key in pend:
            _seat(pend[key], n, f"/pending/{key}")
    if "seat" in pend and pend["seat"] != kw["to_act"]:
        raise PositionError("/pending/seat", f"must be the seat to act ({kw['to_act']})")
    if "from" in pend and pend["from"] == pend["seat"]:
        raise PositionError("/pending/from", "must be another seat than the one to act")
    for key in ("card", "claim", "start_top", "prior_top", "wild"):
        if key in pend and not is_card(pend[key]):
            raise PositionError(f"/pending/{key}", f"{pend[key]!r} is not a card")
    for key in ("prior_colour", "start_colour"):
        if key in pend and pend[key] is not None and pend[key] not in COLOURS:
            raise PositionError(f"/pending/{key}", "must be R, Y, G, B or null")
    for key in ("total", "carry"):
        if key in pend and not _count(pend[key]):
            raise PositionError(f"/pending/{key}", "must be a non-negative integer")
    for key in ("wd4_legal", "after_draw", "swapped", "starter", "final"):
        if key in pend and type(pend[key]) is not bool:
            raise PositionError(f"/pending/{key}", "must be true or false")
    if "cards" in pend:
        _cards(pend["cards"], "/pending/cards")
        if not pend["cards"]:
            raise PositionError("/pending/cards", "must hold the cards of this turn (at least one)")
    if "total" in pend and "card" in pend and pend["total"] < DRAWS.get(face(pend["card"]), 0):
        raise PositionError("/pending/total", f"cannot be less than the {pend['card']} draws")


def _check_cheat_pending(pend: dict[str, Any], kw: dict[str, Any]) -> None:
    """A face-down card awaits its verdict (V-CHEAT): it is the top discard, over the card
    it was laid on, and the announcement is on the table."""
    if pend["card"] in WILDS or pend["claim"] in WILDS:
        raise PositionError("/pending/card", "wild cards are never laid face down", "V-CHEAT")
    if pend["cards"] != [pend["claim"]]:
        raise PositionError("/pending/cards", "must be the announced card alone", "V-CHEAT")
    if len(kw["discard_pile"]) < 2 or kw["discard_pile"][-1] != pend["card"]:
        raise PositionError(
            "/discard_pile", "the face-down card must lie on top of another", "V-CHEAT"
        )
    if kw["announced"] != pend["claim"]:
        raise PositionError(
            "/announced", "must be the card announced for the face-down play", "V-CHEAT"
        )
    if pend["prior_colour"] is None:
        raise PositionError(
            "/pending/prior_colour", "must be the colour before the play", "V-CHEAT"
        )


DRAWS = {"D2": 2, "WD4": 4}  # cards a draw card makes its victim draw, by face


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
