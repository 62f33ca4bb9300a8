"""What a certification found, as the report gives it: each checked item a :class:`Finding`;
the deviations the games met, once per rule and change with how often and where they were
seen (:func:`deviation_findings`); which rules the program plays (:func:`plays`); and what
each rule was judged on (:func:`coverage`)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from unospec.differential import Divergence, GameResult
from unospec.explanation import Change, Explainer

if TYPE_CHECKING:
    from unospec.certify import Certification

OUTCOMES = ("pass", "fail", "warning", "skipped", "errored", "timeout", "not_applicable")


@dataclass
class Finding:
    """One checked item: a scenario run, a differential game, the smoke game, or a
    deviation the games met (``count`` times, in ``games``)."""

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
    count: int = 1
    games: list[str] = dataclasses.field(default_factory=list)
    explanation: dict[str, Any] | None = None  # the change of the rules that explains it
    behaves_as: str | None = None  # the catalogue option it plays, if one explains it
    line: int | None = None  # a scenario's failing step, in its feature file

    def to_json(self) -> dict[str, Any]:
        """Every field, ``None``, ``[]`` and ``""`` included: a report loses nothing."""
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def game_finding(r: GameResult) -> Finding:
    """A game as one checked item: passed, or failed under the rules its deviations were
    blamed on (the deviations themselves are findings of their own, :func:`deviation_findings`,
    which must run first)."""
    n = sum(r.counts.values())
    # a right refusal cited under another rule is a warning of its own, not a break the
    # game shows (unless the game shows nothing else)
    broken = [d for d in r.divergences if d.kind != "citation"] or r.divergences
    rules = sorted({d.rule for d in broken if d.rule})
    note = f"{r.steps} steps; {r.ended}" if r.ended else f"{r.steps} steps"
    if r.divergences:
        note = f"{n} deviation(s) seen in {r.steps} steps; {r.ended}"
    return Finding(
        "differential",
        r.id,
        r.outcome,
        rules,
        note,
        seconds=r.seconds,
        steps=r.steps,
    )


def deviation_findings(
    results: list[GameResult], explainer: Explainer
) -> tuple[list[Finding], list[Change]]:
    """Every deviation the games met, once per rule and change: how often it was seen, in
    which games, and the shortest reproducer. Each is blamed on the change chosen from
    the fewest changes that explain everything the program did (a program that plays one
    option is told so once, not under each rule the option touches)."""
    seen = [(d, g.counts[d.key]) for g in results for d in g.divergences]
    # a change the program was seen not to play (it did what the rules say where the
    # change would have made it do otherwise) explains nothing, if another does
    for d, _ in seen:
        clean = [a for a in d.alternatives if not explainer.contradicted.get(a[0])]
        d.alternatives = clean or d.alternatives
    chosen = _cover(
        [(d.alternatives, n) for d, n in seen if d.alternatives],
        lambda c: explainer.by_id[c].rank if c in explainer.by_id else 0,
    )
    groups: dict[tuple[Any, ...], list[tuple[Divergence, int]]] = {}
    # the rule each chosen change was blamed for: a divergence with no explanation of its
    # own under that rule (a chance problem noted beside another change) is its too
    by_rule = {crule: cid for d, _ in seen for cid, crule in d.alternatives if cid in chosen}
    for d, n in seen:
        rule, change = d.rule, d.change
        for cid, crule in d.alternatives:
            if cid in chosen:
                rule, change = crule, explainer.by_id.get(cid, change)
                break
        else:
            if change is None and rule in by_rule and d.kind == "chance":
                change = explainer.by_id.get(by_rule[rule])
        key = (
            rule,
            change.id if change else None,
            d.kind if d.kind in ("hang", "crash", "citation", "duplicate") else "",
            None if rule else d.field,
        )
        d.rule, d.change = rule, change
        groups.setdefault(key, []).append((d, n))
    out = []
    for (rule, cid, _, fld), items in groups.items():
        first = min(
            items, key=lambda dn: (len((dn[0].reproducer or {}).get("inputs", [])), dn[0].step)
        )[0]
        change = first.change
        against = explainer.contradicted.get(change.id, 0) if change else 0
        label = rule or f"unexplained{' ' + fld if fld else ''}"
        out.append(
            Finding(
                "deviation",
                f"{label}/{cid}" if cid else label,
                "fail" if first.kind != "citation" else "warning",
                [rule] if rule else [],
                first.message,
                first.step,
                first.field,
                first.expected,
                first.actual,
                first.reproducer,
                count=sum(n for _, n in items),
                games=sorted({d.game for d, _ in items}),
                explanation={**change.to_json(), "contradicted": against} if change else None,
                # an option the program was seen not to play is no description of it
                behaves_as=change.option if change and not against else None,
            )
        )
    out.sort(key=lambda f: (f.rules == [], -f.count, f.id))
    return out, [explainer.by_id[c] for c in chosen if c in explainer.by_id]


def _cover(items: list[tuple[list[tuple[str, str]], int]], rank: Callable[[str], int]) -> list[str]:
    """The fewest changes that explain every divergence (greedy: the change that explains
    the most divergences, by count, first; among those, the likelier by ``rank``)."""
    left = list(items)
    chosen: list[str] = []
    while left:
        score: dict[str, int] = {}
        for alts, n in left:
            for cid, _ in alts:
                score[cid] = score.get(cid, 0) + n
        best = max(score, key=lambda c: (score[c], -rank(c), -len(c), c))
        chosen.append(best)
        left = [(alts, n) for alts, n in left if best not in {c for c, _ in alts}]
    return chosen


def plays(cert: Certification, changes: list[Change], explainer: Explainer) -> dict[str, Any]:
    """Which rules the program plays, as far as the games show: the profile plus the
    options that explain what it did, the named deviations, and how many deviations
    nothing explains; with the command that certifies against that guess."""
    options = [c.option for c in changes if c.option and not explainer.contradicted.get(c.id)]
    named = [c.id for c in changes if c.kind == "deviation"]
    unexplained = sum(1 for f in cert.findings if f.kind == "deviation" and not f.rules)
    line = cert.settings.profile
    if options:
        line += " with " + ", ".join(options)
    if named:
        line += "; deviations: " + ", ".join(named)
    if unexplained:
        line += f"; {unexplained} unexplained deviation(s)"
    command = None
    if options:
        command = f"unospec certify --profile {cert.settings.report}/plays.toml -- " + " ".join(
            cert.settings.argv
        )
    return {
        "profile": cert.settings.profile,
        "options": options,
        "option_values": {o: _option_value(o, explainer) for o in options},
        "deviations": named,
        "unexplained": unexplained,
        "line": line,
        "command": command,
    }


def _option_value(option: str, explainer: Explainer) -> Any:
    ch = explainer.by_id[option]
    return {k: v for k, v in ch.options}


def plays_toml(cert: Certification) -> str | None:
    """A profile file of the guess (``plays.toml``), or ``None`` when it is the profile."""
    p = cert.plays or {}
    if not p.get("options"):
        return None
    lines = [
        f'name = "{p["profile"]}-as-played"',
        f'inherits = "{p["profile"]}"',
        "",
        "[options]",
    ]
    for values in p["option_values"].values():
        for key, value in values.items():
            lines.append(f'"{key}" = {_toml(value)}')
    return "\n".join(lines) + "\n"


def _toml(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return str(v)


def coverage(cert: Certification, results: list[GameResult]) -> dict[str, dict[str, int]]:
    """Per rule: the scenario runs and the game steps it was judged on, for this program."""
    out: dict[str, dict[str, int]] = {}
    for f in cert.findings:
        if f.kind == "scenario" and f.outcome in ("pass", "fail", "warning"):
            for rid in f.rules:
                out.setdefault(rid, {"scenario_runs": 0, "game_steps": 0})["scenario_runs"] += 1
    for r in results:
        for rid, n in r.judged.items():
            out.setdefault(rid, {"scenario_runs": 0, "game_steps": 0})["game_steps"] += n
    return dict(sorted(out.items()))
