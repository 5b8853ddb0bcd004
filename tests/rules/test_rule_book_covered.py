"""Every sentence of the rule book, of its rulings (RULINGS.md) and of the game-script contract
(GAME-SCRIPT.md, its examples aside) is pinned by a scenario that quotes it, or is set aside in
tests/rule_book_unscripted.yaml with the reason no game script can check it (a heading, an example of a
host's message, the forum's timetable, a side stated for every role, a description, what only a player's
private view shows).

A scenario quotes a sentence in its `rule:`: the whole sentence, or a clause of four words or more taken
from it (a long sentence of several rules is quoted clause by clause). Case, "ё" and punctuation aside.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[2]
RULE_BOOK = ROOT.parent / "shared" / "rules" / "ranked-mafia.ru.txt"
RULINGS = ROOT.parent / "shared" / "rules" / "RULINGS.md"
CONTRACT = ROOT.parent / "shared" / "spec" / "GAME-SCRIPT.md"
UNSCRIPTED = Path(__file__).parents[1] / "rule_book_unscripted.yaml"
LEAST_CLAUSE = 4  # words: a shorter quote could be found in sentences it does not check
ABBREVIATIONS = ("см.", "т.е.", "т.д.", "т.п.", "т.к.", "т.ч.", "след.", "e.g.", "i.e.")  # no sentence ends there


def _plain(text: str) -> str:
    return " ".join(re.sub(r"\W+", " ", text.lower().replace("ё", "е")).split())


def _split(paragraph: str, boundary: str) -> list[str]:
    """A paragraph's sentences, split at `boundary` but never after an abbreviation."""
    pieces: list[str] = []
    for piece in re.split(boundary, " ".join(paragraph.split())):
        if pieces and pieces[-1].lower().endswith(ABBREVIATIONS):
            pieces[-1] += " " + piece
        else:
            pieces.append(piece)
    return pieces


def _sentences(text: str) -> list[str]:
    """The rule book's sentences, line by line (a line is a paragraph), in its order."""
    return [s for line in text.splitlines() for s in _split(line, r"(?<=[.!?])\s+") if len(_plain(s).split()) >= 2]


def _markdown_sentences(text: str) -> list[str]:
    """A Markdown file's sentences (RULINGS.md, GAME-SCRIPT.md): its paragraphs and list items, headings
    aside, each split where a sentence ends and the next begins with a capital, a quote or a code span."""
    found = []
    for block in re.split(r"\n(?=- |\d+\. |\n|#)", text):
        body = re.sub(r"^(- |\d+\. )", "", block.strip())
        if body and not body.startswith("#"):
            found.extend(s for s in _split(body, r"(?<=[.!?])\s+(?=[A-Z\"«(`*])") if len(_plain(s).split()) >= 3)
    return found


def _all_sentences() -> list[str]:
    contract = re.sub(r"```.*?```", "", CONTRACT.read_text(encoding="utf-8"), flags=re.DOTALL)  # its examples
    return (_sentences(RULE_BOOK.read_text(encoding="utf-8"))
            + _markdown_sentences(RULINGS.read_text(encoding="utf-8")) + _markdown_sentences(contract))


@cache
def _quotes() -> tuple[str, frozenset[str]]:
    """All scenarios' `rule:` texts (plain, one per line), and their clauses of four words or more."""
    rules, clauses = [], set()
    for path in (ROOT / "tests" / "scenarios").rglob("*.yaml"):
        rule = str(yaml.safe_load(path.read_text(encoding="utf-8")).get("rule", ""))
        rules.append(_plain(rule))
        for clause in re.split(r"(?<=[.!?»\"])\s+|\s+/\s+|…|\.\.\.", rule):
            plain = _plain(clause)
            if len(plain.split()) >= LEAST_CLAUSE:
                clauses.add(plain)
    return "\n".join(rules), frozenset(clauses)


def _quoted(sentence: str, rules: str, clauses: frozenset[str]) -> bool:
    plain = _plain(sentence)
    return plain in rules or any(f" {clause} " in f" {plain} " for clause in clauses)


def _unscripted() -> dict[str, str]:
    entries = yaml.safe_load(UNSCRIPTED.read_text(encoding="utf-8"))
    return {_plain(entry["sentence"]): entry["why"] for entry in entries}


def test_every_sentence_of_the_rule_book_its_rulings_and_the_contract_is_scripted_or_set_aside() -> None:
    sentences = _all_sentences()
    assert len(sentences) > 450
    rules, clauses = _quotes()
    aside = _unscripted()
    missing = [s for s in sentences if not _quoted(s, rules, clauses) and _plain(s) not in aside]
    assert not missing, ("sentences of the rule book, RULINGS.md and GAME-SCRIPT.md no scenario quotes:\n"
                         + "\n".join(missing))


def test_what_is_set_aside_is_in_the_rule_book_with_a_reason_and_not_scripted_after_all() -> None:
    plain = {_plain(s) for s in _all_sentences()}
    rules, clauses = _quotes()
    for sentence, why in _unscripted().items():
        assert sentence in plain, f"not a sentence of the rule book: {sentence!r}"
        assert why.strip(), f"no reason given for {sentence!r}"
        assert not _quoted(sentence, rules, clauses), f"a scenario quotes it, so it is not set aside: {sentence!r}"


def test_an_abbreviation_ends_no_sentence() -> None:
    assert _sentences("Лечит (см. выше) любого. Себя т.е. не может.") == ["Лечит (см. выше) любого.",
                                                                          "Себя т.е. не может."]


def test_the_rulings_are_read_item_by_item_and_sentence_by_sentence() -> None:
    text = "# Mafia\n- The boss may `kill`. It\n  weighs 1.5, e.g. Вася.\n1. The alcoholic beats every block.\n"
    assert _markdown_sentences(text) == ["The boss may `kill`.", "It weighs 1.5, e.g. Вася.",
                                       "The alcoholic beats every block."]


def test_a_clause_quoted_counts_only_for_the_sentence_it_is_taken_from() -> None:
    rules, clauses = "", frozenset({_plain("Не может ходить к себе")})
    assert _quoted("Не может ходить к себе.", rules, clauses)
    assert not _quoted("Может ходить к одному и тому же игроку бесконечно.", rules, clauses)
    assert not _quoted("Не может ходить к себе2 никогда.", rules, clauses)
