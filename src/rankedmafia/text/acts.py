"""A night action in words, as a host or a player reads it back: «Вася: убить Аню и Бориса», «лечить Аню»,
«снять отмазу с Пети», «скопировать роль «Доктор»: лечить Машу».

Every front end that shows an action it took, confirms one or reads one from a message asks here, so the
words are the same on the site, in Telegram and on the forum host's desk. Names are declined by case
(text/declension.py); ids never appear: actions, roles, sides and the Council's questions are named in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rankedmafia.rules.model import Act
from rankedmafia.rules.roles import ROLES
from rankedmafia.text.declension import decline, decline_all
from rankedmafia.text.names import action_name
from rankedmafia.text.questions import question_sentence
from rankedmafia.text.roles import CLAN_LABELS, SIDE_NAMES, role_name, side_name

# What each action does, as a verb phrase with the case of its targets: `{accs}` is every target in that case,
# `{0:accs}` the first alone; `{option}` the doctor's source, `{question}` the Council's question.
PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "kill": "убить {accs}",
        "kill_intimidate": "убить {0:accs} и запугать {1:accs}",
        "intimidate": "запугать {accs}",
        "ask": "спросить Совет: {question}",
        "interview": "взять интервью у {gent}",
        "defend": "отмазать {accs}",
        "drink": "споить {accs}",
        "block": "заблокировать {accs}",
        "check": "проверить {accs}",
        "heal": "лечить {accs}",
        "heal_from": "лечить от {option}",
        "serum": "вколоть сыворотку правды {datv}",
        "poison": "отравить {accs}",
        "guard": "охранять {accs}",
        "compare": "сравнить {0:accs} и {1:accs}",
        "mark": "указать на {accs}",
        "watch": "следить за {ablt}",
        "prosecute": "снять отмазу с {gent}",
        "kill_bloody": "убить {accs} кроваво",
        "kill_quick": "убить {accs} быстро",
        "torture": "пытать {accs}",
        "revive": "оживить {accs}",
        "deliver": "проверить {0:accs} и отправить результат {1:datv}",
        "hire": "наняться к {0:datv}",
        "hire_with_victim": "наняться к {0:datv} и убить {1:accs}",
        "infect": "заразить {accs}",
        "seduce": "соблазнить {accs}",
        "search": "искать маньяка: проверить {accs}",
        "bodyguard": "закрыть собой маньяка",
        "self_accuse": "взять вину маньяка на себя",
        "investigate": "расследовать: проверить {accs}",
        "shuffle": "перетасовать колоду (вылечить себя)",
        "peek": "подсмотреть за {ablt}",
        "vote_kill": "голосовать в клане за убийство {gent}",
        "copy": "скопировать роль «{role}»: {copied}",
    },
    "en": {
        "kill": "kill {accs}",
        "kill_intimidate": "kill {0:accs} and intimidate {1:accs}",
        "intimidate": "intimidate {accs}",
        "ask": "ask the Council: {question}",
        "interview": "interview {accs}",
        "defend": "defend {accs}",
        "drink": "get {accs} drunk",
        "block": "block {accs}",
        "check": "check {accs}",
        "heal": "heal {accs}",
        "heal_from": "heal the victims of {option}",
        "serum": "give {accs} the truth serum",
        "poison": "poison {accs}",
        "guard": "guard {accs}",
        "compare": "compare {0:accs} and {1:accs}",
        "mark": "mark {accs}",
        "watch": "watch {accs}",
        "prosecute": "lift the defense of {accs}",
        "kill_bloody": "kill {accs} bloodily",
        "kill_quick": "kill {accs} quickly",
        "torture": "torture {accs}",
        "revive": "revive {accs}",
        "deliver": "check {0:accs} and send the result to {1:accs}",
        "hire": "hire out to {0:accs}",
        "hire_with_victim": "hire out to {0:accs} and kill {1:accs}",
        "infect": "infect {accs}",
        "seduce": "seduce {accs}",
        "search": "search for the maniac: check {accs}",
        "bodyguard": "shield the maniac",
        "self_accuse": "take the maniac's blame",
        "investigate": "investigate {accs}",
        "shuffle": "shuffle (heal himself)",
        "peek": "peek at {accs}",
        "vote_kill": "vote in the clan to kill {accs}",
        "copy": "copy the role «{role}»: {copied}",
    },
}

_SLOT = re.compile(r"\{(?:(\d+):)?(nomn|gent|datv|accs|ablt|loct)\}")


def _lang(lang: str) -> str:
    return lang if lang in PHRASES else "ru"


def _targets(template: str, targets: Sequence[str], sexes: Mapping[str, str], lang: str) -> str:
    def slot(match: re.Match[str]) -> str:
        position, case = match.group(1), match.group(2)
        if position is None:
            return decline_all(tuple(targets), case, dict(sexes), lang)
        index = int(position)
        if index >= len(targets):
            return "…"
        name = targets[index]
        return decline(name, case, sexes.get(name)) if lang == "ru" else name
    return _SLOT.sub(slot, template)


def _source(source: str, lang: str) -> str:
    """heal_from's source after «от»: «от мафии», «от маньяка»."""
    if lang != "ru":
        return f"the {role_name(source, lang)}" if source in ROLES else side_name(source, lang)
    if source in ROLES:
        return role_name(source, lang, genitive=True)
    if source in SIDE_NAMES["ru"]:
        return " ".join(decline(word, "gent") for word in SIDE_NAMES["ru"][source].split())
    return "клана «" + CLAN_LABELS["ru"].get(source, source) + "»"


def act_words(act: Act, sexes: Mapping[str, str] | None = None, lang: str = "ru") -> str:
    """What an act does, in words, with its targets declined; the joker's copy with the copied action's own
    option or question."""
    if act.copy is not None:
        role = role_name(act.copy.role, _lang(lang)) if act.copy.role else "…"
        return PHRASES[_lang(lang)]["copy"].format(role=role, copied=act_words(act.carried(), sexes, lang))
    question = act.question
    return act_phrase(act.action, act.targets, option=act.chosen, detail=question.args if question else None,
                      sexes=sexes, lang=lang)


def act_phrase(action: str, targets: Sequence[str] = (), *, option: str | None = None, detail: Any = None,
               sexes: Mapping[str, str] | None = None, lang: str = "ru") -> str:
    """What an action does, in words, with its targets declined: «убить Аню и Бориса». `option` is heal_from's
    source, the Council's template or the joker's copied role; `detail` the question's arguments or the
    joker's copied action (`act_words` tells a whole act, the copied action's own option included)."""
    lang = _lang(lang)
    sexes = sexes or {}
    if action == "copy":
        role = role_name(str(option), lang) if option else "…"
        copied = act_phrase(str(detail), targets, sexes=sexes, lang=lang) if detail else "…"
        return PHRASES[lang]["copy"].format(role=role, copied=copied)
    key = "hire_with_victim" if action == "hire" and len(targets) > 1 else action
    template = PHRASES[lang].get(key)
    if template is None:  # an action without a phrase of its own: its name, then its targets
        shown = action_name(action, lang)
        return f"{shown} {decline_all(tuple(targets), 'accs', dict(sexes), lang)}".strip()
    template = _targets(template, targets, sexes, lang)
    if "{option}" in template:
        template = template.replace("{option}", _source(option, lang) if option else "…")
    if "{question}" in template:
        shown = question_sentence(option, detail, lang, sexes) if option else "…"
        template = template.replace("{question}", shown)
    return template


def act_line(actor: str, action: str, targets: Sequence[str] = (), **fields: Any) -> str:
    """An action with its sender: «Вася: убить Петю»."""
    return f"{actor}: {act_phrase(action, targets, **fields)}"


def describe_act(act: Any, sexes: Mapping[str, str] | None = None, lang: str = "ru", *,
                 with_actor: bool = False) -> str:
    """An engine act (rules.model.Act, or a logged command's fields) in words."""
    if not isinstance(act, Act):
        act = Act.from_fields(act)
    phrase = act_words(act, sexes, lang)
    return f"{act.actor}: {phrase}" if with_actor else phrase
