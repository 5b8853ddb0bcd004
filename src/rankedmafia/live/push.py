"""Web Push: a player who gave his browser's PushSubscription is told, with the tab closed, when it becomes
his move and when a phase ends, the game named in words. The message is encrypted for his browser (RFC 8291,
aes128gcm) and signed with the server's VAPID key (RFC 8292) by pywebpush; the key is made on the first run
and kept with the data (`rm_secrets`).

What he was last told is kept with his subscription (`told`: the phase, whether it was his move, or the
end), and each change is claimed there before it is pushed, so that several processes push it once."""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush_async

from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import GameService
from rankedmafia.rules.model import PhaseKind
from rankedmafia.store import Store
from rankedmafia.store.push import PushRow, PushStore
from rankedmafia.text.names import phase_name
from rankedmafia.text.roles import side_name

log = logging.getLogger("rankedmafia.live.push")
CONTACT_VARIABLE = "RANKEDMAFIA_PUSH_CONTACT"  # the VAPID `sub` claim: whom a push service may write to
CONTACT = "mailto:push@rankedmafia.invalid"
TTL = 24 * 3600  # a forum day: a push service keeps an undelivered message that long
OVER = "over"
SITE = {"ru": "Ранговая мафия", "en": "Ranked Mafia"}
WORDS = {
    "ru": {
        "began_day": "«{game}»: наступил {phase}.",
        "began_night": "«{game}»: наступила {phase}.",
        "move_day": "«{game}», {phase}: ваш ход — проголосуйте.",
        "move_night": "«{game}», {phase}: ваш ход — выберите действие.",
        "move_follow_up": "«{game}», {phase}: ваш ход — решите, кого оживить.",
        "won": "«{game}»: игра окончена, победила сторона «{side}».",
        "again": "«{game}»: ведущий открыл новую партию, место за тем же столом ждёт вас.",
        "ended": "«{game}»: игра окончена.",
    },
    "en": {
        "began_day": "“{game}”: {phase} has begun.",
        "began_night": "“{game}”: {phase} has begun.",
        "move_day": "“{game}”, {phase}: your move, vote.",
        "move_night": "“{game}”, {phase}: your move, choose your action.",
        "move_follow_up": "“{game}”, {phase}: your move, decide whom to revive.",
        "won": "“{game}”: the game is over; the side “{side}” won.",
        "again": "“{game}”: the host opened a new game; your seat at the same table is waiting.",
        "ended": "“{game}”: the game is over.",
    },
}


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


async def vapid_key(store: Store) -> Vapid02:
    """The server's VAPID key: made on the first run, kept with the data."""

    def make() -> str:
        key = ec.generate_private_key(ec.SECP256R1())
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        return pem.decode()

    pem = await store.secret("vapid", make)
    return Vapid02.from_pem(pem.encode())


def public_key(vapid: Vapid02) -> str:
    """The key a browser subscribes with (`applicationServerKey`): the uncompressed point, base64url."""
    raw = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(raw)


def his_move(live: LiveGame, name: str) -> bool:
    """The Game waits for him now: tonight's action, the follow-up step asking him, or today's vote."""
    game = live.game
    if game is None or live.status != "running" or game.over:
        return False
    if live.following:
        step = live.asked()
        return step is not None and step.player == name
    return name in game.awaiting()


def state_of(live: LiveGame, name: str) -> str:
    """What he would be told of now: "night:1", "day:2:move", "over" (a lobby: "lobby")."""
    game = live.game
    if live.status == OVER:
        return OVER
    if game is None:
        return "lobby"
    phase = f"{game.phase.kind.value}:{game.phase.number}"
    return f"{phase}:move" if his_move(live, name) else phase


def worth_telling(told: str, now: str) -> bool:
    """A phase ended (or the game), or his move came within the phase; his own move sent is not news."""
    if told == now:
        return False
    phase, was = told.removesuffix(":move"), told.endswith(":move")
    if now.removesuffix(":move") != phase:
        return now != "lobby"
    return now.endswith(":move") and not was


def message(live: LiveGame, name: str, lang: str, title: str) -> dict[str, Any]:
    """The notification: the site, a sentence naming the game and the phase, the tag that replaces the
    game's previous notification."""
    words = WORDS.get(lang, WORDS["ru"])
    game = live.game
    assert game is not None
    if live.status == OVER:
        side = side_name(game.winner, lang) if game.winner and live.ended_by == "victory" else None
        body = words["won"].format(game=title, side=side) if side else words["ended"].format(game=title)
    else:
        kind = game.phase.kind
        phase = phase_name(kind.value, lang, game.phase.number)
        if his_move(live, name):
            key = "move_follow_up" if live.following else "move_day" if kind is PhaseKind.DAY else "move_night"
        else:
            key = "began_day" if kind is PhaseKind.DAY else "began_night"
        body = words[key].format(game=title, phase=phase)
    return {"title": SITE.get(lang, SITE["ru"]), "body": body, "tag": f"rankedmafia-{live.id}"}


@dataclass
class Pending:
    running: bool = False
    again: bool = False


class Notifier:
    """Watches every game change (the hub's listeners) and pushes what each subscriber should be told."""

    def __init__(self, service: GameService, vapid: Vapid02, title: Callable[[LiveGame, str], str]) -> None:
        self.service = service
        self.subscriptions = PushStore(service.store)
        self.vapid = vapid
        self.title = title  # the game's name in words, in a language (server/views.py's game_title)
        self.contact = os.environ.get(CONTACT_VARIABLE) or CONTACT
        self._pending: dict[str, Pending] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        service.hub.listen(self.changed)

    def changed(self, game_id: str) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a change published outside the server's loop: nothing to push from here
            return
        pending = self._pending.setdefault(game_id, Pending())
        if pending.running:
            pending.again = True
            return
        pending.running = True
        task = loop.create_task(self._run(game_id, pending))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run(self, game_id: str, pending: Pending) -> None:
        try:
            while True:
                pending.again = False
                try:
                    await self.tell(game_id)
                except Exception:
                    log.exception("pushing the changes of %s failed", game_id)
                if not pending.again:
                    return
        finally:
            pending.running = False
            self._pending.pop(game_id, None)

    async def tell(self, game_id: str) -> int:
        """Pushes to each of the game's subscribers what changed for him; returns how many were pushed."""
        if not await self.subscriptions.may_have(game_id):
            return 0
        rows = await self.subscriptions.of_game(game_id)
        if not rows:
            return 0
        live = await self.service.get(game_id)
        todo: list[tuple[PushRow, str, dict[str, Any] | None]] = []
        async with live.lock:  # one consistent, committed state
            for row in rows:
                if row.seat in live.bots or row.seat not in live.seats:
                    continue  # a bot plays the seat now
                now = state_of(live, row.seat)
                news = worth_telling(row.told, now)
                todo.append((row, now, message(live, row.seat, row.lang, self.title(live, row.lang)) if news
                             else None))
        sent = 0
        for row, now, payload in todo:
            if not await self.subscriptions.claim(row.id, row.told, now) or payload is None:
                continue
            payload["url"] = ""  # the service worker opens the page it was registered for
            sent += await self.push(row, payload)
        return sent

    async def push(self, row: PushRow, payload: dict[str, Any]) -> int:
        try:
            await webpush_async(row.subscription(), json.dumps(payload, ensure_ascii=False),
                                vapid_private_key=self.vapid, vapid_claims={"sub": self.contact}, ttl=TTL,
                                timeout=10)
        except WebPushException as error:
            if error.response is not None and getattr(error.response, "status", None) in (404, 410):
                await self.subscriptions.forget(row.id)  # the browser unsubscribed
            else:
                log.warning("a push to %s failed: %s", row.endpoint[:60], error)
            return 0
        except Exception as error:  # an endpoint that does not answer: the next change tries again
            log.warning("a push to %s failed: %s", row.endpoint[:60], error)
            return 0
        return 1

    async def tell_again(self, live: LiveGame) -> int:
        """The old table's subscribers hear that its host opened a new game (server/again.py)."""
        sent = 0
        for row in await self.subscriptions.of_game(live.id):
            if row.seat in live.seats:
                words = WORDS.get(row.lang, WORDS["ru"])
                body = words["again"].format(game=self.title(live, row.lang))
                sent += await self.push(row, {"title": SITE.get(row.lang, SITE["ru"]), "body": body,
                                              "tag": f"rankedmafia-{live.id}", "url": ""})
        return sent
