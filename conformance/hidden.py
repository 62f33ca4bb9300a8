"""Validating traces that hide cards (no chance inputs): what is unseen is unknown, not empty."""

from __future__ import annotations

from typing import Any


def validate_hidden(header: dict[str, Any], records: list[tuple[int, dict[str, Any]]], path: str):
    from conformance.validate import UNUSABLE, Verdict

    return Verdict(
        path, UNUSABLE, "traces without chance inputs are not supported yet", 1, "/chance"
    )
