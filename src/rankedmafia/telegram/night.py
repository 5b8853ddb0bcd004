"""The night's keyboards: each player's panel (the core's `game.choices`, step by step, in `forms`), and a
press on it. A press's writes (the update claimed, the keyboard pressed, the next keyboard, the pressed
message's next screen in the outbox) are one transaction, the command's own if it sends one."""

from __future__ import annotations

import logging
from typing import Any

from rankedmafia.live.commands import Outcome, act_build, pass_build, phase_key, withdraw_build
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.telegram import forms, outbox
from rankedmafia.telegram.common import Answer, Context, PhaseEnded, in_phase, keyboard, phase_ended_words
from rankedmafia.telegram.outbox import Intent, Markup, key_of
from rankedmafia.telegram.store import Key, Taken, TgGame
from rankedmafia.telegram.texts import refusal, say

log = logging.getLogger("rankedmafia.telegram")


def screen_edit(game_id: str, phase: str, chat_id: int, message_id: int, text: str,
                markup: Markup | None = None) -> Intent:
    """A pressed keyboard's next screen: one row per message, holding its newest screen."""
    return outbox.edit(key_of(game_id, phase, "screen", chat_id, message_id), game_id, chat_id, text, markup,
                       message_id=message_id)


class NightKeyboards:
    def __init__(self, conductor: Context) -> None:
        self.c = conductor

    def panel(self, live: LiveGame, name: str, user_id: int, phase: str, purpose: str,
              lang: str) -> tuple[Intent, Key | None]:
        """His keyboard for the night (`purpose`: the night's panel, or the follow-up step's question)."""
        screen = forms.night_screen(live, name, {}, lang)
        key, markup = None, None
        if screen.rows:
            key, markup = keyboard(self.c.tg, live.id, user_id, screen.rows,
                                   {"kind": "night", "phase": phase, "seat": name})
        return outbox.send(key_of(live.id, phase, purpose, user_id), live.id, user_id, screen.text, markup), key

    async def press(self, user_id: int, chat_id: int, message_id: int, game: TgGame, key: Key,
                    state: dict[str, Any], lang: str, taken: Taken) -> Answer:
        """A step of the night's form; the next screen is drawn under the game's lock right after the
        command, and goes to the outbox with the press's writes."""
        c = self.c
        name, phase = key.data["seat"], key.data["phase"]
        live = await c.service.get(game.game_id)
        if phase_key(live) != phase or live.status != "running":
            stale = phase_ended_words(phase, lang)
            taken.intents = [screen_edit(game.game_id, phase, chat_id, message_id, stale)]
            await c.tg.take(taken)
            c.delivery.push(taken.intents[0])
            return Answer(stale)
        op = state.get("do")
        after: dict[str, Any] = {} if op in ("send", "withdraw") else state

        def draw(live: LiveGame) -> None:
            moved = phase_key(live) != phase or live.status != "running"
            screen = None if moved or op == "pass" else forms.night_screen(live, name, after, lang)
            taken.keys, markup = [], None
            if screen is not None and screen.rows:
                new, markup = keyboard(c.tg, game.game_id, user_id, screen.rows,
                                       {"kind": "night", "phase": phase, "seat": name})
                taken.keys = [new]
            if screen is not None:
                text = screen.text
            elif op == "send":  # his action ended the night: its buttons go, what he sent stays
                text = say(lang, "sent", summary=forms.spoken_summary(live, state, lang))
            elif op == "pass":
                text = say(lang, "passed")
            else:
                text = phase_ended_words(phase, lang) if moved else say(lang, "stale")
            taken.intents = [screen_edit(game.game_id, phase, chat_id, message_id, text, markup)]

        answer, committed = Answer(), False
        if op in ("send", "withdraw", "pass"):
            if op == "send":
                build = act_build(forms.to_submit(state, name))
            else:
                build = withdraw_build(name) if op == "withdraw" else pass_build(name)

            def then_draw(live: LiveGame, now: float) -> Outcome:
                outcome = build(live, now)
                try:  # the command is applied: nothing may raise now (it would not be written)
                    draw(live)
                except Exception:
                    log.exception("drawing %s's next screen failed", name)
                    taken.keys, taken.intents = [], []
                return outcome

            try:
                _live, outcome = await c.service.execute(game.game_id, in_phase(phase, then_draw), also=taken)
                committed = bool(outcome.entries)  # the writes went with the command's entries
                answer = Answer(say(lang, "changed" if op == "withdraw" else "passed") if op != "send" else None)
            except PhaseEnded:
                answer, after, op = Answer(phase_ended_words(phase, lang), alert=True), {}, None
            except (Refusal, RuleViolation) as error:
                answer, after, op = Answer(refusal(error, lang), alert=True), {}, None
        if not committed:  # no command, or a refused one: the writes alone
            live = await c.service.get(game.game_id)
            async with live.lock:
                draw(live)
            await c.tg.take(taken)
        else:
            c.tg.taken(taken)
        for intent in taken.intents:
            c.delivery.push(intent)
        return answer
