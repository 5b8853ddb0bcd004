"""Every page of the site on a phone (390 px wide, in Chromium): none scrolls sideways. The home page with
its lobby, the join pages, the host's, the players' and the spectators' pages by night, by day and at the
end (a classic-12 game with long nicknames, the boss's Council forms included), the thread, the replay,
the leaderboard with a ranked game on it, a profile, a ranked game's creation, the balance, signing in
and up, an error page, the games to watch, and the home page in English."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page

from rankedmafia.server.settings import Settings

from .helpers import InProcessServer, play_to_end

WIDTH = 390
LONG = "Длиннющийникбезпробелов"  # 23 letters: the longest nickname without a break


@pytest.fixture
def site(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=10_000,
                                       submit_rate=10_000, balance_sim_games=2, ladder_min_games=1,
                                       account_burst=100)).start()
    yield running
    running.stop()


def csrf(client: httpx.Client, url: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get(url).text)
    assert found is not None
    return found.group(1)


def account(url: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=30)
    r = client.post("/signup", data={"csrf": csrf(client, "/signup"), "name": name, "password": "пароль-длинный",
                                     "next": ""})
    assert r.status_code == 303, r.text
    return client


def ranked_game_played(url: str) -> None:
    """A ranked game played to its end by four accounts: the leaderboard and the profiles have rows."""
    host = account(url, "Ведущий")
    # random players may stall: the house rule «stalemate» off, so that the game goes on to a rated winner
    setup = "name: four\nplayers: 4\nroles: {mafia1: 1, doctor: 1, civilian: 2}\nrules: {stalemate: 'off'}\n"
    r = host.post("/ranked/new", data={"csrf": csrf(host, "/ranked/new"), "title": "Рейтинговая партия",
                                       "setup_yaml": setup, "listed": "1"})
    assert r.status_code == 303, r.text
    admin = r.headers["location"].split("/h/")[1]
    game_id = host.get(f"/api/host/{admin}").json()["game"]["id"]
    tokens = {}
    for name in ("Аня", "Борис", "Вера", LONG):
        player = account(url, name)
        r = player.post(f"/g/{game_id}/join-ranked", data={"csrf": csrf(player, f"/g/{game_id}/join")})
        assert r.status_code == 303, r.text
        tokens[name] = r.headers["location"].split("/p/")[1]
    api = httpx.Client(base_url=url, timeout=30)
    assert api.post(f"/api/host/{admin}/start").status_code == 200
    play_to_end(api, {"admin_token": admin}, tokens, random.Random(7), end_if_stalled=True)


def wide(page: Page, url: str) -> int:
    page.goto(url)
    page.wait_for_load_state("load")
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


def test_no_page_scrolls_sideways_on_a_phone(browser: Browser, site: InProcessServer) -> None:
    ranked_game_played(site.url)
    api = httpx.Client(base_url=site.url, timeout=30)
    waiting = api.post("/api/games", json={"title": "Партия с очень длинным названием без всяких сокращений",
                                           "preset": "full-35", "listed": True}).json()
    game = api.post("/api/games", json={"title": "Классика", "preset": "classic-12", "listed": True,
                                        "night_seconds": 3600, "day_seconds": 3600}).json()
    tokens = {}
    for i in range(12):
        r = api.post(f"/api/games/{game['id']}/join", json={"nickname": f"{LONG[:21]}{i:02d}"})
        tokens[r.json()["name"]] = r.json()["token"]
    admin = game["admin_token"]
    urls = ["/", "/?lang=en", f"/g/{waiting['id']}/join", f"/g/{game['id']}/join", f"/g/{game['id']}",
            f"/h/{admin}", *[f"/p/{t}" for t in list(tokens.values())[:2]], "/signin", "/signup", "/ladder",
            "/balance", "/g/nosuchgame", "/ranked/new", f"/u/{LONG}", "/ranked/quick", "/ranked/quick?lang=en"]
    api.post(f"/api/host/{admin}/start")
    night = [*[f"/p/{t}" for t in tokens.values()], f"/p/{next(iter(tokens.values()))}/thread",
             f"/g/{game['id']}", f"/h/{admin}", f"/h/{admin}?everything=1"]
    page = browser.new_context(viewport={"width": WIDTH, "height": 844}).new_page()
    too_wide = {url: w for url in urls + night if (w := wide(page, site.url + url)) > WIDTH}

    api.post(f"/api/host/{admin}/resolve")
    alive = [s["name"] for s in api.get(f"/api/host/{admin}").json()["seats"] if s["alive"]]
    rng = random.Random(3)
    for name in alive[:5]:
        api.post(f"/api/player/{tokens[name]}/vote", json={"choice": rng.choice(alive)})
    day = [*[f"/p/{t}" for t in list(tokens.values())[:3]], *[f"/p/{t}/thread" for t in list(tokens.values())[:3]],
           f"/g/{game['id']}", f"/h/{admin}", f"/h/{admin}?everything=1", "/watch", "/watch?lang=en"]
    too_wide |= {url: w for url in day if (w := wide(page, site.url + url)) > WIDTH}

    api.post(f"/api/host/{admin}/end")
    first = next(iter(tokens))
    end = [f"/p/{tokens[first]}", f"/p/{tokens[first]}/thread", f"/g/{game['id']}", f"/h/{admin}",
           f"/g/{game['id']}/replay?step=0", f"/g/{game['id']}/replay?step=1&who={first}", "/", "/ladder"]
    too_wide |= {url: w for url in end if (w := wide(page, site.url + url)) > WIDTH}

    page.goto(site.url + "/signin")  # signed in: the own profile's forms, and a ranked game's creation
    page.fill("input[name=name]", LONG)
    page.fill("input[name=password]", "пароль-длинный")
    page.click("#sign-form button")
    page.wait_for_url(re.compile("/u/"))
    signed = [f"/u/{LONG}", "/ranked/new", "/ladder"]
    too_wide |= {url: w for url in signed if (w := wide(page, site.url + url)) > WIDTH}
    assert page.locator("#leaderboard tr.board-row").count() >= 4  # the table itself was on the page
    assert too_wide == {}
