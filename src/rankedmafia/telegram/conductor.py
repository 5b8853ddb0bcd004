"""Running games in Telegram groups on the shared game service. The conductor ties its parts together:
`signup` (the sign-up), `night` (the night's keyboards), `vote` (the day's vote), `changes` (what a change
of a game posts), `posts` (the thread's and the clans' posts relayed), and the outbox with its `delivery`
(what is sent, in order, within Telegram's limits).

Every change goes through `GameService` (the same log, deadlines and follow-up steps as the web). After
each change the hub nudges `sync`, which derives what the change brings and writes it to the outbox with
the game's progress in one transaction; a restarted bot derives again only what is missing, and delivers
what had not been answered (docs/telegram.md, "Delivery and restarts").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from rankedmafia.live.errors import NotFound, Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.posts import add_post
from rankedmafia.live.service import POST_MAX, GameService
from rankedmafia.rules.model import PhaseKind
from rankedmafia.store import PostRow
from rankedmafia.telegram import trace
from rankedmafia.telegram.changes import Changes
from rankedmafia.telegram.common import DEFAULT_TIMING, Answer, Timing
from rankedmafia.telegram.delivery import Delivery
from rankedmafia.telegram.night import NightKeyboards
from rankedmafia.telegram.outbox import Outbox
from rankedmafia.telegram.posts import addressed, clan_word, relay_posts
from rankedmafia.telegram.sender import Sender
from rankedmafia.telegram.signup import SignUp
from rankedmafia.telegram.store import AlreadyTaken, Batch, ChatRow, Key, Taken, TgGame, TgSeat, TgStore
from rankedmafia.telegram.table_commands import TableCommands
from rankedmafia.telegram.texts import refusal, say
from rankedmafia.telegram.vote import DayVote

__all__ = ["Answer", "Conductor", "Timing"]
log = logging.getLogger("rankedmafia.telegram")
POSTS_AT_ONCE = 200  # posts relayed by one round of `sync`


class Conductor:
    def __init__(self, service: GameService, tg: TgStore, sender: Sender, username: str,
                 web_url: str = "http://127.0.0.1:8000", timing: Timing = DEFAULT_TIMING,
                 clock: Callable[[], float] = time.time, outbox: Outbox | None = None) -> None:
        self.service = service
        self.tg = tg
        self.sender = sender
        self.delivery = Delivery(sender, outbox or Outbox(service.store))
        self.username = username
        self.web_url = web_url.rstrip("/")
        self.timing = timing
        self.clock = clock
        self.signup = SignUp(self)
        self.night = NightKeyboards(self)
        self.vote = DayVote(self)
        self.changes = Changes(self, self.signup, self.night, self.vote)
        self.table = TableCommands(self)
        self._locks: dict[str, asyncio.Lock] = {}
        self._dirty: set[str] = set()
        self._running: dict[str, asyncio.Task[None]] = {}
        self._chats: dict[int, ChatRow] = {}
        self._games: dict[str, TgGame] = {}
        self._seats: dict[str, list[TgSeat]] = {}
        # Games whose posts are to be read at their next sync: a person's clan line, a post another process
        # wrote (PostgreSQL's notice), every game at a start. A game with bots or AI seats is always read
        # (its drivers post in this process); the others' presses read nothing more.
        self._posts_due: set[str] = set()
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

    def lock(self, game_id: str) -> asyncio.Lock:
        """One posting at a time per game (its progress is read, extended and written under it)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def commit(self, batch: Batch) -> None:
        """A change's writes in one transaction, then its messages delivered."""
        start = time.monotonic()
        await self.tg.commit(batch)
        chats = {i.chat_id for i in batch.intents}
        if trace.enabled:
            for chat_id in chats:
                purposes = {i.key.split("|")[2] for i in batch.intents if i.chat_id == chat_id and i.key.count("|") > 1}
                trace.event("written", chat_id, time.monotonic() - start, ",".join(sorted(purposes)))
        self.delivery.wake(chats)

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

    def stop(self) -> None:
        """This process leads no more: its postings and deliveries in progress are dropped (the next leader
        derives and delivers them again from the store)."""
        self.delivery.stop()
        for task in self._running.values():
            task.cancel()

    async def idle(self) -> None:
        """Wait until every nudge has been posted and delivered (tests and shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)
        await self.delivery.idle()

    # --- presses ----------------------------------------------------------------------------------
    async def press(self, user_id: int, chat_id: int, message_id: int, key: Key, index: int,
                    nickname: str, is_admin: Callable[[], Any], update_id: int | None = None) -> Answer | None:
        """A button: checked for its owner and its phase, taken once, then acted on. None: the update, or
        the one-shot keyboard, was taken before (by another process, or by this one before a restart):
        nothing is done; the press is answered with nothing (its spinner stops; a second answer is harmless)."""
        try:
            return await self._press(user_id, chat_id, message_id, key, index, nickname, is_admin, update_id)
        except AlreadyTaken as taken:
            if taken.what == "key":
                lang = (await self.chat(self._games[key.game_id].chat_id)).lang if key.game_id in self._games else "ru"
                return Answer(say(lang, "already"))
            return Answer()

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
            return await self.vote.press(user_id, game, key, state, lang, update_id)
        once = bool(key.data.get("once"))
        if once and not self.tg.take_key(key):
            return Answer(say(lang, "already"))
        taken = Taken(update_id, key.id if once else None, at=self.clock())
        if kind == "night":
            return await self.night.press(user_id, chat_id, message_id, game, key, state, lang, taken)
        await self.tg.take(taken)  # the sign-up's presses: taken first, as they are few
        if kind in ("lobby", "join"):
            return await self.signup.press(user_id, chat_id, message_id, game, state, kind, nickname, is_admin, lang)
        return Answer(say(lang, "stale"))

    # --- the mafia's night chat, the day's discussion ------------------------------------------------
    async def relay(self, user_id: int, text: str) -> str | None:
        """What a mafioso writes to the bot is a post in his clan's chat; its relay to the clan's people is
        derived from the posts by `sync` (telegram/posts.py), as a bot's or an AI seat's line is."""
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
        if len(clans) > 1:  # the double agent chooses the clan he writes to
            chosen, text = addressed(text, list(clans))
            if chosen is None:
                names = " или ".join(f"«{clan_word(c, lang)}: …»" for c in clans) if lang == "ru" else \
                    " or ".join(f"“{clan_word(c, lang)}: …”" for c in clans)
                return say(lang, "which_clan", choices=names)
            clan = chosen
        try:
            await add_post(self.service, live, seat.name, "clan", text, clan)
        except Refusal as error:
            return refusal(error, lang)
        self.posts_written(live.id)
        self.service.hub.publish(live.id)  # whoever else in this process reads the chat
        return None

    def posts_written(self, game_id: str) -> None:
        """The game's posts changed (here, or in another process): relay them at its next sync."""
        self._posts_due.add(game_id)
        self.nudge(game_id)

    async def discuss(self, chat_id: int, user_id: int, text: str) -> None:
        """In a game with AI players, a living seated person's text in the group by day is a post in the
        game's thread, so that the AI seats read the discussion (it is in the group already: nothing is
        sent). Without AI players nobody needs it, and a group's talk is not copied out of it (the game's
        web page shows its thread)."""
        if text.startswith("/"):
            return
        game = await self.tg.open_game(chat_id)
        if game is None or game.status != "running":
            return
        seat = next((s for s in await self.seats_of(game.game_id, True) if s.user_id == user_id), None)
        if seat is None:
            return
        live = await self.service.get(game.game_id)
        g = live.game
        if g is None or live.status != "running" or g.phase.kind is not PhaseKind.DAY or seat.name not in g.alive():
            return
        if not live.ai_seats():
            return
        with contextlib.suppress(Refusal):  # the day ended meanwhile, or an empty text: nothing to keep
            # No nudge: it brings the group nothing; the AI seats read the thread on their ticks.
            await add_post(self.service, live, seat.name, "thread", text[:POST_MAX])

    # --- posting what a change brings -------------------------------------------------------------
    async def sync(self, game_id: str) -> None:
        async with self.lock(game_id):
            game = await self.tg.game(game_id)
            if game is None or game.status == "cancelled":
                return
            lang = await self.lang(game.chat_id)
            live = await self.service.get(game_id)
            seats = {s.name: s for s in await self.seats_of(game_id, live.status != "lobby")}
            progress = dict(game.progress)
            if live.status == "lobby" or live.game is None:
                await self.signup.sync(live, game, lang)
                return
            rows: list[PostRow] = []
            if live.bots or game_id in self._posts_due:
                self._posts_due.discard(game_id)  # before the read: a post written meanwhile marks it again
                rows = await self.tg.posts_after(game_id, int(progress.get("posts", 0)), POSTS_AT_ONCE)
            async with live.lock:
                said = relay_posts(live, game, seats, rows, progress, lang)  # written before the change's news
                intents, keys = self.changes.plan(live, game, seats, progress, lang)
            if len(rows) == POSTS_AT_ONCE:
                self.posts_written(game_id)  # more posts wait: the next round takes them
            batch = Batch(game_id, self.clock(), [*said, *intents], keys)
            await self.changes.misses(live, game, progress, lang, batch)
            async with live.lock:
                tally = self.vote.tally(live, game, progress, lang)
            if tally is not None:
                batch.intents.append(tally)
            status = "over" if progress.get("over") else "running"
            if progress != game.progress or status != game.status:
                batch.game = {"progress": progress, "status": status}
            if batch.intents or batch.game or batch.misses:
                await self.commit(batch)

    # --- the clock: the service's deadlines, the sign-up's, reminders -----------------------------
    async def tick(self) -> None:
        await self.service.tick()
        now = self.clock()
        for game in await self.tg.open_games():
            try:
                if game.status == "lobby" and game.reg_deadline is not None and game.reg_deadline <= now:
                    await self.signup.deadline(game)
                elif game.status == "running":
                    await self.changes.remind(game, now)
                    if not game.progress.get("cards"):
                        self.nudge(game.game_id)
            except Exception:
                log.exception("the clock of %s failed", game.game_id)

    async def resume(self) -> None:
        """On start: deliver what was due, and derive what every open game is owed (nothing twice)."""
        await self.delivery.resume()
        for game in await self.tg.games():
            self.posts_written(game.game_id)  # a post written while the bot was down is relayed now

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
        live: LiveGame = await self.service.get(game.game_id)
        g = live.game
        if g is None:
            return False
        dead = not g.state.player(seat.name).alive
        return bool((settings.get("dead_delete") and dead)
                    or (settings.get("night_delete") and g.phase.kind is PhaseKind.NIGHT))
