"""Which build of the engine runs: the compiled one or the pure one.

The compiled build is the same modules compiled with mypyc (``make native``; see
``native_build.py`` at the top of the repository). Its extension modules live in
``_native/`` next to this file with a manifest of the sources they were compiled from.
:func:`choose` puts that directory first on the package's ``__path__`` — so that
``unospec.reference.engine`` is found there before ``engine.py`` — only when

* the environment does not ask for the pure build (``UNOSPEC_PURE=1``),
* the manifest names exactly the current sources (a compiled module built from older code
  is never used), and
* the compiled library imports.

Otherwise the pure build runs, which is always there. This module stays interpreted.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent
NATIVE = HERE / "_native"
LIBRARY = "unospec.reference._engine__mypyc"  # the shared library of the compiled modules


def stale(manifest: Path = NATIVE / "manifest.json") -> str | None:
    """Why the compiled build cannot be used, or ``None`` when it can."""
    if not manifest.is_file():
        return "not built"
    try:
        sources = json.loads(manifest.read_text())["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return "unreadable manifest"
    for name, digest in sources.items():
        path = HERE / name
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return f"{name} changed since the compiled build"
    return None


def choose(package_path: list[str]) -> str:
    """``"compiled"`` after putting the compiled modules first on ``package_path``, else
    ``"pure"`` (see the module's docstring for when)."""
    if os.environ.get("UNOSPEC_PURE", "") not in ("", "0"):
        return "pure"
    if stale() is not None:
        return "pure"
    package_path.insert(0, str(NATIVE))
    try:
        importlib.import_module(LIBRARY)
    except ImportError:
        package_path.remove(str(NATIVE))
        return "pure"
    return "compiled"
