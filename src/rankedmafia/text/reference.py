"""The role reference, generated from the role modules themselves so that it cannot go stale."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass

from rankedmafia.rules import roles as roles_package
from rankedmafia.rules.role import Action, Role
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.roles.mafia import BOSS_ACTIONS
from rankedmafia.text.roles import role_name

SIDE_TITLES = {"ru": {"town": "город", "mafia": "мафия", "loners": "одиночки"},
               "en": {"town": "town", "mafia": "mafia", "loners": "loners"}}


@dataclass(frozen=True, slots=True)
class Entry:
    role: Role
    paragraph: str  # the role module's docstring: its paragraph of the rule book


def entries() -> list[Entry]:
    docs: dict[str, str] = {}
    for info in pkgutil.iter_modules(roles_package.__path__):
        module = importlib.import_module(f"{roles_package.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, Role) and value.id not in docs:
                docs[value.id] = (module.__doc__ or "").strip()
    return [Entry(role, docs.get(role.id, "")) for role in ROLES.values()]


def describe_action(action: Action) -> str:
    least, most = action.targets
    parts = [action.id]
    if most:
        parts.append(f"[{least}]" if least == most else f"[{least}–{most}]")
    if action.option:
        parts.append(f"<{action.option}>")
    limits = []
    if action.self_target:
        limits.append("self allowed")
    if action.no_repeat:
        limits.append("not twice running" + (" (lifted at 3 alive)" if action.repeat_at_three else ""))
    if action.block_tier is not None:
        limits.append(f"block tier {action.block_tier.name.lower()}")
    return " ".join(parts) + (f" ({'; '.join(limits)})" if limits else "")


def actions_of(role: Role) -> list[Action]:
    return list(role.actions) + (list(BOSS_ACTIONS) if role.ranked else [])


def markdown(lang: str = "en") -> str:
    sides = SIDE_TITLES.get(lang, SIDE_TITLES["en"])
    lines = ["# Roles", "",
             "Generated from the role modules by `rankedmafia roles --markdown --lang en`; do not edit by hand.", "",
             "| id | name | side | actions |", "| --- | --- | --- | --- |"]
    for entry in entries():
        role = entry.role
        actions = "<br>".join(describe_action(a) for a in actions_of(role)) or "—"
        lines.append(f"| `{role.id}` | {role_name(role.id, 'ru')} / {role_name(role.id, 'en')} | "
                     f"{sides[role.side.value]} | {actions} |")
    lines.append("")
    for entry in entries():
        lines += [f"## `{entry.role.id}` — {role_name(entry.role.id, 'ru')}", "", entry.paragraph, ""]
    return "\n".join(lines)
