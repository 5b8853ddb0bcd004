"""The site's smaller faults, in real headless Chromium: invalid input answered in words, irreversible host
buttons that ask first, a form that cannot pick one target twice, a refusal that goes when the game
resumes, and static files cached under a versioned URL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Dialog, Page, expect

from rankedmafia.server.assets import FOREVER, VERSIONS
from rankedmafia.server.settings import Settings

from .helpers import SMALL_SETUP, InProcessServer, create_game, join_all

PAIRS = "name: pairs\nplayers: 5\nroles: {mafia1: 1, town_journalist: 1, doctor: 1, civilian: 2}\n"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.1, submit_burst=100_000)).start()
    yield running
    running.stop()


def start(api: httpx.Client, setup: str = SMALL_SETUP) -> tuple[dict[str, Any], dict[str, str], dict[str, str]]:
    game = create_game(api, setup)
    tokens = join_all(api, game["id"], 5)
    assert api.post(f"/api/host/{game['admin_token']}/start").status_code == 200
    seats = api.get(f"/api/host/{game['admin_token']}", params={"everything": True}).json()["seats"]
    return game, tokens, {s["name"]: s["role"] for s in seats}


def live_page(browser: Browser, url: str) -> Page:
    """A page whose live stream is open (its first state arrived): every later change reaches it."""
    page = browser.new_page()
    page.goto(url)
    expect(page.locator("html[data-live-open]")).to_have_count(1)
    return page


# --- invalid input in words -------------------------------------------------------------------------------
def test_invalid_input_names_the_field_in_russian_or_english(sqlite_client: TestClient) -> None:
    client = sqlite_client
    game = create_game(client)
    missing = client.post(f"/api/games/{game['id']}/join", json={})
    assert missing.status_code == 422
    assert missing.json()["message"] == "неверные данные: не заполнено поле «ник»"
    english = client.post(f"/api/games/{game['id']}/join?lang=en", json={"nickname": "я" * 70})
    assert english.json()["message"] == "invalid input: the field “nickname” is longer than 64 characters"
    number = client.post("/api/games", json={"preset": "classic-12", "night_seconds": "долго"})
    assert number.json()["message"] == "неверные данные: в поле «длина ночи» нужно целое число"
    short = client.post("/api/games", json={"preset": "classic-12", "day_seconds": 5})
    assert short.json()["message"] == "неверные данные: в поле «длина дня» нужно число не меньше 10"
    step = client.get(f"/g/{game['id']}/replay", params={"step": "первый"})
    assert step.status_code == 422 and "в поле «шаг» нужно целое число" in step.text
    garbled = client.post(f"/api/games/{game['id']}/join", content=b"{nick",
                          headers={"content-type": "application/json"})
    assert garbled.json()["message"] == "неверные данные: запрос не читается как JSON"
    for answer in (missing, english, number, short, garbled):
        message = answer.json()["message"]
        assert not re.search(r"body|Field required|Input should|nickname_|night_seconds|\.", message), message
    no_csrf = client.post(f"/g/{game['id']}/join", data={"nickname": "Вася"})
    assert no_csrf.status_code == 403 and "форма устарела" in no_csrf.text


def test_the_host_page_answers_bad_minutes_in_words(browser: Browser, server: InProcessServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as api:
        game, _, _ = start(api)
    page = live_page(browser, f"{server.url}/h/{game['admin_token']}")
    field = page.locator("input[name=minutes]")
    field.evaluate("e => e.removeAttribute('min')")
    field.fill("-5")
    page.locator("form[action$='/extend'] button").click()
    expect(page.locator("main")).to_contain_text("в поле «минуты» нужно число не меньше 0")
    expect(page.locator("main")).not_to_contain_text("Input should")


# --- irreversible host buttons ----------------------------------------------------------------------------
def test_resolving_and_ending_ask_first(browser: Browser, server: InProcessServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as api:
        game, _, _ = start(api)
        host = f"/api/host/{game['admin_token']}"
        page = live_page(browser, f"{server.url}/h/{game['admin_token']}")
        asked: list[str] = []
        answer = {"yes": False}

        def on_dialog(dialog: Dialog) -> None:
            asked.append(dialog.message)
            if answer["yes"]:
                dialog.accept()
            else:
                dialog.dismiss()

        page.on("dialog", on_dialog)
        page.click("#resolve")
        assert asked and asked[-1].startswith("Точно подвести итог сейчас?")
        page.click("button.danger")
        assert asked[-1].startswith("Точно закончить игру?")
        # declined twice: the night goes on, the game too (checked after a round trip that follows both clicks)
        page.reload()
        expect(page.locator("#phase")).to_contain_text("Ночь 1")
        assert api.get(host).json()["game"]["status"] == "running"

        answer["yes"] = True
        page.click("#resolve")
        expect(page.locator("#phase")).not_to_contain_text("Ночь 1")
        page.click("button.danger")
        expect(page.locator("#status .pill.over")).to_have_count(1)
        assert len(asked) == 4 and api.get(host).json()["game"]["status"] == "over"


# --- one target once ---------------------------------------------------------------------------------------
def test_a_form_cannot_pick_one_target_twice(browser: Browser, server: InProcessServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as api:
        _, tokens, roles = start(api, PAIRS)
        journalist = next(n for n, r in roles.items() if r == "town_journalist")
        others = sorted(n for n in roles if n != journalist)
        page = live_page(browser, f"{server.url}/p/{tokens[journalist]}")
        form = page.locator("form[data-action=compare]")
        first, second = form.locator("select[name=target]"), form.locator("select[name=target2]")
        first.select_option(others[0])
        expect(second.locator(f"option[value='{others[0]}']")).to_be_disabled()
        expect(second.locator(f"option[value='{others[1]}']")).to_be_enabled()
        second.select_option(others[1])
        expect(first.locator(f"option[value='{others[1]}']")).to_be_disabled()
        first.select_option(others[2])  # a change frees the name picked before
        expect(second.locator(f"option[value='{others[0]}']")).to_be_enabled()
        # the server still refuses it for tools, in words
        twice = api.post(f"/api/player/{tokens[journalist]}/act",
                         json={"action": "compare", "targets": [others[0], others[0]]})
        assert twice.status_code == 409 and "одна цель указана дважды" in twice.json()["message"]


# --- the pause's refusal goes when the game resumes ----------------------------------------------------
def test_the_pause_refusal_goes_when_the_game_resumes(browser: Browser, server: InProcessServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as api:
        game, tokens, roles = start(api)
        doctor = next(n for n, r in roles.items() if r == "doctor")
        page = live_page(browser, f"{server.url}/p/{tokens[doctor]}")
        host = f"/api/host/{game['admin_token']}"
        assert api.post(f"{host}/pause").status_code == 200
        expect(page.locator("#status .pill.paused")).to_have_count(1)
        form = page.locator("form[data-action=heal]")
        form.locator("select[name=target]").select_option(doctor)
        form.locator("button").click()
        expect(page.locator("[role=alert]")).to_contain_text("игра на паузе")
        assert api.post(f"{host}/resume").status_code == 200
        expect(page.locator("#status .pill.running")).to_have_count(1)
        expect(page.locator("[role=alert]")).to_have_count(0)


# --- static files ---------------------------------------------------------------------------------------
def test_static_files_are_cached_under_their_version(sqlite_client: TestClient) -> None:
    page = sqlite_client.get("/")
    assert page.headers["cache-control"] == "no-store"
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text)
    assert {url.split("?")[0].removeprefix("/static/") for url in linked} == {
        "app.css", "app.js", "idiomorph-0.8.0.js", "icon.svg"}
    for url in linked:
        name, version = url.removeprefix("/static/").split("?v=")
        assert version == VERSIONS[name]
        answer = sqlite_client.get(url)
        assert answer.status_code == 200 and answer.headers["cache-control"] == FOREVER
        assert sqlite_client.get(f"/static/{name}").headers["cache-control"] == "no-cache"
        assert sqlite_client.get(f"/static/{name}?v=old").headers["cache-control"] == "no-cache"
    assert sqlite_client.get("/static/none.js").status_code == 404


def test_the_browser_loads_the_versioned_files(browser: Browser, server: InProcessServer) -> None:
    page = browser.new_page()
    loaded: list[str] = []
    page.on("response", lambda r: loaded.append(r.url) if "/static/" in r.url else None)
    page.goto(server.url + "/")
    expect(page.locator("html[data-live-ready]")).to_have_count(1)
    fetched = {u.split("/static/")[1] for u in loaded}
    assert all("?v=" in u and u.split("?v=")[1] == VERSIONS[u.split("?v=")[0]] for u in fetched), fetched
    assert {f"{n}?v={VERSIONS[n]}" for n in ("app.css", "app.js", "idiomorph-0.8.0.js")} <= fetched


# --- the Council's answer with its question, and texts that agree with a player's sex ----------------------
CLAN = "name: clan\nplayers: 6\nroles: {mafia1: 1, mafia2: 1, doctor: 1, commissar: 1, civilian: 2}\n"
PEOPLE = {"Аня": "f", "Вера": "f", "Даша": "f", "Борис": "m", "Глеб": "m", "Егор": "m"}


def test_the_other_mafioso_reads_the_question_and_a_woman_is_out(browser: Browser, server: InProcessServer) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as api:
        game = create_game(api, CLAN)
        tokens = {}
        for nick, sex in PEOPLE.items():
            joined = api.post(f"/api/games/{game['id']}/join", json={"nickname": nick, "sex": sex})
            assert joined.status_code == 201, joined.text
            tokens[nick] = joined.json()["token"]
        host = f"/api/host/{game['admin_token']}"
        assert api.post(f"{host}/start").status_code == 200
        roles = {s["name"]: s["role"] for s in api.get(host, params={"everything": True}).json()["seats"]}
        boss = next(n for n, r in roles.items() if r == "mafia1")
        second = next(n for n, r in roles.items() if r == "mafia2")
        question = {"action": "ask", "option": "side_count", "detail": '{"side": "town", "op": "ge", "n": 2}'}
        assert api.post(f"/api/player/{tokens[boss]}/act", json=question).status_code == 200
        page = live_page(browser, f"{server.url}/p/{tokens[second]}")
        assert api.post(f"{host}/resolve").status_code == 200
        expect(page.locator("#diary")).to_contain_text(
            "На вопрос «Живых игроков стороны «город» не меньше 2?» Совет ответил: да.")

        woman = next(n for n in PEOPLE if PEOPLE[n] == "f" and not roles[n].startswith("mafia"))
        spectator = live_page(browser, f"{server.url}/g/{game['id']}")
        for voter, token in tokens.items():
            if voter != woman:
                api.post(f"/api/player/{token}/vote", json={"choice": woman})
        assert api.post(f"{host}/resolve").status_code == 200  # no count by heads ends a day (Live play)
        seat = spectator.locator("#seats li", has_text=woman)
        expect(seat).to_contain_text("выбыла")
        expect(seat).not_to_contain_text(re.compile(r"выбыл(?!а)"))
        expect(spectator.locator("#seats li", has_text="выбыл")).to_have_count(1)
