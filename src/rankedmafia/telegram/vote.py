"""The day's vote: its message (with what the phase change told the group above it), a vote by button,
the live tally (edited: only its newest text is ever due), and its close when the day ends."""

from __future__ import annotations

from typing import Any

from rankedmafia.live.commands import phase_key, vote_build
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame, public_votes, vote_counts
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.telegram import forms, outbox
from rankedmafia.telegram.common import Answer, Context, PhaseEnded, in_phase, keyboard, phase_ended_words
from rankedmafia.telegram.outbox import Intent, key_of
from rankedmafia.telegram.store import Key, Taken, TgGame
from rankedmafia.telegram.texts import Html, clock, join, label, refusal, say, shown


def vote_key(game: TgGame, day: str) -> str:
    return key_of(game.game_id, day, "vote", game.chat_id)


def above(progress: dict[str, Any], text: Html) -> Html:
    """The vote's text under what the phase change told the group in the same message (kept as made)."""
    head = Html(progress.get("vote_head") or "")
    return join("\n\n", [head, text]) if head else text


class DayVote:
    def __init__(self, conductor: Context) -> None:
        self.c = conductor
        self._shown: dict[str, Html] = {}  # the tally last put on a game's vote message

    def message(self, live: LiveGame, game: TgGame, lang: str) -> tuple[Html, Key, outbox.Markup]:
        """The vote's text and its buttons: one per living player, and the blue vote."""
        assert live.game is not None
        buttons = [forms.Button(shown(live, n, lang), {"v": n}) for n in live.game.alive()]
        buttons.append(forms.Button(label(lang, "blue"), {"v": BLUE}))
        key, markup = keyboard(self.c.tg, game.game_id, None, forms.rows(buttons),
                               {"kind": "vote", "phase": phase_key(live)}, once=False)
        text = self.vote_text(live, lang)
        self._shown[game.game_id] = text
        return text, key, markup

    def tally(self, live: LiveGame, game: TgGame, progress: dict[str, Any], lang: str) -> Intent | None:
        """The vote message's newest tally, if it changed (under the game's lock)."""
        g = live.game
        day = progress.get("day")
        if g is None or g.phase.kind is not PhaseKind.DAY or day != phase_key(live) or "vote_markup" not in progress:
            return None
        text = self.vote_text(live, lang)
        if self._shown.get(game.game_id) == text:
            return None
        self._shown[game.game_id] = text
        return self.edit(game, day, above(progress, text), progress["vote_markup"])

    def close(self, live: LiveGame, game: TgGame, day: str, number: int, public: list[dict[str, Any]],
              progress: dict[str, Any], lang: str) -> Intent:
        """The day is over: its buttons go, its tally is the final one."""
        self._shown.pop(game.game_id, None)
        closed = say(lang, "vote_closed", n=number, tally=self.tally_lines(live, lang, final=public))
        return self.edit(game, day, above(progress, closed), None)

    @staticmethod
    def edit(game: TgGame, day: str, text: Html, markup: outbox.Markup | None) -> Intent:
        return outbox.edit(vote_key(game, day) + "|edit", game.game_id, game.chat_id, text, markup,
                           target=vote_key(game, day))

    async def press(self, user_id: int, game: TgGame, key: Key, state: dict[str, Any], lang: str,
                    update_id: int | None = None) -> Answer:
        c = self.c
        seat = next((s for s in await c.seats_of(game.game_id, True) if s.user_id == user_id), None)
        if seat is None:
            return Answer(say(lang, "stranger"), alert=True)
        live = await c.service.get(game.game_id)
        day = str(key.data.get("phase", ""))
        if phase_key(live) != day:
            return Answer(phase_ended_words(day, lang), alert=True)
        choice = state.get("v")
        if not isinstance(choice, str):
            return Answer(say(lang, "stale"))
        taken = Taken(update_id, at=c.clock())
        try:
            _live, outcome = await c.service.execute(game.game_id, in_phase(day, vote_build(seat.name, choice)),
                                                     also=taken)
        except PhaseEnded:
            return Answer(phase_ended_words(day, lang), alert=True)
        except (Refusal, RuleViolation) as error:
            return Answer(refusal(error, lang), alert=True)
        if not outcome.entries and update_id is not None:  # the same vote again: the update is still claimed
            await c.tg.take(taken)
        chosen = label(lang, "blue") if choice == BLUE else live.nickname(choice)
        return Answer(label(lang, "voted", choice=chosen))

    def tally_lines(self, live: LiveGame, lang: str, final: list[dict[str, Any]] | None = None) -> Html:
        game = live.game
        assert game is not None
        votes = public_votes(game)
        counts = vote_counts(game)
        if final is not None:
            votes = next((dict(e["votes"]) for e in final if e["type"] == "votes"), {})
            counts = {}
            for choice in votes.values():
                counts[choice] = counts.get(choice, 0) + 1
        if not counts:
            return say(lang, "no_votes_yet")
        lines = []
        for choice, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
            voters = ", ".join(shown(live, v, lang) for v, c in votes.items() if c == choice)
            chosen = label(lang, "blue") if choice == BLUE else shown(live, choice, lang)
            lines.append(say(lang, "vote_line", choice=chosen, count=count, voters=voters))
        return join("\n", lines)

    def vote_text(self, live: LiveGame, lang: str) -> Html:
        """The day's vote, counted by heads (weights are secret; a silenced vote weighs nothing, unseen). Its
        count is of those the core offers a vote (`voters`: an announced silence is offered none)."""
        game = live.game
        assert game is not None
        alive = len(game.alive())
        voters = game.voters()
        voted = len(voters) - len(game.awaiting())
        return say(lang, "vote", n=game.phase.number, tally=self.tally_lines(live, lang),
                   voted=voted, alive=len(voters), need=alive // 2 + 1, deadline=clock(live.deadline))
