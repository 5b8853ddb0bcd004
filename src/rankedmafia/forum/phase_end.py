"""The end of a phase, written once for the terminal host (`готово`) and the web desk («Подвести итоги»):
who has not sent anything (named in the question asked before ending), the step ending takes (a night's
follow-up step first: the player it asks declines, or it is opened), and the final post once the game
is over."""

from __future__ import annotations

from rankedmafia.rules.game import Game
from rankedmafia.rules.model import PhaseKind
from rankedmafia.text.roles import role_name, side_name
from rankedmafia.text.summary import Renderer

DECLINE, FOLLOW_UP, RESOLVE = "decline", "follow_up", "resolve"


def unsent(game: Game) -> list[str]:
    """Who has not sent anything yet: by night who has an action and has not acted (nobody while the
    follow-up step is open), by day who may vote and has not (a silenced player may not)."""
    if game.over:
        return []
    if game.phase.kind is PhaseKind.NIGHT:
        return [] if game.follow_up_open else game.awaiting()
    return [name for name in game.voters() if name not in game.state.votes]


def next_step(game: Game) -> tuple[str, str | None]:
    """What ending the phase does now: (DECLINE, the asked player) while the follow-up step asks someone,
    (FOLLOW_UP, None) when a night's follow-up step is still to open, else (RESOLVE, None)."""
    if game.phase.kind is PhaseKind.NIGHT and not game.over:
        asked = game.follow_up_step()
        if asked is not None:
            return DECLINE, asked.player
        if not game.follow_up_open and game.next_follow_up() is not None:
            return FOLLOW_UP, None
    return RESOLVE, None


FINAL = {"ru": {"title": "Итоги игры", "winner": "Победитель: {side}.", "draw": "Ничья.",
                "line": "{name} — {role}{dead}", "dead": " (выбыл)", "dead_f": " (выбыла)", "roles": "Роли:"},
         "en": {"title": "The game's result", "winner": "The winner: {side}.", "draw": "A draw.",
                "line": "{name} — {role}{dead}", "dead": " (out)", "dead_f": " (out)", "roles": "Roles:"}}


def final_post(game: Game, renderer: Renderer) -> list[str]:
    """The post that ends the game: who won and every player's role (the role he ended with), in seat order."""
    texts = FINAL.get(renderer.lang, FINAL["ru"])
    if game.winner is None:
        return []
    lines = [texts["title"], texts["draw"] if game.winner == "draw"
             else texts["winner"].format(side=side_name(game.winner, renderer.lang)), texts["roles"]]
    for player in sorted(game.players(), key=lambda p: p.seat):
        dead = "" if player.alive else texts["dead_f" if player.sex == "f" else "dead"]
        lines.append(texts["line"].format(name=player.name, role=role_name(player.role, renderer.lang), dead=dead))
    return lines
