#!/usr/bin/env python3
"""lenient: a small UNO engine that is easy-going about UNO calls and drawing.

It exists to test `unospec certify` on a program shaped like the engines people
publish: a class per card and per player with methods, its own random generator for
the dealer draw, the deal and every reshuffle (it never tells the order of its draw
pile), and no way to load a position. Written from the rule catalogue and the
protocol README only.

Planted deviations (see deviations.toml), everything else plays the official rules:
  (a) a missed UNO call stays open until the offender's own next turn begins: until
      then any other player may catch them (they draw 2) and they may still call,
      even after the next player's turn has begun (UNO-CATCH-WINDOW, P-FALSE-CATCH);
  (b) when the last card of a round is a Draw Two, nobody draws (LAST-CARD-DRAW);
  (c) after a turn draw the player may play any card of the hand that would be legal
      at the start of a turn, not only the drawn card (DRAW-THEN-PLAY);
  (d) when the starter is a Wild the engine hangs: it answers the request that turned
      the Wild up and then no other request of that game (FIRST-CARD-WILD).

Run:  python3 engine.py            owns its chance (own_deal, own_shuffle, seeded)
      python3 engine.py --dictated  takes every chance input from the harness
"""

import json
import random
import sys
from collections import Counter

# House rules of this engine (the planted deviations).
LATE_UNO_CATCH = True
LAST_DRAW_TWO_FREE = True
PLAY_ANY_AFTER_DRAW = True
HANG_ON_WILD_STARTER = True

ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D2"]


class Card:
    def __init__(self, code):
        self.code = code
        self.wild = code.startswith("W")
        self.colour = None if self.wild else code[0]
        self.face = code if self.wild else code[1:]

    def __repr__(self):
        return self.code

    def __eq__(self, other):
        return isinstance(other, Card) and other.code == self.code

    def __hash__(self):
        return hash(self.code)

    def points(self):
        if self.wild:
            return 50
        return int(self.face) if self.face.isdigit() else 20

    def dealer_value(self):
        return int(self.face) if self.face.isdigit() else 0

    def fits(self, top, colour):
        """PLAY-MATCH / MATCH-ON-WILD / WILD-ANYTIME (a Wild Draw Four is always accepted: WD4-BLUFF)."""
        return self.wild or self.colour == colour or (not top.wild and top.face == self.face)

    def sort_key(self):
        return ("RYGBW".index(self.code[0]), ORDER.index(self.face) if not self.wild else len(self.code))


FULL_DECK = sorted([Card(c + f) for c in "RYGB" for f in ORDER for _ in range(1 if f == "0" else 2)]
                   + [Card("W")] * 4 + [Card("WD4")] * 4, key=Card.sort_key)


class Refusal(Exception):
    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule = rule


class Player:
    def __init__(self, seat):
        self.seat = seat
        self.hand = []
        self.uno = None  # None, "catchable" or "called"
        self.too_late = False

    def holds(self, card):
        return card in self.hand

    def has_colour(self, colour):
        return any(c.colour == colour for c in self.hand)

    def take(self, card):
        self.hand.append(card)
        if len(self.hand) != 1:
            self.uno, self.too_late = None, False

    def give(self, card):
        self.hand.remove(card)
        if len(self.hand) == 1:
            self.uno, self.too_late = "catchable", False

    def hand_points(self):
        return sum(c.points() for c in self.hand)


class Match:
    def __init__(self, players, seed, dictated):
        self.n, self.dictated = players, dictated
        self.rng = random.Random(f"lenient:{seed}")
        self.players = [Player(s) for s in range(players)]
        self.scores = [0] * players
        self.round, self.dealer, self.winner = 1, None, None
        self.report, self.drawn = [], []  # drawn: [seat, round, cards], in order
        self.hung = False
        self.clear_table()
        self.phase = "dealer"
        self.waiting = {"type": "dealer_draw", "seats": list(range(players))}
        if not dictated:
            self.draw_for_dealer()

    def clear_table(self):
        for p in self.players:
            p.hand, p.uno, p.too_late = [], None, False
        self.draw_pile, self.discard = list(FULL_DECK), []
        self.colour, self.direction, self.to_act = None, 1, None
        self.owed, self.then = [], None
        self.wd4, self.wild_opening, self.idle = None, False, 0

    def next_seat(self, seat, steps=1):
        return (seat + self.direction * steps) % self.n

    # ---- chance: the dealer draw, the deal, the starter, reshuffles
    def draw_for_dealer(self):
        deck = list(FULL_DECK)
        self.rng.shuffle(deck)
        while self.waiting:
            seats = self.waiting["seats"]
            cards, deck = deck[: len(seats)], deck[len(seats):]
            self.report.append({"type": "dealer_draw", "cards": [c.code for c in cards]})
            self.dealer_cards(seats, cards)

    def dealer_cards(self, seats, cards):
        best = max(c.dealer_value() for c in cards)
        tied = [s for s, c in zip(seats, cards, strict=True) if c.dealer_value() == best]
        if len(tied) > 1:  # P-DEALER-TIE: the tied seats draw again
            self.waiting = {"type": "dealer_draw", "seats": tied}
            return
        self.dealer = tied[0]
        self.await_deal()

    def await_deal(self):
        self.phase = "deal"
        self.waiting = {"type": "deal", "dealer": self.dealer, "hand_size": 7,
                        "seats": [(self.dealer + 1 + i) % self.n for i in range(self.n)]}
        if not self.dictated:
            deck = list(FULL_DECK)
            self.rng.shuffle(deck)
            hands = [[] for _ in range(self.n)]
            for i in range(7 * self.n):  # P-DEAL-ORDER: one card at a time from the dealer's left
                hands[(self.dealer + 1 + i) % self.n].append(deck[i])
            self.report.append({"type": "deal", "dealer": self.dealer, "hands": [[c.code for c in h] for h in hands],
                                "starter": deck[7 * self.n].code})
            self.start_round(hands, deck[7 * self.n], deck[7 * self.n + 1:])

    def start_round(self, hands, starter, pile):
        self.clear_table()
        self.waiting = None
        for p, hand in zip(self.players, hands, strict=True):
            p.hand = list(hand)
        self.draw_pile = list(pile)
        self.turn_up(starter)

    def turn_up(self, starter):
        if starter.code == "WD4":  # FIRST-CARD-WD4
            self.draw_pile.append(starter)
            if self.dictated:
                self.waiting = {"type": "shuffle", "purpose": "starter"}
                return
            self.rng.shuffle(self.draw_pile)
            self.report.append({"type": "shuffle"})
            self.report.append({"type": "starter", "card": self.draw_pile[0].code})
            return self.turn_up(self.draw_pile.pop(0))
        self.discard = [starter]
        self.colour, self.phase = starter.colour, "turn"
        left = self.next_seat(self.dealer)
        if starter.face == "S":
            self.to_act = self.next_seat(left)
        elif starter.face == "R":
            self.direction, self.to_act = -1, self.dealer
        elif starter.face == "D2":
            self.to_act = self.next_seat(left)
            self.owe(left, 2)
            self.pay_draws()
        elif starter.wild:
            self.phase, self.to_act, self.wild_opening = "colour", left, True
            self.hung = HANG_ON_WILD_STARTER
        else:
            self.to_act = left

    def reshuffle(self):
        if self.dictated:
            self.waiting = {"type": "shuffle", "purpose": "reshuffle"}
            return False
        self.draw_pile, self.discard = self.discard[:-1], self.discard[-1:]
        self.rng.shuffle(self.draw_pile)
        self.report.append({"type": "shuffle"})
        return True

    def owe(self, seat, count):
        self.owed.append([seat, count])

    def pay_draws(self):
        while self.owed:
            seat, count = self.owed[0]
            if count and not self.draw_pile and len(self.discard) > 1 and not self.reshuffle():
                return
            if count == 0 or not self.draw_pile:  # P-PILES-EXHAUSTED forgives the rest
                self.owed.pop(0)
                continue
            card = self.draw_pile.pop(0)
            self.players[seat].take(card)
            if not self.drawn or self.drawn[-1][:2] != [seat, self.round]:
                self.drawn.append([seat, self.round, []])
            self.drawn[-1][2].append(card.code)
            self.owed[0][1] -= 1
        then, self.then = self.then, None
        if then:
            then()

    # ---- the requests
    def chance_input(self, action):
        kind = action["type"]
        if not self.waiting or self.waiting["type"] != kind:
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", f"no {kind} is due")
        try:
            if kind == "dealer_draw":
                cards = [Card(c) for c in action["cards"]]
                if len(cards) != len(self.waiting["seats"]):
                    raise Refusal("DEALER-SELECTION", "one card for each drawing seat")
                if Counter(cards) - Counter(FULL_DECK):
                    raise Refusal("DECK-COMPOSITION", "those cards are not all in one deck")
                return self.dealer_cards(self.waiting["seats"], cards)
            if kind == "deal":
                hands = [[Card(c) for c in h] for h in action["hands"]]
                if len(hands) != self.n or any(len(h) != 7 for h in hands):
                    raise Refusal("DEAL-SEVEN", "seven cards for every seat")
                pile = [Card(c) for c in action["draw_pile"]]
                if Counter(sum(hands, []) + pile + [Card(action["starter"])]) != Counter(FULL_DECK):
                    raise Refusal("DECK-COMPOSITION", "a deal uses the 108 cards once")
                return self.start_round(hands, Card(action["starter"]), pile)
            order = [Card(c) for c in action["order"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", f"malformed {kind}") from None
        starter = self.waiting["purpose"] == "starter"
        if Counter(order) != Counter(self.draw_pile if starter else self.discard[:-1]):
            raise Refusal("RESHUFFLE", "the order must hold exactly the cards to shuffle")
        self.waiting = None
        if starter:
            self.draw_pile = order
            return self.turn_up(self.draw_pile.pop(0))
        self.draw_pile, self.discard = order, self.discard[-1:]
        self.pay_draws()

    def seat_action(self, action):
        kind, seat = action.get("type"), action.get("seat")
        if self.phase == "over":
            raise Refusal("MATCH-TARGET-500", "the match is over")
        if self.waiting or self.phase in ("dealer", "deal", "scoring"):
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", "the game waits for a chance input")
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", f"there is no seat {seat}")
        if kind == "uno":
            return self.call_uno(self.players[seat])
        if kind == "catch":
            return self.catch(seat, action.get("target"))
        if kind == "challenge" and (self.phase != "challenge" or seat != self.to_act):
            raise Refusal("WD4-CHALLENGE", "only the victim of a Wild Draw Four may challenge")
        if kind not in ("play", "draw", "pass", "colour", "accept", "challenge"):
            rules = {"swap": "NO-CARD-EXCHANGE", "end": "V-MULTI-PLAY", "accuse": "V-CHEAT"}
            raise Refusal(rules.get(kind, "P-ILLEGAL-PLAY-REJECTED"), f"no {kind} in this game")
        if seat != self.to_act:
            raise Refusal("TURN-ADVANCE", f"seat {self.to_act} is to act, not seat {seat}")
        if kind == "colour" and self.phase != "colour":
            raise Refusal("WILD-COLOUR-CHOICE", "a colour is named only right after a wild card")
        if self.phase == "colour" and kind != "colour":
            raise Refusal("WILD-COLOUR-CHOICE", "name a colour first")
        if (self.phase == "challenge") != (kind in ("challenge", "accept")):
            raise Refusal("WD4-CHALLENGE", "a Wild Draw Four is challenged or accepted by its victim")
        getattr(self, "do_" + kind)(self.players[seat], action)

    def close_windows(self, seat):
        """TURN-START: a turn begins, so missed calls can no longer be caught."""
        for p in self.players:
            if p.uno == "catchable" and (p.seat == seat or not LATE_UNO_CATCH):
                p.uno, p.too_late = None, True

    def playable(self, player):
        top = self.discard[-1]
        cards = {c for c in player.hand if c.fits(top, self.colour)}
        if self.phase == "drawn" and not PLAY_ANY_AFTER_DRAW:
            last = player.hand[-1]
            ok = last.fits(top, self.colour)  # a drawn WD4 too: a bluff, as from the hand (WD4-BLUFF)
            cards = {last} if ok else set()
        return sorted(cards, key=Card.sort_key)

    def do_play(self, player, action):
        card = Card(str(action.get("card")))
        if not player.holds(card):
            raise Refusal("P-ILLEGAL-PLAY-REJECTED", f"seat {player.seat} does not hold {card}")
        if card not in self.playable(player):
            if self.phase == "drawn":
                raise Refusal("DRAW-THEN-PLAY", f"{card} may not be played after the draw")
            rule = "MATCH-ON-WILD" if self.discard[-1].wild else "PLAY-MATCH"
            raise Refusal(rule, f"{card} does not match the pile")
        self.close_windows(player.seat)
        player.give(card)
        self.discard.append(card)
        self.idle, self.phase = 0, "turn"
        if not card.wild:
            self.colour = card.colour
        if not player.hand:
            return self.round_won(player, card)
        if card.wild:
            self.phase, self.to_act = "colour", player.seat
            if card.code == "WD4":
                self.wd4 = (player.seat, player.has_colour(self.colour))
            return
        effects = {"S": self.skip_effect, "R": self.reverse_effect, "D2": self.draw_two_effect}
        effects.get(card.face, self.plain_effect)(player.seat)

    def plain_effect(self, seat):
        self.to_act = self.next_seat(seat)

    def skip_effect(self, seat):
        self.to_act = self.next_seat(seat, 2)

    def reverse_effect(self, seat):
        self.direction = -self.direction
        self.to_act = seat if self.n == 2 else self.next_seat(seat)

    def draw_two_effect(self, seat):
        self.to_act = self.next_seat(seat, 2)
        self.owe(self.next_seat(seat), 2)
        self.pay_draws()

    def do_colour(self, player, action):
        if action.get("colour") not in ("R", "Y", "G", "B"):
            raise Refusal("WILD-COLOUR-CHOICE", "name R, Y, G or B")
        self.colour = action["colour"]
        if self.wd4:
            self.phase, self.to_act = "challenge", self.next_seat(player.seat)
        elif self.wild_opening:
            self.phase, self.wild_opening = "turn", False
        else:
            self.phase, self.to_act = "turn", self.next_seat(player.seat)

    def do_accept(self, player, action):
        self.phase, self.wd4, self.to_act = "turn", None, self.next_seat(player.seat)
        self.owe(player.seat, 4)
        self.pay_draws()

    def do_challenge(self, player, action):
        offender, guilty = self.wd4
        self.phase, self.wd4 = "turn", None
        if guilty:  # WD4-CHALLENGE-GUILTY: the challenger plays at once
            self.owe(offender, 4)
        else:
            self.to_act = self.next_seat(player.seat)
            self.owe(player.seat, 6)
        self.pay_draws()

    def do_draw(self, player, action):
        if self.phase == "drawn":
            raise Refusal("DRAW-ONE", "one card per turn draw")
        self.close_windows(player.seat)
        self.phase = "drawn"
        size = len(player.hand)
        self.owe(player.seat, 1)
        self.then = lambda: self.after_draw(player, len(player.hand) > size)
        self.pay_draws()

    def after_draw(self, player, got_one):
        self.idle = 0 if got_one else self.idle + 1
        if not (got_one and self.playable(player)):
            self.end_turn(player.seat)

    def do_pass(self, player, action):
        if self.phase != "drawn":
            raise Refusal("TURN-ACTION", "draw before passing")
        self.end_turn(player.seat)

    def end_turn(self, seat):
        self.phase, self.to_act = "turn", self.next_seat(seat)
        if self.idle >= self.n:  # P-STALEMATE: a void round, the same dealer deals
            self.new_round(self.dealer)

    def call_uno(self, player):
        if player.uno != "catchable":
            if player.too_late and len(player.hand) == 1:
                raise Refusal("UNO-CATCH-WINDOW", "the window for this call has closed")
            raise Refusal("UNO-CALL", "only a player just left with one card calls UNO")
        player.uno = "called"

    def catch(self, seat, target):
        if not isinstance(target, int) or not 0 <= target < self.n:
            raise Refusal("P-FALSE-CATCH", f"there is no seat {target}")
        if target == seat:
            raise Refusal("UNO-CATCH", "nobody catches themselves")
        if self.players[target].uno != "catchable":
            raise Refusal("P-FALSE-CATCH", f"seat {target} cannot be caught")
        self.players[target].uno = None
        self.owe(target, 2)
        self.pay_draws()

    def round_won(self, player, card):
        for p in self.players:
            p.uno, p.too_late = None, False
        self.phase, self.to_act = "scoring", None
        if card.code == "WD4" or (card.face == "D2" and not LAST_DRAW_TWO_FREE):
            self.owe(self.next_seat(player.seat), 4 if card.wild else 2)
        self.then = lambda: self.score(player.seat)
        self.pay_draws()

    def score(self, seat):
        self.scores[seat] += sum(p.hand_points() for p in self.players)
        if self.scores[seat] >= 500:
            self.phase, self.winner = "over", [seat]
        else:
            self.new_round((self.dealer + 1) % self.n)

    def new_round(self, dealer):
        self.round += 1
        self.clear_table()
        self.dealer = dealer
        self.await_deal()

    def legal_actions(self):
        if self.waiting or self.phase in ("dealer", "deal", "scoring", "over"):
            return []
        seat, actions = self.to_act, []
        if self.phase in ("turn", "drawn"):
            actions += [{"type": "play", "seat": seat, "card": c.code} for c in self.playable(self.players[seat])]
            actions.append({"type": "draw" if self.phase == "turn" else "pass", "seat": seat})
        elif self.phase == "colour":
            actions += [{"type": "colour", "seat": seat, "colour": c} for c in "RYGB"]
        else:
            actions += [{"type": "challenge", "seat": seat}, {"type": "accept", "seat": seat}]
        for p in self.players:
            if p.uno == "catchable":
                actions.append({"type": "uno", "seat": p.seat})
                actions += [{"type": "catch", "seat": s, "target": p.seat} for s in range(self.n) if s != p.seat]
        return actions

    def observe(self):
        return {"players": self.n, "phase": self.phase, "to_act": self.to_act, "direction": self.direction,
                "colour": self.colour, "hands": [[c.code for c in p.hand] for p in self.players],
                "discard_pile": [c.code for c in self.discard], "uno": [p.uno for p in self.players],
                "scores": list(self.scores), "round": self.round, "winner": self.winner, "chance": self.waiting}


def hello(dictated):
    return {"ok": True, "protocol": 1,
            "implementation": {"name": "lenient", "version": "0.3.1", "language": "python"},
            "profiles": ["official"], "options": [],
            "capabilities": ["observe"] if dictated else ["observe", "own_deal", "own_shuffle", "seeded"],
            "observes": ["players", "phase", "to_act", "direction", "colour", "hands", "discard_pile",
                         "uno", "scores", "round", "winner", "chance"]}


def answer(state, msg, dictated):
    cmd, match = msg.get("cmd"), state.get("match")
    if cmd == "hello":
        return hello(dictated)
    if cmd == "new_game":
        if msg.get("profile") != "official" or msg.get("options"):
            return {"ok": False, "error": {"code": "unsupported", "message": "official rules only"}}
        if not isinstance(msg.get("players"), int) or not 2 <= msg["players"] <= 10:
            return {"ok": False, "error": {"code": "bad_request", "message": "2 to 10 players", "rule": "PLAYER-COUNT"}}
        seed = msg["seed"] if isinstance(msg.get("seed"), int) else 0
        match = state["match"] = Match(msg["players"], seed, dictated)
        return reported(match, {"ok": True})
    if cmd == "load":
        return {"ok": False, "error": {"code": "unsupported", "message": "no load"}}
    if cmd not in ("legal_actions", "apply", "observe") or match is None:
        return {"ok": False, "error": {"code": "bad_request", "message": f"cannot serve {cmd!r} now"}}
    if cmd == "legal_actions":
        return {"ok": True, "actions": match.legal_actions()}
    if cmd == "observe":
        return {"ok": True, "position": match.observe()}
    action = msg.get("action")
    if not isinstance(action, dict):
        return {"ok": False, "error": {"code": "bad_request", "message": "apply needs an action"}}
    try:
        if action.get("type") in ("dealer_draw", "deal", "shuffle"):
            match.chance_input(action)
        else:
            match.seat_action(action)
    except Refusal as refusal:
        match.report, match.drawn = [], []
        return {"ok": True, "accepted": False, "error": {"rule": refusal.rule, "reason": str(refusal)}}
    return reported(match, {"ok": True, "accepted": True, "events": []})


def reported(match, reply):
    if not match.dictated:
        if match.report:
            reply["chance"] = match.report
        if match.drawn:
            reply["drawn"] = [{"seat": seat, "cards": cards} for seat, _, cards in match.drawn]
    match.report, match.drawn = [], []
    return reply


def main():
    dictated = "--dictated" in sys.argv[1:]
    state = {"match": None}
    for line in sys.stdin:
        try:
            msg = json.loads(line)
            msg = msg if isinstance(msg, dict) else {}
        except ValueError:
            msg = {"cmd": None, "seq": None}
        if msg.get("cmd") == "stop":
            return
        match = state["match"]
        if match is not None and match.hung and msg.get("cmd") not in ("new_game", "hello"):
            continue  # (d): hung on a Wild starter; only a new game wakes it up
        try:
            reply = answer(state, msg, dictated)
        except Exception as exc:  # never die on a request
            reply = {"ok": False, "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}}
        print(json.dumps({"seq": msg.get("seq"), **reply}), flush=True)


if __name__ == "__main__":
    main()
