"""The message catalogue: one template per event, in Russian (the rule book's own formulas) and English.

Templates use str.format fields; `{name}`-like fields holding nicknames are emphasised by the renderer.
"""

from __future__ import annotations

import re

MESSAGES: dict[str, dict[str, str]] = {
    "ru": {
        "night_title": "Итоги ночи {number}",
        "day_title": "Итоги дня {number}",
        "death": "Этой ночью погиб игрок {player}.",
        "death_role": "Этой ночью погиб игрок {player}. Его роль: {role}.",
        "evidence": "Улики указывают, что {player} — жертва {killer}.",
        "nobody_died": "Этой ночью никто не погиб.",
        "silenced": "Сегодня {player} лишен возможности голосовать",
        "exposed_boss": "Босс мафии оставил улики: это {player}.",
        "exposed_doctor": "Сыворотку правды подложил доктор: это {player}.",
        "interview": "Этой ночью журналист брал интервью у {role}.",
        "serum": "Сыворотка правды: {player} — {role}.",
        "serum_nothing": "Сыворотка правды не подействовала на игрока {player}.",
        "tortured": "Игрок {player} подвергся пыткам маньяка.",
        "votes": "Голоса: {votes}.",
        "vote_blue": "синий",
        "no_votes": "Никто не голосовал.",
        "hanged": "По итогам голосования повешен игрок {player}.",
        "hanged_role": "По итогам голосования повешен игрок {player}. Его роль: {role}.",
        "defended": "Обреченный {player} отмазан, и сегодня не вешается никто.",
        # a day when someone else is hanged all the same (the rake's mark, or the rake with a defended mark)
        "defended_alone": "Обреченный {player} отмазан и не вешается.",
        "unhangable_alone": "Обреченный {player} не вешается.",
        "nobody_hanged": "Сегодня никто не повешен.",
        "victory": "Игра окончена. Победитель: {side}.",
        "victory_draw": "Игра окончена: в живых не осталось никого. Ничья.",
        "stalemate": "Игра окончена: ничья. {span} подряд никто не погиб и никого не повесили — победителя нет.",
        "check": "Проверка: {target} — {result}.",
        "check_mafia": "мафия",
        "check_not_mafia": "не мафия",
        "check_sniper": "снайпер",
        "compare_same": "{a} и {b} играют за одну сторону.",
        "compare_different": "{a} и {b} играют за разные стороны.",
        "witness": "{target} этой ночью пытался убить {killer}.",  # the target in the accusative
        "witness_nobody": "{target} этой ночью никто не пытался убить.",
        "role_change": "Теперь ваша роль: {role}.",
        "new_boss": "Новый босс мафии: {player}.",
        "new_boss_clan": "Новый босс клана «{label}»: {player}.",
        "role_card": "{player}, ваша роль: {role}.",
        "unhangable": "Обреченный {player} не вешается, и сегодня не вешается никто.",
        "interview_info": "Журналист взял интервью: {target} — {role}.",
        "hire_success": "Вы нанялись к игроку {target}: найм удачен.",
        "hire_fail": "Вы нанялись к игроку {target}: найм неудачен.",
        "investigate_found": "{target} — тот, кого вы ищете. Глава вашей стороны: {employer}.",
        "investigate_found_f": "{target} — та, кого вы ищете. Глава вашей стороны: {employer}.",
        "investigate_found_alone": "{target} — тот, кого вы ищете.",
        "investigate_found_alone_f": "{target} — та, кого вы ищете.",
        "investigate_not_found": "{target} — не тот, кого вы ищете.",
        "investigate_not_found_f": "{target} — не та, кого вы ищете.",
        "search_found": "{target} — маньяк!",
        "search_not_found": "{target} — не маньяк.",
        "peek": "{target} этой ночью: {action}.",
        "peek_none": "{target} этой ночью ничего не делал.",
        "answer_yes": "Совет отвечает: да.",
        "answer_no": "Совет отвечает: нет.",
        "answer_to_yes": "На вопрос «{question}» Совет ответил: да.",
        "answer_to_no": "На вопрос «{question}» Совет ответил: нет.",
        "deaths_tonight": "Этой ночью убиты: {names}.",
        "deaths_tonight_none": "Этой ночью никто не убит.",
        "clan_card": "Ваш клан: {members}.",
        # the feminine forms, for a player who gave her sex (the masculine ones stand otherwise)
        "death_f": "Этой ночью погибла {player}.",
        "death_role_f": "Этой ночью погибла {player}. Ее роль: {role}.",
        "silenced_f": "Сегодня {player} лишена возможности голосовать",
        "tortured_f": "{player} подверглась пыткам маньяка.",
        "hanged_f": "По итогам голосования повешена {player}.",
        "hanged_role_f": "По итогам голосования повешена {player}. Ее роль: {role}.",
        "defended_f": "Обреченная {player} отмазана, и сегодня не вешается никто.",
        "defended_alone_f": "Обреченная {player} отмазана и не вешается.",
        "unhangable_alone_f": "Обреченная {player} не вешается.",
        "unhangable_f": "Обреченная {player} не вешается, и сегодня не вешается никто.",
        "witness_f": "{target} этой ночью пыталась убить {killer}.",
        "peek_none_f": "{target} этой ночью ничего не делала.",
    },
    "en": {
        "night_title": "Night {number}: the results",
        "day_title": "Day {number}: the results",
        "death": "{player} was killed tonight.",
        "death_role": "{player} was killed tonight. Role: {role}.",
        "evidence": "The evidence shows that {player} was killed by the {killer}.",
        "nobody_died": "Nobody died tonight.",
        "silenced": "Today {player} cannot vote",
        "exposed_boss": "The mafia boss left evidence: it is {player}.",
        "exposed_doctor": "The truth serum was planted by the doctor: it is {player}.",
        "interview": "Tonight the journalist interviewed the {role}.",
        "serum": "Truth serum: {player} is the {role}.",
        "serum_nothing": "The truth serum had no effect on {player}.",
        "tortured": "{player} was tortured by the maniac.",
        "votes": "Votes: {votes}.",
        "vote_blue": "blue",
        "no_votes": "Nobody voted.",
        "hanged": "{player} was hanged by the vote.",
        "hanged_role": "{player} was hanged by the vote. Role: {role}.",
        "defended": "The doomed {player} is defended, and nobody is hanged today.",
        "defended_alone": "The doomed {player} is defended and is not hanged.",
        "unhangable_alone": "The doomed {player} cannot be hanged.",
        "nobody_hanged": "Nobody is hanged today.",
        "victory": "The game is over. The winner: {side}.",
        "victory_draw": "The game is over: nobody is left alive. A draw.",
        "stalemate": "The game is over: a draw. For {span} in a row nobody died and nobody was hanged: nobody wins.",
        "check": "Check: {target} is {result}.",
        "check_mafia": "mafia",
        "check_not_mafia": "not mafia",
        "check_sniper": "a sniper",
        "compare_same": "{a} and {b} play for the same side.",
        "compare_different": "{a} and {b} play for different sides.",
        "witness": "Tonight {killer} tried to kill {target}.",
        "witness_nobody": "Nobody tried to kill {target} tonight.",
        "role_change": "Your role is now: {role}.",
        "new_boss": "The new mafia boss: {player}.",
        "new_boss_clan": "The new boss of the {label} clan: {player}.",
        "role_card": "{player}, your role: {role}.",
        "unhangable": "The doomed {player} cannot be hanged, and nobody is hanged today.",
        "interview_info": "The journalist's interview: {target} is the {role}.",
        "hire_success": "You hired on with {target}: the hire succeeded.",
        "hire_fail": "You hired on with {target}: the hire failed.",
        "investigate_found": "{target} is the one you seek. The head of your side: {employer}.",
        "investigate_found_alone": "{target} is the one you seek.",
        "investigate_not_found": "{target} is not the one you seek.",
        "search_found": "{target} is the maniac!",
        "search_not_found": "{target} is not the maniac.",
        "peek": "{target} tonight: {action}.",
        "peek_none": "{target} did nothing tonight.",
        "answer_yes": "The Council answers: yes.",
        "answer_no": "The Council answers: no.",
        "answer_to_yes": "To the question “{question}” the Council answered: yes.",
        "answer_to_no": "To the question “{question}” the Council answered: no.",
        "deaths_tonight": "Killed tonight: {names}.",
        "deaths_tonight_none": "Nobody was killed tonight.",
        "clan_card": "Your clan: {members}.",
    },
}

LANGUAGES = tuple(MESSAGES)


FEMININE = "_f"  # the suffix of a message's feminine form


# The rule book writes «е» for «ё» in its formulas («лишен возможности голосовать», «Обреченный», «Ее роль»).
# A game's record keeps the formulas letter for letter (the contract: a script gives the same record in every
# release, and hosts post them as the book has them); the site and the bot print them with their «ё».
YO = {"лишен": "лишён", "Обреченный": "Обречённый", "Обреченная": "Обречённая", "Ее": "Её", "ее": "её"}
_YO_WORDS = re.compile(r"(?<!\w)(" + "|".join(YO) + r")(?!\w)")


def with_yo(text: str) -> str:
    """A Russian text with the «ё» the rule book's formulas leave out."""
    return _YO_WORDS.sub(lambda match: YO[match.group(1)], text)


def message(lang: str, key: str, sex: str | None = None, yo: bool = False) -> str:
    """A message in `lang`; its feminine form when the subject is a woman and the language has one; with its
    «ё» when `yo` (the pages and the bot) rather than as the rule book spells it (records and forum posts)."""
    catalogue = MESSAGES.get(lang, MESSAGES["ru"])
    text = catalogue.get(key + FEMININE, catalogue[key]) if sex == "f" else catalogue[key]
    return with_yo(text) if yo and lang == "ru" else text
