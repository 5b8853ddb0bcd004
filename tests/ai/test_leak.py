"""No prompt holds what its seat may not know: over many seeded games of fake-model agents, every prompt
each seat got is checked against the game's ground truth (the arena, as host, holds it):

- no other player's role beside his name (as the seat lines, the clan line and the results write one)
  unless it was made public before that phase, or he is in the seat's clan, or the seat learned it
  himself (the journalist's interview, a check that found the sniper);
- no other player's night action as the seat's own «sent» line writes one;
- neither the seed nor its commitment; and, in Russian, no id at all (only the answer format's keys).

The prompts checked are the ones the server received (every request is recorded)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rankedmafia.ai.arena import Table
from rankedmafia.ai.fake_server import FakeModel
from rankedmafia.ai.prompt import sent_words
from rankedmafia.ai.texts import TEXTS
from rankedmafia.rules.model import PhaseKind
from rankedmafia.text.roles import role_name

from .helpers import ai_config, play_fake_games
from .test_prompt_answer import ALLOWED_LATIN

GAMES = [("classic-12", range(10)), ("two-clans-20", range(3)), ("full-35", range(2))]


def public_roles(table: Table, phases: int) -> set[tuple[str, str]]:
    """(name, role) made public by the first `phases` phases."""
    known: set[tuple[str, str]] = set()
    for result in table.game.results[:phases]:
        known |= set(result.revealed.items())
        for event in result.events:
            if event.get("to") is None and event.get("player") and event.get("role"):
                known.add((event["player"], event["role"]))
    return known


def learned(table: Table, seat: str, phases: int) -> set[tuple[str, str]]:
    """(name, role) the seat was told in private: interviews, his own role changes, a check that found the
    sniper."""
    out: set[tuple[str, str]] = set()
    for result in table.game.results[:phases]:
        for entry in result.info:
            if entry.get("to") == seat and entry.get("kind") == "interview":
                out.add((entry["target"], entry["result"]))
            if entry.get("to") == seat and entry.get("kind") == "role_change":
                out.add((seat, entry["result"]))
            if entry.get("to") == seat and entry.get("kind") == "check" and entry.get("result") == "sniper":
                out.add((entry["target"], "sniper"))  # a check tells the sniper by name
    return out


def phase_index(table: Table, kind: str, number: int) -> int:
    """How many phases were over when a prompt of this phase was made."""
    for index, result in enumerate(table.game.results):
        if result.phase.kind is PhaseKind(kind) and result.phase.number == number:
            return index
    return len(table.game.results)


def leaks(table: Table, seat: str, kind: str, number: int, text: str, lang: str) -> list[str]:
    game = table.game
    players = {p.name: p for p in game.players()}
    done = phase_index(table, kind, number)
    allowed = public_roles(table, done) | learned(table, seat, done)
    found = []
    states = {TEXTS[lang][k] for k in ("alive", "alive_f", "dead", "dead_f")}
    clans = set(game.state.clans_of(seat))  # the ground truth: a double agent sits in every clan
    for name, player in players.items():
        if name == seat or clans & set(game.state.clans_of(name)):
            continue
        for role in {player.initial_role, player.role}:
            if (name, role) in allowed:
                continue
            words = role_name(role, lang)
            for pattern in [f"{name}: {s}, {words}" for s in states] + [f"{name} ({words})", f"{name} — {words}."]:
                if pattern in text:
                    found.append(f"{seat} sees {pattern!r}")
    # another's night action, as his own «sent» line would show it
    mine = {sent_words(c, lang) for c in acts(game.commands, done) if c["actor"] == seat}
    for command in acts(game.commands, done):
        if command["actor"] != seat and sent_words(command, lang) not in mine:
            line = TEXTS[lang]["sent"].format(sent=sent_words(command, lang))
            if line in text:
                found.append(f"{seat} sees {command['actor']}'s action: {line!r}")
    if str(game.seed) in text or game.commitment in text:
        found.append(f"{seat} sees the seed")
    if lang == "ru":
        for post in table.talk.posts:  # players' own words may be in any language: quoted, not ids
            text = text.replace(post.text, "")
        latin = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", text)) - ALLOWED_LATIN
        if latin:
            found.append(f"{seat} sees ids {sorted(latin)}")
    return found


def acts(commands: list[dict[str, Any]], phase: int) -> list[dict[str, Any]]:
    """The actions sent in phase number `phase` (0-based) of the log."""
    out: list[dict[str, Any]] = []
    index = 0
    for command in commands:
        if command["type"] == "resolve":
            index += 1
        elif command["type"] == "act" and index == phase:
            out.append(command)
    return out


@pytest.mark.parametrize(("setup", "seeds"), GAMES)
def test_no_prompt_holds_what_its_seat_may_not_know(setup: str, seeds: range) -> None:
    model = FakeModel()
    agents = [ai_config("ru-model", posts_per_day=1), ai_config("en-model", lang="en", posts_per_day=1)]
    tables = play_fake_games(setup, list(seeds), model, agents)
    sent = {(body["messages"][0]["content"], body["messages"][1]["content"]) for body in model.requests}
    checked = 0
    for table in tables:
        assert table.game.over or len(table.game.results) >= 10
        for turn in table.turns:
            pair = (turn.messages[0]["content"], turn.messages[1]["content"])
            assert pair in sent  # what is checked is what the server received
            text = pair[0] + "\n" + pair[1]
            lang = "en" if table.agents[turn.seat] == "en-model" else "ru"
            assert leaks(table, turn.seat, turn.phase, turn.number, text, lang) == []
            checked += 1
    assert checked > 100


def test_the_check_finds_a_planted_leak() -> None:
    """The leak check can fail: a prompt given another's hidden role beside his name is caught."""
    model = FakeModel()
    table = play_fake_games("classic-12", [0], model)[0]
    turn = table.turns[0]
    other = next(p for p in table.game.players() if p.name != turn.seat and p.clan is None
                 and (p.name, p.initial_role) not in public_roles(table, 0))
    planted = turn.messages[1]["content"] + f"\n{other.name}: {TEXTS['ru']['alive']}, {role_name(other.initial_role)}"
    assert leaks(table, turn.seat, turn.phase, turn.number, planted, "ru")
    assert leaks(table, turn.seat, turn.phase, turn.number, planted + f"\nseed {table.game.seed}", "ru")
