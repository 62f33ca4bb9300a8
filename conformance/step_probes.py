"""What a Then step checks, found by probing the step with changed answers.

A Then step of :mod:`unospec.steps` reads the answers the engine gave (the observed
position, the legal actions, the last action's outcome and events, the position before
it) and passes or fails. To compile it to data without restating it, the step is run
again on the reference's answers with something changed, and what makes it fail is what
it checks. Changes are tried many at once and split where the step fails, so each check
kept fails the step alone:

* **position**: a field or list element that fails the step when changed to a *stranger*
  (a value of the same JSON type that no engine produces) is checked. A list whose
  elements do not matter but whose length does is checked by ``length``; one whose order
  does not matter by ``multiset``; single elements by their index, counted from the end
  where adding at the front changes nothing (the top card: ``-1``). A scalar is checked
  by ``equals``, or by ``one_of`` when other values seen at its place in the corpus pass
  too; one that takes a stranger but refuses some value seen there (any phase but
  ``over``) by ``none_of``;
* **legal actions**: an action whose removal fails the step is included; an action whose
  addition fails it is excluded, the candidates being every seat action seen in the
  corpus at every seat and the actions the step itself compares with; a seat for which
  every sampled addition fails has its actions checked exactly;
* **events**: an event that alone lets the step pass is required, by the fields whose
  change fails it; an event type whose addition fails the step is forbidden;
* **outcome**: a refused action's refusal, and its rule when another rule fails the
  step; **before**: a step that fails when the earlier position changes compares the two.

Where a step accepts either of two answers (the round's winner from an event *or* from
the position), no single change fails it; it is probed again without events and checks
the position. Every check is then verified against every probe, passing and failing
exactly where the step did, or the compilation stops; so does a step that reads the
position or the legal actions but yields no check.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from unospec.compiled import CompileError, Then, holds, key
from unospec.port import Json, Outcome
from unospec.scenarios import Run

SYNTHETIC = "~probe"  # a value no engine produces
ENUM_SIZE = 12  # at most this many other values are tried where a stranger value passes


@dataclass
class Domains:
    """What the whole corpus shows: the values seen at each place of a position, every
    seat action (as a template, seat and target 0) and one event of each type."""

    scalars: dict[str, list[Any]] = field(default_factory=dict)
    kinds: dict[str, set[type]] = field(default_factory=dict)  # the JSON types seen there
    enums: dict[str, list[tuple[Any, Any]]] = field(default_factory=dict)  # few values: keyed
    enum_prefixes: set[str] = field(default_factory=set)  # the places with enums inside
    seated: dict[int, list[tuple[Any, Json]]] = field(default_factory=dict)
    actions: list[Json] = field(default_factory=list)
    events: dict[str, Json] = field(default_factory=dict)

    @classmethod
    def of(cls, recordings: list[Any]) -> Domains:
        d = cls()
        seen: dict[str, set[Any]] = {}
        actions: dict[Any, Json] = {}

        def leaves(value: Any, sig: str) -> None:
            d.kinds.setdefault(sig, set()).add(type(value))
            if isinstance(value, dict):
                for k, v in value.items():
                    leaves(v, f"{sig}/{k}")
            elif isinstance(value, list):
                for v in value:
                    leaves(v, f"{sig}/*")
            elif key(value) not in seen.setdefault(sig, set()):
                seen[sig].add(key(value))
                d.scalars.setdefault(sig, []).append(value)

        def action(a: Json) -> None:
            if "seat" in a:
                t = {**a, "seat": 0, **({"target": 0} if "target" in a else {})}
                actions.setdefault(key(t), t)

        for rec in recordings:
            for t in rec.thens:
                if t.position is not None:
                    leaves(t.position, "")
            for call in rec.calls:
                if call.cmd == "legal_actions":
                    for a in call.answer:
                        action(a)
                elif call.cmd == "apply":
                    action(call.request["action"])
                    for e in call.answer.events:
                        d.events.setdefault(e["type"], e)
        d.actions = list(actions.values())
        d.enums = {
            sig: [(key(v), v) for v in values]
            for sig, values in d.scalars.items()
            if len(values) <= ENUM_SIZE + 1
        }
        for sig in d.enums:
            parts = sig.split("/")
            d.enum_prefixes.update("/".join(parts[:i]) for i in range(2, len(parts) + 1))
        return d

    def candidates(self, players: int) -> list[tuple[Any, Json]]:
        """Every action template at every seat (and target) of a ``players``-seat game,
        each with its key."""
        if players not in self.seated:
            out = []
            for a in self.actions:
                for seat in range(players):
                    for target in range(players) if "target" in a else [None]:
                        b = {**a, "seat": seat}
                        if target is not None:
                            b["target"] = target
                        out.append((key(b), b))
            self.seated[players] = out
        return self.seated[players]


def signature(tokens: list[Any]) -> str:
    return "".join(f"/{'*' if isinstance(t, int) else t}" for t in tokens)


def replaced_all(root: Any, changes: list[tuple[list[Any], Any]]) -> Any:
    """``root`` with several values replaced, copying each container on the way once."""
    mine: set[int] = set()

    def own(node: Any) -> Any:
        copied = list(node) if isinstance(node, list) else dict(node)
        mine.add(id(copied))
        return copied

    out = own(root)
    for tokens, value in changes:
        node = out
        for t in tokens[:-1]:
            child = node[t]
            if id(child) not in mine:
                child = node[t] = own(child)
            node = child
        node[tokens[-1]] = value
    return out


def replaced(root: Any, tokens: list[Any], value: Any) -> Any:
    """``root`` with the value at ``tokens`` replaced, copying only the containers on the way."""
    if not tokens:
        return value
    head, rest = tokens[0], tokens[1:]
    out = list(root) if isinstance(root, list) else dict(root)
    out[head] = replaced(root[head], rest, value)
    return out


class ProbePort:
    """The port a probed step reads: fixed answers, and it may not act."""

    name = "probe"
    can_load = True
    reports_events = True

    def __init__(self, position: Json | None, actions: list[Json] | None):
        self.position, self.actions = position, actions

    def observe(self) -> Json:
        if self.position is None:
            raise CompileError("the step observes before the game started")
        return self.position

    def legal_actions(self) -> list[Json]:
        if self.actions is None:
            raise CompileError("the step asks for legal actions before the game started")
        return self.actions

    def _acts(self, *args: Any) -> Any:
        raise CompileError("a Then step acted")

    new_game = load = apply = _acts


def _resolve(step: Any) -> tuple[Any, Json]:
    """The function and arguments :func:`~unospec.steps.run_step` calls for ``step``: the
    first entry of the step table of its kind whose pattern matches (resolved once here,
    as a step is run many times)."""
    from unospec.steps import STEPS

    for kind, rx, fn in STEPS:
        m = rx.match(step.text.strip()) if kind == step.kind else None
        if m:
            kwargs = m.groupdict()
            if step.docstring is not None:
                kwargs["docstring"] = step.docstring
            if step.table is not None:
                kwargs["table"] = step.table
            return fn, kwargs
    raise CompileError(f"no {step.kind} step matches {step.text!r}")


class Prober:
    """Runs one Then step on changed answers, keeping every probe and its verdict."""

    def __init__(self, then: Then, outcome: Outcome | None):
        self.then = then
        self.base = {
            "position": then.position,
            "actions": then.actions,
            "outcome": outcome,
            "before": then.before,
        }
        self.world = copy.copy(then.world)
        self.log: list[tuple[dict[str, Any], bool]] = []
        self.fn, self.kwargs = _resolve(then.step)

    def test(self, **changes: Any) -> bool:
        inputs = {**self.base, **changes}
        w = self.world
        w.port = ProbePort(inputs["position"], inputs["actions"])
        w.last, w.before, w.checked = inputs["outcome"], inputs["before"], self.then.world.checked
        try:
            self.fn(w, **self.kwargs)
            verdict = True
        except Exception:  # a failure, or an answer the step cannot read: it fails
            verdict = False
        self.log.append((inputs, verdict))
        return verdict

    def at(self, tokens: list[Any], value: Any) -> bool:
        return self.test(position=replaced(self.base["position"], tokens, value))

    def at_many(self, tokens: list[Any], changes: dict[Any, Any]) -> bool:
        """The step's verdict with several children of the container at ``tokens`` changed."""
        node = self.base["position"]
        for t in tokens:
            node = node[t]
        node = dict(node) if isinstance(node, dict) else list(node)
        for k, v in changes.items():
            node[k] = v
        return self.at(tokens, node)

    def with_events(self, events: list[Json]) -> bool:
        out = self.base["outcome"]
        return self.test(outcome=Outcome(out.accepted, events, out.error))


def failing(test: Any, items: list[Any]) -> list[Any]:
    """The items whose change fails the step, found by changing groups of them at once
    (``test(group)``: the verdict with the group changed); each item returned fails alone."""
    if not items or test(items):
        return []
    if len(items) == 1:
        return list(items)
    half = len(items) // 2
    return failing(test, items[:half]) + failing(test, items[half:])


def _check(path: str, op: str, value: Any, **extra: Any) -> Json:
    return {"path": path, "op": op, "value": value, **extra}


def _stranger(domains: Domains, tokens: list[Any], value: Any) -> Any:
    """A value no engine produces at this place, of the same JSON type where there is one:
    a list one longer with a stranger for each element, an empty object, a string (for
    ``null``, a value of a type seen here in the corpus: an object, a list or a string)."""
    if isinstance(value, list):
        out = [_stranger(domains, [*tokens, i], x) for i, x in enumerate(value)]
        return [*out, out[0] if out else SYNTHETIC]
    if isinstance(value, dict):
        return {} if value else {SYNTHETIC: SYNTHETIC}
    if value is None:
        kinds = domains.kinds.get(signature(tokens), set())
        if dict in kinds:
            return {}
        if list in kinds:
            return []
    return SYNTHETIC if value != SYNTHETIC else 0


# -- the position -------------------------------------------------------------------------------


def position_checks(p: Prober, domains: Domains) -> list[Json]:
    pos = p.base["position"]
    out = [c for k in _findings(p, domains, [], pos) for c in _classify(p, domains, [k], pos[k])]
    return out + _refusals(p, domains, [c["path"] for c in out])


def _pointer(tokens: list[Any]) -> str:
    return "/position" + "".join(f"/{t}" for t in tokens)


def _others(domains: Domains, tokens: list[Any], value: Any) -> list[Any]:
    """The other values seen at this place in the corpus, if there are few (an enumeration)."""
    values = domains.enums.get(signature(tokens))
    if not values:
        return []
    k = key(value)
    return [v for kv, v in values if kv != k]


def _findings(p: Prober, domains: Domains, tokens: list[Any], node: Any) -> list[Any]:
    """The children of a container (dict keys, list indices) whose change to a stranger
    fails the step, in order."""
    names = list(node) if isinstance(node, dict) else list(range(len(node)))
    strangers = {k: _stranger(domains, [*tokens, k], node[k]) for k in names}
    return failing(lambda ks: p.at_many(tokens, {k: strangers[k] for k in ks}), names)


def _enum_leaves(domains: Domains, node: Any, tokens: list[Any], sig: str) -> Iterator[tuple]:
    """The scalars of ``node`` at places with few values seen (``domains.enums``), as
    ``(tokens, the other values seen there)``; containers with no such place inside are
    skipped."""
    if isinstance(node, (dict, list)):
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            child = f"{sig}/{'*' if isinstance(k, int) else k}"
            if child in domains.enum_prefixes:
                yield from _enum_leaves(domains, v, [*tokens, k], child)
    elif sig in domains.enums:
        k = key(node)
        yield tokens, [v for kv, v in domains.enums[sig] if kv != k]


def _refusals(p: Prober, domains: Domains, checked: list[str]) -> list[Json]:
    """Scalars that take a stranger but refuse some value seen at their place (``none_of``,
    e.g. any phase but ``over``): every other value is tried, for all such places at once."""
    pos = p.base["position"]
    alts = {}
    for tokens, others in _enum_leaves(domains, pos, [], ""):
        path = _pointer(tokens)
        inside = any(path == c or path.startswith(c + "/") for c in checked)
        if others and not inside:
            alts[path] = (tokens, others)

    def changed(paths: list[str], r: int) -> bool:
        return p.test(position=replaced_all(pos, [(alts[x][0], alts[x][1][r]) for x in paths]))

    refusing: dict[str, None] = {}
    for r in range(max((len(o) for _, o in alts.values()), default=0)):
        paths = [path for path, (_, o) in alts.items() if len(o) > r]
        refusing.update(dict.fromkeys(failing(lambda ps, r=r: changed(ps, r), paths)))
    out = []
    for path in refusing:
        tokens, others = alts[path]
        out.append(_check(path, "none_of", [v for v in others if not p.at(tokens, v)]))
    return out


def _classify(p: Prober, domains: Domains, tokens: list[Any], value: Any) -> list[Json]:
    """The checks of a value whose change to a stranger fails the step."""
    if isinstance(value, list):
        return _list(p, domains, tokens, value)
    if isinstance(value, dict):
        out = [
            c
            for k in _findings(p, domains, tokens, value)
            for c in _classify(p, domains, [*tokens, k], value[k])
        ]
        return out or [_check(_pointer(tokens), "equals", value)]
    passing = [v for v in _others(domains, tokens, value) if p.at(tokens, v)]
    if passing:
        return [_check(_pointer(tokens), "one_of", [value, *passing])]
    return [_check(_pointer(tokens), "equals", value)]


def _list(p: Prober, domains: Domains, tokens: list[Any], value: list[Any]) -> list[Json]:
    """A list: its length, its elements as a multiset, the whole list, or some of its
    elements counted from the start or (where adding at the front changes nothing that
    matters, as for the top card) from the end."""
    n = len(value)
    found = _findings(p, domains, tokens, value)
    filler = _stranger(domains, [*tokens, 0], value[0]) if value else SYNTHETIC
    grows_back = p.at(tokens, [*value, filler])
    grows_front = p.at(tokens, [filler, *value])
    if not found:
        shrinks = n == 0 or p.at(tokens, value[:-1])
        if grows_back and grows_front and shrinks:
            return []
        return [_check(_pointer(tokens), "length", n)]
    if grows_back or grows_front:
        return [
            c
            for i in found
            for c in _classify(p, domains, [*tokens, i if grows_back else i - n], value[i])
        ]
    pair = next(
        ((i, j) for i in range(n) for j in range(i + 1, n) if key(value[i]) != key(value[j])),
        None,
    )
    if pair is None:
        return [_check(_pointer(tokens), "multiset", value)]
    swapped = list(value)
    swapped[pair[0]], swapped[pair[1]] = value[pair[1]], value[pair[0]]
    if len(found) == n and p.at(tokens, swapped):
        return [_check(_pointer(tokens), "multiset", value)]
    return [_check(_pointer(tokens), "equals", value)]


# -- legal actions, events, the outcome and the position before -----------------------------------


def _compared(p: Prober, players: int) -> list[Json]:
    """The actions the step compares the legal actions with: what it passes to
    ``same_action`` (watched for one probe, with a stranger action of every seat added so
    that it compares at all)."""
    from unospec import steps

    seen: list[Json] = []
    original = steps.same_action

    def spy(a: Json, b: Json) -> bool:
        seen.extend(x for x in (a, b) if isinstance(x, dict) and x.get("type") != SYNTHETIC)
        return original(a, b)

    dummies = [{"type": SYNTHETIC, "seat": s} for s in range(players)]
    steps.same_action = spy  # type: ignore[assignment]
    try:
        p.test(actions=[*p.base["actions"], *dummies])
    finally:
        steps.same_action = original
    return seen


SAMPLE = 12  # a seat is checked exactly when this many of its other actions (spread over
# at least twice as many) each fail the step


def legal_checks(p: Prober, domains: Domains, players: int) -> list[Json]:
    legal = p.base["actions"]
    keys = {key(a) for a in legal}
    required_idx = failing(
        lambda idx: p.test(actions=[a for i, a in enumerate(legal) if i not in idx]),
        list(range(len(legal))),
    )
    required = [legal[i] for i in required_idx]
    extra: dict[Any, Json] = {}
    for k, c in [*((key(c), c) for c in _compared(p, players)), *domains.candidates(players)]:
        if k not in keys and isinstance(c.get("seat"), int):
            extra.setdefault(k, c)
    exact, excluded = [], []
    for s in range(players):
        group = [c for c in extra.values() if c["seat"] == s]
        if not group or p.test(actions=[*legal, *group]):
            continue
        step = max(1, len(group) // SAMPLE)
        sample = group[::step]
        if len(group) >= 2 * SAMPLE and all(not p.test(actions=[*legal, c]) for c in sample):
            exact.append(s)
        else:
            excluded += failing(lambda g: p.test(actions=[*legal, *g]), group)
    if len(exact) == players and len(required) == len(legal):
        return [_check("/actions", "multiset", legal)]
    out = [
        _check("/actions", "multiset", [a for a in legal if a["seat"] == s], seat=s) for s in exact
    ]
    inc = [a for a in required if a["seat"] not in exact]
    out += [_check("/actions", "includes", inc)] if inc else []
    out += [_check("/actions", "excludes", excluded)] if excluded else []
    return out


def _pattern(p: Prober, base: list[Json], event: Json, verdict: bool) -> Json:
    """The fields of ``event`` the step reads: those whose change flips its ``verdict``
    (the step's verdict with ``event`` added to the events ``base``)."""
    out = {}
    for k, v in event.items():
        changed = {**event, k: SYNTHETIC if v != SYNTHETIC else 0}
        if p.with_events([*base, changed]) != verdict:
            out[k] = v
    return out


def event_checks(p: Prober, domains: Domains) -> list[Json]:
    outcome = p.base["outcome"]
    if outcome is None or not outcome.accepted:
        return []
    events = outcome.events
    exemplars = [e for t, e in domains.events.items()]
    if p.with_events([]) and p.with_events([*events, *exemplars]):
        return []
    out = []
    if not p.with_events([]):
        for e in events:
            if p.with_events([e]):
                pattern = _pattern(p, [], e, verdict=True)
                c = _check("/events", "any_match", pattern)
                if pattern and c not in out:
                    out.append(c)
        if not out:
            raise CompileError("the step needs several events at once")
    for x in exemplars:
        if not p.with_events([*events, x]):
            pattern = _pattern(p, events, x, verdict=False)
            out.append(_check("/events", "no_match", pattern))
    return out


def outcome_checks(p: Prober) -> list[Json]:
    """For a refused action: that it is refused, and under which rule if the step says."""
    outcome = p.base["outcome"]
    if outcome is None or outcome.accepted:
        return []
    out = []
    if not p.test(outcome=Outcome(True, [])):
        out.append(_check("/accepted", "equals", False))
    probe = Outcome(False, error={"rule": SYNTHETIC, "reason": "a probe"})
    if not p.test(outcome=probe):
        out.append(_check("/rule", "equals", (outcome.error or {}).get("rule")))
    return out


def before_checks(p: Prober) -> list[Json]:
    before = p.base["before"]
    if before is None:
        return []
    changed = {**before, SYNTHETIC: 1}
    if p.test(before=changed):
        return []
    if not p.test(before=changed, position=changed):
        raise CompileError("the step reads the earlier position but not as an equality")
    return [_check("/position", "same_as", None)]


# -- a step's checks ---------------------------------------------------------------------------------


def target(check: Json) -> str:
    """Which request a check is about: the outcome, the position, the legal actions, or
    the position compared with the one before the last action (``same_as``)."""
    if check["op"] == "same_as":
        return "same_as"
    return {"accepted": "outcome", "rule": "outcome", "events": "outcome"}.get(
        check["path"].split("/")[1], check["path"].split("/")[1]
    )


def _probe(t: Then, run: Run, domains: Domains, outcome: Outcome | None) -> tuple[Prober, list]:
    p = Prober(t, outcome)
    if not p.test():
        raise CompileError(f"{run.id}: step {t.index + 1} fails on its own answers")
    out = outcome_checks(p)
    same = before_checks(p)
    out += same
    if "observe" in t.used and not same:
        out += position_checks(p, domains)
    if "legal_actions" in t.used:
        if t.position is None:
            raise CompileError("the step reads legal actions but not the position")
        out += legal_checks(p, domains, t.position["players"])
    out += event_checks(p, domains)
    return p, out


def _same_step(t: Then) -> Any:
    """What a Then step's verdict depends on: the step and everything it can read. The
    position's profile is left out: a scenario runs under each profile it is tagged with,
    and no step reads it (a check on it would fail on the other profile's answers, which
    :func:`unospec.compiled.compile_run` verifies)."""
    s, out = t.step, t.outcome

    def unprofiled(position: Json | None) -> Any:
        return key({k: v for k, v in position.items() if k != "profile"} if position else None)

    return (
        (s.kind, s.text, s.docstring, key(s.table)),
        (unprofiled(t.position), key(t.actions), unprofiled(t.before), t.world.checked),
        (out.accepted, key(out.events), key(out.error)) if out else None,
    )


def derive(t: Then, run: Run, domains: Domains, cache: dict[Any, list]) -> list[tuple[str, Json]]:
    """The checks of Then step ``t`` of ``run``, each with the request it is about
    (``cache``: the checks of steps already probed, by what they read)."""
    same = _same_step(t)
    if same not in cache:
        cache[same] = _derive(t, run, domains)
    return cache[same]


def _derive(t: Then, run: Run, domains: Domains) -> list[tuple[str, Json]]:
    try:
        p, checks = _probe(t, run, domains, t.outcome)
        if not checks and t.used and t.outcome is not None and t.outcome.events:
            # either of two answers would do: check the position, events left out
            p, checks = _probe(t, run, domains, Outcome(True, [], t.outcome.error))
    except CompileError as e:
        raise CompileError(f"{run.id}: step {t.index + 1} ({t.step.text}): {e}") from e
    if "legal_actions" in t.used and not any(target(c) == "actions" for c in checks):
        raise CompileError(f"{run.id}: step {t.index + 1}: no legal action found to check")
    if t.used and not checks:
        raise CompileError(f"{run.id}: step {t.index + 1} ({t.step.text}): no check found")
    _verify(p, checks, run, t)
    return [(target(c), c) for c in checks]


def _verify(p: Prober, checks: list[Json], run: Run, t: Then) -> None:
    """The checks must agree with the step on every probe."""
    for inputs, verdict in p.log:
        out = inputs["outcome"]
        answer = {
            "accepted": out.accepted if out else True,
            "rule": (out.error or {}).get("rule") if out else None,
            "events": out.events if out else [],
            "position": inputs["position"],
            "actions": inputs["actions"],
        }
        before = [{"position": inputs["before"]}]
        got = all(
            holds({**c, "value": 0} if c["op"] == "same_as" else c, answer, before) for c in checks
        )
        if got != verdict:
            raise CompileError(
                f"{run.id}: step {t.index + 1} ({t.step.text}): the checks {checks} "
                f"{'pass' if got else 'fail'} where the step {'passes' if verdict else 'fails'}"
            )
