"""Errors are values: each names the rule, the reason, and where (a JSON pointer)."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow in this position. The position is unchanged."""

    def __init__(self, rule: str, reason: str, action: Any = None, field: str = ""):
        self.rule, self.reason, self.action, self.field = rule, reason, action, field
        super().__init__(f"[{rule}] {reason}")

    def to_json(self) -> dict[str, Any]:
        out = {"rule": self.rule, "reason": self.reason}
        if self.field:
            out["field"] = self.field
        return out


class PositionError(ValueError):
    """A position that cannot exist; ``field`` is a JSON pointer to the offending value."""

    def __init__(self, field: str, reason: str, rule: str = ""):
        self.field, self.reason, self.rule = field, reason, rule
        where = field or "/"
        tag = f" [{rule}]" if rule else ""
        super().__init__(f"{where}: {reason}{tag}")
