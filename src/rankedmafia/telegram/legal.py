"""The core's list of legal choices (`game.choices`, `council.fields`), as the keyboards read it.

Until the core's `rules.choices` is on this branch, a stand-in of the same shape is built from the
player's view and `game.option_choices`; it goes as soon as the core's answer is here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rankedmafia.rules import council
from rankedmafia.rules.game import Game
from rankedmafia.rules.roles import ROLES


@dataclass(frozen=True, slots=True)
class Copy:
    role: str
    uses: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    action: str
    counts: tuple[int, ...]
    slots: tuple[tuple[str, ...], ...]
    option: str | None = None
    options: tuple[str, ...] = ()
    copies: tuple[Copy, ...] = ()


def legal_choices(game: Game, name: str) -> tuple[Choice, ...]:
    core = getattr(game, "choices", None)
    if core is not None:
        return tuple(core(name))
    view = game.view(name)
    alive = [s.name for s in view.seats if s.alive]
    out = []
    for action in view.actions:
        pool = tuple(n for n in alive if action.self_target or n != name)
        least, most = action.targets
        option = {"role": "role", "question": "question"}.get(action.option or "", action.option)
        copies: tuple[Copy, ...] = ()
        if action.id == "copy":
            copies = tuple(Copy(role, tuple(_plain(game, name, role, a, alive) for a in game.copy_actions(role)))
                           for role in game.option_choices(name, "copy"))
            option = None
        out.append(Choice(action.id, tuple(range(least, most + 1)), tuple(pool for _ in range(most)), option,
                          tuple(game.option_choices(name, action.id)) if option else (), copies))
    return tuple(out)


def _plain(game: Game, name: str, role: str, action_id: str, alive: list[str]) -> Choice:
    spec = ROLES[role].action(action_id)
    least, most = spec.targets if spec is not None else (1, 1)
    self_target = spec.self_target if spec is not None else False
    pool = tuple(n for n in alive if self_target or n != name)
    return Choice(action_id, tuple(range(least, most + 1)), tuple(pool for _ in range(most)))


def question_fields(game: Game, template: str) -> dict[str, tuple[Any, ...]]:
    """For each argument of a Council question, the values it may take."""
    core = getattr(council, "fields", None)
    if core is not None:
        return {k: tuple(v) for k, v in core(game.state, template).items()}
    spec = council.TEMPLATES[template]
    alive = [p.name for p in game.state.players.values() if p.alive]
    values: dict[str, tuple[Any, ...]] = {
        "side": council.SIDES, "a": council.SIDES, "b": council.SIDES, "op": tuple(council.OPS),
        "n": tuple(range(len(game.state.players) + 1)), "role": tuple(sorted(set(game.setup_roles()))),
        "player": tuple(alive), "players": tuple(alive), "sex": ("m", "f"),
    }
    return {arg: values[arg] for arg in spec.args}
