"""The day's conversation and the clans' night chat, as pure functions of the posts.

Who speaks next (our documented rule, a cheap form of Werewolf Arena's bids):
1. a player addressed by name (in any declension: «Васю», «Пете») in a post since his own last post
   speaks first, the earliest addressed first: so a person who asks an AI player something gets the answer
   in its next turn;
2. then those who have not spoken today, in seat order starting from a seat that moves with the day;
3. then by the bid each gave with his last post (0–4: how much he wants to speak again), highest first,
   ties by fewer posts today, then the same seat order. A bid of 0 leaves the floor unless addressed.
Each seat has `per_seat` posts a day and the day `per_day` in all. A clan's chat by night: each member
who talks writes one line, the boss last, so that he reads the others before he sends the clan's action.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rankedmafia.forum.names import declensions, fold

DAY = "day"
WORD = re.compile(r"[\w-]+", re.UNICODE)


@dataclass(frozen=True, slots=True)
class Post:
    author: str
    text: str
    number: int  # the day's (or the night's) number
    channel: str = DAY  # "day", or "clan:<clan>" for a clan's night chat
    order: int = 0  # its place in the whole conversation
    bid: int = 1


@dataclass(slots=True)
class Conversation:
    """Every post of a game, in order. A seat reads the days' posts and his own clans' chats only."""

    names: tuple[str, ...] = ()
    posts: list[Post] = field(default_factory=list)
    _forms: dict[str, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in self.names:
            for form in declensions(name):
                self._forms.setdefault(form, set()).add(name)

    def add(self, author: str, text: str, number: int, channel: str = DAY, bid: int = 1) -> Post:
        post = Post(author, text, number, channel, len(self.posts), bid)
        self.posts.append(post)
        return post

    def day(self, number: int) -> list[Post]:
        return [p for p in self.posts if p.channel == DAY and p.number == number]

    def clan(self, clan: str, number: int) -> list[Post]:
        channel = f"clan:{clan}"
        return [p for p in self.posts if p.channel == channel and p.number == number]

    def readable(self, clans: Iterable[str]) -> list[Post]:
        """The posts a player in these clans may read: every day's, and his clans' chats."""
        channels = {DAY, *(f"clan:{c}" for c in clans)}
        return [p for p in self.posts if p.channel in channels]

    def mentions(self, text: str) -> set[str]:
        """The players a text names, in any declension."""
        found: set[str] = set()
        for word in WORD.findall(text):
            found |= self._forms.get(fold(word), set())
        return found


@dataclass(slots=True)
class Floor:
    """One day's turns (see the module's docstring)."""

    seats: Sequence[str]  # the living who may talk, in seat order
    number: int
    per_seat: int | Mapping[str, int] = 2  # posts a day, for all or by seat
    per_day: int = 24
    passed: set[str] = field(default_factory=set)  # who gave up the floor today (no answer, or nothing to say)

    def quota(self, name: str) -> int:
        return self.per_seat if isinstance(self.per_seat, int) else self.per_seat.get(name, 0)

    def next_speaker(self, talk: Conversation) -> str | None:
        posts = talk.day(self.number)
        if len(posts) >= self.per_day:
            return None
        count: dict[str, int] = {}
        last: dict[str, int] = {}
        bid: dict[str, int] = {}
        for index, post in enumerate(posts):
            count[post.author] = count.get(post.author, 0) + 1
            last[post.author] = index
            bid[post.author] = post.bid
        addressed: dict[str, int] = {}
        for index, post in enumerate(posts):
            for name in talk.mentions(post.text):
                if name != post.author and index > last.get(name, -1) and name not in addressed:
                    addressed[name] = index
        shift = self.number % max(1, len(self.seats))
        order = {name: (i - shift) % len(self.seats) for i, name in enumerate(self.seats)}
        best: tuple[tuple[int, ...], str] | None = None
        for name in self.seats:
            if count.get(name, 0) >= self.quota(name) or name in self.passed:
                continue
            if name in addressed:
                key: tuple[int, ...] = (0, addressed[name], 0, 0)
            elif name not in count:
                key = (1, 0, 0, 0)
            elif bid.get(name, 1) > 0:
                key = (2, -bid[name], count[name], 0)
            else:
                continue
            key = (*key[:3], order[name])
            if best is None or key < best[0]:
                best = (key, name)
        return None if best is None else best[1]

    def addressed(self, talk: Conversation, name: str) -> list[str]:
        """Who has addressed him since his own last post today (for his prompt)."""
        posts = talk.day(self.number)
        last = max((i for i, p in enumerate(posts) if p.author == name), default=-1)
        return list(dict.fromkeys(p.author for p in posts[last + 1:]
                                  if p.author != name and name in talk.mentions(p.text)))


def clan_order(members: Sequence[str], boss: str | None) -> list[str]:
    """The clan's chat by night: its living members in seat order, the boss last."""
    return [m for m in members if m != boss] + ([boss] if boss is not None and boss in members else [])
