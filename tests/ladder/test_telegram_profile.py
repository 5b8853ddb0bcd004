"""The issue's "done when", end to end: players sign up on the site, link Telegram with `/link CODE` sent to
the real bot (against the fake Bot API), play a ranked game in a Telegram group and a ranked game on the
web, and see both on one profile, rated as OpenSkill rates them, on a leaderboard a rebuild reproduces."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from rankedmafia.accounts import Accounts
from rankedmafia.ladder.outcome import teams_and_ranks
from rankedmafia.ladder.ratings import RatingSettings
from rankedmafia.ladder.record import Record
from rankedmafia.server.app import create_app
from rankedmafia.store import Store, connect
from server.helpers import play_to_end
from telegram.fakeapi import FakeTelegram
from telegram.harness import NAMES, BotProcess, Table

from .conftest import settings
from .test_ranked_web import As, cli_out, csrf, fingerprint, ranked_game, take_seat

PASSWORD = "пароль-надёжный"


@pytest.fixture
def fake() -> Iterator[FakeTelegram]:
    server = FakeTelegram().start()
    yield server
    server.stop()


def accounts_with_codes(data: Path, names: list[str]) -> dict[str, str]:
    async def main() -> dict[str, str]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            accounts = Accounts(store)
            return {name: await accounts.issue_code((await accounts.sign_up(name, PASSWORD)).id) for name in names}
        finally:
            store.close()

    return asyncio.run(main())


def recorded(data: Path) -> list[object]:
    async def main() -> list[object]:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            record = Record(store)
            await record.sync()
            return list(await record.recorded())
        finally:
            store.close()

    return asyncio.run(main())


def test_web_and_telegram_games_on_one_profile(fake: FakeTelegram, tmp_path: Path) -> None:
    data = tmp_path / "data"
    table = Table(fake, 12)
    names = list(table.ids)
    codes = accounts_with_codes(data, names)
    bot = BotProcess(fake, data, night=4, day=4, follow_up=2).start()
    try:
        fake.say(table.ids[names[0]], table.ids[names[0]], "/link WRONG123")
        fake.wait(lambda: fake.last(table.ids[names[0]], lambda m: "не подходит" in m.text), 20, "a refusal")
        for name, user_id in table.ids.items():
            fake.say(user_id, user_id, f"/link {codes[name]}")
            fake.wait(lambda u=user_id, n=name: fake.last(u, lambda m: f"«{n}»" in m.text), 20, "the link")
        table.sign_up("classic-12")
        table.play(limit=240)
    finally:
        bot.stop()

    with TestClient(create_app(settings(tmp_path))) as client:
        players = {}
        for name in NAMES[:5]:
            players[name] = As(client)
            r = players[name].post("/signin", data={"csrf": csrf(players[name], "/signin"), "name": name,
                                                    "password": PASSWORD}, follow_redirects=False)
            assert r.status_code == 303, r.text
        host = As(client)
        host.post("/signup", data={"csrf": csrf(host, "/signup"), "name": "Ведущий", "password": PASSWORD})
        game_id, admin = ranked_game(host)
        tokens = {name: take_seat(page, game_id)[1].rsplit("/", 1)[1] for name, page in players.items()}
        assert client.post(f"/api/host/{admin}/start").status_code == 200
        play_to_end(client, {"admin_token": admin}, tokens, random.Random(8))

        profile = players[NAMES[0]].get(f"/u/{NAMES[0]}").text
        sources = re.findall(r'data-source="(\w+)"', profile)
        assert sorted(sources) == ["telegram", "web"]  # both games, one profile
        assert 'id="games-count">2<' in profile
        board = client.get("/ladder").text
        assert sorted(re.findall(r'class="board-row" data-user="([^"]+)"', board)) == sorted(names)

    # the ratings are OpenSkill's, game by game, in the order the games ended
    games = sorted((g for g in recorded(data) if g.rated), key=lambda g: (g.outcome.ended_at, g.outcome.game_id))
    assert [g.outcome.source for g in games] == ["telegram", "web"]
    model = PlackettLuce()
    ratings: dict[int, object] = {}
    for g in games:
        teams, ranks = teams_and_ranks(g.outcome)
        before = [[ratings.get(u) or model.rating() for u in team] for team in teams]
        for team, rated in zip(teams, model.rate(before, ranks=ranks), strict=True):
            ratings.update(zip(team, rated, strict=True))

    async def ladder() -> object:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            return await Record(store).ladder(RatingSettings(min_games=1))
        finally:
            store.close()

    ours = asyncio.run(ladder())
    table_now = next(iter(ours.seasons.values())) if len(ours.seasons) == 1 else None
    if table_now is not None:  # both games in one season (they end seconds apart, but a quarter may turn)
        assert {u: (s.mu, s.sigma) for u, s in table_now.items()} == {
            u: (r.mu, r.sigma) for u, r in ratings.items()}
    before = fingerprint(data, None)
    assert "(unchanged)" in cli_out(["ladder", "rebuild"], data, None)
    assert fingerprint(data, None) == before


def test_the_bot_refuses_a_banned_user_a_seat(fake: FakeTelegram, tmp_path: Path) -> None:
    data = tmp_path / "data"
    table = Table(fake, 12)
    banned = table.ids[NAMES[1]]

    async def ban() -> None:
        store = Store(await asyncio.to_thread(connect, data))
        try:
            await Accounts(store).ban_telegram(banned, "cheating")
        finally:
            store.close()

    asyncio.run(ban())
    bot = BotProcess(fake, data).start()
    try:
        registration = table.open("classic-12")
        code = registration.button("Вступить")["url"].split("start=")[1]
        fake.say(banned, banned, f"/start {code}")
        fake.wait(lambda: fake.last(banned, lambda m: "заблокировали" in m.text), 20, "the refusal")
        assert fake.last(banned, lambda m: bool(m.markup)) is None  # no sign-up buttons were offered
        other = table.ids[NAMES[2]]
        fake.say(other, other, f"/start {code}")
        prompt = fake.wait(lambda: fake.last(other, lambda m: bool(m.markup)), 20, "join prompt")
        table.click(other, prompt, "не указывать")
        fake.wait(lambda: "(1/" in registration.text, 20, "the list")
        assert NAMES[1] not in registration.text
    finally:
        bot.stop()
