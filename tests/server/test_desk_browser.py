"""The forum host's desk in headless Chromium at a phone's width: a whole classic-12 forum game hosted from
it by a host who never opens a terminal. The deal and its hash, role cards copied into private messages,
a private message pasted and accepted in words, another action entered by hand from the engine's
choices, the night's results copied; a saved XenForo page with relative dates pasted, its flagged posts
decided by the host (the decision survives a reload), the votes entered, the day resolved and its post
copied; then day after day until the town wins. Never a sideways scroll at 390 px."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from .desk_helpers import PLAYERS, thread
from .helpers import Server

PHONE = {"width": 390, "height": 844}
THREADS = Path(__file__).resolve().parents[1] / "forum_threads"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def shot(page: Page, name: str) -> None:
    """The desk's screenshots for docs/, only when asked (RANKEDMAFIA_SCREENSHOTS=1): a run writes nothing."""
    if os.environ.get("RANKEDMAFIA_SCREENSHOTS") == "1":
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "data").start()
    yield running
    running.stop()


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "a sideways scroll"


def resolve(page: Page, waiting: str = "") -> None:
    """Ending a phase asks first, and says who has not sent anything."""
    page.click("#resolve-ask > summary")
    if waiting:
        expect(page.locator("#resolve-ask")).to_contain_text(waiting)
    page.click("#resolve")


def taps_fit_a_finger(page: Page) -> None:
    small = page.evaluate("""[...document.querySelectorAll('.desk button, .desk select, .desk input:not([type=hidden]),'
        + ' .desk summary')].filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map(e => e.outerHTML.slice(0, 80))""")
    assert small == [], small


def copied(page: Page, box: str) -> str:
    """Clicks the copy button of the text `box` and returns what reached the clipboard."""
    expect(page.locator(f"button[data-copy='{box}']")).to_have_text("Копировать")
    page.click(f"button[data-copy='{box}']")
    expect(page.locator(f"button[data-copy='{box}']")).to_have_text("Скопировано")
    text: str = page.evaluate("navigator.clipboard.readText()")
    assert text == page.locator(f"#{box}").text_content()
    return text


def record(server: Server, token: str) -> dict[str, object]:
    data: dict[str, object] = httpx.get(f"{server.url}/api/host/{token}/record").json()
    return data


def test_a_whole_forum_game_hosted_from_the_desk_on_a_phone(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, locale="ru-RU")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    page.goto(server.url + "/desk")
    fits(page)
    page.fill("#deskform input[name=title]", "Партия 14")
    page.fill("#deskform textarea[name=players]", PLAYERS)
    page.fill("#deskform input[name=thread]", "https://forum.example/threads/14")
    page.click("#deskform button[type=submit]")
    expect(page.locator("#phase")).to_have_text("Ночь 1")
    fits(page)
    token = page.url.rsplit("/", 1)[1]
    assert len(copied(page, "commitment")) == 64
    players = record(server, token)["players"]
    assert isinstance(players, list)
    dealt = {p["name"]: p["initial_role"] for p in players}
    boss = next(n for n, r in dealt.items() if r == "mafia1")
    card = copied(page, f"card-{list(dealt).index(boss) + 1}")
    assert card.startswith(f"[b]{boss}[/b], ваша роль: мафиози 1-го ранга.") and "Ваш клан" in card
    page.click("#fmt-text")
    expect(page.locator("#card-1")).not_to_contain_text("[b]")

    # the night: the boss's private message, read and accepted; the doctor's action entered by hand
    victim = next(n for n, r in dealt.items() if r == "civilian" and n not in ("Вася", "Саша", "Оля", "Лена"))
    doctor = next(n for n, r in dealt.items() if r == "doctor")
    page.select_option("#pmform select[name=actor]", boss)
    page.fill("#pmform textarea[name=text]", f"Всем доброй ночи. Сегодня убиваю {victim}, без обид")
    page.click("#pmform button[type=submit]")
    expect(page.locator("#reading .words")).to_contain_text(f"{boss}: убить")
    fits(page)
    shot(page, "desk-night")
    page.click("#accept")
    expect(page.locator("ul.taken")).to_contain_text(f"{boss}: убить")
    expect(page.locator(f"#waiting li:has(b:text-is('{boss}'))")).to_have_count(0)
    doctor_row = page.locator(f"#waiting li:has(b:text-is('{doctor}'))")
    doctor_row.locator("summary").click()
    heal = doctor_row.locator("form.byhand:has(input[name=action][value=heal])")
    heal.locator("select[name=targets]").select_option(doctor)
    heal.locator("button").click()
    expect(page.locator("ul.taken")).to_contain_text(f"{doctor}: лечить")
    assert page.evaluate("location.hash") == "#night"  # the host stays where he tapped
    taps_fit_a_finger(page)
    resolve(page, "Не прислали ход")
    expect(page.locator("#phase")).to_have_text("День 1")
    night = copied(page, "post-0")
    assert night.startswith("ИТОГИ НОЧИ 1") and victim in night  # plain text, as chosen
    fits(page)

    # the day: a saved XenForo page with «Сегодня в 20:10» and three posts the counter will not guess
    page.set_input_files("#threadform input[name=files]", str(THREADS / "day2-xenforo.html"))
    page.fill("#threadform input[name=deadline]", "30.11.2026 22:00")
    page.click("#threadform button[type=submit]")
    expect(page.locator("#count")).to_contain_text("по машинной метке времени поста")
    flags = page.locator("li.flag")
    expect(flags).to_have_count(2)
    expect(flags.nth(0)).to_contain_text("«Вассю» прочитано как Вася")
    expect(flags.nth(0).locator("blockquote.post")).to_contain_text("Саша")  # the post itself, its author, time
    expect(flags.nth(0).locator("blockquote.post")).to_contain_text("30.11.2026 20:45")
    fits(page)
    taps_fit_a_finger(page)
    shot(page, "desk-day-count")
    flags.nth(0).get_by_role("button", name="Засчитать за Вася").click()
    expect(page.locator("li.flag")).to_have_count(1)
    assert page.evaluate("location.hash") == "#count"
    page.reload()
    expect(page.locator("li.flag")).to_have_count(1)  # the decision is the server's: a reload keeps it
    page.locator("li.flag").nth(0).get_by_role("button", name="Не голос").click()
    expect(page.locator("li.flag")).to_have_count(0)
    expect(page.locator("#count-post")).to_contain_text("Саша")
    page.click("#apply")
    expect(page.locator("#votes")).to_contain_text("Саша")
    resolve(page)
    expect(page.locator("#phase")).to_have_text("Ночь 2")
    day = copied(page, "post-0")
    assert day.startswith("ИТОГИ ДНЯ 1")

    # the rest of the game: quiet nights, and each day the thread hangs the next of the mafia or the maniac
    for target in [n for n, r in dealt.items() if r in ("mafia1", "mafia2", "mafia_journalist", "maniac")]:
        phase = page.locator("#phase").text_content() or ""
        if phase == "Игра окончена":
            break
        if phase.startswith("Ночь"):
            resolve(page)
            expect(page.locator("#phase")).to_have_text(phase.replace("Ночь", "День"))
        phases = record(server, token)["phases"]
        assert isinstance(phases, list)
        gone = {n for done in phases for n in [*done["deaths"], *done["hanged"]]}
        if target in gone:
            continue
        living = [n for n in dealt if n not in gone]
        page.fill("#threadform textarea[name=text]", thread({v: target for v in living if v != target}))
        page.click("#threadform button[type=submit]")
        expect(page.locator("#apply")).to_be_visible()
        page.click("#apply")
        expect(page.locator("#votes")).to_contain_text(f"{target} — {len(living) - 1}")
        day = page.locator("#phase").text_content() or ""
        resolve(page)
        expect(page.locator("#phase")).not_to_have_text(day)
        expect(page.locator("#post-0")).to_contain_text(target)
    expect(page.locator("#phase")).to_have_text("Игра окончена")
    assert copied(page, "seed")
    final_post = copied(page, "final-post")
    assert "Победитель" in final_post and all(f"{name} — " in final_post for name in dealt)
    final = record(server, token)
    assert final["winner"] == "town"
    fits(page)
    context.close()
