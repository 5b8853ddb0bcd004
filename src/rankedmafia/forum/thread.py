"""A day's thread as a list of posts: who wrote, when, and what he wrote himself (quotes left out).

Pages saved from the common forum engines are read by their markup (`ENGINES`); anything else is read
as pasted text, where a post begins with a line holding a player's nickname (see docs/forum.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

from rankedmafia.forum.dom import Element, parse_html
from rankedmafia.forum.names import fold


@dataclass(frozen=True, slots=True)
class Post:
    author: str
    text: str  # the author's own words: quotes and signatures left out
    time: datetime | None  # the forum's wall-clock time, if the page shows it
    number: int  # its place in the thread (1, 2, …) across every page given
    stamp: Stamp | None = None  # how `time` was read, where the page did not show a plain date


@dataclass(frozen=True, slots=True)
class Stamp:
    """A post's time as written («Сегодня, 19:45», «5 минут назад»), and what it was read against:
    `source` is "page" (the saved page's own date), "post" (the post's machine-readable stamp),
    "today" (the date the host gave) or "" (nothing: the time is unknown); `slack` is how far off the
    reading may be ("2 часа назад" is anywhere in that hour)."""

    written: str
    source: str
    slack: timedelta = timedelta(0)
    basis: datetime | None = None  # the page's or the host's date it was read against


Test = Callable[[Element], bool]


def _cls(*names: str) -> Test:
    return lambda e: e.has_class(*names)


def _tag_cls(tag: str, *names: str) -> Test:
    return lambda e: e.tag == tag and e.has_class(*names)


def _signature(e: Element) -> bool:
    return any("signature" in c for c in e.classes)


@dataclass(frozen=True, slots=True)
class Engine:
    """Where one forum engine puts a post, its author, its time, its text and the quotes inside it."""

    name: str
    post: Test
    author: Test
    time: Test
    body: Test
    quote: Test
    author_attr: str | None = None  # the post element's attribute holding the author (XenForo)


ENGINES: tuple[Engine, ...] = (
    Engine("xenforo", _tag_cls("article", "message--post"), _cls("message-name", "username"),
           lambda e: e.tag == "time" and e.has_class("u-dt"), _cls("bbWrapper"),
           lambda e: e.has_class("bbCodeBlock--quote"), author_attr="data-author"),
    Engine("invision", lambda e: e.tag == "article" and e.has_class("ipsComment", "cPost"),
           _cls("cAuthorPane_author"), lambda e: e.tag == "time" and "datetime" in e.attrs,
           lambda e: e.attrs.get("data-role") == "commentContent",
           lambda e: e.tag == "blockquote" or e.has_class("ipsQuote")),
    Engine("phpbb", lambda e: e.tag == "div" and e.has_class("post") and e.attrs.get("id", "").startswith("p"),
           _cls("username", "username-coloured"), lambda e: e.tag == "time" or e.has_class("author"),
           _tag_cls("div", "content"), lambda e: e.tag == "blockquote"),
    Engine("vbulletin", lambda e: e.has_class("postcontainer", "postbit") and e.attrs.get("id", "").startswith("post"),
           _cls("username"), _cls("date", "postdate"), _cls("postcontent", "post_message"),
           lambda e: e.has_class("bbcode_container", "bbcode_quote", "quote")),
    # vBulletin 3.8: a table a post; its quote is the one div styled "margin:20px"
    Engine("vbulletin", lambda e: e.tag == "table" and re.fullmatch(r"post\d+", e.attrs.get("id", "")) is not None,
           _cls("bigusername"), _tag_cls("td", "thead"), lambda e: e.attrs.get("id", "").startswith("post_message_"),
           lambda e: e.tag == "div" and "margin:20px" in e.attrs.get("style", "").replace(" ", "")),
    # SMF 2.1 (div#msgN.windowbg) and 2.0 (div.post_wrapper inside an unnamed windowbg)
    Engine("smf", lambda e: (e.attrs.get("id", "").startswith("msg") and e.has_class("windowbg", "windowbg2"))
           or e.has_class("post_wrapper"),
           lambda e: e.tag == "h4" or e.has_class("poster"), lambda e: e.has_class("smalltext", "postinfo"),
           lambda e: e.tag == "div" and e.has_class("inner"),
           lambda e: e.tag == "blockquote" or e.has_class("quoteheader", "quotefooter")),
)

MONTHS = {"янв": 1, "фев": 2, "мар": 3, "апр": 4, "мая": 5, "май": 5, "июн": 6, "июл": 7, "авг": 8, "сен": 9,
          "окт": 10, "ноя": 11, "дек": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
          "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}
NUMERIC_TIME = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{2,4})\D{0,12}?(\d{1,2}):(\d{2})(?::(\d{2}))?")
WORDED_TIME = re.compile(r"(\d{1,2})\s+([A-Za-zА-Яа-яЁё]{3,})\.?\s+(\d{4})\D{0,12}?(\d{1,2}):(\d{2})(?::(\d{2}))?")
# phpBB's default "Пн ноя 30, 2026 10:14 pm" / "Mon Nov 30, 2026 10:14 pm": the month first
MONTH_FIRST_TIME = re.compile(r"([A-Za-zА-Яа-яЁё]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})\D{0,12}?(\d{1,2}):(\d{2})"
                              r"(?::(\d{2}))?(?:\s*([ap])\.?m\b\.?)?", re.IGNORECASE)
ISO_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?")


def parse_time(text: str) -> datetime | None:
    """A forum's date and time as its page shows it ("30.11.2026, 21:15", "30 ноября 2026, 21:15:00",
    "2026-11-30T21:15:00"): wall-clock time, as the deadline is given. A page's machine-readable stamp
    (often in UTC) is read only when the page shows no time a reader sees."""
    if match := ISO_TIME.search(text):
        y, mo, d, h, mi, s = match.groups()
        return _time(int(y), int(mo), int(d), h, mi, s)
    if match := NUMERIC_TIME.search(text):
        d, mo, y, h, mi, s = match.groups()
        year = int(y) + 2000 if len(y) == 2 else int(y)
        return _time(year, int(mo), int(d), h, mi, s)
    if match := WORDED_TIME.search(text):
        d, month, y, h, mi, s = match.groups()
        number = MONTHS.get(month.casefold()[:3])
        if number is not None:
            return _time(int(y), number, int(d), h, mi, s)
    if match := MONTH_FIRST_TIME.search(text):
        month, d, y, h, mi, s, half = match.groups()
        number = MONTHS.get(month.casefold()[:3])
        if number is not None:
            hour = int(h) % 12 + (12 if half.casefold() == "p" else 0) if half else int(h)
            return _time(int(y), number, int(d), str(hour), mi, s)
    return None


def _time(year: int, month: int, day: int, hour: str, minute: str, second: str | None) -> datetime | None:
    try:
        return datetime(year, month, day, int(hour), int(minute), int(second or 0))
    except ValueError:
        return None


RELATIVE_DAY = re.compile(r"\b(сегодня|вчера|позавчера|today|yesterday)\b\D{0,8}?(\d{1,2}):(\d{2})(?::\d{2})?"
                          r"(?:\s*([ap])\.?m\.?)?", re.IGNORECASE)
DAYS_BACK = {"сегодня": 0, "today": 0, "вчера": 1, "yesterday": 1, "позавчера": 2}
AGO = re.compile(r"(?:(\d+|одн[ау]|один|две|два|три|четыре|пять|an?|one|two|three)\s+)?"
                 r"\b(сек\w*|мин\w*|час\w*|ч\b|sec\w*|min\w*|hours?|hr)\.?\s*(?:назад|ago)", re.IGNORECASE)
JUST_NOW = re.compile(r"только\s+что|just\s+now|a\s+moment\s+ago|moments\s+ago", re.IGNORECASE)
SMALL = {"одну": 1, "одна": 1, "один": 1, "две": 2, "два": 2, "три": 3, "четыре": 4, "пять": 5, "a": 1, "an": 1,
         "one": 1, "two": 2, "three": 3}
UNITS = (("сек", timedelta(seconds=1)), ("sec", timedelta(seconds=1)), ("мин", timedelta(minutes=1)),
         ("min", timedelta(minutes=1)), ("ч", timedelta(hours=1)), ("h", timedelta(hours=1)))
NOW_LABEL = re.compile(r"(?:текущее\s+время|current\s+time|it\s+is\s+currently|time\s+now)"
                       r"\s*(?:is)?\s*[:\-—]?\s*(.{6,60})", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Reference:
    """What relative times are read against: a moment (`clock` True) or a day only."""

    when: datetime
    clock: bool
    source: str  # "page" or "today"


def is_relative(text: str) -> bool:
    return bool(RELATIVE_DAY.search(text) or AGO.search(text) or JUST_NOW.search(text))


def relative_time(text: str, reference: Reference | None,
                  stamp: datetime | None = None) -> tuple[datetime | None, Stamp] | None:
    """A relative time («Сегодня, 19:45», «Вчера в 22:10», «Today at 7:45 PM», «5 минут назад»), read
    against the post's machine stamp (`stamp`, whose own date decides the day: its offset may differ
    from the forum's clock by some hours, never by a day), else the reference; None if `text` is not a
    relative time. A time that cannot be read gives (None, Stamp(text, ""))."""
    written = " ".join(text.split())
    if match := RELATIVE_DAY.search(text):
        hour, minute = int(match[2]), int(match[3])
        if match[4]:
            hour = hour % 12 + (12 if match[4].casefold() == "p" else 0)
        if hour > 23 or minute > 59:
            return None, Stamp(written, "")
        if stamp is not None:
            days = (stamp.date() + timedelta(days=d) for d in (-1, 0, 1))
            moments = [datetime.combine(d, datetime.min.time()).replace(hour=hour, minute=minute) for d in days]
            return min(moments, key=lambda m: abs(m - stamp)), Stamp(written, "post")
        if reference is None:
            return None, Stamp(written, "")
        day: date = reference.when.date() - timedelta(days=DAYS_BACK[match[1].casefold()])
        return datetime.combine(day, datetime.min.time()).replace(hour=hour, minute=minute), \
            Stamp(written, reference.source, basis=reference.when)
    ago = AGO.search(text)
    if ago is None and not JUST_NOW.search(text):
        return None
    if reference is None or not reference.clock:
        return None, Stamp(written, "")
    if ago is None:
        return reference.when, Stamp(written, reference.source, timedelta(minutes=1), reference.when)
    number = ago[1] or "1"
    count = int(number) if number.isdigit() else SMALL.get(number.casefold(), 1)
    unit = next(size for prefix, size in UNITS if ago[2].casefold().startswith(prefix))
    return reference.when - count * unit, Stamp(written, reference.source, unit, reference.when)


def page_reference(page: str) -> Reference | None:
    """The saved page's own date and time, where its header shows one («Текущее время: 30 ноя 2026,
    22:14», "It is currently …")."""
    for match in NOW_LABEL.finditer(re.sub(r"<[^>]*>", " ", page)):
        when = parse_time(match[1])
        if when is not None:
            return Reference(when, True, "page")
    return None


def detect(root: Element) -> Engine | None:
    """The engine whose posts the page holds (the first that finds any)."""
    return next((engine for engine in ENGINES if root.find(engine.post) is not None), None)


def _outermost(elements: list[Element]) -> list[Element]:
    """Post containers without those nested inside another (some engines nest a `post` class)."""
    inner = {id(child) for e in elements for child in e.walk() if child is not e}
    return [e for e in elements if id(e) not in inner]


Found = tuple[str, str, datetime | None, Stamp | None]


def _stamp_time(element: Element, engine: Engine, reference: Reference | None) -> tuple[datetime | None, Stamp | None]:
    """A post's time: the first of its stamps a reader sees as a date («30.11.2026, 20:10»), else a relative
    one («Сегодня, 20:10») read against the post's machine stamp or the reference, else the machine stamp."""
    unread: Stamp | None = None
    for stamp in element.find_all(engine.time):
        shown = stamp.attrs.get("title", ""), stamp.text()
        when = parse_time(shown[0]) or parse_time(shown[1])
        if when is not None:
            return when, None
        machine = parse_time(stamp.attrs.get("datetime", ""))
        for text in shown:
            relative = relative_time(text, reference, machine if RELATIVE_DAY.search(text) else None)
            if relative is not None and relative[0] is not None:
                return relative
            if relative is not None:
                unread = unread or relative[1]
        if machine is not None and unread is None:
            return machine, None
    if unread is None:
        texts = [" ".join(s.text().split()) for s in element.find_all(engine.time)]
        unread = Stamp(next((t for t in texts if t), ""), "")
    return None, unread


def html_posts(root: Element, engine: Engine, reference: Reference | None = None) -> list[Found]:
    posts: list[Found] = []
    for element in _outermost(root.find_all(engine.post)):
        author = element.attrs.get(engine.author_attr or "", "")
        if not author:
            found = element.find(engine.author)
            author = found.text().splitlines()[0] if found is not None and found.text() else ""
        when, stamp = _stamp_time(element, engine, reference)
        body = element.find(engine.body)
        if body is None or not author:
            continue
        text = body.text(skip=lambda e: engine.quote(e) or _signature(e))
        posts.append((author.strip(), text, when, stamp))
    return posts


def _header(names: Sequence[str]) -> re.Pattern[str]:
    """A pasted post's first line: a nickname, then perhaps its time and "написал(а)", then perhaps ":"."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"^\s*(?:#\d+\s*)?(?P<author>{alternatives})(?P<rest>\s*\([^)]*\)|\s*[,—-]\s*[\d./: ,]+|"
                      rf"\s+(?:написал|писал|пишет|wrote|says)\S*(?:\s+[\d./: ,]+)?)?\s*:?\s*$", re.IGNORECASE)


def text_posts(text: str, names: Sequence[str], reference: Reference | None = None) -> list[Found]:
    """Pasted text: a post begins with a line holding only a nickname (and its time); see docs/forum.md."""
    header = _header(names)
    by_fold = {fold(n): n for n in names}
    posts: list[tuple[str, list[str], datetime | None, Stamp | None]] = []
    for line in text.splitlines():
        match = header.match(line)
        if match:
            rest = match["rest"] or ""
            when, stamp = parse_time(rest), None
            if when is None and rest.strip(" (),:—-"):
                when, stamp = relative_time(rest.strip(" ()"), reference) or (None, Stamp(rest.strip(" ()"), ""))
            posts.append((by_fold[fold(match["author"])], [], when, stamp))
        elif posts:
            posts[-1][1].append(line)
    return [(author, "\n".join(lines).strip(), when, stamp) for author, lines, when, stamp in posts]


def read_thread(pages: Iterable[str], names: Sequence[str] = (),
                today: Reference | None = None) -> tuple[list[Post], list[str]]:
    """Every post of the pages in order, and which engine read each page ("text" for pasted text).
    Relative times are read against the page's own date where it shows one, else against `today`."""
    found: list[Found] = []
    engines: list[str] = []
    for page in pages:
        reference = page_reference(page) or today
        root = parse_html(page) if "<" in page else None
        engine = detect(root) if root is not None else None
        if root is None or engine is None:
            engines.append("text")
            found += text_posts(page, names, reference)
        else:
            engines.append(engine.name)
            found += html_posts(root, engine, reference)
    return [Post(author, text, when, number, stamp)
            for number, (author, text, when, stamp) in enumerate(found, start=1)], engines


def parse_today(text: str) -> Reference | None:
    """The date the host gives for relative times: "30.11.2026" (a day) or "30.11.2026 22:14" (a moment)."""
    when = parse_time(text)
    if when is not None:
        return Reference(when, True, "today")
    match = re.fullmatch(r"\s*(\d{1,2})[./](\d{1,2})[./](\d{2,4})\s*", text) or \
        re.fullmatch(r"\s*(\d{4})-(\d{2})-(\d{2})\s*", text)
    if match is None:
        return None
    a, b, c = match.groups()
    year, month, day = (int(a), int(b), int(c)) if len(a) == 4 else (int(c), int(b), int(a))
    year += 2000 if year < 100 else 0
    try:
        return Reference(datetime(year, month, day), False, "today")
    except ValueError:
        return None


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


def read_pages(paths: Iterable[Path]) -> list[str]:
    """The text of each saved page; a folder stands for its files in name order (page-1, page-2, …)."""
    pages: list[str] = []
    for path in paths:
        files = sorted(p for p in path.iterdir() if p.is_file()) if path.is_dir() else [path]
        for file in files:
            pages.append(decode(file.read_bytes()))
    return pages
