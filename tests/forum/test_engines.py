"""Every listed engine, in its own markup (tests/forum/engine_pages.py), on one day's thread of two pages
with quotes, signatures, an edit after the deadline, a spectator, a silenced player and a late post: the
same votes, the same flags, whatever order the pages come in."""

from __future__ import annotations

import re

import pytest

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.thread import read_thread
from rankedmafia.forum.votes import own_text

from .engine_pages import (
    DEADLINE,
    FLAGGED,
    LATE_AUTHORS,
    MARKUPS,
    PLAYERS,
    READ_BY,
    SILENCED,
    SKIPPED,
    STRANGERS,
    THREAD,
    VOTES,
    pages,
    pasted,
)

NO_EDIT_NOTICE = {"discourse", "vk", "text"}  # their pages do not say a post was edited


def check(thread_pages: list[str], engine: str) -> None:
    thread = read_thread(thread_pages, PLAYERS)
    assert thread.engines == [READ_BY.get(engine, engine)] * 2
    assert [p.author for p in thread.posts] == [w.author for w in THREAD]
    assert [p.time for p in thread.posts] == [w.time for w in THREAD]
    count = count_votes(thread.posts, PLAYERS, PLAYERS, DEADLINE, silenced=SILENCED)
    if engine in NO_EDIT_NOTICE:
        assert count.votes == {**VOTES, "Лена": "Вася"} and not count.flagged
    else:
        assert count.votes == VOTES
        assert [(r.author, r.reason) for r in count.flagged] == FLAGGED
    assert [(r.author, r.reason) for r in count.readings if r.status == "skipped"] == SKIPPED
    assert [p.author for p in thread.posts if p.number in count.late] == LATE_AUTHORS
    assert count.strangers == STRANGERS
    texts = "\n".join(p.text for p in thread.posts)
    assert "Голосую сердцем" not in texts and "Голос разума" not in texts  # signatures
    assert "Голосую за Петю" not in own_text(next(p.text for p in thread.posts if p.author == "Саша"))  # a quote


@pytest.mark.parametrize("engine", MARKUPS)
def test_each_engine_reads_the_thread(engine: str) -> None:
    check(pages(engine), engine)


@pytest.mark.parametrize("engine", ["phpbb", "xenforo", "vbulletin5", "invision5", "smf20", "ucoz", "mybb",
                                    "discourse", "vk"])
def test_pages_in_the_wrong_order_are_read_in_order(engine: str) -> None:
    first, second = pages(engine)
    thread = read_thread([second, first], PLAYERS)
    assert [p.author for p in thread.posts] == [w.author for w in THREAD] and thread.notes


def test_pasted_text_reads_the_same() -> None:
    check(pasted(), "text")


def test_a_missing_page_between_numbered_pages_is_warned() -> None:
    first, _ = pages("xenforo", split=4)
    _, last = pages("xenforo", split=9)
    assert any("не хватает постов № 4–8" in w for w in read_thread([first, last], PLAYERS).warnings)


def test_a_post_without_an_author_is_warned_of_not_dropped_silently() -> None:
    first, _ = pages("phpbb")
    broken = first.replace('class="username">Петя</a></dt>', '></a></dt>').replace(
        'class="username">Петя</a></strong>', '></a></strong>')
    thread = read_thread([broken], PLAYERS)
    assert "Петя" not in [p.author for p in thread.posts]
    assert any("не прочитано постов (нет автора или текста): 1" in w for w in thread.warnings)


def test_discourses_older_crawler_view_is_read() -> None:
    """Before 2019 a Discourse post was a DiscussionForumPosting item with <b itemprop=author> and a UTC
    time: the same authors and votes (the deadline aside: its clock is not the forum's)."""
    thread = read_thread(pages("discourse_old"), PLAYERS)
    assert thread.engines == ["discourse"] * 2
    assert [p.author for p in thread.posts] == [w.author for w in THREAD]
    count = count_votes(thread.posts, PLAYERS, PLAYERS, silenced=SILENCED)
    assert count.votes == {**VOTES, "Лена": "Вася", "Женя": "Маша"}
    assert "Голосую за Петю" not in own_text(next(p.text for p in thread.posts if p.author == "Саша"))


def test_a_page_wrapping_its_posts_in_one_item_is_read_post_by_post() -> None:
    """Discourse's crawler view wraps a page's posts in the topic's own item: that wrapper is no post."""
    thread = read_thread(pages("discourse"), PLAYERS)
    assert len(thread.posts) == len(THREAD) and not thread.warnings


def test_a_quote_in_a_themes_own_markup_is_flagged_not_read_as_the_authors_vote() -> None:
    """A theme may render a quote in markup of its own: its header («Петя писал(а):») left in the post's
    words flags the post's votes for the host instead of counting the quoted vote as the author's."""
    first, second = pages("phpbb")
    themed = re.sub(r'<blockquote cite=[^>]*><div><cite>.*?</cite>Голосую: Вася</div></blockquote>',
                    '<div class="citata">Петя писал(а):<br>Голосую: Вася</div>', first)
    assert themed != first
    thread = read_thread([themed, second], PLAYERS)
    count = count_votes(thread.posts, PLAYERS, PLAYERS, DEADLINE, silenced=SILENCED)
    assert "Маша" not in count.votes
    assert {(r.author, r.reason) for r in count.flagged} >= {("Маша", "unsure_quote")}


def test_discourses_crawler_times_in_utc_are_not_set_against_the_deadline_as_the_forums_clock() -> None:
    """Discourse's crawler view writes its times in UTC; its readers see their own clock. Beside the
    deadline such a time is too rough: the posts are flagged, never counted or skipped as late by it."""
    utc_pages = [re.sub(r'(datetime="(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):00Z" class="post-time">)[^<]*',
                        lambda m: f"{m[1]}{m[4]}.{m[3]}.{m[2]} {m[5]}:{m[6]}", page) for page in pages("discourse")]
    assert utc_pages != pages("discourse")
    thread = read_thread(utc_pages, PLAYERS)
    count = count_votes(thread.posts, PLAYERS, PLAYERS, DEADLINE, silenced=SILENCED)
    assert count.votes == {} and not count.late
    assert {r.reason for r in count.flagged} == {"near_deadline"}
