"""The outbox: every message the bot is to send or edit, as a row kept with the game.

An intention is written in the same transaction as what causes it (a press's command and keyboards, a
phase's progress), under a key that names the message: `game|phase|purpose|chat[|player]`. The key is
unique, so an intention derived again after a restart adds nothing; an edit's row holds the newest text
for its message (a new text bumps its version). `delivery.Delivery` sends each chat's rows by priority
and marks each with Telegram's answer as soon as it comes; a row is sent by the process that claimed it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, select, update

from rankedmafia.store import Store
from rankedmafia.store.schema import tg_outbox

Markup = list[list[dict[str, str]]]  # inline_keyboard rows: {"text", "callback_data" | "url"}


def key_of(game_id: str, phase: str, purpose: str, chat_id: int, *more: object) -> str:
    """Which message it is: the game, the phase, the purpose, the chat (and whatever tells it apart there)."""
    return "|".join([game_id, phase, purpose, str(chat_id), *map(str, more)])


@dataclass(frozen=True, slots=True)
class Intent:
    key: str
    game_id: str
    chat_id: int
    op: str = "send"  # send | edit | kick | pin | unpin
    text: str = ""
    markup: Markup | None = None
    target: str | None = None  # an edit: the key of the row that sent its message ...
    message_id: int | None = None  # ... or the message itself (a pressed keyboard); kick: the user

    def body(self) -> str:
        return json.dumps({"text": self.text, "markup": self.markup}, ensure_ascii=False, sort_keys=True)


@dataclass(frozen=True, slots=True)
class Row:
    id: int
    key: str
    game_id: str
    chat_id: int
    op: str
    target: str | None
    message_id: int | None
    text: str
    markup: Markup | None
    version: int
    sent: int = 0  # the version delivered (0: none yet)

    def purpose(self) -> str:
        parts = self.key.split("|")
        return parts[2] if len(parts) > 2 else ""

    def body(self) -> str:
        return json.dumps({"text": self.text, "markup": self.markup}, ensure_ascii=False, sort_keys=True)


def send(key: str, game_id: str, chat_id: int, text: str, markup: Markup | None = None) -> Intent:
    return Intent(key, game_id, chat_id, "send", text, markup)


def edit(key: str, game_id: str, chat_id: int, text: str, markup: Markup | None = None, *,
         target: str | None = None, message_id: int | None = None) -> Intent:
    assert (target is None) != (message_id is None), "an edit names its message one way"
    return Intent(key, game_id, chat_id, "edit", text, markup, target, message_id)


def pin(key: str, game_id: str, chat_id: int, target: str, pinned: bool = True) -> Intent:
    """Pin (or unpin) the message the row `target` sent, once it is out."""
    return Intent(key, game_id, chat_id, "pin" if pinned else "unpin", target=target)


def write(connection: Connection, intents: Iterable[Intent], at: float) -> None:
    """Add the intentions not kept yet; an edit already kept takes the new text (and is due again)."""
    for intent in intents:
        body = intent.body()
        found = connection.execute(select(tg_outbox.c.id, tg_outbox.c.body, tg_outbox.c.version)
                                   .where(tg_outbox.c.key == intent.key)).first()
        if found is None:
            connection.execute(insert(tg_outbox).values(
                key=intent.key, game_id=intent.game_id, chat_id=intent.chat_id, op=intent.op, target=intent.target,
                message_id=intent.message_id, body=body, version=1, sent=0, pending=1, at=at))
        elif intent.op == "edit" and found.body != body:
            connection.execute(update(tg_outbox).where(tg_outbox.c.id == found.id)
                               .values(body=body, version=found.version + 1, pending=1, at=at))


def _row(r: Any) -> Row:
    body = json.loads(r.body)
    return Row(r.id, r.key, r.game_id, r.chat_id, r.op, r.target, r.message_id, body["text"], body["markup"],
               r.version, r.sent)


CLAIM_TERM = 30.0  # a claim's term when no lease bounds it (a single process)
RENEW = 3.0  # a claim of ours is extended when it has this much less left than a new one would


class Outbox:
    """The rows, read and marked through the store (its one writer, its reading threads).

    Rows are delivered by the process that claims them (`claim`): several bot processes on one database
    never send one row twice. A claim lasts as long as its holder's lease (`lease.Lease`), which a holder
    that cannot renew gives up before its term is out: a row claimed by a process that died is free again
    once its lease has lapsed, when a standby takes the lease over."""

    def __init__(self, store: Store, holder: str = "", until: Callable[[], float] | None = None) -> None:
        self.store = store
        self.holder = holder or f"pid{os.getpid()}"
        self.until = until or (lambda: time.time() + CLAIM_TERM)

    async def claim(self, chat_id: int) -> list[Row]:
        """Claim the chat's due rows that nobody else holds, and return those held here (all of them unless
        another process delivers to this chat). On PostgreSQL rows another transaction is claiming are
        skipped, not waited for (`FOR UPDATE SKIP LOCKED`); SQLite's one writer serialises the claims."""
        me, now, until = self.holder, time.time(), self.until()
        # Most rounds find every due row claimed here already: a read, no write.
        found = await self.store._read(lambda c: c.execute(
            select(tg_outbox).where(tg_outbox.c.pending == 1, tg_outbox.c.chat_id == chat_id)
            .order_by(tg_outbox.c.id)).all())
        if all(r.claim == me and (r.claim_until or 0.0) >= until - RENEW for r in found):
            return [_row(r) for r in found]
        # Free, lapsed, or ours and to be extended (a claim extended only now and then: most rounds write nothing).
        free = (tg_outbox.c.claim.is_(None) | (tg_outbox.c.claim_until < now)
                | ((tg_outbox.c.claim == me) & (tg_outbox.c.claim_until < until - RENEW)))

        def job(connection: Connection) -> list[Any]:
            due = (tg_outbox.c.pending == 1) & (tg_outbox.c.chat_id == chat_id)
            if connection.dialect.name == "postgresql":
                ids = [r.id for r in connection.execute(
                    select(tg_outbox.c.id).where(due, free).with_for_update(skip_locked=True))]
                if ids:
                    connection.execute(update(tg_outbox).where(tg_outbox.c.id.in_(ids))
                                       .values(claim=me, claim_until=until))
            else:
                connection.execute(update(tg_outbox).where(due, free).values(claim=me, claim_until=until))
            return list(connection.execute(select(tg_outbox).where(due, tg_outbox.c.claim == me)
                                           .order_by(tg_outbox.c.id)).all())

        return [_row(r) for r in await self.store.writer.run(job)]

    async def write(self, intents: Sequence[Intent], at: float) -> None:
        if intents:
            await self.store.writer.run(lambda c: write(c, intents, at))

    async def pending_chats(self) -> list[int]:
        rows = await self.store._read(lambda c: c.execute(
            select(tg_outbox.c.chat_id).where(tg_outbox.c.pending == 1).distinct()).all())
        return [int(r.chat_id) for r in rows]

    async def target(self, key: str) -> tuple[bool, int | None]:
        """An edit's message: whether its send is settled, and Telegram's id for it (None: it never went)."""
        found = await self.store._read(lambda c: c.execute(
            select(tg_outbox.c.message_id, tg_outbox.c.pending).where(tg_outbox.c.key == key)).first())
        if found is None:
            return True, None
        return not found.pending, found.message_id

    async def done_edit(self, key: str, body: str) -> None:
        """An edit delivered as soon as it was written (a press's next screen): done if still the newest."""
        await self.store.writer.run(lambda c: c.execute(
            update(tg_outbox).where(tg_outbox.c.key == key, tg_outbox.c.body == body)
            .values(sent=tg_outbox.c.version, pending=0)))

    async def done(self, row: Row, message_id: int | None) -> None:
        """Telegram answered (or refused for good): this version is delivered; a newer one stays due."""
        def job(connection: Connection) -> None:
            values: dict[str, Any] = {"sent": row.version}
            if row.op == "send":
                values["message_id"] = message_id
            connection.execute(update(tg_outbox).where(tg_outbox.c.id == row.id).values(**values))
            connection.execute(update(tg_outbox).where(tg_outbox.c.id == row.id, tg_outbox.c.version == row.version)
                               .values(pending=0))

        await self.store.writer.run(job)
