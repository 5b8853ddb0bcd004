"""The core's list of legal choices, as the keyboards read it: `game.choices(name)` and, for the Council's
questions, `council.fields`. Nothing here adds or removes a rule."""

from __future__ import annotations

from typing import Any

from rankedmafia.rules import council
from rankedmafia.rules.choices import Choice, Copy
from rankedmafia.rules.game import Game

__all__ = ["Choice", "Copy", "legal_choices", "question_fields"]


def legal_choices(game: Game, name: str) -> tuple[Choice, ...]:
    return game.choices(name)


def question_fields(game: Game, template: str) -> dict[str, tuple[Any, ...]]:
    """For each argument of a Council question, the values it may take (`players`: four or more of them)."""
    return {arg: tuple(values) for arg, values in council.fields(game.state, template).items()}
