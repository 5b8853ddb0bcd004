"""The forum host's desk over HTTP, on SQLite and PostgreSQL: a whole classic-12 forum game hosted from it
(the deal, pasted private messages read in words, the thread pasted with a post the counter flags and
the host decides), kept in the log so that every page is the same after a reload; the record verifies
against the seed; a desk game exports as a terminal save and the save opens as the same game."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import yaml
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from rankedmafia.cli import app
from rankedmafia.forum.saves import loads
from rankedmafia.script import play
from rankedmafia.verify import verify

from .desk_helpers import NAMES, PLAYERS, alive, copies, create, csrf, post, roles, thread

# ids that must never reach the host's eyes (the forms carry some in their values only)
IDS = re.compile(r"\b(?:mafia1|mafia2|mafia_journalist|commissar|sergeant|civilian|maniac|girl|doctor|kill|heal|"
                 r"check|block|two_names|no_vote_word|bare_blue|fuzzy_name|relative_time|no_time|near_deadline|"
                 r"not_a_vote|dead_choice|night|day|blue|None)\b|<built-in|\{\w+\}")


def visible(html: str) -> str:
    """The page's text as a reader sees it: no tags, no attribute values, no script."""
    body = html.split("<main", 1)[1].split("</main>", 1)[0]
    return unescape(re.sub(r"<[^>]*>", " ", body))


# in English some role and action names are words the ids spell too («maniac», «kill»): only the rest
ENGLISH_IDS = re.compile(r"\b(?:mafia1|mafia2|mafia_journalist|two_names|no_vote_word|bare_blue|fuzzy_name|"
                         r"relative_time|no_time|near_deadline|not_a_vote|dead_choice|None)\b|<built-in|\{\w+\}")


def no_ids(html: str, ids: re.Pattern[str] = IDS) -> None:
    found = ids.search(visible(html))
    assert found is None, visible(html)[max(0, found.start() - 80):found.end() + 80]

THREADS = Path(__file__).resolve().parents[1] / "forum_threads"


def night_with_messages(client: TestClient, token: str, dealt: dict[str, str]) -> str:
    boss = next(n for n, r in dealt.items() if r == "mafia1")
    doctor = next(n for n, r in dealt.items() if r == "doctor")
    victim = next(n for n, r in dealt.items() if r == "civilian")
    page = post(client, token, "read", {"actor": boss, "text": f"Доброй ночи. Убиваю {victim}"})
    assert f"{boss}: убить " in page and 'id="accept"' in page
    no_ids(page)
    no_ids(client.get(f"/desk/{token}?lang=en").text, ENGLISH_IDS)
    page = post(client, token, "act", {"actor": boss, "action": "kill", "targets": victim})
    assert "Ещё не прислали" in page and f"<li><b>{boss}</b>" not in page and f"<li><b>{doctor}</b>" in page
    page = post(client, token, "read", {"actor": doctor, "text": "лечу себя"})
    assert f"{doctor}: лечить" in page
    post(client, token, "act", {"actor": doctor, "action": "heal", "targets": doctor})
    page = post(client, token, "resolve", {})
    assert copies(page, "post-0")[0].startswith("[size=4][b]Итоги ночи 1[/b][/size]")
    assert victim in copies(page, "post-0")[0]
    return victim


def test_a_whole_forum_game_from_the_desk(client: TestClient, tmp_path: Path) -> None:
    token, page = create(client)
    assert "Хеш сида" in page and len(copies(page, "card-")) == 12
    cards = copies(page, "card-")
    dealt = roles(client, token)
    boss = next(n for n, r in dealt.items() if r == "mafia1")
    assert any(c.startswith(f"[b]{boss}[/b], ваша роль: мафиози 1-го ранга") and "Ваш клан" in c for c in cards)
    plain = client.get(f"/desk/{token}?fmt=text").text
    assert not any("[b]" in c for c in copies(plain, "card-"))
    night_with_messages(client, token, dealt)
    # the days: the town hangs the mafia and the maniac, one a day; the nights pass without actions
    for target in [n for n, r in dealt.items() if r in ("mafia1", "mafia2", "mafia_journalist", "maniac")]:
        living = alive(client, token)
        votes = {v: target for v in living if v != target}
        doubter = next(v for v in living if v != target)
        other = next(v for v in living if v not in (target, doubter))
        del votes[doubter]
        text = thread(votes, {doubter: f"Голосую за {target} или {other}, пока не решила"})
        page = post(client, token, "thread", {"text": text, "deadline": "30.11.2026 22:00"})
        assert "Не засчитано, пока вы не решите" in page and "названо несколько" in page
        no_ids(page)
        flagged = client.get(f"/desk/{token}").text
        assert f"Засчитать за {target}" in flagged  # it survives a reload: the paste is the log's
        number = int(flagged.split('class="flag" data-post="')[1].split('"')[0])
        page = post(client, token, "decide", {"post": str(number), "choice": target})
        assert "Не засчитано, пока вы не решите" not in page
        page = post(client, token, "apply", {})
        assert f"[b]{target}[/b] — {len(living) - 1}" in copies(page, "votes")[0]
        page = post(client, token, "resolve", {})
        if "Игра окончена" in page:
            break
        assert target in copies(page, "post-0")[0]
        page = post(client, token, "resolve", {})  # a quiet night
    assert "Игра окончена" in page and "Сид" in page
    no_ids(page)
    record = client.get(f"/api/host/{token}/record").json()
    assert record["winner"] == "town" and record["seed"]
    assert verify(record, record["seed"], "ru") == []  # no finding: the seed and the replay agree
    published = tmp_path / "record.json"
    published.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    checked = CliRunner().invoke(app, ["verify", str(published), "--seed", str(record["seed"])])
    assert checked.exit_code == 0 and "повтор игры сходится с записью" in checked.output
    game_id = re.search(r'href="/g/([^/"]+)/replay"', page)
    assert game_id is not None  # the replay of a desk game, step by step, is the web's own
    assert client.get(f"/g/{game_id.group(1)}/replay?step=2").status_code == 200
    assert client.get(f"/g/{game_id.group(1)}").status_code == 200


def test_a_desk_game_round_trips_as_a_terminal_save(client: TestClient) -> None:
    token, _ = create(client)
    dealt = roles(client, token)
    night_with_messages(client, token, dealt)
    post(client, token, "vote", {"voter": NAMES[1] if NAMES[1] in alive(client, token) else NAMES[2],
                                 "choice": "blue"})
    saved = client.get(f"/desk/{token}/save").text
    game, settings = loads(saved)
    assert settings["format"] == "bbcode" and [c["type"] for c in settings["pending"]] == ["vote"]
    assert yaml.safe_load(saved)["players"][0]["name"] == "Вася"
    page = client.get("/desk")
    opened = client.post("/desk/open", data={"csrf": csrf(page.text)},
                         files={"save": ("game.yaml", saved.encode(), "application/x-yaml")})
    assert opened.status_code == 200
    other = str(opened.url).rsplit("/", 1)[1]
    assert other != token and roles(client, other) == dealt
    again = client.get(f"/desk/{other}/save").text
    assert loads(again)[0].commands == game.commands and play(yaml.safe_load(again)).seed == game.seed
    assert copies(opened.text, "post-0") == copies(client.get(f"/desk/{token}").text, "post-0")


def test_a_terminal_save_opens_and_bad_input_changes_nothing(client: TestClient) -> None:
    page = client.get("/desk")
    bad = client.post("/desk/open", data={"csrf": csrf(page.text), "save_text": "players: [1, 2"})
    assert bad.status_code == 422 and "Это не сохранение игры" in bad.text
    few = client.post("/desk", data={"csrf": csrf(page.text), "preset": "classic-12", "players": "Вася\nПетя"})
    assert few.status_code == 422 and "Вася\nПетя" in few.text
    blue = client.post("/desk", data={"csrf": csrf(page.text), "preset": "classic-12",
                                      "players": PLAYERS.replace("Женя", "Синий")})
    assert blue.status_code == 422 and "«Синий» — слово голосования" in blue.text
    twice = client.post("/desk", data={"csrf": csrf(page.text), "preset": "classic-12",
                                       "players": PLAYERS.replace("Женя", "вася")})
    assert twice.status_code == 409 or twice.status_code == 422
    assert client.get("/api/games/nope").status_code == 404
    token, _ = create(client)
    wrong = client.post(f"/desk/{token}/act", data={"csrf": csrf(page.text), "phase": "night-1", "actor": "Вася",
                                                      "action": "fly", "targets": "Петя"})
    assert wrong.status_code == 409 and 'role="alert"' in wrong.text
    unread = client.post(f"/desk/{token}/read", data={"csrf": csrf(page.text), "actor": "Вася",
                                                       "text": "всем привет"})
    assert unread.status_code == 422 and "всем привет" in unread.text
    empty = client.post(f"/desk/{token}/thread", data={"csrf": csrf(page.text), "text": ""})
    assert empty.status_code == 422
    assert client.get("/desk/nope").status_code == 404
    assert client.get(f"/desk/{token}").text.count('class="words"') == 0  # nothing was taken


def test_a_saved_thread_page_with_relative_dates_on_the_desk(client: TestClient) -> None:
    token, _ = create(client)
    post(client, token, "resolve", {})  # a night without actions: everyone lives
    # a saved page is often larger than any form: the desk takes it (here padded past 256 KiB with scripts)
    html = (THREADS / "day2-vbulletin.html").read_bytes().replace(b"</head>", b"<script>" + b"x" * 400_000
                                                                    + b"</script></head>")
    page = post(client, token, "thread", {"deadline": "30.11.2026 22:00", "today": ""},
                files=[("files", ("day2.html", html, "text/html"))])
    assert "относительное, а от какой даты считать, неизвестно" in page
    page = post(client, token, "thread", {"deadline": "30.11.2026 22:00", "today": "30.11.2026"},
                files=[("files", ("day2.html", html, "text/html"))])
    assert "прочитаны по заданной дате: 30.11.2026" in page and "Прочитано: vBulletin" in page
    assert "«Вассю» прочитано как Вася" in page and "«Машу или Диму»" in page
    assert "после срока пропущены посты" in page
    no_ids(page)
    english = client.get(f"/desk/{token}?lang=en").text
    assert "not counted; yours to decide" in english and "read against the date given" in english
    no_ids(english, ENGLISH_IDS)


def test_a_pasted_message_survives_a_reload_until_accepted_or_put_aside(client: TestClient) -> None:
    token, _ = create(client)
    dealt = roles(client, token)
    boss = next(n for n, r in dealt.items() if r == "mafia1")
    doctor = next(n for n, r in dealt.items() if r == "doctor")
    victim = next(n for n, r in dealt.items() if r == "civilian")
    post(client, token, "read", {"actor": boss, "text": f"Убиваю {victim}"})
    again = client.get(f"/desk/{token}").text  # the host reloads, or his phone lost the page
    assert f"{boss}: убить " in again and 'id="accept"' in again and f"Убиваю {victim}" in again
    page = post(client, token, "act", {"actor": boss, "action": "kill", "targets": victim})
    assert 'id="accept"' not in page and 'id="accept"' not in client.get(f"/desk/{token}").text
    post(client, token, "read", {"actor": doctor, "text": "лечу себя"})
    assert f"{doctor}: лечить" in client.get(f"/desk/{token}").text
    page = post(client, token, "drop", {})
    assert 'id="accept"' not in page and "лечу себя" not in page
    assert client.get(f"/desk/{token}").text.count('class="words"') == 1  # the boss's kill, nothing else
    post(client, token, "read", {"actor": doctor, "text": "лечу себя"})
    post(client, token, "resolve", {})  # the night ends with the message unaccepted: the day does not show it
    assert "лечу себя" not in client.get(f"/desk/{token}").text


def test_a_newer_message_replaces_the_earlier_action(client: TestClient) -> None:
    token, _ = create(client)
    dealt = roles(client, token)
    boss = next(n for n, r in dealt.items() if r == "mafia1")
    first, second = [n for n, r in dealt.items() if r == "civilian"][:2]
    post(client, token, "read", {"actor": boss, "text": f"Убиваю {first}"})
    post(client, token, "act", {"actor": boss, "action": "kill", "targets": first})
    page = post(client, token, "read", {"actor": boss, "text": f"Передумал, убиваю {second}"})
    assert "Заменит прежний ход:" in page and 'id="accept"' in page
    page = post(client, token, "act", {"actor": boss, "action": "kill", "targets": second})
    taken = page.split('class="taken"', 1)[1].split("</ul>", 1)[0]
    assert taken.count('<s class="replaced">') == 1 and taken.count('class="words"') == 1


def test_the_host_ends_a_desk_game_with_no_winner_and_its_record_says_so(client: TestClient) -> None:
    # RULINGS.md, "Stalemate": "A host may end a game earlier by hand, also with no winner, and the record
    # says so"; the button asks first (data-confirm), and the page then says why nobody won
    token, page = create(client)
    assert 'action="/desk/' in page and "/end?" in page and "data-confirm=\"Точно закончить игру?" in page
    ended = post(client, token, "end", {})
    assert 'id="ending"' in ended and "Ведущий закончил игру: победителя нет — ничья." in ended
    assert 'id="end"' not in ended
    no_ids(ended)
    record = client.get(f"/api/host/{token}/record").json()
    assert record["winner"] is None and record["winners"] == [] and record["ended"] == "host"
    english = client.get(f"/desk/{token}?lang=en").text
    assert "The host ended the game: nobody wins, a draw." in english
    again = client.post(f"/desk/{token}/end", data={"csrf": csrf(page)})  # ended already: nothing changes
    assert again.status_code == 200 and client.get(f"/api/host/{token}/record").json() == record
