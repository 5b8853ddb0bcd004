"""The host's lines that the site itself writes in a game's thread (an absent player replaced, the host's
moderation) are stored in Russian, the thread's language; a page in English shows them in English."""

from __future__ import annotations

import re

from rankedmafia.server.pages import templates

ENGLISH = (
    (re.compile(r"^(?P<name>.+) не сделала? ни одного хода две фазы подряд: до конца игры за (него|неё) играет бот\.$"),
     "{name} sent nothing for two phases in a row: a bot plays the seat for the rest of the game."),
    (re.compile(r"^Ведущий закрыл тред для игрока «(?P<name>.+)» до конца игры\.$"),
     "The host closed the thread to “{name}” for the rest of the game."),
    (re.compile(r"^Ведущий снова открыл тред для игрока «(?P<name>.+)»\.$"),
     "The host opened the thread to “{name}” again."),
    (re.compile(r"^Место игрока «(?P<name>.+)» ведущий отдал боту: до конца игры за это место играет бот\.$"),
     "The host gave “{name}”'s seat to a bot for the rest of the game."),
)


def host_line(text: str, lang: str) -> str:
    """A host's post in the reader's language (one of the site's own lines), else as written."""
    if lang != "en":
        return text
    for pattern, english in ENGLISH:
        found = pattern.match(text)
        if found is not None:
            return english.format(name=found.group("name"))
    return text


templates.env.filters["host_line"] = host_line
