"""Moderation in a game: the host closes the thread (and the chats) to a player for the game, or opens it
again, or has a bot play his seat from now on; each is a log entry, said in the thread in words, and
written to the moderation's log. Nothing here reads or tells anything the game hides."""

from __future__ import annotations

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.absence import POLICY
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import phase_label
from rankedmafia.store.moderation import ModerationStore

WORDS = {  # the thread's line (the thread is Russian by default, as the summaries)
    "mute": "Ведущий закрыл тред для игрока {name} до конца игры.",
    "unmute": "Ведущий снова открыл тред для игрока {name}.",
    "bot": "Место игрока {name} ведущий отдал боту: до конца игры за это место играет бот.",
}


def _seated(live: LiveGame, name: str) -> None:
    if live.status in ("lobby", "over") or live.game is None:
        raise Refusal("not_running", state=live.status)
    if name not in live.seats:
        raise Refusal("unknown_seat", 404, name=name)


def mute_build(name: str, on: bool) -> cmd.Build:
    def build(live: LiveGame, now: float) -> cmd.Outcome:
        _seated(live, name)
        out = cmd.Outcome()
        if (name in live.muted) != on:
            cmd.step(live, out, "mute", {"type": "mute", "name": name, "on": on}, now)
        return out

    return build


def bot_build(name: str) -> cmd.Build:
    """The host has a bot play the seat for the rest of the game (rated as an absent player's: a loss)."""

    def build(live: LiveGame, now: float) -> cmd.Outcome:
        _seated(live, name)
        assert live.game is not None
        if name not in live.game.alive() or name in live.bots:
            raise Refusal("cannot_bot", 409, name=live.nickname(name))
        out = cmd.Outcome()
        cmd.step(live, out, "absent", {"type": "absent", "names": [name], "policy": POLICY, "by": "host"}, now)
        return out

    return build


async def host_moderates(service: svc.GameService, game_id: str, action: str, name: str) -> None:
    """`action`: mute | unmute | bot. Logged, applied, and said in the thread."""
    build = {"mute": mute_build(name, True), "unmute": mute_build(name, False), "bot": bot_build(name)}.get(action)
    if build is None:
        raise Refusal("not_found", 404, what=action)
    live, outcome = await service.execute(game_id, build)
    if not outcome.entries:
        return
    moderation = ModerationStore(service.store)
    await moderation.log(service.clock(), "host", action, game_id, name)
    nickname = "«" + live.nickname(name) + "»"
    await service.store.add_post(game_id, "thread", "", phase_label(live), WORDS[action].format(name=nickname),
                                 service.clock())
    service.hub.publish(game_id)
