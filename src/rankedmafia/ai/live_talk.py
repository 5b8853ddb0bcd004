"""A live game's talk as the AI seats read it, rebuilt from the store on every tick: nothing in memory.

The day's `Conversation` holds the thread's posts of the game (people's and AI seats' alike) under their
day's number, and the clans' chats under their night's; the `Floor` is over the living AI seats that talk,
its quotas their agents' `posts_per_day`, and who gave up the floor today is read from the kept turns (a
post turn without a post), so that a restarted service neither asks them again nor loses a count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rankedmafia.ai.prompt import POST
from rankedmafia.ai.talk import DAY, Conversation, Floor
from rankedmafia.store import PostRow

THREAD = "thread"


def phase_number(label: str, kind: str) -> int | None:
    """The number of a post's phase label ("day 2" -> 2 for kind "day"); None for another kind."""
    head, _, number = label.partition(" ")
    return int(number) if head == kind and number.isdigit() else None


def post_bids(posts: Sequence[PostRow], turns: Sequence[Mapping[str, Any]]) -> dict[int, int]:
    """The bid each AI post of the thread was given with (by post id): a seat's k-th post in the thread is
    his k-th post turn that reached it (a post and its turn are written together, in order)."""
    given: dict[str, list[int]] = {}
    for turn in turns:
        if turn.get("kind") == POST and turn.get("post") and turn.get("applied"):
            given.setdefault(str(turn["seat"]), []).append(int(turn.get("bid", 1)))
    bids: dict[int, int] = {}
    seen: dict[str, int] = {}
    for post in posts:
        if post.channel == THREAD and post.author in given:
            index = seen.get(post.author, 0)
            seen[post.author] = index + 1
            if index < len(given[post.author]):
                bids[post.id] = given[post.author][index]
    return bids


def conversation(names: Sequence[str], posts: Sequence[PostRow], turns: Sequence[Mapping[str, Any]]) -> Conversation:
    """The game's talk: thread posts of the days, clan posts of the nights, in the store's order. An AI
    post's bid is the one its turn gave with it (1 for people's posts, as the talk's rule says)."""
    bids = post_bids(posts, turns)
    talk = Conversation(tuple(names))
    for post in posts:
        if not post.author:
            continue  # the host's own notes are not a player's talk
        if post.channel == THREAD:
            number = phase_number(post.phase, "day")
            if number is not None:
                talk.add(post.author, post.text, number, DAY, bids.get(post.id, 1))
        elif post.channel.startswith("clan:"):
            number = phase_number(post.phase, "night")
            if number is not None:
                talk.add(post.author, post.text, number, post.channel)
    return talk


def day_floor(talkers: Sequence[str], quota: Mapping[str, int], number: int, talk: Conversation,
              turns: Sequence[Mapping[str, Any]], turn_key: str) -> Floor:
    """Today's floor over the AI seats that talk. The day's cap is the AI seats' quotas beside what people
    wrote, so that people's talk never silences the AI seats before their quotas."""
    people = sum(1 for post in talk.day(number) if post.author not in quota)
    passed = {str(t["seat"]) for t in turns if t.get("kind") == POST and t.get("turn") == turn_key
              and not t.get("post")}
    return Floor(list(talkers), number, dict(quota), per_day=sum(quota.values()) + people, passed=passed)


def done_talking(floor: Floor, talk: Conversation, name: str) -> bool:
    """He has nothing more to say today: his quota is used, or he gave up the floor."""
    spoken = sum(1 for post in talk.day(floor.number) if post.author == name)
    return name not in floor.seats or name in floor.passed or spoken >= floor.quota(name)
