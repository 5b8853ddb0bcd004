"""The bot's own words, Russian first and English second. Role names, refusals and summaries come from the
text layer (`rankedmafia.text`); no id (role, action, error) is ever shown as such."""

from __future__ import annotations

import html
import time
from typing import Any

from rankedmafia.text import names
from rankedmafia.text.refusals import refusal_text
from rankedmafia.text.roles import role_name, side_name

LANGS = ("ru", "en")

OPS = {"eq": "=", "ne": "≠", "gt": ">", "ge": "≥", "lt": "<", "le": "≤"}

WORDS: dict[str, dict[str, str]] = {
    "ru": {
        "registration": "🎲 <b>Набор в игру</b>: {title} — {players} игроков.\nРасклад: {roles}.\n\n"
                        "Записались ({joined}/{players}): {names}\n\nНабор до {deadline} (UTC). "
                        "Нажмите «Вступить»: бот напишет вам в личные сообщения.",
        "nobody_yet": "пока никого",
        "join": "Вступить",
        "begin": "Начать игру",
        "join_prompt": "Вы вступаете в игру «{title}». Ваш пол (для текстов игры)?",
        "sex_m": "мужской", "sex_f": "женский", "sex_none": "не указывать",
        "joined": "Вы в игре под ником <b>{nick}</b>. Роль придёт сюда, когда игра начнётся.",
        "in_other_game": "Вы уже записаны в другую игру: одна игра за раз.",
        "banned": "Администраторы заблокировали вас: занять место в игре нельзя.",
        "no_such_game": "Набор в эту игру закрыт или её нет.",
        "private_only": "Напишите мне в личные сообщения: так бот сможет прислать вам роль.",
        "group_only": "Эта команда — для группы, где идёт игра.",
        "game_exists": "В этой группе уже идёт игра или набор.",
        "no_game": "В этой группе нет ни игры, ни набора.",
        "not_allowed": "Только открывший набор или администратор группы.",
        "admins_only": "Только администратор группы.",
        "extended": "Набор продлён до {deadline} (UTC).",
        "cancelled": "Игра отменена.",
        "too_few": "Набор закрыт: записалось {joined} из {players}. Игра отменена.",
        "started": "🎬 <b>Игра началась!</b> Роли розданы в личные сообщения.\nНаблюдать: {link}",
        "card": "🎭 Ваша роль — <b>{role}</b>.\n\n{about}",
        "card_clan": "Ваш клан: {members}.",
        "card_boss": "Босс клана: {boss}.",
        "card_detective": "Вы работаете на сторону «{side}», ищете: {quarry}.",
        "night": "🌙 <b>Ночь {n}.</b> Ходы — в личных сообщениях бота, до {deadline} (UTC).",
        "day": "☀️ <b>День {n}.</b> Голосуйте кнопками под сообщением о голосовании, до {deadline} (UTC).",
        "panel": "🌙 Ночь {n}. Ваш ход:",
        "panel_none": "🌙 Ночь {n}. Этой ночью у вас нет хода.",
        "pick_target": "{action}: кого? (цель {i} из {most})",
        "pick_option": "{action}: выберите.",
        "pick_role": "Какую роль скопировать?",
        "pick_use": "Роль «{role}»: какое действие?",
        "pick_question": "Какой вопрос задать Совету?",
        "pick_field": "Вопрос: {question}\nВыберите: {field}.",
        "pick_players": "Вопрос: {question}\nНазовите не меньше {least} игроков (выбрано: {chosen}).",
        "confirm": "Ваш ход: {summary}. Отправить?",
        "send": "✅ Отправить",
        "again": "↩️ Заново",
        "done": "Готово",
        "sent": "✅ Ход принят: {summary}.\nМожно изменить до конца ночи.",
        "change": "Изменить ход",
        "changed": "Ход отозван: выберите заново.",
        "asked": "🕯 Ночь подводится. {deaths}\nКого оживить? Ответ — до {deadline} (UTC).",
        "nobody": "Никого",
        "passed": "Вы никого не оживляете.",
        "vote": "🗳 <b>Голосование, день {n}</b>\n{tally}\n\nПроголосовали {voted} из {alive}; "
                "чтобы повесить, нужно {need}.\nДо {deadline} (UTC).",
        "vote_line": "{choice} — {count}: {voters}",
        "no_votes_yet": "Голосов пока нет.",
        "blue": "🔵 Никого (синий)",
        "voted": "Ваш голос: {choice}",
        "vote_closed": "Голосование, день {n}, закрыто.\n{tally}",
        "stranger": "Вы не играете в этой игре.",
        "not_yours": "Это не ваши кнопки.",
        "stale": "Эти кнопки устарели.",
        "already": "Уже принято.",
        "over": "🏁 <b>Игра окончена.</b> {winner}\n\nРоли:\n{roles}\n\nЗапись и повтор: {link}",
        "winner": "Победа: {side}.",
        "ended_by_host": "Игра остановлена.",
        "clan_says": "🕶 {nick}: {text}",
        "no_clan": "Ночной чат — только для мафии; ваши сообщения здесь никто не читает.",
        "not_playing": "Вы не в игре. Чтобы сыграть, нажмите «Вступить» под набором в группе.",
        "remind_night": "⏰ До конца ночи осталось {left}. Вы ещё не походили.",
        "remind_day": "⏰ До конца дня осталось {left}. Не проголосовали: {names}.",
        "lang": "Язык: русский.",
        "settings": "Настройки группы:\n• удалять сообщения игроков ночью: {night_delete}\n"
                    "• удалять сообщения выбывших: {dead_delete}\n"
                    "• удалять из группы пропустивших фаз подряд: {kick_after}\n\n"
                    "Изменить: /settings night on|off, /settings dead on|off, /settings kick N (0 — выключить).",
        "on": "да", "off": "нет",
        "kicked": "{nick} пропустил(а) {n} фаз подряд и удаляется из группы.",
        "help": "Команды: /game [расклад] — открыть набор; /extend — продлить набор; /begin — начать; "
                "/cancel — отменить (админы); /lang ru|en; /settings. Ходы ночью — в личных сообщениях бота.",
        "seconds": "{n} с",
        "unknown_preset": "Нет расклада «{name}». Есть: {choices}.",
    },
    "en": {
        "registration": "🎲 <b>Sign-up</b>: {title} — {players} players.\nSetup: {roles}.\n\n"
                        "Joined ({joined}/{players}): {names}\n\nOpen until {deadline} (UTC). "
                        "Press “Join”: the bot will write to you privately.",
        "nobody_yet": "nobody yet",
        "join": "Join",
        "begin": "Start the game",
        "join_prompt": "You are joining “{title}”. Your sex (for the game's texts)?",
        "sex_m": "male", "sex_f": "female", "sex_none": "skip",
        "joined": "You are in the game as <b>{nick}</b>. Your role will come here when the game starts.",
        "in_other_game": "You are signed up for another game: one game at a time.",
        "banned": "The administrators have banned you: you cannot take a seat in a game.",
        "no_such_game": "This game's sign-up is closed, or it does not exist.",
        "private_only": "Write to me privately: then the bot can send you your role.",
        "group_only": "This command is for the group where the game is played.",
        "game_exists": "This group already has a game or a sign-up.",
        "no_game": "This group has no game and no sign-up.",
        "not_allowed": "Only whoever opened the sign-up or a group admin.",
        "admins_only": "Group admins only.",
        "extended": "Sign-up extended until {deadline} (UTC).",
        "cancelled": "The game is cancelled.",
        "too_few": "Sign-up closed: {joined} of {players} joined. The game is cancelled.",
        "started": "🎬 <b>The game has started!</b> Roles were sent privately.\nWatch: {link}",
        "card": "🎭 Your role: <b>{role}</b>.\n\n{about}",
        "card_clan": "Your clan: {members}.",
        "card_boss": "The clan's boss: {boss}.",
        "card_detective": "You work for “{side}” and seek: {quarry}.",
        "night": "🌙 <b>Night {n}.</b> Actions go to the bot privately, until {deadline} (UTC).",
        "day": "☀️ <b>Day {n}.</b> Vote with the buttons under the vote message, until {deadline} (UTC).",
        "panel": "🌙 Night {n}. Your move:",
        "panel_none": "🌙 Night {n}. You have no action tonight.",
        "pick_target": "{action}: whom? (target {i} of {most})",
        "pick_option": "{action}: choose.",
        "pick_role": "Which role to copy?",
        "pick_use": "The {role}: which action?",
        "pick_question": "Which question for the Council?",
        "pick_field": "Question: {question}\nChoose: {field}.",
        "pick_players": "Question: {question}\nName at least {least} players (chosen: {chosen}).",
        "confirm": "Your move: {summary}. Send it?",
        "send": "✅ Send",
        "again": "↩️ Start over",
        "done": "Done",
        "sent": "✅ Action taken: {summary}.\nYou may change it until the night ends.",
        "change": "Change it",
        "changed": "Action withdrawn: choose again.",
        "asked": "🕯 The night is being resolved. {deaths}\nWhom to revive? Answer by {deadline} (UTC).",
        "nobody": "Nobody",
        "passed": "You revive nobody.",
        "vote": "🗳 <b>Vote, day {n}</b>\n{tally}\n\n{voted} of {alive} voted; {need} hang.\nUntil {deadline} (UTC).",
        "vote_line": "{choice} — {count}: {voters}",
        "no_votes_yet": "No votes yet.",
        "blue": "🔵 Nobody (blue)",
        "voted": "Your vote: {choice}",
        "vote_closed": "Vote, day {n}, closed.\n{tally}",
        "stranger": "You are not playing in this game.",
        "not_yours": "These are not your buttons.",
        "stale": "These buttons are out of date.",
        "already": "Already taken.",
        "over": "🏁 <b>The game is over.</b> {winner}\n\nRoles:\n{roles}\n\nRecord and replay: {link}",
        "winner": "Winner: {side}.",
        "ended_by_host": "The game was stopped.",
        "clan_says": "🕶 {nick}: {text}",
        "no_clan": "The night chat is the mafia's; nobody reads your messages here.",
        "not_playing": "You are not in a game. To play, press “Join” under a sign-up in a group.",
        "remind_night": "⏰ {left} left in the night. You have not acted yet.",
        "remind_day": "⏰ {left} left in the day. Not voted: {names}.",
        "lang": "Language: English.",
        "settings": "Group settings:\n• delete players' messages at night: {night_delete}\n"
                    "• delete the dead's messages: {dead_delete}\n"
                    "• remove from the group after this many missed phases: {kick_after}\n\n"
                    "Change: /settings night on|off, /settings dead on|off, /settings kick N (0 — off).",
        "on": "yes", "off": "no",
        "kicked": "{nick} missed {n} phases in a row and is removed from the group.",
        "help": "Commands: /game [setup] — open a sign-up; /extend — extend it; /begin — start; "
                "/cancel — cancel (admins); /lang ru|en; /settings. Night actions go to the bot privately.",
        "seconds": "{n} s",
        "unknown_preset": "There is no setup “{name}”. There are: {choices}.",
    },
}

def lang_of(value: str | None) -> str:
    return value if value in LANGS else "ru"


def say(lang: str, key: str, **fields: Any) -> str:
    return WORDS[lang_of(lang)][key].format(**fields)


def action_name(action: str, lang: str) -> str:
    return names.action_name(action, lang_of(lang))


def option_label(action: str, value: str, lang: str) -> str:
    """A value beside the targets: heal_from's source (a side or a role), a role to copy, a question."""
    from rankedmafia.rules import council

    if action == "ask":
        template = council.TEMPLATES.get(value)
        if template is None:
            return "…"
        return template.text.get(lang, template.text["ru"]).format(
            side="…", op="…", n="…", role="…", player="…", players="…", a="…", b="…", sex="…")
    if value in ("town", "mafia", "maniac", "loners"):
        return side_name(value, lang)
    return role_name(value, lang)


def field_label(field: str, value: Any, lang: str) -> str:
    """A value of a Council question's argument, in words."""
    if field in ("side", "a", "b"):
        return side_name(str(value), lang)
    if field == "op":
        return OPS.get(str(value), str(value))
    if field == "role":
        return role_name(str(value), lang)
    if field == "sex":
        return WORDS[lang_of(lang)]["sex_m" if value == "m" else "sex_f"]
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


FIELD_NAMES = {
    "ru": {"side": "сторона", "a": "первая сторона", "b": "вторая сторона", "op": "сравнение", "n": "число",
           "role": "роль", "player": "игрок", "players": "игроки", "sex": "пол"},
    "en": {"side": "side", "a": "first side", "b": "second side", "op": "comparison", "n": "number",
           "role": "role", "player": "player", "players": "players", "sex": "sex"},
}


def refusal(error: Exception, lang: str) -> str:
    """A refusal's sentence in the user's language: the engine's and the service's, as every front end
    words them (text/refusals.py)."""
    return refusal_text(error, lang_of(lang))


def clock(at: float | None) -> str:
    return "—" if at is None else time.strftime("%H:%M:%S", time.gmtime(at))


def esc(value: Any) -> str:
    return html.escape(str(value), quote=False)
