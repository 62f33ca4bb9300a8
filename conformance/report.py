"""Certification reports, all made from one set of data (:mod:`unospec.report_data`):
``report.json`` (versioned; schema ``spec/protocol/report.schema.json``), ``summary.md``
(:mod:`unospec.summary`), ``junit.xml`` (:mod:`unospec.junit`) and a shields.io badge."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unospec.certify import Certification
from unospec.findings import plays_toml
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

COLOURS = {
    "conformant": "brightgreen",
    "not conformant": "red",
    "could not run": "lightgrey",
    "incomplete": "lightgrey",
}


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


def write_reproducers(cert: Certification, directory: Path) -> dict[str, Path]:
    """One file per deviation in ``DIR/reproducers/``, replayed by ``unospec certify
    --replay FILE -- PROGRAM``; each finding's reproducer names its file."""
    out: dict[str, Path] = {}
    folder = directory / "reproducers"
    for old in folder.glob("*.json") if folder.is_dir() else ():
        old.unlink()  # a report folder holds one run's reproducers
    n = 0
    for f in cert.findings:
        if f.kind != "deviation" or not f.reproducer:
            continue
        n += 1
        name = f"{n:03d}-{(f.rules or ['unexplained'])[0]}.json"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        f.reproducer["file"] = f"reproducers/{name}"
        with path.open("w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(json.dumps(f.reproducer, indent=1, ensure_ascii=False) + "\n")
        out[f"reproducer-{n}"] = path
    return out


def write(cert: Certification, directory: Path) -> dict[str, Path]:
    """Write every report into ``directory`` (created if need be); their paths by kind."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = {
        "json": directory / "report.json",
        "markdown": directory / "summary.md",
        "junit": directory / "junit.xml",
        "badge": directory / f"badge-{cert.settings.profile}.json",
    }
    paths.update(write_reproducers(cert, directory))
    data = to_json(cert)
    # a lone surrogate a program sent (JSON allows "\ud800") is written as that escape
    with paths["json"].open("w", encoding="utf-8", errors="backslashreplace") as f:
        f.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    paths["markdown"].write_text(markdown(cert), encoding="utf-8")
    if text := plays_toml(cert):
        paths["plays"] = directory / "plays.toml"
        paths["plays"].write_text(text, encoding="utf-8")
    paths["junit"].write_text(junit(cert), encoding="utf-8")
    paths["badge"].write_text(json.dumps(badge(cert)) + "\n", encoding="utf-8")
    return paths
