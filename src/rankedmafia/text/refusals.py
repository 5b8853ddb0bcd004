"""The platform's own refusals (the game service's, beside the engine's): a sentence for each id, in
Russian and English, for every front end (the web, the Telegram bot). The engine's refusals are worded by
`text.names.refusal`, with names for every id."""

from __future__ import annotations

from typing import Any

from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.text import names

LANGS = ("ru", "en")

REFUSALS: dict[str, dict[str, str]] = {
    "ru": {
        "not_found": "не найдено: неверная или устаревшая ссылка",
        "bad_nickname": "ник должен быть непустым, не длиннее {most} символов",
        "nickname_taken": "ник «{name}» уже занят",
        "nickname_lookalike": "ник «{name}» не отличить на вид от «{other}», который уже за столом: "
                              "выберите другой",
        "nickname_mixed_scripts": "в нике «{name}» смешаны буквы разных алфавитов (например, латинская «B» "
                                  "среди русских букв): пишите буквами одного алфавита",
        "nickname_vote_word": "«{name}» — слово голосования, ником оно быть не может: выберите другой",
        "lobby_closed": "набор в эту игру закрыт",
        "lobby_full": "все места в игре заняты",
        "already_started": "игра уже началась",
        "need_players": "нужно {players} игроков, записалось {joined}",
        "not_running": "игра не идёт",
        "paused": "игра на паузе",
        "not_paused": "игра не на паузе",
        "unknown_seat": "нет места «{name}»",
        "busy": "сервер занят, повторите",
        "rate_limited": "слишком часто: подождите немного",
        "csrf": "форма устарела: обновите страницу и отправьте снова",
        "bad_input": "неверные данные: {detail}",
        "bad_bots": "такого выбора нет: пустые места займут боты с эвристикой, случайные боты или никто",
        "unknown_agent": "ИИ-игрока «{name}» на этом сервере нет: выберите из списка",
        "too_many_ai": "ИИ-игроков может быть не больше {most} (указано {given}): хотя бы одно место — человеку",
        "ranked_ai": "в рейтинговой игре играют только люди: ИИ-игроков в ней нет",
        "dead_poster": "выбывшие не пишут в тред",
        "night_thread": "ночью тред закрыт: пишут только днём",
        "not_clan": "этот чат только для мафии",
        "empty_post": "пустое сообщение (или длиннее {most} символов)",
        "bad_duration": "длительность фазы: от {least} до {most} секунд",
        "too_large": "слишком большой запрос (не больше {most} байт)",
        "too_many_players": "не больше {most} игроков в игре (указано {players})",
        "method": "такой запрос здесь не принимается",
        "unknown": "запрос отклонён",
        "bad_question": "заполните вопрос Совету целиком",
        "day_over_vote": "Этот день уже закончился — голос не принят",
        "day_over": "Этот день уже закончился — команда не принята",
        "night_over_move": "Эта ночь уже закончилась — ход не принят",
        "night_over": "Эта ночь уже закончилась — команда не принята",
        "phase_over": "Эта фаза уже закончилась — команда не принята",
        "no_phase": "в форме нет фазы, в которой она отправлена: обновите страницу и отправьте снова",
    },
    "en": {
        "not_found": "not found: a wrong or outdated link",
        "bad_nickname": "a nickname must be non-empty and at most {most} characters",
        "nickname_taken": "the nickname “{name}” is taken",
        "nickname_lookalike": "the nickname “{name}” looks the same as “{other}”, already at the table: "
                              "choose another",
        "nickname_mixed_scripts": "the nickname “{name}” mixes the letters of different alphabets (a Latin "
                                  "“B” among Cyrillic letters, say): write it in one alphabet",
        "nickname_vote_word": "“{name}” is a word of the vote and cannot be a nickname: choose another",
        "lobby_closed": "this game no longer takes players",
        "lobby_full": "every seat is taken",
        "already_started": "the game has already started",
        "need_players": "{players} players are needed, {joined} joined",
        "not_running": "the game is not running",
        "paused": "the game is paused",
        "not_paused": "the game is not paused",
        "unknown_seat": "there is no seat “{name}”",
        "busy": "the server is busy, try again",
        "rate_limited": "too many requests: wait a moment",
        "csrf": "the form is outdated: reload the page and send again",
        "bad_input": "invalid input: {detail}",
        "bad_bots": "no such choice: empty seats go to heuristic bots, random bots, or nobody",
        "unknown_agent": "there is no AI player “{name}” on this server: choose one from the list",
        "too_many_ai": "at most {most} AI players ({given} given): one seat at least is a person's",
        "ranked_ai": "a ranked game is played by people only: no AI players in it",
        "dead_poster": "players out of the game do not post",
        "night_thread": "the thread is closed at night: posts are by day",
        "not_clan": "this chat is the mafia's",
        "empty_post": "an empty post (or longer than {most} characters)",
        "bad_duration": "a phase lasts {least} to {most} seconds",
        "too_large": "the request is too large (at most {most} bytes)",
        "too_many_players": "at most {most} players in a game ({players} given)",
        "method": "this request is not taken here",
        "unknown": "the request was refused",
        "bad_question": "fill in the whole Council question",
        "day_over_vote": "This day is already over — the vote was not taken",
        "day_over": "This day is already over — the command was not taken",
        "night_over_move": "This night is already over — the move was not taken",
        "night_over": "This night is already over — the command was not taken",
        "phase_over": "This phase is already over — the command was not taken",
        "no_phase": "the form does not say which phase it was sent in: reload the page and send again",
    },
}


def refusal_text(error: Exception, lang: str) -> str:
    """A refusal's sentence in the user's language, never its id."""
    lang = lang if lang in LANGS else "ru"
    if isinstance(error, RuleViolation | SetupError):
        return names.refusal(error, lang)
    rule = getattr(error, "rule", "")
    params: dict[str, Any] = dict(getattr(error, "params", {}))
    template = REFUSALS[lang].get(rule)
    if template is not None:
        try:
            return template.format(**params)
        except (KeyError, IndexError):
            pass
    return REFUSALS[lang]["unknown"]
