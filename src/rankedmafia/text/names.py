"""Display names of the ids every front end shows: actions, phases, presets, and a one-line explanation of
each action, in Russian (the default) and English. No id reaches a player's eyes: a front end asks here.

`refusal` turns an engine refusal into a sentence whose parameters are names too ("нельзя две ночи подряд
указывать на одного игрока (Борис) действием «заблокировать»"), never ids.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import yaml

from rankedmafia.rules import council
from rankedmafia.text.errors import describe
from rankedmafia.text.roles import CLAN_LABELS, role_name, side_name

ACTIONS: dict[str, dict[str, str]] = {
    "ru": {
        "kill": "убить",
        "kill_intimidate": "убить и запугать",
        "intimidate": "запугать",
        "ask": "вопрос Совету",
        "interview": "интервью",
        "defend": "отмазать",
        "drink": "споить",
        "block": "заблокировать",
        "check": "проверить",
        "heal": "лечить",
        "heal_from": "лечить от роли",
        "serum": "сыворотка правды",
        "poison": "отравить",
        "guard": "охранять",
        "compare": "сравнить двоих",
        "mark": "указать",
        "watch": "следить",
        "prosecute": "снять отмазу",
        "kill_bloody": "кровавое убийство",
        "kill_quick": "быстрое убийство",
        "torture": "пытать",
        "revive": "оживить",
        "deliver": "доставить проверку",
        "hire": "наняться",
        "infect": "заразить",
        "seduce": "соблазнить",
        "copy": "копировать роль",
        "search": "искать маньяка",
        "bodyguard": "закрыть собой",
        "self_accuse": "взять вину на себя",
        "investigate": "расследовать",
        "shuffle": "перетасовать (лечит себя)",
        "peek": "подсмотреть",
        "vote_kill": "голос клана: убить",
    },
    "en": {
        "kill": "kill",
        "kill_intimidate": "kill and intimidate",
        "intimidate": "intimidate",
        "ask": "ask the Council",
        "interview": "interview",
        "defend": "defend",
        "drink": "get drunk",
        "block": "block",
        "check": "check",
        "heal": "heal",
        "heal_from": "heal from a role",
        "serum": "truth serum",
        "poison": "poison",
        "guard": "guard",
        "compare": "compare two",
        "mark": "mark",
        "watch": "watch",
        "prosecute": "lift a defense",
        "kill_bloody": "bloody kill",
        "kill_quick": "quick kill",
        "torture": "torture",
        "revive": "revive",
        "deliver": "deliver a check",
        "hire": "hire out",
        "infect": "infect",
        "seduce": "seduce",
        "copy": "copy a role",
        "search": "search for the maniac",
        "bodyguard": "shield him",
        "self_accuse": "take the blame",
        "investigate": "investigate",
        "shuffle": "shuffle (heals himself)",
        "peek": "peek",
        "vote_kill": "the clan's vote: kill",
    },
}

EXPLAIN: dict[str, dict[str, str]] = {
    "ru": {
        "kill": "игрок погибнет этой ночью, если его не спасут",
        "kill_intimidate": "одного убить, второго лишить голоса на завтра",
        "intimidate": "лишить 1–3 игроков голоса на завтрашнем голосовании",
        "ask": "задать Совету вопрос о раскладе; ответ придёт утром",
        "interview": "узнать роль игрока; в итогах скажут, у кого брали интервью (без ника)",
        "defend": "игрока нельзя будет повесить завтра (отмаза)",
        "drink": "ход игрока этой ночью не состоится и перенесётся на следующую",
        "block": "игрок ничего не сделает этой ночью",
        "check": "узнать, мафия игрок или нет",
        "heal": "спасти игрока от смерти этой ночью (можно себя)",
        "heal_from": "спасти всех жертв выбранной роли этой ночью",
        "serum": "роль игрока объявят всем; 50% — откроют и ваш ник",
        "poison": "игрок не голосует два дня",
        "guard": "блокировать игрока и защитить его от смерти и чужих действий",
        "compare": "узнать, за одну ли сторону играют двое",
        "mark": "если вас убьют (шахид) или повесят (повеса), указанный игрок уйдёт с вами",
        "watch": "узнать ники тех, кто пытался убить игрока",
        "prosecute": "если угадаете, с игрока снимут отмазу адвоката",
        "kill_bloody": "жертва погибнет, её роль откроют; блокеры, пришедшие к ней, погибнут тоже",
        "kill_quick": "жертва погибнет без следов",
        "torture": "игрок не голосует два дня",
        "revive": "вернуть к жизни одного из убитых этой ночью",
        "deliver": "первого проверить (мафия или нет), результат получит второй",
        "hire": "наняться к игроку (можно сразу назвать жертву); удастся, если он убийца",
        "infect": "игрок умрёт в конце следующей ночи, если его не вылечат",
        "seduce": "игрок не голосует завтра",
        "copy": "скопировать роль расклада и её действие (каждую ночь — другие)",
        "search": "проверить, не маньяк ли это",
        "bodyguard": "если маньяка убьют, погибнете вы вместо него",
        "self_accuse": "если маньяка повесят, повесят вас вместо него",
        "investigate": "узнать, не ваша ли это цель",
        "shuffle": "вылечить себя этой ночью",
        "peek": "узнать, что игрок сделал этой ночью",
    },
    "en": {
        "kill": "the player dies tonight unless saved",
        "kill_intimidate": "kill one, take the other's vote tomorrow",
        "intimidate": "take 1–3 players' votes tomorrow",
        "ask": "ask the Council about the setup; the answer comes in the morning",
        "interview": "learn the player's role; the summary tells it happened (no name)",
        "defend": "the player cannot be hanged tomorrow",
        "drink": "his action tonight does not happen and moves to the next night",
        "block": "the player does nothing tonight",
        "check": "learn whether the player is mafia",
        "heal": "save the player from death tonight (yourself too)",
        "heal_from": "save every victim of the chosen role tonight",
        "serum": "the player's role is announced; 50% your name is too",
        "poison": "the player cannot vote for two days",
        "guard": "block the player and shield him from death and others' actions",
        "compare": "learn whether two players play for one side",
        "mark": "if you are killed (shahid) or hanged (rake), he goes with you",
        "watch": "learn who tried to kill the player",
        "prosecute": "if you guess right, the lawyer's defense is lifted",
        "kill_bloody": "the victim dies and his role is revealed; visitors die too",
        "kill_quick": "the victim dies without a trace",
        "torture": "the player cannot vote for two days",
        "revive": "bring one of tonight's dead back",
        "deliver": "check the first (mafia or not); the second gets the result",
        "hire": "hire out to a player (a victim may be named now); works if he is a killer",
        "infect": "the player dies at the end of the next night unless healed",
        "seduce": "the player cannot vote tomorrow",
        "copy": "copy a role of the setup and one of its actions (different each night)",
        "search": "check whether this is the maniac",
        "bodyguard": "if the maniac is killed, you die in his place",
        "self_accuse": "if the maniac is hanged, you hang in his place",
        "investigate": "learn whether this is your quarry",
        "shuffle": "heal yourself tonight",
        "peek": "learn what the player did tonight",
    },
}

PHASES: dict[str, dict[str, str]] = {
    "ru": {"night": "Ночь", "day": "День", "lobby": "Набор игроков"},
    "en": {"night": "Night", "day": "Day", "lobby": "Lobby"},
}

OPS: dict[str, dict[str, str]] = {
    "ru": {"eq": "ровно", "ne": "не ровно", "gt": "больше", "ge": "не меньше", "lt": "меньше", "le": "не больше"},
    "en": {"eq": "exactly", "ne": "not exactly", "gt": "more than", "ge": "at least", "lt": "fewer than",
           "le": "at most"},
}

# The blanks of a Council question (rankedmafia.rules.council.TEMPLATES' args).
FIELDS: dict[str, dict[str, str]] = {
    "ru": {"side": "сторона", "a": "сторона", "b": "другая сторона", "op": "сравнение", "n": "число",
           "role": "роль", "player": "игрок", "players": "игроки", "sex": "пол"},
    "en": {"side": "side", "a": "side", "b": "other side", "op": "comparison", "n": "number", "role": "role",
           "player": "player", "players": "players", "sex": "sex"},
}

# what stands beside an action's targets (`Action.option`), as a refusal names it
OPTIONS: dict[str, dict[str, str]] = {
    "ru": {"role": "роль", "question": "вопрос Совету"},
    "en": {"role": "role", "question": "the Council's question"},
}

SEXES: dict[str, dict[str, str]] = {
    "ru": {"m": "мужской", "f": "женский"},
    "en": {"m": "male", "f": "female"},
}

# The Council's questions as whole sentences, every blank filled («Живых игроков стороны «город» не меньше
# 3?»): `op` compares a count with a number, `cmp` two counts (so that no comparison reads «ровно, чем»),
# `people` names the players of a sex.
QUESTIONS: dict[str, dict[str, str]] = {
    "ru": {
        "side_count": "Живых игроков стороны «{side}» {op} {n}?",
        "side_roles": "Ролей стороны «{side}» (не мирных) в игре {op} {n}?",
        "role_count": "Живых игроков с ролью «{role}» {op} {n}?",
        "compare_sides": "Живых игроков стороны «{a}» {cmp} стороны «{b}»?",
        "immune_count": "Иммунитетчиков в игре {op} {n}?",
        "immune_have_roles": "Среди иммунитетчиков есть роли?",
        "visited": "Приходила ли прошлой ночью к игроку {player} роль «{role}»?",
        "girl_blocked_active": "Девочка прошлой ночью заблокировала активную роль?",
        "group_side_count": "Из игроков {players} на стороне «{side}» {op} {n}?",
        "roles_vs_immune": "Ролей в игре (не мирных) {cmp} иммунитетчиков?",
        "sex_count": "Живых {people} {op} {n}?",
        "roles_vs_sex": "Ролей в игре (не мирных) {cmp} живых {people}?",
    },
    "en": {
        "side_count": "Living players of {side}: {op} {n}?",
        "side_roles": "Roles (not civilians) of {side} left: {op} {n}?",
        "role_count": "Living players with the role {role}: {op} {n}?",
        "compare_sides": "Living players of {a}: {cmp} those of {b}?",
        "immune_count": "Immune players alive: {op} {n}?",
        "immune_have_roles": "Are there roles among the immune?",
        "visited": "Did the {role} visit {player} last night?",
        "group_side_count": "Among {players}, players of {side}: {op} {n}?",
        "girl_blocked_active": "Did the girl block an active role last night?",
        "roles_vs_immune": "Roles (not civilians) alive: {cmp} the immune players?",
        "sex_count": "Living {people}: {op} {n}?",
        "roles_vs_sex": "Roles (not civilians) alive: {cmp} the living {people}?",
    },
}
COMPARED: dict[str, dict[str, str]] = {
    "ru": {"eq": "столько же, сколько", "ne": "не столько же, сколько", "gt": "больше, чем",
           "ge": "не меньше, чем", "lt": "меньше, чем", "le": "не больше, чем"},
    "en": {"eq": "as many as", "ne": "not as many as", "gt": "more than", "ge": "at least as many as",
           "lt": "fewer than", "le": "at most as many as"},
}
PEOPLE: dict[str, dict[str, str]] = {
    "ru": {"m": "мужчин", "f": "женщин"},
    "en": {"m": "men", "f": "women"},
}


def _lang(lang: str) -> str:
    return lang if lang in ACTIONS else "ru"


def action_name(action: str, lang: str = "ru") -> str:
    return ACTIONS[_lang(lang)].get(action) or ACTIONS["ru"].get(action) or action.replace("_", " ")


def action_explanation(action: str, lang: str = "ru") -> str:
    return EXPLAIN[_lang(lang)].get(action, "")


def phase_name(kind: str, lang: str = "ru", number: int | None = None) -> str:
    """"Ночь 2", "Day 1"; a phase label as the platform stores it ("night 2") is read too."""
    if number is None and " " in kind:
        kind, _, digits = kind.partition(" ")
        number = int(digits) if digits.isdigit() else None
    name = PHASES[_lang(lang)].get(kind, kind)
    return f"{name} {number}" if number is not None else name


# the forum engines whose saved pages the vote counter reads (forum/thread.py), by their own names
ENGINES: dict[str, str] = {"phpbb": "phpBB", "vbulletin": "vBulletin", "invision": "Invision", "xenforo": "XenForo",
                           "smf": "SMF", "mybb": "MyBB", "ucoz": "uCoz", "discourse": "Discourse",
                           "vk": "ВКонтакте"}
PASTED = {"ru": "вставленный текст", "en": "pasted text"}
GENERIC = {"ru": "страница форума (по разметке)", "en": "forum page (by structure)"}


def engine_name(engine: str, lang: str = "ru") -> str:
    """«vBulletin», «вставленный текст»: what read a page of the thread, never its id."""
    if engine in ENGINES:
        return ENGINES[engine]
    if engine == "generic":
        return GENERIC[_lang(lang)]
    return PASTED[_lang(lang)] if engine == "text" else engine


def op_name(op: str, lang: str = "ru") -> str:
    return OPS[_lang(lang)].get(op, op)


def sex_name(sex: str, lang: str = "ru") -> str:
    return SEXES[_lang(lang)].get(sex, sex)


def preset_title(name: str, lang: str = "ru") -> str:
    """A preset's title from its own file ("Классика на 12 игроков"); its id if it has none."""
    target = resources.files("rankedmafia") / "presets" / f"{name}.yaml"
    if not target.is_file():
        return name
    title = (yaml.safe_load(target.read_text(encoding="utf-8")) or {}).get("title") or {}
    if isinstance(title, dict):
        return str(title.get(_lang(lang)) or title.get("ru") or name)
    return str(title) or name


def source_name(source: str, lang: str = "ru") -> str:
    """heal_from's source: a side ("мафия"), a role, or a clan of a two-clan game ("клан «красные»")."""
    if source in ("mafia", "town", "maniac") or source in CLAN_LABELS["ru"]:
        return side_name(source, lang)
    return role_name(source, lang)  # (a source nobody knows is shown as written)


@dataclass(frozen=True, slots=True)
class _Named:
    """A refusal whose parameters are display names (what `describe` formats)."""

    rule: str
    params: dict[str, Any] = field(default_factory=dict)


def refusal(error: Any, lang: str = "ru") -> str:
    """The engine's refusal as a sentence with names for every id it carries (actions, phases, sides,
    heal_from's sources, the Council's questions)."""
    params = dict(error.params)
    for key in ("action", "copied"):
        if isinstance(params.get(key), str):
            params[key] = action_name(params[key], lang)
    if isinstance(params.get("phase"), str):
        params["phase"] = phase_name(params["phase"], lang).lower() if lang == "ru" else phase_name(
            params["phase"], lang)
    if isinstance(params.get("option"), str):
        params["option"] = OPTIONS[_lang(lang)].get(params["option"], params["option"])
    if isinstance(params.get("source"), str):
        params["source"] = source_name(params["source"], lang)
    for key in ("side", "winner"):
        value = params.get(key)
        if isinstance(value, str) and not (error.rule in ("council_side", "detective_side")
                                           and value not in (*council.SIDES, "maniac")):
            params[key] = side_name(value, lang)  # (a side the Council does not know is shown as written)
    if isinstance(params.get("op"), str):
        params["op"] = op_name(params["op"], lang)
    if isinstance(params.get("template"), str) and params["template"] in council.TEMPLATES:
        params["template"] = question_label(params["template"], lang)
    if isinstance(params.get("expected"), str):
        params["expected"] = ", ".join(FIELDS[_lang(lang)].get(key, key) for key in params["expected"].split(", "))
    if isinstance(params.get("sex"), str) and params["sex"] in ("m", "f"):
        params["sex"] = sex_name(params["sex"], lang)
    choices = params.get("choices")
    if isinstance(choices, str) and (error.rule.startswith("council_") or error.rule == "unknown_preset"):
        choices = choices.split(", ")
    if isinstance(choices, list | tuple) and error.rule in ("heal_from_source",):
        params["choices"] = [source_name(str(c), lang) for c in choices]
    elif isinstance(choices, list | tuple) and error.rule in ("council_side",):
        params["choices"] = [side_name(str(c), lang) for c in choices]
    elif isinstance(choices, list | tuple) and error.rule in ("council_op",):
        params["choices"] = [op_name(str(c), lang) for c in choices]
    elif isinstance(choices, list | tuple) and error.rule == "unknown_preset":
        params["choices"] = [preset_title(str(c), lang) for c in choices]
    elif isinstance(choices, list | tuple) and error.rule in ("council_template",):
        params["choices"] = [question_label(str(c), lang) for c in choices]
    return describe(_Named(error.rule, params), lang)


def question_label(template: str, lang: str = "ru") -> str:
    """A Council question as a form offers it, its blanks shown as "…" ("Живых игроков стороны «…» … …?")."""
    sentence = QUESTIONS[_lang(lang)].get(template)
    if sentence is None:
        return template
    return sentence.format(**dict.fromkeys(("side", "op", "n", "role", "a", "b", "cmp", "player", "players",
                                            "people"), "…"))


def question_text(template: str, detail: Any, lang: str = "ru") -> str:
    """A Council question as a sentence with its arguments in words (sides, comparisons, roles and the
    players of a sex by name)."""
    lang = _lang(lang)
    sentence = QUESTIONS[lang].get(template)
    if sentence is None or template not in council.TEMPLATES:
        return question_label(template, lang)
    try:
        args = json.loads(detail) if isinstance(detail, str) else dict(detail or {})
    except (ValueError, TypeError):
        return question_label(template, lang)
    shown: dict[str, Any] = dict.fromkeys(council.TEMPLATES[template].args, "…")
    for key, value in args.items():
        if key in ("side", "a", "b"):
            shown[key] = side_name(str(value), lang)
        elif key == "op":
            shown["op"] = op_name(str(value), lang)
            shown["cmp"] = COMPARED[lang].get(str(value), str(value))
        elif key == "role":
            shown[key] = role_name(str(value), lang)
        elif key == "sex":
            shown["people"] = PEOPLE[lang].get(str(value), str(value))
        elif key == "players" and isinstance(value, list):
            shown[key] = ", ".join(map(str, value))
        else:
            shown[key] = value
    shown.setdefault("cmp", shown.get("op", "…"))
    shown.setdefault("people", "…")
    try:
        return sentence.format(**shown)
    except (KeyError, IndexError):
        return question_label(template, lang)
