"""The host's session: one game, driven line by line, printed for the host to copy and paste.

A refused line (a parse error or a RuleViolation) prints why and changes nothing; the game is saved as a
game script after every line that changes it and when the session stops, with whatever was typed in the
phase not yet resolved (host/saves.py), so that nothing typed is ever lost.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable
from datetime import date, datetime, time
from pathlib import Path

from rich.console import Console
from rich.prompt import Prompt

from rankedmafia.forum.count import count_votes
from rankedmafia.forum.count_post import count_lines
from rankedmafia.forum.dates import Reference
from rankedmafia.forum.messages import ReadError, Reading, read_error, read_replacing
from rankedmafia.forum.phase_end import DECLINE, final_post, next_step, unsent
from rankedmafia.forum.thread import parse_time, parse_today, read_pages, read_thread
from rankedmafia.forum.vocabulary import ACTION_WORDS, display
from rankedmafia.host import commands as cmd
from rankedmafia.host.help import COUNCIL_TOPICS, council_help, game_help, role_help
from rankedmafia.host.i18n import plural, t
from rankedmafia.host.render import (
    action_usage,
    awaiting_table,
    not_voted,
    phase_label,
    phase_texts,
    role_cards,
    vote_table,
)
from rankedmafia.host.saves import pending, save
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act, Copy, PhaseKind, Question
from rankedmafia.rules.view import ActionView
from rankedmafia.text.acts import describe_act
from rankedmafia.text.formats import Format
from rankedmafia.text.names import refusal
from rankedmafia.text.script_errors import file_error_text
from rankedmafia.text.summary import Renderer

__all__ = ["HostPrompt", "Session", "ask_yes", "default_save_path", "prompt_lines", "save", "special_option"]


def default_save_path(game: Game) -> Path:
    return Path(f"game-{game.commitment[:8]}.yaml")


class Session:
    def __init__(self, game: Game, console: Console, save_path: Path, lang: str = "ru",
                 fmt: Format | str = Format.TEXT, title: str = "") -> None:
        self.game = game
        self.console = console
        self.save_path = save_path
        self.lang = lang
        self.fmt = Format(fmt)
        self.renderer = Renderer(lang, fmt, game.sexes())  # Russian texts agree with a known sex
        self.title = title
        # asked before resolving with actions missing, before taking a message's or a thread's reading, and
        # before quitting with a phase half typed; None (an actions file) takes every reading as it is
        self.confirm: Callable[[str], bool] | None = None

    # --- output -----------------------------------------------------------------------------------
    def say(self, key: str, style: str = "", **fields: object) -> None:
        self.console.print(t(self.lang, key, **fields), style=style or None, markup=False, highlight=False,
                           soft_wrap=True)

    def paste(self, text: str) -> None:
        """Text meant for the forum or a private message: printed verbatim, never wrapped or marked up."""
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def refuse(self, reason: str) -> None:
        self.console.print(t(self.lang, "refused", reason=reason), style="red", markup=False,
                           highlight=False, soft_wrap=True)

    def send(self, name: str, text: str) -> None:
        self.paste(t(self.lang, "send_to", name=name, text=text))

    def prompt(self) -> str:
        return phase_label(self.game.phase, self.lang)

    def asks(self, question: str) -> bool:
        """The host's yes, or yes without asking when commands come from a file."""
        return self.confirm is None or self.confirm(question)

    # --- the session's frame ----------------------------------------------------------------------
    def start(self) -> None:
        if self.title:
            self.console.rule(self.title)
        self.say("commitment", style="bold", commitment=self.game.commitment)
        table, cards = role_cards(self.game, self.renderer)
        self.console.print(table)
        for name, text in cards:
            self.send(name, text)
        self.store()
        self.intro()

    def resume(self) -> None:
        """Where a saved game stands: the phase, who is alive, what was typed already; no role cards."""
        if self.title:
            self.console.rule(self.title)
        alive = self.game.alive()
        self.say("standing", phase=phase_label(self.game.phase, self.lang), count=len(alive),
                 names=", ".join(alive))
        typed = pending(self.game)
        if typed:
            self.say("kept", count=len(typed))
        self.intro()
        if self.game.phase.kind is PhaseKind.DAY and self.game.state.votes:
            self.votes()

    def intro(self) -> None:
        phase = self.game.phase
        self.console.rule(t(self.lang, f"{phase.kind.value}_header", number=phase.number))
        if phase.kind is PhaseKind.NIGHT:
            self.say("night_help", style="dim")
            self.who()
        else:
            self.say("day_help", style="dim")

    def who(self) -> None:
        step = self.game.follow_up_step()
        if step is not None:
            self.say("reanimator_turn", style="yellow", name=step.player)
        elif self.game.awaiting() and not self.game.follow_up_open:
            self.console.print(awaiting_table(self.game, self.lang))
        else:
            self.say("awaiting_none")

    def votes(self) -> None:
        if self.game.state.votes:
            self.console.print(vote_table(self.game, self.lang))
        else:
            self.say("no_votes")
        missing = not_voted(self.game)
        if missing:
            self.say("not_voted", style="dim", names=", ".join(missing))

    def store(self, quiet: bool = False) -> None:
        try:
            save(self.game, self.save_path, self.lang, self.fmt.value)
        except OSError as error:
            self.say("save_failed", style="red", path=self.save_path, error=error)
            return
        if not quiet:
            self.say("saved", style="dim", path=self.save_path)

    def stop(self) -> None:
        if not self.game.over:
            typed = len(pending(self.game))
            self.say("stopped_kept" if typed else "stopped", style="yellow",
                     phase=phase_label(self.game.phase, self.lang), path=self.save_path, count=typed)
        self.store()

    # --- driving ----------------------------------------------------------------------------------
    def run(self, lines: Iterable[str], echo: bool = False) -> None:
        """Take commands until the game ends, `quit`, or the lines run out; then save."""
        for line in lines:
            if echo:
                self.paste(f"{self.prompt()}{HostPrompt.prompt_suffix}{line.rstrip()}")
            if not self.handle(line):
                break
        self.stop()

    def interactive(self) -> None:
        """Commands typed at the prompt: prompt_toolkit's line editor at a terminal, a plain prompt
        otherwise; resolving with actions missing, taking a reading and quitting mid-phase ask first."""
        import sys

        if sys.stdin.isatty() and sys.stdout.isatty():
            from rankedmafia.host.prompt import history_for
            self.interact(history=history_for(self.save_path))
            return
        self.confirm = lambda question: ask_yes(self.console, question, self.lang)
        self.run(prompt_lines(self.console, self.prompt))

    def interact(self, **prompt_options: object) -> None:
        """The line editor's loop (prompt_options: prompt_toolkit's history, input, output)."""
        from rankedmafia.host.prompt import ask, lines, prompt_session

        editor = prompt_session(self.completions, **prompt_options)  # type: ignore[arg-type]
        self.confirm = lambda question: (ask(editor, f"{question} ({t(self.lang, 'yes_no')})") or "").strip(
            ).casefold() in YES
        self.run(lines(editor, self.prompt))

    def completions(self) -> list[str]:
        """What the prompt completes: the living players, tonight's action words, the commands."""
        words = list(self.game.alive())
        for name in self.game.alive():
            words += [display(a.id, self.lang) for a in self.game.actions_of(name)]
        words += ["кто", "голоса", "готово", "отмена", "помощь", "выход", "тема", "лс", "синий"] if self.lang == "ru" \
            else ["who", "votes", "done", "undo", "help", "quit", "thread", "pm", "blue"]
        return words

    def handle(self, line: str) -> bool:
        """One line; False once the session should stop (the game is over, or `quit`)."""
        if self.game.over:
            self.say("over_already")
            return False
        try:
            command = cmd.parse_line(line)
        except cmd.ParseError as error:
            self.refuse(t(self.lang, error.key, **error.params))
            return True
        if command is None:
            return True
        try:
            return self.dispatch(command)
        except RuleViolation as error:
            self.refuse(self.explain(error))
            return True

    def dispatch(self, command: cmd.Command) -> bool:
        night = self.game.phase.kind is PhaseKind.NIGHT
        match command:
            case cmd.Quit():
                return not self.really_quit()
            case cmd.Done():
                return self.resolve()
            case cmd.Help():
                self.help(command.topic)
            case cmd.Who() | cmd.Votes():
                if night:
                    self.who()
                else:
                    self.votes()
            case cmd.Message() if night:
                self.message(command)
            case cmd.Thread() if not night:
                self.thread(command)
            case cmd.Act() if night:
                self.act(command)
            case cmd.Undo() if night:
                self.undo(command)
            case cmd.Vote() if not night:
                self.vote(command)
            case cmd.Act() | cmd.Message():
                self.refuse(t(self.lang, "act_at_day"))
            case cmd.Undo():
                self.refuse(t(self.lang, "undo_day"))
            case cmd.Vote():
                self.refuse(t(self.lang, "vote_at_night"))
            case cmd.Thread():
                self.refuse(t(self.lang, "thread_at_night"))
        return True

    def really_quit(self) -> bool:
        """`quit`: at once if nothing was typed in this phase, else only if the host says so."""
        typed = len(pending(self.game))
        if typed and self.confirm is not None:
            return self.confirm(t(self.lang, "confirm_quit", count=typed))
        return True

    def help(self, topic: str | None) -> None:
        lines: list[str] | None
        if topic and topic.strip().casefold() in COUNCIL_TOPICS:
            lines = council_help(self.game, self.lang)
        elif topic:
            lines = role_help(topic, self.lang)
            if lines is None:
                self.refuse(t(self.lang, "no_role", name=topic))
                return
        else:
            lines = [t(self.lang, "night_help" if self.game.phase.kind is PhaseKind.NIGHT else "day_help"),
                     *game_help(self.game, self.lang)]
        for line in lines:
            self.paste(line)

    # --- night ------------------------------------------------------------------------------------
    def act(self, command: cmd.Act) -> None:
        actor = self.name(command.actor)
        action = command.action.casefold()
        if action not in ACTION_WORDS and action not in ("copy", "ask"):
            # a Russian word instead of the id ("Петя убить Игорь", "Женя копирую маньяка …"): read it as
            # the player's message would be read
            self.message(cmd.Message(actor, " ".join([command.action, *command.targets])), typed=True)
            return
        detail: str | None = None
        copied_option: str | None = None
        if action in ("copy", "ask"):
            option, detail, targets = special_option(command, self.name)
            if action == "copy" and detail == "heal_from" and targets:  # `Женя copy doctor heal_from mafia`
                copied_option = command.targets[-1]
                targets = targets[:-1]
        else:
            targets, option = [self.name(n) for n in command.targets], command.option
            spec = self.spec(actor, action)
            if spec is not None and spec.option is not None and option is None and len(targets) > spec.targets[1]:
                option, targets = command.targets[-1], targets[:-1]
        if action == "copy" and detail is not None:  # the joker: the role, the action he uses and its option
            self.submit(Act(actor, action, tuple(targets), copy=Copy(option or "", detail, copied_option)))
        elif action == "ask" and option is not None and detail is not None:
            self.submit(Act(actor, action, tuple(targets), question=Question(option, detail)))
        else:
            self.submit(Act(actor, action, tuple(targets), option))

    def submit(self, act: Act) -> None:
        actor = act.actor
        try:
            self.game.submit(act)
        except RuleViolation as error:
            if error.rule not in ("no_such_action", "lost_as_boss"):
                raise
            usage = action_usage(self.game, actor, self.lang)
            hint = (t(self.lang, "actions_of", name=actor, actions=", ".join(usage)) if usage
                    else t(self.lang, "no_actions", name=actor))
            self.refuse(f"{self.explain(error)}; {hint}")
            return
        shown = Reading(act).describe(self.lang)
        self.say("accepted_act", style="green", reading=shown)
        self.store(quiet=True)
        remaining = [] if self.game.follow_up_open else self.game.awaiting()
        if remaining:
            self.say("awaiting_short", style="dim", names=", ".join(remaining))
        elif self.game.next_follow_up() is None or not self.follow_up_turn():
            self.say("awaiting_none", style="dim")  # the night stays open to changes until `done`

    def message(self, command: cmd.Message, typed: bool = False) -> None:
        """A player's message (or a line typed with Russian words): the action it means, confirmed."""
        actor = self.name(command.actor)
        try:
            # a newer message replaces his earlier action tonight (forum/messages.py, as on the desk)
            reading, replaced = read_replacing(self.game, actor, command.text)
        except ReadError as error:
            self.refuse(read_error(error, self.lang))
            return
        for guess in reading.guesses:
            self.say("guess", style="yellow", typed=guess.typed, name=guess.name)
        if replaced is not None and self.confirm is None:
            replaced = None  # an actions file never replaces an action unasked: the rules' refusal stands
        if replaced is not None:
            self.say("replaces", style="yellow", act=describe_act(replaced, self.game.sexes(), self.lang,
                                                                   with_actor=True))
        asked = (not typed or reading.guesses or replaced is not None) and self.confirm is not None
        if asked and not self.asks(t(self.lang, "confirm_reading", reading=reading.describe(self.lang))):
            self.say("not_taken", style="yellow")
            return
        if replaced is not None:
            self.game.withdraw(actor)
        self.submit(reading.act)
        if replaced is not None and actor not in self.game.state.acts:  # refused after all: the earlier stands
            self.game.submit(replaced)
            self.store(quiet=True)

    def follow_up_turn(self) -> bool:
        """Once the others have acted (or the host ends the night), the Game's follow-up step: the player
        it asks (the reanimator) is sent the list it tells him. False if nobody is asked."""
        step = self.game.begin_follow_up()
        if step is None:
            return False
        self.store(quiet=True)
        self.send(step.player, self.renderer.info_line({"kind": "deaths_tonight", "targets": list(step.told)}))
        self.say("reanimator_turn", style="yellow", name=step.player)
        return True

    def undo(self, command: cmd.Undo) -> None:
        actor = self.name(command.actor)
        if actor not in self.game.state.players:
            raise RuleViolation("unknown_player", name=actor)
        self.game.withdraw(actor)
        self.say("withdrawn", style="green", name=actor)
        self.store(quiet=True)

    # --- day --------------------------------------------------------------------------------------
    def vote(self, command: cmd.Vote) -> None:
        voter = self.name(command.voter)
        choice = command.choice if command.choice == BLUE else self.name(command.choice)
        self.game.vote(voter, choice)
        self.say("accepted_vote", style="green", name=voter,
                 choice=t(self.lang, "blue") if choice == BLUE else choice)
        self.store(quiet=True)
        self.votes()

    def thread(self, command: cmd.Thread) -> None:
        """The day's votes read from the thread's saved pages: the count to post, then, if the host
        agrees, the votes entered as if typed."""
        deadline: datetime | None = None
        if command.deadline is not None:
            deadline = parse_time(command.deadline)
            if deadline is None:
                self.refuse(t(self.lang, "bad_deadline", text=command.deadline))
                return
        today = parse_today(command.today) if command.today is not None else None
        if command.today is not None and today is None:
            self.refuse(t(self.lang, "bad_today", text=command.today))
            return
        if today is None:  # «Сегодня» in a post means the day the host counts, as on the desk
            today = Reference(datetime.combine(date.today(), time()), False, "today")
            self.say("thread_today", text=f"{today.when:%d.%m.%Y}")
        try:
            pages = read_pages([Path(p) for p in command.paths])
        except (OSError, UnicodeDecodeError) as error:
            self.refuse(file_error_text(error, " ".join(command.paths), self.lang))
            return
        players, alive = list(self.game.state.players), self.game.alive()
        thread = read_thread(pages, players, today, self.lang)
        posts, voters = thread.posts, self.game.voters()
        silenced = [name for name in alive if name not in voters]
        count = count_votes(posts, alive, players, deadline, self.lang, silenced=silenced)
        for note in [*thread.notes, *count.notes]:
            self.say("thread_note", text=note)
        for warning in [*thread.warnings, *count.warnings]:
            self.say("warning", style="yellow", text=warning)
        # a flagged reading is counted only on the host's own yes, never from an actions file
        decisions = {r.post: r.choice for r in count.flagged if r.choice is not None and self.confirm is not None
                     and self.confirm(t(self.lang, "decide_flag", author=r.author,
                                        choice=t(self.lang, "blue") if r.choice == BLUE else r.choice))}
        if decisions:
            count = count_votes(posts, alive, players, deadline, self.lang, decisions, silenced)
        for line in count_lines(count.votes, voters, self.game.phase.number, self.lang, self.fmt):
            self.paste(line)
        changed = {v: c for v, c in count.votes.items() if self.game.state.votes.get(v) != c}
        if not changed:
            self.say("thread_nothing_new")
            return
        if not self.asks(t(self.lang, "confirm_thread", count=plural(len(changed), self.lang, "vote"))):
            self.say("not_taken", style="yellow")
            return
        for voter, choice in changed.items():
            self.game.vote(voter, choice)
        self.store(quiet=True)
        self.votes()

    # --- resolving --------------------------------------------------------------------------------
    def resolve(self) -> bool:
        """`done`: by night, first the follow-up step (whoever it asks and does not answer sends nothing,
        and the next one is asked), then the night's resolution; by day, who has not voted is named (and
        the host asked at the prompt) before the count."""
        if self.game.phase.kind is PhaseKind.NIGHT and not self.game.over:
            kind, asked = next_step(self.game)  # forum/phase_end.py: the desk takes the same step
            if kind == DECLINE and asked is not None:
                self.game.decline(asked)
            elif not self.game.follow_up_open:
                skipped = unsent(self.game)
                if skipped:
                    self.say("skipped", style="yellow", names=", ".join(skipped))
                    if self.confirm is not None and not self.confirm(t(self.lang, "confirm_resolve")):
                        return True
            if self.follow_up_turn():
                return True
        elif self.game.phase.kind is PhaseKind.DAY and not self.game.over:
            missing = unsent(self.game)
            if missing:
                self.say("not_voted", style="yellow", names=", ".join(missing))
                if self.confirm is not None and not self.confirm(t(self.lang, "confirm_count")):
                    return True
        result = self.game.resolve()
        texts = phase_texts(self.game, result, self.renderer)
        self.console.rule(t(self.lang, "public_header"))
        self.paste(texts.title)
        for line in texts.public:
            self.paste(line)
        self.console.rule(t(self.lang, "private_header"))
        if not texts.private:
            self.say("no_private", style="dim")
        for name, lines in texts.private.items():
            self.send(name, " ".join(lines))
        if self.game.over:
            self.console.rule()
            for line in final_post(self.game, self.renderer):  # the same final post as the desk's
                self.paste(line)
            self.say("game_over", style="bold", seed=self.game.seed)
            self.say("verify_hint", commitment=self.game.commitment, path=self.save_path)
            return False
        self.store()
        self.intro()
        return True

    def spec(self, actor: str, action: str) -> ActionView | None:
        if actor not in self.game.state.players:
            return None
        return next((a for a in self.game.view(actor).actions if a.id == action), None)

    # --- names ------------------------------------------------------------------------------------
    def name(self, typed: str) -> str:
        """A typed nickname as the game spells it: exact, or the one nickname equal to it ignoring case."""
        players = self.game.state.players
        if typed in players:
            return typed
        folded = [n for n in players if n.casefold() == typed.casefold()]
        return folded[0] if len(folded) == 1 else typed

    def explain(self, error: RuleViolation) -> str:
        """The refusal as one sentence in the host's language, every id in it named; an unknown name
        comes with the living players it may mean (whoever a command names must be alive)."""
        reason = refusal(error, self.lang)
        if error.rule == "unknown_player":
            typed = str(error.params.get("name", ""))
            close = difflib.get_close_matches(typed, self.game.alive(), n=3, cutoff=0.5)
            if close:
                reason += "; " + t(self.lang, "did_you_mean", names=", ".join(close))
        return reason


YES = frozenset({"y", "yes", "д", "да"})


class HostPrompt(Prompt):
    prompt_suffix = " > "


def special_option(command: cmd.Act, name: Callable[[str], str]) -> tuple[str | None, str | None, list[str]]:
    """The joker's `copy ROLE ACTION targets…` and the Council's `ask TEMPLATE key=value…` as the engine
    takes them: (option, detail, targets)."""
    words = list(command.targets)
    if command.action.casefold() == "copy":
        pairs = dict(command.pairs)
        role = pairs.get("role") or (words.pop(0) if words else None)
        use = pairs.get("use") or (words.pop(0) if words else None)
        return role, use, [name(w) for w in words]
    template = words.pop(0) if words else command.option
    args: dict[str, object] = {}
    for key, value in command.pairs:
        if key == "players":
            args[key] = [name(n) for n in value.split(",") if n]
        elif key in ("role", "side", "op", "a", "b"):
            args[key] = value
        elif key == "player":
            args[key] = name(value)
        else:
            args[key] = int(value) if value.lstrip("-").isdigit() else value
    return template, json.dumps(args, ensure_ascii=False, sort_keys=True), []


def ask_yes(console: Console, question: str, lang: str) -> bool:
    """A yes/no question; only an explicit yes (y, yes, д, да) is a yes; end of input is a no."""
    try:
        answer = Prompt.ask(f"{question} ({t(lang, 'yes_no')})", console=console)
    except (EOFError, KeyboardInterrupt):
        console.print()
        return False
    return answer.strip().casefold() in YES


def prompt_lines(console: Console, prompt: Callable[[], str]) -> Iterable[str]:
    """Lines typed at a Rich prompt, until end of input or Ctrl-C."""
    while True:
        try:
            yield HostPrompt.ask(prompt(), console=console)
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
