"""``unospec certify``: run the rulebook and differential games against a program.

1. **Handshake and smoke game**: a broken adapter (no answer, garbage, a crash before the
   first turn) is reported as *could not run*, apart from wrong rules.
2. **Scenarios**: every scenario run of ``features/`` for the profile, through the engine
   port (those that set up a position need the program's ``load`` capability).
3. **Differential games**: harness-chosen chance and actions; after every step the
   complete legal-action set and the observed position are compared with the reference,
   and illegal actions are attempted that the program must refuse. A divergence becomes
   a reproducer: the position before the step and the action.
"""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from unospec.attribution import rule_for_extra, rule_for_field, rule_for_missing
from unospec.compare import diff_actions, diff_positions
from unospec.protocol import (
    Program,
    ProgramPort,
    ProtocolError,
    actions_of,
    outcome_of,
    position_of,
)
from unospec.reference import IllegalAction, apply, dump, legal_actions, new_game
from unospec.reference.chance import chance_action
from unospec.scenarios import Run, execute, load_scenarios

OUTCOMES = ("pass", "fail", "skipped", "errored", "timeout", "not_applicable")


@dataclass
class Finding:
    """One checked item: a scenario run, a differential game, or the smoke game."""

    kind: str
    id: str
    outcome: str
    rules: list[str] = field(default_factory=list)
    message: str = ""
    step: int | None = None
    field: str | None = None
    expected: Any = None
    actual: Any = None
    reproducer: dict[str, Any] | None = None
    seconds: float = 0.0
    steps: int = 0

    def to_json(self) -> dict[str, Any]:
        """Every field, ``None``, ``[]`` and ``""`` included: a report loses nothing."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass
class Settings:
    argv: list[str]
    profile: str = "official"
    games: int = 20
    seed: int = 0
    jobs: int = 1
    timeout: float = 5.0
    max_steps: int = 4000
    validate: bool = False
    scenarios: bool = True


@dataclass
class Certification:
    settings: Settings
    hello: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    could_not_run: str | None = None
    stderr: str = ""
    restarts: int = 0
    messages: int = 0
    seconds: float = 0.0
    started: str = ""
    stage_seconds: dict[str, float] = field(default_factory=dict)  # wall time per stage

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(OUTCOMES, 0)
        for f in self.findings:
            out[f.outcome] += 1
        return out

    @property
    def conformant(self) -> bool:
        c = self.counts()
        return (
            self.could_not_run is None
            and c["pass"] > 0
            and not (c["fail"] or c["errored"] or c["timeout"] or c["skipped"])
        )


class Worker:
    """One program process, restarted after a crash or a timeout."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.program = Program(settings.argv, timeout=settings.timeout, validate=settings.validate)
        self.program.start()
        self.port = ProgramPort(self.program)

    def fresh(self) -> None:
        if not self.program.alive:
            self.program.restart()
            self.port = ProgramPort(self.program)

    def close(self) -> None:
        self.program.close()


# -- the smoke game ---------------------------------------------------------------------------------


def smoke(worker: Worker, profile: str) -> str | None:
    """Deal a game and make one move; returns a problem with the adapter, or ``None``."""
    rng = random.Random(0)
    for players in (2, 4):
        try:
            outcome = worker.port.new_game(players, profile, {})
            if not outcome.accepted:
                continue
            ref = new_game(players, profile)
            while ref.chance is not None:
                act = chance_action(ref, rng)
                ref, _ = apply(ref, act)
                if not worker.port.apply(act).accepted:
                    return None  # answered: a rules problem, found later
            acts = worker.port.legal_actions()
            if not isinstance(acts, list):
                return "legal_actions did not return a list"
            worker.port.observe()
            return None
        except ProtocolError as e:
            return f"the smoke game failed ({e.kind}): {e.detail}"
    return None


# -- scenarios -----------------------------------------------------------------------------------------


def applicable_runs(profile: str, hello: dict[str, Any]) -> list[tuple[Run, str | None]]:
    """The scenario runs for ``profile``, each with a reason to skip it (or ``None``)."""
    declared = set(hello.get("options") or [])
    can_load = "load" in (hello.get("capabilities") or [])
    out = []
    for sc in load_scenarios():
        for run in sc.runs:
            if run.profile != profile:
                continue
            reason = None
            needed = {
                s.text.split()[2].split(".")[0]
                for s in run.steps
                if s.text.startswith("the option ")
            }
            if needed - declared:
                # certification is per profile and declared options: a variant the program
                # does not offer is outside what it claims (not applicable, not a skip)
                reason = f"not applicable: needs option(s) {', '.join(sorted(needed - declared))}"
            elif not can_load and not any(s.text.startswith("a new ") for s in run.steps):
                reason = "sets up a position: needs the 'load' capability"
            out.append((run, reason))
    return out


def run_scenario(worker: Worker, run: Run, reason: str | None) -> Finding:
    """One scenario run. A pass counts for every rule its steps check; a failure blames
    only the rule its failing step checks (tags select scenarios, they do not blame)."""
    rules = run.rules_checked()
    if reason and reason.startswith("not applicable"):
        return Finding("scenario", run.id, "not_applicable", rules, reason)
    if reason:
        return Finding("scenario", run.id, "skipped", rules, reason)
    t0 = time.perf_counter()
    try:
        worker.fresh()
        result = execute(run, worker.port)
    except ProtocolError as e:
        outcome = "timeout" if e.kind == "timeout" else "errored"
        if e.kind in ("timeout", "crash", "garbage", "too_long", "wrong_seq"):
            worker.program.close()
        return Finding(
            "scenario",
            run.id,
            outcome,
            rules,
            f"{e.kind}: {e.detail}",
            seconds=time.perf_counter() - t0,
        )
    seconds = time.perf_counter() - t0
    if result.passed:
        return Finding("scenario", run.id, "pass", rules, seconds=seconds)
    outcome = "skipped" if result.skipped else "fail"
    return Finding(
        "scenario",
        run.id,
        outcome,
        [result.rule] if result.rule and outcome == "fail" else rules,
        result.message,
        step=result.step,
        seconds=seconds,
    )


# -- differential games ------------------------------------------------------------------------------------


def eager_choice(ref, acts: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    plays = [a for a in acts if a["seat"] == ref.to_act and a["type"] not in ("draw",)]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(acts)


def _illegal(ref, rng: random.Random) -> dict[str, Any] | None:
    """An action near the legal ones that the rules forbid (the program must refuse it)."""
    legal = legal_actions(ref)
    if not legal:
        return None
    for _ in range(8):
        a = dict(rng.choice(legal))
        what = rng.randrange(3)
        if what == 0:
            a["seat"] = rng.randrange(ref.players)
        elif what == 1 and a["type"] == "play":
            from unospec.spec.cards import KINDS

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


BATCH = 16  # steps whose requests go out together (about 6 KB of requests)
IN_FLIGHT = 2  # batches sent before the first of them is checked (well under a pipe's 64 KB)


@dataclass
class Planned:
    """One step of a differential game, played on the reference ahead of the program: the
    requests that check the program on it, and what their replies must say."""

    step: int
    before: Any  # the reference position before the step (the reproducer's position)
    after: Any
    events: list[dict[str, Any]]
    action: dict[str, Any]
    chance: bool
    expected: list[dict[str, Any]] | None = None  # the complete legal-action set before it
    bad: dict[str, Any] | None = None  # an illegal action the program must refuse first

    def requests(self) -> list[dict[str, Any]]:
        apply_act = {"cmd": "apply", "action": self.action}
        if self.chance:
            return [apply_act, {"cmd": "observe"}]
        probe = (
            []
            if self.bad is None
            else [{"cmd": "observe"}, {"cmd": "apply", "action": self.bad}, {"cmd": "observe"}]
        )
        return [{"cmd": "legal_actions"}, *probe, apply_act, {"cmd": "observe"}]


def plan_step(ref, step: int, rng: random.Random) -> Planned:
    """The next step on the reference: a chance input, or a seat action chosen among the
    legal ones (every fifth step also tries an illegal action near them first)."""
    if ref.chance is not None:
        act = chance_action(ref, rng)
        after, events = apply(ref, act)
        return Planned(step, ref, after, events, act, True)
    expected = legal_actions(ref)
    bad = _illegal(ref, rng) if step % 5 == 0 else None
    act = eager_choice(ref, expected, rng)
    after, events = apply(ref, act)
    return Planned(step, ref, after, events, act, False, expected, bad)


def check_step(p: Planned, replies: list[dict[str, Any]]) -> tuple | None:
    """Compare the program's replies for one planned step with the reference: ``None``, or
    ``(rule, message, field, expected, actual, action)`` for the first difference."""
    replies = list(replies)
    if not p.chance:
        offered = actions_of(replies.pop(0))
        missing, extra = diff_actions(p.expected or [], offered)
        if missing:
            what = f"a legal action is missing: {missing[0]}"
            return (
                rule_for_missing(p.before, missing[0]),
                what,
                "/legal_actions",
                missing,
                extra or None,
                missing[0],
            )
        if extra:
            what = f"an illegal action is offered: {extra[0]}"
            return (
                rule_for_extra(p.before, extra[0]),
                what,
                "/legal_actions",
                None,
                extra,
                extra[0],
            )
        if p.bad is not None:
            before_obs, refused, after_obs = (
                position_of(replies.pop(0)),
                outcome_of(replies.pop(0)),
                position_of(replies.pop(0)),
            )
            if refused.accepted:
                what = f"the program accepted an illegal action {p.bad}"
                return (rule_for_extra(p.before, p.bad), what, None, None, None, p.bad)
            if after_obs != before_obs:
                d = diff_positions(before_obs, after_obs)
                what = "a refused action changed the position"
                return ("P-ILLEGAL-PLAY-REJECTED", what, d[0][0] if d else None, None, None, p.bad)
    got, observed = outcome_of(replies[0]), position_of(replies[1])
    if not got.accepted:
        if p.chance:
            rule = p.events[0]["rule"] if p.events else "DEAL-SEVEN"
            what = f"the program refused the chance input: {got.error}"
        else:
            rule, what = (
                rule_for_missing(p.before, p.action),
                f"the program refused a legal action: {got.error}",
            )
        return (rule, what, None, None, None, p.action)
    if d := diff_positions(dump(p.after, share=True), observed):
        f, e, a = d[0]
        what = (
            f"after the chance input, {f} differs" if p.chance else f"after {p.action}, {f} differs"
        )
        return (rule_for_field(f, p.events), what, f, e, a, p.action)
    return None


def play_differential(
    worker: Worker, profile: str, players: int, seed: int, max_steps: int
) -> Finding:
    """A game chosen by the harness: the reference plays ahead in batches of :data:`BATCH`
    steps, each batch's requests go to the program in one write, and :data:`IN_FLIGHT`
    batches are with the program at once, so it answers one while the harness checks the
    replies to the other and plans the next. At the first difference the replies still in
    flight are read and dropped, and the step becomes a reproducer: the position before it
    and its action."""
    gid = f"game-{seed}-{players}p"
    rng = random.Random(seed)
    t0 = time.perf_counter()
    program = worker.program

    def fail(
        p: Planned, rule, message, fld=None, expected=None, actual=None, action=None
    ) -> Finding:
        repro = {"position": dump(p.before), "action": action}
        if worker.port.can_load:
            repro["confirmed"] = confirm(worker, repro, fld)
        return Finding(
            "differential",
            gid,
            "fail",
            [rule],
            message,
            p.step,
            fld,
            expected,
            actual,
            repro,
            time.perf_counter() - t0,
            p.step,
        )

    try:
        worker.fresh()
        program = worker.program
        started = worker.port.new_game(players, profile, {})
        if not started.accepted:
            return Finding(
                "differential",
                gid,
                "fail",
                ["PLAYER-COUNT"],
                f"the program refuses a {players}-player game: {started.error}",
                0,
                seconds=time.perf_counter() - t0,
            )
        ref = new_game(players, profile)
        step = 0
        in_flight: deque[tuple[list[Planned], list[dict[str, Any]]]] = deque()
        while True:
            # keep two batches with the program: it answers one while the harness checks
            # the other and plans the next
            while len(in_flight) < IN_FLIGHT and ref.phase != "over" and step < max_steps:
                batch: list[Planned] = []
                while ref.phase != "over" and step < max_steps and len(batch) < BATCH:
                    step += 1
                    batch.append(plan_step(ref, step, rng))
                    ref = batch[-1].after
                in_flight.append(
                    (batch, program.send_many([r for p in batch for r in p.requests()]))
                )
            if not in_flight:
                break
            batch, sent = in_flight.popleft()
            for p in batch:
                mine, sent = sent[: len(p.requests())], sent[len(p.requests()) :]
                problem = check_step(p, program.receive_many(mine))
                if problem is not None:
                    # read the replies still in flight, so the pipe is clean for what follows;
                    # a program that fails while doing so is restarted (the difference stands)
                    try:
                        program.receive_many(sent + [r for _, more in in_flight for r in more])
                    except ProtocolError:
                        worker.fresh()
                    rule, message, fld, expected, actual, action = problem
                    return fail(p, rule, message, fld, expected, actual, action)
        note = f"{step} steps" + (
            "" if ref.phase == "over" else f" (stopped at the {max_steps}-step limit)"
        )
        return Finding(
            "differential", gid, "pass", [], note, seconds=time.perf_counter() - t0, steps=step
        )
    except ProtocolError as e:
        if e.kind in ("timeout", "crash", "garbage", "too_long", "wrong_seq"):
            worker.program.close()
        return Finding(
            "differential",
            gid,
            "timeout" if e.kind == "timeout" else "errored",
            [],
            f"{e.kind}: {e.detail}",
            seconds=time.perf_counter() - t0,
        )


def confirm(worker: Worker, repro: dict[str, Any], fld: str | None) -> bool:
    """Re-run a reproducer on its own (load the position, apply the action) to see it fail again."""
    from unospec.reference import load

    try:
        ref = load(repro["position"])
        worker.port.load(repro["position"])
        action = repro["action"]
        if fld == "/legal_actions":
            missing, extra = diff_actions(legal_actions(ref), worker.port.legal_actions())
            return bool(missing or extra)
        try:
            after, _ = apply(ref, action)
            expected_ok = True
        except IllegalAction:
            expected_ok = False
        got = worker.port.apply(action)
        if got.accepted != expected_ok:
            return True
        return bool(expected_ok and diff_positions(dump(after), worker.port.observe()))
    except ProtocolError:
        worker.fresh()
        return False


# -- the whole certification ----------------------------------------------------------------------------------


def certify(
    settings: Settings, progress: Callable[[str, int, int], None] | None = None
) -> Certification:
    cert = Certification(settings, started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    t0 = time.perf_counter()
    try:
        first = Worker(settings)
    except ProtocolError as e:
        cert.could_not_run = f"handshake failed ({e.kind}): {e.detail}"
        cert.seconds = time.perf_counter() - t0
        return cert
    cert.hello = first.program.hello
    workers = [first]
    try:
        if settings.profile not in (cert.hello or {}).get("profiles", []):
            cert.could_not_run = f"the program does not declare the profile {settings.profile!r} (it declares {cert.hello.get('profiles')})"
            return cert
        problem = smoke(first, settings.profile)
        cert.findings.append(
            Finding("smoke", "smoke-game", "fail" if problem else "pass", [], problem or "")
        )
        if problem:
            cert.could_not_run = problem
            return cert
        for _ in range(max(0, settings.jobs - 1)):
            try:
                workers.append(Worker(settings))
            except ProtocolError:
                break
        lock = threading.Lock()
        done = [0]

        def tick(stage: str, total: int) -> None:
            with lock:
                done[0] += 1
                if progress:
                    progress(stage, done[0], total)

        if settings.scenarios:
            t_stage = time.perf_counter()
            runs = applicable_runs(settings.profile, cert.hello)
            done[0] = 0
            cert.findings += _parallel(
                workers,
                runs,
                lambda w, item: run_scenario(w, *item),
                lambda: tick("scenarios", len(runs)),
            )
            cert.stage_seconds["scenarios"] = time.perf_counter() - t_stage
        games = [(2 + (g % 9), settings.seed + g) for g in range(settings.games)]
        done[0] = 0
        t_stage = time.perf_counter()
        cert.findings += _parallel(
            workers,
            games,
            lambda w, item: play_differential(
                w, settings.profile, item[0], item[1], settings.max_steps
            ),
            lambda: tick("games", len(games)),
        )
        cert.stage_seconds["games"] = time.perf_counter() - t_stage
    finally:
        for w in workers:
            cert.restarts += w.program.restarts
            cert.messages += w.program.messages
            cert.stderr += w.program.stderr_text()[-4096:]
            w.close()
        cert.seconds = time.perf_counter() - t0
    return cert


def _parallel(workers: list[Worker], items: list[Any], fn, tick) -> list[Finding]:
    """Run ``fn(worker, item)`` over ``items`` with one thread per worker; results in item order."""
    results: list[Finding | None] = [None] * len(items)
    cursor = [0]
    lock = threading.Lock()

    def loop(w: Worker) -> None:
        while True:
            with lock:
                i = cursor[0]
                cursor[0] += 1
            if i >= len(items):
                return
            try:
                results[i] = fn(w, items[i])
            except Exception as e:  # the harness must never crash on a program's behaviour
                results[i] = Finding(
                    "error", str(i), "errored", [], f"harness error: {type(e).__name__}: {e}"
                )
            tick()

    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        list(pool.map(loop, workers))
    return [r for r in results if r is not None]
