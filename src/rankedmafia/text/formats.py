"""Forum markup: a name or a heading looks different in plain text, BBCode and Markdown."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from rich.console import Console


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


def output_console(stderr: bool = False) -> Console:
    """A console for the command line that wraps long lines only on a terminal: redirected to a file or a
    pipe, every line comes out whole, so a BBCode post can be pasted as it is."""
    console = Console(stderr=stderr, highlight=False)
    console.soft_wrap = not console.is_terminal
    return console
