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

**Unknown cards.** A log written from one seat writes the cards it could not see as
``null`` (in ``deal.hands`` and in ``drawn``).
:func:`unospec.unknown_cards.validate_unknown` then keeps a
:class:`unospec.spec.prover.trace_model.TraceModel`: each run of unknown cards that
entered a hand on a line is a *batch* of per-kind counts, and each line adds what the rules let one
conclude from it, under the rule that allows the conclusion —

* a card played came from the hand (TURN-ACTION), and no kind ever has more copies in
  hands and on the discard pile than the deck (DECK-COMPOSITION, checked before every
  reshuffle and at every solver call);
* after a turn draw, the next line that is not an UNO call or catch decides: the same
  seat plays at once, so the card drawn was that card (DRAW-THEN-PLAY); it passes, so
  the card was playable; another seat acts, so the turn ended by itself and the card was
  not playable (DRAW-END-TURN). The draw variants change what may be played and when a
  turn may draw again, and each conclusion follows the variant (under its rule ID):
  under V-DRAW-FIXED any card drawn this turn may be played, so a play says one of them
  was that card and a turn that ended says none could be played; under
  V-DRAW-UNTIL-PLAYABLE and V-DRAW-UNTIL-STOP drawing again says the card just drawn
  could not be played; a pass says nothing where the turn could have drawn again
  instead (V-DRAW-UNTIL-STOP, V-DRAW-FIXED ``at_most``). Whether a turn may draw again
  depends only on how many cards it drew and how many are left to draw, never on which;
* who draws after a Wild Draw Four challenge says whether the challenged hand held the
  colour when the card went down (WD4-CHALLENGE-GUILTY / -INNOCENT); where the engine
  polices the card, laying it says the hand lacked the colour (WD4-RESTRICTION,
  V-WD4-ONLY-IF-NO-PLAYABLE);
* under V-WILD-ONLY-WITHOUT-COLOUR laying a Wild on one's turn says the hand held no
  card of the current colour, and so does playing a Wild just drawn; whether a Wild
  drawn could be played (the pass / turn-end conclusions above) is judged the same way
  (V-WILD-ONLY-WITHOUT-COLOUR);
* under V-STACK-DRAW the engine asks the victim of a Draw Two or Wild Draw Four to answer
  only while it holds a card it may stack, and otherwise serves the draw at once: the
  victim's draw on the line that hit it says it held none, the victim answering on the
  next line (stack, accept, challenge) says it held one (V-STACK-DRAW). A Wild Draw Four
  that may be challenged asks the victim either way, so there only a stack says it; a
  stacked card came from the hand like a played one;
* under V-JUMP-IN a card laid out of turn came from the jumper's hand (V-JUMP-IN). Jump-ins
  do not disturb the turn-draw conclusion: nobody may jump in while a drawn card waits,
  and a draw clears the last player, so nobody may jump in on the next turn either before
  a card is laid;
* under V-SEVEN-ZERO a swap after a 7 and the rotation after a 0 move whole hands between
  seats, the unknown cards with them (:meth:`TraceModel.move_hands`): nothing is
  concluded, but every later fact about a seat's hand is about the hand it now holds.
  Which hands move is seen on the line (the target, the direction), never hidden; the
  rotation comes on the line where the turn holding the 0 takes effect (the line that
  ends a group, names its colour, or accepts an announced 0);
* under the multi-card variants (V-MULTI-PLAY, V-MULTI-IDENTICAL,
  V-MULTI-ONE-COLOUR-OR-ALL-NUMBER, V-MULTI-RIDE) the engine goes on to phase ``multi``
  after a card only while the hand holds one that may join the group
  (:func:`unospec.reference.effects.continue_turn`; a Wild asks for its colour at once
  otherwise), and in that phase only the same seat acts, adding a card or ending the
  turn. So the next line (UNO calls and catches aside) says which it was, under the
  variant's rule: ``end`` says the hand held such a card; naming the colour, or any other
  action or seat, says it held none; a card the seat lays next was in the hand already
  (nothing was drawn in between), so the turn went on exactly when that card may join.
  Which kinds may join is asked of :func:`unospec.reference.effects.may_follow` itself, on a copy
  of the position whose hand holds only that kind; the one hand-dependent test, a Wild
  Draw Four closing a ride, is a fact about the hand. The replay checks that the engine
  went on exactly when the witness's hand held such a card. A card added to a group came
  from the hand like any other, and a Wild Draw Four in a group is judged, for a
  challenge, on the pile and colour the turn began with (as the engine judges it).
  Groups never follow a turn draw, so the turn-draw conclusions stand as they are;
* under V-CHEAT a card laid face down came from the hand (V-CHEAT) and a right accusation
  puts it back (:meth:`TraceModel.take_back`); an announced draw card that is accepted
  hits its victim as a played one would (V-STACK-DRAW). The face-down card itself must
  be given: the trace format has no ``null`` for it, so the verdict of an accusation is
  the engine's, on a known card.

A voluntary draw says nothing. The replay itself stays the reference engine's: before
each line the unknown cards are placed as the current witness says (the witness is
mended with a one-card swap when that suffices, and otherwise Z3 finds a new one, first
for a few batches only and for the whole trace only when that will not do), the
line is applied, and what was drawn is compared. When Z3 finds no witness, the verdict
names a minimal set of lines that cannot all be true. At the end the whole trace is
replayed again with the final witness from the start, so the witness reported is one
the engine accepted on every line. Options under which hidden hands steer the game in
ways not modelled here would be listed in :data:`unospec.card_facts.UNMODELLED` (none is
now); a few lines
that cannot be followed are refused with unknown cards, saying why: an UNO penalty drawn
in the middle of a group when the turn could have come back to the same player, and a
reshuffle or hand change the replay did not predict.

The parts, one job each: this module checks the header and chooses;
:mod:`unospec.deck_order` replays a trace whose every card is named;
:mod:`unospec.unknown_cards` replays one with unknown cards, step by step;
:mod:`unospec.card_facts` says what each line implies about them, one fact per rule;
:mod:`unospec.witness_position` puts the witness's cards into the engine's position;
:mod:`unospec.verdict` holds the verdict they all return.
"""

from __future__ import annotations

from typing import Any

from unospec.deck_order import Records, dealer_draw, first_unknown, replay_known
from unospec.reference import IllegalAction, apply, new_game
from unospec.spec.cards import is_card
from unospec.unknown_cards import validate_unknown
from unospec.verdict import UNUSABLE, VIOLATION, Verdict, citations

SOLVER_SECONDS = 120.0  # Z3's time for one trace with unknown cards (--solver-timeout)


def validate_hidden(
    header: dict[str, Any], records: Records, path: str, solver_seconds: float = SOLVER_SECONDS
) -> Verdict:
    """The verdict on a trace without chance inputs: its header names the deal, its lines
    the cards drawn; unknown (``null``) cards go to :func:`validate_unknown`."""
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
        if not isinstance(h, list):
            return Verdict(path, UNUSABLE, "a hand is a list of cards", 1, f"/deal/hands/{s}")
        for i, c in enumerate(h):
            if c is not None and not is_card(c):
                return Verdict(path, UNUSABLE, f"{c!r} is not a card", 1, f"/deal/hands/{s}/{i}")
    if not starters or not all(is_card(c) for c in starters) or not isinstance(dealer, int):
        return Verdict(
            path, UNUSABLE, "the deal needs a dealer seat and the starter card(s)", 1, "/deal"
        )
    try:
        pos = new_game(players, header["profile"], header.get("options") or {})
        pos, _ = apply(pos, dealer_draw(players, dealer))
    except IllegalAction as e:
        return Verdict(path, VIOLATION, e.reason, 1, "/players", e.rule, citations(e.rule))
    except Exception as e:
        return Verdict(path, UNUSABLE, str(e), 1, "/profile")
    unknown = first_unknown(hands, records)
    if unknown is not None:
        return validate_unknown(
            header, records, path, pos, hands, starters, unknown, solver_seconds
        )
    return replay_known(pos, hands, starters, records, path)
