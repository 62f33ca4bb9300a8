"""Things the docs show by running them at build time: commands, a live session against
:class:`unospec.serve.Server`, a trace, a certification of the reference engine, and the
formal model's tables. What is shown is what the code does today."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from unospec.protocol import SCHEMAS, schema_errors

from .domain import domain, xref
from .util import (
    code_block,
    field_list,
    joined,
    json_block,
    literal,
    para,
    section,
    strong,
    table,
)

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[3]


def run_cli(args: list[str], timeout: float = 120) -> tuple[int, str]:
    """``unospec ARGS`` in a subprocess of this Python, as a person's terminal shows it."""
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    proc = subprocess.run(
        [sys.executable, "-m", "unospec", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    return proc.returncode, (proc.stdout + proc.stderr).rstrip()


def subcommands() -> argparse._SubParsersAction:
    """The ``unospec`` subcommands, as the command line registers them."""
    from unospec.cli import build_parser

    return next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))


class LiveDirective(SphinxDirective):
    """A directive that shows what code does at build time: its page is rebuilt every time."""

    def run(self) -> list[nodes.Node]:
        domain(self.env).live.add(self.env.docname)
        return self.render()

    def render(self) -> list[nodes.Node]:
        raise NotImplementedError


class CommandDirective(LiveDirective):
    """``.. uno:command:: summary`` — run ``unospec summary`` and show what it prints.

    ``:exit:`` is the expected exit status (default 0); another status is a build warning.
    """

    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {"exit": directives.nonnegative_int, "head": directives.nonnegative_int}

    def render(self) -> list[nodes.Node]:
        args = self.arguments[0].split()
        code, out = run_cli(args)
        want = self.options.get("exit", 0)
        if code != want:
            logger.warning(
                "unospec %s exited %s, expected %s:\n%s",
                " ".join(args),
                code,
                want,
                out[-2000:],
                location=self.get_location(),
            )
        lines = out.splitlines()
        head = self.options.get("head")
        if head and len(lines) > head:
            lines = lines[:head] + [f"… ({len(out.splitlines()) - head} more lines)"]
        return [code_block(f"$ unospec {' '.join(args)}\n" + "\n".join(lines), "text")]


class CommandsDirective(LiveDirective):
    """``.. uno:commands::`` — every ``unospec`` subcommand with its one-line help."""

    def render(self) -> list[nodes.Node]:
        sub = subcommands()
        helps = {c.dest: c.help for c in sub._choices_actions}  # noqa: SLF001
        return [
            table(
                ["command", "what it does"],
                [[literal(f"unospec {name}"), helps.get(name, "")] for name in sub.choices],
                classes=["commands"],
            )
        ]


class ComparedFieldsDirective(LiveDirective):
    """``.. uno:compared-fields::`` — the position fields certification compares."""

    def render(self) -> list[nodes.Node]:
        from unospec.compare import OBSERVED_FIELDS

        return [
            para(
                *[
                    part
                    for i, f in enumerate(OBSERVED_FIELDS)
                    for part in ((", " if i else ""), literal(f))
                ]
            )
        ]


# -- certification of the reference engine -----------------------------------------------------


@cache
def certification() -> dict[str, Any]:
    """``unospec certify --games 1 -- unospec serve``: the reference engine certified against
    itself, once per build: its terminal output, exit status and report files."""
    tmp = Path(tempfile.mkdtemp(prefix="unospec-docs-"))
    t0 = time.perf_counter()
    code, out = run_cli(
        [
            "certify",
            "--games",
            "1",
            "--timeout",
            "60",  # a loaded machine must not turn a slow answer into a finding
            "--report",
            str(tmp),
            "--",
            sys.executable,
            "-m",
            "unospec.cli",
            "serve",
        ]
    )
    report = json.loads((tmp / "report.json").read_text(encoding="utf-8"))
    return {
        "exit": code,
        "output": out.replace(str(tmp), "reports/certify").replace(sys.executable, "python"),
        "report": report,
        "summary": (tmp / "summary.md").read_text(encoding="utf-8"),
        "junit": (tmp / "junit.xml").read_text(encoding="utf-8"),
        "badge": json.loads((tmp / "badge-official.json").read_text(encoding="utf-8")),
        "seconds": time.perf_counter() - t0,
    }


def _one_of_each(items: list[dict[str, Any]], key: str, want=lambda x: True) -> list[Any]:
    """The first item of each value of ``key`` (preferring items ``want`` accepts)."""
    out: dict[Any, dict[str, Any]] = {}
    for item in sorted(items, key=lambda x: not want(x)):
        out.setdefault(item.get(key), item)
    return list(out.values())


def _short(lines: list[str], head: int, tail: int) -> str:
    if len(lines) <= head + tail + 1:
        return "\n".join(lines)
    skipped = len(lines) - head - tail
    return "\n".join([*lines[:head], f"… ({skipped} more rows)", *lines[-tail:]])


class CertifyOutputDirective(LiveDirective):
    """``.. uno:certify-output::`` — what ``unospec certify`` prints (the reference engine)."""

    def render(self) -> list[nodes.Node]:
        cert = certification()
        if cert["exit"] != 0:
            logger.warning(
                "certifying the reference engine exited %s:\n%s",
                cert["exit"],
                cert["output"][-2000:],
                location=self.get_location(),
            )
        lines = cert["output"].splitlines()
        text = "$ unospec certify --games 1 --timeout 60 -- unospec serve\n" + _short(lines, 12, 7)
        return [code_block(text, "text")]


class ReportExampleDirective(LiveDirective):
    """``.. uno:report-example:: json|markdown|junit|badge``."""

    required_arguments = 1

    def render(self) -> list[nodes.Node]:
        cert = certification()
        what = self.arguments[0]
        if what == "json":
            r = cert["report"]
            shown = {
                "unospec_report": r["unospec_report"],
                "header": r["header"] | {"program": r["header"]["program"] | {"argv": ["…"]}},
                "results": _one_of_each(r["results"], "kind") + ["…"],
                "rules": _one_of_each(r["rules"], "verdict", lambda x: bool(x["citations"]))
                + ["…"],
                "footer": r["footer"],
            }
            shown["header"]["declared"] = {
                k: (v[:4] + ["…"] if isinstance(v, list) and len(v) > 4 else v)
                for k, v in r["header"]["declared"].items()
            }
            return [json_block(shown)]
        if what == "markdown":
            return [code_block(_short(cert["summary"].splitlines(), 18, 0), "markdown")]
        if what == "junit":
            return [code_block(_short(cert["junit"].splitlines(), 4, 1), "xml")]
        if what == "badge":
            return [json_block(cert["badge"])]
        logger.warning("unknown report example %r", what, location=self.get_location())
        return []


# -- protocol ----------------------------------------------------------------------------------


@cache
def schema(file: str) -> dict[str, Any]:
    return json.loads((SCHEMAS / f"{file}.schema.json").read_text(encoding="utf-8"))


class SchemaDirective(SphinxDirective):
    """``.. uno:schema:: live`` — every definition of ``spec/protocol/live.schema.json``, each
    with its JSON Schema. ``:only:`` picks definitions (comma-separated, in that order)."""

    required_arguments = 1
    option_spec = {"only": directives.unchanged, "optional": directives.flag}

    def run(self) -> list[nodes.Node]:
        file = self.arguments[0]
        path = SCHEMAS / f"{file}.schema.json"
        if not path.exists():
            if "optional" in self.options:
                return []
            logger.warning("no schema %s", path, location=self.get_location())
            return []
        self.env.note_dependency(str(path))
        doc = schema(file)
        defs = doc.get("$defs") or {file: doc}  # a schema without definitions: the file
        names = (
            [n.strip() for n in self.options["only"].split(",")]
            if "only" in self.options
            else list(defs)
        )
        out: list[nodes.Node] = []
        for name in names:
            if name not in defs:
                logger.warning(
                    "%s has no definition %s", path.name, name, location=self.get_location()
                )
                continue
            d = defs[name]
            anchor = f"{file}-{name}"
            pointer = f"#/$defs/{name}" if "$defs" in doc else ""
            sec = section(anchor, f"{name}", ["schema-def"])
            domain(self.env).note("message", f"{file}:{name}", self.env.docname, anchor, name)
            if d.get("description"):
                sec += para(d["description"])
            props = d.get("properties")
            if props:
                required = set(d.get("required", ()))
                sec += table(
                    ["field", "required", "what"],
                    [
                        [literal(k), "yes" if k in required else "", para(_describe(v, file))]
                        for k, v in props.items()
                    ],
                    classes=["schema-fields"],
                    widths=[2, 1, 6],
                )
            alternatives = d.get("oneOf") or d.get("anyOf")
            if alternatives and all("$ref" in a for a in alternatives):
                sec += para("One of ", joined(_ref(a["$ref"], file) for a in alternatives), ".")
            sec += para(
                strong("Schema"), " (", literal(f"spec/protocol/{path.name}{pointer}"), "):"
            )
            sec += json_block(d)
            out.append(sec)
        return out


def _ref(ref: str, file: str) -> nodes.Node:
    """A link to the rendered schema definition a ``$ref`` names."""
    target, _, pointer = ref.partition("#")
    target_file = target.removesuffix(".schema.json") or file
    name = pointer.removeprefix("/$defs/")
    return xref(
        "message", f"{target_file}:{name}", name if target_file == file else f"{target_file}:{name}"
    )


def _describe(v: dict[str, Any], file: str) -> list[nodes.Node]:
    """A field of a schema in words, with links to the definitions it refers to."""
    parts: list[list[nodes.Node]] = []
    if "const" in v:
        parts.append([nodes.Text(f"always {json.dumps(v['const'])}")])
    if "$ref" in v:
        parts.append([nodes.Text("see "), _ref(v["$ref"], file)])
    if "enum" in v:
        parts.append([nodes.Text("one of " + ", ".join(json.dumps(e) for e in v["enum"]))])
    if "type" in v:
        t = v["type"]
        if t == "array" and isinstance(v.get("items"), dict):
            inner = _describe(v["items"], file)
            parts.append([nodes.Text("array of "), *inner] if inner else [nodes.Text("array")])
        else:
            parts.append([nodes.Text(t if isinstance(t, str) else " or ".join(t))])
    for key in ("oneOf", "anyOf"):
        if v.get(key) and all("$ref" in a or "type" in a for a in v[key]):
            alts = [
                [_ref(a["$ref"], file)] if "$ref" in a else [nodes.Text(str(a["type"]))]
                for a in v[key]
            ]
            parts.append([nodes.Text("one of "), *joined(alts, " or ")])
    if v.get("description"):
        parts.append([nodes.Text(v["description"])])
    out: list[nodes.Node] = []
    for i, p in enumerate(parts):
        if i:
            out.append(nodes.Text("; "))
        out.extend(p)
    return out


def check_schemas_rendered(app: Any, env: Any) -> None:
    """Every definition of every schema file has its section somewhere in the docs."""
    dom = domain(env)
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        file = path.name.removesuffix(".schema.json")
        doc = schema(file)
        for name in doc.get("$defs") or {file: doc}:
            if ("message", f"{file}:{name}") not in dom.objects:
                logger.warning("the docs show no section for %s#/$defs/%s", path.name, name)


HANDS = [["R1", "R2", "B3", "G4", "YS", "W", "B9"], ["G1", "G2", "Y3", "Y4", "BR", "WD4", "R8"]]
STARTER = "R7"


def session_requests() -> list[dict[str, Any]]:
    """The example session: what a harness sends (``seq`` is added in order)."""
    from collections import Counter

    from unospec.spec.cards import CANONICAL_DECK

    rest = Counter(CANONICAL_DECK) - Counter([c for h in HANDS for c in h] + [STARTER])
    draw_pile = [c for c in rest for _ in range(rest[c])]  # the rest of the deck, in order
    return [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "new_game", "players": 2, "profile": "official", "options": {}},
        {"cmd": "legal_actions"},
        {"cmd": "apply", "action": {"type": "dealer_draw", "cards": ["R5", "G9"]}},
        {
            "cmd": "apply",
            "action": {"type": "deal", "hands": HANDS, "starter": STARTER, "draw_pile": draw_pile},
        },
        {"cmd": "legal_actions"},
        {"cmd": "apply", "action": {"type": "play", "seat": 0, "card": "B3"}},
        {"cmd": "apply", "action": {"type": "play", "seat": 0, "card": "R2"}},
        {"cmd": "legal_actions"},
        {"cmd": "observe"},
        {"cmd": "new_game", "players": 11, "profile": "official", "options": {}},
        {"cmd": "stop"},
    ]


@cache
def session() -> list[tuple[dict[str, Any], dict[str, Any] | None, list[str]]]:
    """Run the example session against the reference server: (request, reply, problems)."""
    from unospec.serve import Server

    server = Server()
    out = []
    for seq, msg in enumerate(session_requests(), start=1):
        req = dict(msg)
        if req["cmd"] != "stop":
            req = {"cmd": req["cmd"], "seq": seq, **{k: v for k, v in req.items() if k != "cmd"}}
        reply = server.handle(json.loads(json.dumps(req)))
        problems = [f"request: {p}" for p in schema_errors("request", req)]
        if reply is not None:
            kind = (
                "helloReply"
                if req["cmd"] == "hello"
                else ("okReply" if reply.get("ok") else "errorReply")
            )
            problems += [f"reply ({kind}): {p}" for p in schema_errors(kind, reply)]
        out.append((req, reply, problems))
    return out


class SessionDirective(LiveDirective):
    """``.. uno:session::`` — a live session against the reference server, run at build time;
    every request and reply is checked against the schemas (a mismatch fails the build)."""

    def render(self) -> list[nodes.Node]:
        lines = []
        for req, reply, problems in session():
            for p in problems:
                logger.warning("example session: %s", p, location=self.get_location())
            lines.append("→ " + _compact(req))
            if reply is None:
                lines.append("  (no answer: the program exits)")
            else:
                lines.append("← " + _compact(reply))
        return [code_block("\n".join(lines), "text")]


def _compact(message: dict[str, Any], limit: int = 6) -> str:
    """A message on one line, long lists (the draw pile, the options) cut to their first items."""

    def cut(value: Any, key: str = "") -> Any:
        if isinstance(value, dict):
            return {k: cut(v, k) for k, v in value.items()}
        if isinstance(value, list):
            short = (
                value[:limit] + [f"… {len(value) - limit} more"]
                if len(value) > limit + 1
                else value
            )
            if key in ("hands", "cards"):
                short = value
            return [cut(v) for v in short]
        return value

    return json.dumps(cut(message), separators=(",", ":"), ensure_ascii=False)


class TraceExampleDirective(LiveDirective):
    """``.. uno:trace-example::`` — the first lines of a trace of a real game (2 players),
    checked against the trace schema."""

    option_spec = {"lines": directives.positive_int}

    def render(self) -> list[nodes.Node]:
        from unospec.reference.trace import play

        game = play(2, "official", {}, seed=3, max_actions=200)
        lines = [json.loads(line) for line in game.lines()]
        for i, line in enumerate(lines):
            for p in schema_errors("trace:header" if i == 0 else "trace:line", line):
                logger.warning("example trace line %s: %s", i + 1, p, location=self.get_location())
        header = dict(lines[0])
        for c in header.get("chance", []):
            if c.get("type") == "deal":
                c["draw_pile"] = c["draw_pile"][:5] + [f"… {len(c['draw_pile']) - 5} more"]
            if c.get("type") == "shuffle":
                c["order"] = c["order"][:5] + [f"… {len(c['order']) - 5} more"]
        n = self.options.get("lines", 4)
        text = [json.dumps(header, ensure_ascii=False)]
        text += [json.dumps(line, ensure_ascii=False) for line in lines[1:n]]
        text.append(f"… {len(lines) - n} more lines")
        return [code_block("\n".join(text), "text")]


PROVE_BUDGET = 20  # seconds: a slower ``unospec prove`` is described, not run

# -- the formal model --------------------------------------------------------------------------


def _doc(step: Any) -> str:
    """What a step kind is, whatever shape spec.prover gives it (a tuple or a Step)."""
    if isinstance(step, tuple | list):
        return str(step[0])
    return str(getattr(step, "doc", step))


class ProverDirective(LiveDirective):
    """``.. uno:prover::`` — the invariants, step properties, steps and profile groups of
    ``spec/prover``, read from the code (and the ``unospec prove`` table when it is fast)."""

    def render(self) -> list[nodes.Node]:
        try:
            from unospec.spec.prover.invariants import INVARIANTS, PROPERTIES
            from unospec.spec.prover.proofs import ACTIONS
            from unospec.spec.prover.rules import GROUPS, OUTSIDE_A_ROUND, UNSUPPORTED
        except Exception as e:  # the prover is optional to these docs
            return [para(f"The formal model is not available in this build ({type(e).__name__}).")]
        for module in ("invariants", "proofs", "rules", "model", "state"):
            path = ROOT / "spec" / "prover" / f"{module}.py"
            if path.exists():
                self.env.note_dependency(str(path))
        out: list[nodes.Node] = []
        inv = section("invariants", "Invariants", ["prover"])
        inv += para(
            "Each must hold in every state of a round. The proofs show each one inductive: "
            "assumed in a symbolic state, it still holds after any step its guard allows."
        )
        inv += table(["invariant", "what it says"], [[k, v] for k, v in INVARIANTS.items()])
        out.append(inv)
        props = section("step-properties", "Step properties", ["prover"])
        props += para(
            "What a step must do, written from the rule statements and independently of "
            "spec/arithmetic.py, so the shared arithmetic is checked against them."
        )
        props += table(["property", "what it says"], [[k, v] for k, v in PROPERTIES.items()])
        out.append(props)
        scope = section("scope", "Scope", ["prover"])
        scope += para(
            f"{len(ACTIONS)} step kinds × player counts 2–10 × {len(GROUPS)} profile groups. "
            "A step kind that a group's rules do not offer is left out for that group."
        )
        scope += table(
            ["step", "what it is"],
            [[k, _doc(v)] for k, v in ACTIONS.items()],
            classes=["steps-table"],
        )
        scope += table(
            ["group", "profile", "options on top"],
            [
                [
                    g.name,
                    getattr(g, "profile", ""),
                    "; ".join(f"{k} = {json.dumps(v)}" for k, v in getattr(g, "options", ()))
                    or "—",
                ]
                for g in GROUPS
            ],
            classes=["groups"],
        )
        scope += field_list(
            [
                ("Not modelled", ", ".join(UNSUPPORTED)),
                ("Outside a round", ", ".join(OUTSIDE_A_ROUND)),
            ]
        )
        out.append(scope)
        return out


class ProverRunDirective(LiveDirective):
    """``.. uno:prover-run::`` — how to run the proofs: ``unospec prove`` with its help; with
    ``:run:`` also its table, run at build time (given up after :data:`PROVE_BUDGET` s)."""

    option_spec = {"run": directives.flag}

    def render(self) -> list[nodes.Node]:
        sub = subcommands()
        if "prove" not in sub.choices:
            return [
                para(
                    "This version has no ",
                    literal("unospec prove"),
                    " command yet; the proofs run from Python:",
                ),
                code_block(
                    "python -c 'from spec.prover.proofs import prove; "
                    "r = prove(); print(r.ok, round(r.seconds, 1))'",
                    "sh",
                ),
            ]
        _, usage = run_cli(["prove", "--help"])
        out: list[nodes.Node] = [code_block(f"$ unospec prove --help\n{usage}", "text")]
        if "run" not in self.options:
            return out
        t0 = time.perf_counter()
        try:
            code, table_text = run_cli(["prove"], timeout=PROVE_BUDGET)
        except subprocess.TimeoutExpired:
            return [
                *out,
                para(
                    literal("unospec prove"),
                    f" takes longer than the {PROVE_BUDGET} s these pages allow it, so its "
                    "table is not shown here: run it yourself.",
                ),
            ]
        seconds = time.perf_counter() - t0
        if code != 0:
            logger.warning(
                "unospec prove exited %s:\n%s",
                code,
                table_text[-2000:],
                location=self.get_location(),
            )
        return [
            *out,
            para(f"Run while these pages were built ({seconds:.0f} s, exit status {code}):"),
            code_block("$ unospec prove\n" + table_text, "text"),
        ]
