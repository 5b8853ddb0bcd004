"""Absent players replaced: a house option, on by default in the site's unranked games and always on in a
ranked one. A person who could act or vote and sent nothing for two phases in a row (`LiveGame.missed`,
counted from the log as each phase ends) is replaced by a bot for the rest of the game: an `absent` entry in
the log gives the seat to a heuristic bot, which plays whatever the Game waits for from it, and the thread
says so in words. In a ranked game he is rated as a loss (ladder/outcome.py)."""

from __future__ import annotations

import logging

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.bot_driver import _play_game
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import phase_label

log = logging.getLogger("rankedmafia.live.absence")
OPTION = "replace_absent"
ABSENT_AFTER = 2  # phases in a row
POLICY = "heuristic"
WORDS = {
    "ru": "{name} не {did} ни одного хода две фазы подряд: до конца игры за {whom} играет бот.",
    "en": "{name} sent nothing for two phases in a row: a bot plays the seat for the rest of the game.",
}


def replaces_absent(live: LiveGame) -> bool:
    """The house option: a ranked game always; another as its host chose (a game without the option, the
    Telegram bot's, an arena's or a forum desk's, never)."""
    options = live.row.options
    if live.by_hand:
        return False
    return bool(options.get("ranked")) or bool(options.get(OPTION, False))


def absentees(live: LiveGame) -> list[str]:
    """The seats to hand to a bot now: people alive who missed `ABSENT_AFTER` phases in a row."""
    game = live.game
    if live.status != "running" or game is None or game.over or not replaces_absent(live):
        return []
    alive = set(game.alive())
    return [name for name in live.names()
            if live.missed.get(name, 0) >= ABSENT_AFTER and name in alive and name not in live.bots]


def absent_build(name: str) -> cmd.Build:
    """The seat goes to a bot (checked again under the game's lock). His link still shows him the game; a
    move he sends himself is taken, and the bot then has nothing to send."""

    def build(live: LiveGame, now: float) -> cmd.Outcome:
        out = cmd.Outcome()
        if name not in absentees(live):
            return out
        cmd.step(live, out, "absent", {"type": "absent", "names": [name], "policy": POLICY}, now)
        out.value = name
        return out

    return build


def announcement(live: LiveGame, name: str, lang: str = "ru") -> str:
    """The thread's line, agreeing with the player's sex."""
    female = live.game is not None and live.game.sexes().get(name) == "f"
    return WORDS.get(lang, WORDS["ru"]).format(name=live.nickname(name), did="сделала" if female else "сделал",
                                               whom="неё" if female else "него")


def drive_absence(service: svc.GameService) -> svc.GameService:
    """Lets this service replace absent players on its ticks (the site's platform calls it)."""
    if replace_absent not in service.on_tick:
        service.on_tick.append(replace_absent)
    return service


async def replace_absent(service: svc.GameService) -> int:
    """Every absent player of every running game is replaced; the bots of games created without bots (whose
    seats only absence gave to bots) then play as the bot driver plays the others. Returns the moves made."""
    moved = 0
    for game_id in await service.store.active():
        try:
            live = await service.get(game_id)
            for name in absentees(live):  # none unless the game replaces absent players
                live, outcome = await service.execute(game_id, absent_build(name))
                if outcome.value == name:
                    moved += 1
                    await service.store.add_post(live.id, "thread", "", phase_label(live),
                                                 announcement(live, name), service.clock())
                    service.hub.publish(live.id)
            if live.absent and live.row.options.get("bots", "none") == "none" and live.status == "running":
                # seats given to bots for absence or by the host (games with bots of their own: the driver's)
                moved += await _play_game(service, game_id)
        except Exception:
            log.exception("replacing the absent players of %s failed", game_id)
    return moved
