"""What every router shares: the chat-type filters, the answer in the chat, the update's claim, /help."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import F, Router
from aiogram.filters import Command
from aiogram.types import Message, TelegramObject, Update, User

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.texts import esc, say

GROUPS = {"group", "supergroup"}
IN_GROUP = F.chat.type.in_(GROUPS)
IN_PRIVATE = F.chat.type == "private"


def nickname(user: User) -> str:
    return " ".join(part for part in (user.first_name, user.last_name) if part) or user.username or "Игрок"


async def reply(conductor: Conductor, message: Message, text: str | None) -> None:
    """Answer in the chat (HTML): the bot's phrases as made, any plain text (a refusal) escaped once."""
    if text:
        await conductor.sender.send(message.chat.id, esc(text))


class Dedupe:
    """An outer middleware: an update already handled (Telegram redelivers) is dropped. A button's update
    is claimed in the database with the press's own writes (one transaction, see `Conductor.press`), so
    here it is only checked against those this process has seen; any other is claimed here."""

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        conductor: Conductor = data["conductor"]
        if isinstance(event, Update):
            if event.callback_query is not None:
                if conductor.tg.seen(event.update_id):
                    return None
            elif not await conductor.tg.claim_update(event.update_id, conductor.clock()):
                return None
        return await handler(event, data)




async def help_command(message: Message, conductor: Conductor) -> None:
    await reply(conductor, message, say(await conductor.lang(message.chat.id), "help"))


def make_router() -> Router:
    """A new router each time: a router belongs to one dispatcher (the tests run several in one process)."""
    router = Router(name="common")
    router.message.register(help_command, Command("help"))
    return router
