"""``make bench`` / ``unospec bench``: measured speed, medians over repeated runs.

Every case runs in a subprocess of its own, so its peak memory (max RSS) is its own and
the machine's noise hits every case alike. Cases:

* engine: uniformly random legal play on the reference (official 2/4/10 players,
  sv-unoregler, official with stacking and 0-7) — actions and games per second;
* rlcard: RLCard's UnoGame driven the same way, in RLCard's own virtualenv, for the ratio;
* validate: ``unospec validate`` over a corpus of long traces — actions per second;
* hidden: ``unospec validate`` of a long four-player trace seen from seat 0 (three hidden
  hands: ``null`` cards) — seconds, and the time per action by thirds of the trace;
* certify: protocol steps per second of differential games against ``unospec serve``,
  the example implementation and node-uno (JavaScript, its own shuffles, its planted
  deviations off), with one job and with two (in turns; the scaling is
  the median of the paired ratios), and the echo floor of the pipe itself (a program
  that answers every line at once);
* prove: the time of ``unospec prove`` when the prover is present.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RLCARD_PY = ROOT / "examples" / "rlcard" / ".venv" / "bin" / "python"


# -- the cases, each run inside its own process -----------------------------------------------


def case_engine(
    players: int, profile: str, options: dict[str, Any], seconds: float
) -> dict[str, Any]:
    """Whole matches of uniformly random legal play, the loop of ``bench_rlcard.py``: a seat
    action is chosen among ``legal_actions`` and applied in place, chance comes from the
    seed. Seat actions are counted (chance inputs are not, as RLCard's deal is not)."""
    import random

    from unospec.reference import BUILD, apply, legal_actions, new_game
    from unospec.reference.chance import chance_action

    def match(seed: int) -> int:
        rng = random.Random(seed)
        pos = new_game(players, profile, options)
        actions = 0
        while pos.phase != "over":
            if pos.chance is not None:
                pos, _ = apply(pos, chance_action(pos, rng))
            else:
                pos, _ = apply(pos, rng.choice(legal_actions(pos)), in_place=True)
                actions += 1
        return actions

    match(0)  # warm up (catalogue, compiled options)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += match(1000 + games)
        games += 1
    dt = time.perf_counter() - start
    return {
        "actions_per_s": actions / dt,
        "games_per_s": games / dt,
        "actions": actions,
        "games": games,
        "build": BUILD,
    }


def case_validate(traces: int, seconds: float) -> dict[str, Any]:
    from unospec.reference.trace import play
    from unospec.validate import validate_lines

    corpus = [list(play(4, "official", seed=s).lines()) for s in range(traces)]
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for lines in corpus:
            v = validate_lines(lines)
            assert v.status == 0, v.message
            actions += v.actions
    dt = time.perf_counter() - start
    return {"actions_per_s": actions / dt, "actions": actions, "traces": len(corpus)}


def case_validate_jobs(traces: int, jobs: int) -> dict[str, Any]:
    """A corpus of ``traces`` files (whole four-player matches) validated as
    ``unospec validate --jobs N`` does (:class:`unospec.corpus.ValidationRun`: a worker
    process per job, a file at a time); actions per second of wall time, the workers'
    start included."""
    from unospec.corpus import ValidationRun
    from unospec.reference.trace import play

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for seed in range(traces):
            path = Path(tmp) / f"match-{seed}.jsonl"
            path.write_text("\n".join(play(4, "official", seed=seed).lines()) + "\n")
            paths.append(str(path))
        run = ValidationRun(paths, jobs=jobs)
        start = time.perf_counter()
        run.run()
        dt = time.perf_counter() - start
    verdicts = run.verdicts()
    assert all(v.status == 0 for v in verdicts), [v.message for v in verdicts if v.status]
    actions = sum(v.actions for v in verdicts)
    return {"actions_per_s": actions / dt, "actions": actions, "traces": traces, "jobs": jobs}


def hidden_trace(actions: int, players: int = 4, impossible_after: int | None = None) -> list[str]:
    """The first seeded single-round game of ``players`` with at least ``actions`` actions
    (uniformly random legal play, official), as seat 0 logs it: the other hands and what
    they draw are ``null``; cut to ``actions`` lines. With ``impossible_after``: the first
    play of a hidden seat after that many actions lays instead a card of the same colour
    whose every copy is on the discard pile (a card no hand can hold)."""
    from unospec.reference.trace import play
    from unospec.spec.cards import DECK_COUNTS

    options = {"V-SINGLE-ROUND": True}
    seed = 0
    while True:
        g = play(players, "official", options, seed=seed)
        if len(g.steps) >= actions:
            break
        seed += 1
    deal = next(c for c in g.chance if c["type"] == "deal")
    header = {
        "unospec_trace": 1,
        "profile": "official",
        "options": options,
        "players": players,
        "deal": {
            "dealer": _dealer_of(players, g.chance),
            "hands": [h if s == 0 else [None] * len(h) for s, h in enumerate(deal["hands"])],
            "starter": deal["starter"],
        },
    }
    lines = [json.dumps(header)]
    pile = [deal["starter"]]  # the discard pile since the last reshuffle, top last
    for i, (action, events) in enumerate(g.steps[:actions]):
        rec: dict[str, Any] = {"action": action}
        if action["type"] == "play":
            card = action["card"]
            if impossible_after is not None and i >= impossible_after and action["seat"] != 0:
                gone = [k for k in dict.fromkeys(pile) if pile.count(k) == DECK_COUNTS[k]]
                if same := [k for k in gone if k[0] == card[0] in "RGBY" and k != card]:
                    rec["action"] = {**action, "card": same[0]}
                    impossible_after = None
            pile.append(card)
        if any(e["type"] == "reshuffled" for e in events):
            pile = pile[-1:]
        drawn = [
            {"seat": e["seat"], "cards": e["cards"] if e["seat"] == 0 else [None] * len(e["cards"])}
            for e in events
            if e["type"] == "cards_drawn"
        ]
        if drawn:
            rec["drawn"] = drawn
        lines.append(json.dumps(rec))
    return lines


def _dealer_of(players: int, chance: list[dict[str, Any]]) -> int:
    """The dealer the game's dealer-selection draws chose."""
    from unospec.reference import apply, new_game

    pos = new_game(players, "official", {"V-SINGLE-ROUND": True})
    for c in chance:
        if c["type"] != "dealer_draw":
            break
        pos, _ = apply(pos, c)
    return pos.dealer


def case_hidden(actions: int, impossible_after: int | None = None) -> dict[str, Any]:
    """Validate :func:`hidden_trace`; the time of each line is taken from the replay (both
    passes: the first finds the witness, the second replays it), summed by thirds."""
    from unospec import unknown_cards
    from unospec.validate import validate_lines

    lines = hidden_trace(actions, impossible_after=impossible_after)
    per_line = [0.0] * (len(lines) + 1)
    step = unknown_cards._Replay.line

    def timed(self: Any, idx: int, line_no: int, rec: dict[str, Any]) -> Any:
        t = time.process_time()
        try:
            return step(self, idx, line_no, rec)
        finally:
            per_line[line_no] += time.process_time() - t

    unknown_cards._Replay.line = timed  # type: ignore[method-assign]
    start, cpu = time.perf_counter(), time.process_time()
    v = validate_lines(lines, solver_seconds=600)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    unknown_cards._Replay.line = step  # type: ignore[method-assign]
    third = len(lines) // 3
    thirds = [per_line[2:third], per_line[third : 2 * third], per_line[2 * third :]]
    return {
        "seconds": wall,
        "cpu_seconds": cpu,
        "status": v.status,
        "actions": v.actions,
        "unknown": v.unknown,
        "message": v.message,
        "ms_per_action_by_thirds": [1000 * sum(t) / max(len(t), 1) for t in thirds],
    }


def case_certify(argv: list[str], games: int, jobs: int) -> dict[str, Any]:
    """Certify ``argv`` (games only). ``stage_cores_busy``: how many of the machine's cores
    were busy during the games stage alone (the harness, its job processes and their
    programs; start-up left out), Linux only."""
    from unospec import certify as certify_module
    from unospec.certify import Settings, certify

    stage: dict[str, Any] = {}
    games_stage = certify_module._Run.games

    def timed_games(self: Any) -> None:
        stage["before"] = machine_busy()
        try:
            games_stage(self)
        finally:
            stage["after"] = machine_busy()

    certify_module._Run.games = timed_games  # type: ignore[method-assign]
    start = time.perf_counter()
    try:
        cert = certify(Settings(argv, games=games, jobs=jobs, scenarios=False, max_steps=3000))
    finally:
        certify_module._Run.games = games_stage  # type: ignore[method-assign]
    dt = time.perf_counter() - start
    steps = sum(f.steps for f in cert.findings)
    games_s = cert.stage_seconds.get("games", dt)
    return {
        # the games stage alone: program start-up and the smoke game are left out
        "steps_per_s": steps / games_s,
        "messages_per_s": cert.messages / games_s,
        "steps_per_s_with_startup": steps / dt,
        "steps": steps,
        "messages": cert.messages,
        "conformant": cert.conformant,
        "stage_cores_busy": _cores_busy(stage.get("before"), stage.get("after")),
    }


def _cores_busy(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """How many of the machine's cores were busy between two :func:`machine_busy` readings."""
    if not before or not after or after[1] <= before[1]:
        return None
    busy = (after[0] - before[0]) / (after[1] - before[1])
    return round(busy * (os.cpu_count() or 1), 3)


def _two_jobs_ceiling(cpus: int, one_job_cores: float) -> float | None:
    """How much faster two jobs can be than one on ``cpus`` cores, when one job keeps
    ``one_job_cores`` busy (at most twice; ``None`` when that is not known or NaN)."""
    return min(2.0, cpus / one_job_cores) if one_job_cores > 0 else None


def case_echo(messages: int, batch: int = 1) -> dict[str, Any]:
    """The pipe's floor: round trips to a program that answers at once, ``batch`` requests
    per write (1: one request per round trip; certify sends up to 16 steps, ~50 requests)."""
    from unospec.protocol import Program

    program = Program([sys.executable, "-m", "unospec.bench", "echo"])
    program.start()
    start = time.perf_counter()
    for _ in range(messages // batch):
        program.request_many([{"cmd": "legal_actions"}] * batch)
    dt = time.perf_counter() - start
    program.close()
    sent = messages // batch * batch
    return {"messages_per_s": sent / dt, "messages": sent, "batch": batch}


def echo_server() -> None:
    """The floor of the pipe: answer every request at once, with nothing computed (a batch
    of requests that arrive together is answered with one write, as ``unospec serve`` does)."""
    from unospec.serve import _batches

    for batch in _batches(sys.stdin):
        replies = []
        for line in batch:
            if not line.strip():
                continue
            msg = json.loads(line)
            if msg.get("cmd") == "stop":
                return
            reply: dict[str, Any] = {"seq": msg["seq"], "ok": True}
            if msg.get("cmd") != "hello":
                reply["actions"] = []
            else:
                reply.update(
                    protocol=1,
                    profiles=["official"],
                    implementation={"name": "echo", "version": "1"},
                )
            replies.append(json.dumps(reply) + "\n")
        sys.stdout.write("".join(replies))
        sys.stdout.flush()


def case_prove() -> dict[str, Any]:
    """``unospec prove`` (every group, 2-10 players, 2 processes): wall seconds, and the CPU
    seconds of all its processes as it reports them (the machine is shared: CPU time says
    what the proofs cost when the wall clock also counts other work)."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "unospec", "prove", "--json"], capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    try:
        report = json.loads(out.stdout)
    except ValueError:
        report = {}
    return {
        "seconds": seconds,
        "cpu_seconds": report.get("cpu_seconds"),
        # (each part is proved in a process the case's process does not wait for)
        "max_rss_mb_elsewhere": report.get("peak_mb"),
        "ok": report.get("ok"),
        "cpus": os.cpu_count(),
        "exit": out.returncode,
    }


CASES = {
    "engine": case_engine,
    "validate": case_validate,
    "validate_jobs": case_validate_jobs,
    "hidden": case_hidden,
    "certify": case_certify,
    "echo": case_echo,
    "prove": case_prove,
}


# -- running the cases --------------------------------------------------------------------------------


def machine_busy() -> tuple[int, int] | None:
    """The time all of the machine's cores have been busy and the time they have been up
    (in ticks, from Linux's ``/proc/stat``); ``None`` where it cannot be read."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    if len(ticks) < 5:
        return None
    return sum(ticks) - ticks[3] - ticks[4], sum(ticks)  # less idle and waiting for I/O


def run_case(name: str, build: str | None = None, **kw: Any) -> dict[str, Any]:
    """Run one case in a subprocess; returns its result with ``max_rss_mb`` (or the peak
    of the processes the case reports as ``max_rss_mb_elsewhere``, if larger). ``build``
    ``"pure"`` forces the pure build of the engine there (``UNOSPEC_PURE=1``); ``None`` and
    ``"compiled"`` leave the choice to :mod:`unospec.reference.native`. ``cores_busy`` is
    the CPU time of the case's process and of every process it waited for (a certify
    job's program), divided by the wall time: how many cores the case kept busy. Processes
    it does not wait for (certify's jobs, forked by a server process, and their programs)
    are not in it: ``machine_cores_busy`` is how many of the machine's cores were busy
    over the case, whatever kept them so (Linux only)."""
    env = {**os.environ, "UNOSPEC_PURE": "1" if build == "pure" else "0"}
    before = machine_busy()
    start = time.perf_counter()
    with tempfile.NamedTemporaryFile("r", suffix=".json") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "unospec.bench", "case", name, json.dumps(kw), out.name],
            cwd=ROOT,
            env=env,
        )
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            return {"error": f"exit {proc.returncode}"}
        data = json.loads(Path(out.name).read_text() or "{}")
    data["max_rss_mb"] = max(
        round(usage.ru_maxrss / 1024, 1), data.get("max_rss_mb_elsewhere") or 0
    )
    data["cores_busy"] = round((usage.ru_utime + usage.ru_stime) / wall, 3)
    if (busy := _cores_busy(before, machine_busy())) is not None:
        data["machine_cores_busy"] = busy
    return data


def run_rlcard(players: int, seconds: float) -> dict[str, Any]:
    if not RLCARD_PY.exists():
        return {"error": "RLCard is not installed (examples/rlcard/setup.sh)"}
    proc = subprocess.Popen(
        [
            str(RLCARD_PY),
            str(ROOT / "examples" / "rlcard" / "bench_rlcard.py"),
            str(players),
            str(seconds),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        return {"error": f"exit {proc.returncode}"}
    data = json.loads(out.strip().splitlines()[-1])
    data["max_rss_mb"] = round(usage.ru_maxrss / 1024, 1)
    return data


def median_of(runs: list[dict[str, Any]], key: str) -> float:
    values = [r[key] for r in runs if key in r]
    return statistics.median(values) if values else float("nan")


def paired_ratio(
    tops: list[dict[str, Any]], bottoms: list[dict[str, Any]], key: str
) -> float | None:
    """The median of ``top[key] / bottom[key]`` over runs made in turns (the i-th of each
    side together), leaving out a pair where either failed; ``None`` without a pair."""
    paired = [
        top[key] / bottom[key]
        for top, bottom in zip(tops, bottoms, strict=False)
        if key in top and bottom.get(key)
    ]
    return statistics.median(paired) if paired else None


def bench(repeats: int = 3, seconds: float = 2.0, quick: bool = False) -> dict[str, Any]:
    """Every benchmark, ``repeats`` times each; the medians and the raw runs."""
    results: dict[str, Any] = {
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "repeats": repeats,
        "seconds_per_run": seconds,
        "cases": {},
    }
    cases = results["cases"]

    def record(name: str, runs: list[dict[str, Any]], key: str) -> None:
        cases[name] = {
            "median": median_of(runs, key),
            "metric": key,
            "max_rss_mb": max((r.get("max_rss_mb", 0) for r in runs), default=0),
            "runs": runs,
        }

    # The official profile and RLCard run in turns (pure engine, compiled engine, RLCard,
    # pure, …) so that the machine's noise hits all alike; a ratio is the median of the
    # paired ratios. The compiled build runs only where it is built and current.
    from unospec.reference import native

    builds = ["pure"] + (["compiled"] if native.stale() is None else [])
    ratios: dict[str, dict[str, float | None]] = {b: {} for b in builds}
    for players in (4,) if quick else (2, 4, 10):
        ours: dict[str, list[dict[str, Any]]] = {b: [] for b in builds}
        theirs = []
        for _ in range(repeats):
            for b in builds:
                ours[b].append(
                    run_case(
                        "engine",
                        build=b,
                        players=players,
                        profile="official",
                        options={},
                        seconds=seconds,
                    )
                )
            theirs.append(run_rlcard(players, seconds))
        for b in builds:
            name = f"engine official {players}p" + ("" if b == "pure" else f" {b}")
            record(name, ours[b], "actions_per_s")
            cases[name]["games_per_s"] = median_of(ours[b], "games_per_s")
            cases[name]["build"] = sorted({r.get("build", "?") for r in ours[b]})
            ratios[b][f"{players}p"] = paired_ratio(ours[b], theirs, "actions_per_s")
        record(f"rlcard {players}p", theirs, "actions_per_s")
    results["ratio_reference_over_rlcard"] = ratios["pure"]
    results["ratio_reference_over_rlcard_by_build"] = ratios
    best = ratios.get("compiled", ratios["pure"])
    results["ratio_reference_over_rlcard_4p"] = best.get("4p")
    results["ratio_reference_over_rlcard_4p_pure"] = ratios["pure"].get("4p")
    results["engine_build_judged"] = "compiled" if "compiled" in ratios else "pure"
    others = [
        ("sv-unoregler 4p", 4, "sv-unoregler", {}),
        (
            "official 4p + stacking + 0-7",
            4,
            "official",
            {"V-STACK-DRAW": True, "V-SEVEN-ZERO": True},
        ),
    ]
    for label, players, profile, options in [] if quick else others:
        runs = [
            run_case("engine", players=players, profile=profile, options=options, seconds=seconds)
            for _ in range(repeats)
        ]
        record(f"engine {label}", runs, "actions_per_s")
        cases[f"engine {label}"]["games_per_s"] = median_of(runs, "games_per_s")
    runs = [run_case("validate", traces=2 if quick else 6, seconds=seconds) for _ in range(repeats)]
    record("validate", runs, "actions_per_s")
    # a corpus with one job and with two, in turns (as certify's below): the scaling is the
    # median of the paired ratios
    by_jobs = {1: [], 2: []}
    for _ in range(repeats):
        for jobs, runs in by_jobs.items():
            runs.append(run_case("validate_jobs", traces=4 if quick else 16, jobs=jobs))
    for jobs, runs in by_jobs.items():
        record(f"validate corpus --jobs {jobs}", runs, "actions_per_s")
    results["validate_jobs_scaling"] = paired_ratio(by_jobs[2], by_jobs[1], "actions_per_s")
    runs = [run_case("hidden", actions=150 if quick else 1000)]
    record("hidden 4p 3 hidden hands", runs, "seconds")
    for key in ("cpu_seconds", "ms_per_action_by_thirds", "status", "unknown"):
        cases["hidden 4p 3 hidden hands"][key] = runs[0].get(key)
    # the same trace with a card no hand can hold laid near its end: refuted, not valid
    runs = [
        run_case("hidden", actions=150 if quick else 1000, impossible_after=100 if quick else 900)
    ]
    record("hidden 4p 3 hidden hands, refuted near the end", runs, "seconds")
    for key in ("cpu_seconds", "status", "message"):
        cases["hidden 4p 3 hidden hands, refuted near the end"][key] = runs[0].get(key)
    serve = [sys.executable, "-m", "unospec", "serve"]
    example = [sys.executable, str(ROOT / "examples" / "independent" / "main.py")]
    # an engine shaped like the ones users bring: JavaScript, its own shuffles (seeded, its
    # draw pile shown), with its planted deviations off
    node_uno = ["node", str(ROOT / "examples" / "engines" / "node-uno" / "engine.js"), "--official"]
    games = 2 if quick else 16  # dealt one at a time: the last game of a job is its tail
    targets = [("serve", serve)]
    if not quick and Path(example[1]).exists():
        targets.append(("example", example))
    if not quick and Path(node_uno[1]).exists() and shutil.which("node"):
        targets.append(("node-uno --official", node_uno))
    results["certify_jobs_scaling"] = {}
    for label, argv in targets:
        # one job and two in turns, so that the machine's noise hits both alike; the
        # scaling is the median of the paired ratios
        by_jobs: dict[int, list[dict[str, Any]]] = {1: []} if quick else {1: [], 2: []}
        for _ in range(repeats):
            for jobs, runs in by_jobs.items():
                runs.append(run_case("certify", argv=argv, games=games, jobs=jobs))
        for jobs, runs in by_jobs.items():
            record(f"certify {label} --jobs {jobs}", runs, "steps_per_s")
            cases[f"certify {label} --jobs {jobs}"]["messages_per_s"] = median_of(
                runs, "messages_per_s"
            )
        results["certify_jobs_scaling"][label] = paired_ratio(
            by_jobs.get(2, []), by_jobs[1], "steps_per_s"
        )
        # what bounds the scaling: one job is a harness and a program working in turns and
        # in part at once (requests go out in batches), so its games stage keeps more than
        # one core busy; N cores then allow two jobs at most N ÷ that (and at most 2×)
        one = median_of(by_jobs[1], "stage_cores_busy")
        results.setdefault("certify_one_job_cores", {})[label] = one
        if by_jobs.get(2):
            two = median_of(by_jobs[2], "stage_cores_busy")
            results.setdefault("certify_two_jobs_machine_cores", {})[label] = two
            ceiling = _two_jobs_ceiling(os.cpu_count() or 1, one)
            scaling = results["certify_jobs_scaling"][label]
            results.setdefault("certify_jobs_ceiling", {})[label] = ceiling
            results.setdefault("certify_jobs_share_of_ceiling", {})[label] = (
                scaling / ceiling if scaling and ceiling else None
            )
    runs = [run_case("echo", messages=2000 if quick else 20000) for _ in range(repeats)]
    record("echo floor", runs, "messages_per_s")
    runs = [run_case("echo", messages=4800 if quick else 48000, batch=48) for _ in range(repeats)]
    record("echo floor pipelined", runs, "messages_per_s")
    if not quick:
        runs = [run_case("prove") for _ in range(1)]
        record("prove", runs, "seconds")
        cases["prove"]["cpu_seconds"] = median_of(runs, "cpu_seconds")
    results["targets"] = judge_targets(results)
    return results


def judge_targets(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The benchmark issue's targets, each with the measured value and whether it is met."""
    cases = results["cases"]

    def median(name: str, key: str = "median") -> float | None:
        v = cases.get(name, {}).get(key)
        return v if isinstance(v, (int, float)) and v == v else None

    floor = median("echo floor")
    pipelined = median("echo floor pipelined")
    certify_msgs = median("certify serve --jobs 1", "messages_per_s")
    rows = [
        (  # the compiled build where it is built (engine_build_judged says which)
            "reference ÷ RLCard, 4 players, actions/s",
            results.get("ratio_reference_over_rlcard_4p"),
            1.5,
            ">=",
        ),
        ("validated actions/s", median("validate"), 50_000, ">="),
        (
            "validate jobs scaling 1→2, actions/s with 2 jobs ÷ with 1 (a corpus)",
            results.get("validate_jobs_scaling"),
            1.6,
            ">=",
        ),
        (
            "hidden cards: 1,000-action 4-player trace, seconds",
            median("hidden 4p 3 hidden hands"),
            10,
            "<=",
        ),
        (
            "hidden cards: peak memory, MB",
            cases.get("hidden 4p 3 hidden hands", {}).get("max_rss_mb"),
            1024,
            "<=",
        ),
        (
            "hidden cards: last third's time per action ÷ first third's",
            _growth(cases.get("hidden 4p 3 hidden hands", {}).get("ms_per_action_by_thirds")),
            1.5,
            "<=",
        ),
        ("certify steps/s per job (vs serve)", median("certify serve --jobs 1"), 5_000, ">="),
        (  # near-linear on the cores there are: one job (a harness and its program, working
            # in part at once) keeps more than one core busy, so 2 cores cannot make 2 jobs
            # twice as fast; the speed-up is judged against what the cores allow
            "certify jobs 1→2 (vs serve): steps/s with 2 jobs ÷ with 1, as a share of the "
            "most the cores allow",
            (results.get("certify_jobs_share_of_ceiling") or {}).get("serve"),
            0.9,
            ">=",
        ),
        (
            "certify messages/s ÷ echo floor (one request per round trip)",
            certify_msgs / floor if certify_msgs and floor else None,
            0.5,
            ">=",
        ),
        (
            "certify messages/s ÷ pipelined echo floor (48 requests per write)",
            certify_msgs / pipelined if certify_msgs and pipelined else None,
            0.5,
            ">=",
        ),
        ("prove, seconds", median("prove"), 60, "<="),
    ]
    out = []
    for name, value, goal, op in rows:
        met = None if value is None else value >= goal if op == ">=" else value <= goal
        out.append({"target": name, "value": value, "goal": f"{op} {goal:g}", "met": met})
    return out


def _growth(thirds: list[float] | None) -> float | None:
    """How much the time per action grew from the first third of a trace to the last."""
    return thirds[2] / thirds[0] if thirds and thirds[0] else None


BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def markdown(results: dict[str, Any]) -> str:
    """The bench's results as the README shows them: every case, every target (measured,
    goal, met) and the engine's ratios to RLCard per build."""
    machine = results.get("machine") or {}
    lines = [
        f"Measured by `make bench` (median of {results.get('repeats', '?')} runs"
        + (f"; {machine.get('cpus')} CPUs, Python {machine.get('python')}" if machine else "")
        + "):",
        "",
        "| case | median | metric | peak MB |",
        "|---|---|---|---|",
    ]
    for name, case in results["cases"].items():
        rss = case.get("max_rss_mb")
        lines.append(
            f"| {name} | {case['median']:,.1f} | {case['metric'].replace('_', ' ')} | "
            + (f"{rss:,.0f} |" if isinstance(rss, (int, float)) else "— |")
        )
    lines += ["", "| target | measured | goal | met |", "|---|---|---|---|"]
    for t in results["targets"]:
        value = "—" if t["value"] is None else f"{t['value']:,.2f}"
        met = "not measured" if t["met"] is None else "yes" if t["met"] else "**no**"
        lines.append(f"| {t['target']} | {value} | {t['goal']} | {met} |")
    one_job = (results.get("certify_one_job_cores") or {}).get("serve")
    cpus = machine.get("cpus")
    if isinstance(one_job, (int, float)) and one_job > 0 and cpus:
        lines += [
            "",
            f"One certify job against `unospec serve` (the harness and its program, working in"
            f" part at once) keeps {one_job:.2f} cores busy in its games stage; on {cpus} "
            f"cores, two jobs can be at most {_two_jobs_ceiling(cpus, one_job):.2f} times as fast as "
            "one.",
        ]
        two_jobs = (results.get("certify_two_jobs_machine_cores") or {}).get("serve")
        scaling = (results.get("certify_jobs_scaling") or {}).get("serve")
        if isinstance(two_jobs, (int, float)) and two_jobs > 0 and scaling:
            lines[-1] += (
                f" Two jobs were {scaling:.2f} times as fast as one and kept {two_jobs:.2f} of"
                f" the machine's {cpus} cores busy in the games stage."
            )
    by_build = results.get("ratio_reference_over_rlcard_by_build") or {}
    if by_build:
        lines.append("")
        for build, ratios in by_build.items():
            shown = ", ".join(f"{k} {v:.2f}" for k, v in ratios.items() if v is not None)
            lines.append(f"Reference ({build} build) ÷ RLCard, median of paired runs: {shown}.")
            lines.append("")
        lines.append(
            f"The 4-player target is judged on the {results['engine_build_judged']} build."
        )
    return "\n".join(lines).rstrip() + "\n"


def readme_block(text: str) -> tuple[int, int]:
    """Where the bench block of ``text`` starts and ends (between the markers);
    ``ValueError`` when the markers are missing or out of order."""
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        raise ValueError(f"no {BEGIN} … {END} block to fill")
    return begin + len(BEGIN), end


def update_readme(text: str, results: dict[str, Any]) -> str:
    """``text`` with its bench block (:func:`readme_block`) replaced by :func:`markdown`."""
    begin, end = readme_block(text)
    return text[:begin] + "\n" + markdown(results) + text[end:]


def main() -> None:
    if sys.argv[1] == "echo":
        echo_server()
        return
    if sys.argv[1] == "case":
        name, kw, out = sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
        Path(out).write_text(json.dumps(CASES[name](**kw)))


if __name__ == "__main__":
    main()
