"""A profile and its options, compiled once into plain attributes the rules read.

Rule code reads these attributes; it never branches on a profile's name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from unospec.spec.catalogue import load as load_catalogue


@dataclass(frozen=True)
class Config:
    profile: str
    overrides: str  # canonical JSON of the option overrides on top of the profile
    table: tuple[tuple[str, Any], ...]

    def value(self, key: str) -> Any:
        return dict(self.table)[key]

    def variant(self, vid: str) -> dict[str, Any] | None:
        """The parameters of variant ``vid`` when it is on, else ``None``."""
        v = self._t.get(vid, False)
        return None if v is False else v

    def __post_init__(self) -> None:
        t = {k: v for k, v in self.table}
        object.__setattr__(self, "_t", t)
        on = lambda vid: t.get(vid, False) is not False  # noqa: E731
        p = lambda vid, name: t[vid][name] if on(vid) else None  # noqa: E731
        a = object.__setattr__
        # core rules and policies with parameters
        a(self, "guilty_challenger_skipped", t["WD4-CHALLENGE-GUILTY.guilty_challenger_skipped"])
        a(self, "uno_penalty", 4 if on("V-EXT-UNO-PENALTY-4") else t["UNO-PENALTY.cards"])
        a(self, "stalemate", t["P-STALEMATE.stalemate"])
        a(self, "next_dealer", t["P-NEXT-DEALER.next_dealer"])
        a(self, "futile_challenge", t["P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge"])
        # Wild Draw Four: who enforces the restriction, and which restriction
        enforcement = t["WD4-BLUFF.wd4_enforcement"]
        if on("V-WD4-ONLY-IF-NO-PLAYABLE"):
            enforcement = p("V-WD4-ONLY-IF-NO-PLAYABLE", "enforcement")
        no_challenge = on("V-NO-WD4-CHALLENGE")
        if no_challenge:
            enforcement = "engine" if p("V-NO-WD4-CHALLENGE", "enforcement") == "engine" else "none"
        a(self, "wd4_strict", on("V-WD4-ONLY-IF-NO-PLAYABLE"))
        a(self, "wd4_engine_enforced", enforcement == "engine")
        a(self, "wd4_challenge", not no_challenge)
        # drawing
        a(self, "draw_until_playable", t.get("V-DRAW-UNTIL-PLAYABLE") or None)
        a(self, "draw_until_stop", t.get("V-DRAW-UNTIL-STOP") or None)
        a(self, "draw_fixed", t.get("V-DRAW-FIXED") or None)
        # several cards per turn
        a(self, "multi", t.get("V-MULTI-PLAY") or None)
        a(self, "multi_identical", t.get("V-MULTI-IDENTICAL") or None)
        a(self, "multi_one_colour_or_number", on("V-MULTI-ONE-COLOUR-OR-ALL-NUMBER"))
        a(self, "multi_ride", t.get("V-MULTI-RIDE") or None)
        a(self, "cumulative", t.get("V-CUMULATIVE-EFFECT") or None)
        a(self, "stackable", frozenset(p("V-STACK-DRAW", "stackable") or ()))
        # scoring and match
        a(self, "alt_scoring", t.get("V-ALT-SCORING-LOSER-500") or None)
        a(self, "single_round", on("V-SINGLE-ROUND"))
        a(self, "target", p("V-EXT-TARGET-SCORE", "target") or 500)
        a(self, "teams", on("V-TEAM"))
        a(self, "partner_rotation", on("V-EXT-PARTNER-ROTATION"))
        a(self, "cheat", t.get("V-CHEAT") or None)
        a(self, "seven_zero", t.get("V-SEVEN-ZERO") or None)
        a(self, "jump_in", on("V-JUMP-IN"))
        forbidden = p("V-NO-ACTION-FINISH", "forbidden_last")
        a(self, "forbidden_last", forbidden)
        a(self, "uno_lose_turn", on("V-UNO-PENALTY-LOSE-TURN"))
        a(self, "uno_out", t.get("V-UNO-OUT-CALL") or None)
        a(self, "uno_enforced", not on("V-UNO-NOT-ENFORCED"))
        a(self, "uno_late_catch", on("V-UNO-LATE-CATCH"))
        a(self, "wild_only_without_colour", on("V-WILD-ONLY-WITHOUT-COLOUR"))
        a(self, "wild_must_change", on("V-WILD-MUST-CHANGE-COLOUR"))
        a(self, "first_card_no_special", p("V-FIRST-CARD-NO-SPECIAL", "procedure"))
        a(self, "first_wild_redraw", on("V-EXT-FIRST-WILD-REDRAW"))


@lru_cache(maxsize=256)
def _compile(profile: str, overrides: str) -> Config:
    table = load_catalogue().effective_options(profile, json.loads(overrides) or None)
    return Config(profile, overrides, tuple(sorted(table.items(), key=lambda kv: kv[0])))


def config(profile: str = "official", options: dict[str, Any] | None = None) -> Config:
    """The compiled configuration of ``profile`` (a name or a profile file) plus ``options``."""
    return _compile(profile, json.dumps(options or {}, sort_keys=True))
