"""Commands that cross or come late (docs/web.md, "The phase guard"): a form or API call of a phase that has
ended is refused in words (409) and lands nowhere; two «end now» sent at once end one phase, on one process
and across two on one PostgreSQL; a command or post sent twice with the same one-time token is stored once,
even when the copies arrive together."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from rankedmafia.live import commands as cmd
from rankedmafia.live import service as svc
from rankedmafia.live.errors import Refusal
from rankedmafia.live.hub import Hub
from rankedmafia.live.posts import add_post
from rankedmafia.rules.model import Act
from rankedmafia.setup import Setup
from rankedmafia.store import Store

from .helpers import SMALL_SETUP, InProcessServer, Server, started_game
from .helpers import run_on_store as run

DAY_OVER = "Этот день уже закончился — голос не принят"
NIGHT_OVER = "Эта ночь уже закончилась — ход не принят"
END_OVER = "Эта ночь уже закончилась — команда не принята"


def hidden(page: str, marker: str) -> dict[str, str]:
    """The hidden fields of the form whose tag holds `marker` (its csrf, phase and one-time token)."""
    start = page.index(marker)
    form = page[start:page.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def roles(client: Any, admin: str) -> dict[str, str]:
    return {s["name"]: s["role"] for s in client.get(f"/api/host/{admin}", params={"everything": True}).json()["seats"]}


def test_stale_forms_and_api_calls_are_refused_in_words(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client)
    admin = game["admin_token"]
    doctor = next(n for n, r in roles(client, admin).items() if r == "doctor")
    heal_page = client.get(f"/p/{tokens[doctor]}").text  # last night's heal form, left open
    heal = {**hidden(heal_page, 'id="act-heal"'), "action": "heal", "target": doctor}
    assert heal["phase"] == "night-1" and heal["once"]
    assert client.post(f"/api/host/{admin}/resolve", json={"phase": "night-1"}).json()["key"] == "day-1"
    voter = next(iter(tokens))
    vote_page = client.get(f"/p/{tokens[voter]}/thread").text  # yesterday's vote form, left open
    vote = {**hidden(vote_page, 'id="vote-form"'), "choice": "blue"}
    assert vote["phase"] == "day-1"
    assert client.post(f"/api/host/{admin}/resolve", json={"phase": "day-1"}).json()["key"] == "night-2"
    assert client.post(f"/api/host/{admin}/resolve", json={"phase": "night-2"}).json()["key"] == "day-2"
    before = client.get(f"/api/host/{admin}/record").json()

    stale_vote = client.post(f"/p/{tokens[voter]}/vote", data=vote)
    assert stale_vote.status_code == 409 and DAY_OVER in stale_vote.text
    stale_heal = client.post(f"/p/{tokens[doctor]}/act", data=heal)
    assert stale_heal.status_code == 409 and NIGHT_OVER in stale_heal.text
    api = client.post(f"/api/player/{tokens[voter]}/vote", json={"choice": "blue", "phase": "day-1"})
    assert api.status_code == 409 and api.json()["message"] == DAY_OVER
    english = client.post(f"/api/player/{tokens[voter]}/vote", params={"lang": "en"},
                          json={"choice": "blue", "phase": "day-1"})
    assert english.status_code == 409
    assert english.json()["message"] == "This day is already over — the vote was not taken"
    no_phase = client.post(f"/p/{tokens[voter]}/vote", data={"csrf": vote["csrf"], "choice": "blue"})
    assert no_phase.status_code == 409 and "обновите страницу" in no_phase.text
    assert client.get(f"/api/host/{admin}/record").json() == before  # nothing landed anywhere
    # today's form is taken
    fresh = {**hidden(client.get(f"/p/{tokens[voter]}/thread").text, 'id="vote-form"'), "choice": "blue"}
    assert client.post(f"/p/{tokens[voter]}/vote", data=fresh, follow_redirects=False).status_code == 303
    assert client.get(f"/api/games/{game['id']}").json()["counts"] == {"blue": 1}


def test_a_host_form_of_an_ended_phase_ends_nothing(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, _ = started_game(client)
    admin = game["admin_token"]
    page = client.get(f"/h/{admin}").text
    end_now = hidden(page, f'action="/h/{admin}/resolve"')
    assert end_now["phase"] == "night-1"
    assert client.post(f"/h/{admin}/resolve", data=end_now, follow_redirects=False).status_code == 303
    again = client.post(f"/h/{admin}/resolve", data={**end_now, "once": "another tap"})
    assert again.status_code == 409 and "Эта ночь уже закончилась — команда не принята" in again.text
    assert client.get(f"/api/games/{game['id']}").json()["game"]["key"] == "day-1"


# --- the service itself, on SQLite and PostgreSQL ---------------------------------------------------------


async def running_game(store: Store) -> tuple[svc.GameService, str]:
    service = svc.GameService(store, Hub())
    setup: Setup = svc.parse_setup(None, SMALL_SETUP)
    game_id, _ = await service.create("t", setup, 3600, 3600)
    for i in range(setup.players):
        await service.join(game_id, f"Игрок{i}")
    await service.execute(game_id, cmd.start_build)
    return service, game_id


async def outcomes(calls: list[Awaitable[Any]]) -> list[str]:
    """Each call's result: "ok", "taken", or the refusal's id."""
    done = await asyncio.gather(*calls, return_exceptions=True)
    return sorted("taken" if not isinstance(d, BaseException) and d[1].value == svc.TAKEN
                  else d.rule if isinstance(d, Refusal) else "ok" if not isinstance(d, BaseException) else repr(d)
                  for d in done)


def test_two_crossing_end_now_on_one_process_end_one_phase(database: tuple[Path, str | None]) -> None:
    async def body(store: Store) -> None:
        service, game_id = await running_game(store)
        other = svc.GameService(store, Hub())  # a second service on the same store: the log decides
        await other.get(game_id)
        key = cmd.phase_key(await service.get(game_id))
        got = await outcomes([service.execute(game_id, cmd.resolve_now_build(key)),
                              service.execute(game_id, cmd.resolve_now_build(key)),
                              other.execute(game_id, cmd.resolve_now_build(key))])
        assert got == ["night_over", "night_over", "ok"]
        assert cmd.phase_key(await svc.GameService(store, Hub()).get(game_id)) == "day-1"
        assert [e.type for e in await store.log(game_id)].count("resolve") == 1

    run(database, body)


def test_a_token_sent_twice_or_at_once_is_taken_once(database: tuple[Path, str | None]) -> None:
    async def body(store: Store) -> None:
        service, game_id = await running_game(store)
        live = await service.get(game_id)
        assert live.game is not None
        doctor = next(p.name for p in live.game.players() if p.role == "doctor")
        heal = cmd.act_build(Act(doctor, "heal", (doctor,)), phase="night-1")
        other = svc.GameService(store, Hub())
        got = await outcomes([service.execute(game_id, heal, once="tap-1"),
                              service.execute(game_id, heal, once="tap-1"),
                              other.execute(game_id, heal, once="tap-1")])
        assert got == ["ok", "taken", "taken"]
        assert sum(e.type == "act" for e in await store.log(game_id)) == 1
        _, again = await service.execute(game_id, heal, once="tap-1")  # a retry after a lost answer
        assert again.value == svc.TAKEN and sum(e.type == "act" for e in await store.log(game_id)) == 1
        # posts: identical ones sent at once are stored once; another token is another post
        await service.execute(game_id, cmd.resolve_now_build("night-1"))
        live = await service.get(game_id)
        assert live.game is not None
        author = live.game.alive()[0]
        ids = await asyncio.gather(*(add_post(service, live, author, "thread", "Привет", once="post-1")
                                     for _ in range(3)))
        assert sorted(ids)[:2] == [0, 0] and sorted(ids)[2] > 0
        await add_post(service, live, author, "thread", "Привет", once="post-2")
        assert [p.text for p in await store.posts(game_id, ["thread"])] == ["Привет", "Привет"]

    run(database, body)


def test_the_api_takes_an_idempotency_key_once(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game, tokens = started_game(client)
    admin = game["admin_token"]
    client.post(f"/api/host/{admin}/resolve")
    voter = next(iter(tokens))
    key = {"Idempotency-Key": "retry-me"}
    first = client.post(f"/api/player/{tokens[voter]}/post", json={"text": "Я мирный"}, headers=key)
    second = client.post(f"/api/player/{tokens[voter]}/post", json={"text": "Я мирный"}, headers=key)
    assert first.status_code == second.status_code == 201 and second.json()["taken"] is True
    assert [p["text"] for p in client.get(f"/api/player/{tokens[voter]}/posts").json()] == ["Я мирный"]
    end = client.post(f"/api/host/{admin}/resolve", json={"phase": "day-1"}, headers={"Idempotency-Key": "end"})
    assert end.status_code == 200 and end.json()["taken"] is False and end.json()["key"] == "night-2"
    repeat = client.post(f"/api/host/{admin}/resolve", json={"phase": "day-1"}, headers={"Idempotency-Key": "end"})
    assert repeat.status_code == 200 and repeat.json()["taken"] is True and repeat.json()["key"] == "night-2"


def test_two_end_now_at_once_through_the_api_end_one_phase(tmp_path: Path) -> None:
    from rankedmafia.server.settings import Settings

    server = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.2, submit_burst=1000)).start()
    try:
        client = httpx.Client(base_url=server.url, timeout=10)
        game, _ = started_game(client)
        codes = crossing(server.url, server.url, f"/api/host/{game['admin_token']}/resolve", {"phase": "night-1"})
        assert codes == [200, 409]
        assert client.get(f"/api/games/{game['id']}").json()["game"]["key"] == "day-1"
    finally:
        server.stop()


def crossing(url_a: str, url_b: str, path: str, body: dict[str, Any] | None) -> list[int]:
    """The same command sent to both addresses at the same moment: the answers' status codes."""
    barrier = threading.Barrier(2)
    codes: list[int] = []

    def send(url: str) -> None:
        with httpx.Client(base_url=url, timeout=10) as client:
            barrier.wait()
            codes.append(client.post(path, json=body).status_code)

    threads = [threading.Thread(target=send, args=(u,)) for u in (url_a, url_b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    return sorted(codes)


def test_two_end_now_across_two_processes_on_postgresql(tmp_path: Path, pg_url: str) -> None:
    a = Server(tmp_path / "a", pg_url).start()
    b = Server(tmp_path / "b", pg_url).start()
    try:
        ca, cb = httpx.Client(base_url=a.url, timeout=10), httpx.Client(base_url=b.url, timeout=10)
        game, _ = started_game(ca)
        admin = game["admin_token"]
        cb.get(f"/api/host/{admin}")  # both processes hold the game
        assert crossing(a.url, b.url, f"/api/host/{admin}/resolve", {"phase": "night-1"}) == [200, 409]
        time.sleep(0.3)
        for client in (ca, cb):
            assert client.get(f"/api/games/{game['id']}").json()["game"]["key"] == "day-1"
    finally:
        a.stop()
        b.stop()
