"""A post's time as a forum shows it: absolute («30.11.2026, 21:15», «30 ноя 2026, 20:00», "Nov 30, 2026
10:14 pm») or relative («Сегодня, 19:45», «Вчера в 23:10», «5 минут назад», "Today at 7:45 PM").

The common absolute forms are read by patterns (fast and exact); anything else a reader sees as a date is
read by dateparser, in Russian and English. Relative times are read against a `Reference`: the post's
machine stamp, the saved page's own date, or the date the host gives («Сегодня» is anchored to it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

MONTHS = {"янв": 1, "фев": 2, "мар": 3, "апр": 4, "мая": 5, "май": 5, "июн": 6, "июл": 7, "авг": 8, "сен": 9,
          "окт": 10, "ноя": 11, "дек": 12, "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
          "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12}
NUMERIC_TIME = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{2,4})\D{0,12}?(\d{1,2}):(\d{2})(?::(\d{2}))?")
WORDED_TIME = re.compile(r"(\d{1,2})\s+([A-Za-zА-Яа-яЁё]{3,})\.?\s+(\d{4})\D{0,12}?(\d{1,2}):(\d{2})(?::(\d{2}))?")
# phpBB's default "Пн ноя 30, 2026 10:14 pm" / "Mon Nov 30, 2026 10:14 pm": the month first
MONTH_FIRST_TIME = re.compile(r"([A-Za-zА-Яа-яЁё]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})\D{0,12}?(\d{1,2}):(\d{2})"
                              r"(?::(\d{2}))?(?:\s*([ap])\.?m\b\.?)?", re.IGNORECASE)
ISO_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?")
CLOCK = re.compile(r"\d{1,2}:\d{2}")


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


@dataclass(frozen=True, slots=True)
class Reference:
    """What relative times are read against: a moment (`clock` True) or a day only."""

    when: datetime
    clock: bool
    source: str  # "page" or "today"


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


@lru_cache(maxsize=1)
def _dateparser() -> Any:
    import dateparser

    return dateparser


def parse_any_time(text: str, base: datetime | None = None) -> datetime | None:
    """A time a reader sees as one, in any form dateparser knows ("30 ноября 2026 г. в 21:15", "Nov 30th,
    2026 at 9:15 PM"); only text that holds a clock time (hh:mm) is tried, and a year-less date is read
    in the year of `base`."""
    text = " ".join(text.split())
    if not text or len(text) > 80 or CLOCK.search(text) is None or is_relative(text):
        return parse_time(text) if text else None
    when = parse_time(text)
    if when is not None:
        return when
    settings: dict[str, Any] = {"DATE_ORDER": "DMY", "PREFER_DATES_FROM": "past", "RETURN_AS_TIMEZONE_AWARE": False}
    if base is not None:
        settings["RELATIVE_BASE"] = base
    cleaned = re.sub(r"^\s*(?:добавлено|отправлено|опубликовано|posted|sent|написано)\s*:?\s*", "", text,
                     flags=re.IGNORECASE).strip(" ()[]|»«-—")
    try:
        found = _dateparser().parse(cleaned, languages=["ru", "en"], settings=settings)
    except (ValueError, OverflowError, TypeError):
        return None
    return found.replace(tzinfo=None) if isinstance(found, datetime) else None


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


def read_stamp(texts: list[str], reference: Reference | None,
               machine: datetime | None = None) -> tuple[datetime | None, Stamp | None]:
    """A post's time from what its page shows (`texts`, first the likeliest) and its machine stamp: a date
    a reader sees, else a relative one read against the machine stamp or the reference, else the machine
    stamp; (None, Stamp) with what was written when nothing can be read."""
    unread: Stamp | None = None
    for text in texts:
        when = parse_any_time(text, reference.when if reference else None)
        if when is not None and not is_relative(text):
            return when, None
        relative = relative_time(text, reference, machine if RELATIVE_DAY.search(text) else None)
        if relative is not None and relative[0] is not None:
            return relative
        if relative is not None:
            unread = unread or relative[1]
    if machine is not None and unread is None:
        return machine, None
    if unread is None:
        unread = Stamp(next((" ".join(t.split()) for t in texts if t.strip()), ""), "")
    return None, unread


def page_reference(page: str) -> Reference | None:
    """The saved page's own date and time, where its header shows one («Текущее время: 30 ноя 2026,
    22:14», "It is currently …")."""
    for match in NOW_LABEL.finditer(re.sub(r"<[^>]*>", " ", page)):
        when = parse_time(match[1])
        if when is not None:
            return Reference(when, True, "page")
    return None


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
