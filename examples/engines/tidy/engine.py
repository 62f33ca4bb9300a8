"""tidy: a class-based UNO engine that plays the official profile correctly.

The control of the foreign-style engines: written from the unospec rule catalogue and the
protocol README, with no deviation planted, so certification must call it conformant.
Card, Player, Deck and Game classes; a Session speaks the live protocol (JSON Lines).

It owns its chance (own_deal, own_shuffle, seeded: random.Random(seed) from new_game)
and reports what it dealt, drew and reshuffled. With --dictated it instead takes every
chance input (dealer_draw, deal, shuffle) from the harness. Standard library only.
"""

import json
import random
import sys

COLOURS = "RYGB"
FACES = [str(n) for n in range(10)] + ["S", "R", "D2"]
TARGET = 500  # MATCH-TARGET-500
UNO_PENALTY = 2  # UNO-PENALTY


class Refused(Exception):
    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


class Card:
    """One card, in the protocol notation (R7, GS, BR, YD2, W, WD4)."""

    def __init__(self, code):
        if not isinstance(code, str) or not (code in ("W", "WD4") or (code[:1] in COLOURS and code[1:] in FACES)):
            raise Refused("DECK-COMPOSITION", f"{code!r} is not a card")
        self.code, self.wild = code, code.startswith("W")
        self.colour = None if self.wild else code[0]
        self.face = code if self.wild else code[1:]
        self.number = self.face.isdigit()

    def __eq__(self, other):
        return isinstance(other, Card) and other.code == self.code

    def __hash__(self):
        return hash(self.code)

    def dealer_value(self):  # DEALER-SELECTION: numbers count their face, the rest 0
        return int(self.face) if self.number else 0

    def points(self):  # SCORE-VALUES
        return int(self.face) if self.number else (50 if self.wild else 20)

    def matches(self, top, colour):
        """PLAY-MATCH / MATCH-ON-WILD for a coloured card (wild cards are judged by the game)."""
        if self.colour == colour:
            return True
        return not top.wild and top.face == self.face


def full_deck():
    """DECK-COMPOSITION, in the fixed order of an untouched deck."""
    cards = []
    for c in COLOURS:
        for f in FACES:
            cards += [Card(c + f)] * (1 if f == "0" else 2)
    return cards + [Card("W")] * 4 + [Card("WD4")] * 4


class Deck:
    """The draw pile, top card first."""

    def __init__(self, cards=None):
        self.cards = list(cards if cards is not None else full_deck())

    def draw(self):
        return self.cards.pop(0)

    def shuffle(self, rng):
        rng.shuffle(self.cards)


class Player:
    def __init__(self, seat):
        self.seat, self.hand, self.uno = seat, [], None  # uno: None, "catchable", "called"

    def take(self, card):
        self.hand.append(card)
        if len(self.hand) != 1:
            self.uno = None

    def give(self, card):
        self.hand.remove(card)
        self.uno = "catchable" if len(self.hand) == 1 else None  # UNO-CALL, UNO-REPEAT

    def may_lay_wd4(self, wd4, colour):
        """WD4-RESTRICTION: no other card of the current colour (wilds and matches do not count)."""
        rest = list(self.hand)
        rest.remove(wd4)
        return not any(c.colour == colour for c in rest)


class Game:
    def __init__(self, players, dictated, seed):
        self.n, self.dictated, self.rng = players, dictated, random.Random(seed)
        self.players = [Player(s) for s in range(players)]
        self.scores, self.round, self.winner = [0] * players, 0, None
        self.dealer, self.drawn, self.chance = None, [], []
        self.reset_round()
        self.phase, self.due = "dealer", {"type": "dealer_draw", "seats": list(range(players))}
        if not dictated:
            self.choose_dealer()

    # ---- bookkeeping ------------------------------------------------------------------
    def reset_round(self):
        self.deck, self.discard = Deck(), []
        for p in self.players:
            p.hand, p.uno = [], None
        self.phase, self.to_act, self.direction, self.colour = "deal", None, 1, None
        self.pending, self.owed, self.idle, self.last_player = None, [], 0, None
        self.round += 1

    def next(self, seat, steps=1):  # TURN-ADVANCE
        return (seat + self.direction * steps) % self.n

    def top(self):
        return self.discard[-1]

    def position(self):
        return {"players": self.n, "phase": self.phase, "to_act": self.to_act, "direction": self.direction,
                "dealer": self.dealer, "colour": self.colour,
                "hands": [[c.code for c in p.hand] for p in self.players],
                "draw_pile": [c.code for c in self.deck.cards], "discard_pile": [c.code for c in self.discard],
                "uno": [p.uno for p in self.players], "scores": list(self.scores), "round": self.round,
                "winner": self.winner, "chance": self.due}

    # ---- chance: dealer selection, deal, starter ----------------------------------------
    def choose_dealer(self):
        """DEALER-SELECTION with P-DEALER-TIE, drawing from our own shuffled deck."""
        deck = Deck()
        deck.shuffle(self.rng)
        while self.due and self.due["type"] == "dealer_draw":
            cards = [deck.draw().code for _ in self.due["seats"]]
            self.chance.append({"type": "dealer_draw", "cards": cards})
            self.dealer_draw(cards)

    def dealer_draw(self, codes):
        seats = self.due["seats"]
        if not isinstance(codes, list) or len(codes) != len(seats):
            raise Refused("DEALER-SELECTION", f"one card for each of seats {seats}")
        cards = [Card(c) for c in codes]
        if any(cards.count(c) > full_deck().count(c) for c in cards):
            raise Refused("DECK-COMPOSITION", "more copies than the deck holds")
        best = max(c.dealer_value() for c in cards)
        tied = [s for s, c in zip(seats, cards) if c.dealer_value() == best]
        if len(tied) > 1:  # P-DEALER-TIE: only the tied seats draw again
            self.due = {"type": "dealer_draw", "seats": tied}
            return
        self.start_deal(tied[0])

    def start_deal(self, dealer):
        self.dealer, self.phase = dealer, "deal"
        order = [(dealer + 1 + i) % self.n for i in range(self.n)]  # P-DEAL-ORDER
        self.due = {"type": "deal", "dealer": dealer, "hand_size": 7, "seats": order}
        if not self.dictated:
            deck = Deck()
            deck.shuffle(self.rng)
            hands = [[] for _ in range(self.n)]
            for i in range(7 * self.n):
                hands[order[i % self.n]].append(deck.draw().code)
            starter = deck.draw().code
            rest = [c.code for c in deck.cards]
            self.chance.append({"type": "deal", "dealer": dealer, "hands": hands, "starter": starter, "draw_pile": rest})
            before = len(self.drawn)
            self.deal(hands, starter, rest)
            del self.drawn[before:]  # a Draw Two starter's cards follow from the deal reported

    def deal(self, hands, starter, pile):
        if not isinstance(pile, list) or not isinstance(starter, str):
            raise Refused("DEAL-SEVEN", "a deal names the hands, the starter and the draw pile")
        if not isinstance(hands, list) or len(hands) != self.n or any(not isinstance(h, list) or len(h) != 7 for h in hands):
            raise Refused("DEAL-SEVEN", f"deal 7 cards to each of the {self.n} seats")
        cards = [Card(c) for h in hands for c in h] + [Card(starter)] + [Card(c) for c in pile]
        if sorted(c.code for c in cards) != sorted(c.code for c in full_deck()):
            raise Refused("DECK-COMPOSITION", "the hands, starter and draw pile must be the 108 cards")
        for p, h in zip(self.players, hands):
            p.hand = [Card(c) for c in h]
        self.deck = Deck(Card(c) for c in pile)  # DRAW-PILE-INIT
        self.turn_up(Card(starter))

    def turn_up(self, card):
        """FIRST-DISCARD-FLIP and the FIRST-CARD-* rules."""
        left = (self.dealer + 1) % self.n  # FIRST-PLAYER
        if card.face == "WD4":  # FIRST-CARD-WD4: back into the pile, shuffle, turn up again
            self.deck.cards.append(card)
            self.due = {"type": "shuffle", "purpose": "starter", "cards": sorted(c.code for c in self.deck.cards)}
            if not self.dictated:
                self.deck.shuffle(self.rng)
                self.chance.append({"type": "shuffle", "order": [c.code for c in self.deck.cards]})
                self.chance.append({"type": "starter", "card": self.deck.cards[0].code})
                self.due = None
                self.turn_up(self.deck.draw())
            return
        self.due, self.discard, self.colour, self.phase = None, [card], card.colour, "turn"
        if card.face == "W":  # FIRST-CARD-WILD: the player on the left names the colour, then plays
            self.phase, self.to_act, self.pending = "colour", left, {"card": card, "seat": left, "starter": True}
        elif card.face == "S":  # FIRST-CARD-SKIP
            self.to_act = (left + 1) % self.n
        elif card.face == "R":  # FIRST-CARD-REVERSE
            self.direction, self.to_act = -1, self.dealer
        elif card.face == "D2":  # FIRST-CARD-DRAW-TWO
            self.to_act = (left + 1) % self.n
            self.draw_cards(left, 2)
        else:  # FIRST-CARD-NUMBER
            self.to_act = left

    def shuffle(self, order):
        cards = self.due["cards"]
        if not isinstance(order, list) or sorted(order) != cards:
            raise Refused("RESHUFFLE", "the order must be a permutation of exactly the cards to shuffle")
        self.deck = Deck(Card(c) for c in order)
        if self.due["purpose"] == "starter":
            self.due = None
            self.turn_up(self.deck.draw())
        else:
            self.discard, self.due = self.discard[-1:], None
            self.settle()

    # ---- drawing ----------------------------------------------------------------------
    def draw_cards(self, seat, count, then=None):
        self.owed.append([seat, count, [], then])
        self.settle()

    def settle(self):
        """Give out owed cards; RESHUFFLE when needed, P-PILES-EXHAUSTED when impossible."""
        while self.owed:
            seat, count, got, then = self.owed[0]
            while count:
                if not self.deck.cards:
                    if len(self.discard) < 2:
                        break  # P-PILES-EXHAUSTED: the rest is forgiven
                    if self.dictated:
                        self.owed[0][1] = count
                        self.due = {"type": "shuffle", "purpose": "reshuffle",
                                    "cards": sorted(c.code for c in self.discard[:-1])}
                        return
                    self.deck, self.discard = Deck(self.discard[:-1]), self.discard[-1:]
                    self.deck.shuffle(self.rng)
                    self.chance.append({"type": "shuffle", "order": [c.code for c in self.deck.cards]})
                card = self.deck.draw()
                self.players[seat].take(card)
                got.append(card)
                if self.drawn and self.drawn[-1]["seat"] == seat:
                    self.drawn[-1]["cards"].append(card.code)
                else:
                    self.drawn.append({"seat": seat, "cards": [card.code]})
                count -= 1
            self.owed.pop(0)
            if then:
                then(got)

    # ---- seat actions -----------------------------------------------------------------
    def fits(self, card):
        """WILD-ANYTIME; a WD4 is accepted even against WD4-RESTRICTION (WD4-BLUFF)."""
        return card.wild or card.matches(self.top(), self.colour)

    def drawn_playable(self, player, card):  # DRAW-THEN-PLAY: as if held (a WD4 bluff too)
        return self.fits(card)

    def legal_actions(self):
        acts = []
        if self.due or self.phase in ("dealer", "deal", "scoring", "over"):
            return acts
        p = self.players[self.to_act]
        if self.phase == "turn":
            seen = []
            for c in p.hand:
                if c not in seen and self.fits(c):
                    seen.append(c)
                    acts.append({"type": "play", "seat": p.seat, "card": c.code})
            acts.append({"type": "draw", "seat": p.seat})
        elif self.phase == "drawn":
            acts += [{"type": "play", "seat": p.seat, "card": self.pending["card"].code}, {"type": "pass", "seat": p.seat}]
        elif self.phase == "colour":
            acts += [{"type": "colour", "seat": p.seat, "colour": c} for c in COLOURS]
        elif self.phase == "challenge":
            acts += [{"type": "challenge", "seat": p.seat}, {"type": "accept", "seat": p.seat}]
        for q in self.players:
            if q.uno == "catchable":  # UNO-CALL, UNO-CATCH
                acts.append({"type": "uno", "seat": q.seat})
                acts += [{"type": "catch", "seat": s, "target": q.seat} for s in range(self.n) if s != q.seat]
        return acts

    def apply(self, action):
        kind = action.get("type")
        if kind in ("dealer_draw", "deal", "shuffle"):
            if not self.dictated or not self.due or self.due["type"] != kind:
                raise Refused("P-ILLEGAL-PLAY-REJECTED", f"no {kind} is due")
            if kind == "dealer_draw":
                return self.dealer_draw(action.get("cards"))
            if kind == "deal":
                return self.deal(action.get("hands"), action.get("starter"), action.get("draw_pile"))
            return self.shuffle(action.get("order"))
        seat = action.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise Refused("P-ILLEGAL-PLAY-REJECTED", f"no seat {seat!r}")
        if self.phase == "over":
            raise Refused("MATCH-TARGET-500", "the match is over")
        if self.due or self.phase in ("dealer", "deal", "scoring"):
            raise Refused("P-ILLEGAL-PLAY-REJECTED", "the game waits for a chance input")
        handler = getattr(self, "do_" + str(kind), None)
        if handler is None:
            raise Refused("NO-CARD-EXCHANGE" if kind == "swap" else "P-ILLEGAL-PLAY-REJECTED", f"no {kind} action here")
        if kind == "challenge" and (self.phase != "challenge" or seat != self.to_act):
            raise Refused("WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge it, before drawing")
        if kind not in ("uno", "catch") and seat != self.to_act:
            again = kind == "play" and self.last_player == seat and self.phase in ("turn", "drawn")
            raise Refused("ONE-CARD-PER-TURN" if again else "TURN-ADVANCE", f"seat {self.to_act} is to act")
        handler(self.players[seat], action)

    def expect(self, phases, rule):
        """Refuse an action out of its phase, under the rule of what the phase waits for."""
        if self.phase not in phases:
            rule = {"colour": "WILD-COLOUR-CHOICE", "challenge": "WD4-CHALLENGE"}.get(self.phase, rule)
            raise Refused(rule, f"not possible in phase {self.phase}")

    def start_turn(self):  # TURN-START closes every open catch window (UNO-CATCH-WINDOW)
        for q in self.players:
            if q.uno == "catchable":
                q.uno = None

    def do_play(self, p, action):
        try:
            card = Card(action.get("card"))
        except Refused:
            raise Refused("P-ILLEGAL-PLAY-REJECTED", "not a card") from None
        if card not in p.hand:
            raise Refused("P-ILLEGAL-PLAY-REJECTED", f"seat {p.seat} does not hold {card.code}")
        self.expect(("turn", "drawn"), "TURN-ACTION")
        if self.phase == "drawn" and card != self.pending["card"]:
            raise Refused("DRAW-THEN-PLAY", "after drawing, only the drawn card may be played")
        if not self.fits(card):
            raise Refused("MATCH-ON-WILD" if self.top().wild else "PLAY-MATCH", f"{card.code} does not match")
        self.start_turn()
        legal = card.face != "WD4" or p.may_lay_wd4(card, self.colour)
        p.give(card)
        self.discard.append(card)
        self.colour = card.colour or self.colour  # CURRENT-COLOUR (a wild's colour comes when named)
        self.last_player, self.pending, self.idle = p.seat, None, 0
        if not p.hand:
            return self.win_round(p.seat, card)
        self.phase = "turn"
        if card.wild:  # WILD-COLOUR-CHOICE comes first
            self.phase, self.to_act = "colour", p.seat
            self.pending = {"card": card, "seat": p.seat, "legal": legal}
        elif card.face == "S":  # SKIP-EFFECT, TWO-PLAYER-SKIP
            self.to_act = self.next(p.seat, 2)
        elif card.face == "R":  # REVERSE-EFFECT, REVERSE-TWO-PLAYER
            self.direction = -self.direction
            self.to_act = p.seat if self.n == 2 else self.next(p.seat)
        elif card.face == "D2":  # DRAW-TWO-EFFECT, TWO-PLAYER-DRAW
            self.to_act = self.next(p.seat, 2)
            self.draw_cards(self.next(p.seat), 2)
        else:
            self.to_act = self.next(p.seat)

    def do_draw(self, p, action):
        self.expect(("turn",), "DRAW-ONE")
        self.start_turn()
        self.last_player = None
        self.phase, self.pending = "drawn", None
        self.draw_cards(p.seat, 1, lambda got: self.after_turn_draw(p, got))

    def after_turn_draw(self, p, got):
        if got and self.drawn_playable(p, got[0]):
            self.pending = {"card": got[0]}
            return
        self.end_turn(p.seat)  # DRAW-END-TURN
        if not got:  # P-PILES-EXHAUSTED, P-STALEMATE
            self.idle += 1
            if self.idle >= self.n:
                self.reset_round()
                self.start_deal(self.dealer)  # a void round: the same dealer deals again

    def end_turn(self, seat):
        self.phase, self.to_act, self.pending = "turn", self.next(seat), None

    def do_pass(self, p, action):
        self.expect(("drawn",), "TURN-ACTION")
        self.end_turn(p.seat)

    def do_colour(self, p, action):
        if self.phase != "colour":
            raise Refused("WILD-COLOUR-CHOICE", "no wild card waits for a colour")
        colour = action.get("colour")
        if colour not in COLOURS:
            raise Refused("WILD-COLOUR-CHOICE", f"{colour!r} is not a colour")
        pend, self.colour = self.pending, colour
        if pend.get("starter"):  # FIRST-CARD-WILD: the namer plays the first turn
            self.phase, self.pending = "turn", None
        elif pend["card"].face == "W":
            self.end_turn(p.seat)
        else:  # WD4-CHALLENGE: the victim may challenge or accept
            victim = self.next(p.seat)
            self.phase, self.to_act = "challenge", victim
            self.pending = {"from": p.seat, "legal": pend["legal"]}

    def do_accept(self, p, action):
        self.expect(("challenge",), "DRAW-THEN-PLAY" if self.phase == "drawn" else "WD4-CHALLENGE")
        self.end_turn(p.seat)  # WD4-EFFECT: draw four and lose the turn
        self.draw_cards(p.seat, 4)

    def do_challenge(self, p, action):
        self.expect(("challenge",), "WD4-CHALLENGE")
        pend = self.pending
        if not pend["legal"]:  # WD4-CHALLENGE-GUILTY
            self.phase, self.pending = "turn", None
            self.draw_cards(pend["from"], 4)
        else:  # WD4-CHALLENGE-INNOCENT
            self.end_turn(p.seat)
            self.draw_cards(p.seat, 6)

    def do_uno(self, p, action):
        if p.uno == "catchable":
            p.uno = "called"
        elif len(p.hand) == 1 and p.uno is None:
            raise Refused("UNO-CATCH-WINDOW", "the time to call has passed")
        else:
            raise Refused("UNO-CALL", f"seat {p.seat} holds {len(p.hand)} cards or has called")

    def do_catch(self, p, action):
        target = action.get("target")
        if target == p.seat:
            raise Refused("UNO-CATCH", "a player cannot catch themselves")
        if not isinstance(target, int) or not 0 <= target < self.n or self.players[target].uno != "catchable":
            raise Refused("P-FALSE-CATCH", f"seat {target} cannot be caught")
        self.players[target].uno = None
        self.draw_cards(target, UNO_PENALTY)  # UNO-PENALTY: no turn lost

    # ---- round and match end ----------------------------------------------------------
    def win_round(self, seat, card):
        """ROUND-END, LAST-CARD-DRAW (no challenge: P-LAST-WD4-NO-CHALLENGE), then scoring."""
        self.phase, self.to_act, self.pending = "scoring", None, None
        for q in self.players:
            q.uno = None
        count = {"D2": 2, "WD4": 4}.get(card.face, 0)
        if count:
            self.draw_cards(self.next(seat), count, lambda got: self.score(seat))
        else:
            self.score(seat)

    def score(self, seat):
        """SCORE-WINNER-TAKES, MATCH-TARGET-500, NEW-ROUND, P-NEXT-DEALER."""
        self.scores[seat] += sum(c.points() for q in self.players for c in q.hand)
        if self.scores[seat] >= TARGET:
            self.phase, self.winner = "over", [seat]
            return
        self.reset_round()
        self.start_deal((self.dealer + 1) % self.n)


class Session:
    def __init__(self, dictated):
        self.dictated, self.game = dictated, None

    def hello(self, msg):
        caps = ["observe"] if self.dictated else ["observe", "own_deal", "own_shuffle", "seeded"]
        observes = ["players", "phase", "to_act", "direction", "dealer", "colour", "hands", "draw_pile",
                    "discard_pile", "uno", "scores", "round", "winner", "chance"]
        return {"ok": True, "protocol": 1, "profiles": ["official"], "options": [], "capabilities": caps,
                "implementation": {"name": "tidy", "version": "1.0.0", "language": "python"}, "observes": observes}

    def new_game(self, msg):
        players = msg.get("players")
        if not isinstance(players, int) or not 2 <= players <= 10:
            return {"ok": False, "error": {"code": "bad_request", "message": "2 to 10 players", "rule": "PLAYER-COUNT"}}
        if msg.get("profile") != "official" or msg.get("options"):
            return {"ok": False, "error": {"code": "unsupported", "message": "only the official profile, no options"}}
        self.game = Game(players, self.dictated, msg.get("seed"))
        return self.report({"ok": True})

    def report(self, reply):
        g = self.game
        if not self.dictated and g.chance:
            reply["chance"] = g.chance
        if not self.dictated and g.drawn:
            reply["drawn"] = g.drawn
        g.chance, g.drawn = [], []
        return reply

    def legal_actions(self, msg):
        return {"ok": True, "actions": self.current().legal_actions()}

    def observe(self, msg):
        return {"ok": True, "position": self.current().position()}

    def apply(self, msg):
        game, action = self.current(), msg.get("action")
        if not isinstance(action, dict):
            return {"ok": False, "error": {"code": "bad_request", "message": "apply needs an action object"}}
        try:
            game.apply(action)
        except Refused as r:
            game.chance, game.drawn = [], []
            return {"ok": True, "accepted": False, "error": {"rule": r.rule, "reason": r.reason}}
        return self.report({"ok": True, "accepted": True, "events": []})

    def current(self):
        if self.game is None:
            raise LookupError("no game: send new_game first")
        return self.game


def main():
    session = Session("--dictated" in sys.argv[1:])
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            cmd = msg.get("cmd")
        except (ValueError, AttributeError):
            msg, cmd = {}, None
        if cmd == "stop":
            break
        try:
            handler = getattr(session, cmd) if cmd in ("hello", "new_game", "legal_actions", "observe", "apply") else None
            if cmd == "load":
                reply = {"ok": False, "error": {"code": "unsupported", "message": "tidy cannot load a position"}}
            elif handler is None:
                reply = {"ok": False, "error": {"code": "bad_request", "message": f"unknown cmd {cmd!r}"}}
            else:
                reply = handler(msg)
        except LookupError as e:
            reply = {"ok": False, "error": {"code": "bad_request", "message": str(e)}}
        except Exception as e:  # never die on a request
            reply = {"ok": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}
        sys.stdout.write(json.dumps({"seq": msg.get("seq"), **reply}, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
