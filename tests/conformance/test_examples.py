"""The independent example implementation certifies clean on the official profile."""

from __future__ import annotations

import sys
from pathlib import Path

from unospec.certify import Settings, certify

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "independent" / "main.py"


def test_the_independent_implementation_is_conformant_on_official():
    cert = certify(Settings([sys.executable, str(EXAMPLE)], games=4, timeout=30))
    bad = [
        (f.id, f.outcome, f.message)
        for f in cert.findings
        if f.outcome not in ("pass", "not_applicable")
    ]
    assert not bad
    assert cert.conformant
    scenarios = [f for f in cert.findings if f.kind == "scenario" and f.outcome == "pass"]
    assert len(scenarios) > 250


def test_the_independent_implementation_does_not_import_the_reference():
    text = "\n".join(p.read_text() for p in EXAMPLE.parent.glob("*.py") if p.name != "check.py")
    assert "import reference" not in text and "from reference" not in text
    assert "import spec" not in text and "from spec" not in text
