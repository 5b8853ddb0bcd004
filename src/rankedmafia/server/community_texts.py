"""The words of the community features (games to watch, the dead's chat, absent players, push alerts), in
Russian and English; merged into the platform's table (`server/i18n.py`) when the features are installed."""

from __future__ import annotations

from rankedmafia.server.i18n import UI
from rankedmafia.text.refusals import REFUSALS

TEXTS: dict[str, dict[str, str]] = {
    "ru": {
        "watch_title": "Идущие игры",
        "watch_link": "Смотреть идущие игры",
        "watch_none": "Сейчас никто не играет. Откройте набор — и игра появится здесь, когда начнётся.",
        "watch_alive": "живых {alive} из {players}",
        "watch_button": "Смотреть",
        "watch_paused": "пауза",
        "dead_chat": "Чат выбывших и зрителей",
        "dead_chat_note": "Живые игроки этот чат не видят; после игры он открыт всем.",
        "dead_chat_over": "Чат выбывших и зрителей (открыт после игры)",
        "dead_chat_empty": "Здесь пока тихо.",
        "dead_chat_send": "Написать",
        "dead_chat_as": "Ваше имя (зритель)",
        "spectator_mark": "зритель",
        "push_on": "Присылать уведомления, даже когда вкладка закрыта",
        "push_done": "Уведомления включены на этом устройстве",
        "push_denied": "Браузер запретил уведомления: включите их в настройках сайта.",
        "push_unsupported": "Этот браузер не умеет присылать уведомления.",
        "replace_absent": "Заменять ботом игрока, который не ходил две фазы подряд",
    },
    "en": {
        "watch_title": "Games in progress",
        "watch_link": "Watch games in progress",
        "watch_none": "Nobody is playing right now. Open a game and it appears here once it starts.",
        "watch_alive": "{alive} of {players} alive",
        "watch_button": "Watch",
        "watch_paused": "paused",
        "dead_chat": "The chat of the dead and the spectators",
        "dead_chat_note": "The living players cannot read this chat; it is open to all after the game.",
        "dead_chat_over": "The chat of the dead and the spectators (open after the game)",
        "dead_chat_empty": "Quiet here so far.",
        "dead_chat_send": "Send",
        "dead_chat_as": "Your name (spectator)",
        "spectator_mark": "spectator",
        "push_on": "Send me notifications even with the tab closed",
        "push_done": "Notifications are on for this device",
        "push_denied": "The browser blocked notifications: allow them in the site's settings.",
        "push_unsupported": "This browser cannot receive notifications.",
        "replace_absent": "Replace by a bot a player who sent nothing for two phases in a row",
    },
}

for _lang, _words in TEXTS.items():
    UI[_lang].update(_words)

REFUSAL_TEXTS: dict[str, dict[str, str]] = {
    "ru": {"bad_push": "подписка на уведомления не годится: нужен адрес сервиса и ключи браузера",
           "dead_chat_living": "этот чат для выбывших и зрителей: живые игроки его не читают до конца игры"},
    "en": {"bad_push": "the notification subscription is unusable: it needs the service's URL and the browser's keys",
           "dead_chat_living": "this chat is for the dead and the spectators: the living do not read it until "
                               "the game is over"},
}
for _lang, _words in REFUSAL_TEXTS.items():
    REFUSALS[_lang].update(_words)
