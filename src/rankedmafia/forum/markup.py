"""A saved page's HTML through a real HTML5 parser (selectolax's Lexbor, as browsers parse) and CSS
selectors, and the visible text of a part of it with line breaks where blocks end."""

from __future__ import annotations

from collections.abc import Iterator

from selectolax.lexbor import LexborHTMLParser, LexborNode

BLOCK = frozenset({"p", "div", "br", "li", "tr", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "article",
                   "section", "dd", "dt", "ul", "ol", "table", "pre", "aside", "header", "footer", "hr", "td"})
SKIPPED = frozenset({"script", "style", "noscript", "template", "-comment", "button", "svg"})

Node = LexborNode


def parse(html: str) -> Node:
    """The page's root element."""
    root = LexborHTMLParser(html).root
    assert root is not None  # an HTML5 parser always makes <html>
    return root


def children(node: Node) -> Iterator[Node]:
    child = node.child
    while child is not None:
        yield child
        child = child.next


def text_of(node: Node, skip: frozenset[int] = frozenset()) -> str:
    """The visible text, a line per block; elements whose `mem_id` is in `skip` are left out."""
    parts: list[str] = []
    _text(node, parts, skip)
    lines = (" ".join(line.split()) for line in "".join(parts).splitlines())
    return "\n".join(line for line in lines if line)


def _text(node: Node, parts: list[str], skip: frozenset[int]) -> None:
    for child in children(node):
        tag = child.tag or ""
        if tag == "-text":
            parts.append(child.text_content or "")
        elif tag in SKIPPED or child.mem_id in skip:
            continue
        else:
            block = tag in BLOCK
            if block:
                parts.append("\n")
            elif tag in ("b", "strong"):
                parts.append(" ")  # a bold name is a word of its own («[b]Петя[/b]» pasted as «Петя»)
            _text(child, parts, skip)
            if block:
                parts.append("\n")
            elif tag in ("b", "strong"):
                parts.append(" ")


def inside(node: Node, selector: str) -> list[Node]:
    """The elements inside `node` matching a CSS selector (an empty selector matches none)."""
    return list({n.mem_id: n for n in node.css(selector)}.values()) if selector else []


def ids(nodes: list[Node]) -> frozenset[int]:
    return frozenset(n.mem_id for n in nodes)
