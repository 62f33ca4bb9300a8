"""The scenario runs compiled to data: requests and expected answers any language can run.

Each scenario run of ``features/`` is executed on the reference through a recording engine
port (:class:`RecordingPort`, wrapping :class:`~unospec.port.ReferencePort`): the steps of
:mod:`unospec.steps` run unchanged, and the port keeps every request they make. A run
compiles to its start (a position to ``load``, or a ``new_game`` with the chance inputs
and actions that follow it unchecked) and the protocol requests after it, each with the
checks its answer must pass.

What a Then step checks is not restated here: it is found by probing the step itself
with changed answers (:mod:`unospec.step_probes`), so the checks cover the fields, list
positions, legal actions and events the scenario constrains, and a program is not failed
for anything else the reference happens to answer.

A check is ``{"path", "op", "value"}`` over the request's *answer*, normalised as
``{"accepted", "rule", "events", "position", "actions"}`` (``accepted``: the reply's
``ok`` and ``accepted``; ``rule``: its ``error.rule``), plus the step (counted from 1),
its line in the feature file and the rule it checks (``checks``). :func:`holds` is the
meaning of each ``op``; ``docs/examples/corpus-runner.js`` is the same in JavaScript.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from unospec.port import Json, Outcome, ReferencePort
from unospec.scenarios import Run, Step, load_scenarios

if TYPE_CHECKING:
    from unospec.step_probes import Domains
    from unospec.steps import World

FORMAT = 1  # the version of the compiled corpus (``unospec_corpus``)
CHANCE = ("dealer_draw", "deal", "shuffle", "starter")


class CompileError(Exception):
    """A scenario run that cannot be compiled (it fails on the reference, or a step's
    check could not be found by probing): an internal error of unospec."""


# -- recording ------------------------------------------------------------------------------------


@dataclass
class Call:
    """One request a step made through the port, and the reference's answer."""

    step: int  # index into run.steps
    cmd: str  # new_game, load, apply, observe, legal_actions
    request: Json
    answer: Any  # an Outcome (new_game, apply), a position, a list of actions or None


@dataclass
class Then:
    """A Then step as it ran: the world before it and the answers it could read."""

    index: int
    step: Step
    world: World  # a copy of the world just before the step
    position: Json | None
    actions: list[Json] | None
    outcome: Outcome | None
    before: Json | None
    used: set[str] = field(default_factory=set)  # observe / legal_actions, as it ran


class RecordingPort:
    """The reference behind the port, keeping every request and answer in ``calls``."""

    name = "unospec-reference (recording)"
    can_load = True
    reports_events = True

    def __init__(self) -> None:
        self.inner = ReferencePort()
        self.calls: list[Call] = []
        self.step = 0

    def _keep(self, cmd: str, request: Json, answer: Any) -> Any:
        self.calls.append(Call(self.step, cmd, request, answer))
        return answer

    def new_game(self, players: int, profile: str, options: Json) -> Outcome:
        out = self.inner.new_game(players, profile, options)
        request = {"players": players, "profile": profile, "options": dict(options)}
        return self._keep("new_game", request, out)

    def load(self, position: Json) -> None:
        self.inner.load(position)
        self._keep("load", {"position": position}, None)

    def legal_actions(self) -> list[Json]:
        return self._keep("legal_actions", {}, self.inner.legal_actions())

    def apply(self, action: Json) -> Outcome:
        return self._keep("apply", {"action": action}, self.inner.apply(action))

    def observe(self) -> Json:
        return self._keep("observe", {}, self.inner.observe())


@dataclass
class Recording:
    run: Run
    calls: list[Call]
    thens: list[Then]
    options: Json


def record(run: Run) -> Recording:
    """Run ``run`` on the reference, keeping its requests and each Then step's inputs."""
    from unospec.steps import World, run_step

    port = RecordingPort()
    world = World(port, profile=run.profile)
    thens = []
    for i, s in enumerate(run.steps):
        port.step = i
        before = copy.copy(world)
        first = len(port.calls)
        try:
            run_step(world, s.text, s.kind, s.docstring, s.table)
        except Exception as e:
            raise CompileError(f"{run.id}: step {i + 1} fails on the reference: {e}") from e
        if s.kind == "then":
            before.started, before.partial = world.started, world.partial
            made = {c.cmd: c.answer for c in port.calls[first:]}
            position, actions = made.get("observe"), made.get("legal_actions")
            thens.append(Then(i, s, before, position, actions, world.last, world.before, set(made)))
    try:
        world.require_checked()
    except Exception as e:
        raise CompileError(f"{run.id}: fails on the reference: {e}") from e
    return Recording(run, port.calls, thens, dict(world.options))


# -- the checks and what they mean -------------------------------------------------------------------

MISSING = object()


def key(value: Any) -> Any:
    """A value as a comparable key: JSON equality with object keys unordered and fields
    that are ``false`` left out (as :func:`~unospec.port.same_action` compares actions);
    a missing value equals nothing."""
    if value is MISSING:
        return ("?", id(value))
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, (int, float)):
        return ("n", value)
    if isinstance(value, str):
        return ("s", value)
    if value is None:
        return ("z",)
    if isinstance(value, list):
        return ("l", *map(key, value))
    return ("d", *sorted((k, key(x)) for k, x in value.items() if x is not False))


def at(value: Any, path: str) -> Any:
    """The value at a JSON pointer; a negative list index counts from the end."""
    for token in path.split("/")[1:] if path else []:
        if isinstance(value, list):
            try:
                i = int(token)
            except ValueError:
                return MISSING
            if not -len(value) <= i < len(value):
                return MISSING
            value = value[i]
        elif isinstance(value, dict):
            value = value.get(token, MISSING)
        else:
            return MISSING
    return value


def _in(x: Any, values: list[Any]) -> bool:
    k = key(x)
    return any(k == key(v) for v in values)


def _matches(event: Any, pattern: Json) -> bool:
    return isinstance(event, dict) and all(
        key(event.get(k, MISSING)) == key(v) for k, v in pattern.items()
    )


def _keys(values: list[Any]) -> set[Any]:
    return {key(v) for v in values}


def _multiset(values: list[Any]) -> list[Any]:
    return sorted(map(key, values), key=repr)


OPS = {
    "equals": lambda got, v: key(got) == key(v),
    "one_of": lambda got, v: _in(got, v),
    "none_of": lambda got, v: got is not MISSING and not _in(got, v),
    "length": lambda got, v: isinstance(got, list) and len(got) == v,
    "multiset": lambda got, v: isinstance(got, list) and _multiset(got) == _multiset(v),
    "includes": lambda got, v: isinstance(got, list) and _keys(v) <= _keys(got),
    "excludes": lambda got, v: isinstance(got, list) and not _keys(v) & _keys(got),
    "any_match": lambda got, v: isinstance(got, list) and any(_matches(e, v) for e in got),
    "no_match": lambda got, v: not (isinstance(got, list) and any(_matches(e, v) for e in got)),
}


def holds(check: Json, answer: Json, answers: list[Json]) -> bool:
    """Whether ``answer`` (normalised, see the module docstring) passes ``check``;
    ``answers``: the answers to the run's earlier requests (for ``same_as``)."""
    got = at(answer, check["path"])
    if "seat" in check and isinstance(got, list):
        got = [a for a in got if isinstance(a, dict) and a.get("seat") == check["seat"]]
    if check["op"] == "same_as":
        return got is not MISSING and key(got) == key(at(answers[check["value"]], check["path"]))
    return bool(OPS[check["op"]](got, check["value"]))


def normalised(cmd: str, answer: Any) -> Json:
    """The reference's answer to a request, in the form checks read."""
    if isinstance(answer, Outcome):
        rule = (answer.error or {}).get("rule")
        return {"accepted": answer.accepted, "rule": rule, "events": answer.events}
    if cmd == "observe":
        return {"accepted": True, "position": answer}
    if cmd == "legal_actions":
        return {"accepted": True, "actions": answer}
    return {"accepted": True}


# -- assembling a run ------------------------------------------------------------------------------


@dataclass
class Request:
    """A request of the compiled run, with its checks (``answer``: the reference's)."""

    cmd: str
    request: Json
    answer: Json
    expect: list[Json] = field(default_factory=list)
    needed: bool = False  # an observe that a same_as check refers to

    def to_json(self, index: dict[int, int]) -> Json:
        expect = [
            {**c, "value": index[c["value"]]} if c["op"] == "same_as" else c for c in self.expect
        ]
        return {"request": {"cmd": self.cmd, **self.request}, "expect": expect}


def _check(run: Run, step: int, path: str, op: str, value: Any, **extra: Any) -> Json:
    """A check with the step (counted from 1), its line and the rule it checks."""
    s = run.steps[step]
    return {
        "path": path,
        "op": op,
        "value": value,
        **extra,
        "step": step + 1,
        "line": s.line,
        "checks": s.checks(run.rule),
    }


def compile_run(rec: Recording, domains: Domains, cache: dict[Any, Any] | None = None) -> Json:
    """One recorded run as data (see the module docstring and corpus.schema.json);
    ``domains``: what the corpus shows (:meth:`~unospec.step_probes.Domains.of`), ``cache``:
    the checks of Then steps already probed."""
    from unospec.step_probes import derive

    run = rec.run
    first, calls = rec.calls[0], rec.calls[1:]
    start_req = Request(first.cmd, first.request, normalised(first.cmd, first.answer))
    requests: list[Request] = []
    outcome_req = start_req  # the request whose answer is the last outcome
    observe_req: Request | None = None  # this segment's observe (between two applies)
    legal_req: Request | None = None
    before_req: Request | None = None  # the observe of the segment before the last apply
    thens = {t.index: t for t in rec.thens}
    done_thens: set[int] = set()

    def segment_request(cmd: str, answer: Any) -> Request:
        nonlocal observe_req, legal_req
        if cmd == "observe":
            if observe_req is None:
                observe_req = Request(cmd, {}, normalised(cmd, answer))
                requests.append(observe_req)
            return observe_req
        if legal_req is None:
            legal_req = Request(cmd, {}, normalised(cmd, answer))
            requests.append(legal_req)
        return legal_req

    def then_checks(upto: int) -> None:
        """Attach the checks of every Then step up to step ``upto``."""
        for i in sorted(thens):
            if i > upto or i in done_thens:
                continue
            done_thens.add(i)
            t = thens[i]
            for target, found in derive(t, run, domains, {} if cache is None else cache):
                c = _check(run, i, **found)
                if target == "outcome":
                    req = outcome_req
                elif target == "position":
                    req = segment_request("observe", t.position)
                elif target == "actions":
                    req = segment_request("legal_actions", t.actions)
                else:  # same_as: the observe made just before the last apply
                    req = segment_request("observe", t.position)
                    if before_req is None:
                        raise CompileError(f"{run.id}: step {i + 1} compares with no position")
                    before_req.needed = True
                    c["value"] = id(before_req)
                if c not in req.expect:
                    req.expect.append(c)

    for call in calls:
        then_checks(call.step - 1)
        if call.cmd == "apply":
            req = Request("apply", call.request, normalised("apply", call.answer))
            if call.answer.accepted:
                req.expect.append(_check(run, call.step, "/accepted", "equals", True))
            before_req = observe_req
            if before_req is None:
                raise CompileError(f"{run.id}: an action without a position before it")
            requests.append(req)
            outcome_req, observe_req, legal_req = req, None, None
        elif call.cmd in ("observe", "legal_actions"):
            segment_request(call.cmd, call.answer)
        else:
            raise CompileError(f"{run.id}: a second {call.cmd} in one run")
    then_checks(len(run.steps))
    return _assemble(rec, start_req, requests)


def _assemble(rec: Recording, start_req: Request, requests: list[Request]) -> Json:
    run = rec.run
    kept = [r for r in requests if r.cmd == "apply" or r.expect or r.needed]
    start: Json
    if start_req.cmd == "load":
        start = {"position": start_req.request["position"]}
    else:
        start = {"new_game": start_req.request, "chance": [], "actions": []}
        if start_req.expect:
            start["expect"] = start_req.expect
        # chance inputs accepted without any other check belong to the start
        while kept and kept[0].cmd == "apply" and len(kept[0].expect) == 1:
            action = kept[0].request["action"]
            if action.get("type") not in CHANCE:
                break
            start["chance"].append(action)
            kept.pop(0)
    index = {id(r): i for i, r in enumerate(kept)}
    answers = [r.answer for r in kept]
    for i, r in enumerate(kept):  # every check holds on the reference's own answers
        for c in r.expect:
            c2 = {**c, "value": index[c["value"]]} if c["op"] == "same_as" else c
            if not holds(c2, r.answer, answers):
                raise CompileError(f"{run.id}: request {i + 1}: {c} fails on the reference")
    checks = [c for r in kept for c in r.expect] + start.get("expect", [])
    capabilities = ["load"] if "position" in start else []
    if any(c["op"] == "any_match" for c in checks):
        capabilities.append("events")
    players = start_req.request.get("players") or start_req.request["position"]["players"]
    return {
        "id": run.id,
        "scenario": run.scenario.id,
        "rule": run.rule,
        "rules": run.rules_checked(),
        "file": run.scenario.file,
        "line": run.scenario.line,
        "profile": run.profile,
        "options": rec.options,
        "players": players,
        "needs": {
            "options": sorted({k.split(".")[0] for k in rec.options}),
            "capabilities": capabilities,
        },
        "start": start,
        "requests": [r.to_json(index) for r in kept],
    }


@cache
def compile_corpus() -> Json:
    """Every scenario run of ``features/`` compiled to data (corpus.schema.json)."""
    from unospec import __version__
    from unospec.step_probes import Domains

    recordings = [record(run) for sc in load_scenarios() for run in sc.runs]
    domains = Domains.of(recordings)
    cache: dict[Any, Any] = {}
    return {
        "unospec_corpus": FORMAT,
        "suite": {"name": "unospec", "version": __version__},
        "runs": [compile_run(rec, domains, cache) for rec in recordings],
    }


def schema_errors(corpus: Json, limit: int = 20) -> list[str]:
    """Where ``corpus`` breaks ``corpus.schema.json`` (read with the protocol schemas it
    refers to), each with its JSON pointer; at most ``limit``."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    from unospec.spec.resources import PROTOCOL

    registry: Registry = Registry()
    for path in PROTOCOL.glob("*.schema.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        registry = registry.with_resource(doc["$id"], Resource.from_contents(doc))
    schema = json.loads((PROTOCOL / "corpus.schema.json").read_text(encoding="utf-8"))
    out = []
    for err in Draft202012Validator(schema, registry=registry).iter_errors(corpus):
        out.append("/" + "/".join(str(p) for p in err.absolute_path) + f": {err.message[:200]}")
        if len(out) >= limit:
            break
    return out
