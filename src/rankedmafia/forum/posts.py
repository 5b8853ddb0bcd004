"""Stage 2, a page → its posts: author, post number, time, edited time, and the author's own words
(quotes and signatures left out).

A page of a known engine is read by its markup (`ENGINES`, CSS selectors from the engines' own
templates); any other page by structure (`generic_posts`: schema.org microdata, else repeated blocks each
holding a profile link, a time and text); pasted text by its post headers (`text_posts`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from rankedmafia.forum.dates import Reference, Stamp, parse_any_time, parse_time, read_stamp, relative_time
from rankedmafia.forum.markup import Node, children, ids, inside, parse, text_of
from rankedmafia.forum.names import fold


@dataclass(frozen=True, slots=True)
class Post:
    author: str
    text: str  # the author's own words: quotes and signatures left out
    time: datetime | None  # the forum's wall-clock time, if the page shows it
    number: int  # its place in the thread (1, 2, …) across every page given, once ordered
    stamp: Stamp | None = None  # how `time` was read, where the page did not show a plain date
    edited: datetime | None = None  # when it was last edited, where the page says so
    shown: int | None = None  # the post number the forum shows («#12»), if any
    ident: int | None = None  # the forum's own id of the post (its anchor), if any
    edited_stamp: str = ""  # the edit notice as written, where its time could not be read
    unsure: str = ""  # why a post of an unknown engine is read by guess: "quote", "author" or "body"


@dataclass(frozen=True, slots=True)
class Engine:
    """Where one forum engine puts a post and its parts, as CSS selectors."""

    name: str
    post: str
    author: str
    time: str
    body: str
    quote: str
    signature: str = ".signature"
    edited: str = ""
    shown: str = ""  # the element showing the post's number («#12»)
    author_attr: str = ""  # the post element's attribute holding the author (XenForo)
    cut: str = ""  # other parts of the body that are not the author's words (edit notices, "like" bars)


ENGINES: tuple[Engine, ...] = (
    Engine("xenforo", "article.message--post", ".message-name .username, .message-name", "time.u-dt",
           ".message-body .bbWrapper, .bbWrapper", ".bbCodeBlock--quote, blockquote",
           signature=".message-signature", edited=".message-lastEdit",
           shown=".message-attribution-opposite li:last-child a, .message-attribution-gadget",
           author_attr="data-author"),
    # XenForo 1: a post an <li class="message">, its words in <blockquote class="messageText">
    Engine("xenforo", "li.message[id^=post-]", ".messageUserInfo .username, .userText .username",
           ".messageMeta .DateTime, .DateTime", ".messageText", ".bbCodeQuote, .bbCodeBlock, .quoteContainer",
           signature=".signature", edited=".editDate", shown=".postNumber", author_attr="data-author"),
    # Invision 4's author pane adds a reputation badge after the name: the name is its <strong>
    Engine("invision", "article.ipsComment, article.cPost, article.ipsEntry",
           ".cAuthorPane_author strong, .cAuthorPane_author, .ipsEntry__username .ipsUsername, "
           ".ipsEntry__username a, .ipsEntry__username, "
           "[data-role=author]",
           "time[datetime]", "[data-role=commentContent]", "blockquote, .ipsQuote",
           signature="[data-role=memberSignature], .cSignature, .ipsSignature",
           edited=".ipsComment_edited, [data-excludequote] strong, .ipsEntry__editedBy",
           cut="[data-excludequote], .ipsReact, .ipsItemControls"),
    Engine("phpbb", "div.post[id^=p]", ".postprofile .username, .postprofile .username-coloured, .author .username",
           "p.author time, p.author, .author", "div.content", "blockquote, .quotetitle, .quotecontent",
           edited=".notice", shown=".post-number, .post-count"),
    Engine("vbulletin", "li.b-post, .b-post.js-post",
           ".b-userinfo__details [itemprop=name], .b-userinfo__details .author, .b-post__author, .author a",
           ".b-post__timestamp time, .b-post__timestamp", ".js-post__content-text, .b-post__content",
           ".bbcode_container, .bbcode_quote, blockquote.quote", signature=".b-post__signature, .signature",
           edited=".b-post__edit, .edit-info", shown=".b-post__count"),
    Engine("vbulletin", "li.postcontainer[id^=post], li.postbit[id^=post], div.postcontainer[id^=post]",
           ".username", ".date, .postdate", ".postcontent, .post_message",
           ".bbcode_container, .bbcode_quote, .quote", signature=".signature, .signaturecontainer",
           edited=".lastedited", shown=".postcounter, .nodecontrols a[name]"),
    # vBulletin 3.8: a table a post; its quote is the one div styled "margin:20px"
    Engine("vbulletin", "table[id^=post]", ".bigusername", "td.thead", "[id^=post_message_]",
           "div[style*='margin:20px'], div[style*='margin: 20px']", signature=".signature",
           edited="div.smallfont em, div.smalltext em", shown="a[id^=postcount]"),
    # SMF 2.1 (div#msgN.windowbg) and 2.0 (div.post_wrapper inside an unnamed windowbg)
    Engine("smf", "div[id^=msg].windowbg, div[id^=msg].windowbg2, div.post_wrapper", ".poster h4, h4",
           ".postinfo .smalltext, .keyinfo .smalltext, .smalltext", "div.post div.inner, div.inner",
           "blockquote, .quoteheader, .quotefooter, .bbc_standard_quote",
           edited="[id^=modified_], .modified", shown=".page_number, .postinfo .smalltext, .keyinfo .smalltext"),
    # MyBB 1.8's postbit and postbit_classic: a guest's name is not a link
    Engine("mybb", "div.post[id^=post_]", ".author_information .largetext, .post_author strong",
           ".post_date", ".post_body", "blockquote.mycode_quote, blockquote", edited=".edited_post",
           shown=".post_head .float_right a, .float_right strong a"),
    Engine("ucoz", "table.postTable, tr[id^=post] table, div.postTable", ".postUser, a.postUser",
           ".postTdTop, .postTdInfo .postDate", "[id^=ucoz-forum-post-], .postTextFl, .posttdMessage",
           ".bbQuoteBlock, .bbQuoteName", signature=".signatureView, .signatureHr", edited=".edited, .eMessage",
           shown=".postNumberLink, a.postNumberLink"),
    # the crawler view (what a page saved without scripts holds): a post a div.crawler-post (a Comment
    # item but the first), the name in the author item, all in one item of the topic
    Engine("discourse", "div.topic-post, article[data-post-id], div[itemprop=comment], div.crawler-post",
           "[itemprop=author] [itemprop=name], .names .username, .creator [itemprop=name], .username",
           "time, .post-date .relative-date, .crawler-post-infos time", ".cooked, [itemprop=text], .post",
           "aside.quote, blockquote", signature=".signature, .user-signature",
           shown="[itemprop=position], .post-number"),
    # Discourse's crawler view before 2019: a DiscussionForumPosting item a post, the name in <b>
    Engine("discourse", "div[itemtype*=DiscussionForumPosting]", ".creator b[itemprop=author]",
           "time[itemprop=datePublished], time", "[itemprop=articleBody]", "aside.quote, blockquote",
           shown="[itemprop=position]"),
    # phpBB 2 (subSilver): a post a table row, its name in bold, its words in the cell of span.postbody,
    # a quote a table of its own there, the signature after a line of underscores
    Engine("phpbb", "tr:has(> td > span.name)", "span.name b, span.name", "a + span.postdetails, span.postdetails",
           "td:has(> span.postbody)", "table:has(> tbody > tr > td.quote), table:has(> tbody > tr > td.code)",
           edited="span.gensmall"),
    Engine("vk", "div.bp_post", "a.bp_author, .bp_author", "a.bp_date, .bp_date", ".bp_text",
           ".bp_quote, blockquote", signature=".bp_signature"),
)

# author, text, time, stamp, edited, shown, ident, edited_stamp, unsure (as in `Post`)
Found = tuple[str, str, datetime | None, Stamp | None, datetime | None, int | None, int | None, str, str]
# «#12», «Сообщение #12», «Ответ #11»; not the date after «Сообщение 30.11.2026»
SHOWN = re.compile(r"(?:#|№|\bсообщение\s*#?|\bответ\s*#?|\bпост\s*#?|\breply\s*#)\s*(\d{1,6})\b(?![.:/,]\d)",
                   re.IGNORECASE)
IDENT = re.compile(r"(\d+)")
EDIT_WORDS = re.compile(r"редакт|изменен|исправлен|edited|modified|updated", re.IGNORECASE)


def first(node: Node, selector: str) -> Node | None:
    """The first element matching the selector list's first part that matches any: the parts are in the
    order of trust (the name itself before the header holding it with a badge or a title)."""
    for part in selector.split(","):
        found = node.css_first(part.strip()) if part.strip() else None
        if found is not None:
            return found
    return None


def detect(root: Node) -> Engine | None:
    """The engine whose posts the page holds (the first that finds any with an author and a body)."""
    for engine in ENGINES:
        for post in root.css(engine.post)[:3]:
            named = (engine.author_attr and post.attributes.get(engine.author_attr)) or first(post, engine.author)
            if named and first(post, engine.body) is not None:
                return engine
    return None


def _outermost(nodes: list[Node]) -> list[Node]:
    """Post containers without those nested inside another (some engines nest a `post` class)."""
    unique = list({n.mem_id: n for n in nodes}.values())  # a node matching two selectors of a list comes twice
    chosen = ids(unique)
    out = []
    for node in unique:
        parent = node.parent
        while parent is not None and parent.mem_id not in chosen:
            parent = parent.parent
        if parent is None:
            out.append(node)
    return out


def _posts(nodes: list[Node]) -> list[Node]:
    """The post containers: the outermost, but a match holding two or more others is a wrapper of the
    whole topic (Discourse's crawler view wraps its posts in one DiscussionForumPosting), not a post."""
    unique = list({n.mem_id: n for n in nodes}.values())
    out: list[Node] = []
    for node in _outermost(unique):
        within = [n for n in unique if n.mem_id != node.mem_id and node.mem_id in _ancestors(n)]
        inner = _outermost(within)
        out += _posts(within) if len(inner) >= 2 else [node]
    return out


def _ident(node: Node) -> int | None:
    """The post's own id from its anchor (p1000, post_123, msg77, js-post-5, data-post-id)."""
    for key in ("data-post-id", "data-content", "data-node-id", "id"):
        value = node.attributes.get(key) or ""
        found = IDENT.findall(value)
        if found:
            return int(found[-1])  # VK's "post-1_4001": the owner first, the post last
    return None


def _shown(node: Node, selector: str) -> int | None:
    for element in inside(node, selector):
        match = SHOWN.search(text_of(element)) or re.fullmatch(r"\s*#?(\d{1,6})\s*", text_of(element))
        if match:
            return int(match[1])
    return None


def _edited(node: Node, selector: str, reference: Reference | None) -> tuple[datetime | None, str, list[Node]]:
    """When the post was last edited, from its edit notice; the notice as written if its time is unread."""
    notices = [n for n in inside(node, selector) if EDIT_WORDS.search(text_of(n))] if selector else []
    for notice in notices:
        # what a reader sees first (a title, the text), the machine stamp (often UTC) last
        texts = [t.attributes.get("title") or "" for t in notice.css("[title]")]
        texts.append(text_of(notice))
        texts += [t.attributes.get("datetime") or "" for t in notice.css("time")]
        for text in texts:
            when = parse_any_time(text, reference.when if reference else None)
            if when is None:
                relative = relative_time(text, reference)
                when = relative[0] if relative is not None else None
            if when is not None:
                return when, "", notices
        return None, text_of(notice)[:80], notices
    return None, "", notices


def _time(node: Node, engine: Engine, reference: Reference | None,
          outside: frozenset[int]) -> tuple[datetime | None, Stamp | None]:
    # not a time inside a quote or an edit notice (XenForo 1's edit notice holds a DateTime of its own); the
    # selectors in order of trust: the first that finds one (SMF's .keyinfo before any small print)
    stamps: list[Node] = []
    for part in engine.time.split(","):
        stamps = [s for s in inside(node, part.strip()) if s.mem_id not in outside and not _ancestors(s) & outside]
        if stamps:
            break
    texts: list[str] = []
    machine: datetime | None = None
    raw = ""
    for stamp in stamps:
        texts += [stamp.attributes.get("title") or "", text_of(stamp, outside)]
        for key in ("datetime", "data-time", "data-timestamp", "data-date"):
            value = stamp.attributes.get(key) or ""
            if machine is None and value:
                machine, raw = parse_time(value) or _epoch(value), value
    when, read = read_stamp([t for t in texts if t], reference, machine)
    if engine.name == "discourse" and when is not None and when == machine and re.search(r"(?:Z|[+-]00:?00)$", raw):
        # Discourse's crawler view writes its times in UTC, while its readers (and the host's deadline) see
        # their own clock: up to half a day off
        return when, Stamp(raw, "post", timedelta(hours=12))
    return when, read


def _epoch(value: str) -> datetime | None:
    """A Unix time in seconds or milliseconds (Discourse's data-time), as UTC wall-clock time."""
    if not value.isdigit() or len(value) not in (10, 13):
        return None
    seconds = int(value) / (1000 if len(value) == 13 else 1)
    return datetime.utcfromtimestamp(seconds)


SIGNATURE_LINE = re.compile(r"\n_{5,}\n")


def html_posts(root: Node, engine: Engine, reference: Reference | None = None,
               unread: list[int] | None = None) -> list[Found]:
    """The posts of a page of a known engine; a post container without an author or a body is counted in
    `unread` (the page is then warned of: nothing is dropped silently)."""
    posts: list[Found] = []
    for node in _posts(list(root.css(engine.post))):
        author = (node.attributes.get(engine.author_attr) or "") if engine.author_attr else ""
        if not author:
            found = first(node, engine.author)
            author = (text_of(found).splitlines() or [""])[0] if found is not None else ""
        body = first(node, engine.body)
        if body is None or not author.strip():
            if unread is not None and text_of(node).strip():
                unread.append(_ident(node) or 0)
            continue
        edited, edited_stamp, notices = _edited(node, engine.edited, reference)
        quotes = inside(body, engine.quote) + inside(body, engine.signature) + inside(body, engine.cut)
        skip = ids(quotes) | ids(notices)
        when, stamp = _time(node, engine, reference, ids(inside(node, engine.quote)) | ids(notices))
        text = SIGNATURE_LINE.split(text_of(body, skip))[0]  # the signature below a line of underscores
        posts.append((author.strip(), text, when, stamp, edited, _shown(node, engine.shown), _ident(node),
                      edited_stamp, ""))
    return posts


# --- pages of engines not on the list: posts found by structure -------------------------------------------

PROFILE = re.compile(r"member|user|profile|showuser|author|/u/|[?&](?:u|uid)=|/id\d|people|account|space",
                     re.IGNORECASE)
MICRODATA = "[itemtype*='Comment'], [itemtype*='DiscussionForumPosting'], [itemtype*='SocialMediaPosting']"


def generic_posts(root: Node, reference: Reference | None = None) -> list[Found]:
    """Posts of a page no engine on the list reads: schema.org microdata where the page has it, else the
    largest set of sibling blocks sharing a class that each hold a profile link and text."""
    micro = _innermost(list(root.css(MICRODATA)))
    if len(micro) >= 2:
        found = [_micro_post(node, reference) for node in micro]
        return [post for post in found if post is not None]
    best: list[Node] = []
    for parent in root.css("body, body *"):
        groups: dict[str, list[Node]] = {}
        for child in children(parent):
            if not child.tag or child.tag.startswith("-"):
                continue
            classes = (child.attributes.get("class") or "").split()
            key = f"{child.tag}.{classes[0] if classes else ''}"
            groups.setdefault(key, []).append(child)
        for group in groups.values():
            holding = [g for g in group if _profile_link(g) is not None]
            if len(holding) >= 2 and len(holding) > len(best):
                best = holding
    posts: list[Found] = []
    for node in best:
        link = _profile_link(node)
        author = text_of(link).split("\n")[0] if link is not None else ""
        holding_author = _ancestors(link) if link is not None else set()
        quotes = ids(node.css(QUOTE_LIKE))
        # the body: the block with the most text that does not hold the author's name (the header does)
        blocks = [b for b in node.css("div, td, section, article, p, span") if b.mem_id not in holding_author
                  and b.mem_id not in quotes and not _ancestors(b) & quotes  # nor a paragraph of a quote
                  and (link is None or b.mem_id != link.mem_id)]
        # a block holding only the post's time is its header, however long
        blocks = [b for b in blocks if not TIME_LINE.match(text_of(b, quotes))]
        body = max(blocks, key=lambda b: _weight(text_of(b, quotes)), default=None)
        if body is None or not author:
            continue
        # its time: a <time>, else a line with a clock outside the body, else the body's first such line
        times = [t.attributes.get("title") or text_of(t) for t in node.css("time")]
        times += [line for line in text_of(node, ids([body]) | quotes).splitlines()
                  if CLOCK_IN.search(line) and not EDIT_WORDS.search(line)]  # an edit notice's time is not the post's
        times += [line for line in text_of(body, quotes).splitlines()[:2] if CLOCK_IN.search(line)]
        when, stamp = read_stamp(times, reference)
        head = text_of(node, ids([body])).splitlines()
        number = next((int(m[1]) for line in head if (m := SHOWN.search(line))), None)
        edited = next((parse_any_time(line) for line in text_of(node).splitlines() if EDIT_WORDS.search(line)), None)
        text = text_of(body, quotes)
        # by structure nothing is certain: a quote left in the text or another member named in the header
        # makes every vote of the post the host's to decide
        others = {fold(text_of(a).split("\n")[0]) for a in _profile_links(node)
                  if a.mem_id not in ids(body.css("a"))} - {fold(author)}
        # words of a vote outside the block read as the body (a quote stands inside the body, a "quote" outside
        # it may be the post's own text: XenForo 1 writes its posts in a <blockquote class="messageText">)
        aside = ids([body]) | ids(body.css(QUOTE_LIKE)) | ids(node.css(SIGNATURE_LIKE))
        rest = [line for line in text_of(node, aside).splitlines()
                if fold(line) != fold(author) and not CLOCK_IN.search(line) and not line.lower().startswith("re:")]
        unsure = ("quote" if QUOTE_HEADER.search(text) else "author" if others
                  else "body" if any(VOTEISH.search(line) for line in rest) else "")
        signatures = ids(node.css(SIGNATURE_LIKE))
        taken = [text_of(q) for q in node.css(QUOTE_LIKE) if q.mem_id not in signatures]
        if unsure == "body" or (not VOTEISH.search(text) and any(VOTEISH.search(t) for t in taken)):
            # vote words only outside what was read as the post's own text, or only in what was taken for a
            # quote: the whole post is read, and each vote in it is the host's to decide
            text, unsure = text_of(node, signatures), "body"
        posts.append((author.strip(), text, when, stamp, edited, number, _ident(node), "", unsure))
    return posts


CLOCK_IN = re.compile(r"\d{1,2}:\d{2}")
# a line of the poster's panel («Сообщений: 12», «Регистрация: 12.1.2026», «Группа: Игроки»), not his words
PANEL_LINE = re.compile(r"^\s*(?:сообщени|регистрац|зарегистр|групп|репутац|откуда|город|пол|статус|предупрежд|"
                        r"награ|посты|posts|joined|group|reputation|location|status|warn)\w*\s*:", re.IGNORECASE)


NUMBER_ONLY = re.compile(r"^\W*(?:сообщение|ответ|пост|reply|post)?\s*#\s*\d+\W*$", re.IGNORECASE)


def _weight(text: str) -> int:
    """How much of a block is words a post may hold: the poster's panel, a short line with the post's date
    and time («Сообщение 30.11.2026, 20:05») and its number left out."""
    return sum(len(line) for line in text.splitlines()
               if not PANEL_LINE.match(line) and not NUMBER_ONLY.match(line)
               and not (len(line) <= 48 and re.search(TIME_BIT, line, re.IGNORECASE)))


def _ancestors(node: Node) -> set[int]:
    found: set[int] = set()
    parent = node.parent
    while parent is not None:
        found.add(parent.mem_id)
        parent = parent.parent
    return found


def _innermost(nodes: list[Node]) -> list[Node]:
    """Items holding no other item: a page may wrap its posts in one item of the whole topic (NodeBB's
    DiscussionForumPosting around its Comments)."""
    unique = list({n.mem_id: n for n in nodes}.values())
    holding: set[int] = set()
    for node in unique:
        holding |= _ancestors(node)
    return [node for node in unique if node.mem_id not in holding]


SIGNATURE_LIKE = "[class*=signature], [class*=sig]"
QUOTE_LIKE = "blockquote, .quote, [class*=quote], [class*=Quote], [class*=signature], [class*=sig], aside"
# a quote's header left in the text: its words would be read as the quoting player's own
QUOTE_HEADER = re.compile(
    # «Петя писал(а):», «Вася сказал(а): ↑ 30 ноя 2026, 20:10» on a line of their own: not «Коля сказал: он мирный»
    r"^[ \t]*(?:[^\s:]+[ \t]+){1,3}(?:писал|пишет|сказал|написал|wrote|said)\w*[ \t]*(?:\([^)\n]*\))?[ \t]*:"
    r"[ \t]*(?:[^\n]{0,40}\d{1,2}:\d{2}[^\n]{0,12})?[ \t]*$"
    r"|^\s*(?:цитата|quote|сообщение\s+от|originally\s+posted\s+by)\b", re.IGNORECASE | re.MULTILINE)


def _profile_links(node: Node) -> list[Node]:
    """Links to a member's profile outside quotes and signatures (a quote's header links its author)."""
    quoted = ids([d for q in node.css(QUOTE_LIKE) for d in q.css("a[href]")])
    return [link for link in node.css("a[href]") if link.mem_id not in quoted
            and PROFILE.search(link.attributes.get("href") or "") and 0 < len(text_of(link)) <= 40]


def _profile_link(node: Node) -> Node | None:
    links = _profile_links(node)
    return links[0] if links else None


def _micro_post(node: Node, reference: Reference | None) -> Found | None:
    # the name inside the author item first: the item itself may add a display name («ivan (Иван)»)
    author_node = node.css_first("[itemprop=author] [itemprop=name]") or node.css_first("[itemprop=author]")
    body = node.css_first("[itemprop=text], [itemprop=articleBody]")
    if author_node is None or body is None:
        return None
    author = ((text_of(author_node).splitlines() or [""])[0] or author_node.attributes.get("content")
              or author_node.attributes.get("data-username") or "")
    stamp_node = node.css_first("[itemprop=datePublished], time")
    texts = [text_of(stamp_node)] if stamp_node is not None else []
    machine = parse_time((stamp_node.attributes.get("datetime") or stamp_node.attributes.get("content") or "")
                         if stamp_node is not None else "")
    when, stamp = read_stamp([t for t in texts if t.strip()], reference, machine)
    raw = (stamp_node.attributes.get("datetime") or stamp_node.attributes.get("content") or "") \
        if stamp_node is not None else ""
    if not any(t.strip() for t in texts) and re.search(r"(?:Z|[+-]\d{2}:?\d{2})$", raw) and when is not None:
        # only a machine stamp with its offset: the forum's own clock may be up to half a day off it
        stamp = Stamp(raw, "post", timedelta(hours=12))
    quotes = ids(body.css(QUOTE_LIKE))
    position = node.css_first("[itemprop=position]")
    shown = int(m[1]) if position is not None and (m := re.search(r"(\d+)", text_of(position))) else None
    edited_node = node.css_first("[itemprop=dateModified]")
    edited = parse_time(edited_node.attributes.get("datetime") or edited_node.attributes.get("content") or "") \
        if edited_node is not None else None
    text = text_of(body, quotes)
    unsure = "quote" if QUOTE_HEADER.search(text) else ""
    return (author.strip(), text, when, stamp, edited, shown, _ident(node), "", unsure)


def read_html(page: str, reference: Reference | None, unread: list[int] | None = None) -> tuple[str, list[Found]]:
    """A saved page's posts and the name of what read them (an engine, or "generic")."""
    root = parse(page)
    engine = detect(root)
    if engine is not None:
        return engine.name, html_posts(root, engine, reference, unread)
    return "generic", generic_posts(root, reference)


# --- pasted text --------------------------------------------------------------------------------------------

TIME_BIT = (r"(?:\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}"
            r"|\d{1,2}[./]\d{1,2}[./]\d{2,4}(?:[^\n\d]{0,8}\d{1,2}:\d{2}(?::\d{2})?)?"
            r"|\d{1,2}\s+[A-Za-zА-Яа-яЁё]{3,}\.?(?:\s+\d{4})?(?:\s*г\.)?[^\n\d]{0,8}\d{1,2}:\d{2}(?::\d{2})?"
            r"|[A-Za-zА-Яа-яЁё]{3,}\.?\s+\d{1,2},?\s+\d{4}[^\n\d]{0,6}\d{1,2}:\d{2}"
            r"|(?:сегодня|вчера|позавчера|today|yesterday)[^\n\d]{0,8}\d{1,2}:\d{2}"
            r"|\d+\s+\S+\s+(?:назад|ago)|только\s+что|just\s+now)(?:\s*[ap]\.?m\.?)?")
# a header anyone may write: «#12 Гость (30.11.2026, 20:20)», «Сообщение Гость » 30 ноя 2026, 20:20»
ANY_HEADER = re.compile(
    rf"^\s*(?:#\d+\s*|сообщение\s+#?\d*\s*)?(?P<author>[^\s:()«»\[\]][^:()«»\[\]\n]{{0,30}}?)\s*"
    rf"(?:\((?P<t1>{TIME_BIT})\)|[,»—-]+\s*(?P<t2>{TIME_BIT})|(?:\s+(?:написал|писал|пишет|wrote)\S*)"
    rf"\s+(?P<t3>{TIME_BIT}))\s*:?\s*$", re.IGNORECASE)


def _header(names: Sequence[str]) -> re.Pattern[str]:
    """A pasted post's first line: a nickname, then perhaps its time and "написал(а)", then perhaps ":"."""
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) or r"(?!)"
    return re.compile(rf"^\s*(?:#\d+\s*)?(?P<author>{alternatives})(?P<rest>\s*\([^)]*\)|\s*[,—»-]\s*{TIME_BIT}|"
                      rf"\s+(?:написал|писал|пишет|wrote|says)\S*(?:\s+[\d./: ,]+)?)?\s*:?\s*$", re.IGNORECASE)


NAME_LIKE = re.compile(r"^\s*[^\s.,!?:;()\[\]<>«»\"'>#][^.,!?:;()\[\]<>«»\"]{0,30}?\s*$")


def _name_lines(lines: list[str], header: re.Pattern[str]) -> set[int]:
    """Lines holding only a name that head a post by the page's layout, for names not in the game (a
    spectator's): where the known headers stand a fixed number of lines before a time line (XenForo,
    Invision: name, title, time), a name-like line as far before one is a header too; where time lines
    stand just before the known headers (vBulletin: time, name), the line after a time line is one. A
    line with a vote word is never taken for a name."""
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    timed = {i for i in nonblank if TIME_LINE.match(lines[i])}
    known = [k for k, i in enumerate(nonblank) if header.match(lines[i])]

    def name_like(i: int) -> bool:
        line = lines[i]
        return (NAME_LIKE.match(line) is not None and len(line.split()) <= 3 and i not in timed
                and NUMBER_LINE.match(line) is None and VOTEISH.search(line) is None)

    after = sum(1 for k in known if k > 0 and nonblank[k - 1] in timed)
    distances = [d for k in known for d in (1, 2, 3) if k + d < len(nonblank) and nonblank[k + d] in timed
                 and not any(nonblank[k + e] in timed for e in range(1, d))]
    if after and after >= len(distances):
        return {nonblank[k + 1] for k in range(len(nonblank) - 1)
                if nonblank[k] in timed and name_like(nonblank[k + 1])}
    if distances:
        d = max(set(distances), key=distances.count)
        return {nonblank[k - d] for k in range(d, len(nonblank))
                if nonblank[k] in timed and name_like(nonblank[k - d])}
    return set()


VOTEISH = re.compile(r"голос|vote|веша|казн|висел|синий|синим|никого|воздерж|против|\bза\b", re.IGNORECASE)
TIME_LINE = re.compile(rf"^\s*(?:#\d+\s*)?(?:добавлено|отправлено|опубликовано|posted)?\s*:?\s*"
                       rf"\(?(?P<time>{TIME_BIT})\)?\s*(?:#(?P<n>\d+))?\s*$", re.IGNORECASE)
NUMBER_LINE = re.compile(r"^\s*(?:#|№|сообщение\s*#?)\s*(\d{1,6})\s*$", re.IGNORECASE)


def _stamp_of(rest: str, reference: Reference | None) -> tuple[datetime | None, Stamp | None]:
    rest = rest.strip(" (),:—-»")
    when, stamp = parse_any_time(rest, reference.when if reference else None), None
    if when is None and rest:
        when, stamp = relative_time(rest, reference) or (None, Stamp(rest, ""))
    return when, stamp


# a quote copied from a XenForo page: its header, its words, and the expand link that closes it
COPIED_QUOTE = re.compile(r"^[^\n]{1,40}?\s(?:сказал\(а\)|сказала?|said|написал\(а\)|писал\(а\)):[ \t]*\n"
                          r"(?:[^\n]*\n){0,30}?[ \t]*(?:Нажмите для раскрытия|Click to expand)\.*[ \t]*$",
                          re.MULTILINE | re.IGNORECASE)


def text_posts(text: str, names: Sequence[str], reference: Reference | None = None) -> list[Found]:
    """Pasted text: a post begins with a header line — a player's nickname alone (perhaps with its time),
    or anyone's name with a time or «написал» — so a spectator's post is never glued to the one above.
    A post copied from a page whose time stands on a line of its own (vBulletin's above the name,
    XenForo's under it) takes that line's time: the line just before its header, or one of its first
    three lines."""
    header = _header(names)
    by_fold = {fold(n): n for n in names}
    lines = text.splitlines()
    extra = _name_lines(lines, header)
    posts: list[tuple[str, list[str], datetime | None, Stamp | None, int | None]] = []
    preamble: list[str] = []
    in_quote = 0
    for index, line in enumerate(lines):
        in_quote += len(re.findall(r"\[quote", line, re.IGNORECASE)) - len(re.findall(r"\[/quote\]", line, re.I))
        in_quote = max(in_quote, 0)
        # «Петя писал(а): 30 ноя 2026, 20:10» heads a quote, never a post: read as a post, the quoting
        # player's words after it would be taken for the quoted player's (left in the post, it flags it)
        quoted = QUOTE_HEADER.search(line) is not None
        match = header.match(line) if not in_quote and not quoted else None
        other = ANY_HEADER.match(line) if match is None and not in_quote and not quoted else None
        if match or (other and not line.lstrip().startswith(">")) or (index in extra and not in_quote and not quoted):
            if match:
                author, rest = by_fold[fold(match["author"])], (match["rest"] or "")
            elif other is not None and not line.lstrip().startswith(">"):
                author = by_fold.get(fold(other["author"].strip()), other["author"].strip())
                rest = other["t1"] or other["t2"] or other["t3"] or ""
            else:
                author, rest = by_fold.get(fold(line.strip()), line.strip()), ""
            when, stamp = _stamp_of(rest, reference)
            shown = re.match(r"\s*#(\d+)", line)
            number = int(shown[1]) if shown else None
            if when is None and stamp is None:
                # a time on the line just before the header (vBulletin) is this post's, not the last one's
                earlier = posts[-1][1] if posts else preamble
                while earlier and not earlier[-1].strip():
                    earlier.pop()
                loose = TIME_LINE.match(earlier[-1]) if earlier else None
                if loose:
                    when, stamp = _stamp_of(loose["time"], reference)
                    number = number or (int(loose["n"]) if loose["n"] else None)
                    earlier.pop()
            posts.append((author, [], when, stamp, number))
        elif posts:
            posts[-1][1].append(line)
        else:
            preamble.append(line)
    found: list[Found] = []
    for author, lines, when, stamp, number in posts:
        if when is None and stamp is None:
            for index, line in enumerate(lines[:4]):
                loose = TIME_LINE.match(line)
                if loose:
                    when, stamp = _stamp_of(loose["time"], reference)
                    number = number or (int(loose["n"]) if loose["n"] else None)
                    del lines[index]
                    break
        for index, line in enumerate(lines[:4]):
            numbered = NUMBER_LINE.match(line)
            if numbered:
                number = number or int(numbered[1])
                del lines[index]
                break
        found.append((author, COPIED_QUOTE.sub("", "\n".join(lines)).strip(), when, stamp, None, number, None, "", ""))
    return found
