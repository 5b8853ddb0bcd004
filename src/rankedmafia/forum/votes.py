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
from dataclasses import dataclass

from rankedmafia.forum.names import Match, NameMatcher, fold
from rankedmafia.forum.thread import Post
from rankedmafia.rules.model import BLUE
from rankedmafia.text.vote_words import BLUE_WORDS

UNVOTE = re.compile(r"\[unvote\]|\bunvote\b|\bанвот\b|сн(?:имаю|яла?|ял)\s+(?:свой\s+)?голос|"
                    r"отзыва(?:ю|ла?)\s+(?:свой\s+)?голос|отменяю\s+(?:свой\s+)?голос", re.IGNORECASE)
TAGGED = re.compile(r"\[vote\](?P<who>.*?)\[/vote\]", re.IGNORECASE | re.DOTALL)
WHO = r"(?P<who>(?!голос|меняю|перевож)[^\n.,;!?()]{1,60})"
# the documented vote forms (docs/forum.md), longest first: what follows each is the choice
SPOKEN = re.compile(
    r"(?:\bменяю|\bперевожу|\bпереношу|\bотдаю|\bпереключаю)\s+(?:свой\s+|мой\s+)?голос\s*"
    r"(?:на\s+|за\s+|[:—\-–]\s*(?:голосую\s+)?(?:за\s+|против\s+)?)" + WHO +
    r"|(?:\bголосую|\bпроголосую|\bпереголосовываю|\bмой\s+голос|\bголос|\bvote)\b\s*(?:сегодня\s+)?"
    r"(?:(?:за|против|в|for|against)\s+|[:—\-–=\s])*" + WHO.replace("who", "who1") +
    r"|(?:\bпротив|\bвешаем|\bвешаю|\bвздёрнем|\bвздернем|\bказнить|\bказним|\bказню)\b\s+(?P<who2>[^\n.,;!?()]{1,60})",
    re.IGNORECASE)
GALLOWS = re.compile(r"(?P<who>[^\s.,;!?()«»]+(?:\s+[^\s.,;!?()«»]+)?)\s+на\s+(?:виселицу|висел|эшафот|костёр|костер)",
                     re.IGNORECASE)
BBCODE_QUOTE = re.compile(r"\[quote[^\]]*\].*?\[/quote\]", re.IGNORECASE | re.DOTALL)
# emphasis a vote may be written in: bold, colour, italics, size («[b][color=red]Петю[/color][/b]»)
EMPHASIS = re.compile(r"\[/?(?:b|i|u|s|color|colour|size|font|highlight|center|left|right)(?:=[^\]]*)?\]",
                      re.IGNORECASE)


# a leaning without a vote word: «Я за Васю», «надо вешать Петю», «I'd lynch Вася»
LEANING = re.compile(r"(?:\bза|\bвешать|\bповесить|\bповесим|\bлинчуем|\bhang|\blynch)\s+"
                     r"(?P<who>[^\n.,;!?()]{1,40})", re.IGNORECASE)
BARE_BLUE = re.compile(r"(?<![\w-])(?:синий|синего|синим|синему|blue|воздерживаюсь|воздержусь|"
                       r"никого\s+не\s+(?:вешаем|вешать|вешаю|казним|казнить))(?![\w-])", re.IGNORECASE)
# words that make a «синий» in a sentence a thought rather than a vote
HEDGE = re.compile(r"\?|\bне\s+(?:знаю|уверен|решил|синий|синего)|склоня|может|наверн|пока\s+не|\bили\b|\bесли\b|"
                   r"\bбыл\b|\bбыло\b|\bвчера\b", re.IGNORECASE)
VOTE_WORD = re.compile(r"\bголос\w*|\bvote\b|\bвеша\w*|\bповес\w*|\bказн\w*|\bлинч\w*|\bвиселиц\w*", re.IGNORECASE)
MARKUP = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]", re.IGNORECASE)
NEGATED = re.compile(r"(?:^|\s)(?:не|не\s+буду|никогда\s+не|don't|not)\s*$", re.IGNORECASE)

COUNTED, FLAGGED, SKIPPED = "counted", "flagged", "skipped"
# why a vote is flagged (left for the host) or skipped (certainly not a vote that counts)
FLAGS = ("two_names", "no_vote_word", "bare_blue", "fuzzy_name", "unread", "no_time", "relative_time",
         "near_deadline", "silenced", "edited_late", "edited_unknown", "mention",
         "unsure_quote", "unsure_author", "unsure_body",
         "fuzzy_author")
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


def own_text(text: str) -> str:
    """The post's text without BBCode quotes or `>` quoted lines (pasted text keeps them), and without the
    emphasis a vote may be written in."""
    text = EMPHASIS.sub(" ", BBCODE_QUOTE.sub(" ", text))
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


ALTERNATIVE = frozenset({"или", "либо", "иль", "и", "or", "and", "/", "+", "или/и"})


def _alternatives(typed: str, matcher: NameMatcher) -> str:
    """The part of a spoken vote that may name a second choice: the first name and whatever follows it
    after «или», «и», «/» («за Васю или Диму»); else only the first name: the rest of the sentence («за
    Петю, потому что он врал Маше») is the reason, not a choice."""
    tokens = typed.split()
    _, size = matcher.find([t.strip("«»\"'*:—-–.,!?") for t in tokens])
    if size == 0 or (size < len(tokens) and fold(tokens[size]) in ALTERNATIVE):
        return typed
    return " ".join(tokens[:size])


def _reading(post: Post, rule: str, typed: str, matcher: NameMatcher, tagged: bool) -> Reading | None:
    choice, name = read_choice(typed, matcher)
    if choice is None:
        unread = tagged and typed and fold(typed) != "unvote"
        return Reading(post.number, post.author, FLAGGED, "unread", None, typed) if unread else None
    names = tuple(named(typed if rule == "tag" else _alternatives(typed, matcher), matcher))
    if len(set(names) | {choice}) > 1:
        every = tuple(dict.fromkeys((choice, *names)))
        return Reading(post.number, post.author, FLAGGED, "two_names", choice, typed, every)
    if name is not None and not name.certain:
        return Reading(post.number, post.author, FLAGGED, "fuzzy_name", choice, typed, (choice,))
    return Reading(post.number, post.author, COUNTED, rule, choice, typed)


def votes_in(post: Post, matcher: NameMatcher) -> list[Reading]:
    """The votes and unvotes of one post, in the order written, each counted or flagged. A post without
    a counted one that names a player or uses a vote word is flagged for the host with its words."""
    text = own_text(post.text)
    found: list[tuple[int, Reading]] = []
    taken: list[tuple[int, int]] = []

    def free(start: int) -> bool:
        return not any(a <= start < b for a, b in taken)

    for match in TAGGED.finditer(text):
        taken.append(match.span())
        reading = _reading(post, "tag", match["who"].strip(), matcher, tagged=True)
        if reading is not None:
            found.append((match.start(), reading))
    for match in UNVOTE.finditer(text):
        if free(match.start()):
            found.append((match.start(), Reading(post.number, post.author, COUNTED, "unvote", None, match.group(0))))
            taken.append(match.span())
    for match in SPOKEN.finditer(text):
        if not free(match.start()):
            continue
        if NEGATED.search(text[max(0, match.start() - 12):match.start()]):
            continue  # «не голосую за Петю», «не вешаем Васю»: left for the flags below
        typed = (match["who"] or match["who1"] or match["who2"] or "").strip()
        explicit = match["who2"] is None
        reading = _reading(post, "spoken", typed, matcher, tagged=explicit)
        if reading is not None:
            found.append((match.start(), reading))
            taken.append(match.span())
    for match in GALLOWS.finditer(text):
        if not free(match.start()):
            continue
        words = match["who"].split()
        for start in range(len(words)):  # «Дину на виселицу», «всех Дину на виселицу»
            reading = _reading(post, "spoken", " ".join(words[start:]), matcher, tagged=False)
            if reading is not None:
                found.append((match.start(), reading))
                taken.append(match.span())
                break
    for match in BARE_BLUE.finditer(text):
        if not free(match.start()):
            continue
        start, end = _sentence(text, match.start(), match.end())
        sentence = " ".join(text[start:end].split())[:120]
        others = [n for n in named(text[start:end], matcher) if n != BLUE]
        if HEDGE.search(sentence) or others:
            if not any(r.status == COUNTED for _, r in found):
                found.append((match.start(), Reading(post.number, post.author, FLAGGED, "bare_blue", BLUE, sentence)))
        else:
            found.append((match.start(), Reading(post.number, post.author, COUNTED, "blue_word", BLUE, sentence)))
        taken.append((start, end))
    if not any(r.status == COUNTED for _, r in found) and not any(r.status == FLAGGED for _, r in found):
        found += _without_vote_word(post, text, matcher)
    else:
        found += _second_thoughts(post, text, matcher, found, taken)
    return [r for _, r in sorted(found, key=lambda pair: pair[0])]


def _second_thoughts(post: Post, text: str, matcher: NameMatcher, found: list[tuple[int, Reading]],
                     taken: list[tuple[int, int]]) -> list[tuple[int, Reading]]:
    """After a counted vote, a leaning for someone else without a vote word («Голосую за Петю. Хотя нет,
    за Машу.») may be the player's real choice: flagged with its words (the counted vote stays until the
    host decides)."""
    counted = [(at, r) for at, r in found if r.status == COUNTED]
    if not counted:
        return []
    last_at, last = max(counted, key=lambda pair: pair[0])
    for leaning in LEANING.finditer(text):
        if leaning.start() <= last_at or any(a <= leaning.start() < b for a, b in taken):
            continue
        choice, match = read_choice(leaning["who"], matcher)
        if choice is not None and choice != last.choice and (match is None or match.certain):
            sentence = " ".join(leaning.group(0).split())
            return [(leaning.start(), Reading(post.number, post.author, FLAGGED, "no_vote_word", choice, sentence,
                                              (choice,)))]
    return []


def _sentence(text: str, start: int, end: int) -> tuple[int, int]:
    """The sentence around text[start:end]: from the last full stop, line break or «!» to the next."""
    left = max(text.rfind(c, 0, start) for c in ".!\n;") + 1
    rights = [i for i in (text.find(c, end) for c in ".!?\n;") if i >= 0]
    right = min(rights) + 1 if rights else len(text)
    return left, right


def _without_vote_word(post: Post, text: str, matcher: NameMatcher) -> list[tuple[int, Reading]]:
    """A name alone on a line («Вася.», «[b]Петя[/b]»), a leaning without a vote word («Я за Васю», «надо
    вешать Петю»), any other living player named, or a vote word: votes by some players' habits, never
    certain; flagged with the words, for the host."""
    offset = 0
    for line in text.splitlines(keepends=True):
        bare = MARKUP.sub(" ", line).strip(" \t\n.,!?:;«»\"'*—-–()")
        match = matcher.match(bare, fuzzy=True) if bare else None
        if match is not None:
            return [(offset, Reading(post.number, post.author, FLAGGED, "no_vote_word", match.name, bare,
                                     (match.name,)))]
        offset += len(line)
    for leaning in LEANING.finditer(text):
        choice, match = read_choice(leaning["who"], matcher)
        if choice is not None:
            sentence = " ".join(leaning.group(0).split())
            return [(leaning.start(), Reading(post.number, post.author, FLAGGED, "no_vote_word", choice, sentence,
                                              (choice,)))]
    mentioned = _mentions(text, matcher)
    vote_word = VOTE_WORD.search(text)
    if mentioned or vote_word:
        at = mentioned[0][0] if mentioned else vote_word.start() if vote_word else 0
        start, end = _sentence(text, at, at)
        sentence = " ".join(text[start:end].split())[:160]
        names = tuple(dict.fromkeys(name for _, name in mentioned))
        return [(at, Reading(post.number, post.author, FLAGGED, "mention", names[0] if len(names) == 1 else None,
                             sentence, names))]
    return []


def _mentions(text: str, matcher: NameMatcher) -> list[tuple[int, str]]:
    """Where the text names a player (any case, a declined form, or a close spelling of 4 letters or more)."""
    found: list[tuple[int, str]] = []
    for word in re.finditer(r"[\wЁё-]+", text):
        if len(word.group(0)) < 3:
            continue
        match = matcher.match(word.group(0), fuzzy=len(word.group(0)) >= 4)
        if match is not None:
            found.append((word.start(), match.name))
    return found
