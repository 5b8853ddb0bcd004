"""Moderation's tables: the players' reports of posts, the posts administrators hid, and the log of every
step (who did what to whom, never anything hidden by the game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection

from rankedmafia.store.log import Store
from rankedmafia.store.schema import hidden_posts, mod_log, posts, reports


@dataclass(frozen=True, slots=True)
class ReportRow:
    id: int
    game_id: str
    post_id: int
    reporter: str
    reason: str
    status: str
    at: float
    author: str
    channel: str
    text: str


class ModerationStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    @staticmethod
    def _log(connection: Connection, at: float, actor: str, action: str, game_id: str, target: str,
             detail: str) -> None:
        connection.execute(insert(mod_log).values(at=at, actor=actor, action=action, game_id=game_id,
                                                  target=target, detail=detail))

    async def log(self, at: float, actor: str, action: str, game_id: str, target: str, detail: str = "") -> None:
        await self.store.writer.run(lambda c: self._log(c, at, actor, action, game_id, target, detail))

    async def post(self, game_id: str, post_id: int) -> tuple[str, str] | None:
        """A post of this game: (channel, author), or None."""
        row = await self.store.read(lambda c: c.execute(
            select(posts.c.channel, posts.c.author).where(posts.c.id == post_id, posts.c.game_id == game_id)).first())
        return None if row is None else (str(row[0]), str(row[1]))

    async def report(self, game_id: str, post_id: int, reporter: str, reason: str, at: float) -> int:
        def job(connection: Connection) -> int:
            result = connection.execute(insert(reports).values(game_id=game_id, post_id=post_id, reporter=reporter,
                                                               reason=reason, status="open", at=at))
            self._log(connection, at, f"player:{reporter}", "report", game_id, str(post_id), reason)
            key = result.inserted_primary_key
            return int(key[0]) if key is not None else 0

        report_id: int = await self.store.writer.run(job)
        return report_id

    async def reports(self, status: str = "open", most: int = 200) -> list[ReportRow]:
        def fn(connection: Connection) -> list[ReportRow]:
            rows = connection.execute(
                select(reports, posts.c.author, posts.c.channel, posts.c.text)
                .join(posts, posts.c.id == reports.c.post_id)
                .where(reports.c.status == status).order_by(reports.c.id.desc()).limit(most)).mappings()
            return [ReportRow(r["id"], r["game_id"], r["post_id"], r["reporter"], r["reason"], r["status"], r["at"],
                              r["author"], r["channel"], r["text"]) for r in rows]

        result: list[ReportRow] = await self.store.read(fn)
        return result

    async def settle(self, report_id: int, hide: bool, actor: str, at: float) -> str | None:
        """Hides the reported post (every report of it closes) or dismisses the report; its game's id."""

        def job(connection: Connection) -> str | None:
            row = connection.execute(select(reports.c.game_id, reports.c.post_id)
                                     .where(reports.c.id == report_id)).first()
            if row is None:
                return None
            game_id, post_id = str(row[0]), int(row[1])
            if hide:
                if connection.execute(select(hidden_posts.c.post_id).where(hidden_posts.c.post_id == post_id)).first() \
                        is None:
                    connection.execute(insert(hidden_posts).values(post_id=post_id, game_id=game_id, at=at))
                connection.execute(update(reports).where(reports.c.post_id == post_id).values(status="hidden"))
            else:
                connection.execute(update(reports).where(reports.c.id == report_id).values(status="dismissed"))
            self._log(connection, at, actor, "hide" if hide else "dismiss", game_id, str(post_id), "")
            return game_id

        found: str | None = await self.store.writer.run(job)
        return found

    async def hidden(self, game_id: str) -> set[int]:
        rows = await self.store.read(lambda c: c.execute(
            select(hidden_posts.c.post_id).where(hidden_posts.c.game_id == game_id)).all())
        return {int(r[0]) for r in rows}

    async def entries(self, most: int = 200) -> list[dict[str, Any]]:
        rows = await self.store.read(lambda c: c.execute(select(mod_log).order_by(mod_log.c.id.desc()).limit(most))
                                .mappings().all())
        return [dict(r) for r in rows]
