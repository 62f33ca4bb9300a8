"""The certification report as data, the one source of every report format.

:func:`to_json` is ``report.json`` (its schema is ``spec/protocol/report.schema.json``):
every finding with every field it has (``null``, ``[]`` and ``""`` included), the
scenario's feature file, line and citations, a diff of expected and actual, the per-rule
counts and the verdict. The Markdown summary, JUnit XML, the badge and the workflow
annotations are all made from it, so a field added to :class:`~unospec.certify.Finding`
or :class:`~unospec.certify.Certification` flows into ``report.json`` without a change here.
"""

from __future__ import annotations

import dataclasses
import json
import re
from functools import cache
from typing import Any

from unospec import __version__
from unospec.certify import Certification
from unospec.diffs import describe, show, value_diff
from unospec.findings import OUTCOMES, Finding
from unospec.protocol import PROTOCOL
from unospec.scenarios import Scenario, load_scenarios
from unospec.spec.catalogue import load as load_catalogue

REPORT_FORMAT = 1
PROBLEMS = ("fail", "errored", "timeout")  # the outcomes a reader must look at
# Characters XML 1.0 cannot carry (and terminals should not get from a report): C0
# controls other than tab, newline and carriage return, surrogates, U+FFFE and U+FFFF.
ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(text: str) -> str:
    """``text`` with every character XML cannot hold written as a visible ``\\uXXXX``."""
    return ILLEGAL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON data: tuples and sets become lists, dataclasses objects,
    anything with ``to_json`` its JSON; never a Python repr of a known type."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((jsonable(v) for v in value), key=repr)
    if hasattr(value, "to_json"):
        return jsonable(value.to_json())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return jsonable(dataclasses.asdict(value))
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


# -- where a scenario finding comes from ---------------------------------------------------------


@cache
def _scenario_of_run() -> dict[str, Scenario]:
    return {run.id: sc for sc in load_scenarios() for run in sc.runs}


def scenario_of(finding: Finding) -> Scenario | None:
    """The scenario a scenario finding ran (by its run ID), or ``None``."""
    return _scenario_of_run().get(finding.id) if finding.kind == "scenario" else None


def _cite(doc: str, section: str, paragraph: int, item: str | None) -> str:
    return f"{doc} › {section} › ¶{paragraph}" + (f" item {item}" if item else "")


def rule_citations(rule: str) -> list[str]:
    cat = load_catalogue()
    entry = cat.rules.get(rule)
    return [str(c) for c in entry.citations] if entry else []


def source_of(finding: Finding) -> dict[str, Any]:
    """The scenario's feature file and line and its citations (the scenario's own, or,
    where it cites nothing, those of its rules); ``{}`` for other findings."""
    sc = scenario_of(finding)
    if sc is None:
        return {}
    cites = [_cite(*c) for c in sc.citations]
    if not cites:
        cites = list(dict.fromkeys(c for r in finding.rules for c in rule_citations(r)))
    return {
        "scenario": sc.id,
        "file": f"features/{sc.file}",
        "line": sc.line,
        "scenario_line": sc.line,
        "citations": cites,
    }


def result_json(finding: Finding) -> dict[str, Any]:
    """One finding as ``report.json`` holds it: every field of the finding (a field the
    finding already carries, such as ``file`` or ``line``, wins over the looked-up one),
    and ``diff`` where expected and actual can be compared."""
    out = jsonable(finding.to_json())
    for k, v in source_of(finding).items():
        if out.get(k) in (None, "", []):
            out[k] = v
    if "diff" not in out:
        out["diff"] = jsonable(
            value_diff(out.get("field"), out.get("expected"), out.get("actual"))
            if out.get("outcome") == "fail"
            else None
        )
    return out


# -- per rule, and the verdict ------------------------------------------------------------------


def per_rule(cert: Certification) -> dict[str, dict[str, int]]:
    """Rule ID -> outcome counts of the scenario runs and games that name it."""
    table: dict[str, dict[str, int]] = {}
    for f in cert.findings:
        for rid in f.rules:
            row = table.setdefault(rid, dict.fromkeys(OUTCOMES, 0))
            row[f.outcome] += 1
    for rid, judged in cert.coverage.items():
        # a rule the games judged without a finding: it passed there
        row = table.setdefault(rid, dict.fromkeys(OUTCOMES, 0))
        if judged.get("game_steps") and not row["fail"]:
            row["pass"] += 1
    return dict(sorted(table.items()))


def verdict(row: dict[str, int]) -> str:
    """One rule's verdict from its counts."""
    if row["fail"]:
        return "fail"
    if row["errored"] or row["timeout"]:
        return "error"
    if row["pass"] or row.get("warning"):
        # a right refusal under another rule (a warning) still passes the rule
        return "pass" if not row["skipped"] else "partial"
    if row["not_applicable"] and not row["skipped"]:
        return "n/a"
    return "skipped"


def overall(cert: Certification) -> str:
    """The run's verdict: ``conformant``, ``not conformant`` or ``could not run``."""
    if cert.could_not_run:
        return "could not run"
    if cert.incomplete:
        return "incomplete"
    return "conformant" if cert.conformant else "not conformant"


def pass_share(cert: Certification) -> float:
    """Passed checks over every check that was run or skipped (not the not-applicable)."""
    c = cert.counts()
    total = sum(c[k] for k in ("pass", "fail", "skipped", "errored", "timeout"))
    return c["pass"] / total if total else 0.0


def problems_by_rule(results: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The failed, errored and timed-out results grouped by rule (a result naming no rule
    under ``""``): rules with game findings first, then by number of findings; within a
    rule, deviations (each with its reproducer) first, then the games they were seen in,
    then scenario findings, in report order."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        if r["outcome"] in PROBLEMS:
            for rid in r["rules"] or [""]:
                groups.setdefault(rid, []).append(r)

    order = {"deviation": 0, "differential": 1, "game": 1}

    def games_first(r: dict[str, Any]) -> int:
        return order.get(r["kind"], 2)

    for rows in groups.values():
        rows.sort(key=games_first)
    return sorted(
        groups.items(),
        key=lambda kv: (
            kv[0] == "",
            all(games_first(r) == 2 for r in kv[1]),
            -len(kv[1]),
            kv[0],
        ),
    )


def to_json(cert: Certification) -> dict[str, Any]:
    """``report.json``: header, every result, the rules, and the footer with the verdict."""
    hello = cert.hello or {}
    return {
        "unospec_report": REPORT_FORMAT,
        "header": {
            "suite": {"name": "unospec", "version": __version__},
            "protocol": PROTOCOL,
            "program": {"argv": cert.settings.argv, **(hello.get("implementation") or {})},
            "declared": {
                k: hello.get(k) for k in ("profiles", "options", "capabilities", "observes")
            },
            "profile": cert.settings.profile,
            "settings": jsonable(cert.settings),
            "started": cert.started,
        },
        "results": [result_json(f) for f in cert.findings],
        "rules": [
            {
                "rule": rid,
                "verdict": verdict(row),
                **row,
                "citations": rule_citations(rid),
                "judged": cert.coverage.get(rid, {"scenario_runs": 0, "game_steps": 0}),
            }
            for rid, row in per_rule(cert).items()
        ],
        "plays": cert.plays,
        "coverage": cert.coverage,
        "footer": {
            "verdict": overall(cert),
            "conformant": cert.conformant,
            "could_not_run": cert.could_not_run,
            "incomplete": cert.incomplete,
            "counts": cert.counts(),
            "pass_share": round(pass_share(cert), 4),
            "seconds": round(cert.seconds, 3),
            "stage_seconds": {k: round(v, 3) for k, v in cert.stage_seconds.items()},
            "messages": cert.messages,
            "restarts": cert.restarts,
            "stderr_tail": cert.stderr[-2000:],
        },
    }


# -- a result in words (JUnit failure text, the Markdown summary, annotations) ------------------

MAX_SHOWN = 300  # characters of one expected or actual value shown in words


def _short(value: Any) -> str:
    text = show(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + " … (in report.json)"


def location(r: dict[str, Any]) -> str | None:
    """``features/FILE.feature:LINE`` of a scenario result, or ``None``."""
    return f"{r['file']}:{r['line']}" if r.get("file") and r.get("line") else r.get("file")


def difference(r: dict[str, Any]) -> str | None:
    """What differed, in one line: the diff where there is one, else expected and actual."""
    if r.get("diff"):
        text = describe(r["diff"])
    elif r.get("expected") is None and r.get("actual") is None:
        return None
    else:
        text = f"expected {_short(r.get('expected'))}, got {_short(r.get('actual'))}"
    return f"{r['field']}: {text}" if r.get("field") else text


def reproducer_line(r: dict[str, Any], index: int) -> str | None:
    repro = r.get("reproducer")
    if not repro:
        return None
    confirmed = " (confirmed on its own)" if repro.get("confirmed") else ""
    if repro.get("file"):
        return (
            f"reproducer: {repro['file']}{confirmed}: unospec certify --replay "
            f"{repro['file']} -- PROGRAM"
        )
    return (
        f"reproducer: apply {json.dumps(repro.get('action'), ensure_ascii=False)} to the "
        f"position in report.json results[{index}].reproducer.position{confirmed}"
    )


def result_lines(r: dict[str, Any], index: int) -> list[str]:
    """A result as readable lines: where, which rule and citation, what happened, what
    differed, the reproducer."""
    lines = [location(r) or r["kind"]]
    rules = r.get("rules") or []
    cites = r.get("citations") or (rule_citations(rules[0]) if rules else [])
    if rules:
        lines.append(f"rule {', '.join(rules)}" + (f" ({cites[0]})" if cites else ""))
    if r.get("message"):
        lines.append(r["message"])
    if r["kind"] == "deviation":
        games = r.get("games") or []
        seen = f"seen {r.get('count', 1)} time(s) in {len(games)} game(s)"
        lines.append(seen + (f", first at step {r['step']} of {games[0]}" if games else ""))
    elif r.get("step") is not None and r["kind"] != "scenario":
        lines.append(f"at step {r['step']}")
    if d := difference(r):
        lines.append(d)
    if rep := reproducer_line(r, index):
        lines.append(rep)
    return [clean(x) for x in lines]
