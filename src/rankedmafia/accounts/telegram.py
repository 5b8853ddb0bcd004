"""The account side of the Telegram bot's `/link CODE`: the one-time code from the profile page links the
Telegram user who sends it to that account; the answer is a sentence in the chat's language."""

from __future__ import annotations

from rankedmafia.accounts.service import AccountError, Accounts
from rankedmafia.accounts.texts import REFUSALS
from rankedmafia.store import Store

LINKED = {
    "ru": "Готово: Telegram привязан к аккаунту «{name}». Ваши игры здесь появятся в его профиле.",
    "en": "Done: this Telegram account is linked to “{name}”. Your games here will show on its profile.",
}
USAGE = {
    "ru": "Получите код на своей странице на сайте и отправьте: /link КОД",
    "en": "Get a code on your profile page on the site, then send: /link CODE",
}


async def link_reply(store: Store, tg_user: int, code: str, lang: str = "ru") -> str:
    lang = "en" if lang == "en" else "ru"
    if not code.strip():
        return USAGE[lang]
    try:
        user = await Accounts(store).redeem_code(code, tg_user)
    except AccountError as error:
        return REFUSALS[lang].get(error.rule, REFUSALS[lang]["bad_code"]).format(**error.params)
    return LINKED[lang].format(name=user.name)


async def telegram_banned(store: Store, tg_user: int) -> bool:
    """Whether the bot must refuse this Telegram user a seat: banned himself, or through his account."""
    return await Accounts(store).telegram_banned(tg_user)
