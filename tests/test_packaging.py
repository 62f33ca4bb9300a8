"""The distribution holds one import namespace, ``unospec``, and reads its data through
:mod:`importlib.resources` (the wheel job in the packaging tests installs it elsewhere)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERIC = ("spec", "reference", "conformance")


def test_no_code_imports_a_generic_top_level_package() -> None:
    """Every import goes through ``unospec.``: a bare ``import reference`` would pick up
    whatever other distribution installed a package of that name."""
    pattern = re.compile(rf"^\s*(?:from|import)\s+(?:{'|'.join(GENERIC)})(?:\.|\s|$)", re.M)
    files = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    offenders = [
        f"{f}:{(ROOT / f).read_text(encoding='utf-8')[: m.start()].count(chr(10)) + 1}"
        for f in files
        for m in pattern.finditer((ROOT / f).read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_whole_command_imports_without_a_generic_module() -> None:
    """Importing every command leaves no module named ``spec``, ``reference`` or
    ``conformance`` in ``sys.modules`` (run in a clean interpreter outside the checkout)."""
    code = (
        "import sys, unospec.cli, unospec.commands as c, pkgutil, importlib;"
        "[importlib.import_module(f'unospec.commands.{m.name}') for m in pkgutil.iter_modules(c.__path__)];"
        "print(sorted({n.split('.')[0] for n in sys.modules} & set(sys.argv[1:])))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *GENERIC],
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out == "[]"


def test_python_dash_m_unospec_is_the_command() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "unospec", "rules", "DRAW-ONE", "--json"],
        cwd="/",
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert '"id": "DRAW-ONE"' in out.stdout
