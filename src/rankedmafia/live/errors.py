"""The server's own refusals (beside the engine's RuleViolation): a stable id, parameters, an HTTP status."""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    def __init__(self, rule: str, status: int = 409, **params: Any) -> None:
        self.rule = rule
        self.status = status
        self.params = params
        super().__init__(rule)


class NotFound(Refusal):
    def __init__(self, what: str = "game") -> None:
        super().__init__("not_found", 404, what=what)
