"""The night's keyboards: step by step through exactly what the core says a player may send now.

A form's state is a small dict (the action, the joker's copied role and action, the targets so far, the
option, the Council question's fields). Each screen offers buttons, each button carrying the next state;
the states are stored behind an opaque key (see `store.TgStore.add_key`), so a button's callback data never
names an action, a role or a target. Nothing here decides legality: every list comes from `legal_choices`
(the core's `game.choices`), and the engine checks the action once more when it is sent.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules import council
from rankedmafia.rules.game import FollowUp, Game
from rankedmafia.rules.model import Act, Copy, Question
from rankedmafia.telegram.legal import Choice, legal_choices, question_fields
from rankedmafia.telegram.texts import (
    FIELD_NAMES,
    Html,
    Plain,
    action_name,
    capital,
    field_label,
    join,
    label,
    option_label,
    plain,
    say,
    sentence,
    shown,
)
from rankedmafia.text.acts import act_phrase, act_words
from rankedmafia.text.council_answers import council_questions
from rankedmafia.text.questions import question_sentence
from rankedmafia.text.roles import role_name
from rankedmafia.text.summary import Renderer

State = dict[str, Any]


@dataclass(slots=True)
class Button:
    """A button: its label is plain text (Telegram never parses a button's text), never HTML."""

    label: Plain
    state: State

    def __post_init__(self) -> None:
        if isinstance(self.label, Html):
            raise TypeError(f"a button's label is plain text, not HTML: {self.label!r}")


@dataclass(slots=True)
class Screen:
    text: Html
    rows: list[list[Button]] = field(default_factory=list)


def renderer(live: LiveGame, lang: str) -> Renderer:
    """The text layer's renderer, with the sex each player gave (for the Russian agreement) and each player
    named as the lists name him (a bot «Трофим (бот)»)."""
    game = live.game
    if game is None:
        return Renderer(lang, yo=True)
    return Renderer(lang, sexes={p.name: p.sex for p in game.players()}, yo=True, questions=council_questions(game),
                    names={p.name: str(shown(live, p.name, lang)) for p in game.players()})


def sexes(live: LiveGame) -> dict[str, str]:
    """The sex each player gave (public, like the nicknames): the declension of names and the agreement."""
    return live.game.sexes() if live.game is not None else {}


def spoken(live: LiveGame, state: State, lang: str) -> tuple[State, dict[str, str]]:
    """The state's players named as the lists name them, a bot «Трофим (бот)», with their sexes: a sentence
    declines them as people («убить Романа и Трофима (бот)»)."""
    names = {p.name: str(shown(live, p.name, lang)) for p in live.game.players()} if live.game is not None else {}
    out = dict(state)
    if "t" in out:
        out["t"] = [names.get(n, n) for n in out["t"]]
    fields = out.get("f")
    if isinstance(fields, dict) and "players" in fields:
        out["f"] = {**fields, "players": [names.get(n, n) for n in fields["players"]]}
    return out, {names.get(n, n): sex for n, sex in sexes(live).items()}


def rows(buttons: list[Button], width: int = 2) -> list[list[Button]]:
    return [buttons[i:i + width] for i in range(0, len(buttons), width)]


def choices_now(live: LiveGame, name: str) -> list[Choice]:
    """What he may send right now: the core's list. The Game's follow-up step holds the night's order: the
    reanimator's `revive` only once he is asked, among the dead he is told; while the step is open nobody
    else acts."""
    game = live.game
    if game is None or live.status != "running":
        return []
    return list(_cached_choices(live, name))


def _asked(live: LiveGame, name: str) -> FollowUp | None:
    """The Game's follow-up step, if it asks him now."""
    step = live.asked()
    return step if step is not None and step.player == name else None


# (game id, player) -> (the game object, its phases and commands then), his choices. The object is held
# weakly and compared by identity: a game rebuilt from its log, or a new one at a freed address, is another.
_CHOICES: dict[tuple[str, str], tuple[tuple[weakref.ref[Game], int, int], tuple[Choice, ...]]] = {}


def _cached_choices(live: LiveGame, name: str) -> tuple[Choice, ...]:
    """The core's choices, asked once per state of the game (a form's steps redraw without a change); one
    entry a player, the latest, so that the cache stays as small as the games in play."""
    game = live.game
    assert game is not None
    found = _CHOICES.get((live.id, name))
    if found is not None:
        (held, phases, commands), choices = found
        if held() is game and (phases, commands) == (len(game.results), len(game.commands)):
            return choices
    if len(_CHOICES) > 10_000:
        _CHOICES.clear()
    choices = legal_choices(game, name)
    _CHOICES[(live.id, name)] = ((weakref.ref(game), len(game.results), len(game.commands)), choices)
    return choices


def _find(choices: list[Choice] | tuple[Choice, ...], action: str | None) -> Choice | None:
    return next((c for c in choices if c.action == action), None)


def effective(choices: list[Choice], state: State) -> Choice | None:
    """The choice whose targets and option the form is filling: the joker's copied action, or the action."""
    choice = _find(choices, state.get("a"))
    if choice is None or choice.action != "copy":
        return choice
    copy = next((c for c in choice.copies if c.role == state.get("r")), None)
    return None if copy is None else _find(copy.uses, state.get("u"))


def question(template: str, fields: dict[str, Any], lang: str, sexes: Mapping[str, str] | None = None) -> str:
    """The Council's question as a sentence, with what is chosen so far («Живых игроков стороны «город» … …?»);
    plain text."""
    return question_sentence(template, fields, lang, sexes)


def summary(state: State, lang: str, sexes: Mapping[str, str] | None = None) -> str:
    """The action in words, its targets declined, closed as a sentence: «убить Аню и Бориса.», «скопировать
    роль «доктор»: лечить Петю.», «спросить Совет: Живых игроков стороны «город» меньше 6?». Plain text."""
    action = state["a"]
    if action == "copy" and "u" not in state:  # (what he sent, as his view tells it: the role alone)
        return sentence(f"{action_name('copy', lang)} «{role_name(state['r'], lang)}»" if "r" in state
                        else action_name("copy", lang))
    used = state.get("u") or action
    if used == "ask" and "f" not in state:
        return sentence(action_name("ask", lang))
    return sentence(act_words(to_submit(state, ""), sexes, lang))


def spoken_summary(live: LiveGame, state: State, lang: str) -> str:
    """`summary` with the players named as the lists name them (`spoken`)."""
    said, known = spoken(live, state, lang)
    return summary(said, lang, known)


def _target_prompt(eff: Choice, state: State, lang: str, sexes: Mapping[str, str], most: int) -> Html:
    """The next target's step: the action («Убить: кого?»), then what is chosen so far in words («Выбрано:
    сравнить Аню и …»)."""
    targets = list(state.get("t", []))
    if not targets:
        return say(lang, "pick_target", action=capital(action_name(eff.action, lang)), i=1, most=most)
    chosen = sentence(act_phrase(eff.action, targets, sexes=sexes, lang=lang))
    return say(lang, "pick_more", chosen=chosen, i=len(targets) + 1, most=most)


def night_screen(live: LiveGame, name: str, state: State, lang: str) -> Screen:
    """The screen for a form state; an empty state is the start of the night's form."""
    game = live.game
    assert game is not None
    number = game.phase.number
    choices = choices_now(live, name)
    asked = _asked(live, name)
    head = say(lang, "panel", n=number)
    if asked is not None:
        deaths = renderer(live, lang).info_line({"kind": "deaths_tonight", "targets": list(asked.told)})
        head = say(lang, "asked", deaths=deaths, deadline=_clock(live.deadline))
    sent = game.view(name).sent
    if sent is not None and "action" in sent and not state:
        was = {"a": sent["action"], "t": sent["targets"]}
        if sent.get("option") is not None and sent["action"] not in ("copy", "ask"):
            was["o"] = sent["option"]
        elif sent["action"] == "copy" and sent.get("option") is not None:
            was["r"] = sent["option"]
        return Screen(say(lang, "sent", summary=spoken_summary(live, was, lang)),
                      [[Button(label(lang, "change"), {"do": "withdraw"})]] if not live.following else [])
    if not choices:
        return Screen(say(lang, "panel_none", n=number))
    choice = _find(choices, state.get("a"))
    if choice is None:
        buttons = [Button(plain(action_name(c.action, lang)), {"a": c.action}) for c in choices]
        if asked is not None:
            buttons.append(Button(label(lang, "nobody"), {"do": "pass"}))
        return Screen(head, rows(buttons))
    if choice.action == "copy":
        if "r" not in state:
            return Screen(say(lang, "pick_role"), rows(
                [Button(plain(role_name(c.role, lang)), {**state, "r": c.role}) for c in choice.copies]) + _back())
        copy = next((c for c in choice.copies if c.role == state["r"]), None)
        if copy is None:
            return night_screen(live, name, {}, lang)
        if "u" not in state:
            return Screen(say(lang, "pick_use", role=role_name(copy.role, lang)), rows(
                [Button(plain(action_name(u.action, lang)), {**state, "u": u.action}) for u in copy.uses]) + _back())
    eff = effective(choices, state)
    if eff is None:
        return night_screen(live, name, {}, lang)
    targets: list[str] = list(state.get("t", []))
    most = max(eff.counts) if eff.counts else 0
    if not state.get("td") and len(targets) < most:
        slot = eff.slots[len(targets)] if len(targets) < len(eff.slots) else ()
        pool = [n for n in slot if n not in targets]
        buttons = [Button(plain(live.nickname(n)), {**state, "t": [*targets, n]}) for n in pool]
        if len(targets) in eff.counts:
            buttons.append(Button(label(lang, "done"), {**state, "td": True}))
        if asked and not targets:
            buttons.append(Button(label(lang, "nobody"), {"do": "pass"}))
        said, known = spoken(live, state, lang)
        text = _target_prompt(eff, said, lang, known, most)
        return Screen(join("\n", [head, text]) if asked else text, rows(buttons) + _back())
    if eff.option is not None and "o" not in state:
        if eff.option == "question":
            buttons = [Button(option_label("ask", o, lang), {**state, "o": o, "f": {}}) for o in eff.options]
            return Screen(say(lang, "pick_question"), rows(buttons, 1) + _back())
        buttons = [Button(option_label(eff.action, o, lang), {**state, "o": o}) for o in eff.options]
        return Screen(say(lang, "pick_option", action=action_name(eff.action, lang)), rows(buttons) + _back())
    if eff.option == "question":
        screen = _question_step(live, state, lang)
        if screen is not None:
            return screen
    said, known = spoken(live, state, lang)
    return Screen(say(lang, "confirm", summary=summary(said, lang, known)),
                  [[Button(label(lang, "send"), {**state, "do": "send"}), Button(label(lang, "again"), {})]])


def _question_step(live: LiveGame, state: State, lang: str) -> Screen | None:
    """The next unanswered field of the Council's question, or None once all are given. The prompt shows the
    question as a sentence with what is chosen so far."""
    assert live.game is not None
    fields: dict[str, Any] = dict(state.get("f", {}))
    template = state["o"]
    values = question_fields(live.game, template)
    said, known = spoken(live, {"f": fields}, lang)
    text = question(template, said["f"], lang, known)
    for arg, allowed in values.items():
        if arg in fields and not (arg == "players" and not state.get("pd")):
            continue
        if arg == "players":
            chosen: list[str] = list(fields.get("players", []))
            buttons = [Button(plain(live.nickname(n)), {**state, "f": {**fields, "players": [*chosen, n]}})
                       for n in allowed if n not in chosen]
            if len(chosen) >= council.GROUP_LEAST:
                buttons.append(Button(label(lang, "done"), {**state, "f": {**fields, "players": chosen}, "pd": True}))
            return Screen(say(lang, "pick_players", question=text, least=council.GROUP_LEAST,
                              chosen=len(chosen)), rows(buttons, 3) + _back())
        buttons = [Button(field_label(arg, v, lang, template), {**state, "f": {**fields, arg: v}}) for v in allowed]
        names = FIELD_NAMES.get(lang, FIELD_NAMES["ru"])
        return Screen(say(lang, "pick_field", question=text, field=names.get(arg, arg)),
                      rows(buttons, 3 if arg in ("n", "op") else 2) + _back())
    return None


def _back() -> list[list[Button]]:
    return []


def to_submit(state: State, actor: str) -> Act:
    """The form's state as the engine takes it: the act, with the Council's question (`f`, its template
    in `o`) and the joker's copy (role `r`, use `u`, and the copied action's own option or question)."""
    action = state["a"]
    targets = tuple(state.get("t", []))
    option = state.get("o")
    question = Question(option or "", json.dumps(state["f"], ensure_ascii=False)) if "f" in state else None
    if action == "copy":
        copied = Copy(state["r"], state["u"], option if question is None else None, question if option else None)
        return Act(actor, action, targets, copy=copied)
    if question is not None:
        return Act(actor, action, targets, question=question)
    return Act(actor, action, targets, option)


def _clock(at: float | None) -> str:
    from rankedmafia.telegram.texts import clock

    return clock(at)
