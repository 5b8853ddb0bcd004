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
from rankedmafia.rules.game import Game
from rankedmafia.text.names import action_explanation, action_name, op_name, question_label, sex_name, source_name
from rankedmafia.text.roles import role_name, side_name


def choice_form(choice: Any, lang: str) -> dict[str, Any]:
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
    for copy in getattr(choice, "copies", ()):
        entry["copies"].append(
            {"role": copy.role, "label": role_name(copy.role, lang), "uses": [choice_form(u, lang) for u in copy.uses]}
        )
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
    """`rankedmafia.rules.council.fields` where the core has it; else the same lists from the setup."""
    fields = getattr(council, "fields", None)
    if fields is not None:
        return {key: list(values) for key, values in fields(game.state, template).items()}
    spec = council.TEMPLATES[template]
    alive = game.alive()
    known: dict[str, list[Any]] = {
        "side": list(council.SIDES), "a": list(council.SIDES), "b": list(council.SIDES),
        "op": list(council.OPS), "n": list(range(len(game.players()) + 1)),
        "role": sorted(set(game.setup_roles())), "player": [p.name for p in game.players()],
        "players": alive,
    }
    return {key: known.get(key, []) for key in spec.args}


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


def legal_choices(game: Game, name: str) -> tuple[Any, ...]:
    """What he may send now: the core's `game.choices(name)`."""
    choices = getattr(game, "choices", None)
    if choices is not None:
        return tuple(choices(name))
    return _choices_from_actions(game, name)


def _choices_from_actions(game: Game, name: str) -> tuple[Any, ...]:
    """Until the core lists choices: his actions, each target (and each copied action) offered only if the
    engine's own check takes it."""
    from types import SimpleNamespace

    from rankedmafia.rules.roles import ROLES
    from rankedmafia.rules.roles.mafia import BOSS_ACTIONS

    alive = game.alive()

    def shape(action: str, targets: tuple[int, int], self_target: bool, option: str | None,
              detail: str | None, sent_as: str | None = None) -> Any:
        least, most = targets
        pool = [n for n in alive if self_target or n != name]
        submit, sent_option, sent_detail = (sent_as or action), option, detail
        if sent_as == "copy":
            sent_option, sent_detail = option, action
        if most == 0:
            if game.check(name, submit, [], sent_option, sent_detail) is not None:
                return None
        elif least <= 1:
            pool = [n for n in pool if game.check(name, submit, [n], sent_option, sent_detail) is None]
            if not pool:
                return None
        return SimpleNamespace(action=action, counts=tuple(range(least, most + 1)), slots=(tuple(pool),) * most,
                               option=None, options=(), copies=())

    out = []
    for action in game.actions_of(name):
        options = game.option_choices(name, action.id) if action.option else []
        if action.id == "copy":
            copies = []
            for role in options:
                spec = ROLES[role]
                specs = [*spec.actions, *(BOSS_ACTIONS if spec.ranked else ())]
                uses = [shape(a.id, a.targets, a.self_target, role, None, "copy") for a in specs if a.option is None]
                if any(uses):
                    copies.append(SimpleNamespace(role=role, uses=tuple(u for u in uses if u is not None)))
            if copies:
                out.append(SimpleNamespace(action="copy", counts=(0,), slots=(), option="role",
                                           options=tuple(options), copies=tuple(copies)))
            continue
        if action.id in ("ask", "heal_from"):
            first = options[0] if options else ""
            if action.id == "heal_from" and game.check(name, "heal_from", [], first) is not None:
                continue
            out.append(SimpleNamespace(action=action.id, counts=(0,), slots=(),
                                       option="question" if action.id == "ask" else "role",
                                       options=tuple(options), copies=()))
            continue
        found = shape(action.id, action.targets, action.self_target, None, None)
        if found is not None:
            out.append(found)
    return tuple(out)
