"""`/game`'s words: the setup, and who takes the seats still empty at the start (policy bots, AI players).

Typed on a phone, in Russian or English, in any order, words separated by spaces:

    /game                               classic-12, people only
    /game classic-12 боты               the empty seats go to bots that play sensibly (the heuristic policy)
    /game боты=случайные                ... to bots that play at random
    /game classic-12 ии=2               two AI players (the first agent configured), the rest people
    /game ии=2 боты                     two AI players; bots take what is still empty
    /game ии=qwen:2                     two AI players of the agent «qwen» (its name, as configured)
    /game bots=random ai=1              the same words in English

A word not understood is answered with what was not understood and an example: nothing is created.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rankedmafia.live.bot_seats import NO_BOTS
from rankedmafia.live.live_game import LiveGame
from rankedmafia.setup import preset, preset_names
from rankedmafia.telegram.texts import Html, say

BOT_WORDS = ("боты", "бот", "ботами", "bots", "bot")
AI_WORDS = ("ии", "ai")
POLICIES = {
    "эвристика": "heuristic", "умные": "heuristic", "да": "heuristic", "heuristic": "heuristic", "smart": "heuristic",
    "yes": "heuristic",
    "случайные": "random", "случайно": "random", "random": "random",
    "нет": NO_BOTS, "no": NO_BOTS, "none": NO_BOTS,
}
DEFAULT_PRESET = "classic-12"


@dataclass(frozen=True, slots=True)
class GameOptions:
    preset: str = DEFAULT_PRESET
    bots: str = NO_BOTS  # the policy the bots play with, or "none"
    ai: tuple[str, ...] = ()  # the agent of each AI seat, one entry per seat


class BadOption(Exception):
    """A word of `/game` not understood, or a wish that cannot be granted: its answer, in words."""

    def __init__(self, text: Html) -> None:
        super().__init__(text)
        self.text = text


def parse_options(args: str | None, lang: str, agents: Sequence[str] = ()) -> GameOptions:
    """`/game`'s arguments read; `agents`: the AI agents this bot may seat (their configured names)."""
    chosen: str | None = None
    bots = NO_BOTS
    ai: list[str] = []
    for word in (args or "").split():
        lowered = word.lower().replace("ё", "е")
        key, has_value, value = lowered.partition("=")
        if not has_value and lowered in preset_names():
            if chosen is not None:
                raise BadOption(say(lang, "option_twice", word=word))
            chosen = lowered
        elif key in BOT_WORDS:
            policy = POLICIES.get(value) if has_value else "heuristic"
            if policy is None:
                raise BadOption(say(lang, "option_bots", word=word))
            bots = policy
        elif key in AI_WORDS and has_value:
            ai += _ai_seats(word, value, lang, agents)
        elif key in AI_WORDS:
            ai += _ai_seats(word, "1", lang, agents)
        elif "-" in word or (word.isascii() and any(c.isdigit() for c in word)):  # a setup's name mistyped
            raise BadOption(say(lang, "unknown_preset", name=word, choices=", ".join(preset_names())))
        else:
            raise BadOption(say(lang, "option_unknown", word=word))
    name = chosen or DEFAULT_PRESET
    players = preset(name).players
    if len(ai) > players - 1:  # one seat at least is a person's
        raise BadOption(say(lang, "option_ai_many", most=players - 1))
    return GameOptions(name, bots, tuple(ai))


def _ai_seats(word: str, value: str, lang: str, agents: Sequence[str]) -> list[str]:
    """`ии=2` (the first agent), `ии=qwen` (one), `ии=qwen:2`: the agent of each AI seat."""
    if not agents:
        raise BadOption(say(lang, "option_no_ai"))
    name, _, count = value.rpartition(":") if ":" in value else ("", "", value)
    if not count.isdigit():
        name, count = value, "1"
    by_name = {agent.lower(): agent for agent in agents}
    agent = by_name.get(name) if name else agents[0]
    if agent is None:
        raise BadOption(say(lang, "option_agent", word=word, agents=", ".join(agents)))
    number = int(count)
    if not 1 <= number <= 50:
        raise BadOption(say(lang, "option_ai_count", word=word))
    return [agent] * number


def options_of(live: LiveGame) -> GameOptions:
    """A game's options as it was created with them."""
    options = live.row.options
    return GameOptions(str(live.row.setup.get("name", DEFAULT_PRESET)), str(options.get("bots", NO_BOTS)),
                       tuple(options.get("ai", ())))


def options_note(options: GameOptions, lang: str) -> Html:
    """What the sign-up message says of the seats left empty at its start ("" for people only)."""
    if options.ai and options.bots != NO_BOTS:
        return say(lang, "note_ai_bots", n=len(options.ai), bots=say(lang, f"bots_{options.bots}"))
    if options.ai:
        return say(lang, "note_ai", n=len(options.ai))
    if options.bots != NO_BOTS:
        return say(lang, "note_bots", bots=say(lang, f"bots_{options.bots}"))
    return Html("")
