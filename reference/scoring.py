"""Round end, scoring, the match, and the stalemate when no card can be drawn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from unospec.reference.drawing import owe
from unospec.reference.position import Position
from unospec.reference.registry import implements
from unospec.reference.turns import Event, event, step
from unospec.spec import arithmetic as ar
from unospec.spec.cards import CANONICAL_DECK, POINTS, WILD_DRAW_FOUR

DRAWS: Final[dict[str, int]] = {"D2": 2, "WD4": 4}


@implements("ROUND-END", "LAST-CARD-DRAW")
def go_out(
    pos: Position,
    seat: int,
    cards: list[str],
    events: list[Event],
    carry: int = 0,
    last_draw: bool = True,
) -> None:
    """The round ends the moment a player's hand is empty; that player wins it. If the
    last card is a Draw Two or Wild Draw Four, the next player first draws its cards, and
    they count in the score. No challenge is offered against a last Wild Draw Four (it
    is legal by definition) unless the profile allows a futile one."""
    events.append(event("round_won", "ROUND-END", seat=seat))
    pos.uno = [None] * pos.players
    last = cards[-1]
    face = last if last == WILD_DRAW_FOUR else last[1:]
    draws = carry + (
        sum(DRAWS.get(c if c == WILD_DRAW_FOUR else c[1:], 0) for c in cards)
        if pos.cfg.cumulative
        else DRAWS.get(face, 0)
    )
    pos.to_act = None
    pos.pending = {"winner": seat}
    pos.phase = "scoring"
    if draws and last_draw and not pos.cfg.single_round:
        victim = step(pos, seat)
        if last == WILD_DRAW_FOUR and pos.cfg.wd4_challenge and pos.cfg.futile_challenge:
            futile_challenge(pos, seat, victim, draws)
            return
        owe(pos, victim, draws, "LAST-CARD-DRAW")


def empty_hand_wins(pos: Position, events: list[Event]) -> None:
    """A hand left empty after its penalty draw could not be served (V-UNO-OUT-CALL with
    both piles used up, P-PILES-EXHAUSTED) ends the round all the same (ROUND-END)."""
    for s in pos.active:
        if not pos.hands[s]:
            go_out(pos, s, [pos.discard_pile[-1]], events, last_draw=False)
            return


@implements("P-LAST-WD4-NO-CHALLENGE")
def futile_challenge(pos: Position, seat: int, victim: int, draws: int) -> None:
    """With ``allow_futile_challenge`` the victim of a last-card Wild Draw Four may still
    challenge it; the challenge always fails (the hand is empty)."""
    pos.phase = "challenge"
    pos.to_act = victim
    pos.pending = {
        "seat": victim,
        "from": seat,
        "total": draws,
        "card": WILD_DRAW_FOUR,
        "wd4_legal": True,
        "final": True,
        "prior_colour": pos.colour,
    }


def hand_points(hand: list[str]) -> int:
    return sum(POINTS[c] for c in hand)


@implements("SCORE-VALUES")
def card_values() -> dict[str, int]:
    """Number cards score their face value, Skip / Reverse / Draw Two 20, wild cards 50
    (the table is :data:`unospec.spec.cards.POINTS`, built with :func:`unospec.spec.arithmetic.card_value`)."""
    return POINTS


def team_of(pos: Position, seat: int) -> list[int]:
    """The seats of ``seat``'s team (just ``seat`` without V-TEAM)."""
    if not pos.cfg.teams:
        return [seat]
    n = pos.players
    if pos.cfg.partner_rotation and n == 4:
        return partner_rotation(pos.round, seat)
    return sorted({seat, ar.partner_seat(seat, n)})


@implements("V-EXT-PARTNER-ROTATION")
def partner_rotation(round_no: int, seat: int) -> list[int]:
    """Four players, twelve rounds: each player partners each other player for one block
    of four rounds (seats stay fixed)."""
    return sorted((seat, ar.rotating_partner(seat, ar.rotation_block(round_no))))


def score_round(pos: Position, events: list[Event]) -> None:
    """Settle a finished round: score it, then end the match or set up the next deal."""
    winner = pos.obligation()["winner"]
    last: dict[str, Any] = {"round": pos.round, "winner": winner}
    last["hands"] = [sorted(h) for h in pos.hands]
    pos.last_round = last
    cfg = pos.cfg
    if cfg.single_round:
        single_round(pos, winner, events)
        return
    if cfg.alt_scoring:
        alt_scoring(pos, winner, events)
    else:
        winner_takes(pos, winner, events)
    decide_match(pos, events)


@implements("SCORE-WINNER-TAKES", "V-TEAM")
def winner_takes(pos: Position, winner: int, events: list[Event]) -> None:
    """The round's winner scores the points left in every opponent's hand; nobody else
    scores. Under V-TEAM the winner's team scores the hands outside the team, and both
    partners' totals receive it."""
    team = team_of(pos, winner)
    points = ar.hand_points(_counts(h for s, h in enumerate(pos.hands) if s not in team), POINTS)
    for s in team:
        pos.scores[s] += points
    if pos.last_round is not None:
        pos.last_round["points"] = points
    events.append(
        event("points_scored", "SCORE-WINNER-TAKES", seat=winner, points=points, team=team)
    )


def _counts(hands: Iterable[list[str]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for h in hands:
        for c in h:
            counts[c] = counts.get(c, 0) + 1
    return counts


@implements("V-ALT-SCORING-LOSER-500")
def alt_scoring(pos: Position, winner: int, events: list[Event]) -> None:
    """The round's winner (and team) adds nothing; every other player adds their own hand's
    points. Reaching ``limit`` loses (see :func:`decide_match`)."""
    team = team_of(pos, winner)
    for s in pos.active:
        if s in team:
            continue
        partners = team_of(pos, s)
        pts = (
            ar.hand_points(_counts(pos.hands[p] for p in partners), POINTS)
            if cfg_team(pos)
            else ar.hand_points(_counts([pos.hands[s]]), POINTS)
        )
        pos.scores[s] += pts
        events.append(event("points_scored", "V-ALT-SCORING-LOSER-500", seat=s, points=pts))


def cfg_team(pos: Position) -> bool:
    return bool(pos.cfg.teams)


@implements("V-SINGLE-ROUND")
def single_round(pos: Position, winner: int, events: list[Event]) -> None:
    """No points are kept: whoever goes out first wins the game."""
    end_match(pos, team_of(pos, winner), events)


@implements("MATCH-TARGET-500", "V-EXT-TARGET-SCORE")
def decide_match(pos: Position, events: list[Event]) -> None:
    """The match ends after the round in which a total first reaches the target (500, or
    V-EXT-TARGET-SCORE's), and that player (or team) wins; otherwise a new round."""
    cfg = pos.cfg
    if cfg.partner_rotation and pos.players == 4:
        if pos.round >= 12:
            best = max(pos.scores)
            end_match(pos, [s for s in range(pos.players) if pos.scores[s] == best], events)
        else:
            new_round(pos, events)
        return
    if cfg.alt_scoring:
        limit = cfg.alt_scoring["limit"]
        over = [s for s in pos.active if pos.scores[s] >= limit]
        if over:
            if cfg.alt_scoring["end_mode"] == "lowest_wins":
                low = min(pos.scores[s] for s in pos.active)
                end_match(pos, [s for s in pos.active if pos.scores[s] == low], events)
                return
            for s in over:
                pos.eliminated[s] = True
                events.append(event("player_eliminated", "V-ALT-SCORING-LOSER-500", seat=s))
            left = pos.active
            if len(left) <= 1 or (cfg.teams and len({tuple(team_of(pos, s)) for s in left}) <= 1):
                end_match(pos, left, events)
                return
        new_round(pos, events)
        return
    best = max(pos.scores)
    if best >= cfg.target:
        end_match(pos, [s for s in range(pos.players) if pos.scores[s] == best], events)
    else:
        new_round(pos, events)


def end_match(pos: Position, winners: list[int], events: list[Event]) -> None:
    pos.phase = "over"
    pos.to_act = None
    pos.pending = None
    pos.winner = sorted(winners)
    events.append(event("match_won", "MATCH-TARGET-500", seats=pos.winner))


@implements("NEW-ROUND", "P-NEXT-DEALER")
def new_round(pos: Position, events: list[Event], same_dealer: bool = False) -> None:
    """All 108 cards are gathered and a new round is dealt. The deal passes one seat
    clockwise (``left_of_previous``) or to the previous round's winner, skipping seats
    out of the match; after a void round the same dealer deals again
    (:func:`unospec.spec.arithmetic.next_dealer`)."""
    from unospec.reference.setup import ask_for_deal

    winner = pos.last_round["winner"] if pos.last_round else None
    pos.dealer = ar.next_dealer(
        pos.dealer,
        pos.players,
        [int(e) for e in pos.eliminated],
        -1 if winner is None else winner,
        pos.cfg.next_dealer == "previous_round_winner",
        same_dealer,
    )
    pos.round += 1
    ask_for_deal(pos)


@implements("P-STALEMATE")
def stalemate(pos: Position, events: list[Event]) -> None:
    """Every player in turn ended a turn without playing while no card could be drawn:
    the round is void (no score, the same dealer deals again), or under
    ``lowest_hand_wins`` the lowest hand wins it (a tie for lowest voids it)."""
    events.append(event("stalemate", "P-STALEMATE"))
    if pos.cfg.stalemate == "lowest_hand_wins":
        pts = {s: hand_points(pos.hands[s]) for s in pos.active}
        low = min(pts.values())
        best = [s for s, p in pts.items() if p == low]
        if len(best) == 1:
            pos.pending = {"winner": best[0]}
            pos.phase = "scoring"
            pos.to_act = None
            return
    pos.last_round = {"round": pos.round, "winner": None, "void": True}
    new_round(pos, events, same_dealer=True)


def gather(pos: Position) -> None:
    """Every card back into one pile, in the canonical order, ready for the next deal."""
    pos.hands = [[] for _ in range(pos.players)]
    pos.discard_pile = []
    pos.draw_pile = list(CANONICAL_DECK)
