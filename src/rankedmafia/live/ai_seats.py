"""The AI seats of a live game: which agents a host may seat, and their nicknames.

An AI seat's nickname is an ordinary Russian first name (a man's or a woman's, its sex logged with the
start, as the bots' sexes are, so that the texts agree), checked by `seat_nickname` like every seat, so
never a player's look-alike. The player list marks the seat «ИИ»: the name alone need not say so.
In `LiveGame.bots` an AI seat maps to "ai:<agent>" (live/live_game.py); its driver is ai/live.py.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rankedmafia.live.errors import Refusal
from rankedmafia.live.nicknames import seat_nickname

AI_PREFIX = "ai:"  # LiveGame.bots' value for an AI seat: "ai:<agent name>"
MEN = ("Алексей", "Григорий", "Дмитрий", "Егор", "Иван", "Константин", "Михаил", "Никита", "Олег", "Павел",
       "Роман", "Степан", "Семён", "Тимур", "Филипп", "Вадим", "Артём", "Глеб")
WOMEN = ("Анна", "Дарья", "Елена", "Зоя", "Ирина", "Ксения", "Лидия", "Марина", "Нина", "Ольга", "Полина",
         "Светлана", "Татьяна", "Юлия", "Алёна", "Вероника", "Галина", "Жанна")


def ai_option(agents: Sequence[str], known: Sequence[str], players: int, ranked: bool) -> list[str]:
    """The creation's AI seats, checked: every agent configured, fewer seats than players (one seat at
    least is a person's), never in a ranked game (people only)."""
    agents = [str(agent).strip() for agent in agents]
    if not agents:
        return []
    if ranked:
        raise Refusal("ranked_ai", 422)
    unknown = [agent for agent in agents if agent not in known]
    if unknown:
        raise Refusal("unknown_agent", 422, name=unknown[0])
    if len(agents) > players - 1:
        raise Refusal("too_many_ai", 422, most=players - 1, given=len(agents))
    return agents


def ai_nicknames(count: int, taken: Iterable[str], rng: random.Random) -> list[tuple[str, str]]:
    """`count` distinct (nickname, sex) pairs that the table's nickname check seats beside the `taken`
    ones; numbered past the lists."""
    seated = list(taken)
    pool = [(name, "m") for name in MEN] + [(name, "f") for name in WOMEN]
    rng.shuffle(pool)
    out: list[tuple[str, str]] = []
    number = 2
    while len(out) < count:
        if pool:
            candidate, sex = pool.pop()
        else:
            candidate, sex = f"{MEN[number % len(MEN)]} {number}", "m"
            number += 1
        try:
            out.append((seat_nickname(candidate, [*seated, *(n for n, _ in out)]), sex))
        except Refusal:
            continue
    return out
