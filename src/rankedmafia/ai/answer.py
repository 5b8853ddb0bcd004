"""A model's answer read, mapped to a command and checked by the engine.

The answer is JSON (a server that takes a schema returns it so; otherwise the first JSON object in the
text is read, then a plain «[2] Вася» or «2: Вася, Петя»). A move becomes a logged command (`Game.apply`'s
shape); a night action is then checked by the engine itself (`Game.check`), so a refusal is the engine's
own, told back in the seat's language with `text.names.refusal`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rankedmafia.ai.prompt import POST_CHARS, Move, Prompt
from rankedmafia.ai.question_args import example, label, read_args
from rankedmafia.ai.texts import say
from rankedmafia.forum.names import fold
from rankedmafia.rules.choices import question_detail
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import Act, Copy, Question
from rankedmafia.text.names import refusal

NUMBER = re.compile(r"\[?\s*([0-9]{1,6})\s*\]?")
BRACKETED = re.compile(r"\[\s*([0-9]{1,6})\s*\]")


@dataclass(frozen=True, slots=True)
class Reading:
    """What an answer comes to: a command to apply (None: he passes), or the refusal's words."""

    command: dict[str, Any] | None = None
    refusal: str | None = None
    post: str | None = None
    bid: int = 1

    @property
    def ok(self) -> bool:
        return self.refusal is None


def extract_json(text: str) -> dict[str, Any] | None:
    """The first JSON object in a text (a fenced block or bare), or None."""
    text = text.strip()
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except ValueError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


def plain_move(text: str, names: list[str]) -> dict[str, Any] | None:
    """«[2] Вася, Петя» or «2: Вася»: the first number, then the names it mentions in order (and, for a
    Council question, the words after the number: its blanks' values)."""
    match = BRACKETED.search(text) or NUMBER.search(text)  # «Ночь 2: [4] …» is move 4
    if match is None:
        return None
    rest = text[match.end():]
    return {"choice": int(match.group(1)), "targets": names_in(rest, names), "args": rest.strip(" :.-—")}


def names_in(text: str, names: list[str]) -> list[str]:
    """The names a text mentions, in its order, each once: whole words only, the longest first («Яна» is
    not «Ян» too)."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    for name in sorted(names, key=len, reverse=True):
        for hit in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE):
            if not any(a < hit.end() and hit.start() < b for a, b in taken):
                taken.append(hit.span())
                found.append((hit.start(), name))
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


def read(prompt: Prompt, text: str, game: Game) -> Reading:
    """The answer to this prompt, as a command the engine accepts, or the refusal to tell the model."""
    lang = prompt.lang
    data = extract_json(text)
    if prompt.kind in ("post", "clan"):
        post = data.get("post") if data is not None else None
        if data is None and text.strip() and not text.lstrip().startswith("{"):
            post = text  # a server without a schema may answer in prose: the prose is the post
        if not isinstance(post, str) or not post.strip():
            return Reading(refusal=say(lang, "bad_post"))
        bid = data.get("bid", 1) if data is not None else 1
        return Reading(post=post.strip()[:POST_CHARS], bid=min(4, max(0, bid)) if isinstance(bid, int) else 1)
    if data is None:
        names = sorted({n for m in prompt.moves for s in m.slots for n in s} | {m.vote for m in prompt.moves
                                                                                 if m.vote}, key=len, reverse=True)
        data = plain_move(text, names)
        chosen = prompt.moves[data["choice"] - 1] if data and 0 < data["choice"] <= len(prompt.moves) else None
        if data is not None and chosen is not None and chosen.counts == (0,):
            data["targets"] = []  # names in a question's words («[10] доктор, Вера») are its blanks, not targets
    if data is None:
        return Reading(refusal=say(lang, "bad_json"))
    return move_command(prompt, data, game)


def move_command(prompt: Prompt, data: Mapping[str, Any], game: Game) -> Reading:
    lang = prompt.lang
    choice = data.get("choice")
    if isinstance(choice, str) and re.fullmatch(r"\s*\[?\s*[0-9]{1,6}\s*\]?\s*", choice):
        choice = int(choice.strip().lstrip("[").rstrip("]"))
    if isinstance(choice, float) and choice.is_integer():
        choice = int(choice)
    if choice == 0 and not isinstance(choice, bool):
        return Reading()
    if not isinstance(choice, int) or isinstance(choice, bool):  # none, a word, a list: no number at all
        return Reading(refusal=say(lang, "no_choice"))
    if not 1 <= choice <= len(prompt.moves):
        return Reading(refusal=say(lang, "bad_choice", choice=choice))
    move = prompt.moves[choice - 1]
    if move.vote is not None:
        return Reading({"type": "vote", "voter": prompt.seat, "choice": move.vote})
    raw = data.get("targets") or []
    if isinstance(raw, str):  # «"Вася, Петя"»: the names, one by one
        raw = [t for t in raw.split(",") if t.strip()]
    targets = [str(t).strip() for t in (raw if isinstance(raw, list) else [raw])]
    if len(targets) not in move.counts:
        return Reading(refusal=say(lang, "bad_count", counts="/".join(map(str, move.counts)), given=len(targets)))
    for place, target in enumerate(targets):
        if target not in move.slots[place]:
            same = [n for n in move.slots[place] if fold(n) == fold(target)]  # «вася», «Алёна» as «Алена»
            if len(same) != 1:
                return Reading(refusal=say(lang, "bad_target", name=target, names=", ".join(move.slots[place])))
            targets[place] = same[0]
    asked: str | None = None  # the Council question's arguments (JSON), if the move asks one
    if move.fields:
        given = data.get("args")
        if given is None or given == "" or given == {}:
            given = data.get("question") or data.get("вопрос")
        args, unread = read_args(move.fields, given, lang)
        if unread:
            return Reading(refusal=say(lang, "bad_args", fields=", ".join(label(k, lang) for k in unread),
                                       line=example(move.fields)))
        asked = question_detail(args)
    act = _act(prompt.seat, move, tuple(targets), asked)
    error = game.check(act)
    if error is not None:
        return Reading(refusal=refusal(error, lang))
    return Reading({"type": "act", **act.fields()})


def _act(seat: str, move: Move, targets: tuple[str, ...], asked: str | None) -> Act:
    """The move as the game takes it: its option, the question it asks, or the joker's copy (`move.detail`
    is the action he uses, with that action's own option or question)."""
    action = str(move.action)
    if move.detail is not None:
        question = Question(move.copied_option or "", asked) if asked is not None else None
        copied_option = None if question is not None else move.copied_option
        return Act(seat, action, targets, copy=Copy(move.option or "", move.detail, copied_option, question))
    if asked is not None:
        return Act(seat, action, targets, question=Question(move.option or "", asked))
    return Act(seat, action, targets, move.option)


def retry_message(reading: Reading, lang: str) -> str:
    """The refusal told back with the model's own answer, once."""
    return say(lang, "refused", reason=reading.refusal or "")
