"""End to end in real headless Chromium: a host and four players in their own browser contexts play a
whole small game (join, roles, night actions, the summary, votes, the winner), with live page updates.
With RANKEDMAFIA_SCREENSHOTS=1 it also refreshes the screenshots of the main pages (a phone's width) in
docs/screenshots/; otherwise it writes nothing, so a test run leaves the tree clean."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from playwright.sync_api import Browser, Page, expect

from .helpers import Server

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def shot(page: Page, name: str) -> None:
    if os.environ.get("RANKEDMAFIA_SCREENSHOTS") != "1":
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_whole_game_in_the_browser(browser: Browser, server: Server) -> None:
    host = browser.new_context(viewport=PHONE).new_page()
    host.goto(server.url + "/")
    shot(host, "home")
    host.fill("input[name=title]", "Вечерняя партия")
    host.locator("#pickers summary").click()  # a custom setup: the roles by name, the seats
    host.locator("#pickers").get_by_label("мафиози 1-го ранга").fill("1")
    host.locator("#pickers").get_by_label("доктор").fill("1")
    host.fill("#players", "4")
    expect(host.locator("#setup-check")).to_have_attribute("data-ok", "1")
    host.click("button[type=submit]")
    expect(host.locator("#invite")).to_be_visible()
    invite = host.locator("#invite").inner_text().strip()

    players: dict[str, Page] = {}
    for nick in ("Аня", "Борис", "Вера", "Глеб"):
        page = browser.new_context(viewport=PHONE).new_page()
        page.goto(invite)
        page.fill("input[name=nickname]", nick)
        page.click("button[type=submit]")
        expect(page.locator("#role")).to_be_visible()
        players[nick] = page
    expect(host.locator("#seats li")).to_have_count(4)  # the host's page filled itself live
    shot(host, "host-lobby")
    host.click("#start")
    expect(host.locator(".pill.night")).to_be_visible()

    roles = {}
    for nick, page in players.items():
        expect(page.locator("#my-role")).to_be_visible()  # the page updated itself when the game started
        roles[nick] = page.locator("#my-role").get_attribute("data-role")
    assert sorted(roles.values()) == ["civilian", "civilian", "doctor", "mafia1"]
    mafia = next(n for n, r in roles.items() if r == "mafia1")
    doctor = next(n for n, r in roles.items() if r == "doctor")
    victim = next(n for n, r in roles.items() if r == "civilian")
    shot(players[mafia], "player-night-mafia")
    card = players[doctor]
    expect(card.locator("#rules")).to_contain_text("Вы — доктор")  # the role card carries the role's rules
    expect(card.locator("form[data-action=heal] .explain")).to_contain_text("спасти")
    shot(card, "role-card")
    council = players[mafia]
    council.locator("#q-side_count summary").click()
    form = council.locator("#ask-side_count")
    form.locator("select[name=q_side]").select_option("town")
    form.locator("select[name=q_op]").select_option("ge")
    form.locator("select[name=q_n]").select_option("2")
    form.locator("#ask-side_count-side").focus()
    shot(council, "council-form")
    form.locator("select[name=q_side]").select_option("")  # left unsent

    kill = players[mafia].locator("form[data-action=kill]")
    kill.locator("select[name=target]").select_option(victim)
    kill.locator("button").click()
    expect(players[mafia].locator("#sent")).to_be_visible()
    expect(host.locator("#controls")).to_contain_text(mafia)  # the host sees it arrive, live
    heal = players[doctor].locator("form[data-action=heal]")
    heal.locator("select[name=target]").select_option(doctor)
    heal.locator("button").click()  # the last action: the night resolves by itself

    watcher = players[victim]
    # the day comes to his page live first; a click while that update lands could be undone by it
    expect(watcher.locator(".pill.day")).to_be_visible(timeout=15_000)
    watcher.click("text=Тред игры")
    expect(watcher.locator("#summaries")).to_contain_text("погиб игрок " + victim)
    expect(watcher.locator(".pill.day")).to_be_visible()
    shot(watcher, "thread-day")

    voters = [n for n in players if n not in (mafia, victim)]
    for i, nick in enumerate(voters):
        page = players[nick]
        page.goto(page.url.split("/thread")[0] + "/thread")
        page.select_option("#voteform select[name=choice]", mafia)
        page.click("#voteform button")
        if i == 0:
            expect(page.locator("#tally")).to_contain_text(mafia)
            expect(page.locator("#needed")).to_contain_text("нужно 2")
            expect(page.locator("#deadline .left")).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
            shot(page, "countdown-tally")
    boss = players[mafia]  # the day ends once every vote offered is cast (never at a count by heads)
    boss.goto(boss.url.split("/thread")[0] + "/thread")
    boss.select_option("#voteform select[name=choice]", "blue")
    boss.click("#voteform button")
    for page in players.values():  # every page learns the winner live
        expect(page.locator(".winner")).to_contain_text("город")
    shot(players[voters[0]], "thread-over")
    host.reload()
    expect(host.locator("#seed-value")).to_be_visible()
    shot(host, "host-over")
    players[mafia].goto(players[mafia].url.split("/thread")[0])
    shot(players[mafia], "player-over")
    replay = players[victim]
    replay.goto(host.url.split("/h/")[0] + "/g/" + invite.rstrip("/").split("/g/")[1].split("/")[0] + "/replay?step=1")
    expect(replay.locator("#step-title")).to_contain_text("Ночь 1")
    replay.locator("#next").click()
    expect(replay.locator("#step-title")).to_contain_text("День 1")
    replay.select_option("#who", victim)
    replay.locator("#who-form button").click()
    expect(replay.locator("#replay-role")).to_be_visible()
    shot(replay, "replay")
    english = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()
    english.goto(host.url.split("/h/")[0] + "/lang/en?next=/")
    expect(english.locator("#create h1")).to_have_text("Create a game")
    shot(english, "home-en-desktop")


def test_screenshots_only_when_asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    class Camera:
        def screenshot(self, path: str, full_page: bool) -> None:
            Path(path).write_bytes(b"png")

    monkeypatch.setitem(globals(), "SHOTS", tmp_path)
    monkeypatch.delenv("RANKEDMAFIA_SCREENSHOTS", raising=False)
    shot(cast(Page, Camera()), "quiet")
    assert not (tmp_path / "quiet.png").exists()
    monkeypatch.setenv("RANKEDMAFIA_SCREENSHOTS", "1")
    shot(cast(Page, Camera()), "asked")
    assert (tmp_path / "asked.png").read_bytes() == b"png"
