"""What a watcher may learn from a live update's version: only what its page shows.

The game's log head changes with every command, a night's secret actions included, so a watcher counting
versions would count the night's submissions. A stream's version is instead a digest of what its viewer
sees: the public facts for everyone, plus the viewer's own for a player.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from rankedmafia.live.live_game import LiveGame, public_votes


def digest(facts: Any) -> str:
    return hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode()).hexdigest()[:16]


def public_facts(live: LiveGame) -> dict[str, Any]:
    """What anyone with the game's link sees change: never a night action."""
    game = live.game
    return {
        "status": live.status,
        "seats": [(s.name, s.nickname) for s in sorted(live.seats.values(), key=lambda s: s.idx)],
        "phase": None if game is None else (game.phase.kind.value, game.phase.number),
        "results": 0 if game is None else len(game.results),
        "alive": [] if game is None else game.alive(),
        "votes": {} if game is None else public_votes(game),
        "deadline": live.deadline,
        "remaining": live.remaining,
        "resolving": live.following,
    }


def public_version(live: LiveGame) -> str:
    return digest(public_facts(live))


def player_version(live: LiveGame, name: str, extra: Any = None) -> str:
    """The public facts plus his own: his view's log, his action or vote, his actions, the reanimator's
    step if he is asked (and `extra`: what else his page shows, e.g. the latest post he may read)."""
    game = live.game
    own: dict[str, Any] = {}
    if game is not None:
        view = game.view(name)
        step = live.asked()
        own = {"log": len(view.log), "sent": view.sent, "alive": view.alive, "role": view.role,
               "actions": [a.id for a in view.actions], "asked": step is not None and step.player == name,
               "clan": view.clan}
    return digest({"public": public_facts(live), "own": own, "extra": extra})
