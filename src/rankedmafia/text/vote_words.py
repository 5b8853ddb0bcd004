"""The words of the vote that are not a player: a blue vote ("синий", "никого") and "nobody" in a night's
message. The forum's readers look votes up here, and the nicknames' check refuses them as names, so that
no written vote can mean both a player and blue. Folded (lower case, «ё» as «е»)."""

from __future__ import annotations

BLUE_WORDS = frozenset({"синий", "синего", "синим", "синему", "синь", "blue", "никого", "никто", "нокого"})
NOBODY = frozenset({"никого", "никто", "nobody", "none"})
VOTE_WORDS = BLUE_WORDS | NOBODY
