"""The group's commands for everyone (/game, /players, /stats, /lang) and its plain messages (deleted
where the group's settings say so: the dead's, anyone's at night; else the day's discussion)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command, CommandObject
from aiogram.types import Message

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.handlers.common import IN_GROUP, reply
from rankedmafia.telegram.texts import say


async def game_command(message: Message, command: CommandObject, conductor: Conductor) -> None:
    if message.from_user is None:
        return
    answer = await conductor.signup.open_game(message.chat.id, message.from_user.id, message.chat.title or "",
                                              (command.args or "").strip() or None)
    await reply(conductor, message, answer.text if answer else None)


async def stats_command(message: Message, conductor: Conductor) -> None:
    if message.from_user is not None:
        await reply(conductor, message, await conductor.table.stats(message.chat.id, message.from_user.id))


async def players_command(message: Message, conductor: Conductor) -> None:
    game = await conductor.tg.open_game(message.chat.id)
    if game is None:
        await reply(conductor, message, say(await conductor.lang(message.chat.id), "no_game"))
        return
    await reply(conductor, message, await conductor.table.players(game))


async def lang_command(message: Message, command: CommandObject, conductor: Conductor) -> None:
    chat = await conductor.chat(message.chat.id)
    wanted = (command.args or "").strip().lower()
    if wanted in ("ru", "en"):
        chat.lang = wanted
        await conductor.save_chat(chat)
    await reply(conductor, message, say(chat.lang, "lang"))


async def in_group(message: Message, conductor: Conductor) -> None:
    if message.from_user is None:
        return
    if await conductor.should_delete(message.chat.id, message.from_user.id):
        await conductor.sender.delete(message.chat.id, message.message_id)
    elif message.text:
        await conductor.discuss(message.chat.id, message.from_user.id, message.text)


def make_router() -> Router:
    """A new router each time: a router belongs to one dispatcher (the tests run several in one process)."""
    router = Router(name="group")
    router.message.filter(IN_GROUP)
    router.message.register(game_command, Command("game"))
    router.message.register(stats_command, Command("stats"))
    router.message.register(players_command, Command("players"))
    router.message.register(lang_command, Command("lang"))
    router.message.register(in_group)
    return router
