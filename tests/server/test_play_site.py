"""The site as a place to play, in real headless Chromium on a phone's width: the lobby lists the open
games their hosts listed and keeps itself current; a custom setup is chosen by role names and checked by
the engine as it is picked; a player is told when it is his move (the line, the tab's title and icon, an
alert asked for once by a button); a refusal appears beside the refused form, which keeps its choices;
the invite link is shared or copied; and at the end every player's page shows every role, who won and
whether he did, with the replay."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from rankedmafia.rules.roles import ROLES
from rankedmafia.server.settings import Settings

from .helpers import InProcessServer

PHONE = {"width": 390, "height": 844}
SETUP = "name: e2e\nplayers: 4\nroles: {mafia1: 1, doctor: 1, civilian: 2}\n"
TURN = re.compile(r"^● Ваш ход · ")
# Stands in for the browser's Notification API: records the alerts and the permission asked for.
NOTIFICATIONS = """
window.__notes = []; window.__asked = 0;
window.Notification = class {
  constructor(title, options) { window.__notes.push([title, (options || {}).body || ""]); }
  static get permission() { return localStorage.getItem("test-permission") || "default"; }
  static requestPermission() { window.__asked += 1; localStorage.setItem("test-permission", "granted");
                               return Promise.resolve("granted"); }
};
"""


@pytest.fixture
def site(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=10_000,
                                       submit_rate=10_000, balance_sim_games=2, ladder_min_games=1)).start()
    yield running
    running.stop()


def phone(browser: Browser, script: str = "") -> Page:
    context = browser.new_context(viewport=PHONE)
    if script:
        context.add_init_script(script)
    return context.new_page()


def create(api: httpx.Client, title: str, listed: bool, setup: str = SETUP, **more: Any) -> dict[str, Any]:
    r = api.post("/api/games", json={"title": title, "setup_yaml": setup, "night_seconds": 3600,
                                     "day_seconds": 5400, "listed": listed, **more})
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def no_ids(text: str) -> None:
    """No role id reaches the page (the pickers' fields carry them, never their words)."""
    for role in ROLES:
        assert not re.search(rf"(?<![\w-]){re.escape(role)}(?![\w-])", text), role


def test_the_lobby_lists_open_games_live_and_a_visitor_joins_from_it(browser: Browser, site: InProcessServer) -> None:
    api = httpx.Client(base_url=site.url, timeout=30)
    visitor = phone(browser)
    visitor.goto(site.url + "/")
    expect(visitor.locator("#no-games")).to_be_visible()
    visitor.locator("#pickers summary").click()  # a half-made setup, under the list's live updates
    visitor.locator("#pickers").get_by_label("доктор").fill("1")
    first = create(api, "Вечерняя партия", listed=True)
    row = visitor.locator(f"li.open-game[data-game='{first['id']}']")
    expect(row).to_contain_text("Вечерняя партия")  # appeared by itself
    expect(visitor.locator("#pickers")).to_have_attribute("open", "")
    expect(visitor.locator("#pickers").get_by_label("доктор")).to_have_value("1")
    expect(row).to_contain_text("0 из 4")
    expect(row).to_contain_text("мафиози 1-го ранга, доктор, мирный житель ×2")
    expect(row).to_contain_text("ночь 1 ч · день 90 мин")
    expect(row).to_contain_text("без рейтинга")
    hidden = create(api, "Только по ссылке", listed=False)
    second = create(api, "Вторая", listed=True)
    expect(visitor.locator(f"li.open-game[data-game='{second['id']}']")).to_be_visible()
    expect(visitor.locator(f"li.open-game[data-game='{hidden['id']}']")).to_have_count(0)  # unlisted: link only
    assert api.post(f"/api/games/{first['id']}/join", json={"nickname": "Аня"}).status_code == 201
    expect(row.locator(".taken")).to_have_text("1 из 4")  # a seat taken elsewhere, counted live
    no_ids(visitor.locator("main").inner_text())

    row.locator("a.join").click()
    visitor.fill("input[name=nickname]", "Борис")
    visitor.click("button[type=submit]")
    expect(visitor.locator("#turn")).to_contain_text("Набор игроков")
    watcher = phone(browser)
    watcher.goto(site.url + "/")
    expect(watcher.locator(f"li.open-game[data-game='{first['id']}'] .taken")).to_have_text("2 из 4")
    for nick in ("Вера", "Глеб"):
        api.post(f"/api/games/{first['id']}/join", json={"nickname": nick})
    assert api.post(f"/api/host/{first['admin_token']}/start").status_code == 200
    expect(watcher.locator(f"li.open-game[data-game='{first['id']}']")).to_have_count(0)  # no longer open
    listed = [g["id"] for g in api.get("/api/lobby").json()]
    assert listed == [second["id"]]


def test_a_custom_setup_by_pickers_checked_as_it_is_picked(browser: Browser, site: InProcessServer) -> None:
    host = phone(browser)
    host.goto(site.url + "/")
    no_ids(host.locator("main").inner_text())
    host.locator("#pickers summary").click()
    pickers = host.locator("#pickers")
    expect(pickers).to_contain_text("комиссар")
    host.fill("#players", "6")
    pickers.get_by_label("сержант").fill("1")
    pickers.get_by_label("мафиози 1-го ранга").fill("1")
    check = host.locator("#setup-check")
    expect(check).to_have_attribute("data-ok", "0")
    expect(check).to_contain_text("сержант")  # the engine's own refusal, in words
    pickers.get_by_label("комиссар").fill("1")
    expect(check).to_have_attribute("data-ok", "1")
    expect(check).to_contain_text("Расклад годится (6)")
    expect(check).to_contain_text("мирный житель ×3")
    host.fill("input[name=title]", "Свой стол")
    host.uncheck("#listed")
    host.click("#create-button")
    expect(host.locator("#invite")).to_be_visible()
    admin = host.url.split("/h/")[1]
    info = httpx.get(f"{site.url}/api/host/{admin}").json()
    assert info["game"]["roles"] == {"sergeant": 1, "mafia1": 1, "commissar": 1}
    assert info["game"]["players_needed"] == 6
    assert httpx.get(f"{site.url}/api/lobby").json() == []  # the host kept it unlisted

    host.goto(site.url + "/")
    host.locator("#pickers summary").click()
    host.locator("#pickers").get_by_label("мирный житель").fill("5")  # nobody against the town
    host.click("#create-button")
    error = host.locator("#create-form [role=alert]")
    expect(error).to_contain_text("город")  # the engine's refusal: nobody plays against the town
    expect(host.locator("#pickers")).to_have_attribute("open", "")  # the choices are kept
    expect(host.locator("#pickers").get_by_label("мирный житель")).to_have_value("5")
    no_ids(host.locator("main").inner_text())


def test_turns_you_cannot_miss_refusals_beside_their_form_and_the_end(browser: Browser, site: InProcessServer) -> None:
    api = httpx.Client(base_url=site.url, timeout=30)
    game = create(api, "Партия", listed=True)
    invite = f"{site.url}/g/{game['id']}/join"

    host = phone(browser, "window.__shared = null; navigator.share = function (d) { window.__shared = d; "
                          "return Promise.resolve(); };")
    host.goto(site.url + game["host_url"])
    host.click("#share")
    host.wait_for_function("window.__shared !== null")
    assert host.evaluate("window.__shared.url") == invite
    copier_context = browser.new_context(viewport=PHONE)
    copier_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site.url)
    copier_context.add_init_script("Object.defineProperty(navigator, 'share', {value: undefined});")
    copier = copier_context.new_page()
    copier.goto(site.url + game["host_url"])
    copier.click("#share")
    expect(copier.locator(".share-note")).to_have_text("Ссылка скопирована")
    assert copier.evaluate("navigator.clipboard.readText()") == invite

    pages: dict[str, Page] = {}
    for nick in ("Аня", "Борис", "Вера", "Глеб"):
        token = api.post(f"/api/games/{game['id']}/join", json={"nickname": nick}).json()["token"]
        page = phone(browser, NOTIFICATIONS)
        page.goto(f"{site.url}/p/{token}")
        expect(page.locator("#turn")).to_contain_text("Набор игроков")
        assert not TURN.match(page.title())
        page.click("#alerts-button")  # asked once, by the button
        expect(page.locator("#alerts-note")).to_have_text("Оповещения включены")
        expect(page.locator("#alerts-button")).to_be_hidden()
        pages[nick] = page
    first = pages["Аня"]
    assert first.evaluate("window.__asked") == 1
    first.reload()
    expect(first.locator("#alerts-note")).to_have_text("Оповещения включены")
    assert first.evaluate("window.__asked") == 0  # not asked again
    first.check("#sound")

    api.post(f"/api/host/{game['admin_token']}/start")
    roles = {s["name"]: s["role"] for s in api.get(f"/api/host/{game['admin_token']}",
                                                   params={"everything": True}).json()["seats"]}
    mafia = next(n for n, r in roles.items() if r == "mafia1")
    doctor = next(n for n, r in roles.items() if r == "doctor")
    civilians = [n for n, r in roles.items() if r == "civilian"]
    for nick in (mafia, doctor):
        page = pages[nick]
        expect(page).to_have_title(TURN)  # the page learnt live that it is his move
        expect(page.locator("#turn.urgent")).to_contain_text("выберите действие")
        expect(page.locator("#favicon")).to_have_attribute("href", re.compile(r"^/static/icon-turn\.svg\?v="))
        page.wait_for_function("window.__notes.length === 1")
        assert "выберите действие" in page.evaluate("window.__notes[0][1]")
    for nick in civilians:
        expect(pages[nick].locator("#turn")).to_contain_text("у вас нет действий")
        assert not TURN.match(pages[nick].title())
        expect(pages[nick].locator("#favicon")).to_have_attribute("href", re.compile(r"^/static/icon\.svg\?v="))
        assert pages[nick].evaluate("window.__notes.length") == 0
    expect(pages[mafia].locator("#rules")).not_to_have_attribute("open", "")  # the rules are folded

    # a refusal: the form gets a target too many; the refusal shows beside it, the choice kept
    kill = pages[mafia].locator("form[data-action=kill]")
    kill.locator("select[name=target]").select_option(civilians[0])
    kill.evaluate("f => { const i = document.createElement('input'); i.type = 'hidden'; i.name = 'target2';"
                  " i.value = f.querySelector('select').value; i.id = 'extra'; f.appendChild(i); }")
    kill.locator("button").click()
    beside = pages[mafia].locator("form[data-action=kill] + [role=alert]")
    expect(beside).to_be_visible()
    expect(kill.locator("select[name=target]")).to_have_value(civilians[0])
    kill.evaluate("f => f.querySelector('#extra')?.remove()")
    kill.locator("button").click()
    expect(pages[mafia].locator("#turn")).to_contain_text("Ваш ход отправлен")
    expect(pages[mafia]).not_to_have_title(TURN)
    heal = pages[doctor].locator("form[data-action=heal]")
    heal.locator("select[name=target]").select_option(doctor)
    heal.locator("button").click()  # the night resolves

    voters = [n for n in roles if n != civilians[0]]
    for nick in voters:
        expect(pages[nick]).to_have_title(TURN)
        expect(pages[nick].locator("#turn")).to_contain_text("проголосуйте")
    expect(pages[civilians[0]].locator("#turn")).to_contain_text("Вы выбыли")
    expect(pages[voters[0]].locator("#seats li.dead")).to_contain_text("выбыл")
    town = [n for n in voters if n != mafia]  # two reds against his blue: the day ends when all three voted
    for i, nick in enumerate(town):
        page = pages[nick]
        page.click("#to-vote")
        page.select_option("#vote-choice", mafia)
        page.click("#vote-form button")
        if i == 0:
            expect(page.locator("#turn")).to_contain_text("Ваш голос учтён")
            expect(page).not_to_have_title(TURN)
            expect(page.locator(f"#seats li[data-name='{nick}'] .voted-mark")).to_be_visible()
    pages[mafia].click("#to-vote")
    pages[mafia].select_option("#vote-choice", "blue")
    pages[mafia].click("#vote-form button")

    for nick, page in pages.items():
        page.goto(page.url.split("/thread")[0])
        ending = page.locator("#ending")
        expect(ending).to_contain_text("Победитель: город")
        expect(page.locator("#my-result")).to_have_text("Вы проиграли." if nick == mafia else "Вы победили!")
        expect(page.locator("#all-roles li")).to_have_count(4)
        expect(page.locator("#all-roles")).to_contain_text("мафиози 1-го ранга")
        expect(page.locator("#all-roles")).to_contain_text("доктор")
        expect(page.locator("main")).not_to_contain_text("нет действий")
    replay = pages[mafia]
    replay.click("#replay-link")
    expect(replay.locator("#step-title")).to_contain_text("Начало игры")
