"""Histories: a profile lists each game with its title, date, setup, role, side and result, the title
linking to its replay."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .helpers import play_to_end


@pytest.fixture
def site(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=10_000, submit_rate=10_000,
                              account_burst=100, ladder_min_games=1))
    with TestClient(app) as client:
        yield client


def csrf(client: TestClient, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


def account(site: TestClient, name: str) -> TestClient:
    client = TestClient(site.app)
    r = client.post("/signup", data={"csrf": csrf(client, "/signup"), "name": name, "password": "пароль-длинный",
                                     "next": ""}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return client


def test_a_profile_lists_title_date_setup_role_side_result_and_replay(site: TestClient) -> None:
    host = account(site, "Ведущий")
    r = host.post("/ranked/new", data={"csrf": csrf(host, "/ranked/new"), "title": "Пятничная партия",
                                       "role_mafia1": "1", "role_doctor": "1", "players": "4"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    admin = r.headers["location"].split("/h/")[1]
    game_id = site.get(f"/api/host/{admin}").json()["game"]["id"]
    tokens = {}
    for name in ("Аня", "Борис", "Вера", "Глеб"):
        player = account(site, name)
        r = player.post(f"/g/{game_id}/join-ranked", data={"csrf": csrf(player, f"/g/{game_id}/join")},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        tokens[name] = r.headers["location"].split("/p/")[1]
    assert site.post(f"/api/host/{admin}/start").status_code == 200
    play_to_end(site, {"admin_token": admin}, tokens, random.Random(7), end_if_stalled=True)
    page = site.get("/u/Аня").text
    row = page[page.index('<tr class="game"'):]
    row = row[: row.index("</tr>")]
    assert "Пятничная партия" in row and f'href="/g/{game_id}/replay"' in row
    assert time.strftime("%d.%m.%Y", time.gmtime()) in row
    assert "Свой расклад" in row  # the setup in words
    roles = {"мафиози 1-го ранга", "доктор", "мирный житель"}
    assert any(role in row for role in roles)
    assert "город" in row or "мафия" in row
    assert any(word in row for word in ("победа", "поражение", "ничья", "не окончена"))


def test_play_again_offers_the_seats_to_the_same_table_first(sqlite_client: TestClient) -> None:
    from .community_helpers import listed_game

    client = sqlite_client
    game, tokens = listed_game(client)
    admin = game["admin_token"]
    early = client.post(f"/api/host/{admin}/again")
    assert early.status_code == 409 and "окончена" in early.json()["message"]
    first = next(iter(tokens))
    assert client.post(f"/api/player/{tokens[first]}/again").status_code == 404  # nothing opened yet
    client.post(f"/api/host/{admin}/end")
    assert "Сыграть ещё раз с тем же столом" in client.get(f"/p/{tokens[first]}").text
    r = client.post(f"/api/host/{admin}/again")
    assert r.status_code == 201, r.text
    new = r.json()
    assert client.post(f"/api/host/{admin}/again").status_code == 409  # once
    assert new["id"] not in client.get("/").text  # out of the lobby while the old table is offered its seats
    assert [g["id"] for g in client.get("/api/lobby").json()] == []
    seated = {}
    for name, token in tokens.items():
        r = client.post(f"/api/player/{token}/again")
        assert r.status_code == 201, r.text
        seated[name] = r.json()["token"]
    info = client.get(f"/api/host/{new['admin_token']}").json()
    assert [s["name"] for s in info["seats"]] == list(tokens)
    assert info["game"]["title"] == "Вечерняя партия" and info["game"]["setup"] == "one-killer"
    assert client.post(f"/api/host/{new['admin_token']}/start").status_code == 200
    page = client.get(f"/h/{admin}").text
    assert 'id="again"' in page


def test_quick_join_opens_a_ranked_game_once_enough_wait(site: TestClient) -> None:
    assert site.post("/api/quick").status_code == 401  # signed in only
    players = [account(site, f"Игрок {chr(ord('А') + i)}") for i in range(12)]
    for i, player in enumerate(players[:-1]):
        state = player.post("/api/quick").json()
        assert state["waiting"] == i + 1 and state["needed"] == 12 and state["seat"] is None
    assert players[0].delete("/api/quick").json()["waiting"] == 10  # one leaves ...
    assert players[0].post("/api/quick").json()["waiting"] == 11  # ... and comes back
    page = players[-1].get("/ranked/quick").text
    assert "В очереди: 11 из 12" in page
    last = players[-1].post("/ranked/quick", data={"csrf": csrf(players[-1], "/ranked/quick")},
                            follow_redirects=False)
    assert last.status_code == 303 and last.headers["location"].startswith("/p/"), last.text[-3000:]
    seats = [player.get("/api/quick").json()["seat"] for player in players]
    assert all(seats) and len(set(seats)) == 12
    me = site.get(f"/api/player/{seats[0].split('/p/')[1]}").json()
    assert me["game"]["status"] == "running" and me["me"]["role"]
    watched = site.get("/api/watch").json()
    assert [g["title"] for g in watched] == ["Быстрая рейтинговая игра"] and watched[0]["ranked"]
    assert 'id="quick-link"' in site.get("/").text
