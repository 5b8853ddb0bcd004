"""What a change of a game posts: the deal (role cards), a phase's end (its summary in the group, each
player's own results), the next phase (the night's keyboards, the day's vote), the end, reminders, and
the house rule's removals. Everything is built from each reader's own view (`game.view`) or from public
events alone for the group, and becomes intentions in the outbox, kept with what has been posted
(`progress`) in one transaction.

What the group is told at one change is one message where it fits (a phase's results, the next phase's
start and the vote under them): the group waits for one message's turn, not for three. The end of the
game is a message of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rankedmafia.live.commands import key_of_phase, phase_key
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.model import PhaseKind
from rankedmafia.telegram import forms, outbox
from rankedmafia.telegram.common import Context
from rankedmafia.telegram.night import NightKeyboards
from rankedmafia.telegram.outbox import Intent, key_of
from rankedmafia.telegram.signup import SignUp
from rankedmafia.telegram.store import Batch, Key, TgGame, TgSeat
from rankedmafia.telegram.texts import (
    Html,
    agree,
    capital,
    clock,
    game_over,
    heading,
    join,
    kicked_text,
    say,
    sentence,
    shown,
)
from rankedmafia.telegram.vote import DayVote, above, vote_key
from rankedmafia.text.clans import card_role, clan_list_text
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import quarry_name, side_name

MESSAGE_MAX = 4000  # Telegram's limit is 4096 characters: longer group news goes as several messages


@dataclass(slots=True)
class GroupNews:
    """The group's parts of one change, in order (the last may be the vote)."""

    parts: list[tuple[str, Html]] = field(default_factory=list)  # (key, text)

    def intents(self, game: TgGame) -> list[Intent]:
        if not self.parts:
            return []
        texts = [text for _, text in self.parts]
        if sum(len(t) + 2 for t in texts) <= MESSAGE_MAX:
            return [outbox.send(self.parts[-1][0], game.game_id, game.chat_id, join("\n\n", texts))]
        return [outbox.send(key, game.game_id, game.chat_id, text) for key, text in self.parts]

    def head(self) -> Html:
        """What goes above the last part (the vote) when they are one message."""
        texts = [text for _, text in self.parts]
        return join("\n\n", texts[:-1]) if sum(len(t) + 2 for t in texts) <= MESSAGE_MAX else Html("")


def as_sentence(line: str) -> str:
    """A line as a host writes it: a capital first letter, a full stop at the end (unless it has its own
    mark)."""
    return capital(sentence(line))


REMIND_LEAST = 30.0  # a reminder comes at least this long before the phase's end


def remind_now(duration: float, left: float) -> bool:
    """Whether a phase's reminder is due: once a quarter of it is left, and never later than 30 s before its
    end (a short phase is reminded of 30 s before its end; one of a minute or less, not at all: its
    reminder would come at its start)."""
    if duration <= 2 * REMIND_LEAST or left <= 0:
        return False
    return left <= max(duration / 4, REMIND_LEAST)


class Changes:
    def __init__(self, conductor: Context, signup: SignUp, night: NightKeyboards, vote: DayVote) -> None:
        self.c = conductor
        self.signup = signup
        self.night = night
        self.vote = vote

    def plan(self, live: LiveGame, game: TgGame, seats: dict[str, TgSeat], progress: dict[str, Any],
             lang: str) -> tuple[list[Intent], list[Key]]:
        """What to post now, from the game as it stands (under its lock), and the progress it makes."""
        c = self.c
        g = live.game
        assert g is not None
        renderer = forms.renderer(live, lang)
        gid, chat = game.game_id, game.chat_id
        news = GroupNews()
        edits: list[Intent] = []
        private: dict[str, list[Intent]] = {name: [] for name in seats}
        keys: list[Key] = []
        if not progress.get("cards"):
            edits.append(self.signup.edit(game, self.signup.lobby_text(live, game, lang), None))  # its buttons go
            edits.append(self.signup.unpin(game))
            players = say(lang, "players_list", names=", ".join(shown(live, n, lang) for n in live.names()))
            news.parts.append((key_of(gid, "deal", "started", chat),
                               join("\n", [say(lang, "started", link=c.link(gid)), players])))
            for name in seats:
                user = seats[name].user_id
                private[name].append(outbox.send(key_of(gid, "deal", "card", user), gid, user,
                                                 self.card(live, name, lang)))
            progress["cards"] = True
        done = int(progress.get("results", 0))
        for result in g.results[done:]:
            kind, number = result.phase.kind.value, result.phase.number
            phase = key_of_phase(result.phase)
            public = [e for e in result.events if e.get("to") is None]
            said = [as_sentence(line)  # the end has its own message
                    for line in renderer.public(kind, [e for e in public if e["type"] != "victory"])]
            text = join("\n", [heading(renderer.say(f"{kind}_title", number=number)), *said])
            news.parts.append((key_of(gid, phase, "results", chat), text))
            if kind == "day" and "vote_markup" in progress:
                edits.append(self.vote.close(live, game, phase, number, public, progress, lang))
                edits.append(outbox.pin(key_of(gid, phase, "unpin", chat), gid, chat, vote_key(game, phase), False))
                progress.pop("vote_markup", None)
                progress.pop("vote_head", None)
            for name in seats:
                lines = self.private_lines(live, name, kind, number, lang)
                if lines:
                    user = seats[name].user_id
                    private[name].append(outbox.send(key_of(gid, phase, "results", user), gid, user,
                                                     join("\n", lines)))
            done += 1
        progress["results"] = done
        if g.over or live.status == "over":
            intents = self._gather(game, news, edits, private)
            if not progress.get("over"):  # a message of its own, the last: who won, everybody's role, the record
                intents.append(outbox.send(key_of(gid, "end", "over", chat), gid, chat, self.final_text(live, lang)))
                progress["over"] = True
            return intents, keys
        key = phase_key(live)
        if g.phase.kind is PhaseKind.NIGHT and progress.get("night") != key:
            news.parts.append((key_of(gid, key, "start", chat),
                               say(lang, "night", n=g.phase.number, deadline=clock(live.deadline))))
            panels = []
            for name in seats:
                if forms.choices_now(live, name) or (g.view(name).sent or {}).get("action"):
                    intent, new = self.night.panel(live, name, seats[name].user_id, key, "panel", lang)
                    private[name].append(intent)
                    keys += [new] if new else []
                    panels.append(name)
            progress["night"] = key
            progress.setdefault("panels", {})[key] = panels
        step = live.asked()  # the Game's follow-up step asks one player at a time: each gets his panel
        if g.phase.kind is PhaseKind.NIGHT and step is not None and progress.get("asked") != f"{key}:{step.player}":
            if step.player in seats:
                intent, new = self.night.panel(live, step.player, seats[step.player].user_id, key, "asked", lang)
                private[step.player].append(intent)
                keys += [new] if new else []
            progress["asked"] = f"{key}:{step.player}"
        if g.phase.kind is PhaseKind.DAY and progress.get("day") != key:
            news.parts.append((key_of(gid, key, "start", chat),
                               say(lang, "day", n=g.phase.number, deadline=clock(live.deadline))))
            text, new, markup = self.vote.message(live, game, lang)
            news.parts.append((key_of(gid, key, "vote", chat), text))
            keys.append(new)
            progress["vote_head"] = news.head()
            progress["vote_markup"] = markup
            progress["day"] = key
            progress.setdefault("panels", {})[key] = g.voters()  # a silenced player is offered no vote: no miss
            # The buttons come by an edit once the message is out: were it sent twice (a crash while it was
            # in flight), the copy Telegram never told us about has no buttons to mislead.
            buttons = self.vote.edit(game, key, above(progress, text), markup)
            pinned = outbox.pin(key_of(gid, key, "pin", chat), gid, chat, vote_key(game, key))  # while it is open
            return [*self._gather(game, news, edits, private), buttons, pinned], keys
        return self._gather(game, news, edits, private), keys

    @staticmethod
    def _gather(game: TgGame, news: GroupNews, edits: list[Intent], private: dict[str, list[Intent]]) -> list[Intent]:
        """The group's edits (closing the sign-up or the vote) before its news; each player's in order."""
        return [*edits, *news.intents(game), *(i for posts in private.values() for i in posts)]

    # --- texts built from views -------------------------------------------------------------------
    def card(self, live: LiveGame, name: str, lang: str) -> Html:
        """The role card: his role as he is told it, its rules in plain words, his clan."""
        assert live.game is not None
        view = live.game.view(name)
        sex = live.game.state.player(name).sex
        lines = [say(lang, "card", role=card_role(view.role, view.ranks, lang),
                     about=agree(role_rules(view.role, lang), sex))]
        if view.clan:  # the double agent's two clans each named, with each clan's boss (text/clans.py)
            members = clan_list_text(view.clan_lists, view.bosses if len(view.clan_lists) > 1 else {}, lang,
                                     lambda n: str(shown(live, n, lang)))
            lines.append(say(lang, "card_clan", members=members))
        if view.boss and len(view.clan_lists) < 2:
            lines.append(say(lang, "card_boss", boss=shown(live, view.boss, lang)))
        if view.side:
            lines.append(say(lang, "card_detective", side=side_name(view.side, lang),
                             quarry=quarry_name(view.quarry, lang) if view.quarry else "—"))
        return join("\n\n", lines)

    @staticmethod
    def private_lines(live: LiveGame, name: str, kind: str, number: int, lang: str) -> list[str]:
        """His own results of a finished phase: the info entries and private events of his view."""
        assert live.game is not None
        view = live.game.view(name)
        renderer = forms.renderer(live, lang)
        out = []
        for event in view.log:
            to = event.get("to")
            if to is None or event["phase"] != kind or event["number"] != number:
                continue
            if event.get("type") == "info":
                out.append(renderer.info_line(event))
            else:
                clans = {to[5:]: [name]} if isinstance(to, str) and to.startswith("clan:") else {}
                out.extend(renderer.private([], [event], clans).get(name, []))
        return [as_sentence(line) for line in out]

    def final_text(self, live: LiveGame, lang: str) -> Html:
        assert live.game is not None
        return game_over(live.game, lambda name: shown(live, name, lang), self.c.link(live.id), lang)

    # --- the clock's posts ------------------------------------------------------------------------
    async def remind(self, game: TgGame, now: float) -> None:
        """Near the end of a night, those who have not acted; near the end of a day, those offered a vote who
        have not voted (the core's `awaiting`: a silenced player is not named)."""
        c = self.c
        live = await c.service.get(game.game_id)
        g = live.game
        if g is None or live.status != "running" or live.deadline is None or live.following:
            return
        key = phase_key(live)
        if game.progress.get("reminded") == key or game.progress.get("results", 0) != len(g.results):
            return
        left = live.deadline - now
        if not remind_now(live.duration(g.phase.kind), left):
            return
        lang = await c.lang(game.chat_id)
        seats = {s.name: s for s in await c.seats_of(game.game_id, True)}
        left_words = say(lang, "seconds", n=int(left))
        gid = game.game_id
        async with live.lock:
            awaited = g.awaiting()  # the core says who is still awaited
            if g.phase.kind is PhaseKind.NIGHT:
                intents = [outbox.send(key_of(gid, key, "remind", seats[n].user_id), gid, seats[n].user_id,
                                       say(lang, "remind_night", left=left_words)) for n in awaited if n in seats]
            elif awaited:
                missing = ", ".join(shown(live, n, lang) for n in awaited)
                intents = [outbox.send(key_of(gid, key, "remind", game.chat_id), gid, game.chat_id,
                                       say(lang, "remind_day", left=left_words, names=missing))]
            else:
                intents = []
        async with c.lock(gid):  # as `sync` keeps the progress
            fresh = await c.tg.game(gid)
            if fresh is None or fresh.progress.get("reminded") == key:
                return
            await c.commit(Batch(gid, now, intents, game={"progress": {**fresh.progress, "reminded": key}}))

    async def misses(self, live: LiveGame, game: TgGame, progress: dict[str, Any], lang: str,
                     batch: Batch) -> None:
        """The house rule: remove from the group whoever misses N phases in a row (counted per finished
        phase: a night with an action he did not send, a day he did not vote); into the change's batch."""
        c = self.c
        settings = (await c.chat(game.chat_id)).settings
        most = int(settings.get("kick_after") or 0)
        g = live.game
        counted = int(progress.get("counted", 0))
        if g is None or counted >= len(g.results):
            return
        seats = {s.name: s for s in await c.tg.seats(game.game_id)}  # the counts as stored
        acted: list[set[str]] = [set()]
        for command in g.commands:
            if command["type"] == "resolve":
                acted.append(set())
            elif command["type"] == "act":
                acted[-1].add(command["actor"])
            elif command["type"] == "vote":
                acted[-1].add(command["voter"])
        misses = {name: seat.misses for name, seat in seats.items()}
        gid, chat = game.game_id, game.chat_id
        for index in range(counted, len(g.results)):
            result = g.results[index]
            key = key_of_phase(result.phase)
            expected = progress.get("panels", {}).get(key, [])
            for name in expected:
                if name not in misses:
                    continue
                misses[name] = 0 if name in acted[index] else misses[name] + 1
                if most and misses[name] == most:
                    text = kicked_text(lang, live.nickname(name), seats[name].sex, most)
                    batch.intents.append(outbox.send(key_of(gid, key, "kicked", chat, name), gid, chat, text))
                    batch.intents.append(outbox.Intent(key_of(gid, key, "kick", chat, name), gid, chat, "kick",
                                                       message_id=seats[name].user_id))
        progress["counted"] = len(g.results)
        batch.misses = {n: count for n, count in misses.items() if count != seats[n].misses}
