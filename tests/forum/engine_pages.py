"""Thread pages in each engine's own markup (after its public templates: phpBB prosilver's
viewtopic_body.html, vBulletin 3/4 postbit and vBulletin 5's display_Topics, XenForo 2's post macro,
Invision 4/5's topic view, SMF 2.0/2.1's Display.template.php, MyBB 1.8's postbit, uCoz's forum post,
Discourse's crawler view, VK's board), built from one day's posts with quotes, edits, signatures and two
pages, so that every engine is checked on the same thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from rankedmafia.rules.model import BLUE


@dataclass(frozen=True)
class Written:
    author: str
    time: datetime
    text: str  # HTML of the author's own words
    quote: tuple[str, str] | None = None  # (whom, what) quoted before the text
    edited: datetime | None = None
    signature: str = ""


def at(hour: int, minute: int) -> datetime:
    return datetime(2026, 11, 30, hour, minute)


PLAYERS = ["Вася", "Петя", "Маша", "Коля", "Оля", "Дима", "Лена", "Игорь", "Женя", "Саша"]
DEADLINE = at(22, 0)
SILENCED = ["Игорь"]
THREAD = [
    Written("Ведущий", at(20, 0), "День 1. Голосование до 22:00.", signature="Ведущий игры"),
    Written("Вася", at(20, 5), "Привет! Голосую за <b>Петю</b>", signature="Голосую сердцем"),
    Written("Петя", at(20, 10), "Я мирный!<br>Голосую: Вася"),
    Written("Маша", at(20, 20), "Не верю. Мой голос — Петя.", quote=("Петя", "Голосую: Вася")),
    Written("Гость_77", at(20, 25), "Голосую за Машу!"),
    Written("Коля", at(20, 30), "Голосую за Игоря", signature="Голос разума"),
    Written("Коля", at(21, 0), "Меняю голос: голосую за Диму"),
    Written("Дима", at(21, 10), "Колю на виселицу!"),
    Written("Оля", at(21, 20), "Рано вешать, синий."),
    Written("Лена", at(21, 30), "Голосую за Васю", edited=at(22, 30)),
    Written("Игорь", at(21, 40), "Голосую против Маши"),
    Written("Саша", at(21, 45), "[vote]Маша[/vote]", quote=("Вася", "Голосую за Петю")),
    Written("Женя", at(22, 15), "Голосую за Машу"),
]
VOTES = {"Вася": "Петя", "Петя": "Вася", "Маша": "Петя", "Коля": "Дима", "Дима": "Коля", "Оля": BLUE,
         "Саша": "Маша"}
FLAGGED = [("Лена", "edited_late")]
SKIPPED = [("Игорь", "silenced")]
LATE_AUTHORS = ["Женя"]
STRANGERS = {"Ведущий": 1, "Гость_77": 1}


def ru_short(t: datetime) -> str:
    return f"{t.day} ноя {t.year}, {t:%H:%M}"


def dotted(t: datetime) -> str:
    return f"{t:%d.%m.%Y}, {t:%H:%M}"


def utc(t: datetime) -> str:
    return f"{t - timedelta(hours=3):%Y-%m-%dT%H:%M:%S}Z"


@dataclass(frozen=True)
class Markup:
    name: str
    page: str  # the page around the posts: {posts}
    post: Callable[[Written, int, int], str]  # a post, its number in the thread, its id


def _phpbb(w: Written, n: int, i: int) -> str:
    quote = (f'<blockquote cite="./viewtopic.php?p=4003#p4003"><div><cite><a href="./memberlist.php?mode=viewprofile'
             f'&amp;u=7">{w.quote[0]}</a> писал(а): <a href="./viewtopic.php?p=4003#p4003" data-post-id="4003">↑</a>'
             f'<span class="responsive-hide">30 ноя 2026, 20:10</span></cite>{w.quote[1]}</div></blockquote>'
             ) if w.quote else ""
    edit = (f'<div class="notice">Последний раз редактировалось <a href="./memberlist.php?u=2" class="username">'
            f'{w.author}</a> {ru_short(w.edited)}, всего редактировалось 1 раз.</div>') if w.edited else ""
    sig = f'<div id="sig{i}" class="signature">{w.signature}</div>' if w.signature else ""
    return (f'<div id="p{i}" class="post has-profile bg2"><div class="inner"><dl class="postprofile" id="profile{i}">'
            f'<dt class="no-profile-rank no-avatar"><a href="./memberlist.php?mode=viewprofile&amp;u={i}" '
            f'class="username">{w.author}</a></dt><dd class="profile-posts"><strong>Сообщения:</strong> 12</dd>'
            f'<dd class="profile-joined"><strong>Зарегистрирован:</strong> 12 янв 2026, 10:00</dd></dl>'
            f'<div class="postbody"><div id="post_content{i}"><h3><a href="#p{i}">Re: День 1</a></h3>'
            f'<p class="author"><a class="unread" href="./viewtopic.php?p={i}#p{i}" title="Сообщение">'
            f'<span class="sr-only">Сообщение</span></a><span class="responsive-hide"><strong><a href="./memberlist.php'
            f'?mode=viewprofile&amp;u={i}" class="username">{w.author}</a></strong> &raquo; </span>'
            f'<time datetime="{utc(w.time)}+00:00">{ru_short(w.time)}</time></p>'
            f'<div class="content">{quote}{w.text}</div>{edit}{sig}</div></div></div></div><hr class="divider">')


WEEK_SHORT = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]


def _phpbb2_date(t: datetime) -> str:
    return f"{WEEK_SHORT[t.weekday()]} Ноя {t.day}, {t.year} {t:%H:%M}"


def _phpbb2(w: Written, n: int, i: int) -> str:
    """phpBB 2 (subSilver): a post two table rows; a quote closes the post's span for a table of its own."""
    quote = (f'</span><table width="90%" cellspacing="1" cellpadding="3" border="0" align="center"><tr><td><span '
             f'class="genmed"><b>{w.quote[0]} писал(а):</b></span></td></tr><tr><td class="quote">{w.quote[1]}</td>'
             f'</tr></table><span class="postbody">') if w.quote else ""
    sig = f"<br />_________________<br />{w.signature}" if w.signature else ""
    edit = (f"<br /><br />Последний раз редактировалось: {w.author} ({_phpbb2_date(w.edited)}), всего "
            f"редактировалось 1 раз") if w.edited else ""
    return (f'<tr><td width="150" align="left" valign="top" class="row1"><span class="name"><a name="{i}"></a><b>'
            f'{w.author}</b></span><br /><span class="postdetails">Игрок<br /><br />Зарегистрирован: 12.01.2026<br />'
            f'Сообщения: 12</span><br /></td><td class="row1" width="100%" height="28" valign="top"><table width='
            f'"100%" border="0" cellspacing="0" cellpadding="0"><tr><td width="100%"><a href="viewtopic.php?p={i}#{i}">'
            f'<img src="icon_minipost.gif" alt="Сообщение" /></a><span class="postdetails">Добавлено: '
            f'{_phpbb2_date(w.time)}<span class="gen">&nbsp;</span>&nbsp; &nbsp;Заголовок сообщения: </span></td>'
            f'<td valign="top" nowrap="nowrap"><a href="posting.php?mode=quote&amp;p={i}"><img alt="Ответить с '
            f'цитатой" /></a></td></tr><tr><td colspan="2"><hr /></td></tr><tr><td colspan="2"><span class='
            f'"postbody">{quote}{w.text}{sig}</span><span class="gensmall">{edit}</span></td></tr></table></td></tr>'
            f'<tr><td class="row1" width="150" align="left" valign="middle"><span class="nav"><a href="#top" class='
            f'"nav">Вернуться к началу</a></span></td><td class="row1" width="100%" height="28" valign="bottom" '
            f'nowrap="nowrap"><a href="profile.php?mode=viewprofile&amp;u={i}"><img alt="Профиль" /></a></td></tr>'
            f'<tr><td class="spaceRow" colspan="2" height="1"><img src="spacer.gif" alt="" width="1" height="1" />'
            f'</td></tr>')


def _vb4(w: Written, n: int, i: int) -> str:
    quote = (f'<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
             f'<div class="bbcode_postedby">Сообщение от <strong>{w.quote[0]}</strong></div>'
             f'<div class="message">{w.quote[1]}</div></div></div></div>') if w.quote else ""
    edit = (f'<blockquote class="postcontent lastedited">Последний раз редактировалось {w.author}; '
            f'{w.edited:%d.%m.%Y} в <span class="time">{w.edited:%H:%M}</span>.</blockquote>') if w.edited else ""
    sig = (f'<blockquote class="signature restore"><div class="signaturecontainer">{w.signature}</div></blockquote>'
           if w.signature else "")
    return (f'<li class="postbitlegacy postbitim postcontainer old" id="post_{i}"><div class="posthead">'
            f'<span class="postdate old"><span class="date">{w.time:%d.%m.%Y},&nbsp;<span class="time">'
            f'{w.time:%H:%M}</span></span></span><span class="nodecontrols"><a name="post{i}" href="#post{i}" '
            f'class="postcounter">#{n}</a></span></div><div class="postdetails"><div class="userinfo">'
            f'<div class="username_container"><a class="username offline popupctrl" href="member.php?u={i}">'
            f'<strong>{w.author}</strong></a></div><span class="usertitle">Игрок</span></div>'
            f'<div class="postbody"><div class="postrow"><div class="content"><div id="post_message_{i}">'
            f'<blockquote class="postcontent restore ">{quote}{w.text}</blockquote></div></div>{edit}{sig}'
            f'</div></div></div></li>')


def _vb3(w: Written, n: int, i: int) -> str:
    quote = (f'<div style="margin:20px; margin-top:5px; "><div class="smallfont" style="margin-bottom:2px">Цитата:'
             f'</div><table cellpadding="6" cellspacing="0" border="0" width="100%"><tr><td class="alt2" '
             f'style="border:1px inset"><div>Сообщение от <strong>{w.quote[0]}</strong></div>'
             f'<div style="font-style:italic">{w.quote[1]}</div></td></tr></table></div>') if w.quote else ""
    edit = (f'<div class="smallfont"><hr size="1" style="color:#D1D1E1" /><em>Последний раз редактировалось '
            f'{w.author}; {w.edited:%d.%m.%Y} в <span class="time">{w.edited:%H:%M}</span>.</em></div>'
            ) if w.edited else ""
    sig = f'<div>__________________<br />{w.signature}</div>' if w.signature else ""
    return (f'<div id="edit{i}" style="padding:0px 0px 6px 0px"><table class="tborder" id="post{i}" cellpadding="6" '
            f'cellspacing="0" border="0" width="100%" align="center"><tr><td class="thead"><div class="normal" '
            f'style="float:right">&nbsp;#<a href="showpost.php?p={i}&amp;postcount={n}" id="postcount{i}" '
            f'name="{n}"><strong>{n}</strong></a>&nbsp;</div><div class="normal"><a name="post{i}">'
            f'<img class="inlineimg" src="images/statusicon/post_old.gif" alt="Старое" border="0" /></a>'
            f'{w.time:%d.%m.%Y}, {w.time:%H:%M}</div></td></tr><tr><td class="alt2" width="175"><div id="postmenu_{i}">'
            f'<a class="bigusername" href="member.php?u={i}">{w.author}</a></div><div class="smallfont">Игрок</div>'
            f'</td><td class="alt1" id="td_post_{i}"><div id="post_message_{i}">{quote}{w.text}</div>{sig}{edit}'
            f'</td></tr></table></div>')


def _vb5(w: Written, n: int, i: int) -> str:
    quote = (f'<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">'
             f'<div class="bbcode_postedby">Сообщение от <strong>{w.quote[0]}</strong></div>'
             f'<div class="message">{w.quote[1]}</div></div></div></div>') if w.quote else ""
    edit = (f'<div class="b-post__edit"><div class="b-post__edit__text">Последний раз редактировалось '
            f'<span class="b-post__edit__author">{w.author}</span>; {dotted(w.edited)}.</div></div>'
            ) if w.edited else ""
    sig = f'<div class="b-post__signature restore">{w.signature}</div>' if w.signature else ""
    return (f'<li class="b-post js-post js-comment-entry__parent b-post--text" data-node-id="{i}" id="post{i}">'
            f'<div class="b-post__grid"><div class="b-userinfo"><div class="b-userinfo__details"><div class='
            f'"author h-text-size--14"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><a '
            f'href="https://forum.example/member/{i}-x" data-vbnamecard="{i}" itemprop="url"><span itemprop="name">'
            f'{w.author}</span></a></span></div><div class="usertitle">Игрок</div><div class="b-userinfo__rank">'
            f'Сообщений: 12</div></div></div><div class="b-post__body">'
            f'<div class="b-post__timestamp"><time itemprop="dateCreated" datetime="{w.time:%Y-%m-%dT%H:%M:%S}">'
            f'{dotted(w.time)}</time></div><div class="b-post__count"><a href="#post{i}">#{n}</a></div>'
            f'<div class="js-post__content-wrapper"><div class="js-post__content-text restore h-wordwrap" '
            f'itemprop="text">{quote}{w.text}</div></div>{edit}{sig}</div></div></li>')


def _xenforo(w: Written, n: int, i: int) -> str:
    def time(t: datetime) -> str:
        return (f'<time class="u-dt" dir="auto" datetime="{t:%Y-%m-%dT%H:%M:%S}+0300" data-timestamp="1" '
                f'data-date="{t:%d.%m.%Y}" data-time="{t:%H:%M}" title="{t:%d.%m.%Y} в {t:%H:%M}">'
                f'Сегодня в {t:%H:%M}</time>')
    quote = (f'<blockquote class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote js-expandWatch" '
             f'data-attributes="member: 1" data-quote="{w.quote[0]}"><div class="bbCodeBlock-title">'
             f'<a href="#" class="bbCodeBlock-sourceJump">{w.quote[0]} сказал(а):</a></div><div class='
             f'"bbCodeBlock-content"><div class="bbCodeBlock-expandContent js-expandContent">{w.quote[1]}'
             f'</div></div></blockquote>') if w.quote else ""
    edit = (f'<div class="message-lastEdit">Последнее редактирование: {time(w.edited)}</div>') if w.edited else ""
    sig = (f'<aside class="message-signature"><div class="bbWrapper">{w.signature}</div></aside>'
           if w.signature else "")
    return (f'<article class="message message--post js-post js-inlineModContainer" data-author="{w.author}" '
            f'data-content="post-{i}" id="js-post-{i}"><span class="u-anchorTarget" id="post-{i}"></span>'
            f'<div class="message-inner"><div class="message-cell message-cell--user"><section class="message-user">'
            f'<div class="message-userDetails"><h4 class="message-name"><a href="/members/x.{i}/" class="username" '
            f'dir="auto" data-user-id="{i}">{w.author}</a></h4></div></section></div>'
            f'<div class="message-cell message-cell--main"><div class="message-main js-quickEditTarget">'
            f'<header class="message-attribution message-attribution--split"><ul class="message-attribution-main '
            f'listInline"><li class="u-concealed"><a href="/threads/x.1/post-{i}" rel="nofollow">{time(w.time)}</a>'
            f'</li></ul><ul class="message-attribution-opposite message-attribution-opposite--list"><li><a href='
            f'"/threads/x.1/post-{i}" rel="nofollow">#{n}</a></li></ul></header><div class="message-content '
            f'js-messageContent"><div class="message-userContent lbContainer js-lbContainer"><article class='
            f'"message-body js-selectToQuote"><div class="bbWrapper">{quote}{w.text}</div></article></div>{edit}'
            f'{sig}</div></div></div></div></article>')


def _xenforo1(w: Written, n: int, i: int) -> str:
    """XenForo 1: the words in <blockquote class="messageText">, the time an <abbr> with a Unix time."""
    def time(t: datetime) -> str:
        epoch = int((t - timedelta(hours=3) - datetime(1970, 1, 1)).total_seconds())
        return (f'<abbr class="DateTime" data-time="{epoch}" data-datestring="{t.day} ноя {t.year}" '
                f'data-timestring="{t:%H:%M}">{t.day} ноя {t.year} в {t:%H:%M}</abbr>')
    quote = (f'<div class="bbCodeBlock bbCodeQuote" data-author="{w.quote[0]}"><aside><div class="attribution type">'
             f'{w.quote[0]} сказал(а): <a href="goto/post?id=1#post-1" class="AttributionLink">&uarr;</a></div>'
             f'<blockquote class="quoteContainer"><div class="quote">{w.quote[1]}</div><div class="quoteExpand">'
             f'Нажмите для раскрытия...</div></blockquote></aside></div>') if w.quote else ""
    edit = f'<div class="editDate">Последнее редактирование: {time(w.edited)}</div>' if w.edited else ""
    sig = (f'<div class="baseHtml signature messageText ugc"><aside>{w.signature}</aside></div>'
           if w.signature else "")
    return (f'<li id="post-{i}" class="message" data-author="{w.author}"><div class="messageUserInfo"><div class='
            f'"messageUserBlock"><h3 class="userText"><a href="members/x.{i}/" class="username" dir="auto" itemprop='
            f'"name">{w.author}</a><em class="userTitle">Игрок</em></h3></div></div><div class="messageInfo '
            f'primaryContent"><div class="messageContent"><article><blockquote class="messageText '
            f'SelectQuoteContainer ugc baseHtml">{quote}{w.text}<div class="messageTextEndMarker">&nbsp;</div>'
            f'</blockquote></article></div>{edit}{sig}<div class="messageMeta ToggleTriggerAnchor"><div class='
            f'"privateControls"><span class="item muted"><span class="authorEnd"><a href="members/x.{i}/" class='
            f'"username author">{w.author}</a>,</span> <a href="threads/x.1/#post-{i}" class="datePermalink">'
            f'{time(w.time)}</a></span></div><div class="publicControls"><a href="threads/x.1/#post-{i}" class='
            f'"item muted postNumber hashPermalink">#{n}</a></div></div></div></li>')


def _invision(w: Written, n: int, i: int, five: bool = False) -> str:
    def time(t: datetime) -> str:
        return f'<time datetime="{utc(t)}" title="{t:%d.%m.%Y %H:%M}" data-short="1 ч">30 ноября</time>'
    quote = (f'<blockquote class="ipsQuote" data-ipsquote="" data-ipsquote-username="{w.quote[0]}">'
             f'<div class="ipsQuote_citation">{w.quote[0]} сказал:</div><div class="ipsQuote_contents">'
             f'<p>{w.quote[1]}</p></div></blockquote>') if w.quote else ""
    edit = (f'<p class="ipsType_reset ipsType_medium ipsType_light" data-excludequote=""><strong>Изменено '
            f'{time(w.edited)} пользователем {w.author}</strong></p>') if w.edited else ""
    sig = (f'<div data-role="memberSignature" class="ipsResponsive_hidePhone"><div class="ipsType_richText">'
           f'<p>{w.signature}</p></div></div>') if w.signature else ""
    if five:
        return (f'<article id="elComment_{i}" class="ipsEntry js-ipsEntry ipsEntry--post"><aside class='
                f'"ipsEntry__author-column"><h3 data-ips-hook="postUsername" class="ipsEntry__username"><span '
                f'class="ipsOnline" title="В сети"></span><a href="/profile/{i}-x/" class="ipsUsername" translate="no">'
                f'{w.author}</a></h3><ul class="ipsEntry__authorStats"><li data-i-el="posts"><span data-i-el="number">'
                f'12</span> <span data-i-el="label">сообщений</span></li></ul></aside><div class="ipsEntry__main">'
                f'<header class="ipsEntry__header"><div class='
                f'"ipsEntry__meta"><a href="?do=findComment&amp;comment={i}">{time(w.time)}</a></div></header>'
                f'<div class="ipsEntry__post"><div class="ipsRichText" data-role="commentContent">{quote}'
                f'<p>{w.text}</p>{edit}</div></div>{sig}</div></article>')
    return (f'<article id="elComment_{i}" class="cPost ipsBox ipsComment ipsComment_parent ipsClearfix">'
            f'<div class="cAuthorPane_mobile ipsResponsive_showPhone"><div class="cAuthorPane_content"><h3 class='
            f'"ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break"><strong><a href="/profile/'
            f'{i}-x/">{w.author}</a></strong><span class="ipsMargin_left:half"><span class="ipsReputationBadge '
            f'ipsReputationBadge_positive"><i class="fa fa-plus-circle"></i> 37</span></span></h3></div></div>'
            f'<aside class="ipsComment_author cAuthorPane ipsColumn ipsColumn_medium ipsResponsive_hidePhone">'
            f'<h3 class="ipsType_sectionHead cAuthorPane_author cAuthorPane_author ipsType_blendLinks ipsType_break">'
            f'<strong><a href="/profile/{i}-x/">{w.author}</a></strong><span class="ipsMargin_left:half"><span class='
            f'"ipsReputationBadge ipsReputationBadge_positive"><i class="fa fa-plus-circle"></i> 37</span></span>'
            f'</h3></aside><div class="ipsColumn">'
            f'<div id="comment-{i}_wrap" class="ipsComment_content"><div class="ipsComment_meta"><a href='
            f'"?do=findComment&amp;comment={i}">Опубликовано: {time(w.time)}</a></div><div class="cPost_contentWrap">'
            f'<div data-role="commentContent" class="ipsType_normal ipsType_richText">{quote}<p>{w.text}</p>{edit}'
            f'</div>{sig}</div></div></div></article>')


SMF_MONTH = "Ноябрь"


def _smf21(w: Written, n: int, i: int) -> str:
    quote = (f'<blockquote class="bbc_standard_quote"><cite>Цитата: {w.quote[0]}</cite>{w.quote[1]}</blockquote>'
             if w.quote else "")
    edit = (f'<span class="smalltext modified floatright mvisible" id="modified_{i}"><span class="lastedit">'
            f'Последнее редактирование</span>: {w.edited.day} {SMF_MONTH} {w.edited:%Y, %H:%M:%S} от {w.author}'
            f'</span>') if w.edited else ""
    sig = f'<div class="signature" id="msg_{i}_signature">{w.signature}</div>' if w.signature else ""
    # the counter is the reply's number: none on the first post; a guest's name is no link
    counter = f'<span class="page_number floatright">#{n - 1}</span>' if n > 1 else ""
    name = w.author if guest(w) else (f'<span class="off" title="Не в сети"></span><a href="?action=profile;u={i}" '
                                      f'title="Просмотр профиля {w.author}">{w.author}</a>')
    return (f'<div class="windowbg" id="msg{i}"><div class="post_wrapper"><div class="poster"><h4>{name}</h4>'
            f'<ul class="user_info"><li class="membergroup">Игрок</li><li class="postcount">Сообщений: 12</li>'
            f'</ul></div><div class="postarea"><div class="keyinfo"><div id="subject_{i}" class="subject_title '
            f'subject_hidden"><a href="?msg={i}">Re: День 1</a></div>{counter}<div class="postinfo"><span class='
            f'"messageicon"><img src="xx.png" alt=""></span><a href="?msg={i}#msg{i}" rel="nofollow" title="Ответ '
            f'#{n - 1} - Re: День 1" class="smalltext">{w.time.day} {SMF_MONTH} {w.time:%Y, %H:%M:%S}</a><span '
            f'class="spacer"></span>{edit}</div><div id="msg_{i}_quick_mod"></div></div><div class="post"><div '
            f'class="inner" data-msgid="{i}" id="msg_{i}">{quote}{w.text}</div></div><div class="under_message">'
            f'<ul class="floatleft"><li class="smflikebutton"><a class="msg_like">Нравится</a></li></ul></div></div>'
            f'<div class="moderatorbar">{sig}</div></div></div><hr class="post_separator">')


def _smf20(w: Written, n: int, i: int) -> str:
    quote = (f'<div class="quoteheader"><div class="topslice_quote">Цитата: {w.quote[0]}</div></div>'
             f'<blockquote class="bbc_standard_quote">{w.quote[1]}</blockquote><div class="quotefooter">'
             f'<div class="botslice_quote"></div></div>') if w.quote else ""
    edit = (f'<div class="smalltext modified" id="modified_{i}">&#171; <em>Последнее редактирование: '
            f'{w.edited.day} {SMF_MONTH} {w.edited:%Y, %H:%M:%S} от {w.author}</em> &#187;</div>') if w.edited else ""
    sig = f'<div class="signature" id="msg_{i}_signature">{w.signature}</div>' if w.signature else ""
    return (f'<div class="windowbg"><span class="topslice"><span></span></span><div class="post_wrapper">'
            f'<div class="poster"><h4><a href="?action=profile;u={i}">{w.author}</a></h4><ul class="reset smalltext" '
            f'id="msg_{i}_extra_info"><li class="membergroup">Игрок</li><li class="postcount">Сообщений: 12</li>'
            f'<li class="profile"><a href="?action=profile;u={i}">Профиль</a></li></ul></div><div class="postarea">'
            f'<div class="flow_hidden"><div class="keyinfo"><h5 id="subject_{i}"><a href="?msg={i}#msg{i}">Re: День 1'
            f'</a></h5><div class="smalltext">&#171; <strong>Ответ #{n - 1} :</strong> {w.time.day} {SMF_MONTH} '
            f'{w.time:%Y, %H:%M:%S} &#187;</div></div></div><div class="post"><div class="inner" id="msg_{i}">'
            f'{quote}{w.text}</div></div></div><div class="moderatorbar">{edit}{sig}</div></div>'
            f'<span class="botslice"><span></span></span></div>')


def guest(w: Written) -> bool:
    """A spectator who posts without an account: his name is no link to a profile."""
    return w.author.startswith("Гость")


def _mybb(w: Written, n: int, i: int) -> str:
    quote = (f'<blockquote class="mycode_quote"><cite>{w.quote[0]} писал(а):</cite>{w.quote[1]}</blockquote>'
             if w.quote else "")
    edit = (f'<span class="post_edit" id="edited_by_{i}"><span class="edited_post">(Последний раз это сообщение было '
            f'отредактировано: {dotted(w.edited)}, автором {w.author}.)</span></span>') if w.edited else ""
    sig = f'<div class="signature scaleimages">{w.signature}</div>' if w.signature else ""
    name = w.author if guest(w) else f'<a href="member.php?action=profile&amp;uid={i}">{w.author}</a>'
    return (f'<a name="pid{i}" id="pid{i}"></a><div class="post classic" style="" id="post_{i}"><div class='
            f'"post_author scaleimages"><div class="author_information"><strong><span class="largetext">{name}'
            f'</span></strong> <a href="online.php" title="Не в сети" class="offline">•</a><br /><span '
            f'class="smalltext">Игрок<br /></span></div><div class="author_statistics">Сообщений: 12<br />'
            f'Регистрация: янв 2026</div></div><div class="post_content"><div class="post_head">'
            f'<div class="float_right" '
            f'style="vertical-align: top"><strong><a href="showthread.php?tid=1&amp;pid={i}#pid{i}">#{n}</a></strong>'
            f'</div><span class="post_date">{dotted(w.time)} {edit}</span></div><div class="post_body scaleimages" '
            f'id="pid_{i}">{quote}{w.text}</div>{sig}</div></div>')


WEEKDAY = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"]


def _ucoz(w: Written, n: int, i: int) -> str:
    quote = (f'<div class="bbQuoteBlock"><div class="bbQuoteName" style="padding-left:5px;font-size:7pt"><b>Цитата'
             f'</b> <span class="qName"><!--qn-->{w.quote[0]}<!--/qn--></span></div><div class="quoteMessage" '
             f'style="border:1px inset;max-height:200px;overflow:auto;height:expression(200);">'
             f'<!--uzq-->{w.quote[1]}<!--/uzq--></div></div>') if w.quote else ""
    edit = (f'<br><div class="eMessage"><i>Сообщение отредактировал <b>{w.author}</b> - '
            f'{WEEKDAY[w.edited.weekday()]}, {dotted(w.edited)}</i>'
            f'</div>') if w.edited else ""
    sig = f'<br><hr size="1" width="150" align="left" class="signatureHr"><span class="signatureView">' \
          f'{w.signature}</span>' if w.signature else ""
    return (f'<table border="0" width="100%" cellspacing="1" cellpadding="2" class="postTable" id="post{i}"><tr>'
            f'<td width="23%" class="postTdTop" align="center"><a class="postUser" href="javascript://" rel="nofollow"'
            f' onclick="emoticon(\'[b]{w.author}[/b],\');return false;">{w.author}</a></td><td class="postTdTop">'
            f'Дата: {WEEKDAY[w.time.weekday()]}, {dotted(w.time)} | Сообщение # <a rel="nofollow" name="{i}" '
            f'class="postNumberLink" href="#" onclick="prompt(\'\', location.href); return false;">{n}</a></td>'
            f'</tr><tr>'
            f'<td class="postTdInfo" valign="top"><div class="postRankName">Игрок</div></td><td class="posttdMessage" '
            f'valign="top" style="word-wrap:break-word;"><span class="ucoz-forum-post" id="ucoz-forum-post-{i}" '
            f'edit-url="">{quote}{w.text}</span>{edit}{sig}</td></tr></table>')


def _discourse(w: Written, n: int, i: int) -> str:
    quote = (f'<aside class="quote no-group" data-username="{w.quote[0]}" data-post="1" data-topic="1"><div class='
             f'"title">{w.quote[0]}:</div><blockquote><p>{w.quote[1]}</p></blockquote></aside>') if w.quote else ""
    half = "pm" if w.time.hour >= 12 else "am"
    item = '' if n == 1 else 'itemprop="comment" itemscope itemtype="http://schema.org/Comment" '
    return (f'<div id="post_{n}" {item}class="topic-body '
            f'crawler-post"><div class="crawler-post-meta"><span class="creator" itemprop="author" itemscope '
            f'itemtype="http://schema.org/Person"><a itemprop="url" href="https://forum.example/u/x{i}"><span '
            f'itemprop="name">{w.author}</span></a></span><span class="crawler-post-infos"><time itemprop='
            f'"datePublished" datetime="{utc(w.time)}" class="post-time">Ноябрь {w.time.day}, {w.time.year}, '
            f'{w.time.hour % 12 or 12}:{w.time:%M}{half}</time><span itemprop="position">{n}</span></span></div>'
            f'<div class="post" itemprop="text">{quote}<p>{w.text}</p></div></div>')


def _discourse_old(w: Written, n: int, i: int) -> str:
    """Discourse's crawler view before 2019: an item a post, the name in <b itemprop=author>, times in UTC."""
    quote = (f'<aside class="quote" data-post="1" data-topic="1"><div class="title"><img alt="" width="20" '
             f'height="20" src="a.png" class="avatar"> {w.quote[0]}:</div><blockquote><p>{w.quote[1]}</p>'
             f'</blockquote></aside>') if w.quote else ""
    return (f"<div itemscope itemtype='http://schema.org/DiscussionForumPosting'><div class='creator'><span><a "
            f"href='/u/x{i}'><b itemprop='author'>{w.author}</b></a> <time datetime='{utc(w.time)}' itemprop="
            f"'datePublished'>{w.time - timedelta(hours=3):%Y-%m-%d %H:%M:%S} UTC</time></span><span itemprop="
            f"'position'>#{n}</span></div><div class='post' itemprop='articleBody'>{quote}<p>{w.text}</p></div>"
            f"<meta itemprop='interactionCount' content='UserLikes:0'><hr></div>")


def _vk(w: Written, n: int, i: int) -> str:
    return (f'<div class="bp_post clear_fix" id="post-1_{i}"><a class="bp_thumb" href="/id{i}"><img class="bp_img" '
            f'src="x.jpg" alt="{w.author}"></a><div class="bp_info"><div class="bp_author_wrap"><a class="bp_author" '
            f'href="/id{i}">{w.author}</a></div><div class="bp_content" id="bp_data-1_{i}"><div class="bp_text">'
            f'{w.text}</div></div><div class="bp_bottom"><a class="bp_date" href="/topic-1_1?post={i}">'
            f'{w.time.day} ноя {w.time.year} в {w.time:%H:%M}</a></div></div></div>')


HTML = ('<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"><title>День 1</title></head><body>'
        '<div id="wrap"><h1>Ранговая мафия: день 1</h1>{posts}<div class="footer">Форумные игры</div></div>'
        '</body></html>')

MARKUPS = {
    "phpbb": _phpbb, "phpbb2": _phpbb2, "vbulletin4": _vb4, "vbulletin3": _vb3, "vbulletin5": _vb5, "xenforo": _xenforo,
    "xenforo1": _xenforo1,
    "invision4": _invision, "invision5": lambda w, n, i: _invision(w, n, i, five=True), "smf21": _smf21,
    "smf20": _smf20, "mybb": _mybb, "ucoz": _ucoz, "discourse": _discourse, "vk": _vk,
}
# the element a page wraps its posts in, where the engine has one
WRAPS = {"phpbb2": ('<table class="forumline" width="100%" cellspacing="1" cellpadding="3" border="0">', "</table>"),
         "discourse": ('<div id="main-outlet" itemscope itemtype="http://schema.org/DiscussionForumPosting">'
                       '<meta itemprop="headline" content="День 1"><h1>День 1</h1>', "</div>")}
# what reads each: the engine's name (several versions share one)
READ_BY = {"phpbb": "phpbb", "phpbb2": "phpbb", "vbulletin4": "vbulletin", "vbulletin3": "vbulletin",
           "vbulletin5": "vbulletin",
           "xenforo": "xenforo", "xenforo1": "xenforo", "invision4": "invision", "invision5": "invision",
           "smf21": "smf", "smf20": "smf", "mybb": "mybb", "ucoz": "ucoz", "discourse": "discourse", "vk": "vk"}


def pages(engine: str, split: int = 7) -> list[str]:
    """The thread as two saved pages of the engine (posts 1..split-1, then the rest)."""
    post = {**MARKUPS, "discourse_old": _discourse_old}[engine]
    rendered = [post(w, n, 4000 + n) for n, w in enumerate(THREAD, start=1)]
    head, tail = WRAPS.get(engine, ("", ""))
    return [HTML.format(posts=head + "".join(part) + tail) for part in (rendered[:split - 1], rendered[split - 1:])]


def pasted(split: int = 7) -> list[str]:
    """The thread copied as text: a header line a post, quotes as [quote], bold as [b]."""
    def one(w: Written) -> str:
        text = w.text.replace("<br>", "\n").replace("<b>", "[b]").replace("</b>", "[/b]")
        quote = f"[quote={w.quote[0]}]{w.quote[1]}[/quote]\n" if w.quote else ""
        return f"{w.author} ({w.time:%d.%m.%Y %H:%M}):\n{quote}{text}\n"
    posts = [one(w) for w in THREAD]
    return ["\n".join(posts[:split - 1]), "\n".join(posts[split - 1:])]
