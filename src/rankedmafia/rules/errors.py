"""Typed errors of the rules core.

A refusal carries a stable rule id and its parameters, never a sentence: the text layer renders it in the
player's language. Where it happened (the phase of a script, the entry) is filled in by whoever knows.
"""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """An action, vote or command that the rules refuse. The game is exactly as it was before."""

    def __init__(self, rule: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        self.phase: int | None = None
        self.entry: int | str | None = None
        super().__init__(rule)

    def at(self, phase: int | None, entry: int | str | None) -> RuleViolation:
        self.phase = phase
        self.entry = entry
        return self

    def __str__(self) -> str:
        return _named(self.rule, self.params)  # an id for logs; players read text.errors.describe(...)

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, phase={self.phase!r}, entry={self.entry!r}, {self.params!r})"


class SetupError(Exception):
    """A setup that cannot be played (a sergeant without a commissar, more roles than players, ...)."""

    def __init__(self, rule: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        super().__init__(rule)

    def __str__(self) -> str:
        return _named(self.rule, self.params)


def _named(rule: str, params: dict[str, Any]) -> str:
    """The refusal by its id and fields, for logs and tracebacks. Sentences are the text layer's
    (rankedmafia.text.errors.describe): the core never imports it."""
    fields = ", ".join(f"{key}={value!r}" for key, value in params.items() if value is not None)
    return f"{rule} ({fields})" if fields else rule
