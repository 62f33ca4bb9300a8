"""The abstract state of a round: card counts per kind and location, and the turn.

Counts replace card lists (the model does not know the order of the draw pile), and the
turn is what the rules move: who acts, the direction, the phase, an owed draw, a pending
draw card or wild card, missed turns, scores. Every field is an integer (flags are 0/1),
so one :class:`State` holds Python integers or Z3 terms alike.

:func:`abstract` reads a position in its JSON form (``reference.dump``), so the refinement
tests can compare the engine's steps with the model's; :func:`describe` prints a concrete
state the way a person reads a position (cards as ``R7``, ``GS``, ``WD4``).
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from unospec.spec import arithmetic
from unospec.spec.cards import COLOURS, face
from unospec.spec.prover import kinds as K

TURN, DRAWN, COLOUR, CHALLENGE, STACK, SCORING, DEAL, OVER, SWAP, STARTER, CHEAT = range(11)
PHASE_NAMES = (
    "turn",
    "drawn",
    "colour",
    "challenge",
    "stack",
    "scoring",
    "deal",
    "over",
    "swap",
    "starter",  # the hands are dealt; a starter is to be turned up (FIRST-CARD-WD4 …)
    "cheat",  # V-CHEAT: a face-down card awaits the next player's verdict
)
PLAYING = (TURN, DRAWN, COLOUR, CHALLENGE, STACK, SWAP, CHEAT)


class OutOfScope(ValueError):
    """A position the model does not describe (another variant's phase, several owed draws
    that are not one seat's penalties)."""


@dataclass
class State:
    players: int  # always a Python int: every proof is for one player count
    hands: list[list[Any]]  # [seat][kind]
    draw: list[Any]  # [kind]
    disc: list[Any]  # [kind]
    top: list[Any]  # one-hot [kind]: the top discard (all zero when the pile is empty)
    colour: Any  # current colour 0..3, -1 for none
    to_act: Any  # the seat to act, -1 when nobody is
    direction: Any  # +1 clockwise, -1 counter-clockwise
    phase: Any
    owed_seat: Any  # an owed draw: who, how many, and whether it is a turn draw
    owed_count: Any
    owed_turn: Any
    drawn: list[Any]  # [kind]: the card this turn's draw brought (phase drawn)
    pend_from: Any  # challenge / stack: the seat whose draw card hit
    pend_total: Any  # challenge / stack: cards the victim faces
    pend_next: Any  # challenge / stack: who plays if the victim loses the turn
    wd4_legal: Any  # colour / challenge / stack: the Wild Draw Four met WD4-RESTRICTION
    prior: Any  # colour: the colour current before the wild
    carry: Any  # colour: a stacked total an answering Wild Draw Four carries on
    starter: Any  # colour: naming the colour of a starter Wild
    missed: list[Any]  # [seat]: turns still to be missed (V-UNO-PENALTY-LOSE-TURN)
    scores: list[Any]  # [seat]
    winner: Any  # scoring: the seat that won the round
    idle: Any  # turns in a row without a play while nothing could be drawn (P-STALEMATE)
    round: Any = 1  # the round of the match (V-EXT-PARTNER-ROTATION's partners)
    final: Any = 0  # challenge: against a Wild Draw Four that ended the round (futile)
    last: Any = -1  # the seat that laid the top card, -1 once the next turn has begun (V-JUMP-IN)
    #: [kind]: the cards drawn this turn that may be played (phase drawn): the card drawn,
    #: under V-DRAW-UNTIL-PLAYABLE / -STOP only the card drawn last
    fresh: list[Any] = field(default_factory=lambda: [0] * K.N_KINDS)
    dealer: Any = -1  # deal / starter: the dealer (the deal's chance input names them)
    #: [kind] V-CHEAT: the card announced for the face-down top card when it is not that
    #: card (a lie that was accepted or awaits its verdict); all zero otherwise
    announced: list[Any] = field(default_factory=lambda: [0] * K.N_KINDS)
    #: [kind] phase cheat: the card under the face-down one (on top again if it is exposed)
    under: list[Any] = field(default_factory=lambda: [0] * K.N_KINDS)
    #: [kind] phase cheat: ``announced`` before the face-down play (``prior``: the colour)
    prior_ann: list[Any] = field(default_factory=lambda: [0] * K.N_KINDS)
    #: a second owed draw, served after the first (V-UNO-OUT-CALL: the victim of a card laid
    #: last without the call draws after its player's penalty): who, how many
    queued_seat: Any = -1
    queued_count: Any = 0
    #: phase swap after a group (several cards in one turn, V-SEVEN-ZERO with a multi-card
    #: variant): the 7s the group laid (0 after a single card), and the effect the group
    #: takes once the hands are swapped: seats passed over, direction flips, cards to draw
    #: (the Wild Draw Four's legality, for a later challenge, is in ``wd4_legal``)
    group_sevens: Any = 0
    swap_skips: Any = 0
    swap_flips: Any = 0
    swap_draws: Any = 0
    handed: Any = field(default=-1, compare=False)  # ghost: seat the turn was handed to

    def but(self, **changes: Any) -> State:
        return dataclasses.replace(self, **changes)

    def queue_moved_up(self, **changes: Any) -> State:
        """The draw queued behind the owed draw (V-UNO-OUT-CALL) is now the owed draw."""
        return self.but(
            owed_seat=self.queued_seat,
            owed_count=self.queued_count,
            owed_turn=0,
            queued_seat=-1,
            queued_count=0,
            **changes,
        )


def symbolic(ops: Any, players: int, tag: str = "pre", **fixed: Any) -> State:
    """A state of fresh Z3 integers named after its fields (``hand2.R7``, ``to_act``),
    except the fields given in ``fixed``."""
    from unospec.spec.prover.evaluators import int_var

    n = players
    one = lambda name: int_var(f"{tag}.{name}")  # noqa: E731
    per_kind = lambda name: [int_var(f"{tag}.{name}.{k}") for k in K.KINDS]  # noqa: E731
    st = State(
        players=n,
        hands=[per_kind(f"hand{s}") for s in range(n)],
        draw=per_kind("draw"),
        disc=per_kind("disc"),
        top=per_kind("top"),
        colour=one("colour"),
        to_act=one("to_act"),
        direction=one("direction"),
        phase=one("phase"),
        owed_seat=one("owed_seat"),
        owed_count=one("owed_count"),
        owed_turn=one("owed_turn"),
        drawn=per_kind("drawn"),
        pend_from=one("pend_from"),
        pend_total=one("pend_total"),
        pend_next=one("pend_next"),
        wd4_legal=one("wd4_legal"),
        prior=one("prior"),
        carry=one("carry"),
        starter=one("starter"),
        missed=[one(f"missed{s}") for s in range(n)],
        scores=[one(f"score{s}") for s in range(n)],
        winner=one("winner"),
        idle=one("idle"),
        last=one("last"),
        fresh=per_kind("fresh"),
        final=one("final"),
        round=one("round"),
        dealer=one("dealer"),
        announced=per_kind("announced"),
        under=per_kind("under"),
        prior_ann=per_kind("prior_ann"),
        queued_seat=one("queued_seat"),
        queued_count=one("queued_count"),
        group_sevens=one("group_sevens"),
        swap_skips=one("swap_skips"),
        swap_flips=one("swap_flips"),
        swap_draws=one("swap_draws"),
    )
    return st.but(**fixed)


def evaluate(st: State, model: Any) -> State:
    """The concrete state a Z3 model assigns to a symbolic one."""

    def val(x: Any) -> Any:
        if isinstance(x, list):
            return [val(y) for y in x]
        if isinstance(x, int):
            return x
        v = model.eval(x, model_completion=True)
        return v.as_long() if hasattr(v, "as_long") else bool(v)

    return dataclasses.replace(
        st, **{f.name: val(getattr(st, f.name)) for f in dataclasses.fields(st) if f.init}
    )


# -- from a position ------------------------------------------------------------------------


def abstract(pos: Any) -> State:
    """The model's state of a position: its JSON form (``reference.dump(position)``) or an
    object with the same fields (a ``reference.Position``)."""
    get = pos.get if isinstance(pos, dict) else (lambda name: getattr(pos, name))
    phase = get("phase")
    chance = get("chance") or {}
    if phase == "deal" and chance.get("type") == "shuffle":
        phase = "starter"  # a returned starter awaits the shuffle before the next is turned up
    if phase not in PHASE_NAMES:
        raise OutOfScope(f"phase {phase!r} belongs to a variant the model does not cover")
    ph = PHASE_NAMES.index(phase)
    n = get("players")
    owed_draws = get("owed_draws")
    queued = None
    if len(owed_draws) > 1 and len({o["seat"] for o in owed_draws}) == 1:
        # V-CHEAT: a false accusation of a Draw Two queues the penalty, then the card's two,
        # for the same seat; the model's one owed draw holds their sum (served in order from
        # the same pile, the same cards reach the same hand)
        if any(o.get("turn") for o in owed_draws):
            raise OutOfScope("a turn draw queued with another draw")
        owed_draws = [{**owed_draws[0], "count": sum(o["count"] for o in owed_draws)}]
    elif len(owed_draws) == 2 and not owed_draws[1].get("turn"):
        # V-UNO-OUT-CALL: a last card laid without the call queues its player's penalty,
        # then the draw of the card's victim
        queued = owed_draws[1]
    elif len(owed_draws) > 1:
        raise OutOfScope("several owed draws at once")
    owed = owed_draws[0] if owed_draws else None
    pend = get("pending") or {}
    colour_of = lambda c: -1 if c is None else COLOURS.index(c)  # noqa: E731
    discard = get("discard_pile")
    top = K.one_hot(discard[-1]) if discard else [0] * K.N_KINDS
    facing = ph in (CHALLENGE, STACK)
    said = pos.get("announced") if isinstance(pos, dict) else pos.announced
    zero = [0] * K.N_KINDS
    # V-CHEAT: the announced card counts only when it is not the card that lies on top
    announced = K.one_hot(said) if said and discard and said != discard[-1] else zero
    cheat = ph == CHEAT
    if cheat:
        said_before = pend["prior_top"]
        under = K.one_hot(discard[-2])
        prior_ann = K.one_hot(said_before) if said_before != discard[-2] else zero
    to_act = get("to_act")
    grouped = ph == SWAP and len(pend.get("cards", ())) > 1
    effect = _swap_effect(pend["cards"], get("profile"), get("options")) if grouped else (0, 0, 0)
    return State(
        players=n,
        hands=[K.counts(h) for h in get("hands")],
        draw=K.counts(get("draw_pile")),
        disc=K.counts(discard),
        top=top,
        colour=colour_of(get("colour")),
        to_act=-1 if to_act is None or ph not in PLAYING else to_act,
        direction=get("direction"),
        phase=ph,
        owed_seat=owed["seat"] if owed else -1,
        owed_count=owed["count"] if owed else 0,
        owed_turn=1 if owed and owed.get("turn") else 0,
        drawn=K.counts(get("drawn")) if ph == DRAWN else [0] * K.N_KINDS,
        pend_from=pend["from"] if facing or cheat else -1,
        pend_total=pend["total"] if facing else 0,
        pend_next=pend.get("next", -1) if facing else -1,
        wd4_legal=int(bool(pend.get("wd4_legal", True)))
        if ph in (COLOUR, CHALLENGE, STACK, SWAP)
        else 1,
        prior=colour_of(pend.get("prior_colour")) if ph in (COLOUR, CHEAT) else -1,
        carry=pend.get("carry", 0) if ph == COLOUR else 0,
        starter=1 if ph == COLOUR and pend.get("starter") else 0,
        final=1 if ph == CHALLENGE and pend.get("final") else 0,
        round=get("round"),
        dealer=-1 if get("dealer") is None else get("dealer"),
        missed=list(get("missed_turns")),
        scores=list(get("scores")),
        winner=pend["winner"] if ph == SCORING else -1,
        idle=get("idle_turns"),
        last=-1 if get("last_played_by") is None else get("last_played_by"),
        fresh=_playable_drawn(
            get("drawn"), get("profile"), get("options"), bool(owed and owed.get("turn"))
        )
        if ph == DRAWN
        else zero,
        announced=announced,
        under=under if cheat else zero,
        prior_ann=prior_ann if cheat else zero,
        queued_seat=queued["seat"] if queued else -1,
        queued_count=queued["count"] if queued else 0,
        group_sevens=sum(1 for c in pend["cards"] if face(c) == "7") if grouped else 0,
        swap_skips=effect[0],
        swap_flips=effect[1],
        swap_draws=effect[2],
    )


def _swap_effect(cards: list[str], profile: str, options: dict[str, Any] | None) -> tuple:
    """``(skips, flips, draws)`` a group awaiting its hand swap takes afterwards
    (effects.turn_effect): the last card's, or under V-CUMULATIVE-EFFECT all the cards'
    (``arithmetic.group_effect``)."""
    key = json.dumps([profile, options], sort_keys=True)
    if key not in _CUMULATIVE:
        from unospec.spec.catalogue import load

        _CUMULATIVE[key] = load().effective_options(profile, options or None)["V-CUMULATIVE-EFFECT"]
    cum = _CUMULATIVE[key]
    faces = [face(c) for c in cards]
    draws = {"D2": 2, "WD4": 4}
    last = (int(faces[-1] == "S"), int(faces[-1] == "R"), draws.get(faces[-1], 0))
    if not cum:
        return last
    return arithmetic.group_effect(
        faces.count("S"),
        faces.count("R"),
        sum(draws.get(f, 0) for f in faces),
        last[2],
        cum["reverse_parity"] == "single_flip",
        bool(cum["draw_sum"]),
    )


_CUMULATIVE: dict[str, Any] = {}
_SERIES: dict[str, bool] = {}


def _playable_drawn(
    drawn: list[str], profile: str, options: dict[str, Any] | None, waiting: bool = False
) -> list[int]:
    """The cards drawn this turn that may be played: only the last one when the profile's
    turn draw is a series (V-DRAW-UNTIL-PLAYABLE, V-DRAW-UNTIL-STOP), and none while the
    series' next card is still owed (``waiting``: it waits for a reshuffle; the card drawn
    before it, a Wild Draw Four only a bluff could lay, no longer counts)."""
    if not drawn:
        return [0] * K.N_KINDS
    key = json.dumps([profile, options], sort_keys=True)
    if key not in _SERIES:
        from unospec.spec.catalogue import load

        t = load().effective_options(profile, options or None)
        _SERIES[key] = any(
            t[v] is not False for v in ("V-DRAW-UNTIL-PLAYABLE", "V-DRAW-UNTIL-STOP")
        )
    if _SERIES[key]:
        return [0] * K.N_KINDS if waiting else K.one_hot(drawn[-1])
    return K.counts(drawn)


def observe(st: State) -> dict[str, Any]:
    """The fields that mean something in the state's phase (what refinement compares);
    card counts as tuples over the 54 kinds."""
    ph = st.phase
    out: dict[str, Any] = {
        "phase": PHASE_NAMES[ph],
        "hands": [tuple(h) for h in st.hands],
        "draw": tuple(st.draw),
        "discard": tuple(st.disc),
        "scores": list(st.scores),
        "round": st.round,
        "owed": (st.owed_seat, st.owed_count, st.owed_turn),
        "queued": (st.queued_seat, st.queued_count),
    }
    if ph in PLAYING or ph == SCORING:
        out.update(top=tuple(st.top), colour=st.colour, direction=st.direction)
        out.update(announced=tuple(st.announced))
        out.update(missed=list(st.missed), idle=st.idle)
    if ph in PLAYING:
        out.update(to_act=st.to_act, drawn=tuple(st.drawn), last=st.last)
    if ph == COLOUR:
        out.update(prior=st.prior, wd4_legal=st.wd4_legal, carry=st.carry, starter=st.starter)
    if ph in (CHALLENGE, STACK):
        out.update(pend_from=st.pend_from, pend_total=st.pend_total, pend_next=st.pend_next)
        out.update(wd4_legal=st.wd4_legal, final=st.final)
    if ph == CHEAT:
        out.update(pend_from=st.pend_from, prior=st.prior)
        out.update(under=tuple(st.under), prior_ann=tuple(st.prior_ann))
    if ph == SWAP:
        out.update(group_sevens=st.group_sevens, wd4_legal=st.wd4_legal)
        out.update(swap_effect=(st.swap_skips, st.swap_flips, st.swap_draws))
    if ph == SCORING:
        out.update(winner=st.winner)
    if ph == DEAL:
        out.update(direction=st.direction, missed=list(st.missed), idle=st.idle)
    if ph == STARTER:
        out.update(dealer=st.dealer, missed=list(st.missed), idle=st.idle)
    return out


# -- reading a state ------------------------------------------------------------------------


def colour_name(c: int) -> str:
    return COLOURS[c] if 0 <= c < 4 else "none"


def describe(st: State) -> str:
    """A concrete state as a person reads a position."""
    ph = st.phase
    phase = PHASE_NAMES[ph] if isinstance(ph, int) and 0 <= ph < len(PHASE_NAMES) else f"?{ph}"
    way = {1: "clockwise", -1: "counter-clockwise"}.get(st.direction, f"?{st.direction}")
    lines = [
        f"{st.players} players, phase {phase}, seat {st.to_act} to act, direction {way} ({st.direction:+d})"
    ]
    for s, h in enumerate(st.hands):
        extra = f"  (misses {st.missed[s]} turn)" if st.missed[s] else ""
        lines.append(f"  seat {s}: {K.short(h)}{extra}")
    top = K.cards_of(st.top) if all(x >= 0 for x in st.top) else ["?"]
    lines.append(
        f"  discard pile: {sum(st.disc)} cards, top {' '.join(top) or '(none)'}, current colour {colour_name(st.colour)}"
    )
    lines.append(f"  draw pile: {sum(st.draw)} cards")
    if st.owed_count:
        what = "a turn draw" if st.owed_turn else "a penalty"
        lines.append(f"  seat {st.owed_seat} owes {st.owed_count} card(s) ({what})")
    if st.queued_count:
        lines.append(
            f"  then seat {st.queued_seat} owes {st.queued_count} card(s) (queued behind it)"
        )
    if ph in (CHALLENGE, STACK):
        lines.append(
            f"  seat {st.to_act} faces {st.pend_total} cards from seat {st.pend_from}"
            + ("" if st.wd4_legal else " (the Wild Draw Four broke WD4-RESTRICTION)")
        )
    if any(x != 0 for x in st.announced):
        lines.append(f"  announced for the top card: {' '.join(K.cards_of(st.announced))}")
    if ph == CHEAT:
        lines.append(
            f"  seat {st.to_act} accepts or accuses the face-down card of seat {st.pend_from}"
            f" (under it: {' '.join(K.cards_of(st.under)) or '(none)'};"
            f" before it: announced {' '.join(K.cards_of(st.prior_ann)) or '(none)'},"
            f" colour {colour_name(st.prior)})"
        )
    if ph == SWAP:
        lines.append(f"  seat {st.to_act} is to choose a hand to swap with")
        if st.group_sevens or st.swap_skips or st.swap_flips or st.swap_draws:
            lines.append(
                f"  after the group ({st.group_sevens} sevens): skips {st.swap_skips},"
                f" flips {st.swap_flips}, draws {st.swap_draws}"
                + ("" if st.wd4_legal else " (the Wild Draw Four broke WD4-RESTRICTION)")
            )
    if ph == COLOUR:
        lines.append(f"  a colour is to be named (colour before the wild: {colour_name(st.prior)})")
    if ph == SCORING:
        lines.append(f"  seat {st.winner} won the round")
    if ph in (DEAL, STARTER) and isinstance(st.dealer, int) and st.dealer >= 0:
        lines.append(f"  seat {st.dealer} deals")
    if any(st.scores):
        lines.append(f"  scores: {st.scores}")
    return "\n".join(lines)


def to_json(st: State) -> dict[str, Any]:
    """A concrete state as JSON (hands and piles as card codes)."""
    return {
        "players": st.players,
        "phase": PHASE_NAMES[st.phase] if 0 <= st.phase < len(PHASE_NAMES) else st.phase,
        "to_act": st.to_act,
        "direction": st.direction,
        "hands": [K.cards_of(h) for h in st.hands],
        "discard_pile": K.cards_of(st.disc),
        "top": (K.cards_of(st.top) or [None])[0],
        "colour": colour_name(st.colour),
        "draw_pile": K.cards_of(st.draw),
        "owed": {"seat": st.owed_seat, "count": st.owed_count, "turn": bool(st.owed_turn)},
        "queued": {"seat": st.queued_seat, "count": st.queued_count},
        "pending": {
            "from": st.pend_from,
            "total": st.pend_total,
            "next": st.pend_next,
            "wd4_legal": bool(st.wd4_legal),
            "prior_colour": colour_name(st.prior),
            "carry": st.carry,
            "starter": bool(st.starter),
            "group_sevens": st.group_sevens,
            "swap_effect": {"skips": st.swap_skips, "flips": st.swap_flips, "draws": st.swap_draws},
        },
        "missed_turns": st.missed,
        "scores": st.scores,
        "winner": st.winner,
        "idle_turns": st.idle,
        "last_played_by": st.last,
        "dealer": st.dealer,
        "announced": (K.cards_of(st.announced) or [None])[0],
        "under": (K.cards_of(st.under) or [None])[0],
        "prior_announced": (K.cards_of(st.prior_ann) or [None])[0],
    }
