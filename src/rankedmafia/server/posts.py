"""The thread's discussion and the mafia's chat: who may write and read where."""

from __future__ import annotations

from typing import Any

from rankedmafia.rules.model import PhaseKind
from rankedmafia.server.errors import Refusal
from rankedmafia.server.live_game import LiveGame
from rankedmafia.server.service import POST_MAX, GameService


def _clan_channel(live: LiveGame, name: str) -> str | None:
    """His clan's chat, if he is in one (a fact his own view holds: view.clan)."""
    if live.game is None:
        return None
    view = live.game.view(name)
    if not view.clan:
        return None
    clan = live.game.state.players[name].clan
    return f"clan:{clan}" if clan else None


def phase_label(live: LiveGame) -> str:
    game = live.game
    return "lobby" if game is None else f"{game.phase.kind.value} {game.phase.number}"


async def add_post(service: GameService, live: LiveGame, name: str, channel: str, text: str) -> int:
    text = text.strip()
    if not text or len(text) > POST_MAX:
        raise Refusal("empty_post", 422, most=POST_MAX)
    game = live.game
    if channel == "clan":
        target = _clan_channel(live, name)
        if target is None:
            raise Refusal("not_clan", 403)
    else:
        target = "thread"
        if game is not None and live.status != "over":
            if name not in game.alive():
                raise Refusal("dead_poster", 403)
            if game.phase.kind is PhaseKind.NIGHT:
                raise Refusal("night_thread", 409)
    if channel == "clan" and game is not None and name not in game.alive():
        raise Refusal("dead_poster", 403)
    return await service.store.add_post(live.id, target, name, phase_label(live), text, service.clock())


async def read_posts(service: GameService, live: LiveGame, name: str | None, channel: str) -> list[dict[str, Any]]:
    if channel == "clan":
        target = _clan_channel(live, name) if name is not None else None
        if target is None:
            raise Refusal("not_clan", 403)
    else:
        target = "thread"
    rows = await service.store.posts(live.id, [target])
    return [
        {
            "id": r.id,
            "author": r.author,
            "nickname": live.nickname(r.author) if r.author else "",
            "phase": r.phase,
            "text": r.text,
            "at": r.at,
        }
        for r in rows
    ]
