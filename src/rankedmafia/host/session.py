"""The host's session: one game, driven line by line, printed for the host to copy and paste.

A refused line (a parse error or a RuleViolation) prints why and changes nothing; the game is saved as a
game script after every phase and when the session stops.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Iterable
from pathlib import Path

import yaml
from rich.console import Console
from rich.prompt import Prompt

from rankedmafia.host import commands as cmd
from rankedmafia.host.i18n import t
from rankedmafia.host.render import (
    action_usage,
    awaiting_table,
    not_voted,
    phase_label,
    phase_texts,
    role_cards,
    vote_table,
)
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.rules.view import ActionView
from rankedmafia.setup import script_of
from rankedmafia.text.errors import describe
from rankedmafia.text.formats import Format
from rankedmafia.text.summary import Renderer


def default_save_path(game: Game) -> Path:
    return Path(f"game-{game.commitment[:8]}.yaml")


def save(game: Game, path: Path) -> None:
    """The game so far as a game script (`rankedmafia run` replays it exactly)."""
    text = yaml.safe_dump(script_of(game), allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")


class Session:
    def __init__(self, game: Game, console: Console, save_path: Path, lang: str = "ru",
                 fmt: Format | str = Format.TEXT, title: str = "") -> None:
        self.game = game
        self.console = console
        self.save_path = save_path
        self.lang = lang
        self.renderer = Renderer(lang, fmt)
        self.title = title
        self.confirm: Callable[[str], bool] | None = None  # asked before resolving with actions missing

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

    def intro(self) -> None:
        phase = self.game.phase
        self.console.rule(t(self.lang, f"{phase.kind.value}_header", number=phase.number))
        if phase.kind is PhaseKind.NIGHT:
            self.say("night_help", style="dim")
            self.who()
        else:
            self.say("day_help", style="dim")

    def who(self) -> None:
        if self.game.awaiting():
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

    def store(self) -> None:
        try:
            save(self.game, self.save_path)
        except OSError as error:
            self.say("save_failed", style="red", path=self.save_path, error=error)
            return
        self.say("saved", style="dim", path=self.save_path)

    def stop(self) -> None:
        if not self.game.over:
            self.say("stopped", style="yellow", phase=phase_label(self.game.phase, self.lang),
                     path=self.save_path)
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
        """Commands typed at the prompt; resolving a night with actions missing asks first."""
        self.confirm = lambda question: ask_yes(self.console, question, self.lang)
        self.run(prompt_lines(self.console, self.prompt))

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
                return False
            case cmd.Done():
                return self.resolve()
            case cmd.Help():
                self.say("night_help" if night else "day_help")
            case cmd.Who() | cmd.Votes():
                if night:
                    self.who()
                else:
                    self.votes()
            case cmd.Act() if night:
                self.act(command)
            case cmd.Undo() if night:
                self.undo(command)
            case cmd.Vote() if not night:
                self.vote(command)
            case cmd.Act():
                self.refuse(t(self.lang, "act_at_day"))
            case cmd.Undo():
                self.refuse(t(self.lang, "undo_day"))
            case cmd.Vote():
                self.refuse(t(self.lang, "vote_at_night"))
        return True

    def act(self, command: cmd.Act) -> None:
        actor = self.name(command.actor)
        action = command.action.casefold()
        detail: str | None = None
        if action in ("copy", "ask"):
            option, detail, targets = special_option(command, self.name)
        else:
            targets, option = [self.name(n) for n in command.targets], command.option
            spec = self.spec(actor, action)
            if spec is not None and spec.option is not None and option is None and len(targets) > spec.targets[1]:
                option, targets = command.targets[-1], targets[:-1]
        try:
            self.game.submit(actor, action, targets, option, detail)
        except RuleViolation as error:
            if error.rule != "no_such_action":
                raise
            usage = action_usage(self.game, actor)
            hint = (t(self.lang, "actions_of", name=actor, actions=", ".join(usage)) if usage
                    else t(self.lang, "no_actions", name=actor))
            self.refuse(f"{self.explain(error)}; {hint}")
            return
        shown = " ".join([*targets, *([option] if option else [])])
        self.say("accepted_act", style="green", name=actor, action=action, targets=shown)
        remaining = self.game.awaiting()
        if remaining:
            self.say("awaiting_short", style="dim", names=", ".join(remaining))
        elif self.game.follow_up() and action != "revive":
            self.reanimator_turn()
        else:
            self.say("awaiting_none", style="dim")

    def reanimator_turn(self) -> None:
        """The reanimator acts after everyone: he is told tonight's dead, then sends his revive."""
        deaths = self.game.tentative_deaths()
        for name in self.game.follow_up():
            line = self.renderer.info_line({"kind": "deaths_tonight", "targets": deaths})
            self.send(name, line)
            self.say("reanimator_turn", style="yellow", name=name)

    def undo(self, command: cmd.Undo) -> None:
        actor = self.name(command.actor)
        self.game.withdraw(actor)
        self.say("withdrawn", style="green", name=actor)

    def vote(self, command: cmd.Vote) -> None:
        voter = self.name(command.voter)
        choice = command.choice if command.choice == BLUE else self.name(command.choice)
        self.game.vote(voter, choice)
        self.say("accepted_vote", style="green", name=voter,
                 choice=t(self.lang, "blue") if choice == BLUE else choice)
        self.votes()

    def resolve(self) -> bool:
        skipped = self.game.awaiting()
        if skipped:
            self.say("skipped", style="yellow", names=", ".join(skipped))
            if self.confirm is not None and not self.confirm(t(self.lang, "confirm_resolve")):
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
        reason = describe(error, self.lang)
        if error.rule == "unknown_player":
            typed = str(error.params.get("name", ""))
            close = difflib.get_close_matches(typed, list(self.game.state.players), n=3, cutoff=0.5)
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
