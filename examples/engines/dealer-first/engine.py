#!/usr/bin/env python3
"""dealer-first: a small UNO engine that gets the set-up and the dealers wrong.

It exists to test `unospec certify` on a program shaped like the engines people
publish: one big Game class with a handler method per action type, its own random
generator for the dealer draw, the deal and every reshuffle, and no way to load a
position. Written from the rule catalogue and the protocol README only.

Planted deviations (see deviations.toml), everything else plays the official rules:
  (a) a tie for the highest card in the dealer draw goes to the lowest seat number,
      with no redraw (P-DEALER-TIE);
  (b) the dealer opens every round instead of the player on the dealer's left
      (FIRST-PLAYER): after a number or Wild starter the dealer acts first, a Skip
      starter skips the dealer, a Reverse starter plays as the rules say;
  (c) a Draw Two starter does nothing: nobody draws, nobody is skipped;
  (d) from the second round on, the previous round's winner deals.

Run:  python3 engine.py            owns its chance (own_deal, own_shuffle, seeded)
      python3 engine.py --dictated  takes every chance input from the harness
"""

import json
import random
import sys
from collections import Counter

# House rules of this engine (the planted deviations).
DEALER_TIE_TO_LOWEST_SEAT = True
DEALER_OPENS = True
DRAW_TWO_STARTER_IGNORED = True
WINNER_DEALS_NEXT = True

COLOURS = "RYGB"
FACES = ["0"] + [str(n) for n in range(1, 10) for _ in (0, 1)] + ["S", "S", "R", "R", "D2", "D2"]
DECK = [c + f for c in COLOURS for f in sorted(FACES, key=lambda f: ("0123456789SRD".index(f[0]), f))]
DECK += ["W"] * 4 + ["WD4"] * 4
TARGET = 500


def colour_of(card):
    return None if card.startswith("W") else card[0]


def face_of(card):
    return card if card.startswith("W") else card[1:]


def card_points(card):
    face = face_of(card)
    if face.isdigit():
        return int(face)
    return 50 if card.startswith("W") else 20


class Refused(Exception):
    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


class Game:
    """One match. Each action type has its own handler: on_<type>(action)."""

    def __init__(self, players, seed, dictated):
        self.n = players
        self.rng = random.Random(seed)
        self.dictated = dictated
        self.scores = [0] * players
        self.round = 1
        self.dealer = None
        self.winner = None
        self.made = []  # chance this program made during the current request
        self.drawn = []  # [{seat, cards}] drawn during the current request, in order
        self.reset_table()
        self.phase = "dealer"
        self.chance = {"type": "dealer_draw", "seats": list(range(players))}
        if not dictated:
            self.choose_dealer()

    def reset_table(self):
        self.hands = [[] for _ in range(self.n)]
        self.draw_pile = list(DECK)  # top first
        self.discard = []  # bottom first
        self.colour = None
        self.direction = 1
        self.to_act = None
        self.uno = [None] * self.n
        self.missed = [False] * self.n
        self.owed = []  # [seat, count] still to draw
        self.after_draws = None
        self.drawn_card = None
        self.wd4 = None
        self.wild_starter = False
        self.idle = 0

    # ----------------------------------------------------------------- helpers
    def seat_after(self, seat, steps=1):
        return (seat + steps * self.direction) % self.n

    def top(self):
        return self.discard[-1]

    def matches(self, card):
        if card.startswith("W"):
            return True
        if card[0] == self.colour:
            return True
        top = self.top()
        return not top.startswith("W") and face_of(top) == face_of(card)

    def drawn_card_playable(self, seat, card):
        # DRAW-THEN-PLAY: on the terms of a card held since the turn began, so a drawn WD4
        # may go down against WD4-RESTRICTION as a bluff (WD4-BLUFF), open to a challenge
        return self.matches(card)

    # ------------------------------------------------------------------ chance
    def choose_dealer(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        cards = deck[: self.n]
        self.made.append({"type": "dealer_draw", "cards": cards})
        self.settle_dealer(list(range(self.n)), cards)
        while self.chance and self.chance["type"] == "dealer_draw":
            deck = deck[len(cards):]
            cards = deck[: len(self.chance["seats"])]
            self.made.append({"type": "dealer_draw", "cards": cards})
            self.settle_dealer(self.chance["seats"], cards)

    def settle_dealer(self, seats, cards):
        values = [int(c[1]) if len(c) == 2 and c[1].isdigit() else 0 for c in cards]
        best = max(values)
        tied = [s for s, v in zip(seats, values, strict=True) if v == best]
        if len(tied) > 1 and not DEALER_TIE_TO_LOWEST_SEAT:
            self.chance = {"type": "dealer_draw", "seats": tied}
            return
        self.dealer = min(tied)
        self.begin_deal()

    def begin_deal(self):
        self.phase = "deal"
        self.chance = {"type": "deal", "dealer": self.dealer, "hand_size": 7,
                       "seats": [(self.dealer + 1 + i) % self.n for i in range(self.n)]}
        if not self.dictated:
            self.deal_myself()

    def deal_myself(self):
        deck = list(DECK)
        self.rng.shuffle(deck)
        hands = [[] for _ in range(self.n)]
        for i in range(7 * self.n):
            hands[(self.dealer + 1 + i) % self.n].append(deck[i])
        starter, rest = deck[7 * self.n], deck[7 * self.n + 1:]
        self.made.append({"type": "deal", "dealer": self.dealer, "hands": hands,
                          "starter": starter, "draw_pile": list(rest)})
        self.lay_out(hands, starter, rest)

    def on_dealer_draw(self, action):
        cards = action.get("cards")
        seats = self.chance["seats"]
        if not isinstance(cards, list) or len(cards) != len(seats):
            raise Refused("DEALER-SELECTION", f"one card for each of seats {seats}")
        if Counter(cards) - Counter(DECK):
            raise Refused("DECK-COMPOSITION", "those cards are not all in one deck")
        self.settle_dealer(seats, cards)

    def on_deal(self, action):
        hands, starter, pile = action.get("hands"), action.get("starter"), action.get("draw_pile")
        if not isinstance(hands, list) or len(hands) != self.n or any(len(h) != 7 for h in hands):
            raise Refused("DEAL-SEVEN", "every seat gets exactly 7 cards")
        if Counter(sum(hands, []) + [starter] + list(pile or [])) != Counter(DECK):
            raise Refused("DECK-COMPOSITION", "the deal must use the 108 cards of the deck")
        self.lay_out([list(h) for h in hands], starter, list(pile))

    def lay_out(self, hands, starter, pile):
        self.reset_table()
        self.hands, self.draw_pile = hands, pile
        self.chance = None
        self.turn_up(starter)

    def turn_up(self, starter):
        if starter == "WD4":  # FIRST-CARD-WD4: back into the pile, shuffle, turn up again
            self.draw_pile.append(starter)
            if self.dictated:
                self.chance = {"type": "shuffle", "purpose": "starter"}
                return
            self.rng.shuffle(self.draw_pile)
            self.made.append({"type": "shuffle", "order": list(self.draw_pile)})
            self.made.append({"type": "starter", "card": self.draw_pile[0]})
            self.turn_up(self.draw_pile.pop(0))
            return
        self.discard = [starter]
        self.colour = colour_of(starter)
        self.phase = "turn"
        opener = self.dealer if DEALER_OPENS else self.seat_after(self.dealer)
        face = face_of(starter)
        if face == "S":
            self.to_act = self.seat_after(opener)
        elif face == "R":
            self.direction = -1
            self.to_act = self.dealer
        elif face == "D2" and not DRAW_TWO_STARTER_IGNORED:
            self.to_act = self.seat_after(opener)
            self.owe(opener, 2)
            self.run_draws()
        elif starter == "W":
            self.phase, self.to_act = "colour", opener
            self.wild_starter = True
        else:
            self.to_act = opener

    def on_shuffle(self, action):
        order = action.get("order")
        purpose = self.chance.get("purpose")
        pool = self.draw_pile if purpose == "starter" else self.discard[:-1]
        if not isinstance(order, list) or Counter(order) != Counter(pool):
            raise Refused("RESHUFFLE", "the order must hold exactly the cards to shuffle")
        self.chance = None
        if purpose == "starter":
            self.draw_pile = list(order)
            self.turn_up(self.draw_pile.pop(0))
        else:
            self.discard = self.discard[-1:]
            self.draw_pile = list(order)
        self.run_draws()

    def reshuffle(self):
        """RESHUFFLE: every discard but the top one becomes the new draw pile."""
        if self.dictated:
            self.chance = {"type": "shuffle", "purpose": "reshuffle"}
            return False
        pile = self.discard[:-1]
        self.discard = self.discard[-1:]
        self.rng.shuffle(pile)
        self.draw_pile = pile
        self.made.append({"type": "shuffle", "order": list(pile)})
        return True

    # ------------------------------------------------------------------ drawing
    def owe(self, seat, count):
        self.owed.append([seat, count])

    def run_draws(self):
        """Draw what is owed; stop for a dictated shuffle; then finish the step."""
        while self.owed:
            seat, count = self.owed[0]
            if count == 0:
                self.owed.pop(0)
                continue
            if not self.draw_pile:
                if len(self.discard) <= 1:  # P-PILES-EXHAUSTED: the rest is forgiven
                    self.owed.pop(0)
                    continue
                if not self.reshuffle():
                    return
            card = self.draw_pile.pop(0)
            self.hands[seat].append(card)
            if not self.drawn or self.drawn[-1]["seat"] != seat or self.drawn[-1]["round"] != self.round:
                self.drawn.append({"seat": seat, "cards": [], "round": self.round})
            self.drawn[-1]["cards"].append(card)
            self.owed[0][1] -= 1
        self.tidy_uno()
        then, self.after_draws = self.after_draws, None
        if then:
            then()

    def tidy_uno(self):
        for s in range(self.n):
            if len(self.hands[s]) != 1:
                self.uno[s], self.missed[s] = None, False

    def begin_turn(self):
        """TURN-START closes every open catch window."""
        for s in range(self.n):
            if self.uno[s] == "catchable":
                self.uno[s], self.missed[s] = None, True

    # ---------------------------------------------------------- seat actions
    def check_turn(self, seat):
        if seat != self.to_act:
            raise Refused("TURN-ADVANCE", f"seat {self.to_act} is to act, not seat {seat}")
        if self.phase == "colour":
            raise Refused("WILD-COLOUR-CHOICE", "a colour must be named first")

    def not_in_challenge(self):
        if self.phase == "challenge":
            raise Refused("WD4-CHALLENGE", "challenge or accept the Wild Draw Four first")

    def on_play(self, action):
        seat, card = action["seat"], action.get("card")
        self.check_turn(seat)
        self.not_in_challenge()
        hand = self.hands[seat]
        if card not in hand:
            raise Refused("P-ILLEGAL-PLAY-REJECTED", f"seat {seat} does not hold {card}")
        if self.phase == "drawn":
            if card != self.drawn_card:
                raise Refused("DRAW-THEN-PLAY", "only the card just drawn may be played")
        elif not self.matches(card):
            rule = "MATCH-ON-WILD" if self.top().startswith("W") else "PLAY-MATCH"
            raise Refused(rule, f"{card} does not match")
        self.begin_turn()
        hand.remove(card)
        self.discard.append(card)
        self.drawn_card = None
        self.idle = 0
        if not card.startswith("W"):
            self.colour = colour_of(card)
        if not hand:
            return self.win_round(seat, card)
        if len(hand) == 1:
            self.uno[seat], self.missed[seat] = "catchable", False
        face = face_of(card)
        self.phase = "turn"
        if card.startswith("W"):
            self.phase, self.to_act = "colour", seat
            self.wd4 = None
            if card == "WD4":
                self.wd4 = {"seat": seat, "guilty": any(colour_of(c) == self.colour for c in hand)}
            return
        if face == "S":
            self.to_act = self.seat_after(seat, 2)
        elif face == "R":
            self.direction = -self.direction
            self.to_act = seat if self.n == 2 else self.seat_after(seat)
        elif face == "D2":
            self.to_act = self.seat_after(seat, 2)
            self.owe(self.seat_after(seat), 2)
            self.run_draws()
        else:
            self.to_act = self.seat_after(seat)

    def on_colour(self, action):
        seat, colour = action["seat"], action.get("colour")
        if seat != self.to_act:
            raise Refused("TURN-ADVANCE", f"seat {self.to_act} is to act, not seat {seat}")
        if self.phase != "colour":
            raise Refused("WILD-COLOUR-CHOICE", "a colour is named only right after a wild card")
        if colour not in COLOURS:
            raise Refused("WILD-COLOUR-CHOICE", "name R, Y, G or B")
        self.colour = colour
        if self.wd4:
            self.phase, self.to_act = "challenge", self.seat_after(seat)
        elif self.wild_starter:  # FIRST-CARD-WILD: the same seat now takes its turn
            self.phase, self.wild_starter = "turn", False
        else:
            self.phase, self.to_act = "turn", self.seat_after(seat)

    def on_accept(self, action):
        seat = action["seat"]
        self.check_turn(seat)
        if self.phase != "challenge":
            raise Refused("WD4-CHALLENGE", "there is no Wild Draw Four to accept")
        self.phase, self.to_act, self.wd4 = "turn", self.seat_after(seat), None
        self.owe(seat, 4)
        self.run_draws()

    def on_challenge(self, action):
        seat = action["seat"]
        if self.phase != "challenge" or seat != self.to_act:
            raise Refused("WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it")
        bluffer, guilty = self.wd4["seat"], self.wd4["guilty"]
        self.phase, self.wd4 = "turn", None
        if guilty:
            self.owe(bluffer, 4)
        else:
            self.to_act = self.seat_after(seat)
            self.owe(seat, 6)
        self.run_draws()

    def on_draw(self, action):
        seat = action["seat"]
        self.check_turn(seat)
        self.not_in_challenge()
        if self.phase == "drawn":
            raise Refused("DRAW-ONE", "a turn draw is one card")
        self.begin_turn()
        self.phase = "drawn"
        before = len(self.hands[seat])
        self.owe(seat, 1)
        self.after_draws = lambda: self.after_turn_draw(seat, before)
        self.run_draws()

    def after_turn_draw(self, seat, before):
        hand = self.hands[seat]
        if len(hand) > before and self.drawn_card_playable(seat, hand[-1]):
            self.drawn_card = hand[-1]
            self.idle = 0
            return
        self.idle = 0 if len(hand) > before else self.idle + 1
        self.end_turn_after_draw(seat)

    def on_pass(self, action):
        seat = action["seat"]
        self.check_turn(seat)
        self.not_in_challenge()
        if self.phase != "drawn":
            raise Refused("TURN-ACTION", "a player may not pass without drawing first")
        self.end_turn_after_draw(seat)

    def end_turn_after_draw(self, seat):
        self.phase, self.drawn_card = "turn", None
        self.to_act = self.seat_after(seat)
        if self.idle >= self.n:  # P-STALEMATE: a void round, the same dealer deals again
            self.next_round(self.dealer)

    def on_uno(self, action):
        seat = action["seat"]
        if self.uno[seat] != "catchable":
            if self.missed[seat] and len(self.hands[seat]) == 1:
                raise Refused("UNO-CATCH-WINDOW", "the next turn has begun: too late to call")
            raise Refused("UNO-CALL", "UNO is called by a player just left with one card")
        self.uno[seat] = "called"

    def on_catch(self, action):
        seat, target = action["seat"], action.get("target")
        if not isinstance(target, int) or not 0 <= target < self.n:
            raise Refused("P-FALSE-CATCH", f"there is no seat {target}")
        if target == seat:
            raise Refused("UNO-CATCH", "a player cannot catch themselves")
        if self.uno[target] != "catchable":
            raise Refused("P-FALSE-CATCH", f"seat {target} cannot be caught")
        self.uno[target] = None
        self.owe(target, 2)
        self.run_draws()

    # ------------------------------------------------------------ round ends
    def win_round(self, seat, card):
        self.uno, self.missed = [None] * self.n, [False] * self.n
        self.phase, self.to_act = "scoring", None
        victim = self.seat_after(seat)
        if card == "D2" or card.endswith("D2"):
            self.owe(victim, 2)
        elif card == "WD4":
            self.owe(victim, 4)
        self.after_draws = lambda: self.score_round(seat)
        self.run_draws()

    def score_round(self, seat):
        points = sum(card_points(c) for hand in self.hands for c in hand)
        self.scores[seat] += points
        if self.scores[seat] >= TARGET:
            self.phase, self.winner = "over", [seat]
            return
        self.next_round(seat if WINNER_DEALS_NEXT else (self.dealer + 1) % self.n)

    def next_round(self, dealer):
        self.round += 1
        self.reset_table()
        self.dealer = dealer
        self.begin_deal()

    # ------------------------------------------------------------- questions
    def legal_actions(self):
        if self.chance or self.phase in ("dealer", "deal", "scoring", "over"):
            return []
        seat, hand, acts = self.to_act, self.hands[self.to_act], []
        if self.phase == "turn":
            for card in sorted(set(hand), key=DECK.index):
                if self.matches(card):
                    acts.append({"type": "play", "seat": seat, "card": card})
            acts.append({"type": "draw", "seat": seat})
        elif self.phase == "drawn":
            acts += [{"type": "play", "seat": seat, "card": self.drawn_card}, {"type": "pass", "seat": seat}]
        elif self.phase == "colour":
            acts += [{"type": "colour", "seat": seat, "colour": c} for c in COLOURS]
        elif self.phase == "challenge":
            acts += [{"type": "challenge", "seat": seat}, {"type": "accept", "seat": seat}]
        for t in range(self.n):
            if self.uno[t] == "catchable":
                acts.append({"type": "uno", "seat": t})
                acts += [{"type": "catch", "seat": s, "target": t} for s in range(self.n) if s != t]
        return acts

    def position(self):
        return {"players": self.n, "phase": self.phase, "to_act": self.to_act,
                "direction": self.direction, "dealer": self.dealer, "colour": self.colour,
                "hands": [list(h) for h in self.hands], "discard_pile": list(self.discard),
                "uno": list(self.uno), "scores": list(self.scores), "round": self.round,
                "winner": self.winner, "chance": self.chance}

    def apply(self, action):
        kind = action.get("type")
        if kind in ("dealer_draw", "deal", "shuffle"):
            if not self.chance or self.chance["type"] != kind:
                raise Refused("P-ILLEGAL-PLAY-REJECTED", f"no {kind} is due")
        elif self.phase == "over":
            raise Refused("MATCH-TARGET-500", "the match is over")
        elif self.chance or self.phase in ("dealer", "deal", "scoring"):
            raise Refused("P-ILLEGAL-PLAY-REJECTED", "the game waits for a chance input")
        elif not isinstance(action.get("seat"), int) or not 0 <= action["seat"] < self.n:
            raise Refused("P-ILLEGAL-PLAY-REJECTED", "no such seat")
        handler = getattr(self, f"on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            rule = {"swap": "NO-CARD-EXCHANGE", "end": "V-MULTI-PLAY", "accuse": "V-CHEAT"}
            raise Refused(rule.get(kind, "P-ILLEGAL-PLAY-REJECTED"), f"no action {kind!r} here")
        handler(action)


class Session:
    def __init__(self, dictated):
        self.dictated = dictated
        self.game = None

    def hello(self, msg):
        caps = ["observe"] if self.dictated else ["observe", "own_deal", "own_shuffle", "seeded"]
        return {"ok": True, "protocol": 1,
                "implementation": {"name": "dealer-first", "version": "1.0.0", "language": "python"},
                "profiles": ["official"], "options": [], "capabilities": caps,
                "observes": ["players", "phase", "to_act", "direction", "dealer", "colour", "hands",
                             "discard_pile", "uno", "scores", "round", "winner", "chance"]}

    def new_game(self, msg):
        if msg.get("profile") != "official" or msg.get("options"):
            return {"ok": False, "error": {"code": "unsupported", "message": "only the official profile"}}
        players = msg.get("players")
        if not isinstance(players, int) or not 2 <= players <= 10:
            return {"ok": False, "error": {"code": "bad_request", "message": "2 to 10 players",
                                           "rule": "PLAYER-COUNT"}}
        seed = msg.get("seed") if isinstance(msg.get("seed"), int) else 0
        self.game = Game(players, seed, self.dictated)
        return self.with_chance({"ok": True})

    def with_chance(self, reply):
        game = self.game
        if game.made:
            reply["chance"] = game.made
        if game.drawn and not self.dictated:
            reply["drawn"] = [{"seat": d["seat"], "cards": d["cards"]} for d in game.drawn]
        game.made, game.drawn = [], []
        return reply

    def answer(self, msg):
        cmd = msg.get("cmd")
        if cmd == "hello":
            return self.hello(msg)
        if cmd == "new_game":
            return self.new_game(msg)
        if cmd == "load":
            return {"ok": False, "error": {"code": "unsupported", "message": "this engine cannot load a position"}}
        if cmd not in ("legal_actions", "apply", "observe"):
            return {"ok": False, "error": {"code": "bad_request", "message": f"unknown cmd {cmd!r}"}}
        if self.game is None:
            return {"ok": False, "error": {"code": "bad_request", "message": "no game: send new_game"}}
        if cmd == "legal_actions":
            return {"ok": True, "actions": self.game.legal_actions()}
        if cmd == "observe":
            return {"ok": True, "position": self.game.position()}
        action = msg.get("action")
        if not isinstance(action, dict):
            return {"ok": False, "error": {"code": "bad_request", "message": "apply needs an action"}}
        try:
            self.game.apply(action)
        except Refused as refusal:
            self.game.made, self.game.drawn = [], []
            return {"ok": True, "accepted": False, "error": {"rule": refusal.rule, "reason": refusal.reason}}
        return self.with_chance({"ok": True, "accepted": True, "events": []})


def main():
    session = Session("--dictated" in sys.argv[1:])
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            reply = {"seq": None, "ok": False, "error": {"code": "bad_request", "message": "not JSON"}}
        else:
            if not isinstance(msg, dict):
                msg = {}
            if msg.get("cmd") == "stop":
                break
            try:
                reply = {"seq": msg.get("seq"), **session.answer(msg)}
            except Exception as exc:  # never die on a request
                reply = {"seq": msg.get("seq"), "ok": False,
                         "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
