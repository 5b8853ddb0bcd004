"""The bot's own words, Russian first and English second. Role names, refusals and summaries come from the
text layer (`rankedmafia.text`); no id (role, action, error) is ever shown as such."""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Iterable
from typing import Any

from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.game import Game
from rankedmafia.text import names
from rankedmafia.text.questions import question_short, value_words
from rankedmafia.text.refusals import refusal_text
from rankedmafia.text.roles import role_name, side_name


class Html(str):
    """A message's text as it is sent with parse_mode HTML: the bot's own markup, and every value in it
    (a nickname, a group's title, a refusal) escaped exactly once. Only `say`, `esc`, `join` and `heading`
    make one, so a value cannot be sent unescaped, nor escaped twice."""

    __slots__ = ()


class Plain(str):
    """A text Telegram shows as it is, never parsed: a button's label, the answer to a press. Nothing in it
    is escaped («Эля&Ко» stays «Эля&Ко»)."""

    __slots__ = ()


LANGS = ("ru", "en")

# The Council's comparisons in words: a player reads «меньше», never «<».
OPS = names.OPS["ru"]

WORDS: dict[str, dict[str, str]] = {
    "ru": {
        "registration": "🎲 <b>Набор в игру</b>: {title} — {players} игроков.\nРасклад: {roles}.\n\n"
                        "Записались ({joined}/{players}): {names}\n\nНабор до {deadline} (UTC). "
                        "Нажмите «Вступить»: бот напишет вам в личные сообщения.",
        "nobody_yet": "пока никого",
        "join": "Вступить",
        "begin": "Начать игру",
        "leave": "Выйти из набора",
        "left": "Вы вышли из набора.",
        "not_joined": "Вы не записаны в эту игру.",
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
        "pick_more": "Выбрано: {chosen}\nКого ещё? (цель {i} из {most})",
        "pick_option": "Лечить жертв какой роли или стороны?",
        "pick_role": "Какую роль скопировать?",
        "pick_use": "Роль «{role}»: какое действие?",
        "pick_question": "Какой вопрос задать Совету?",
        "pick_field": "Вопрос Совету: {question}\nВыберите {field}.",
        "pick_players": "Вопрос Совету: {question}\nНазовите не меньше {least} игроков (выбрано: {chosen}).",
        "confirm": "Вы выбрали: {summary}\nОтправить?",
        "send": "✅ Отправить",
        "again": "↩️ Заново",
        "done": "Готово",
        "sent": "✅ Ход принят: {summary}\nМожно изменить до конца ночи.",
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
        "voted": "Ваш голос: {choice}.",
        "vote_closed": "Голосование, день {n}, закрыто.\n{tally}",
        "stranger": "Вы не играете в этой игре.",
        "not_yours": "Это не ваши кнопки.",
        "stale": "Эти кнопки устарели.",
        "day_over": "Этот день уже закончился — голос не принят.",
        "night_over": "Эта ночь уже закончилась — ход не принят.",
        "already": "Уже принято.",
        "over": "🏁 <b>Игра окончена.</b> {winner}\n\n<b>Роли</b>\n{roles}\n\nЗапись игры и её повтор: {link}",
        "winner": "Победитель — {side}.",
        "winners": "Победили: {names}.",
        "draw": "Ничья: в живых не осталось никого.",
        "role_line": "{mark}{nick} — {role}",
        "role_was": "{mark}{nick} — {role} (в начале — {first})",
        "ended_by_host": "Игра остановлена без победителя.",
        "stalemate": "Игра окончена: ничья. Несколько ночей и дней подряд никто не погиб и никого не повесили — "
                     "победителя нет.",
        "clan_says": "🕶 {nick}: {text}",
        "clan_says_in": "🕶 {clan}, {nick}: {text}",
        "which_clan": "Вы состоите в двух кланах: начните сообщение с названия клана, которому пишете, — "
                      "{choices}. Ничего не отправлено.",
        "no_clan": "Ночной чат — только для мафии; ваши сообщения здесь никто не читает.",
        "not_playing": "Вы не в игре. Чтобы сыграть, нажмите «Вступить» под набором в группе.",
        "remind_night": "⏰ До конца ночи осталось {left}. Вы ещё не походили.",
        "remind_day": "⏰ До конца дня осталось {left}. Не проголосовали: {names}.",
        "lang": "Язык: русский.",
        "settings": "Настройки группы:\n• игра по умолчанию (/game без слов): {game}\n"
                    "• ночь, секунд: {night_seconds}\n• день, секунд: {day_seconds}\n"
                    "• удалять сообщения игроков ночью: {night_delete}\n"
                    "• удалять сообщения выбывших: {dead_delete}\n"
                    "• удалять из группы после стольких пропущенных фаз подряд: {kick_after}\n\n"
                    "Изменить: /settings game classic-12 боты ии=2, /settings nightlen 90, /settings daylen 240 "
                    "(0 — как у бота), /settings night on|off, /settings dead on|off, /settings kick N "
                    "(0 — выключить).",
        "settings_bad": "Не понял настройку: {what}. Ничего не изменено.",
        "by_default": "как у бота",
        "on": "да", "off": "нет",
        "kicked": "{nick} пропустил {n} подряд и удаляется из группы.",
        "kicked_f": "{nick} пропустила {n} подряд и удаляется из группы.",
        "phases": "фазу|фазы|фаз",
        "help": "Команды: /game [расклад] [боты] [ии=N] — открыть набор (например, /game classic-12 боты: "
                "пустые при старте места займут боты; «боты=случайные» — боты, играющие наугад; «ии=2» — два "
                "игрока ИИ); /extend — продлить набор (в игре — фазу, админы); /begin — начать; /cancel — отменить "
                "(админы); /end — закончить игру без победителя (админы); /players — кто в игре; /stats — статистика; "
                "/lang ru|en; "
                "/settings. Ходы ночью — в личных сообщениях бота.",
        "seconds": "{n} с",
        "unknown_preset": "Нет расклада «{name}». Есть: {choices}.",
        "option_twice": "Расклад назван дважды («{word}»): нужен один. Ничего не создано.",
        "option_bots": "Не понял «{word}»: скажите «боты» (играют осмысленно) или «боты=случайные» (наугад). "
                       "Ничего не создано.",
        "option_unknown": "Не понял «{word}». Например: /game classic-12 боты или /game classic-12 "
                          "боты=случайные ии=2. Ничего не создано.",
        "option_no_ai": "Игроки ИИ на этом боте не настроены: можно позвать только ботов. Ничего не создано.",
        "option_agent": "Не понял «{word}»: такого ИИ нет. Есть: {agents}. Ничего не создано.",
        "option_ai_count": "«{word}»: игроков ИИ может быть от 1 до 50. Ничего не создано.",
        "option_ai_many": "Игроков ИИ не больше {most}: хотя бы одно место — за человеком. Ничего не создано.",
        "bots_heuristic": "боты, играющие осмысленно",
        "bots_random": "боты, играющие наугад",
        "note_bots": "Места, пустые при старте, займут {bots} (в списках — «бот»). В срок игра начнётся, "
                     "если записался хоть один человек.",
        "note_ai": "Игроков ИИ за столом: {n} (в списках — «ИИ»); остальные места — людям.",
        "note_ai_bots": "Игроков ИИ за столом: {n} (в списках — «ИИ»); места, что останутся пустыми при старте, "
                        "займут {bots} (в списках — «бот»). В срок игра начнётся, если записался хоть один человек.",
        "mark_bot": "бот",
        "mark_ai": "ИИ",
        "marked": "{nick} ({mark})",
        "players_list": "Игроки: {names}.",
        "players_alive": "В игре ({n}): {names}.",
        "players_dead": "Выбыли ({n}): {names}.",
        "dead_role": "{nick} — {role}",
        "dead_unknown": "{nick} — роль не раскрыта",
        "no_game_yet": "Игра ещё не началась.",
        "stats_none": "В этой группе ещё не доиграна ни одна игра.",
        "stats_group": "Игр в группе: {n}. Победители: {sides}.",
        "stats_own": "Ваши игры здесь: {played}, из них выиграно: {won}.",
        "no_winner": "без победителя",
        "phase_extended": "Фаза продлена до {deadline} (UTC).",
        "ai_says": "🤖 {nick}: {text}",
    },
    "en": {
        "registration": "🎲 <b>Sign-up</b>: {title} — {players} players.\nSetup: {roles}.\n\n"
                        "Joined ({joined}/{players}): {names}\n\nOpen until {deadline} (UTC). "
                        "Press “Join”: the bot will write to you privately.",
        "nobody_yet": "nobody yet",
        "join": "Join",
        "begin": "Start the game",
        "leave": "Leave",
        "left": "You have left the sign-up.",
        "not_joined": "You have not joined this game.",
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
        "pick_more": "Chosen: {chosen}\nWhom else? (target {i} of {most})",
        "pick_option": "Heal the victims of which role or side?",
        "pick_role": "Which role to copy?",
        "pick_use": "The {role}: which action?",
        "pick_question": "Which question for the Council?",
        "pick_field": "The question for the Council: {question}\nChoose the {field}.",
        "pick_players": "The question for the Council: {question}\nName at least {least} players (chosen: {chosen}).",
        "confirm": "Your choice: {summary}\nSend it?",
        "send": "✅ Send",
        "again": "↩️ Start over",
        "done": "Done",
        "sent": "✅ Action taken: {summary}\nYou may change it until the night ends.",
        "change": "Change it",
        "changed": "Action withdrawn: choose again.",
        "asked": "🕯 The night is being resolved. {deaths}\nWhom to revive? Answer by {deadline} (UTC).",
        "nobody": "Nobody",
        "passed": "You revive nobody.",
        "vote": "🗳 <b>Vote, day {n}</b>\n{tally}\n\n{voted} of {alive} voted; {need} hang.\nUntil {deadline} (UTC).",
        "vote_line": "{choice} — {count}: {voters}",
        "no_votes_yet": "No votes yet.",
        "blue": "🔵 Nobody (blue)",
        "voted": "Your vote: {choice}.",
        "vote_closed": "Vote, day {n}, closed.\n{tally}",
        "stranger": "You are not playing in this game.",
        "not_yours": "These are not your buttons.",
        "stale": "These buttons are out of date.",
        "day_over": "That day is over: the vote was not taken.",
        "night_over": "That night is over: the action was not taken.",
        "already": "Already taken.",
        "over": "🏁 <b>The game is over.</b> {winner}\n\n<b>Roles</b>\n{roles}\n\nThe game's record and replay: {link}",
        "winner": "The winner: {side}.",
        "winners": "Won: {names}.",
        "draw": "A draw: nobody is left alive.",
        "role_line": "{mark}{nick} — {role}",
        "role_was": "{mark}{nick} — {role} (at first {first})",
        "ended_by_host": "The game was stopped with no winner.",
        "stalemate": "The game is over: a draw. For several nights and days in a row nobody died and nobody was "
                     "hanged: nobody wins.",
        "clan_says": "🕶 {nick}: {text}",
        "clan_says_in": "🕶 {clan}, {nick}: {text}",
        "which_clan": "You belong to two clans: begin your message with the name of the clan you write to — "
                      "{choices}. Nothing was sent.",
        "no_clan": "The night chat is the mafia's; nobody reads your messages here.",
        "not_playing": "You are not in a game. To play, press “Join” under a sign-up in a group.",
        "remind_night": "⏰ {left} left in the night. You have not acted yet.",
        "remind_day": "⏰ {left} left in the day. Not voted: {names}.",
        "lang": "Language: English.",
        "settings": "Group settings:\n• the default game (/game with no words): {game}\n"
                    "• a night, seconds: {night_seconds}\n• a day, seconds: {day_seconds}\n"
                    "• delete players' messages at night: {night_delete}\n"
                    "• delete the dead's messages: {dead_delete}\n"
                    "• remove from the group after this many missed phases: {kick_after}\n\n"
                    "Change: /settings game classic-12 bots ai=2, /settings nightlen 90, /settings daylen 240 "
                    "(0 — the bot's own), /settings night on|off, /settings dead on|off, /settings kick N (0 — off).",
        "settings_bad": "Unknown setting: {what}. Nothing changed.",
        "by_default": "the bot's own",
        "on": "yes", "off": "no",
        "kicked": "{nick} missed {n} in a row and is removed from the group.",
        "kicked_f": "{nick} missed {n} in a row and is removed from the group.",
        "phases": "phase|phases|phases",
        "help": "Commands: /game [setup] [bots] [ai=N] — open a sign-up (e.g. /game classic-12 bots: bots take "
                "the seats still empty at the start; “bots=random” — bots that play at random; “ai=2” — two AI "
                "players); /extend — extend it (in play, the phase: admins); /begin — start; /cancel — cancel "
                "(admins); /end — end the game with no winner (admins); /players — who is in the game; "
                "/stats — statistics; /lang ru|en; /settings. Night actions go to the bot privately.",
        "seconds": "{n} s",
        "unknown_preset": "There is no setup “{name}”. There are: {choices}.",
        "option_twice": "The setup is named twice (“{word}”): one, please. Nothing was created.",
        "option_bots": "I did not understand “{word}”: say “bots” (they play sensibly) or “bots=random”. "
                       "Nothing was created.",
        "option_unknown": "I did not understand “{word}”. For example: /game classic-12 bots or /game classic-12 "
                          "bots=random ai=2. Nothing was created.",
        "option_no_ai": "This bot has no AI players configured: only bots can be asked for. Nothing was created.",
        "option_agent": "I did not understand “{word}”: there is no such AI. There are: {agents}. "
                        "Nothing was created.",
        "option_ai_count": "“{word}”: from 1 to 50 AI players. Nothing was created.",
        "option_ai_many": "At most {most} AI players: one seat at least is a person's. Nothing was created.",
        "bots_heuristic": "bots that play sensibly",
        "bots_random": "bots that play at random",
        "note_bots": "The seats still empty at the start go to {bots} (marked “bot”). At the deadline the game "
                     "starts if one person at least has joined.",
        "note_ai": "AI players at the table: {n} (marked “AI”); the other seats are for people.",
        "note_ai_bots": "AI players at the table: {n} (marked “AI”); the seats still empty at the start go to "
                        "{bots} (marked “bot”). At the deadline the game starts if one person at least has joined.",
        "mark_bot": "bot",
        "mark_ai": "AI",
        "marked": "{nick} ({mark})",
        "players_list": "Players: {names}.",
        "players_alive": "In the game ({n}): {names}.",
        "players_dead": "Out ({n}): {names}.",
        "dead_role": "{nick} — {role}",
        "dead_unknown": "{nick} — role not revealed",
        "no_game_yet": "The game has not started yet.",
        "stats_none": "No game has been finished in this group yet.",
        "stats_group": "Games in this group: {n}. Winners: {sides}.",
        "stats_own": "Your games here: {played}, won: {won}.",
        "no_winner": "no winner",
        "phase_extended": "The phase is extended until {deadline} (UTC).",
        "ai_says": "🤖 {nick}: {text}",
    },
}

def shown(live: LiveGame, name: str, lang: str) -> Plain:
    """A player's nickname as the lists show it: a policy bot's marked «бот», an AI seat's «ИИ» (a seat no
    person holds says so wherever players are listed)."""
    nick = live.nickname(name)
    if not live.is_bot(name):
        return plain(nick)
    mark = "mark_ai" if live.ai_agent(name) is not None else "mark_bot"
    return label(lang, "marked", nick=person_name(nick), mark=label(lang, mark))


BOT_WORD = "Бот "


def person_name(nick: str) -> str:
    """A seat's name as a person's, its mark said once beside it: «Бот Трофим» is shown «Трофим (бот)», not
    «Бот Трофим (бот)» (a numbered one, «Бот 2», keeps its word: a number alone is no name)."""
    rest = nick[len(BOT_WORD):] if nick.startswith(BOT_WORD) else nick
    return rest if rest[:1].isalpha() else nick


def agree(text: str, sex: str | None) -> str:
    """The role's rules, written to a man, agreeing with a woman's sex."""
    if sex != "f":
        return text
    for man, woman in AGREEMENT:
        text = text.replace(man, woman)
    return text


AGREEMENT = (("играете сам за себя", "играете сама за себя"),)


def lang_of(value: str | None) -> str:
    return value if value in LANGS else "ru"


def say(lang: str, key: str, **fields: Any) -> Html:
    """A phrase for a message (sent as HTML): every value that is not HTML already is escaped here, once."""
    return Html(WORDS[lang_of(lang)][key].format(**{k: esc(v) for k, v in fields.items()}))


def label(lang: str, key: str, **fields: Any) -> Plain:
    """A phrase for a button or the answer to a press (plain text): its values as they are, unescaped."""
    return Plain(WORDS[lang_of(lang)][key].format(**fields))


def plain(value: Any) -> Plain:
    """A value shown as it is: a nickname on a button, a refusal in an alert."""
    return value if isinstance(value, Plain) else Plain(str(value))


def esc(value: Any) -> Html:
    """A value made safe for an HTML message; HTML already made is left as it is (never escaped twice)."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=False))


def join(separator: str, parts: Iterable[Any]) -> Html:
    """Values and HTML pieces joined into one HTML text, each value escaped once."""
    return Html(esc(separator).join(esc(part) for part in parts))


def heading(text: Any) -> Html:
    """A heading as a sentence in bold (never in capitals)."""
    return Html(f"<b>{esc(text)}</b>")


def sentence(text: str) -> str:
    """A phrase closed as a sentence: a full stop, unless it ends with its own mark («…меньше 6?»)."""
    text = text.rstrip()
    return text if not text or text[-1] in ".?!…" else text + "."


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def count_of(lang: str, key: str, n: int) -> str:
    """A number with its noun agreeing («1 фазу», «3 фазы», «5 фаз»); the forms are `key`'s, split by «|»."""
    one, few, many = WORDS[lang_of(lang)][key].split("|")
    if lang_of(lang) != "ru":
        return f"{n} {one if n == 1 else many}"
    if n % 10 == 1 and n % 100 != 11:
        form = one
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        form = few
    else:
        form = many
    return f"{n} {form}"


def kicked_text(lang: str, nick: str, sex: str | None, phases: int) -> Html:
    """Removed from the group by the house rule, in agreement with his or her sex."""
    return say(lang, "kicked_f" if sex == "f" else "kicked", nick=nick, n=count_of(lang, "phases", phases))


def action_name(action: str, lang: str) -> str:
    return names.action_name(action, lang_of(lang))


def option_label(action: str, value: str, lang: str) -> Plain:
    """A value beside the targets, for its button: heal_from's source (a side or a role), a role to copy, a
    Council question (its short name in words)."""
    if action == "ask":
        return Plain(question_short(value, lang_of(lang)))
    if value in ("town", "mafia", "maniac", "loners"):
        return Plain(side_name(value, lang))
    return Plain(role_name(value, lang))


def field_label(field: str, value: Any, lang: str, template: str = "") -> Plain:
    """A value of a Council question's argument in words, for its button (a comparison as words: «меньше»,
    or «больше, чем» between two counts)."""
    return Plain(value_words(template, field, value, lang_of(lang)))


# A Council question's blank, as «Выберите …» names it.
FIELD_NAMES = {
    "ru": {"side": "сторону", "a": "первую сторону", "b": "вторую сторону", "op": "сравнение", "n": "число",
           "role": "роль", "player": "игрока", "players": "игроков", "sex": "пол"},
    "en": {"side": "side", "a": "first side", "b": "second side", "op": "comparison", "n": "number",
           "role": "role", "player": "player", "players": "players", "sex": "sex"},
}


def refusal(error: Exception, lang: str) -> str:
    """A refusal's sentence in the user's language: the engine's and the service's, as every front end
    words them (text/refusals.py). Plain text: `say` or `esc` escape it for a message."""
    return refusal_text(error, lang_of(lang))


def clock(at: float | None) -> str:
    return "—" if at is None else time.strftime("%H:%M:%S", time.gmtime(at))


def game_over(game: Game, nickname: Callable[[str], str], link: str, lang: str) -> Html:
    """The one message that ends a game in its group: who won (the side in words, the winners by name),
    every player's role (and the one he was dealt, if it changed), the link to the game's record and
    replay on the web. The game is over: every role is public now."""
    winners = set(game.winners()) if game.winner not in (None, "draw") else set()
    if game.winner is None:  # nobody won: a stalemate, or the host stopped the game
        head = say(lang, "stalemate" if game.ended == "stalemate" else "ended_by_host")
    elif game.winner == "draw":
        head = say(lang, "draw")
    else:
        head = say(lang, "winner", side=side_name(game.winner, lang))
        shown = [nickname(p.name) for p in game.players() if p.name in winners]
        if shown:
            head = join(" ", [head, say(lang, "winners", names=", ".join(shown))])
    lines = []
    for p in game.players():
        fields = {"mark": "🏆 " if p.name in winners else "", "nick": nickname(p.name), "role": role_name(p.role, lang)}
        if p.initial_role != p.role:
            lines.append(say(lang, "role_was", first=role_name(p.initial_role, lang), **fields))
        else:
            lines.append(say(lang, "role_line", **fields))
    return say(lang, "over", winner=head, roles=join("\n", lines), link=link)
