"""The forum host's save file as text: a game script (`rankedmafia run` replays it) with one more section,
`host:`, that the script format leaves alone and the host reads back:

    host:
      lang: ru
      format: bbcode
      pending:            # what was typed in the phase not yet resolved, as the engine logged it
        - {type: act, actor: Вася, action: kill, targets: [Петя]}
        - {type: vote, voter: Маша, choice: blue}

The terminal host (host/saves.py) keeps it in a file after every line; the web desk (server/desk.py)
opens one and gives its game back as one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from rankedmafia.rules.game import Game
from rankedmafia.script import ScriptError, play
from rankedmafia.setup import script_of

# the commands of an unresolved phase, the follow-up step's included: a game restored mid-step is in it;
# and the host's end by hand, which no script holds (a game he ended stays ended, with no winner)
PENDING = ("act", "withdraw", "vote", "follow_up", "decline", "end")


def pending(game: Game) -> list[dict[str, Any]]:
    """The engine's commands since the last resolved phase: typed, but not yet part of the script."""
    commands = list(game.commands)
    last = max((i for i, c in enumerate(commands) if c["type"] == "resolve"), default=-1)
    return [dict(c) for c in commands[last + 1:] if c["type"] in PENDING]


def dumps(game: Game, lang: str, fmt: str) -> str:
    """The game so far as a game script, with the host's settings and the unresolved phase's commands."""
    script = script_of(game)
    script["host"] = {"lang": lang, "format": fmt, "pending": pending(game)}
    # saved after every typed line: libyaml's emitter where PyYAML has it (the same YAML, many times faster)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    return yaml.dump(script, Dumper=dumper, allow_unicode=True, sort_keys=False)


def restore(game: Game, commands: Any) -> None:
    """Send the unresolved phase's commands again (RuleViolation if the file was edited into nonsense)."""
    if not isinstance(commands, list):
        raise ScriptError.of("pending")
    for command in commands:
        if not isinstance(command, Mapping):
            raise ScriptError.of("pending")
        if command.get("type") in PENDING:
            game.apply(command)


def from_script(script: Mapping[str, Any]) -> tuple[Game, dict[str, Any]]:
    """A saved game, played to where the host stopped (its unresolved phase too), and its host settings."""
    game = play(script)
    settings = script.get("host") or {}
    if not isinstance(settings, Mapping):
        raise ScriptError.of("host")
    restore(game, settings.get("pending") or [])
    return game, dict(settings)


def loads(text: str) -> tuple[Game, dict[str, Any]]:
    """A save file's text (YAML, or JSON, which is YAML too) → the game and its host settings."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ScriptError.of("not_yaml", error=str(error)) from None
    if not isinstance(data, dict):
        raise ScriptError.of("not_mapping")
    return from_script(data)
