"""The counter never guesses: on the second day's thread of each engine (tests/forum_threads/day2-*), with
relative post times («Сегодня, 20:10», «Вчера», «5 минут назад») and three posts it cannot be sure of
(«Рано вешать, синий.», «Голосую за Машу или Диму», «Вассю»), every uncertain vote is flagged, left out
of the count with its reason in words, and counted only as the host decides."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.forum.count import FLAGGED, count_votes
from rankedmafia.forum.flags import describe
from rankedmafia.forum.names import NameMatcher
from rankedmafia.forum.thread import (
    Post,
    Reference,
    Stamp,
    page_reference,
    parse_today,
    read_pages,
    read_thread,
    relative_time,
)
from rankedmafia.forum.votes import votes_in
from rankedmafia.rules.model import BLUE

THREADS = Path(__file__).parent.parent / "forum_threads"
NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
ALIVE = [n for n in NAMES if n != "Нина"]
DEADLINE = datetime(2026, 11, 30, 22, 0)
# Оля's «Рано вешать, синий.»: «синий» in a sentence is a documented form (docs/forum.md)
CERTAIN = {"Вася": "Петя", "Петя": "Вася", "Маша": "Петя", "Оля": BLUE, "Дима": "Петя", "Таня": BLUE,
           "Игорь": "Дима"}
FLAGS = [("Саша", "fuzzy_name", "Вася"), ("Лена", "two_names", "Маша")]
# the page, the date the host gives (None: the page's own date or the posts' machine stamps suffice),
# and what the relative times were read against
PAGES = {
    "phpbb": ("day2-phpbb.html", None, "по дате страницы: 30.11.2026 22:20"),
    "vbulletin": ("day2-vbulletin.html", "30.11.2026", "по заданной дате: 30.11.2026"),
    "vbulletin3": ("day2-vbulletin3.html", "01.12.2026", "по заданной дате: 01.12.2026"),
    "invision": ("day2-invision.html", "30.11.2026 22:20", "по заданной дате: 30.11.2026 22:20"),
    "xenforo": ("day2-xenforo.html", None, "по машинной метке времени поста"),
    "smf": ("day2-smf.html", "30.11.2026", "по заданной дате: 30.11.2026"),
    "text": ("day2-pasted.txt", "30.11.2026", "по заданной дате: 30.11.2026"),
}


def read(engine: str, today: str | None) -> list[Post]:
    posts, engines = read_thread(read_pages([THREADS / PAGES[engine][0]]), NAMES,
                                 parse_today(today) if today else None)
    assert engines == [engine.rstrip("0123456789")]
    return posts


@pytest.mark.parametrize("engine", PAGES)
def test_each_engine_flags_the_same_posts_and_reads_relative_times(engine: str) -> None:
    _, today, source = PAGES[engine]
    posts = read(engine, today)
    count = count_votes(posts, ALIVE, NAMES, DEADLINE)
    assert count.votes == CERTAIN
    assert [(r.author, r.reason, r.choice) for r in count.flagged] == FLAGS
    assert [p.author for p in posts if p.number in count.late] == ["Женя"]  # «Сегодня, 22:15» is after 22:00
    assert any(source in note for note in count.notes)
    warnings = "\n".join(count.warnings)
    assert "«Машу или Диму» — названо несколько: Маша, Дима — не засчитано" in warnings
    assert "«Вассю» прочитано как Вася — проверьте — не засчитано" in warnings
    # the host decides: Лена's is not a vote, Саша's «Вассю» is Вася
    decided = {r.post: choice for r, choice in zip(count.flagged, ["Вася", ""], strict=True)}
    after = count_votes(posts, ALIVE, NAMES, DEADLINE, decisions=decided)
    assert after.votes == {**CERTAIN, "Саша": "Вася"} and not after.flagged


@pytest.mark.parametrize("engine", ["vbulletin", "vbulletin3", "smf", "text"])
def test_without_a_date_relative_times_beside_a_deadline_are_flagged(engine: str) -> None:
    count = count_votes(read(engine, None), ALIVE, NAMES, DEADLINE)
    assert count.votes == {} and not count.late and not count.notes
    reasons = {r.author: r.reason for r in count.flagged}
    assert reasons["Вася"] == "relative_time" and reasons["Игорь"] == "relative_time"
    assert any("относительное, а от какой даты считать, неизвестно" in w for w in count.warnings)
    # without a deadline the times do not matter: the certain votes count
    assert count_votes(read(engine, None), ALIVE, NAMES).votes == {**CERTAIN, "Женя": "Маша"}


def test_minutes_ago_need_a_moment_the_machine_stamp_does_for_today() -> None:
    count = count_votes(read("invision", None), ALIVE, NAMES, DEADLINE)
    # «Сегодня в 20:10» is read by the post's own stamp; «40 минут назад» needs the page's or the host's moment
    assert count.votes == {"Вася": "Петя", "Петя": "Вася", "Маша": "Петя", "Оля": BLUE, "Дима": "Петя"}
    assert {r.author for r in count.flagged if r.reason == "relative_time"} == {"Таня", "Игорь", "Женя"}
    day_only = count_votes(read("invision", "30.11.2026"), ALIVE, NAMES, DEADLINE)
    assert {r.author for r in day_only.flagged if r.reason == "relative_time"} == {"Таня", "Игорь", "Женя"}


@pytest.mark.parametrize(("text", "reason", "choice"), [
    ("Голосую за Васю или Диму, пока не решила", "two_names", "Вася"),
    ("[vote]Петя и Маша[/vote]", "two_names", "Петя"),
    ("Рано вешать, синий?", "bare_blue", BLUE),
    ("Пока не знаю, но склоняюсь к blue", "bare_blue", BLUE),
    ("Думаю долго.\nВася.", "no_vote_word", "Вася"),
    ("[b]Петю[/b]", "no_vote_word", "Петя"),
    ("Вася синий", "bare_blue", BLUE),
    ("Я за Васю, он странный", "no_vote_word", "Вася"),
    ("Думаю, надо вешать Петю", "no_vote_word", "Петя"),
    ("I'd lynch Машу today", "no_vote_word", "Маша"),
    ("Голосую за Ваську", "fuzzy_name", "Вася"),
    ("[vote]кого-нибудь[/vote]", "unread", None),
])
def test_each_uncertain_reading_is_flagged_not_counted(text: str, reason: str, choice: str | None) -> None:
    count = count_votes([Post("Оля", text, None, 1)], ALIVE, NAMES)
    assert count.votes == {}
    assert [(r.status, r.reason, r.choice) for r in count.readings] == [(FLAGGED, reason, choice)]
    assert count.warnings == [describe(count.readings[0])] and "решите сами" in count.warnings[0]
    assert "post 1 (Оля)" in describe(count.readings[0], "en")


@pytest.mark.parametrize("text", ["Голосую за Васю, он врёт", "[vote]Петя[/vote] Маша, не спорь", "Синий — мой голос?"
                                  " Нет. Голосую: Маша", "голосую синим, Вася и Петя спорят"])
def test_a_certain_vote_beside_other_names_is_counted(text: str) -> None:
    count = count_votes([Post("Оля", text, None, 1)], ALIVE, NAMES)
    assert count.flagged == [] and len(count.votes) == 1


def test_a_post_without_a_readable_time_beside_a_deadline_is_flagged() -> None:
    post = Post("Оля", "Голосую за Петю", None, 1, Stamp("недавно", ""))
    count = count_votes([post], ALIVE, NAMES, DEADLINE)
    assert count.votes == {} and count.flagged[0].reason == "no_time"
    assert "время поста не прочитано («недавно»), а срок задан" in count.warnings[0]
    assert count_votes([post], ALIVE, NAMES).votes == {"Оля": "Петя"}


def test_a_rough_time_near_the_deadline_is_flagged() -> None:
    reference = Reference(datetime(2026, 11, 30, 22, 30), True, "today")
    when, stamp = relative_time("1 час назад", reference) or (None, None)
    assert when == datetime(2026, 11, 30, 21, 30) and stamp is not None and stamp.slack == timedelta(hours=1)
    count = count_votes([Post("Оля", "Голосую за Петю", when, 1, stamp)], ALIVE, NAMES, DEADLINE)
    assert count.flagged[0].reason == "near_deadline" and count.votes == {}


@pytest.mark.parametrize(("text", "when"), [
    ("Сегодня, 19:45", datetime(2026, 11, 30, 19, 45)), ("Вчера в 22:10", datetime(2026, 11, 29, 22, 10)),
    ("Today at 7:45 PM", datetime(2026, 11, 30, 19, 45)), ("Yesterday, 10:10 AM", datetime(2026, 11, 29, 10, 10)),
    ("позавчера, 08:00", datetime(2026, 11, 28, 8, 0)), ("5 минут назад", datetime(2026, 11, 30, 22, 9)),
    ("2 часа назад", datetime(2026, 11, 30, 20, 14)), ("минуту назад", datetime(2026, 11, 30, 22, 13)),
    ("10 minutes ago", datetime(2026, 11, 30, 22, 4)), ("только что", datetime(2026, 11, 30, 22, 14)),
])
def test_relative_times(text: str, when: datetime) -> None:
    """Read against a moment (the page's own «Текущее время»)."""
    read = relative_time(text, Reference(datetime(2026, 11, 30, 22, 14), True, "page"))
    assert read is not None and read[0] == when and read[1].source == "page"


def test_relative_times_and_their_references() -> None:
    assert relative_time("30.11.2026 19:45", None) is None  # not relative
    assert relative_time("Сегодня, 19:45", None) == (None, Stamp("Сегодня, 19:45", ""))
    day = parse_today("30.11.2026")
    assert day == Reference(datetime(2026, 11, 30), False, "today")
    assert relative_time("5 минут назад", day) == (None, Stamp("5 минут назад", ""))  # a day is not a moment
    # a machine stamp in UTC decides the day of «Сегодня, 00:30» in Moscow
    stamp = datetime(2026, 11, 30, 21, 30)
    expected = (datetime(2026, 12, 1, 0, 30), Stamp("Сегодня, 00:30", "post"))
    assert relative_time("Сегодня, 00:30", None, stamp) == expected
    assert parse_today("2026-12-01") == Reference(datetime(2026, 12, 1), False, "today")
    assert parse_today("30.11.2026 22:14") == Reference(datetime(2026, 11, 30, 22, 14), True, "today")
    assert parse_today("вчера") is None and parse_today("31.02.2026") is None
    assert page_reference("<p>It is currently <b>30.11.2026, 22:14</b></p>") == Reference(
        datetime(2026, 11, 30, 22, 14), True, "page")
    assert page_reference("<p>Сегодня, 22:14</p>") is None


CERTAIN_POSTS = ["[vote]{n}[/vote]", "Голосую: {n}", "vote: {n}", "[unvote]", "Голосую синим", "Привет всем"]
UNSURE_POSTS = ["Голосую за {n} или {m}, пока не решила", "Рано вешать, синий?", "{n}.", "[vote]{n} {m}[/vote]",
                "{n} синий", "Голосую за {typo}", "Я за {n}"]
PEOPLE = ["Вася", "Петя", "Маша", "Коля", "Оля", "Игорь"]
TYPOS = {"Вася": "Вассю", "Петя": "Пеття", "Маша": "Маащу", "Коля": "Колью", "Оля": "Ольгу", "Игорь": "Игоряя"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PEOPLE), st.integers(0, 6), st.sampled_from(PEOPLE), st.booleans(),
                          st.sampled_from(PEOPLE)), max_size=20))
def test_a_flagged_post_never_changes_the_count(thread: list[tuple[str, int, str, bool, str]]) -> None:
    """Unsure posts, anywhere in the thread, leave the count as the certain posts alone make it."""
    posts, certain = [], []
    for author, template, name, unsure, other in thread:
        other = other if other != name else next(p for p in PEOPLE if p != name)
        if unsure:
            text = UNSURE_POSTS[template].format(n=name, m=other, typo=TYPOS[name])
        else:
            text = CERTAIN_POSTS[template % len(CERTAIN_POSTS)].format(n=name)
        posts.append(Post(author, text, None, len(posts) + 1))
        if not unsure:
            certain.append(Post(author, text, None, len(certain) + 1))
    count = count_votes(posts, PEOPLE, PEOPLE)
    assert count.votes == count_votes(certain, PEOPLE, PEOPLE).votes
    assert all(votes_in(Post(p.author, p.text, None, p.number), NameMatcher(PEOPLE)) == [r for r in count.readings
               if r.post == p.number] for p in posts if p.author in PEOPLE)


@pytest.mark.parametrize(("text", "when"), [
    ("Пн ноя 30, 2026 10:14 pm", datetime(2026, 11, 30, 22, 14)),
    ("It is currently Mon Nov 30, 2026 9:05 am", datetime(2026, 11, 30, 9, 5)),
    ("Nov 30, 2026 22:14", datetime(2026, 11, 30, 22, 14)),
    ("Dec 1, 2026 12:30 AM", datetime(2026, 12, 1, 0, 30)),
])
def test_phpbbs_default_date_with_the_month_first(text: str, when: datetime) -> None:
    from rankedmafia.forum.thread import parse_time

    assert parse_time(text) == when


def test_half_an_hour_ago_is_not_an_hour_ago() -> None:
    reference = Reference(datetime(2026, 11, 30, 22, 30), True, "today")
    assert relative_time("полчаса назад", reference) is None  # not read: with a deadline, flagged
    post = Post("Оля", "Голосую за Петю", None, 1, Stamp("полчаса назад", ""))
    assert count_votes([post], ALIVE, NAMES, DEADLINE).flagged[0].reason == "no_time"
