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
