"""In real headless Chromium, on a phone's width: a site run with AI players (`serve --agents`, the fake
model in process) offers them on the creation form; the seat lists mark them «ИИ» beside the bots'
«бот»; once the game is over, its replay lists the AI seats with their counts and shows each one's
prompts and answers, readable without scrolling sideways."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import Server

AGENTS = """agents:
  - {name: fake, kind: ai, base_url: "fake:legal", model: m, posts_per_day: 1}
"""
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    agents = tmp_path / "agents.yaml"
    agents.write_text(AGENTS, encoding="utf-8")
    running = Server(tmp_path / "data", agents=agents).start()
    yield running
    running.stop()


def fits_the_width(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), page.url


def test_ai_players_are_offered_marked_and_replayed_on_a_phone(browser: Browser, server: Server) -> None:
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(server.url + "/")
    host.locator("#pickers summary").click()
    host.locator("#pickers").get_by_label("мафиози 1-го ранга").fill("1")
    host.locator("#pickers").get_by_label("доктор").fill("1")
    host.fill("#players", "5")
    expect(host.locator("#setup-check")).to_have_attribute("data-ok", "1")
    host.fill("#ai-count", "2")
    expect(host.locator("select#ai-agent option")).to_have_count(1)
    host.select_option("select#bots", "random")
    host.click("button[type=submit]")
    invite = host.locator("#invite").inner_text().strip()
    spectator_link = host.locator("#spectator-link").inner_text().strip()

    player = browser.new_context(viewport=PHONE).new_page()
    player.goto(invite)
    player.fill("input[name=nickname]", "Аня")
    player.click("button[type=submit]")
    expect(player.locator("#role")).to_be_visible()
    host.click("#start")  # one person: two AI players, then two bots
    expect(host.locator(".pill.night")).to_be_visible()
    for page in (host, player):
        expect(page.locator("#seats li")).to_have_count(5)
        expect(page.locator("#seats li .ai")).to_have_count(2)
        expect(page.locator("#seats li .bot:not(.ai)")).to_have_count(2)
        expect(page.locator("#seats li", has_text="Аня").locator(".bot")).to_have_count(0)
        fits_the_width(page)
    ai_names = [n.strip() for n in host.locator("#seats li:has(.ai) .nick").all_inner_texts()]
    host.on("dialog", lambda dialog: dialog.accept())
    # Into the day, where every AI seat posts once, then votes. If the night waits for Аня (she never
    # sends), the host ends it; otherwise it ends by itself once the bots and AI seats have sent.
    if "Аня" in host.locator("p", has_text="Ждём ходов от").inner_text():
        host.click("#resolve")
    expect(host.locator(".pill.day")).to_be_visible(timeout=30_000)
    living_ai = [n for n in ai_names if not host.locator(f"#seats li.dead[data-name='{n}']").count()]
    assert living_ai  # one night kills one player at the most
    # an AI boss who killed twice has lost today's vote (the rule book): only the others are offered one
    voters = [n for n in living_ai if not host.locator(f"#seats li.silenced[data-name='{n}']").count()]
    for name in voters:
        expect(host.locator(f"#seats li[data-name='{name}']")).to_have_class(re.compile(r"\bvoted\b"),
                                                                              timeout=30_000)
    host.locator("form[action$='/end'] button").click()
    expect(host.locator(".pill.night")).to_have_count(0)
    viewer = browser.new_context(viewport=PHONE).new_page()
    viewer.goto(spectator_link + "/replay")
    seats = viewer.locator("a[href*='/replay/ai/']")
    expect(seats).to_have_count(2)
    fits_the_width(viewer)
    seats.filter(has_text=(voters or living_ai)[0]).click()
    expect(viewer.locator("#ai-seat")).to_be_visible()
    turns = viewer.locator(".ai-turn")
    assert turns.count() >= 2  # his post and his vote (a silenced boss: his night's act), at least
    turns.first.locator("summary").click()
    expect(turns.first.locator("pre.prompt").first).to_be_visible()
    fits_the_width(viewer)
    for page in (host, player, viewer):
        page.context.close()
