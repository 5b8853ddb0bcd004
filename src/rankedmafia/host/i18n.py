"""The host's own interface strings, in Russian (default) and English.

Game texts (summaries, refusals, role names) come from the text layer; only the host's screen lives here.
"""

from __future__ import annotations

from typing import Any

from rankedmafia.text.counts import russian_form

UI: dict[str, dict[str, str]] = {
    "ru": {
        "title": "Ведущий: {setup}, {players} игроков",
        "commitment": "Хеш сида (опубликуйте до начала игры): {commitment}",
        "cards_title": "Карты ролей",
        "col_name": "ник",
        "col_role": "роль",
        "col_clan": "клан",
        "col_actions": "действия",
        "col_candidate": "за кого",
        "col_votes": "голосов",
        "send_to": "отправить {name}: {text}",
        "boss_mark": "босс",
        "night_header": "Ночь {number}",
        "day_header": "День {number}",
        "awaiting_title": "Ещё не отписались",
        "awaiting_short": "Ещё ждём: {names}",
        "reanimator_turn": "Ход реаниматора {name}: «{name}: оживляю Имя» — или «готово», если он никого не оживляет.",
        "awaiting_none": "Все, у кого есть ход, отписались. «готово» — подвести итоги ночи.",
        "night_help": ("Ночь: вставьте личное сообщение игрока («Вася: убиваю Петю») или наберите ход "
                       "(«Вася убить Петю»); «отмена ник», «кто», «готово» — итоги ночи, «помощь», "
                       "«помощь роль», «выход»."),
        "day_help": ("День: «ник > ник» или «ник > синий»; «тема файл…» — голоса из сохранённых страниц темы "
                     "(«тема day1.html до 30.11.2026 22:00»); «голоса», «готово» — итоги дня, «помощь», «выход»."),
        "accepted_act": "Принято: {reading}",
        "standing": "Сейчас {phase}; в игре {count}: {names}.",
        "kept": "Введённое в этой фазе до остановки восстановлено (команд: {count}).",
        "stopped_kept": ("Игра остановлена ({phase}); введённое в этой фазе (команд: {count}) сохранено. "
                         "Продолжить: rankedmafia host --resume {path}"),
        "confirm_quit": "В этой фазе уже введено команд: {count}. Выйти? Всё введённое сохранится",
        "help_roles": "Роли этой игры и их действия:",
        "help_more": "«помощь роль» (например «помощь доктор») — правила роли; «помощь вопрос» — вопросы Совету.",
        "help_council": "Вопросы Совету (мафия, вместо убийства) пишутся словами, как в личке: «Саша: вопрос: "
                        "живых мафиози не меньше 3?», «город больше, чем мафия?», «есть ли в игре комиссар?», «к Васе "
                        "прошлой ночью приходил доктор?», «среди Васи, Пети, Маши и Коли мафии ровно 1?», «девочка "
                        "заблокировала активную роль?», «иммунитетчиков больше 1?». Вопросы этой игры (пропуски — "
                        "«…») и чем их заполнить:",
        "no_role": "нет роли «{name}»; «помощь» перечисляет роли этой игры",
        "guess": "«{typed}» прочитано как {name} — проверьте.",
        "confirm_reading": "Понял так: {reading}. Принять?",
        "not_taken": "Не принято; игра не изменилась.",
        "replaces": "Это заменит прежний ход: {act}",
        "thread_at_night": "Сейчас ночь: голоса из темы читаются днём.",
        "bad_deadline": "не понял срок «{text}»; пишите так: «до 30.11.2026 22:00»",
        "bad_today": "не понял дату «{text}»; пишите так: «сегодня 30.11.2026» или «сегодня 30.11.2026 22:14»",
        "thread_note": "Заметка: {text}",
        "thread_today": "«Сегодня» в постах — {text} (сегодняшняя дата; другую задаёт «сегодня 30.11.2026»)",
        "decide_flag": "Засчитать голос: {author} → {choice}?",
        "warning": "Внимание: {text}",
        "thread_nothing_new": "Новых голосов в теме нет.",
        "confirm_thread": "Записать {count} из темы?",
        "option_role": "роль",
        "option_question": "вопрос",
        "parse_message": "сообщение пишется так: «Вася: убиваю Петю»",
        "parse_thread": "тема пишется так: «тема файл.html …», можно с «до 30.11.2026 22:00» и «сегодня 30.11.2026»",
        "withdrawn": "Ход игрока {name} отменён.",
        "accepted_vote": "Голос: {name} → {choice}",
        "blue": "синий",
        "vote_table": "Голоса (без учёта весов)",
        "no_votes": "Голосов пока нет.",
        "not_voted": "Не голосовали: {names}",
        "skipped": "Не отписали ход: {names}",
        "public_header": "Итоги для форума",
        "private_header": "Личные сообщения",
        "no_private": "Личных сообщений нет.",
        "saved": "Игра сохранена: {path}",
        "save_failed": "Не удалось сохранить игру в {path}: {error}",
        "game_over": "Игра окончена. Сид: {seed}",
        "verify_hint": "Проверка: хеш сида {commitment}; «rankedmafia run {path}» воспроизводит игру.",
        "stopped": "Игра остановлена ({phase}) и сохранена. Продолжить: rankedmafia host --resume {path}",
        "confirm_resolve": "Подвести итоги ночи без их ходов?",
        "confirm_count": "Подвести итоги дня без их голосов?",
        "yes_no": "да/нет",
        "refused": "Отказ: {reason}",
        "did_you_mean": "может быть, {names}?",
        "undo_day": "Днём голос не отменяют: просто проголосуйте заново.",
        "vote_at_night": "Сейчас ночь: голосовать нельзя.",
        "act_at_day": ("Сейчас день: ночные действия не принимаются. Голос пишется «Вася > Петя»; «готово» — "
                       "подвести итоги дня."),
        "actions_of": "действия игрока {name}: {actions}",
        "no_actions": "у игрока {name} нет действий этой ночью",
        "phase_night": "ночь {number}",
        "phase_day": "день {number}",
        "over_already": "Игра уже окончена.",
        "resumed": "Ведущий: продолжение игры из {path}",
        "usage": "Нужны расстановка и список игроков (SETUP --players …) или --resume СОХРАНЕНИЕ.yaml",
        # parse errors
        "parse_quote": "незакрытая кавычка",
        "parse_vote": "голос пишется так: «ник > ник» или «ник > синий»",
        "parse_undo": "отмена пишется так: «отмена ник»",
        "parse_act": "ход пишется так: «ник действие цели…», например «Вася убить Петю»",
        "parse_option": "параметр пишется так: «ключ=значение»; проще словами: «Маша лечу от мафии»",
        "parse_extra": "у команды «{word}» нет аргументов",
        # setup refusals the text layer has no sentence for yet (text/errors.py)
        "setup_unknown_preset": "нет пресета или файла расстановки «{name}»; пресеты: {choices}",
        "setup_wrong_player_count": "в расстановке {players} игроков, а ников в списке {names}",
        "setup_duplicate_names": "в списке игроков есть повторяющиеся ники",
        "setup_setup_yaml": "файл расстановки {source} — не YAML: {detail}",
        "setup_setup_shape": "расстановка {source} должна быть словарём (name, players, roles…)",
        "setup_setup_roles": "в расстановке {source} нет списка ролей (roles)",
        "setup_too_many_roles": "ролей ({roles}) больше, чем игроков ({players})",
        "setup_unique_role": "роль «{role}» может быть только одна (указано {count})",
        "setup_negative_count": "отрицательное число ролей «{role}»",
        "setup_no_enemy": "в расстановке нет ни мафии, ни других врагов города",
        "setup_mafia_without_boss": "у мафии нет ни одного ранга, кто мог бы быть боссом",
        "setup_sergeant_without_commissar": "сержант без комиссара",
        "setup_setup_start": "игра начинается ночью или днём, а не «{start}»",
    },
    "en": {
        "title": "Host: {setup}, {players} players",
        "commitment": "Seed commitment (publish it before the game starts): {commitment}",
        "cards_title": "Role cards",
        "col_name": "nickname",
        "col_role": "role",
        "col_clan": "clan",
        "col_actions": "actions",
        "col_candidate": "candidate",
        "col_votes": "votes",
        "send_to": "send to {name}: {text}",
        "boss_mark": "boss",
        "night_header": "Night {number}",
        "day_header": "Day {number}",
        "awaiting_title": "Still to send an action",
        "awaiting_short": "Still waiting for: {names}",
        "reanimator_turn": "The reanimator {name} acts now: “{name} revive Name”, or “done” if he revives nobody.",
        "awaiting_none": "Everyone with an action has sent it. Type “done” to resolve the night.",
        "night_help": ("Night: paste a player's message (“Vasya: I kill Petya”) or type the action (“Vasya kill "
                       "Petya”); “undo name”, “who”, “done” to resolve the night, “help”, “help role”, “quit”."),
        "day_help": ("Day: “name > name” or “name > blue”; “thread file…” reads the votes from the thread's saved "
                     "pages (“thread day1.html until 30.11.2026 22:00”); “votes”, “done” to count the day, "
                     "“help”, “quit”."),
        "accepted_act": "Accepted: {reading}",
        "standing": "It is {phase}; {count} in the game: {names}.",
        "kept": "What was typed in this phase before the stop is back ({count} commands).",
        "stopped_kept": ("The game is stopped ({phase}); what was typed in this phase ({count} commands) is saved. "
                         "To go on: rankedmafia host --resume {path}"),
        "confirm_quit": "{count} commands typed in this phase. Quit? Everything typed is saved",
        "help_roles": "The roles of this game and their actions:",
        "help_more": "“help role” (e.g. “help doctor”) shows that role's rules; “help ask”, the Council's questions.",
        "help_council": "The Council's questions (the mafia, instead of a kill) are written in words, as in a "
                        "private message: “Sasha: question: at least 3 mafia alive?”, “more town than mafia?”, “is "
                        "there a commissar?”, “did the doctor visit Vasya last night?”. This game's questions (blanks "
                        "shown as “…”) and what fills them:",
        "no_role": "there is no role “{name}”; “help” lists this game's roles",
        "guess": "“{typed}” read as {name}; please check.",
        "confirm_reading": "Read as: {reading}. Take it?",
        "not_taken": "Not taken; the game is unchanged.",
        "replaces": "This replaces the earlier action: {act}",
        "thread_at_night": "It is night: the thread's votes are read by day.",
        "bad_deadline": "could not read the deadline “{text}”; write it “until 30.11.2026 22:00”",
        "bad_today": "could not read the date “{text}”; write it “today 30.11.2026” or “today 30.11.2026 22:14”",
        "thread_note": "Note: {text}",
        "thread_today": "“Today” in the posts is {text} (today's date; “today 30.11.2026” sets another)",
        "decide_flag": "Count the vote: {author} → {choice}?",
        "warning": "Note: {text}",
        "thread_nothing_new": "No new votes in the thread.",
        "confirm_thread": "Enter {count} from the thread?",
        "option_role": "role",
        "option_question": "question",
        "parse_message": "a message is written “Vasya: I kill Petya”",
        "parse_thread": "a thread is written “thread file.html …”, perhaps with “until 30.11.2026 22:00” and "
                        "“today 30.11.2026”",
        "withdrawn": "{name}'s action is withdrawn.",
        "accepted_vote": "Vote: {name} → {choice}",
        "blue": "blue",
        "vote_table": "Votes (raw counts, no weights)",
        "no_votes": "No votes yet.",
        "not_voted": "Not voted: {names}",
        "skipped": "Sent no action: {names}",
        "public_header": "Summary for the forum",
        "private_header": "Private messages",
        "no_private": "No private messages.",
        "saved": "Game saved: {path}",
        "save_failed": "Could not save the game to {path}: {error}",
        "game_over": "The game is over. Seed: {seed}",
        "verify_hint": "To check: seed commitment {commitment}; “rankedmafia run {path}” replays the game.",
        "stopped": "The game is stopped ({phase}) and saved. To go on: rankedmafia host --resume {path}",
        "confirm_resolve": "Resolve the night without their actions?",
        "confirm_count": "Count the day without their votes?",
        "yes_no": "yes/no",
        "refused": "Refused: {reason}",
        "did_you_mean": "did you mean {names}?",
        "undo_day": "A day vote is not withdrawn: just vote again.",
        "vote_at_night": "It is night: no voting now.",
        "act_at_day": ("It is day: night actions are not taken. A vote is written “Vasya > Petya”; “done” counts "
                       "the day."),
        "actions_of": "{name}'s actions: {actions}",
        "no_actions": "{name} has no action tonight",
        "phase_night": "night {number}",
        "phase_day": "day {number}",
        "over_already": "The game is already over.",
        "resumed": "Host: the game continued from {path}",
        "usage": "Give a setup and the players (SETUP --players …) or --resume SAVED.yaml",
        "parse_quote": "an unclosed quote",
        "parse_vote": "a vote is written “name > name” or “name > blue”",
        "parse_undo": "a withdrawal is written “undo name”",
        "parse_act": "an action is written “name action targets…”, e.g. “Vasya kill Petya”",
        "parse_option": "an option is written “key=value”; or in words: “Masha heal from mafia”",
        "parse_extra": "the command “{word}” takes no arguments",
        "setup_unknown_preset": "no preset or setup file “{name}”; presets: {choices}",
        "setup_wrong_player_count": "the setup has {players} players, the list has {names} nicknames",
        "setup_duplicate_names": "the player list repeats a nickname",
        "setup_setup_yaml": "the setup file {source} is not YAML: {detail}",
        "setup_setup_shape": "the setup {source} must be a mapping (name, players, roles…)",
        "setup_setup_roles": "the setup {source} has no roles",
        "setup_too_many_roles": "more roles ({roles}) than players ({players})",
        "setup_unique_role": "there can be only one “{role}” ({count} given)",
        "setup_negative_count": "a negative count of “{role}”",
        "setup_no_enemy": "the setup has no mafia and no other enemy of the town",
        "setup_mafia_without_boss": "the mafia has nobody who could be its boss",
        "setup_sergeant_without_commissar": "a sergeant without a commissar",
        "setup_setup_start": "a game starts at night or by day, not “{start}”",
    },
}

LANGS = tuple(UI)


def setup_refusal(rule: str, params: dict[str, Any], lang: str) -> str | None:
    """The host's sentence for a setup refusal, or None if it has none (or the fields do not fit)."""
    template = UI.get(lang, UI["ru"]).get(f"setup_{rule}")
    if template is None:
        return None
    try:
        return template.format(**params)
    except (KeyError, IndexError):
        return None


def t(lang: str, key: str, **fields: Any) -> str:
    """A UI string in the host's language (Russian if the language is unknown)."""
    template = UI.get(lang, UI["ru"])[key]
    return template.format(**fields) if fields else template


FORMS = {
    "ru": {"target": ("цель", "цели", "целей"), "vote": ("голос", "голоса", "голосов")},
    "en": {"target": ("target", "targets", "targets"), "vote": ("vote", "votes", "votes")},
}


def plural(count: int, lang: str, noun: str = "vote") -> str:
    """"1 голос", "3 голоса", "5 голосов"; "1 vote", "2 votes" (and likewise "target")."""
    one, few, many = FORMS.get(lang, FORMS["ru"])[noun]
    if lang != "ru":
        return f"{count} {one if count == 1 else many}"
    return f"{count} {russian_form(count, one, few, many)}"
