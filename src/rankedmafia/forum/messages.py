"""A player's private message to the host, read as the night action it means.

    "убиваю Васю"                          → kill [Вася]
    "лечу Петю" / "лечу от мафии"          → heal [Петя] / heal_from mafia
    "проверяю Машу"                        → check [Маша]
    "копирую маньяка, Васю убиваю кроваво" → copy: maniac's kill_bloody [Вася]
    "нанимаюсь у Васи, убиваю Петю"        → hire [Вася, Петя]
    "убиваю Колю, пугаю Олю"               → kill_intimidate [Коля, Оля]
    "вопрос Совету: мафии не меньше трёх?" → ask side_count (forum/council.py reads the question)

The actions the player may send now are looked for first (`Game.choices`), then the rest of his actions
tonight (`Game.actions_of`), and the engine's own `Game.check` has the last word: a reading is offered to
the host only if the rules would accept it, and a message the rules refuse is refused for the rule's own
reason («лечу от маньяка» at ten alive: the doctor heals from no role now; «убиваю Васю» when Вася is out
of the game: Вася is out), never as a count of targets the reader failed to find.
"""

from __future__ import annotations

import re
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.forum.council import QuestionError, read_question
from rankedmafia.forum.names import Match, NameMatcher, declensions, fold, lemmas
from rankedmafia.forum.vocabulary import ACTION_WORDS, COMBINED, ROLE_ALIASES, SOURCE_ALIASES, display
from rankedmafia.rules import council
from rankedmafia.rules.choices import question_detail
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, PhaseKind, Question
from rankedmafia.rules.roles import ROLES
from rankedmafia.text.declension import analyser
from rankedmafia.text.names import question_text
from rankedmafia.text.roles import role_name
from rankedmafia.text.vote_words import NOBODY

WORD = re.compile(r"[\w\-]+", re.UNICODE)
SELF = frozenset({"себя", "себе", "собой", "сам", "сама", "самого", "самой", "myself", "me", "self"})


class ReadError(ValueError):
    """A message that cannot be read as one action: `key` names the sentence in LABELS."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)


@dataclass(frozen=True, slots=True)
class Reading:
    act: Act  # the action the message means, as the game takes it
    guesses: tuple[Match, ...] = field(default=())  # names read from a close spelling: to be checked

    @property
    def actor(self) -> str:
        return self.act.actor

    @property
    def action(self) -> str:
        return self.act.action

    @property
    def targets(self) -> tuple[str, ...]:
        return self.act.targets

    def describe(self, lang: str = "ru") -> str:
        """The reading as the host confirms it: "Вася: убить → Петя"."""
        act, copy = self.act, self.act.copy
        if self.action == "copy" and copy is not None and copy.role and copy.use:
            copied = role_name(copy.role, lang, genitive=True)
            what = f"{display('copy', lang)} {copied}: {display(copy.use, lang)}"
            if copy.use == "ask" and copy.question is not None and copy.question.template:
                what += f" «{question_text(copy.question.template, copy.question.args, lang)}»"
            elif copy.use == "ask" and copy.option:
                what += f" «{question_text(copy.option, None, lang)}»"
            elif copy.option:
                what += f" ({source_name(copy.option, lang)})"
        elif self.action == "heal_from" and act.option:
            what = f"{display(self.action, lang)}: {source_name(act.option, lang)}"
        elif self.action == "ask" and act.chosen:
            args = act.question.args if act.question is not None else None
            what = f"{display(self.action, lang)} «{question_text(act.chosen, args, lang)}»"
        else:
            what = display(self.action, lang)
        targets = f" → {', '.join(self.targets)}" if self.targets else ""
        return f"{self.actor}: {what}{targets}"


def source_name(source: str, lang: str) -> str:
    if source in ROLES:
        return role_name(source, lang)
    if source == "mafia":
        return "мафия" if lang == "ru" else "the mafia"
    return source


@dataclass(slots=True)
class _Token:
    text: str
    lemmas: set[str]
    used: bool = False


def _tokens(text: str) -> list[_Token]:
    return [_Token(w, lemmas(w) | {fold(w)}) for w in WORD.findall(text)]


def _verb_hits(tokens: list[_Token], actions: list[str], names: frozenset[str] = frozenset()) -> dict[str, list[int]]:
    """For each action, the positions of the words that name it (its verbs, and its marks if it has any).
    A word that is also a form of a player's name ("Коля", "Колю" beside «колоть») names the player when
    another word names the action: it counts as a verb only if nothing else does. The parts of a combined
    action it may send ("убить и запугать") are looked for even where each alone is not his to send."""
    looked_for = list(actions) + [part for parts, combined in COMBINED.items() if combined in actions
                                  for part in parts if part not in actions]
    clear = [t if fold(t.text) not in names else _Token(t.text, set(), t.used) for t in tokens]
    return _hits(clear, looked_for) or _hits(tokens, looked_for)


def _hits(tokens: list[_Token], actions: list[str]) -> dict[str, list[int]]:
    hits: dict[str, list[int]] = {}
    for action in actions:
        words = ACTION_WORDS.get(action)
        if words is None:
            continue
        verbs = [i for i, t in enumerate(tokens) if t.lemmas & set(words.verbs) or fold(t.text) == action]
        if words.marks:
            marks = [i for i, t in enumerate(tokens) if t.lemmas & set(words.marks)]
            if not marks or not verbs:
                continue
            verbs += marks
        if verbs:
            hits[action] = sorted(verbs)
    return hits


def _choose(hits: dict[str, list[int]]) -> list[str]:
    """The actions a message names, combined where two make one (kill + intimidate), marked ones first."""
    for (first, second), combined in COMBINED.items():
        if first in hits and second in hits:
            return [combined, first, second]
    marked = [a for a in hits if ACTION_WORDS[a].marks]
    if marked:
        return marked
    return list(hits)


def _role_in(tokens: list[_Token], roles: list[str]) -> str | None:
    """The role a message names ("маньяка", "доктора", "мафию"), among `roles`; its words are marked used."""
    best: tuple[int, str, list[int]] | None = None
    for role in roles:
        names = [role_name(role, "ru"), role_name(role, "en"), role, *ROLE_ALIASES.get(role, ())]
        for name in names:
            parts = [lemmas(w) | {fold(w)} for w in WORD.findall(name)]
            positions: list[int] = []
            for part in parts:
                position = next((i for i, t in enumerate(tokens) if not t.used and t.lemmas & part), None)
                if position is None:
                    break
                positions.append(position)
            else:
                if parts and (best is None or len(parts) > best[0]):
                    best = (len(parts), role, positions)
    if best is None:
        return None
    for position in best[2]:
        tokens[position].used = True
    return best[1]


def _source_in(tokens: list[_Token], sources: list[str]) -> str | None:
    """What "лечу от мафии" heals from: the word after "от" naming a source."""
    for i, token in enumerate(tokens[:-1]):
        if fold(token.text) != "от":
            continue
        following = tokens[i + 1:]
        for source in sources:
            words = {fold(source), *SOURCE_ALIASES.get(source, ())}
            if source in ROLES:
                words |= lemmas(role_name(source, "ru").split()[0])
            if following[0].lemmas & words:
                token.used = following[0].used = True
                return source
    return None


def _names(tokens: list[_Token], matcher: NameMatcher, actor: str,
           gone: NameMatcher | None = None) -> tuple[list[tuple[int, Match]], bool]:
    """The players named among the words not used for the action, in order ("себя" is the actor); and
    whether "никого" is said. A living player's name is looked for first, then (exactly, or declined,
    never a guess from a typo) one of those out of the game (`gone`), so that naming him is refused as
    such."""
    found: list[tuple[int, Match]] = []
    nobody = False
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.used:
            i += 1
            continue
        if fold(token.text) in NOBODY:
            nobody = True
        if fold(token.text) in SELF:
            found.append((i, Match(actor, token.text, True)))
            i += 1
            continue
        known = analyser().word_is_known(token.text) and matcher.exact(token.text) is None
        words = [t.text for t in tokens[i:] if not t.used]
        match, size = matcher.find(words, fuzzy=not known)
        if match is None and gone is not None:
            match, size = gone.find(words, fuzzy=False)
        if match is not None and not (known and not match.certain):
            found.append((i, match))
            i += size
        else:
            i += 1
    return found, nobody


def _arrange(action: str, parts: list[str], hits: dict[str, list[int]], names: list[tuple[int, Match]]) -> list[str]:
    """Targets in the order the action takes them: for a combined action, each verb's own target first."""
    if len(parts) < 3:
        return [m.name for _, m in names]
    _, first, second = parts
    first_at, second_at = hits[first][0], hits[second][0]

    def belongs_to_first(position: int) -> bool:
        # a name goes with the nearest verb before it, or the nearest after it if none precedes
        before = [(at, verb) for at, verb in ((first_at, True), (second_at, False)) if at < position]
        if before:
            return max(before)[1]
        return first_at < second_at
    ordered = [m.name for p, m in names if belongs_to_first(p)] + [m.name for p, m in names if not belongs_to_first(p)]
    return ordered


def read_message(game: Game, actor: str, text: str) -> Reading:
    """The one action a private message means, checked by the engine; ReadError or RuleViolation if none.

    Only what the core's list of legal choices (`Game.choices`) offers the player is considered: his
    actions tonight, the doctor's sources, the joker's roles and their uses."""
    if actor not in game.state.players:
        raise RuleViolation("unknown_player", name=actor)
    choices = {choice.action: choice for choice in game.choices(actor)}
    available = list(choices)
    refused = [a.id for a in game.actions_of(actor) if a.id not in choices]  # his, but not accepted now
    if not available and not refused:
        raise ReadError("no_actions", name=actor)
    tokens = _tokens(text)
    matcher = NameMatcher(game.alive())
    gone = NameMatcher([p.name for p in game.players() if not p.alive])  # named only to be refused as gone
    name_forms = frozenset(form for p in game.players() for form in declensions(p.name))
    option: str | None = None
    detail: str | None = None  # the action a joker's copy uses
    copied_option: str | None = None
    copy_verbs = set(ACTION_WORDS["copy"].verbs)
    if "copy" in choices and any(t.lemmas & copy_verbs for t in tokens):
        for token in tokens:
            if token.lemmas & copy_verbs:
                token.used = True
        copies = {copy.role: copy for copy in choices["copy"].copies}
        option = _role_in(tokens, list(copies))
        if option is None:
            raise ReadError("no_role", choices=", ".join(role_name(r) for r in copies))
        uses = {use.action: use for use in copies[option].uses}
        source = _source_in(tokens, list(uses["heal_from"].options)) if "heal_from" in uses else None
        if source is not None:
            action, detail, copied_option, parts, hits = "copy", "heal_from", source, ["heal_from"], {}
        else:
            hits = _verb_hits(tokens, list(uses), name_forms)
            parts = ["ask"] if "ask" in hits else _choose(hits)  # a question's words may sound like deeds
            if len(parts) not in (1, 3):  # three: two actions that make one (kill + intimidate), and it
                raise ReadError("no_action" if not parts else "two_actions",
                                actions=", ".join(display(a) for a in (parts or list(uses))))
            action, detail = "copy", parts[0]
    else:
        sources = game.option_choices(actor, "heal_from") if "heal_from" in available + refused else []
        source = _source_in(tokens, sources) if sources else None  # a source refused tonight: its refusal
        if source is not None:
            action, option, parts, hits = "heal_from", source, ["heal_from"], {}
        else:
            hits = _verb_hits(tokens, available, name_forms)
            if not hits and refused:  # an action he has that the rules refuse now: let them say why
                hits = _verb_hits(tokens, refused, name_forms)
            parts = ["ask"] if "ask" in hits else _choose(hits)  # a question's words may sound like deeds
            if not parts:
                unmarked = [a for a in available if ACTION_WORDS.get(a) and ACTION_WORDS[a].marks
                            and any(t.lemmas & set(ACTION_WORDS[a].verbs) for t in tokens)]
                if unmarked:
                    raise ReadError("which_way", actions=", ".join(display(a) for a in unmarked))
                if not available:
                    raise ReadError("no_actions", name=actor)
                raise ReadError("no_action", actions=", ".join(display(a) for a in available))
            if len(parts) == 2:
                raise ReadError("two_actions", actions=", ".join(display(a) for a in parts))
            action = parts[0]
    if action == "ask" or detail == "ask":
        question = Question(*_question(game, text, matcher))
        if action == "ask":
            act = Act(actor, action, (), question=question)
        else:
            act = Act(actor, action, (), copy=Copy(option or "", "ask", question=question))
        error = game.check(act)
        if error is not None:
            raise error
        return Reading(act)
    for positions in hits.values():
        for position in positions:
            tokens[position].used = True
    names, _ = _names(tokens, matcher, actor, gone)
    targets = _arrange(action if detail is None else detail, parts, hits, names)
    if detail is None:
        act = Act(actor, action, tuple(targets), option)
    else:  # the joker's copy: his role, the action he uses and its own option
        act = Act(actor, action, tuple(targets), copy=Copy(option or "", detail, copied_option))
    reading = Reading(act, tuple(m for _, m in names if not m.certain))
    error = game.check(act)
    if error is not None:
        raise error
    return reading


LABELS = {
    "ru": {
        "no_actions": "у игрока {name} нет действий этой ночью",
        "no_action": "в сообщении не нашлось действия; этой ночью можно: {actions}",
        "two_actions": "в сообщении несколько действий ({actions}): уточните, какое одно",
        "no_role": "не понял, какую роль копирует джокер; в раскладе: {choices}",
        "which_way": "уточните, как именно: {actions}",
        "question_kind": "не понял вопрос Совету; например: «вопрос: живых мафиози не меньше 3?», «вопрос: город "
                         "больше, чем мафия?», «вопрос: есть ли в игре комиссар?», «вопрос: к Васе прошлой ночью "
                         "приходил доктор?», «вопрос: среди Васи, Пети, Маши и Коли мафии ровно 1?»",
        "question_number": "в вопросе Совету не хватает числа: «… не меньше 3?»",
        "question_side": "в вопросе Совету нужна одна сторона: город, мафия или одиночки",
        "question_role": "в вопросе Совету не нашлось роли: «к Васе приходил доктор?»",
        "question_player": "в вопросе Совету не нашлось игрока: «к Васе приходил доктор?»",
    },
    "en": {
        "no_actions": "{name} has no action tonight",
        "no_action": "no action found in the message; tonight's actions: {actions}",
        "two_actions": "the message names several actions ({actions}): which one?",
        "no_role": "which role does the joker copy? The setup has: {choices}",
        "which_way": "which way exactly: {actions}?",
        "question_kind": "the Council's question was not understood; e.g. “question: at least 3 mafia alive?”, "
                         "“question: more town than mafia?”, “question: is there a commissar?”, “question: did "
                         "the doctor visit Vasya last night?”, “question: among Vasya, Petya, Masha and Kolya "
                         "exactly 1 mafia?”",
        "question_number": "the Council's question lacks a number: “… at least 3?”",
        "question_side": "the Council's question needs one side: town, mafia or loners",
        "question_role": "no role found in the Council's question: “did the doctor visit Vasya?”",
        "question_player": "no player found in the Council's question: “did the doctor visit Vasya?”",
    },
}


def _question(game: Game, text: str, matcher: NameMatcher) -> tuple[str, str]:
    """The Council question a message asks: its template and arguments (JSON), as `submit` takes them."""
    roles = council.fields(game.state, "role_count")["role"]

    def find_role(words: list[set[str]], among: list[str]) -> str | None:
        return _role_in([_Token("", word) for word in words], among)

    asked = set(ACTION_WORDS["ask"].verbs)
    words = list(WORD.finditer(text))
    start = next((w.end() for w in words if (lemmas(w.group()) | {fold(w.group())}) & asked), 0)
    try:  # the question is what follows its verb ("копирую мафию, вопрос: …" names no side by "мафию")
        template, args = read_question(text[start:], matcher, roles, find_role)
    except QuestionError as error:
        raise ReadError(f"question_{error}") from None
    return template, question_detail(args)


def read_error(error: ReadError, lang: str = "ru") -> str:
    return LABELS.get(lang, LABELS["ru"])[error.key].format(**error.params)


def read_replacing(game: Game, actor: str, text: str) -> tuple[Reading, Act | None]:
    """A player's message read as `read_message` does; if he has already sent an action tonight, read as
    if he had not (the rules let him withdraw it and send another until the night ends), with the
    action it would replace. The game itself is not changed: the host confirms first."""
    earlier = game.state.acts.get(actor) if game.phase.kind is PhaseKind.NIGHT and not game.over else None
    if earlier is None:
        return read_message(game, actor, text), None
    trial = deepcopy(game)
    trial.withdraw(actor)
    return read_message(trial, actor, text), earlier
