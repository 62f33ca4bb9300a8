"""Shared fixtures: positions are built from partial JSON with ``reference.position.complete``."""

from __future__ import annotations

from typing import Any

import pytest

from reference.position import Position, complete, load


def make(**partial: Any) -> Position:
    """A position from keyword fields (see :func:`reference.position.complete`)."""
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
