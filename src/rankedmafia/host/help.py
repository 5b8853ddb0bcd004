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
from rankedmafia.text.names import FIELDS, op_name, question_label, sex_name
from rankedmafia.text.reference import actions_of
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name, side_name


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
ARG_VALUES = {"ru": {"n": "от 0 до {most}", "player": "ник", "players": "4 ника и больше через запятую"},
              "en": {"n": "0 to {most}", "player": "a nickname",
                     "players": "4 or more nicknames, commas"}}


def council_help(game: Game, lang: str) -> list[str]:
    """The Council's questions this game offers, each as its sentence with blanks, and what each blank
    may be, all in words (rules/council.py's own templates and fields; the text layer's names)."""
    texts = ARG_VALUES.get(lang, ARG_VALUES["ru"])
    fields = FIELDS.get(lang, FIELDS["ru"])
    lines = [t(lang, "help_council")]
    for template in council.offered(game.state):
        lines.append(f"  «{question_label(template, lang)}»")
        for arg, values in council.fields(game.state, template).items():
            if arg in texts:
                shown = texts[arg].format(most=len(game.state.players))
            else:
                shown = ", ".join(_value_name(arg, value, lang) for value in values)
            lines.append(f"      {fields.get(arg, arg)}: {shown}")
    return lines


def _value_name(arg: str, value: object, lang: str) -> str:
    """One value of a question's blank as players write it: a side, a comparison, a role, a sex."""
    if arg in ("side", "a", "b"):
        return side_name(str(value), lang)
    if arg == "op":
        return op_name(str(value), lang)
    if arg == "role":
        return role_name(str(value), lang)
    if arg == "sex":
        return sex_name(str(value), lang)
    return str(value)
