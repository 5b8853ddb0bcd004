"""A player's night forms, built from the core's list of what he may send now (`game.choices(name)`), so
that every target and option a form offers is one the engine accepts. Everything is shown by its display
name; the ids only travel in the forms' values.

Shapes (the API's `me.actions` and the templates read the same dicts):
  {id, label, explain, least, most, counts, slots: [[name, ...] per target position], option, options:
   [{id, label}], copies: [{role, label, uses: [<the same shape>]}], questions: [{id, label, fields}]}
"""

from __future__ import annotations

import json
from typing import Any

from rankedmafia.rules import council
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.text.names import action_explanation, action_name, op_name, question_label, sex_name, source_name
from rankedmafia.text.roles import role_name, side_name


def choice_form(choice: Choice, lang: str, game: Game | None = None) -> dict[str, Any]:
    """A choice as a form: display names, and (given the game) each Council question's blanks."""
    counts = [int(c) for c in choice.counts] or [0]
    entry: dict[str, Any] = {
        "id": choice.action,
        "label": action_name(choice.action, lang),
        "explain": action_explanation(choice.action, lang),
        "counts": counts,
        "least": min(counts),
        "most": max(counts),
        "slots": [list(slot) for slot in choice.slots],
        "option": choice.option,
        "options": [],
        "copies": [],
        "questions": [],
    }
    if choice.option == "role" and choice.action != "copy":
        entry["options"] = [{"id": o, "label": source_name(o, lang)} for o in choice.options]
    elif choice.option == "question":
        entry["questions"] = [{"id": o, "label": question_label(o, lang)} for o in choice.options]
        if game is not None:
            for question in entry["questions"]:
                question["fields"] = question_fields(game, question["id"], lang)
    for copy in choice.copies:
        entry["copies"].append({"role": copy.role, "label": role_name(copy.role, lang),
                                "uses": [choice_form(use, lang, game) for use in copy.uses]})
    return entry


def question_fields(game: Game, template: str, lang: str) -> list[dict[str, Any]]:
    """The Council question's blanks, each with the values it may take (the core's list), by name."""
    fields = council_fields(game, template)
    out = []
    for key, values in fields.items():
        kind = "players" if key == "players" else key
        labels: list[dict[str, Any]] = []
        for value in values:
            if key in ("side", "a", "b"):
                label = side_name(str(value), lang)
            elif key == "op":
                label = op_name(str(value), lang)
            elif key == "role":
                label = role_name(str(value), lang)
            elif key == "sex":
                label = sex_name(str(value), lang)
            else:
                label = str(value)
            labels.append({"id": str(value), "label": label})
        out.append({"key": key, "kind": kind, "values": labels, "multiple": key == "players"})
    return out


def council_fields(game: Game, template: str) -> dict[str, list[Any]]:
    """The core's list of the values each blank of a question may take."""
    return {key: list(values) for key, values in council.fields(game.state, template).items()}


def question_detail(game: Game, template: str, given: dict[str, list[str]]) -> str:
    """The question's arguments as the engine takes them (JSON), from the form's fields."""
    spec = council.TEMPLATES.get(template)
    if spec is None:
        return "{}"
    args: dict[str, Any] = {}
    for key in spec.args:
        values = given.get(key, [])
        if key == "players":
            args[key] = values
        elif key == "n":
            args[key] = int(values[0]) if values and values[0].isdigit() else -1
        else:
            args[key] = values[0] if values else ""
    return json.dumps(args, ensure_ascii=False)


def legal_choices(game: Game, name: str) -> tuple[Choice, ...]:
    """What he may send now: the core's `game.choices(name)`, the one answer every front end uses."""
    return game.choices(name)
