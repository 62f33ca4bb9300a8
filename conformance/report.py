"""Certification reports: a versioned JSON report, a Markdown summary, JUnit XML, and badges."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from unospec import __version__
from unospec.certify import OUTCOMES, Certification
from unospec.protocol import PROTOCOL
from unospec.spec.catalogue import load as load_catalogue

REPORT_FORMAT = 1


def per_rule(cert: Certification) -> dict[str, dict[str, int]]:
    """Rule ID -> outcome counts of the scenario runs and games that name it."""
    table: dict[str, dict[str, int]] = {}
    for f in cert.findings:
        for rid in f.rules:
            row = table.setdefault(rid, dict.fromkeys(OUTCOMES, 0))
            row[f.outcome] += 1
    return dict(sorted(table.items()))


def verdict(row: dict[str, int]) -> str:
    if row["fail"]:
        return "fail"
    if row["errored"] or row["timeout"]:
        return "error"
    if row["pass"]:
        return "pass" if not row["skipped"] else "partial"
    if row["not_applicable"] and not row["skipped"]:
        return "n/a"
    return "skipped"


def to_json(cert: Certification) -> dict[str, Any]:
    cat = load_catalogue()
    rules = per_rule(cert)
    return {
        "unospec_report": REPORT_FORMAT,
        "header": {
            "suite": {"name": "unospec", "version": __version__},
            "protocol": PROTOCOL,
            "program": {
                "argv": cert.settings.argv,
                **((cert.hello or {}).get("implementation") or {}),
            },
            "declared": {
                k: (cert.hello or {}).get(k)
                for k in ("profiles", "options", "capabilities", "observes")
            },
            "profile": cert.settings.profile,
            "settings": {
                "games": cert.settings.games,
                "seed": cert.settings.seed,
                "jobs": cert.settings.jobs,
                "timeout": cert.settings.timeout,
            },
            "started": cert.started,
        },
        "results": [f.to_json() for f in cert.findings],
        "rules": [
            {
                "rule": rid,
                "verdict": verdict(row),
                **row,
                "citations": [str(c) for c in cat.rules[rid].citations] if rid in cat.rules else [],
            }
            for rid, row in rules.items()
        ],
        "footer": {
            "conformant": cert.conformant,
            "could_not_run": cert.could_not_run,
            "counts": cert.counts(),
            "seconds": round(cert.seconds, 3),
            "stage_seconds": {k: round(v, 3) for k, v in cert.stage_seconds.items()},
            "messages": cert.messages,
            "restarts": cert.restarts,
            "stderr_tail": cert.stderr[-2000:],
        },
    }


def markdown(cert: Certification) -> str:
    data = to_json(cert)
    h, foot = data["header"], data["footer"]
    prog = h["program"]
    lines = [
        f"# unospec certification: {prog.get('name', 'program')} {prog.get('version', '')}".rstrip(),
        "",
        f"Profile `{h['profile']}` · suite unospec {h['suite']['version']} · protocol {h['protocol']} · "
        f"{foot['seconds']:.1f} s · {foot['messages']} messages",
        "",
        f"**Verdict: {'conformant' if foot['conformant'] else 'could not run' if foot['could_not_run'] else 'not conformant'}**"
        + (f" — {foot['could_not_run']}" if foot["could_not_run"] else ""),
        "",
        "| outcome | count |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in foot["counts"].items()),
        "",
        "## Rules",
        "",
        "| rule | verdict | pass | fail | skipped | errored |",
        "|---|---|---|---|---|---|",
        *(
            f"| {r['rule']} | {r['verdict']} | {r['pass']} | {r['fail']} | {r['skipped']} | {r['errored'] + r['timeout']} |"
            for r in data["rules"]
        ),
    ]
    fails = [f for f in cert.findings if f.outcome in ("fail", "errored", "timeout")]
    if fails:
        lines += ["", "## Failures", ""]
        for f in fails[:50]:
            lines.append(f"- **{f.id}** ({', '.join(f.rules) or 'no rule'}): {f.message}")
            if f.reproducer:
                lines.append(
                    f"  reproducer: action `{json.dumps(f.reproducer['action'])}` on the position in the JSON report"
                    + (" (confirmed on its own)" if f.reproducer.get("confirmed") else "")
                )
    return "\n".join(lines) + "\n"


def junit(cert: Certification) -> str:
    cases = []
    for f in cert.findings:
        name = quoteattr(f.id)
        classname = quoteattr(f"unospec.{f.kind}")
        body = ""
        if f.outcome == "fail":
            body = f"<failure message={quoteattr(f.message[:500])}>{escape(json.dumps(f.to_json(), default=str))}</failure>"
        elif f.outcome in ("errored", "timeout"):
            body = f"<error message={quoteattr(f.message[:500])} type={quoteattr(f.outcome)}/>"
        elif f.outcome in ("skipped", "not_applicable"):
            body = f"<skipped message={quoteattr(f.message[:500])}/>"
        props = "".join(f'<property name="rule" value={quoteattr(r)}/>' for r in f.rules)
        props = f"<properties>{props}</properties>" if props else ""
        cases.append(
            f'<testcase classname={classname} name={name} time="{f.seconds:.3f}">{props}{body}</testcase>'
        )
    c = cert.counts()
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<testsuite name="unospec-{escape(cert.settings.profile)}" tests="{len(cert.findings)}" failures="{c["fail"]}" '
        f'errors="{c["errored"] + c["timeout"]}" skipped="{c["skipped"] + c["not_applicable"]}" time="{cert.seconds:.3f}">\n'
        + "\n".join(cases)
        + "\n</testsuite>\n"
    )


def badge(cert: Certification) -> dict[str, Any]:
    c = cert.counts()
    total = sum(c[k] for k in ("pass", "fail", "skipped", "errored", "timeout"))
    share = c["pass"] / total if total else 0.0
    colour = (
        "brightgreen"
        if share == 1
        else "green"
        if share > 0.95
        else "yellow"
        if share > 0.8
        else "orange"
        if share > 0.5
        else "red"
    )
    skipped = f", {c['skipped']} skipped" if c["skipped"] else ""
    return {
        "schemaVersion": 1,
        "label": f"unospec {cert.settings.profile}",
        "message": f"{share:.1%} passing{skipped}",
        "color": colour,
    }


def write(cert: Certification, directory: Path) -> dict[str, Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": directory / "report.json",
        "markdown": directory / "summary.md",
        "junit": directory / "junit.xml",
        "badge": directory / f"badge-{cert.settings.profile}.json",
    }
    paths["json"].write_text(
        json.dumps(to_json(cert), indent=2, default=str) + "\n", encoding="utf-8"
    )
    paths["markdown"].write_text(markdown(cert), encoding="utf-8")
    paths["junit"].write_text(junit(cert), encoding="utf-8")
    paths["badge"].write_text(json.dumps(badge(cert)) + "\n", encoding="utf-8")
    return paths
