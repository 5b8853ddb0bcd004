"""A day's votes as forum players post them, read from the thread, and the count to post back.

Conventions read (any case, anywhere in a post's own text; quotes are not read):
    [vote]Вася[/vote]   Голосую: Вася   голосую за Васю   голос за Васю   голос: Вася   мой голос — Вася
    против Васи   вешаем Васю   vote: Вася   vote for Вася   [unvote] / снимаю голос / unvote
    синий / blue / никого
The last vote of each living player stands; posts after the deadline and posts of others are skipped.

The counter never guesses: every vote it finds is a `Reading`, either counted by a certain rule or
flagged with the reason it is unsure (two names, a name or «синий» without a vote word, a typo'd name,
a post whose time cannot be set against the deadline) and left out of the count until the host
decides (`decisions`: a post's number -> the vote it holds, or "" for none).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from rankedmafia.forum.names import Match, NameMatcher, fold
from rankedmafia.forum.thread import Post, is_relative
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


# a leaning without a vote word: «Я за Васю», «надо вешать Петю», «I'd lynch Вася»
LEANING = re.compile(r"(?:\bза|\bвешать|\bповесить|\bповесим|\bказнить|\bказним|\bлинчуем|\bhang|\blynch)\s+"
                     r"(?P<who>[^\n.,;!?()]{1,40})", re.IGNORECASE)
BARE_BLUE = re.compile(r"(?<![\w-])(?:синий|синего|синим|синему|blue)(?![\w-])", re.IGNORECASE)
MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]", re.IGNORECASE)

COUNTED, FLAGGED, SKIPPED = "counted", "flagged", "skipped"
# why a vote is flagged (left for the host) or skipped (certainly not a vote that counts)
FLAGS = ("two_names", "no_vote_word", "bare_blue", "fuzzy_name", "unread", "no_time", "relative_time",
         "near_deadline")
SKIPS = ("late", "dead_choice", "not_a_vote")


@dataclass(frozen=True, slots=True)
class Reading:
    """One vote (or unvote) read from a post, and what the counter did with it.

    `status` is "counted" (by the rule in `reason`: "tag", "spoken", "unvote", "decided"), "flagged"
    (left for the host; `reason` says why) or "skipped" (certainly not counted; `reason` says why).
    `choice` is what it reads as: a nickname, BLUE, or None for an unvote or nothing read."""

    post: int
    author: str
    status: str
    reason: str
    choice: str | None = None
    typed: str = ""
    names: tuple[str, ...] = ()  # every player the words may mean (two names, a close spelling)
    stamp: str = ""  # the post's time as written, for a time flag

    def flagged(self, reason: str, stamp: str = "") -> Reading:
        return Reading(self.post, self.author, FLAGGED, reason, self.choice, self.typed, self.names, stamp)


@dataclass
class Count:
    votes: dict[str, str] = field(default_factory=dict)  # voter -> nickname or BLUE: the standing votes
    readings: list[Reading] = field(default_factory=list)  # every vote read, in thread order
    warnings: list[str] = field(default_factory=list)  # what was not counted and why, in words
    notes: list[str] = field(default_factory=list)  # how the times were read
    late: list[int] = field(default_factory=list)  # posts after the deadline
    strangers: dict[str, int] = field(default_factory=dict)  # authors who are not living players: post count

    @property
    def flagged(self) -> list[Reading]:
        """The readings waiting for the host's decision."""
        return [r for r in self.readings if r.status == FLAGGED]


def own_text(text: str) -> str:
    """The post's text without BBCode quotes or `>` quoted lines (pasted text keeps them)."""
    text = BBCODE_QUOTE.sub(" ", text)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def _tokens(words: str) -> list[str]:
    return [w for w in (w.strip("«»\"'*:—-–.,!?") for w in words.split()) if w]


def read_choice(words: str, matcher: NameMatcher) -> tuple[str | None, Match | None]:
    """What the words after "голосую" name: BLUE, a player, or nothing (None, None)."""
    tokens = _tokens(words)
    if not tokens:
        return None, None
    if fold(tokens[0]) in BLUE_WORDS:
        return BLUE, None
    match, _ = matcher.find(tokens)
    if match is None:
        return None, None
    return match.name, match


def named(words: str, matcher: NameMatcher) -> list[str]:
    """Every player the words name for certain (nickname or a declined form), in order, once each."""
    tokens = _tokens(words)
    found: list[str] = []
    i = 0
    while i < len(tokens):
        match, size = matcher.find(tokens[i:], fuzzy=False)
        if match is not None and match.name not in found:
            found.append(match.name)
        i += max(size, 1)
    if any(fold(t) in BLUE_WORDS for t in tokens) and BLUE not in found:
        found.append(BLUE)
    return found


def _reading(post: Post, rule: str, typed: str, matcher: NameMatcher, tagged: bool) -> Reading | None:
    choice, name = read_choice(typed, matcher)
    if choice is None:
        unread = tagged and typed and fold(typed) != "unvote"
        return Reading(post.number, post.author, FLAGGED, "unread", None, typed) if unread else None
    names = tuple(named(typed, matcher))
    if len(set(names) | {choice}) > 1:
        every = tuple(dict.fromkeys((choice, *names)))
        return Reading(post.number, post.author, FLAGGED, "two_names", choice, typed, every)
    if name is not None and not name.certain:
        return Reading(post.number, post.author, FLAGGED, "fuzzy_name", choice, typed, (choice,))
    return Reading(post.number, post.author, COUNTED, rule, choice, typed)


def votes_in(post: Post, matcher: NameMatcher) -> list[Reading]:
    """The votes and unvotes of one post, in the order written, each counted or flagged; a post without
    any that names a player alone on a line, or says «синий» in a sentence, is flagged for the host."""
    text = own_text(post.text)
    found: list[tuple[int, Reading]] = []
    taken: list[tuple[int, int]] = []
    for match in TAGGED.finditer(text):
        taken.append(match.span())
        reading = _reading(post, "tag", match["who"].strip(), matcher, tagged=True)
        if reading is not None:
            found.append((match.start(), reading))
    for match in UNVOTE.finditer(text):
        if not any(a <= match.start() < b for a, b in taken):
            found.append((match.start(), Reading(post.number, post.author, COUNTED, "unvote", None, match.group(0))))
            taken.append(match.span())
    for match in SPOKEN.finditer(text):
        if any(a <= match.start() < b for a, b in taken):
            continue
        typed = (match["who"] or match["who2"] or "").strip()
        explicit = match["who"] is not None and re.match(r"\s*(?:голосую|голос\s*:|vote\s*:|\[)", match.group(0), re.I)
        reading = _reading(post, "spoken", typed, matcher, tagged=bool(explicit))
        if reading is not None:
            found.append((match.start(), reading))
    if not found:
        found += _without_vote_word(post, text, matcher)
    return [r for _, r in sorted(found, key=lambda pair: pair[0])]


def _without_vote_word(post: Post, text: str, matcher: NameMatcher) -> list[tuple[int, Reading]]:
    """A name alone on a line («Вася.», «[b]Петя[/b]»), a leaning without a vote word («Я за Васю», «надо
    вешать Петю») or «синий» in a sentence («Рано вешать, синий.»): votes by some players' habits, never
    certain."""
    offset = 0
    for line in text.splitlines(keepends=True):
        bare = MARKUP.sub(" ", line).strip(" \t\n.,!?:;«»\"'*—-–()")
        match = matcher.match(bare, fuzzy=False) if bare else None
        if match is not None:
            return [(offset, Reading(post.number, post.author, FLAGGED, "no_vote_word", match.name, bare,
                                     (match.name,)))]
        if fold(bare) in BLUE_WORDS and fold(bare) not in ("никто", "никого"):
            return [(offset, Reading(post.number, post.author, FLAGGED, "no_vote_word", BLUE, bare))]
        offset += len(line)
    for leaning in LEANING.finditer(text):
        choice, match = read_choice(leaning["who"], matcher)
        if choice is not None and (match is None or match.certain):
            sentence = " ".join(leaning.group(0).split())
            return [(leaning.start(), Reading(post.number, post.author, FLAGGED, "no_vote_word", choice, sentence,
                                              (choice,)))]
    if blue := BARE_BLUE.search(text):
        start, end = text.rfind("\n", 0, blue.start()) + 1, text.find("\n", blue.end())
        sentence = " ".join(text[start:end if end >= 0 else len(text)].split())[:80]
        return [(blue.start(), Reading(post.number, post.author, FLAGGED, "bare_blue", BLUE, sentence))]
    return []


LABELS = {
    "ru": {
        "unread": "пост {post} ({author}): не понял, за кого голос: «{typed}»",
        "two_names": "пост {post} ({author}): «{typed}» — названо несколько: {names}",
        "no_vote_word": "пост {post} ({author}): «{typed}» без слова «голосую»",
        "bare_blue": "пост {post} ({author}): «{typed}» — «синий» без слова «голосую»",
        "fuzzy_name": "пост {post} ({author}): «{typed}» прочитано как {name} — проверьте",
        "no_time": "пост {post} ({author}): время поста не прочитано{stamp}, а срок задан",
        "relative_time": "пост {post} ({author}): время «{stamp}» — относительное, а от какой даты считать, "
                         "неизвестно (укажите сегодняшнюю дату)",
        "near_deadline": "пост {post} ({author}): время «{stamp}» слишком приблизительно, чтобы сравнить со сроком",
        "dead_choice": "пост {post} ({author}): голос за выбывшего {name} не засчитан",
        "not_a_vote": "пост {post} ({author}): по решению ведущего не голос",
        "pending": "{text} — не засчитано, решите сами",
        "late": "после срока пропущены посты: {posts}",
        "stranger": "пропущены посты не живых игроков: {authors}",
        "source_page": "относительные даты («Сегодня», «Вчера», «… назад») прочитаны по дате страницы: {when}",
        "source_today": "относительные даты («Сегодня», «Вчера», «… назад») прочитаны по заданной дате: {when}",
        "source_post": "относительные даты («Сегодня», «Вчера») прочитаны по машинной метке времени поста",
        "blue": "синий",
    },
    "en": {
        "unread": "post {post} ({author}): could not tell whom the vote is for: “{typed}”",
        "two_names": "post {post} ({author}): “{typed}” names more than one: {names}",
        "no_vote_word": "post {post} ({author}): “{typed}” without a vote word",
        "bare_blue": "post {post} ({author}): “{typed}”: blue without a vote word",
        "fuzzy_name": "post {post} ({author}): “{typed}” read as {name}; please check",
        "no_time": "post {post} ({author}): the post's time could not be read{stamp}, and a deadline is set",
        "relative_time": "post {post} ({author}): the time “{stamp}” is relative, and the date it counts from is "
                         "unknown (give today's date)",
        "near_deadline": "post {post} ({author}): the time “{stamp}” is too rough to compare with the deadline",
        "dead_choice": "post {post} ({author}): a vote for {name}, who is out of the game, is not counted",
        "not_a_vote": "post {post} ({author}): not a vote, as the host decided",
        "pending": "{text}: not counted; yours to decide",
        "late": "posts after the deadline skipped: {posts}",
        "stranger": "posts by others than living players skipped: {authors}",
        "source_page": "relative times (“Today”, “Yesterday”, “… ago”) read against the page's own date: {when}",
        "source_today": "relative times (“Today”, “Yesterday”, “… ago”) read against the date given: {when}",
        "source_post": "relative times (“Today”, “Yesterday”) read against the post's machine time stamp",
        "blue": "blue",
    },
}


def describe(reading: Reading, lang: str = "ru") -> str:
    """A flagged or skipped reading in words: the post, its author, what it says and why it is not counted."""
    labels = LABELS.get(lang, LABELS["ru"])
    words = [labels["blue"] if n == BLUE else n for n in reading.names]
    stamp = f" («{reading.stamp}»)" if lang == "ru" else f" (“{reading.stamp}”)"
    text = labels[reading.reason].format(
        post=reading.post, author=reading.author, typed=reading.typed, names=", ".join(words),
        name=labels["blue"] if reading.choice == BLUE else reading.choice,
        stamp=stamp if reading.stamp else "")
    return labels["pending"].format(text=text) if reading.status == FLAGGED else text


def _timed(readings: list[Reading], post: Post, deadline: datetime | None) -> tuple[list[Reading], bool]:
    """The post's readings set against the deadline: flagged where its time is unknown or too rough,
    and whether the post is certainly late."""
    if deadline is None or not readings:
        return readings, False
    stamp = post.stamp
    if post.time is None:
        relative = stamp is not None and stamp.written != "" and is_relative(stamp.written)
        reason = "relative_time" if relative else "no_time"
        written = stamp.written if stamp is not None else ""
        return [r.flagged(reason, written) if r.status == COUNTED else r for r in readings], False
    slack = stamp.slack if stamp is not None else timedelta(0)
    if post.time - slack > deadline:
        return readings, True
    if post.time + slack > deadline:
        written = stamp.written if stamp is not None else ""
        return [r.flagged("near_deadline", written) if r.status == COUNTED else r for r in readings], False
    return readings, False


def count_votes(posts: Sequence[Post], alive: Sequence[str], players: Sequence[str] = (),
                deadline: datetime | None = None, lang: str = "ru",
                decisions: Mapping[int, str] | None = None) -> Count:
    """The standing votes of the living players: the last counted vote or unvote of each before the
    deadline. A flagged reading is not counted; a post the host decided (`decisions`) counts as he said."""
    labels = LABELS.get(lang, LABELS["ru"])
    decisions = decisions or {}
    matcher = NameMatcher(players or alive)
    authors = NameMatcher(alive)
    count = Count()
    sources: dict[str, datetime | None] = {}
    for post in posts:
        voter = authors.exact(post.author)
        if voter is None:
            count.strangers[post.author] = count.strangers.get(post.author, 0) + 1
            continue
        mine = Post(voter, post.text, post.time, post.number, post.stamp)
        if post.number in decisions:
            choice = decisions[post.number]
            readings = [Reading(post.number, voter, COUNTED, "decided", choice) if choice
                        else Reading(post.number, voter, SKIPPED, "not_a_vote")]
        else:
            readings, late = _timed(votes_in(mine, matcher), mine, deadline)
            if late:
                count.late.append(post.number)
                continue
        if post.stamp is not None and post.stamp.source:
            sources.setdefault(post.stamp.source, post.stamp.basis)
        for reading in readings:
            if reading.status == COUNTED and reading.choice not in (None, BLUE) and reading.choice not in alive:
                reading = Reading(reading.post, voter, SKIPPED, "dead_choice", reading.choice, reading.typed)
            count.readings.append(reading)
            if reading.status != COUNTED:
                count.warnings.append(describe(reading, lang))
            elif reading.choice is None:
                count.votes.pop(voter, None)
            else:
                count.votes[voter] = reading.choice
    for source, basis in sources.items():
        midnight = basis is not None and basis.hour == basis.minute == basis.second == 0
        when = "" if basis is None else basis.strftime("%d.%m.%Y" if midnight else "%d.%m.%Y %H:%M")
        count.notes.append(labels["source_" + source].format(when=when))
    if count.late:
        count.warnings.append(labels["late"].format(posts=", ".join(map(str, count.late))))
    if count.strangers:
        count.warnings.append(labels["stranger"].format(
            authors=", ".join(f"{a} ({n})" for a, n in count.strangers.items())))
    return count
