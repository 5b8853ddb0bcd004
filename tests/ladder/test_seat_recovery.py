"""A signed-in player who takes a seat in a game that is not ranked holds it with his account: if he loses
his secret link, his profile and the game's page lead him back to the same seat; a second join gives him
no second seat; nobody else is shown the way to it; a seat the host gave away is no longer his."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from rankedmafia.server.app import create_app
from server.helpers import SMALL_SETUP, create_game, join_all

from .conftest import settings
from .test_browser import server, sign_up  # noqa: F401  (the fixture, and signing up in the browser)


def csrf(client: TestClient, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


def test_the_account_holds_the_seat_and_gives_it_back(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client, \
            TestClient(client.app) as stranger:
        game = create_game(client, SMALL_SETUP)
        signup = {"csrf": csrf(client, "/signup"), "name": "Вася", "password": "password1"}
        assert client.post("/signup", data=signup, follow_redirects=False).status_code == 303
        join = f"/g/{game['id']}/join"
        form = {"csrf": csrf(client, join), "nickname": "Василий", "sex": "m"}
        first = client.post(join, data=form, follow_redirects=False)
        assert first.status_code == 303
        link = first.headers["location"]
        again = client.post(join, data={**form, "nickname": "Другой"}, follow_redirects=False)
        assert again.headers["location"] == link  # the same seat, not a second one
        seats = client.get(f"/api/games/{game['id']}").json()["seats"]
        assert [s["nickname"] for s in seats] == ["Василий"]
        # the link lost: the game's page, the join page and the profile lead back to it
        assert f'href="{link}"' in client.get(f"/g/{game['id']}").text
        assert f'href="{link}"' in client.get(join).text
        assert f'href="{link}"' in client.get("/u/Вася").text
        # nobody else sees it
        assert link not in stranger.get(f"/g/{game['id']}").text
        assert "Войдите в аккаунт, прежде чем сесть" in stranger.get(join).text
        assert link not in stranger.get("/u/Вася").text
        # a refused nickname is said as for anyone, and holds nothing
        other = create_game(client, SMALL_SETUP)
        join_all(client, other["id"], 1, prefix="Вася")
        refused = client.post(f"/g/{other['id']}/join", data={**form, "nickname": "Bася01"})
        assert refused.status_code == 409 and "не отличить на вид" in refused.text
        assert "my-seat" not in client.get(f"/g/{other['id']}").text


def test_a_seat_given_to_a_replacement_is_not_shown_back(tmp_path: Path) -> None:
    with TestClient(create_app(settings(tmp_path))) as client:
        game = create_game(client, SMALL_SETUP)
        signup = {"csrf": csrf(client, "/signup"), "name": "Петя", "password": "password2"}
        assert client.post("/signup", data=signup, follow_redirects=False).status_code == 303
        join = f"/g/{game['id']}/join"
        seat = client.post(join, data={"csrf": csrf(client, join), "nickname": "Пётр"}, follow_redirects=False)
        link = seat.headers["location"]
        join_all(client, game["id"], 4)
        host = f"/api/host/{game['admin_token']}"
        assert client.post(f"{host}/start").status_code == 200
        assert client.post(f"{host}/replace", json={"name": "Пётр", "nickname": "Сменщик"}).status_code == 200
        assert link not in client.get(f"/g/{game['id']}").text


def test_a_lost_link_comes_back_in_the_browser(browser: Browser, server: str) -> None:  # noqa: F811
    with httpx.Client(base_url=server) as api:
        game = create_game(api, SMALL_SETUP)
    page = sign_up(browser, server, "Маша")
    expect(page.locator("#profile-name")).to_have_text("Маша")
    page.goto(f"{server}/g/{game['id']}/join")
    expect(page.locator("#keep-seat")).to_have_count(0)  # signed in: no advice to sign in
    page.fill("input[name=nickname]", "Мария")
    page.click("form[action$='/join'] button[type=submit]")
    expect(page.locator("#role")).to_be_visible()
    link = page.url
    page.goto(f"{server}/g/{game['id']}")  # the link is lost: only the game's page is left
    page.click("#my-seat a")
    expect(page.locator("#role")).to_be_visible()
    assert page.url == link
    page.goto(f"{server}/me")
    page.click("#playing a")
    assert page.url == link
