"""The executable rulebook: every scenario of ``features/`` run by pytest-bdd on the reference.

Feature files are collected automatically. The step functions are the shared
vocabulary of :mod:`unospec.steps`, bound here to pytest-bdd one by one.
Select with ``--rule ID``, ``--profile NAME`` or ``--feature-file FILE`` (see conftest).
"""

from __future__ import annotations

import inspect

import pytest
from pytest_bdd import given, parsers, scenario, then, when

from unospec.port import ReferencePort
from unospec.scenarios import FEATURES, load_scenarios
from unospec.steps import STEPS, World

DECORATORS = {"given": given, "when": when, "then": then}


@pytest.fixture
def world(scenario_profile: str) -> World:
    return World(ReferencePort(), profile=scenario_profile)


def _bind(kind: str, pattern: str, fn) -> None:
    params = [inspect.Parameter("world", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    names = list(__import__("re").compile(pattern).groupindex)
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None) for n in names]
    wants = inspect.signature(fn).parameters
    if "table" in wants:
        params.append(inspect.Parameter("datatable", inspect.Parameter.KEYWORD_ONLY))
    if "docstring" in wants:
        params.append(inspect.Parameter("docstring", inspect.Parameter.KEYWORD_ONLY))

    def impl(world, **kw):
        if "datatable" in kw:
            kw["table"] = kw.pop("datatable")
        fn(world, **kw)

    impl.__signature__ = inspect.Signature(params)
    impl.__name__ = f"{kind}_{fn.__name__}"
    DECORATORS[kind](parsers.re(pattern), stacklevel=2)(impl)


for _kind, _rx, _fn in STEPS:
    _bind(_kind, _rx.pattern[1:-1], _fn)


def _collect() -> None:
    """One test per scenario, named by its stable ID (rule ID / slug)."""
    for sc in load_scenarios():

        def test() -> None:
            pass

        globals()[f"test_{sc.id}"] = scenario(str(FEATURES / sc.file), sc.name)(test)


_collect()
