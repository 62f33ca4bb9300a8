"""``summary.md``: the certification in Markdown, for a person (and a CI job summary).

The verdict and counts; then the findings grouped per rule, game findings first, each
with where it happened, what differed (a diff, never a dump) and its reproducer; then the
table of rules. Nothing is cut silently: past :data:`PER_RULE` findings of one rule, or
:data:`TOTAL` in all, the summary says how many more ``report.json`` holds.
"""

from __future__ import annotations

import re
from typing import Any

from unospec.certify import Certification
from unospec.report_data import (
    clean,
    location,
    problems_by_rule,
    result_lines,
    rule_citations,
    to_json,
)

PER_RULE = 5  # findings shown per rule
TOTAL = 60  # findings shown in all


def _md(text: str) -> str:
    """Text safe inside a Markdown table cell or list item."""
    return clean(text).replace("|", "\\|").replace("\n", " ")


def _item(r: dict[str, Any], index: int) -> list[str]:
    head = f"- **{_md(r['id'])}**"
    if where := location(r):
        head += f" (`{_md(where)}`)"
    lines = result_lines(r, index)[1:]  # the location is in the head
    if r.get("rules"):
        lines = lines[1:]  # the rule is the group's heading
    if r.get("kind") == "scenario" and r.get("citations"):
        lines.append(f"the scenario cites {'; '.join(r['citations'])}")
    return [head + (f": {_md(lines[0])}" if lines else ""), *(f"  {_md(x)}" for x in lines[1:])]


def _findings(data: dict[str, Any]) -> list[str]:
    index = {id(r): i for i, r in enumerate(data["results"])}
    groups = problems_by_rule(data["results"])
    if not groups:
        return []
    out = ["", "## Findings by rule"]
    shown = 0
    for rule, rows in groups:
        cites = rule_citations(rule) if rule else []
        title = rule or "no rule: deviations nothing explains, harness errors and timeouts"
        out += ["", f"### {_md(title)} — {len(rows)} finding{'s' * (len(rows) != 1)}"]
        if cites:
            out.append(f"_{_md(cites[0])}_")
        out.append("")
        room = max(0, min(PER_RULE, TOTAL - shown))
        for r in rows[:room]:
            out += _item(r, index[id(r)])
        shown += min(room, len(rows))
        if len(rows) > room:
            out.append(f"- … {len(rows) - room} more in report.json")
    total = sum(len(rows) for _, rows in groups)
    unique = len({id(r) for _, rows in groups for r in rows})
    if shown < total:
        out += ["", f"{unique} findings in all; every one is in report.json (`results`)."]
    return out


def _skips(data: dict[str, Any]) -> list[str]:
    """The skipped runs by reason (they count against certification, reported apart)."""
    reasons: dict[str, int] = {}
    for r in data["results"]:
        if r["outcome"] == "skipped":
            reason = re.sub(r"^step \d+ \((.*?)\): ", "", r.get("message") or "no reason")
            reasons[reason] = reasons.get(reason, 0) + 1
    if not reasons:
        return []
    rows = sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        "",
        "## Skipped (counted against certification)",
        "",
        "| reason | runs |",
        "|---|---|",
        *(f"| {_md(reason)} | {n} |" for reason, n in rows[:TOTAL]),
        *(
            [f"| … {len(rows) - TOTAL} more reasons in report.json | |"]
            if len(rows) > TOTAL
            else []
        ),
    ]


def _plays(data: dict[str, Any]) -> list[str]:
    """Which rules the program plays, as far as its games show."""
    p = data.get("plays")
    if not p:
        return []
    out = ["", "## What the program plays", "", f"**{_md(p['line'])}**"]
    if p.get("command"):
        out += ["", "Certify against that guess:", "", f"    {p['command']}"]
    return out


def _rules(data: dict[str, Any]) -> list[str]:
    if not data["rules"]:
        return ["", "## Rules", "", "No rule was judged."]
    return [
        "",
        "## Rules",
        "",
        "| rule | verdict | pass | fail | skipped | errored | scenario runs | game steps |",
        "|---|---|---|---|---|---|---|---|",
        *(
            f"| {r['rule']} | {r['verdict']} | {r['pass']} | {r['fail']} | {r['skipped']} "
            f"| {r['errored'] + r['timeout']} | {r['judged']['scenario_runs']} "
            f"| {r['judged']['game_steps']} |"
            for r in data["rules"]
        ),
    ]


def markdown(cert: Certification) -> str:
    data = to_json(cert)
    h, foot = data["header"], data["footer"]
    prog = h["program"]
    name = f"{prog.get('name', 'program')} {prog.get('version', '')}".strip()
    verdict = foot["verdict"]
    lines = [
        f"# unospec certification: {_md(name)}",
        "",
        f"Profile `{h['profile']}` · suite unospec {h['suite']['version']} · "
        f"protocol {h['protocol']} · {foot['seconds']:.1f} s · {foot['messages']} messages",
        "",
        f"**Verdict: {verdict}**"
        + (f" — {_md(foot['could_not_run'])}" if foot["could_not_run"] else "")
        + (f" · {foot['pass_share']:.1%} of the checks passed" if data["results"] else ""),
        "",
        "| outcome | count |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in foot["counts"].items()),
        *_plays(data),
        *_findings(data),
        *_skips(data),
    ]
    return "\n".join(lines + _rules(data)) + "\n"
