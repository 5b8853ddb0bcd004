"""A day's votes as forum players post them, read from the thread, and the count to post back.

Conventions read (any case, anywhere in a post's own text; quotes are not read):
    [vote]Вася[/vote]   Голосую: Вася   голосую за Васю   голос за Васю   голос: Вася   мой голос — Вася
    против Васи   вешаем Васю   vote: Вася   vote for Вася   [unvote] / снимаю голос / unvote
    синий / blue / никого
The last vote of each living player stands; posts after the deadline and posts of others are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from rankedmafia.forum.names import Match, NameMatcher, fold
from rankedmafia.forum.thread import Post
from rankedmafia.rules.model import BLUE
from rankedmafia.text.vote_words import BLUE_WORDS

UNVOTE = re.compile(r"\[unvote\]|\bunvote\b|\bанвот\b|сн(?:имаю|яла?|ял)\s+(?:свой\s+)?голос|"
                    r"отзыва(?:ю|ла?)\s+(?:свой\s+)?голос|отменяю\s+(?:свой\s+)?голос", re.IGNORECASE)
TAGGED = re.compile(r"\[vote\](?P<who>.*?)\[/vote\]", re.IGNORECASE | re.DOTALL)
SPOKEN = re.compile(
    r"(?:\bголосую|\bпроголосую|\bпереголосовываю|\bмой\s+голос|\bголос|\bvote)\b\s*(?:сегодня\s+)?"
    r"(?:(?:за|против|в|for|against)\s+|[:—\-–=\s])*(?P<who>[^\n.,;!?()]{1,60})"
    r"|(?:\bпротив|\bвешаем|\bвешаю|\bвздёрнем|\bвздернем)\b\s+(?P<who2>[^\n.,;!?()]{1,60})",
    re.IGNORECASE)
BBCODE_QUOTE = re.compile(r"\[quote[^\]]*\].*?\[/quote\]", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Found:
    """One vote or unvote read from a post: `choice` is a nickname, BLUE, or None for an unvote."""

    voter: str
    choice: str | None
    post: int
    typed: str = ""
    match: Match | None = None


@dataclass
class Count:
    votes: dict[str, str] = field(default_factory=dict)  # voter -> nickname or BLUE: the standing votes
    history: list[Found] = field(default_factory=list)  # every vote read, in thread order
    warnings: list[str] = field(default_factory=list)  # uncertain matches, unread votes, skipped posts
    late: list[int] = field(default_factory=list)  # posts after the deadline
    strangers: dict[str, int] = field(default_factory=dict)  # authors who are not living players: post count


def own_text(text: str) -> str:
    """The post's text without BBCode quotes or `>` quoted lines (pasted text keeps them)."""
    text = BBCODE_QUOTE.sub(" ", text)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def read_choice(words: str, matcher: NameMatcher) -> tuple[str | None, Match | None]:
    """What the words after "голосую" name: BLUE, a player, or nothing (None, None)."""
    tokens = [w.strip("«»\"'*:—-–") for w in words.split()]
    tokens = [w for w in tokens if w]
    if not tokens:
        return None, None
    if fold(tokens[0]) in BLUE_WORDS:
        return BLUE, None
    match, _ = matcher.find(tokens)
    if match is None:
        return None, None
    return match.name, match


def votes_in(post: Post, matcher: NameMatcher, labels: dict[str, str]) -> tuple[list[Found], list[str]]:
    """The votes and unvotes of one post, in the order written, and what could not be read."""
    text = own_text(post.text)
    found: list[tuple[int, Found]] = []
    problems: list[str] = []
    taken: list[tuple[int, int]] = []
    for match in TAGGED.finditer(text):
        taken.append(match.span())
        typed = match["who"].strip()
        choice, name = read_choice(typed, matcher)
        if choice is None and typed and fold(typed) not in ("", "unvote"):
            problems.append(labels["unread"].format(post=post.number, author=post.author, text=typed))
            continue
        found.append((match.start(), Found(post.author, choice, post.number, typed, name)))
    for match in UNVOTE.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            found.append((match.start(), Found(post.author, None, post.number, match.group(0))))
            taken.append(match.span())
    for match in SPOKEN.finditer(text):
        if any(a <= match.start() < b for a, b in taken):
            continue
        typed = (match["who"] or match["who2"] or "").strip()
        choice, name = read_choice(typed, matcher)
        if choice is None:
            if match["who"] is not None and re.match(r"\s*(?:голосую|голос\s*:|vote\s*:|\[)", match.group(0), re.I):
                problems.append(labels["unread"].format(post=post.number, author=post.author, text=typed))
            continue
        found.append((match.start(), Found(post.author, choice, post.number, typed, name)))
    return [f for _, f in sorted(found, key=lambda pair: pair[0])], problems


LABELS = {
    "ru": {
        "unread": "пост {post} ({author}): не понял, за кого голос: «{text}»",
        "uncertain": "пост {post} ({author}): «{typed}» прочитано как {name} — проверьте",
        "late": "после срока пропущены посты: {posts}",
        "stranger": "пропущены посты не живых игроков: {authors}",
        "dead_choice": "пост {post} ({author}): голос за выбывшего {name} не засчитан",
    },
    "en": {
        "unread": "post {post} ({author}): could not tell whom the vote is for: “{text}”",
        "uncertain": "post {post} ({author}): “{typed}” read as {name}; please check",
        "late": "posts after the deadline skipped: {posts}",
        "stranger": "posts by others than living players skipped: {authors}",
        "dead_choice": "post {post} ({author}): a vote for {name}, who is out of the game, is not counted",
    },
}


def count_votes(posts: Sequence[Post], alive: Sequence[str], players: Sequence[str] = (),
                deadline: datetime | None = None, lang: str = "ru") -> Count:
    """The standing votes of the living players: the last vote or unvote of each before the deadline."""
    labels = LABELS.get(lang, LABELS["ru"])
    matcher = NameMatcher(players or alive)
    authors = NameMatcher(alive)
    count = Count()
    for post in posts:
        if deadline is not None and post.time is not None and post.time > deadline:
            count.late.append(post.number)
            continue
        voter = authors.exact(post.author)
        if voter is None:
            count.strangers[post.author] = count.strangers.get(post.author, 0) + 1
            continue
        found, problems = votes_in(Post(voter, post.text, post.time, post.number), matcher, labels)
        count.warnings += problems
        for vote in found:
            if vote.choice is not None and vote.choice != BLUE and vote.choice not in alive:
                count.warnings.append(labels["dead_choice"].format(post=post.number, author=voter, name=vote.choice))
                continue
            if vote.match is not None and not vote.match.certain:
                count.warnings.append(labels["uncertain"].format(post=post.number, author=voter, typed=vote.typed,
                                                                 name=vote.match.name))
            count.history.append(vote)
            if vote.choice is None:
                count.votes.pop(voter, None)
            else:
                count.votes[voter] = vote.choice
    if count.late:
        count.warnings.append(labels["late"].format(posts=", ".join(map(str, count.late))))
    if count.strangers:
        count.warnings.append(labels["stranger"].format(
            authors=", ".join(f"{a} ({n})" for a, n in count.strangers.items())))
    return count
