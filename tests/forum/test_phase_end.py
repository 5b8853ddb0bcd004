"""The end of a phase, one module for the terminal host and the desk: who has not sent anything, the
step ending takes, and the final post with every role and the winner."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from rankedmafia.forum.phase_end import RESOLVE, final_post, next_step, unsent
from rankedmafia.host.session import Session
from rankedmafia.rules.model import BLUE
from rankedmafia.setup import new_game, preset
from rankedmafia.text.summary import Renderer

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]


def test_who_has_not_sent_anything_and_the_step_ending_takes() -> None:
    game = new_game(preset("classic-12"), NAMES, 2026)
    assert unsent(game) == game.awaiting() and unsent(game)
    assert next_step(game) == (RESOLVE, None)  # classic-12 has no follow-up step
    game.resolve()
    assert unsent(game) == game.voters()  # by day: who may vote and has not
    game.vote(game.voters()[0], BLUE)
    assert unsent(game) == game.voters()[1:]


def test_the_final_post_names_the_winner_and_every_role(tmp_path: Path) -> None:
    game = new_game(preset("classic-12"), NAMES, 2026)
    assert final_post(game, Renderer("ru")) == []  # not before the game is over
    out = io.StringIO()
    session = Session(game, Console(file=out, width=200, color_system=None), tmp_path / "g.yaml")
    mafia = [p.name for p in game.players() if p.team != "town"]
    while not game.over:
        session.handle("готово")
        if game.over:
            break
        target = next(n for n in mafia if n in game.alive())
        for voter in game.voters():
            if voter != target:
                game.vote(voter, target)
        session.handle("готово")
    lines = final_post(game, Renderer("ru"))
    assert lines[0] == "Итоги игры" and lines[1].startswith("Победитель: ")
    assert [line.split(" — ")[0] for line in lines[3:]] == NAMES
    assert "\n".join(lines) in out.getvalue()  # the terminal host prints the same post at the end


def test_a_newer_message_replaces_the_earlier_action_in_the_terminal_host_too(tmp_path: Path) -> None:
    game = new_game(preset("classic-12"), NAMES, 2026)
    boss = next(p.name for p in game.players() if p.role == "mafia1")
    first, second = [p.name for p in game.players() if p.role == "civilian"][:2]
    out = io.StringIO()
    session = Session(game, Console(file=out, width=200, color_system=None), tmp_path / "g.yaml")
    asked: list[str] = []
    session.confirm = lambda question: asked.append(question) or True
    session.handle(f"{boss}: убиваю {first}")
    session.handle(f"{boss}: передумал, убиваю {second}")
    assert game.state.acts[boss].targets == (second,)
    assert "Это заменит прежний ход:" in out.getvalue() and len(asked) == 2
