"""The host's command language: one typed line → one command. Pure: no game, no I/O.

    Вася kill Петя Маша        a night action (targets by nickname)
    Маша heal_from mafia       an option: the word after the targets, or explicitly `role=mafia`
    Женя copy maniac kill_bloody Петя      the joker: the role, its action, then the targets
    Вася ask side_count side=town op=ge n=3   the Council question: the template, then its arguments
    undo Вася                  take back Вася's action tonight
    Вася > Петя   Маша > blue  a day vote (a later vote replaces an earlier one)
    who · votes · done · help · quit
    помощь доктор              one role's rules (help ROLE)
    Вася: убиваю Петю          a player's private message, read as the action it means (also `лс Вася: …`)
    тема day2-1.html day2-2.html до 30.11.2026 22:00   the day's votes, read from the thread's pages

Nicknames with spaces go in quotes: "Big Bob", 'Big Bob' or «Big Bob». Keywords work in Russian too
(кто, голоса, готово, отмена, помощь, выход). `#` at the start of a word begins a comment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rankedmafia.rules.model import BLUE

QUOTES = {'"': '"', "'": "'", "«": "»"}
VOTE_MARK = ">"


class ParseError(ValueError):
    """A line that is not a command; `key` names its message in the host's catalogue (i18n.UI)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)


@dataclass(frozen=True, slots=True)
class Act:
    actor: str
    action: str
    targets: tuple[str, ...] = ()
    option: str | None = None  # given explicitly as key=value (the first such pair)
    pairs: tuple[tuple[str, str], ...] = ()  # every key=value given (the Council question's arguments)


@dataclass(frozen=True, slots=True)
class Vote:
    voter: str
    choice: str  # a nickname or BLUE


@dataclass(frozen=True, slots=True)
class Undo:
    actor: str


@dataclass(frozen=True, slots=True)
class Who:
    pass


@dataclass(frozen=True, slots=True)
class Votes:
    pass


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class Help:
    topic: str | None = None  # a role's name: that role's rules


@dataclass(frozen=True, slots=True)
class Message:
    """A player's private message pasted as it is: the session reads the action it means."""

    actor: str
    text: str


@dataclass(frozen=True, slots=True)
class Thread:
    """The day's thread saved as pages (or pasted text), to read the votes from."""

    paths: tuple[str, ...]
    deadline: str | None = None
    today: str | None = None  # the date relative times («Сегодня, 19:45») are read against


@dataclass(frozen=True, slots=True)
class Quit:
    pass


Command = Act | Vote | Undo | Who | Votes | Done | Help | Quit | Message | Thread

KEYWORDS: dict[str, Command] = {
    **dict.fromkeys(("who", "кто"), Who()),
    **dict.fromkeys(("votes", "голоса"), Votes()),
    **dict.fromkeys(("done", "готово", "итоги"), Done()),
    **dict.fromkeys(("quit", "exit", "выход"), Quit()),
}
UNDO = ("undo", "отмена")
HELP = ("help", "?", "помощь", "справка")
THREAD = ("thread", "тема", "ветка")
DEADLINE = ("до", "until", "deadline")
TODAY = ("сегодня", "today")
MESSAGE = re.compile(r"""^\s*(?:(?:лс|pm|msg)\s+)?(?P<name>"[^"]+"|«[^»]+»|'[^']+'|[^\s:>"'«]+)"""
                     r"""\s*:\s*(?P<text>\S.*)$""", re.IGNORECASE)
MESSAGE_WORDS = ("лс", "pm", "msg")
BLUE_WORDS = (BLUE, "синий")


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    quoted: bool = False

    def word(self) -> str | None:
        """The token as a keyword candidate: lower-cased, or None if it was quoted."""
        return None if self.quoted else self.text.casefold()


def tokenize(line: str) -> list[Token]:
    """Split on whitespace; quotes group; an unquoted `>` is a token of its own; `#` starts a comment."""
    tokens: list[Token] = []
    current: list[str] = []
    i, n = 0, len(line)

    def flush() -> None:
        if current:
            tokens.append(Token("".join(current)))
            current.clear()

    while i < n:
        char = line[i]
        if char.isspace():
            flush()
        elif char == "#" and not current:
            break
        elif char == VOTE_MARK:
            flush()
            tokens.append(Token(VOTE_MARK))
        elif char in QUOTES and not current:
            end = line.find(QUOTES[char], i + 1)
            if end < 0:
                raise ParseError("parse_quote")
            tokens.append(Token(line[i + 1:end].strip(), quoted=True))
            i = end
        else:
            current.append(char)
        i += 1
    flush()
    return tokens


def parse_line(line: str) -> Command | None:
    """The command a line means, None for a blank line or a comment; ParseError for anything else."""
    message = MESSAGE.match(line)
    if message is not None:
        return Message(message["name"].strip("\"'«»").strip(), message["text"].strip())
    tokens = tokenize(line)
    if not tokens:
        return None
    first = tokens[0].word()
    if first in HELP:
        return Help(" ".join(t.text for t in tokens[1:]) or None)
    if first in THREAD:
        return _thread(tokens)
    if first in MESSAGE_WORDS:
        if len(tokens) < 3:
            raise ParseError("parse_message")
        return Message(tokens[1].text, line.split(tokens[1].text, 1)[1].strip())
    if first in KEYWORDS:
        if len(tokens) > 1:
            raise ParseError("parse_extra", word=tokens[0].text)
        return KEYWORDS[first]
    marks = [i for i, tok in enumerate(tokens) if tok.text == VOTE_MARK and not tok.quoted]
    if marks:
        return _vote(tokens, marks)
    if first in UNDO:
        if len(tokens) != 2 or not tokens[1].text:
            raise ParseError("parse_undo")
        return Undo(tokens[1].text)
    return _act(tokens)


def _thread(tokens: list[Token]) -> Thread:
    """`тема файл… [до СРОК] [сегодня ДАТА]`, the two parts in either order."""
    words = [t.text for t in tokens[1:]]
    marks = [i for i, t in enumerate(tokens[1:]) if t.word() in DEADLINE + TODAY]
    paths = words[:marks[0]] if marks else words
    parts: dict[str, str | None] = {"deadline": None, "today": None}
    for n, mark in enumerate(marks):
        end = marks[n + 1] if n + 1 < len(marks) else len(words)
        key = "deadline" if words[mark].casefold() in DEADLINE else "today"
        parts[key] = " ".join(words[mark + 1:end]) or None
    if not paths:
        raise ParseError("parse_thread")
    return Thread(tuple(paths), parts["deadline"], parts["today"])


def _vote(tokens: list[Token], marks: list[int]) -> Vote:
    if marks != [1] or len(tokens) != 3 or not tokens[0].text or not tokens[2].text:
        raise ParseError("parse_vote")
    choice = tokens[2]
    return Vote(tokens[0].text, BLUE if choice.word() in BLUE_WORDS else choice.text)


def _act(tokens: list[Token]) -> Act:
    if len(tokens) < 2 or not tokens[0].text or not tokens[1].text or tokens[1].quoted:
        raise ParseError("parse_act")
    targets: list[str] = []
    pairs: list[tuple[str, str]] = []
    for token in tokens[2:]:
        if not token.quoted and "=" in token.text:
            key, _, value = token.text.partition("=")
            if not key or not value or any(key == k for k, _ in pairs):
                raise ParseError("parse_option")
            pairs.append((key, value))
        elif token.text:
            targets.append(token.text)
        else:
            raise ParseError("parse_act")
    option = pairs[0][1] if pairs else None
    return Act(tokens[0].text, tokens[1].text, tuple(targets), option, tuple(pairs))
