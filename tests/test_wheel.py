"""The wheel job: unospec installed as a user installs it.

The wheel is built from a copy of the checkout's files, installed into a fresh virtual
environment (the checkout's dependency versions, so that only the packaging differs), and
the README's user commands run from a directory outside the checkout with nothing of the
checkout on the path. Each must give the checkout's result: the certification of
``unospec serve`` with every scenario run of the profile, the validation of the example
traces, the perft corpus, ``explain``, ``rules --json`` with its scenarios, ``summary`` and
a short ``prove``. Run as part of ``make test``; it needs the package index (or pip's cache)
for the dependencies and for setuptools.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import requires, version
from pathlib import Path
from typing import Any

import pytest

from unospec.protocol import schema_errors
from unospec.scenarios import load_scenarios

ROOT = Path(__file__).resolve().parents[1]
TRACES = sorted((ROOT / "examples" / "traces").glob("*.jsonl"))
PROVE = ["prove", "--players", "3", "--group", "official", "--step", "play skip"]
PROVE += ["--step", "draw", "--json"]
SECONDS = re.compile(r"\d+(?:\.\d+)? ?s\b")  # wall times differ from run to run


def _run(cmd: list[str], **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, **kw)


def _copy_checkout(dest: Path) -> None:
    """The checkout's files as git sees them (tracked and new, not ignored): no .venv,
    build directory or egg-info of the checkout goes into the build."""
    listed = _run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True)
    for name in filter(None, listed.stdout.split("\0")):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


def _constraints(path: Path) -> Path:
    """Pin every run-time dependency to the version the checkout runs with."""
    names = [re.split(r"[<>=!~; \[]", r, maxsplit=1)[0] for r in requires("unospec") or []]
    runtime = [n for n, r in zip(names, requires("unospec") or [], strict=True) if "extra" not in r]
    path.write_text("".join(f"{n}=={version(n)}\n" for n in runtime), encoding="utf-8")
    return path


def _build_warnings(log: str) -> list[str]:
    """The build's warnings and deprecations (pip's own notes about its index and the
    disabled byte-compiling are not the build's)."""
    return [
        line.strip()
        for line in log.splitlines()
        if re.search(r"warn|deprecat", line, re.I)
        and not re.search(r"byte-compiling is disabled|Location 'file:", line)
    ]


@pytest.fixture(scope="module")
def wheel_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    base = tmp_path_factory.mktemp("wheel-job")
    source, dist, env_dir, outside = (base / n for n in ("source", "dist", "venv", "outside"))
    source.mkdir()
    outside.mkdir()
    _copy_checkout(source)
    built = _run(  # -v: pip shows what setuptools says only when verbose
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(dist), str(source)],
        cwd=base,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert _build_warnings(built.stdout + built.stderr) == []
    wheel = next(dist.glob("unospec-*.whl"))
    venv.create(env_dir, with_pip=True, clear=True)
    python = env_dir / "bin" / "python"
    inst = _run(
        [str(python), "-m", "pip", "install", "-q", "-c", str(_constraints(base / "pins.txt"))]
        + [str(wheel)],
        cwd=outside,
    )
    assert inst.returncode == 0, inst.stdout[-3000:] + inst.stderr[-3000:]
    for trace in TRACES:
        shutil.copy2(trace, outside / trace.name)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env |= {"COLUMNS": "120", "NO_COLOR": "1", "TERM": "dumb"}
    return {
        "wheel": wheel,
        "outside": outside,
        "installed": [str(env_dir / "bin" / "unospec")],
        "checkout": [sys.executable, "-m", "unospec"],
        "python": str(python),
        "env": env | {"PATH": f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}"},
        "checkout_env": env,
    }


def both(w: dict[str, Any], *args: str, program: bool = False) -> tuple[Any, Any]:
    """The same command from the installed wheel and from the checkout, side by side
    (with ``program``, each certifies its own ``unospec serve``)."""
    with ThreadPoolExecutor(2) as pool:
        mine, theirs = (
            pool.submit(
                _run,
                cmd + list(args) + (["--", *cmd, "serve"] if program else []),
                cwd=w["outside"],
                env=env,
            )
            for cmd, env in ((w["installed"], w["env"]), (w["checkout"], w["checkout_env"]))
        )
        return mine.result(), theirs.result()


def test_the_wheel_carries_every_module_and_data_file(wheel_env: dict[str, Any]) -> None:
    with zipfile.ZipFile(wheel_env["wheel"]) as z:
        names = {n for n in z.namelist() if not n.startswith("unospec-")}
    listed = _run(
        ["git", "ls-files", "-co", "--exclude-standard", "spec", "reference", "conformance"]
        + ["features"],
        cwd=ROOT,
    )
    top = {"conformance": "unospec", "spec": "unospec/spec", "reference": "unospec/reference"}
    top["features"] = "unospec/features"
    expected = set()
    for name in listed.stdout.splitlines():
        head, _, rest = name.partition("/")
        expected.add(f"{top[head]}/{rest}")
    assert names == expected, (sorted(expected - names)[:10], sorted(names - expected)[:10])


def test_the_installed_package_is_not_the_checkout(wheel_env: dict[str, Any]) -> None:
    code = "import unospec, unospec.spec.resources as r; print(unospec.__file__); print(r.SPEC)"
    out = _run([wheel_env["python"], "-c", code], cwd=wheel_env["outside"], env=wheel_env["env"])
    assert out.returncode == 0, out.stderr
    for line in out.stdout.split():
        assert "site-packages" in line and str(ROOT) not in line, line


def test_certify_of_unospec_serve_runs_every_scenario_run(wheel_env: dict[str, Any]) -> None:
    mine, theirs = both(wheel_env, "certify", "--games", "2", "--json", program=True)
    assert mine.returncode == theirs.returncode == 0, mine.stderr[-2000:]
    a, b = json.loads(mine.stdout), json.loads(theirs.stdout)
    runs = {r.id for sc in load_scenarios() for r in sc.runs if r.profile == "official"}
    scenario_runs = {r["id"] for r in a["results"] if r["kind"] == "scenario"}
    assert scenario_runs == runs and len(runs) > 500
    outcome = [(r["kind"], r["id"], r["outcome"]) for r in a["results"]]
    assert outcome == [(r["kind"], r["id"], r["outcome"]) for r in b["results"]]
    assert a["footer"]["verdict"] == b["footer"]["verdict"] == "conformant"
    assert a["rules"] == b["rules"]
    assert schema_errors("report:report", a) == []
    report = wheel_env["outside"] / "reports" / "certify"
    assert {p.name for p in report.iterdir()} >= {"report.json", "summary.md", "junit.xml"}


def _validation(out: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    traces = json.loads(out.stdout)["traces"]
    return [
        {
            **{k: v for k, v in t.items() if k not in ("path", "witness", "message")},
            "path": Path(t["path"]).name,
            "message": SECONDS.sub("…", t.get("message", "")),
            "witness": len(t.get("witness") or []),
        }
        for t in traces
    ]


def test_validate_of_the_example_traces(wheel_env: dict[str, Any]) -> None:
    names = [t.name for t in TRACES]
    mine, theirs = both(wheel_env, "validate", "--json", *names)
    assert mine.returncode == theirs.returncode == 1, mine.stderr[-2000:]  # one has a fifth WD4
    assert _validation(mine) == _validation(theirs)
    assert [t["status"] for t in _validation(mine)].count("valid") == len(names) - 1


def _times_dropped(value: Any) -> Any:
    if isinstance(value, dict):
        # what was measured, not what was found: wall and CPU time, memory
        return {
            k: _times_dropped(v)
            for k, v in value.items()
            if k not in ("seconds", "cpu_seconds", "peak_mb")
        }
    if isinstance(value, list):
        return [_times_dropped(v) for v in value]
    return value


def test_perft_corpus(wheel_env: dict[str, Any]) -> None:
    mine, theirs = both(wheel_env, "perft", "--corpus", "--json")
    assert mine.returncode == theirs.returncode == 0, mine.stderr[-2000:]
    cases = _times_dropped(json.loads(mine.stdout))
    assert cases == _times_dropped(json.loads(theirs.stdout))
    assert len(cases) > 20 and all(c["ok"] for c in cases)


@pytest.mark.parametrize(
    ("args", "shows"),
    [
        (("explain", "stacking"), r"scenario"),
        (("explain", "AMB-06", "--json"), r'"live": \[\s*\{\s*"scenario": "AMB-06/'),
        (("rules", "WD4-RESTRICTION", "--json"), r'"scenarios": \[\s*"[A-Z]'),
        (("profiles", "sv-unoregler"), r"sv-unoregler"),
        (("summary", "--json"), r'"scenario runs": [1-9]'),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else "",
)
def test_the_readme_commands_say_the_same(
    wheel_env: dict[str, Any], args: tuple[str, ...], shows: str
) -> None:
    mine, theirs = both(wheel_env, *args)
    assert mine.returncode == theirs.returncode == 0, mine.stderr[-2000:]
    assert mine.stdout == theirs.stdout
    assert re.search(shows, mine.stdout), mine.stdout[:2000]


def test_rules_json_lists_every_rule_with_its_scenarios(wheel_env: dict[str, Any]) -> None:
    mine, theirs = both(wheel_env, "rules", "--json")
    assert mine.returncode == theirs.returncode == 0, mine.stderr[-2000:]
    rules = json.loads(mine.stdout)
    assert rules == json.loads(theirs.stdout)
    assert len(rules) > 90 and all(r["scenarios"] for r in rules)


def test_a_short_prove(wheel_env: dict[str, Any]) -> None:
    mine, theirs = both(wheel_env, *PROVE)
    assert mine.returncode == theirs.returncode == 0, mine.stderr[-2000:]
    a, b = (_times_dropped(json.loads(x.stdout)) for x in (mine, theirs))
    assert a == b and a["ok"] is True
    assert {g["result"] for g in a["goals"]} == {"proved"}
