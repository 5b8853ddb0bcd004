"""In real headless Chromium: players sign up, take their seats in a ranked game under their own names (a
visitor without an account is sent to sign in), the host starts it, the game is played to its end, and
each player's profile and the leaderboard show it; signing out and in again finds the same profile."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from server.helpers import free_port, play_to_end

SERVE = """
import sys, uvicorn
from pathlib import Path
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings
app = create_app(Settings(data=Path(sys.argv[1]), ladder_min_games=1, balance_sim_games=2))
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", timeout_graceful_shutdown=1)
"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with open(tmp_path / "server.log", "ab") as log:
        process = subprocess.Popen([sys.executable, "-c", SERVE, str(tmp_path / "data"), str(port)],
                                   stdout=log, stderr=log)
    try:
        for _ in range(300):
            try:
                if httpx.get(url + "/api/ping", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def sign_up(browser: Browser, url: str, name: str, start: str = "/signup") -> Page:
    page = browser.new_context().new_page()
    page.goto(url + start)
    if "/signin" in page.url:
        page.click("text=Регистрация")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", "пароль-надёжный")
    page.click("#sign-form button")
    return page


def test_sign_up_play_ranked_see_profile_and_ladder(browser: Browser, server: str) -> None:
    host = sign_up(browser, server, "Ведущий")
    expect(host.locator("#profile-name")).to_have_text("Ведущий")
    host.goto(server + "/ranked/new")
    host.locator("#pickers summary").click()  # the setup by role names
    host.locator("#pickers").get_by_label("мафиози 1-го ранга").fill("1")
    host.locator("#pickers").get_by_label("доктор").fill("1")
    host.fill("#players", "4")
    host.fill("input[name=title]", "Рейтинговая партия")
    host.click("#ranked-form button")
    expect(host.locator("#invite")).to_be_visible()
    invite = host.locator("#invite").inner_text().strip()
    admin = host.url.rsplit("/", 1)[1]

    visitor = browser.new_context().new_page()
    visitor.goto(invite)
    expect(visitor.locator("#signin-to-join")).to_be_visible()  # no nickname form for a visitor

    tokens = {}
    players = {}
    for name in ("Аня", "Борис", "Вера", "Глеб"):
        page = browser.new_context().new_page()
        page.goto(invite)
        page.click("#signin-to-join")
        page.click("text=Регистрация")  # from the sign-in page to sign-up, and back to the game
        page.fill("input[name=name]", name)
        page.fill("input[name=password]", "пароль-надёжный")
        page.click("#sign-form button")
        page.click("#ranked-join button")
        expect(page.locator("#role")).to_be_visible()
        tokens[name] = page.url.rsplit("/", 1)[1]
        players[name] = page
    expect(host.locator("#seats li")).to_have_count(4)
    host.click("#start")
    expect(host.locator(".pill.night")).to_be_visible()

    with httpx.Client(base_url=server) as api:
        play_to_end(api, {"admin_token": admin}, tokens, random.Random(5))
        winners = {name for name in tokens if 'class="result">победа' in api.get(f"/u/{name}").text}

    page = players["Аня"]
    page.goto(server + "/me")
    expect(page.locator("#profile-name")).to_have_text("Аня")
    expect(page.locator("#history tr.game")).to_have_count(1)
    expect(page.locator("#games-count")).to_have_text("1")
    expect(page.locator(".rating")).to_have_count(1)

    page.goto(server + "/ladder")
    expect(page.locator("#leaderboard tr.board-row")).to_have_count(4)
    rows = page.locator("#leaderboard tr.board-row")
    ordinals = [float(rows.nth(i).locator(".ordinal").inner_text()) for i in range(4)]
    assert ordinals == sorted(ordinals, reverse=True)
    if winners:  # not a draw: a winner is on top
        assert rows.nth(0).get_attribute("data-user") in winners
    for width in (1280, 390):
        leaderboard_is_a_table(page, width)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#leaderboard a >> nth=0")
    expect(page.locator("#profile-name")).to_be_visible()

    page.goto(server + "/me")
    page.click("#signout")
    page.goto(server + "/signin")
    page.fill("input[name=name]", "аня")
    page.fill("input[name=password]", "неверный")
    page.click("#sign-form button")
    expect(page.locator(".error")).to_contain_text("неверное имя или пароль")
    page.fill("input[name=name]", "аня")
    page.fill("input[name=password]", "пароль-надёжный")
    page.click("#sign-form button")
    expect(page.locator("#profile-name")).to_have_text("Аня")
    expect(page.locator("#history tr.game")).to_have_count(1)


COLUMNS = """() => [...document.querySelectorAll('#leaderboard tr')].map(tr =>
  [getComputedStyle(tr).display, [...tr.children].filter(c => c.offsetParent !== null)
    .map(c => Math.round(c.getBoundingClientRect().left))])"""


def leaderboard_is_a_table(page: Page, width: int) -> None:
    """At this width every row is a table row and its visible cells start where the head's columns start;
    the page does not scroll sideways; nothing in a heading breaks inside a word. A screenshot is kept."""
    page.set_viewport_size({"width": width, "height": 800})
    rows = page.evaluate(COLUMNS)
    assert all(display == "table-row" for display, _ in rows), rows
    head = rows[0][1]
    assert len(head) >= 4 and all(lefts == head for _, lefts in rows[1:]), rows
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    broken = page.evaluate("""() => [...document.querySelectorAll('h1, h2, th')].filter(h => {
        const words = h.textContent.trim().split(/\\s+/);
        const range = document.createRange(); range.selectNodeContents(h);
        return range.getClientRects().length > words.length; }).map(h => h.textContent)""")
    assert broken == [], broken
    shots = Path(__file__).parent.parent.parent / "test-results"
    shots.mkdir(exist_ok=True)
    assert page.screenshot(path=str(shots / f"leaderboard-{width}.png"), full_page=True)
