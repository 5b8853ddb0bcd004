"""In real headless Chromium: the creation form offers to fill the empty seats with bots, and the player
list of every page (host, player, spectator, replay) marks each bot «бот»; a person is never marked."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def bot_marks(page: Page, count: int) -> None:
    seats = page.locator("#seats li")
    expect(seats).to_have_count(5)
    expect(page.locator("#seats li .bot")).to_have_count(count)
    for mark in page.locator("#seats li .bot").all():
        expect(mark).to_have_text("бот")
    expect(seats.filter(has_text="Аня").locator(".bot")).to_have_count(0)
    for seat in seats.filter(has=page.locator(".bot")).all():
        expect(seat.locator(".nick")).to_have_text(re.compile(r"^\s*Бот [А-ЯЁ][а-яё]+\s*$"))


def test_the_form_offers_bots_and_every_list_marks_them(browser: Browser, server: Server) -> None:
    host = browser.new_context().new_page()
    host.goto(server.url + "/")
    options = host.locator("select#bots option")
    expect(options).to_have_count(3)
    expect(host.locator("label", has=host.locator("select#bots"))).to_contain_text("Заполнить пустые места ботами")
    assert [o.get_attribute("value") for o in options.all()] == ["none", "heuristic", "random"]
    expect(host.locator("select#bots")).to_have_value("none")  # people only, unless the host says otherwise
    host.locator("#pickers summary").click()  # the setup by its roles' names: 1 mafioso, 1 doctor, 5 seats
    host.locator("#pickers").get_by_label("мафиози 1-го ранга").fill("1")
    host.locator("#pickers").get_by_label("доктор").fill("1")
    host.fill("#players", "5")
    expect(host.locator("#setup-check")).to_have_attribute("data-ok", "1")
    host.select_option("select#bots", "random")
    host.click("button[type=submit]")
    expect(host.locator("#bots-note")).to_be_visible()
    invite = host.locator("#invite").inner_text().strip()
    spectator_link = host.locator("#spectator-link").inner_text().strip()

    player = browser.new_context().new_page()
    player.goto(invite)
    player.fill("input[name=nickname]", "Аня")
    player.click("button[type=submit]")
    expect(player.locator("#role")).to_be_visible()
    expect(host.locator("#seats li")).to_have_count(1)
    host.click("#start")  # one person: the four empty seats go to bots
    expect(host.locator(".pill.night")).to_be_visible()
    bot_marks(host, 4)
    expect(player.locator("#my-role")).to_be_visible()
    bot_marks(player, 4)
    spectator = browser.new_context().new_page()
    spectator.goto(spectator_link)
    bot_marks(spectator, 4)

    host.on("dialog", lambda dialog: dialog.accept())
    host.locator("form[action$='/end'] button").click()
    expect(host.locator(".pill.night")).to_have_count(0)
    spectator.goto(spectator_link + "/replay")
    bot_marks(spectator, 4)
    for page in (host, player, spectator):
        page.context.close()
