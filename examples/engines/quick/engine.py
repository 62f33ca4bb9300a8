"""quick: a procedural UNO engine (module-level functions over one dict of lists).

Written from the unospec rule catalogue and the protocol README to look like a quick
hobby engine. It plays the official profile except for these planted deviations:

  (a) a drawn card can never be played: drawing always ends the turn (DRAW-THEN-PLAY);
  (b) a Wild scores 40 points instead of 50 (SCORE-VALUES);
  (c) drawing is allowed only with no playable card in hand (DRAW-VOLUNTARY);
  (d) the match goes on to 1000 points, not 500 (MATCH-TARGET-500; V-EXT-TARGET-SCORE).

Owns its chance (own_deal, own_shuffle, seeded) and shows neither its draw pile nor its
dealer. With --dictated it takes dealer_draw, deal and shuffle from the harness instead.
"""

import json
import random
import sys

DECK = []
for _c in "RYGB":
    DECK += [_c + "0"] + [_c + f for f in "123456789" for _ in (1, 2)]
    DECK += [_c + f for f in ("S", "R", "D2") for _ in (1, 2)]
DECK += ["W"] * 4 + ["WD4"] * 4
VALUES = {"W": 40, "WD4": 50, "S": 20, "R": 20, "D2": 20}  # (b) a Wild is worth 40 here
TARGET = 1000  # (d)
G = {}  # the game: every function below reads and writes this dict


class Refuse(Exception):
    pass


def face(card):
    return card if card[0] == "W" else card[1:]


def colour(card):
    return None if card[0] == "W" else card[0]


def new_game(n, dictated, seed):
    G.clear()
    G.update(n=n, dictated=dictated, rng=random.Random(seed), scores=[0] * n, round=1, winner=None,
             dealer=None, chance_out=[], drawn_out=[])
    reset()
    G["phase"], G["due"] = "dealer", {"type": "dealer_draw", "seats": list(range(n))}
    if not dictated:
        deck = DECK[:]
        G["rng"].shuffle(deck)
        while G["due"] and G["due"]["type"] == "dealer_draw":
            cards = [deck.pop() for _ in G["due"]["seats"]]
            G["chance_out"].append({"type": "dealer_draw", "cards": cards})
            dealer_draw(cards)


def reset():
    G.update(hands=[[] for _ in range(G["n"])], uno=[None] * G["n"], pile=DECK[:], discard=[], colour=None,
             direction=1, to_act=None, phase="deal", wild=None, owed=[], idle=0, last=None)


def left(seat, k=1):
    return (seat + G["direction"] * k) % G["n"]


def dealer_draw(cards):
    seats = G["due"]["seats"]
    if not isinstance(cards, list) or len(cards) != len(seats) or any(c not in DECK for c in cards):
        raise Refuse("DEALER-SELECTION", "one card for every drawing seat")
    if any(cards.count(c) > DECK.count(c) for c in cards):
        raise Refuse("DECK-COMPOSITION", "too many copies")
    val = [int(face(c)) if face(c).isdigit() else 0 for c in cards]
    top = [s for s, v in zip(seats, val) if v == max(val)]
    if len(top) > 1:
        G["due"] = {"type": "dealer_draw", "seats": top}  # P-DEALER-TIE
    else:
        deal_round(top[0])


def deal_round(dealer):
    G["dealer"], G["phase"] = dealer, "deal"
    order = [(dealer + 1 + i) % G["n"] for i in range(G["n"])]
    G["due"] = {"type": "deal", "dealer": dealer, "hand_size": 7, "seats": order}
    if G["dictated"]:
        return
    deck = DECK[:]
    G["rng"].shuffle(deck)
    hands = [[] for _ in range(G["n"])]
    for i in range(7 * G["n"]):
        hands[order[i % G["n"]]].append(deck.pop())
    starter = deck.pop()
    deck.reverse()  # we popped from the end: the top of the pile is the last card left
    G["chance_out"].append({"type": "deal", "dealer": dealer, "hands": hands, "starter": starter})
    keep = len(G["drawn_out"])
    do_deal(hands, starter, deck)
    del G["drawn_out"][keep:]


def do_deal(hands, starter, pile):
    if not isinstance(hands, list) or len(hands) != G["n"] or any(not isinstance(h, list) or len(h) != 7 for h in hands):
        raise Refuse("DEAL-SEVEN", "seven cards a seat")
    allc = sum(hands, []) + [starter] + (pile if isinstance(pile, list) else [None])
    if any(c not in DECK for c in allc) or sorted(allc) != sorted(DECK):
        raise Refuse("DECK-COMPOSITION", "not the 108 cards")
    G["hands"], G["pile"] = [list(h) for h in hands], list(pile)
    flip(starter)


def flip(card):
    d = G["dealer"]
    if card == "WD4":  # FIRST-CARD-WD4
        G["pile"].append(card)
        G["due"] = {"type": "shuffle", "purpose": "starter", "cards": sorted(G["pile"])}
        if not G["dictated"]:
            G["rng"].shuffle(G["pile"])
            G["chance_out"] += [{"type": "shuffle"}, {"type": "starter", "card": G["pile"][0]}]
            flip(G["pile"].pop(0))
        return
    G.update(due=None, discard=[card], colour=colour(card), phase="turn", to_act=(d + 1) % G["n"])
    f = face(card)
    if f == "W":  # FIRST-CARD-WILD
        G["phase"], G["wild"] = "colour", "starter"
    elif f == "S":
        G["to_act"] = (d + 2) % G["n"]
    elif f == "R":
        G["direction"], G["to_act"] = -1, d
    elif f == "D2":
        G["to_act"] = (d + 2) % G["n"]
        give((d + 1) % G["n"], 2)


def give(seat, k, then=None):
    G["owed"].append([seat, k, then, 0])
    pay()


def pay():
    while G["owed"]:
        seat, k, then, got = G["owed"][0]
        while got < k:
            if not G["pile"]:
                if len(G["discard"]) < 2:
                    break  # P-PILES-EXHAUSTED
                if G["dictated"]:
                    G["owed"][0][3] = got
                    G["due"] = {"type": "shuffle", "purpose": "reshuffle", "cards": sorted(G["discard"][:-1])}
                    return
                G["pile"], G["discard"] = G["discard"][:-1], G["discard"][-1:]
                G["rng"].shuffle(G["pile"])
                G["chance_out"].append({"type": "shuffle"})
            card = G["pile"].pop(0)
            G["hands"][seat].append(card)
            G["uno"][seat] = None
            out = G["drawn_out"]
            if out and out[-1]["seat"] == seat:
                out[-1]["cards"].append(card)
            else:
                out.append({"seat": seat, "cards": [card]})
            got += 1
        G["owed"].pop(0)
        if then:
            then(got)


def fits(card):
    if card[0] == "W":
        return True  # a Wild Draw Four too: only a challenge polices it (WD4-BLUFF)
    top = G["discard"][-1]
    return colour(card) == G["colour"] or (top[0] != "W" and face(top) == face(card))


def plays(seat):
    return sorted({c for c in G["hands"][seat] if fits(c)})


def legal():
    out = []
    if G["due"] or G["phase"] not in ("turn", "colour", "challenge"):
        return out
    me = G["to_act"]
    if G["phase"] == "turn":
        out = [{"type": "play", "seat": me, "card": c} for c in plays(me)]
        if not out:  # (c) no voluntary draw
            out.append({"type": "draw", "seat": me})
    elif G["phase"] == "colour":
        out = [{"type": "colour", "seat": me, "colour": c} for c in "RYGB"]
    else:
        out = [{"type": "challenge", "seat": me}, {"type": "accept", "seat": me}]
    for s in range(G["n"]):
        if G["uno"][s] == "catchable":
            out.append({"type": "uno", "seat": s})
            out += [{"type": "catch", "seat": o, "target": s} for o in range(G["n"]) if o != s]
    return out


def close_windows():  # TURN-START ends every UNO-CATCH-WINDOW
    G["uno"] = [None if u == "catchable" else u for u in G["uno"]]


def play(seat, a):
    card = a.get("card")
    if card not in G["hands"][seat]:
        raise Refuse("P-ILLEGAL-PLAY-REJECTED", f"seat {seat} does not hold {card}")
    if G["phase"] != "turn":
        raise Refuse(not_now(), "not now")
    if not fits(card):
        raise Refuse("MATCH-ON-WILD" if G["discard"][-1][0] == "W" else "PLAY-MATCH", f"{card} does not fit")
    close_windows()
    hand = G["hands"][seat]
    hand.remove(card)
    honest = card != "WD4" or all(colour(c) != G["colour"] for c in hand)  # WD4-RESTRICTION
    G["discard"].append(card)
    G["uno"][seat] = "catchable" if len(hand) == 1 else None
    G["colour"] = colour(card) or G["colour"]
    G["last"], G["idle"] = seat, 0
    f = face(card)
    if not hand:
        return won(seat, f)
    if f in ("W", "WD4"):
        G["phase"], G["to_act"], G["wild"] = "colour", seat, {"card": card, "honest": honest}
    elif f == "S":
        G["to_act"] = left(seat, 2)
    elif f == "R":
        G["direction"] *= -1
        G["to_act"] = seat if G["n"] == 2 else left(seat)
    elif f == "D2":
        G["to_act"] = left(seat, 2)
        give(left(seat), 2)
    else:
        G["to_act"] = left(seat)


def draw(seat, a):
    if G["phase"] != "turn":
        raise Refuse(not_now(), "not now")
    if plays(seat):
        raise Refuse("DRAW-WHEN-STUCK", "draw only when no card can be played")  # (c)
    close_windows()
    G["phase"], G["last"] = "drawn", None

    def done(got):  # (a) the drawn card is kept and the turn ends
        G["phase"], G["to_act"] = "turn", left(seat)
        if not got:
            G["idle"] += 1
            if G["idle"] >= G["n"]:  # P-STALEMATE: a void round, same dealer
                new_round(G["dealer"])

    give(seat, 1, done)


def name(seat, a):
    if G["phase"] != "colour" or a.get("colour") not in ("R", "Y", "G", "B"):
        raise Refuse("WILD-COLOUR-CHOICE", "no colour to name")
    G["colour"], wild, G["wild"] = a["colour"], G["wild"], None
    if wild == "starter":
        G["phase"] = "turn"
    elif wild["card"] == "W":
        G["phase"], G["to_act"] = "turn", left(seat)
    else:
        G["phase"], G["to_act"], G["wild"] = "challenge", left(seat), dict(wild, by=seat)


def not_now():
    return {"colour": "WILD-COLOUR-CHOICE", "challenge": "WD4-CHALLENGE"}.get(G["phase"], "TURN-ACTION")


def no_pass(seat, a):  # with no drawn card to keep, there is never anything to pass
    raise Refuse(not_now(), "no passing here")


def accept(seat, a):
    if G["phase"] != "challenge":
        raise Refuse(not_now() if G["phase"] == "colour" else "WD4-CHALLENGE", "nothing to accept")
    G["phase"], G["to_act"], G["wild"] = "turn", left(seat), None
    give(seat, 4)


def challenge(seat, a):
    if G["phase"] != "challenge":
        raise Refuse("WD4-CHALLENGE", "nothing to challenge")
    wild, G["wild"], G["phase"] = G["wild"], None, "turn"
    if wild["honest"]:  # WD4-CHALLENGE-INNOCENT
        G["to_act"] = left(seat)
        give(seat, 6)
    else:  # WD4-CHALLENGE-GUILTY
        give(wild["by"], 4)


def uno(seat, a):
    if G["uno"][seat] != "catchable":
        late = len(G["hands"][seat]) == 1 and G["uno"][seat] is None
        raise Refuse("UNO-CATCH-WINDOW" if late else "UNO-CALL", "nothing to call")
    G["uno"][seat] = "called"


def catch(seat, a):
    t = a.get("target")
    if t == seat:
        raise Refuse("UNO-CATCH", "not yourself")
    if t not in range(G["n"]) or G["uno"][t] != "catchable":
        raise Refuse("P-FALSE-CATCH", f"seat {t} cannot be caught")
    G["uno"][t] = None
    give(t, 2)


def won(seat, f):
    G["phase"], G["to_act"], G["uno"] = "scoring", None, [None] * G["n"]

    def score(_got=0):
        G["scores"][seat] += sum(int(face(c)) if face(c).isdigit() else VALUES[face(c)] for h in G["hands"] for c in h)
        if G["scores"][seat] >= TARGET:
            G["phase"], G["winner"] = "over", [seat]
        else:
            new_round((G["dealer"] + 1) % G["n"])

    k = {"D2": 2, "WD4": 4}.get(f, 0)
    if k:
        give(left(seat), k, score)
    else:
        score()


def new_round(dealer):
    reset()
    G["round"] += 1
    deal_round(dealer)


def shuffle(order):
    if not isinstance(order, list) or sorted(order) != G["due"]["cards"]:
        raise Refuse("RESHUFFLE", "not a permutation of the cards to shuffle")
    G["pile"] = list(order)
    if G["due"]["purpose"] == "starter":
        flip(G["pile"].pop(0))
    else:
        G["discard"], G["due"] = G["discard"][-1:], None
        pay()


SEAT_ACTIONS = {"play": play, "draw": draw, "pass": no_pass, "colour": name, "accept": accept, "challenge": challenge,
                "uno": uno, "catch": catch}


def apply(a):
    kind, seat = a.get("type"), a.get("seat")
    if kind in ("dealer_draw", "deal", "shuffle"):
        if G["dictated"] and G["due"] and G["due"]["type"] == kind:
            if kind == "dealer_draw":
                return dealer_draw(a.get("cards"))
            if kind == "deal":
                return do_deal(a.get("hands"), a.get("starter"), a.get("draw_pile"))
            return shuffle(a.get("order"))
        raise Refuse("P-ILLEGAL-PLAY-REJECTED", f"no {kind} due")
    if G["phase"] == "over":
        raise Refuse("MATCH-TARGET-500", "the match is over")
    if G["due"] or G["phase"] in ("dealer", "deal", "scoring"):
        raise Refuse("P-ILLEGAL-PLAY-REJECTED", "waiting for a chance input")
    if kind not in SEAT_ACTIONS or seat not in range(G["n"]):
        raise Refuse("P-ILLEGAL-PLAY-REJECTED", f"unknown action {kind}")
    if kind == "challenge" and (G["phase"] != "challenge" or seat != G["to_act"]):
        raise Refuse("WD4-CHALLENGE", "only the victim may challenge")
    if kind not in ("uno", "catch") and seat != G["to_act"]:
        again = kind == "play" and G["last"] == seat and G["phase"] == "turn"
        raise Refuse("ONE-CARD-PER-TURN" if again else "TURN-ADVANCE", "not your turn")
    SEAT_ACTIONS[kind](seat, a)


def position():
    return {k: G[k] for k in ("phase", "to_act", "direction", "colour", "hands", "uno", "scores", "round", "winner")} | {
        "players": G["n"], "discard_pile": G["discard"], "chance": G["due"]}


def report(reply):
    if not G["dictated"]:
        if G["chance_out"]:
            reply["chance"] = G["chance_out"]
        if G["drawn_out"] and "accepted" in reply:
            reply["drawn"] = G["drawn_out"]
    G["chance_out"], G["drawn_out"] = [], []
    return reply


def handle(msg, dictated):
    cmd = msg.get("cmd")
    if cmd == "hello":
        return {"ok": True, "protocol": 1, "profiles": ["official"], "options": [],
                "capabilities": ["observe"] if dictated else ["observe", "own_deal", "own_shuffle", "seeded"],
                "implementation": {"name": "quick", "version": "0.3.0", "language": "python"},
                "observes": ["players", "phase", "to_act", "direction", "colour", "hands", "discard_pile", "uno",
                             "scores", "round", "winner", "chance"]}
    if cmd == "new_game":
        n = msg.get("players")
        if not isinstance(n, int) or not 2 <= n <= 10:
            return {"ok": False, "error": {"code": "bad_request", "message": "2-10 players", "rule": "PLAYER-COUNT"}}
        if msg.get("profile") != "official" or msg.get("options"):
            return {"ok": False, "error": {"code": "unsupported", "message": "official only"}}
        new_game(n, dictated, msg.get("seed"))
        return report({"ok": True})
    if cmd == "load":
        return {"ok": False, "error": {"code": "unsupported", "message": "no load"}}
    if cmd not in ("legal_actions", "observe", "apply"):
        return {"ok": False, "error": {"code": "bad_request", "message": f"unknown cmd {cmd}"}}
    if not G:
        return {"ok": False, "error": {"code": "bad_request", "message": "no game yet"}}
    if cmd == "legal_actions":
        return {"ok": True, "actions": legal()}
    if cmd == "observe":
        return {"ok": True, "position": position()}
    try:
        apply(msg.get("action") if isinstance(msg.get("action"), dict) else {})
    except Refuse as e:
        G["chance_out"], G["drawn_out"] = [], []
        return {"ok": True, "accepted": False, "error": {"rule": e.args[0], "reason": e.args[1]}}
    return report({"ok": True, "accepted": True, "events": []})


if __name__ == "__main__":
    dictated = "--dictated" in sys.argv
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            msg = json.loads(line)
            msg = msg if isinstance(msg, dict) else {}
        except ValueError:
            msg = {}
        if msg.get("cmd") == "stop":
            break
        try:
            reply = handle(msg, dictated)
        except Exception as e:  # never die on a request
            reply = {"ok": False, "error": {"code": "internal", "message": repr(e)}}
        sys.stdout.write(json.dumps({"seq": msg.get("seq"), **reply}) + "\n")
        sys.stdout.flush()
