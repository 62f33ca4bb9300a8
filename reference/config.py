"""A profile and its options, compiled once into plain attributes the rules read.

Rule code reads these attributes; it never branches on a profile's name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from unospec.spec.catalogue import load as load_catalogue

#: a variant's parameters as the catalogue gives them (``{}`` for a variant without any)
Params = dict[str, Any]


def required(params: Params | None) -> Params:
    """The parameters of a variant that the caller knows is on."""
    if params is None:
        raise RuntimeError("a rule of a variant that is off was asked for its parameters")
    return params


@dataclass(frozen=True)
class Config:
    """The effective options of a profile plus overrides, as typed attributes."""

    profile: str
    overrides: str  # canonical JSON of the option overrides on top of the profile
    table: tuple[tuple[str, Any], ...]
    # core rules and policies with parameters
    guilty_challenger_skipped: bool
    uno_penalty: int
    stalemate: str
    next_dealer: str
    futile_challenge: bool
    # the Wild Draw Four: which restriction, who enforces it, whether it can be challenged
    wd4_strict: bool
    wd4_engine_enforced: bool
    wd4_challenge: bool
    # drawing
    draw_until_playable: Params | None
    draw_until_stop: Params | None
    draw_fixed: Params | None
    # several cards per turn
    multi: Params | None
    multi_identical: Params | None
    multi_one_colour_or_number: bool
    multi_ride: Params | None
    cumulative: Params | None
    stackable: frozenset[str]
    # scoring and match
    alt_scoring: Params | None
    single_round: bool
    target: int
    teams: bool
    partner_rotation: bool
    cheat: Params | None
    seven_zero: Params | None
    jump_in: bool
    forbidden_last: str | None
    uno_lose_turn: bool
    uno_out: Params | None
    uno_enforced: bool
    uno_late_catch: bool
    wild_only_without_colour: bool
    wild_must_change: bool
    first_card_no_special: str | None
    first_wild_redraw: bool

    def value(self, key: str) -> Any:
        return dict(self.table)[key]

    def variant(self, vid: str) -> Params | None:
        """The parameters of variant ``vid`` when it is on, else ``None``."""
        v = dict(self.table).get(vid, False)
        return None if v is False else v


def from_table(profile: str, overrides: str, table: tuple[tuple[str, Any], ...]) -> Config:
    """The :class:`Config` of an effective option table (option ID -> value)."""
    t = dict(table)

    def on(vid: str) -> bool:
        return t.get(vid, False) is not False

    def param(vid: str, name: str) -> Any:
        return t[vid][name] if on(vid) else None

    def params(vid: str) -> Params | None:
        return t.get(vid) or None

    # Wild Draw Four: who enforces the restriction, and which restriction
    enforcement = t["WD4-BLUFF.wd4_enforcement"]
    if on("V-WD4-ONLY-IF-NO-PLAYABLE"):
        enforcement = param("V-WD4-ONLY-IF-NO-PLAYABLE", "enforcement")
    no_challenge = on("V-NO-WD4-CHALLENGE")
    if no_challenge:
        by_engine = param("V-NO-WD4-CHALLENGE", "enforcement") == "engine"
        enforcement = "engine" if by_engine else "none"
    return Config(
        profile=profile,
        overrides=overrides,
        table=table,
        guilty_challenger_skipped=t["WD4-CHALLENGE-GUILTY.guilty_challenger_skipped"],
        uno_penalty=4 if on("V-EXT-UNO-PENALTY-4") else t["UNO-PENALTY.cards"],
        stalemate=t["P-STALEMATE.stalemate"],
        next_dealer=t["P-NEXT-DEALER.next_dealer"],
        futile_challenge=t["P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge"],
        wd4_strict=on("V-WD4-ONLY-IF-NO-PLAYABLE"),
        wd4_engine_enforced=enforcement == "engine",
        wd4_challenge=not no_challenge,
        draw_until_playable=params("V-DRAW-UNTIL-PLAYABLE"),
        draw_until_stop=params("V-DRAW-UNTIL-STOP"),
        draw_fixed=params("V-DRAW-FIXED"),
        multi=params("V-MULTI-PLAY"),
        multi_identical=params("V-MULTI-IDENTICAL"),
        multi_one_colour_or_number=on("V-MULTI-ONE-COLOUR-OR-ALL-NUMBER"),
        multi_ride=params("V-MULTI-RIDE"),
        cumulative=params("V-CUMULATIVE-EFFECT"),
        stackable=frozenset(param("V-STACK-DRAW", "stackable") or ()),
        alt_scoring=params("V-ALT-SCORING-LOSER-500"),
        single_round=on("V-SINGLE-ROUND"),
        target=param("V-EXT-TARGET-SCORE", "target") or 500,
        teams=on("V-TEAM"),
        partner_rotation=on("V-EXT-PARTNER-ROTATION"),
        cheat=params("V-CHEAT"),
        seven_zero=params("V-SEVEN-ZERO"),
        jump_in=on("V-JUMP-IN"),
        forbidden_last=param("V-NO-ACTION-FINISH", "forbidden_last"),
        uno_lose_turn=on("V-UNO-PENALTY-LOSE-TURN"),
        uno_out=params("V-UNO-OUT-CALL"),
        uno_enforced=not on("V-UNO-NOT-ENFORCED"),
        uno_late_catch=on("V-UNO-LATE-CATCH"),
        wild_only_without_colour=on("V-WILD-ONLY-WITHOUT-COLOUR"),
        wild_must_change=on("V-WILD-MUST-CHANGE-COLOUR"),
        first_card_no_special=param("V-FIRST-CARD-NO-SPECIAL", "procedure"),
        first_wild_redraw=on("V-EXT-FIRST-WILD-REDRAW"),
    )


@lru_cache(maxsize=256)
def _compile(profile: str, overrides: str) -> Config:
    table = load_catalogue().effective_options(profile, json.loads(overrides) or None)
    return from_table(profile, overrides, tuple(sorted(table.items(), key=lambda kv: kv[0])))


def config(profile: str = "official", options: dict[str, Any] | None = None) -> Config:
    """The compiled configuration of ``profile`` (a name or a profile file) plus ``options``."""
    return _compile(profile, json.dumps(options or {}, sort_keys=True))
