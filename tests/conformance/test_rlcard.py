"""RLCard's UNO through its adapter (examples/rlcard), certified as ``make certify`` does.

``examples/rlcard/README.md`` lists, with reproducers, every rule RLCard breaks and every
rule it follows. The certification must agree: every rule listed as followed passes (or
is not judged: a field RLCard does not show), and every break certify can show is
reported under its rule (a row may name several rules; one of them is enough). The
adapter needs RLCard, which ``examples/rlcard/setup.sh`` installs into a venv of its own
(as ``make certify`` does): this test runs it.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

from unospec.certify import Certification, Settings, certify
from unospec.report import per_rule, verdict

ROOT = Path(__file__).resolve().parents[2]
RLCARD = ROOT / "examples" / "rlcard"
README = (RLCARD / "README.md").read_text(encoding="utf-8")
RULE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*")


def table_rules(start: str, end: str) -> list[list[str]]:
    """The rules in the first column of each row of the README table after ``start``."""
    block = README[README.index(start) : README.index(end)]
    rows = []
    for line in block.splitlines():
        if line.startswith("| ") and not line.startswith(("| rule", "|---")):
            rows.append([r for r in RULE.findall(line.split("|")[1]) if len(r) > 2])
    return [r for r in rows if r]


BREAKS = table_rules("**Breaks** — RLCard does something else", "**Breaks, but certify cannot")
FOLLOWS = table_rules("**Follows**", "**Not RLCard's to judge:**")


@cache
def certified() -> Certification:
    subprocess.run(["bash", str(RLCARD / "setup.sh")], check=True, capture_output=True, timeout=900)
    argv = [str(RLCARD / ".venv" / "bin" / "python"), str(RLCARD / "adapter.py")]
    return certify(Settings(argv, profile="official", games=20))


def test_the_readme_lists_breaks_and_rules_followed():
    assert len(BREAKS) >= 12 and len([r for row in FOLLOWS for r in row]) >= 30
    assert not {r for row in BREAKS for r in row} & {r for row in FOLLOWS for r in row}


def test_every_rule_rlcard_follows_passes_or_is_not_judged():
    rows = per_rule(certified())
    failing = {
        rid: verdict(rows[rid])
        for row in FOLLOWS
        for rid in row
        if rid in rows and verdict(rows[rid]) in ("fail", "error")
    }
    assert not failing, failing


def test_every_break_is_reported_under_one_of_its_rules():
    failing = {rid for rid, row in per_rule(certified()).items() if verdict(row) == "fail"}
    missed = [row for row in BREAKS if not set(row) & failing]
    assert not missed, missed
    listed = {r for row in BREAKS for r in row}
    assert failing <= listed, failing - listed  # nothing else fails


def test_the_plays_line_names_what_rlcard_plays():
    plays = certified().plays
    assert set(plays["options"]) == {
        "V-NO-WD4-CHALLENGE",
        "V-SINGLE-ROUND",
        "V-WD4-ONLY-IF-NO-PLAYABLE",
    }, plays["line"]
    assert "no-voluntary-draw" in plays["deviations"]
