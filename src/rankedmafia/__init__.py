"""Ranked Mafia (Ранговая мафия): an exact rules engine with game scripts, records and a host's CLI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rankedmafia.rules.game import Game

__all__ = ["Game"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """`from rankedmafia import Game`, loaded when asked: importing one layer (a role module, the view)
    does not load the whole engine through the package."""
    if name == "Game":
        from rankedmafia.rules.game import Game

        return Game
    raise AttributeError(f"module 'rankedmafia' has no attribute {name!r}")
