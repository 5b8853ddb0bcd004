"""The admin check, written once: an aiogram filter for the admins' commands; the buttons that need it
(the sign-up's) ask `is_admin` only when pressed by someone who is not the opener."""

from __future__ import annotations

from aiogram.filters import Filter
from aiogram.types import Message

from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.sender import ANSWER_TRIES, Sender

ADMINS = {"creator", "administrator"}


async def is_admin(sender: Sender, chat_id: int, user_id: int) -> bool:
    """Asked of Telegram in the bot's turn (it counts among its calls a second)."""
    member = await sender.call(None, lambda: sender.bot.get_chat_member(chat_id, user_id), tries=ANSWER_TRIES)
    return member.status in ADMINS


class Admin(Filter):
    """The sender is the group's admin; with `or_opener`, the opener of the group's sign-up passes too
    (he may start or extend the sign-up he opened). A message that fails it goes on to the next handler,
    which refuses it in words."""

    def __init__(self, or_opener: bool = False) -> None:
        self.or_opener = or_opener

    async def __call__(self, message: Message, conductor: Conductor) -> bool:
        if message.from_user is None:
            return False
        if self.or_opener:
            game = await conductor.tg.open_game(message.chat.id)
            if game is not None and game.status == "lobby" and game.opener == message.from_user.id:
                return True
        return await is_admin(conductor.sender, message.chat.id, message.from_user.id)
