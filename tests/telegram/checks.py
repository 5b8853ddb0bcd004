"""What every message of a finished game may say, checked against the game's truth and each reader's view.

- A group message (before the final reveal) pairs a player with a role only as a public event did.
- A private message to P pairs another player Q with a role only if P may know it: a public event, his clan
  (his view's `clan`), or his own information (an interview, his view's seats).
- No message shows an id (a role's, an action's, an error's); buttons carry only opaque `key:index` data.
"""

from __future__ import annotations

import re
from typing import Any

from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.telegram import forms
from rankedmafia.text.roles import role_name

from .fakeapi import FakeTelegram
from .harness import KEY

ROLE_NAMES = {role_name(r, "ru"): r for r in ROLES}
IDS = ({r for r in ROLES} | {a.id for role in ROLES.values() for a in role.actions} | {a.id for a in BOSS_ACTIONS})
ID_WORDS = re.compile(r"(?<![\w/])(" + "|".join(sorted(map(re.escape, IDS), key=len, reverse=True)) + r")(?!\w)")


OWN_WORDS = ("🕶", "Ваш ход:", "Вы выбрали:", "Выбрано:", "Вопрос Совету:", "✅ Ход принят")


def _word(text: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(text) + r"(?!\w)")


def pairs_in(line: str, nicknames: list[str]) -> set[tuple[str, str]]:
    """(player, role) pairs a line puts together: every nickname with every role named in the same part of
    it (a list "Вася — комиссар; Петя — доктор" pairs each name with its own role)."""
    out = set()
    for part in re.split(r", |; ", line):
        names = [n for n in nicknames if _word(n).search(part)]
        roles = [r for name, r in ROLE_NAMES.items() if _word(name).search(part.replace(f"не {name}", ""))]
        out |= {(n, r) for n in names for r in roles}
    return out


def public_pairs(live: LiveGame) -> set[tuple[str, str]]:
    assert live.game is not None
    out = set()
    for result in live.game.results:
        for event in result.events:
            if event.get("to") is not None or not isinstance(event.get("player"), str):
                continue
            if isinstance(event.get("role"), str):
                out.add((event["player"], event["role"]))
            if event.get("type") == "exposed" and event.get("what") in ROLES:  # "the doctor: it is Катя"
                out.add((event["player"], event["what"]))
    return out


def known_to(live: LiveGame, name: str) -> set[tuple[str, str]]:
    assert live.game is not None
    view = live.game.view(name)
    known = {(s.name, s.role) for s in view.seats if s.role}
    known |= set(view.clan.items())
    for event in view.log:
        if event.get("type") == "info" and isinstance(event.get("target"), str) and event.get("result") in ROLES:
            known.add((event["target"], event["result"]))
        if event.get("type") == "info" and event.get("kind") == "role_change":
            known.add((name, event["result"]))
    known |= {(name, p.role) for p in live.game.players() if p.name == name}
    known |= {(name, p.initial_role) for p in live.game.players() if p.name == name}
    return known


def own_lines(live: LiveGame, name: str) -> set[str]:
    """His own results as his view words them (the checks, the searches, the Council's answers)."""
    assert live.game is not None
    view = live.game.view(name)
    renderer = forms.renderer(live, "ru")  # as the bot words them (the Council's answer with its question)
    return {renderer.info_line(e) for e in view.log if e.get("type") == "info"}


def check_messages(fake: FakeTelegram, live: LiveGame, seats: dict[str, int], group_id: int) -> dict[str, Any]:
    """Every text every chat has shown (edits included); returns what was checked, for the test to see."""
    assert live.game is not None and live.status == "over"
    nicknames = list(seats)
    public = public_pairs(live)
    checked = {"group": 0, "private": 0, "buttons": 0}
    final_seen = False
    for msg in fake.messages(group_id):
        for button in msg.shown:
            assert "url" in button or KEY.match(button["callback_data"]), button
            checked["buttons"] += 1
        for text in msg.seen:  # as the reader saw it (HTML read)
            if "Игра окончена" in text and text.startswith("🏁"):
                final_seen = True
                continue
            if text.startswith("🤖"):  # an AI seat's post, relayed: its own words (it knows only its view)
                continue
            assert not ID_WORDS.search(text), f"an id in the group: {text!r}"
            for line in text.split("\n"):
                leaked = pairs_in(line, nicknames) - public
                assert not leaked, f"the group was told {leaked} in {line!r}"
            checked["group"] += 1
    assert final_seen
    for name, user_id in seats.items():
        known = known_to(live, name) | public
        own = own_lines(live, name)
        for msg in fake.messages(user_id):
            for button in msg.shown:
                assert "url" in button or KEY.match(button["callback_data"]), button
                checked["buttons"] += 1
            for text in msg.seen:
                if text.startswith("🎭"):  # his role card: his role, the reference's words, his clan
                    assert "`" not in text
                    card = text.split("\n\n")
                    for line in card[2:]:
                        leaked = {(q, r) for q, r in pairs_in(line, nicknames) if q != name} - known
                        assert not leaked, f"{name}'s card told {leaked}"
                    continue
                assert not ID_WORDS.search(text), f"an id to {name}: {text!r}"
                for line in text.split("\n"):
                    if line.startswith(OWN_WORDS) or line in own:
                        continue  # a clan mate's words, relayed; his own choices echoed; his own results
                    leaked = {(q, r) for q, r in pairs_in(line, nicknames) if q != name} - known
                    assert not leaked, f"{name} was told {leaked} in {line!r}"
                checked["private"] += 1
    return checked
