"""The counter's known silent errors, each now counted right or put in front of the host: a silenced
player's vote, «меняю голос», «X на виселицу», a post edited after the deadline, a spectator in pasted
text, bold BBCode votes, pages given out of order, «синий» in a sentence after an unvote."""

from __future__ import annotations

from datetime import datetime

import pytest

from rankedmafia.forum.count import COUNTED, FLAGGED, SKIPPED, count_votes
from rankedmafia.forum.count_post import count_lines
from rankedmafia.forum.dates import parse_any_time, parse_today, read_stamp
from rankedmafia.forum.posts import Post
from rankedmafia.forum.thread import read_thread
from rankedmafia.rules.model import BLUE

NAMES = ["Рома", "Дина", "Вася", "Петя", "Маша", "Коля"]
DEADLINE = datetime(2026, 11, 30, 22, 0)


def one(text: str, author: str = "Вася") -> dict[str, str]:
    return count_votes([Post(author, text, None, 1)], NAMES, NAMES).votes


@pytest.mark.parametrize(("text", "choice"), [
    ("Меняю голос: голосую за Рому", "Рома"), ("Меняю голос на Рому", "Рома"), ("перевожу голос на Дину", "Дина"),
    ("Дину на виселицу!", "Дина"), ("Казнить Петю.", "Петя"), ("вешаем Машу", "Маша"),
    ("мой голос — Коля", "Коля"), ("голосую против Ромы", "Рома"), ("Я воздерживаюсь", BLUE),
    ("[b]Голосую за [color=red]Петю[/color][/b]", "Петя"), ("[vote][b]Дина[/b][/vote]", "Дина"),
    ("Голосую: ДИНУ", "Дина"), ("Никого не вешаем сегодня", BLUE),
])
def test_the_documented_forms_count(text: str, choice: str) -> None:
    assert one(text) == {"Вася": choice}


def test_a_changed_vote_replaces_the_earlier_one() -> None:
    posts = [Post("Вася", "Голосую за Петю", None, 1), Post("Вася", "Меняю голос: голосую за Рому", None, 2)]
    assert count_votes(posts, NAMES, NAMES).votes == {"Вася": "Рома"}


def test_blue_in_a_sentence_after_an_unvote_is_a_blue_vote() -> None:
    posts = [Post("Вася", "[vote]Петя[/vote]", None, 1),
             Post("Вася", "[unvote] Передумал, сегодня синий, слишком мало информации.", None, 2)]
    assert count_votes(posts, NAMES, NAMES).votes == {"Вася": BLUE}


def test_a_silenced_players_vote_is_shown_never_counted_and_left_out_of_the_post() -> None:
    posts = [Post("Маша", "Голосую за Петю", None, 1), Post("Коля", "голосую за Васю", None, 2)]
    count = count_votes(posts, NAMES, NAMES, silenced=["Маша"])
    assert count.votes == {"Коля": "Вася"} and count.silenced == ["Маша"]
    first = count.readings[0]
    assert (first.author, first.status, first.reason) == ("Маша", SKIPPED, "silenced")
    assert any("Маша сегодня без права голоса" in w for w in count.warnings)
    voters = [n for n in NAMES if n != "Маша"]
    assert not any("Маша" in line for line in count_lines(count.votes, voters, 1))


def test_a_post_edited_after_the_deadline_is_flagged() -> None:
    post = Post("Вася", "Голосую за Петю", datetime(2026, 11, 30, 21, 0), 1, edited=datetime(2026, 11, 30, 22, 30))
    count = count_votes([post], NAMES, NAMES, DEADLINE)
    assert count.votes == {} and [(r.status, r.reason) for r in count.readings] == [(FLAGGED, "edited_late")]
    assert "изменён после срока (30.11.2026 22:30)" in count.warnings[0]
    early = Post("Вася", "Голосую за Петю", datetime(2026, 11, 30, 21, 0), 1, edited=datetime(2026, 11, 30, 21, 5))
    assert count_votes([early], NAMES, NAMES, DEADLINE).votes == {"Вася": "Петя"}


def test_a_spectators_post_in_pasted_text_is_not_glued_to_the_player_above() -> None:
    text = ("Вася (30.11.2026 20:00):\nПривет всем.\n\n"
            "Зритель_77 (30.11.2026 20:05):\nГолосую за Петю!\n\n"
            "Маша, 30.11.2026 20:10\n[b]Голосую за Дину[/b]\n")
    thread = read_thread([text], NAMES)
    assert [p.author for p in thread.posts] == ["Вася", "Зритель_77", "Маша"]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Маша": "Дина"} and count.strangers == {"Зритель_77": 1}


def test_a_player_mentioned_without_a_vote_word_is_flagged_with_the_words() -> None:
    count = count_votes([Post("Вася", "Что-то Петя сегодня тихий", None, 1)], NAMES, NAMES)
    assert count.votes == {} and [(r.status, r.reason, r.choice) for r in count.readings] == [
        (FLAGGED, "mention", "Петя")]
    assert "«Что-то Петя сегодня тихий»" in count.warnings[0]


def test_a_certain_vote_is_counted() -> None:
    count = count_votes([Post("Вася", "[vote]Петя[/vote]", None, 1)], NAMES, NAMES)
    assert [r.status for r in count.readings] == [COUNTED]


PAGE = """<html><body>{posts}</body></html>"""
POST = ("<div id=\"p{ident}\" class=\"post bg2\"><div class=\"inner\"><div class=\"postbody\"><p class=\"author\">"
        "<strong><a class=\"username\" href=\"./memberlist.php?u={ident}\">{author}</a></strong> » "
        "<time datetime=\"2026-11-30T17:00:00+00:00\">30 ноя 2026, {time}</time></p>"
        "<div class=\"content\">{text}</div></div><dl class=\"postprofile\"><dt>"
        "<a class=\"username\" href=\"./memberlist.php?u=1\">{author}</a></dt></dl></div></div>")


def page(*posts: tuple[int, str, str, str]) -> str:
    return PAGE.format(posts="".join(POST.format(ident=i, author=a, time=t, text=x) for i, a, t, x in posts))


def test_pages_given_in_the_wrong_order_are_put_in_order_with_a_note() -> None:
    first = page((1, "Вася", "20:00", "Голосую за Петю"), (2, "Маша", "20:05", "Голосую за Васю"))
    second = page((3, "Вася", "21:00", "Меняю голос на Машу"), (4, "Коля", "21:05", "Голосую за Васю"))
    thread = read_thread([second, first], NAMES)
    assert [p.ident for p in thread.posts] == [1, 2, 3, 4] and thread.notes
    assert count_votes(thread.posts, NAMES, NAMES).votes["Вася"] == "Маша"
    overlap = read_thread([first, page((2, "Маша", "20:05", "Голосую за Васю"), *[(3, "Вася", "21:00", "x")])], NAMES)
    assert [p.ident for p in overlap.posts] == [1, 2, 3] and any("перекрываются" in w for w in overlap.warnings)


def test_dates_by_dateparser_and_today_anchored_to_the_hosts_date() -> None:
    today = parse_today("30.11.2026")
    assert read_stamp(["Сегодня, 19:45"], today)[0] == datetime(2026, 11, 30, 19, 45)
    assert read_stamp(["Вчера в 23:10"], today)[0] == datetime(2026, 11, 29, 23, 10)
    moment = parse_today("30.11.2026 22:20")
    assert read_stamp(["5 минут назад"], moment)[0] == datetime(2026, 11, 30, 22, 15)
    assert parse_any_time("30 ноября 2026 г. в 21:15") == datetime(2026, 11, 30, 21, 15)
    assert parse_any_time("Nov 30th, 2026 at 9:15 PM") == datetime(2026, 11, 30, 21, 15)


XENFORO_COPIED = """Вася
Игрок
Сегодня в 20:05
#2
Голосую за Петю
Петя
Игрок
Сегодня в 20:10
#3
[vote]Вася[/vote]
Гость_77
Гость
Сегодня в 20:12
#4
Голосую за Машу
"""
VBULLETIN_COPIED = """30.11.2026, 20:05 #2
Вася
Игрок
Голосую за Петю

30.11.2026, 20:12 #3
Гость_77
Гость
Голосую за Машу

30.11.2026, 20:15 #4
Петя
Игрок
Голосую: Вася
"""


@pytest.mark.parametrize("text", [XENFORO_COPIED, VBULLETIN_COPIED])
def test_text_copied_from_a_page_with_times_on_their_own_lines(text: str) -> None:
    names = ["Вася", "Петя", "Маша"]
    thread = read_thread([text], names, parse_today("30.11.2026"))
    assert [p.author for p in thread.posts] == ["Вася", "Петя", "Гость_77"] or \
        [p.author for p in thread.posts] == ["Вася", "Гость_77", "Петя"]
    assert all(p.time is not None and p.shown is not None for p in thread.posts)
    count = count_votes(thread.posts, names, names, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Петя": "Вася"} and count.strangers == {"Гость_77": 1}


@pytest.mark.parametrize(("text", "votes", "reason"), [
    ("Голосую за Петю, потому что он врал Маше", {"Вася": "Петя"}, "spoken"),
    ("Голосую за Петю потому что Маша права", {"Вася": "Петя"}, "spoken"),
    ("Голосую за Петю или Машу", {}, "two_names"),
    ("Не голосую за Петю", {}, "no_vote_word"),
    ("не вешаем Диму", {}, "mention"),
])
def test_the_reason_after_a_vote_is_no_second_name_and_a_negation_no_vote(text: str, votes: dict[str, str],
                                                                          reason: str) -> None:
    count = count_votes([Post("Вася", text, None, 1)], NAMES, NAMES)
    assert count.votes == votes and [r.reason for r in count.readings] == [reason]


def test_second_thoughts_after_a_counted_vote_are_flagged() -> None:
    count = count_votes([Post("Вася", "Голосую за Петю. Хотя нет, за Машу.", None, 1)], NAMES, NAMES)
    assert count.votes == {"Вася": "Петя"}
    assert [(r.status, r.reason, r.choice) for r in count.readings][1:] == [(FLAGGED, "no_vote_word", "Маша")]
    decided = count_votes([Post("Вася", "Голосую за Петю. Хотя нет, за Машу.", None, 1)], NAMES, NAMES,
                          decisions={1: "Маша"})
    assert decided.votes == {"Вася": "Маша"}


COPIED_XENFORO = """Маша
Игрок
30.11.2026 в 20:20
#5
Петя сказал(а):
Голосую за Рому
Нажмите для раскрытия...
Не верю. Мой голос — Петя.
Коля
Игрок
30.11.2026 в 20:30
#6
Вася писал(а):
Голосую за Дину
Ну-ну.
"""


def test_a_quote_copied_from_a_page_is_cut_or_put_before_the_host() -> None:
    """A page copied from the browser keeps its quotes as plain lines: XenForo's, closed by its expand link,
    is cut; any other quote's header left in a post flags its votes, never counting the quoted one."""
    thread = read_thread([COPIED_XENFORO], NAMES)
    assert [p.author for p in thread.posts] == ["Маша", "Коля"] and "Рому" not in thread.posts[0].text
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Маша": "Петя"}
    assert [(r.author, r.reason, r.choice) for r in count.flagged] == [("Коля", "unsure_quote", "Дина")]


def test_a_quote_header_with_its_time_never_heads_a_post() -> None:
    """phpBB's quote copied as text («Петя писал(а): ↑ 30 ноя 2026, 20:10») looks like a post header with a
    time: read as one, Дина's words would be Петя's vote. It heads a quote: Дина's post is flagged."""
    text = ("Сообщение Петя » 30 ноя 2026, 20:10\nГолосую: Рома\n"
            "Сообщение Дина » 30 ноя 2026, 20:40\nПетя писал(а): ↑ 30 ноя 2026, 20:10\nГолосую: Рома\n"
            "Не верю. Мой голос — Петя.\nСообщение Коля » 30 ноя 2026, 20:50\nГолосую за Дину\n")
    thread = read_thread([text], NAMES)
    assert [p.author for p in thread.posts] == ["Петя", "Дина", "Коля"]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Петя": "Рома", "Коля": "Дина"}
    assert {(r.author, r.reason) for r in count.flagged} == {("Дина", "unsure_quote")}


def test_an_author_close_to_a_living_players_name_is_flagged_not_dropped() -> None:
    """A post signed «Рома_» (a display name, a typo) is neither a stranger's nor Рома's for sure: its vote
    is put to the host. A dead player's exact name is never taken for a living look-alike."""
    posts = [Post("Рома_", "Голосую за Дину", None, 1), Post("Вася", "Голосую за Петю", None, 2)]
    count = count_votes(posts, ["Рома", "Дина", "Петя", "Вася"], NAMES)
    assert count.votes == {"Вася": "Петя"} and not count.strangers
    assert [(r.author, r.reason, r.choice) for r in count.flagged] == [("Рома", "fuzzy_author", "Дина")]
    assert "автор поста на странице «Рома_», прочитан как Рома" in "\n".join(count.warnings)
    dead = count_votes([Post("Дина", "Голосую за Петю", None, 1)], ["Рома", "Дима", "Петя"], [*NAMES, "Дима"])
    assert dead.strangers == {"Дина": 1} and not dead.flagged
