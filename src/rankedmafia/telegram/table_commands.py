"""The group's commands about the game in play: `/players` (the living; the dead with the roles made
public), `/extend` (the phase, for its admins), `/end` (the game, with no winner: RULINGS.md, "Stalemate"),
`/stats` (the group's games by their winner, and the asker's own).
Each command to the game carries the phase its sender saw: a phase that ended meanwhile refuses it."""

from __future__ import annotations

from rankedmafia.live.commands import end_build, extend_build, phase_key
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.telegram.common import Context, PhaseEnded, in_phase, phase_ended_words
from rankedmafia.telegram.store import TgGame
from rankedmafia.telegram.texts import Html, clock, esc, join, refusal, say, shown
from rankedmafia.text.roles import role_name, side_name

EXTEND_MOST = 3600  # seconds a phase may be extended by at once
STATS_GAMES = 100  # the group's latest finished games that /stats counts


def players_text(live: LiveGame, lang: str) -> Html:
    """The living, and the dead with the role each was revealed with (a role never made public stays so)."""
    game = live.game
    assert game is not None
    revealed: dict[str, str] = {}
    for result in game.results:
        revealed.update(result.revealed)
    alive = game.alive()
    dead = [p.name for p in game.players() if p.name not in alive]
    lines = [say(lang, "players_alive", n=len(alive), names=", ".join(shown(live, n, lang) for n in alive))]
    if dead:
        shown_dead = [say(lang, "dead_role", nick=shown(live, n, lang), role=role_name(revealed[n], lang))
                      if n in revealed else say(lang, "dead_unknown", nick=shown(live, n, lang)) for n in dead]
        lines.append(say(lang, "players_dead", n=len(dead), names=join("; ", shown_dead)))
    return join("\n", lines)


class TableCommands:
    def __init__(self, conductor: Context) -> None:
        self.c = conductor

    async def players(self, game: TgGame) -> Html:
        lang = await self.c.lang(game.chat_id)
        live = await self.c.service.get(game.game_id)
        if live.game is None or game.status == "lobby":
            return say(lang, "no_game_yet")
        async with live.lock:
            return players_text(live, lang)

    async def extend(self, game: TgGame, seconds: int) -> Html:
        """The phase in play extended (the deadline moves; the vote's message shows the new one)."""
        c = self.c
        lang = await c.lang(game.chat_id)
        live = await c.service.get(game.game_id)
        phase = phase_key(live)
        seconds = max(1, min(seconds, EXTEND_MOST))
        try:
            live, _ = await c.service.execute(game.game_id, in_phase(phase, extend_build(seconds)))
        except PhaseEnded:
            return phase_ended_words(phase, lang)
        except (Refusal, RuleViolation) as error:
            return esc(refusal(error, lang))
        c.nudge(game.game_id)
        return say(lang, "phase_extended", deadline=clock(live.deadline))

    async def stats(self, chat_id: int, user_id: int) -> Html:
        """The group's finished games (the latest `STATS_GAMES`) by their winner, and the asker's own."""
        c = self.c
        lang = await c.lang(chat_id)
        games = sorted((g for g in await c.tg.games(("over",)) if g.chat_id == chat_id),
                       key=lambda g: g.created_at)[-STATS_GAMES:]
        sides: dict[str, int] = {}
        played = won = 0
        for game in games:
            live = await c.service.get(game.game_id)
            g = live.game
            if g is None:
                continue
            side = g.winner if g.winner not in (None, "draw") else ""
            sides[side] = sides.get(side, 0) + 1
            seat = next((s for s in await c.tg.seats(game.game_id) if s.user_id == user_id), None)
            if seat is not None:
                played += 1
                won += seat.name in set(g.winners()) if side else 0
        if not games:
            return say(lang, "stats_none")
        by_side = ", ".join(f"{side_name(side, lang) if side else say(lang, 'no_winner')} — {n}"
                            for side, n in sorted(sides.items(), key=lambda kv: -kv[1]))
        return join("\n", [say(lang, "stats_group", n=len(games), sides=by_side),
                            say(lang, "stats_own", played=played, won=won)])

    async def end(self, game: TgGame) -> Html | None:
        """The game ends here with no winner; its final message (who was who) follows as at any end."""
        c = self.c
        lang = await c.lang(game.chat_id)
        try:
            await c.service.execute(game.game_id, end_build)
        except (Refusal, RuleViolation) as error:
            return esc(refusal(error, lang))
        c.nudge(game.game_id)
        return None
