"""Which Council question each answer answers, so that every mafioso reads the answer with its question
(«На вопрос «…» Совет ответил: да»), not only the one who asked.

The engine's answer entry is `{to, kind: answer, result}` (GAME-SCRIPT.md): it does not repeat the
question. The question is in the Game's own commands: the `ask` (or a joker's copy of it) that stood when
its night was resolved. It reaches the asker's clans (or the asker alone, outside any clan); a reader who
got two answers in one night (the double agent, both clans asking) reads them without their questions
rather than with a wrong one.
"""

from __future__ import annotations

from typing import Any

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, PhaseKind

Question = tuple[str, Any]  # the template and its arguments (the act's option and detail)


def asked(act: dict[str, Any]) -> Question | None:
    """The question an act asks: the mafia's `ask`, or a joker's copy of it."""
    sent = Act.from_fields(act).carried()  # a joker's copy asks as the mafia would
    if sent.action == "ask" and sent.chosen:
        return sent.chosen, sent.question.args if sent.question is not None else None
    return None


def council_questions(game: Game) -> dict[tuple[int, str], Question]:
    """(night number, reader) -> the question whose answer he got that night."""
    found: dict[tuple[int, str], list[Question]] = {}
    standing: dict[str, dict[str, Any]] = {}
    resolved = 0
    for command in game.commands:
        kind = command.get("type")
        if kind == "act":
            standing[str(command["actor"])] = command
        elif kind == "withdraw":
            standing.pop(str(command["actor"]), None)
        elif kind == "resolve":
            phase = game.results[resolved].phase if resolved < len(game.results) else None
            resolved += 1
            if phase is not None and phase.kind is PhaseKind.NIGHT:
                for actor, act in standing.items():
                    question = asked(act)
                    if question is not None:
                        for reader in _readers(game, actor):
                            found.setdefault((phase.number, reader), []).append(question)
            standing = {}
    return {key: questions[0] for key, questions in found.items() if len(questions) == 1}


def _readers(game: Game, actor: str) -> set[str]:
    state = game.state
    readers = {actor}
    for clan in state.clans_of(actor):
        readers.update(p.name for p in state.clan_members(clan, alive_only=False))
    return readers
