"""A clan member's card in words: his role (the double agent's with his rank in each clan) and his clans'
members with their ranks, the same for the forum host, the web desk, the site, Telegram and the AI seats.

RULINGS.md, "The double agent's ranks": the agent's card names his rank in each clan; a member's list of
his clan counts the agent as one of its ranks, so the words never tell the agent from a mafioso."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rankedmafia.text.roles import CLAN_LABELS, role_name

IN_CLAN = {"ru": "в клане «{label}»", "en": "in the {label} clan"}
CLAN_TITLE = {"ru": "клан «{label}»", "en": "the {label} clan"}
BOSS_MARK = {"ru": "босс", "en": "boss"}


def _lang(lang: str) -> str:
    return lang if lang in IN_CLAN else "ru"


def clan_label(clan: str, lang: str = "ru") -> str:
    """«красные», or the label as the setup gives it."""
    return CLAN_LABELS.get(_lang(lang), {}).get(clan, clan)


def clan_title(clan: str, lang: str = "ru") -> str:
    """«клан «красные»»: a clan named in words (a line, a chat, a list)."""
    return CLAN_TITLE[_lang(lang)].format(label=clan_label(clan, lang))


def agent_ranks_text(ranks: Mapping[str, int], lang: str = "ru") -> str:
    """«мафиози 2-го ранга в клане «красные», мафиози 3-го ранга в клане «чёрные»»."""
    lang = _lang(lang)
    return ", ".join(f"{role_name(f'mafia{rank}', lang)} {IN_CLAN[lang].format(label=clan_label(clan, lang))}"
                     for clan, rank in sorted(ranks.items()))


def card_role(role: str, ranks: Mapping[str, int], lang: str = "ru") -> str:
    """The role as his card names it: the double agent's with his rank in each clan (his view's `ranks`)."""
    name = role_name(role, lang)
    return f"{name} ({agent_ranks_text(ranks, lang)})" if ranks else name


def clan_list_text(lists: Mapping[str, Mapping[str, str]], bosses: Mapping[str, str], lang: str = "ru",
                   shown: Callable[[str], str] = str) -> str:
    """«Коля (мафиози 2-го ранга), Саша (мафиози 1-го ранга, босс)»: his clan as he sees it (his view's
    `clan_lists` and `bosses`); the double agent's two clans each named: «клан «красные»: …; клан «чёрные»: …»."""
    boss_mark = ", " + BOSS_MARK[_lang(lang)]

    def members(clan: str) -> str:
        boss = bosses.get(clan)
        return ", ".join(f"{shown(member)} ({role_name(role, lang)}{boss_mark if member == boss else ''})"
                         for member, role in lists[clan].items())

    if len(lists) == 1:
        return members(next(iter(lists)))
    return "; ".join(f"{clan_title(clan, lang)}: {members(clan)}" for clan in sorted(lists))
