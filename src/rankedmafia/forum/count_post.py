"""The vote count as a forum post: each candidate with his voters, the blue votes, who has not voted.

Only raw votes, one per voter: the weights (a prosecutor's double vote, a silenced player's zero) are the
rules' hidden information and never appear here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rankedmafia.rules.model import BLUE
from rankedmafia.text.formats import Format, emphasis, heading

TEXTS = {
    "ru": {"title": "Голосование, день {day}", "title_plain": "Голосование", "blue": "Синий (никого не вешать)",
           "line": "{candidate} — {n}: {voters}", "not_voted": "Не проголосовали: {names}",
           "all_voted": "Проголосовали все.", "no_votes": "Голосов пока нет."},
    "en": {"title": "Vote count, day {day}", "title_plain": "Vote count", "blue": "Blue (hang nobody)",
           "line": "{candidate} — {n}: {voters}", "not_voted": "Not voted: {names}",
           "all_voted": "Everyone has voted.", "no_votes": "No votes yet."},
}


def count_lines(votes: Mapping[str, str], alive: Sequence[str], day: int | None = None, lang: str = "ru",
                fmt: Format | str = Format.BBCODE) -> list[str]:
    """The post's lines, title first; candidates by votes (most first), blue last."""
    texts = TEXTS.get(lang, TEXTS["ru"])
    fmt = Format(fmt)
    em = emphasis(fmt)
    title = texts["title"].format(day=day) if day is not None else texts["title_plain"]
    lines = [heading(fmt, title)]
    by_choice: dict[str, list[str]] = {}
    for voter in alive:
        if voter in votes:
            by_choice.setdefault(votes[voter], []).append(voter)
    order = sorted(by_choice, key=lambda c: (c == BLUE, -len(by_choice[c]), c))
    for choice in order:
        voters = by_choice[choice]
        candidate = texts["blue"] if choice == BLUE else em(choice)
        lines.append(texts["line"].format(candidate=candidate, n=len(voters), voters=", ".join(voters)))
    if not by_choice:
        lines.append(texts["no_votes"])
    missing = [name for name in alive if name not in votes]
    lines.append(texts["not_voted"].format(names=", ".join(missing)) if missing else texts["all_voted"])
    return lines
