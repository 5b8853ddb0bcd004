"""The bot's HTTP session: aiogram's Response[T] models are built once, not at every answer."""

from __future__ import annotations

import gc
import json
import weakref

from aiogram import Bot
from aiogram.methods import GetMe
from aiogram.methods.base import Response
from aiogram.types import User

from rankedmafia.telegram.session import LeanSession

from .fakeapi import TOKEN


def test_an_answers_model_outlives_the_answer() -> None:
    session = LeanSession()
    bot = Bot(TOKEN, session=session)
    answer = json.dumps({"ok": True, "result": {"id": 1, "is_bot": True, "first_name": "Bot"}})
    me = session.check_response(bot, GetMe(), 200, answer).result
    assert isinstance(me, User) and me.id == 1
    model = weakref.ref(Response[User])
    gc.collect()
    # pydantic's cache of parametrised models is weak: unheld, the model (and its schema) would be built
    # again at the next answer.
    assert model() is not None
    assert session.check_response(bot, GetMe(), 200, answer).result == me
