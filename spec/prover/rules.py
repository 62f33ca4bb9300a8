"""What of a profile the model reads: the options that change a round's arithmetic.

:func:`rules_for` compiles a profile and option overrides (through the catalogue, as the
engine's ``reference.config`` does) into a :class:`Rules`. Options the model does not
describe raise :class:`Unsupported`; options that only matter outside a round in progress
(the next dealer: the deal step allows every dealer) or only to UNO-call bookkeeping (the model
lets any one-card hand be caught, which over-approximates every catch window) are ignored.

:data:`GROUPS` lists the profile and option combinations ``unospec prove`` covers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from unospec.spec.catalogue import load as load_catalogue

#: variants whose turns the model does not describe
UNSUPPORTED: tuple[str, ...] = ()
#: options that change nothing inside a round the model describes
OUTSIDE_A_ROUND = (
    "P-NEXT-DEALER.next_dealer",
    "V-UNO-LATE-CATCH",
    "V-UNO-NOT-ENFORCED",
)
MULTI = ("V-MULTI-PLAY", "V-MULTI-IDENTICAL", "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER", "V-MULTI-RIDE")


class Unsupported(ValueError):
    """The profile turns on a variant the model does not describe."""


@dataclass(frozen=True)
class Rules:
    stackable: frozenset[str] = frozenset()  # V-STACK-DRAW pairings
    wd4_challenge: bool = True  # WD4-CHALLENGE offered (V-NO-WD4-CHALLENGE turns it off)
    wd4_enforced: bool = False  # the engine refuses an illegal Wild Draw Four (WD4-BLUFF)
    wd4_strict: bool = False  # V-WD4-ONLY-IF-NO-PLAYABLE
    guilty_skipped: bool = False  # WD4-CHALLENGE-GUILTY.guilty_challenger_skipped
    uno_penalty: int = 2  # UNO-PENALTY.cards, 4 under V-EXT-UNO-PENALTY-4
    lose_turn: bool = False  # V-UNO-PENALTY-LOSE-TURN
    single_round: bool = False  # V-SINGLE-ROUND
    forbidden_last: str | None = None  # V-NO-ACTION-FINISH: special / action / draw
    wild_only_without_colour: bool = False
    wild_must_change: bool = False
    multi: bool = False  # any multi-card variant
    multi_may_go_out: bool = True
    cumulative: tuple[bool, bool] | None = None  # V-CUMULATIVE-EFFECT: (single_flip, draw_sum)
    alt: tuple[int, str] | None = None  # V-ALT-SCORING-LOSER-500: (limit, end_mode)
    teams: bool = False  # V-TEAM
    target: int = 500
    stalemate: str = "void_round"  # P-STALEMATE.stalemate
    seven_swap: bool = False  # V-SEVEN-ZERO.seven_swap: a 7 swaps hands with a chosen seat
    zero_rotate: bool = False  # V-SEVEN-ZERO.zero_rotate: a 0 passes every hand on
    jump_in: bool = False  # V-JUMP-IN
    futile: bool = False  # P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge
    partner_rotation: bool = False  # V-EXT-PARTNER-ROTATION: four players, twelve rounds
    #: a turn draw: None (DRAW-ONE), "until_playable", "until_stop" (V-DRAW-UNTIL-PLAYABLE,
    #: V-DRAW-UNTIL-STOP), "at_most", "exactly" (V-DRAW-FIXED's modes)
    draw_mode: str | None = None
    draw_n: int = 1  # the cap of a series (0: none), or V-DRAW-FIXED's n
    must_play_found: bool = False  # V-DRAW-UNTIL-PLAYABLE.must_play_found
    #: V-FIRST-CARD-NO-SPECIAL's procedure for a special starter (reshuffle / bury / set_aside)
    first_no_special: str | None = None
    first_wild_redraw: bool = False  # V-EXT-FIRST-WILD-REDRAW
    uno_out: int = 0  # V-UNO-OUT-CALL.penalty_cards (0: the variant is off)
    #: V-CHEAT: (false_accusation_draw, caught_cheat_draw); None: the variant is off
    cheat: tuple[int, int] | None = None

    @property
    def special_starter(self) -> str | None:
        """V-FIRST-CARD-NO-SPECIAL: a special starter goes ``back`` into the draw pile
        (shuffled in or buried), is set ``aside`` in the discard pile, or (None) takes effect."""
        if self.first_no_special is None:
            return None
        return "aside" if self.first_no_special == "set_aside" else "back"

    @property
    def series(self) -> bool:
        """A turn draw is a series of single cards, of which only the last may be played."""
        return self.draw_mode in ("until_playable", "until_stop")

    piles_policy: bool = True  # P-PILES-EXHAUSTED in force (off only to show why it is needed)
    stalemate_policy: bool = True  # P-STALEMATE in force (off only to show why it is needed)

    def min_players(self) -> int:
        return 4 if self.teams else 2

    def player_counts(self) -> list[int]:
        if self.partner_rotation:
            return [4]
        return [n for n in range(self.min_players(), 11) if not (self.teams and n % 2)]


def rules_for(profile: str = "official", options: dict[str, Any] | None = None) -> Rules:
    """Compile ``profile`` (a name or a profile file) plus ``options`` for the model."""
    t = load_catalogue().effective_options(profile, options or None)
    on = [v for v in UNSUPPORTED if t.get(v, False) is not False]
    if on:
        raise Unsupported(f"the formal model does not describe {', '.join(on)}")

    def p(vid: str, name: str) -> Any:
        return t[vid][name] if t.get(vid, False) is not False else None

    enforcement = t["WD4-BLUFF.wd4_enforcement"]
    if t["V-WD4-ONLY-IF-NO-PLAYABLE"] is not False:
        enforcement = p("V-WD4-ONLY-IF-NO-PLAYABLE", "enforcement")
    no_challenge = t["V-NO-WD4-CHALLENGE"] is not False
    if no_challenge:
        enforcement = "engine" if p("V-NO-WD4-CHALLENGE", "enforcement") == "engine" else "none"
    multi = [m for m in MULTI[:2] if t[m] is not False]
    seven_zero = t["V-SEVEN-ZERO"] or {}
    draw_mode, draw_n = None, 1
    if t["V-DRAW-UNTIL-PLAYABLE"] is not False:
        draw_mode, draw_n = "until_playable", t["V-DRAW-UNTIL-PLAYABLE"]["cap"]
    elif t["V-DRAW-UNTIL-STOP"] is not False:
        draw_mode, draw_n = "until_stop", t["V-DRAW-UNTIL-STOP"]["cap"]
    elif t["V-DRAW-FIXED"] is not False:
        draw_mode, draw_n = t["V-DRAW-FIXED"]["mode"], t["V-DRAW-FIXED"]["n"]
    rotation = t["V-EXT-PARTNER-ROTATION"] is not False
    uno_out = t["V-UNO-OUT-CALL"]
    cheat = t["V-CHEAT"]
    cum = t["V-CUMULATIVE-EFFECT"]
    alt = t["V-ALT-SCORING-LOSER-500"]
    return Rules(
        stackable=frozenset(p("V-STACK-DRAW", "stackable") or ()),
        wd4_challenge=not no_challenge,
        wd4_enforced=enforcement == "engine",
        wd4_strict=t["V-WD4-ONLY-IF-NO-PLAYABLE"] is not False,
        guilty_skipped=bool(t["WD4-CHALLENGE-GUILTY.guilty_challenger_skipped"]),
        uno_penalty=4 if t["V-EXT-UNO-PENALTY-4"] is not False else t["UNO-PENALTY.cards"],
        lose_turn=t["V-UNO-PENALTY-LOSE-TURN"] is not False,
        single_round=t["V-SINGLE-ROUND"] is not False,
        forbidden_last=p("V-NO-ACTION-FINISH", "forbidden_last"),
        wild_only_without_colour=t["V-WILD-ONLY-WITHOUT-COLOUR"] is not False,
        wild_must_change=t["V-WILD-MUST-CHANGE-COLOUR"] is not False,
        multi=bool(multi),
        multi_may_go_out=bool(t[multi[0]].get("may_go_out_with_multi", True)) if multi else True,
        cumulative=(cum["reverse_parity"] == "single_flip", bool(cum["draw_sum"])) if cum else None,
        alt=(alt["limit"], alt["end_mode"]) if alt else None,
        teams=t["V-TEAM"] is not False,
        target=p("V-EXT-TARGET-SCORE", "target") or 500,
        stalemate=t["P-STALEMATE.stalemate"],
        seven_swap=bool(seven_zero.get("seven_swap")),
        zero_rotate=bool(seven_zero.get("zero_rotate")),
        jump_in=t["V-JUMP-IN"] is not False,
        futile=bool(t["P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge"]),
        partner_rotation=rotation,
        draw_mode=draw_mode,
        draw_n=draw_n,
        must_play_found=draw_mode == "until_playable"
        and bool(t["V-DRAW-UNTIL-PLAYABLE"]["must_play_found"]),
        first_no_special=p("V-FIRST-CARD-NO-SPECIAL", "procedure"),
        first_wild_redraw=t["V-EXT-FIRST-WILD-REDRAW"] is not False,
        uno_out=uno_out["penalty_cards"] if uno_out is not False else 0,
        cheat=(cheat["false_accusation_draw"], cheat["caught_cheat_draw"])
        if cheat is not False
        else None,
    )


class Reading:
    """Rules that remember which of their fields a build read: an obligation built for one
    profile group is the same for every group that agrees on those fields."""

    def __init__(self, rules: Rules) -> None:
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "read", {})

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._rules, name)
        if not callable(value):
            self.read[name] = value
        return value


def agrees(rules: Any, read: dict[str, Any]) -> bool:
    """``rules`` has every value of ``read`` (a :class:`Reading`'s record). Each field is
    read through ``rules``, so that a :class:`Reading` wrapped around them records it too."""
    return all(getattr(rules, f) == v for f, v in read.items())


@dataclass(frozen=True)
class Group:
    """A profile plus option overrides, as ``unospec prove`` names it."""

    name: str
    profile: str
    options: tuple[tuple[str, Any], ...] = ()

    @cached_property
    def rules(self) -> Rules:
        return rules_for(self.profile, dict(self.options))


def _o(**kw: Any) -> tuple[tuple[str, Any], ...]:
    return tuple(kw.items())


#: every profile, and every option combination that changes the arithmetic of a round
GROUPS: tuple[Group, ...] = (
    Group("official", "official"),
    Group("fi-wikipedia", "fi-wikipedia"),
    Group("id-wikipedia", "id-wikipedia"),
    Group("sv-unoregler", "sv-unoregler"),
    Group("stacking", "official", (("V-STACK-DRAW", True),)),
    Group(
        "stacking, every pairing",
        "official",
        (("V-STACK-DRAW", {"stackable": ["D2-on-D2", "WD4-on-WD4", "D2-on-WD4", "WD4-on-D2"]}),),
    ),
    Group(
        "guilty challenger skipped",
        "official",
        (("WD4-CHALLENGE-GUILTY.guilty_challenger_skipped", True),),
    ),
    Group("UNO penalty 4", "official", (("V-EXT-UNO-PENALTY-4", True),)),
    Group("UNO penalty loses a turn", "official", (("V-UNO-PENALTY-LOSE-TURN", True),)),
    Group("UNO out call", "official", (("V-UNO-OUT-CALL", True),)),
    Group("UNO out call, jump-in", "official", (("V-UNO-OUT-CALL", True), ("V-JUMP-IN", True))),
    Group("UNO out call, stacking", "official", (("V-UNO-OUT-CALL", True), ("V-STACK-DRAW", True))),
    Group("UNO out call, 0-7", "official", (("V-UNO-OUT-CALL", True), ("V-SEVEN-ZERO", True))),
    Group(
        "UNO out call, 0-7, multi-card play",
        "official",
        (("V-UNO-OUT-CALL", True), ("V-SEVEN-ZERO", True), ("V-MULTI-PLAY", True)),
    ),
    Group(
        "UNO out call, multi-card play",
        "official",
        (("V-UNO-OUT-CALL", True), ("V-MULTI-PLAY", True)),
    ),
    Group(
        "UNO out call, cumulative effects",
        "official",
        (("V-UNO-OUT-CALL", True), ("V-MULTI-PLAY", True), ("V-CUMULATIVE-EFFECT", True)),
    ),
    Group("cheat", "official", (("V-CHEAT", True),)),
    Group("cheat, jump-in", "official", (("V-CHEAT", True), ("V-JUMP-IN", True))),
    Group("cheat, stacking", "official", (("V-CHEAT", True), ("V-STACK-DRAW", True))),
    Group("cheat, 0-7", "official", (("V-CHEAT", True), ("V-SEVEN-ZERO", True))),
    Group("cheat, UNO out call", "official", (("V-CHEAT", True), ("V-UNO-OUT-CALL", True))),
    Group(
        "cheat, draw until playable",
        "official",
        (("V-CHEAT", True), ("V-DRAW-UNTIL-PLAYABLE", True)),
    ),
    Group("cheat, multi-card play", "official", (("V-CHEAT", True), ("V-MULTI-PLAY", True))),
    Group("cheat, identical cards", "official", (("V-CHEAT", True), ("V-MULTI-IDENTICAL", True))),
    Group(
        "cheat, draw exactly 3",
        "official",
        (("V-CHEAT", True), ("V-DRAW-FIXED", {"mode": "exactly"})),
    ),
    Group("single round", "official", (("V-SINGLE-ROUND", True),)),
    Group("alternative scoring", "official", (("V-ALT-SCORING-LOSER-500", True),)),
    Group(
        "alternative scoring, eliminate",
        "official",
        (("V-ALT-SCORING-LOSER-500", {"end_mode": "eliminate"}),),
    ),
    Group("teams", "official", (("V-TEAM", True),)),
    Group(
        "teams, partner rotation",
        "official",
        (("V-TEAM", True), ("V-EXT-PARTNER-ROTATION", True)),
    ),
    Group(
        "teams, alternative scoring",
        "official",
        (("V-TEAM", True), ("V-ALT-SCORING-LOSER-500", True)),
    ),
    Group("multi-card play", "official", (("V-MULTI-PLAY", True),)),
    Group("multi-card play, ride", "official", (("V-MULTI-PLAY", True), ("V-MULTI-RIDE", True))),
    Group(
        "multi-card play, ride, strict Wild Draw Four",
        "official",
        (("V-MULTI-PLAY", True), ("V-MULTI-RIDE", True), ("V-WD4-ONLY-IF-NO-PLAYABLE", True)),
    ),
    Group("identical cards", "official", (("V-MULTI-IDENTICAL", True),)),
    Group(
        "cumulative effects", "official", (("V-MULTI-PLAY", True), ("V-CUMULATIVE-EFFECT", True))
    ),
    Group(
        "cumulative effects, single flip, last draw",
        "official",
        (
            ("V-MULTI-PLAY", True),
            ("V-CUMULATIVE-EFFECT", {"reverse_parity": "single_flip", "draw_sum": False}),
        ),
    ),
    Group(
        "stalemate: lowest hand wins", "official", (("P-STALEMATE.stalemate", "lowest_hand_wins"),)
    ),
    Group("0-7", "official", (("V-SEVEN-ZERO", True),)),
    Group("jump-in", "official", (("V-JUMP-IN", True),)),
    Group(
        "0-7, draw until stop", "official", (("V-SEVEN-ZERO", True), ("V-DRAW-UNTIL-STOP", True))
    ),
    Group("0-7, draw at most 3", "official", (("V-SEVEN-ZERO", True), ("V-DRAW-FIXED", True))),
    Group("0-7, jump-in", "official", (("V-SEVEN-ZERO", True), ("V-JUMP-IN", True))),
    Group("0-7, multi-card play", "official", (("V-SEVEN-ZERO", True), ("V-MULTI-PLAY", True))),
    Group(
        "0-7, cumulative effects",
        "official",
        (("V-SEVEN-ZERO", True), ("V-MULTI-PLAY", True), ("V-CUMULATIVE-EFFECT", True)),
    ),
    Group(
        "draw until playable, jump-in",
        "official",
        (("V-DRAW-UNTIL-PLAYABLE", True), ("V-JUMP-IN", True)),
    ),
    Group(
        "draw exactly 3, jump-in",
        "official",
        (("V-DRAW-FIXED", {"mode": "exactly"}), ("V-JUMP-IN", True)),
    ),
    Group(
        "futile challenge", "official", (("P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge", True),)
    ),
    Group(
        "special starter buried",
        "official",
        (("V-FIRST-CARD-NO-SPECIAL", {"procedure": "bury"}),),
    ),
    Group(
        "special starter set aside",
        "official",
        (("V-FIRST-CARD-NO-SPECIAL", {"procedure": "set_aside"}),),
    ),
    Group("Wild starter redrawn", "official", (("V-EXT-FIRST-WILD-REDRAW", True),)),
    Group("draw until playable", "official", (("V-DRAW-UNTIL-PLAYABLE", True),)),
    Group(
        "draw until playable, at most 3, must play",
        "official",
        (("V-DRAW-UNTIL-PLAYABLE", {"cap": 3, "must_play_found": True}),),
    ),
    Group("draw until stop", "official", (("V-DRAW-UNTIL-STOP", True),)),
    Group(
        "multi-card play, draw until playable",
        "official",
        (("V-MULTI-PLAY", True), ("V-DRAW-UNTIL-PLAYABLE", True)),
    ),
    Group(
        "multi-card play, draw exactly 3",
        "official",
        (("V-MULTI-PLAY", True), ("V-DRAW-FIXED", {"mode": "exactly"})),
    ),
    Group("draw at most 3", "official", (("V-DRAW-FIXED", True),)),
    Group("draw exactly 3", "official", (("V-DRAW-FIXED", {"mode": "exactly"}),)),
)
