"""The day's discussion and the clans' night chat in Telegram, derived from the game's posts (`rm_posts`,
live/posts.py) like everything else the bot sends:

- a thread post written by a seat no person holds (an AI seat: its driver writes it) goes to the group,
  «🤖 Вера (ИИ): …»; people's own group messages are already there and are not repeated;
- a clan post («clan:<clan>», whoever wrote it: a person through the bot's private chat, a policy bot's
  line, an AI seat's) goes privately to the clan's living people, its author aside.

What has been relayed is a cursor in the game's progress (`posts`: the id of the last post looked at),
advanced in the same transaction as the outbox rows it brings: after a kill -9 the same posts are derived
again from the store, under the same keys (`game|phase|post|chat|post id`, `game|phase|clan|user|post
id`), so that nothing is lost and nothing is sent twice.
"""

from __future__ import annotations

from typing import Any

from rankedmafia.live.live_game import LiveGame
from rankedmafia.store import PostRow
from rankedmafia.telegram import outbox
from rankedmafia.telegram.outbox import Intent, key_of
from rankedmafia.telegram.store import TgGame, TgSeat
from rankedmafia.telegram.texts import capital, say, shown
from rankedmafia.text.clans import clan_title
from rankedmafia.text.roles import CLAN_LABELS

CLAN = "clan:"


def relay_posts(live: LiveGame, game: TgGame, seats: dict[str, TgSeat], rows: list[PostRow],
                progress: dict[str, Any], lang: str) -> list[Intent]:
    """The messages the posts after the cursor bring (under the game's lock); the cursor moves past them."""
    g = live.game
    cursor = int(progress.get("posts", 0))
    fresh = [row for row in rows if row.id > cursor]
    if g is None or not fresh:
        return []
    gid, chat = game.game_id, game.chat_id
    clans: dict[str, set[str]] | None = None  # each living person's clans, read from his view once
    intents: list[Intent] = []
    for row in fresh:
        phase = row.phase.replace(" ", "")  # "night 1" -> "night1", as the other keys name a phase
        if row.channel == "thread":
            if row.author and row.author not in seats:
                text = say(lang, "ai_says", nick=shown(live, row.author, lang), text=row.text)
                intents.append(outbox.send(key_of(gid, phase, "post", chat, row.id), gid, chat, text))
        elif row.channel.startswith(CLAN):
            if clans is None:
                alive = set(g.alive())
                clans = {name: set(g.view(name).clans) for name in seats if name in alive}
            clan = row.channel[len(CLAN):]
            line = say(lang, "clan_says", nick=shown(live, row.author, lang), text=row.text)
            # the double agent reads each clan's lines labelled with the clan (RULINGS.md)
            labelled = say(lang, "clan_says_in", clan=capital(clan_title(clan, lang)),
                           nick=shown(live, row.author, lang), text=row.text)
            for name, own in clans.items():
                if name != row.author and clan in own:
                    user = seats[name].user_id
                    intents.append(outbox.send(key_of(gid, phase, "clan", user, row.id), gid, user,
                                               labelled if len(own) > 1 else line))
    progress["posts"] = fresh[-1].id
    return intents


def addressed(text: str, clans: list[str]) -> tuple[str | None, str]:
    """Which of his clans a member of several writes to: his line begins with the clan's name and a colon
    («красные: …», «чёрные: …», or the label as the setup gives it: «red: …»). (None, text) if it names none."""
    head, colon, rest = text.partition(":")
    if not colon:
        return None, text
    wanted = head.strip().lower().replace("ё", "е")
    for clan in clans:
        names = {clan.lower(), *(labels[clan].lower().replace("ё", "е") for labels in CLAN_LABELS.values()
                                 if clan in labels)}
        if wanted in names or wanted in {f"клан {n}" for n in names}:
            return clan, rest.strip()
    return None, text


def clan_word(clan: str, lang: str) -> str:
    """What a member of several clans types to name one: its label in words («красные»), else as given."""
    return CLAN_LABELS.get(lang, {}).get(clan, clan)

