"""The optional compiled build of the reference engine, and the tree mypy checks.

The repository keeps its top-level layout (``reference/``, ``spec/``) while the installed
names are ``unospec.reference`` and ``unospec.spec`` (setuptools' package-dir). mypy and
mypyc name modules by their path, so both work on a *staged* tree: mypy on
``build/native/typed/unospec/…``, whose packages are symbolic links to the real directories
(an error names the same line as in the checkout), and mypyc on ``build/native/src``, where
the compiled modules are copies with one mechanical change, :func:`register_after`.

``python native_build.py stage``
    write the staged tree (what ``mypy --strict`` checks, see ``make typecheck``);
``python native_build.py build``
    compile the engine's modules (:data:`COMPILED`) with mypyc and place the extension
    modules in ``reference/_native/`` with a manifest of the sources they were built from;
    ``unospec.reference`` imports them from there only while every source still matches
    (:mod:`unospec.reference.native`), and the wheel carries them;
``python native_build.py clean``
    remove the compiled build: the pure one is used again.

The same ``.py`` files are compiled: there is no second copy of any rule. Without a C
compiler or without mypyc, ``build`` says so and exits 0: the pure build stays in use.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent
STAGE = ROOT / "build" / "native" / "typed"  # for mypy: links to the sources
BUILD_SRC = ROOT / "build" / "native" / "src"  # for mypyc: what it compiles
NATIVE = ROOT / "reference" / "_native"
MANIFEST = "manifest.json"
GROUP = "unospec.reference._engine"  # the shared library: unospec.reference._engine__mypyc

#: the modules compiled, by their path in the checkout. The package ``__init__`` and
#: ``native`` stay interpreted (they choose the build), and so does ``spec/`` (its
#: arithmetic also runs on Z3 terms).
COMPILED = (
    "reference/config.py",
    "reference/drawing.py",
    "reference/effects.py",
    "reference/engine.py",
    "reference/errors.py",
    "reference/matching.py",
    "reference/position.py",
    "reference/registry.py",
    "reference/scoring.py",
    "reference/setup.py",
    "reference/turns.py",
    "reference/uno.py",
    "reference/trace.py",
    "reference/chance.py",
)
ARITHMETIC = "spec/arithmetic.py"  # compiled for the engine as unospec.reference._arithmetic


def stage(root: Path = STAGE) -> Path:
    """The staged tree mypy checks: ``unospec/`` with ``reference`` and ``spec`` linked in."""
    pkg = root / "unospec"
    pkg.mkdir(parents=True, exist_ok=True)
    (pkg / "__init__.py").write_text('"""unospec, staged for mypy and mypyc."""\n')
    (pkg / "py.typed").write_text("")
    for name in ("reference", "spec"):
        link = pkg / name
        if link.is_symlink():
            link.unlink()
        elif link.exists():
            shutil.rmtree(link)
        link.symlink_to(ROOT / name, target_is_directory=True)
    return root


MARK = re.compile(r"^@implements\((?P<ids>[^)]*)\)\n(?P<def>def (?P<name>\w+)\()", re.M)


def register_after(source: str) -> str:
    """The source with each ``@implements(...)`` marking applied after the module's last
    line instead of as a decorator: ``implements(...)(fn)`` registers the very same function.

    mypyc calls a decorated function through the module's namespace (the decorator might
    have replaced it) and an undecorated one directly, so this is how the compiled build
    keeps the rules' functions native calls. The decorator line becomes a comment, so line
    numbers (and tracebacks) stay those of the source."""
    marks = []

    def unmark(m: re.Match[str]) -> str:
        marks.append(f"implements({m['ids']})({m['name']})")
        return f"# registered at the end of the module: @implements({m['ids']})\n{m['def']}"

    out = MARK.sub(unmark, source)
    return out + "".join(f"{line}\n" for line in marks)


ARITHMETIC_IMPORT = "from unospec.spec import arithmetic as ar\n"
ARITHMETIC_TWIN = "from unospec.reference import _arithmetic as ar\n"


def stage_for_compiling(root: Path = BUILD_SRC) -> Path:
    """The tree mypyc compiles: the modules of :data:`COMPILED` as copies passed through
    :func:`register_after`, the rest of ``reference/`` and ``spec`` linked as they are.

    ``spec/arithmetic.py`` is compiled for the engine too, as ``unospec.reference._arithmetic``
    (the same file under another name, which the compiled modules import instead): the
    prover and all interpreted code keep the pure ``unospec.spec.arithmetic``, whose
    functions also run on Z3 terms and which tests replace at run time."""
    shutil.rmtree(root, ignore_errors=True)
    stage(root)
    ref = root / "unospec" / "reference"
    ref.unlink()
    ref.mkdir()
    for path in (ROOT / "reference").glob("*.py"):
        text = path.read_text()
        if f"reference/{path.name}" in COMPILED:
            text = register_after(text).replace(ARITHMETIC_IMPORT, ARITHMETIC_TWIN)
        (ref / path.name).write_text(text)
    (ref / "_arithmetic.py").write_text((ROOT / ARITHMETIC).read_text())
    return root


def source_digests(root: Path = ROOT) -> dict[str, str]:
    """SHA-256 of every compiled source, keyed by its path relative to ``reference/`` (the
    same keys work in the checkout and in an installed ``unospec/`` tree)."""
    digests = {Path(p).name: _digest(root / p) for p in COMPILED}
    digests["../spec/arithmetic.py"] = _digest(root / ARITHMETIC)
    return digests


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiler_present() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def build() -> int:
    """Compile :data:`COMPILED` with mypyc into ``reference/_native``; 0 also when skipped."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("native build skipped: mypyc is not installed (pip install mypy)")
        return 0
    if not compiler_present():
        print("native build skipped: no C compiler; the pure build stays in use")
        return 0
    src = stage_for_compiling()
    work = ROOT / "build" / "native"
    setup = work / "setup_native.py"
    modules = [str(Path("unospec") / p) for p in COMPILED]
    modules.append("unospec/reference/_arithmetic.py")
    setup.write_text(
        "from setuptools import setup\n"
        "from mypyc.build import mypycify\n"
        f"setup(name='unospec-native', ext_modules=mypycify({modules!r}, "
        f"group_name={GROUP!r}, opt_level='3', target_dir={str(work / 'c')!r}))\n"
    )
    out = work / "lib"
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, str(setup), "build_ext", "--build-lib", str(out)]
    cmd += ["--build-temp", str(work / "temp")]
    env = {**os.environ, "MYPY_FORCE_COLOR": "0"}
    done = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        print("native build failed; the pure build stays in use", file=sys.stderr)
        return 1
    clean()
    NATIVE.mkdir()
    for so in (out / "unospec" / "reference").glob("*.so"):
        shutil.copy2(so, NATIVE / so.name)
    manifest = {
        "python": sys.implementation.cache_tag,
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "sources": source_digests(),
    }
    (NATIVE / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(f"native build: {len(COMPILED)} modules compiled into {NATIVE.relative_to(ROOT)}")
    return 0


def clean() -> None:
    shutil.rmtree(NATIVE, ignore_errors=True)


def main(argv: list[str]) -> int:
    if argv == ["stage"]:
        print(stage())
        return 0
    if argv == ["build"]:
        return build()
    if argv == ["clean"]:
        clean()
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
