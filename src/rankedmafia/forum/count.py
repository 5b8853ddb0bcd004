"""Stage 4, the count: the standing vote of each living player who may vote (the last counted vote or
unvote of his posts before the deadline), with the flags (forum/flags.py) of everything left to the host:
silenced players' votes, posts edited after the deadline, posts whose time cannot be set against it.
Posts by anyone who does not play are never anybody's vote."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from rankedmafia.forum.dates import is_relative
from rankedmafia.forum.flags import LABELS, describe
from rankedmafia.forum.names import NameMatcher
from rankedmafia.forum.posts import QUOTE_HEADER, Post
from rankedmafia.forum.votes import COUNTED, FLAGGED, SKIPPED, Reading, own_text, votes_in
from rankedmafia.rules.model import BLUE

__all__ = ["COUNTED", "FLAGGED", "SKIPPED", "Count", "count_votes"]


@dataclass
class Count:
    votes: dict[str, str] = field(default_factory=dict)  # voter -> nickname or BLUE: the standing votes
    readings: list[Reading] = field(default_factory=list)  # every vote read, in thread order
    warnings: list[str] = field(default_factory=list)  # what was not counted and why, in words
    notes: list[str] = field(default_factory=list)  # how the times were read
    late: list[int] = field(default_factory=list)  # posts after the deadline
    strangers: dict[str, int] = field(default_factory=dict)  # authors who are not living players: post count
    silenced: list[str] = field(default_factory=list)  # living players without a vote today, as announced
    posts: dict[int, Post] = field(default_factory=dict)  # every post read, by number: a flag shows its post

    @property
    def flagged(self) -> list[Reading]:
        """The readings waiting for the host's decision."""
        return [r for r in self.readings if r.status == FLAGGED]


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


def _edited(readings: list[Reading], post: Post, deadline: datetime | None) -> list[Reading]:
    """A post edited after the deadline (or edited when, unread) is flagged: it may not say what it said then."""
    if deadline is None:
        return readings
    if post.edited is not None and post.edited > deadline:
        stamp = post.edited.strftime("%d.%m.%Y %H:%M")
        return [r.flagged("edited_late", stamp) if r.status == COUNTED else r for r in readings]
    if post.edited is None and post.edited_stamp:
        return [r.flagged("edited_unknown", post.edited_stamp) if r.status == COUNTED else r for r in readings]
    return readings


def count_votes(posts: Sequence[Post], alive: Sequence[str], players: Sequence[str] = (),
                deadline: datetime | None = None, lang: str = "ru",
                decisions: Mapping[int, str] | None = None, silenced: Sequence[str] = ()) -> Count:
    """The standing votes of the living players: the last counted vote or unvote of each before the
    deadline. A flagged reading is not counted; a post the host decided (`decisions`) counts as he said.
    The `silenced` (an announced silence: `alive` minus `Game.voters()`) have no vote: theirs are shown
    and never counted."""
    labels = LABELS.get(lang, LABELS["ru"])
    decisions = decisions or {}
    mute = {name for name in silenced if name in alive}
    matcher = NameMatcher(players or alive)
    authors = NameMatcher(alive)
    count = Count(silenced=[name for name in alive if name in mute])
    sources: dict[str, datetime | None] = {}
    for post in posts:
        count.posts[post.number] = post
        voter = authors.exact(" ".join(post.author.split()))
        # a name on the page close to a living player's but not his (a typo'd signature, a display name, a
        # spectator's look-alike): his votes are the host's to decide, never counted nor dropped unsaid
        close = authors.match(post.author) if voter is None and matcher.exact(post.author) is None else None
        if close is not None:
            voter = close.name
        if voter is None:
            count.strangers[post.author] = count.strangers.get(post.author, 0) + 1
            continue
        mine = replace(post, author=voter)
        if voter in mute:
            readings = [Reading(r.post, voter, SKIPPED, "silenced", r.choice, r.typed, r.names)
                        for r in votes_in(mine, matcher) if r.choice is not None or r.status == COUNTED]
        elif post.number in decisions:
            choice = decisions[post.number]
            readings = [Reading(post.number, voter, COUNTED, "decided", choice) if choice
                        else Reading(post.number, voter, SKIPPED, "not_a_vote")]
        else:
            readings, late = _timed(votes_in(mine, matcher), mine, deadline)
            if late:
                count.late.append(post.number)
                continue
            readings = _edited(readings, mine, deadline)
            # a post read by guess (an unknown engine), or a quote's header left in its words (a theme's own
            # quote markup, a page copied as text): the host decides
            unsure = post.unsure or ("quote" if QUOTE_HEADER.search(own_text(post.text)) else "")
            if unsure:
                readings = [r.flagged("unsure_" + unsure) if r.status == COUNTED else r for r in readings]
            if close is not None:
                readings = [r.flagged("fuzzy_author", post.author) if r.status == COUNTED else r for r in readings]
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
