"""The compiled build (mypyc, ``make native``) plays exactly like the pure one.

The same seeded games — 200 single rounds of every profile and 5 games of each of 40
option groups (whole matches where the group is about the match), 2 to 10 players, the
first 1,500 steps of each — are played in two processes, one per build, and the position after every step
(with the step's events and the complete legal-action set) must be identical. The builds
are the same source files, so a difference is a bug of the compiler or of code whose
meaning depends on how it runs; this test is what makes the compiled build trustworthy
(the pkmn pattern: the fast build checked lock-step against the readable one).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from unospec.reference import native
from unospec.spec.catalogue import load as load_catalogue

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("native_build", HERE.parent / "native_build.py")
assert _spec is not None and _spec.loader is not None
native_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native_build)
PROFILES = ("official", "fi-wikipedia", "sv-unoregler", "id-wikipedia")
PER_PROFILE = 200
PER_GROUP = 5
SINGLE = {"V-SINGLE-ROUND": True}
NEEDS = {
    "V-MULTI-ONE-COLOUR-OR-ALL-NUMBER": {"V-MULTI-PLAY": True},
    "V-MULTI-RIDE": {"V-MULTI-PLAY": True},
    "V-CUMULATIVE-EFFECT": {"V-MULTI-PLAY": True},
    "V-EXT-PARTNER-ROTATION": {"V-TEAM": True},
}
MATCH_VARIANTS = {
    "V-SINGLE-ROUND",
    "V-ALT-SCORING-LOSER-500",
    "V-EXT-PARTNER-ROTATION",
    "V-TEAM",
    "V-EXT-TARGET-SCORE",
}
PAIRS = (
    ("V-STACK-DRAW", "V-SEVEN-ZERO"),
    ("V-MULTI-RIDE", "V-JUMP-IN"),
    ("V-CHEAT", "V-JUMP-IN"),
    ("V-UNO-OUT-CALL", "V-MULTI-PLAY"),
    ("V-CUMULATIVE-EFFECT", "V-STACK-DRAW"),
    ("V-DRAW-UNTIL-PLAYABLE", "V-JUMP-IN"),
    ("V-SEVEN-ZERO", "V-MULTI-IDENTICAL"),
    ("V-WD4-ONLY-IF-NO-PLAYABLE", "V-MULTI-RIDE"),
    ("V-CHEAT", "V-UNO-OUT-CALL"),
    ("V-UNO-LATE-CATCH", "V-UNO-PENALTY-LOSE-TURN"),
    ("V-NO-ACTION-FINISH", "V-DRAW-FIXED"),
)


def option_groups() -> list[dict[str, object]]:
    """Every variant on its own (with what it needs), then pairs that share a turn."""
    variants = [r for r, rule in load_catalogue().rules.items() if rule.kind == "variant"]
    groups = []
    for picked in [(v,) for v in variants] + list(PAIRS):
        opts: dict[str, object] = {}
        for v in picked:
            opts.update({v: True, **NEEDS.get(v, {})})
        if not MATCH_VARIANTS & set(opts):
            opts.update(SINGLE)
        groups.append(opts)
    return groups


def games() -> list[dict[str, object]]:
    """The seeded games: single rounds of every profile, then each option group."""
    out: list[dict[str, object]] = []
    seed = 0
    for profile in PROFILES:
        for _ in range(PER_PROFILE):
            seed += 1
            out.append(
                {"players": 2 + seed % 9, "profile": profile, "options": SINGLE, "seed": seed}
            )
    for opts in option_groups():
        for _ in range(PER_GROUP):
            seed += 1
            players = 2 + seed % 9
            if "V-TEAM" in opts:
                players = 4 if "V-EXT-PARTNER-ROTATION" in opts else 2 * max(2, players // 2)
            out.append({"players": players, "profile": "official", "options": opts, "seed": seed})
    return out


def start(build: str, games_file: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "UNOSPEC_PURE": "1" if build == "pure" else "0", "PYTHONHASHSEED": "0"}
    argv = [sys.executable, str(HERE / "native_lockstep.py"), build, str(games_file)]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True)


def compiled_build_expected() -> bool:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return False
    return native_build.compiler_present()


def test_the_compiled_build_is_present_and_current_where_it_can_be_built():
    if not compiled_build_expected():
        pytest.skip("no C compiler or no mypyc here: only the pure build exists")
    assert native.stale() is None, f"run `make native`: the compiled build is {native.stale()}"


def test_the_pure_build_is_chosen_by_the_environment(tmp_path):
    code = (
        "import unospec.reference as r, unospec.reference.engine as e; print(r.BUILD, e.__file__)"
    )
    env = {**os.environ, "UNOSPEC_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    build, path = out.stdout.split()
    assert build == "pure" and path.endswith("engine.py")


def test_without_a_compiler_the_build_is_skipped_and_leaves_the_pure_build(monkeypatch, capsys):
    before = native.stale()
    monkeypatch.setattr(native_build, "compiler_present", lambda: False)
    assert native_build.build() == 0  # make native succeeds: there is nothing to build
    assert "skipped" in capsys.readouterr().out
    assert native.stale() == before  # nothing built, nothing removed


def test_a_stale_compiled_build_is_never_used(tmp_path):
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"sources": {"engine.py": "0" * 64}}))
    assert native.stale(manifest) == "engine.py changed since the compiled build"
    assert native.stale(tmp_path / "missing.json") == "not built"


def test_compiled_and_pure_builds_reach_identical_positions_after_every_step(tmp_path):
    if not compiled_build_expected():
        pytest.skip("no C compiler or no mypyc here: only the pure build exists")
    assert native.stale() is None, f"run `make native`: the compiled build is {native.stale()}"
    plan = games()
    games_file = tmp_path / "games.json"
    games_file.write_text(json.dumps(plan))
    runs = {b: start(b, games_file) for b in ("pure", "compiled")}
    results = {b: json.loads(p.communicate()[0]) for b, p in runs.items()}
    assert all("error" not in r for r in results.values()), results
    assert {b: r["build"] for b, r in results.items()} == {"pure": "pure", "compiled": "compiled"}
    pure, compiled = results["pure"]["games"], results["compiled"]["games"]
    assert len(pure) == len(compiled) == len(plan) >= PER_PROFILE * len(PROFILES)
    for game, a, b in zip(plan, pure, compiled, strict=True):
        first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        assert first is None and len(a) == len(b), (
            f"the builds differ in game {game} at step {first if first is not None else min(len(a), len(b))}"
        )
    steps = sum(map(len, pure))
    assert steps > 600_000  # the games are real games, not a handful of deals


def test_the_wheel_carries_the_build_it_was_made_with(tmp_path):
    """Built from this checkout, the wheel holds the compiled build when there is one (and
    is then tagged for this platform), and unpacked outside the checkout it imports the
    same build; without one it is a pure wheel that runs the pure build. The build gives
    no Python warning (setuptools once warned that the compiled modules' directory was
    importable but not a listed package)."""
    root = HERE.parent
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps"] + ["-w", str(wheels), str(root)],
        check=True,
        capture_output=True,
        text=True,
    )
    log = built.stdout + built.stderr
    assert [line for line in log.splitlines() if re.search(r"\w+Warning\b", line)] == []
    (wheel,) = wheels.glob("unospec-*.whl")
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    compiled = native.stale() is None
    assert ("unospec/reference/_native/manifest.json" in names) == compiled
    assert wheel.name.endswith("-py3-none-any.whl") != compiled
    assert "unospec/py.typed" in names
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (
        "import unospec.reference as r, unospec.reference.engine as e; print(r.BUILD, e.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(site), "UNOSPEC_PURE": "0"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd="/", env=env, capture_output=True, text=True
    )
    build, path = out.stdout.split()
    assert build == ("compiled" if compiled else "pure")
    assert path.startswith(str(site))
