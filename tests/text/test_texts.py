"""Every refusal and every message has its sentence in Russian and in English."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import new_game, preset
from rankedmafia.text.errors import ERRORS, describe
from rankedmafia.text.errors import FEMININE as FEMININE_REFUSALS
from rankedmafia.text.messages import FEMININE, MESSAGES, message
from rankedmafia.text.refusals import refusal_text

SOURCE = Path(__file__).parents[2] / "src" / "rankedmafia"


def _raised_rule_ids() -> set[str]:
    ids: set[str] = {"not_night", "not_day"}
    for path in SOURCE.rglob("*.py"):
        ids |= set(re.findall(r'(?:RuleViolation|SetupError)\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
    return ids


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_refusal_has_a_sentence(lang: str) -> None:
    missing = _raised_rule_ids() - set(ERRORS[lang])
    assert not missing, f"rule ids without a {lang} sentence: {sorted(missing)}"


def test_both_languages_have_the_same_messages() -> None:
    masculine = {key for key in MESSAGES["ru"] if not key.endswith(FEMININE)}
    assert masculine == set(MESSAGES["en"])
    assert set(ERRORS["ru"]) == set(ERRORS["en"])


def test_every_feminine_form_has_its_masculine_one() -> None:
    feminine = [key for key in MESSAGES["ru"] if key.endswith(FEMININE)]
    assert len(feminine) >= 8
    for key in feminine:
        assert key.removesuffix(FEMININE) in MESSAGES["ru"]
        assert message("ru", key.removesuffix(FEMININE), "f") == MESSAGES["ru"][key]
        assert message("ru", key.removesuffix(FEMININE), "m") == MESSAGES["ru"][key.removesuffix(FEMININE)]
    assert message("en", "death", "f") == MESSAGES["en"]["death"]  # English has one form


def test_a_refusal_names_the_rule_in_the_players_language() -> None:
    error = RuleViolation("repeat_target", action="block", name="Вася")
    assert describe(error, "ru") == "нельзя две ночи подряд указывать на одного игрока (Вася) действием «block»"
    assert "two nights running" in describe(error, "en")


def test_the_silence_formula_is_the_rule_books() -> None:
    assert MESSAGES["ru"]["silenced"].format(player="Вася") == "Сегодня Вася лишен возможности голосовать"


def test_a_refusal_agrees_with_the_sex_of_the_player_it_names() -> None:
    """"Маша выбыла из игры", not "выбыл": the engine names the player's sex beside her name."""
    setup = preset("classic-12")
    names = [f"P{i}" for i in range(setup.players)]
    game = new_game(setup, names, 7, sexes={"P0": "f", "P1": "m"})
    while game.phase.kind is not PhaseKind.DAY or game.state.players["P0"].alive:
        if game.over:
            raise AssertionError("P0 outlived the game")
        if game.phase.kind is PhaseKind.DAY:
            for voter in game.alive():
                game.vote(voter, "P0")
        game.resolve()
    try:
        game.vote("P0", "P1")
    except RuleViolation as error:
        assert refusal_text(error, "ru") == "P0 выбыла из игры и не голосует"
        assert refusal_text(error, "en") == "P0 is out of the game and does not vote"
    else:
        raise AssertionError("a dead player voted")
    try:
        game.vote("P1", "P0")
    except RuleViolation as error:
        assert refusal_text(error, "ru") == "P0 выбыла из игры: за неё нельзя голосовать"


def test_every_feminine_refusal_has_its_masculine_one() -> None:
    for lang, forms in FEMININE_REFUSALS.items():
        for rule, template in forms.items():
            assert set(re.findall(r"{(\w+)}", template)) == set(re.findall(r"{(\w+)}", ERRORS[lang][rule]))


def test_no_id_in_the_russian_lines_of_any_scenarios_record(
        scenario_records: list[tuple[Path, dict[str, Any], dict[str, Any]]]) -> None:
    """What the town and each player are told (the record's `public` and `private`), in Russian, over every
    scenario: no Latin letter once the players' names are set aside, so no id (a role, an action, a side, a
    clan's label: "Победитель: клан «красные»", never "red")."""
    read = 0
    for path, script, record in scenario_records:
        names = sorted((str(p["name"]) for p in script["players"]), key=len, reverse=True)
        for phase in record["phases"]:
            for line in [*phase["public"], *(line for lines in phase["private"].values() for line in lines)]:
                for name in names:
                    line = line.replace(name, "")
                assert not re.search(r"[A-Za-z]", line), f"{path}: {line}"
                read += 1
    assert read > 1000


def test_records_keep_the_rule_books_formulas_and_the_pages_print_their_yo() -> None:
    from rankedmafia.text.messages import message, with_yo

    assert message("ru", "silenced").format(player="Вася") == "Сегодня Вася лишен возможности голосовать"
    assert message("ru", "silenced", yo=True).format(player="Вася") == "Сегодня Вася лишён возможности голосовать"
    assert message("ru", "death_role_f", "f", yo=True).endswith("Её роль: {role}.")
    assert with_yo("Обреченная Маша отмазана") == "Обречённая Маша отмазана"
    assert with_yo("Вееер и Ееж") == "Вееер и Ееж"  # whole words only
    assert message("en", "silenced", yo=True) == message("en", "silenced")
