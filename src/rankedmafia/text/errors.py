"""Refusals in the player's language: what was wrong, and which rule says so."""

from __future__ import annotations

from typing import Any

from rankedmafia.text.counts import ENGLISH, GENITIVE, given_targets, wanted_targets
from rankedmafia.text.roles import role_name

ERRORS: dict[str, dict[str, str]] = {
    "ru": {
        "unknown_player": "нет игрока с ником «{name}»",
        "unknown_role": "неизвестная роль «{role}»",
        "unknown_sex": "пол игрока {name} — m или f, а не «{sex}»",
        "council_sex_unknown": "о поле игроков спросить нельзя: не все живые игроки его указали",
        "council_sex": "пол — m или f, а не «{sex}»",
        "revive_not_dead": "оживить можно только того, кто погиб этой ночью; {name} среди погибших нет",
        "not_asked": "ход сейчас не у игрока {name}",
        "revive_later": "{name} ходит последним: убитых этой ночью ему назовут, когда походят остальные",
        "actions_closed": "ночные ходы закрыты: игрок {name} больше не может сходить этой ночью",
        "duplicate_name": "ник «{name}» встречается дважды",
        "reserved_name": "ник «{name}» занят правилами",
        "too_few_players": "нужно хотя бы {least} игрока",
        "dead_actor": "{name} выбыл из игры и не может ходить",
        "dead_target": "{name} выбыл: его нельзя указать",
        "dead_voter": "{name} выбыл из игры и не голосует",
        "dead_candidate": "{name} выбыл из игры: за него нельзя голосовать",
        "silenced_voter": "сегодня {name} лишён возможности голосовать",
        "already_acted": "{name} уже отписал ход этой ночью ({action}); одно действие за ночь",
        "no_such_action": "у роли «{role}» нет действия «{action}» (игрок {name})",
        "lost_as_boss": "{name} стал боссом: у него больше нет действия «{action}» роли «{role}»",
        "target_count": "действие «{action}» требует {wanted}, а {given}",
        "duplicate_target": "в действии «{action}» одна цель указана дважды",
        "self_target": "действие «{action}» нельзя направить на себя",
        "missing_option": "действию «{action}» нужен параметр «{option}»",
        "unexpected_option": "у действия «{action}» нет параметров",
        "repeat_target": "нельзя две ночи подряд указывать на одного игрока ({name}) действием «{action}»",
        "mafia_double_at_three": "когда в игре трое, мафия лишается права убивать двоих ({action})",
        "intimidation_cap": "когда живых меньше 10, мафия может запугать не больше {most_words} игроков",
        "heal_from_threshold": "когда в городе {most} игроков или меньше, доктор не лечит от роли",
        "heal_from_source": "лечить можно от: {choices} (указано «{source}»)",
        "heal_from_repeat": "нельзя лечить от одной и той же роли ({source}) две ночи подряд",
        "serum_repeat": "когда живых меньше {below}, сыворотку нельзя использовать две ночи подряд",
        "nothing_to_withdraw": "{actor} не отписывал хода этой ночью",
        "game_over": "игра окончена (победитель: {winner})",
        "game_ended": "игра окончена без победителя",
        "not_night": "сейчас не ночь ({phase})",
        "not_day": "сейчас не день ({phase})",
        "unknown_command": "неизвестная команда «{command}»",
        "unknown_house_key": "нет домашнего правила «{key}»; есть: {choices}",
        "unknown_house_rule": "домашнее правило «{key}» не может быть «{value}» (можно: {choices})",
        "employer_used": "к игроку {name} уже нанимались: наниматель не повторяется",
        "no_contract": "нет удачного найма, по которому можно убить",
        "employer_dead": "наниматель {name} выбыл: отложенное убийство невозможно",
        "employer_victim": "нельзя убить самого нанимателя ({name})",
        "postman_recipient": "игроку {name} письмо уже передавали: дважды одному игроку нельзя",
        "fan_one_search": "когда в городе {most} человек или меньше, фанат делает одну проверку за ночь",
        "fan_not_found": "фанат защищает маньяка только со следующей ночи после того, как нашёл его",
        "joker_role": "роли «{role}» нет в раскладе: джокер копирует только роли расклада",
        "joker_same_role": "джокер должен каждую ночь менять роль (прошлой ночью: {role})",
        "joker_same_action": "джокер должен каждую ночь менять действие (прошлой ночью: {action})",
        "council_template": "нет такого вопроса «{template}»; можно: {choices}",
        "council_args": "вопрос «{template}» требует параметров: {expected}",
        "council_side": "нет стороны «{side}»; стороны: {choices}",
        "council_op": "нет сравнения «{op}»; можно: {choices}",
        "council_number": "число в вопросе должно быть целым и неотрицательным ({n})",
        "council_role": "роли «{role}» нет в раскладе",
        "council_group": "имена игроков можно называть, только если живых среди них больше трех (хотя бы {least})",
        "detective_side": "детектив {name} не может играть за «{side}»: город, мафия или маньяк",
        "agent_needs_two_clans": "двойной агент {name} вводится только в игре с двумя кланами",
        "agent_rank_clan": "у двойного агента {name} указан ранг в клане «{clan}», а такого клана в игре нет (кланы: "
            "{choices})",
        "agent_rank": "у двойного агента {name} в клане «{clan}» нет ранга «{rank}»: ранги там от 1 до {most}",
        "agent_rank_room": "в клане «{clan}» рядом с двойным агентом может быть не больше {most} ранговых мафиози",
        "ranks_not_agent": "ранги по кланам (`ranks`) бывают только у двойного агента, а роль игрока {name} — «{role}»",
        "setup_shape": "расклад {source} должен быть словарем",
        "setup_counts": "в раскладе {source} числа игроков и ролей должны быть целыми",
        "clan_role": "в клане могут быть только роли мафии, а не «{role}»",
        "agent_needs_clans": "двойной агент вводится только в игре с двумя кланами",
        "setup_roles": "в раскладе {source} нет ролей",
        "setup_yaml": "расклад {source} — не YAML: {detail}",
        "negative_count": "число игроков с ролью «{role}» отрицательно",
        "unique_role": "роль «{role}» может быть только одна (указано {count})",
        "too_many_roles": "ролей ({roles}) больше, чем игроков ({players})",
        "sergeant_without_commissar": "сержант без комиссара: сержант сотрудничает с комиссаром",
        "no_enemy": "в раскладе нет ни мафии, ни одиночек: городу не с кем играть",
        "mafia_without_boss": "у мафии нет никого, кто может стать боссом",
        "setup_start": "игра начинается ночью или днем, а не «{start}»",
        "wrong_player_count": "расклад на {players} игроков, а ников {names}",
        "duplicate_names": "ники игроков повторяются",
        "unknown_preset": "нет расклада «{name}»; есть: {choices}",
    },
    "en": {
        "unknown_player": "there is no player called “{name}”",
        "unknown_role": "unknown role “{role}”",
        "unknown_sex": "{name}'s sex is m or f, not “{sex}”",
        "council_sex_unknown": "no question about the players' sex: not every living player gave it",
        "council_sex": "the sex is m or f, not “{sex}”",
        "revive_not_dead": "only tonight's dead may be revived; {name} is not among them",
        "not_asked": "it is not {name}'s turn now",
        "revive_later": "{name} acts last: tonight's dead are told to him once everyone else has acted",
        "actions_closed": "the others have acted: the night's actions are closed ({name} can no longer act)",
        "duplicate_name": "the nickname “{name}” appears twice",
        "reserved_name": "the nickname “{name}” is reserved by the rules",
        "too_few_players": "at least {least} players are needed",
        "dead_actor": "{name} is out of the game and cannot act",
        "dead_target": "{name} is out of the game and cannot be named",
        "dead_voter": "{name} is out of the game and does not vote",
        "dead_candidate": "{name} is out of the game and cannot be voted for",
        "silenced_voter": "today {name} cannot vote",
        "already_acted": "{name} has already sent an action tonight ({action}); one action a night",
        "no_such_action": "the role “{role}” has no action “{action}” (player {name})",
        "lost_as_boss": "{name} became the boss and no longer has the {role}'s action “{action}”",
        "target_count": "the action “{action}” takes {wanted}, {given}",
        "duplicate_target": "the action “{action}” names one target twice",
        "self_target": "the action “{action}” cannot target oneself",
        "missing_option": "the action “{action}” needs the option “{option}”",
        "unexpected_option": "the action “{action}” takes no option",
        "repeat_target": "“{action}” cannot target the same player ({name}) two nights running",
        "mafia_double_at_three": "with three players left the mafia may not kill two ({action})",
        "intimidation_cap": "with fewer than 10 alive the mafia may intimidate at most {most_words} players",
        "heal_from_threshold": "with {most} or fewer alive the doctor cannot heal from a role",
        "heal_from_source": "one can heal from: {choices} (given “{source}”)",
        "heal_from_repeat": "the doctor cannot heal from the same role ({source}) two nights running",
        "serum_repeat": "with fewer than {below} alive the serum cannot be used two nights running",
        "nothing_to_withdraw": "{actor} has sent no action tonight",
        "game_over": "the game is over (winner: {winner})",
        "game_ended": "the game is over with no winner",
        "not_night": "it is not night ({phase})",
        "not_day": "it is not day ({phase})",
        "unknown_command": "unknown command “{command}”",
        "unknown_house_key": "there is no house rule “{key}”; there are: {choices}",
        "unknown_house_rule": "the house rule “{key}” cannot be “{value}” (choices: {choices})",
        "employer_used": "{name} has been an employer already: an employer does not repeat",
        "no_contract": "there is no successful hire to kill for",
        "employer_dead": "the employer {name} is out of the game: the deferred kill is lost",
        "employer_victim": "the employer himself ({name}) cannot be the victim",
        "postman_recipient": "{name} has had a letter already: never the same recipient twice",
        "fan_one_search": "with {most} or fewer alive the fan searches once a night",
        "fan_not_found": "the fan guards the maniac only from the night after he found him",
        "joker_role": "the role “{role}” is not in the setup: the joker copies the setup's roles only",
        "joker_same_role": "the joker must change his role every night (last night: {role})",
        "joker_same_action": "the joker must change his action every night (last night: {action})",
        "council_template": "there is no question “{template}”; the questions: {choices}",
        "council_args": "the question “{template}” takes: {expected}",
        "council_side": "there is no side “{side}”; the sides: {choices}",
        "council_op": "there is no comparison “{op}”; the comparisons: {choices}",
        "council_number": "a question's number is a whole number, not negative ({n})",
        "council_role": "the role “{role}” is not in the setup",
        "council_group": "players may be named only when more than three of them are alive (at least {least})",
        "detective_side": "the detective {name} cannot work for “{side}”: town, mafia or maniac",
        "agent_needs_two_clans": "the double agent {name} plays only in games with two clans",
        "agent_rank_clan": "the double agent {name} is given a rank in the clan “{clan}”, and the game has no such "
            "clan (the clans: {choices})",
        "agent_rank": "the double agent {name} cannot hold rank “{rank}” in the clan “{clan}”: its ranks run from 1 "
            "to {most}",
        "agent_rank_room": "the clan “{clan}” may hold at most {most} ranked mafiosi beside the double agent",
        "ranks_not_agent": "only the double agent has ranks by clan (`ranks`); {name} is the “{role}”",
        "setup_shape": "the setup {source} must be a mapping",
        "setup_counts": "the setup {source} counts players and roles in whole numbers",
        "clan_role": "a clan holds the mafia's roles only, not “{role}”",
        "agent_needs_clans": "the double agent plays only in games with two clans",
        "setup_roles": "the setup {source} has no roles",
        "setup_yaml": "the setup {source} is not YAML: {detail}",
        "negative_count": "the count of “{role}” is negative",
        "unique_role": "there can be only one “{role}” (given {count})",
        "too_many_roles": "more roles ({roles}) than players ({players})",
        "sergeant_without_commissar": "a sergeant without a commissar: the sergeant works with the commissar",
        "no_enemy": "the setup has neither mafia nor loners: the town has nobody to play against",
        "mafia_without_boss": "the mafia has nobody who can become its boss",
        "setup_start": "a game starts at night or by day, not “{start}”",
        "wrong_player_count": "the setup is for {players} players, {names} names given",
        "duplicate_names": "players' nicknames repeat",
        "unknown_preset": "there is no setup “{name}”; there are: {choices}",
    },
}

# The feminine forms, for a refusal that names a player who gave her sex (its `name_sex` is "f"); the
# masculine ones above stand otherwise.
FEMININE: dict[str, dict[str, str]] = {
    "ru": {
        "dead_actor": "{name} выбыла из игры и не может ходить",
        "lost_as_boss": "{name} стала боссом: у неё больше нет действия «{action}» роли «{role}»",
        "dead_target": "{name} выбыла: её нельзя указать",
        "dead_voter": "{name} выбыла из игры и не голосует",
        "dead_candidate": "{name} выбыла из игры: за неё нельзя голосовать",
        "silenced_voter": "сегодня {name} лишена возможности голосовать",
        "already_acted": "{name} уже отписала ход этой ночью ({action}); одно действие за ночь",
        "nothing_to_withdraw": "{actor} не отписывала хода этой ночью",
        "revive_later": "{name} ходит последней: убитых этой ночью ей назовут, когда походят остальные",
        "employer_dead": "нанимательница {name} выбыла: отложенное убийство невозможно",
        "employer_victim": "нельзя убить саму нанимательницу ({name})",
    },
}


# An action that takes no target at all, named one anyway (the Council's question, heal_from).
NO_TARGETS = {
    "ru": "действие «{action}» не принимает целей, а {given}",
    "en": "the action “{action}” takes no target, {given}",
}


def describe(error: Any, lang: str = "ru") -> str:
    """The refusal's sentence. Unknown ids fall back to the id itself, so nothing is ever lost."""
    catalogue = ERRORS.get(lang, ERRORS["ru"])
    template = catalogue.get(error.rule)
    params = dict(error.params)
    if error.rule == "target_count":
        template = _counted(params, lang) or template
    if isinstance(params.get("most"), int):
        params["most_words"] = (GENITIVE if lang == "ru" else ENGLISH).get(params["most"], str(params["most"]))
    if params.get("name_sex") == "f":
        template = FEMININE.get(lang, {}).get(error.rule, template)
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


def _counted(params: dict[str, Any], lang: str) -> str | None:
    """The target count's sentence, its numbers in words that agree («от одной до двух целей, а указаны
    три»); None if the refusal lacks its numbers."""
    try:
        least, most, got = (int(params[key]) for key in ("least", "most", "got"))
    except (KeyError, TypeError, ValueError):
        return None
    english = lang == "en"
    params["wanted"] = wanted_targets(least, most, "en" if english else "ru")
    params["given"] = given_targets(got, "en" if english else "ru")
    return NO_TARGETS["en" if english else "ru"] if most == 0 else None
