"""Forum markup: a name or a heading looks different in plain text, BBCode and Markdown."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum


class Format(StrEnum):
    TEXT = "text"
    BBCODE = "bbcode"
    MARKDOWN = "markdown"


def emphasis(fmt: Format) -> Callable[[str], str]:
    if fmt is Format.BBCODE:
        return lambda s: f"[b]{s}[/b]"
    if fmt is Format.MARKDOWN:
        return lambda s: f"**{s}**"
    return lambda s: s


def heading(fmt: Format, text: str) -> str:
    if fmt is Format.BBCODE:
        return f"[size=4][b]{text}[/b][/size]"
    if fmt is Format.MARKDOWN:
        return f"### {text}"
    return text.upper()
