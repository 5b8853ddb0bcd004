"""A day's thread as a list of posts, through the counter's first two stages: pages (forum/pages.py:
files, charsets, the pages' order) → posts (forum/posts.py: author, number, time, edited time, own
words). The votes, the count and the flags follow in forum/votes.py and forum/flags.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rankedmafia.forum.dates import (
    RELATIVE_DAY,
    Reference,
    Stamp,
    is_relative,
    page_reference,
    parse_time,
    parse_today,
    relative_time,
)
from rankedmafia.forum.pages import decode, read_files, read_pages_text
from rankedmafia.forum.posts import ENGINES, Engine, Post, detect, text_posts

__all__ = ["ENGINES", "RELATIVE_DAY", "Engine", "Post", "Reference", "Stamp", "Thread", "decode", "detect",
           "is_relative", "page_reference", "parse_time", "parse_today", "read_pages", "read_thread",
           "relative_time", "text_posts"]


@dataclass
class Thread:
    posts: list[Post]
    engines: list[str]  # what read each page, in the order given ("text" for pasted text)
    warnings: list[str] = field(default_factory=list)  # a gap or an overlap between pages
    notes: list[str] = field(default_factory=list)  # pages put back in order

    def __iter__(self) -> Iterator[Any]:
        """`posts, engines = read_thread(...)`, as before pages had warnings."""
        return iter((self.posts, self.engines))


def read_thread(pages: Iterable[str], names: Sequence[str] = (), today: Reference | None = None,
                lang: str = "ru") -> Thread:
    """Every post of the pages once, in the thread's order, numbered 1, 2, …; relative times are read
    against the page's own date where it shows one, else against `today`."""
    read = read_pages_text(pages, list(names), today, lang)
    posts = [Post(author, text, when, number, stamp, edited, shown, ident, edited_stamp, unsure)
             for number, (author, text, when, stamp, edited, shown, ident, edited_stamp, unsure)
             in enumerate(read.posts, start=1)]
    return Thread(posts, read.engines, read.warnings, read.notes)


def read_pages(paths: Iterable[Path]) -> list[str]:
    """The text of each saved page; a folder stands for its files in name order (page-1, page-2, …)."""
    return read_files(paths)
