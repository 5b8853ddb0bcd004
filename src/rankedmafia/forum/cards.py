"""A player's role card as the forum host sends it by private message: his role, and for a clan's
member his clan with each member's rank. Built from the player's own view (game.view), so it never
tells more than he may know; the terminal host and the web desk send the same words."""

from __future__ import annotations

from rankedmafia.rules.game import Game
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name
from rankedmafia.text.summary import Renderer

BOSS_MARK = {"ru": "босс", "en": "boss"}


def clan_text(game: Game, name: str, lang: str) -> str:
    """«Коля (мафиози 2-го ранга), Саша (мафиози 1-го ранга, босс)»: his clan as he sees it."""
    view = game.view(name)
    boss = ", " + BOSS_MARK.get(lang, BOSS_MARK["ru"])
    return ", ".join(f"{member} ({role_name(role, lang)}{boss if member == view.boss else ''})"
                     for member, role in view.clan.items())


def card_text(game: Game, name: str, renderer: Renderer, rules: bool = False) -> str:
    """The card; with `rules`, the role's rules in words after it (the desk's cards: the host copies one
    message a player)."""
    view = game.view(name)
    text = renderer.say("role_card", player=name, role=role_name(view.role, renderer.lang))
    if view.clan:
        text += " " + renderer.say("clan_card", members=clan_text(game, name, renderer.lang))
    explained = role_rules(view.role, renderer.lang) if rules else ""
    return f"{text}\n{explained}" if explained else text
