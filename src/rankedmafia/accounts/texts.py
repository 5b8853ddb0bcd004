"""The accounts' and the ladder's texts for players, Russian first. The refusals are added to the web's
refusal table, so an `AccountError` escaping a route still reads as a sentence, never as an id."""

from __future__ import annotations

REFUSALS: dict[str, dict[str, str]] = {
    "ru": {
        "bad_name": "имя: от 1 до {most} символов, буквы, цифры, пробел, «_», «-» и «.»",
        "name_taken": "имя «{name}» уже занято",
        "bad_password": "пароль: от {least} до {most} символов",
        "bad_credentials": "неверное имя или пароль",
        "signed_out": "войдите в свой аккаунт: в рейтинговой игре играют только под своим именем",
        "banned": "аккаунт заблокирован: рейтинговые игры недоступны",
        "already_seated": "у вас уже есть место в этой игре",
        "host_plays": "создатель рейтинговой игры не может в ней играть",
        "ranked_no_replace": "в рейтинговой игре место не передают другому игроку",
        "bad_code": "код не подходит: он неверен, устарел или уже использован",
        "telegram_taken": "этот аккаунт Telegram уже привязан к другому игроку",
        "no_user": "такого игрока нет",
        "admin_only": "нужен ключ администратора",
        "too_many": "слишком много попыток: подождите немного",
    },
    "en": {
        "bad_name": "a name: 1 to {most} characters, letters, digits, space, '_', '-' and '.'",
        "name_taken": "the name “{name}” is taken",
        "bad_password": "a password: {least} to {most} characters",
        "bad_credentials": "wrong name or password",
        "signed_out": "sign in first: a ranked game is played under your own name",
        "banned": "this account is banned: ranked games are closed to it",
        "already_seated": "you already have a seat in this game",
        "host_plays": "the creator of a ranked game may not play in it",
        "ranked_no_replace": "a seat in a ranked game is not handed to another player",
        "bad_code": "that code does not fit: wrong, expired or already used",
        "telegram_taken": "this Telegram account is already linked to another player",
        "no_user": "no such player",
        "admin_only": "the admin key is needed",
        "too_many": "too many attempts: wait a little",
    },
}

UI: dict[str, dict[str, str]] = {
    "ru": {
        "sign_up": "Регистрация", "sign_in": "Вход", "sign_out": "Выйти", "name": "Имя", "password": "Пароль",
        "profile": "Профиль", "leaderboard": "Рейтинг", "balance": "Баланс раскладов", "ranked": "Рейтинговая",
        "ranked_game": "Рейтинговая игра (только для аккаунтов, одно место на аккаунт)",
        "games": "Игры", "wins": "Победы", "survived": "Выжил", "survival": "Выживание", "rating": "Рейтинг",
        "season": "Сезон", "setup": "Расклад", "role": "Роль", "side": "Сторона", "result": "Итог",
        "won": "победа", "lost": "поражение", "draw": "ничья", "unfinished": "прервана", "replay": "запись",
        "by_side": "Победы по сторонам", "by_role": "Победы по ролям", "actions": "Чаще всего",
        "no_games": "Сыгранных игр пока нет.", "player": "Игрок", "place": "Место",
        "conservative": "Оценка (μ − {z}σ)",
        "min_games": "В таблице — игроки, сыгравшие не меньше {n} рейтинговых игр.",
        "telegram": "Telegram", "link_code": "Код для Telegram",
        "link_hint": "Отправьте боту команду /link {code} в течение 15 минут.",
        "linked": "Привязан Telegram", "not_linked": "Telegram не привязан", "make_code": "Получить код",
        "predicted": "Симулятор",
        "predicting": "Симулятор ещё считает свой прогноз: обновите страницу через минуту.",
        "real": "Реальные игры", "ci": "95% интервал", "none_yet": "пока нет данных",
        "admin": "Администрирование", "ban": "Заблокировать", "unban": "Разблокировать", "void": "Аннулировать игру",
        "reason": "Причина", "game_id": "Игра (id)", "tg_user": "Пользователь Telegram (id)",
        "account": "Аккаунт", "join_ranked": "Занять место под своим именем", "rated_games": "Рейтинговых игр",
        "now_playing": "Идут сейчас", "open_seat": "к моему месту", "banned_mark": "заблокирован",
        "voided": "аннулирована", "web": "сайт", "source": "Где", "days": "Дней", "rating_change": "Изменение",
        "sides_total": "Всего", "unvoid_game": "Вернуть игру в рейтинг",
    },
    "en": {
        "sign_up": "Sign up", "sign_in": "Sign in", "sign_out": "Sign out", "name": "Name", "password": "Password",
        "profile": "Profile", "leaderboard": "Leaderboard", "balance": "Setups' balance", "ranked": "Ranked",
        "ranked_game": "Ranked game (accounts only, one seat per account)",
        "games": "Games", "wins": "Wins", "survived": "Survived", "survival": "Survival", "rating": "Rating",
        "season": "Season", "setup": "Setup", "role": "Role", "side": "Side", "result": "Result",
        "won": "won", "lost": "lost", "draw": "draw", "unfinished": "stopped", "replay": "record",
        "by_side": "Wins by side", "by_role": "Wins by role", "actions": "Used most",
        "no_games": "No games played yet.", "player": "Player", "place": "Place",
        "conservative": "Estimate (μ − {z}σ)", "min_games": "Players with at least {n} ranked games.",
        "telegram": "Telegram", "link_code": "Code for Telegram",
        "link_hint": "Send the bot /link {code} within 15 minutes.",
        "linked": "Telegram linked", "not_linked": "Telegram not linked", "make_code": "Get a code",
        "predicted": "Simulator",
        "predicting": "The simulator is still working out its prediction: reload the page in a minute.",
        "real": "Real games", "ci": "95% interval", "none_yet": "no data yet",
        "admin": "Administration", "ban": "Ban", "unban": "Unban", "void": "Void a game",
        "reason": "Reason", "game_id": "Game (id)", "tg_user": "Telegram user (id)",
        "account": "Account", "join_ranked": "Take a seat under my name", "rated_games": "Ranked games",
        "now_playing": "Playing now", "open_seat": "to my seat", "banned_mark": "banned",
        "voided": "voided", "web": "web", "source": "Where", "days": "Days", "rating_change": "Change",
        "sides_total": "Total", "unvoid_game": "Rate the game again",
    },
}


def refusals_into(table: dict[str, dict[str, str]]) -> None:
    """Adds these refusals to the web's table (without replacing any of its own)."""
    for lang, texts in REFUSALS.items():
        for key, text in texts.items():
            table.setdefault(lang, {}).setdefault(key, text)


NAV = {"ru": {"nav_ladder": "Рейтинг", "nav_me": "Профиль"}, "en": {"nav_ladder": "Leaderboard", "nav_me": "Profile"}}


def ui_into(table: dict[str, dict[str, str]]) -> None:
    """Adds the header's links to the web's interface texts."""
    for lang, texts in NAV.items():
        for key, text in texts.items():
            table.setdefault(lang, {}).setdefault(key, text)
