"""Running games in Telegram groups on the shared game service: sign-up, role cards, night keyboards, the
reanimator's step, the day's vote with its live tally, summaries, reminders, the end.

Every change goes through `GameService` (the same log, deadlines and follow-up steps as the web). After
each change the hub nudges `sync`, which posts what the change brings, built from each reader's own view
(`game.view`) or from public events alone for the group. What has been posted is kept with the game
(`progress`), so a restarted bot neither repeats nor skips a summary, and resumes every running game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from rankedmafia.accounts.telegram import telegram_banned
from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.live_game import LiveGame, public_votes, vote_counts
from rankedmafia.live.nicknames import CLASHES as NICKNAME_CLASHES
from rankedmafia.live.nicknames import normalise as normalise_nickname
from rankedmafia.live.posts import add_post
from rankedmafia.live.service import (
    GameService,
    Outcome,
    act_build,
    end_build,
    pass_build,
    start_with,
    vote_build,
    withdraw_build,
)
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.setup import preset, preset_names
from rankedmafia.telegram import forms
from rankedmafia.telegram.sender import Sender
from rankedmafia.telegram.store import AlreadyTaken, ChatRow, Key, Taken, TgGame, TgSeat, TgStore
from rankedmafia.telegram.texts import (
    Html,
    clock,
    esc,
    game_over,
    heading,
    join,
    kicked_text,
    label,
    plain,
    refusal,
    say,
)
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name, side_name

log = logging.getLogger("rankedmafia.telegram")


@dataclass(frozen=True, slots=True)
class Timing:
    registration: int = 300
    extend: int = 120
    night: int = 120
    day: int = 300
    follow_up: int = 60


@dataclass(slots=True)
class Answer:
    """What a button press or command gets back: a short notice, maybe as an alert; and what follows it
    (`then`: the pressed message's next screen), sent once the press has been answered."""

    text: str | None = None
    alert: bool = False
    then: Callable[[], Awaitable[None]] | None = None


@dataclass(slots=True)
class Post:
    chat_id: int
    text: Html
    rows: list[list[forms.Button]] = field(default_factory=list)
    key: dict[str, Any] = field(default_factory=dict)  # the keyboard's own data (phase, seat, kind)
    user_id: int | None = None  # whose buttons (None: anyone, e.g. the vote)
    once: bool = True
    remember: str | None = None  # progress key to store the sent message's id under


def keyboard(rows: list[list[forms.Button]], key: str) -> InlineKeyboardMarkup:
    """The buttons, each carrying only `key:index` (or its link)."""
    out, i = [], 0
    for row in rows:
        line = []
        for button in row:
            if "url" in button.state:
                line.append(InlineKeyboardButton(text=button.label, url=button.state["url"]))
            else:
                line.append(InlineKeyboardButton(text=button.label, callback_data=f"{key}:{i}"))
            i += 1
        out.append(line)
    return InlineKeyboardMarkup(inline_keyboard=out)


def phase_key(live: LiveGame) -> str:
    game = live.game
    return "" if game is None else f"{game.phase.kind.value}{game.phase.number}"


class Conductor:
    def __init__(self, service: GameService, tg: TgStore, sender: Sender, username: str,
                 web_url: str = "http://127.0.0.1:8000", timing: Timing = Timing(),
                 clock: Callable[[], float] = time.time) -> None:
        self.service = service
        self.tg = tg
        self.sender = sender
        self.username = username
        self.web_url = web_url.rstrip("/")
        self.timing = timing
        self.clock = clock
        self._locks: dict[str, asyncio.Lock] = {}
        self._dirty: set[str] = set()
        self._running: dict[str, asyncio.Task[None]] = {}
        self._chats: dict[int, ChatRow] = {}
        self._games: dict[str, TgGame] = {}
        self._seats: dict[str, list[TgSeat]] = {}
        self._tally: dict[str, str] = {}  # the text last put on a game's sign-up or vote message
        self._markups: dict[str, InlineKeyboardMarkup] = {}  # the buttons under it
        service.hub.listen(self.nudge)

    # --- helpers ----------------------------------------------------------------------------------
    async def chat(self, chat_id: int) -> ChatRow:
        found = self._chats.get(chat_id)
        if found is None:
            found = self._chats[chat_id] = await self.tg.chat(chat_id)
        return found

    async def save_chat(self, chat: ChatRow) -> None:
        self._chats[chat.chat_id] = chat
        await self.tg.save_chat(chat)

    async def lang(self, chat_id: int) -> str:
        return (await self.chat(chat_id)).lang

    def link(self, game_id: str) -> str:
        return f"{self.web_url}/g/{game_id}"

    async def markup(self, post: Post, game_id: str) -> InlineKeyboardMarkup | None:
        """Store the keyboard's states behind an opaque key; the buttons carry only `key:index`."""
        key = self.new_key(post, game_id)
        if key is None:
            return None
        await self.tg.take(Taken(keys=[key], at=self.clock()))
        return keyboard(post.rows, key.id)

    def new_key(self, post: Post, game_id: str) -> Key | None:
        """The key a post's keyboard will be stored under (None: it has no buttons)."""
        if not post.rows:
            return None
        states = [b.state for row in post.rows for b in row]
        return self.tg.new_key(game_id, post.user_id, {**post.key, "once": post.once, "buttons": states})

    async def deliver(self, game_id: str, post: Post) -> int | None:
        markup = await self.markup(post, game_id)
        message = await self.sender.send(post.chat_id, post.text, markup)
        if post.remember is not None and markup is not None:
            self._markups[game_id] = markup  # an edit without it would take the buttons away
        return None if message is None else message.message_id

    def nudge(self, game_id: str) -> None:
        """The hub's callback: the game changed; post what it brings (once at a time per game)."""
        self._dirty.add(game_id)
        if game_id in self._running:
            return
        self._running[game_id] = asyncio.get_running_loop().create_task(self._sync_loop(game_id))

    async def _sync_loop(self, game_id: str) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    await self.sync(game_id)
                except Exception:
                    log.exception("posting for %s failed", game_id)
        finally:
            self._running.pop(game_id, None)

    async def idle(self) -> None:
        """Wait until every nudge has been posted (tests and shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    # --- sign-up ----------------------------------------------------------------------------------
    async def open_game(self, chat_id: int, user_id: int, title: str, preset_name: str | None) -> Answer | None:
        lang = await self.lang(chat_id)
        if await self.tg.open_game(chat_id) is not None:
            return Answer(say(lang, "game_exists"))
        name = preset_name or "classic-12"
        if name not in preset_names():
            return Answer(say(lang, "unknown_preset", name=name, choices=", ".join(preset_names())))
        setup = preset(name)
        game_id, _admin = await self.service.create(title or setup.title.get(lang, name), setup,
                                                    self.timing.night, self.timing.day, self.timing.follow_up)
        now = self.clock()
        game = TgGame(game_id, chat_id, user_id, "lobby", now + self.timing.registration, None, {}, now)
        await self.tg.add_game(game)
        live = await self.service.get(game_id)
        message = await self.sender.send(chat_id, self.lobby_text(live, game, lang), await self.lobby_markup(live))
        if message is not None:
            await self.tg.update_game(game_id, reg_message=message.message_id)
        return None

    def lobby_text(self, live: LiveGame, game: TgGame, lang: str) -> str:
        setup = live.setup
        roles = ", ".join(f"{role_name(r, lang)}" + (f" ×{n}" if n > 1 else "") for r, n in setup.roles.items() if n)
        names = ", ".join(live.nickname(n) for n in live.names()) or label(lang, "nobody_yet")
        return say(lang, "registration", title=live.row.title, players=setup.players, roles=roles,
                   joined=len(live.names()), names=names, deadline=clock(game.reg_deadline))

    async def lobby_markup(self, live: LiveGame) -> InlineKeyboardMarkup:
        lang = await self.lang((await self._tg_game(live.id)).chat_id)
        join = forms.Button(label(lang, "join"), {"url": f"https://t.me/{self.username}?start=j{live.id}"})
        begin = forms.Button(label(lang, "begin"), {"do": "begin"})
        markup = await self.markup(Post(0, Html(""), [[join], [begin]], {"kind": "lobby"}, once=False), live.id)
        assert markup is not None
        return markup

    async def seats_of(self, game_id: str, fixed: bool) -> list[TgSeat]:
        """A game's seats; remembered once the game runs (nobody joins then; the count of misses read from
        here is only for the house rule, which writes its own)."""
        found = self._seats.get(game_id)
        if found is None:
            found = await self.tg.seats(game_id)
            if fixed:
                self._seats[game_id] = found
        return found

    async def _tg_game(self, game_id: str) -> TgGame:
        game = await self.tg.game(game_id)
        if game is None:
            raise NotFound()
        return game

    async def join_prompt(self, user_id: int, game_id: str) -> tuple[str, Post | None]:
        """A deep link's /start: which sex (or none), then the seat."""
        game = await self.tg.game(game_id)
        lang = "ru" if game is None else await self.lang(game.chat_id)
        if game is None or game.status != "lobby":
            return say(lang, "no_such_game"), None
        if await self.tg.seat_of(user_id) is not None:
            return say(lang, "in_other_game"), None
        if await telegram_banned(self.service.store, user_id):
            return say(lang, "banned"), None
        live = await self.service.get(game_id)
        buttons = [forms.Button(label(lang, "sex_m"), {"sex": "m"}), forms.Button(label(lang, "sex_f"), {"sex": "f"}),
                   forms.Button(label(lang, "sex_none"), {"sex": None})]
        return "", Post(user_id, say(lang, "join_prompt", title=live.row.title), [buttons],
                        {"kind": "join"}, user_id=user_id)

    async def join(self, user_id: int, game_id: str, nickname: str, sex: str | None) -> str:
        game = await self._tg_game(game_id)
        lang = await self.lang(game.chat_id)
        if game.status != "lobby":
            return say(lang, "no_such_game")
        if await self.tg.seat_of(user_id) is not None:
            return say(lang, "in_other_game")
        if await telegram_banned(self.service.store, user_id):
            return say(lang, "banned")
        base = normalise_nickname(nickname)[:20] or "Игрок"
        for attempt in range(1, 30):
            nick = base if attempt == 1 else f"{base} {attempt}"
            try:
                _live, _token = await self.service.join(game_id, nick)
            except Refusal as error:
                if error.rule in NICKNAME_CLASHES:  # a look-alike or a vote word too: "Синий 2" is fine
                    continue
                return esc(refusal(error, lang))
            await self.tg.add_seat(TgSeat(game_id, nick, user_id, sex))
            self.nudge(game_id)
            return say(lang, "joined", nick=nick)
        return esc(refusal(Refusal("nickname_taken", name=base), lang))

    async def begin(self, game_id: str) -> str | None:
        """Deal and start (the opener, an admin, or the sign-up's deadline with enough players)."""
        game = await self._tg_game(game_id)
        lang = await self.lang(game.chat_id)
        sexes = {s.name: s.sex for s in await self.tg.seats(game_id)}
        try:
            await self.service.execute(game_id, start_with(sexes))
        except (Refusal, RuleViolation, SetupError) as error:
            return refusal(error, lang)
        await self.tg.update_game(game_id, status="running")
        self.nudge(game_id)
        return None

    async def cancel(self, game: TgGame) -> None:
        lang = await self.lang(game.chat_id)
        if game.status == "running":
            with contextlib.suppress(Refusal):
                await self.service.execute(game.game_id, end_build)
        await self.tg.update_game(game.game_id, status="cancelled")
        if game.reg_message is not None and game.status == "lobby":
            self.sender.edit(game.chat_id, game.reg_message, say(lang, "cancelled"))
        await self.sender.send(game.chat_id, say(lang, "cancelled"))

    async def extend(self, game: TgGame, seconds: int | None = None) -> str:
        lang = await self.lang(game.chat_id)
        deadline = max(game.reg_deadline or self.clock(), self.clock()) + (seconds or self.timing.extend)
        await self.tg.update_game(game.game_id, reg_deadline=deadline)
        self.nudge(game.game_id)
        return say(lang, "extended", deadline=clock(deadline))

    # --- presses ----------------------------------------------------------------------------------
    async def press(self, user_id: int, chat_id: int, message_id: int, key: Key, index: int,
                    nickname: str, is_admin: Callable[[], Any], update_id: int | None = None) -> Answer | None:
        """A button: checked for its owner and its phase, taken once, then acted on. None: the update, or
        the one-shot keyboard, was taken before (by another process): nothing is done, nothing answered."""
        try:
            return await self._press(user_id, chat_id, message_id, key, index, nickname, is_admin, update_id)
        except AlreadyTaken as taken:
            if taken.what == "key":
                lang = (await self.chat(self._games[key.game_id].chat_id)).lang if key.game_id in self._games else "ru"
                return Answer(say(lang, "already"))
            return None

    async def _press(self, user_id: int, chat_id: int, message_id: int, key: Key, index: int,
                     nickname: str, is_admin: Callable[[], Any], update_id: int | None) -> Answer:
        buttons = key.data.get("buttons", [])
        kind = key.data.get("kind")
        game = self._games.get(key.game_id) if kind in ("night", "vote") else None
        if game is None:
            game = await self.tg.game(key.game_id)
            if game is not None:
                self._games[key.game_id] = game  # its group and opener do not change
        lang = "ru" if game is None else await self.lang(game.chat_id)
        if game is None or not 0 <= index < len(buttons):
            return Answer(say(lang, "stale"))
        if key.user_id is not None and key.user_id != user_id:
            return Answer(say(lang, "not_yours"), alert=True)
        state: dict[str, Any] = buttons[index]
        if kind == "vote":
            return await self.vote(user_id, game, key, state, lang, update_id)
        once = bool(key.data.get("once"))
        if once and not self.tg.take_key(key):
            return Answer(say(lang, "already"))
        taken = Taken(update_id, key.id if once else None, at=self.clock())
        if kind == "night":
            return await self.night_press(user_id, chat_id, message_id, game, key, state, lang, taken)
        await self.tg.take(taken)  # the sign-up's presses: taken first, as they are few
        if kind == "lobby":
            if state.get("do") != "begin":
                return Answer()
            if user_id != game.opener and not await is_admin():
                return Answer(say(lang, "not_allowed"), alert=True)
            problem = await self.begin(game.game_id)
            return Answer(problem, alert=problem is not None)
        if kind == "join":
            text = await self.join(user_id, game.game_id, nickname, state.get("sex"))
            return Answer(then=lambda: self.sender.edit_now(chat_id, message_id, text))
        return Answer(say(lang, "stale"))

    async def night_press(self, user_id: int, chat_id: int, message_id: int, game: TgGame, key: Key,
                          state: dict[str, Any], lang: str, taken: Taken) -> Answer:
        """A step of the night's form. Its writes (the update, the keyboard pressed, the next keyboard) are
        one transaction, the command's own if it sends one; the answer goes first, then the next screen,
        drawn under the game's lock right after the command."""
        name, phase = key.data["seat"], key.data["phase"]
        live = await self.service.get(game.game_id)
        if phase_key(live) != phase or live.status != "running":
            stale = say(lang, "stale")
            return Answer(stale, then=lambda: self.sender.edit_now(chat_id, message_id, stale))
        op = state.get("do")
        after: dict[str, Any] = {} if op in ("send", "withdraw") else state
        drawn: list[forms.Screen | None] = [None]

        def draw(live: LiveGame) -> None:
            moved = phase_key(live) != phase or live.status != "running"
            screen = None if moved or op == "pass" else forms.night_screen(live, name, after, lang)
            drawn[0] = screen
            key = None if screen is None else self.new_key(
                Post(chat_id, Html(""), screen.rows, {"kind": "night", "phase": phase, "seat": name}, user_id=user_id),
                game.game_id)
            taken.keys = [] if key is None else [key]

        answer, committed = Answer(), False
        if op in ("send", "withdraw", "pass"):
            if op == "send":
                action, targets, option, detail, extra = forms.to_submit(state)
                build = act_build(name, action, targets, option, detail, **extra)
            else:
                build = withdraw_build(name) if op == "withdraw" else pass_build(name)

            def then_draw(live: LiveGame, now: float) -> Outcome:
                outcome = build(live, now)
                try:  # the command is applied: nothing may raise now (it would not be written)
                    draw(live)
                except Exception:
                    log.exception("drawing %s's next screen failed", name)
                    drawn[0], taken.keys = None, []
                return outcome

            try:
                _live, outcome = await self.service.execute(game.game_id, then_draw, also=taken)
                committed = bool(outcome.entries)  # the writes went with the command's entries
                answer = Answer(say(lang, "changed" if op == "withdraw" else "passed") if op != "send" else None)
            except (Refusal, RuleViolation) as error:
                answer, after, op = Answer(refusal(error, lang), alert=True), {}, None
        if not committed:  # no command, or a refused one: the writes alone
            live = await self.service.get(game.game_id)
            async with live.lock:
                draw(live)
            await self.tg.take(taken)
        else:
            self.tg.taken(taken)
        screen = drawn[0]
        if screen is not None:
            markup = keyboard(screen.rows, taken.keys[0].id) if taken.keys else None
            answer.then = lambda: self.sender.edit_now(chat_id, message_id, screen.text, markup)
        elif op == "send":  # his action ended the night: its buttons go, what he sent stays
            text = say(lang, "sent", summary=forms.summary(state, lang, forms.sexes(live)))
            answer.then = lambda: self.sender.edit_now(chat_id, message_id, text)
        elif op == "pass":
            answer.then = lambda: self.sender.edit_now(chat_id, message_id, say(lang, "passed"))
        else:
            answer.then = lambda: self.sender.edit_now(chat_id, message_id, say(lang, "stale"))
        return answer

    async def vote(self, user_id: int, game: TgGame, key: Key, state: dict[str, Any], lang: str,
                   update_id: int | None = None) -> Answer:
        seat = next((s for s in await self.seats_of(game.game_id, True) if s.user_id == user_id), None)
        if seat is None:
            return Answer(say(lang, "stranger"), alert=True)
        live = await self.service.get(game.game_id)
        if phase_key(live) != key.data.get("phase"):
            return Answer(say(lang, "stale"))
        choice = state.get("v")
        if not isinstance(choice, str):
            return Answer(say(lang, "stale"))
        taken = Taken(update_id, at=self.clock())
        try:
            _live, outcome = await self.service.execute(game.game_id, vote_build(seat.name, choice), also=taken)
        except (Refusal, RuleViolation) as error:
            return Answer(refusal(error, lang), alert=True)
        if not outcome.entries and update_id is not None:  # the same vote again: the update is still claimed
            await self.tg.take(taken)
        shown = label(lang, "blue") if choice == BLUE else live.nickname(choice)
        return Answer(label(lang, "voted", choice=shown))

    # --- the mafia's night chat -------------------------------------------------------------------
    async def relay(self, user_id: int, text: str) -> str | None:
        """What a mafioso writes to the bot reaches his clan (through the game's clan chat)."""
        seat = await self.tg.seat_of(user_id)
        if seat is None:
            return say("ru", "not_playing")
        game = await self._tg_game(seat.game_id)
        lang = await self.lang(game.chat_id)
        live = await self.service.get(seat.game_id)
        if live.game is None:
            return say(lang, "joined", nick=seat.name)
        async with live.lock:
            clans = live.game.view(seat.name).clans
            if not clans:
                return say(lang, "no_clan")
            clan = clans[0]
            seats = await self.tg.seats(seat.game_id)
            readers = [s for s in seats if s.name != seat.name and live.game.state.player(s.name).alive
                       and clan in live.game.view(s.name).clans]
        try:
            await add_post(self.service, live, seat.name, "clan", text, clan)
        except Refusal as error:
            return refusal(error, lang)
        line = say(lang, "clan_says", nick=live.nickname(seat.name), text=text)
        await asyncio.gather(*(self.sender.send(s.user_id, line) for s in readers))
        return None

    # --- posting what a change brings -------------------------------------------------------------
    async def sync(self, game_id: str) -> None:
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            game = await self.tg.game(game_id)
            if game is None or game.status == "cancelled":
                return
            lang = await self.lang(game.chat_id)
            live = await self.service.get(game_id)
            seats = {s.name: s for s in await self.seats_of(game_id, live.status != "lobby")}
            progress = dict(game.progress)
            if live.status == "lobby" or live.game is None:
                await self._sync_lobby(live, game, lang)
                return
            async with live.lock:
                group, private, closing = self._plan(live, game, seats, progress, lang)
            await self._send(game, group, private, progress)
            for chat_id, message_id, text in closing:
                self.sender.edit(chat_id, message_id, text)
            await self._misses(live, game, seats, progress, lang)
            status = "over" if progress.get("over") else "running"
            if progress != game.progress or status != game.status:
                await self.tg.update_game(game_id, progress=progress, status=status)
            await self._tally_edit(live, game, progress, lang)

    async def _sync_lobby(self, live: LiveGame, game: TgGame, lang: str) -> None:
        if game.reg_message is None:
            return
        async with live.lock:
            text = self.lobby_text(live, game, lang)
        if self._tally.get(game.game_id) != text:
            self._tally[game.game_id] = text
            markup = self._markups.get(game.game_id)
            if markup is None:
                markup = self._markups[game.game_id] = await self.lobby_markup(live)
            self.sender.edit(game.chat_id, game.reg_message, text, markup)

    def _plan(self, live: LiveGame, game: TgGame, seats: dict[str, TgSeat], progress: dict[str, Any],
              lang: str) -> tuple[list[Post], dict[str, list[Post]], list[tuple[int, int, str]]]:
        """What to post now, from the game as it stands (under its lock): group posts, each player's posts,
        and messages to close (a finished sign-up, a finished vote)."""
        g = live.game
        assert g is not None
        renderer = forms.renderer(live, lang)
        group: list[Post] = []
        private: dict[str, list[Post]] = {name: [] for name in seats}
        closing: list[tuple[int, int, str]] = []
        if not progress.get("cards"):
            if game.reg_message is not None:
                closing.append((game.chat_id, game.reg_message, self.lobby_text(live, game, lang)))
            group.append(Post(game.chat_id, say(lang, "started", link=self.link(game.game_id))))
            for name in seats:
                private[name].append(Post(seats[name].user_id, self.card(live, name, lang)))
            progress["cards"] = True
        done = int(progress.get("results", 0))
        for result in g.results[done:]:
            kind, number = result.phase.kind.value, result.phase.number
            public = [e for e in result.events if e.get("to") is None]
            said = renderer.public(kind, [e for e in public if e["type"] != "victory"])  # the end has its own message
            group.append(Post(game.chat_id, join("\n", [heading(renderer.say(f"{kind}_title", number=number)), *said])))
            if kind == "day" and progress.get("vote_msg"):
                self._markups.pop(game.game_id, None)
                closing.append((game.chat_id, int(progress["vote_msg"]),
                                say(lang, "vote_closed", n=number, tally=self._tally_lines(live, lang, final=public))))
                progress.pop("vote_msg", None)
            for name in seats:
                for line in self.private_lines(live, name, kind, number, lang):
                    private[name].append(Post(seats[name].user_id, esc(line)))
            done += 1
        progress["results"] = done
        if g.over or live.status == "over":
            if not progress.get("over"):
                group.append(Post(game.chat_id, self.final_text(live, lang)))
                progress["over"] = True
            return group, private, closing
        key = phase_key(live)
        if g.phase.kind is PhaseKind.NIGHT and progress.get("night") != key:
            group.append(Post(game.chat_id, say(lang, "night", n=g.phase.number, deadline=clock(live.deadline))))
            panels = []
            for name in seats:
                if forms.choices_now(live, name) or (g.view(name).sent or {}).get("action"):
                    private[name].append(self._panel(live, name, seats[name].user_id, key, lang))
                    panels.append(name)
            progress["night"] = key
            progress.setdefault("panels", {})[key] = panels
        step = live.asked()  # the Game's follow-up step asks one player at a time: each gets his panel
        if g.phase.kind is PhaseKind.NIGHT and step is not None and progress.get("asked") != f"{key}:{step.player}":
            if step.player in seats:
                private[step.player].append(self._panel(live, step.player, seats[step.player].user_id, key, lang))
            progress["asked"] = f"{key}:{step.player}"
        if g.phase.kind is PhaseKind.DAY and progress.get("day") != key:
            group.append(Post(game.chat_id, say(lang, "day", n=g.phase.number, deadline=clock(live.deadline))))
            alive = g.alive()
            buttons = [forms.Button(plain(live.nickname(n)), {"v": n}) for n in alive]
            buttons.append(forms.Button(label(lang, "blue"), {"v": BLUE}))
            text = self.vote_text(live, lang)
            self._tally[game.game_id] = text
            group.append(Post(game.chat_id, text, forms.rows(buttons), {"kind": "vote", "phase": key},
                              once=False, remember="vote_msg"))
            progress["day"] = key
            progress.setdefault("panels", {})[key] = alive
        return group, private, closing

    def _panel(self, live: LiveGame, name: str, user_id: int, key: str, lang: str) -> Post:
        screen = forms.night_screen(live, name, {}, lang)
        return Post(user_id, screen.text, screen.rows, {"kind": "night", "phase": key, "seat": name},
                    user_id=user_id)

    async def _send(self, game: TgGame, group: list[Post], private: dict[str, list[Post]],
                    progress: dict[str, Any]) -> None:
        async def to_group() -> None:
            for post in group:
                sent = await self.deliver(game.game_id, post)
                if post.remember and sent is not None:
                    progress[post.remember] = sent

        async def to_player(posts: list[Post]) -> None:
            for post in posts:
                await self.deliver(game.game_id, post)

        await asyncio.gather(to_group(), *(to_player(p) for p in private.values() if p))

    # --- texts built from views -------------------------------------------------------------------
    def card(self, live: LiveGame, name: str, lang: str) -> Html:
        """The role card: his role as he is told it, its rules in plain words, his clan."""
        assert live.game is not None
        view = live.game.view(name)
        lines = [say(lang, "card", role=role_name(view.role, lang), about=role_rules(view.role, lang))]
        if view.clan:
            members = ", ".join(f"{live.nickname(n)} ({role_name(r, lang)})" for n, r in view.clan.items())
            lines.append(say(lang, "card_clan", members=members))
        if view.boss:
            lines.append(say(lang, "card_boss", boss=live.nickname(view.boss)))
        if view.side:
            lines.append(say(lang, "card_detective", side=side_name(view.side, lang),
                             quarry=role_name(view.quarry, lang) if view.quarry else "—"))
        return join("\n\n", lines)

    @staticmethod
    def private_lines(live: LiveGame, name: str, kind: str, number: int, lang: str) -> list[str]:
        """His own results of a finished phase: the info entries and private events of his view."""
        assert live.game is not None
        view = live.game.view(name)
        renderer = forms.renderer(live, lang)
        out = []
        for event in view.log:
            to = event.get("to")
            if to is None or event["phase"] != kind or event["number"] != number:
                continue
            if event.get("type") == "info":
                out.append(renderer.info_line(event))
            else:
                clans = {to[5:]: [name]} if isinstance(to, str) and to.startswith("clan:") else {}
                out.extend(renderer.private([], [event], clans).get(name, []))
        return out

    def _tally_lines(self, live: LiveGame, lang: str, final: list[dict[str, Any]] | None = None) -> Html:
        game = live.game
        assert game is not None
        votes = public_votes(game)
        counts = vote_counts(game)
        if final is not None:
            votes = next((dict(e["votes"]) for e in final if e["type"] == "votes"), {})
            counts = {}
            for choice in votes.values():
                counts[choice] = counts.get(choice, 0) + 1
        if not counts:
            return say(lang, "no_votes_yet")
        lines = []
        for choice, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            voters = ", ".join(live.nickname(v) for v, c in votes.items() if c == choice)
            shown = label(lang, "blue") if choice == BLUE else live.nickname(choice)
            lines.append(say(lang, "vote_line", choice=shown, count=count, voters=voters))
        return join("\n", lines)

    def vote_text(self, live: LiveGame, lang: str) -> Html:
        """The day's vote, counted by heads (weights are secret; a silenced vote weighs nothing, unseen)."""
        game = live.game
        assert game is not None
        alive = len(game.alive())
        return say(lang, "vote", n=game.phase.number, tally=self._tally_lines(live, lang),
                   voted=len(public_votes(game)), alive=alive, need=alive // 2 + 1, deadline=clock(live.deadline))

    async def _tally_edit(self, live: LiveGame, game: TgGame, progress: dict[str, Any], lang: str) -> None:
        message_id = progress.get("vote_msg")
        if message_id is None or live.game is None or live.game.phase.kind is not PhaseKind.DAY:
            return
        async with live.lock:
            if phase_key(live) != progress.get("day"):
                return
            text = self.vote_text(live, lang)
        if self._tally.get(game.game_id) == text:
            return
        self._tally[game.game_id] = text
        markup = self._markups.get(game.game_id)
        if markup is None:  # after a restart: the same buttons behind a new key
            async with live.lock:
                buttons = [forms.Button(plain(live.nickname(n)), {"v": n}) for n in live.game.alive()]
            buttons.append(forms.Button(label(lang, "blue"), {"v": BLUE}))
            markup = await self.markup(Post(game.chat_id, Html(""), forms.rows(buttons),
                                            {"kind": "vote", "phase": progress.get("day")}, once=False), game.game_id)
            assert markup is not None
            self._markups[game.game_id] = markup
        self.sender.edit(game.chat_id, int(message_id), text, markup)

    def final_text(self, live: LiveGame, lang: str) -> Html:
        assert live.game is not None
        return game_over(live.game, live.nickname, self.link(live.id), lang)

    # --- the clock: the service's deadlines, the sign-up's, reminders -----------------------------
    async def tick(self) -> None:
        await self.service.tick()
        now = self.clock()
        for game in await self.tg.open_games():
            try:
                if game.status == "lobby" and game.reg_deadline is not None and game.reg_deadline <= now:
                    await self._registration_over(game)
                elif game.status == "running":
                    await self._remind(game, now)
                    if not game.progress.get("cards"):
                        self.nudge(game.game_id)
            except Exception:
                log.exception("the clock of %s failed", game.game_id)

    async def resume(self) -> None:
        """On start: post whatever every open game is owed (a restart neither repeats nor skips)."""
        for game in await self.tg.games():
            self.nudge(game.game_id)

    async def _registration_over(self, game: TgGame) -> None:
        live = await self.service.get(game.game_id)
        lang = await self.lang(game.chat_id)
        if len(live.names()) >= live.setup.players:
            await self.begin(game.game_id)
            return
        await self.tg.update_game(game.game_id, status="cancelled")
        text = say(lang, "too_few", joined=len(live.names()), players=live.setup.players)
        if game.reg_message is not None:
            self.sender.edit(game.chat_id, game.reg_message, text)
        await self.sender.send(game.chat_id, text)

    async def _remind(self, game: TgGame, now: float) -> None:
        live = await self.service.get(game.game_id)
        g = live.game
        if g is None or live.status != "running" or live.deadline is None or live.following:
            return
        key = phase_key(live)
        if game.progress.get("reminded") == key or game.progress.get("results", 0) != len(g.results):
            return
        duration = live.duration(g.phase.kind)
        left = live.deadline - now
        if left > min(duration / 4, 300) or left <= 0:
            return
        lang = await self.lang(game.chat_id)
        seats = {s.name: s for s in await self.tg.seats(game.game_id)}
        shown = say(lang, "seconds", n=int(left))
        async with live.lock:
            if g.phase.kind is PhaseKind.NIGHT:
                late = [n for n in g.awaiting() if n in seats]
                posts = [(seats[n].user_id, say(lang, "remind_night", left=shown)) for n in late]
            else:
                missing = [live.nickname(n) for n in g.alive() if n not in g.votes()]
                posts = [(game.chat_id, say(lang, "remind_day", left=shown, names=", ".join(missing)))]
        async with self._locks.setdefault(game.game_id, asyncio.Lock()):  # as `sync` keeps the progress
            fresh = await self.tg.game(game.game_id)
            if fresh is None or fresh.progress.get("reminded") == key:
                return
            await self.tg.update_game(game.game_id, progress={**fresh.progress, "reminded": key})
        await asyncio.gather(*(self.sender.send(chat, text) for chat, text in posts))

    async def _misses(self, live: LiveGame, game: TgGame, seats: dict[str, TgSeat], progress: dict[str, Any],
                      lang: str) -> None:
        """The house rule: remove from the group whoever misses N phases in a row (counted per finished
        phase: a night with an action he did not send, a day he did not vote)."""
        settings = (await self.chat(game.chat_id)).settings
        most = int(settings.get("kick_after") or 0)
        g = live.game
        counted = int(progress.get("counted", 0))
        if g is None or counted >= len(g.results):
            return
        seats = {s.name: s for s in await self.tg.seats(game.game_id)}  # the counts as stored
        acted: list[set[str]] = [set()]
        for command in g.commands:
            if command["type"] == "resolve":
                acted.append(set())
            elif command["type"] == "act":
                acted[-1].add(command["actor"])
            elif command["type"] == "vote":
                acted[-1].add(command["voter"])
        misses = {name: seat.misses for name, seat in seats.items()}
        kicked: list[str] = []
        for index in range(counted, len(g.results)):
            result = g.results[index]
            key = f"{result.phase.kind.value}{result.phase.number}"
            expected = progress.get("panels", {}).get(key, [])
            for name in expected:
                if name not in misses:
                    continue
                misses[name] = 0 if name in acted[index] else misses[name] + 1
                if most and misses[name] == most:
                    kicked.append(name)
        progress["counted"] = len(g.results)
        await self.tg.set_misses(game.game_id, {n: c for n, c in misses.items() if c != seats[n].misses})
        for name in kicked:
            await self.sender.send(game.chat_id, kicked_text(lang, live.nickname(name), seats[name].sex, most))
            await self.sender.kick(game.chat_id, seats[name].user_id)

    # --- the group's house rules --------------------------------------------------------------------
    async def should_delete(self, chat_id: int, user_id: int) -> bool:
        """Delete a group message: a player's at night, or a dead player's (when the group wants it)."""
        settings = (await self.chat(chat_id)).settings
        if not settings.get("night_delete") and not settings.get("dead_delete"):
            return False
        game = await self.tg.open_game(chat_id)
        if game is None or game.status != "running":
            return False
        seat = next((s for s in await self.tg.seats(game.game_id) if s.user_id == user_id), None)
        if seat is None:
            return False
        live = await self.service.get(game.game_id)
        g = live.game
        if g is None:
            return False
        dead = not g.state.player(seat.name).alive
        return bool((settings.get("dead_delete") and dead)
                    or (settings.get("night_delete") and g.phase.kind is PhaseKind.NIGHT))
