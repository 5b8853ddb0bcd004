"""The host's save file (its format: forum/saves.py), kept on disk after every typed line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rankedmafia.forum.saves import PENDING, dumps, from_script, pending, restore
from rankedmafia.rules.game import Game
from rankedmafia.script import load_script

__all__ = ["PENDING", "load", "pending", "restore", "save"]


def save(game: Game, path: Path, lang: str, fmt: str) -> None:
    """The game so far as a game script, with the host's settings and the unresolved phase's commands."""
    path.write_text(dumps(game, lang, fmt), encoding="utf-8")


def load(path: Path) -> tuple[Game, dict[str, Any]]:
    """A saved game, played to where the host stopped (its unresolved phase too), and its host settings."""
    return from_script(load_script(path))
