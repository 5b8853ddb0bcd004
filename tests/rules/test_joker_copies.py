"""The joker copies every action of every role of every preset (RULINGS.md: "every action of every role in
the setup, options included"): each copy the engine offers is accepted, and the night resolves.

For each preset, a joker takes a civilian's seat (if the preset deals none); for each role of the setup
and each of its actions, a fresh game sends the copy the engine offers (`Game.choices`), with the copied
action's own option or Council question, and resolves the night. An action that needs an earlier deed
(the fan's guard after his search found the maniac, the mercenary's kill after a successful hire) is
copied after that deed.
"""

from __future__ import annotations

import json

import pytest

from rankedmafia.rules import council
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, PhaseKind, Question
from rankedmafia.rules.seating import Seat
from rankedmafia.setup import deal, preset, preset_names

JOKER = "Джокер"
# (role, action) -> the copy that must come first, on an earlier night: (action, the role of its target)
PREREQUISITES = {("fan", "bodyguard"): ("search", "maniac"), ("fan", "self_accuse"): ("search", "maniac"),
                 ("mercenary", "kill"): ("hire", "mafia1")}


def _game(name: str) -> Game:
    setup = preset(name)
    seats = deal(setup, [f"P{i}" for i in range(setup.players)], f"joker:{name}")
    seat = next((i for i, s in enumerate(seats) if s.role == "joker"), None)
    if seat is None:
        seat = next(i for i, s in enumerate(seats) if s.role == "civilian")
    seats[seat] = Seat(JOKER, "joker", seats[seat].clan)
    return Game(seats, seed=f"joker:{name}", chance="never", rules=setup.rules, start=setup.start)


def _use(game: Game, role: str, action: str) -> Choice | None:
    copy = next((c for c in game.choices(JOKER) if c.action == "copy"), None)
    if copy is None:
        return None
    uses = next((c.uses for c in copy.copies if c.role == role), ())
    return next((u for u in uses if u.action == action), None)


def _send(game: Game, role: str, use: Choice) -> None:
    targets = []
    for place in use.slots[:use.counts[0]]:
        targets.append(next(n for n in place if n not in targets))
    copied = Copy(role, use.action)
    if use.option == "question":
        template = use.options[0]
        args = {arg: (values[:council.GROUP_LEAST] if arg == "players" else values[0])
                for arg, values in council.fields(game.state, template).items()}
        copied = Copy(role, use.action, question=Question(template, json.dumps(args)))
    elif use.option is not None:
        copied = Copy(role, use.action, use.options[0])
    game.submit(Act(JOKER, "copy", tuple(targets), copy=copied))


def _night(game: Game) -> None:
    if game.phase.kind is PhaseKind.DAY:
        game.resolve()


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for name in preset_names():
        game = _game(name)
        for role in sorted(set(game.setup_roles()) - {"joker"}):
            for action in game.copy_actions(role):
                cases.append((name, role, action))
    return cases


CASES = _cases()


def test_every_role_with_an_action_is_copied_somewhere() -> None:
    copied_roles = {role for _, role, _ in CASES}
    assert {"doctor", "mafia1", "detective", "reanimator", "fan", "mercenary", "maniac"} <= copied_roles


@pytest.mark.parametrize(("name", "role", "action"), CASES, ids=[f"{n}:{r}:{a}" for n, r, a in CASES])
def test_the_joker_copies(name: str, role: str, action: str) -> None:
    game = _game(name)
    _night(game)
    first = PREREQUISITES.get((role, action))
    if first is not None:
        use, quarry = first
        target = next(p.name for p in game.players() if p.role == quarry)
        game.submit(Act(JOKER, "copy", (target,), copy=Copy(role, use)))
        game.resolve()  # the night of the deed
        game.resolve()  # the day
        game.resolve()  # a night without a copy: he may copy the same role again the night after
        game.resolve()
    offered = _use(game, role, action)
    assert offered is not None, f"{role}'s {action} is not offered to the joker"
    _send(game, role, offered)
    sent = game.state.acts[JOKER]
    assert sent.copy is not None and (sent.copy.role, sent.copy.use) == (role, action)
    game.resolve()
    assert game.results[-1].phase.kind is PhaseKind.NIGHT
