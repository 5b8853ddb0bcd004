"""A player's role card as the forum host sends it by private message: his role, and for a clan's
member his clan with each member's rank. Built from the player's own view (game.view), so it never
tells more than he may know; the terminal host and the web desk send the same words."""

from __future__ import annotations

from rankedmafia.rules.game import Game
from rankedmafia.text.clans import BOSS_MARK, card_role, clan_list_text
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.summary import Renderer

__all__ = ["BOSS_MARK", "card_text", "clan_text"]


def clan_text(game: Game, name: str, lang: str) -> str:
    """«Коля (мафиози 2-го ранга), Саша (мафиози 1-го ранга, босс)»: his clan as he sees it (the double
    agent's two, each named)."""
    view = game.view(name)
    return clan_list_text(view.clan_lists, view.bosses, lang)


def card_text(game: Game, name: str, renderer: Renderer, rules: bool = False) -> str:
    """The card; with `rules`, the role's rules in words after it (the desk's cards: the host copies one
    message a player). His role (the double agent's with his rank in each clan) and his clan."""
    view = game.view(name)
    text = renderer.say("role_card", player=name, role=card_role(view.role, view.ranks, renderer.lang))
    if view.clan:
        text += " " + renderer.say("clan_card", members=clan_text(game, name, renderer.lang))
    explained = role_rules(view.role, renderer.lang) if rules else ""
    return f"{text}\n{explained}" if explained else text
