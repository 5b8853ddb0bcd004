"""aiogram's HTTP session, lighter where the bot never reads Telegram's answer.

aiogram validates every answer into its pydantic types; for an edited message (a keyboard's next step, a
live tally) that was most of a button press's cost, and the bot never reads it. Successful answers to
those methods are taken as a bare `True` (which their return types allow), and a sent message as its id
alone (all the bot reads of it); every error is still raised by aiogram's own check (so `retry_after`
and the rest work as before).

aiogram reads every other answer as `Response[the method's type]`. pydantic keeps such parametrised models
only while somebody holds them (its cache is weak), so each answer built the model anew (its schema, about
ten milliseconds) once the last one had been collected. They are held here, one per type.
"""

from __future__ import annotations

import json
import re
import time
from http import HTTPStatus
from typing import Any

from aiogram import Bot
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.methods import (
    AnswerCallbackQuery,
    DeleteMessage,
    EditMessageReplyMarkup,
    EditMessageText,
    SendMessage,
)
from aiogram.methods.base import Response, TelegramMethod
from aiogram.types import Message

from rankedmafia.telegram import trace

OK = re.compile(r'\s*\{\s*"ok"\s*:\s*true\b')  # Telegram's success (errors carry "ok": false)
UNREAD = (EditMessageText, EditMessageReplyMarkup, AnswerCallbackQuery, DeleteMessage)
ANY_RESPONSE = Response[Any]
_RESPONSES: dict[Any, Any] = {}  # the method's type -> Response[it], held (see above)


class LeanSession(AiohttpSession):
    async def make_request(self, bot: Bot, method: TelegramMethod[Any], timeout: int | None = None) -> Any:
        if not trace.enabled or method.__api_method__ == "getUpdates":
            return await super().make_request(bot, method, timeout)
        start = time.monotonic()
        try:
            return await super().make_request(bot, method, timeout)
        finally:
            trace.event("api", getattr(method, "chat_id", None), time.monotonic() - start, method.__api_method__)

    def check_response(self, bot: Bot, method: TelegramMethod[Any], status_code: int,
                       content: str) -> Response[Any]:
        if isinstance(method, UNREAD) and status_code == HTTPStatus.OK and OK.match(content):
            return ANY_RESPONSE(ok=True, result=True)
        if isinstance(method, SendMessage) and status_code == HTTPStatus.OK and OK.match(content):
            # The bot reads only the new message's id (to edit it later): no need to validate the rest.
            result = json.loads(content)["result"]
            return ANY_RESPONSE(ok=True, result=Message.model_construct(message_id=result["message_id"]))
        returning = method.__returning__
        if returning not in _RESPONSES:
            _RESPONSES[returning] = Response[returning]  # type: ignore[valid-type]
        return super().check_response(bot, method, status_code, content)
