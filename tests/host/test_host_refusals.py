"""The terminal host refuses for the real reason and offers only what the engine accepts: a player out of
the game named in a pasted message or a typed line is refused as such (never dropped, never a count of
targets), heal_from at ten alive says so, the night table asks `Game.choices`, the day's «готово» names
who has not voted, and a suggested name is a living player's."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from rankedmafia.host.session import Session
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import deal, new_game, preset

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
SEXES = {"Маша": "f", "Оля": "f", "Лена": "f", "Таня": "f", "Нина": "f"}
SEED = 2026


def by_role() -> dict[str, str]:
    return {seat.role: seat.name for seat in deal(preset("classic-12"), NAMES, SEED, SEXES)}


class Host:
    """A session on classic-12 whose printed lines can be read since the last look."""

    def __init__(self, tmp_path: Path, lang: str = "ru") -> None:
        self.out = io.StringIO()
        game = new_game(preset("classic-12"), NAMES, SEED, chance="never", sexes=SEXES)
        self.session = Session(game, Console(file=self.out, width=250, color_system=None), tmp_path / "g.yaml", lang)
        self.seen = 0

    def say(self, *lines: str) -> str:
        for line in lines:
            self.session.handle(line)
        text = self.out.getvalue()[self.seen:]
        self.seen = len(self.out.getvalue())
        return text


@pytest.fixture
def nine_alive(tmp_path: Path) -> Host:
    """Night 2 of classic-12 with nine alive: two killed in the night, one hanged by day."""
    role = by_role()
    host = Host(tmp_path)
    civilians = [seat.name for seat in deal(preset("classic-12"), NAMES, SEED, SEXES) if seat.role == "civilian"]
    first, second, hanged = civilians[:3]
    host.say(f"{role['mafia1']} убить {first}", f"{role['maniac']}: убиваю быстро {second}", "готово")
    host.say(*(f"{name} > {hanged}" for name in host.session.game.alive()), "готово")
    assert host.session.game.phase.kind is PhaseKind.NIGHT and len(host.session.game.alive()) == 9
    host.dead = (first, second, hanged)  # type: ignore[attr-defined]
    return host


def test_a_player_out_of_the_game_is_refused_as_such(nine_alive: Host) -> None:
    role = by_role()
    first, second, _ = nine_alive.dead  # type: ignore[attr-defined]
    said = nine_alive.say(f"{role['mafia1']}: убиваю {declined(first)}")
    assert f"Отказ: {gone(first)}" in said, said
    said = nine_alive.say(f"{role['commissar']} убить {second} {role['girl']}")  # not taken as a kill of the girl
    assert f"Отказ: {gone(second)}" in said and "Принято" not in said, said
    assert role["commissar"] not in nine_alive.session.game.state.acts
    said = nine_alive.say(f"{role['commissar']} check {first}")
    assert f"Отказ: {gone(first)}" in said and "цел" not in said
    english = nine_alive.session
    english.lang = "en"
    assert f"{first} is out of the game and cannot be named" in nine_alive.say(f"{role['commissar']} check {first}")


def gone(name: str) -> str:
    """The refusal of a target out of the game, agreeing with the player's sex."""
    return f"{name} выбыла: её нельзя указать" if SEXES.get(name) == "f" else f"{name} выбыл: его нельзя указать"


def declined(name: str) -> str:
    """The accusative, as a private message names a victim."""
    return {"Петя": "Петю", "Оля": "Олю", "Лена": "Лену", "Нина": "Нину"}.get(name, name)


def test_heal_from_at_ten_alive_or_fewer_says_the_rule(nine_alive: Host) -> None:
    doctor = by_role()["doctor"]
    said = nine_alive.say(f"{doctor}: лечу от маньяка")
    assert "Отказ: когда в городе 10 игроков или меньше, доктор не лечит от роли" in said, said
    said = nine_alive.say(f"{doctor} heal_from maniac")
    assert "доктор не лечит от роли" in said


def test_the_night_table_offers_only_what_the_engine_accepts(tmp_path: Path, nine_alive: Host) -> None:
    role = by_role()
    table = nine_alive.say("кто")
    doctor_row = next(line for line in table.splitlines() if f" {role['doctor']} " in line)
    mafia_row = next(line for line in table.splitlines() if f" {role['mafia1']} " in line)
    assert "лечить от роли" not in doctor_row and "вылечить [1]" in doctor_row
    assert "запугать [1–2]" in mafia_row and "[1–3]" not in mafia_row
    first_night = Host(tmp_path).say("кто")
    assert "лечить от роли <роль>" in first_night and "запугать [1–3]" in first_night


def test_the_days_done_names_who_has_not_voted(tmp_path: Path) -> None:
    host = Host(tmp_path)
    host.say("готово")
    said = host.say("Вася > Петя", "Петя > Вася", "готово")
    waiting = ", ".join(name for name in NAMES if name not in ("Вася", "Петя"))
    assert f"Не голосовали: {waiting}" in said.split("ИТОГИ ДНЯ 1")[0]
    english = Host(tmp_path, "en")
    english.say("done")
    assert "Not voted: " in english.say("Вася > Петя", "done")


def test_a_suggested_name_is_a_living_players(nine_alive: Host) -> None:
    first, _, _ = nine_alive.dead  # type: ignore[attr-defined]
    typo = first[:-1] + "х"
    said = nine_alive.say(f"{by_role()['commissar']} check {typo}")
    assert f"нет игрока с ником «{typo}»" in said
    assert first not in said.split("«")[-1], said
