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
    assert "Сегодня Оля лишён возможности голосовать" in result.output


def test_run_json_is_the_record(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(_write(tmp_path, SCRIPT)), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == run_script(SCRIPT)


def test_run_in_english_as_bbcode(tmp_path: Path) -> None:
    result = runner.invoke(app, ["run", str(_write(tmp_path, SCRIPT)), "--lang", "en", "--format", "bbcode"])
    assert result.exit_code == 0
    assert "[b]Коля[/b] was killed tonight." in result.output


def test_a_refused_script_exits_2_naming_phase_entry_and_rule(tmp_path: Path) -> None:
    bad = {**SCRIPT, "phases": [{"night": [{"actor": "Маша", "action": "block", "targets": ["Маша"]}]}]}
    result = runner.invoke(app, ["run", str(_write(tmp_path, bad))])
    assert result.exit_code == 2
    assert "phase 1, entry 0" in result.stderr and "self_target" in result.stderr
    assert "Traceback" not in result.output


MALFORMED = [  # a script whose shape is wrong, and the words each language says it in
    ({**SCRIPT, "chance": "maybe"}, None, "`chance` — seeded, always или never",
     "`chance` must be seeded, always or never"),
    ({**SCRIPT, "players": [*SCRIPT["players"], {"name": "Дима", "role": "priest"}]}, None,
     "players[5] (Дима): неизвестная роль «priest»", "players[5] (Дима): unknown role “priest”"),
    ({**SCRIPT, "phases": [{"day": {"votes": {}}}]}, "phase 1",
     "здесь ожидается фаза night, а указана «day»", "expected a night phase here, found “day”"),
    ({**SCRIPT, "phases": [{"night": [{"actor": "Вася", "action": "kill", "targets": "Коля"}]}]},
     "phase 1, entry 0", "`targets` — список ников", "`targets` must be a list of names"),
    # a copy naming its role but not its action: the target is not read as the action
    ({**SCRIPT, "phases": [{"night": [{"actor": "Вася", "action": "copy", "role": "maniac", "targets": ["Коля"]}]}]},
     "phase 1, entry 0", "copy принимает рядом с целями `role` и `use`", "copy takes `role` and `use`"),
]


@pytest.mark.parametrize(("script", "where", "russian", "english"), MALFORMED)
def test_a_malformed_script_is_refused_in_the_readers_language(tmp_path: Path, script: dict[str, object],
                                                               where: str | None, russian: str,
                                                               english: str) -> None:
    path = _write(tmp_path, script)
    for lang, words in (("ru", russian), ("en", english)):
        result = runner.invoke(app, ["run", str(path), "--lang", lang])
        assert result.exit_code == 2
        assert words in result.stderr and "(rule: script)" in result.stderr
        assert where is None or result.stderr.startswith(where + ": ")
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
