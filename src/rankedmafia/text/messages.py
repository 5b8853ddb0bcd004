"""The message catalogue: one template per event, in Russian (the rule book's own formulas) and English.

Templates use str.format fields; `{name}`-like fields holding nicknames are emphasised by the renderer.
"""

from __future__ import annotations

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
        "tortured": "Игрок {player} замучен маньяком.",
        "votes": "Голоса: {votes}.",
        "vote_blue": "синий",
        "no_votes": "Никто не голосовал.",
        "hanged": "По итогам голосования повешен игрок {player}.",
        "hanged_role": "По итогам голосования повешен игрок {player}. Его роль: {role}.",
        "defended": "Обреченный {player} отмазан, и сегодня не вешается никто.",
        "nobody_hanged": "Сегодня никто не повешен.",
        "victory": "Игра окончена. Победитель: {side}.",
        "victory_draw": "Игра окончена: в живых не осталось никого. Ничья.",
        "check": "Проверка: {target} — {result}.",
        "check_mafia": "мафия",
        "check_not_mafia": "не мафия",
        "check_sniper": "снайпер",
        "compare_same": "{a} и {b} играют за одну сторону.",
        "compare_different": "{a} и {b} играют за разные стороны.",
        "witness": "Игрока {target} этой ночью пытался убить {killer}.",
        "witness_nobody": "Игрока {target} этой ночью никто не пытался убить.",
        "role_change": "Теперь ваша роль: {role}.",
        "new_boss": "Новый босс мафии: {player}.",
        "role_card": "{player}, ваша роль: {role}.",
        "clan_card": "Ваш клан: {members}.",
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
        "nobody_hanged": "Nobody is hanged today.",
        "victory": "The game is over. The winner: {side}.",
        "victory_draw": "The game is over: nobody is left alive. A draw.",
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
        "role_card": "{player}, your role: {role}.",
        "clan_card": "Your clan: {members}.",
    },
}

LANGUAGES = tuple(MESSAGES)


def message(lang: str, key: str) -> str:
    return MESSAGES.get(lang, MESSAGES["ru"])[key]
