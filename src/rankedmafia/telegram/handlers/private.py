"""The private chat: the sign-up by deep link, help, /link to a site's account, and what a mafioso writes
(his clan's night chat)."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import Message

from rankedmafia.accounts.telegram import link_reply
from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.handlers.common import IN_PRIVATE, reply
from rankedmafia.telegram.texts import say

GROUP_COMMANDS = ("game", "extend", "begin", "cancel", "lang", "settings", "end", "players", "stats")


async def start_link(message: Message, command: CommandObject, conductor: Conductor) -> None:
    args = command.args or ""
    if message.from_user is None or not args.startswith("j"):
        return
    await reply(conductor, message, await conductor.signup.join_prompt(message.from_user.id, args[1:],
                                                                       message.message_id))


async def start_plain(message: Message, conductor: Conductor) -> None:
    await reply(conductor, message, say("ru", "help"))


async def link_command(message: Message, command: CommandObject, conductor: Conductor) -> None:
    """`/link CODE`: this Telegram user is linked to the site's account that made the code."""
    if message.from_user is not None:
        await reply(conductor, message, await link_reply(conductor.service.store, message.from_user.id,
                                                         command.args or ""))


async def group_only(message: Message, conductor: Conductor) -> None:
    await reply(conductor, message, say("ru", "group_only"))


async def relay(message: Message, conductor: Conductor) -> None:
    if message.from_user is None or message.text is None:
        return
    await reply(conductor, message, await conductor.relay(message.from_user.id, message.text))


def make_router() -> Router:
    """A new router each time: a router belongs to one dispatcher (the tests run several in one process)."""
    router = Router(name="private")
    router.message.filter(IN_PRIVATE)
    router.message.register(start_link, CommandStart(deep_link=True))
    router.message.register(start_plain, CommandStart())
    router.message.register(link_command, Command("link"))
    router.message.register(group_only, Command(*GROUP_COMMANDS))
    router.message.register(relay, F.text)
    return router
