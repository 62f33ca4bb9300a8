"""The mutants: the reference engine with exactly one rule broken, each declaring that rule.

A mutant is a small patch applied to the reference in the process that serves it
(:mod:`serve_mutant`): it replaces one engine function, one function of
:mod:`unospec.spec.arithmetic`, one compiled option (:mod:`unospec.reference.config`) or wraps
``legal_actions`` / ``apply``. Nothing is patched by importing this module; only
:func:`Mutant.apply` does, and only the mutant's own process calls it.

``unospec mutants`` certifies every mutant at default ``unospec certify`` settings and
expects each to be judged non-conformant with its declared rule among the failures.
A mutant that survives is a hole in ``features/``: close it with scenarios, never by
weakening the mutant.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Mutant:
    name: str
    rule: str  # the one rule ID the mutant breaks
    summary: str
    patch: Callable[[], None]
    profile: str = "official"  # the profile it must be certified under

    def apply(self) -> None:
        self.patch()


MUTANTS: dict[str, Mutant] = {}


def mutant(
    name: str, rule: str, profile: str = "official"
) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def mark(fn: Callable[[], None]) -> Callable[[], None]:
        if name in MUTANTS:
            raise RuntimeError(f"mutant {name} defined twice")
        summary = " ".join((fn.__doc__ or "").split())
        MUTANTS[name] = Mutant(name, rule, summary, fn, profile)
        return fn

    return mark


# -- patching helpers -------------------------------------------------------------------------


def _load_engine() -> None:
    reference = importlib.import_module("unospec.reference")
    if reference.BUILD != "pure":  # a compiled module would not see the patch
        raise RuntimeError("mutants patch the pure build only: set UNOSPEC_PURE=1")
    importlib.import_module("unospec.reference.engine")
    importlib.import_module("unospec.reference.trace")


def replace(module: str, name: str, new: Any) -> Any:
    """Replace ``module.name`` by ``new`` everywhere it was imported by name (in the
    reference, the shared arithmetic and the server); returns the original."""
    _load_engine()
    old = getattr(importlib.import_module(module), name)
    for mod in list(sys.modules.values()):
        modname = getattr(mod, "__name__", "") or ""
        ours = modname.split(".")[0] == "unospec"
        if ours and mod.__dict__.get(name) is old:
            setattr(mod, name, new)
    return old


def wrap(module: str, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``module.name`` by ``make(original)``."""
    _load_engine()
    old = getattr(importlib.import_module(module), name)
    replace(module, name, make(old))


def compiled_option(change: Callable[[Any, Callable[[str, Any], None]], None]) -> None:
    """Change a compiled option: ``change(cfg, set)`` runs after every ``Config`` is built."""
    _load_engine()
    from unospec.reference import config as config_module

    original = config_module.from_table

    def from_table(*args: Any) -> Any:
        cfg = original(*args)
        change(cfg, lambda attr, value: object.__setattr__(cfg, attr, value))
        return cfg

    config_module.from_table = from_table
    config_module._compile.cache_clear()


def legal_transform(transform: Callable[[Any, list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
    """Change the legal set: ``transform(pos, actions)``; ``apply`` follows the new set."""
    from unospec.reference import engine

    old = engine.legal_actions

    def legal_actions(pos: Any) -> list[dict[str, Any]]:
        mine = pos.__dict__.get("_mutant_legal")
        # the memo holds while the engine's own memo is the list it made (an action applied
        # in place clears the engine's memo, and so ends this one)
        if mine is not None and pos.__dict__.get("_legal") is mine:
            return mine
        pos.__dict__["_legal"] = None
        acts = sorted(transform(pos, list(old(pos))), key=engine._order)
        pos.__dict__["_legal"] = acts
        pos.__dict__["_mutant_legal"] = acts
        return acts

    replace("unospec.reference.engine", "legal_actions", legal_actions)
    # a copied position must not carry the memo over
    wrap_copy()


def wrap_copy() -> None:
    from unospec.reference.position import Position

    if getattr(Position.copy, "_mutant", False):
        return
    original = Position.copy

    def copy(self: Any) -> Any:
        new = original(self)
        new.__dict__.pop("_legal", None)
        new.__dict__.pop("_mutant_legal", None)
        return new

    copy._mutant = True  # type: ignore[attr-defined]
    Position.copy = copy


def advance_after(change: Callable[..., tuple[Any, Any, Any, Any, Any]]) -> None:
    """Change the inputs of :func:`unospec.spec.arithmetic.advance_after`:
    ``change(seat, direction, players, skips, flips, draws)`` -> new ``(skips, flips, draws,
    lost_flips, lost_draws)`` where the last two say whether flips / draws still cost turns."""
    from unospec.spec import arithmetic as ar

    def new(seat, direction, players, skips, flips, draws, ite=ar.py_ite):
        skips, flips, draws, flip_costs, draw_costs = change(
            seat, direction, players, skips, flips, draws
        )
        new_dir = -direction if flips % 2 == 1 else direction
        lost = (
            skips
            + (1 if draws > 0 and draw_costs else 0)
            + (flips if players == 2 and flip_costs else 0)
        )
        lost = min(lost, players - 1)
        victim = ar.next_seat(seat, new_dir, players) if draws > 0 else ar.NO_VICTIM
        return ar.next_seat(seat, new_dir, players, 1 + lost), new_dir, victim

    replace("unospec.spec.arithmetic", "advance_after", new)


# == components and setup =====================================================================


@mutant("deck-extra-zero", "DECK-COMPOSITION")
def _deck_extra_zero() -> None:
    """The deck holds two red zeros (109 cards)."""
    from unospec.spec import cards

    _load_engine()
    cards.DECK_COUNTS["R0"] = 2
    deck = tuple(k for k in cards.KINDS for _ in range(cards.DECK_COUNTS[k]))
    replace("unospec.spec.cards", "CANONICAL_DECK", deck)
    replace("unospec.spec.cards", "DECK_SIZE", len(deck))


@mutant("dealer-lowest-card", "DEALER-SELECTION")
def _dealer_lowest() -> None:
    """The lowest card in the dealer draw chooses the dealer."""
    wrap("unospec.reference.setup", "dealer_value", lambda old: lambda card: 9 - old(card))


@mutant("deal-eight", "DEAL-SEVEN")
def _deal_eight() -> None:
    """Every player is dealt eight cards (a seven-card deal is topped up from the pile)."""
    from unospec.reference import setup

    setup.HAND_SIZE = 8

    def make(old):
        def deal(pos, action, events):
            action = {**action, "hands": [list(h) for h in action.get("hands") or []]}
            pile = list(action.get("draw_pile") or [])
            for s, h in enumerate(action["hands"]):
                if not pos.eliminated[s] and len(h) == 7 and pile:
                    h.append(pile.pop(0))
            action["draw_pile"] = pile
            old(pos, action, events)

        return deal

    wrap("unospec.reference.setup", "deal", make)


@mutant("dealer-starts", "FIRST-PLAYER")
def _dealer_starts() -> None:
    """After a number starter the dealer, not the player on the dealer's left, begins."""
    from unospec.reference.turns import give_turn

    replace(
        "unospec.reference.setup",
        "first_card_number",
        lambda pos, left, events: give_turn(pos, pos.dealer, events),
    )


@mutant("first-skip-ignored", "FIRST-CARD-SKIP")
def _first_skip() -> None:
    """A Skip as starter has no effect: the player on the dealer's left begins."""
    from unospec.reference.turns import give_turn

    replace(
        "unospec.reference.setup",
        "first_card_skip",
        lambda pos, left, events: give_turn(pos, left, events),
    )


@mutant("first-reverse-from-dealer", "FIRST-CARD-REVERSE")
def _first_reverse() -> None:
    """A Reverse as starter flips the direction but the dealer's right-hand neighbour begins."""
    from unospec.reference.turns import event, give_turn, step

    def first_card_reverse(pos, events):
        pos.direction = -1
        events.append(event("direction_reversed", "FIRST-CARD-REVERSE"))
        give_turn(pos, step(pos, pos.dealer), events)

    replace("unospec.reference.setup", "first_card_reverse", first_card_reverse)


@mutant("first-draw-two-no-skip", "FIRST-CARD-DRAW-TWO")
def _first_draw_two() -> None:
    """A Draw Two as starter: the first player draws two but still takes the first turn."""
    from unospec.reference.drawing import owe
    from unospec.reference.turns import give_turn

    def first_card_draw_two(pos, left, events):
        owe(pos, left, 2, "FIRST-CARD-DRAW-TWO")
        give_turn(pos, left, events)

    replace("unospec.reference.setup", "first_card_draw_two", first_card_draw_two)


@mutant("first-wild-dealer-names", "FIRST-CARD-WILD")
def _first_wild() -> None:
    """A Wild as starter: the dealer names the colour (and then plays first)."""
    wrap(
        "unospec.reference.setup",
        "first_card_wild",
        lambda old: lambda pos, left: old(pos, pos.dealer),
    )


@mutant("first-wd4-kept", "FIRST-CARD-WD4")
def _first_wd4() -> None:
    """A Wild Draw Four as starter is not returned: it is treated like a Wild starter."""
    from unospec.reference import setup
    from unospec.reference.turns import step

    def first_card_wd4(pos, events):
        left = step(pos, pos.dealer, 1)
        pos.direction = 1
        setup.first_card_wild(pos, left)
        pos.pending["wild"] = "WD4"

    replace("unospec.reference.setup", "first_card_wd4", first_card_wd4)


# == matching and turns ========================================================================


@mutant("match-colour-only", "PLAY-MATCH")
def _match_colour_only() -> None:
    """A card matches only by colour, never by number or symbol."""
    from unospec.reference.matching import COLOUR

    replace(
        "unospec.reference.matching", "matches", lambda card, top, colour: COLOUR[card] == colour
    )


@mutant("match-card-under-wild", "MATCH-ON-WILD")
def _match_under_wild() -> None:
    """With a wild on top, the face of the card under it still counts for matching."""
    from unospec.spec.cards import WILDS

    def announced_top(pos):
        if pos.announced:
            return pos.announced
        pile = pos.discard_pile
        if pile[-1] in WILDS and len(pile) > 1:
            return pile[-2]
        return pile[-1]

    replace("unospec.reference.matching", "announced_top", announced_top)


@mutant("colour-kept-on-face-match", "CURRENT-COLOUR")
def _colour_kept() -> None:
    """A card matched by number or symbol leaves the old colour current instead of its own."""
    from unospec.reference.matching import FACE
    from unospec.spec.cards import WILDS

    def make(old):
        def put_down(pos, seat, card, events):
            top, colour = (pos.discard_pile or [None])[-1], pos.colour
            old(pos, seat, card, events)
            if top not in (None, *WILDS) and card not in WILDS and FACE[card] == FACE[top]:
                pos.colour = colour

        return put_down

    wrap("unospec.reference.effects", "put_down", make)


@mutant("play-twice", "ONE-CARD-PER-TURN")
def _play_twice() -> None:
    """A player who has just laid a number card may lay a second card of that number."""
    from unospec.reference.matching import FACE
    from unospec.spec.cards import is_number

    def transform(pos, acts):
        last = pos.last_played_by
        if pos.chance is not None or pos.phase != "turn" or pos.cfg.jump_in:
            return acts
        if last is None or last == pos.to_act or not pos.discard_pile:
            return acts
        top = pos.discard_pile[-1]
        if not is_number(top):
            return acts
        return acts + [
            {"type": "play", "seat": last, "card": c}
            for c in sorted(set(pos.hands[last]))
            if is_number(c) and FACE[c] == FACE[top]
        ]

    legal_transform(transform)


@mutant("pass-without-drawing", "TURN-ACTION")
def _pass_without_drawing() -> None:
    """A player may end the turn without playing or drawing."""

    def transform(pos, acts):
        if pos.chance is None and pos.phase == "turn" and pos.to_act is not None:
            return acts + [{"type": "pass", "seat": pos.to_act}]
        return acts

    legal_transform(transform)


@mutant("turn-always-clockwise", "TURN-ADVANCE")
def _turn_clockwise() -> None:
    """After a card without effect the turn passes clockwise, whatever the direction."""

    def make(old):
        def after_turn(pos, seat, skips, flips, draws):
            to_act, direction, victim = old(pos, seat, skips, flips, draws)
            if not (skips or flips or draws):
                seats = pos.active
                to_act = seats[(seats.index(seat) + 1) % len(seats)]
            return to_act, direction, victim

        return after_turn

    wrap("unospec.reference.turns", "after_turn", make)


# == drawing ===================================================================================


@mutant("drawn-card-not-playable", "DRAW-THEN-PLAY")
def _drawn_not_playable() -> None:
    """A card just drawn can never be played that turn."""

    def make(old):
        def choices(pos):
            _, may_draw, must_draw = old(pos)
            return [], may_draw, must_draw

        return choices

    wrap("unospec.reference.engine", "_after_draw_choices", make)


@mutant("any-card-after-draw", "DRAW-THEN-PLAY")
def _any_card_after_draw() -> None:
    """After a turn draw, any playable card of the hand may be played, not only the drawn one."""
    from unospec.reference.matching import playable

    def make(old):
        def choices(pos):
            ok, may_draw, must_draw = old(pos)
            if pos.drawn and not must_draw:
                s = pos.to_act
                ok = sorted(set(ok) | {c for c in set(pos.hands[s]) if playable(pos, s, c)})
            return ok, may_draw, must_draw

        return choices

    wrap("unospec.reference.engine", "_after_draw_choices", make)


@mutant("draw-two-on-turn", "DRAW-ONE")
def _draw_two_on_turn() -> None:
    """A turn draw brings two cards."""

    def make(old):
        def owe(pos, seat, count, rule, turn=False):
            if turn and rule == "DRAW-ONE":
                count = 2
            old(pos, seat, count, rule, turn)

        return owe

    wrap("unospec.reference.drawing", "owe", make)


@mutant("no-voluntary-draw", "DRAW-VOLUNTARY")
def _no_voluntary_draw() -> None:
    """A player holding a playable card may not draw instead."""

    def transform(pos, acts):
        if pos.phase != "turn":
            return acts
        s = pos.to_act
        if any(a["type"] == "play" and a["seat"] == s for a in acts):
            return [a for a in acts if not (a["type"] == "draw" and a["seat"] == s)]
        return acts

    legal_transform(transform)


@mutant("pass-skips-next", "DRAW-END-TURN")
def _pass_skips_next() -> None:
    """Keeping the drawn card ends the turn, but the next player is passed over too."""
    from unospec.reference import turns

    def make(old):
        def end(pos, seat, events):
            old(pos, seat, events)
            if pos.phase == "turn" and pos.to_act is not None and pos.to_act != seat:
                turns.give_turn(pos, turns.step(pos, pos.to_act), events)

        return end

    wrap("unospec.reference.engine", "_end_turn_without_play", make)


# == action cards and two players ==============================================================


@mutant("skip-skips-two", "SKIP-EFFECT")
def _skip_two() -> None:
    """A Skip passes over two seats."""
    from unospec.reference.matching import FACE

    def make(old):
        return lambda card: (2, 0, 0) if FACE[card] == "S" else old(card)

    wrap("unospec.reference.effects", "card_effect", make)


@mutant("reverse-no-flip", "REVERSE-EFFECT")
def _reverse_no_flip() -> None:
    """With three or more players a Reverse does not change the direction."""
    advance_after(
        lambda seat, d, players, skips, flips, draws: (
            skips,
            flips if players == 2 else 0,
            draws,
            True,
            True,
        )
    )


@mutant("draw-two-no-skip", "DRAW-TWO-EFFECT")
def _draw_two_no_skip() -> None:
    """The victim of a Draw Two draws two but keeps the turn (three or more players)."""
    from unospec.reference import turns

    def make(old):
        def suffer(pos, info, events):
            old(pos, info, events)
            if info["card"] != "WD4" and len(pos.active) > 2 and pos.phase == "turn":
                turns.give_turn(pos, info["seat"], events)

        return suffer

    wrap("unospec.reference.effects", "suffer", make)


@mutant("wd4-draws-two", "WD4-EFFECT")
def _wd4_draws_two() -> None:
    """The victim of a Wild Draw Four draws only two cards."""

    def make(old):
        def owe(pos, seat, count, rule, turn=False):
            old(pos, seat, 2 if rule == "WD4-EFFECT" else count, rule, turn)

        return owe

    wrap("unospec.reference.drawing", "owe", make)


@mutant("stacking-in-official", "NO-STACKING")
def _stacking_official() -> None:
    """The victim of a Draw Two or Wild Draw Four may pass it on with the same card."""

    def change(cfg, put):
        if not cfg.stackable:
            put("stackable", frozenset({"D2-on-D2", "WD4-on-WD4"}))

    compiled_option(change)


@mutant("two-player-reverse-not-skip", "REVERSE-TWO-PLAYER")
def _two_reverse() -> None:
    """With two players a Reverse flips the direction but does not give another turn."""
    advance_after(lambda seat, d, players, skips, flips, draws: (skips, flips, draws, False, True))


@mutant("two-player-skip-passes", "TWO-PLAYER-SKIP")
def _two_skip() -> None:
    """With two players a Skip does not give its player another turn."""
    advance_after(
        lambda seat, d, players, skips, flips, draws: (
            0 if players == 2 else skips,
            flips,
            draws,
            True,
            True,
        )
    )


@mutant("two-player-draw-no-extra-turn", "TWO-PLAYER-DRAW")
def _two_draw() -> None:
    """With two players the victim of a draw card draws and then takes the turn."""
    advance_after(
        lambda seat, d, players, skips, flips, draws: (skips, flips, draws, True, players != 2)
    )


# == wilds and the Wild Draw Four ==============================================================


@mutant("wild-needs-no-colour", "WILD-ANYTIME")
def _wild_needs_no_colour() -> None:
    """A Wild may be played only while holding no card of the current colour."""
    from unospec.reference.matching import holds_colour

    replace(
        "unospec.reference.matching",
        "wild_playable",
        lambda cfg, hand, colour: not holds_colour(hand, colour),
    )


@mutant("wild-must-change-colour", "WILD-COLOUR-CHOICE")
def _wild_must_change() -> None:
    """A wild card may not name the colour that was current."""

    def make(old):
        def colours_allowed(pos):
            prior = pos.pending.get("prior_colour") if pos.pending else None
            return [c for c in old(pos) if c != prior]

        return colours_allowed

    wrap("unospec.reference.effects", "colours_allowed", make)


@mutant("wd4-unrestricted", "WD4-RESTRICTION")
def _wd4_unrestricted() -> None:
    """A Wild Draw Four is legal while holding the current colour: a challenge never succeeds."""
    replace("unospec.reference.matching", "wd4_allowed", lambda cfg, hand, top, colour: True)


@mutant("wd4-bluff-refused", "WD4-BLUFF")
def _wd4_bluff_refused() -> None:
    """The engine itself refuses a Wild Draw Four played while holding the current colour."""
    from unospec.reference import matching

    replace(
        "unospec.reference.matching",
        "wd4_playable",
        lambda cfg, hand, top, colour: matching.wd4_allowed(cfg, hand, top, colour),
    )


@mutant("wd4-no-challenge", "WD4-CHALLENGE")
def _wd4_no_challenge() -> None:
    """The victim of a Wild Draw Four cannot challenge it."""
    replace("unospec.reference.effects", "challenge_offered", lambda cfg: False)


@mutant("challenge-penalises-challenger", "WD4-CHALLENGE-GUILTY")
def _challenge_wrong_player() -> None:
    """An upheld challenge makes the challenger draw the four instead of the bluffer."""

    def make(old):
        def outcome(guilty, challenger, wd4_player, direction, players, skipped=False, ite=None):
            drawer, count, to_act = old(guilty, challenger, wd4_player, direction, players, skipped)
            return (challenger if guilty else drawer), count, to_act

        return outcome

    wrap("unospec.spec.arithmetic", "challenge_outcome", make)


@mutant("challenge-innocent-four", "WD4-CHALLENGE-INNOCENT")
def _challenge_wrong_count() -> None:
    """A failed challenge costs the challenger four cards instead of six."""

    def make(old):
        def outcome(guilty, challenger, wd4_player, direction, players, skipped=False, ite=None):
            drawer, count, to_act = old(guilty, challenger, wd4_player, direction, players, skipped)
            return drawer, (count if guilty else 4), to_act

        return outcome

    wrap("unospec.spec.arithmetic", "challenge_outcome", make)


# == calling UNO ===============================================================================


@mutant("uno-penalty-four", "UNO-PENALTY")
def _uno_penalty_four() -> None:
    """A caught player draws four cards instead of two."""
    replace("unospec.reference.uno", "penalty_cards", lambda pos: 4)


@mutant("uno-window-too-early", "UNO-CATCH-WINDOW")
def _uno_window_early() -> None:
    """A forced draw or a challenge decision counts as the start of a turn: it closes the window."""
    from unospec.reference import uno

    def make(old):
        def forced(pos, info_or_seat, events):
            victim = info_or_seat["seat"] if isinstance(info_or_seat, dict) else info_or_seat
            uno.turn_begins(pos, victim)
            old(pos, info_or_seat, events)

        return forced

    wrap("unospec.reference.effects", "suffer", make)
    wrap("unospec.reference.effects", "challenge", make)


@mutant("uno-window-too-late", "UNO-CATCH-WINDOW")
def _uno_window_late() -> None:
    """The catch window stays open until the offender's own next turn begins."""
    from unospec.reference import uno

    def make(old):
        def turn_begins(pos, seat):
            if pos.cfg.uno_late_catch:
                return old(pos, seat)
            if uno.uno_enforced(pos) and pos.uno[seat] in ("catchable", "owed"):
                pos.uno[seat] = None

        return turn_begins

    wrap("unospec.reference.uno", "turn_begins", make)


@mutant("uno-no-repeat", "UNO-REPEAT")
def _uno_no_repeat() -> None:
    """A player who has called UNO once this round never has to call again."""

    def make(old):
        def refresh(pos, sizes_before):
            # the seats that have called this round (a memo the position carries along)
            memo_round, seen = pos.__dict__.get("_mutant_called", (pos.round, frozenset()))
            called = set(seen) if memo_round == pos.round else set()
            called |= {s for s, state in enumerate(pos.uno) if state == "called"}
            old(pos, sizes_before)
            for s, hand in enumerate(pos.hands):
                if len(hand) == 1 and s in called and pos.uno[s] in ("owed", "catchable"):
                    pos.uno[s] = "called"
            called |= {s for s, state in enumerate(pos.uno) if state == "called"}
            pos.__dict__["_mutant_called"] = (pos.round, frozenset(called))

        return refresh

    wrap("unospec.reference.uno", "refresh", make)


@mutant("uno-late-call-refused", "UNO-SELF-RESCUE")
def _uno_late_call() -> None:
    """Only the player who laid the top card may still call UNO; any other late call is refused."""

    def make(old):
        return lambda pos, seat: old(pos, seat) and seat == pos.last_played_by

    wrap("unospec.reference.uno", "call_allowed", make)


# == piles =====================================================================================


@mutant("no-reshuffle", "RESHUFFLE")
def _no_reshuffle() -> None:
    """An empty draw pile is never rebuilt from the discards: the draw is simply forgiven."""
    replace("unospec.reference.drawing", "kept_discards", lambda pos: len(pos.discard_pile))


@mutant("reshuffle-loses-top", "RESHUFFLE")
def _reshuffle_loses_top() -> None:
    """The reshuffle takes the top discard too; a new top card is turned from the new pile."""
    from unospec.reference.turns import event

    def make(old):
        def apply_reshuffle(pos, order, events):
            if len(pos.discard_pile) < 2 or pos.phase == "cheat":
                return old(pos, order, events)
            pile = list(order) + [pos.discard_pile[-1]] + pos.draw_pile
            pos.discard_pile = [pile.pop(0)]
            pos.draw_pile = pile
            events.append(event("reshuffled", "RESHUFFLE", cards=len(order) + 1))

        return apply_reshuffle

    wrap("unospec.reference.drawing", "apply_reshuffle", make)


# == round end and match =======================================================================


@mutant("action-cards-score-ten", "SCORE-VALUES")
def _score_ten() -> None:
    """Skip, Reverse and Draw Two score 10 points instead of 20."""
    from unospec.spec import cards

    for k in cards.KINDS:
        if cards.is_action(k):
            cards.POINTS[k] = 10


@mutant("winner-scores-one-hand", "SCORE-WINNER-TAKES")
def _winner_one_hand() -> None:
    """The round's winner scores only the hand of the next player."""
    from unospec.reference.scoring import hand_points
    from unospec.reference.turns import event, step

    def make(old):
        def winner_takes(pos, winner, events):
            if pos.cfg.teams:
                return old(pos, winner, events)
            points = hand_points(pos.hands[step(pos, winner)])
            pos.scores[winner] += points
            pos.last_round["points"] = points
            events.append(
                event(
                    "points_scored", "SCORE-WINNER-TAKES", seat=winner, points=points, team=[winner]
                )
            )

        return winner_takes

    wrap("unospec.reference.scoring", "winner_takes", make)


@mutant("no-last-card-draw", "LAST-CARD-DRAW")
def _no_last_card_draw() -> None:
    """A round won with a Draw Two or Wild Draw Four ends without the next player drawing."""

    def make(old):
        def go_out(pos, seat, cards, events, carry=0, last_draw=True):
            old(pos, seat, cards, events, carry=carry, last_draw=False)

        return go_out

    wrap("unospec.reference.scoring", "go_out", make)


@mutant("no-action-finish-in-official", "GO-OUT-ANY-CARD")
def _no_action_finish_official() -> None:
    """No going out on an action or wild card, wrongly enforced without the variant."""

    def change(cfg, put):
        if cfg.forbidden_last is None:
            put("forbidden_last", "special")

    compiled_option(change)


@mutant("match-ends-at-400", "MATCH-TARGET-500")
def _match_400() -> None:
    """The match ends when a total reaches 400."""

    def change(cfg, put):
        if cfg.target == 500:
            put("target", 400)

    compiled_option(change)


@mutant("dealer-stays", "P-NEXT-DEALER")
def _dealer_stays() -> None:
    """The same player deals every round."""

    def make(old):
        def new_round(pos, events, same_dealer=False):
            if pos.eliminated[pos.dealer]:
                return old(pos, events, same_dealer)
            return old(pos, events, True)

        return new_round

    wrap("unospec.reference.scoring", "new_round", make)


# == policies ==================================================================================


@mutant("illegal-action-penalised", "P-ILLEGAL-PLAY-REJECTED")
def _illegal_penalised() -> None:
    """A refused action costs its player a card from the draw pile."""
    from unospec.reference.errors import IllegalAction

    def make(old):
        def apply(pos, action, **kw):
            try:
                return old(pos, action, **kw)
            except IllegalAction:
                seat = action.get("seat") if isinstance(action, dict) else None
                if (
                    isinstance(seat, int)
                    and not isinstance(seat, bool)
                    and 0 <= seat < pos.players
                    and pos.draw_pile
                    and pos.chance is None
                    and pos.phase != "over"
                ):
                    pos.hands[seat].append(pos.draw_pile.pop(0))
                    pos.__dict__.pop("_legal", None)
                    pos.__dict__.pop("_mutant_legal", None)
                raise

        return apply

    wrap("unospec.reference.engine", "apply", make)


@mutant("false-catch-penalised", "P-FALSE-CATCH")
def _false_catch() -> None:
    """A catch with no basis is accepted and costs the catcher two cards."""
    from unospec.reference import engine, uno
    from unospec.reference.drawing import owe
    from unospec.reference.errors import IllegalAction

    def make(old):
        def apply(pos, action, **kw):
            try:
                return old(pos, action, **kw)
            except IllegalAction as e:
                if e.rule != "P-FALSE-CATCH":
                    raise
                new = pos.copy()
                new.__dict__.pop("_legal", None)
                events: list[dict[str, Any]] = []
                sizes = [len(h) for h in new.hands]
                owe(new, action["seat"], 2, "P-FALSE-CATCH")
                engine._settle(new, events)
                uno.refresh(new, sizes)
                return new, events

        return apply

    wrap("unospec.reference.engine", "apply", make)


@mutant("dealer-tie-everyone-redraws", "P-DEALER-TIE")
def _dealer_tie() -> None:
    """On a tie for highest in the dealer draw, every player draws again."""

    def make(old):
        def dealer_draw(pos, cards, events):
            old(pos, cards, events)
            if pos.chance and pos.chance.get("type") == "dealer_draw":
                pos.chance = {"type": "dealer_draw", "seats": list(range(pos.players))}

        return dealer_draw

    wrap("unospec.reference.setup", "dealer_draw", make)


# == profile-specific rules and options ========================================================


@mutant("sv-action-finish-allowed", "V-NO-ACTION-FINISH", profile="sv-unoregler")
def _sv_action_finish() -> None:
    """sv-unoregler: going out on an action or wild card is allowed after all."""
    replace("unospec.reference.matching", "may_go_out_on", lambda cfg, card: True)


@mutant("sv-lose-turn-forgotten", "V-UNO-PENALTY-LOSE-TURN", profile="sv-unoregler")
def _sv_lose_turn() -> None:
    """sv-unoregler: a caught player draws the penalty but does not miss a turn."""
    replace("unospec.reference.uno", "lose_turn", lambda pos, target, events: None)


@mutant("sv-wd4-colour-test", "V-WD4-ONLY-IF-NO-PLAYABLE", profile="sv-unoregler")
def _sv_wd4_colour() -> None:
    """sv-unoregler: the Wild Draw Four test looks only at the current colour."""
    from unospec.reference.matching import holds_colour

    replace(
        "unospec.reference.matching",
        "wd4_strict_allowed",
        lambda rest, top, colour: not holds_colour(rest, colour),
    )


@mutant("sv-no-stacking", "V-STACK-DRAW", profile="sv-unoregler")
def _sv_no_stacking() -> None:
    """sv-unoregler: a draw card can never be passed on."""
    replace("unospec.reference.effects", "stack_options", lambda pos, victim, top: [])


@mutant("sv-challenge-offered", "V-NO-WD4-CHALLENGE", profile="sv-unoregler")
def _sv_challenge() -> None:
    """sv-unoregler: the victim of a Wild Draw Four may challenge it."""
    replace("unospec.reference.effects", "challenge_offered", lambda cfg: True)


@mutant("sv-match-to-500", "V-SINGLE-ROUND", profile="sv-unoregler")
def _sv_single_round() -> None:
    """sv-unoregler: rounds are scored and the match goes on to 500."""
    compiled_option(lambda cfg, put: put("single_round", False))


@mutant("fi-late-catch-forgotten", "V-UNO-LATE-CATCH", profile="fi-wikipedia")
def _fi_late_catch() -> None:
    """fi-wikipedia: a missed call is caught in the official window, not the later one."""

    def change(cfg, put):
        put("uno_late_catch", False)

    compiled_option(change)


@mutant("fi-special-starter-kept", "V-FIRST-CARD-NO-SPECIAL", profile="fi-wikipedia")
def _fi_special_starter() -> None:
    """fi-wikipedia: a special starter card keeps its official effect instead of being replaced."""
    compiled_option(lambda cfg, put: put("first_card_no_special", None))


@mutant("jump-in-same-face", "V-JUMP-IN")
def _jump_in_same_face() -> None:
    """V-JUMP-IN: a card of the same number or symbol in any colour may jump in."""
    from unospec.reference.matching import FACE

    def make(old):
        def jump_in_cards(pos, seat):
            if old(pos, seat) or pos.announced or seat == pos.to_act:
                return old(pos, seat)
            top = pos.discard_pile[-1]
            if top in ("W", "WD4") or len(pos.hands[seat]) == 1:
                return []
            return sorted(
                {c for c in pos.hands[seat] if c not in ("W", "WD4") and FACE[c] == FACE[top]}
            )

        return jump_in_cards

    wrap("unospec.reference.effects", "jump_in_cards", make)


@mutant("seven-zero-no-rotation", "V-SEVEN-ZERO")
def _seven_zero() -> None:
    """V-SEVEN-ZERO: a 0 does not pass the hands on."""
    replace("unospec.reference.effects", "rotate_hands", lambda pos, events: None)


# == subtler mutants: an off-by-one, a forgotten parameter, a rarely reached branch ============


@mutant("wd4-scores-forty", "SCORE-VALUES")
def _wd4_forty() -> None:
    """A Wild Draw Four left in hand scores 40 points instead of 50."""
    from unospec.spec import cards

    cards.POINTS["WD4"] = 40


@mutant("match-needs-over-500", "MATCH-TARGET-500")
def _match_over_500() -> None:
    """The match ends only when a total passes 500; exactly 500 is not enough."""

    def change(cfg, put):
        if cfg.target == 500:
            put("target", 501)

    compiled_option(change)


@mutant("upheld-challenge-skips-challenger", "WD4-CHALLENGE-GUILTY")
def _guilty_skips() -> None:
    """After an upheld challenge the challenger still loses the turn."""
    compiled_option(lambda cfg, put: put("guilty_challenger_skipped", True))


@mutant("drawn-wd4-no-bluff", "WD4-BLUFF")
def _drawn_wd4_no_bluff() -> None:
    """A Wild Draw Four just drawn is held to WD4-RESTRICTION even where only a challenge
    enforces it: no bluff with a card just drawn, though one held since the turn began may."""
    from unospec.reference.matching import wd4_allowed

    def make(old):
        def drawn_card_playable(pos, seat, card):
            if card == "WD4" and not wd4_allowed(
                pos.cfg, pos.hands[seat], pos.discard_pile[-1], pos.colour
            ):
                return False
            return old(pos, seat, card)

        return drawn_card_playable

    wrap("unospec.reference.engine", "drawn_card_playable", make)


@mutant("drawn-wd4-unchecked", "WD4-BLUFF")
def _drawn_wd4_unchecked() -> None:
    """A Wild Draw Four just drawn may always be laid, even where the engine enforces
    WD4-RESTRICTION (wd4_enforcement = "engine")."""

    def make(old):
        def drawn_card_playable(pos, seat, card):
            return card == "WD4" or old(pos, seat, card)

        return drawn_card_playable

    wrap("unospec.reference.engine", "drawn_card_playable", make)


@mutant("draw-two-victim-plays-drawn", "PENALTY-CARDS-NOT-PLAYABLE")
def _penalty_playable() -> None:
    """The victim of a Draw Two may lay the last card of the penalty at once if it fits."""

    def make(old):
        def suffer(pos, info, events):
            old(pos, info, events)
            victim = info["seat"]
            if info["card"] == "WD4" or pos.phase != "turn" or not pos.owed_draws:
                return
            if pos.owed_draws[-1]["seat"] != victim:
                return
            pos.owed_draws[-1]["turn"] = True
            pos.to_act, pos.phase, pos.pending, pos.drawn = victim, "drawn", {"seat": victim}, []

        return suffer

    wrap("unospec.reference.effects", "suffer", make)


@mutant("wd4-restriction-counts-wild", "WD4-RESTRICTION")
def _wd4_counts_wild() -> None:
    """Holding a plain Wild counts as holding the current colour for the Wild Draw Four test."""

    def make(old):
        def wd4_allowed(cfg, hand, top, colour):
            rest = list(hand)
            rest.remove("WD4")
            return old(cfg, hand, top, colour) and "W" not in rest

        return wd4_allowed

    wrap("unospec.reference.matching", "wd4_allowed", make)


@mutant("wd4-restriction-counts-face", "WD4-RESTRICTION")
def _wd4_counts_face() -> None:
    """A card matching the top card by number or symbol counts against a Wild Draw Four."""
    from unospec.reference.matching import FACE

    def make(old):
        def wd4_allowed(cfg, hand, top, colour):
            rest = list(hand)
            rest.remove("WD4")
            same_face = top not in ("W", "WD4") and any(
                c not in ("W", "WD4") and FACE[c] == FACE[top] for c in rest
            )
            return old(cfg, hand, top, colour) and not same_face

        return wd4_allowed

    wrap("unospec.reference.matching", "wd4_allowed", make)


@mutant("uno-call-impossible", "UNO-CALL")
def _uno_call_impossible() -> None:
    """Nobody can call UNO: every player down to one card can be caught."""
    replace("unospec.reference.uno", "call_allowed", lambda pos, seat: False)


@mutant("uno-catch-by-player-to-act-only", "UNO-CATCH")
def _uno_catch_to_act() -> None:
    """Only the player whose turn it is may catch a missed call."""

    def transform(pos, acts):
        return [a for a in acts if a["type"] != "catch" or a["seat"] == pos.to_act]

    legal_transform(transform)


@mutant("round-ends-after-colour", "ROUND-END")
def _round_after_colour() -> None:
    """A last card that is a wild ends the round only once its colour has been named."""
    from unospec.reference import effects, scoring
    from unospec.reference.turns import event

    go_out_old = scoring.go_out
    name_old = effects.name_colour

    def go_out(pos, seat, cards, events, carry=0, last_draw=True):
        pend = pos.pending or {}
        if cards and cards[-1] in ("W", "WD4") and last_draw and "_out" not in pend:
            if pos.pending is None:
                pos.pending = {"seat": seat, "cards": list(cards), "start_colour": pos.colour}
            pos.pending["_out"] = carry
            effects.ask_colour(pos, seat, cards[-1], pos.colour)
            return
        go_out_old(pos, seat, cards, events, carry=carry, last_draw=last_draw)

    def name_colour(pos, seat, colour, events):
        pend = pos.pending or {}
        if "_out" not in pend:
            return name_old(pos, seat, colour, events)
        pos.colour = colour
        events.append(event("colour_named", "WILD-COLOUR-CHOICE", seat=seat, colour=colour))
        go_out_old(pos, seat, pend["cards"], events, carry=pend["_out"])

    replace("unospec.reference.scoring", "go_out", go_out)
    replace("unospec.reference.effects", "name_colour", name_colour)


@mutant("scores-reset-each-round", "MATCH-TARGET-500")
def _scores_reset() -> None:
    """Every new round starts from zero points."""

    def make(old):
        def new_round(pos, events, same_dealer=False):
            old(pos, events, same_dealer)
            pos.scores = [0] * pos.players

        return new_round

    wrap("unospec.reference.scoring", "new_round", make)


@mutant("futile-challenge-offered", "P-LAST-WD4-NO-CHALLENGE")
def _futile_challenge() -> None:
    """The victim of a last-card Wild Draw Four is offered a challenge (that always fails)."""
    compiled_option(lambda cfg, put: put("futile_challenge", True))


@mutant("stalemate-lowest-hand-wins", "P-STALEMATE")
def _stalemate_lowest() -> None:
    """A round nobody can finish is won by the lowest hand instead of being void."""
    compiled_option(lambda cfg, put: put("stalemate", "lowest_hand_wins"))


@mutant("stuck-player-passes", "DRAW-WHEN-STUCK")
def _stuck_passes() -> None:
    """A player with no playable card passes instead of drawing."""

    def transform(pos, acts):
        if pos.phase != "turn" or pos.to_act is None:
            return acts
        s = pos.to_act
        if any(a["type"] == "play" and a["seat"] == s for a in acts):
            return acts
        out = [a for a in acts if not (a["type"] == "draw" and a["seat"] == s)]
        return out + [{"type": "pass", "seat": s}]

    legal_transform(transform)


@mutant("reshuffle-forgets-wild-colour", "RESHUFFLE-WILD-COLOUR")
def _reshuffle_colour() -> None:
    """After a reshuffle under a wild, the colour falls back to the card that lay beneath it."""

    def make(old):
        def apply_reshuffle(pos, order, events):
            pile = pos.discard_pile
            under = [c for c in pile[:-1] if c not in ("W", "WD4")]
            old(pos, order, events)
            if pile and pile[-1] in ("W", "WD4") and under:
                pos.colour = under[-1][0]

        return apply_reshuffle

    wrap("unospec.reference.drawing", "apply_reshuffle", make)


# -- variants (their scenarios turn the option on) ------------------------------------------------


@mutant("draw-until-playable-cap-plus-one", "V-DRAW-UNTIL-PLAYABLE")
def _dup_cap() -> None:
    """V-DRAW-UNTIL-PLAYABLE: a cap of n lets the player draw n + 1 cards."""

    def draw_until_playable(params, n, found):
        cap = params["cap"]
        again = not found and (cap == 0 or n <= cap)
        return again, again

    replace("unospec.reference.drawing", "draw_until_playable", draw_until_playable)


@mutant("draw-until-stop-cap-ignored", "V-DRAW-UNTIL-STOP")
def _dus_cap() -> None:
    """V-DRAW-UNTIL-STOP: the cap is ignored."""
    replace("unospec.reference.drawing", "draw_until_stop", lambda params, n, found: (True, False))


@mutant("draw-fixed-one-short", "V-DRAW-FIXED")
def _fixed_short() -> None:
    """V-DRAW-FIXED (at_most): a limit of n allows only n - 1 cards."""

    def make(old):
        def draw_fixed(params, n):
            if params["mode"] == "exactly":
                return old(params, n)
            return n < params["n"] - 1, False

        return draw_fixed

    wrap("unospec.reference.drawing", "draw_fixed", make)


@mutant("zero-rotates-backwards", "V-SEVEN-ZERO")
def _zero_backwards() -> None:
    """V-SEVEN-ZERO: a 0 passes the hands against the direction of play."""
    from unospec.reference.turns import event, step

    def rotate_hands(pos, events):
        new = [h[:] for h in pos.hands]
        for s in pos.active:
            new[step(pos, s, -pos.direction)] = pos.hands[s]
        pos.hands = new
        pos.pending["swapped"] = True
        from unospec.reference.effects import renew_uno_duties

        renew_uno_duties(pos, pos.active)
        events.append(event("hands_rotated", "V-SEVEN-ZERO", direction=-pos.direction))

    replace("unospec.reference.effects", "rotate_hands", rotate_hands)


@mutant("cheat-false-accusation-free", "V-CHEAT")
def _cheat_free() -> None:
    """V-CHEAT: accusing an honest player costs the accuser nothing."""
    from unospec.reference import effects
    from unospec.reference.turns import event

    def make(old):
        def cheat_accuse(pos, seat, events):
            info = pos.pending
            if info["card"] != info["claim"]:
                return old(pos, seat, events)
            events.append(
                event(
                    "cheat_revealed", "V-CHEAT", seat=info["from"], card=info["card"], honest=True
                )
            )
            effects.cheat_accept(pos, seat, events)

        return cheat_accuse

    wrap("unospec.reference.effects", "cheat_accuse", make)


@mutant("team-scores-partner-hand", "V-TEAM")
def _team_partner() -> None:
    """V-TEAM: the winning team also scores the points left in the partner's hand."""
    from unospec.reference.scoring import hand_points
    from unospec.reference.turns import event

    def make(old):
        def winner_takes(pos, winner, events):
            if not pos.cfg.teams:
                return old(pos, winner, events)
            from unospec.reference.scoring import team_of

            team = team_of(pos, winner)
            points = sum(hand_points(h) for s, h in enumerate(pos.hands) if s != winner)
            for s in team:
                pos.scores[s] += points
            pos.last_round["points"] = points
            events.append(
                event("points_scored", "SCORE-WINNER-TAKES", seat=winner, points=points, team=team)
            )

        return winner_takes

    wrap("unospec.reference.scoring", "winner_takes", make)


@mutant("alt-scoring-limit-passed", "V-ALT-SCORING-LOSER-500")
def _alt_limit() -> None:
    """V-ALT-SCORING-LOSER-500: reaching the limit is not enough, a total must pass it."""

    def change(cfg, put):
        if cfg.alt_scoring:
            put("alt_scoring", {**cfg.alt_scoring, "limit": cfg.alt_scoring["limit"] + 1})

    compiled_option(change)


@mutant("uno-out-penalty-one", "V-UNO-OUT-CALL")
def _uno_out_one() -> None:
    """V-UNO-OUT-CALL: a missing "UNO out" costs one card, whatever the setting."""
    from unospec.reference.drawing import owe
    from unospec.reference.turns import event

    def missing_uno_out(pos, seat, events):
        events.append(event("uno_out_missed", "V-UNO-OUT-CALL", seat=seat))
        pos.__dict__["_uno_renewed"] = (seat,)
        owe(pos, seat, 1, "V-UNO-OUT-CALL")

    replace("unospec.reference.effects", "missing_uno_out", missing_uno_out)


@mutant("multi-play-wild-joins", "V-MULTI-PLAY")
def _multi_wild() -> None:
    """V-MULTI-PLAY: a plain Wild may join a group of coloured cards."""

    def make(old):
        def may_follow(pos, seat, card):
            cfg = pos.cfg
            plain = cfg.multi and not (
                cfg.multi_identical or cfg.multi_ride or cfg.multi_one_colour_or_number
            )
            if plain and card == "W" and pos.pending["cards"][-1] not in ("W", "WD4"):
                return len(pos.hands[seat]) > 1
            return old(pos, seat, card)

        return may_follow

    wrap("unospec.reference.effects", "may_follow", make)


@mutant("cumulative-skips-once", "V-CUMULATIVE-EFFECT")
def _cumulative_skips() -> None:
    """V-CUMULATIVE-EFFECT: several Skips laid together pass over one seat only."""

    def make(old):
        def cumulative_effect(params, cards):
            skips, flips, draws = old(params, cards)
            return min(skips, 1), flips, draws

        return cumulative_effect

    wrap("unospec.reference.effects", "cumulative_effect", make)


@mutant("no-draw-finish-forgets-wd4", "V-NO-ACTION-FINISH")
def _finish_draw_mode() -> None:
    """V-NO-ACTION-FINISH with forbidden_last = draw: a Wild Draw Four may still be the last card."""
    from unospec.reference.matching import FACE

    def make(old):
        def finish_forbidden(forbidden_last, card):
            if forbidden_last == "draw":
                return card != "WD4" and FACE[card] == "D2"
            return old(forbidden_last, card)

        return finish_forbidden

    wrap("unospec.reference.matching", "finish_forbidden", make)


@mutant("stack-draw-two-any-colour", "V-STACK-DRAW", profile="sv-unoregler")
def _stack_any_colour() -> None:
    """sv-unoregler: a Draw Two of any colour may be stacked on a Wild Draw Four."""

    def make(old):
        def stack_options(pos, victim, top):
            out = old(pos, victim, top)
            hand = pos.hands[victim]
            if top == "WD4" and "D2-on-WD4" in pos.cfg.stackable and len(hand) > 1:
                out = sorted(set(out) | {c for c in hand if c.endswith("D2")})
            return out

        return stack_options

    wrap("unospec.reference.effects", "stack_options", make)


@mutant("partner-rotation-shifted", "V-EXT-PARTNER-ROTATION")
def _rotation_shifted() -> None:
    """V-EXT-PARTNER-ROTATION: the blocks of four rounds start with neighbours as partners."""

    def partner_rotation(round_no, seat):
        pairs = [((0, 1), (2, 3)), ((0, 3), (1, 2)), ((0, 2), (1, 3))][min((round_no - 1) // 4, 2)]
        return sorted(next(p for p in pairs if seat in p))

    replace("unospec.reference.scoring", "partner_rotation", partner_rotation)


@mutant("target-score-ignored", "V-EXT-TARGET-SCORE")
def _target_ignored() -> None:
    """V-EXT-TARGET-SCORE: the agreed target is ignored; matches still go to 500."""
    compiled_option(lambda cfg, put: put("target", 500))


@mutant("jump-in-by-last-player", "V-JUMP-IN")
def _jump_in_last() -> None:
    """V-JUMP-IN: the player who laid the top card may jump in again with its twin."""

    def transform(pos, acts):
        last = pos.last_played_by
        if not pos.cfg.jump_in or pos.phase != "turn" or pos.chance is not None:
            return acts
        if last is None or last == pos.to_act or pos.announced:
            return acts
        top = pos.discard_pile[-1]
        if top in pos.hands[last] and len(pos.hands[last]) > 1 and top != "WD4":
            return acts + [{"type": "play", "seat": last, "card": top}]
        return acts

    legal_transform(transform)


@mutant("bury-sets-aside", "V-FIRST-CARD-NO-SPECIAL")
def _bury_sets_aside() -> None:
    """V-FIRST-CARD-NO-SPECIAL with procedure bury: the special card stays under the next starter."""

    def make(old):
        def first_card_no_special(pos, procedure, events):
            return old(pos, "set_aside" if procedure == "bury" else procedure, events)

        return first_card_no_special

    wrap("unospec.reference.setup", "first_card_no_special", make)
