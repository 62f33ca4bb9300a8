"""house: a UNO engine in dataclass/functional style that plays official house rules.

Written from the unospec rule catalogue and the protocol README. It plays the official
profile except for two catalogue options it does NOT declare (planted deviations):

  * V-NO-WD4-CHALLENGE (enforcement "engine"): a Wild Draw Four is refused while the hand
    holds the current colour, and its victim just draws four: there is no challenge.
  * V-FIRST-CARD-NO-SPECIAL (procedure "reshuffle"): a special starter goes back into the
    draw pile, which is shuffled, until a number card turns up.

Owns its chance (own_deal, own_shuffle, seeded); hides its draw pile. With --dictated it
takes dealer_draw, deal and shuffle from the harness instead. Standard library only.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field

COLOURS = ("R", "Y", "G", "B")
FACES = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "D2")
DECK = [c + f for c in COLOURS for f in FACES for _ in range(1 if f == "0" else 2)] + ["W"] * 4 + ["WD4"] * 4
OBSERVES = ["players", "phase", "to_act", "direction", "dealer", "colour", "hands", "discard_pile",
            "uno", "scores", "round", "winner", "chance"]


class Illegal(Exception):
    """An action the rules refuse: (rule, reason)."""


def colour_of(card: str) -> str | None:
    return None if card.startswith("W") else card[0]


def face_of(card: str) -> str:
    return card if card.startswith("W") else card[1:]


def is_card(card) -> bool:
    return isinstance(card, str) and card in DECK


def points(card: str) -> int:  # SCORE-VALUES
    face = face_of(card)
    return int(face) if face.isdigit() else (50 if card.startswith("W") else 20)


@dataclass
class Table:
    players: int
    dictated: bool
    rng: random.Random
    phase: str = "dealer"
    to_act: int | None = None
    direction: int = 1
    dealer: int | None = None
    colour: str | None = None
    hands: list = field(default_factory=list)
    pile: list = field(default_factory=list)  # draw pile, top first
    discard: list = field(default_factory=list)
    uno: list = field(default_factory=list)
    scores: list = field(default_factory=list)
    round: int = 1
    winner: list | None = None
    due: dict | None = None  # the chance input awaited (dictated mode)
    wild: dict | None = None  # the wild card waiting for its colour
    drawn_card: str | None = None
    owed: list = field(default_factory=list)  # [seat, count, callback] waiting for cards
    idle: int = 0
    last: int | None = None
    report_chance: list = field(default_factory=list)
    report_drawn: list = field(default_factory=list)


def new_table(players: int, dictated: bool, seed) -> Table:
    t = Table(players, dictated, random.Random(seed), scores=[0] * players)
    clear_round(t)
    t.phase, t.due = "dealer", {"type": "dealer_draw", "seats": list(range(players))}
    if not dictated:
        deck = shuffled(t, DECK)
        while t.due and t.due["type"] == "dealer_draw":
            cards = [deck.pop() for _ in t.due["seats"]]
            t.report_chance.append({"type": "dealer_draw", "cards": cards})
            dealer_draw(t, cards)
    return t


def clear_round(t: Table) -> None:
    t.hands, t.uno = [[] for _ in range(t.players)], [None] * t.players
    t.pile, t.discard, t.colour, t.direction, t.to_act = list(DECK), [], None, 1, None
    t.wild, t.drawn_card, t.owed, t.idle, t.last, t.phase = None, None, [], 0, None, "deal"


def shuffled(t: Table, cards: list) -> list:
    cards = list(cards)
    t.rng.shuffle(cards)
    return cards


def nxt(t: Table, seat: int, steps: int = 1) -> int:  # TURN-ADVANCE
    return (seat + t.direction * steps) % t.players


# ---- chance -------------------------------------------------------------------------------

def dealer_draw(t: Table, cards) -> None:
    """DEALER-SELECTION: highest number deals; P-DEALER-TIE: the tied seats draw again."""
    seats = t.due["seats"]
    if not isinstance(cards, list) or len(cards) != len(seats) or not all(map(is_card, cards)):
        raise Illegal("DEALER-SELECTION", f"one card for each of seats {seats}")
    if any(cards.count(c) > DECK.count(c) for c in cards):
        raise Illegal("DECK-COMPOSITION", "more copies than the deck holds")
    values = [int(face_of(c)) if face_of(c).isdigit() else 0 for c in cards]
    tied = [s for s, v in zip(seats, values) if v == max(values)]
    if len(tied) > 1:
        t.due = {"type": "dealer_draw", "seats": tied}
    else:
        begin_round(t, tied[0])


def begin_round(t: Table, dealer: int) -> None:
    t.dealer, t.phase = dealer, "deal"
    seats = [(dealer + 1 + i) % t.players for i in range(t.players)]
    t.due = {"type": "deal", "dealer": dealer, "hand_size": 7, "seats": seats}
    if t.dictated:
        return
    deck = shuffled(t, DECK)  # this engine deals in blocks of seven
    hands = [[] for _ in range(t.players)]
    for i, seat in enumerate(seats):
        hands[seat] = deck[7 * i:7 * i + 7]
    starter, rest = deck[7 * t.players], deck[7 * t.players + 1:]
    t.report_chance.append({"type": "deal", "dealer": dealer, "hands": hands, "starter": starter})
    keep = len(t.report_drawn)
    deal(t, hands, starter, rest)
    del t.report_drawn[keep:]


def deal(t: Table, hands, starter, pile) -> None:
    if not isinstance(hands, list) or len(hands) != t.players or any(not isinstance(h, list) or len(h) != 7 for h in hands):
        raise Illegal("DEAL-SEVEN", f"seven cards for each of {t.players} seats")
    every = [c for h in hands for c in h] + [starter] + (pile if isinstance(pile, list) else [None])
    if not all(map(is_card, every)) or sorted(every) != sorted(DECK):
        raise Illegal("DECK-COMPOSITION", "the hands, starter and draw pile must be the 108 cards")
    t.hands, t.pile = [list(h) for h in hands], list(pile)
    turn_up(t, starter)


def turn_up(t: Table, card: str) -> None:
    """FIRST-DISCARD-FLIP. House rule: only a number card may start (V-FIRST-CARD-NO-SPECIAL)."""
    if not face_of(card).isdigit():
        t.pile.append(card)
        t.due = {"type": "shuffle", "purpose": "starter", "cards": sorted(t.pile)}
        if not t.dictated:
            t.pile = shuffled(t, t.pile)
            t.report_chance += [{"type": "shuffle"}, {"type": "starter", "card": t.pile[0]}]
            turn_up(t, t.pile.pop(0))
        return
    t.due, t.discard, t.colour = None, [card], colour_of(card)  # FIRST-CARD-NUMBER
    t.phase, t.to_act = "turn", (t.dealer + 1) % t.players  # FIRST-PLAYER


def shuffle(t: Table, order) -> None:
    if not isinstance(order, list) or sorted(order) != t.due["cards"]:
        raise Illegal("RESHUFFLE", "the order must be a permutation of exactly the cards to shuffle")
    t.pile = list(order)
    if t.due["purpose"] == "starter":
        turn_up(t, t.pile.pop(0))
    else:
        t.discard, t.due = t.discard[-1:], None
        give_owed(t)


def draw(t: Table, seat: int, count: int, then=None) -> None:
    t.owed.append([seat, count, [], then])
    give_owed(t)


def give_owed(t: Table) -> None:
    """Hand out owed cards: RESHUFFLE when the pile is empty, P-PILES-EXHAUSTED when both are."""
    while t.owed:
        seat, count, got, then = t.owed[0]
        while len(got) < count:
            if not t.pile:
                if len(t.discard) < 2:
                    break
                if t.dictated:
                    t.due = {"type": "shuffle", "purpose": "reshuffle", "cards": sorted(t.discard[:-1])}
                    return
                t.pile, t.discard = shuffled(t, t.discard[:-1]), t.discard[-1:]
                t.report_chance.append({"type": "shuffle"})
            card = t.pile.pop(0)
            t.hands[seat].append(card)
            t.uno[seat] = None
            got.append(card)
            t.report_drawn.append({"seat": seat, "cards": [card]})
        t.owed.pop(0)
        if then:
            then(got)


# ---- seat actions --------------------------------------------------------------------------

def matches(t: Table, card: str) -> bool:  # PLAY-MATCH, MATCH-ON-WILD
    top = t.discard[-1]
    return colour_of(card) == t.colour or (not top.startswith("W") and face_of(top) == face_of(card))


def wd4_allowed(t: Table, hand: list) -> bool:  # WD4-RESTRICTION, judged on the other cards
    rest = list(hand)
    rest.remove("WD4")
    return all(colour_of(c) != t.colour for c in rest)


def playable(t: Table, seat: int, card: str) -> bool:
    if card == "WD4":  # house rule: the engine polices the Wild Draw Four itself
        return wd4_allowed(t, t.hands[seat])
    return card == "W" or matches(t, card)


def legal_moves(t: Table) -> list:
    if t.due or t.phase not in ("turn", "drawn", "colour"):
        return []
    me, moves = t.to_act, []
    if t.phase == "turn":
        moves = [{"type": "play", "seat": me, "card": c} for c in sorted(set(t.hands[me])) if playable(t, me, c)]
        moves.append({"type": "draw", "seat": me})
    elif t.phase == "drawn":
        moves = [{"type": "play", "seat": me, "card": t.drawn_card}, {"type": "pass", "seat": me}]
    else:
        moves = [{"type": "colour", "seat": me, "colour": c} for c in COLOURS]
    for seat, state in enumerate(t.uno):
        if state == "catchable":
            moves.append({"type": "uno", "seat": seat})
            moves += [{"type": "catch", "seat": s, "target": seat} for s in range(t.players) if s != seat]
    return moves


def begin_turn(t: Table) -> None:  # TURN-START closes the UNO-CATCH-WINDOW
    t.uno = [None if u == "catchable" else u for u in t.uno]


def act_play(t: Table, seat: int, a: dict) -> None:
    card = a.get("card")
    if not is_card(card) or card not in t.hands[seat]:
        raise Illegal("P-ILLEGAL-PLAY-REJECTED", f"seat {seat} does not hold {card}")
    if t.phase not in ("turn", "drawn"):
        raise Illegal("WILD-COLOUR-CHOICE", "name the colour first")
    if t.phase == "drawn" and card != t.drawn_card:
        raise Illegal("DRAW-THEN-PLAY", "after drawing, only the drawn card may be played")
    if not playable(t, seat, card):
        rule = "WD4-RESTRICTION" if card == "WD4" else "MATCH-ON-WILD" if t.discard[-1].startswith("W") else "PLAY-MATCH"
        raise Illegal(rule, f"{card} may not be played now")
    begin_turn(t)
    t.hands[seat].remove(card)
    t.discard.append(card)
    t.uno[seat] = "catchable" if len(t.hands[seat]) == 1 else None  # UNO-CALL
    t.colour = colour_of(card) or t.colour
    t.last, t.idle, t.drawn_card, t.phase = seat, 0, None, "turn"
    face = face_of(card)
    if not t.hands[seat]:
        return round_won(t, seat, face)
    if card.startswith("W"):
        t.phase, t.to_act, t.wild = "colour", seat, {"card": card}
    elif face == "S":  # SKIP-EFFECT, TWO-PLAYER-SKIP
        t.to_act = nxt(t, seat, 2)
    elif face == "R":  # REVERSE-EFFECT, REVERSE-TWO-PLAYER
        t.direction = -t.direction
        t.to_act = seat if t.players == 2 else nxt(t, seat)
    elif face == "D2":  # DRAW-TWO-EFFECT
        t.to_act = nxt(t, seat, 2)
        draw(t, nxt(t, seat), 2)
    else:
        t.to_act = nxt(t, seat)


def act_draw(t: Table, seat: int, a: dict) -> None:
    if t.phase != "turn":
        raise Illegal("WILD-COLOUR-CHOICE" if t.phase == "colour" else "DRAW-ONE", "no turn draw now")
    begin_turn(t)
    t.phase, t.last = "drawn", None
    draw(t, seat, 1, lambda got: after_draw(t, seat, got))


def after_draw(t: Table, seat: int, got: list) -> None:
    """DRAW-THEN-PLAY, DRAW-END-TURN; P-STALEMATE counts draws that found no card."""
    if got and playable(t, seat, got[0]):
        t.drawn_card = got[0]
        return
    t.phase, t.to_act, t.drawn_card = "turn", nxt(t, seat), None
    if not got:
        t.idle += 1
        if t.idle >= t.players:  # void round, the same dealer deals again
            next_round(t, t.dealer)


def act_pass(t: Table, seat: int, a: dict) -> None:
    if t.phase != "drawn":
        raise Illegal("WILD-COLOUR-CHOICE" if t.phase == "colour" else "TURN-ACTION", "draw before passing")
    t.phase, t.to_act, t.drawn_card = "turn", nxt(t, seat), None


def act_colour(t: Table, seat: int, a: dict) -> None:
    if t.phase != "colour" or a.get("colour") not in COLOURS:
        raise Illegal("WILD-COLOUR-CHOICE", "no colour to name, or not a colour")
    t.colour, card, t.wild = a["colour"], t.wild["card"], None
    t.phase, t.to_act = "turn", nxt(t, seat)
    if card == "WD4":  # WD4-EFFECT with no challenge (V-NO-WD4-CHALLENGE)
        t.to_act = nxt(t, seat, 2)
        draw(t, nxt(t, seat), 4)


def act_uno(t: Table, seat: int, a: dict) -> None:
    if t.uno[seat] != "catchable":
        late = len(t.hands[seat]) == 1 and t.uno[seat] is None
        raise Illegal("UNO-CATCH-WINDOW" if late else "UNO-CALL", "no UNO call is due")
    t.uno[seat] = "called"


def act_catch(t: Table, seat: int, a: dict) -> None:
    target = a.get("target")
    if target == seat:
        raise Illegal("UNO-CATCH", "a player cannot catch themselves")
    if target not in range(t.players) or t.uno[target] != "catchable":
        raise Illegal("P-FALSE-CATCH", f"seat {target} cannot be caught")
    t.uno[target] = None
    draw(t, target, 2)  # UNO-PENALTY


def round_won(t: Table, seat: int, face: str) -> None:
    """ROUND-END, LAST-CARD-DRAW, SCORE-WINNER-TAKES, MATCH-TARGET-500."""
    t.phase, t.to_act, t.uno = "scoring", None, [None] * t.players

    def score(_got=None):
        t.scores[seat] += sum(points(c) for h in t.hands for c in h)
        if t.scores[seat] >= 500:
            t.phase, t.winner = "over", [seat]
        else:
            next_round(t, (t.dealer + 1) % t.players)  # P-NEXT-DEALER

    extra = {"D2": 2, "WD4": 4}.get(face, 0)
    if extra:
        draw(t, nxt(t, seat), extra, score)
    else:
        score()


def next_round(t: Table, dealer: int) -> None:  # NEW-ROUND
    clear_round(t)
    t.round += 1
    begin_round(t, dealer)


ACTIONS = {"play": act_play, "draw": act_draw, "pass": act_pass, "colour": act_colour, "uno": act_uno, "catch": act_catch}
CHANCE = {"dealer_draw": lambda t, a: dealer_draw(t, a.get("cards")),
          "deal": lambda t, a: deal(t, a.get("hands"), a.get("starter"), a.get("draw_pile")),
          "shuffle": lambda t, a: shuffle(t, a.get("order"))}


def apply(t: Table, a: dict) -> None:
    kind, seat = a.get("type"), a.get("seat")
    if kind in CHANCE:
        if not t.dictated or not t.due or t.due["type"] != kind:
            raise Illegal("P-ILLEGAL-PLAY-REJECTED", f"no {kind} is due")
        return CHANCE[kind](t, a)
    if t.phase == "over":
        raise Illegal("MATCH-TARGET-500", "the match is over")
    if t.due or t.phase in ("dealer", "deal", "scoring"):
        raise Illegal("P-ILLEGAL-PLAY-REJECTED", "the game waits for a chance input")
    if seat not in range(t.players) or kind not in ACTIONS:
        raise Illegal("WD4-CHALLENGE" if kind in ("challenge", "accept") else "P-ILLEGAL-PLAY-REJECTED",
                      f"no {kind} for seat {seat} here")
    if kind not in ("uno", "catch") and seat != t.to_act:
        again = kind == "play" and t.last == seat and t.phase in ("turn", "drawn")
        raise Illegal("ONE-CARD-PER-TURN" if again else "TURN-ADVANCE", f"seat {t.to_act} is to act")
    ACTIONS[kind](t, seat, a)


def observe(t: Table) -> dict:
    return {"players": t.players, "phase": t.phase, "to_act": t.to_act, "direction": t.direction,
            "dealer": t.dealer, "colour": t.colour, "hands": t.hands, "discard_pile": t.discard, "uno": t.uno,
            "scores": t.scores, "round": t.round, "winner": t.winner, "chance": t.due}


def answer(state: dict, msg: dict) -> dict:
    cmd, t = msg.get("cmd"), state.get("table")
    if cmd == "hello":
        caps = ["observe"] if state["dictated"] else ["observe", "own_deal", "own_shuffle", "seeded"]
        return {"ok": True, "protocol": 1, "profiles": ["official"], "options": [], "capabilities": caps,
                "implementation": {"name": "house", "version": "1.0.0", "language": "python"}, "observes": OBSERVES}
    if cmd == "load":
        return {"ok": False, "error": {"code": "unsupported", "message": "house cannot load a position"}}
    if cmd == "new_game":
        n = msg.get("players")
        if not isinstance(n, int) or not 2 <= n <= 10:
            return {"ok": False, "error": {"code": "bad_request", "message": "2 to 10 players", "rule": "PLAYER-COUNT"}}
        if msg.get("profile") != "official" or msg.get("options"):
            return {"ok": False, "error": {"code": "unsupported", "message": "official, without options"}}
        t = state["table"] = new_table(n, state["dictated"], msg.get("seed"))
        return with_report(t, {"ok": True}, drawn=False)
    if cmd not in ("legal_actions", "observe", "apply"):
        return {"ok": False, "error": {"code": "bad_request", "message": f"unknown cmd {cmd!r}"}}
    if t is None:
        return {"ok": False, "error": {"code": "bad_request", "message": "no game: send new_game first"}}
    if cmd == "legal_actions":
        return {"ok": True, "actions": legal_moves(t)}
    if cmd == "observe":
        return {"ok": True, "position": observe(t)}
    try:
        apply(t, msg.get("action") if isinstance(msg.get("action"), dict) else {})
    except Illegal as e:
        t.report_chance, t.report_drawn = [], []
        return {"ok": True, "accepted": False, "error": {"rule": e.args[0], "reason": e.args[1]}}
    return with_report(t, {"ok": True, "accepted": True, "events": []})


def with_report(t: Table, reply: dict, drawn: bool = True) -> dict:
    if not t.dictated and t.report_chance:
        reply["chance"] = t.report_chance
    if not t.dictated and drawn and t.report_drawn:
        merged = []
        for d in t.report_drawn:
            if merged and merged[-1]["seat"] == d["seat"]:
                merged[-1]["cards"] += d["cards"]
            else:
                merged.append(d)
        reply["drawn"] = merged
    t.report_chance, t.report_drawn = [], []
    return reply


def main() -> None:
    state = {"dictated": "--dictated" in sys.argv[1:], "table": None}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            if not isinstance(msg, dict):
                raise ValueError("not an object")
        except ValueError:
            msg = {}
        if msg.get("cmd") == "stop":
            return
        try:
            reply = answer(state, msg)
        except Exception as e:  # never die on a request
            reply = {"ok": False, "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"}}
        print(json.dumps({"seq": msg.get("seq"), **reply}, separators=(",", ":")), flush=True)


if __name__ == "__main__":
    main()
