"""Differential games: the harness plays a game with a program and judges every step.

After every step the harness compares the program's complete legal-action set and its
observed position with the reference's, and now and then tries an action the rules
forbid. Where the program does otherwise, the step is a *divergence*: it is named by
what explains it (:mod:`unospec.explanation`), recorded with a reproducer, and the
reference is then brought to the program's state — the position the explaining change
reaches, or else the program's observed position completed with what the reference
knows — and the game goes on, so one game reports every deviation it meets. A game ends
when the match is over, at the step limit, or when the two states cannot be reconciled
(the report says why).

Two ways to play:

* **speculative**: the reference plays ahead in batches of :data:`BATCH` steps whose
  requests go to the program in one write, two batches in flight; while the program
  agrees, this is fast. At a difference the program is replayed to the step before it (a
  new game with the same inputs, checked to be back where it was) and that step is played
  step by step, then a stretch after it (:data:`BACKOFF` steps, twice as many after each
  difference of the game). A replay costs the whole game so far: where the program
  agreed for less than a batch before a difference, or the steps it agreed ahead saved
  less time than its replay took (as measured in this game), the rest of the game is
  played step by step. The choice changes only the speed: the game is the same either
  way;
* **step by step**: the program's legal actions are read first, the action is chosen
  among those both sides allow, and the program's chance reports are fed to the
  reference (:mod:`unospec.chance_feed`).

A program that owns its chance is played ahead too when it is ``seeded`` (a replay deals
and shuffles the same). A step that calls for chance it makes (its deal, a reshuffle) is
played step by step, and so is a step that draws while the reference does not know the
order of its draw pile (it hides it); play goes on ahead after such a step. A program
that shows its draw pile gives the reference its order, and its draws are played ahead.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from unospec.attribution import rule_for_missing
from unospec.chance_feed import Feed, Note, Report, ReportError, Stepped, advance, report_of
from unospec.compare import OBSERVED_FIELDS, canonical_action, diff_actions, diff_positions
from unospec.deviations import StepContext
from unospec.explanation import Change, Explained, Explainer
from unospec.protocol import Program, ProtocolError, actions_of, outcome_of, position_of
from unospec.reference import IllegalAction, apply, dump, legal_actions, load, new_game
from unospec.reference.chance import chance_action
from unospec.reference.engine import diagnose
from unospec.reference.position import Position, PositionError
from unospec.spec.cards import CANONICAL_DECK

Json = dict[str, Any]

BATCH = 16  # steps whose requests go out together (about 6 KB of requests)
IN_FLIGHT = 2  # batches sent before the first of them is checked (well under a pipe's 64 KB)
PROBE_EVERY = 5  # every fifth seat step also tries an illegal action first
BACKOFF = 16  # steps played step by step after a difference met ahead (doubled each time)
GENERIC = {
    "TURN-ADVANCE",
    "PLAY-MATCH",
    "WILD-ANYTIME",
    "DRAW-END-TURN",
    "DEAL-SEVEN",
    "FIRST-DISCARD-FLIP",
    "DEALER-SELECTION",
    "DRAW-ONE",
}


@dataclass
class Divergence:
    """One place where the program did otherwise than the reference."""

    game: str
    step: int
    kind: str  # legal, duplicate, state, chance, refused, accepted, changed, citation, hang
    rule: str | None  # None: nothing explains it
    message: str
    change: Change | None = None
    # every change that explains it, with the rule it blames (a report picks the fewest
    # changes that explain everything a program did)
    alternatives: list[tuple[str, str]] = field(default_factory=list)
    field: str | None = None
    expected: Any = None
    actual: Any = None
    action: Json | None = None
    reproducer: Json | None = None

    @property
    def explained(self) -> bool:
        return self.rule is not None

    @property
    def key(self) -> tuple[Any, ...]:
        """Divergences with the same key are the same deviation seen again: the same rule,
        explained by the same change (unexplained ones by the field that differed)."""
        return (
            self.rule,
            self.change.id if self.change else None,
            self.kind if self.kind in ("hang", "crash", "citation", "duplicate") else "",
            None if self.rule else self.field,
        )


@dataclass
class GameResult:
    id: str
    players: int
    seed: int
    steps: int = 0
    divergences: list[Divergence] = field(default_factory=list)  # the first of each kind
    counts: Counter[tuple[Any, ...]] = field(default_factory=Counter)  # by Divergence.key
    ended: str = ""  # why the game ended
    outcome: str = "pass"  # pass, fail, errored, timeout
    seconds: float = 0.0
    judged: Counter[str] = field(default_factory=Counter)  # rule -> steps judged on it
    ahead: int = 0  # steps played ahead in batches (the others step by step)


@dataclass
class Plan:
    """One step of the reference played ahead of the program (speculative mode)."""

    step: int
    before: Position
    after: Position
    action: Json
    chance: bool
    events: list[Json] = field(default_factory=list)
    expected: list[Json] | None = None
    bad: Json | None = None

    def requests(self) -> list[Json]:
        apply_act = {"cmd": "apply", "action": self.action}
        if self.chance:
            return [apply_act, {"cmd": "observe"}]
        probe = (
            []
            if self.bad is None
            else [{"cmd": "observe"}, {"cmd": "apply", "action": self.bad}, {"cmd": "observe"}]
        )
        return [{"cmd": "legal_actions"}, *probe, apply_act, {"cmd": "observe"}]


class Unreconciled(Exception):
    """The reference cannot be brought to the program's state: the game ends."""


class Game:
    """One differential game (or the replay of a reproducer, with ``script``)."""

    def __init__(
        self,
        program: Program,
        explainer: Explainer,
        profile: str,
        players: int,
        seed: int,
        max_steps: int = 4000,
        options: Json | None = None,
        script: list[Json] | None = None,
        gid: str | None = None,
        ref_profile: str | None = None,
        ref_options: Json | None = None,
    ):
        self.program, self.explainer = program, explainer
        self.profile, self.options = profile, dict(options or {})
        # the rules the reference plays: the profile and options named to the program, or
        # more options (a profile file's) that the program plays without declaring them
        self.ref_profile = ref_profile or profile
        self.ref_options = dict(ref_options if ref_options is not None else self.options)
        self.players, self.seed, self.max_steps = players, seed, max_steps
        hello = program.hello or {}
        caps = set(hello.get("capabilities") or [])
        self.owns = frozenset(c for c in ("own_deal", "own_shuffle") if c in caps)
        explainer.pile_order = not self.owns
        self.seeded = "seeded" in caps
        self.rng = random.Random(seed)
        self.script = deque(script) if script is not None else None
        self.result = GameResult(gid or f"game-{seed}-{players}p", players, seed)
        self.inputs: list[Json] = []  # what was applied, in order (a reproducer's history)
        self.ended_direction = 1
        self.current: Json | None = None  # the action being applied (a hang is blamed on it)
        self.reported: Any = None  # what the program reported of it, before it hung
        self.prefetched: Json | None = None  # the legal_actions reply for the next step
        # playing ahead: whether it may (tests play step by step), not before which step,
        # and how often it met a difference
        self.play_ahead, self.ahead_from, self.misses = True, 0, 0
        self.agreed_since = 0  # steps agreed ahead since the last difference met ahead
        # seconds and steps played ahead (agreed) and step by step: what a step saves ahead
        self.clock = {"ahead": [0.0, 0], "step": [0.0, 0]}
        self.replay_seconds = 0.0  # of the last replay (not counted as playing ahead)
        # a program that owns its chance: whether the reference knows its draw pile's order
        self.pile_known = "own_deal" not in self.owns
        self.ref: Position = new_game(players, self.ref_profile, self.ref_options)
        self.t0 = time.perf_counter()

    # -- the game ----------------------------------------------------------------------------
    def play(self) -> GameResult:
        r = self.result
        try:
            self._start()
            while not r.ended:
                t, n = time.perf_counter(), r.steps
                ahead = self._may_play_ahead()
                if ahead:
                    self._speculate()
                else:
                    self._step()
                clock = self.clock["ahead" if ahead else "step"]
                clock[0] += time.perf_counter() - t - self.replay_seconds
                clock[1] += r.steps - n
                self.replay_seconds = 0.0
        except Unreconciled as e:
            r.ended = f"stopped: {e}"
        except ProtocolError as e:
            self._broken(e)
        r.seconds = time.perf_counter() - self.t0
        if r.outcome == "pass" and r.divergences:
            # a refusal that was right under another rule's citation is a warning only
            mild = all(d.kind == "citation" for d in r.divergences)
            r.outcome = "warning" if mild else "fail"
        return r

    def _start(self) -> None:
        try:
            reply = self.program.request(self._new_game_request())
        except ProtocolError as e:
            if e.kind not in ("refused", "unsupported"):
                raise
            self._diverge(
                0,
                "refused",
                "PLAYER-COUNT",
                f"the program refuses a {self.players}-player game: {e.detail}",
            )
            raise Unreconciled(f"the program refuses a {self.players}-player game") from None
        if "own_deal" in self.owns:
            self._own_deal(reply)

    def _new_game_request(self) -> Json:
        return {
            "cmd": "new_game",
            "players": self.players,
            "profile": self.profile,
            "options": self.options,
            "seed": self.seed,
        }

    def _own_deal(self, reply: Json) -> None:
        """The program dealt at ``new_game``: adopt its deal (step 0)."""
        try:
            report = report_of(reply, self.players)
        except ReportError as e:
            raise ProtocolError("schema", f"new_game: {e}") from None
        self.reported = report  # a program that fails to observe it: blamed on its deal
        obs = position_of(self.program.request({"cmd": "observe"}))
        self.reported = None
        self._judge(0, None, report, obs)

    # -- step by step ------------------------------------------------------------------------
    def _step(self) -> None:
        r, ref = self.result, self.ref
        if ref.phase == "over":
            r.ended = "the match is over"
            return
        if r.steps >= self.max_steps:
            r.ended = f"stopped at the {self.max_steps}-step limit"
            return
        r.steps += 1
        k = r.steps
        if self.script is not None and not self.script:
            # a reproducer's last step: what the program offers where it diverged
            if ref.chance is None:
                self._judge_legal(k, legal_actions(ref), self._offered(k)[0])
            r.ended = "the reproducer's steps are done"
            return
        if ref.chance is not None:
            act = self._next_chance()
            self._apply_and_judge(k, act)
            return
        offered, probe = self._offered(k)
        expected = legal_actions(ref)
        self._judge_legal(k, expected, offered)
        if self.script is not None and self.script[0] not in expected:
            probe = self.script.popleft()  # the reproducer tries an action the rules forbid
        if probe is not None:
            self._judge_probe(k, probe)
            if self.ref is not ref or self.script is not None:
                return  # the program took the forbidden action (or a reproducer's step was it)
        allowed = {canonical_action(b) for b in offered}
        common = [a for a in expected if canonical_action(a) in allowed]
        if self.script is not None:
            self._apply_and_judge(k, self._choose(common))  # a reproducer: its own action
            return
        for _ in range(3):
            if not common:
                raise Unreconciled(
                    f"at step {k} no action is legal for both the program and the rules"
                )
            act = self._choose(common)
            if self._apply_and_judge(k, act):
                return
            common = [a for a in common if a != act]
        raise Unreconciled(f"at step {k} the program refused three actions it offered")

    def _next_chance(self) -> Json:
        if self.script is not None:
            return self.script.popleft()
        return chance_action(self.ref, self.rng)

    def _choose(self, common: list[Json]) -> Json:
        if self.script is not None:
            want = self.script.popleft()
            for a in common:
                if canonical_action(a) == canonical_action(want):
                    return a
            return want  # the reproducer's action, whatever the program offers
        return eager_choice(self.ref, common, self.rng)

    def _offered(self, k: int) -> tuple[list[Json], Json | None]:
        """The program's legal actions, and (every few steps) the illegal action to try."""
        bad = None
        if self.script is None and k % PROBE_EVERY == 0:
            bad = illegal_near(self.ref, self.rng)
        reply, self.prefetched = self.prefetched, None
        if reply is None:
            reply = self._requests([{"cmd": "legal_actions"}], k)[0]
        return actions_of(reply), bad

    def _requests(self, msgs: list[Json], k: int) -> list[Json]:
        try:
            return self.program.request_many(msgs)
        except ProtocolError as e:
            e.step = k  # type: ignore[attr-defined]
            raise

    # -- judging -----------------------------------------------------------------------------
    def _judge_legal(self, k: int, expected: list[Json], offered: list[Json]) -> None:
        seen: dict[Any, int] = {}
        twice = []
        for a in offered:
            key = canonical_action(a)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] == 2:
                twice.append(a)
        if twice:
            self._diverge(
                k,
                "duplicate",
                "P-LEGAL-ACTION-SET",
                f"the legal actions list {_brief(twice[0])} more than once",
                field="/legal_actions",
                actual=twice,
            )
        missing, extra = diff_actions(expected, offered)
        if not missing and not extra:
            if watched := self.explainer.watched():
                self.explainer.legal_contradicts(self.ref, expected, watched)
            return
        for g in self.explainer.legal(self.ref, expected, offered):
            what = []
            if g.missing:
                what.append(f"missing {', '.join(_brief(a) for a in g.missing)}")
            if g.extra:
                what.append(f"offers {', '.join(_brief(a) for a in g.extra)}")
            if g.change is not None:
                self.explainer.credit(g.change)
            self._diverge(
                k,
                "legal",
                g.rule,
                "the legal actions differ: "
                + "; ".join(what)
                + (f" (behaves as {g.change.option})" if g.change and g.change.option else ""),
                change=g.change,
                alternatives=g.alternatives,
                field="/legal_actions",
                expected=g.missing or None,
                actual=g.extra or None,
                action=(g.missing or g.extra)[0],
            )

    def _judge_probe(self, k: int, bad: Json) -> None:
        """An action the rules forbid: the program must refuse it and change nothing."""
        before_obs, got, after_obs = self._requests(
            [{"cmd": "observe"}, {"cmd": "apply", "action": bad}, {"cmd": "observe"}], k
        )
        outcome, before_obs, after_obs = (
            outcome_of(got),
            position_of(before_obs),
            position_of(after_obs),
        )
        wrong = diagnose(self.ref, bad)
        if not outcome.accepted:
            if after_obs != before_obs:
                d = diff_positions(before_obs, after_obs)
                self._diverge(
                    k,
                    "changed",
                    "P-ILLEGAL-PLAY-REJECTED",
                    f"refusing {_brief(bad)} changed the position ({d[0][0] if d else '?'})",
                    field=d[0][0] if d else None,
                    action=bad,
                )
                self.ref = self._adopt_observed(self.ref, after_obs, k)
            self._judge_citation(k, bad, outcome.error, wrong.rule)
            return
        self.inputs.append(bad)
        try:
            report = report_of(got, self.players)
        except ReportError as e:
            raise ProtocolError("schema", f"apply: {e}") from None
        feed = Feed(report, self.owns, _hands(after_obs))
        official = Stepped(self.ref, [], [])
        ctx = StepContext(self.ref, bad, feed, official, after_obs, self.ended_direction)
        found = self.explainer.state(ctx, accepted=True)
        self._record(
            k,
            "accepted",
            wrong.rule,
            f"the program accepted {_brief(bad)}, which {wrong.rule} forbids ({wrong.reason})",
            found,
            bad,
            field=wrong.field or None,
        )
        if found:
            self.ref = self._adopt(found[0].after, after_obs, k)
        else:
            self.ref = self._adopt_observed(self.ref, after_obs, k)

    def _judge_citation(self, k: int, bad: Json, error: Json | None, rule: str) -> None:
        """A forbidden action rightly refused: the rule the program cites must be the one
        that forbids it (``rule``), where it cites one."""
        cited = (error or {}).get("rule")
        if cited and cited != rule:
            self._diverge(
                k,
                "citation",
                rule,
                f"{_brief(bad)} was rightly refused, but under {cited}; the rules forbid it "
                f"under {rule}",
                field="/error/rule",
                expected=rule,
                actual=cited,
                action=bad,
            )

    def _apply_and_judge(self, k: int, act: Json) -> bool:
        """Apply ``act`` on both sides and judge the outcome; ``False`` when the program
        refused a legal action (the step is tried again with another)."""
        self.current = act
        # the next step's legal actions come with this step's answers (one round trip)
        sent = self.program.send_many(
            [{"cmd": "apply", "action": act}, {"cmd": "observe"}, {"cmd": "legal_actions"}]
        )
        replies = []
        try:
            for msg in sent:
                replies.append(self.program.receive_many([msg])[0])
                if len(replies) == 1:
                    with contextlib.suppress(ReportError):
                        self.reported = report_of(replies[0], self.players)
        except ProtocolError as e:
            e.step = k  # type: ignore[attr-defined]
            raise
        self.current, self.reported = None, None
        got, obs = outcome_of(replies[0]), position_of(replies[1])
        self.prefetched = replies[2] if got.accepted else None
        if not got.accepted:
            chance = act.get("seat") is None
            rule = (
                self._step_rule(self._official(act)) if chance else rule_for_missing(self.ref, act)
            )
            self._diverge(
                k,
                "refused",
                rule,
                f"the program refused {_brief(act)}, which the rules allow: {got.error}",
                action=act,
                field="/accepted",
                expected=True,
                actual=False,
            )
            if chance:
                raise Unreconciled(f"the program refused the chance input at step {k}")
            return False
        self.inputs.append(act)
        try:
            report = report_of(replies[0], self.players)
        except ReportError as e:
            raise ProtocolError("schema", f"apply: {e}") from None
        self._judge(k, act, report, obs)
        return True

    def _official(self, act: Json | None) -> Stepped | None:
        """The reference's outcome of ``act`` (with the chance the program reported of it,
        if it did), for naming the rule of a step the program failed at."""
        try:
            return advance(self.ref, act, Feed(self.reported or Report(), self.owns))
        except (IllegalAction, KeyError, ValueError, TypeError, RuntimeError):
            return None

    def _judge(self, k: int, act: Json | None, report: Any, obs: Json) -> None:
        """Judge one step the program has taken: its chance fed to the reference, then
        the observed position compared; a difference explained, recorded and reconciled."""
        before = self.ref
        feed = Feed(report, self.owns, _hands(obs))
        official = advance(before, act, feed)
        self._note_round_end(before, act, official.events)
        if (extra := _not_the_deck(obs)) is not None:
            self._diverge(
                k,
                "state",
                "DECK-COMPOSITION",
                f"the program's cards are not the 108-card deck ({extra})",
                field="/hands",
                action=act,
            )
            raise Unreconciled(f"at step {k} the program's cards are not the deck")
        d = diff_positions(dump(official.after, share=True), obs, not self.owns)
        fatal = [n for n in official.notes if n.fatal]
        if fatal:
            # the program did what the certified rules never do: an option may explain it
            ctx = StepContext(before, act, feed, official, obs, self.ended_direction)
            found = [f for f in self.explainer.state(ctx) if not any(n.fatal for n in f.notes)]
            if not found:
                for n in fatal:
                    self._diverge(k, "chance", n.rule, n.message, field=n.field, action=act)
                raise Unreconciled(f"at step {k}: {fatal[0].message}")
        if not d and not official.notes:
            if watched := self.explainer.watched():
                ctx = StepContext(before, act, feed, official, obs, self.ended_direction)
                self.explainer.contradicts(ctx, watched)
            self.ref = self._sync(official.after, obs)
            for e in official.events:
                self.result.judged[e["rule"]] += 1
            return
        ctx = StepContext(before, act, feed, official, obs, self.ended_direction)
        found = self.explainer.state(ctx)
        if found:
            best = found[0]
            self._record(
                k,
                "state",
                best.rule,
                _state_message(act, d, best),
                found,
                act,
                field=d[0][0] if d else "/chance",
                expected=d[0][1] if d else None,
                actual=d[0][2] if d else None,
            )
            for patch in best.also:  # a second deviation in the same step
                self.explainer.credit(patch.change)
                self._diverge(
                    k,
                    "state",
                    patch.rule,
                    f"{_state_message(act, d, patch)} (with {best.change.id})",
                    change=patch.change,
                    alternatives=[(patch.change.id, patch.rule)],
                    action=act,
                    field=d[0][0] if d else None,
                )
            for n in best.notes:  # what the change does not explain stands on its own
                self._diverge(k, "chance", n.rule, n.message, field=n.field, action=act)
            self.ref = self._adopt(best.after, obs, k)
            return
        for n in official.notes:
            self._diverge(k, "chance", n.rule, n.message, field=n.field, action=act)
        if d:
            f, e, a = d[0]
            hint = self._step_rule(official)
            self._diverge(
                k,
                "state",
                None,
                f"after {_brief(act) if act else 'the deal'}, {f} differs and no single change "
                f"of the rules explains it (the step involves {hint})",
                field=f,
                expected=e,
                actual=a,
                action=act,
            )
            self.ref = self._adopt_observed(official.after, obs, k)
        else:
            self.ref = self._sync(official.after, obs)

    def _note_round_end(self, before: Position, act: Json | None, events: list[Json]) -> None:
        """Keep the direction a round ended with (a new round's deviations are told apart
        by it)."""
        if (
            act is not None
            and act.get("type") != "deal"
            and any(e["type"] == "round_won" for e in events)
        ):
            self.ended_direction = _direction_at_end(before, act)

    def _step_rule(self, official: Stepped | None) -> str:
        """The most specific rule a step of the reference involves (for a step a program
        failed at): a Wild starter's colour, a challenge, a drawn card, … else the last
        specific rule its events cite."""
        pos = official.after if official is not None else self.ref
        if pos.phase == "colour" and (pos.pending or {}).get("starter"):
            return "FIRST-CARD-WILD"
        by_phase = {
            "colour": "WILD-COLOUR-CHOICE",
            "challenge": "WD4-CHALLENGE",
            "drawn": "DRAW-THEN-PLAY",
        }
        events = official.events if official is not None else []
        specific = [e["rule"] for e in events if e["rule"] not in GENERIC]
        if specific:
            return specific[-1]
        if pos.phase in by_phase:
            return by_phase[pos.phase]
        return events[-1]["rule"] if events else "TURN-ACTION"

    # -- recording ---------------------------------------------------------------------------
    def _record(
        self,
        k: int,
        kind: str,
        default_rule: str | None,
        message: str,
        found: list[Explained],
        act: Json | None,
        **kw: Any,
    ) -> None:
        if found:
            best = found[0]
            self.explainer.credit(best.change)
            tail = f" (behaves as {best.change.option})" if best.change.option else ""
            self._diverge(
                k,
                kind,
                best.rule,
                message + tail,
                change=best.change,
                alternatives=[(e.change.id, e.rule) for e in found],
                action=act,
                **kw,
            )
        else:
            self._diverge(k, kind, default_rule, message, action=act, **kw)

    def _diverge(self, k: int, kind: str, rule: str | None, message: str, **kw: Any) -> None:
        div = Divergence(self.result.id, k, kind, rule, message, **kw)
        if len(div.alternatives) > 1:  # which of them does the program play? watch them
            self.explainer.suspects.update(c for c, _ in div.alternatives)
        r = self.result
        r.counts[div.key] += 1
        if r.counts[div.key] == 1:  # the first is the shortest: its history is the least
            div.reproducer = self._reproducer(k, kind, div)
            r.divergences.append(div)
        elif div.alternatives:
            first = next(d for d in r.divergences if d.key == div.key)
            # the changes that explain every sighting (a change may blame another rule
            # at another position: it explains both all the same)
            ids = {cid for cid, _ in div.alternatives}
            first.alternatives = [
                a for a in first.alternatives if a[0] in ids
            ] or first.alternatives

    def _reproducer(self, k: int, kind: str, div: Divergence) -> Json:
        """What replays this divergence: the game's inputs up to the step, then the check."""
        upto = list(self.inputs)
        act = div.action
        if upto and act is not None and upto[-1] is act:
            upto = upto[:-1]  # the step's own action is the reproducer's action
        return {
            "unospec_reproducer": 1,
            "profile": self.profile,
            "options": self.options,
            "reference_profile": self.ref_profile,
            "reference_options": self.ref_options,
            "players": self.players,
            "seed": self.seed,
            "chance": sorted(self.owns) or "dictated",
            "inputs": upto,
            "step": k,
            "check": kind,
            "action": act,
            "rule": div.rule,
            "message": div.message,
            "field": div.field,
            "expected": div.expected,
            "actual": div.actual,
            "position": dump(self.ref),
        }

    # -- reconciling -------------------------------------------------------------------------
    def _adopt(self, after: Position | None, obs: Json, k: int) -> Position:
        """Go on from ``after`` (what an explaining change reaches) under the certified rules."""
        if after is None:
            return self._adopt_observed(self.ref, obs, k)
        data = dump(after)
        data["profile"], data["options"] = self.ref_profile, self.ref_options
        try:
            return self._sync(load(data), obs)
        except (PositionError, IllegalAction, KeyError, ValueError, TypeError) as e:
            raise Unreconciled(
                f"at step {k} the explained position cannot be played under {self.profile}: {e}"
            ) from None

    def _adopt_observed(self, ref_after: Position, obs: Json, k: int) -> Position:
        """Go on from the program's observed position, completed with what the reference
        knows (its bookkeeping, and the cards of the piles the program does not show)."""
        data = dump(ref_after)
        for f in OBSERVED_FIELDS:
            if f in obs and f in data:
                data[f] = obs[f]
        _fill_piles(data, obs)
        if self.owns:
            self.pile_known = isinstance(obs.get("draw_pile"), list)
        try:
            return load(data)
        except (PositionError, IllegalAction, KeyError, ValueError, TypeError) as e:
            raise Unreconciled(
                f"at step {k} the program's position cannot be followed: {e}"
            ) from None

    def _sync(self, pos: Position, obs: Json) -> Position:
        """Take the program's draw pile order where it shows one (a program that owns its
        shuffles knows an order the reference does not)."""
        pile = obs.get("draw_pile")
        usable = (
            isinstance(pile, list)
            and all(isinstance(c, str) for c in pile)
            and Counter(pile) == Counter(pos.draw_pile)
        )
        if self.owns:
            self.pile_known = usable
        if self.owns and usable and pile != pos.draw_pile:
            pos = pos.copy()
            pos.draw_pile = list(pile)
        return pos

    def _broken(self, e: ProtocolError) -> None:
        """A hang, crash or protocol error: the game ends, blamed on the rule of the step."""
        r = self.result
        k = getattr(e, "step", r.steps)
        official = (
            self._official(self.current)
            if self.current is not None or self.reported is not None
            else None
        )
        rule = self._step_rule(official) if e.kind in ("timeout", "crash") else None
        r.outcome = "timeout" if e.kind == "timeout" else "errored"
        r.ended = f"{e.kind}: {e.detail}"
        if e.kind in ("timeout", "crash", "garbage", "too_long", "wrong_seq", "schema"):
            self._diverge(
                k,
                "hang" if e.kind == "timeout" else "crash",
                rule,
                f"the program {'stopped answering' if e.kind == 'timeout' else 'failed'} "
                f"at step {k} ({e.kind}: {e.detail})",
            )
        if e.kind in ("timeout", "crash", "garbage", "too_long", "wrong_seq"):
            self.program.close()

    # -- speculative play --------------------------------------------------------------------
    def _may_play_ahead(self) -> bool:
        """Whether the next steps can be played ahead: not a reproducer's replay, not in
        the stretch after a difference, and (for a program that owns its chance) a replay
        that deals and shuffles the same."""
        if not self.play_ahead or self.script is not None:
            return False
        if self.result.steps < self.ahead_from:
            return False
        return not self.owns or self.seeded

    def _owned(self, pos: Position) -> bool:
        """Whether ``pos`` waits for chance the program makes itself."""
        return pos.chance is not None and Feed(owns=self.owns).owner(pos.chance)

    def _unknown_draw(self, p: Plan) -> bool:
        """Whether a step draws from a pile whose order the reference does not know (a
        program that shuffles with its own generator and hides its draw pile): what the
        program draws there is its own."""
        return not self.pile_known and any(
            e["type"] in ("cards_drawn", "reshuffled") for e in p.events
        )

    def _speculate(self) -> None:
        """Batches played ahead while the program agrees; at the first difference, replay
        the program to the step before and play that step step by step. Stops too before
        a step that calls for chance the program makes."""
        program, r = self.program, self.result
        ref, step = self.ref, r.steps
        self.prefetched = None
        blocked = False  # the next step calls for the program's own chance
        in_flight: deque[tuple[list[Plan], list[Json]]] = deque()
        rng_at: dict[int, Any] = {}  # the random state before the first step of each batch
        while True:
            while (
                len(in_flight) < IN_FLIGHT
                and not blocked
                and ref.phase != "over"
                and step < self.max_steps
            ):
                batch: list[Plan] = []
                rng_at[step + 1] = self.rng.getstate()
                while ref.phase != "over" and step < self.max_steps and len(batch) < BATCH:
                    if self.owns:
                        saved = self.rng.getstate()
                        p = None if self._owned(ref) else plan_step(ref, step + 1, self.rng)
                        if p is None or self._owned(p.after) or self._unknown_draw(p):
                            self.rng.setstate(saved)  # the step is played step by step
                            blocked = True
                            break
                    else:
                        p = plan_step(ref, step + 1, self.rng)
                    step += 1
                    batch.append(p)
                    ref = p.after
                if batch:
                    in_flight.append(
                        (batch, program.send_many([q for p in batch for q in p.requests()]))
                    )
            if not in_flight:
                break
            batch, sent = in_flight.popleft()
            for p in batch:
                mine, sent = sent[: len(p.requests())], sent[len(p.requests()) :]
                try:
                    replies = program.receive_many(mine)
                except ProtocolError as e:
                    e.step = p.step  # type: ignore[attr-defined]
                    self.ref = p.before
                    r.steps = p.step - 1
                    raise
                if agrees(p, replies, self.players if self.owns else None):
                    self._agreed(p, replies)
                    continue
                # a difference: drop what is in flight, replay up to the step before it
                with contextlib.suppress(ProtocolError):
                    program.receive_many(sent + [q for _, more in in_flight for q in more])
                self.ref = p.before
                r.steps = p.step - 1
                # the random generator as it was before this step: the batch's start, and
                # the steps before this one in the batch planned again
                self.rng.setstate(rng_at[batch[0].step])
                for q in batch[: batch.index(p)]:
                    plan_step(q.before, q.step, self.rng)
                t = time.perf_counter()
                self._replay_program(p.step)
                self.replay_seconds = time.perf_counter() - t
                self.misses += 1
                if (
                    self.agreed_since < BATCH
                    or self._saved(self.agreed_since) < self.replay_seconds
                ):
                    self.ahead_from = self.max_steps + 1  # not worth another replay
                else:
                    self.ahead_from = p.step + BACKOFF * 2 ** min(self.misses - 1, 6)
                self.agreed_since = 0
                return
        self.ref = ref
        r.steps = step
        if blocked:
            self.ahead_from = step + 1  # that step step by step, then ahead again
        elif ref.phase == "over":
            r.ended = "the match is over"
        else:
            r.ended = f"stopped at the {self.max_steps}-step limit"

    def _saved(self, steps: int) -> float:
        """The seconds ``steps`` played ahead saved over step by step play, by this game's
        clock so far (infinite before a step was played step by step)."""
        (ahead, n_ahead), (slow, n_slow) = self.clock["ahead"], self.clock["step"]
        if not n_slow:
            return float("inf")
        return steps * (slow / n_slow - ahead / max(n_ahead, 1))

    def _agreed(self, p: Plan, replies: list[Json]) -> None:
        """A step played ahead that the program took as the reference did: what step by
        step play keeps of such a step (the input, the rules judged, the direction a round
        ended with, the evidence against suspected changes)."""
        if p.bad is not None:  # refused, changing nothing: under which rule?
            error = outcome_of(replies[2]).error
            if (error or {}).get("rule"):
                self.ref = p.before  # (a divergence's reproducer starts here)
                self._judge_citation(p.step, p.bad, error, diagnose(p.before, p.bad).rule)
        self.inputs.append(p.action)
        self.result.ahead += 1
        self.agreed_since += 1
        for e in p.events:
            self.result.judged[e["rule"]] += 1
        self._note_round_end(p.before, p.action, p.events)
        if watched := self.explainer.watched():
            if p.expected is not None:
                self.explainer.legal_contradicts(p.before, p.expected, watched)
            obs = position_of(replies[-1])
            try:  # (a program whose chance is dictated may say what it likes of it)
                report = report_of(replies[-2], self.players)
            except ReportError:
                report = Report()
            feed = Feed(report, self.owns, _hands(obs))
            official = Stepped(p.after, p.events, [])
            ctx = StepContext(p.before, p.action, feed, official, obs, self.ended_direction)
            self.explainer.contradicts(ctx, watched)

    def _replay_program(self, k: int) -> None:
        """A new game on the program with the inputs so far: it is back where it was (its
        observed position is checked against the reference's: a program that deals or
        shuffles otherwise for the same seed cannot be followed)."""
        if not self.program.alive:
            self.program.restart()
        msgs = [self._new_game_request()] + [{"cmd": "apply", "action": a} for a in self.inputs]
        msgs.append({"cmd": "observe"})
        replies: list[Json] = []
        for i in range(0, len(msgs), 64):
            replies += self._requests(msgs[i : i + 64], k)
        obs = position_of(replies[-1])
        if d := diff_positions(dump(self.ref, share=True), obs):
            raise Unreconciled(
                f"at step {k} the program, replayed to the step before (a new game with "
                f"seed {self.seed} and the same inputs), is not where it was ({d[0][0]} "
                "differs)"
            )


def replay(
    program: Program, explainer: Explainer, repro: Json, ref_profile: str | None = None
) -> GameResult:
    """Play a reproducer against ``program``: a new game (with its seed, for a program
    that owns its chance) and its inputs, judged step by step, then its last action (or,
    for a difference in the legal actions, the program's legal actions there)."""
    script = list(repro.get("inputs") or [])
    if repro.get("action") is not None:
        script.append(repro["action"])
    game = Game(
        program,
        explainer,
        repro["profile"],
        repro["players"],
        repro.get("seed", 0),
        max_steps=len(script) + 2,
        options=repro.get("options") or {},
        script=script,
        gid=f"replay-{repro.get('step', 0)}",
        ref_profile=ref_profile or repro.get("reference_profile"),
        ref_options=repro.get("reference_options"),
    )
    return game.play()


# -- the speculative plan ------------------------------------------------------------------------


def eager_choice(ref: Position, acts: list[Json], rng: random.Random) -> Json:
    """A seat action: mostly a play of the seat to act, else any legal action."""
    plays = [a for a in acts if a["seat"] == ref.to_act and a["type"] not in ("draw",)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(acts)


def illegal_near(ref: Position, rng: random.Random) -> Json | None:
    """An action near the legal ones that the rules forbid (the program must refuse it)."""
    from unospec.spec.cards import KINDS

    legal = legal_actions(ref)
    if not legal:
        return None
    for _ in range(8):
        a = dict(rng.choice(legal))
        what = rng.randrange(3)
        if what == 0:
            a["seat"] = rng.randrange(ref.players)
        elif what == 1 and a["type"] == "play":
            a["card"] = rng.choice(KINDS)
        else:
            a = {
                "type": rng.choice(["play", "draw", "pass", "challenge", "uno"]),
                "seat": rng.randrange(ref.players),
            }
            if a["type"] == "play":
                a["card"] = rng.choice(ref.hands[a["seat"]] or ["R0"])
        if a not in legal:
            return a
    return None


def plan_step(ref: Position, step: int, rng: random.Random) -> Plan:
    """The next step on the reference: a chance input, or a seat action chosen among the
    legal ones (every fifth step also tries an illegal action near them first). Uses the
    random generator exactly as step-by-step play does."""
    if ref.chance is not None:
        act = chance_action(ref, rng)
        after, events = apply(ref, act)
        return Plan(step, ref, after, act, True, events)
    expected = legal_actions(ref)
    bad = illegal_near(ref, rng) if step % PROBE_EVERY == 0 else None
    act = eager_choice(ref, expected, rng)
    after, events = apply(ref, act)
    return Plan(step, ref, after, act, False, events, expected, bad)


def agrees(p: Plan, replies: list[Json], players: int | None = None) -> bool:
    """Do the program's replies for a planned step say exactly what the reference says?
    ``players``: the program owns chance, and its report of the step must say it made
    none and drew what the reference drew."""
    try:
        if players is not None and not _reports_nothing_else(p, replies[-2], players):
            return False
        replies = list(replies)
        if not p.chance:
            offered = actions_of(replies.pop(0))
            if len(offered) != len(p.expected or []):
                return False
            missing, extra = diff_actions(p.expected or [], offered)
            if missing or extra:
                return False
            if p.bad is not None:
                before, refused, after = replies.pop(0), outcome_of(replies.pop(0)), replies.pop(0)
                if refused.accepted or position_of(before) != position_of(after):
                    return False
        got, observed = outcome_of(replies[0]), position_of(replies[1])
        if not got.accepted:
            return False
        return not diff_positions(dump(p.after, share=True), observed)
    except ProtocolError:
        return False


def _reports_nothing_else(p: Plan, reply: Json, players: int) -> bool:
    """A program that owns its chance reports no chance input of its own for a step the
    reference played with none, and (if it says) drew the cards the reference drew."""
    try:
        report = report_of(reply, players)
    except ReportError:
        return False
    if report.items:
        return False
    if report.drawn is None:
        return True
    ours: dict[int, list[str]] = {}
    for e in p.events:
        if e["type"] == "cards_drawn":
            ours.setdefault(e["seat"], []).extend(e["cards"])
    theirs = Feed(report).scripts(p.before)  # per seat, the cards it drew in order
    return {seat: cards for seat, cards in theirs.items() if cards} == ours


# -- helpers -----------------------------------------------------------------------------------


def _not_the_deck(obs: Json) -> str | None:
    """Where a program shows every card (hands and both piles), what makes them another
    deck than the 108 cards; ``None`` when they are the deck or it shows less."""
    from unospec.spec.cards import DECK_COUNTS

    parts = [obs.get("draw_pile"), obs.get("discard_pile")]
    hands = obs.get("hands")
    if not isinstance(hands, list) or not all(isinstance(p, list) for p in [*parts, *hands]):
        return None
    with contextlib.suppress(TypeError):  # the common case first: exactly the deck
        if sorted(c for p in [*parts, *hands] for c in p) == _SORTED_DECK:
            return None
    held: Counter[Any] = Counter()
    for p in [*parts, *hands]:
        for c in p:
            if not isinstance(c, str):
                return None
            held[c] += 1
    if held == Counter(DECK_COUNTS):
        return None
    extra = sorted((held - Counter(DECK_COUNTS)).elements())
    missing = sorted((Counter(DECK_COUNTS) - held).elements())
    return f"extra: {' '.join(extra) or 'none'}; missing: {' '.join(missing) or 'none'}"


_SORTED_DECK = sorted(CANONICAL_DECK)


def _hands(obs: Json) -> tuple[tuple[str, ...], ...] | None:
    hands = obs.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        return None
    return tuple(tuple(h) for h in hands)


def _direction_at_end(before: Position, act: Json) -> int:
    """The direction a round ended with (the last card's Reverse counted)."""
    d = before.direction
    if act.get("type") == "play" and str(act.get("card", "")).endswith("R"):
        d = -d
    return d


def _fill_piles(data: Json, obs: Json) -> None:
    """Where the program does not show its draw pile, make it the cards no hand or
    discard holds, in the reference's order where it has them."""
    if "draw_pile" in obs:
        return
    from unospec.spec.cards import DECK_COUNTS

    held = Counter(c for h in data["hands"] for c in h) + Counter(data["discard_pile"])
    left = Counter(DECK_COUNTS) - held
    pile = []
    for c in data["draw_pile"]:
        if left[c] > 0:
            left[c] -= 1
            pile.append(c)
    pile += sorted(left.elements())
    data["draw_pile"] = pile


def _brief(a: Json | None) -> str:
    if not a:
        return "nothing"
    rest = " ".join(str(v) for k, v in a.items() if k not in ("type", "seat") and v is not False)
    seat = f"seat {a['seat']} " if "seat" in a else ""
    return f"{seat}{a.get('type')}{' ' + rest if rest else ''}".strip()


def _state_message(act: Json | None, d: list[tuple[str, Any, Any]], best: Explained) -> str:
    what = f"after {_brief(act)}" if act else "after the deal"
    where = f", {d[0][0]} differs" if d else ", the chance differs"
    return f"{what}{where}: {best.change.what}"


__all__ = ["BATCH", "Divergence", "Game", "GameResult", "Note", "Unreconciled"]
