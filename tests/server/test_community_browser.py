"""In Chromium, briefly: the player's page offers push notifications and asks the browser's permission only
after the tap, then registers his service worker; a dead player's page shows the dead's chat and gets a
spectator's line live, while a living player's page has no such section."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from rankedmafia.server.settings import Settings

from .community_helpers import kill_one, listed_game
from .helpers import InProcessServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=100_000)).start()
    yield running
    running.stop()


def test_push_offer_and_the_dead_chat_live(browser: Browser, server: InProcessServer) -> None:
    api = httpx.Client(base_url=server.url, timeout=10)
    game, tokens = listed_game(api)
    victim, killer = kill_one(api, game, tokens)

    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.url}/p/{tokens[killer]}")
    expect(page.locator("#push-button")).to_be_visible()
    assert page.evaluate("Notification.permission") == "default"  # nothing asked before the tap
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    assert page.locator("#dead-chat").count() == 0  # a living player's page: no dead's chat
    context.grant_permissions(["notifications"], origin=server.url)
    page.click("#push-button")
    page.wait_for_function("navigator.serviceWorker.getRegistrations().then(r => r.length === 1)", timeout=10_000)
    scope = page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r[0].scope)")
    assert scope == f"{server.url}/p/{tokens[killer]}/"

    dead = browser.new_page()
    dead.goto(f"{server.url}/p/{tokens[victim]}")
    expect(dead.locator("#dead-chat")).to_be_visible()
    dead.wait_for_timeout(300)  # its stream is open
    r = api.post(f"/api/games/{game['id']}/dead", json={"name": "Гость", "text": "держись, мы с тобой"})
    assert r.status_code == 201
    expect(dead.locator("#dead-posts")).to_contain_text("держись, мы с тобой")
    dead.fill("#dead-form textarea", "спасибо")
    dead.click("#dead-form button")
    expect(dead.locator("#dead-posts")).to_contain_text("спасибо")
    assert "спасибо" not in page.content()
