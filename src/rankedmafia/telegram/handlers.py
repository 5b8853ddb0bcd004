"""aiogram routers: the group's commands, the private chat (deep-link sign-up, the mafia's relay), buttons.

Every update is claimed once in the database before it is handled (`Dedupe`), so a redelivered update
has no second effect; a one-shot keyboard is marked pressed before it acts, so a double press has one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import Bot, Dispatcher, F, Router
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, Message, TelegramObject, Update, User

from rankedmafia.accounts.telegram import link_reply
from rankedmafia.telegram.conductor import Conductor
from rankedmafia.telegram.game_options import BadOption, parse_options
from rankedmafia.telegram.sender import ANSWER_TRIES, Sender
from rankedmafia.telegram.texts import Html, esc, say

log = logging.getLogger("rankedmafia.telegram")
GROUPS = {"group", "supergroup"}
ADMINS = {"creator", "administrator"}


def nickname(user: User) -> str:
    return " ".join(part for part in (user.first_name, user.last_name) if part) or user.username or "Игрок"


async def is_admin(sender: Sender, chat_id: int, user_id: int) -> bool:
    """Asked of Telegram in the bot's turn (it counts among its calls a second)."""
    member = await sender.call(None, lambda: sender.bot.get_chat_member(chat_id, user_id), tries=ANSWER_TRIES)
    return member.status in ADMINS


class Dedupe:
    """An outer middleware: an update already handled (Telegram redelivers) is dropped. A button's update
    is claimed in the database with the press's own writes (one transaction, see `Conductor.press`), so
    here it is only checked against those this process has seen; any other is claimed here."""

    def __init__(self, conductor: Conductor) -> None:
        self.conductor = conductor

    async def __call__(self, handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
                       event: TelegramObject, data: dict[str, Any]) -> Any:
        if isinstance(event, Update):
            if event.callback_query is not None:
                if self.conductor.tg.seen(event.update_id):
                    return None
            elif not await self.conductor.tg.claim_update(event.update_id, self.conductor.clock()):
                return None
        return await handler(event, data)


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


def build_dispatcher(conductor: Conductor) -> Dispatcher:
    dp = Dispatcher()
    dp.update.outer_middleware(Dedupe(conductor))
    router = Router(name="rankedmafia")
    group = F.chat.type.in_(GROUPS)
    private = F.chat.type == "private"

    async def reply(message: Message, text: str | None) -> None:
        """Answer in the chat (HTML): the bot's phrases as made, any plain text (a refusal) escaped once."""
        if text:
            await conductor.sender.send(message.chat.id, esc(text))

    # --- private: sign-up by deep link, help, the mafia's relay -----------------------------------
    @router.message(CommandStart(deep_link=True), private)
    async def start_link(message: Message, command: CommandObject) -> None:
        args = command.args or ""
        if message.from_user is None or not args.startswith("j"):
            return
        await reply(message, await conductor.join_prompt(message.from_user.id, args[1:], message.message_id))

    @router.message(CommandStart(), private)
    async def start_plain(message: Message) -> None:
        await reply(message, say("ru", "help"))

    @router.message(Command("help"))
    async def help_command(message: Message) -> None:
        lang = await conductor.lang(message.chat.id)
        await reply(message, say(lang, "help"))

    @router.message(Command("link"), private)
    async def link_command(message: Message, command: CommandObject) -> None:
        """`/link CODE`: this Telegram user is linked to the site's account that made the code."""
        if message.from_user is not None:
            await reply(message, await link_reply(conductor.service.store, message.from_user.id, command.args or ""))

    # --- the group's commands ---------------------------------------------------------------------
    @router.message(Command("game"), group)
    async def game_command(message: Message, command: CommandObject) -> None:
        if message.from_user is None:
            return
        answer = await conductor.open_game(message.chat.id, message.from_user.id, message.chat.title or "",
                                           (command.args or "").strip() or None)
        await reply(message, answer.text if answer else None)

    @router.message(Command("extend"), group)
    async def extend_command(message: Message, command: CommandObject, bot: Bot) -> None:
        """The sign-up (its opener or an admin), or the phase in play (an admin)."""
        game = await conductor.tg.open_game(message.chat.id)
        lang = await conductor.lang(message.chat.id)
        if game is None or message.from_user is None:
            await reply(message, say(lang, "no_game"))
            return
        opener = message.from_user.id == game.opener and game.status == "lobby"
        if not opener and not await is_admin(conductor.sender, message.chat.id, message.from_user.id):
            await reply(message, say(lang, "not_allowed" if game.status == "lobby" else "admins_only"))
            return
        seconds = int(command.args) if command.args and command.args.strip().isdigit() else None
        if game.status == "lobby":
            await reply(message, await conductor.extend(game, seconds))
        else:
            await reply(message, await conductor.table.extend(game, seconds or conductor.timing.extend))

    @router.message(Command("end"), group)
    async def end_command(message: Message) -> None:
        """An admin ends the game in play with no winner (a sign-up is cancelled with /cancel)."""
        game = await conductor.tg.open_game(message.chat.id)
        lang = await conductor.lang(message.chat.id)
        if game is None or game.status != "running" or message.from_user is None:
            await reply(message, say(lang, "no_game"))
            return
        if not await is_admin(conductor.sender, message.chat.id, message.from_user.id):
            await reply(message, say(lang, "admins_only"))
            return
        await reply(message, await conductor.table.end(game))

    @router.message(Command("stats"), group)
    async def stats_command(message: Message) -> None:
        if message.from_user is not None:
            await reply(message, await conductor.table.stats(message.chat.id, message.from_user.id))

    @router.message(Command("players"), group)
    async def players_command(message: Message) -> None:
        game = await conductor.tg.open_game(message.chat.id)
        lang = await conductor.lang(message.chat.id)
        if game is None:
            await reply(message, say(lang, "no_game"))
            return
        await reply(message, await conductor.table.players(game))

    @router.message(Command("begin"), group)
    async def begin_command(message: Message, bot: Bot) -> None:
        game = await conductor.tg.open_game(message.chat.id)
        lang = await conductor.lang(message.chat.id)
        if game is None or game.status != "lobby" or message.from_user is None:
            await reply(message, say(lang, "no_game"))
            return
        opener = message.from_user.id == game.opener
        if not opener and not await is_admin(conductor.sender, message.chat.id, message.from_user.id):
            await reply(message, say(lang, "not_allowed"))
            return
        await reply(message, await conductor.begin(game.game_id))

    @router.message(Command("cancel"), group)
    async def cancel_command(message: Message, bot: Bot) -> None:
        game = await conductor.tg.open_game(message.chat.id)
        lang = await conductor.lang(message.chat.id)
        if game is None or message.from_user is None:
            await reply(message, say(lang, "no_game"))
            return
        if not await is_admin(conductor.sender, message.chat.id, message.from_user.id):
            await reply(message, say(lang, "admins_only"))
            return
        await conductor.cancel(game)

    @router.message(Command("lang"), group)
    async def lang_command(message: Message, command: CommandObject) -> None:
        chat = await conductor.chat(message.chat.id)
        wanted = (command.args or "").strip().lower()
        if wanted in ("ru", "en"):
            chat.lang = wanted
            await conductor.save_chat(chat)
        await reply(message, say(chat.lang, "lang"))

    @router.message(Command("settings"), group)
    async def settings_command(message: Message, command: CommandObject, bot: Bot) -> None:
        chat = await conductor.chat(message.chat.id)
        lang = chat.lang
        args = (command.args or "").split()
        if args and message.from_user is not None:
            if not await is_admin(conductor.sender, message.chat.id, message.from_user.id):
                await reply(message, say(lang, "admins_only"))
                return
            problem = change_setting(chat.settings, args, lang, conductor.service.ai_agents)
            if problem is not None:
                await reply(message, problem)
                return
            await conductor.save_chat(chat)
        shown = {k: (say(lang, "on" if v else "off") if isinstance(v, bool) else v) for k, v in chat.settings.items()}
        for key in ("game", "night_seconds", "day_seconds"):
            shown[key] = shown[key] or say(lang, "by_default")
        await reply(message, say(lang, "settings", **shown))

    @router.message(Command("game", "extend", "begin", "cancel", "lang", "settings", "end", "players", "stats"),
                    private)
    async def group_only(message: Message) -> None:
        await reply(message, say("ru", "group_only"))

    # --- buttons ----------------------------------------------------------------------------------
    @router.callback_query()
    async def button(query: CallbackQuery, bot: Bot, event_update: Update) -> None:
        key_id, _, index = (query.data or "").partition(":")
        key = await conductor.tg.key(key_id) if key_id else None
        message = query.message
        if key is None or not index.isdigit() or not isinstance(message, Message):
            await conductor.sender.answer(query.id, say("ru", "stale"))
            return
        user = query.from_user

        async def admin() -> bool:
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

    # --- plain messages -----------------------------------------------------------------------------
    @router.message(private, F.text)
    async def relay(message: Message) -> None:
        if message.from_user is None or message.text is None:
            return
        await reply(message, await conductor.relay(message.from_user.id, message.text))

    @router.message(group)
    async def in_group(message: Message) -> None:
        if message.from_user is None:
            return
        if await conductor.should_delete(message.chat.id, message.from_user.id):
            await conductor.sender.delete(message.chat.id, message.message_id)
        elif message.text:
            await conductor.discuss(message.chat.id, message.from_user.id, message.text)

    dp.include_router(router)
    return dp
