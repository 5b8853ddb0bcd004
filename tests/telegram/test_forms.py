"""The night keyboards offer only what the engine accepts: random walks through every player's screens (the
joker's copy, the Council's questions, the doctor's sources, two-target actions) end in moves that
`game.check` accepts; every label is a display name, never an id."""

from __future__ import annotations

import random

import pytest

from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.model import PhaseKind
from rankedmafia.setup import new_game, preset
from rankedmafia.store import GameRow
from rankedmafia.telegram import forms

from .checks import ID_WORDS
from .harness import NAMES


def live_game(preset_name: str, seed: int) -> LiveGame:
    setup = preset(preset_name)
    names = NAMES[: setup.players] if setup.players <= len(NAMES) else [f"Игрок{i}" for i in range(setup.players)]
    row = GameRow("g", "", "t", {"name": preset_name, "players": setup.players, "roles": dict(setup.roles)},
                  {"night_seconds": 60, "day_seconds": 60}, str(seed), "", 0.0)
    live = LiveGame(row, {})
    live.game = new_game(setup, names, str(seed), sexes={n: "f" for n in names[::2]})
    live.status = "running"
    return live


def walk(live: LiveGame, name: str, rng: random.Random) -> forms.State | None:
    """Press random buttons from the first screen until a confirmation; the state it would send."""
    state: forms.State = {}
    for _ in range(60):
        screen = forms.night_screen(live, name, state, "ru")
        buttons = [b for row in screen.rows for b in row]
        for button in buttons:
            assert not ID_WORDS.search(button.label), button.label
        assert not ID_WORDS.search(screen.text), screen.text
        if not buttons:
            return None
        sending = [b for b in buttons if b.state.get("do") == "send"]
        if sending:
            return sending[0].state
        choices = [b for b in buttons if b.state] or buttons
        state = rng.choice(choices).state
        if state.get("do"):
            return None
    raise AssertionError("the form never reached a confirmation")


@pytest.mark.parametrize("preset_name", ["classic-12", "full-25", "full-35", "two-clans-20"])
def test_every_walk_ends_in_an_accepted_move(preset_name: str) -> None:
    rng = random.Random(preset_name)
    seen: set[str] = set()
    for seed in range(2):
        live = live_game(preset_name, seed)
        game = live.game
        assert game is not None and game.phase.kind is PhaseKind.NIGHT
        for name in game.alive():
            for _ in range(4):
                state = walk(live, name, rng)
                if state is None:
                    continue
                act = forms.to_submit(state, name)
                refused = game.check(act)
                assert refused is None, (name, state, refused)
                seen.add(state.get("u") or act.action)
    assert {"kill", "check", "heal"} <= seen


def test_the_jokers_copy_step_by_step() -> None:
    for seed in range(10):
        live = live_game("full-35", seed)
        game = live.game
        assert game is not None
        joker = next((p.name for p in game.players() if p.role == "joker"), None)
        if joker is None or not any(c.action == "copy" for c in game.choices(joker)):
            continue
        screen = forms.night_screen(live, joker, {}, "ru")
        copy = next(b for row in screen.rows for b in row if b.label == "копировать роль")
        roles = forms.night_screen(live, joker, copy.state, "ru")
        assert roles.text == "Какую роль скопировать?"
        doctor = next(b for row in roles.rows for b in row if b.label == "доктор")
        uses = forms.night_screen(live, joker, doctor.state, "ru")
        assert "Роль «доктор»" in uses.text
        heal_from = next(b for row in uses.rows for b in row if b.label == "лечить от роли")
        sources = forms.night_screen(live, joker, heal_from.state, "ru")
        source = sources.rows[0][0]
        confirm = forms.night_screen(live, joker, source.state, "ru")
        source_name = source.label if source.label in ("мафия", "маньяк") else None
        assert confirm.text.startswith("Вы выбрали: скопировать роль «доктор»: лечить от ")
        assert source_name is None or confirm.text.startswith(
            f"Вы выбрали: скопировать роль «доктор»: лечить от {'мафии' if source_name == 'мафия' else 'маньяка'}.")
        send = confirm.rows[0][0].state
        act = forms.to_submit(send, joker)
        assert act.copy is not None and (act.action, act.copy.role, act.copy.use) == ("copy", "doctor", "heal_from")
        assert act.copy.option is not None
        assert game.check(act) is None
        return
    raise AssertionError("no deal gave the joker a copy")
