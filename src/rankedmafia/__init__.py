"""Ranked Mafia (Ранговая мафия): an exact rules engine with game scripts, records and a host's CLI."""

from rankedmafia.rules.game import Game

__all__ = ["Game"]
__version__ = "0.1.0"
