"""Live pages in real headless Chromium: a live update never wipes what a player has chosen or typed, and
whatever a page shows after a reload it shows live without one (the clan chat, the post box, the vote form,
the reanimator's step, the end), phase after phase."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from rankedmafia.server.settings import Settings

from .helpers import InProcessServer, create_game, join_all, random_move

CHAT = "name: chat\nplayers: 6\nroles: {mafia1: 1, mafia2: 1, doctor: 1, commissar: 1, civilian: 2}\n"
STEP = "name: step\nplayers: 6\nroles: {mafia1: 1, mafia2: 1, doctor: 1, reanimator: 1, civilian: 2}\n"
# What differs between two loads of one page and is no content: the countdown's ticking seconds.
MAIN_TEXT = """() => {
  const main = document.querySelector("main").cloneNode(true);
  main.querySelectorAll("[data-deadline], [role=alert]").forEach(e => e.remove());
  return main.textContent.replace(/\\s+/g, " ").trim();
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=100_000)).start()
    yield running
    running.stop()


def start(api: httpx.Client, setup: str, players: int) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    game = create_game(api, setup)
    tokens = join_all(api, game["id"], players)
    assert api.post(f"/api/host/{game['admin_token']}/start").status_code == 200
    seats = api.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()["seats"]
    return game, tokens, {s["name"]: s["role"] for s in seats}


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_page()
    page.goto(url)
    expect(page.locator("html[data-live-ready]")).to_have_count(1)
    page.wait_for_timeout(300)  # the live stream is open
    return page


def test_a_live_update_keeps_a_half_filled_form(browser: Browser, server: InProcessServer) -> None:
    api = httpx.Client(base_url=server.url, timeout=10)
    game, tokens, roles = start(api, CHAT, 6)
    boss = next(n for n, r in roles.items() if r == "mafia1")
    second = next(n for n, r in roles.items() if r == "mafia2")
    victim = next(n for n, r in roles.items() if r == "civilian")
    page = open_page(browser, f"{server.url}/p/{tokens[boss]}")
    kill = page.locator("form[data-action=kill]")
    kill.locator("select[name=target]").select_option(victim)
    page.locator("#chat-text").click()
    page.keyboard.type("половина мысли")
    # another mafioso writes in the clan's chat: the boss's page changes under his half-filled forms
    assert api.post(f"/api/player/{tokens[second]}/post", json={"text": "я тут", "channel": "clan"}).status_code == 201
    expect(page.locator("#chat")).to_contain_text("я тут")
    assert kill.locator("select[name=target]").input_value() == victim
    assert page.locator("#chat-text").input_value() == "половина мысли"
    assert page.evaluate("document.activeElement.id") == "chat-text"
    page.keyboard.type(", и вторая")  # the caret is still where he left it
    assert page.locator("#chat-text").input_value() == "половина мысли, и вторая"
    # sending one form in the background keeps the other's choice
    page.locator("#chat-form button").click()
    expect(page.locator("#chat")).to_contain_text("половина мысли, и вторая")
    assert kill.locator("select[name=target]").input_value() == victim
    assert page.locator("#chat-text").input_value() == ""

    # by day: a typed post and a chosen vote survive the others' votes and posts
    api.post(f"/api/host/{game['admin_token']}/resolve")
    thread = open_page(browser, f"{server.url}/p/{tokens[victim]}/thread")
    expect(thread.locator("#vote-choice")).to_be_visible()
    thread.locator("#vote-choice").select_option(boss)
    thread.locator("#post-text").fill("Думаю, что")
    others = [n for n in tokens if n not in (victim, boss)]
    api.post(f"/api/player/{tokens[others[0]]}/vote", json={"choice": second})
    api.post(f"/api/player/{tokens[others[1]]}/post", json={"text": "голосую"})
    expect(thread.locator("#tally")).to_contain_text(second)
    expect(thread.locator("#posts")).to_contain_text("голосую")
    assert thread.locator("#vote-choice").input_value() == boss
    assert thread.locator("#post-text").input_value() == "Думаю, что"
    expect(thread.locator("#not-voted")).to_contain_text(boss)


def test_every_section_lives(browser: Browser, server: InProcessServer) -> None:
    api = httpx.Client(base_url=server.url, timeout=10)
    game, tokens, roles = start(api, STEP, 6)
    admin = game["admin_token"]
    boss = next(n for n, r in roles.items() if r == "mafia1")
    reanimator = next(n for n, r in roles.items() if r == "reanimator")
    doctor = next(n for n, r in roles.items() if r == "doctor")
    civilian = next(n for n, r in roles.items() if r == "civilian")
    urls = {
        "boss": f"{server.url}/p/{tokens[boss]}",
        "reanimator": f"{server.url}/p/{tokens[reanimator]}",
        "thread": f"{server.url}/p/{tokens[civilian]}/thread",
        "public": f"{server.url}/g/{game['id']}",
        "host": f"{server.url}/h/{admin}",
    }
    live = {key: open_page(browser, url) for key, url in urls.items()}
    # a browser of each page's own: one that has opened a living player's page hides the dead's chat on the
    # spectator page (server/dead_chat.py)
    fresh = {key: browser.new_page() for key in urls}

    def same_as_reloaded(moment: str) -> None:
        for key, page in live.items():
            fresh[key].goto(urls[key])
            expected = fresh[key].evaluate(MAIN_TEXT)
            for _ in range(50):
                if page.evaluate(MAIN_TEXT) == expected:
                    break
                page.wait_for_timeout(100)
            assert page.evaluate(MAIN_TEXT) == expected, f"{key} after {moment}"

    same_as_reloaded("the start")
    api.post(f"/api/player/{tokens[boss]}/post", json={"text": "план", "channel": "clan"})
    same_as_reloaded("a clan post")
    api.post(f"/api/player/{tokens[boss]}/act", json={"action": "kill", "targets": [civilian]})
    api.post(f"/api/player/{tokens[doctor]}/act", json={"action": "heal", "targets": [doctor]})
    expect(live["reanimator"].locator("#tentative")).to_be_visible()  # his step opened, live
    same_as_reloaded("the reanimator's step")
    api.post(f"/api/player/{tokens[reanimator]}/pass")
    same_as_reloaded("his answer")  # the pause goes on to its deadline: nothing public changed
    api.post(f"/api/host/{admin}/resolve")
    expect(live["thread"].locator("#phase")).to_contain_text("День 1")
    same_as_reloaded("the first night")
    rng = random.Random(5)
    for phase in range(20):
        status = api.get(f"/api/games/{game['id']}").json()["game"]["status"]
        if status == "over":
            break
        for token in tokens.values():
            random_move(api, token, rng)
        if api.get(f"/api/games/{game['id']}").json()["game"]["status"] != "over":
            api.post(f"/api/host/{admin}/resolve")
            api.post(f"/api/host/{admin}/resolve")  # a reanimator's step, if one opened
        same_as_reloaded(f"phase {phase + 2}")
    expect(live["public"].locator(".winner")).to_be_visible()
    same_as_reloaded("the end")


def test_the_deadline_in_the_readers_own_zone(browser: Browser, server: InProcessServer) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    api = httpx.Client(base_url=server.url, timeout=10)
    game, tokens, _ = start(api, CHAT, 6)
    deadline = api.get(f"/api/games/{game['id']}").json()["game"]["deadline"]
    for zone in ("Asia/Vladivostok", "America/Los_Angeles"):
        context = browser.new_context(timezone_id=zone)
        page = context.new_page()
        page.goto(f"{server.url}/p/{next(iter(tokens.values()))}")
        local = datetime.fromtimestamp(deadline, ZoneInfo(zone))
        expect(page.locator("#deadline .at")).to_contain_text(f"{local:%H:%M}")
        expect(page.locator("#deadline .left")).to_have_text(re.compile(r"^(0|\d+ д )?\d+:\d\d:\d\d$|^\d+:\d\d$"))
        context.close()
