"""A fake Telegram Bot API server on loopback: a group, its users and their private chats with the bot.

It implements the methods the bot uses (getMe, getUpdates with long polling, sendMessage, editMessageText,
editMessageReplyMarkup, answerCallbackQuery, deleteMessage, getChatMember, banChatMember, unbanChatMember,
deleteWebhook) and keeps every message in every chat, with its edits, for the tests to read. The tests
drive users through it (`say`, `press`) and may replay an update, answer 429 with retry_after (the next N
sends, or a storm of N calls in a row for one chat), craft a press on somebody else's message, read the
time of every call (`log`, for the rate limits), or set a trap that runs (kills the bot) at a named moment:
the call is carried out, its answer never reaches the bot. It runs in a thread of its own, so tests stay
plain synchronous code.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 777000
BOT_USERNAME = "ranked_mafia_test_bot"
TOKEN = "777000:TEST-token_for-the-fake-api"
GROUP_ID = -1001234567890
# What Telegram's HTML parse mode takes: these tags, and «<», «>», «&», «"» only as entities.
HTML_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "tg-spoiler",
             "span", "blockquote"}
ENTITY = re.compile(r"&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);")


def visible(text: str, parse_mode: str | None) -> str:
    """The text a reader sees: with parse_mode HTML, its tags taken away and its entities read, after the
    checks Telegram makes (an unknown tag, a bare «<» or «&», an unclosed tag: "can't parse entities")."""
    if parse_mode != "HTML":
        return text
    out: list[str] = []
    opened: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "<":
            end = text.find(">", i)
            tag = text[i + 1:end] if end > 0 else ""
            name = tag.lstrip("/").split(" ")[0].lower() if tag.strip("/ ") else ""
            if name not in HTML_TAGS:
                raise ApiError(400, f"Bad Request: can't parse entities: unsupported start tag at byte offset {i}")
            if tag.startswith("/"):
                if not opened or opened.pop() != name:
                    raise ApiError(400, f"Bad Request: can't parse entities: unmatched end tag at byte offset {i}")
            else:
                opened.append(name)
            i = end + 1
        elif char == "&":
            entity = ENTITY.match(text, i)
            if entity is None:
                raise ApiError(400, f"Bad Request: can't parse entities: a bare «&» at byte offset {i}")
            out.append(html.unescape(entity.group(0)))
            i = entity.end()
        elif char == ">":
            raise ApiError(400, f"Bad Request: can't parse entities: a bare «>» at byte offset {i}")
        else:
            out.append(char)
            i += 1
    if opened:
        raise ApiError(400, f"Bad Request: can't parse entities: unclosed tag {opened[-1]}")
    return "".join(out)


@dataclass
class Msg:
    chat_id: int
    message_id: int
    text: str
    from_bot: bool
    user_id: int | None = None
    markup: list[list[dict[str, Any]]] | None = None
    edits: int = 0
    edited_at: float = 0.0  # when it was last edited (a test's clock)
    deleted: bool = False
    history: list[str] = field(default_factory=list)  # every text it has shown, the first included
    seen: list[str] = field(default_factory=list)  # the same as its reader saw them (HTML read)
    shown: list[dict[str, Any]] = field(default_factory=list)  # every button it has had

    def __post_init__(self) -> None:
        self.shown.extend(self.buttons())

    def buttons(self) -> list[dict[str, Any]]:
        return [b for row in (self.markup or []) for b in row]

    def button(self, label: str) -> dict[str, Any]:
        for b in self.buttons():
            if b["text"] == label or b["text"].startswith(label):
                return b
        raise KeyError(f"no button {label!r} under {self.text!r}: {[b['text'] for b in self.buttons()]}")


@dataclass(frozen=True)
class Call:
    at: float  # time.monotonic() when it arrived
    method: str
    chat_id: int | None
    text: str


@dataclass
class Trap:
    """At the `count`-th call of `method` that `match`es, `spring` runs (e.g. SIGKILL of the bot) before the
    answer is sent: the call took effect, the bot never learns it."""

    method: str
    match: Callable[[dict[str, str]], bool]
    count: int
    spring: Callable[[], None]
    seen: int = 0
    sprung: threading.Event = field(default_factory=threading.Event)


@dataclass(eq=False)
class Waiter:
    """A thread waiting for the bot to do something in some chats (None: in any): woken by such a call."""

    chats: frozenset[int] | None
    event: threading.Event = field(default_factory=threading.Event)


@dataclass
class User:
    id: int
    first_name: str


class FakeTelegram:
    def __init__(self, latency: float = 0.0) -> None:
        self.latency = latency
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)  # notified at every call the bot makes
        # Threads waiting for calls in given chats (`wait`, `idle`): each woken only by a call in its chats,
        # so that a hundred tables' players cost nothing while the bot works for others.
        self._waiters: set[Waiter] = set()
        self._pressers: dict[str, int] = {}  # a press's query id -> who pressed (its answer is in his chat)
        self._answers_by_query: dict[str, list[dict[str, Any]]] = {}
        self._waiting: set[asyncio.Future[None]] = set()  # long polls to wake when an update comes
        self._answered: dict[str, threading.Event] = {}  # presses someone waits for (the benchmark)
        self._redrawn: dict[tuple[int, int], threading.Event] = {}  # messages whose next edit someone waits for
        self.users: dict[int, User] = {}
        self.admins: set[int] = set()
        self.chats: dict[int, list[Msg]] = {GROUP_ID: []}
        self.updates: list[dict[str, Any]] = []
        self.redelivered: list[dict[str, Any]] = []  # updates sent again whatever the bot confirmed
        self.next_update = 1
        self.next_message = 1
        self.answers: list[dict[str, Any]] = []  # answerCallbackQuery calls
        self.calls: dict[str, int] = {}
        self.fail_sends = 0  # answer the next N sendMessage calls with 429 retry_after=1
        self.storms: dict[int, int] = {}  # chat -> how many calls in a row to answer with 429
        self.storm_retry = 1  # their retry_after
        self.log: list[Call] = []  # every call the bot made (getUpdates aside), with its time
        self.traps: list[Trap] = []
        self.outage = 0.0  # seconds the bot has been down (killed, restarting): waits do not count them
        self.down_since: float | None = None
        self.kicked: list[int] = []
        self.pinned: dict[int, list[int]] = {}  # chat -> the messages pinned there, in order
        self.may_pin = True  # the bot is an admin allowed to pin (else Telegram answers 400)
        self.rejected: list[str] = []  # texts refused as Telegram refuses bad HTML
        self.webhook: tuple[str, str] | None = None  # the bot's webhook URL and secret, once set
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._runner: web.AppRunner | None = None

    # --- the server -------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> FakeTelegram:
        self._thread = threading.Thread(target=self._serve, name="fake-telegram", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the fake Bot API did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None and self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        app = web.Application()
        app.router.add_post("/bot{token}/{method}", self._handle)
        app.router.add_get("/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        loop.run_until_complete(self._runner.setup())
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        loop.run_until_complete(site.start())
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self._ready.set()
        loop.run_forever()
        loop.close()

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != TOKEN:
            return web.json_response({"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401)
        method = request.match_info["method"].lower()
        form = dict(await request.post()) if request.can_read_body else {}
        params = {k: (v if isinstance(v, str) else str(v)) for k, v in form.items()}
        if self.latency and method != "getupdates":
            await asyncio.sleep(self.latency)
        with self.lock:
            self.calls[method] = self.calls.get(method, 0) + 1
        if method != "getupdates":
            chat = params.get("chat_id")
            with self.lock:
                self.log.append(Call(time.monotonic(), method, int(chat) if chat else None, params.get("text", "")))
                if chat and self.storms.get(int(chat), 0) > 0 and method != "answercallbackquery":
                    self.storms[int(chat)] -= 1
                    return web.json_response({"ok": False, "error_code": 429, "parameters": {
                        "retry_after": self.storm_retry}, "description": "Too Many Requests: retry later"}, status=429)
            try:
                response = self._call(method, params)
                self._spring(method, params)
                return response
            finally:
                with self.changed:
                    self.changed.notify_all()
                    where = int(chat) if chat else self._pressers.get(params.get("callback_query_id", ""))
                    for waiter in self._waiters:
                        if waiter.chats is None or where in waiter.chats:
                            waiter.event.set()
        return web.json_response({"ok": True, "result": await self._get_updates(params)})

    def _call(self, method: str, params: dict[str, str]) -> web.Response:
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            return web.json_response({"ok": False, "error_code": 404, "description": f"Not Found: {method}"},
                                     status=404)
        try:
            result = handler(params)
        except ApiError as error:
            body: dict[str, Any] = {"ok": False, "error_code": error.code, "description": error.description}
            if error.retry_after:
                body["parameters"] = {"retry_after": error.retry_after}
            return web.json_response(body, status=error.code)
        return web.json_response({"ok": True, "result": result})

    async def _get_updates(self, params: dict[str, str]) -> list[dict[str, Any]]:
        offset = int(params.get("offset", 0) or 0)
        timeout = float(params.get("timeout", 0) or 0)
        limit = int(params.get("limit", 100) or 100)
        end = time.monotonic() + timeout
        while True:
            with self.lock:
                if offset:
                    self.updates = [u for u in self.updates if u["update_id"] >= offset]
                ready = self.redelivered + self.updates[:limit]
                self.redelivered = []
            left = end - time.monotonic()
            if ready or left <= 0:
                return ready
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.add(waiter)
            try:
                await asyncio.wait_for(waiter, left)
            except TimeoutError:
                pass
            finally:
                self._waiting.discard(waiter)

    def _spring(self, method: str, params: dict[str, str]) -> None:
        with self.lock:
            for trap in self.traps:
                if trap.method == method and not trap.sprung.is_set() and trap.match(params):
                    trap.seen += 1
                    if trap.seen == trap.count:
                        trap.sprung.set()
                        trap.spring()
                        raise web.HTTPServiceUnavailable()  # the bot is gone: nobody reads the answer

    def trap(self, method: str, match: Callable[[dict[str, str]], bool], count: int,
             spring: Callable[[], None]) -> Trap:
        found = Trap(method.lower(), match, count, spring)
        with self.lock:
            self.traps.append(found)
        return found

    def storm(self, chat_id: int, calls: int, retry_after: int = 1) -> None:
        """Answer the chat's next `calls` calls with 429 (retry_after), in a row."""
        with self.lock:
            self.storms[chat_id] = calls
            self.storm_retry = retry_after

    def _wake(self) -> None:
        for waiter in list(self._waiting):
            if not waiter.done():
                waiter.set_result(None)

    # --- Bot API methods --------------------------------------------------------------------------
    def _bot_user(self) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "Ranked Mafia", "username": BOT_USERNAME}

    def _chat(self, chat_id: int) -> dict[str, Any]:
        if chat_id < 0:
            return {"id": chat_id, "type": "supergroup", "title": "Мафия по рангам"}
        user = self.users.get(chat_id)
        return {"id": chat_id, "type": "private", "first_name": user.first_name if user else "?"}

    def _message_json(self, msg: Msg) -> dict[str, Any]:
        out: dict[str, Any] = {"message_id": msg.message_id, "date": int(time.time()), "chat": self._chat(msg.chat_id),
                               "text": msg.text}
        if msg.from_bot:
            out["from"] = self._bot_user()
        elif msg.user_id is not None:
            out["from"] = self._user_json(msg.user_id)
        if msg.markup:
            out["reply_markup"] = {"inline_keyboard": msg.markup}
        return out

    def _user_json(self, user_id: int) -> dict[str, Any]:
        user = self.users[user_id]
        return {"id": user.id, "is_bot": False, "first_name": user.first_name, "language_code": "ru"}

    def _find(self, chat_id: int, message_id: int) -> Msg:
        for msg in self.chats.get(chat_id, []):
            if msg.message_id == message_id and not msg.deleted:
                return msg
        raise ApiError(400, "Bad Request: message to edit not found")

    def _visible(self, params: dict[str, str]) -> str:
        try:
            return visible(params["text"], params.get("parse_mode"))
        except ApiError:
            self.rejected.append(params["text"])
            raise

    def _m_getme(self, params: dict[str, str]) -> dict[str, Any]:
        return self._bot_user()

    def _m_deletewebhook(self, params: dict[str, str]) -> bool:
        return True

    def _m_setwebhook(self, params: dict[str, str]) -> bool:
        with self.lock:
            self.webhook = (params["url"], params.get("secret_token", ""))
        return True

    def _m_sendmessage(self, params: dict[str, str]) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        with self.lock:
            if self.fail_sends > 0:
                self.fail_sends -= 1
                raise ApiError(429, "Too Many Requests: retry after 1", retry_after=1)
            if chat_id > 0 and chat_id not in self.users:
                raise ApiError(400, "Bad Request: chat not found")
            markup = json.loads(params["reply_markup"])["inline_keyboard"] if params.get("reply_markup") else None
            seen = self._visible(params)
            msg = Msg(chat_id, self.next_message, params["text"], True, markup=markup, history=[params["text"]],
                      seen=[seen])
            self.next_message += 1
            self.chats.setdefault(chat_id, []).append(msg)
            return self._message_json(msg)

    def _m_editmessagetext(self, params: dict[str, str]) -> dict[str, Any]:
        with self.lock:
            msg = self._find(int(params["chat_id"]), int(params["message_id"]))
            markup = json.loads(params["reply_markup"])["inline_keyboard"] if params.get("reply_markup") else None
            if msg.text == params["text"] and msg.markup == markup:
                raise ApiError(400, "Bad Request: message is not modified")
            seen = self._visible(params)
            msg.text, msg.markup = params["text"], markup
            msg.seen.append(seen)
            msg.shown.extend(msg.buttons())
            msg.edits += 1
            msg.history.append(msg.text)
            msg.edited_at = time.monotonic()
            event = self._redrawn.pop((msg.chat_id, msg.message_id), None)
            if event is not None:
                event.set()
            return self._message_json(msg)

    def _m_editmessagereplymarkup(self, params: dict[str, str]) -> dict[str, Any]:
        with self.lock:
            msg = self._find(int(params["chat_id"]), int(params["message_id"]))
            msg.markup = json.loads(params["reply_markup"])["inline_keyboard"] if params.get("reply_markup") else None
            msg.shown.extend(msg.buttons())
            return self._message_json(msg)

    def _m_answercallbackquery(self, params: dict[str, str]) -> bool:
        with self.lock:
            answer = {**params, "at": time.monotonic()}
            self.answers.append(answer)
            self._answers_by_query.setdefault(params.get("callback_query_id", ""), []).append(answer)
            event = self._answered.get(params.get("callback_query_id", ""))
        if event is not None:
            event.set()
        return True

    def _m_deletemessage(self, params: dict[str, str]) -> bool:
        with self.lock:
            self._find(int(params["chat_id"]), int(params["message_id"])).deleted = True
        return True

    def _m_getchatmember(self, params: dict[str, str]) -> dict[str, Any]:
        user_id = int(params["user_id"])
        status = "creator" if user_id in self.admins else "member"  # the group's owner is its admin
        body: dict[str, Any] = {"status": status, "user": self._user_json(user_id)}
        if status == "creator":
            body["is_anonymous"] = False
        return body

    def _m_pinchatmessage(self, params: dict[str, str]) -> bool:
        if not self.may_pin:
            raise ApiError(400, "Bad Request: not enough rights to manage pinned messages in the chat")
        with self.lock:
            self.pinned.setdefault(int(params["chat_id"]), []).append(int(params["message_id"]))
        return True

    def _m_unpinchatmessage(self, params: dict[str, str]) -> bool:
        with self.lock:
            pinned = self.pinned.get(int(params["chat_id"]), [])
            if int(params["message_id"]) in pinned:
                pinned.remove(int(params["message_id"]))
        return True

    def _m_banchatmember(self, params: dict[str, str]) -> bool:
        with self.lock:
            self.kicked.append(int(params["user_id"]))
        return True

    def _m_unbanchatmember(self, params: dict[str, str]) -> bool:
        return True

    # --- what tests do ----------------------------------------------------------------------------
    def user(self, user_id: int, first_name: str, admin: bool = False) -> User:
        with self.lock:
            self.users[user_id] = User(user_id, first_name)
            self.chats.setdefault(user_id, [])
            if admin:
                self.admins.add(user_id)
        return self.users[user_id]

    def _push(self, update: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            update["update_id"] = self.next_update
            update["at"] = time.monotonic()  # when it was sent (not part of the Bot API: a test's clock)
            self.next_update += 1
            self.updates.append(update)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake)
        return update

    def replay(self, update: dict[str, Any]) -> None:
        """Deliver an update once more, with the same id (Telegram's redelivery)."""
        with self.lock:
            self.redelivered.append(update)
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake)

    def say(self, user_id: int, chat_id: int, text: str) -> dict[str, Any]:
        with self.lock:
            msg = Msg(chat_id, self.next_message, text, False, user_id=user_id, history=[text])
            self.next_message += 1
            self.chats.setdefault(chat_id, []).append(msg)
            body = self._message_json(msg)
        if text.startswith("/"):
            body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        return self._push({"message": body})

    def press(self, user_id: int, msg: Msg, label: str | None = None, data: str | None = None,
              answered: threading.Event | None = None) -> dict[str, Any]:
        """A press of a button (by its label), or a crafted press with any callback data; `answered` is set
        when the bot answers it."""
        if data is None:
            assert label is not None
            data = msg.button(label)["callback_data"]
        with self.lock:  # one id per press, whatever other threads press meanwhile
            query_id = f"cq{self.next_update}"
            self._pressers[query_id] = user_id
            if answered is not None:
                self._answered[query_id] = answered
            body = {"id": query_id, "from": self._user_json(user_id), "chat_instance": "1",
                    "data": data, "message": self._message_json(msg)}
            return self._push({"callback_query": body})

    # --- reading ----------------------------------------------------------------------------------
    def messages(self, chat_id: int, from_bot: bool = True) -> list[Msg]:
        with self.lock:
            return [m for m in self.chats.get(chat_id, []) if m.from_bot == from_bot and not m.deleted]

    def last(self, chat_id: int, match: Callable[[Msg], bool] = lambda m: True) -> Msg | None:
        found = [m for m in self.messages(chat_id) if match(m)]
        return found[-1] if found else None

    def bot_down(self) -> None:
        with self.lock:
            self.down_since = time.monotonic()

    def bot_up(self) -> None:
        with self.lock:
            if self.down_since is not None:
                self.outage += time.monotonic() - self.down_since
                self.down_since = None

    def _outage(self) -> float:
        with self.lock:
            return self.outage + (time.monotonic() - self.down_since if self.down_since is not None else 0.0)

    def wait(self, predicate: Callable[[], Any], timeout: float = 20.0, what: str = "",
             chats: Iterable[int] | None = None) -> Any:
        """Until `predicate` holds; `timeout` counts the time the bot is up (a restart takes what it takes).
        `chats`: the predicate reads only what the bot does in these chats (and the answers to presses made
        there): it is looked at again only when the bot calls in one of them (else at every call, and every
        50 ms)."""
        start, outage = time.monotonic(), self._outage()
        waiter = Waiter(None if chats is None else frozenset(chats))
        with self.lock:
            self._waiters.add(waiter)
        try:
            while (left := start + timeout + self._outage() - outage - time.monotonic()) > 0:
                waiter.event.clear()  # before the look: a call made after it wakes the wait below
                value = predicate()
                if value:
                    return value
                waiter.event.wait(min(0.05 if chats is None else 1.0, left))
        finally:
            with self.lock:
                self._waiters.discard(waiter)
        with self.lock:
            tail = [m.text[:80] for chat, ms in self.chats.items() if chat < 0 for m in ms[-3:]]
        raise AssertionError(f"timed out waiting for {what or predicate}; the groups end with {tail}")

    @contextlib.contextmanager
    def watch(self, chats: Iterable[int]) -> Iterator[threading.Event]:
        """An event set whenever the bot calls in one of these chats (or answers a press made there), while
        the block runs: clear it, look, then wait on it, and no call made after the look is missed."""
        waiter = Waiter(frozenset(chats))
        with self.lock:
            self._waiters.add(waiter)
        try:
            yield waiter.event
        finally:
            with self.lock:
                self._waiters.discard(waiter)

    def expect_edit(self, msg: Msg) -> threading.Event:
        """An event set at the message's next edit (the bot answers a press first, then edits)."""
        event = threading.Event()
        with self.lock:
            self._redrawn[(msg.chat_id, msg.message_id)] = event
        return event

    def press_and_wait(self, user_id: int, msg: Msg, data: str,
                       timeout: float = 30.0) -> tuple[float, float, float | None]:
        """Press and wait for the bot's answer and for the message's next edit (the next screen), woken by
        them, not polling; when each happened (None: no new screen came within the timeout)."""
        answered, redrawn = threading.Event(), self.expect_edit(msg)
        update = self.press(user_id, msg, data=data, answered=answered)
        if not answered.wait(timeout):
            raise AssertionError("no answer to a press")
        shown = redrawn.wait(timeout)
        answer = self.answers_for(update)[0]
        with self.lock:
            self._answered.pop(update["callback_query"]["id"], None)
            self._redrawn.pop((msg.chat_id, msg.message_id), None)
            return update["at"], answer["at"], msg.edited_at if shown else None

    def answers_for(self, update: dict[str, Any]) -> list[dict[str, Any]]:
        query_id = update["callback_query"]["id"]
        with self.lock:
            return list(self._answers_by_query.get(query_id, []))


class ApiError(Exception):
    def __init__(self, code: int, description: str, retry_after: int = 0) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after
