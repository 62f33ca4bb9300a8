"""The reference engine and spec/ (the prover excepted) are clean under ``mypy --strict``.

mypy names modules by their path, so it checks the staged ``unospec/`` tree that
``native_build.py stage`` links to the real directories (``make typecheck`` does the same).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_reference_and_spec_are_clean_under_mypy_strict():
    stage = subprocess.run(
        [sys.executable, str(ROOT / "native_build.py"), "stage"],
        capture_output=True,
        text=True,
        check=True,
    )
    src = Path(stage.stdout.strip())
    spec = sorted(f"unospec/spec/{p.name}" for p in (ROOT / "spec").glob("*.py"))
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "unospec/reference", *spec],
        cwd=src,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success: no issues found" in out.stdout
    assert len(spec) >= 5  # arithmetic, cards, catalogue, resources, __init__


def test_the_package_declares_its_inline_types():
    assert (ROOT / "conformance" / "py.typed").is_file()  # the root of the unospec package
