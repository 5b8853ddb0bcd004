"""A seat's prompt holds its diary, as the site shows it: what he sent each phase and what came of it."""

from __future__ import annotations

import random

from rankedmafia.ai.prompt import NIGHT, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.bots import make_policy, play_phase
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind
from rankedmafia.setup import new_game, preset
from rankedmafia.text.diary import diary


def game_of(setup: str, seed: str) -> Game:
    names, sexes = seat_names(preset(setup).players)
    return new_game(preset(setup), names, seed, sexes=sexes)


def test_the_mafia_journalist_ties_the_public_interview_to_the_player_he_chose() -> None:
    game = game_of("full-25", "diary")
    if game.phase.kind is not PhaseKind.NIGHT:
        game.resolve()
    journalist = next(p.name for p in game.players() if p.role == "mafia_journalist")
    target = next(n for n in game.alive() if n != journalist and game.check(Act(journalist, "interview", (n,))) is None)
    game.apply({"type": "act", "actor": journalist, "action": "interview", "targets": [target]})
    night = game.phase.number
    game.resolve()
    user = PromptBuilder(game).prompt(journalist, VOTE, "ru").user
    lines = user.splitlines()
    mine = lines[lines.index("Ваш дневник (ваши ходы и что из них вышло; видите только вы):") + 1]
    assert mine.startswith(f"Ночь {night}: вы отправили: интервью: {target}.")
    assert "журналист брал интервью" in user  # the public line he can now tie to his own move
    other = next(n for n in game.alive() if n not in (journalist, target) and not game.view(n).clans)
    assert f"интервью: {target}" not in PromptBuilder(game).prompt(other, VOTE, "ru").user  # his alone


def test_the_prompts_diary_is_the_sites_diary() -> None:
    """Each of the site's diary entries is one line of the prompt: the phase, what he sent, the results."""
    game = game_of("full-35", "diary-site")
    policy = make_policy("heuristic", random.Random(3))
    for _ in range(5):
        play_phase(game, policy)
        game.resolve()
    builder = PromptBuilder(game)
    checked = 0
    for name in game.alive():
        entries = diary(game, game.view(name), "ru")
        user = builder.prompt(name, NIGHT if game.phase.kind is PhaseKind.NIGHT else VOTE, "ru").user
        for entry in entries:
            sent = [f"вы отправили: {entry['sent']}."] if entry["sent"] else []
            assert f"{entry['title']}: " + " ".join(sent + entry["results"]) in user.splitlines()
            checked += 1
    assert checked > len(game.alive())  # votes at least, and the nights' results


def test_a_seat_with_no_moves_yet_reads_that_his_diary_is_empty() -> None:
    game = game_of("classic-12", "empty")
    name = game.alive()[0]
    user = PromptBuilder(game).prompt(name, NIGHT if game.phase.kind is PhaseKind.NIGHT else VOTE, "ru").user
    lines = user.splitlines()
    assert lines[lines.index("Ваш дневник (ваши ходы и что из них вышло; видите только вы):") + 1] == "нет"
