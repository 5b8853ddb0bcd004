"""A small element tree over the standard library's HTML parser: enough to find a forum page's posts.

Forum pages saved from a browser are rarely valid XML; this tree tolerates unclosed tags the way browsers
do for the tags that matter here (void elements, and `</x>` closing the nearest open `x`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})
BLOCK = frozenset({"p", "div", "br", "li", "tr", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "article",
                   "section", "dd", "dt", "ul", "ol", "table", "pre", "aside", "header", "footer"})
SKIPPED = frozenset({"script", "style", "noscript", "template"})


@dataclass
class Element:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def has_class(self, *names: str) -> bool:
        return bool(self.classes & set(names))

    def walk(self) -> Iterator[Element]:
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def find_all(self, test: Callable[[Element], bool]) -> list[Element]:
        return [e for e in self.walk() if test(e)]

    def find(self, test: Callable[[Element], bool]) -> Element | None:
        return next((e for e in self.walk() if test(e)), None)

    def text(self, skip: Callable[[Element], bool] = lambda e: False) -> str:
        """The visible text, with line breaks where blocks end; elements for which `skip` holds are left out."""
        parts: list[str] = []
        self._text(parts, skip)
        lines = (" ".join(line.split()) for line in "".join(parts).splitlines())
        return "\n".join(line for line in lines if line)

    def _text(self, parts: list[str], skip: Callable[[Element], bool]) -> None:
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag not in SKIPPED and not skip(child):
                if child.tag in BLOCK:
                    parts.append("\n")
                child._text(parts, skip)
                if child.tag in BLOCK:
                    parts.append("\n")


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("document")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse_html(text: str) -> Element:
    builder = _Builder()
    builder.feed(text)
    builder.close()
    return builder.root
