"""Look-alike nicknames at the table: the API and the join page refuse them with the reason in words, on
SQLite and PostgreSQL, and concurrent look-alike joins seat one of them only."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from .helpers import Server, create_game, started_game


def test_the_api_refuses_lookalikes_and_vote_words_in_words(client: TestClient) -> None:
    game = create_game(client)
    url = f"/api/games/{game['id']}/join"
    first = client.post(url, json={"nickname": " Вася\u200b "})
    assert first.status_code == 201 and first.json()["name"] == "Вася"
    cases = {
        "Bася": (409, "не отличить на вид от «Вася»"),
        "Ва\u200bся": (409, "ник «Вася» уже занят"),
        "\u202eясаВ": (409, "не отличить на вид от «Вася»"),  # shown as «Вася»
        "Синий": (409, "слово голосования"),
        "Bасилий": (422, "разных алфавитов"),
    }
    for typed, (status, words) in cases.items():
        r = client.post(url, json={"nickname": typed})
        assert r.status_code == status, r.text
        assert words in r.json()["message"]
        assert "nickname" not in r.json()["message"]
    english = client.post(url + "?lang=en", json={"nickname": "BACЯ"})
    assert "looks the same as “Вася”" in english.json()["message"]
    seated = client.get(f"/api/games/{game['id']}").json()
    assert [s["nickname"] for s in seated["seats"]] == ["Вася"]


def test_a_replacement_is_held_to_the_same_rule(client: TestClient) -> None:
    game, tokens = started_game(client)
    names = sorted(tokens)
    host = f"/api/host/{game['admin_token']}/replace"
    lookalike = names[1].replace("о", "o")  # a Latin «o» in «Игрок02»
    r = client.post(host, json={"name": names[0], "nickname": lookalike})
    assert r.status_code == 409 and "не отличить на вид" in r.json()["message"], r.text
    r = client.post(host, json={"name": names[0], "nickname": "никого"})
    assert r.status_code == 409 and "слово голосования" in r.json()["message"]
    r = client.post(host, json={"name": names[0], "nickname": "Новый\u200d игрок"})
    assert r.status_code == 200, r.text


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def test_concurrent_lookalike_joins_seat_one(server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        game = create_game(client)
    typed = ["Вася", "Bася", "BACЯ", "Ва\u200bся", "ВАСЯ", "вася\u200f", "Bacя"]

    def join(nick: str) -> int:
        with httpx.Client(base_url=server.url) as one:
            return one.post(f"/api/games/{game['id']}/join", json={"nickname": nick}).status_code

    with ThreadPoolExecutor(len(typed)) as pool:
        statuses = list(pool.map(join, typed))
    assert statuses.count(201) == 1, statuses
    with httpx.Client(base_url=server.url) as client:
        assert len(client.get(f"/api/games/{game['id']}").json()["seats"]) == 1


def test_the_join_page_says_why_a_name_is_refused(browser: Browser, server: Server) -> None:
    with httpx.Client(base_url=server.url) as client:
        game = create_game(client)
    first = browser.new_context().new_page()
    first.goto(f"{server.url}/g/{game['id']}/join")
    first.fill("input[name=nickname]", "Вася")
    first.click("button[type=submit]")
    expect(first.locator("#role")).to_be_visible()

    other = browser.new_context().new_page()
    for typed, words in (("Bася", "не отличить на вид от «Вася»"), ("Ва\u200bся", "ник «Вася» уже занят"),
                         ("\u202eясаВ", "не отличить на вид от «Вася»"),
                         ("синий", "слово голосования"), ("Bасилий", "разных алфавитов")):
        other.goto(f"{server.url}/g/{game['id']}/join")
        other.fill("input[name=nickname]", typed)
        other.click("button[type=submit]")
        expect(other.locator("p.error")).to_contain_text(words)
        expect(other.locator("#seats li")).to_have_count(1)
    other.fill("input[name=nickname]", "Вася 2")
    other.click("button[type=submit]")
    expect(other.locator("#role")).to_be_visible()
    first.close()
    other.close()
