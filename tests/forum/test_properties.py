"""Invariants of the vote counter over random threads: whatever conventions the players use, whatever they
quote, the standing vote of each living player is his own last vote or unvote, and nothing else."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.thread import Post, read_thread
from rankedmafia.rules.model import BLUE

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Игорь"]
ACCUSATIVE = {"Вася": "Васю", "Петя": "Петю", "Маша": "Машу", "Коля": "Колю", "Оля": "Олю", "Игорь": "Игоря"}
GENITIVE = {"Вася": "Васи", "Петя": "Пети", "Маша": "Маши", "Коля": "Коли", "Оля": "Оли", "Игорь": "Игоря"}
VOTES = [
    lambda n: f"[vote]{n}[/vote]", lambda n: f"Голосую: {n}", lambda n: f"голосую за {ACCUSATIVE[n]}",
    lambda n: f"Голос за {ACCUSATIVE[n]}.", lambda n: f"против {GENITIVE[n]}", lambda n: f"Вешаем {ACCUSATIVE[n]}!",
    lambda n: f"vote: {n}", lambda n: f"мой голос — {n}",
]
BLUES = ["Голосую синим", "[vote]синий[/vote]", "голос: синий", "vote: blue"]
UNVOTES = ["[unvote]", "Снимаю голос.", "unvote", "отзываю свой голос"]
CHATTER = ["Всем привет!", "Я мирный, честно.", "Кто-то врёт, но не понимаю кто.", "Подумаю до вечера.", ""]

# one move: (author, kind, candidate, template index, quoted author or None)
moves = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(["vote", "blue", "unvote", "chat"]),
                           st.sampled_from(NAMES), st.integers(0, 7), st.none() | st.sampled_from(NAMES)),
                 max_size=25)


def write(kind: str, candidate: str, template: int) -> str:
    if kind == "vote":
        return VOTES[template](candidate)
    if kind == "blue":
        return BLUES[template % len(BLUES)]
    if kind == "unvote":
        return UNVOTES[template % len(UNVOTES)]
    return CHATTER[template % len(CHATTER)]


@settings(max_examples=60, deadline=None)
@given(moves)
def test_the_last_own_vote_stands(thread: list[tuple[str, str, str, int, str | None]]) -> None:
    posts, expected, written = [], {}, []
    for number, (author, kind, candidate, template, quoted) in enumerate(thread, start=1):
        own = write(kind, candidate, template)
        quote = f"[quote={quoted}]{written[-1]}[/quote]\n" if quoted and written else ""
        posts.append(Post(author, f"{quote}{CHATTER[template % len(CHATTER)]}\n{own}", None, number))
        written.append(own)
        if kind == "vote":
            expected[author] = candidate
        elif kind == "blue":
            expected[author] = BLUE
        elif kind == "unvote":
            expected.pop(author, None)
    count = count_votes(posts, NAMES, NAMES)
    assert count.votes == expected
    assert not [w for w in count.warnings if "не понял" in w or "проверьте" in w]


@settings(max_examples=30, deadline=None)
@given(moves)
def test_pasted_text_reads_the_same_posts(thread: list[tuple[str, str, str, int, str | None]]) -> None:
    text = "\n".join(f"{author} (30.11.2026 20:{i % 60:02d}):\n{write(kind, c, t)}\n"
                     for i, (author, kind, c, t, _) in enumerate(thread))
    posts, _ = read_thread([text], NAMES)
    assert [(p.author, p.text) for p in posts] == [(a, write(k, c, t)) for a, k, c, t, _ in thread]
