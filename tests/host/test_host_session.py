"""`rankedmafia host`: the whole flow on a 12-player preset with a fixed seed, driven by an actions file
(as a host replaying his notes would) and by the prompt; the saved script must replay the game exactly."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.cli import app
from rankedmafia.host.session import Session, default_save_path
from rankedmafia.rules.game import Game
from rankedmafia.script import record, run_script
from rankedmafia.setup import deal, new_game, preset
from rankedmafia.text.formats import Format

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
SEED = 2026
runner = CliRunner()


def roles() -> dict[str, str]:
    """role id -> nickname, for the classic-12 deal of SEED."""
    seats = deal(preset("classic-12"), NAMES, SEED)
    return {seat.role: seat.name for seat in seats if seat.role != "civilian"}


def civilians() -> list[str]:
    return [seat.name for seat in deal(preset("classic-12"), NAMES, SEED) if seat.role == "civilian"]


def line_of(command: dict[str, Any]) -> str:
    """A logged engine command as the host would type it."""
    def q(name: str) -> str:
        return f'"{name}"'
    if command["type"] == "act" and command["action"] == "ask":  # the Council: the template, its arguments
        args = json.loads(command["detail"])
        pairs = [f"{key}={','.join(value) if isinstance(value, list) else value}" for key, value in args.items()]
        return " ".join([q(command["actor"]), "ask", command["option"], *pairs])
    if command["type"] == "act":
        option = f" role={command['option']}" if command.get("option") else ""
        return " ".join([q(command["actor"]), command["action"], *map(q, command["targets"])]) + option
    if command["type"] == "withdraw":
        return f"undo {q(command['actor'])}"
    if command["type"] == "vote":
        choice = command["choice"]
        return f"{q(command['voter'])} > {choice if choice == 'blue' else q(choice)}"
    return "done"


def host_typed(s: Session, commands: list[dict[str, Any]]) -> list[str]:
    """Type a game's commands as the host would, and return the lines: the follow-up step opens by itself
    once everyone else has acted (else at his `done`), and a `done` that declines for the last one asked
    also ends the night."""
    resolved = 0
    typed: list[str] = []
    for command in commands:
        line: str | None = line_of(command)
        if command["type"] == "resolve":
            resolved += 1
            line = "done" if len(s.game.results) < resolved else None
        elif command["type"] == "follow_up":
            line = "done" if not s.game.follow_up_open and len(s.game.results) == resolved else None
        if line is not None:
            s.run([line])
            typed.append(line)
    return typed


def typed_lines(tmp_path: Path, commands: list[dict[str, Any]]) -> list[str]:
    """The lines a host types to play these commands (found by typing them in a scratch session)."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    return host_typed(session(scratch)[0], commands)


def session(tmp_path: Path, lang: str = "ru", fmt: Format = Format.TEXT) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    game = new_game(preset("classic-12"), NAMES, SEED)
    console = Console(file=out, width=120, color_system=None)
    return Session(game, console, tmp_path / "game.yaml", lang, fmt), out


def host(tmp_path: Path, lines: list[str], *extra: str) -> tuple[str, Path]:
    actions = tmp_path / "actions.txt"
    actions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    players = tmp_path / "players.txt"
    players.write_text("# the sign-up thread\n" + "\n".join(NAMES) + "\n", encoding="utf-8")
    save = tmp_path / "saved.yaml"
    result = runner.invoke(app, ["host", "classic-12", "--players", str(players), "--seed", str(SEED),
                                 "--actions", str(actions), "--save", str(save), *extra])
    assert result.exit_code == 0, result.output
    return result.output, save


def replay(save: Path) -> dict[str, Any]:
    return run_script(yaml.safe_load(save.read_text(encoding="utf-8")))


# --- the whole flow through the CLI -------------------------------------------------------------------
def test_a_hosted_night_and_day(tmp_path: Path) -> None:
    r = roles()
    mafia, doctor, girl, maniac, commissar = r["mafia1"], r["doctor"], r["girl"], r["maniac"], r["commissar"]
    victim, lurker = civilians()[:2]
    output, save = host(tmp_path, [
        "# night 1",
        f"{mafia} kill {victim}",
        f"{victim} kill {mafia}",              # a civilian has no action: refused
        f"Васья{girl} block {maniac}",          # a mistyped nickname: refused
        f"{girl} block {maniac}",
        f"{doctor} heal_from mafia",           # the option bound from the word after the targets
        f"{commissar} check {mafia}",
        "who",
        "done",
        f"{girl} > {mafia}",
        f"{commissar} > {mafia}",
        f"{lurker} > blue",
        f"{mafia} kill {lurker}",              # a night action by day: refused
        "done",
    ])
    game = new_game(preset("classic-12"), NAMES, SEED)
    assert f"Хеш сида (опубликуйте до начала игры): {game.commitment}" in output
    assert str(SEED) not in output.split("ИТОГИ НОЧИ 1")[0]  # the seed stays secret while the game goes on
    for name in NAMES:
        assert f"отправить {name}: {name}, ваша роль: " in output
    assert f"отправить {mafia}: {mafia}, ваша роль: мафиози 1-го ранга. Ваш клан: " in output
    assert f"у роли «мирный житель» нет действия «убить» (игрок {victim})" in output
    assert f"нет игрока с ником «Васья{girl}»; может быть, {girl}?" in output
    assert "Сейчас день: ночные действия не принимаются." in output
    assert "ИТОГИ НОЧИ 1" in output and "ИТОГИ ДНЯ 1" in output
    assert f"отправить {commissar}: Проверка: {mafia} — мафия." in output
    assert f"Голоса: {mafia} — 2, синий — 1." in output
    assert "Ещё не отписались" in output and "Голоса (без учёта весов)" in output
    assert "Игра остановлена" in output  # EOF during night 2: stopped, and saved

    rec = replay(save)
    assert [(p["phase"], p["number"]) for p in rec["phases"]] == [("night", 1), ("day", 1)]
    for phase in rec["phases"]:
        for line in phase["public"]:
            assert line in output
    script = yaml.safe_load(save.read_text(encoding="utf-8"))
    night = script["phases"][0]["night"]
    assert {"actor": doctor, "action": "heal_from", "targets": [], "role": "mafia"} in night
    assert all(e["actor"] != victim for e in night)  # the refused action left no trace


def test_the_saved_script_replays_through_rankedmafia_run(tmp_path: Path) -> None:
    r = roles()
    output, save = host(tmp_path, [f"{r['mafia1']} kill {civilians()[0]}", "done"])
    result = runner.invoke(app, ["run", str(save), "--json"])
    assert result.exit_code == 0, result.output
    rec = json.loads(result.output)
    assert rec["commitment"] == new_game(preset("classic-12"), NAMES, SEED).commitment
    assert rec["phases"][0]["public"][0] in output


def test_the_prompt_takes_commands_and_quit_saves(tmp_path: Path) -> None:
    r = roles()
    save = tmp_path / "typed.yaml"
    typed = "\n".join([f"{r['mafia1']} kill {civilians()[0]}", f"{r['girl']} kill nobody",
                       "done", "нет",  # actions are missing: the host is asked, and declines
                       f"{r['girl']} block {r['maniac']}",
                       "done", "да",
                       f"{r['girl']} > {r['mafia1']}", "quit"]) + "\n"
    result = runner.invoke(app, ["host", "classic-12", "--players", ",".join(NAMES), "--seed", str(SEED),
                                 "--save", str(save)], input=typed)
    assert result.exit_code == 0, result.output
    assert "ночь 1 >" in result.output and "день 1 >" in result.output
    assert "Отказ: у роли «девочка» нет действия «убить»" in result.output
    assert result.output.count("Подвести итоги ночи без их ходов? (да/нет)") == 2
    assert result.output.count("ИТОГИ НОЧИ 1") == 1
    script = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert len(script["phases"]) == 1  # the unfinished day is not saved
    assert {"actor": r["girl"], "action": "block", "targets": [r["maniac"]]} in script["phases"][0]["night"]


def test_end_of_input_at_the_prompt_stops_and_saves(tmp_path: Path) -> None:
    save = tmp_path / "eof.yaml"
    result = runner.invoke(app, ["host", "classic-12", "--players", ",".join(NAMES), "--seed", str(SEED),
                                 "--save", str(save)], input="who\ndone\n")  # EOF at the question too
    assert result.exit_code == 0, result.output
    assert "ИТОГИ" not in result.output
    assert "Игра остановлена" in result.output and save.is_file()


def test_english_and_bbcode(tmp_path: Path) -> None:
    r = roles()
    output, _ = host(tmp_path, [f"{r['mafia1']} kill {civilians()[0]}", f"Bob kill {r['girl']}", "done"],
                     "--lang", "en", "--format", "bbcode")
    assert "Seed commitment" in output
    assert f"send to {r['girl']}: [b]{r['girl']}[/b], your role: " in output
    assert "Refused: there is no player called “Bob”" in output
    assert "[size=4][b]Night 1: the results[/b][/size]" in output


def test_the_default_save_path_is_named_after_the_commitment(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["host", "classic-12", "--players", ",".join(NAMES), "--seed", str(SEED)],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    path = default_save_path(new_game(preset("classic-12"), NAMES, SEED))
    assert path.name.startswith("game-") and (tmp_path / path).is_file()


@pytest.mark.parametrize(("args", "message"), [
    (["no-such-setup", "--players", ",".join(NAMES)], "нет расклада «no-such-setup»"),
    (["classic-12", "--players", "Вася,Петя"], "расклад на 12 игроков, а ников 2"),
    (["classic-12", "--players", ",".join(["Вася"] * 12)], "ники игроков повторяются"),
])
def test_a_setup_that_cannot_start_is_refused_without_a_traceback(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["host", *args])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert message in result.output


def test_a_setup_file_is_hosted_and_a_broken_one_refused(tmp_path: Path) -> None:
    good = tmp_path / "small.yaml"
    good.write_text("name: small\nplayers: 5\nroles: {mafia1: 1, commissar: 1}\n", encoding="utf-8")
    result = runner.invoke(app, ["host", str(good), "--players", "A,B,C,D,E", "--seed", "word",
                                 "--save", str(tmp_path / "s.yaml"), "--lang", "en"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert yaml.safe_load((tmp_path / "s.yaml").read_text(encoding="utf-8"))["seed"] == "word"
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 5\nroles: {mafia1: 1, sergeant: 1}\n", encoding="utf-8")
    result = runner.invoke(app, ["host", str(bad), "--players", "A,B,C,D,E", "--lang", "en"])
    assert result.exit_code == 2
    assert "a sergeant without a commissar" in result.output


def test_a_missing_actions_file_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["host", "classic-12", "--players", ",".join(NAMES),
                                 "--actions", str(tmp_path / "missing.txt")])
    assert result.exit_code == 2
    assert f"Файл {tmp_path / 'missing.txt'} не найден" in result.output.replace("\n", "")
    assert "Errno" not in result.output


# --- the session itself -----------------------------------------------------------------------------
def test_refused_lines_leave_the_game_unchanged(tmp_path: Path) -> None:
    s, out = session(tmp_path)
    r = roles()
    s.handle(f"{r['mafia1']} kill {civilians()[0]}")
    before = (list(s.game.commands), dict(s.game.state.acts), s.game.phase)
    for line in [f"{r['mafia1']} kill {civilians()[1]}", f"{r['girl']} block {r['girl']}", 'x "y',
                 f"{r['doctor']} heal_from town", f"undo {civilians()[0]}", f"{r['girl']} > {r['mafia1']}",
                 f"{r['commissar']} check", f"{r['commissar']} dance {r['mafia1']}", "Никто > blue"]:
        assert s.handle(line) is True
    assert (list(s.game.commands), dict(s.game.state.acts), s.game.phase) == before
    assert out.getvalue().count("Отказ: ") == 9


def test_nicknames_are_matched_ignoring_case(tmp_path: Path) -> None:
    s, _ = session(tmp_path)
    r = roles()
    s.handle(f"{r['mafia1'].upper()} kill {civilians()[0].lower()}")
    assert s.game.commands[-1] == {"type": "act", "actor": r["mafia1"], "action": "kill",
                                   "targets": [civilians()[0]]}


@pytest.mark.parametrize("seed", [1, 7, 2026])
def test_a_whole_random_game_hosted_line_by_line_replays_identically(tmp_path: Path, seed: int) -> None:
    played = play_random_game(new_game(preset("classic-12"), NAMES, SEED), random.Random(seed))
    assert played.over
    s, out = session(tmp_path)
    s.start()
    host_typed(s, played.commands)
    game: Game = s.game
    assert game.over and game.commands == played.commands
    saved = replay(tmp_path / "game.yaml")
    assert saved["phases"] == record(game)["phases"] == record(played)["phases"]
    assert saved["winner"] == played.winner
    text = out.getvalue()
    assert f"Игра окончена. Сид: {SEED}" in text
    assert "Отказ" not in text
    for phase in record(played)["phases"]:
        for name, lines in phase["private"].items():
            assert f"отправить {name}: {' '.join(lines)}" in text


def test_after_the_game_is_over_nothing_more_is_taken(tmp_path: Path) -> None:
    played = play_random_game(new_game(preset("classic-12"), NAMES, SEED), random.Random(3))
    s, out = session(tmp_path)
    lines = typed_lines(tmp_path, played.commands)
    s.run([*lines, "Вася > Петя"], echo=True)
    assert s.game.commands == played.commands
    assert "Вася > Петя" not in out.getvalue()  # the session stopped at the end of the game


def test_a_stopped_game_is_resumed_from_its_save(tmp_path: Path) -> None:
    played = play_random_game(new_game(preset("classic-12"), NAMES, SEED), random.Random(7))
    lines = typed_lines(tmp_path, played.commands)
    cut = [i for i, line in enumerate(lines) if line == "done"][1] + 1  # after night 1 and day 1
    output, save = host(tmp_path, lines[:cut])
    assert "ИТОГИ ДНЯ 1" in output
    rest = tmp_path / "rest.txt"
    rest.write_text("\n".join(lines[cut:]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["host", "--resume", str(save), "--actions", str(rest)])
    assert result.exit_code == 0, result.output
    assert f"Игра окончена. Сид: {SEED}" in result.output
    assert replay(save)["phases"] == record(played)["phases"]
    again = runner.invoke(app, ["host", "--resume", str(save)])
    assert again.exit_code == 0 and "Игра уже окончена." in again.output


def test_neither_a_setup_nor_a_save_is_refused() -> None:
    result = runner.invoke(app, ["host", "--players", "a,b,c"])
    assert result.exit_code == 2
    assert "--resume" in result.output


def test_the_reanimator_is_told_the_deaths_after_everyone_else(tmp_path: Path) -> None:
    """Rule book: the reanimator "ходит последним и знает всех убитых за прошедшую ночь"."""
    from rankedmafia.rules.seating import Seat

    seats = [Seat("Вася", "mafia1"), Seat("Рита", "reanimator"), Seat("Маша", "doctor"),
             *(Seat(name, "civilian") for name in ("Лена", "Игорь", "Аня", "Женя"))]
    out = io.StringIO()
    host_session = Session(Game(seats, seed=1), Console(file=out, width=120, color_system=None),
                           tmp_path / "game.yaml")
    host_session.run(["Вася kill Лена", "Маша heal Маша"])
    told = out.getvalue()
    assert "Рита" in told and "Этой ночью убиты: Лена" in told
    host_session.run(["Рита revive Лена", "done"])
    assert host_session.game.results[-1].deaths == []
    assert "Лена" in host_session.game.results[-1].saved


def test_the_hosts_done_opens_the_step_and_a_save_keeps_it(tmp_path: Path) -> None:
    """Not everyone sent an action: the reanimator's revive waits for the step, which the host's `done` opens
    (the night is not resolved yet); a game saved and loaded mid-step is in the same step."""
    from rankedmafia.host.saves import load
    from rankedmafia.rules.seating import Seat

    seats = [Seat("Вася", "mafia1"), Seat("Рита", "reanimator"), Seat("Маша", "doctor"),
             *(Seat(name, "civilian") for name in ("Лена", "Игорь", "Аня", "Женя"))]
    out = io.StringIO()
    s = Session(Game(seats, seed=1), Console(file=out, width=120, color_system=None), tmp_path / "game.yaml")
    s.run(["Вася kill Лена", "Рита revive Лена"])
    assert "Рита" not in s.game.state.acts and "ходит последним" in out.getvalue()
    s.run(["done"])
    step = s.game.follow_up_step()
    assert step is not None and step.player == "Рита" and list(step.told) == ["Лена"]
    assert s.game.results == [] and "Этой ночью убиты: Лена" in out.getvalue()
    saved, _ = load(tmp_path / "game.yaml")
    assert saved.follow_up_step() == step and saved.commands == s.game.commands
    s.run(["Маша heal Лена", "done"])  # the others' actions are closed; he revives nobody
    assert "Маша" not in s.game.state.acts and s.game.results[-1].deaths == ["Лена"]


def test_the_joker_and_the_councils_question_from_the_terminal(tmp_path: Path) -> None:
    """Every role can be played through the terminal host: the joker's copy and the mafia's question."""
    from rankedmafia.rules.seating import Seat

    seats = [Seat("Вася", "mafia1"), Seat("Петя", "mafia2"), Seat("Женя", "joker"), Seat("Маша", "maniac"),
             *(Seat(name, "civilian") for name in ("Лена", "Игорь", "Аня", "Оля", "Рита"))]
    out = io.StringIO()
    host_session = Session(Game(seats, seed=1, chance="never"), Console(file=out, width=120, color_system=None),
                           tmp_path / "game.yaml")
    host_session.run(["Женя copy maniac kill_quick Лена",
                      "Вася ask group_side_count players=Лена,Игорь,Аня,Оля side=town op=ge n=4", "done"])
    result = host_session.game.results[-1]
    assert result.deaths == ["Лена"]
    assert {(i["to"], i["result"]) for i in result.info if i["kind"] == "answer"} == {("Вася", "yes"), ("Петя", "yes")}
