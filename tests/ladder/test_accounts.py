"""Accounts and sessions on SQLite and PostgreSQL: sign-up, sign-in, sessions that expire and close, one-time
Telegram codes, bans; every refusal changes nothing."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import select

from rankedmafia.accounts import AccountError, Accounts
from rankedmafia.accounts.tables import users
from rankedmafia.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_sign_up_and_in(store: Store) -> None:
    async def main() -> None:
        accounts = Accounts(store)
        user = await accounts.sign_up("  Маша  Петрова ", "correct horse")
        assert user.name == "Маша Петрова"
        with store.db.engine.connect() as c:
            stored = c.execute(select(users.c.password_hash)).scalar_one()
        assert stored.startswith("$argon2id$") and "correct horse" not in stored
        assert (await accounts.sign_in("маша петрова", "correct horse")).id == user.id
        assert (await accounts.sign_up("Пе\u200bтя", "password1")).name == "Петя"  # an invisible space dropped
        for name, password, rule in (("МАША ПЕТРОВА", "another one", "name_taken"), ("", "password1", "bad_name"),
                                     ("x" * 25, "password1", "bad_name"), ("<b>", "password1", "bad_name"),
                                     ("Blue", "password1", "nickname_vote_word"), ("Петя", "short", "bad_password"),
                                     ("Bася", "password1", "nickname_mixed_scripts"),
                                     ("Host", "password1", "name_taken")):
            with pytest.raises(AccountError) as refused:
                await accounts.sign_up(name, password)
            assert refused.value.rule == rule
        for name, password in (("Маша Петрова", "wrong horse"), ("Никто", "correct horse")):
            with pytest.raises(AccountError) as refused:
                await accounts.sign_in(name, password)
            assert refused.value.rule == "bad_credentials"
        with store.db.engine.connect() as c:
            assert c.execute(select(users.c.name)).scalars().all() == ["Маша Петрова", "Петя"]

    asyncio.run(main())


def test_sessions_expire_and_close(store: Store) -> None:
    async def main() -> None:
        clock = Clock()
        accounts = Accounts(store, clock)
        user = await accounts.sign_up("Вася", "password1")
        token = await accounts.open_session(user.id)
        other = await accounts.open_session(user.id)
        assert (await accounts.session_user(token)) == user
        assert await accounts.session_user("forged" + token) is None
        assert await accounts.session_user(None) is None
        await accounts.close_session(token)
        assert await accounts.session_user(token) is None
        assert (await accounts.session_user(other)) == user
        clock.now += 31 * 86400
        assert await accounts.session_user(other) is None

    asyncio.run(main())


def test_telegram_codes_are_one_time(store: Store) -> None:
    async def main() -> None:
        clock = Clock()
        accounts = Accounts(store, clock)
        masha = await accounts.sign_up("Маша", "password1")
        petya = await accounts.sign_up("Петя", "password1")
        code = await accounts.issue_code(masha.id)
        assert len(code) == 8
        linked = await accounts.redeem_code(code.lower()[:4] + " " + code.lower()[4:], 777)
        assert linked.id == masha.id and linked.tg_user == 777
        assert (await accounts.telegram_user(777)) == linked
        with pytest.raises(AccountError) as refused:
            await accounts.redeem_code(code, 888)  # spent
        assert refused.value.rule == "bad_code"
        code = await accounts.issue_code(petya.id)
        with pytest.raises(AccountError) as refused:
            await accounts.redeem_code(code, 777)  # Telegram user 777 is Маша's
        assert refused.value.rule == "telegram_taken"
        assert (await accounts.telegram_user(777)) == linked
        late = await accounts.issue_code(petya.id)
        clock.now += 16 * 60
        with pytest.raises(AccountError):
            await accounts.redeem_code(late, 999)
        await accounts.ban_telegram(999, "spam")
        fresh = await accounts.issue_code(petya.id)
        with pytest.raises(AccountError) as refused:
            await accounts.redeem_code(fresh, 999)
        assert refused.value.rule == "banned"
        assert await accounts.telegram_user(999) is None
        assert (await accounts.redeem_code(fresh, 555)).tg_user == 555  # the refusal did not spend the code

    asyncio.run(main())


def test_bans(store: Store) -> None:
    async def main() -> None:
        accounts = Accounts(store)
        user = await accounts.sign_up("Вася", "password1")
        code = await accounts.issue_code(user.id)
        await accounts.redeem_code(code, 42)
        assert not await accounts.telegram_banned(42)
        await accounts.ban(user.id, "cheating")
        banned = await accounts.user(user.id)
        assert banned is not None and banned.banned and banned.ban_reason == "cheating"
        assert await accounts.telegram_banned(42)  # through his account
        await accounts.unban(user.id)
        assert not await accounts.telegram_banned(42)
        await accounts.ban_telegram(43, "flood")
        assert await accounts.telegram_banned(43)
        assert (await accounts.banned_list())[1] == [(43, "flood")]
        with pytest.raises(AccountError):
            await accounts.ban(9999, "nobody")

    asyncio.run(main())
