"""Sends that never vanish: a form sent with the network cut stays on the page with its input and says
«Нет связи — ход не отправлен», then goes by itself when the network returns (real Chromium). And HEAD
answers every page GET answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, expect

from rankedmafia.server.settings import Settings

from .helpers import InProcessServer, started_game


@pytest.fixture
def site(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=10_000,
                                       submit_rate=10_000)).start()
    yield running
    running.stop()


def test_a_form_sent_offline_stays_says_so_and_goes_when_the_network_returns(
        browser: Browser, site: InProcessServer) -> None:
    api = httpx.Client(base_url=site.url, timeout=10)
    game, tokens = started_game(api)
    seats = api.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()["seats"]
    mafia = next(s["name"] for s in seats if s["role"] == "mafia1")
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site.url}/p/{tokens[mafia]}")
    expect(page.locator("html")).to_have_attribute("data-live-open", "1")
    address = page.url
    page.fill("#chat-text", "ночью тихо")
    context.set_offline(True)
    page.click("#chat-form button")
    note = page.locator("p[data-unsent]")
    expect(note).to_contain_text("Нет связи — ход не отправлен")
    assert page.url == address
    expect(page.locator("#chat-text")).to_have_value("ночью тихо")  # the input is kept
    assert api.get(f"/api/player/{tokens[mafia]}/posts", params={"channel": "clan"}).json() == []
    context.set_offline(False)
    expect(note).to_have_count(0, timeout=10_000)
    posts = api.get(f"/api/player/{tokens[mafia]}/posts", params={"channel": "clan"}).json()
    assert [p["text"] for p in posts] == ["ночью тихо"]  # sent once, when the network returned
    context.close()


def test_head_answers_every_page_get_answers(sqlite_client: TestClient) -> None:
    game, tokens = started_game(sqlite_client)
    token = next(iter(tokens.values()))
    for path in ("/", f"/g/{game['id']}", f"/p/{token}", f"/h/{game['admin_token']}", "/api/lobby",
                 f"/api/games/{game['id']}", "/api/ping"):
        got = sqlite_client.get(path)
        head = sqlite_client.head(path)
        assert (head.status_code, head.headers["content-type"]) == (got.status_code, got.headers["content-type"])
        assert head.status_code == 200 and head.content == b"", path
    assert sqlite_client.head("/nowhere").status_code == 404
    assert sqlite_client.head("/api/lobby/events").status_code == 200  # a stream: its headers, then it ends


def test_head_of_a_live_stream_ends(tmp_path: Path) -> None:
    running = InProcessServer(Settings(data=tmp_path / "data")).start()
    try:
        r = httpx.head(f"{running.url}/api/lobby/events", timeout=5)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    finally:
        running.stop()


def test_a_plain_form_sent_offline_is_held_and_goes_when_the_network_returns(
        browser: Browser, site: InProcessServer) -> None:
    """The creation form (a whole page's answer) sent offline: held with its input, then sent."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site.url}/")
    page.fill("#create-form input[name=title]", "Партия без связи")
    context.set_offline(True)
    page.click("#create-form button[type=submit]")
    expect(page.locator("#create-form + p[data-unsent]")).to_contain_text("Нет связи — ход не отправлен")
    expect(page.locator("#create-form input[name=title]")).to_have_value("Партия без связи")
    context.set_offline(False)
    page.wait_for_url("**/h/**")
    expect(page.locator("body")).to_contain_text("Партия без связи")
    context.close()
