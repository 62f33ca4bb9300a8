"""Validating traces from programs that cannot expose their deck.

Such a trace has no ``chance`` list. Its header names the deal instead —
``"deal": {"dealer": 2, "hands": [[…7 cards…], …], "starter": "R5"}`` (``starter`` may be
a list when special starters were turned up and returned) — and every line reports the
cards its action made someone draw, in order: ``"drawn": [{"seat": 1, "cards": ["B3", "G7"]}]``.

The deck order stays unknown: the validator keeps the cards nobody has seen as a pile
in canonical order and, before each line, brings the cards the line says were drawn to
its top (and to the top of any reshuffle). A reported card that is not among the unseen
cards breaks DECK-COMPOSITION; a draw the rules do not make, or a different number of
cards, is a violation of the rule that governs that draw.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from reference import IllegalAction, apply, dump, new_game
from spec.cards import CANONICAL_DECK, KINDS, is_card, is_number


def _dealer_draw(players: int, dealer: int) -> dict[str, Any]:
    """A dealer-selection draw that makes ``dealer`` the dealer (the trace did not record it)."""
    zeros = [k for k in KINDS if not is_number(k)]
    return {
        "type": "dealer_draw",
        "cards": ["R9" if s == dealer else zeros[s] for s in range(players)],
    }


def validate_hidden(header: dict[str, Any], records: list[tuple[int, dict[str, Any]]], path: str):
    from conformance.validate import UNUSABLE, VALID, VIOLATION, Verdict, _citations, refused

    deal = header.get("deal")
    if not isinstance(deal, dict):
        return Verdict(
            path,
            UNUSABLE,
            "a trace without chance inputs must name the deal (header 'deal')",
            1,
            "/deal",
        )
    players = header["players"]
    hands = deal.get("hands")
    starters = deal.get("starter")
    starters = [starters] if isinstance(starters, str) else starters
    dealer = deal.get("dealer")
    if not isinstance(hands, list) or len(hands) != players:
        return Verdict(path, UNUSABLE, f"the deal must name {players} hands", 1, "/deal/hands")
    for s, h in enumerate(hands):
        for i, c in enumerate(h if isinstance(h, list) else [None]):
            if c is None:
                return Verdict(
                    path,
                    UNUSABLE,
                    "unknown (null) cards in the deal are not supported: report every dealt card",
                    1,
                    f"/deal/hands/{s}/{i}",
                )
            if not is_card(c):
                return Verdict(path, UNUSABLE, f"{c!r} is not a card", 1, f"/deal/hands/{s}/{i}")
    if not starters or not all(is_card(c) for c in starters) or not isinstance(dealer, int):
        return Verdict(
            path, UNUSABLE, "the deal needs a dealer seat and the starter card(s)", 1, "/deal"
        )
    try:
        pos = new_game(players, header["profile"], header.get("options") or {})
        pos, _ = apply(pos, _dealer_draw(players, dealer))
    except IllegalAction as e:
        return Verdict(path, VIOLATION, e.reason, 1, "/players", e.rule, _citations(e.rule))
    except Exception as e:
        return Verdict(path, UNUSABLE, str(e), 1, "/profile")
    rest = Counter(CANONICAL_DECK)
    for h in hands:
        rest.subtract(h)
    rest.subtract(starters[:1])
    if any(v < 0 for v in rest.values()):
        bad = sorted(k for k, v in rest.items() if v < 0)
        return Verdict(
            path,
            VIOLATION,
            f"the deal holds more copies of {', '.join(bad)} than the deck",
            1,
            "/deal/hands",
            "DECK-COMPOSITION",
            _citations("DECK-COMPOSITION"),
        )
    pile = [c for c in CANONICAL_DECK if rest[c] > 0 and not rest.subtract([c])]
    try:
        pos, _ = apply(
            pos, {"type": "deal", "hands": hands, "starter": starters[0], "draw_pile": pile}
        )
    except IllegalAction as e:
        return Verdict(path, VIOLATION, e.reason, 1, "/deal", e.rule, _citations(e.rule))
    for later in starters[1:]:  # special starters returned and reshuffled (FIRST-CARD-WD4, …)
        if pos.chance is None or pos.chance["type"] != "shuffle":
            return Verdict(
                path,
                VIOLATION,
                f"starter {later} was turned up, but the rules keep the first starter",
                1,
                "/deal/starter",
                "FIRST-DISCARD-FLIP",
                _citations("FIRST-DISCARD-FLIP"),
            )
        order = list(pos.chance["cards"])
        if later not in order:
            return Verdict(
                path,
                VIOLATION,
                f"the starter {later} is not among the unseen cards",
                1,
                "/deal/starter",
                "DECK-COMPOSITION",
                _citations("DECK-COMPOSITION"),
            )
        order.remove(later)
        pos, _ = apply(pos, {"type": "shuffle", "order": [later] + order})
    actions = 0
    for line_no, rec in records:
        drawn = rec.get("drawn") or []
        upcoming = [c for d in drawn for c in d.get("cards", [])]
        if any(c is None for c in upcoming):
            return Verdict(
                path,
                UNUSABLE,
                "unknown (null) drawn cards are not supported: report every drawn card",
                line_no,
                "/drawn",
            )
        if pos.chance is not None:
            return Verdict(
                path,
                VIOLATION,
                "the trace goes on, but the game waits for a new deal",
                line_no,
                "/action",
            )
        before = pos
        pos = pos.copy()
        missing = _bring_to_top(pos, upcoming)
        if missing:
            return Verdict(
                path,
                VIOLATION,
                f"drawn card {missing} is not among the cards nobody has seen",
                line_no,
                "/drawn",
                "DECK-COMPOSITION",
                _citations("DECK-COMPOSITION"),
                reproducer={"position": dump(before), "action": rec["action"]},
            )
        pos.__dict__.pop("_legal", None)
        try:
            pos, events = apply(pos, rec["action"])
            while (
                pos.chance is not None and pos.chance["type"] == "shuffle" and pos.phase != "deal"
            ):
                got = [c for e in events if e["type"] == "cards_drawn" for c in e["cards"]]
                left = upcoming[len(got) :]
                order = list(pos.chance["cards"])
                head = []
                for c in left:
                    if c in order:
                        order.remove(c)
                        head.append(c)
                pos, more = apply(pos, {"type": "shuffle", "order": head + order})
                events += more
        except IllegalAction as e:
            return refused(path, e, line_no, before, rec["action"], actions)
        actions += 1
        happened = [
            {"seat": e["seat"], "cards": e["cards"]} for e in events if e["type"] == "cards_drawn"
        ]
        if _merge(happened) != _merge(drawn):
            rule = next((e["rule"] for e in events if e["type"] == "cards_drawn"), "DRAW-ONE")
            return Verdict(
                path,
                VIOLATION,
                "the cards drawn differ from what the rules make the players draw",
                line_no,
                "/drawn",
                rule,
                _citations(rule),
                _merge(happened),
                _merge(drawn),
                {"position": dump(before), "action": rec["action"]},
                actions,
            )
    return Verdict(
        path,
        VALID,
        f"{actions} actions; deck order unseen, {sum(1 for _ in records)} lines checked",
        actions=actions,
    )


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


def _merge(draws: list[dict[str, Any]]) -> list[tuple[int, list[str]]]:
    """Consecutive draws by the same seat as one (how programs split them is their own business)."""
    out: list[tuple[int, list[str]]] = []
    for d in draws:
        if out and out[-1][0] == d["seat"]:
            out[-1][1].extend(d["cards"])
        else:
            out.append((d["seat"], list(d["cards"])))
    return out
