"""``unospec certify``: run the rulebook and differential games against a program.

1. **Handshake and smoke game**: a broken adapter (no answer, garbage, a crash before the
   first turn) is reported as *could not run*, apart from wrong rules.
2. **Scenarios**: every scenario run of ``features/`` for the profile, through the engine
   port (those that set up a position need the program's ``load`` capability). A failing
   run blames the rule its failing step checks.
3. **Differential games** (:mod:`unospec.differential`): after every step the complete
   legal-action set and the observed position are compared with the reference, and
   illegal actions are attempted that the program must refuse. Each divergence is named
   by what explains it (:mod:`unospec.explanation`), and the game goes on from the
   program's state. The deviations are reported once per rule, with how often they were
   seen and the shortest reproducer (replayed on its own to confirm it), and the
   options that explain them say which rules the program plays (:func:`plays`).
"""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from unospec.compiled_scenarios import CompiledPort, compiled, compiles, shuffles
from unospec.differential import Game, GameResult, replay
from unospec.explanation import Explainer
from unospec.findings import (
    OUTCOMES,
    Finding,
    coverage,
    deviation_findings,
    game_finding,
    plays,
)
from unospec.protocol import Program, ProgramPort, ProtocolError
from unospec.reference import apply, new_game
from unospec.reference.chance import chance_action
from unospec.scenario_blame import Trail, first_deviation
from unospec.scenarios import Run, execute, load_scenarios


@dataclass
class Settings:
    argv: list[str]
    profile: str = "official"  # the rules the reference plays (a name or a profile file)
    games: int = 20
    seed: int = 0
    jobs: int = 1
    timeout: float = 5.0
    max_steps: int = 4000
    validate: bool = False
    scenarios: bool = True
    sent_profile: str | None = None  # the profile named to the program, if not ``profile``
    report: str = "reports/certify"
    # options the reference plays on top of the profile (a profile file's): the program is
    # told only the ones it declares, and is expected to play the others all the same
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    # what to run (the command line's --rule, --scenario, -k, --last-failed, --fail-fast)
    rules: list[str] = dataclasses.field(default_factory=list)
    scenario_ids: list[str] = dataclasses.field(default_factory=list)
    keyword: str | None = None
    only_runs: set[str] | None = None  # scenario runs (--last-failed)
    only_games: set[tuple[int, int]] | None = None  # (players, seed) of games
    fail_fast: bool = False


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
    plays: dict[str, Any] | None = None  # which rules the program plays (:func:`plays`)
    coverage: dict[str, dict[str, int]] = field(default_factory=dict)
    incomplete: str | None = None  # why the run stopped before its end (a signal)

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
            and self.incomplete is None
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


def smoke(worker: Worker, settings: Settings) -> str | None:
    """Start a game and read its legal actions and position (a program that owns its
    deal deals at once; otherwise the deal is dictated); returns a problem with the
    adapter, or ``None``. A program that answers but breaks a rule is judged later."""
    rng = random.Random(0)
    caps = set((worker.program.hello or {}).get("capabilities") or [])
    profile = settings.sent_profile or settings.profile
    for players in (2, 4):
        try:
            outcome = worker.port.new_game(players, profile, {})
            if not outcome.accepted:
                continue
            if "own_deal" not in caps:
                ref = new_game(players, settings.profile)
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
    caps = set(hello.get("capabilities") or [])
    can_load = "load" in caps
    own_deal, own_shuffle = "own_deal" in caps, "own_shuffle" in caps
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
            elif own_shuffle and shuffles(run.id):
                reason = "dictates a shuffle: the program shuffles with its own generator"
            elif not can_load:
                reason = _without_load(run, own_deal)
            out.append((run, reason))
    return out


def _no_scenario(runs: list[tuple[Run, str | None]], profile: str) -> str | None:
    """Why no scenario of the profile can judge this program, or ``None``: a certification
    that runs none of them is never called conformant (exit 2, could not run)."""
    if not runs:
        return (
            f"no scenario of the profile {profile!r} was found (the scenarios of features/ "
            "did not load: is the package complete?)"
        )
    if all(reason is not None for _, reason in runs):
        reasons = sorted({r for _, r in runs if r and not r.startswith("not applicable")})
        why = reasons[0] if len(reasons) == 1 else f"{len(reasons)} reasons, e.g. {reasons[0]}"
        return (
            f"none of the profile's {len(runs)} scenario runs can run on this program ({why}); "
            "certify it by its games alone with --no-scenarios"
        )
    return None


def _without_load(run: Run, own_deal: bool) -> str | None:
    """Why a program that cannot load a position cannot run ``run`` (``None``: it can:
    it starts from a new match, or its position compiles into a deal)."""
    new_match = any(s.text.startswith("a new ") for s in run.steps)
    if own_deal:
        what = "starts from a new match" if new_match else "sets up a position"
        return f"{what}: needs a dictated deal or 'load' (the program owns its deal)"
    if new_match:
        return None
    return compiles(run.id)


def _port_for(worker: Worker, run: Run) -> Any:
    """The port a scenario run talks to: the program's, or for a program without ``load``
    the compiled one that reaches the scenario's position by a deal."""
    caps = set((worker.program.hello or {}).get("capabilities") or [])
    if "load" in caps or any(s.text.startswith("a new ") for s in run.steps):
        return worker.port
    return CompiledPort(worker.port, compiled(run.id)[0] or 0)


def run_scenario(
    worker: Worker, run: Run, reason: str | None, explainer: Explainer | None = None
) -> Finding:
    """One scenario run. A pass counts for every rule its steps check; a failure blames
    only the rule its failing step checks (tags select scenarios, they do not blame), or,
    where the program went astray at an earlier step, the rule of what it did there
    (:mod:`unospec.scenario_blame`)."""
    rules = run.rules_checked()
    if reason and reason.startswith("not applicable"):
        return Finding("scenario", run.id, "not_applicable", rules, reason)
    if reason:
        return Finding("scenario", run.id, "skipped", rules, reason)
    t0 = time.perf_counter()
    try:
        worker.fresh()
        trail = Trail(_port_for(worker, run))
        result = execute(run, trail, strict_citations=False)
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
    if result.passed and result.citations:
        return Finding(
            "scenario",
            run.id,
            "warning",
            rules,
            "the refusals were right, under other rules: " + "; ".join(result.citations),
            seconds=seconds,
        )
    if result.passed:
        return Finding("scenario", run.id, "pass", rules, seconds=seconds)
    outcome = "skipped" if result.skipped else "fail"
    blamed, message = [result.rule] if result.rule else rules, result.message
    if outcome == "fail" and explainer is not None:
        try:
            first = first_deviation(trail, explainer)
        except ProtocolError:
            first = None
        if first is not None and first.rule != result.rule:
            blamed = [first.rule]
            message += (
                f" — the program went astray before, at its action {first.step}: "
                f"{first.message} ({first.rule})"
            )
    return Finding(
        "scenario",
        run.id,
        outcome,
        blamed if outcome == "fail" else rules,
        message,
        step=result.step,
        seconds=seconds,
        line=result.line,
    )


# -- differential games ------------------------------------------------------------------------------------


def play_game(
    worker: Worker, settings: Settings, explainer: Explainer, players: int, seed: int
) -> GameResult:
    """One differential game (:class:`unospec.differential.Game`), on a live program."""
    worker.fresh()
    game = Game(
        worker.program,
        explainer,
        settings.sent_profile or settings.profile,
        players,
        seed,
        settings.max_steps,
        options=_declared(settings.options, worker.program.hello),
        ref_profile=settings.profile,
        ref_options=settings.options,
    )
    result = game.play()
    if result.outcome in ("pass", "fail"):
        worker.program.mark_healthy()
    return result


def _declared(options: dict[str, Any], hello: dict[str, Any] | None) -> dict[str, Any]:
    """The options a program is told: those it declares (the harness never sends others)."""
    declared = set((hello or {}).get("options") or [])
    return {k: v for k, v in options.items() if k.split(".")[0] in declared}


def confirm(worker: Worker, settings: Settings, explainer: Explainer, f: Finding) -> bool:
    """Replay a deviation's reproducer on its own: a new game with its inputs (and its
    seed), judged step by step; confirmed when the same rule (or, unexplained, the same
    field) diverges again."""
    repro = f.reproducer or {}
    if worker.program.broken:
        return False  # judged unusable: nothing more is asked of it
    try:
        worker.fresh()
        result = replay(worker.program, explainer, repro, ref_profile=settings.profile)
    except ProtocolError:
        return False
    want = f.rules[0] if f.rules else None
    return any(
        (d.rule == want or any(r == want for _, r in d.alternatives))
        if want
        else (d.rule is None and d.field == f.field)
        for d in result.divergences
    )


# -- the whole certification ----------------------------------------------------------------------------------


def certify(
    settings: Settings, progress: Callable[[str, int, int], None] | None = None
) -> Certification:
    """Certify the program of ``settings``: handshake, smoke game, scenarios, games. A
    signal that stops the run (Ctrl-C, SIGTERM) ends it with what was found so far,
    marked incomplete."""
    cert = Certification(settings, started=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    t0 = time.perf_counter()
    try:
        first = Worker(settings)
    except ProtocolError as e:
        cert.could_not_run = f"handshake failed ({e.kind}): {e.detail}"
        cert.seconds = time.perf_counter() - t0
        return cert
    except KeyboardInterrupt as e:
        cert.incomplete = f"interrupted ({e.args[0] if e.args else 'SIGINT'})"
        cert.seconds = time.perf_counter() - t0
        return cert
    cert.hello = first.program.hello
    run = _Run(cert, settings, [first], progress)
    try:
        run.stages()
    except KeyboardInterrupt as e:
        cert.incomplete = f"interrupted ({e.args[0] if e.args else 'SIGINT'})"
        run.keep_partial()
    finally:
        for w in run.workers:
            cert.restarts += w.program.restarts
            cert.messages += w.program.messages
            cert.stderr += w.program.stderr_text()[-4096:]
            w.close()
        cert.seconds = time.perf_counter() - t0
    return cert


class _Run:
    """The stages of one certification and what they found so far."""

    def __init__(
        self,
        cert: Certification,
        settings: Settings,
        workers: list[Worker],
        progress: Callable[[str, int, int], None] | None,
    ):
        self.cert, self.settings, self.workers, self.progress = cert, settings, workers, progress
        self.explainer = Explainer(settings.profile, settings.options)
        self.lock = threading.Lock()
        self.done = 0
        self.partial: list[Any] = []  # what the running stage has finished
        self.stage = ""
        self.stop = threading.Event()  # --fail-fast: a failure was found

    def stages(self) -> None:
        cert, settings = self.cert, self.settings
        declared = (cert.hello or {}).get("profiles", [])
        if (settings.sent_profile or settings.profile) not in declared:
            cert.could_not_run = (
                f"the program does not declare the profile "
                f"{settings.sent_profile or settings.profile!r} (it declares {declared})"
            )
            return
        problem = smoke(self.workers[0], settings)
        cert.findings.append(
            Finding("smoke", "smoke-game", "fail" if problem else "pass", [], problem or "")
        )
        if problem:
            cert.could_not_run = problem
            return
        for _ in range(max(0, settings.jobs - 1)):
            try:
                self.workers.append(Worker(settings))
            except ProtocolError:
                break
        if settings.scenarios and settings.options:
            # scenarios are written per profile: the options a profile file adds are
            # judged by the games
            cert.stage_seconds["scenarios"] = 0.0
        elif settings.scenarios and self.scenarios():
            return  # no scenario can judge the program
        if not self.stop.is_set():
            self.games()
        judged = [
            f
            for f in cert.findings
            if f.kind in ("scenario", "differential")
            and f.outcome not in ("skipped", "not_applicable")
        ]
        if not judged:  # no verdict without evidence
            cert.could_not_run = "nothing was checked: no scenario ran and no game was played"

    def tick(self, stage: str, total: int) -> None:
        with self.lock:
            self.done += 1
            if self.progress:
                self.progress(stage, self.done, total)

    def scenarios(self) -> bool:
        """The scenario stage; ``True`` when no scenario can judge the program."""
        cert, settings = self.cert, self.settings
        t_stage = time.perf_counter()
        every = applicable_runs(settings.profile, cert.hello)
        runs = select_runs(every, settings)
        if not runs and every:  # the selection picked no scenario
            if settings.games:
                return False
            cert.could_not_run = "no scenario run matches --rule, --scenario, -k or --last-failed"
            return True
        if problem := _no_scenario(runs, settings.profile):
            cert.could_not_run = problem
            return True
        self.done, self.stage = 0, "scenarios"

        def one(w: Worker, item: tuple[Run, str | None]) -> Finding:
            if self.stop.is_set():
                return Finding("scenario", item[0].id, "skipped", [], "not run: --fail-fast")
            f = run_scenario(w, *item, self.explainer)
            if settings.fail_fast and f.outcome in ("fail", "errored", "timeout"):
                self.stop.set()
            return f

        cert.findings += _parallel(
            self.workers,
            runs,
            one,
            lambda: self.tick("scenarios", len(runs)),
            lambda i, e: Finding(
                "error", str(i), "errored", [], f"harness error: {type(e).__name__}: {e}"
            ),
            self.partial,
        )
        self.stage = ""
        cert.stage_seconds["scenarios"] = time.perf_counter() - t_stage
        return False

    def games(self) -> None:
        cert, settings, explainer = self.cert, self.settings, self.explainer
        games = [(2 + (g % 9), settings.seed + g) for g in range(settings.games)]
        games = [g for g in games if settings.only_games is None or g in settings.only_games]
        self.done, self.stage = 0, "games"
        t_stage = time.perf_counter()

        def one(w: Worker, item: tuple[int, int]) -> GameResult | None:
            if self.stop.is_set():
                return None
            r = play_game(w, settings, explainer, item[0], item[1])
            if settings.fail_fast and r.outcome != "pass":
                self.stop.set()
            return r

        results: list[GameResult] = _parallel(
            self.workers,
            games,
            one,
            lambda: self.tick("games", len(games)),
            lambda i, e: GameResult(
                f"game-{games[i][1]}-{games[i][0]}p",
                games[i][0],
                games[i][1],
                ended=f"harness error: {type(e).__name__}: {e}",
                outcome="errored",
            ),
            self.partial,
        )
        self.stage = ""
        self.judge_games(results)
        cert.stage_seconds["games"] = time.perf_counter() - t_stage

    def judge_games(self, results: list[GameResult], confirm_them: bool = True) -> None:
        cert, explainer = self.cert, self.explainer
        found, changes = deviation_findings(results, explainer)
        cert.findings += [game_finding(r) for r in results]
        for f in found:
            if confirm_them and f.reproducer is not None:
                f.reproducer["confirmed"] = confirm(self.workers[0], self.settings, explainer, f)
        cert.findings += found
        cert.plays = plays(cert, changes, explainer)
        cert.coverage = coverage(cert, results)

    def keep_partial(self) -> None:
        """After an interruption: what the running stage finished is reported."""
        done = [x for x in self.partial if x is not None]
        if self.stage == "scenarios":
            self.cert.findings += done
        elif self.stage == "games":
            self.judge_games(done, confirm_them=False)


def select_runs(
    runs: list[tuple[Run, str | None]], settings: Settings
) -> list[tuple[Run, str | None]]:
    """The scenario runs the user asked for (``--rule``, ``--scenario``, ``-k``,
    ``--last-failed``); all of them when nothing was asked."""
    if not (settings.rules or settings.scenario_ids or settings.keyword or settings.only_runs):
        return runs
    out = []
    for run, reason in runs:
        ids = {run.id, run.scenario.id}
        if settings.rules and not set(settings.rules) & (
            set(run.rules_checked()) | set(run.scenario.ids)
        ):
            continue
        if settings.scenario_ids and not ids & set(settings.scenario_ids):
            continue
        if settings.keyword and not any(
            settings.keyword.lower() in i.lower() for i in (*ids, run.scenario.name)
        ):
            continue
        if settings.only_runs is not None and run.id not in settings.only_runs:
            continue
        out.append((run, reason))
    return out


def _parallel(
    workers: list[Worker],
    items: list[Any],
    fn: Callable[[Worker, Any], Any],
    tick: Callable[[], None],
    on_error: Callable[[int, Exception], Any],
    partial: list[Any] | None = None,
) -> list[Any]:
    """Run ``fn(worker, item)`` over ``items`` with one thread per worker; results in item
    order (an exception of the harness becomes ``on_error(index, exception)``). ``partial``
    is filled with the results as they come (what an interrupted stage finished)."""
    results: list[Any] = partial if partial is not None else []
    results[:] = [None] * len(items)
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
                results[i] = on_error(i, e)
            tick()

    with ThreadPoolExecutor(max_workers=len(workers)) as pool:
        list(pool.map(loop, workers))
    return [r for r in results if r is not None]
