"""The words of the prompts and of the refusals an AI player is told, in Russian (the default) and English."""

from __future__ import annotations

from typing import Any

TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "intro": ("Вы играете в «Ранговую мафию», форумную мафию. Ваш ник: {name}. Вы знаете только то, что "
                  "написано ниже; решайте и пишите от своего лица, как живой игрок на форуме."),
        "role": "Ваша роль: {role}.",
        "card": "Правила вашей роли: {rules}",
        "detective": "Вы работаете на сторону «{side}» и ищете: {quarry}.",
        "clan": "Ваш клан (знаете только вы и они): {members}.",
        "boss": "Босс вашего клана: {boss}.",
        "setup": "Роли в этой игре (расклад объявлен всем): {roles}.",
        "seats": "Игроки:",
        "alive": "жив", "alive_f": "жива", "dead": "выбыл", "dead_f": "выбыла",
        "you": "вы",
        "summaries": "Итоги прошедших фаз:",
        "diary": "Ваш дневник (ваши ходы и что из них вышло; видите только вы):",
        "diary_sent": "вы отправили: {sent}.",
        "none": "нет",
        "talk": "Обсуждение дня {number} (последние сообщения):",
        "clan_talk": "Чат вашего клана этой ночью:",
        "no_posts": "сообщений пока нет",
        "votes_now": "Голоса сегодня на данный момент: {votes}.",
        "sent": "Вы уже отправили: {sent}.",
        "now": "Сейчас: {phase}.",
        "over": "Игра окончена.",
        "ask_night": "Выберите ночное действие из списка (или 0 — ничего не делать).",
        "ask_revive": "Этой ночью погибли: {told}. Вы можете оживить одного из них (или 0 — никого).",
        "ask_vote": "Проголосуйте: номер из списка (0 — не голосовать).",
        "ask_post": ("Напишите своё сообщение в обсуждение дня (1–3 предложения, по-русски). {addressed}"
                     "Не выдумывайте фактов, которых вам не сообщали."),
        "addressed": "К вам обращались: {names}. Ответьте им. ",
        "ask_clan": "Напишите одну реплику в чат клана: кого убить или что сделать этой ночью.",
        "clans": "Ваши кланы (знаете только вы и их члены): {members}.",
        "ask_clan_in": ("Напишите одну реплику в чат: {clan} (её прочтут только члены этого клана): кого убить "
                        "или что сделать этой ночью."),
        "moves": "Что вы можете сделать:",
        "pass_night": "[0] ничего не делать",
        "pass_vote": "[0] не голосовать",
        "targets_one": "цель: {names}",
        "targets_count": "целей: {counts}",
        "place": "место {place}: {names}",
        "blue": "синий (никого не вешать)",
        "vote_for": "красный за {name}",
        "field": "{label}: {values}",
        "group": "игроки: от {least} из {names}",
        "format_move": ('Ответьте одним объектом JSON: {{"choice": номер, "targets": [ники по порядку мест], '
                        '"args": {{поле: значение}} только для вопроса Совету, "reason": "коротко почему"}}.'),
        "format_question": ("Вопрос Совету: номер вопроса и значения его полей по порядку, словами из списка, "
                            'число цифрами: {{"choice": {number}, "targets": [], "args": "{line}"}} '
                            '(или "args": {{{keyed}}}); без JSON — строкой «[{number}] {line}».'),
        "format_post": ('Ответьте одним объектом JSON: {{"post": "ваше сообщение", "bid": 0–4 — насколько вам '
                        'важно сказать ещё (0 — нечего добавить, 4 — очень важно)}}.'),
        # refusals of an answer, told back to the model once
        "bad_json": "Ответ не разобран: нужен один объект JSON в указанном формате.",
        "bad_choice": "Номера {choice} нет в списке: выберите номер из списка.",
        "no_choice": "В ответе нет номера хода: напишите номер из списка.",
        "bad_count": "Для этого действия нужно целей: {counts}; названо: {given}.",
        "bad_target": "Игрока «{name}» нельзя назвать здесь. Можно: {names}.",
        "bad_args": ("В вопросе Совету не понято: {fields}. Напишите значения полей по порядку, например: "
                     '"args": "{line}".'),
        "bad_post": "Сообщение пустое: напишите хотя бы одно предложение.",
        "refused": "Ведущий не принял ответ: {reason} Ответьте ещё раз.",
    },
    "en": {
        "intro": ("You are playing Ranked Mafia, a forum Mafia game. Your nickname: {name}. You know only what "
                  "is written below; decide and write as yourself, like a human player on a forum."),
        "role": "Your role: {role}.",
        "card": "Your role's rules: {rules}",
        "detective": "You work for {side} and seek: {quarry}.",
        "clan": "Your clan (known only to you and them): {members}.",
        "boss": "Your clan's boss: {boss}.",
        "setup": "The roles in this game (the setup is public): {roles}.",
        "seats": "Players:",
        "alive": "alive", "alive_f": "alive", "dead": "out", "dead_f": "out",
        "you": "you",
        "summaries": "Summaries of the phases so far:",
        "diary": "Your diary (your moves and what came of them; only you see it):",
        "diary_sent": "you sent: {sent}.",
        "none": "none",
        "talk": "Day {number} discussion (latest posts):",
        "clan_talk": "Your clan's chat tonight:",
        "no_posts": "no posts yet",
        "votes_now": "Today's votes so far: {votes}.",
        "sent": "You have sent: {sent}.",
        "now": "Now: {phase}.",
        "over": "The game is over.",
        "ask_night": "Choose a night action from the list (or 0 to do nothing).",
        "ask_revive": "Tonight's dead: {told}. You may revive one of them (or 0 for nobody).",
        "ask_vote": "Vote: a number from the list (0: no vote).",
        "ask_post": ("Write your post for the day's discussion (1-3 sentences, in English). {addressed}"
                     "Do not invent facts you were not told."),
        "addressed": "You were addressed by: {names}. Answer them. ",
        "ask_clan": "Write one line in your clan's chat: whom to kill or what to do tonight.",
        "clans": "Your clans (known only to you and their members): {members}.",
        "ask_clan_in": ("Write one line in the chat of {clan} (only its members read it): whom to kill or what to "
                        "do tonight."),
        "moves": "What you may do:",
        "pass_night": "[0] do nothing",
        "pass_vote": "[0] no vote",
        "targets_one": "target: {names}",
        "targets_count": "targets: {counts}",
        "place": "place {place}: {names}",
        "blue": "blue (hang nobody)",
        "vote_for": "red for {name}",
        "field": "{label}: {values}",
        "group": "players: {least} or more of {names}",
        "format_move": ('Answer with one JSON object: {{"choice": number, "targets": [nicknames, place by place], '
                        '"args": {{field: value}} only for a Council question, "reason": "briefly why"}}.'),
        "format_question": ("A Council question: the question's number and its fields' values in order, in "
                            'the list\'s words, numbers in digits: {{"choice": {number}, "targets": [], '
                            '"args": "{line}"}} (or "args": {{{keyed}}}); without JSON, a line «[{number}] {line}».'),
        "format_post": ('Answer with one JSON object: {{"post": "your post", "bid": 0-4, how much you want to '
                        'speak again (0: nothing to add, 4: very much)}}.'),
        "bad_json": "The answer could not be read: one JSON object in the given format is needed.",
        "bad_choice": "There is no number {choice} in the list: choose a number from the list.",
        "no_choice": "The answer names no move: write a number from the list.",
        "bad_count": "This action takes {counts} targets; you named {given}.",
        "bad_target": "«{name}» cannot be named here. Allowed: {names}.",
        "bad_args": ("The Council question's {fields} could not be read. Write the fields' values in order, "
                     'for example: "args": "{line}".'),
        "bad_post": "The post is empty: write at least one sentence.",
        "refused": "The host did not accept the answer: {reason} Answer again.",
    },
}


def say(lang: str, key: str, **fields: Any) -> str:
    return TEXTS.get(lang, TEXTS["ru"])[key].format(**fields)
