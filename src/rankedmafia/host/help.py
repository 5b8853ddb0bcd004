"""`помощь`: every action of every role in the game, a line each; `помощь ROLE`: that role's rules.

The role texts are the plain-words rules players read on their role cards (text/role_rules.py); the
action lines are the forum vocabulary's (forum/vocabulary.py), so nothing here can drift from the rules.
"""

from __future__ import annotations

from rankedmafia.forum.names import fold, lemmas
from rankedmafia.forum.vocabulary import ACTION_WORDS, display, explanation
from rankedmafia.host.i18n import t
from rankedmafia.rules import council
from rankedmafia.rules.game import Game
from rankedmafia.rules.roles import ROLES
from rankedmafia.text.reference import actions_of
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name


def action_line(action_id: str, lang: str) -> str:
    words = ACTION_WORDS.get(action_id)
    example = f" — {explanation(action_id, lang)}" if words else ""
    return f"  {display(action_id, lang)}{example}"


def game_help(game: Game, lang: str) -> list[str]:
    """Each role dealt in this game (the setup is public) with its actions explained."""
    lines = [t(lang, "help_roles")]
    for role_id in sorted(set(game.setup_roles()), key=lambda r: role_name(r, lang)):
        actions = actions_of(ROLES[role_id])
        if not actions:
            continue
        lines.append(f"{role_name(role_id, lang)}:")
        lines += [action_line(a.id, lang) for a in actions]
    lines.append(t(lang, "help_more"))
    return lines


def find_role(typed: str) -> str | None:
    """The role a host names ("доктор", "доктора", "doctor", "мафиози 1-го ранга")."""
    key = fold(typed.strip())
    for role_id in ROLES:
        if key in (fold(role_id), fold(role_name(role_id, "ru")), fold(role_name(role_id, "en"))):
            return role_id
    words = typed.split()
    for role_id in ROLES:
        name_words = role_name(role_id, "ru").split()
        if len(name_words) == len(words) and all(lemmas(a) & lemmas(b) for a, b in zip(words, name_words,
                                                                                        strict=True)):
            return role_id
    return None


def role_help(typed: str, lang: str) -> list[str] | None:
    """That role's rules in plain words and its actions; None if no role is called so."""
    if fold(typed.strip()) in COUNCIL_TOPICS:
        return None
    role_id = find_role(typed)
    if role_id is None:
        return None
    lines = [f"{role_name(role_id, lang)}:", role_rules(role_id, lang)]
    lines += [action_line(a.id, lang) for a in actions_of(ROLES[role_id])]
    return lines


COUNCIL_TOPICS = frozenset({"ask", "вопрос", "совет", "совета", "council", "question", "спросить"})
ARG_VALUES = {"ru": {"n": "число 0–{most}", "player": "ник", "players": "4 ника и больше через запятую",
                     "role": "id роли: {roles}"},
              "en": {"n": "a number 0–{most}", "player": "a nickname", "players": "4 or more nicknames, commas",
                     "role": "a role id: {roles}"}}


def council_help(game: Game, lang: str) -> list[str]:
    """The Council's question templates this game offers, each as the host types it, with the values
    of its arguments (rules/council.py's own templates and fields)."""
    texts = ARG_VALUES.get(lang, ARG_VALUES["ru"])
    lines = [t(lang, "help_council")]
    for template in council.offered(game.state):
        spec = council.TEMPLATES[template]
        typed = " ".join([template, *(f"{arg}=…" for arg in spec.args)])
        lines.append(f"  ask {typed} — {spec.text.get(lang, spec.text['ru'])}")
        for arg, values in council.fields(game.state, template).items():
            if arg in texts:
                shown = texts[arg].format(most=len(game.state.players), roles=", ".join(map(str, values)))
            else:
                shown = " | ".join(map(str, values))
            lines.append(f"      {arg}: {shown}")
    return lines
