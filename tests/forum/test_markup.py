"""Every format's output of a whole game, checked by the rules forum markup renderers apply: BBCode tags
balanced and nested, Markdown emphasis paired and headings where Markdown reads them, and no line broken
in the middle of a sentence, whether printed by `rankedmafia run` into a pipe or by the host's session on
a narrow console."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from rankedmafia.bots.random_policy import play_random_game
from rankedmafia.cli import app
from rankedmafia.forum.count_post import count_lines
from rankedmafia.host.session import Session
from rankedmafia.rules.model import BLUE
from rankedmafia.script import record
from rankedmafia.setup import new_game, preset, script_of
from rankedmafia.text.formats import Format
from rankedmafia.text.summary import Renderer

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя",
         "Аня", "Рита", "Гоша", "Юля", "Миша", "Катя", "Толя", "Вера"]
TAG = re.compile(r"\[(/?)([a-z]+)(?:=[^\]]*)?\]")
runner = CliRunner()


def bbcode_problems(line: str) -> list[str]:
    """Tags a BBCode renderer would leave unclosed, close without opening, or cross."""
    stack: list[str] = []
    problems = []
    for match in TAG.finditer(line):
        closing, tag = match.group(1) == "/", match.group(2)
        if not closing:
            stack.append(tag)
        elif not stack or stack.pop() != tag:
            problems.append(f"[/{tag}] does not close the open tag")
    return problems + [f"[{tag}] left open" for tag in stack]


def markdown_problems(line: str) -> list[str]:
    problems = []
    if line.count("**") % 2:
        problems.append("unpaired **")
    if "#" in line and not line.startswith("### ") and re.search(r"(^|\s)#{1,6}\s", line):
        problems.append("a heading mark inside a line")
    if TAG.search(line):
        problems.append("BBCode in Markdown")
    return problems


def plain(line: str) -> str:
    return TAG.sub("", line).replace("**", "").removeprefix("### ")


def sentence_problems(line: str) -> list[str]:
    """A line a renderer shows as a paragraph must be whole: it starts a sentence (a capital letter or a
    nickname) and does not end inside one (a comma, a dash, a conjunction)."""
    text = plain(line).strip()
    problems = []
    if text and not (text[0].isupper() or text[0].isdigit()):
        problems.append("starts in the middle of a sentence")
    if re.search(r"([,—–-]| и| а| or| and| the)$", text):
        problems.append("ends in the middle of a sentence")
    return problems


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = play_random_game(new_game(preset("classic-20"), NAMES, 11), random.Random(11))
    assert game.over
    path = tmp_path_factory.mktemp("game") / "game.yaml"
    path.write_text(yaml.safe_dump(script_of(game), allow_unicode=True), encoding="utf-8")
    return path


def check(lines: list[str], fmt: Format) -> list[tuple[str, str]]:
    found = []
    for line in lines:
        problems = sentence_problems(line)
        if fmt is Format.BBCODE:
            problems += bbcode_problems(line)
        elif fmt is Format.MARKDOWN:
            problems += markdown_problems(line)
        else:
            problems += ["markup in plain text"] if TAG.search(line) or "**" in line else []
        found += [(line, p) for p in problems]
    return found


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("fmt", list(Format))
def test_run_prints_whole_lines_a_forum_renders(game_file: Path, fmt: Format, lang: str) -> None:
    result = runner.invoke(app, ["run", str(game_file), "--format", fmt.value, "--lang", lang])
    assert result.exit_code == 0, result.output
    rec: dict[str, Any] = yaml.safe_load(runner.invoke(app, ["run", str(game_file), "--json", "--format", fmt.value,
                                                            "--lang", lang]).stdout)
    printed = [line for line in result.stdout.splitlines() if line]
    renderer = Renderer(lang, fmt)
    # exactly the titles and the summary lines, each whole: a pipe gets no line broken at 80 columns
    assert printed == [line for phase in rec["phases"]
                       for line in [renderer.title(phase["phase"], phase["number"]), *phase["public"]]]
    assert max(map(len, printed)) > 80  # the game has lines a wrapping console would have broken
    assert check(printed, fmt) == []


@pytest.mark.parametrize("fmt", list(Format))
def test_the_hosts_pastes_are_never_wrapped(game_file: Path, fmt: Format) -> None:
    game = play_random_game(new_game(preset("classic-20"), NAMES, 11), random.Random(11))
    out = io.StringIO()
    s = Session(new_game(preset("classic-20"), NAMES, 11), Console(file=out, width=30, color_system=None),
                game_file.with_name(f"host-{fmt.value}.yaml"), "ru", fmt)
    lines = []
    for command in game.commands:
        if command["type"] == "act":
            lines.append(f'"{command["actor"]}" {command["action"]} ' + " ".join(f'"{t}"' for t in command["targets"])
                         + (f" role={command['option']}" if command.get("option") else ""))
        elif command["type"] == "vote":
            lines.append(f'"{command["voter"]}" > ' + (BLUE if command["choice"] == BLUE else f'"{command["choice"]}"'))
        elif command["type"] == "resolve":
            lines.append("done")
    s.run(lines)
    assert s.game.over
    printed = out.getvalue().splitlines()
    for phase in record(s.game, "ru", fmt)["phases"]:
        for line in phase["public"]:
            assert line in printed  # a whole line, though the console is 30 columns wide
    pasted = [line for line in printed if line in {x for p in record(s.game, "ru", fmt)["phases"] for x in p["public"]}]
    assert check(pasted, fmt) == []


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("fmt", list(Format))
def test_the_vote_count_post(fmt: Format, lang: str) -> None:
    votes = {"Вася": "Петя", "Маша": "Петя", "Петя": BLUE}
    assert check(count_lines(votes, ["Вася", "Петя", "Маша", "Коля"], 2, lang, fmt), fmt) == []


def test_the_checker_finds_what_a_renderer_would_break() -> None:
    assert bbcode_problems("[b]Вася[/b] и [b]Петя")
    assert bbcode_problems("[size=4][b]Итоги[/size][/b]")
    assert markdown_problems("**Вася погиб")
    assert sentence_problems("лишен возможности голосовать")
    assert sentence_problems("Этой ночью погиб игрок Вася,")
    assert not sentence_problems("Сегодня Вася лишен возможности голосовать")
