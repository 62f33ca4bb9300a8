"""Certification reports, all made from one set of data (:mod:`unospec.report_data`):
``report.json`` (versioned; schema ``spec/protocol/report.schema.json``), ``summary.md``
(:mod:`unospec.summary`), ``junit.xml`` (:mod:`unospec.junit`) and a shields.io badge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unospec.certify import Certification
from unospec.junit import junit
from unospec.report_data import (
    REPORT_FORMAT,
    overall,
    pass_share,
    per_rule,
    result_json,
    to_json,
    verdict,
)
from unospec.summary import markdown

__all__ = [
    "REPORT_FORMAT",
    "badge",
    "junit",
    "markdown",
    "per_rule",
    "result_json",
    "to_json",
    "verdict",
    "write",
]

COLOURS = {"conformant": "brightgreen", "not conformant": "red", "could not run": "lightgrey"}


def badge(cert: Certification) -> dict[str, Any]:
    """A shields.io endpoint badge: the verdict, coloured by it; the pass rate beside it
    only when the run is not conformant (a conformant run passed everything)."""
    text = overall(cert)
    if text == "not conformant":
        text += f" · {pass_share(cert):.1%} passing"
    return {
        "schemaVersion": 1,
        "label": f"unospec {cert.settings.profile}",
        "message": text,
        "color": COLOURS[overall(cert)],
    }


def write(cert: Certification, directory: Path) -> dict[str, Path]:
    """Write every report into ``directory`` (created if need be); their paths by kind."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": directory / "report.json",
        "markdown": directory / "summary.md",
        "junit": directory / "junit.xml",
        "badge": directory / f"badge-{cert.settings.profile}.json",
    }
    data = to_json(cert)
    # a lone surrogate a program sent (JSON allows "\ud800") is written as that escape
    with paths["json"].open("w", encoding="utf-8", errors="backslashreplace") as f:
        f.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    paths["markdown"].write_text(markdown(cert), encoding="utf-8")
    paths["junit"].write_text(junit(cert), encoding="utf-8")
    paths["badge"].write_text(json.dumps(badge(cert)) + "\n", encoding="utf-8")
    return paths
