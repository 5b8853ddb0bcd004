"""A ranked game on the web, on SQLite and PostgreSQL: accounts only (an anonymous join is refused by the
page and the API alike), one seat per account, not for the game's creator nor a banned player; then the
profile, the leaderboard, a rebuild from the logs that reproduces it exactly, voids, and a game whose seat
changed hands left unrated."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import delete
from typer.testing import CliRunner

from rankedmafia.cli import app as cli
from rankedmafia.ladder.tables import ladder_games
from rankedmafia.store import connect
from server.helpers import SMALL_SETUP, play_to_end

ADMIN = "admin-key-for-tests"


def csrf(client: TestClient | As, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


class As:
    """One browser's cookies on the shared client (one event loop for every request, as in a server)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        # the cookie jar of the HTTP package the test client is built on (starlette picks httpx2 where it is
        # installed, as the openai client brings it)
        self.jar = type(client.cookies)
        self.cookies = self.jar()

    def _call(self, method: str, url: str, **kwargs: Any) -> httpx.Response:
        self.client.cookies = self.cookies
        try:
            return self.client.request(method, url, **kwargs)
        finally:
            self.cookies = self.jar(self.client.cookies)
            self.client.cookies = self.jar()

    def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return self._call("GET", url, **kwargs)

    def post(self, url: str, **kwargs: Any) -> httpx.Response:
        return self._call("POST", url, **kwargs)


def signed_up(host: TestClient, name: str) -> As:
    client = As(host)
    r = client.post("/signup", data={"csrf": csrf(client, "/signup"), "name": name, "password": "password1"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return client


def ranked_game(owner: As) -> tuple[str, str]:
    r = owner.post("/ranked/new", data={"csrf": csrf(owner, "/ranked/new"), "setup_yaml": SMALL_SETUP,
                                         "title": "Рейтинговая"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    admin = r.headers["location"].rsplit("/", 1)[1]
    return owner.get(f"/api/host/{admin}").json()["game"]["id"], admin


def take_seat(client: As, game_id: str) -> tuple[int, str]:
    r = client.post(f"/g/{game_id}/join-ranked", data={"csrf": csrf(client, "/")},
                    follow_redirects=False)
    return r.status_code, r.headers.get("location", r.text)


def cli_out(args: list[str], data: Path, database: str | None) -> str:
    more = ["--data", str(data)] + (["--database", database] if database else [])
    result = CliRunner().invoke(cli, [*args, *more])
    assert result.exit_code == 0, result.output
    return result.output


def fingerprint(data: Path, database: str | None) -> str:
    found = re.search(r"ladder ([0-9a-f]{16})", cli_out(["ladder", "show", "--min-games", "1"], data, database))
    assert found is not None
    return found.group(1)


def test_a_ranked_game_from_sign_up_to_the_ladder(app_client: TestClient, database: str | None,
                                                   tmp_path: Path) -> None:
    host = signed_up(app_client, "Ведущий")
    game_id, admin = ranked_game(host)

    r = app_client.post(f"/api/games/{game_id}/join", json={"nickname": "Аноним"})
    assert r.status_code == 401 and r.json()["error"] == "signed_out" and "аккаунт" in r.json()["message"]
    r = app_client.post(f"/g/{game_id}/join", data={"csrf": csrf(app_client, "/"), "nickname": "Аноним"})
    assert r.status_code == 401 and "аккаунт" in r.text
    assert "signin-to-join" in app_client.get(f"/g/{game_id}/join").text
    assert take_seat(host, game_id)[0] == 409  # the creator may not play

    cheat = signed_up(app_client, "Шулер")
    r = app_client.get(f"/admin?key={ADMIN}")
    assert r.status_code == 200
    r = app_client.post("/admin/ban", data={"csrf": csrf(app_client, "/admin"), "target": "шулер",
                                            "reason": "мультиаккаунт"}, follow_redirects=False)
    assert r.status_code == 303
    status, text = take_seat(cheat, game_id)
    assert status == 403 and "заблокирован" in text
    assert As(app_client).get("/admin").status_code == 403  # no key, no admin page

    tokens = {}
    players = {}
    for name in ("Аня", "Борис", "Вера", "Глеб", "Дина"):
        players[name] = signed_up(app_client, name)
        status, location = take_seat(players[name], game_id)
        assert status == 303, location
        tokens[name] = location.rsplit("/", 1)[1]
    assert take_seat(players["Аня"], game_id) == (303, f"/p/{tokens['Аня']}")  # the same seat again
    assert len(app_client.get(f"/api/games/{game_id}").json()["seats"]) == 5

    assert app_client.post(f"/api/host/{admin}/start").status_code == 200
    assert f"/p/{tokens['Вера']}" in players["Вера"].get("/u/Вера").text  # his game in progress, his seat
    assert f"/p/{tokens['Вера']}" not in players["Аня"].get("/u/Вера").text  # never on someone else's view
    play_to_end(app_client, {"admin_token": admin}, tokens, random.Random(3))

    board = app_client.get("/ladder").text
    listed = re.findall(r'class="board-row" data-user="([^"]+)"', board)
    assert sorted(listed) == sorted(tokens)
    profile = players["Аня"].get("/u/Аня").text
    assert f'data-game="{game_id}"' in profile and 'id="games-count">1<' in profile
    assert "Рейтинговая" in profile and f"/g/{game_id}/replay" in profile

    data = tmp_path / "data"
    before = fingerprint(data, database)
    assert "(unchanged)" in cli_out(["ladder", "rebuild"], data, database)
    db = connect(data, database, migrate=False)
    with db.engine.begin() as connection:
        connection.execute(delete(ladder_games))  # every outcome forgotten: read again from the logs
    db.engine.dispose()
    assert fingerprint(data, database) == before
    assert app_client.get("/ladder").text == board

    # a game whose seat changed hands is recorded but not rated
    second, admin2 = ranked_game(host)
    seats2 = {name: take_seat(players[name], second)[1].rsplit("/", 1)[1] for name in players}
    assert app_client.post(f"/api/host/{admin2}/start").status_code == 200
    r = app_client.post(f"/api/host/{admin2}/replace", json={"name": "Глеб", "nickname": "Замена"})
    assert r.status_code == 200, r.text
    seats2["Глеб"] = r.json()["token"]
    play_to_end(app_client, {"admin_token": admin2}, seats2, random.Random(4))
    assert 'id="games-count">2<' in players["Аня"].get("/u/Аня").text
    assert fingerprint(data, database) == before

    # a voided game leaves the ratings; voided no more, it is back exactly
    cli_out(["ladder", "void", game_id, "--reason", "договорная"], data, database)
    assert re.findall(r'class="board-row" data-user', app_client.get("/ladder").text) == []
    cli_out(["ladder", "unvoid", game_id], data, database)
    assert app_client.get("/ladder").text == board
