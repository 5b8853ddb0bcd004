"""Pages of engines not on the list are read by structure: repeated blocks each holding a profile link,
a time and text (FluxBB/PunBB here), or schema.org microdata (NodeBB here); a page where no post is
found is warned of, never silently read as nothing."""

from __future__ import annotations

from datetime import datetime

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.thread import read_thread

NAMES = ["Вася", "Петя", "Маша", "Коля"]
DEADLINE = datetime(2026, 11, 30, 22, 0)

FLUX_POST = """<div id="p{i}" class="blockpost rowodd"><h2><span><span class="conr">#{n}</span>
<a href="viewtopic.php?pid={i}#p{i}">30.11.2026 {time}</a></span></h2><div class="box"><div class="inbox">
<div class="postbody"><div class="postleft"><dl><dt><strong><a href="profile.php?id={i}">{author}</a></strong></dt>
<dd class="usertitle"><strong>Участник</strong></dd><dd><span>Сообщений: 120</span></dd></dl></div>
<div class="postright"><h3>Re: День 1</h3><div class="postmsg"><div class="quotebox"><cite>Петя пишет:</cite>
<blockquote><div><p>Голосую за Машу</p></div></blockquote></div><p>{text}</p></div>
<div class="postsignature postmsg"><hr /><p>Голосую сердцем</p></div></div></div></div></div></div>"""

NODEBB_POST = """<li component="post" class="" data-index="{n}" data-pid="{i}" itemscope
itemtype="http://schema.org/Comment"><a component="post/anchor" data-index="{n}" id="{n}"></a>
<meta itemprop="datePublished" content="2026-11-30T{utc}:00.000Z"><div class="clearfix post-header">
<small class="pull-left"><strong><a href="/user/u{i}" itemprop="author" data-username="{author}" data-uid="{i}">
<span itemprop="name">{author}</span></a></strong></small></div><br />
<div class="content" component="post/content" itemprop="text"><p>{text}</p></div></li>"""

POSTS = [("Вася", "20:05", "17:05", "Голосую за Петю"), ("Петя", "20:10", "17:10", "[vote]Вася[/vote]"),
         ("Маша", "20:20", "17:20", "Мой голос — Коля"), ("Коля", "21:00", "18:00", "Вешаем Машу")]


def page(template: str) -> str:
    posts = "".join(template.format(i=100 + n, n=n, author=a, time=t, utc=u, text=x)
                    for n, (a, t, u, x) in enumerate(POSTS, start=1))
    return f"<html><body><div id='brdmain'>{posts}</div></body></html>"


def test_a_fluxbb_page_by_structure() -> None:
    thread = read_thread([page(FLUX_POST)], NAMES)
    assert thread.engines == ["generic"]
    assert [(p.author, p.time, p.shown) for p in thread.posts] == [
        (a, datetime(2026, 11, 30, int(t[:2]), int(t[3:])), n) for n, (a, t, _, _) in enumerate(POSTS, start=1)]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Петя": "Вася", "Маша": "Коля", "Коля": "Маша"} and not count.flagged


def test_a_nodebb_page_by_microdata() -> None:
    thread = read_thread([page(NODEBB_POST)], NAMES)
    assert [p.author for p in thread.posts] == [a for a, _, _, _ in POSTS]
    assert count_votes(thread.posts, NAMES, NAMES).votes == {"Вася": "Петя", "Петя": "Вася", "Маша": "Коля",
                                                              "Коля": "Маша"}
    # only a UTC stamp: beside a deadline the posts are too rough to set against it, and flagged
    near = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert near.votes == {} and {r.reason for r in near.flagged} == {"near_deadline"}


def test_a_page_without_posts_is_warned_of() -> None:
    thread = read_thread(["<html><body><table><tr><td>Вася</td><td>Голосую за Петю</td></tr></table></body></html>"],
                         NAMES)
    assert thread.posts == [] and any("не нашлось постов" in w for w in thread.warnings)


IPB3_POST = """<div class="post_block hentry clear" id="post_id_{i}"><a id="entry{i}"></a><div class="post_wrap">
<h3 class="row2"><span class="author vcard"><a class="url fn" href="index.php?showuser={i}">{author}</a></span></h3>
<div class="author_info"><ul class="basic_info"><li class="group_title">Игроки</li></ul></div>
<div class="post_body"><p class="posted_info">Отправлено 30 Ноябрь 2026 - {time}</p>
<div class="post entry-content"><!-- #post-{i} -->{text}</div></div></div></div>"""


def test_an_invision_3_page_by_structure() -> None:
    thread = read_thread([page(IPB3_POST)], NAMES)
    assert [(p.author, p.time) for p in thread.posts] == [
        (a, datetime(2026, 11, 30, int(t[:2]), int(t[3:]))) for a, t, _, _ in POSTS]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Петя": "Вася", "Маша": "Коля", "Коля": "Маша"} and not count.flagged


def test_posts_inside_one_item_of_the_whole_topic_are_read_each() -> None:
    """NodeBB's newer theme wraps its Comments in one DiscussionForumPosting of the topic: the posts are
    the items holding no other item."""
    wrapped = page(NODEBB_POST).replace(
        "<div id='brdmain'>", "<div id='brdmain' itemscope itemtype='https://schema.org/DiscussionForumPosting'>"
        "<meta itemprop='headline' content='День 1'><div itemprop='author' itemscope "
        "itemtype='https://schema.org/Person'><meta itemprop='name' content='Ведущий'></div>")
    thread = read_thread([wrapped], NAMES)
    assert [p.author for p in thread.posts] == [a for a, _, _, _ in POSTS]


ODD_POST = """<div class="entry"><div class="head"><a href="/people/{i}">{author}</a> {header}
<span>30.11.2026 {time}</span></div><div class="text">{text}</div></div>"""


def odd_page(posts: list[tuple[str, str, str, str]]) -> str:
    body = "".join(ODD_POST.format(i=n, author=a, header=h, time="20:0" + str(n), text=x)
                   for n, (a, h, x, _) in enumerate(posts, start=1))
    return f"<html><body><div class='forum'>{body}</div></body></html>"


def test_on_an_unknown_engine_a_post_read_by_guess_is_flagged_not_counted() -> None:
    """By structure nothing is certain: a quote the page did not mark off (its header left in the text)
    or a header naming another member makes the post's votes the host's to decide, never a silent count."""
    posts = [("Вася", "", "Голосую за Петю", ""),
             ("Петя", "", "Вася писал(а):<br>Голосую за Машу<br>Ну-ну.", ""),
             ("Маша", "ответ для <a href='/people/4'>Коля</a>", "Голосую за Колю", ""),
             ("Коля", "", "[vote]Маша[/vote]", "")]
    thread = read_thread([odd_page(posts)], NAMES)
    assert thread.engines == ["generic"] and [p.author for p in thread.posts] == ["Вася", "Петя", "Маша", "Коля"]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Коля": "Маша"}
    assert [(r.author, r.reason, r.choice) for r in count.flagged] == [
        ("Петя", "unsure_quote", "Маша"), ("Маша", "unsure_author", "Коля")]
    assert any("цитата, которую не удалось отделить от слов автора" in w for w in count.warnings)


def test_a_post_whose_words_were_taken_for_a_quote_is_put_before_the_host() -> None:
    """XenForo 1 writes a post's words in <blockquote class="messageText">: read by structure (here its
    post class is a theme's own), the words look like a quote; the votes in them are read and flagged,
    never lost without a word."""
    from .engine_pages import DEADLINE as DAY_END
    from .engine_pages import PLAYERS, SILENCED, pages
    themed = [p.replace('class="message"', 'class="msgx"') for p in pages("xenforo1")]
    thread = read_thread(themed, PLAYERS)
    assert thread.engines == ["generic"] * 2
    count = count_votes(thread.posts, PLAYERS, PLAYERS, DAY_END, silenced=SILENCED)
    assert count.votes == {}
    flagged = {(r.author, r.choice) for r in count.flagged if r.reason == "unsure_body"}
    assert {("Вася", "Петя"), ("Дима", "Коля"), ("Коля", "Дима"), ("Саша", "Маша")} <= flagged
    assert "Лена" not in [r.author for r in count.readings if r.status == "counted"]


VANILLA_POST = """<li class="Item ItemComment" id="Comment_{i}"><div class="Comment"><div class="Item-Header">
<div class="AuthorWrap"><span class="Author"><a title="{author}" href="/profile/u{i}" class="PhotoWrap"><img alt="">
</a><a href="/profile/u{i}" class="Username">{author}</a></span></div><div class="Meta CommentMeta"><span class=
"MItem DateCreated"><a href="/discussion/comment/{i}" class="Permalink"><time title="30 ноября 2026 {time}"
datetime="2026-11-30T{utc}:00+00:00">30 нояб.</time></a></span></div></div><div class="Item-BodyWrap"><div
class="Item-Body"><div class="Message userContent">{quote}<p>{text}</p></div></div></div></div></li>"""
VANILLA_QUOTE = ('<blockquote class="Quote UserQuote"><div class="QuoteAuthor"><a href="/profile/u9">Петя</a> '
                 'написал:</div><div class="QuoteText"><p>Голосую за Колю</p></div></blockquote>')


def test_a_quoted_vote_longer_than_the_authors_words_is_never_read_as_his() -> None:
    """Vanilla: Коля quotes a vote and writes two words; the quote's paragraph, longer than his words, is
    never taken for his post (his post is read whole and flagged), and Маша's own vote beside a quote counts."""
    posts = [("Вася", "20:05", "17:05", "", "Голосую за Петю"),
             ("Маша", "20:20", "17:20", VANILLA_QUOTE, "Мой голос — Коля"),
             ("Коля", "21:00", "18:00", VANILLA_QUOTE, "Не согласен.")]
    body = "".join(VANILLA_POST.format(i=100 + n, author=a, time=t, utc=u, quote=q, text=x)
                   for n, (a, t, u, q, x) in enumerate(posts, start=1))
    thread = read_thread([f"<html><body><ul class='MessageList'>{body}</ul></body></html>"], NAMES)
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Маша": "Коля"}
    assert [(r.author, r.reason) for r in count.flagged] == [("Коля", "unsure_body")]


IPB2_POST = """<div class="borderwrap"><table class="ipbtable"><tr><td class="row4"><a name="entry{i}"></a><span
class="normalname"><a href="index.php?showuser={i}">{author}</a></span></td><td class="row4"><div style="float:left">
<span class="postdetails"><a href="#">Сообщение</a> 30.11.2026, {time}</span></div><div align="right"><span
class="postdetails">Сообщение <a href="#">#{n}</a></span></div></td></tr><tr><td class="post2"><span class=
"postdetails">Группа: Игроки<br />Сообщений: 12<br />Регистрация: 12.1.2026</span></td><td class="post2"
id="post-main-{i}"><div class="postcolor" id="post-{i}">{quote}{text}{edit}</div><div class="signature">Голосую
сердцем</div></td></tr></table></div><div class="darkrow1"></div>"""
IPB2_QUOTE = ("<div class='quotetop'>Цитата(Петя @ 30.11.2026, 20:10)</div><div class='quotemain'>Голосую за Колю"
              "</div>")
IPB2_EDIT = '<br /><br /><span class="edit">Сообщение отредактировал Маша - 30.11.2026, 22:30</span>'


def test_an_invision_2_page_by_structure_its_panel_and_header_no_body() -> None:
    """Invision Power Board 2: a post's header line («Сообщение 30.11.2026, 20:05»), its number and the
    poster's panel («Сообщений: 12») are longer than «Голосую за Петю» but never taken for the post's words;
    the date after «Сообщение» is no post number."""
    posts = [("Вася", "20:05", "", "Голосую за Петю", ""), ("Петя", "20:10", "", "[vote]Вася[/vote]", ""),
             ("Маша", "20:20", IPB2_QUOTE, "Мой голос — Коля", IPB2_EDIT),
             ("Коля", "21:00", IPB2_QUOTE, "Вешаем Машу", "")]
    body = "".join(IPB2_POST.format(i=100 + n, n=n, author=a, time=t, quote=q, text=x, edit=e)
                   for n, (a, t, q, x, e) in enumerate(posts, start=1))
    thread = read_thread([f"<html><body><div id='ipbwrapper'>{body}</div></body></html>"], NAMES)
    assert [(p.author, p.shown) for p in thread.posts] == [("Вася", 1), ("Петя", 2), ("Маша", 3), ("Коля", 4)]
    count = count_votes(thread.posts, NAMES, NAMES, DEADLINE)
    assert count.votes == {"Вася": "Петя", "Петя": "Вася", "Коля": "Маша"}
    assert [(r.author, r.reason) for r in count.flagged] == [("Маша", "edited_late")]
