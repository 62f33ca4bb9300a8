"""Traces whose deck order is unseen: the deal is named, and so is every card drawn.

The validator keeps the cards nobody has seen as a pile in canonical order and, before
each line, brings the cards the line says were drawn to its top (and to the top of any
reshuffle). A reported card that is not among the unseen cards breaks DECK-COMPOSITION; a
draw the rules do not make, or a different number of cards, is a violation of the rule
that governs that draw.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from unospec.reference import IllegalAction, apply, dump
from unospec.spec.cards import CANONICAL_DECK, KINDS, is_number
from unospec.verdict import VALID, VIOLATION, Verdict, citations, refused

Records = list[tuple[int, dict[str, Any]]]


def dealer_draw(players: int, dealer: int) -> dict[str, Any]:
    """A dealer-selection draw that makes ``dealer`` the dealer (the trace did not record it)."""
    zeros = [k for k in KINDS if not is_number(k)]
    return {
        "type": "dealer_draw",
        "cards": ["R9" if s == dealer else zeros[s] for s in range(players)],
    }


def replay_known(
    pos: Any, hands: list[list[str]], starters: list[str], records: Records, path: str
) -> Verdict:
    """Replay a trace whose every card is named, from the position before the deal: the
    unseen cards lie in canonical order and each line brings the cards it reports drawn
    to the top of the pile (and of any reshuffle)."""
    pos, bad = deal(pos, hands, starters, path)
    if bad is not None:
        return bad
    actions = 0
    for line_no, rec in records:
        drawn = rec.get("drawn") or []
        upcoming = [c for d in drawn for c in d.get("cards", [])]
        if pos.chance is not None:
            return Verdict(
                path,
                VIOLATION,
                "the trace goes on, but the game waits for a new deal",
                line_no,
                "/action",
            )
        before = pos
        pos, bad = drawn_on_top(pos, upcoming, path, line_no, rec["action"])
        if bad is not None:
            return bad
        try:
            pos, events = apply(pos, rec["action"])
            while (
                pos.chance is not None and pos.chance["type"] == "shuffle" and pos.phase != "deal"
            ):
                order = reshuffle_order(pos, events, upcoming)
                pos, more = apply(pos, {"type": "shuffle", "order": order})
                events += more
        except IllegalAction as e:
            return refused(path, e, line_no, before, rec["action"], actions)
        actions += 1
        happened = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        if merge(happened) != merge(drawn):
            rule = next((e["rule"] for e in events if e["type"] == "cards_drawn"), "DRAW-ONE")
            return Verdict(
                path,
                VIOLATION,
                "the cards drawn differ from what the rules make the players draw",
                line_no,
                "/drawn",
                rule,
                citations(rule),
                merge(happened),
                merge(drawn),
                {"position": dump(before), "action": rec["action"]},
                actions,
            )
    return Verdict(
        path,
        VALID,
        f"{actions} actions; deck order unseen, {sum(1 for _ in records)} lines checked",
        actions=actions,
    )


def deal(pos: Any, hands: list[list[str]], starters: list[str], path: str):
    """Deal ``hands`` and turn up the starter(s), the unseen cards in canonical order
    as the draw pile: ``(position, None)`` or ``(position, the verdict against the deal)``."""
    rest = Counter(CANONICAL_DECK)
    for h in hands:
        rest.subtract(h)
    rest.subtract(starters[:1])
    if any(v < 0 for v in rest.values()):
        bad = sorted(k for k, v in rest.items() if v < 0)
        return pos, Verdict(
            path,
            VIOLATION,
            f"the deal holds more copies of {', '.join(bad)} than the deck",
            1,
            "/deal/hands",
            "DECK-COMPOSITION",
            citations("DECK-COMPOSITION"),
        )
    pile = [c for c in CANONICAL_DECK if rest[c] > 0 and not rest.subtract([c])]
    try:
        pos, _ = apply(
            pos, {"type": "deal", "hands": hands, "starter": starters[0], "draw_pile": pile}
        )
    except IllegalAction as e:
        return pos, Verdict(path, VIOLATION, e.reason, 1, "/deal", e.rule, citations(e.rule))
    for later in starters[1:]:  # special starters returned and reshuffled (FIRST-CARD-WD4, …)
        if pos.chance is None or pos.chance["type"] != "shuffle":
            return pos, Verdict(
                path,
                VIOLATION,
                f"starter {later} was turned up, but the rules keep the first starter",
                1,
                "/deal/starter",
                "FIRST-DISCARD-FLIP",
                citations("FIRST-DISCARD-FLIP"),
            )
        order = list(pos.chance["cards"])
        if later not in order:
            return pos, Verdict(
                path,
                VIOLATION,
                f"the starter {later} is not among the unseen cards",
                1,
                "/deal/starter",
                "DECK-COMPOSITION",
                citations("DECK-COMPOSITION"),
            )
        order.remove(later)
        pos, _ = apply(pos, {"type": "shuffle", "order": [later] + order})
    return pos, None


def first_unknown(
    hands: list[list[Any]], records: list[tuple[int, dict[str, Any]]]
) -> tuple[int, str] | None:
    """The line and JSON pointer of the first unknown (``null``) card, if there is one."""
    for s, h in enumerate(hands):
        if None in h:
            return 1, f"/deal/hands/{s}/{h.index(None)}"
    for line_no, rec in records:
        for j, d in enumerate(rec.get("drawn") or []):
            if None in d.get("cards", []):
                return line_no, f"/drawn/{j}/cards/{d['cards'].index(None)}"
    return None


def drawn_on_top(pos: Any, upcoming: list[str], path: str, line_no: int, action: Any):
    """A copy of ``pos`` with the cards the line says were drawn on top of the draw pile,
    and ``None``; or ``pos`` and the verdict when one of them is not among the unseen
    cards (DECK-COMPOSITION)."""
    new = pos.copy()
    missing = _bring_to_top(new, upcoming)
    if missing:
        return pos, Verdict(
            path,
            VIOLATION,
            f"drawn card {missing} is not among the cards nobody has seen",
            line_no,
            "/drawn",
            "DECK-COMPOSITION",
            citations("DECK-COMPOSITION"),
            reproducer={"position": dump(pos), "action": action},
        )
    new.forget_legal()
    return new, None


def reshuffle_order(pos: Any, events: list[dict[str, Any]], upcoming: list[str]) -> list[str]:
    """The order of a reshuffle in the middle of a line: the cards the line says are still
    to be drawn come first, in their order; the rest follow as the engine listed them."""
    got = [c for e in events if e["type"] == "cards_drawn" for c in e["cards"]]
    order = list(pos.chance["cards"])
    head = []
    for c in upcoming[len(got) :]:
        if c in order:
            order.remove(c)
            head.append(c)
    return head + order


def _bring_to_top(pos: Any, cards: list[str]) -> str | None:
    """Put ``cards`` on top of the draw pile in this order, as far as they are in it; the
    rest must come from a reshuffle of the discards. Returns a card found nowhere unseen."""
    pile = pos.draw_pile
    head = []
    for c in cards:
        if c in pile:
            pile.remove(c)
            head.append(c)
        elif c not in pos.discard_pile[:-1]:
            return c
        else:
            break
    pos.draw_pile = head + pile
    return None


def merge(draws: list[dict[str, Any]]) -> list[tuple[int, list[str]]]:
    """Consecutive draws by the same seat as one (how programs split them is their own business)."""
    out: list[tuple[int, list[str]]] = []
    for d in draws:
        if out and out[-1][0] == d["seat"]:
            out[-1][1].extend(d["cards"])
        else:
            out.append((d["seat"], list(d["cards"])))
    return out


# -- unknown cards -----------------------------------------------------------------------------
