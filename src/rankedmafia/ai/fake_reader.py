"""The fake model's plain-text answers (`fake:reader`, for a server asked without a schema): it reads the
prompt as a player would, from its words alone, and answers in the plain form the prompt documents.

It finds the numbered moves («[4] вопрос Совету: «…»; сторона: город | мафия | одиночки; …»), draws one,
names its targets from the lists the line gives (one per place, as many as the least count), and fills a
Council question's blanks with values of their lists: «[4] мафия больше 3». A prompt with no moves asks
for a post: the answer is a phrase, as prose. So the documented forms are tried end to end, through the
same reading of answers a real model's get.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from rankedmafia.ai.texts import say

MOVE = re.compile(r"^\[(\d+)\] (.*)$")
RANGE = re.compile(r"^(\d+)–(\d+)$")


def _words(lang: str, key: str) -> str:
    """The word before the colon of one of the prompt's own phrases («цель», «целей», «место»)."""
    return say(lang, key, names="", counts="", place=0, least=0).split(":")[0].split(" ")[0]


def reader_answer(messages: Sequence[dict[str, str]], rng: random.Random, phrases: Sequence[str]) -> str:
    """A plain-text answer to the latest prompt that lists moves, or a phrase if none does."""
    lines: list[str] = []
    for message in messages:
        found = [line for line in str(message.get("content", "")).splitlines() if MOVE.match(line)]
        lines = found or lines
    lang = "en" if str(messages[0].get("content", "")).startswith("You are") else "ru"
    moves = [line for line in lines if not line.startswith("[0]")]
    if not lines:
        return phrases[int(rng.random() * len(phrases))]
    if not moves:
        return "[0]"
    match = MOVE.match(moves[int(rng.random() * len(moves))])
    assert match is not None
    number, rest = match.group(1), match.group(2).split("; ")[1:]
    one, many, place = _words(lang, "targets_one"), _words(lang, "targets_count"), _words(lang, "place")
    group = _words(lang, "group")
    least, pools, blanks = 1, [], []
    for segment in rest:
        key, _, value = segment.partition(": ")
        if key == many:
            least = int(value.split("–")[0])
        elif key == one or key.startswith(place + " "):
            pools.append(value.split(", "))
        elif key == group:  # «от 4 из Аня, Борис, …»: the least of them
            count, names = int(re.findall(r"\d+", value)[0]), value.split(", ")
            names[0] = names[0].split(" ")[-1]  # «от 4 из Аня», «4 or more of Аня»: the name
            blanks.append(", ".join(rng.sample(names, min(count, len(names)))))
        elif RANGE.match(value):
            low, high = map(int, RANGE.match(value).groups())  # type: ignore[union-attr]
            blanks.append(str(low + int(rng.random() * (high - low + 1))))
        else:
            values = value.split(" | ")
            blanks.append(values[int(rng.random() * len(values))])
    targets: list[str] = []
    if pools:
        places = pools if len(pools) > 1 else pools * least
        for pool in places[:least]:
            free = [name for name in pool if name not in targets]
            if free:
                targets.append(free[int(rng.random() * len(free))])
    return " ".join([f"[{number}]", ", ".join(targets), *blanks]).replace("  ", " ").strip()
