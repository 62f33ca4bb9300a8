"""Shared fixtures: positions are built from partial JSON with ``reference.position.complete``."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from unospec.reference.position import Position, complete, load


def make(**partial: Any) -> Position:
    """A position from keyword fields (see :func:`unospec.reference.position.complete`)."""
    return load(complete(partial))


@pytest.fixture
def position():
    return make


# CI replays the same examples every run (a failure found by a new random example should
# be investigated locally, not flip a landing); locally Hypothesis explores new ones.
import os  # noqa: E402

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# -- the executable rulebook (features/) under pytest-bdd ----------------------------------------

PROFILE_TAGS = ("official", "fi-wikipedia", "sv-unoregler", "id-wikipedia")


def pytest_addoption(parser):
    group = parser.getgroup("unospec scenarios")
    group.addoption(
        "--rule",
        action="append",
        default=[],
        help="run only scenarios tagged with this rule or ambiguity ID (or alias)",
    )
    group.addoption(
        "--profile", action="append", default=[], help="run only scenario runs under this profile"
    )
    group.addoption(
        "--feature-file",
        action="append",
        default=[],
        help="run only scenarios of this feature file (name or stem)",
    )


#: the test modules that take longest (minutes on 2 cores), handed out first: ``make test``
#: spreads modules over the cores (``-n auto --dist loadscope``), and pytest-xdist's own
#: order (modules with most tests first) would leave these one-test modules for the end,
#: where one core works through them while the other waits
LONGEST_FIRST = (
    "tests/mutants/test_mutation_score.py",
    "tests/engines/test_foreign_engines.py",
    "tests/prover/test_formal_proofs.py",
    "tests/prover/test_formal_refinement.py",
    "tests/test_native_build.py",
    "tests/test_properties.py",
    "tests/test_bench.py",
    "tests/test_wheel.py",
    "tests/test_docs.py",
)


def pytest_configure(config):
    if getattr(config.option, "loadscopereorder", None):  # pytest-xdist 3.6+
        config.option.loadscopereorder = False  # the collection order below is kept
    config.addinivalue_line(
        "markers", "rule(id): the catalogue rule or ambiguity a scenario is tagged with"
    )
    config.addinivalue_line("markers", "profile(name): a profile a scenario applies to")
    config.addinivalue_line(
        "markers", "negative: a scenario showing what a rule forbids or where it stops"
    )
    # pytest-bdd turns the tags of an outline's Examples block (its profile and the rule its
    # rows check, e.g. ``@official @FIRST-CARD-SKIP``) into marks of those very names
    from unospec.spec.catalogue import load as load_catalogue

    cat = load_catalogue()
    for name in (*PROFILE_TAGS, *cat.rules, *cat.ambiguities):
        config.addinivalue_line("markers", f"{name}: an Examples block tag (features/)")


def pytest_bdd_apply_tag(tag, function):
    """Rule IDs become ``rule(ID)`` marks, profiles ``profile(NAME)``; every scenario
    takes the ``scenario_profile`` fixture so it can run under each profile it names."""
    if tag in PROFILE_TAGS:
        mark = pytest.mark.profile(tag)
    elif tag == "negative":
        mark = pytest.mark.negative
    else:
        mark = pytest.mark.rule(tag)
    mark(function)
    pytest.mark.usefixtures("scenario_profile")(function)
    return True


@pytest.fixture
def scenario_profile(request):
    """The profile a scenario run is for: the parameter of a plain scenario, the profile of
    its Examples block (its profile tag, or the row's ``profile`` column) for an outline row."""
    if hasattr(request, "param"):
        return request.param
    run = _run(request.node)
    return run.profile if run is not None else "official"


@functools.cache
def _scenarios_by_id():
    from unospec.scenarios import load_scenarios

    return {sc.id: sc for sc in load_scenarios()}


def _scenario(module, name: str):
    """The scenario of ``features/`` that a test runs, or ``None``: ``tests/test_features.py``
    names each pytest-bdd test ``test_<scenario ID>``, looked up in our own scenario index
    (pytest-bdd's registry of scenario templates is private API)."""
    if getattr(module, "__name__", "").rsplit(".", 1)[-1] != "test_features":
        return None
    return _scenarios_by_id().get(name.removeprefix("test_"))


def _run(item):
    """The run of ``features/`` that a pytest-bdd test item executes (an outline row is
    found by its values, which pytest-bdd passes as ``_pytest_bdd_example``), or ``None``."""
    sc = _scenario(getattr(item, "module", None), getattr(item, "originalname", ""))
    if sc is None:
        return None
    callspec = getattr(item, "callspec", None)
    if not sc.outline:
        profile = callspec.params.get("scenario_profile") if callspec else None
        return next((r for r in sc.runs if r.profile == profile), sc.runs[0])
    example = (callspec.params.get("_pytest_bdd_example") if callspec else None) or {}
    label = "-".join(example.values())
    runs = [r for r in sc.runs if r.label == label]
    if len(runs) != 1:
        raise pytest.UsageError(f"{sc.id}: {len(runs)} Examples rows have the values {label!r}")
    return runs[0]


def pytest_generate_tests(metafunc):
    sc = _scenario(metafunc.module, metafunc.definition.originalname)
    if sc is None or sc.outline or "scenario_profile" not in metafunc.fixturenames:
        return
    profiles = [t for t in sc.tags if t in PROFILE_TAGS] or ["official"]
    profiles.sort(key=PROFILE_TAGS.index)
    metafunc.parametrize("scenario_profile", profiles, indirect=True)


def pytest_collection_modifyitems(config, items):
    from unospec.spec.catalogue import load as load_catalogue

    cat = load_catalogue()
    rules = {cat.canonical(r) or r for r in config.getoption("rule")}
    profiles = set(config.getoption("profile"))
    features = set(config.getoption("feature_file"))
    keep, drop = [], []
    for item in items:
        sc = _scenario(getattr(item, "module", None), getattr(item, "originalname", ""))
        if sc is None:
            keep.append(item)
            continue
        run = _run(item)
        run_profile = run.profile
        item.add_marker(pytest.mark.profile(run_profile))
        item.add_marker(pytest.mark.rule(run.rule))
        item.user_properties.append(("scenario", sc.id))
        item.user_properties.append(("hash", sc.hash))
        # a run is selected by its scenario's tags and by the rule of its Examples block
        tags = set(sc.tags) | {run.rule}
        stem = sc.file.removesuffix(".feature")
        selected = (
            (not rules or tags & rules)
            and (not profiles or run_profile in profiles)
            and (
                not features
                or {
                    stem,
                    stem.rsplit("/", 1)[-1],
                    sc.file,
                    sc.file.rsplit("/", 1)[-1],
                }
                & features
            )
        )
        (keep if selected else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    first = {path: rank for rank, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: first.get(item.nodeid.split("::", 1)[0], len(first)))
