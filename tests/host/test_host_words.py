"""A whole game hosted with Russian words only: every action of random bot games on the largest presets,
typed as "ник действие цели" with the action's display name (never its id), must be read back as exactly
the action the bot sent, and the game must end exactly as the bots played it."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.forum.vocabulary import display
from rankedmafia.host.session import Session
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act
from rankedmafia.setup import new_game, preset
from rankedmafia.text.roles import role_name

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя", "Аня",
         "Рита", "Гоша", "Юля", "Миша", "Катя", "Толя", "Вера", "Федя", "Зоя", "Гена", "Люба", "Слава", "Надя",
         "Паша", "Соня", "Боря", "Галя", "Лёша", "Ира", "Костя", "Даша", "Сева"]
SOURCES = {"mafia": "мафии"}


def typed(command: dict[str, Any]) -> str:
    """A logged command as a host types it without ids (the Council's question aside: it is typed)."""
    if command["type"] == "vote":
        choice = "синий" if command["choice"] == BLUE else command["choice"]
        return f"{command['voter']} > {choice}"
    if command["type"] == "withdraw":
        return f"отмена {command['actor']}"
    if command["type"] in ("resolve", "decline"):
        return "готово"
    actor, action, targets = command["actor"], command["action"], command["targets"]
    option, detail = command.get("option"), command.get("detail")
    if action == "ask" or (action == "copy" and detail == "ask"):
        return ""  # typed with its template's ids; the bots' questions are replayed below as the engine took them
    if action == "copy":
        words = [display("copy"), role_name(option, genitive=True), display(detail)]
        if command.get("copied_option"):
            words += ["от", SOURCES.get(command["copied_option"], role_name(command["copied_option"], genitive=True))]
        return " ".join([actor, *words, *targets])
    if action == "heal_from":
        return f"{actor} лечу от {SOURCES.get(option, role_name(option, genitive=True))}"
    return " ".join([actor, display(action), *targets])


def host_order(game: Game) -> list[dict[str, Any]]:
    """The game's commands with each night's mafiosi acting first. The host's follow-up step opens once
    nobody is awaited, and a mafioso is not awaited once his clan's boss has acted: the bots, acting in
    seat order, may still send a mafioso's action after that, which the host would refuse."""
    clans = {p.name for p in game.players() if p.clan is not None}
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []  # acts in a row (a night's round; the revive stands alone after the step opens)
    for command in game.commands:
        if command["type"] == "act":
            run.append(command)
            continue
        out += sorted(run, key=lambda c: c["actor"] not in clans)
        run = []
        out.append(command)
    return out + sorted(run, key=lambda c: c["actor"] not in clans)


@pytest.mark.parametrize(("setup", "seed"), [("full-25", 3), ("full-25", 4), ("full-25", 5), ("full-35", 5),
                                             ("full-35", 6), ("full-35", 9), ("two-clans-20", 5),
                                             ("two-clans-20", 8), ("two-clans-20", 11)])
def test_a_whole_game_in_russian_words(tmp_path: Path, setup: str, seed: int) -> None:
    names = NAMES[:preset(setup).players]
    bots = play_random_game(new_game(preset(setup), names, seed), random.Random(seed))
    played = new_game(preset(setup), names, seed)
    for command in host_order(bots):
        played.apply(command)
    assert [r.deaths for r in played.results] == [r.deaths for r in bots.results]  # actions are simultaneous
    out = io.StringIO()
    s = Session(new_game(preset(setup), names, seed), Console(file=out, width=200, color_system=None),
                tmp_path / "g.yaml")
    resolved = 0
    for command in played.commands:
        # the follow-up step opens by itself once everyone else has acted, else at `готово`; a `готово`
        # while the reanimator is asked declines for him and, nobody else asked, ends the night
        if command["type"] == "resolve":
            resolved += 1
            if len(s.game.results) == resolved:
                continue
        elif command["type"] == "follow_up" and (s.game.follow_up_open or len(s.game.results) > resolved):
            continue
        line = "готово" if command["type"] == "follow_up" else typed(command)
        if line:
            s.handle(line)
        else:
            s.game.submit(Act.from_fields(command))
        assert s.game.commands == played.commands[:len(s.game.commands)], (line, out.getvalue()[-600:])
    assert s.game.commands == played.commands
    assert s.game.over and s.game.winner == played.winner
    assert "Отказ" not in out.getvalue()
