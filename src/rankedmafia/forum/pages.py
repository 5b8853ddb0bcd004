"""Stage 1, the pages: saved files read in their charset, each page's posts found (forum/posts.py), and
the pages put in the thread's order by post number or time whatever order they were given in, with a
warning on a gap between them or an overlap."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rankedmafia.forum.dates import Reference, page_reference
from rankedmafia.forum.posts import Found, read_html, text_posts

TEXTS = {
    "ru": {"reordered": "страницы даны не по порядку: прочитаны по {key}",
           "overlap": "страницы перекрываются: повторы постов учтены один раз ({authors})",
           "gap": "между страницами не хватает постов № {first}–{last}: сохраните и ту страницу",
           "shown": "номерам постов", "ident": "номерам постов на форуме", "time": "времени постов",
           "no_posts": "в странице {page} не нашлось постов",
           "unread": "в странице {page} не прочитано постов (нет автора или текста): {n} — проверьте их сами"},
    "en": {"reordered": "the pages were given out of order: read by {key}",
           "overlap": "the pages overlap: repeated posts counted once ({authors})",
           "gap": "posts no. {first}–{last} are missing between the pages: save that page too",
           "shown": "post number", "ident": "the forum's post ids", "time": "post time",
           "no_posts": "no posts found in page {page}",
           "unread": "page {page}: {n} posts without an author or a text could not be read; check them yourself"},
}


@dataclass
class Page:
    given: int  # its place in the order given (1, 2, …)
    engine: str  # the engine that read it, "generic" (by structure) or "text" (pasted)
    posts: list[Found]
    unread: int = 0  # post containers without an author or a text


@dataclass
class Pages:
    posts: list[Found] = field(default_factory=list)  # every post once, in the thread's order
    engines: list[str] = field(default_factory=list)  # per page, in the order given
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def read_page(page: str, names: list[str], today: Reference | None, given: int) -> Page:
    reference = page_reference(page) or today
    if "<" in page and re.search(r"<(?:div|table|article|li|p|span|body)\b", page, re.IGNORECASE):
        unread: list[int] = []
        engine, found = read_html(page, reference, unread)
        return Page(given, engine, found, len(unread))  # a page of no posts is warned of, never read as text
    return Page(given, "text", text_posts(page, names, reference))


def _key(post: Found, kind: str) -> Any:  # an int or a datetime, alike across the pages of one kind
    return {"shown": post[5], "ident": post[6], "time": post[2]}[kind]


def order_pages(pages: list[Page], lang: str = "ru") -> Pages:
    texts = TEXTS.get(lang, TEXTS["ru"])
    out = Pages(engines=[p.engine for p in pages])
    out.warnings += [texts["no_posts"].format(page=p.given) for p in pages if not p.posts]
    out.warnings += [texts["unread"].format(page=p.given, n=p.unread) for p in pages if p.unread]
    filled = [p for p in pages if p.posts]
    kind = next((k for k in ("shown", "ident", "time")
                 if all(_key(post, k) is not None for p in filled for post in p.posts)), None)
    if kind is not None and len(filled) > 1:
        ordered = sorted(filled, key=lambda p: _key(p.posts[0], kind))
        if [p.given for p in ordered] != [p.given for p in filled]:
            out.notes.append(texts["reordered"].format(key=texts[kind]))
        filled = ordered
    seen: set[object] = set()
    repeated: list[str] = []
    last_shown: int | None = None
    for page in filled:
        earlier = set(seen)  # a page is checked against the pages before it, never against itself
        first = page.posts[0][5]
        if kind == "shown" and last_shown is not None and first is not None and first > last_shown + 1:
            out.warnings.append(texts["gap"].format(first=last_shown + 1, last=first - 1))
        for post in page.posts:
            key = _key(post, kind) if kind in ("shown", "ident") else (post[0], post[1], post[2])
            if kind is None:
                key = (post[0], post[1], post[2], page.given)
            if key in earlier:
                repeated.append(post[0])
                continue
            seen.add(key)
            out.posts.append(post)
            if post[5] is not None:
                last_shown = max(last_shown or 0, post[5])
    if repeated:
        out.warnings.append(texts["overlap"].format(authors=", ".join(dict.fromkeys(repeated))))
    return out


def read_pages_text(pages: Iterable[str], names: list[str], today: Reference | None, lang: str = "ru") -> Pages:
    return order_pages([read_page(page, names, today, n) for n, page in enumerate(pages, start=1)], lang)


CHARSET = re.compile(rb"""<meta[^>]+charset=["']?([A-Za-z0-9_\-]+)""", re.IGNORECASE)


def decode(data: bytes) -> str:
    """A saved page's text: UTF-8, else the charset its `<meta>` names (old Russian forums serve
    windows-1251), else windows-1251."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    declared = CHARSET.search(data[:4096])
    for charset in ([declared.group(1).decode("ascii")] if declared else []) + ["cp1251"]:
        try:
            return data.decode(charset)
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("utf-8", errors="replace")


def read_files(paths: Iterable[Path]) -> list[str]:
    """The text of each saved page; a folder stands for its files in name order (page-1, page-2, …)."""
    pages: list[str] = []
    for path in paths:
        files = sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
        for file in files:
            pages.append(decode(file.read_bytes()))
    return pages
