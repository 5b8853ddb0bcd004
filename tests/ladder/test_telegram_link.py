"""The account side of the bot's `/link CODE`, on SQLite and PostgreSQL: a fresh code links, a spent or
wrong one is refused with a sentence, and nothing changes."""

from __future__ import annotations

import asyncio

from rankedmafia.accounts import Accounts
from rankedmafia.accounts.telegram import link_reply
from rankedmafia.store import Store


def test_link_by_code(store: Store) -> None:
    async def main() -> None:
        accounts = Accounts(store)
        user = await accounts.sign_up("Маша", "password1")
        code = await accounts.issue_code(user.id)
        assert "/link" in await link_reply(store, 11, "   ")
        assert "не подходит" in await link_reply(store, 11, "WRONG123")
        assert await accounts.telegram_user(11) is None
        assert "«Маша»" in await link_reply(store, 11, code)
        assert (await accounts.telegram_user(11)) is not None
        assert "does not fit" in await link_reply(store, 12, code, "en")
        assert await accounts.telegram_user(12) is None

    asyncio.run(main())
