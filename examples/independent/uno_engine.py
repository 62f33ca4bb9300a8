"""An independent UNO engine for the ``official`` profile of the unospec rulebook.

Written from the rulebook (``unospec rules``), not from the reference engine. The model
is object-oriented:

* :class:`Card` is an immutable value object (one flyweight per card code) that knows
  its colour, face, kind and points;
* :class:`Player` owns a seat's hand, UNO state and score;
* :class:`Debt` is a batch of cards somebody still has to draw (a penalty, or a turn
  draw), kept in a queue so a reshuffle can interrupt it;
* :class:`Game` is the table: piles, seats, the current phase, and a dispatch table
  that maps ``(phase, action type)`` to the method that carries the action out.

Every public entry point speaks JSON-ready dicts: :meth:`Game.legal_moves`,
:meth:`Game.perform`, :meth:`Game.snapshot` and :meth:`Game.restore`. Illegal actions
raise :class:`Refusal` (rule ID + reason) and leave the game untouched.
"""

from __future__ import annotations

from collections import Counter

# --------------------------------------------------------------------------------------
# Cards (DECK-COMPOSITION, CARD-CLASSES, SCORE-VALUES)
# --------------------------------------------------------------------------------------

COLOURS = ("R", "Y", "G", "B")
NUMBER_FACES = tuple(str(i) for i in range(10))
ACTION_FACES = ("S", "R", "D2")
WILD, WILD_FOUR = "W", "WD4"
DRAW_AMOUNT = {"D2": 2, "WD4": 4}

NUMBER, SKIP, REVERSE, DRAW_TWO, WILD_KIND, WILD_FOUR_KIND = (
    "number", "skip", "reverse", "draw_two", "wild", "wild_draw_four")


class Card:
    """One card face. Instances are shared: ``Card.of("R7") is Card.of("R7")``."""

    __slots__ = ("code", "colour", "face", "kind", "points")
    _known: dict[str, Card] = {}

    def __init__(self, code: str):
        self.code = code
        if code in (WILD, WILD_FOUR):
            self.colour = None
            self.face = code
            self.kind = WILD_KIND if code == WILD else WILD_FOUR_KIND
            self.points = 50
        else:
            self.colour = code[0]
            self.face = code[1:]
            self.kind = {"S": SKIP, "R": REVERSE, "D2": DRAW_TWO}.get(self.face, NUMBER)
            self.points = int(self.face) if self.kind == NUMBER else 20

    @classmethod
    def of(cls, code: object) -> Card | None:
        """The card for ``code``, or ``None`` if ``code`` is not a card of the notation."""
        if not isinstance(code, str):
            return None
        return cls._known.get(code)

    @property
    def is_wild(self) -> bool:
        return self.colour is None

    @property
    def copies(self) -> int:
        if self.is_wild:
            return 4
        return 1 if self.face == "0" else 2

    def fits_on(self, top: Card, colour: str | None) -> bool:
        """PLAY-MATCH / MATCH-ON-WILD for a coloured card: same colour as the current one,
        or the same number or symbol as a coloured top card."""
        if self.colour == colour:
            return True
        return not top.is_wild and self.face == top.face

    def __repr__(self) -> str:
        return f"Card({self.code})"


for _c in COLOURS:
    for _f in NUMBER_FACES + ACTION_FACES:
        Card._known[_c + _f] = Card(_c + _f)
Card._known[WILD] = Card(WILD)
Card._known[WILD_FOUR] = Card(WILD_FOUR)

#: The full deck in canonical order (colour by colour, faces 0-9 S R D2, then the wilds).
FULL_DECK: tuple[str, ...] = tuple(code for code, card in Card._known.items() for _ in range(card.copies))
DECK_COUNT = Counter(FULL_DECK)
assert len(FULL_DECK) == 108

HAND_SIZE = 7            # DEAL-SEVEN
TARGET = 500             # MATCH-TARGET-500


def card(code: str) -> Card:
    c = Card.of(code)
    assert c is not None, code
    return c


def hand_value(codes: list[str]) -> int:
    return sum(card(c).points for c in codes)


# --------------------------------------------------------------------------------------
# Seats and obligations
# --------------------------------------------------------------------------------------


class Refusal(Exception):
    """An action the rules forbid (P-ILLEGAL-PLAY-REJECTED). Nothing changed."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{rule}: {reason}")
        self.rule, self.reason = rule, reason

    def as_error(self) -> dict:
        return {"rule": self.rule, "reason": self.reason}


class Unsupported(Exception):
    """A position or setting outside what this engine implements."""


class Player:
    """A seat at the table: the hand (an unordered bag of card codes), the UNO state
    (``None``, ``"owed"``, ``"catchable"`` or ``"called"``) and the match score."""

    def __init__(self, seat: int):
        self.seat = seat
        self.hand: list[str] = []
        self.uno: str | None = None
        self.score = 0

    def holds(self, code: str) -> bool:
        return code in self.hand

    def give_up(self, code: str) -> None:
        self.hand.remove(code)

    def take(self, codes: list[str]) -> None:
        self.hand.extend(codes)

    def has_colour(self, colour: str | None) -> bool:
        return any(card(c).colour == colour for c in self.hand)

    @property
    def cards_left(self) -> int:
        return len(self.hand)

    @property
    def value(self) -> int:
        return hand_value(self.hand)


class Debt:
    """Cards ``seat`` must still draw. ``turn_draw`` marks the one card of a turn draw
    (DRAW-ONE), the only draw whose card may be played at once (DRAW-THEN-PLAY)."""

    __slots__ = ("seat", "count", "rule", "turn_draw")

    def __init__(self, seat: int, count: int, rule: str, turn_draw: bool = False):
        self.seat, self.count, self.rule, self.turn_draw = seat, count, rule, turn_draw

    def to_json(self) -> dict:
        out = {"seat": self.seat, "count": self.count, "rule": self.rule}
        if self.turn_draw:
            out["turn"] = True
        return out


# --------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------

PHASE_RULE = {  # which rule a phase's obligation comes from, for refusals
    "colour": "WILD-COLOUR-CHOICE",
    "challenge": "WD4-CHALLENGE",
    "drawn": "DRAW-THEN-PLAY",
}
PHASE_DUTY = {
    "turn": "play a card or draw",
    "drawn": "play the drawn card or keep it (pass)",
    "colour": "name a colour",
    "challenge": "challenge the Wild Draw Four or accept the draw",
}
SEAT_ACTIONS = ("play", "draw", "pass", "colour", "challenge", "accept", "uno", "catch",
                "swap", "end", "accuse")
CHANCE_ACTIONS = ("dealer_draw", "deal", "shuffle")


class Game:
    """A match of 2 to 10 players under the official profile."""

    # (phase, action type) -> the method that performs it. UNO calls and catches are
    # not tied to a phase (UNO-SELF-RESCUE, UNO-CATCH) and are handled separately.
    HANDLERS = {
        ("turn", "play"): "_lay_card",
        ("turn", "draw"): "_turn_draw",
        ("drawn", "play"): "_lay_card",
        ("drawn", "pass"): "_keep_drawn_card",
        ("colour", "colour"): "_name_colour",
        ("challenge", "challenge"): "_challenge",
        ("challenge", "accept"): "_accept_draw",
    }

    def __init__(self, players: int, options: object = None):
        self.rules = TableRules(options)
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 10:
            raise Refusal("PLAYER-COUNT", f"a game has 2 to 10 players, not {players!r}")
        self.n = players
        self.seats = [Player(s) for s in range(players)]
        self.phase = "dealer"
        self.to_act: int | None = None
        self.direction = 1
        self.dealer: int | None = None
        self.draw_pile: list[str] = list(FULL_DECK)    # index 0 is the top
        self.discard_pile: list[str] = []              # last is the top
        self.colour: str | None = None
        self.pending: dict | None = None               # what the current phase is about
        self.debts: list[Debt] = []
        self.drawn: list[str] = []                     # this turn's turn-draw card
        self.chance: dict | None = {"type": "dealer_draw", "seats": list(range(players))}
        self.round = 1
        self.idle_turns = 0                            # P-STALEMATE counter
        self.winner: list[int] | None = None
        self.last_played_by: int | None = None
        self.last_round: dict | None = None
        self._events: list[dict] = []
        self._moves: list[dict] | None = None

    # ---- small helpers -------------------------------------------------------------------

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """TURN-ADVANCE: ``steps`` seats on from ``seat`` in the current direction."""
        return (seat + steps * self.direction) % self.n

    @property
    def top(self) -> Card | None:
        return card(self.discard_pile[-1]) if self.discard_pile else None

    def note(self, kind: str, rule: str, **data) -> None:
        self._events.append({"type": kind, "rule": rule, **data})

    def may_lay(self, code: str) -> bool:
        """May the player to act lay ``code`` from their hand now?

        WILD-ANYTIME: a Wild always. WD4-BLUFF: by default a Wild Draw Four is accepted
        even against WD4-RESTRICTION (only a challenge can punish it); with
        ``wd4_enforcement = "engine"`` the restriction is checked here. Coloured cards
        follow PLAY-MATCH / MATCH-ON-WILD."""
        c = card(code)
        if c.kind == WILD_FOUR_KIND and self.rules.engine_polices_wd4:
            return self.wd4_restriction_holds(self.to_act)
        if c.is_wild:
            return True
        return c.fits_on(self.top, self.colour)

    def wd4_restriction_holds(self, seat: int) -> bool:
        """WD4-RESTRICTION: none of the seat's other cards has the current colour (wild
        cards have no colour, so they never count)."""
        return not self.seats[seat].has_colour(self.colour)

    def can_still_draw(self) -> bool:
        """A card can come from the draw pile, directly or after a RESHUFFLE."""
        return bool(self.draw_pile) or len(self.discard_pile) > 1

    # ---- legal actions -------------------------------------------------------------------

    def legal_moves(self) -> list[dict]:
        """Every legal action of every seat (empty while a chance input is due or when
        the match is over)."""
        if self._moves is None:
            self._moves = self._collect_moves()
        return self._moves

    def _collect_moves(self) -> list[dict]:
        if self.chance is not None or self.phase in ("over", "scoring", "deal", "dealer"):
            return []
        moves: list[dict] = []
        s = self.to_act
        if s is not None:
            if self.phase == "turn":
                for code in sorted(set(self.seats[s].hand)):
                    if self.may_lay(code):
                        moves.append({"type": "play", "seat": s, "card": code})
                moves.append({"type": "draw", "seat": s})     # DRAW-VOLUNTARY, DRAW-WHEN-STUCK
            elif self.phase == "drawn":
                choice = self._drawn_card_playable()
                if choice:
                    moves.append({"type": "play", "seat": s, "card": choice})
                moves.append({"type": "pass", "seat": s})
            elif self.phase == "colour":
                moves.extend({"type": "colour", "seat": s, "colour": c} for c in COLOURS)
            elif self.phase == "challenge":
                moves.append({"type": "challenge", "seat": s})
                moves.append({"type": "accept", "seat": s})
        for p in self.seats:
            if p.uno in ("catchable", "owed"):
                moves.append({"type": "uno", "seat": p.seat})
            if p.uno == "catchable":
                moves.extend({"type": "catch", "seat": other.seat, "target": p.seat}
                             for other in self.seats if other is not p)
        moves.sort(key=lambda m: (m["seat"], SEAT_ACTIONS.index(m["type"]),
                                  m.get("card", ""), m.get("colour", ""), m.get("target", -1)))
        return moves

    def _drawn_card_playable(self) -> str | None:
        """DRAW-THEN-PLAY: the card just drawn, if it is still in hand and may be laid."""
        if not self.drawn:
            return None
        code = self.drawn[-1]
        player = self.seats[self.to_act]
        if not player.holds(code):
            return None
        # DRAW-THEN-PLAY: on the terms of a card held since the turn began, so a WD4 just
        # drawn follows WD4-BLUFF too: a bluff by default, refused under engine enforcement
        # (WD4-RESTRICTION judged on the hand now held, without it).
        return code if self.may_lay(code) else None

    # ---- performing actions -----------------------------------------------------------------

    def perform(self, action: object) -> list[dict]:
        """Carry out a seat action or a chance input and return the events it caused.
        Raises :class:`Refusal` (with the game unchanged) if the action is illegal."""
        if not isinstance(action, dict):
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", "an action is a JSON object with a 'type'")
        kind = action.get("type")
        self._events = []
        before = [p.cards_left for p in self.seats]
        if kind in CHANCE_ACTIONS:
            self._chance_input(kind, action)
        else:
            legal = self.legal_moves()
            if action not in legal:
                raise self.why_illegal(action)
            action = legal[legal.index(action)]      # our own copy: plain ints and strings
            seat = action["seat"]
            if kind == "uno":
                self.seats[seat].uno = "called"                       # UNO-SELF-RESCUE
                self.note("uno_called", "UNO-CALL", seat=seat)
            elif kind == "catch":
                self._catch(seat, action["target"])
            else:
                getattr(self, self.HANDLERS[(self.phase, kind)])(seat, action)
        self._run_until_decision()
        self._update_uno_duties(before)
        self._moves = None
        return self._events

    # -- chance inputs (P-DEAL-ORDER: every random outcome arrives from outside) --

    def _chance_input(self, kind: str, action: dict) -> None:
        need = self.chance
        if need is None or need["type"] != kind:
            wanted = need["type"] if need else "no chance input"
            raise Refusal("P-DEAL-ORDER", f"the game waits for {wanted}, not {kind!r}")
        if kind == "dealer_draw":
            cards = _card_list(action.get("cards"), "DEALER-SELECTION")
            if len(cards) != len(need["seats"]):
                raise Refusal("DEALER-SELECTION", f"one card for each of seats {need['seats']}")
            if Counter(cards) - DECK_COUNT:
                raise Refusal("DECK-COMPOSITION", "the deck does not hold those cards")
            self._choose_dealer(need["seats"], cards)
        elif kind == "deal":
            hands, starter, pile = self._check_deal(action)
            self.chance = None
            for p, h in zip(self.seats, hands):
                p.hand = list(h)
            self.draw_pile = list(pile)
            self.discard_pile = [starter]
            self.last_played_by = None
            self.note("dealt", "DEAL-SEVEN", dealer=self.dealer, starter=starter)
            self._turn_up_starter()
        else:
            order = _card_list(action.get("order"), "RESHUFFLE")
            if Counter(order) != Counter(need["cards"]):
                raise Refusal("RESHUFFLE", "the order must be a permutation of exactly the cards to shuffle")
            self.chance = None
            if need["purpose"] == "starter":                          # FIRST-CARD-WD4
                self.draw_pile = list(order)
                self.discard_pile.append(self.draw_pile.pop(0))
                self.note("starter_flipped", "FIRST-DISCARD-FLIP", card=self.discard_pile[-1])
                self._turn_up_starter()
            else:                                                     # RESHUFFLE
                self.discard_pile = self.discard_pile[-1:]
                self.draw_pile = list(order) + self.draw_pile
                self.note("reshuffled", "RESHUFFLE", cards=len(order))

    def _choose_dealer(self, seats: list[int], cards: list[str]) -> None:
        """DEALER-SELECTION: highest number card deals, specials count 0; P-DEALER-TIE:
        only the tied seats draw again."""
        def worth(code: str) -> int:
            c = card(code)
            return int(c.face) if c.kind == NUMBER else 0

        drawn = dict(zip(seats, cards))
        self.note("dealer_cards", "DEALER-SELECTION", cards={str(s): c for s, c in drawn.items()})
        best = max(worth(c) for c in cards)
        leaders = [s for s in seats if worth(drawn[s]) == best]
        if len(leaders) > 1:
            self.chance = {"type": "dealer_draw", "seats": leaders}
            self.note("dealer_tie", "P-DEALER-TIE", seats=leaders)
            return
        self.dealer = leaders[0]
        self.note("dealer_chosen", "DEALER-SELECTION", seat=self.dealer)
        self._await_deal()

    def _await_deal(self) -> None:
        """Gather all 108 cards and wait for the dealer's shuffle and deal (DEAL-SEVEN)."""
        for p in self.seats:
            p.hand = []
            p.uno = None
        self.draw_pile = list(FULL_DECK)
        self.discard_pile = []
        self.phase = "deal"
        self.to_act = None
        self.pending = None
        self.debts = []
        self.drawn = []
        self.colour = None
        self.direction = 1                                            # DIRECTION-INITIAL
        self.idle_turns = 0
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]   # P-DEAL-ORDER
        self.chance = {"type": "deal", "dealer": self.dealer, "hand_size": HAND_SIZE, "seats": order}

    def _check_deal(self, action: dict) -> tuple[list[list[str]], str, list[str]]:
        hands = action.get("hands")
        if not isinstance(hands, list) or len(hands) != self.n:
            raise Refusal("DEAL-SEVEN", f"a deal names one hand per seat ({self.n})")
        for s, h in enumerate(hands):
            _card_list(h, "DEAL-SEVEN")
            if len(h) != HAND_SIZE:
                raise Refusal("DEAL-SEVEN", f"seat {s} must be dealt {HAND_SIZE} cards, not {len(h)}")
        starter = action.get("starter")
        if Card.of(starter) is None:
            raise Refusal("FIRST-DISCARD-FLIP", f"the starter {starter!r} is not a card")
        pile = _card_list(action.get("draw_pile"), "DRAW-PILE-INIT")
        total = Counter(pile)
        total[starter] += 1
        for h in hands:
            total.update(h)
        if total != DECK_COUNT:
            raise Refusal("DECK-COMPOSITION", "hands, starter and draw pile must be exactly the 108-card deck")
        return hands, starter, pile

    def _turn_up_starter(self) -> None:
        """FIRST-DISCARD-FLIP and the FIRST-CARD-* rules."""
        starter = self.top
        if starter.kind == WILD_FOUR_KIND:                            # FIRST-CARD-WD4
            self.note("starter_returned", "FIRST-CARD-WD4", card=starter.code)
            self.draw_pile.append(self.discard_pile.pop())
            self.chance = {"type": "shuffle", "purpose": "starter", "cards": sorted(self.draw_pile)}
            return
        left = (self.dealer + 1) % self.n                             # FIRST-PLAYER
        self.direction = 1
        if starter.kind == WILD_KIND:                                 # FIRST-CARD-WILD
            self.phase = "colour"
            self.to_act = left
            self.pending = {"seat": left, "starter": True, "wild": WILD, "prior_colour": None}
            return
        self.colour = starter.colour
        if starter.kind == SKIP:                                      # FIRST-CARD-SKIP
            self.note("turn_skipped", "FIRST-CARD-SKIP", seat=left)
            self._give_turn((left + 1) % self.n)
        elif starter.kind == REVERSE:                                 # FIRST-CARD-REVERSE
            self.direction = -1
            self.note("direction_reversed", "FIRST-CARD-REVERSE")
            self._give_turn(self.dealer)
        elif starter.kind == DRAW_TWO:                                # FIRST-CARD-DRAW-TWO
            self.debts.append(Debt(left, 2, "FIRST-CARD-DRAW-TWO"))
            self.note("turn_skipped", "FIRST-CARD-DRAW-TWO", seat=left)
            self._give_turn((left + 1) % self.n)
        else:                                                         # FIRST-CARD-NUMBER
            self._give_turn(left)

    # -- turns --

    def _give_turn(self, seat: int) -> None:
        self.to_act = seat
        self.phase = "turn"
        self.pending = None
        self.drawn = []

    def _turn_starts(self) -> None:
        """TURN-START closes every open catch window (UNO-CATCH-WINDOW)."""
        for p in self.seats:
            if p.uno in ("catchable", "owed"):
                p.uno = None

    def _lay_card(self, seat: int, action: dict) -> None:
        """TURN-ACTION (a), ONE-CARD-PER-TURN; also the drawn card (DRAW-THEN-PLAY)."""
        code = action["card"]
        played = card(code)
        colour_before = self.colour
        self._turn_starts()
        player = self.seats[seat]
        player.give_up(code)
        self.discard_pile.append(code)
        self.last_played_by = seat
        self.idle_turns = 0
        if not played.is_wild:
            self.colour = played.colour                               # CURRENT-COLOUR
        self.note("card_played", "WILD-ANYTIME" if played.is_wild else "PLAY-MATCH", seat=seat, card=code)
        if player.cards_left == 0:                                    # ROUND-END
            self._round_won_by(seat, played)
            return
        if played.is_wild:                                            # WILD-COLOUR-CHOICE
            self.phase = "colour"
            self.to_act = seat
            self.pending = {"seat": seat, "wild": code, "prior_colour": colour_before}
            if played.kind == WILD_FOUR_KIND:
                # WD4-RESTRICTION is judged once, now, on the rest of the hand.
                self.pending["wd4_legal"] = not player.has_colour(colour_before)
            return
        self._card_takes_effect(seat, played)

    def _name_colour(self, seat: int, action: dict) -> None:
        self.colour = action["colour"]
        self.note("colour_named", "WILD-COLOUR-CHOICE", seat=seat, colour=self.colour)
        pend = self.pending
        if pend.get("starter"):            # FIRST-CARD-WILD: the namer then takes the first turn
            self._give_turn(seat)
            return
        self._card_takes_effect(seat, card(pend["wild"]), pend)

    def _card_takes_effect(self, seat: int, played: Card, wild_info: dict | None = None) -> None:
        """SKIP-EFFECT, REVERSE-EFFECT, DRAW-TWO-EFFECT, WD4-EFFECT and their two-player
        forms (TWO-PLAYER-SKIP, REVERSE-TWO-PLAYER, TWO-PLAYER-DRAW)."""
        heads_up = self.n == 2
        if played.kind == REVERSE:
            self.direction = -self.direction
            self.note("direction_reversed", "REVERSE-TWO-PLAYER" if heads_up else "REVERSE-EFFECT")
        if played.kind in (DRAW_TWO, WILD_FOUR_KIND):
            victim = self.seat_after(seat)
            if played.kind == WILD_FOUR_KIND:                         # WD4-CHALLENGE is offered
                self.phase = "challenge"
                self.to_act = victim
                self.pending = {"seat": victim, "from": seat, "total": 4, "card": WILD_FOUR,
                                "prior_colour": wild_info.get("prior_colour"),
                                "wd4_legal": wild_info.get("wd4_legal", True)}
                return
            self._victim_draws(victim, 2, "DRAW-TWO-EFFECT")
            return
        if played.kind == SKIP or (played.kind == REVERSE and heads_up):
            passed_over = self.seat_after(seat)
            rule = "SKIP-EFFECT" if not heads_up else ("TWO-PLAYER-SKIP" if played.kind == SKIP else "REVERSE-TWO-PLAYER")
            self.note("turn_skipped", rule, seat=passed_over)
            self._give_turn(self.seat_after(seat, 2))
            return
        self._give_turn(self.seat_after(seat))

    def _victim_draws(self, victim: int, count: int, rule: str) -> None:
        """NO-STACKING: the victim draws and loses the turn."""
        self.debts.append(Debt(victim, count, rule))
        self.note("turn_skipped", "TWO-PLAYER-DRAW" if self.n == 2 else rule, seat=victim)
        self._give_turn(self.seat_after(victim))

    def _turn_draw(self, seat: int, action: dict) -> None:
        """TURN-ACTION (b), DRAW-ONE: one card from the draw pile."""
        self._turn_starts()
        self.drawn = []
        self.last_played_by = None      # the next turn has begun: no "second card" any more
        self.debts.append(Debt(seat, 1, "DRAW-ONE", turn_draw=True))
        self.phase = "drawn"
        self.pending = {"seat": seat}

    def _keep_drawn_card(self, seat: int, action: dict | None = None) -> None:
        """DRAW-END-TURN (also for a turn draw that brought nothing, P-PILES-EXHAUSTED,
        which counts towards P-STALEMATE)."""
        self.note("turn_ended", "DRAW-END-TURN", seat=seat)
        if not self.drawn and not self.can_still_draw():
            self.idle_turns += 1
            if self.idle_turns >= self.n:
                self._stalemate()
                return
        else:
            self.idle_turns = 0
        self._give_turn(self.seat_after(seat))

    # -- the Wild Draw Four challenge --

    def _challenge(self, seat: int, action: dict) -> None:
        """WD4-CHALLENGE: guilty (WD4-CHALLENGE-GUILTY) -> the WD4's player draws 4 and the
        challenger plays now; innocent (WD4-CHALLENGE-INNOCENT) -> the challenger draws 6
        and loses the turn."""
        info = self.pending
        offender = info["from"]
        guilty = not info.get("wd4_legal", True)
        self.note("hand_shown", "WD4-CHALLENGE", seat=offender, to=seat, cards=sorted(self.seats[offender].hand))
        rule = "WD4-CHALLENGE-GUILTY" if guilty else "WD4-CHALLENGE-INNOCENT"
        self.note("challenge_decided", rule, seat=seat, guilty=guilty)
        if info.get("final"):          # P-LAST-WD4-NO-CHALLENGE with a futile challenge allowed
            self.debts.append(Debt(seat, info.get("total", 4) + 2, rule))
            self._round_over(offender)
            return
        if guilty:
            self.debts.append(Debt(offender, info.get("total", 4), rule))
            if self.rules.guilty_challenger_skipped:     # WD4-CHALLENGE-GUILTY parameter
                self._give_turn(self.seat_after(seat))
            else:
                self._give_turn(seat)
        else:
            self.debts.append(Debt(seat, info.get("total", 4) + 2, rule))
            self.note("turn_skipped", rule, seat=seat)
            self._give_turn(self.seat_after(seat))

    def _accept_draw(self, seat: int, action: dict) -> None:
        if self.pending.get("final"):
            self.debts.append(Debt(seat, self.pending.get("total", 4), "LAST-CARD-DRAW"))
            self._round_over(self.pending["from"])
            return
        self._victim_draws(seat, self.pending.get("total", 4), "WD4-EFFECT")

    # -- UNO --

    def _catch(self, catcher: int, target: int) -> None:
        """UNO-CATCH within UNO-CATCH-WINDOW -> UNO-PENALTY: the penalty cards (2 by default), nothing else."""
        self.seats[target].uno = None
        self.note("uno_caught", "UNO-CATCH", seat=catcher, target=target)
        self.debts.append(Debt(target, self.rules.uno_penalty, "UNO-PENALTY"))

    def _update_uno_duties(self, sizes_before: list[int]) -> None:
        """UNO-CALL / UNO-REPEAT: whoever comes down to one card owes a call and can be
        caught until the next turn starts; any other hand size owes nothing."""
        for p, before in zip(self.seats, sizes_before):
            if p.cards_left != 1:
                p.uno = None
            elif before != 1:
                p.uno = "catchable"

    # -- drawing --

    def _collect_debts(self) -> bool:
        """Hand over owed cards in order. False when the draw pile must be rebuilt first
        (RESHUFFLE: a chance input); P-PILES-EXHAUSTED forgives what cannot be drawn."""
        while self.debts:
            debt = self.debts[0]
            player = self.seats[debt.seat]
            got: list[str] = []
            while debt.count > 0:
                if not self.draw_pile:
                    if len(self.discard_pile) > 1:
                        if got:
                            self.note("cards_drawn", debt.rule, seat=debt.seat, cards=got)
                            if debt.turn_draw:
                                self.drawn.extend(got)
                        self.chance = {"type": "shuffle", "purpose": "reshuffle",
                                       "cards": sorted(self.discard_pile[:-1])}
                        return False
                    self.note("draw_forgiven", "P-PILES-EXHAUSTED", seat=debt.seat,
                              shortfall=debt.count, instead_of=debt.rule)
                    debt.count = 0
                    break
                code = self.draw_pile.pop(0)
                player.take([code])
                got.append(code)
                debt.count -= 1
            if got:
                self.note("cards_drawn", debt.rule, seat=debt.seat, cards=got)
                if debt.turn_draw:
                    self.drawn.extend(got)
            self.debts.pop(0)
        return True

    def _run_until_decision(self) -> None:
        """After an action: serve draws, end a turn draw that leaves nothing to decide,
        and settle a finished round, until a seat or a chance input must act."""
        while self.chance is None and self.phase != "over":
            if self.debts:
                if not self._collect_debts():
                    return
                if self.phase != "scoring":
                    # A hand that is empty once the draws are served (only possible in a
                    # loaded position) has gone out: ROUND-END.
                    for p in self.seats:
                        if p.cards_left == 0:
                            self._round_won_by(p.seat, self.top, last_draw=False)
                            break
                continue
            if self.phase == "drawn" and self._drawn_card_playable() is None:
                self._keep_drawn_card(self.to_act)                     # DRAW-END-TURN
                continue
            if self.phase == "scoring":
                self._score_round()
                continue
            return

    # -- round and match --

    def _round_won_by(self, seat: int, last: Card, last_draw: bool = True) -> None:
        """ROUND-END; LAST-CARD-DRAW: a final Draw Two / WD4 is still drawn by the next
        seat (P-LAST-WD4-NO-CHALLENGE: no challenge). A final Skip or Reverse does nothing."""
        self.note("round_won", "ROUND-END", seat=seat)
        for p in self.seats:
            p.uno = None
        self._round_over(seat)
        if last_draw and last.face in DRAW_AMOUNT:
            victim = self.seat_after(seat)
            if last.kind == WILD_FOUR_KIND and self.rules.futile_challenge:
                # The victim may still challenge; the empty hand makes it fail.
                self.phase = "challenge"
                self.to_act = victim
                self.pending = {"seat": victim, "from": seat, "total": 4, "card": WILD_FOUR,
                                "wd4_legal": True, "final": True, "prior_colour": self.colour}
                return
            self.debts.append(Debt(victim, DRAW_AMOUNT[last.face], "LAST-CARD-DRAW"))

    def _round_over(self, winner: int) -> None:
        """The round is decided; it is scored once every owed card has been drawn."""
        self.to_act = None
        self.pending = {"winner": winner}
        self.phase = "scoring"

    def _score_round(self) -> None:
        """SCORE-WINNER-TAKES, SCORE-VALUES, MATCH-TARGET-500, NEW-ROUND, P-NEXT-DEALER."""
        champ = self.pending["winner"]
        points = sum(p.value for p in self.seats if p.seat != champ)
        self.last_round = {"round": self.round, "winner": champ,
                           "hands": [sorted(p.hand) for p in self.seats], "points": points}
        self.seats[champ].score += points
        self.note("points_scored", "SCORE-WINNER-TAKES", seat=champ, points=points, team=[champ])
        best = max(p.score for p in self.seats)
        if best >= TARGET:
            self.phase = "over"
            self.to_act = None
            self.pending = None
            self.winner = [p.seat for p in self.seats if p.score == best]
            self.note("match_won", "MATCH-TARGET-500", seats=self.winner)
            return
        if self.rules.winner_deals_next:                              # P-NEXT-DEALER
            self.dealer = champ
        else:
            self.dealer = (self.dealer + 1) % self.n                  # left_of_previous
        self.round += 1
        self._await_deal()

    def _stalemate(self) -> None:
        """P-STALEMATE: void_round -> nobody scores, the same dealer deals again;
        lowest_hand_wins -> a single lowest hand wins the round (a tie voids it)."""
        self.note("stalemate", "P-STALEMATE")
        if self.rules.stalemate_lowest_wins:
            values = [p.value for p in self.seats]
            lowest = [s for s, v in enumerate(values) if v == min(values)]
            if len(lowest) == 1:
                self._round_over(lowest[0])
                return
        self.last_round = {"round": self.round, "winner": None, "void": True}
        self.round += 1
        self._await_deal()

    # ---- explaining a refusal --------------------------------------------------------------

    def why_illegal(self, action: dict) -> Refusal:
        """The rule an illegal seat action breaks, and why."""
        kind = action.get("type")
        seat = action.get("seat")
        if kind not in SEAT_ACTIONS:
            return Refusal("P-ILLEGAL-PLAY-REJECTED", f"unknown action type {kind!r}")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            return Refusal("P-ILLEGAL-PLAY-REJECTED", f"seat must be 0 to {self.n - 1}, got {seat!r}")
        if self.chance is not None:
            return Refusal("P-ILLEGAL-PLAY-REJECTED", f"the game waits for a chance input ({self.chance['type']})")
        if self.phase == "over":
            return Refusal("MATCH-TARGET-500", "the match is over")
        player = self.seats[seat]
        if kind == "uno":
            if player.cards_left != 1:
                return Refusal("UNO-CALL", f"seat {seat} holds {player.cards_left} cards; UNO is called with one card left")
            if player.uno == "called":
                return Refusal("UNO-CALL", f"seat {seat} has already called UNO")
            return Refusal("UNO-CATCH-WINDOW", f"the time for seat {seat} to call has passed")
        if kind == "catch":
            target = action.get("target")
            if target == seat:
                return Refusal("UNO-CATCH", "a player cannot catch themselves")
            if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < self.n:
                return Refusal("UNO-CATCH", f"there is no seat {target!r} to catch")
            victim = self.seats[target]
            if victim.cards_left != 1:
                why = f"seat {target} holds {victim.cards_left} cards, not one"
            elif victim.uno == "called":
                why = f"seat {target} has called UNO"
            else:  # a missed call, caught after the window closed
                return Refusal("UNO-CATCH-WINDOW", f"the catch window for seat {target} has closed")
            return Refusal("P-FALSE-CATCH", why)
        if kind == "play" and Card.of(action.get("card")) is None:
            return Refusal("P-ILLEGAL-PLAY-REJECTED", f"{action.get('card')!r} is not a card")
        if kind == "challenge" and (self.phase != "challenge" or seat != self.to_act):
            return Refusal("WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it, before drawing")
        if kind == "play" and self.phase == "turn" and seat != self.to_act and seat == self.last_played_by:
            return Refusal("ONE-CARD-PER-TURN", f"seat {seat} has laid its card; it is seat {self.to_act}'s turn")
        if seat != self.to_act:
            return Refusal("TURN-ADVANCE", f"seat {self.to_act} is to act ({self.phase}), not seat {seat}")
        duty = PHASE_DUTY.get(self.phase, self.phase)
        phase_rule = PHASE_RULE.get(self.phase)
        if kind == "play":
            code = action["card"]
            if not player.holds(code):
                return Refusal("P-ILLEGAL-PLAY-REJECTED", f"seat {seat} does not hold {code}")
            if self.phase == "drawn":
                return Refusal("DRAW-THEN-PLAY", f"after a turn draw only the drawn card may be played, if legal ({code} may not)")
            if self.phase != "turn":
                return Refusal(phase_rule or "P-ILLEGAL-PLAY-REJECTED", f"seat {seat} must {duty} now")
            if not self.may_lay(code):
                if code == WILD_FOUR:
                    return Refusal("WD4-RESTRICTION", f"a Wild Draw Four may not be played while holding the current colour {self.colour}")
                if self.top.is_wild:
                    return Refusal("MATCH-ON-WILD", f"{code} is not of the colour {self.colour} named for the {self.top.code}")
                return Refusal("PLAY-MATCH", f"{code} matches neither the colour {self.colour} nor the face of {self.top.code}")
            return Refusal("P-ILLEGAL-PLAY-REJECTED", "this play has fields the rules do not know")
        if kind == "draw":
            if self.phase == "drawn":
                return Refusal("DRAW-ONE", "a turn draw is one card; play it or keep it")
            return Refusal(phase_rule or "TURN-ACTION", f"seat {seat} must {duty} now, not draw")
        if kind == "pass":
            if self.phase == "turn":
                return Refusal("TURN-ACTION", "a turn cannot end without a play or a draw")
            return Refusal(phase_rule or "TURN-ACTION", f"seat {seat} must {duty} now, not pass")
        if kind == "colour":
            if self.phase != "colour":
                return Refusal("WILD-COLOUR-CHOICE", "a colour is named only right after a wild card")
            return Refusal("WILD-COLOUR-CHOICE", f"{action.get('colour')!r} is not one of R, Y, G, B")
        if kind == "challenge":
            return Refusal("WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it, before drawing")
        if kind == "accept":
            return Refusal(phase_rule or "WD4-CHALLENGE", f"there is nothing to accept; seat {seat} must {duty}")
        if kind == "swap":
            return Refusal("NO-CARD-EXCHANGE", "players never exchange cards")
        if kind == "end":
            return Refusal("ONE-CARD-PER-TURN", "a turn is one card; there is no multi-card turn to end")
        return Refusal("P-ILLEGAL-PLAY-REJECTED", "nothing was played face down; there is nothing to accuse")

    # ---- positions -----------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """The position in the unospec position format (``unospec_position`` 1)."""
        return {
            "unospec_position": 1,
            "profile": "official",
            "options": dict(self.rules.options),
            "players": self.n,
            "phase": self.phase,
            "to_act": self.to_act,
            "direction": self.direction,
            "dealer": self.dealer,
            "hands": [list(p.hand) for p in self.seats],
            "draw_pile": list(self.draw_pile),
            "discard_pile": list(self.discard_pile),
            "colour": self.colour,
            "pending": _copy(self.pending),
            "owed_draws": [d.to_json() for d in self.debts],
            "chance": _copy(self.chance),
            "drawn": list(self.drawn),
            "uno": [p.uno for p in self.seats],
            "scores": [p.score for p in self.seats],
            "round": self.round,
            "idle_turns": self.idle_turns,
            "winner": list(self.winner) if self.winner is not None else None,
            "last_played_by": self.last_played_by,
            "last_round": _copy(self.last_round),
        }

    @classmethod
    def restore(cls, pos: object) -> Game:
        """Build a game from a position. Raises :class:`Unsupported` for what this engine
        does not model, ``ValueError`` for a position that cannot exist."""
        if not isinstance(pos, dict):
            raise ValueError("a position is a JSON object")
        if pos.get("profile", "official") != "official":
            raise Unsupported("only the official profile is implemented")
        n = pos.get("players")
        if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 10:
            raise ValueError(f"/players: must be 2 to 10, got {n!r}")
        g = cls(n, pos.get("options"))
        phase = pos.get("phase")
        if phase not in ("dealer", "deal", "turn", "drawn", "colour", "challenge", "stack", "swap", "multi",
                         "cheat", "scoring", "over"):
            raise ValueError(f"/phase: {phase!r} is not a phase")
        if phase not in ("dealer", "deal", "turn", "drawn", "colour", "challenge", "over"):
            raise Unsupported(f"loading a position in phase {phase!r} is not supported")
        if pos.get("owed_draws"):
            raise Unsupported("positions with cards still owed are not supported")
        if any(pos.get("missed_turns") or []) or any(pos.get("eliminated") or []):
            raise Unsupported("missed turns and eliminated seats belong to variants")
        chance = pos.get("chance")
        if (chance is None) != (phase not in ("dealer", "deal")):
            raise Unsupported(f"phase {phase!r} with chance {chance!r} is not supported")
        hands = pos.get("hands")
        if not isinstance(hands, list) or len(hands) != n:
            raise ValueError(f"/hands: one hand per seat ({n})")
        everything = Counter()
        for i, h in enumerate(hands):
            everything.update(_card_list(h, f"/hands/{i}", ValueError))
        draw = _card_list(pos.get("draw_pile"), "/draw_pile", ValueError)
        discard = _card_list(pos.get("discard_pile"), "/discard_pile", ValueError)
        everything.update(draw)
        everything.update(discard)
        if everything != DECK_COUNT:
            raise ValueError("DECK-COMPOSITION: the position must hold exactly the 108-card deck")
        direction = pos.get("direction", 1)
        if direction not in (1, -1):
            raise ValueError("/direction: must be 1 or -1")
        colour = pos.get("colour")
        if colour is not None and colour not in COLOURS:
            raise ValueError("/colour: must be R, Y, G, B or null")
        to_act = pos.get("to_act")
        if phase in ("turn", "drawn", "colour", "challenge"):
            if not isinstance(to_act, int) or isinstance(to_act, bool) or not 0 <= to_act < n:
                raise ValueError(f"/to_act: must be a seat, got {to_act!r}")
            if not discard:
                raise ValueError("/discard_pile: a round in progress has a top card")
            if colour is None and phase != "colour":
                raise ValueError("/colour: a discard pile is showing, so there must be a current colour")
        dealer = pos.get("dealer")
        if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n):
            raise ValueError("/dealer: must be a seat or null")
        uno = pos.get("uno") or [None] * n
        scores = pos.get("scores") or [0] * n
        if len(uno) != n or len(scores) != n or any(u not in (None, "owed", "catchable", "called") for u in uno):
            raise ValueError("/uno, /scores: one valid entry per seat")
        for p, h, u, sc in zip(g.seats, hands, uno, scores):
            p.hand, p.uno, p.score = list(h), u, int(sc)
        g.phase, g.to_act, g.direction, g.dealer = phase, to_act, direction, dealer
        g.draw_pile, g.discard_pile, g.colour = list(draw), list(discard), colour
        g.round = int(pos.get("round", 1))
        g.idle_turns = int(pos.get("idle_turns", 0))
        g.winner = pos.get("winner")
        g.last_played_by = pos.get("last_played_by")
        g.last_round = _copy(pos.get("last_round"))
        g.drawn = list(pos.get("drawn") or [])
        g.chance = _copy(chance)
        pend = pos.get("pending")
        if phase in ("turn", "over", "deal", "dealer"):
            if pend is not None:
                raise Unsupported(f"phase {phase!r} with a pending obligation is not supported")
            g.pending = None
        elif phase == "drawn":
            g.pending = {"seat": to_act}
        elif phase == "colour":
            if not isinstance(pend, dict) or pend.get("wild") not in (WILD, WILD_FOUR):
                raise Unsupported("a colour phase needs pending.wild")
            g.pending = {k: pend[k] for k in ("seat", "wild", "prior_colour", "starter", "wd4_legal") if k in pend}
            if pend["wild"] == WILD_FOUR and "wd4_legal" not in g.pending:
                g.pending["wd4_legal"] = not g.seats[to_act].has_colour(pend.get("prior_colour"))
        elif phase == "challenge":
            if not isinstance(pend, dict) or pend.get("card", WILD_FOUR) != WILD_FOUR \
                    or not isinstance(pend.get("from"), int):
                raise Unsupported("a challenge phase needs pending.from")
            g.pending = {"seat": to_act, "from": pend["from"], "total": pend.get("total", 4), "card": WILD_FOUR,
                         "prior_colour": pend.get("prior_colour"), "wd4_legal": pend.get("wd4_legal", True)}
            if pend.get("final"):
                g.pending["final"] = True
        g._moves = None
        return g


# --------------------------------------------------------------------------------------


def _card_list(value: object, rule: str, error: type = Refusal) -> list[str]:
    if not isinstance(value, list) or any(Card.of(c) is None for c in value):
        if error is Refusal:
            raise Refusal(rule, "expected a list of cards (R7, GS, BR, YD2, W, WD4)")
        raise error(f"{rule}: expected a list of cards")
    return value


def _copy(v):
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy(x) for x in v]
    return v


class TableRules:
    """The official profile, plus the parameters of its core rules and policies that a
    table may set (``RULE-ID.param`` options). Every variant stays off: an option naming
    a variant is accepted only as ``false``."""

    #: parameter -> (official value, check of a value)
    PARAMS = {
        "WD4-BLUFF.wd4_enforcement": ("challenge", lambda v: v in ("challenge", "engine")),
        "WD4-CHALLENGE-GUILTY.guilty_challenger_skipped": (False, lambda v: isinstance(v, bool)),
        "UNO-PENALTY.cards": (2, lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1),
        "P-STALEMATE.stalemate": ("void_round", lambda v: v in ("void_round", "lowest_hand_wins")),
        "P-NEXT-DEALER.next_dealer": ("left_of_previous", lambda v: v in ("left_of_previous", "previous_round_winner")),
        "P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge": (False, lambda v: isinstance(v, bool)),
    }
    #: the rule IDs a program declares in its hello answer
    DECLARED = sorted({key.split(".")[0] for key in PARAMS})

    def __init__(self, options: object = None):
        options = options or {}
        if not isinstance(options, dict):
            raise Unsupported("options must be an object")
        values = {key: official for key, (official, _) in self.PARAMS.items()}
        for key, value in options.items():
            if key in self.PARAMS:
                if not self.PARAMS[key][1](value):
                    raise Unsupported(f"{key} = {value!r} is not a valid setting")
                values[key] = value
            elif not (isinstance(key, str) and key.startswith("V-") and value is False):
                raise Unsupported(f"option {key!r} is not implemented (only the official rules and their parameters)")
        self.options = dict(options)
        self.engine_polices_wd4 = values["WD4-BLUFF.wd4_enforcement"] == "engine"
        self.guilty_challenger_skipped = values["WD4-CHALLENGE-GUILTY.guilty_challenger_skipped"]
        self.uno_penalty = values["UNO-PENALTY.cards"]
        self.stalemate_lowest_wins = values["P-STALEMATE.stalemate"] == "lowest_hand_wins"
        self.winner_deals_next = values["P-NEXT-DEALER.next_dealer"] == "previous_round_winner"
        self.futile_challenge = values["P-LAST-WD4-NO-CHALLENGE.allow_futile_challenge"]
