"""The Bot API calls the bot makes, each in its turn (`limits.Limiter`) and repeated until Telegram answers.

A 429 answer is a schedule, not a failure: the chat waits `retry_after` and the call is made again, as
many times as it takes. A lost connection or a server error is retried with a growing pause. Only an
answer that will never change (the user blocked the bot, the chat is gone) ends a call without success.
The outbox's messages go out through `delivery.Delivery`; a command's reply and a button's answer come here
directly (they are the answer to an update, claimed once).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from aiogram import Bot
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, Message

from rankedmafia.telegram.limits import DEFAULT_LIMITS, Limiter, Limits
from rankedmafia.telegram.outbox import Markup

log = logging.getLogger("rankedmafia.telegram")
T = TypeVar("T")
ANSWER_TRIES = 6  # a button's answer is useless after Telegram's 15 seconds: it is not retried for ever
GONE = (TelegramForbiddenError, TelegramBadRequest)  # answers that will not change if asked again


@dataclass(frozen=True, slots=True)
class Posted:
    """A send's try: settled (sent, with Telegram's id; or never to go: None), or to be tried again after
    `retry` seconds (a 429's pause is the limiter's: 0 here)."""

    settled: bool
    message_id: int | None
    retry: float


def inline(markup: Markup | None) -> InlineKeyboardMarkup | None:
    if not markup:
        return None
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton.model_validate(b) for b in row]
                                                 for row in markup])


class Sender:
    def __init__(self, bot: Bot, limits: Limits = DEFAULT_LIMITS) -> None:
        self.bot = bot
        self.limiter = Limiter(limits)
        self.retried = 0  # how many 429 answers were waited out (for tests and logs)

    async def call(self, chat_id: int | None, make: Callable[[], Awaitable[T]], tries: int | None = None,
                   reserve: int = 0, share: int = 0) -> T:
        """Make the call in the chat's turn until Telegram answers it (`tries`: at most so many times;
        `reserve`: see `Limiter.wait`)."""
        attempt = 0
        while True:
            attempt += 1
            turn = await self.limiter.turn(chat_id, reserve, share)
            try:
                return await make()
            except TelegramRetryAfter as error:
                self.retried += 1
                self.limiter.pause(chat_id, float(error.retry_after))
                if tries is not None and attempt >= tries:
                    raise
            except (TelegramNetworkError, TelegramServerError):
                if tries is not None and attempt >= tries:
                    raise
                await asyncio.sleep(min(5.0, 0.2 * attempt))
            finally:
                turn.done()

    # --- the outbox's calls -----------------------------------------------------------------------
    async def post_once(self, chat_id: int, text: str, markup: Markup | None, attempt: int) -> Posted:
        """One try at sending, in a turn the caller has taken (`Limiter.take`); see `Posted`."""
        try:
            message = await self.bot.send_message(chat_id, text, reply_markup=inline(markup), parse_mode="HTML",
                                                  disable_web_page_preview=True)
        except TelegramRetryAfter as error:
            self.retried += 1
            self.limiter.pause(chat_id, float(error.retry_after))
            return Posted(False, None, 0.0)
        except (TelegramNetworkError, TelegramServerError):
            return Posted(False, None, min(5.0, 0.2 * attempt))
        except GONE as error:
            log.warning("cannot write to %s: %s", chat_id, error)
            return Posted(True, None, 0.0)
        return Posted(True, message.message_id, 0.0)

    async def change_once(self, chat_id: int, message_id: int, text: str, markup: Markup | None,
                          attempt: int) -> Posted:
        """One try at an edit, in a turn the caller has taken; settled also when Telegram says the message
        already reads so, or is gone (see `Posted`)."""
        try:
            await self.bot.edit_message_text(text=text, chat_id=chat_id, message_id=message_id,
                                             reply_markup=inline(markup), parse_mode="HTML",
                                             disable_web_page_preview=True)
        except TelegramRetryAfter as error:
            self.retried += 1
            self.limiter.pause(chat_id, float(error.retry_after))
            return Posted(False, None, 0.0)
        except (TelegramNetworkError, TelegramServerError):
            return Posted(False, None, min(5.0, 0.2 * attempt))
        except GONE as error:
            if "not modified" not in str(error):
                log.warning("cannot edit %s/%s: %s", chat_id, message_id, error)
        return Posted(True, message_id, 0.0)

    async def change(self, chat_id: int, message_id: int, text: str, markup: Markup | None = None,
                     reserve: int = 0, share: int = 0) -> None:
        """Edit; done also when Telegram says the message already reads so, or is gone."""
        try:
            await self.call(chat_id, lambda: self.bot.edit_message_text(
                text=text, chat_id=chat_id, message_id=message_id, reply_markup=inline(markup), parse_mode="HTML",
                disable_web_page_preview=True), reserve=reserve, share=share)
        except GONE as error:
            if "not modified" not in str(error):
                log.warning("cannot edit %s/%s: %s", chat_id, message_id, error)

    async def pin(self, chat_id: int, message_id: int, pinned: bool) -> None:
        """Pin (quietly) or unpin a message; a group where the bot may not pin keeps its messages as they are."""
        try:
            if pinned:
                await self.call(chat_id, lambda: self.bot.pin_chat_message(chat_id, message_id,
                                                                           disable_notification=True))
            else:
                await self.call(chat_id, lambda: self.bot.unpin_chat_message(chat_id, message_id=message_id))
        except GONE as error:
            log.info("cannot pin in %s: %s", chat_id, error)

    async def kick(self, chat_id: int, user_id: int) -> None:
        """Remove from the group (a ban lifted at once, so he may come back later)."""
        try:
            await self.call(None, lambda: self.bot.ban_chat_member(chat_id, user_id))
            await self.call(None, lambda: self.bot.unban_chat_member(chat_id, user_id, only_if_banned=True))
        except GONE as error:
            log.warning("cannot remove %s from %s: %s", user_id, chat_id, error)

    # --- answers to an update ---------------------------------------------------------------------
    async def send(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> Message | None:
        """A command's reply; None if the user has blocked the bot or the chat is gone."""
        try:
            return await self.call(chat_id, lambda: self.bot.send_message(
                chat_id, text, reply_markup=markup, parse_mode="HTML", disable_web_page_preview=True))
        except GONE as error:
            log.warning("cannot write to %s: %s", chat_id, error)
            return None

    async def answer(self, callback_id: str, text: str | None = None, alert: bool = False) -> None:
        with contextlib.suppress(TelegramBadRequest, TelegramRetryAfter, TelegramNetworkError, TelegramServerError):
            await self.call(None, lambda: self.bot.answer_callback_query(callback_id, text=text, show_alert=alert),
                            tries=ANSWER_TRIES)

    async def delete(self, chat_id: int, message_id: int) -> None:
        try:
            await self.call(None, lambda: self.bot.delete_message(chat_id, message_id), tries=ANSWER_TRIES)
        except (*GONE, TelegramRetryAfter, TelegramNetworkError, TelegramServerError) as error:
            log.warning("cannot delete %s/%s: %s", chat_id, message_id, error)
