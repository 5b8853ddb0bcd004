"""Refusals in the player's language: what was wrong, and which rule says so."""

from __future__ import annotations

from typing import Any

from rankedmafia.text.roles import role_name

ERRORS: dict[str, dict[str, str]] = {
    "ru": {
        "unknown_player": "нет игрока с ником «{name}»",
        "unknown_role": "неизвестная роль «{role}» у игрока {name}",
        "duplicate_name": "ник «{name}» встречается дважды",
        "reserved_name": "ник «{name}» занят правилами",
        "too_few_players": "нужно хотя бы {least} игрока",
        "dead_actor": "{name} выбыл из игры и не может ходить",
        "dead_target": "{name} выбыл из игры: на него нельзя указать",
        "dead_voter": "{name} выбыл из игры и не голосует",
        "dead_candidate": "{name} выбыл из игры: за него нельзя голосовать",
        "already_acted": "{name} уже отписал ход этой ночью ({action}); одно действие за ночь",
        "no_such_action": "у роли «{role}» нет действия «{action}» (игрок {name})",
        "target_count": "действие «{action}» требует от {least} до {most} целей, указано {got}",
        "duplicate_target": "в действии «{action}» одна цель указана дважды",
        "self_target": "действие «{action}» нельзя направить на себя",
        "missing_option": "действию «{action}» нужен параметр «{option}»",
        "unexpected_option": "у действия «{action}» нет параметров",
        "repeat_target": "нельзя две ночи подряд указывать на одного игрока ({name}) действием «{action}»",
        "mafia_double_at_three": "когда в игре трое, мафия лишается права убивать двоих ({action})",
        "intimidation_cap": "когда живых меньше 10, мафия не может глушить более {most}",
        "heal_from_threshold": "когда в городе {most} игроков или меньше, доктор не лечит от роли",
        "heal_from_source": "лечить можно от: {choices} (указано «{source}»)",
        "heal_from_repeat": "нельзя лечить от одной и той же роли ({source}) две ночи подряд",
        "serum_repeat": "когда живых меньше {below}, сыворотку нельзя использовать две ночи подряд",
        "nothing_to_withdraw": "{actor} не отписывал хода этой ночью",
        "game_over": "игра окончена (победитель: {winner})",
        "not_night": "сейчас не ночь ({phase})",
        "not_day": "сейчас не день ({phase})",
        "unknown_command": "неизвестная команда «{command}»",
        "unknown_house_rule": "неизвестное правило дома «{rule}» = {value}",
    },
    "en": {
        "unknown_player": "there is no player called “{name}”",
        "unknown_role": "unknown role “{role}” for player {name}",
        "duplicate_name": "the nickname “{name}” appears twice",
        "reserved_name": "the nickname “{name}” is reserved by the rules",
        "too_few_players": "at least {least} players are needed",
        "dead_actor": "{name} is out of the game and cannot act",
        "dead_target": "{name} is out of the game and cannot be targeted",
        "dead_voter": "{name} is out of the game and does not vote",
        "dead_candidate": "{name} is out of the game and cannot be voted for",
        "already_acted": "{name} has already sent an action tonight ({action}); one action a night",
        "no_such_action": "the role “{role}” has no action “{action}” (player {name})",
        "target_count": "the action “{action}” takes {least} to {most} targets, {got} given",
        "duplicate_target": "the action “{action}” names one target twice",
        "self_target": "the action “{action}” cannot target oneself",
        "missing_option": "the action “{action}” needs the option “{option}”",
        "unexpected_option": "the action “{action}” takes no option",
        "repeat_target": "“{action}” cannot target the same player ({name}) two nights running",
        "mafia_double_at_three": "with three players left the mafia may not kill two ({action})",
        "intimidation_cap": "with fewer than 10 alive the mafia may intimidate at most {most}",
        "heal_from_threshold": "with {most} or fewer alive the doctor cannot heal from a role",
        "heal_from_source": "one can heal from: {choices} (given “{source}”)",
        "heal_from_repeat": "the doctor cannot heal from the same role ({source}) two nights running",
        "serum_repeat": "with fewer than {below} alive the serum cannot be used two nights running",
        "nothing_to_withdraw": "{actor} has sent no action tonight",
        "game_over": "the game is over (winner: {winner})",
        "not_night": "it is not night ({phase})",
        "not_day": "it is not day ({phase})",
        "unknown_command": "unknown command “{command}”",
        "unknown_house_rule": "unknown house rule “{rule}” = {value}",
    },
}


def describe(error: Any, lang: str = "ru") -> str:
    """The refusal's sentence. Unknown ids fall back to the id itself, so nothing is ever lost."""
    catalogue = ERRORS.get(lang, ERRORS["ru"])
    template = catalogue.get(error.rule)
    params = dict(error.params)
    if "role" in params and isinstance(params["role"], str):
        params["role"] = role_name(params["role"], lang)
    if "choices" in params and isinstance(params["choices"], list):
        params["choices"] = ", ".join(params["choices"])
    if template is None:
        return f"{error.rule} {params}"
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return f"{error.rule} {params}"
