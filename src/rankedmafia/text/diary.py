"""A player's diary: what he sent each phase and what came of it, in words, from his own commands and his
view alone. The site's «Мой дневник» shows it; an AI seat's prompt quotes it, so that he can tie what
the town was told («журналист брал интервью у комиссара») to the player he chose himself."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act
from rankedmafia.rules.view import PlayerView
from rankedmafia.text.council_answers import council_questions
from rankedmafia.text.names import action_name, phase_name, question_text, source_name
from rankedmafia.text.roles import role_name
from rankedmafia.text.summary import Renderer

VOTE_WORDS = {"ru": {"vote": "голос", "blue": "синий"}, "en": {"vote": "vote", "blue": "blue"}}


def known_sexes(game: Game) -> dict[str, str]:
    """The sex players gave when joining (public: the texts agree with it)."""
    return {p.name: p.sex for p in game.players() if p.sex}


def act_text(act: dict[str, Any], lang: str) -> str:
    """An action as the player sent it, in words: "заблокировать: Борис", "копировать роль (маньяк —
    быстрое убийство): Вася", "вопрос Совету: Живых игроков стороны «мафия»: не меньше 2?"."""
    sent = Act.from_fields({"actor": "", **act})  # his view's own action names no actor
    action, option = str(sent.action), sent.chosen
    text = action_name(action, lang)
    if action == "copy" and option:
        use = sent.copy.use if sent.copy is not None else ""
        text += f" ({role_name(str(option), lang)} — {action_name(use, lang)})"
        carried = sent.carried()
        if use == "ask" and carried.chosen:
            text += f": {question_text(carried.chosen, carried.question.args if carried.question else None, lang)}"
    elif action == "heal_from" and option:
        text += f" ({source_name(str(option), lang)})"
    elif action == "ask" and option:
        text = f"{text}: {question_text(str(option), sent.question.args if sent.question else None, lang)}"
    targets = [str(t) for t in act.get("targets", ())]
    return f"{text}: {', '.join(targets)}" if targets else text


def private_lines(view: PlayerView, lang: str, known: dict[str, str] | None = None,
                  questions: dict[tuple[int, str], Any] | None = None) -> list[dict[str, Any]]:
    """His own results: the info entries and private events of his view, phase by phase (the Council's
    answers with their questions)."""
    renderer = Renderer(lang, sexes=known, yo=True, questions=questions)
    out = []
    for event in view.log:
        to = event.get("to")
        if to is None:
            continue
        if event.get("type") == "info":
            lines = [renderer.info_line(event)]
        else:
            clans = {to[5:]: [view.name]} if isinstance(to, str) and to.startswith("clan:") else {}
            lines = renderer.private([], [event], clans).get(view.name, [])
        for line in lines:
            out.append({"phase": event["phase"], "number": event["number"], "text": line})
    return out


def diary(game: Game, view: PlayerView, lang: str,
          questions: dict[tuple[int, str], Any] | None = None) -> list[dict[str, Any]]:
    """His own record, phase by phase: the action he sent each night (or his vote each day) as it stood
    when the phase ended, and every result he received. Built from his own commands and his view only
    (`questions`: `council_questions(game)`, if the caller keeps it)."""
    sent: dict[tuple[str, int], str] = {}
    current: str | None = None
    phases = [(r.phase.kind.value, r.phase.number) for r in game.results]
    words = VOTE_WORDS.get(lang, VOTE_WORDS["ru"])
    index = 0
    for command in game.commands:
        kind = command.get("type")
        if kind == "act" and command.get("actor") == view.name:
            current = act_text(command, lang)
        elif kind == "withdraw" and command.get("actor") == view.name:
            current = None
        elif kind == "vote" and command.get("voter") == view.name:
            choice = str(command.get("choice"))
            current = words["vote"] + ": " + (words["blue"] if choice == BLUE else choice)
        elif kind == "resolve":
            if current is not None and index < len(phases):
                sent[phases[index]] = current
            current, index = None, index + 1
    results: dict[tuple[str, int], list[str]] = defaultdict(list)
    questions = council_questions(game) if questions is None else questions
    for line in private_lines(view, lang, known_sexes(game), questions):
        results[(line["phase"], line["number"])].append(line["text"])
    keys = [*phases]
    now = (game.phase.kind.value, game.phase.number)
    if not game.over and now not in keys:
        keys.append(now)
    return [
        {"phase": kind, "number": number, "title": phase_name(kind, lang, number),
         "sent": sent.get((kind, number)), "results": results.get((kind, number), [])}
        for kind, number in keys
        if sent.get((kind, number)) or results.get((kind, number))
    ]
