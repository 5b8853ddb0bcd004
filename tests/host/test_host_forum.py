"""A forum host's whole day's work without typing an id: the players' private messages pasted as they
came, the night's summary as BBCode, the thread's saved page read for the votes, the day resolved; and
nothing typed is lost when the host stops in the middle of a phase."""

from __future__ import annotations

import io
import re
from datetime import date
from pathlib import Path

import yaml
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from rich.console import Console
from typer.testing import CliRunner

from rankedmafia.cli import app
from rankedmafia.forum.vocabulary import ACTION_WORDS
from rankedmafia.host.cli import read_players
from rankedmafia.host.prompt import WordCompleter
from rankedmafia.host.saves import load
from rankedmafia.host.session import Session
from rankedmafia.script import run_script
from rankedmafia.setup import new_game, preset

THREADS = Path(__file__).parents[1] / "forum_threads"
NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
SEED = 2026  # classic-12 deals: Вася girl, Маша doctor, Коля mafia2, Саша mafia1 (boss), Дима maniac,
#              Таня mafia_journalist, Игорь sergeant, Женя commissar, the rest civilians
NIGHT_1 = [
    "Саша: убиваю Нину",
    "лс Маша: лечу Петю",
    "Вася: блокирую Диму",
    "Дима: мучаю Колю",
    "Таня: беру интервью у Жени",
    "Женя: проверяю Сашу",
    "готово",
]
runner = CliRunner()


def host(tmp_path: Path, lines: list[str], *extra: str, players: str = ",".join(NAMES)) -> tuple[str, Path]:
    actions = tmp_path / "actions.txt"
    actions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    save = tmp_path / "game.yaml"
    result = runner.invoke(app, ["host", "classic-12", "--players", players, "--seed", str(SEED),
                                 "--actions", str(actions), "--save", str(save), *extra])
    assert result.exit_code == 0, result.output
    return result.output, save


def test_a_night_and_a_day_from_messages_and_the_thread(tmp_path: Path) -> None:
    thread = THREADS / "day1-phpbb.html"
    lines = [*NIGHT_1, f"тема {thread} до 30.11.2026 22:00", "Саша > Вася", "готово"]
    typed = " ".join(lines).replace(str(thread), "").casefold()  # the file's path is the machine's, not typed
    assert not any(re.search(rf"\b{action}\b", typed) for action in ACTION_WORDS)  # not one id typed
    output, save = host(tmp_path, lines, "--format", "bbcode")
    assert "Принято: Саша: убить → Нина" in output
    assert "Принято: Таня: взять интервью → Женя" in output
    assert "[size=4][b]Итоги ночи 1[/b][/size]" in output
    assert "Этой ночью погиб игрок [b]Нина[/b]." in output
    assert "отправить Женя: Проверка: [b]Саша[/b] — мафия." in output
    # the thread's count, as a post, without the uncertain name: the host checks it and types the vote
    assert "«Вассю» прочитано как Вася — проверьте — не засчитано, решите сами" in output
    assert "Сегодня [b]Дима[/b] лишен возможности голосовать" in output
    # Дима's silence was announced: his vote is shown to the host, left out of the count and the post
    assert "[b]Петя[/b] — 2: Вася, Маша" in output and "Дима сегодня без права голоса" in output
    assert "Не проголосовали: Коля, Саша, Женя" in output
    assert "Голос: Саша → Вася" in output
    assert "[size=4][b]Итоги дня 1[/b][/size]" in output
    script = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert script["phases"][1]["day"]["votes"] == {"Вася": "Петя", "Петя": "Вася", "Маша": "Петя", "Оля": "blue",
                                                   "Саша": "Вася", "Лена": "Маша", "Таня": "blue",
                                                   "Игорь": "Дима"}
    replayed = run_script(script, fmt="bbcode")
    assert all(line in output for phase in replayed["phases"] for line in phase["public"])


def test_the_votes_command_counts_and_feeds_the_hosts_day(tmp_path: Path) -> None:
    _, save = host(tmp_path, NIGHT_1)
    result = runner.invoke(app, ["votes", str(THREADS / "day1-xenforo.html"), "--game", str(save),
                                 "--deadline", "30.11.2026 22:00", "--apply"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "[size=4][b]Голосование, день 1[/b][/size]",
        "[b]Петя[/b] — 2: Вася, Маша",
        "[b]Вася[/b] — 1: Петя",
        "[b]Дима[/b] — 1: Игорь",
        "[b]Маша[/b] — 1: Лена",
        "Синий (никого не вешать) — 2: Оля, Таня",
        "Не проголосовали: Коля, Саша, Женя",
    ]
    assert "«Вассю» прочитано как Вася — проверьте — не засчитано" in result.stderr
    assert "прочитано: XenForo" in result.stderr and "xenforo" not in result.stderr
    game, _ = load(save)
    assert game.votes()["Игорь"] == "Дима"
    resumed = runner.invoke(app, ["host", "--resume", str(save)], input="готово\nда\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Итоги дня 1".upper() in resumed.output


def test_the_votes_command_refuses_a_night(tmp_path: Path) -> None:
    _, save = host(tmp_path, ["Саша: убиваю Нину"])
    result = runner.invoke(app, ["votes", str(THREADS / "day1-smf.html"), "--game", str(save)])
    assert result.exit_code == 2 and "ночь 1" in result.stderr
    assert load(save)[0].votes() == {}


def test_what_was_typed_is_saved_and_resume_shows_where_the_game_stands(tmp_path: Path) -> None:
    output, save = host(tmp_path, ["Саша: убиваю Нину", "Женя: проверяю Сашу", "выход"], "--format", "bbcode")
    assert "введённое в этой фазе (команд: 2) сохранено" in output
    assert yaml.safe_load(save.read_text(encoding="utf-8"))["host"] == {
        "lang": "ru", "format": "bbcode",
        "pending": [{"type": "act", "actor": "Саша", "action": "kill", "targets": ["Нина"]},
                    {"type": "act", "actor": "Женя", "action": "check", "targets": ["Саша"]}]}
    actions = tmp_path / "more.txt"
    actions.write_text("\n".join(NIGHT_1[1:]) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["host", "--resume", str(save), "--actions", str(actions)])
    assert result.exit_code == 0, result.output
    assert "ваша роль" not in result.output  # the cards are not printed again
    assert "Сейчас ночь 1; в игре 12:" in result.output and "восстановлено (команд: 2)" in result.output
    assert "Женя уже отписал ход" in result.output  # the kept check stands
    assert "[size=4][b]Итоги ночи 1[/b][/size]" in result.output  # the format is remembered


def test_quit_asks_when_something_was_typed(tmp_path: Path) -> None:
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=100, color_system=None),
                tmp_path / "g.yaml")
    answers: list[str] = []
    s.confirm = lambda question: answers.append(question) or "Выйти?" not in question  # stays; takes readings
    assert s.handle("выход") is False  # nothing typed: no question
    assert s.handle("Саша: убиваю Нину") is True
    assert s.handle("выход") is True and "Выйти?" in answers[-1]


def test_messages_that_read_as_sentences(tmp_path: Path) -> None:
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=100, color_system=None),
                tmp_path / "g.yaml")
    for line in ["Женя проверить Саша Коля", "отмена Никто", "Петя убить Игорь", "Саша: люблю всех"]:
        s.handle(line)
    text = out.getvalue()
    assert "действие «проверить» требует одну цель, а указаны две" in text
    assert "нет игрока с ником «Никто»" in text
    assert "у игрока Петя нет действий этой ночью" in text
    assert "в сообщении не нашлось действия; этой ночью можно: убить" in text
    assert not s.game.state.acts


def test_russian_words_typed_at_the_prompt(tmp_path: Path) -> None:
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=io.StringIO(), color_system=None),
                tmp_path / "g.yaml")
    s.handle("Саша убить Нину")
    s.handle("Дима убить кроваво Олю")
    s.handle("Маша лечу от мафии")
    acts = s.game.state.acts
    assert (acts["Саша"].action, acts["Саша"].targets) == ("kill", ("Нина",))
    assert (acts["Дима"].action, acts["Дима"].targets) == ("kill_bloody", ("Оля",))
    assert (acts["Маша"].action, acts["Маша"].option) == ("heal_from", "mafia")


def test_help_lists_every_action_and_explains_a_role(tmp_path: Path) -> None:
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=200, color_system=None),
                tmp_path / "g.yaml")
    s.handle("помощь")
    text = out.getvalue()
    for line in ["маньяк:", "  убить быстро — убить, не оставив улик", "  замучить — ", "доктор:",
                 "  лечить от роли — "]:
        assert line in text
    s.handle("помощь маньяка")
    rules = out.getvalue().split("маньяк:")[-1]
    assert "«быстрое убийство»" in rules.lower() and "kill_quick" not in rules  # the role's rules in plain words
    s.handle("помощь пекарь")
    assert "нет роли «пекарь»" in out.getvalue()


def test_the_line_editor(tmp_path: Path) -> None:
    """The prompt itself, through prompt_toolkit's pipe input: a message confirmed, Ctrl-C asks, history."""
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=100, color_system=None),
                tmp_path / "g.yaml")
    with create_pipe_input() as pipe:
        pipe.send_text("Саша: убиваю Нину\rда\r")
        pipe.send_text("Женя: проверяю Сашу\rнет\r")
        pipe.send_text("\x03")  # Ctrl-C: quit, which asks first…
        pipe.send_text("нет\r")  # …and the host stays
        pipe.send_text("кто\r")
        pipe.send_text("\x04")  # Ctrl-D at an empty line: quit, asked again
        pipe.send_text("да\r")
        s.interact(input=pipe, output=DummyOutput())
    text = out.getvalue()
    assert "Принято: Саша: убить → Нина" in text and "Не принято" in text
    assert "Ещё не отписались" in text  # `кто` ran after the first Ctrl-C
    assert [c["actor"] for c in s.game.commands] == ["Саша"]
    assert load(tmp_path / "g.yaml")[0].state.acts.keys() == {"Саша"}


def test_completion_of_names_and_words(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=io.StringIO()), tmp_path / "g.yaml")
    completer = WordCompleter(s.completions)
    done = [c.text for c in completer.get_completions(Document("Саша уб"), CompleteEvent())]
    assert "убить" in done
    assert [c.text for c in completer.get_completions(Document("Ни"), CompleteEvent())] == ["Нина"]


def test_the_player_list_may_give_sex(tmp_path: Path) -> None:
    players = tmp_path / "players.txt"
    players.write_text("# sign-ups\nМаша ж\nВася м\nBig Bob m\nLena f\n\"Оля Ж\"\nПетя\n", encoding="utf-8")
    names, sexes = read_players(str(players))
    assert names == ["Маша", "Вася", "Big Bob", "Lena", "Оля Ж", "Петя"]
    assert sexes == {"Маша": "f", "Вася": "m", "Big Bob": "m", "Lena": "f"}
    save = tmp_path / "g.yaml"
    spec = ",".join(["Нина ж", *NAMES[:10], "Женя м"])
    result = runner.invoke(app, ["host", "classic-12", "--players", spec, "--seed", "1", "--save", str(save)],
                           input="")
    assert result.exit_code == 0, result.output
    seats = {p["name"]: p.get("sex") for p in yaml.safe_load(save.read_text(encoding="utf-8"))["players"]}
    assert seats["Нина"] == "f" and seats["Женя"] == "m" and seats["Вася"] is None


def test_the_hosts_summary_agrees_with_a_players_sex(tmp_path: Path) -> None:
    spec = ",".join([*NAMES[:10], "Нина ж", "Женя"])
    output, _ = host(tmp_path, [*NIGHT_1[:1], "готово"], players=spec)
    assert "Этой ночью погибла Нина." in output


def test_the_jokers_copy_of_heal_from_typed_and_kept(tmp_path: Path) -> None:
    from rankedmafia.rules.game import Game
    from rankedmafia.rules.seating import Seat

    seats = [Seat("Вася", "mafia1"), Seat("Женя", "joker"), Seat("Маша", "doctor"), Seat("Коля", "maniac"),
             *(Seat(name, "civilian") for name in ("Лена", "Игорь", "Аня", "Оля", "Рита", "Гоша", "Юля", "Нина"))]
    save = tmp_path / "g.yaml"
    s = Session(Game(seats, seed=1), Console(file=io.StringIO()), save)
    s.handle("Женя copy doctor heal_from mafia")
    assert s.game.commands[-1]["copied_option"] == "mafia"
    s.handle("undo Женя")
    s.handle("Женя: копирую доктора, лечу от мафии")
    s.store()
    assert load(save)[0].state.acts["Женя"] == s.game.state.acts["Женя"]


def test_help_explains_the_councils_templates(tmp_path: Path) -> None:
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=200, color_system=None),
                tmp_path / "g.yaml")
    s.handle("помощь вопрос")
    text = out.getvalue()
    assert "«Живых игроков стороны «…» … …?»" in text
    assert "сравнение: " in text and "число: от 0 до 12" in text and "4 ника и больше" in text
    assert "side_count" not in text and "{" not in text and " ge" not in text


def test_the_votes_command_reads_a_folder_of_pages_in_order(tmp_path: Path) -> None:
    _, save = host(tmp_path, NIGHT_1)
    pages = tmp_path / "day1"
    pages.mkdir()
    text = (THREADS / "day1-pasted.txt").read_text(encoding="utf-8")
    cut = text.index("Коля (30.11.2026 21:00):")  # Коля's unvote is on the second page
    (pages / "page-1.txt").write_text(text[:cut], encoding="utf-8")
    (pages / "page-2.txt").write_text(text[cut:], encoding="utf-8")
    result = runner.invoke(app, ["votes", str(pages), "--game", str(save), "--deadline", "30.11.2026 22:00",
                                 "--format", "markdown"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:2] == ["### Голосование, день 1", "**Петя** — 2: Вася, Маша"]
    assert "Не проголосовали: Коля, Саша, Женя" in result.stdout
    assert load(save)[0].votes() == {}  # without --apply the saved day is unchanged


def test_tables_and_verify_speak_the_chosen_language(tmp_path: Path) -> None:
    setups = runner.invoke(app, ["setups"])
    assert "Расклады" in setups.stdout and "игроков" in setups.stdout and "players" not in setups.stdout
    assert "Presets" in runner.invoke(app, ["setups", "--lang", "en"]).stdout
    assert "сторона" in runner.invoke(app, ["roles"]).stdout
    _, save = host(tmp_path, [*NIGHT_1, "Вася > Петя", "готово"])
    record = tmp_path / "record.json"
    record.write_text(runner.invoke(app, ["run", str(save), "--json"]).stdout, encoding="utf-8")
    ok = runner.invoke(app, ["verify", str(record), "--seed", str(SEED)])
    assert ok.exit_code == 0 and "сид совпадает с хешем" in ok.stdout
    wrong = runner.invoke(app, ["verify", str(record), "--seed", "1", "--lang", "ru"])
    assert wrong.exit_code == 1 and "сид не совпадает с хешем" in wrong.stderr
    assert "the seed matches" in runner.invoke(app, ["verify", str(record), "--seed", str(SEED), "--lang", "en"]).stdout


def test_the_demo_prints_each_silence_once() -> None:
    result = runner.invoke(app, ["demo"])
    assert result.exit_code == 0
    for block in result.stdout.split("\n\n"):
        lines = [line for line in block.splitlines() if "лишён" in line]
        assert len(lines) == len(set(lines)), block


def test_the_bosss_question_to_the_council_is_read_from_his_message(tmp_path: Path) -> None:
    lines = ["лс Саша: вопрос Совету: есть ли в игре комиссар?", *NIGHT_1[1:]]
    output, save = host(tmp_path, lines)
    assert "Принято: Саша: спросить «Живых игроков с ролью «комиссар» не меньше 1?»" in output
    script = yaml.safe_load(save.read_text(encoding="utf-8"))
    asked = next(a for a in script["phases"][0]["night"] if a["actor"] == "Саша")
    assert asked["question"] == {"template": "role_count", "args": {"role": "commissar", "op": "ge", "n": 1}}


def test_relative_dates_are_read_against_today_and_the_output_says_which(tmp_path: Path) -> None:
    """vBulletin's «Сегодня, 20:10» beside a deadline: without `--today` it is today's date (said in the
    output: a page saved on another day gives no vote before the deadline); with `--today` (or «сегодня …»
    in the host) they are read against the date given, and it says so."""
    _, save = host(tmp_path, NIGHT_1)
    page = str(THREADS / "day2-vbulletin.html")
    blind = runner.invoke(app, ["votes", page, "--game", str(save), "--deadline", "30.11.2026 22:00"])
    today = date.today().strftime("%d.%m.%Y")
    assert blind.exit_code == 0, blind.output
    assert f"«Сегодня» в постах — {today} (сегодняшняя дата; другую задаёт --today)" in blind.stderr
    assert "Голосов пока нет." in blind.stdout and f"прочитаны по заданной дате: {today}" in blind.stderr
    dated = runner.invoke(app, ["votes", page, "--game", str(save), "--deadline", "30.11.2026 22:00",
                                "--today", "30.11.2026"])
    assert "прочитаны по заданной дате: 30.11.2026" in dated.stderr
    assert "[b]Петя[/b] — 2: Вася, Маша" in dated.stdout and "Оля, Таня" in dated.stdout
    wrong = runner.invoke(app, ["votes", page, "--game", str(save), "--today", "вчера"])
    assert wrong.exit_code == 2 and "не понял дату «вчера»" in wrong.output
    output, _ = host(tmp_path, [*NIGHT_1, f"тема {page} до 30.11.2026 22:00 сегодня 30.11.2026", "готово"])
    assert "Заметка: относительные даты" in output and "по заданной дате: 30.11.2026" in output
    output, _ = host(tmp_path, [*NIGHT_1, f"тема {page} до 30.11.2026 22:00", "готово"])
    assert f"«Сегодня» в постах — {today} (сегодняшняя дата" in output


def test_at_the_prompt_each_flagged_vote_is_asked_about(tmp_path: Path) -> None:
    """`тема` at the prompt: every flagged post with a reading is put to the host, and only his yes counts it."""
    out = io.StringIO()
    s = Session(new_game(preset("classic-12"), NAMES, SEED), Console(file=out, width=200, color_system=None),
                tmp_path / "g.yaml")
    s.handle("готово")  # a quiet first night
    asked: list[str] = []
    s.confirm = lambda question: asked.append(question) or "Саша → Вася" in question or "Записать" in question
    s.handle(f"тема {THREADS / 'day2-xenforo.html'} до 30.11.2026 22:00")
    assert [q for q in asked if q.startswith("Засчитать")] == [
        "Засчитать голос: Саша → Вася?", "Засчитать голос: Лена → Маша?"]
    votes = s.game.votes()
    assert votes["Саша"] == "Вася" and votes["Оля"] == "blue" and "Лена" not in votes
    assert "по машинной метке времени поста" in out.getvalue()
