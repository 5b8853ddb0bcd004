"""The terminal host never shows an id: a whole session on the biggest preset (cards, the night tables,
help for every role and the Council, readings of private messages, refusals of every kind, the day's
count) prints no role, action, phase, preset, rule, Council or forum-engine id as a word, in Russian or
in English. What the host typed himself is not echoed here (`echo=False`), so it cannot hide a leak."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from rankedmafia.forum.thread import ENGINES
from rankedmafia.host.session import Session
from rankedmafia.rules import council
from rankedmafia.rules.errors import RULES
from rankedmafia.rules.roles import ROLES
from rankedmafia.setup import new_game, preset, preset_names

SETUP = "full-35"
SEED = 5


def known_ids() -> set[str]:
    actions = {action.id for role in ROLES.values() for action in role.actions}
    return (set(ROLES) | actions | set(RULES) | set(council.SIDES) | set(council.TEMPLATES) | set(council.OPS)
            | set(preset_names()) | {engine.name for engine in ENGINES} | {"night", "day", "blue"})


def _leaks(text: str, lang: str) -> set[str]:
    """The ids that stand as words in the text. In English an id that is an English word of the texts
    themselves ("kill", "doctor", "night") cannot be told from it: there only the ids no sentence uses
    as a word are looked for (those with "_" or a digit, the Council's and the presets' and the forum
    engines')."""
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_\-]*", text))
    ids = known_ids()
    if lang == "en":
        ids = {i for i in ids if re.search(r"[_\d-]", i)} | set(council.TEMPLATES) | set(council.OPS) \
            | {engine.name for engine in ENGINES}
    return words & ids


def play(tmp_path: Path, lang: str) -> str:
    setup = preset(SETUP)
    names = [f"Игрок{i}" for i in range(setup.players)]
    game = new_game(setup, names, SEED)
    out = io.StringIO()
    session = Session(game, Console(file=out, width=200, color_system=None), tmp_path / "game.yaml", lang)
    session.start()
    role = {player.initial_role: player.name for player in game.players()}
    dead = names[0]
    first_night = [
        "помощь", "помощь доктор", "помощь вопрос", "помощь джокер", "помощь нет-такой-роли",
        "абракадабра", "кто", f"{names[1]} > {names[2]}", "отмена Никто", f"{role['vagrant']} kill {names[3]}",
        f"{role['joker']}: копирую маньяка, убиваю кроваво {names[4]}",
        f"{role['doctor']}: лечу от мафии",
        f"{role['maniac']}: убиваю {names[5]}",
        f"{role['maniac']} kill_bloody {names[5]} {names[6]}",
        f"{role['mafia1']}: вопрос: живых мафиози не меньше 3?",
        f"{role['girl']} block", f"{role['girl']} block {names[7]} {names[8]}",
        f"{role['girl']} block Игрк9",
        f"{role['doctor']} heal_from nonsense",
        f"{role['commissar']} check {role['commissar']}",
        f"{role['sniper']} kill {dead}",
        "тема нет-такого-файла.html",
    ]
    first_day = [f"{names[10]} > {names[11]}", f"{dead} > {names[11]}", f"{names[12]} > {dead}", "голоса",
                 f"{names[13]} kill {names[14]}", "тема нет-такого-файла.html", "помощь"]
    second_night = [f"{role['sniper']} kill {dead}", f"{role['doctor']}: лечу от маньяка",
                    f"{role['vagrant']}: проверяю {dead}", "кто", "выход"]
    for line in first_night:
        session.handle(line)
    while game.phase.number == 1 and game.phase.kind.value == "night":
        session.handle("готово")  # the reanimator's step, if it opens, then the night's end
    for line in first_day:
        session.handle(line)
    session.handle("готово")
    session.run(second_night)
    return out.getvalue()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_whole_session_prints_no_id(tmp_path: Path, lang: str) -> None:
    text = play(tmp_path, lang)
    assert len(text.splitlines()) > 150  # the session really ran: cards, tables, help, refusals, summaries
    refusals = [line for line in text.splitlines() if line.startswith(("Отказ:", "Refused:"))]
    assert len(refusals) >= 10
    assert not _leaks(text, lang), sorted(_leaks(text, lang))


def test_the_scan_finds_an_id_where_there_is_one() -> None:
    assert _leaks("Принято: Вася: kill_bloody → Петя", "ru") == {"kill_bloody"}
    assert _leaks("прочитано: vbulletin", "ru") == {"vbulletin"}
    assert _leaks("Refused: heal_from needs a role", "en") == {"heal_from"}
    assert _leaks("Refused: side_count, ge", "en") == {"side_count", "ge"}


def test_the_forum_engines_are_named_as_they_call_themselves() -> None:
    from rankedmafia.text.names import engine_name

    assert {engine_name(engine.name) for engine in ENGINES} == {"phpBB", "vBulletin", "Invision", "XenForo", "SMF",
                                                                       "MyBB", "uCoz", "Discourse", "ВКонтакте"}
    assert engine_name("text", "ru") == "вставленный текст" and engine_name("text", "en") == "pasted text"
