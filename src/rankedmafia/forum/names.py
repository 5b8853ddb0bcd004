"""Which player a forum post or a private message means: "Васю", "против Пети", "голос за Машку", "Вассю".

Names are matched in three steps, each less certain than the last:
1. the nickname itself, ignoring letter case and ё/е;
2. a declined form of it ("Васю", "Пете", "Игоря"), from the pymorphy3 analyser's inflections of the
   nickname (this covers names it does not know too: it predicts their declension);
3. a close spelling (rapidfuzz), which is reported as uncertain so the host can check it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process

from rankedmafia.text.declension import analyser

FUZZY_CUTOFF = 80.0  # the least similarity (0–100) of a typo that is still offered as a guess


def fold(text: str) -> str:
    """Case and ё/е folded, as forum players write names both ways."""
    return text.casefold().replace("ё", "е")


def lemmas(word: str) -> set[str]:
    """Every dictionary form the analyser thinks a word could be (folded)."""
    return {fold(parse.normal_form) for parse in analyser().parse(word)}


@cache
def declensions(name: str) -> frozenset[str]:
    """The folded forms a one-word nickname takes in Russian sentences ("Вася" → "васю", "васей", …)."""
    forms = {fold(name)}
    if " " in name.strip() or not any("а" <= c <= "я" or c == "ё" for c in name.casefold()):
        return frozenset(forms)
    for parse in analyser().parse(name):
        if parse.tag.POS == "NOUN" and parse.tag.case == "nomn":
            forms |= {fold(lexeme.word) for lexeme in parse.lexeme if lexeme.tag.number != "plur"}
    return frozenset(forms)


@dataclass(frozen=True, slots=True)
class Match:
    name: str  # the player's nickname as the game spells it
    typed: str  # what was written
    certain: bool  # False for a guess from a close spelling: the host should check it
    score: float = 100.0


class NameMatcher:
    """Resolves written names to the game's nicknames (see the module's docstring)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = list(names)
        self.forms: dict[str, set[str]] = {}
        for name in self.names:
            for form in declensions(name):
                self.forms.setdefault(form, set()).add(name)
        self._choices = sorted(self.forms)

    def exact(self, typed: str) -> str | None:
        """The nickname written as it is (case and ё aside), or None."""
        key = fold(typed.strip())
        hits = [n for n in self.names if fold(n) == key]
        return hits[0] if len(hits) == 1 else None

    def match(self, typed: str, fuzzy: bool = True) -> Match | None:
        """The one player a written name means, or None if none (or more than one) fits."""
        typed = typed.strip().strip(".,!?:;«»\"'()[]")
        if not typed:
            return None
        exact = self.exact(typed)
        if exact is not None:
            return Match(exact, typed, True)
        hits = self.forms.get(fold(typed), set())
        if len(hits) == 1:
            return Match(next(iter(hits)), typed, True)
        if hits or not fuzzy or len(typed) < 3:
            return None
        found = process.extract(fold(typed), self._choices, scorer=fuzz.ratio, limit=3, score_cutoff=FUZZY_CUTOFF)
        players = {name for form, _, _ in found for name in self.forms[form]}
        if len(players) != 1:
            return None
        return Match(next(iter(players)), typed, False, found[0][1])

    def find(self, words: list[str], fuzzy: bool = True) -> tuple[Match | None, int]:
        """The player named at the start of `words` (a nickname may be several words), and how many
        words his name took (0 if no player is named there)."""
        longest = max((len(n.split()) for n in self.names), default=1)
        for size in range(min(longest, len(words)), 0, -1):
            match = self.match(" ".join(words[:size]), fuzzy=fuzzy and size == 1)
            if match is not None:
                return match, size
        return None, 0
