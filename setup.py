"""The one thing ``pyproject.toml`` cannot say: a wheel that carries the compiled build of
the engine (``reference/_native``, made by ``make native``) is a platform wheel.

Without the compiled build the wheel is pure Python (``py3-none-any``), as before; with it,
the wheel is tagged for this interpreter and platform and ``unospec.reference`` uses the
compiled modules it carries (see ``native_build.py``).
"""

from pathlib import Path

from setuptools import setup
from setuptools.dist import Distribution

NATIVE = Path(__file__).resolve().parent / "reference" / "_native"


class EngineDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return (NATIVE / "manifest.json").is_file() and any(NATIVE.glob("*.so"))


setup(distclass=EngineDistribution)
