"""The host's save file: a game script (`rankedmafia run` replays it) with one more section, `host:`, that
the script format leaves alone and the host reads back on `--resume`:

    host:
      lang: ru
      format: bbcode
      pending:            # what was typed in the phase not yet resolved, as the engine logged it
        - {type: act, actor: Вася, action: kill, targets: [Петя]}
        - {type: vote, voter: Маша, choice: blue}
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from rankedmafia.rules.game import Game
from rankedmafia.script import ScriptError, load_script, play
from rankedmafia.setup import script_of

# the commands of an unresolved phase, the follow-up step's included: a game restored mid-step is in it
PENDING = ("act", "withdraw", "vote", "follow_up", "decline")


def pending(game: Game) -> list[dict[str, Any]]:
    """The engine's commands since the last resolved phase: typed, but not yet part of the script."""
    commands = list(game.commands)
    last = max((i for i, c in enumerate(commands) if c["type"] == "resolve"), default=-1)
    return [dict(c) for c in commands[last + 1:] if c["type"] in PENDING]


def save(game: Game, path: Path, lang: str, fmt: str) -> None:
    """The game so far as a game script, with the host's settings and the unresolved phase's commands."""
    script = script_of(game)
    script["host"] = {"lang": lang, "format": fmt, "pending": pending(game)}
    # saved after every typed line: libyaml's emitter where PyYAML has it (the same YAML, many times faster)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text = yaml.dump(script, Dumper=dumper, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")


def restore(game: Game, commands: Any) -> None:
    """Send the unresolved phase's commands again (RuleViolation if the file was edited into nonsense)."""
    if not isinstance(commands, list):
        raise ScriptError.of("pending")
    for command in commands:
        if not isinstance(command, Mapping):
            raise ScriptError.of("pending")
        if command.get("type") in PENDING:
            game.apply(command)


def load(path: Path) -> tuple[Game, dict[str, Any]]:
    """A saved game, played to where the host stopped (its unresolved phase too), and its host settings."""
    script = load_script(path)
    game = play(script)
    settings = script.get("host") or {}
    if not isinstance(settings, Mapping):
        raise ScriptError.of("host")
    restore(game, settings.get("pending") or [])
    return game, dict(settings)
