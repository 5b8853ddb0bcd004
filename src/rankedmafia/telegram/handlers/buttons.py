"""Every inline button: its key (who may press it, for which phase) read from the database; the press
answered at once, its next screen sent beside the answer."""

from __future__ import annotations

import asyncio

from aiogram import Router
from aiogram.types import CallbackQuery, Message, Update

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.handlers.common import nickname
from rankedmafia.telegram.handlers.filters import is_admin
from rankedmafia.telegram.texts import say


async def button(query: CallbackQuery, event_update: Update, conductor: Conductor) -> None:
    key_id, _, index = (query.data or "").partition(":")
    key = await conductor.tg.key(key_id) if key_id else None
    message = query.message
    if key is None or not index.isdigit() or not isinstance(message, Message):
        await conductor.sender.answer(query.id, say("ru", "stale"))
        return
    user = query.from_user

    async def admin() -> bool:  # asked of Telegram only if the press needs it
        return await is_admin(conductor.sender, message.chat.id, user.id)

    answer = await conductor.press(user.id, message.chat.id, message.message_id, key, int(index),
                                   nickname(user), admin, event_update.update_id)
    if answer is None:  # taken before: a redelivery
        return
    if answer.then is None:
        await conductor.sender.answer(query.id, answer.text, answer.alert)
        return
    # The answer first (the button's spinner stops), the next screen at once beside it.
    await asyncio.gather(conductor.sender.answer(query.id, answer.text, answer.alert), answer.then())


def make_router() -> Router:
    """A new router each time: a router belongs to one dispatcher (the tests run several in one process)."""
    router = Router(name="buttons")
    router.callback_query.register(button)
    return router
