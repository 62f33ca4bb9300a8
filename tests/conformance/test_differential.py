"""Differential games (conformance/differential.py): judged every step, continued after a
divergence, the same game whether played ahead in batches or step by step."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from unospec.differential import BATCH, Game
from unospec.explanation import Explainer
from unospec.protocol import Program

ROOT = Path(__file__).resolve().parents[2]
SERVE = [sys.executable, "-m", "unospec", "serve"]


def mutant(name: str) -> list[str]:
    return [sys.executable, str(ROOT / "tests" / "mutants" / "serve_mutant.py"), name]


@pytest.fixture
def program(request):
    started = []

    def start(argv: list[str]) -> Program:
        p = Program(argv, timeout=10)
        p.start()
        started.append(p)
        return p

    yield start
    for p in started:
        p.close()


def play(program: Program, players: int, seed: int, step_by_step: bool = False, steps: int = 600):
    game = Game(program, Explainer("official"), "official", players, seed, steps)
    if step_by_step:
        game.play_ahead = False
    return game, game.play()


@pytest.mark.parametrize("argv", [SERVE, mutant("skip-skips-two")], ids=["serve", "mutant"])
def test_batches_and_step_by_step_play_the_same_game(program, argv):
    """The random choices are the same either way (a batch that meets a difference is
    planned again up to it): the same actions, the same divergences."""
    fast_game, fast = play(program(argv), 4, 7)
    slow_game, slow = play(program(argv), 4, 7, step_by_step=True)
    assert fast_game.inputs == slow_game.inputs
    assert [(d.step, d.rule) for d in fast.divergences] == [
        (d.step, d.rule) for d in slow.divergences
    ]
    assert fast.steps == slow.steps > 100


def test_a_game_goes_on_after_a_divergence_and_counts_each_deviation(program):
    game, result = play(program(mutant("no-voluntary-draw")), 3, 2)
    (first,) = result.divergences  # one deviation, seen again and again
    assert first.rule == "DRAW-VOLUNTARY" and first.change.id == "no-voluntary-draw"
    assert result.counts[first.key] > 5
    assert result.steps > first.step + 50  # judging went on past the first difference
    assert result.outcome == "fail"


def test_a_correct_program_passes_and_its_steps_judge_rules(program):
    _, result = play(program(SERVE), 3, 4)
    assert result.outcome == "pass" and not result.divergences
    assert result.judged["PLAY-MATCH"] > 10 and result.judged["DEAL-SEVEN"] >= 1


def test_a_reproducer_replays_the_divergence_on_its_own(program):
    from unospec.differential import replay

    p = program(mutant("two-player-reverse-not-skip"))
    _, result = play(p, 2, 1)
    div = next(d for d in result.divergences if d.rule == "REVERSE-TWO-PLAYER")
    again = replay(p, Explainer("official"), div.reproducer)
    at = len(div.reproducer["inputs"]) + 1  # its inputs, then the step that diverged
    assert [(d.step, d.rule) for d in again.divergences] == [(at, "REVERSE-TWO-PLAYER")]
    fixed = replay(program(SERVE), Explainer("official"), div.reproducer)
    assert not fixed.divergences


def test_a_game_is_failed_only_under_the_rules_it_broke_not_under_a_cited_refusal():
    """A refusal that was right, cited under another rule, is a warning of its own: the
    game that also broke a rule is failed under that rule alone (RLCard's turn-order
    refusals once made every game of it fail ONE-CARD-PER-TURN)."""
    from unospec.differential import Divergence, GameResult
    from unospec.findings import game_finding

    cited = Divergence("g", 3, "citation", "ONE-CARD-PER-TURN", "rightly refused, other rule")
    broke = Divergence("g", 5, "refused", "DRAW-VOLUNTARY", "refused a legal draw")
    both = game_finding(GameResult("g", 2, 0, 9, [cited, broke], outcome="fail"))
    assert both.rules == ["DRAW-VOLUNTARY"]
    alone = game_finding(GameResult("g", 2, 0, 9, [cited], outcome="warning"))
    assert alone.rules == ["ONE-CARD-PER-TURN"]


# -- programs that own their chance, played ahead ---------------------------------------------

NODE_UNO = ROOT / "examples" / "engines" / "node-uno" / "engine.js"
ENGINES = ROOT / "examples" / "engines"


def engine(name: str, *extra: str) -> list[str]:
    if name == "node-uno":
        return ["node", str(NODE_UNO), *extra]
    return [sys.executable, str(ENGINES / name / "engine.py"), *extra]


@pytest.mark.parametrize(
    "argv",
    [
        engine("node-uno", "--official"),  # shuffles itself, shows its draw pile
        engine("node-uno"),  # the same with four deviations
        engine("tidy"),  # deals and shuffles itself, shows its draw pile
        engine("quick"),  # deals and shuffles itself, hides its draw pile, deviates often
    ],
    ids=["node-official", "node-uno", "tidy", "quick"],
)
def test_a_program_that_owns_its_chance_plays_the_same_game_ahead_or_step_by_step(program, argv):
    """Played ahead (batches between the steps that need the program's own chance, and a
    replay at each difference) or step by step: the same actions, the same divergences."""
    fast_game, fast = play(program(argv), 4, 11, steps=800)
    slow_game, slow = play(program(argv), 4, 11, step_by_step=True, steps=800)
    assert fast_game.inputs == slow_game.inputs
    assert [(d.step, d.kind, d.rule) for d in fast.divergences] == [
        (d.step, d.kind, d.rule) for d in slow.divergences
    ]
    assert fast.judged == slow.judged
    assert fast.steps == slow.steps > 200 and fast.ended == slow.ended
    assert slow.ahead == 0
    assert fast.ahead > 0 or argv == engine("quick")  # quick differs at nearly every step


def test_a_correct_program_that_shuffles_itself_is_played_ahead(program):
    """node-uno --official shows its draw pile: only the steps that reshuffle (its own
    chance) are played step by step."""
    _, result = play(program(engine("node-uno", "--official")), 3, 5, steps=1000)
    assert result.outcome in ("pass", "warning")  # a refusal cited under another rule
    assert result.ahead > 0.9 * result.steps


def test_a_program_that_hides_its_draw_pile_is_played_ahead_between_its_draws(program):
    _, result = play(program(engine("tidy")), 3, 5, steps=1000)
    assert result.outcome == "pass"
    assert result.ahead > 0.5 * result.steps
    hidden = Game(program(engine("quick", "--dictated")), Explainer("official"), "official", 3, 5)
    assert hidden.owns == frozenset()


def test_a_program_that_does_not_replay_the_same_game_is_not_followed(program):
    """A program that declares ``seeded`` but shuffles otherwise when the game is started
    again: the replay after a difference is checked, and the game stops there with the
    reason, instead of judging a program that is elsewhere."""
    reseeding = [sys.executable, str(ROOT / "tests" / "fakes" / "reseeding.py")]
    for seed in range(3):
        game, result = play(program([*reseeding, *engine("lenient")]), 3, seed, steps=400)
        assert "is not where it was" in result.ended, result.ended
        assert result.ended.startswith(f"stopped: at step {result.steps + 1} ")
        # up to there, what the honest program (the same game replayed alike) is found doing
        _, honest = play(program(engine("lenient")), 3, seed, steps=400)
        assert honest.steps == 400 and honest.ahead > 0
        assert [(d.step, d.rule) for d in result.divergences] == [
            (d.step, d.rule) for d in honest.divergences if d.step <= result.steps
        ]


def test_a_program_that_differs_at_once_is_replayed_once_and_one_that_differs_seldom_again(
    program,
):
    """A replay costs the whole game so far: a program that differs before a batch is
    agreed (quick offers no voluntary draw) is replayed once, then played step by step;
    one that differs now and then (a Skip that skips two) is played ahead again after
    each difference, while that saves more than its replay costs."""
    game, result = play(program(engine("quick")), 4, 11, steps=800)
    assert game.misses == 1 and result.ahead < BATCH and result.steps == 800
    game, result = play(program(mutant("skip-skips-two")), 4, 11, steps=800)
    first = result.divergences[0].step
    assert game.misses >= 2 and result.ahead > first


def test_the_cards_a_program_shows_are_checked_against_the_deck():
    """DECK-COMPOSITION at every step where a program shows every card: the 108 cards in
    any split pass; a card too many or too few is named; a program that shows less, or
    shows something that is not a card name, is not judged on it here."""
    from unospec.differential import _not_the_deck
    from unospec.spec.cards import CANONICAL_DECK

    deck = list(reversed(CANONICAL_DECK))

    def shown(cards: list, hands: int = 3) -> dict:
        return {
            "draw_pile": cards[:40],
            "discard_pile": cards[40:50],
            "hands": [cards[50 + i :: hands] for i in range(hands)],
        }

    assert _not_the_deck(shown(deck)) is None
    assert _not_the_deck(shown(deck[:-1] + ["R1"])) == f"extra: R1; missing: {deck[-1]}"
    assert _not_the_deck(shown(deck + ["WD4"])) == "extra: WD4; missing: none"
    assert _not_the_deck({"hands": shown(deck)["hands"]}) is None  # no piles shown
    assert _not_the_deck(shown(deck[:-1] + [7])) is None
