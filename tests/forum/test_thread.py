"""The vote counter on one day's thread saved from each forum engine (tests/forum_threads/): every engine's
page must give the same standing votes, the same warnings, and skip quotes, signatures, late posts and
posts by others than living players."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.count_post import count_lines
from rankedmafia.forum.markup import parse, text_of
from rankedmafia.forum.thread import Post, parse_time, read_pages, read_thread
from rankedmafia.rules.model import BLUE

THREADS = Path(__file__).parent.parent / "forum_threads"
NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
ALIVE = [n for n in NAMES if n != "Нина"]
DEADLINE = datetime(2026, 11, 30, 22, 0)
CERTAIN = {"Вася": "Петя", "Петя": "Вася", "Маша": "Петя", "Оля": BLUE, "Дима": "Петя", "Лена": "Маша",
           "Таня": BLUE, "Игорь": "Дима"}
EXPECTED = {**CERTAIN, "Саша": "Вася"}  # Саша's «Вассю», once the host says it is Вася
PAGES = {"phpbb": "day1-phpbb.html", "vbulletin": "day1-vbulletin.html", "vbulletin3": "day1-vbulletin3.html",
         "invision": "day1-invision.html", "xenforo": "day1-xenforo.html", "smf": "day1-smf.html",
         "smf20": "day1-smf20.html", "text": "day1-pasted.txt"}


def read(engine: str) -> tuple[list[Post], list[str]]:
    return read_thread(read_pages([THREADS / PAGES[engine]]), NAMES)


@pytest.mark.parametrize("engine", PAGES)
def test_each_engine_reads_the_same_votes(engine: str) -> None:
    posts, engines = read(engine)
    assert engines == [engine.rstrip("0123456789")]  # vBulletin 3 and 4, SMF 2.0 and 2.1: one engine each
    count = count_votes(posts, ALIVE, NAMES, DEADLINE)
    assert count.votes == CERTAIN  # the typo is flagged, not counted
    assert [(r.author, r.reason, r.choice) for r in count.flagged] == [("Саша", "fuzzy_name", "Вася")]
    assert any("«Вассю» прочитано как Вася — проверьте — не засчитано" in w for w in count.warnings)
    decided = {count.flagged[0].post: "Вася"}
    assert count_votes(posts, ALIVE, NAMES, DEADLINE, decisions=decided).votes == EXPECTED
    assert any("после срока" in w for w in count.warnings)
    assert "Нина" in count.strangers  # the dead post, but do not vote


@pytest.mark.parametrize("engine", [e for e in PAGES if e != "text"])
def test_authors_times_and_own_text(engine: str) -> None:
    posts, _ = read(engine)
    assert [p.author for p in posts][:4] == ["Ведущий", "Вася", "Петя", "Маша"]
    assert posts[2].time == datetime(2026, 11, 30, 20, 10)
    masha = posts[3].text
    assert "Голосую: Вася" not in masha  # the quote she answers is not her text
    assert "Мой голос за Петю" in masha
    signatures = ("Голосую сердцем", "честную игру", "Голосую головой", "только по фактам", "Играю честно",
                  "Голос разума")
    assert not [p.text for p in posts if any(s in p.text for s in signatures)]


def test_quoted_votes_never_count() -> None:
    posts, _ = read("phpbb")
    count = count_votes(posts, ALIVE, NAMES, DEADLINE)
    # Игорь quotes Коля's "Против Игоря" and then votes himself: the quote is not his vote
    assert count.votes["Игорь"] == "Дима"
    assert [r.choice for r in count.readings if r.author == "Игорь"] == ["Петя", "Дима"]


def test_unvote_removes_the_vote() -> None:
    posts, _ = read("xenforo")
    count = count_votes(posts, ALIVE, NAMES, DEADLINE)
    assert [r.choice for r in count.readings if r.author == "Коля"] == ["Игорь", None]
    assert "Коля" not in count.votes


def test_without_a_deadline_the_late_post_counts() -> None:
    posts, _ = read("invision")
    assert count_votes(posts, ALIVE, NAMES).votes["Женя"] == "Маша"


def test_a_page_given_twice_is_read_once_with_a_warning() -> None:
    page = (THREADS / PAGES["smf"]).read_text(encoding="utf-8")
    thread = read_thread([page, page], NAMES)
    assert thread.engines == ["smf", "smf"] and [p.number for p in thread.posts] == list(range(1, 16))
    assert any("перекрываются" in w for w in thread.warnings)


def test_the_count_post_shows_raw_votes_and_who_has_not_voted() -> None:
    posts, _ = read("vbulletin")
    sasha = next(p.number for p in posts if p.author == "Саша")
    lines = count_lines(count_votes(posts, ALIVE, NAMES, DEADLINE, decisions={sasha: "Вася"}).votes, ALIVE, day=1)
    assert lines == [
        "[size=4][b]Голосование, день 1[/b][/size]",
        "[b]Петя[/b] — 3: Вася, Маша, Дима",
        "[b]Вася[/b] — 2: Петя, Саша",
        "[b]Дима[/b] — 1: Игорь",
        "[b]Маша[/b] — 1: Лена",
        "Синий (никого не вешать) — 2: Оля, Таня",
        "Не проголосовали: Коля, Женя",
    ]


@pytest.mark.parametrize(("text", "choice"), [
    ("[vote]Васю[/vote]", "Вася"), ("Голосую: Петя", "Петя"), ("голос за Машу", "Маша"),
    ("против Коли, он врёт", "Коля"), ("Вешаем Игоря!", "Игорь"), ("vote: Женя", "Женя"),
    ("Голосую синим", BLUE), ("[vote]blue[/vote]", BLUE), ("голосую за никого", BLUE),
    ("мой голос — Лена", "Лена"), ("ГОЛОСУЮ ЗА ДИМУ", "Дима"),
    ("I vote for Петя", "Петя"), ("Голосую - Маша", "Маша"), ("[vote]Коля[/vote] [vote]синий[/vote]", BLUE),
])
def test_conventions(text: str, choice: str) -> None:
    count = count_votes([Post("Оля", text, None, 1)], ALIVE, NAMES)
    assert count.votes == {"Оля": choice}


@pytest.mark.parametrize("text", ["Голосование скоро закончится", "Я против этого", "Петя молодец",
                                  "> голосую за Васю", "[quote=Вася]голосую за Петю[/quote] согласна"])
def test_not_votes(text: str) -> None:
    assert count_votes([Post("Оля", text, None, 1)], ALIVE, NAMES).votes == {}


def test_a_vote_for_the_dead_is_not_counted_and_said_so() -> None:
    count = count_votes([Post("Оля", "голосую за Нину", None, 1)], ALIVE, NAMES)
    assert count.votes == {} and any("Нина" in w for w in count.warnings)


@pytest.mark.parametrize(("text", "when"), [
    ("30.11.2026, 21:15", datetime(2026, 11, 30, 21, 15)),
    ("30 Ноябрь 2026, 21:15:07", datetime(2026, 11, 30, 21, 15, 7)),
    ("30 ноя 2026, 21:15", datetime(2026, 11, 30, 21, 15)),
    ("2026-11-30T21:15:00+0300", datetime(2026, 11, 30, 21, 15)),
    ("вчера", None),
])
def test_times(text: str, when: datetime | None) -> None:
    assert parse_time(text) == when


def test_the_tree_tolerates_unclosed_tags() -> None:
    root = parse("<div class='a'><p>one<p>two<br>three</div><div>four")
    assert text_of(root) == "one\ntwo\nthree\nfour"


def test_a_page_saved_in_windows_1251(tmp_path: Path) -> None:
    page = (THREADS / PAGES["vbulletin"]).read_text(encoding="utf-8").replace("charset=UTF-8", "charset=windows-1251")
    saved = tmp_path / "day1.html"
    saved.write_bytes(page.encode("cp1251", errors="replace"))
    posts, engines = read_thread(read_pages([saved]), NAMES)
    assert engines == ["vbulletin"]
    assert count_votes(posts, ALIVE, NAMES, DEADLINE).votes == CERTAIN
