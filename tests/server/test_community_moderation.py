"""Moderation: a player reports a post; the host closes the thread to a player and opens it again, and gives
a seat to a bot; a moderator named in the settings sees the report, hides the post and bans an account;
every step is in the log, and no step shows a role."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings

from .community_helpers import kill_one, listed_game

INSULT = "Все вы тут дураки"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=0.05, submit_burst=200,
                              moderators=("Модератор",), account_burst=100))
    with TestClient(app) as client:
        yield client


def csrf(client: TestClient, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


def signed_up(app: object, name: str) -> TestClient:
    client = TestClient(app)  # type: ignore[arg-type]
    r = client.post("/signup", data={"csrf": csrf(client, "/signup"), "name": name, "password": "пароль-длинный",
                                     "next": ""}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return client


def test_report_mute_bot_hide_and_ban(site: TestClient) -> None:
    game, tokens = listed_game(site)
    _, killer = kill_one(site, game, tokens)
    admin = game["admin_token"]
    alive = [s["name"] for s in site.get(f"/api/games/{game['id']}").json()["seats"] if s["alive"]]
    rude, other = [n for n in alive if n != killer][:2]
    post = site.post(f"/api/player/{tokens[rude]}/post", json={"text": INSULT}).json()["id"]
    r = site.post(f"/api/player/{tokens[other]}/report", json={"post_id": post, "reason": "оскорбления"})
    assert r.status_code == 201, r.text
    assert site.post(f"/api/player/{tokens[other]}/report", json={"post_id": 99999, "reason": "x"}).status_code == 404
    page = site.get(f"/p/{tokens[other]}/thread").text
    assert "Пожаловаться" in page
    form = site.post(f"/p/{tokens[other]}/report", data={"csrf": csrf(site, f"/p/{tokens[other]}/thread"),
                                                         "post_id": post, "reason": "снова"}, follow_redirects=False)
    assert form.status_code == 303

    # the host closes the thread to him, and opens it again
    assert site.post(f"/api/host/{admin}/moderate", json={"name": rude, "action": "mute"}).status_code == 200
    refused = site.post(f"/api/player/{tokens[rude]}/post", json={"text": "а я ещё скажу"})
    assert refused.status_code == 403 and refused.json()["message"] == "ведущий закрыл вам тред до конца игры"
    thread = [p["text"] for p in site.get(f"/api/player/{tokens[other]}/posts").json()]
    assert f"Ведущий закрыл тред для игрока «{rude}» до конца игры." in thread
    assert site.post(f"/api/host/{admin}/moderate", json={"name": rude, "action": "unmute"}).status_code == 200
    assert site.post(f"/api/player/{tokens[rude]}/post", json={"text": "извините"}).status_code == 201

    # a moderator: the report, the post hidden, an account banned
    outsider = signed_up(site.app, "Прохожий")
    assert outsider.get("/mod").status_code == 403
    signed_up(site.app, "Злодей")
    moderator = signed_up(site.app, "Модератор")
    page = moderator.get("/mod").text
    assert INSULT in page and "оскорбления" in page and rude in page
    assert "мафиози" not in page.lower() and "mafia1" not in page  # nothing the game hides
    report = re.search(r'name="report" value="(\d+)"', page)
    assert report is not None
    r = moderator.post("/mod/hide", data={"csrf": csrf(moderator, "/mod"), "report": report.group(1)},
                       follow_redirects=False)
    assert r.status_code == 303
    for token in tokens.values():
        assert INSULT not in site.get(f"/api/player/{token}/posts").text
    assert INSULT not in site.get(f"/g/{game['id']}").text
    assert "Новых жалоб нет" in moderator.get("/mod").text
    r = moderator.post("/mod/ban", data={"csrf": csrf(moderator, "/mod"), "target": "Злодей", "reason": "спам"},
                       follow_redirects=False)
    assert r.status_code == 303
    log = moderator.get("/mod").text
    for words in ("жалоба", "тред закрыт", "тред открыт", "сообщение скрыто", "аккаунт заблокирован"):
        assert words in log, words

    # the host gives a seat to a bot
    assert site.post(f"/api/host/{admin}/moderate", json={"name": rude, "action": "bot"}).status_code == 200
    seats = {s["name"]: s for s in site.get(f"/api/games/{game['id']}").json()["seats"]}
    assert seats[rude]["bot"]
    again = site.post(f"/api/host/{admin}/moderate", json={"name": rude, "action": "bot"})
    assert again.status_code == 409 and "бот" in again.json()["message"]


def test_the_sites_own_thread_lines_read_in_english() -> None:
    from rankedmafia.server.host_lines import host_line

    assert host_line("Даша не сделала ни одного хода две фазы подряд: до конца игры за неё играет бот.", "en") == (
        "Даша sent nothing for two phases in a row: a bot plays the seat for the rest of the game.")
    assert host_line("Ведущий закрыл тред для игрока «Вася» до конца игры.", "en") == (
        "The host closed the thread to “Вася” for the rest of the game.")
    assert host_line("Ведущий закрыл тред для игрока «Вася» до конца игры.", "ru").startswith("Ведущий")
    assert host_line("просто пост", "en") == "просто пост"
