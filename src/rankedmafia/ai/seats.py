"""The arena's seats: names players could have (with their sex, for the texts' agreement), and which
agent sits where in each game (drawn from the game's seed, balanced between the agents)."""

from __future__ import annotations

import random
from collections.abc import Sequence

NAMES: tuple[tuple[str, str], ...] = (
    ("Аня", "f"), ("Борис", "m"), ("Вера", "f"), ("Глеб", "m"), ("Дина", "f"), ("Егор", "m"), ("Жанна", "f"),
    ("Захар", "m"), ("Инна", "f"), ("Кирилл", "m"), ("Лиза", "f"), ("Марат", "m"), ("Нина", "f"), ("Олег", "m"),
    ("Полина", "f"), ("Роман", "m"), ("Света", "f"), ("Тимур", "m"), ("Ульяна", "f"), ("Фёдор", "m"),
    ("Христина", "f"), ("Цезарь", "m"), ("Чеслава", "f"), ("Шамиль", "m"), ("Эльза", "f"), ("Юрий", "m"),
    ("Яна", "f"), ("Арсений", "m"), ("Белла", "f"), ("Вадим", "m"), ("Галина", "f"), ("Денис", "m"),
    ("Ева", "f"), ("Ждан", "m"), ("Злата", "f"),
)


def seat_names(players: int) -> tuple[list[str], dict[str, str]]:
    """The first `players` names, and their sexes."""
    if players > len(NAMES):
        names = [f"Игрок{i + 1}" for i in range(players)]
        return names, {}
    chosen = NAMES[:players]
    return [n for n, _ in chosen], dict(chosen)


def seat_agents(agents: Sequence[str], players: int, seed: str) -> list[str]:
    """The agent of each seat: the agents' shares as equal as the seats allow (each gets players/agents
    seats, the remainder drawn), placed at random."""
    rng = random.Random(f"{seed}:seating")
    order = list(agents)
    rng.shuffle(order)
    seats = [order[i % len(order)] for i in range(players)]
    rng.shuffle(seats)
    return seats
