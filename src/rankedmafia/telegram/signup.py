"""The sign-up: the group's message with its list kept current, the deep link's prompt, seats, the start,
the deadline, cancelling and extending."""

from __future__ import annotations

import contextlib
from typing import Any

from rankedmafia.accounts.telegram import telegram_banned
from rankedmafia.live.bot_seats import NO_BOTS
from rankedmafia.live.commands import end_build, start_with
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.nicknames import CLASHES as NICKNAME_CLASHES
from rankedmafia.live.nicknames import normalise as normalise_nickname
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.setup import preset
from rankedmafia.telegram import forms, outbox
from rankedmafia.telegram.common import Answer, Context, keyboard
from rankedmafia.telegram.game_options import BadOption, options_note, options_of, parse_options
from rankedmafia.telegram.outbox import Intent, Markup, key_of
from rankedmafia.telegram.store import Batch, TgGame, TgSeat
from rankedmafia.telegram.texts import Html, clock, esc, join, label, refusal, say, shown
from rankedmafia.text.roles import role_name


def signup_key(game: TgGame) -> str:
    return key_of(game.game_id, "lobby", "signup", game.chat_id)


class SignUp:
    def __init__(self, conductor: Context) -> None:
        self.c = conductor
        self._shown: dict[str, str] = {}  # the list last put on a game's sign-up message

    async def open_game(self, chat_id: int, user_id: int, title: str, args: str | None) -> Answer | None:
        """`/game [setup] [options]` (telegram/game_options.py): a bad word is answered, nothing created."""
        c = self.c
        chat = await c.chat(chat_id)
        lang = chat.lang
        if await c.tg.open_game(chat_id) is not None:
            return Answer(say(lang, "game_exists"))
        args = args or chat.settings.get("game") or None  # the group's default game (/settings game …)
        night = int(chat.settings.get("night_seconds") or 0) or c.timing.night
        day = int(chat.settings.get("day_seconds") or 0) or c.timing.day
        try:
            options = parse_options(args, lang, c.service.ai_agents)
        except BadOption as bad:
            return Answer(bad.text)
        name = options.preset
        setup = preset(name)
        try:
            game_id, _admin = await c.service.create(title or setup.title.get(lang, name), setup,
                                                     night, day, c.timing.follow_up,
                                                     bots=options.bots, ai=options.ai)
        except Refusal as error:
            return Answer(esc(refusal(error, lang)))
        now = c.clock()
        game = TgGame(game_id, chat_id, user_id, "lobby", now + c.timing.registration, None, {}, now)
        live = await c.service.get(game_id)
        join = forms.Button(label(lang, "join"), {"url": f"https://t.me/{c.username}?start=j{game_id}"})
        leave = forms.Button(label(lang, "leave"), {"do": "leave"})
        begin = forms.Button(label(lang, "begin"), {"do": "begin"})
        key, markup = keyboard(c.tg, game_id, None, [[join, leave], [begin]], {"kind": "lobby"}, once=False)
        game.progress["signup_markup"] = markup  # its edits keep the same buttons
        text = self.lobby_text(live, game, lang)
        self._shown[game_id] = text
        # Its buttons come by an edit once it is out (a copy sent twice at a crash has none to mislead).
        intents = [outbox.send(signup_key(game), game_id, chat_id, text), self.edit(game, text, markup),
                   outbox.pin(key_of(game_id, "lobby", "pin", chat_id), game_id, chat_id, signup_key(game))]
        batch = Batch(game_id, now, intents, [key])
        await c.tg.add_game(game, batch)
        c.delivery.wake([chat_id])
        return None

    def lobby_text(self, live: LiveGame, game: TgGame, lang: str) -> Html:
        setup = live.setup
        roles = ", ".join(f"{role_name(r, lang)}" + (f" ×{n}" if n > 1 else "") for r, n in setup.roles.items() if n)
        names = ", ".join(shown(live, n, lang) for n in live.names()) or label(lang, "nobody_yet")
        text = say(lang, "registration", title=live.row.title, players=setup.players, roles=roles,
                   joined=len(live.names()), names=names, deadline=clock(game.reg_deadline))
        note = options_note(options_of(live), lang)
        return join("\n\n", [text, note]) if note else text

    def edit(self, game: TgGame, text: str, markup: Markup | None) -> Intent:
        """The sign-up message's newest text (its list, or its close)."""
        return outbox.edit(signup_key(game) + "|edit", game.game_id, game.chat_id, text, markup,
                           target=signup_key(game))

    @staticmethod
    def unpin(game: TgGame) -> Intent:
        """The sign-up is over: its message is pinned no more."""
        return outbox.pin(key_of(game.game_id, "lobby", "unpin", game.chat_id), game.game_id, game.chat_id,
                          signup_key(game), pinned=False)

    async def sync(self, live: LiveGame, game: TgGame, lang: str) -> None:
        """Keep the sign-up's list current (the newest list only: edits waiting are replaced)."""
        async with live.lock:
            text = self.lobby_text(live, game, lang)
        if self._shown.get(game.game_id) == text:
            return
        self._shown[game.game_id] = text
        markup = game.progress.get("signup_markup")
        await self.c.commit(Batch(game.game_id, self.c.clock(), [self.edit(game, text, markup)]))

    async def _game(self, game_id: str) -> TgGame:
        game = await self.c.tg.game(game_id)
        if game is None:
            raise NotFound()
        return game

    async def join_prompt(self, user_id: int, game_id: str, asked: int) -> str | None:
        """A deep link's /start (message `asked`): which sex (or none), then the seat; or why not."""
        c = self.c
        game = await c.tg.game(game_id)
        lang = "ru" if game is None else await c.lang(game.chat_id)
        if game is None or game.status != "lobby":
            return say(lang, "no_such_game")
        if await c.tg.seat_of(user_id) is not None:
            return say(lang, "in_other_game")
        if await telegram_banned(c.service.store, user_id):
            return say(lang, "banned")
        live = await c.service.get(game_id)
        buttons = [forms.Button(label(lang, "sex_m"), {"sex": "m"}), forms.Button(label(lang, "sex_f"), {"sex": "f"}),
                   forms.Button(label(lang, "sex_none"), {"sex": None})]
        key, markup = keyboard(c.tg, game_id, user_id, [buttons], {"kind": "join"})
        text = say(lang, "join_prompt", title=live.row.title)
        await c.commit(Batch(game_id, c.clock(), [outbox.send(key_of(game_id, "lobby", "join", user_id, asked),
                                                               game_id, user_id, text, markup)], [key]))
        return None

    async def join(self, user_id: int, game_id: str, nickname: str, sex: str | None) -> str:
        c = self.c
        game = await self._game(game_id)
        lang = await c.lang(game.chat_id)
        if game.status != "lobby":
            return say(lang, "no_such_game")
        if await c.tg.seat_of(user_id) is not None:
            return say(lang, "in_other_game")
        if await telegram_banned(c.service.store, user_id):
            return say(lang, "banned")
        base = normalise_nickname(nickname)[:20] or "Игрок"
        for attempt in range(1, 30):
            nick = base if attempt == 1 else f"{base} {attempt}"
            try:
                _live, _token = await c.service.join(game_id, nick)
            except Refusal as error:
                if error.rule in NICKNAME_CLASHES:  # a look-alike or a vote word too: "Синий 2" is fine
                    continue
                return esc(refusal(error, lang))
            await c.tg.add_seat(TgSeat(game_id, nick, user_id, sex))
            c.nudge(game_id)
            return say(lang, "joined", nick=nick)
        return esc(refusal(Refusal("nickname_taken", name=base), lang))

    async def press(self, user_id: int, chat_id: int, message_id: int, game: TgGame, state: dict[str, Any],
                    kind: str, nickname: str, is_admin: Any, lang: str) -> Answer:
        if kind == "lobby":
            if state.get("do") == "leave":
                return await self.leave(user_id, game, lang)
            if state.get("do") != "begin":
                return Answer()
            if user_id != game.opener and not await is_admin():
                return Answer(say(lang, "not_allowed"), alert=True)
            problem = await self.begin(game.game_id)
            return Answer(problem, alert=problem is not None)
        text = await self.join(user_id, game.game_id, nickname, state.get("sex"))
        edit = outbox.edit(key_of(game.game_id, "lobby", "joined", chat_id, message_id), game.game_id, chat_id, text,
                           message_id=message_id)
        await self.c.commit(Batch(game.game_id, self.c.clock(), [edit]))
        return Answer()

    async def leave(self, user_id: int, game: TgGame, lang: str) -> Answer:
        """«Выйти из набора»: his seat is given up while the game signs up; the list shows it."""
        c = self.c
        seat = next((s for s in await c.tg.seats(game.game_id) if s.user_id == user_id), None)
        if seat is None:
            return Answer(say(lang, "not_joined"), alert=True)
        try:
            await c.service.leave(game.game_id, seat.name)
        except Refusal as error:
            return Answer(refusal(error, lang), alert=True)
        await c.tg.remove_seat(game.game_id, seat.name)
        c.nudge(game.game_id)
        return Answer(say(lang, "left"))

    async def begin(self, game_id: str) -> str | None:
        """Deal and start (the opener, an admin, or the sign-up's deadline with enough players)."""
        c = self.c
        game = await self._game(game_id)
        lang = await c.lang(game.chat_id)
        sexes = {s.name: s.sex for s in await c.tg.seats(game_id)}
        try:
            await c.service.execute(game_id, start_with(sexes))
        except (Refusal, RuleViolation, SetupError) as error:
            return refusal(error, lang)
        await c.tg.update_game(game_id, status="running")
        c.nudge(game_id)
        return None

    async def cancel(self, game: TgGame) -> None:
        c = self.c
        lang = await c.lang(game.chat_id)
        if game.status == "running":
            with contextlib.suppress(Refusal):
                await c.service.execute(game.game_id, end_build)
        await self._close(game, say(lang, "cancelled"), "cancelled")

    async def _close(self, game: TgGame, text: str, purpose: str) -> None:
        """The game is cancelled: the sign-up's message says so (if it was still open), and the group."""
        intents = [self.edit(game, text, None), self.unpin(game)] if game.status == "lobby" else []
        intents.append(outbox.send(key_of(game.game_id, "end", purpose, game.chat_id), game.game_id, game.chat_id,
                                   text))
        await self.c.commit(Batch(game.game_id, self.c.clock(), intents, game={"status": "cancelled"}))

    async def extend(self, game: TgGame, seconds: int | None = None) -> str:
        c = self.c
        lang = await c.lang(game.chat_id)
        deadline = max(game.reg_deadline or c.clock(), c.clock()) + (seconds or c.timing.extend)
        await c.tg.update_game(game.game_id, reg_deadline=deadline)
        c.nudge(game.game_id)
        return say(lang, "extended", deadline=clock(deadline))

    async def deadline(self, game: TgGame) -> None:
        """The sign-up's deadline: the game starts if the people and the AI players fill every seat, or if
        one person at least joined and bots take the seats still empty; otherwise it is cancelled."""
        live = await self.c.service.get(game.game_id)
        options = options_of(live)
        filled = len(live.names()) + len(options.ai)
        if filled >= live.setup.players or (live.names() and options.bots != NO_BOTS):
            await self.begin(game.game_id)
            return
        lang = await self.c.lang(game.chat_id)
        await self._close(game, say(lang, "too_few", joined=len(live.names()), players=live.setup.players),
                          "too_few")
