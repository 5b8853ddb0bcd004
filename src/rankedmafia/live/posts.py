"""The thread's discussion and the mafia's chat: who may write and read where."""

from __future__ import annotations

from typing import Any

from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import POST_MAX, GameService
from rankedmafia.rules.model import PhaseKind
from rankedmafia.store import Conflict
from rankedmafia.store.moderation import ModerationStore
from rankedmafia.store.writer import Job


def clan_channels(live: LiveGame, name: str | None) -> list[str]:
    """The chats of the clans he shares (his view's `clans`: one, none, or both for the double agent)."""
    if live.game is None or name is None:
        return []
    return [f"clan:{clan}" for clan in live.game.view(name).clans]


def phase_label(live: LiveGame) -> str:
    game = live.game
    return "lobby" if game is None else f"{game.phase.kind.value} {game.phase.number}"


async def add_post(
    service: GameService, live: LiveGame, name: str, channel: str, text: str, clan: str | None = None,
    also: Job | None = None, once: str | None = None,
) -> int:
    """A post in the thread, or in one of his clans' chats (`clan`: which one; his first by default).
    `also`: the caller's own write, committed with the post (an AI seat's turn). `once`: its one-time token
    (a form's, the API's Idempotency-Key): sent again, even at the same moment, it is stored once (the
    second send returns 0)."""
    text = text.strip()
    if not text or len(text) > POST_MAX:
        raise Refusal("empty_post", 422, most=POST_MAX)
    if name in live.muted:  # the host closed the thread and the chats to him (live/moderation.py)
        raise Refusal("muted", 403)
    game = live.game
    if channel == "clan":
        chats = clan_channels(live, name)
        target = chats[0] if chats and clan is None else f"clan:{clan}"
        if target not in chats:
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
    if not once:
        return await service.store.add_post(live.id, target, name, phase_label(live), text, service.clock(), also)
    if await service.store.is_taken(live.id, once):
        return 0
    try:
        return await service.store.add_post(live.id, target, name, phase_label(live), text, service.clock(),
                                            service.store.take_job(live.id, once, service.clock(), also))
    except Conflict:
        return 0


async def read_posts(service: GameService, live: LiveGame, name: str | None, channel: str) -> list[dict[str, Any]]:
    if channel == "clan":
        targets = clan_channels(live, name)
        if not targets:
            raise Refusal("not_clan", 403)
    else:
        targets = ["thread"]
    rows = await service.store.posts(live.id, targets)
    hidden = await ModerationStore(service.store).hidden(live.id)  # posts an administrator hid
    return [
        {
            "id": r.id,
            "author": r.author,
            "nickname": live.nickname(r.author) if r.author else "",
            "phase": r.phase,
            "text": r.text,
            "at": r.at,
            **({"clan": r.channel[5:]} if r.channel.startswith("clan:") else {}),
        }
        for r in rows
        if r.id not in hidden
    ]
