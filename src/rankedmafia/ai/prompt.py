"""The prompt an AI seat is given: built ONLY from what that seat may know.

Its sources are the seat's view (`Game.view`: his role card, his clan, his results, the public summaries),
what he may send now (`Game.choices`, listed numbered with their words, targets by name), who is alive,
the public setup and the posts he may read (the day's discussion, his clan's chat). Never the state, never
the seed. A `PromptBuilder` serves one game: it keeps the public summaries, which every seat reads alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rankedmafia.ai.talk import Conversation
from rankedmafia.ai.texts import say
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.council import GROUP_LEAST
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.rules.view import PlayerView
from rankedmafia.text.names import (
    FIELDS,
    action_explanation,
    action_name,
    op_name,
    phase_name,
    question_label,
    sex_name,
)
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name, side_name
from rankedmafia.text.summary import Renderer

NIGHT, REVIVE, VOTE, POST, CLAN = "night", "revive", "vote", "post", "clan"
MOVE_KINDS = (NIGHT, REVIVE, VOTE)
TALK_SHOWN = 30  # the latest posts of the day a prompt quotes
POST_CHARS = 600


class Move(NamedTuple):
    """One numbered entry of the list: an action of `Game.choices` with its option fixed (heal_from's
    source, the joker's role and use, the Council's template), or a vote."""

    number: int
    label: str
    action: str | None = None  # None: a vote
    counts: tuple[int, ...] = (0,)
    slots: tuple[tuple[str, ...], ...] = ()
    option: str | None = None
    detail: str | None = None  # the joker's copied action
    copied_option: str | None = None
    fields: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()  # the question's blanks: (word, value)
    vote: str | None = None


@dataclass(frozen=True, slots=True)
class Prompt:
    """One request to a model: the messages, the moves it may answer with and the answer's JSON schema."""

    seat: str
    kind: str  # night | revive | vote | post | clan
    lang: str
    system: str
    user: str
    moves: tuple[Move, ...] = ()
    schema: dict[str, Any] = field(default_factory=dict)
    addressed: tuple[str, ...] = ()  # who addressed him (a post)

    def messages(self) -> list[dict[str, str]]:
        return [{"role": "system", "content": self.system}, {"role": "user", "content": self.user}]

    def text(self) -> str:
        """The prompt as one text (the text environment's observation)."""
        return self.system + "\n\n" + self.user


class PromptBuilder:
    """Builds the prompts of one game's seats, in each seat's language."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.sexes = game.sexes()
        self._public: dict[tuple[str, int, str], tuple[str, list[str]]] = {}
        self._setup: dict[str, str] = {}
        self._renderers: dict[str, Renderer] = {}
        self._seat_words: dict[str, dict[tuple[bool, bool], str]] = {}
        self._role_words: dict[str, dict[str, str]] = {}

    # --- the parts -------------------------------------------------------------------------------
    def renderer(self, lang: str) -> Renderer:
        renderer = self._renderers.get(lang)
        if renderer is None:
            renderer = self._renderers[lang] = Renderer(lang, sexes=self.sexes)
        return renderer

    def setup_line(self, lang: str) -> str:
        line = self._setup.get(lang)
        if line is None:
            counts: dict[str, int] = {}
            for role in self.game.setup_roles():
                counts[role] = counts.get(role, 0) + 1
            words = [role_name(r, lang) + (f" ×{n}" if n > 1 else "") for r, n in counts.items()]
            line = self._setup[lang] = say(lang, "setup", roles=", ".join(sorted(words)))
        return line

    def system(self, view: PlayerView, lang: str) -> str:
        parts = [say(lang, "intro", name=view.name), say(lang, "role", role=role_name(view.role, lang)),
                 say(lang, "card", rules=role_rules(view.role, lang))]
        if view.side is not None and view.quarry is not None:
            parts.append(say(lang, "detective", side=side_name(view.side, lang), quarry=role_name(view.quarry, lang)))
        others = {n: r for n, r in view.clan.items() if n != view.name}
        if others:
            parts.append(say(lang, "clan", members=", ".join(f"{n} ({role_name(r, lang)})" for n, r in others.items())))
        if view.boss is not None:
            parts.append(say(lang, "boss", boss=view.boss))
        parts.append(self.setup_line(lang))
        return "\n".join(parts)

    def seats(self, view: PlayerView, lang: str) -> list[str]:
        words = self._seat_words.get(lang)
        if words is None:
            words = self._seat_words[lang] = {
                (alive, female): say(lang, ("alive" if alive else "dead") + ("_f" if female else ""))
                for alive in (True, False) for female in (True, False)}
        roles = self._role_words.setdefault(lang, {})
        sexes = self.sexes
        mine = f" ({say(lang, 'you')})"
        lines = [say(lang, "seats")]
        for index, seat in enumerate(view.seats, start=1):
            line = f"{index}. {seat.name}{mine if seat.name == view.name else ''}: " + words[
                (seat.alive, sexes.get(seat.name) == "f")]
            if seat.role is not None:
                known = roles.get(seat.role)
                if known is None:
                    known = roles[seat.role] = role_name(seat.role, lang)
                line += ", " + known
            lines.append(line)
        return lines

    def history(self, view: PlayerView, lang: str) -> list[str]:
        """The public summaries (the same for every reader: kept), then his own results."""
        renderer = self.renderer(lang)
        public: dict[tuple[str, int], list[dict[str, Any]]] = {}
        private: list[str] = []
        for entry in view.log:
            to = entry.get("to")
            if to is None:
                public.setdefault((entry["phase"], entry["number"]), []).append(entry)
            elif entry.get("type") == "info":
                private.append(f"{phase_name(entry['phase'], lang, entry['number'])}: {renderer.info_line(entry)}")
            else:
                lines = renderer.private([], [entry], {str(to)[5:]: [view.name]} if str(to).startswith("clan:")
                                         else {}).get(view.name, [])
                private.extend(f"{phase_name(entry['phase'], lang, entry['number'])}: {line}" for line in lines)
        out = [say(lang, "summaries")]
        if not public:
            out.append(say(lang, "none"))
        for (kind, number), events in public.items():
            key = (kind, number, lang)
            kept = self._public.get(key)
            if kept is None or len(kept[1]) != len(events):
                kept = self._public[key] = (renderer.title(kind, number), renderer.public(kind, events))
            out.append(kept[0] + ": " + " ".join(kept[1]))
        out.append(say(lang, "private"))
        out.extend(private or [say(lang, "none")])
        return out

    def now(self, view: PlayerView, lang: str) -> list[str]:
        out = [say(lang, "over") if view.over
               else say(lang, "now", phase=phase_name(view.phase, lang, view.phase_number))]
        if view.votes:
            shown = ", ".join(f"{voter} → {say(lang, 'blue') if choice == BLUE else choice}"
                              for voter, choice in view.votes.items())
            out.append(say(lang, "votes_now", votes=shown))
        return out

    def discussion(self, view: PlayerView, talk: Conversation | None, lang: str, clan: bool) -> list[str]:
        if talk is None:
            return []
        out: list[str] = []
        # today's discussion, or by night the last day's (which phases are over is public)
        days = [r.phase.number for r in self.game.results if r.phase.kind is PhaseKind.DAY]
        number = view.phase_number if view.phase == "day" else (days[-1] if days else None)
        if number is not None:
            posts = talk.day(number)[-TALK_SHOWN:]
            out.append(say(lang, "talk", number=number))
            out.extend(f"{p.author}: {p.text}" for p in posts)
            if not posts:
                out.append(say(lang, "no_posts"))
        if clan and view.clans:
            posts = [p for c in view.clans for p in talk.clan(c, view.phase_number)]
            out.append(say(lang, "clan_talk"))
            out.extend(f"{p.author}: {p.text}" for p in sorted(posts, key=lambda p: p.order))
            if not posts:
                out.append(say(lang, "no_posts"))
        return out

    # --- the prompts ------------------------------------------------------------------------------
    def prompt(self, name: str, kind: str, lang: str = "ru", talk: Conversation | None = None,
               addressed: Sequence[str] = ()) -> Prompt:
        """The prompt of this seat for this decision: `night` (his action, from his choices), `revive`
        (the follow-up step's, when it asks him), `vote`, `post` (the day's talk) or `clan` (his clan's
        chat at night)."""
        game = self.game
        view = game.view(name)
        user = self.seats(view, lang) + self.history(view, lang) + self.now(view, lang)
        user += self.discussion(view, talk, lang, clan=view.phase == "night")
        moves: tuple[Move, ...] = ()
        if kind in (NIGHT, REVIVE):
            moves = night_moves(game, name, lang)
            if kind == REVIVE:
                step = game.follow_up_step()
                told = ", ".join(step.told) if step is not None and step.player == name else say(lang, "none")
                user.append(say(lang, "ask_revive", told=told))
            else:
                user.append(say(lang, "ask_night"))
            user += [say(lang, "moves"), say(lang, "pass_night"), *(move_line(m, lang) for m in moves)]
            user.append(say(lang, "format_move"))
            schema = move_schema(moves)
        elif kind == VOTE:
            offer = game.vote_choice(name)  # an announced silence is offered no vote (Live play)
            moves = vote_moves([n for n in offer.slots[0] if n != BLUE] if offer else [], lang)
            user += [say(lang, "ask_vote"), say(lang, "moves"), say(lang, "pass_vote"),
                     *(move_line(m, lang) for m in moves), say(lang, "format_move")]
            schema = move_schema(moves)
        elif kind in (POST, CLAN):
            if kind == POST:
                names = say(lang, "addressed", names=", ".join(addressed)) if addressed else ""
                user.append(say(lang, "ask_post", addressed=names))
            else:
                user.append(say(lang, "ask_clan"))
            user.append(say(lang, "format_post"))
            schema = POST_SCHEMA
        else:
            raise ValueError(f"unknown decision {kind!r}")
        if view.sent is not None and kind != POST:
            user.insert(len(user) - 1, say(lang, "sent", sent=sent_words(view.sent, lang)))
        return Prompt(name, kind, lang, self.system(view, lang), "\n".join(user), moves, schema, tuple(addressed))


def sent_words(sent: Mapping[str, Any], lang: str) -> str:
    if "vote" in sent:
        return say(lang, "blue") if sent["vote"] == BLUE else say(lang, "vote_for", name=sent["vote"])
    targets = ", ".join(sent.get("targets") or [])
    return action_name(str(sent["action"]), lang) + (f": {targets}" if targets else "")


def vote_moves(living: Sequence[str], lang: str) -> tuple[Move, ...]:
    moves = [Move(i, say(lang, "vote_for", name=name), vote=name) for i, name in enumerate(living, start=1)]
    moves.append(Move(len(moves) + 1, say(lang, "blue"), vote=BLUE))
    return tuple(moves)


def night_moves(game: Game, name: str, lang: str) -> tuple[Move, ...]:
    """His choices as numbered moves: one per action, and per option value where an action has one (the
    joker's copy: one per role and use)."""
    moves: list[Move] = []

    def add(choice: Choice, label: str, **fixed: Any) -> None:
        moves.append(Move(len(moves) + 1, label, choice.action, choice.counts, choice.slots, **fixed))

    for choice in game.choices(name):
        words = action_name(choice.action, lang)
        if choice.copies:
            for copy in choice.copies:
                for use in copy.uses:
                    label = f"{words}: {role_name(copy.role, lang)} — {action_name(use.action, lang)}"
                    if use.option is not None and use.option != "question":
                        for value in use.options:
                            moves.append(Move(len(moves) + 1, f"{label} ({side_name(value, lang)})", choice.action,
                                              use.counts, use.slots, copy.role, use.action, value))
                    elif use.option is None:
                        moves.append(Move(len(moves) + 1, label, choice.action, use.counts, use.slots, copy.role,
                                          use.action))
        elif choice.option == "question":
            for template in choice.options:
                fields = tuple((key, tuple(_field_value(key, v, lang) for v in values))
                               for key, values in game.question_fields(template).items())
                add(choice, f"{words}: «{question_label(template, lang)}»", option=template, fields=fields)
        elif choice.option is not None:
            for value in choice.options:
                add(choice, f"{words} ({side_name(value, lang)})", option=value)
        else:
            explained = action_explanation(choice.action, lang)
            add(choice, f"{words}" + (f" — {explained}" if explained else ""))
    return tuple(moves)


def _field_value(key: str, value: Any, lang: str) -> tuple[str, Any]:
    """A question's blank value with its words."""
    if key in ("side", "a", "b"):
        return side_name(str(value), lang), value
    if key == "op":
        return op_name(str(value), lang), value
    if key == "role":
        return role_name(str(value), lang), value
    if key == "sex":
        return sex_name(str(value), lang), value
    return str(value), value


def move_line(move: Move, lang: str) -> str:
    line = f"[{move.number}] {move.label}"
    if move.action is None:
        return line
    if len(move.counts) == 1 and move.counts[0] == 1:
        line = f"{line}; {say(lang, 'targets_one', names=', '.join(move.slots[0]))}"
    elif move.counts != (0,):
        counts = "–".join(str(n) for n in (min(move.counts), max(move.counts))) if len(move.counts) > 1 else str(
            move.counts[0])
        places = [say(lang, "place", place=i, names=", ".join(s)) for i, s in enumerate(move.slots, start=1)]
        if len({tuple(s) for s in move.slots}) == 1:  # every place offers the same names
            places = [say(lang, "targets_one", names=", ".join(move.slots[0]))]
        line = f"{line}; {say(lang, 'targets_count', counts=counts)}; " + "; ".join(places)
    for key, values in move.fields:
        label = FIELDS.get(lang, FIELDS["ru"]).get(key, key)
        if key == "players":
            line += "; " + say(lang, "group", least=GROUP_LEAST, names=", ".join(w for w, _ in values))
        else:
            line += "; " + say(lang, "field", label=label, values=" | ".join(w for w, _ in values))
    return line


def move_schema(moves: Sequence[Move]) -> dict[str, Any]:
    """The answer's JSON schema: one branch per move (its number, its targets place by place, a question's
    blanks), and the pass (0). Servers that take a schema constrain the model with it."""
    branches: list[dict[str, Any]] = [_branch(0, [], 0, 0)]
    for move in moves:
        slots = list(move.slots[:max(move.counts)]) if move.action is not None else []
        branch = _branch(move.number, [list(s) for s in slots], min(move.counts) if move.action else 0,
                         max(move.counts) if move.action else 0)
        if move.fields:
            props: dict[str, Any] = {}
            for key, values in move.fields:
                words = [w for w, _ in values]
                props[key] = ({"type": "array", "items": {"enum": words}, "minItems": GROUP_LEAST}
                              if key == "players" else {"enum": words})
            branch["properties"]["args"] = {"type": "object", "properties": props, "required": list(props),
                                            "additionalProperties": False}
            branch["required"].append("args")
        branches.append(branch)
    return {"type": "object", "anyOf": branches}


def _branch(number: int, slots: list[list[str]], least: int, most: int) -> dict[str, Any]:
    targets: dict[str, Any] = {"type": "array", "minItems": least, "maxItems": most}
    if slots:
        targets["prefixItems"] = [{"enum": s} for s in slots]
    return {"type": "object", "properties": {"choice": {"const": number}, "targets": targets,
                                             "reason": {"type": "string"}},
            "required": ["choice", "targets"], "additionalProperties": False}


POST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"post": {"type": "string", "minLength": 1, "maxLength": POST_CHARS},
                   "bid": {"type": "integer", "minimum": 0, "maximum": 4}},
    "required": ["post", "bid"], "additionalProperties": False,
}


def schema_json(prompt: Prompt) -> str:
    return json.dumps(prompt.schema, ensure_ascii=False)
