"""The group's commands for its admins (and the sign-up's opener): /begin, /extend, /end, /cancel, and
/settings with a change. Each is handled twice: first for those the `Admin` filter passes, then, for the
others, a refusal in words (after the same "no game" check, so a refusal says what is wrong first)."""

from __future__ import annotations

from typing import Any

from aiogram import F, Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.game_options import BadOption, parse_options
from rankedmafia.telegram.handlers.common import IN_GROUP, reply
from rankedmafia.telegram.handlers.filters import Admin
from rankedmafia.telegram.store import ChatRow, TgGame
from rankedmafia.telegram.texts import Html, say

PHASE_LEAST, PHASE_MOST = 30, 3600


def change_setting(settings: dict[str, Any], args: list[str], lang: str, agents: Any) -> Html | None:
    """`/settings WHAT VALUE` applied to the group's settings; a refusal in words (nothing changed) if bad."""
    what, value = args[0].lower(), args[1] if len(args) > 1 else ""
    if what in ("night", "dead") and value in ("on", "off"):
        settings[f"{what}_delete"] = value == "on"
    elif what == "kick" and value.isdigit():
        settings["kick_after"] = int(value)
    elif what in ("nightlen", "daylen") and value.isdigit() and (int(value) == 0
                                                                 or PHASE_LEAST <= int(value) <= PHASE_MOST):
        settings["night_seconds" if what == "nightlen" else "day_seconds"] = int(value)
    elif what == "game":
        words = " ".join(args[1:])
        try:
            parse_options(words or None, lang, agents)
        except BadOption as bad:
            return bad.text
        settings["game"] = words
    else:
        return say(lang, "settings_bad", what=" ".join(args))
    return None


def settings_text(chat: ChatRow) -> Html:
    lang = chat.lang
    shown = {k: (say(lang, "on" if v else "off") if isinstance(v, bool) else v) for k, v in chat.settings.items()}
    for key in ("game", "night_seconds", "day_seconds"):
        shown[key] = shown[key] or say(lang, "by_default")
    return say(lang, "settings", **shown)


async def _game(conductor: Conductor, message: Message, *statuses: str) -> tuple[TgGame | None, str]:
    """The group's open game if its status is one of `statuses` (any, if none given), and the group's language."""
    game = await conductor.tg.open_game(message.chat.id)
    lang = await conductor.lang(message.chat.id)
    if game is None or message.from_user is None or (statuses and game.status not in statuses):
        return None, lang
    return game, lang


# --- /extend: the sign-up (its opener or an admin), or the phase in play (an admin) -------------------
async def extend_command(message: Message, command: CommandObject, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message)
    if game is None:
        await reply(conductor, message, say(lang, "no_game"))
        return
    seconds = int(command.args) if command.args and command.args.strip().isdigit() else None
    if game.status == "lobby":
        await reply(conductor, message, await conductor.signup.extend(game, seconds))
    else:
        await reply(conductor, message, await conductor.table.extend(game, seconds or conductor.timing.extend))


async def extend_refused(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message)
    what = "no_game" if game is None else "not_allowed" if game.status == "lobby" else "admins_only"
    await reply(conductor, message, say(lang, what))


# --- /begin: the sign-up's opener or an admin starts the game ------------------------------------------
async def begin_command(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message, "lobby")
    if game is None:
        await reply(conductor, message, say(lang, "no_game"))
        return
    await reply(conductor, message, await conductor.signup.begin(game.game_id))


async def begin_refused(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message, "lobby")
    await reply(conductor, message, say(lang, "no_game" if game is None else "not_allowed"))


# --- /end: the game in play ends with no winner (RULINGS.md, "Stalemate") -------------------------------
async def end_command(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message, "running")
    if game is None:
        await reply(conductor, message, say(lang, "no_game"))
        return
    await reply(conductor, message, await conductor.table.end(game))


async def end_refused(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message, "running")
    await reply(conductor, message, say(lang, "no_game" if game is None else "admins_only"))


# --- /cancel: the sign-up, or the game, called off ------------------------------------------------------
async def cancel_command(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message)
    if game is None:
        await reply(conductor, message, say(lang, "no_game"))
        return
    await conductor.signup.cancel(game)


async def cancel_refused(message: Message, conductor: Conductor) -> None:
    game, lang = await _game(conductor, message)
    await reply(conductor, message, say(lang, "no_game" if game is None else "admins_only"))


# --- /settings: shown to anyone, changed by an admin (kept in the database) ------------------------------
async def settings_change(message: Message, command: CommandObject, conductor: Conductor) -> None:
    chat = await conductor.chat(message.chat.id)
    problem = change_setting(chat.settings, (command.args or "").split(), chat.lang, conductor.service.ai_agents)
    if problem is not None:
        await reply(conductor, message, problem)
        return
    await conductor.save_chat(chat)
    await reply(conductor, message, settings_text(chat))


async def settings_command(message: Message, command: CommandObject, conductor: Conductor) -> None:
    chat = await conductor.chat(message.chat.id)
    if (command.args or "").split() and message.from_user is not None:
        await reply(conductor, message, say(chat.lang, "admins_only"))
        return
    await reply(conductor, message, settings_text(chat))


def make_router() -> Router:
    """A new router each time: a router belongs to one dispatcher (the tests run several in one process)."""
    router = Router(name="admin")
    router.message.filter(IN_GROUP)
    router.message.register(extend_command, Command("extend"), Admin(or_opener=True))
    router.message.register(extend_refused, Command("extend"))
    router.message.register(begin_command, Command("begin"), Admin(or_opener=True))
    router.message.register(begin_refused, Command("begin"))
    router.message.register(end_command, Command("end"), Admin())
    router.message.register(end_refused, Command("end"))
    router.message.register(cancel_command, Command("cancel"), Admin())
    router.message.register(cancel_refused, Command("cancel"))
    router.message.register(settings_change, Command("settings", magic=F.args), Admin())
    router.message.register(settings_command, Command("settings"))
    return router
