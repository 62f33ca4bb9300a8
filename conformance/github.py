"""``certify --github``: the certification as GitHub Actions workflow commands and job summary.

One ``::error`` annotation per failing rule (GitHub shows ten error annotations per step,
so per rule rather than per finding), placed at the first scenario of the rule that has a
feature file and line, and a ``::notice`` with the verdict; the Markdown summary is
appended to the file ``$GITHUB_STEP_SUMMARY`` names.

Why this and not SARIF: SARIF describes static-analysis results located in the files of
the repository under analysis and reaches GitHub only through a code-scanning upload
(for a private repository, GitHub Advanced Security); a certification finding is about the
behaviour of a running program and mostly has no place in its source. Annotations and
the job summary need no upload step and no permissions, and other CI systems read
``junit.xml``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from unospec.certify import Certification
from unospec.report_data import clean, overall, pass_share, problems_by_rule, result_lines, to_json
from unospec.summary import markdown

MAX_ANNOTATIONS = 10  # error annotations GitHub shows for one step


def _data(text: str) -> str:
    return clean(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **props: Any) -> str:
    """One workflow command line, e.g. ``::error file=F,line=3,title=T::message``."""
    given = ",".join(f"{k}={_prop(str(v))}" for k, v in props.items() if v not in (None, ""))
    return f"::{kind}{' ' + given if given else ''}::{_data(message)}"


def annotations(cert: Certification) -> list[str]:
    data = to_json(cert)
    index = {id(r): i for i, r in enumerate(data["results"])}
    profile = data["header"]["profile"]
    out = []
    if cert.could_not_run:
        out.append(command("error", cert.could_not_run, title=f"unospec {profile}: could not run"))
    groups = problems_by_rule(data["results"])
    for rule, rows in groups[:MAX_ANNOTATIONS]:
        placed = next((r for r in rows if r.get("file") and r.get("line")), None)
        first = rows[0]
        more = f"\n({len(rows) - 1} more in report.json)" if len(rows) > 1 else ""
        out.append(
            command(
                "error",
                "\n".join(result_lines(first, index[id(first)])) + more,
                file=placed and placed["file"],
                line=placed and placed["line"],
                title=f"unospec {profile}: {rule or 'harness error'} ({len(rows)} finding"
                + "s" * (len(rows) != 1)
                + ")",
            )
        )
    if len(groups) > MAX_ANNOTATIONS:
        out.append(
            command(
                "error",
                f"{len(groups) - MAX_ANNOTATIONS} more failing rules: see the job summary",
                title=f"unospec {profile}",
            )
        )
    c = cert.counts()
    out.append(
        command(
            "notice",
            f"{overall(cert)}: {c['pass']} passed, {c['fail']} failed, {c['skipped']} skipped, "
            f"{c['errored']} errored, {c['timeout']} timed out ({pass_share(cert):.1%} passed)",
            title=f"unospec {profile}: {overall(cert)}",
        )
    )
    return out


def write_summary(cert: Certification, environ: dict[str, str] | None = None) -> Path | None:
    """Append the Markdown summary to ``$GITHUB_STEP_SUMMARY``; the file, or ``None`` if unset."""
    target = (os.environ if environ is None else environ).get("GITHUB_STEP_SUMMARY")
    if not target:
        return None
    path = Path(target)
    with path.open("a", encoding="utf-8") as f:
        f.write(markdown(cert) + "\n")
    return path
