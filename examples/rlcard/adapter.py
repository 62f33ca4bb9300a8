#!/usr/bin/env python3
"""unospec live-protocol adapter for RLCard's UNO (``rlcard.games.uno.game.UnoGame``).

Run it with RLCard's own virtualenv (``setup.sh`` creates it)::

    examples/rlcard/.venv/bin/python examples/rlcard/adapter.py

It reads one JSON request per line on stdin and answers each on stdout (nothing else is
ever written to stdout; diagnostics go to stderr). See README.md beside this file.

What the adapter does, and what it leaves to RLCard
---------------------------------------------------
* The harness dictates chance. ``dealer_draw`` has no RLCard equivalent (RLCard has no
  dealer): the adapter records the dealer (highest number card, ties draw again) only to
  know which seat RLCard's player 0 is. RLCard's player 0 always begins and its
  ``perform_top_card`` hands a starting Reverse to player ``n-1``, so RLCard's player ``k``
  sits at unospec seat ``(dealer + 1 + k) % n`` (player ``n-1`` is the dealer).
* ``deal`` is put into RLCard by running RLCard's own ``UnoGame.init_game`` with a dealer
  whose deck is stacked so that RLCard's own dealing (7 cards to player 0, then 7 to
  player 1, ...), its own flip of the top card and its own ``perform_top_card`` produce
  exactly the dictated hands, starter and draw pile.
* Every ``shuffle`` RLCard performs (a Wild Draw Four starter returned to the deck,
  ``replace_deck`` when the deck runs out) is a chance input: RLCard still decides when to
  shuffle and which cards go in; the harness only dictates the order. The adapter runs the
  RLCard operation on a copy; when RLCard reaches a shuffle the adapter has no order for,
  it rolls back, reports ``chance: {"type": "shuffle", ...}`` with exactly the cards RLCard
  wants to shuffle, and replays the operation once the order arrives.
* Everything else -- legal actions, card effects, turn order, draws, the end of the game
  -- is RLCard's: legal actions come from ``UnoRound.get_legal_actions`` and actions are
  carried out by ``UnoGame.step``. Colours RLCard picks with its own random generator
  (a drawn Wild it plays by itself, a Wild starter) come from ``numpy.random.RandomState``
  seeded with 0 at each new game, so runs are reproducible.

Action mapping
--------------
``c-<digit>`` / ``c-skip`` / ``c-reverse`` / ``c-draw_2`` -> ``play`` ``C<digit>`` / ``CS`` /
``CR`` / ``CD2``; ``c-wild`` -> ``play W`` then ``colour C`` (a ``colour`` phase in between);
``c-wild_draw_4`` -> ``play WD4`` then ``colour C`` -- except for a player's last card, where
``play W`` / ``play WD4`` alone is sent to RLCard as its first offered colour (RLCard's game
ends with that action, so the colour is never used); ``draw`` -> ``draw`` (RLCard's draw is
one atomic step: it also plays the drawn card when RLCard decides so and ends the turn).
"""

from __future__ import annotations

import copy
import json
import sys
import traceback
from collections import Counter, defaultdict
from typing import Any

OUT = sys.stdout
sys.stdout = sys.stderr  # nothing RLCard might print can reach the protocol stream

import numpy as np  # noqa: E402
import rlcard  # noqa: E402
from rlcard.games.uno import game as uno_game_module  # noqa: E402
from rlcard.games.uno.dealer import UnoDealer  # noqa: E402
from rlcard.games.uno.game import UnoGame  # noqa: E402
from rlcard.games.uno.player import UnoPlayer  # noqa: E402
from rlcard.games.uno.round import UnoRound  # noqa: E402
from rlcard.games.uno.utils import init_deck  # noqa: E402

PROTOCOL = 1
SEED = 0
HAND_SIZE = 7  # UnoGame.init_game deals 7 cards to each player
PROFILES = ["official"]
OBSERVES = [
    "players",
    "phase",
    "to_act",
    "direction",
    "dealer",
    "colour",
    "hands",
    "draw_pile",
    "discard_pile",
    "winner",
    "chance",
]

RL_COLOUR = {"r": "R", "y": "Y", "g": "G", "b": "B"}
UNO_COLOUR = {v: k for k, v in RL_COLOUR.items()}
RL_FACE = {"skip": "S", "reverse": "R", "draw_2": "D2"}
UNO_FACE = {v: k for k, v in RL_FACE.items()}
WILD_TRAITS = {"wild": "W", "wild_draw_4": "WD4"}
UNO_WILD = {v: k for k, v in WILD_TRAITS.items()}


def card_code(card: Any) -> str:
    """An RLCard ``UnoCard`` in unospec notation."""
    if card.trait in WILD_TRAITS:
        return WILD_TRAITS[card.trait]
    return RL_COLOUR[str(card.color)] + RL_FACE.get(card.trait, card.trait)


def _deck_counts() -> Counter:
    return Counter(card_code(c) for c in init_deck())


DECK_COUNTS = _deck_counts()


def is_card(x: Any) -> bool:
    return isinstance(x, str) and x in DECK_COUNTS


def rl_action_to_uno(action: str) -> tuple[str, str | None, str | None]:
    """RLCard action string -> (unospec card or 'draw', wild trait colour or None)."""
    if action == "draw":
        return "draw", None, None
    colour, trait = action.split("-", 1)
    if trait in WILD_TRAITS:
        return WILD_TRAITS[trait], RL_COLOUR[colour], trait
    return RL_COLOUR[colour] + RL_FACE.get(trait, trait), None, trait


def uno_card_to_rl(code: str) -> str:
    return UNO_COLOUR[code[0]] + "-" + UNO_FACE.get(code[1:], code[1:])


def dealer_value(card: str) -> int:
    return int(card[1:]) if card not in ("W", "WD4") and card[1:].isdigit() else 0


# -- dictated chance -----------------------------------------------------------------------------


class NeedShuffle(Exception):
    def __init__(self, cards: list[str], purpose: str, view: dict):
        super().__init__("shuffle needed")
        self.cards, self.purpose, self.view = cards, purpose, view


class BadShuffle(Exception):
    pass


class Control:
    """Dictated chance for the dealer below: the stacked deck of the deal, queued shuffle orders."""

    def __init__(self) -> None:
        self.rig: list[Any] | None = None
        self.orders: list[list[str]] = []
        self.used = 0
        self.context = "reshuffle"
        self.game: Any = None
        self.session: Any = None

    def shuffle(self, dealer: Any) -> None:
        cards = [card_code(c) for c in dealer.deck]
        if not cards:
            return  # nothing to shuffle: a shuffle of no cards has one outcome, nothing to dictate
        if self.used >= len(self.orders):
            raise NeedShuffle(
                sorted(cards), self.context, self.session.view_of(self.game, None, self.context)
            )
        order = self.orders[self.used]
        if Counter(order) != Counter(cards):
            raise BadShuffle(
                "the order must be a permutation of exactly the cards RLCard shuffles: "
                f"{' '.join(sorted(cards))}"
            )
        self.used += 1
        objs: dict[str, list[Any]] = defaultdict(list)
        for c in dealer.deck:
            objs[card_code(c)].append(c)
        top_first = [objs[code].pop(0) for code in order]
        dealer.deck[:] = list(reversed(top_first))  # RLCard draws with deck.pop()


CONTROL = Control()


class DictatedDealer(UnoDealer):
    """RLCard's dealer with a dictated deck and dictated shuffles (all else is UnoDealer's)."""

    def __init__(self, np_random: Any, deck: list[Any] | None = None):  # noqa: D107
        self.np_random = np_random
        if deck is None:
            deck, CONTROL.rig = CONTROL.rig, None
        self.deck = deck if deck is not None else init_deck()

    def shuffle(self) -> None:
        CONTROL.shuffle(self)


# UnoGame.init_game builds its dealer as ``Dealer(self.np_random)``: use the dictated one.
uno_game_module.Dealer = DictatedDealer


class Refused(Exception):
    def __init__(self, reason: str, rule: str | None = None, field: str | None = None):
        super().__init__(reason)
        self.error = {"reason": reason}
        if rule:
            self.error["rule"] = rule
        if field:
            self.error["field"] = field


class Unsupported(Exception):
    pass


def pool() -> dict[str, list[Any]]:
    """Fresh RLCard card objects by unospec code (the 108 of ``init_deck``)."""
    out: dict[str, list[Any]] = defaultdict(list)
    for c in init_deck():
        out[card_code(c)].append(c)
    return out


# -- the session --------------------------------------------------------------------------------


class Session:
    def __init__(self, players: int):
        self.n = players
        self.dealer: int | None = None
        self.phase = "dealer"  # dealer | deal | game (RLCard decides) while no game exists
        self.chance: dict | None = {"type": "dealer_draw", "seats": list(range(players))}
        self.game: Any = None
        self.wild: dict | None = None  # a played wild waiting for its colour (adapter-level phase)
        self.waiting: dict | None = None  # an RLCard operation waiting for shuffle orders

    # seats ------------------------------------------------------------------------------------
    def seat(self, pid: int) -> int:
        return (self.dealer + 1 + pid) % self.n

    def pid(self, seat: int) -> int:
        return (seat - self.dealer - 1) % self.n

    # view -------------------------------------------------------------------------------------
    def view_of(self, game: Any, chance: dict | None, stopped: str | None = None) -> dict:
        """The unospec position of an RLCard game. ``stopped``: RLCard is stopped at a shuffle,
        inside its first flip (``starter``) or inside ``replace_deck`` (``reshuffle``: every
        discard, the top card included, has gone into the deck, which is about to be shuffled)."""
        n = self.n
        pos: dict[str, Any] = {
            "unospec_position": 1,
            "profile": "official",
            "options": {},
            "players": n,
            "dealer": self.dealer,
            "chance": chance,
            "winner": None,
        }
        hands: list[list[str]] = [[] for _ in range(n)]
        for pid, p in enumerate(game.players):
            hands[self.seat(pid)] = [card_code(c) for c in p.hand]
        pos["hands"] = hands
        pos["draw_pile"] = [card_code(c) for c in reversed(game.dealer.deck)]
        rnd = getattr(game, "round", None)
        if rnd is None or stopped == "starter":
            pos.update(
                phase="deal",
                to_act=None,
                direction=1,
                colour=None,
                discard_pile=[card_code(c) for c in rnd.played_cards] if rnd else [],
            )
            return pos
        pos["discard_pile"] = [] if stopped else [card_code(c) for c in rnd.played_cards]
        pos["direction"] = int(rnd.direction)
        pos["colour"] = RL_COLOUR[str(rnd.target.color)] if rnd.target is not None else None
        if rnd.is_over:
            pos.update(
                phase="over", to_act=None, winner=sorted(self.seat(w) for w in rnd.winner or [])
            )
        elif self.wild is not None and not stopped:
            s = self.wild["seat"]
            hand = list(hands[s])
            hand.remove(self.wild["card"])
            hands[s] = hand
            pos["discard_pile"] = pos["discard_pile"] + [self.wild["card"]]
            pos.update(phase="colour", to_act=s)
        else:
            pos.update(phase="turn", to_act=self.seat(rnd.current_player))
        return pos

    def observe(self) -> dict:
        if self.waiting is not None:
            return self.waiting["view"]
        if self.game is None:
            return {
                "unospec_position": 1,
                "profile": "official",
                "options": {},
                "players": self.n,
                "phase": self.phase,
                "to_act": None,
                "direction": 1,
                "dealer": self.dealer,
                "colour": None,
                "hands": [[] for _ in range(self.n)],
                "discard_pile": [],
                "winner": None,
                "chance": self.chance,
            }
        return self.view_of(self.game, None)

    # legal actions ----------------------------------------------------------------------------
    def rl_legal(self) -> list[str]:
        g = self.game
        return list(g.round.get_legal_actions(g.players, g.round.current_player))

    def legal_actions(self) -> list[dict]:
        if self.waiting is not None or self.game is None or self.game.round.is_over:
            return []
        if self.wild is not None:
            s = self.wild["seat"]
            return [{"type": "colour", "seat": s, "colour": c} for c in self.wild["colours"]]
        s = self.seat(self.game.round.current_player)
        out: list[dict] = []
        for a in self.rl_legal():
            card, _, _ = rl_action_to_uno(a)
            act = (
                {"type": "draw", "seat": s}
                if card == "draw"
                else {"type": "play", "seat": s, "card": card}
            )
            if act not in out:
                out.append(act)
        return out

    # RLCard operations with dictated shuffles ---------------------------------------------------
    def run(self, base: Any, op: Any, context: str, orders: list[list[str]]) -> None:
        """Run ``op`` on a copy of ``base`` with the queued shuffle ``orders``; on success the copy
        becomes the game. When RLCard wants a shuffle with no order left, wait for one."""
        work = copy.deepcopy(base)
        CONTROL.orders, CONTROL.used, CONTROL.context = orders, 0, context
        CONTROL.game, CONTROL.session = work, self
        try:
            op(work)
        except BadShuffle as e:
            raise Refused(str(e), "RESHUFFLE", "/order") from None
        except NeedShuffle as e:
            chance = {"type": "shuffle", "purpose": e.purpose, "cards": e.cards}
            self.waiting = {
                "base": base,
                "op": op,
                "context": context,
                "orders": orders,
                "view": {**e.view, "chance": chance},
                "chance": chance,
            }
            return
        finally:
            CONTROL.orders, CONTROL.used, CONTROL.game = [], 0, None
        self.waiting = None
        self.game = work

    # apply ------------------------------------------------------------------------------------
    def over(self) -> bool:
        return self.waiting is None and self.game is not None and bool(self.game.round.is_over)

    def apply(self, action: Any) -> list[dict]:
        """Apply ``action``; the events: only ``round_won`` when RLCard's round has just ended
        (RLCard reports nothing else). Raises :class:`Refused`."""
        was_over = self.over()
        self._apply(action)
        if self.over() and not was_over:
            return [
                {
                    "type": "round_won",
                    "rule": "ROUND-END",
                    "seat": self.seat(self.game.round.winner[0]),
                }
            ]
        return []

    def _apply(self, action: Any) -> None:
        if not isinstance(action, dict):
            raise Refused("an action is a JSON object with a 'type'")
        kind = action.get("type")
        if kind in ("dealer_draw", "deal", "shuffle"):
            need = self.waiting["chance"] if self.waiting else self.chance
            if need is None or need["type"] != kind:
                wanted = need["type"] if need else "no chance input"
                raise Refused(f"the game waits for {wanted}, not {kind!r}", "CHANCE", "/type")
            getattr(self, "chance_" + kind)(action)
            return
        strip = {k: v for k, v in action.items() if v is not False}
        if strip not in self.legal_actions():
            raise self.diagnose(action)
        seat = action["seat"]
        last = len(self.game.players[self.game.round.current_player].hand) == 1
        if kind == "play" and action["card"] in ("W", "WD4"):
            trait = UNO_WILD[action["card"]]
            colours = [
                RL_COLOUR[a.split("-")[0]] for a in self.rl_legal() if a.split("-", 1)[1] == trait
            ]
            if not last:
                self.wild = {
                    "seat": seat,
                    "card": action["card"],
                    "trait": trait,
                    "colours": colours,
                }
                return
            # The last card: RLCard's game ends with this action, so the colour RLCard's action
            # string carries is never used; unospec names no colour here. Pass RLCard's first.
            rl = f"{UNO_COLOUR[colours[0]]}-{trait}"
        elif kind == "colour":
            rl = f"{UNO_COLOUR[action['colour']]}-{self.wild['trait']}"
        elif kind == "play":
            rl = uno_card_to_rl(action["card"])
        else:
            rl = "draw"

        def op(game: Any, rl: str = rl) -> None:
            game.step(rl)

        self.run(self.game, op, "reshuffle", [])
        if self.waiting is None:
            self.wild = None

    def diagnose(self, action: dict) -> Refused:
        """Why RLCard does not offer ``action``, named after the check in RLCard that rules it
        out (``UnoRound.get_legal_actions`` offers only the current player's cards that match
        the target by colour or trait -- by colour alone on a wild target --, every Wild, a
        Wild Draw Four only when nothing else is offered, and ``draw`` only when nothing is)."""
        if self.waiting is not None:
            return Refused(f"the game waits for a chance input ({self.waiting['chance']['type']})")
        if self.game is None:
            return Refused(f"the game waits for a chance input ({self.chance['type']})")
        if self.game.round.is_over:
            return Refused("RLCard's game is over: it plays a single round")
        kind, seat = action.get("type"), action.get("seat")
        offered = (
            ", ".join(f"colour {c}" for c in self.wild["colours"])
            if self.wild
            else ", ".join(self.rl_legal())
        )
        offers = f" (RLCard offers {offered})"
        if kind not in ("play", "draw", "colour", "pass", "swap"):
            # uno, catch, challenge, accept, end, accuse: RLCard lacks what the rules grant here
            return Refused(f"RLCard has no {kind!r} action{offers}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            return Refused(
                f"seat must be 0 to {self.n - 1}, got {seat!r}", "P-ILLEGAL-PLAY-REJECTED", "/seat"
            )
        actor = self.wild["seat"] if self.wild else self.seat(self.game.round.current_player)
        if seat != actor:
            return Refused(
                f"it is seat {actor}'s turn in RLCard, not seat {seat}'s", "TURN-ADVANCE", "/seat"
            )
        if self.wild is not None:
            return Refused(
                f"seat {seat} must name the colour of the {self.wild['card']} first{offers}",
                "WILD-COLOUR-CHOICE",
            )
        if kind == "pass":  # RLCard's turn is always a play or a draw: it has no pass at all
            return Refused(f"RLCard has no pass: a turn is a play or a draw{offers}", "TURN-ACTION")
        if kind == "swap":  # RLCard has no way to hand cards over
            return Refused("RLCard has no way to exchange cards", "NO-CARD-EXCHANGE", "/target")
        if kind == "colour":
            return Refused(
                "in RLCard a colour is named only with a wild card", "WILD-COLOUR-CHOICE", "/colour"
            )
        if kind == "draw":
            return Refused(f"RLCard offers a draw only to a player with no playable card{offers}")
        card = action.get("card")
        hand = [card_code(c) for c in self.game.players[self.game.round.current_player].hand]
        if card not in hand:
            return Refused(f"seat {seat} does not hold {card}", "P-ILLEGAL-PLAY-REJECTED", "/card")
        if card == "WD4":
            return Refused(
                f"RLCard allows a Wild Draw Four only when no other card is playable{offers}",
                "V-WD4-ONLY-IF-NO-PLAYABLE",
                "/card",
            )
        target = self.game.round.target
        colour = RL_COLOUR[str(target.color)]
        if target.type == "wild":
            return Refused(
                f"{card} does not have the colour {colour} named for the {card_code(target)} on top",
                "MATCH-ON-WILD",
                "/card",
            )
        return Refused(
            f"{card} matches neither the colour {colour} nor the face of {card_code(target)}",
            "PLAY-MATCH",
            "/card",
        )

    def chance_dealer_draw(self, action: dict) -> None:
        cards = action.get("cards")
        seats = self.chance["seats"]
        if not isinstance(cards, list) or not all(is_card(c) for c in cards):
            raise Refused("expected a list of cards", "DEALER-SELECTION", "/cards")
        if len(cards) != len(seats):
            raise Refused(f"one card for each of seats {seats}", "DEALER-SELECTION", "/cards")
        if Counter(cards) - DECK_COUNTS:
            raise Refused(
                "the deck does not hold that many of some card", "DECK-COMPOSITION", "/cards"
            )
        values = {s: dealer_value(c) for s, c in zip(seats, cards, strict=True)}
        best = max(values.values())
        top = [s for s in seats if values[s] == best]
        if len(top) > 1:
            self.chance = {"type": "dealer_draw", "seats": top}
            return
        self.dealer = top[0]
        self.phase = "deal"
        self.chance = {
            "type": "deal",
            "dealer": self.dealer,
            "hand_size": HAND_SIZE,
            "seats": [(self.dealer + 1 + i) % self.n for i in range(self.n)],
        }

    def chance_deal(self, action: dict) -> None:
        hands, starter, pile = action.get("hands"), action.get("starter"), action.get("draw_pile")
        n = self.n
        if not isinstance(hands, list) or len(hands) != n:
            raise Refused(f"a deal names one hand per seat ({n})", "DEAL-SEVEN", "/hands")
        for s, h in enumerate(hands):
            if not isinstance(h, list) or not all(is_card(c) for c in h):
                raise Refused("expected a list of cards", "DEAL-SEVEN", f"/hands/{s}")
            if len(h) != self.chance.get("hand_size", HAND_SIZE) or len(h) != HAND_SIZE:
                raise Refused(
                    f"RLCard deals {HAND_SIZE} cards to every player; seat {s} has {len(h)}",
                    "DEAL-SEVEN",
                    f"/hands/{s}",
                )
        if not is_card(starter):
            raise Refused(
                f"the starter {starter!r} is not a card", "FIRST-DISCARD-FLIP", "/starter"
            )
        if not isinstance(pile, list) or not all(is_card(c) for c in pile):
            raise Refused("expected a list of cards", "DRAW-PILE-INIT", "/draw_pile")
        total = Counter(pile) + Counter([starter])
        for h in hands:
            total.update(h)
        if total != DECK_COUNTS:
            raise Refused(
                "hands, starter and draw pile must be exactly the 108-card deck",
                "DECK-COMPOSITION",
                "/draw_pile",
            )
        order = [hands[self.seat(pid)] for pid in range(n)]

        def op(game: Any) -> None:
            cards = pool()
            seq = [cards[c].pop(0) for h in order for c in h]
            seq.append(cards[starter].pop(0))
            seq.extend(cards[c].pop(0) for c in pile)
            CONTROL.rig = list(reversed(seq))  # RLCard deals and flips with deck.pop()
            game.init_game()

        base = UnoGame(allow_step_back=False, num_players=n)
        base.np_random = np.random.RandomState(SEED)
        self.run(base, op, "starter", [])
        self.chance, self.phase = None, "game"

    def chance_shuffle(self, action: dict) -> None:
        order = action.get("order")
        if not isinstance(order, list) or not all(is_card(c) for c in order):
            raise Refused("expected a list of cards", "RESHUFFLE", "/order")
        w = self.waiting
        if Counter(order) != Counter(w["chance"]["cards"]):
            raise Refused(
                "the order must be a permutation of exactly the cards RLCard shuffles "
                f"({len(w['chance']['cards'])} cards: {' '.join(w['chance']['cards'])})",
                "RESHUFFLE",
                "/order",
            )
        self.run(w["base"], w["op"], w["context"], w["orders"] + [list(order)])
        if self.waiting is None:
            self.wild = None

    # load -------------------------------------------------------------------------------------
    def load(self, p: dict) -> None:
        n = self.n
        phase = p.get("phase")
        hands, draw, discard = p.get("hands"), p.get("draw_pile"), p.get("discard_pile")
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"/hands must hold one hand per seat ({n})")
        for where, cards in [("/draw_pile", draw), ("/discard_pile", discard)] + [
            (f"/hands/{i}", h) for i, h in enumerate(hands)
        ]:
            if not isinstance(cards, list) or not all(is_card(c) for c in cards):
                raise ValueError(f"{where} must be a list of cards")
        total = Counter(draw) + Counter(discard)
        for h in hands:
            total.update(h)
        if total != DECK_COUNTS:
            raise ValueError("/hands: hands and piles must hold exactly the 108-card deck")
        if p.get("options"):
            raise Unsupported("no options are supported")
        if p.get("profile", "official") != "official":
            raise Unsupported(f"profile {p.get('profile')!r} is not supported")
        dealer = p.get("dealer")
        chance = p.get("chance")
        if phase == "dealer":
            if any(hands) or discard:
                raise Unsupported("RLCard has no dealer selection with cards in play")
            self.chance = (
                chance
                if chance and chance.get("type") == "dealer_draw"
                else {"type": "dealer_draw", "seats": list(range(n))}
            )
            return
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError("/dealer must be a seat")
        self.dealer = dealer
        if phase == "deal":
            if not chance or chance.get("type") != "deal":
                raise Unsupported("a deal position must wait for the deal")
            self.phase, self.chance = "deal", dict(chance)
            return
        if chance is not None:
            raise Unsupported(
                f"RLCard cannot be set up waiting for a {chance.get('type')} chance input"
            )
        if p.get("owed_draws"):
            raise Unsupported(
                "RLCard has no owed draws: a draw card is served the moment it is played"
            )
        if p.get("eliminated") and any(p["eliminated"]):
            raise Unsupported("RLCard has no eliminated players")
        if p.get("announced"):
            raise Unsupported("RLCard has no face-down plays")
        direction, colour, to_act = p.get("direction"), p.get("colour"), p.get("to_act")
        if direction not in (1, -1):
            raise ValueError("/direction must be 1 or -1")
        if not isinstance(to_act, int) or not 0 <= to_act < n:
            raise ValueError("/to_act must be a seat")
        pend = p.get("pending") or {}
        hands = [list(h) for h in hands]
        discard = list(discard)
        wild = None
        if phase == "turn":
            if p.get("pending"):
                raise Unsupported("RLCard has no pending obligation at the start of a turn")
        elif phase == "colour":
            if pend.get("starter"):
                raise Unsupported(
                    "RLCard picks the colour of a Wild starter at random; no player names it"
                )
            card = pend.get("wild") or (discard[-1] if discard else None)
            if card not in ("W", "WD4") or not discard or discard[-1] != card or len(discard) < 2:
                raise Unsupported(
                    "RLCard can only be set up before the wild card on top was played"
                )
            # RLCard's state just before the wild was played: the card back in hand.
            discard.pop()
            hands[to_act].append(card)
            colour = pend.get("prior_colour", pend.get("start_colour", colour))
            wild = {"seat": to_act, "card": card, "trait": UNO_WILD[card]}
        else:
            raise Unsupported(
                f"RLCard has no {phase!r} phase (only turns, and the adapter's colour phase)"
            )
        if not discard:
            raise Unsupported("RLCard always has a target card on the discard pile")
        if colour not in UNO_COLOUR:
            raise Unsupported("RLCard needs a current colour")
        top = discard[-1]
        if top not in ("W", "WD4") and top[0] != colour:
            raise Unsupported(
                f"in RLCard the colour of a coloured top card ({top}) is its own, not {colour}"
            )
        cards = pool()
        game = UnoGame(allow_step_back=False, num_players=n)
        game.np_random = np.random.RandomState(SEED)
        game.payoffs = [0 for _ in range(n)]
        game.dealer = DictatedDealer(game.np_random, deck=[cards[c].pop(0) for c in reversed(draw)])
        game.players = [UnoPlayer(i, game.np_random) for i in range(n)]
        for pid in range(n):
            game.players[pid].hand = [cards[c].pop(0) for c in hands[self.seat(pid)]]
        rnd = UnoRound(game.dealer, n, game.np_random)
        rnd.played_cards = [cards[c].pop(0) for c in discard]
        rnd.target = rnd.played_cards[-1]
        if top in ("W", "WD4"):
            rnd.target.color = UNO_COLOUR[colour]
        rnd.current_player = self.pid(to_act)
        rnd.direction = direction
        game.round = rnd
        game.history = []
        self.game, self.phase, self.chance = game, "game", None
        if wild is not None:
            offered = self.rl_legal()
            wild["colours"] = [
                RL_COLOUR[a.split("-")[0]] for a in offered if a.split("-", 1)[1] == wild["trait"]
            ]
            if not wild["colours"]:
                raise Unsupported(
                    f"RLCard would not have allowed the {wild['card']} that leads to this position "
                    f"(it offers {', '.join(offered)})"
                )
            self.wild = wild


# -- the protocol loop ------------------------------------------------------------------------


def main() -> int:
    session: Session | None = None

    def reply(obj: dict) -> None:
        OUT.write(json.dumps(obj, separators=(",", ":")) + "\n")
        OUT.flush()

    def error(seq: Any, code: str, message: str) -> None:
        reply({"seq": seq, "ok": False, "error": {"code": code, "message": message}})

    while True:
        line = sys.stdin.readline()
        if not line:
            return 0
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as e:
            error(None, "bad_request", f"not JSON: {e.msg}")
            continue
        if not isinstance(msg, dict):
            error(None, "bad_request", "a request is a JSON object")
            continue
        seq, cmd = msg.get("seq"), msg.get("cmd")
        try:
            if cmd == "stop":
                return 0
            if cmd == "hello":
                reply(
                    {
                        "seq": seq,
                        "ok": True,
                        "protocol": PROTOCOL,
                        "implementation": {
                            "name": "rlcard-uno",
                            "version": rlcard.__version__,
                            "language": "python",
                            "homepage": "https://github.com/datamllab/rlcard",
                        },
                        "profiles": PROFILES,
                        "options": [],
                        "capabilities": ["load", "observe"],
                        "observes": OBSERVES,
                    }
                )
            elif cmd == "new_game":
                players, profile, options = (
                    msg.get("players"),
                    msg.get("profile"),
                    msg.get("options") or {},
                )
                if profile not in PROFILES:
                    error(seq, "unsupported", f"profile {profile!r} (only official)")
                elif options:
                    error(seq, "unsupported", f"options {sorted(options)}: RLCard has no variants")
                elif (
                    not isinstance(players, int)
                    or isinstance(players, bool)
                    or not 2 <= players <= 10
                ):
                    error(seq, "bad_request", f"a game has 2 to 10 players, not {players!r}")
                else:
                    session = Session(players)
                    reply({"seq": seq, "ok": True})
            elif cmd == "load":
                pos = msg.get("position")
                if not isinstance(pos, dict):
                    error(seq, "bad_request", "position must be a JSON object")
                    continue
                n = pos.get("players")
                if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 10:
                    error(seq, "bad_request", f"/players must be 2 to 10, got {n!r}")
                    continue
                fresh = Session(n)
                try:
                    fresh.load(pos)
                except Unsupported as e:
                    error(seq, "unsupported", str(e))
                    continue
                except ValueError as e:
                    error(seq, "bad_request", str(e))
                    continue
                session = fresh
                reply({"seq": seq, "ok": True})
            elif cmd in ("legal_actions", "apply", "observe"):
                if session is None:
                    error(seq, "bad_request", "no game: send new_game or load first")
                elif cmd == "legal_actions":
                    reply({"seq": seq, "ok": True, "actions": session.legal_actions()})
                elif cmd == "observe":
                    reply({"seq": seq, "ok": True, "position": session.observe()})
                else:
                    try:
                        events = session.apply(msg.get("action"))
                        reply({"seq": seq, "ok": True, "accepted": True, "events": events})
                    except Refused as e:
                        reply({"seq": seq, "ok": True, "accepted": False, "error": e.error})
            else:
                error(seq, "bad_request", f"unknown cmd {cmd!r}")
        except Exception as e:  # RLCard itself failed: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            error(seq, "internal", f"{type(e).__name__}: {e}")


if __name__ == "__main__":
    sys.exit(main())
