"""Shared fixtures: positions are built from partial JSON with ``reference.position.complete``."""

from __future__ import annotations

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


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "rule(id): the catalogue rule or ambiguity a scenario is tagged with"
    )
    config.addinivalue_line("markers", "profile(name): a profile a scenario applies to")
    config.addinivalue_line(
        "markers", "negative: a scenario showing what a rule forbids or where it stops"
    )


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
    return getattr(request, "param", "official")


def _template(fn):
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    return scenario_wrapper_template_registry.get(fn)


def pytest_generate_tests(metafunc):
    tpl = _template(metafunc.function)
    if tpl is None or tpl.templated or "scenario_profile" not in metafunc.fixturenames:
        return
    profiles = [t for t in tpl.tags if t in PROFILE_TAGS] or ["official"]
    profiles.sort(key=PROFILE_TAGS.index)
    metafunc.parametrize("scenario_profile", profiles, indirect=True)


def pytest_collection_modifyitems(config, items):
    from unospec.scenarios import load_scenarios, slug
    from unospec.spec.catalogue import load as load_catalogue

    cat = load_catalogue()
    rules = {cat.canonical(r) or r for r in config.getoption("rule")}
    profiles = set(config.getoption("profile"))
    features = set(config.getoption("feature_file"))
    index = {(s.file, s.line): s for s in load_scenarios()}
    keep, drop = [], []
    for item in items:
        tpl = _template(getattr(item, "obj", None))
        if tpl is None:
            keep.append(item)
            continue
        sc = index.get((tpl.feature.rel_filename, tpl.line_number))
        sid = sc.id if sc else slug(tpl.name)
        profile = (
            item.callspec.params.get("scenario_profile") if hasattr(item, "callspec") else None
        )
        example = getattr(item, "callspec", None) and item.callspec.params.get(
            "_pytest_bdd_example", {}
        )
        run_profile = profile or (example or {}).get("profile") or "official"
        item.user_properties.append(("scenario", sid))
        item.user_properties.append(("hash", sc.hash if sc else ""))
        tags = set(tpl.tags)
        stem = tpl.feature.rel_filename.removesuffix(".feature")
        selected = (
            (not rules or tags & rules)
            and (not profiles or run_profile in profiles)
            and (
                not features
                or {
                    stem,
                    stem.rsplit("/", 1)[-1],
                    tpl.feature.rel_filename,
                    tpl.feature.rel_filename.rsplit("/", 1)[-1],
                }
                & features
            )
        )
        (keep if selected else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
