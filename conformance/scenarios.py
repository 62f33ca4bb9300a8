"""The scenarios of ``features/``: loading, stable IDs, and running them through an engine port.

A scenario's ID is its first catalogue tag (a rule or ambiguity ID) and a slug of its
name, e.g. ``PLAY-MATCH/a-card-of-the-current-colour-may-be-played``; its ``hash``
changes whenever its text does. Scenario Outlines expand to one run per Examples row.

**Which rule a step checks.** Tags select scenarios; a failing step blames one rule, the
rule that states what the step checks:

* a comment line ``# checks RULE-ID`` among a scenario's steps names the rule of the
  steps after it (up to the next such comment);
* else a step that names its rule (``Then the action is refused under PLAY-MATCH``,
  ``an event … cites WD4-EFFECT``) checks that rule;
* else the run's rule: the first catalogue tag of the Examples block its row comes from,
  else the row's ``rule`` column, else the scenario's first catalogue tag.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from unospec.spec.resources import FEATURES

PROFILE_TAGS = ("official", "fi-wikipedia", "sv-unoregler", "id-wikipedia")
KIND = {"Context": "given", "Action": "when", "Outcome": "then"}
CITE = re.compile(r"([a-z]{2}-[a-z]+) › (.+?) › ¶(\d+)(?: item (.+?))?\s*(?=;|$)")
CHECKS = re.compile(r"^\s*#\s*checks\s+([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)\s*$")
NAMED_RULE = re.compile(r"(?:refused under|cites) ([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)")


@dataclass(frozen=True)
class Step:
    kind: str
    text: str
    docstring: str | None = None
    table: list[list[str]] | None = None
    rule: str | None = None  # named by a ``# checks RULE-ID`` comment above the step
    line: int | None = None  # the step's line in its feature file

    def checks(self, default: str) -> str:
        """The rule this step checks (see the module docstring)."""
        if self.rule:
            return self.rule
        m = NAMED_RULE.search(self.text)
        return m.group(1) if m else default


@dataclass(frozen=True)
class Run:
    """One executable run of a scenario: a profile (or an outline row) and its steps."""

    scenario: Scenario
    label: str
    profile: str
    steps: tuple[Step, ...]
    rule: str = ""  # the rule its steps check unless they name another (module docstring)

    @property
    def id(self) -> str:
        return f"{self.scenario.id}[{self.label}]"

    def rules_checked(self) -> list[str]:
        """Every rule a step of this run checks (its Then steps, and any step a ``#
        checks`` comment names a rule for), the run's own first."""
        out = [self.rule]
        out += [s.checks(self.rule) for s in self.steps if s.kind == "then" or s.rule]
        return list(dict.fromkeys(out))


@dataclass(frozen=True)
class Scenario:
    id: str
    hash: str
    name: str
    file: str
    line: int
    tags: tuple[str, ...]
    ids: tuple[str, ...]
    profiles: tuple[str, ...]
    negative: bool
    outline: bool
    description: str
    rule_block: str | None
    runs: tuple[Run, ...] = field(default=(), compare=False, repr=False)

    @property
    def citations(self) -> list[tuple[str, str, int, str | None]]:
        out = []
        for part in self.description.split(";"):
            out += [
                (d, s, int(p), i or None) for d, s, p, i in CITE.findall(part.strip().rstrip("."))
            ]
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "hash": self.hash,
            "name": self.name,
            "file": self.file,
            "line": self.line,
            "rules": list(self.ids),
            "profiles": list(self.profiles),
            "negative": self.negative,
            "outline": self.outline,
            "description": self.description,
            "runs": [
                {
                    "id": r.id,
                    "profile": r.profile,
                    "steps": [
                        {
                            "kind": s.kind,
                            "text": s.text,
                            **({"docstring": s.docstring} if s.docstring else {}),
                            **({"table": s.table} if s.table else {}),
                        }
                        for s in r.steps
                    ],
                }
                for r in self.runs
            ],
        }


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def is_catalogue_id(tag: str) -> bool:
    return bool(re.fullmatch(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*", tag))


def _steps(
    pickle: dict[str, Any], lines: dict[str, int], checks: list[tuple[int, str]]
) -> tuple[Step, ...]:
    """A pickle's steps, each with its line and the rule of the last ``# checks`` comment
    above it (``checks``: the comments inside this scenario, as (line, rule))."""
    out = []
    for s in pickle["steps"]:
        arg = s.get("argument", {})
        doc = arg.get("docString", {}).get("content") if "docString" in arg else None
        table = (
            [[c["value"] for c in row["cells"]] for row in arg["dataTable"]["rows"]]
            if "dataTable" in arg
            else None
        )
        line = lines.get(s["astNodeIds"][0])
        rule = None
        for at, rid in checks:
            if line is not None and at < line:
                rule = rid
        out.append(Step(KIND.get(s.get("type"), "then"), s["text"], doc, table, rule, line))
    return tuple(out)


def parse_file(path: Path, root: Path = FEATURES) -> list[Scenario]:
    text = path.read_text(encoding="utf-8")
    doc = Parser().parse(text)
    rel = path.relative_to(root).as_posix()
    doc["uri"] = rel
    pickles = Compiler().compile(doc)
    by_line: dict[int, list[dict[str, Any]]] = {}
    nodes: dict[int, tuple[dict[str, Any], str | None, list[str]]] = {}

    def visit(children: list[dict[str, Any]], rule: str | None, inherited: list[str]) -> None:
        for child in children:
            if "rule" in child:
                r = child["rule"]
                visit(
                    r["children"], r["name"], inherited + [t["name"][1:] for t in r.get("tags", [])]
                )
            elif "scenario" in child:
                sc = child["scenario"]
                nodes[sc["id"]] = (sc, rule, inherited)

    feature = doc.get("feature") or {}
    visit(feature.get("children", []), None, [t["name"][1:] for t in feature.get("tags", [])])
    comments = [
        (c["location"]["line"], m.group(1))
        for c in doc.get("comments", [])
        if (m := CHECKS.match(c["text"]))
    ]
    starts = sorted(sc["location"]["line"] for sc, _, _ in nodes.values())
    for p in pickles:
        by_line.setdefault(p["astNodeIds"][0], []).append(p)
    out = []
    for node_id, (sc, rule, inherited) in nodes.items():
        tags = tuple(dict.fromkeys([*inherited, *(t["name"][1:] for t in sc.get("tags", []))]))
        # an outline's Examples blocks may carry their own profile and rule tags
        block_tags = [t["name"][1:] for ex in sc.get("examples", []) for t in ex.get("tags", [])]
        ids = tuple(dict.fromkeys(t for t in [*tags, *block_tags] if is_catalogue_id(t)))
        profiles = tuple(dict.fromkeys(t for t in [*tags, *block_tags] if t in PROFILE_TAGS))
        primary = ids[0] if ids else (rule or "UNTAGGED")
        # the rule a run checks by default: a rule, not an ambiguity (AMB-…) it settles
        first_rule = next((t for t in ids if not t.startswith("AMB-")), None)
        default_rule = first_rule or (rule if rule and is_catalogue_id(rule) else primary)
        outline = bool(sc.get("examples"))
        body = json.dumps(
            [
                sc["name"],
                [
                    (
                        s["keyword"].strip(),
                        s["text"],
                        s.get("docString", {}).get("content"),
                        [
                            [c["value"] for c in r["cells"]]
                            for r in s.get("dataTable", {}).get("rows", [])
                        ],
                    )
                    for s in sc["steps"]
                ],
                [
                    [[c["value"] for c in r["cells"]] for r in ex.get("tableBody", [])]
                    for ex in sc.get("examples", [])
                ],
            ],
            ensure_ascii=False,
        )
        scenario = Scenario(
            id=f"{primary}/{slug(sc['name'])}",
            hash=hashlib.sha256(body.encode()).hexdigest()[:10],
            name=sc["name"],
            file=rel,
            line=sc["location"]["line"],
            tags=tags,
            ids=ids,
            profiles=profiles,
            negative="negative" in tags,
            outline=outline,
            description=" ".join(sc.get("description", "").split()),
            rule_block=rule,
        )
        start = sc["location"]["line"]
        end = next((n for n in starts if n > start), 10**9)
        lines = {st["id"]: st["location"]["line"] for st in sc["steps"]}
        mine = [(at, rid) for at, rid in comments if start < at < end]
        runs = []
        for p in by_line.get(node_id, []):
            steps = _steps(p, lines, mine)
            if outline:
                values, block_tags = _example_values(sc, p)
                block_profiles = [t for t in block_tags if t in PROFILE_TAGS]
                # the Examples block's profile tag first (what Cucumber's --tags selects)
                profile = (
                    block_profiles[0]
                    if block_profiles
                    else values.get("profile", (list(profiles) or ["official"])[0])
                )
                row_rule = next(
                    (t for t in block_tags if is_catalogue_id(t) and not t.startswith("AMB-")),
                    None,
                )
                row_rule = row_rule or values.get("rule") or default_rule
                label = "-".join(values.values())
                runs.append(Run(scenario, label, profile, steps, row_rule))
            else:
                for prof in profiles or ("official",):
                    runs.append(Run(scenario, prof, prof, steps, default_rule))
        object.__setattr__(scenario, "runs", tuple(runs))
        out.append(scenario)
    return out


def _example_values(sc: dict[str, Any], pickle: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """An outline row's values by column, and the tags of its Examples block."""
    row_id = pickle["astNodeIds"][1]
    for ex in sc["examples"]:
        header = [c["value"] for c in ex["tableHeader"]["cells"]]
        for row in ex.get("tableBody", []):
            if row["id"] == row_id:
                values = dict(zip(header, (c["value"] for c in row["cells"]), strict=True))
                return values, [t["name"][1:] for t in ex.get("tags", [])]
    return {}, []


@cache
def load_scenarios(root: Path = FEATURES) -> tuple[Scenario, ...]:
    """Every scenario of every ``.feature`` file under ``root``, in file and line order."""
    out: list[Scenario] = []
    for path in sorted(root.rglob("*.feature")):
        out.extend(parse_file(path, root))
    return tuple(out)


def scenarios_by_rule(root: Path = FEATURES) -> dict[str, list[str]]:
    """Catalogue ID -> the IDs of the scenarios tagged with it."""
    out: dict[str, list[str]] = {}
    for sc in load_scenarios(root):
        for rid in sc.ids:
            out.setdefault(rid, []).append(sc.id)
    return out


@dataclass
class Result:
    run: Run
    passed: bool
    step: int | None = None  # the failing step, counted from 1 as in the message
    message: str = ""
    skipped: bool = False
    rule: str | None = None  # the rule the failing step checks
    line: int | None = None  # the failing step's line in the feature file
    citations: list[str] = field(default_factory=list)  # right refusals under other rules


def execute(run: Run, port: Any, strict_citations: bool = True) -> Result:
    """Run one scenario run against ``port`` (an :class:`~unospec.port.EnginePort`).

    A failure blames the rule its step checks (:meth:`Step.checks`); an action refused
    where the scenario expects it to be taken blames the rule of the step that took it."""
    from unospec.steps import ActionRefused, ScenarioFailure, Unobservable, World, run_step

    world = World(port, profile=run.profile, strict_citations=strict_citations)
    acting: Step | None = None  # the last When step that took an action

    def failed(i: int, s: Step, e: Exception, **kw: Any) -> Result:
        blamed = acting if isinstance(e, ActionRefused) and acting is not None else s
        return Result(
            run,
            False,
            i + 1,
            f"step {i + 1} ({s.kind} {s.text}): {e}",
            rule=blamed.checks(run.rule),
            line=blamed.line,
            **kw,
        )

    for i, s in enumerate(run.steps):
        try:
            run_step(world, s.text, s.kind, s.docstring, s.table)
        except ScenarioFailure as e:
            return failed(i, s, e)
        except Unobservable as e:
            return failed(i, s, e, skipped=True)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError) as e:
            # the engine answered with something the step cannot read: the engine's fault
            return failed(i, s, ScenarioFailure(f"unreadable answer ({type(e).__name__}: {e})"))
        if s.kind == "when":
            acting = s
    try:
        world.require_checked()
    except ScenarioFailure as e:
        last = run.steps[-1]
        blamed = acting or last
        return Result(
            run, False, len(run.steps), str(e), rule=blamed.checks(run.rule), line=blamed.line
        )
    return Result(run, True, citations=world.citations)
