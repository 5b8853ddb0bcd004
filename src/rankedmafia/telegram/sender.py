"""Everything the bot sends goes through here: within Telegram's limits, and again after "retry_after".

Telegram allows about 30 messages a second in all, about one a second in one chat and 20 a minute in a
group. Each chat gets its own turn (a lock and the time of its last message), and all share one token
bucket; a 429 answer (TelegramRetryAfter) is waited out and the call repeated. Edits of one message that
pile up (a live vote tally) are coalesced: only the newest text is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramNetworkError, TelegramRetryAfter
from aiogram.types import InlineKeyboardMarkup, Message

log = logging.getLogger("rankedmafia.telegram")
T = TypeVar("T")
RETRIES = 6


@dataclass(frozen=True, slots=True)
class Limits:
    per_second: float = 30.0  # all chats together
    private_interval: float = 0.05  # between two messages to one person
    group_interval: float = 3.0  # between two messages to one group (20 a minute)


class Sender:
    def __init__(self, bot: Bot, limits: Limits = Limits()) -> None:
        self.bot = bot
        self.limits = limits
        self._locks: dict[int, asyncio.Lock] = {}
        self._last: dict[int, float] = {}
        self._tokens = limits.per_second
        self._filled = time.monotonic()
        self._edits: dict[tuple[int, int], tuple[str, InlineKeyboardMarkup | None]] = {}
        self._editing: set[tuple[int, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.retried = 0  # how many 429 answers were waited out (for tests and logs)

    async def _bucket(self) -> None:
        if self.limits.per_second <= 0:
            return
        while True:
            now = time.monotonic()
            self._tokens = min(self.limits.per_second, self._tokens + (now - self._filled) * self.limits.per_second)
            self._filled = now
            if self._tokens >= 1:
                self._tokens -= 1
                return
            await asyncio.sleep((1 - self._tokens) / self.limits.per_second)

    async def _in_turn(self, chat_id: int, call: Callable[[], Awaitable[T]]) -> T:
        lock = self._locks.setdefault(chat_id, asyncio.Lock())
        async with lock:
            interval = self.limits.group_interval if chat_id < 0 else self.limits.private_interval
            wait = self._last.get(chat_id, 0.0) + interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            await self._bucket()
            try:
                return await self.retrying(call)
            finally:
                self._last[chat_id] = time.monotonic()

    async def retrying(self, call: Callable[[], Awaitable[T]]) -> T:
        for attempt in range(RETRIES):
            try:
                return await call()
            except TelegramRetryAfter as error:
                self.retried += 1
                await asyncio.sleep(float(error.retry_after))
            except TelegramNetworkError:
                if attempt == RETRIES - 1:
                    raise
                await asyncio.sleep(0.2 * (attempt + 1))
        return await call()

    # --- what the bot does ------------------------------------------------------------------------
    async def send(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> Message | None:
        """Send a message in the chat's turn; None if the user has blocked the bot or the chat is gone."""
        try:
            return await self._in_turn(chat_id, lambda: self.bot.send_message(
                chat_id, text, reply_markup=markup, parse_mode="HTML", disable_web_page_preview=True))
        except (TelegramForbiddenError, TelegramBadRequest) as error:
            log.warning("cannot write to %s: %s", chat_id, error)
            return None

    async def edit_now(self, chat_id: int, message_id: int, text: str,
                       markup: InlineKeyboardMarkup | None = None) -> None:
        """Edit a message at once (the answer to a button press)."""
        try:
            await self.retrying(lambda: self.bot.edit_message_text(
                text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup, parse_mode="HTML",
                disable_web_page_preview=True))
        except TelegramBadRequest as error:
            if "not modified" not in str(error):
                log.warning("cannot edit %s/%s: %s", chat_id, message_id, error)
        except TelegramForbiddenError as error:
            log.warning("cannot edit %s/%s: %s", chat_id, message_id, error)

    def edit(self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """Edit a message in the chat's turn, keeping only the newest of the edits waiting."""
        key = (chat_id, message_id)
        self._edits[key] = (text, markup)
        if key in self._editing:
            return
        self._editing.add(key)
        task = asyncio.create_task(self._drain(key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _drain(self, key: tuple[int, int]) -> None:
        try:
            while key in self._edits:
                text, markup = self._edits.pop(key)
                await self._in_turn(key[0], self._editor(key, text, markup))
        except Exception:
            log.exception("edit of %s failed", key)
        finally:
            self._editing.discard(key)

    def _editor(self, key: tuple[int, int], text: str,
                markup: InlineKeyboardMarkup | None) -> Callable[[], Awaitable[None]]:
        return lambda: self.edit_now(key[0], key[1], text, markup)

    async def answer(self, callback_id: str, text: str | None = None, alert: bool = False) -> None:
        with contextlib.suppress(TelegramBadRequest):
            await self.retrying(lambda: self.bot.answer_callback_query(callback_id, text=text, show_alert=alert))

    async def delete(self, chat_id: int, message_id: int) -> None:
        try:
            await self.retrying(lambda: self.bot.delete_message(chat_id, message_id))
        except (TelegramBadRequest, TelegramForbiddenError) as error:
            log.warning("cannot delete %s/%s: %s", chat_id, message_id, error)

    async def kick(self, chat_id: int, user_id: int) -> None:
        """Remove from the group (a ban lifted at once, so he may come back later)."""
        try:
            await self.retrying(lambda: self.bot.ban_chat_member(chat_id, user_id))
            await self.retrying(lambda: self.bot.unban_chat_member(chat_id, user_id, only_if_banned=True))
        except (TelegramBadRequest, TelegramForbiddenError) as error:
            log.warning("cannot remove %s from %s: %s", user_id, chat_id, error)

    async def flush(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def pending(self) -> Any:
        return len(self._tasks)
