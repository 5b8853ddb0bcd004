"""The chat of the dead and the spectators: the players out of the game and anyone watching it talk there,
and no living player reads it until the game is over (then it is open to all, like the roles).

Its posts are the thread's posts under their own channel (`dead`), so the living player's page, API and
stream, which read the thread and his clans' chats only, never carry them. A spectator writes under a
name he types, marked as a spectator's, never one that looks like a seated player's."""

from __future__ import annotations

from typing import Any

from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.nicknames import seat_nickname
from rankedmafia.live.posts import phase_label
from rankedmafia.live.service import POST_MAX, GameService
from rankedmafia.store.moderation import ModerationStore

CHANNEL = "dead"
SPECTATOR = "~"  # a spectator's post: the author is his typed name after this mark (a seat's name never has it)


def living(live: LiveGame, name: str | None) -> bool:
    """A player of the game still in it: the chat is closed to him while the game goes on."""
    if name is None or live.status == "over":
        return False
    if live.game is None:
        return name in live.seats  # in the lobby every seat is a living player's
    return name in live.game.alive()


def may_read(live: LiveGame, name: str | None) -> bool:
    """`name`: the reader's seat, or None for a spectator. Everyone once the game is over."""
    return not living(live, name)


def _seated(live: LiveGame) -> list[str]:
    return [n for s in live.seats.values() for n in (s.name, s.nickname)]


async def add_dead_post(service: GameService, live: LiveGame, name: str | None, text: str,
                        spectator: str = "") -> int:
    """A post by a player out of the game (`name`) or by a spectator (`name` None, under the name he typed)."""
    if living(live, name):
        raise Refusal("dead_chat_living", 403)
    if name is not None and name in live.muted:
        raise Refusal("muted", 403)
    if live.status == "lobby":
        raise Refusal("not_running", state=live.status)
    text = text.strip()
    if not text or len(text) > POST_MAX:
        raise Refusal("empty_post", 422, most=POST_MAX)
    author = name
    if author is None:
        author = SPECTATOR + seat_nickname(spectator, _seated(live))  # a look-alike of a player is refused
    post_id = await service.store.add_post(live.id, CHANNEL, author, phase_label(live), text, service.clock())
    service.hub.publish(live.id)
    return post_id


async def read_dead_posts(service: GameService, live: LiveGame, name: str | None) -> list[dict[str, Any]]:
    if not may_read(live, name):
        raise Refusal("dead_chat_living", 403)
    rows = await service.store.posts(live.id, [CHANNEL])
    hidden = await ModerationStore(service.store).hidden(live.id)
    return [
        {
            "id": r.id,
            "author": r.author[len(SPECTATOR):] if r.author.startswith(SPECTATOR) else r.author,
            "nickname": r.author[len(SPECTATOR):] if r.author.startswith(SPECTATOR) else live.nickname(r.author),
            "spectator": r.author.startswith(SPECTATOR),
            "phase": r.phase,
            "text": r.text,
            "at": r.at,
        }
        for r in rows
        if r.id not in hidden
    ]
