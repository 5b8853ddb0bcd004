"""A nickname for the whole game, for every front end (the web's join, the Telegram sign-up, a host's
list of players): `seat_nickname` returns the typed name normalised, or refuses it with the reason.

The ruling (RULINGS.md, "Live play"): two nicknames that look alike cannot sit at one table, and no
nickname may be a word of the vote. A name is normalised first: NFC (a letter typed as a base and a
combining accent is the same letter), invisible and direction-changing characters dropped (a zero-width
space or a right-to-left override makes a name look like another or hides a difference), runs of
white space made one space. Then it is refused when it

- is empty or too long (`bad_nickname`);
- is a word of the vote: "синий", "никого", "blue" (`nickname_vote_word`);
- is a seated name up to letter case and «ё» (`nickname_taken`);
- has the same confusables skeleton (Unicode's UTS #39, computed by ICU) as a seated name, in the case
  it was typed, folded or upper case, as stored or as a page shows it (`nickname_lookalike`): Latin «B»
  for Cyrillic «В»; «ясаВ» typed after a right-to-left override, shown as «Вася»; or differs from one only
  by combining marks, in either (`nickname_lookalike`): «Пе́тя» or «Вӓся» beside «Петя», «Вася»;
- mixes the letters of two scripts (`nickname_mixed_scripts`): digits, spaces and punctuation are
  neutral, and the scripts that a language writes together (Han with kana, Hangul or bopomofo, each with
  Latin) count as one, as in UTS #39's highly restrictive level.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import icu

from rankedmafia.live.errors import Refusal
from rankedmafia.text.vote_words import VOTE_WORDS

NICK_MAX = 24
# Reasons a front end that names players itself (the Telegram bot, from a user's name) may answer by
# adding a number: the name clashes with another, and "Синий 2" is no vote word.
CLASHES = frozenset({"nickname_taken", "nickname_lookalike", "nickname_vote_word"})

_SPOOF = icu.SpoofChecker()
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_NEUTRAL = frozenset({"Zyyy", "Zinh", "Zzzz"})
_TOGETHER = (
    frozenset({"Latn", "Hani", "Hira", "Kana"}),
    frozenset({"Latn", "Hani", "Bopo"}),
    frozenset({"Latn", "Hani", "Hang"}),
)


def normalise(typed: str) -> str:
    """NFC, without invisible or direction-changing characters, one space between words."""
    kept = "".join(c for c in unicodedata.normalize("NFC", typed) if _visible(c))
    return unicodedata.normalize("NFC", " ".join(kept.split()))


def _visible(char: str) -> bool:
    if unicodedata.category(char) in _DROPPED:  # controls, format (bidi, zero-width), unassigned
        return False
    return not icu.Char.hasBinaryProperty(char, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT)


def fold(name: str) -> str:
    """Letter case and «ё» aside, as players write names both ways."""
    return name.casefold().replace("ё", "е")


def skeletons(name: str) -> tuple[str, str, str]:
    """The name's UTS #39 skeletons as typed, folded and in upper case (the skeleton keeps case: «в» and
    «B» differ, «В» and «B» do not)."""
    return (_SPOOF.getSkeleton(0, name), _SPOOF.getSkeleton(0, fold(name)),
            _SPOOF.getSkeleton(0, name.upper()))


def scripts(name: str) -> frozenset[str]:
    """The scripts of the name's letters (short ISO 15924 codes), digits and punctuation left out."""
    found = {icu.Script.getScript(c).getShortName() for c in name}
    return frozenset(found - _NEUTRAL)


def mixes_scripts(name: str) -> bool:
    found = scripts(name)
    return len(found) > 1 and not any(found <= allowed for allowed in _TOGETHER)


def displayed(typed: str) -> str:
    """The name in the order a page shows it (the Unicode bidirectional algorithm, ICU's, with the typed
    direction controls obeyed and then dropped), normalised: «\u202eясаВ» is shown as «Вася»."""
    bidi = icu.Bidi()
    bidi.setPara(icu.UnicodeString(unicodedata.normalize("NFC", typed)), icu.Bidi.DEFAULT_LTR)
    return normalise(str(bidi.writeReordered(icu.Bidi.REMOVE_BIDI_CONTROLS)))


def _looks(typed: str) -> tuple[str, ...]:
    """The skeletons of a name as stored and as shown."""
    return (*skeletons(normalise(typed)), *skeletons(displayed(typed)))


LETTERS_WITH_MARKS = frozenset("йЙўЎїЇ")  # letters of their alphabets in their own right, not a letter with a mark


def bare(name: str) -> str:
    """The name without its combining marks (NFD, marks dropped): «Пе́тя» is «Петя» with a stress mark,
    «Вӓся» is «Вася» with a diaeresis. A name differing from a seated one by marks alone reads as that one
    at a glance. «й» (and «ў», «ї») is a letter of its own, kept: «Андрей» and «Андреи» are two names;
    «ё» is «е» already, as players write both."""
    kept = []
    for char in unicodedata.normalize("NFC", name):
        if char in LETTERS_WITH_MARKS:
            kept.append(char)
        else:
            kept.extend(c for c in unicodedata.normalize("NFD", char) if not unicodedata.category(c).startswith("M"))
    return "".join(kept)


def lookalike(typed: str, seated: Iterable[str]) -> str | None:
    """The seated name that the typed one looks like, as stored or as shown, or None: the same skeleton, or
    the same name but for combining marks."""
    mine = _looks(typed)
    plain = {fold(bare(normalise(typed))), fold(bare(displayed(typed)))}
    for other in seated:
        if any(a == b for a, b in zip(mine, _looks(other), strict=True)):
            return other
        if plain & {fold(bare(normalise(other))), fold(bare(displayed(other)))}:
            return other
    return None


_VOTE_SKELETONS = {s for word in VOTE_WORDS for s in skeletons(word)}


def seat_nickname(typed: str, seated: Iterable[str] = ()) -> str:
    """The typed nickname normalised, or a Refusal saying why it cannot sit beside `seated` (the names
    already at the table)."""
    name = normalise(typed)
    if not name or len(name) > NICK_MAX:
        raise Refusal("bad_nickname", 422, most=NICK_MAX)
    forms = (name, displayed(typed))
    if any(fold(f) in VOTE_WORDS or any(s in _VOTE_SKELETONS for s in skeletons(f)) for f in forms):
        raise Refusal("nickname_vote_word", 409, name=name)
    seated = list(seated)
    if any(fold(name) == fold(normalise(other)) for other in seated):
        raise Refusal("nickname_taken", 409, name=name)
    other = lookalike(typed, seated)
    if other is not None:
        raise Refusal("nickname_lookalike", 409, name=name, other=normalise(other))
    if mixes_scripts(name):
        raise Refusal("nickname_mixed_scripts", 422, name=name)
    return name
