"""`rankedmafia run`, `verify`, `setups`, `roles` and `demo` as a user calls them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from rankedmafia.cli import app
from rankedmafia.script import run_script

runner = CliRunner()
SCRIPT = {
    "format": 1, "seed": 7, "chance": "always",
    "players": [{"name": "Вася", "role": "mafia1"}, {"name": "Петя", "role": "commissar"},
                {"name": "Маша", "role": "girl"}, {"name": "Коля", "role": "civilian"},
                {"name": "Оля", "role": "civilian"}],
    "phases": [{"night": [{"actor": "Вася", "action": "kill", "targets": ["Коля"]},
                          {"actor": "Маша", "action": "block", "targets": ["Оля"]},
                          {"actor": "Петя", "action": "check", "targets": ["Вася"]}]}],
}


def _write(tmp_path: Path, data: object, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_run_prints_the_summary_with_the_rule_books_formula(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(_write(tmp_path, SCRIPT))])
    assert result.exit_code == 0
    assert "Этой ночью погиб игрок Коля." in result.output
    assert "Сегодня Оля лишен возможности голосовать" in result.output


def test_run_json_is_the_record(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(_write(tmp_path, SCRIPT)), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == run_script(SCRIPT)


def test_run_in_english_as_bbcode(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(_write(tmp_path, SCRIPT)), "--lang", "en", "--format", "bbcode"])
    assert result.exit_code == 0
    assert "[b]Коля[/b] was killed tonight." in result.output


def test_a_refused_script_exits_2_naming_the_place_and_the_rule_in_one_sentence(tmp_path: Path) -> None:
    bad = {**SCRIPT, "phases": [{"night": [{"actor": "Маша", "action": "block", "targets": ["Маша"]}]}]}
    result = runner.invoke(app, ["run", str(_write(tmp_path, bad))])
    assert result.exit_code == 2
    assert result.stderr == "Ночь 1, строка 1 — действие «заблокировать» нельзя направить на себя\n"
    english = runner.invoke(app, ["run", str(_write(tmp_path, bad)), "--lang", "en"])
    assert english.exit_code == 2
    assert english.stderr == "Night 1, entry 1: the action “block” cannot target oneself\n"
    assert "Traceback" not in result.output


MALFORMED = [  # a script whose shape is wrong, and the words each language says it in
    ({**SCRIPT, "chance": "maybe"}, None, "`chance` — seeded, always или never",
     "`chance` must be seeded, always or never"),
    ({**SCRIPT, "players": [*SCRIPT["players"], {"name": "Дима", "role": "priest"}]}, None,
     "игрок 6 в `players` (Дима): неизвестная роль «priest»", "player 6 of `players` (Дима): unknown role “priest”"),
    ({**SCRIPT, "phases": [{"day": {"votes": {}}}]}, "Ночь 1",
     "здесь ожидается ночь (`night`), а указано «day»", "expected a night (`night`) here, found “day”"),
    ({**SCRIPT, "phases": [{"night": [{"actor": "Вася", "action": "kill", "targets": "Коля"}]}]},
     "Ночь 1, строка 1", "`targets` — список ников", "`targets` must be a list of names"),
    # a copy naming its role but not its action: the target is not read as the action
    ({**SCRIPT, "phases": [{"night": [{"actor": "Вася", "action": "copy", "role": "maniac", "targets": ["Коля"]}]}]},
     "Ночь 1, строка 1", "copy принимает рядом с целями `role` и `use`", "copy takes `role` and `use`"),
]


@pytest.mark.parametrize(("script", "where", "russian", "english"), MALFORMED)
def test_a_malformed_script_is_refused_in_the_readers_language(tmp_path: Path, script: dict[str, object],
                                                               where: str | None, russian: str,
                                                               english: str) -> None:
    path = _write(tmp_path, script)
    for lang, words in (("ru", russian), ("en", english)):
        result = runner.invoke(app, ["run", str(path), "--lang", lang])
        assert result.exit_code == 2
        assert words in result.stderr and "rule" not in result.stderr
        place = where if lang == "ru" or where is None else where.replace("Ночь", "Night").replace("строка", "entry")
        assert where is None or result.stderr.startswith(place + (" — " if lang == "ru" else ": "))
        assert "Traceback" not in result.output


def test_verify_accepts_the_true_seed_and_refuses_another(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text(json.dumps(run_script(SCRIPT), ensure_ascii=False), encoding="utf-8")
    assert runner.invoke(app, ["verify", str(record), "--seed", "7"]).exit_code == 0
    wrong = runner.invoke(app, ["verify", str(record), "--seed", "8"])
    assert wrong.exit_code == 1 and "commitment" in wrong.stderr


def test_verify_finds_a_tampered_record(tmp_path: Path) -> None:
    tampered = run_script(SCRIPT)
    tampered["phases"][0]["deaths"] = ["Петя"]
    record = tmp_path / "record.json"
    record.write_text(json.dumps(tampered, ensure_ascii=False), encoding="utf-8")
    result = runner.invoke(app, ["verify", str(record), "--seed", "7"])
    assert result.exit_code == 1 and "deaths" in result.stderr


def test_verify_refuses_what_is_not_a_record(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text('{"format": 1}', encoding="utf-8")
    result = runner.invoke(app, ["verify", str(record), "--seed", "7"])
    assert result.exit_code == 2 and "commitment" in result.stderr


def test_setups_and_roles_list_what_there_is() -> None:
    setups = runner.invoke(app, ["setups"])
    assert setups.exit_code == 0 and "classic-12" in setups.output and "full-35" in setups.output
    roles = runner.invoke(app, ["roles", "--lang", "en"])
    assert roles.exit_code == 0 and "highlander" in roles.output


def test_demo_plays_to_the_end() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0
    assert "Игра окончена" in result.output


def test_a_dead_target_and_a_dead_voter_are_refused_where_the_host_counts_them(tmp_path: Path) -> None:
    """Phases counted by kind from 1 and a night's lines from 1, a day's entry by the voter's name in the
    genitive: one Russian sentence, no id, no English wrapper."""
    dead = {**SCRIPT, "phases": [*SCRIPT["phases"], {"day": {"votes": {"Вася": "blue"}}},
                                 {"night": [{"actor": "Петя", "action": "check", "targets": ["Маша"]},
                                            {"actor": "Вася", "action": "kill", "targets": ["Коля"]}]}]}
    result = runner.invoke(app, ["run", str(_write(tmp_path, dead))])
    assert result.exit_code == 2
    assert result.stderr == "Ночь 2, строка 2 — Коля выбыл: его нельзя указать\n"
    english = runner.invoke(app, ["run", str(_write(tmp_path, dead)), "--lang", "en"])
    assert english.stderr == "Night 2, entry 2: Коля is out of the game and cannot be named\n"
    voter = {**SCRIPT, "phases": [*SCRIPT["phases"], {"day": {"votes": {"Маша": "Вася", "Коля": "Вася"}}}]}
    result = runner.invoke(app, ["run", str(_write(tmp_path, voter))])
    assert result.exit_code == 2
    assert result.stderr == "День 1, голос Коли — Коля выбыл из игры и не голосует\n"


def test_a_game_that_starts_by_day_counts_its_phases_so(tmp_path: Path) -> None:
    by_day = {**SCRIPT, "start": "day", "phases": [{"day": {"votes": {}}},
                                                   {"night": [{"actor": "Маша", "action": "block",
                                                               "targets": ["Маша"]}]}]}
    result = runner.invoke(app, ["run", str(_write(tmp_path, by_day))])
    assert result.stderr.startswith("Ночь 1, строка 1 — ")


@pytest.mark.parametrize("command", [["run"], ["verify", "--seed", "7"]])
def test_a_file_that_cannot_be_read_is_said_so_in_words(tmp_path: Path, command: list[str]) -> None:
    name, *options = command
    missing = runner.invoke(app, [name, str(tmp_path / "game.yaml"), *options])
    assert missing.exit_code == 2
    assert missing.stderr.replace("\n", "") == f"Файл {tmp_path / 'game.yaml'} не найден"
    folder = runner.invoke(app, [name, str(tmp_path), *options, "--lang", "en"])
    assert folder.exit_code == 2
    assert folder.stderr.replace("\n", "") == f"{tmp_path} is a folder, not a file"
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes("seed: 7 # Васю".encode("cp1251"))
    encoded = runner.invoke(app, [name, str(latin1), *options])
    assert encoded.exit_code == 2
    assert encoded.stderr.replace("\n", "") == f"Файл {latin1} не в кодировке UTF-8"
    for result in (missing, folder, encoded):
        assert "Errno" not in result.output and "Traceback" not in result.output


def test_verify_says_what_is_not_json(tmp_path: Path) -> None:
    record = tmp_path / "record.json"
    record.write_text("{", encoding="utf-8")
    result = runner.invoke(app, ["verify", str(record), "--seed", "7"])
    assert result.exit_code == 2 and result.stderr.startswith(f"Запись {record} — не JSON")


def test_votes_says_a_missing_game_file_in_words(tmp_path: Path) -> None:
    page = tmp_path / "page.txt"
    page.write_text("Вася: голосую за Петю\n", encoding="utf-8")
    result = runner.invoke(app, ["votes", str(page), "--game", str(tmp_path / "game.yaml")])
    assert result.exit_code == 2
    assert result.stderr.replace("\n", "") == f"Файл {tmp_path / 'game.yaml'} не найден"
