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


def built() -> bool:
    return (NATIVE / "manifest.json").is_file() and any(NATIVE.glob("*.so"))


class EngineDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        return built()

    def run_commands(self) -> None:
        # the compiled modules' directory is a package of the wheel only when it is there
        # (listing it in pyproject.toml would fail the pure build, and leaving it out of
        # ``packages`` makes setuptools warn that an importable directory is left out)
        if built() and "unospec.reference._native" not in self.packages:
            self.packages.append("unospec.reference._native")
            self.package_data["unospec.reference._native"] = ["*.so", "manifest.json"]
        super().run_commands()


setup(distclass=EngineDistribution)
