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

from rankedmafia.ai.question_args import example, label, pattern, values_text
from rankedmafia.ai.talk import Conversation
from rankedmafia.ai.texts import say
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.council import GROUP_LEAST
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, PhaseKind
from rankedmafia.rules.view import PlayerView
from rankedmafia.text.clans import card_role, clan_list_text, clan_title
from rankedmafia.text.council_answers import council_questions
from rankedmafia.text.diary import act_text, diary
from rankedmafia.text.names import (
    action_explanation,
    action_name,
    op_name,
    phase_name,
    sex_name,
)
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import quarry_name, role_name, side_name
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
        self._questions: tuple[int, dict[tuple[int, str], Any]] | None = None

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
        parts = [say(lang, "intro", name=view.name), say(lang, "role", role=card_role(view.role, view.ranks, lang)),
                 say(lang, "card", rules=role_rules(view.role, lang))]
        if view.side is not None and view.quarry is not None:
            parts.append(say(lang, "detective", side=side_name(view.side, lang), quarry=quarry_name(view.quarry, lang)))
        if len(view.clan_lists) > 1:  # the double agent: each clan named, its boss marked (text/clans.py)
            lists = {clan: {n: r for n, r in members.items() if n != view.name}
                     for clan, members in view.clan_lists.items()}
            parts.append(say(lang, "clans", members=clan_list_text(lists, view.bosses, lang)))
        else:
            others = {n: r for n, r in view.clan.items() if n != view.name}
            if others:
                parts.append(say(lang, "clan", members=", ".join(f"{n} ({role_name(r, lang)})"
                                                                 for n, r in others.items())))
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
        """The public summaries (the same for every reader: kept), then his diary."""
        renderer = self.renderer(lang)
        public: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for entry in view.log:
            if entry.get("to") is None:
                public.setdefault((entry["phase"], entry["number"]), []).append(entry)
        out = [say(lang, "summaries")]
        if not public:
            out.append(say(lang, "none"))
        for (kind, number), events in public.items():
            key = (kind, number, lang)
            kept = self._public.get(key)
            if kept is None or len(kept[1]) != len(events):
                kept = self._public[key] = (renderer.title(kind, number), renderer.public(kind, events))
            out.append(kept[0] + ": " + " ".join(kept[1]))
        return out + self.diary(view, lang)

    def diary(self, view: PlayerView, lang: str) -> list[str]:
        """His own moves and what came of them, phase by phase, as the site's diary shows them (one line a
        phase: what he sent as it stood at the phase's end, then every result he was told)."""
        out = [say(lang, "diary")]
        phases = len(self.game.results)  # the questions answered change only when a phase ends
        if self._questions is None or self._questions[0] != phases:
            self._questions = (phases, council_questions(self.game))
        for entry in diary(self.game, view, lang, self._questions[1]):
            parts = [say(lang, "diary_sent", sent=entry["sent"])] if entry["sent"] else []
            out.append(f"{entry['title']}: " + " ".join(parts + entry["results"]))
        if len(out) == 1:
            out.append(say(lang, "none"))
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
            # the double agent reads each clan's lines labelled with the clan
            lines = sorted(((c, post) for c in view.clans for post in talk.clan(c, view.phase_number)),
                           key=lambda line: line[1].order)
            tag = {c: f"[{clan_title(c, lang)}] " if len(view.clans) > 1 else "" for c in view.clans}
            out.append(say(lang, "clan_talk"))
            out.extend(f"{tag[c]}{post.author}: {post.text}" for c, post in lines)
            if not lines:
                out.append(say(lang, "no_posts"))
        return out

    # --- the prompts ------------------------------------------------------------------------------
    def prompt(self, name: str, kind: str, lang: str = "ru", talk: Conversation | None = None,
               addressed: Sequence[str] = (), clan: str | None = None) -> Prompt:
        """The prompt of this seat for this decision: `night` (his action, from his choices), `revive`
        (the follow-up step's, when it asks him), `vote`, `post` (the day's talk) or `clan` (his clan's
        chat at night; `clan`: which chat, named to the double agent, who writes to each apart)."""
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
            user += question_format(moves, lang)
            user.append(say(lang, "format_move"))
            schema = move_schema(moves, lang)
        elif kind == VOTE:
            offer = game.vote_choice(name)  # an announced silence is offered no vote (Live play)
            moves = vote_moves([n for n in offer.slots[0] if n != BLUE] if offer else [], lang)
            user += [say(lang, "ask_vote"), say(lang, "moves"), say(lang, "pass_vote"),
                     *(move_line(m, lang) for m in moves), say(lang, "format_move")]
            schema = move_schema(moves, lang)
        elif kind in (POST, CLAN):
            if kind == POST:
                names = say(lang, "addressed", names=", ".join(addressed)) if addressed else ""
                user.append(say(lang, "ask_post", addressed=names))
            elif clan is not None and len(view.clans) > 1:
                user.append(say(lang, "ask_clan_in", clan=clan_title(clan, lang)))
            else:
                user.append(say(lang, "ask_clan"))
            user.append(say(lang, "format_post"))
            schema = POST_SCHEMA
        else:
            raise ValueError(f"unknown decision {kind!r}")
        if view.sent is not None and kind != POST:
            act = game.state.acts.get(name) if "vote" not in view.sent else None  # his own: the question whole
            sent = act_text(act.fields(), lang) if act is not None else sent_words(view.sent, lang)
            user.insert(len(user) - 1, say(lang, "sent", sent=sent))
        return Prompt(name, kind, lang, self.system(view, lang), "\n".join(user), moves, schema, tuple(addressed))


def sent_words(sent: Mapping[str, Any], lang: str) -> str:
    if "vote" in sent:
        return say(lang, "blue") if sent["vote"] == BLUE else say(lang, "vote_for", name=sent["vote"])
    return act_text(dict(sent), lang)


def vote_moves(living: Sequence[str], lang: str) -> tuple[Move, ...]:
    moves = [Move(i, say(lang, "vote_for", name=name), vote=name) for i, name in enumerate(living, start=1)]
    moves.append(Move(len(moves) + 1, say(lang, "blue"), vote=BLUE))
    return tuple(moves)


def night_moves(game: Game, name: str, lang: str) -> tuple[Move, ...]:
    """His choices as numbered moves: one per action, and per option value where an action has one (the
    joker's copy: one per role and use)."""
    moves: list[Move] = []

    def add(choice: Choice, words: str, **fixed: Any) -> None:
        moves.append(Move(len(moves) + 1, words, choice.action, choice.counts, choice.slots, **fixed))

    for choice in game.choices(name):
        words = action_name(choice.action, lang)
        if choice.copies:
            for copy in choice.copies:
                for use in copy.uses:
                    copied = f"{words}: {role_name(copy.role, lang)} — {action_name(use.action, lang)}"
                    if use.option == "question":  # the Council's question, copied: one move a template
                        for value in use.options:
                            moves.append(Move(len(moves) + 1, f"{copied}: «{pattern(value, lang)}»", choice.action,
                                              use.counts, use.slots, copy.role, use.action, value,
                                              _question_fields(game, value, lang)))
                    elif use.option is not None:
                        for value in use.options:
                            moves.append(Move(len(moves) + 1, f"{copied} ({side_name(value, lang)})", choice.action,
                                              use.counts, use.slots, copy.role, use.action, value))
                    else:
                        moves.append(Move(len(moves) + 1, copied, choice.action, use.counts, use.slots, copy.role,
                                          use.action))
        elif choice.option == "question":
            for template in choice.options:
                fields = _question_fields(game, template, lang)
                add(choice, f"{words}: «{pattern(template, lang)}»", option=template, fields=fields)
        elif choice.option is not None:
            for value in choice.options:
                add(choice, f"{words} ({side_name(value, lang)})", option=value)
        else:
            explained = action_explanation(choice.action, lang)
            add(choice, f"{words}" + (f" — {explained}" if explained else ""))
    return tuple(moves)


def _question_fields(game: Game, template: str, lang: str) -> tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]:
    """A question's blanks, each with its values in words."""
    return tuple((key, tuple(_field_value(key, v, lang) for v in values))
                 for key, values in game.question_fields(template).items())


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
        if key == "players":
            line += "; " + say(lang, "group", least=GROUP_LEAST, names=", ".join(w for w, _ in values))
        else:
            line += "; " + say(lang, "field", label=label(key, lang), values=values_text(key, values))
    return line


def question_format(moves: Sequence[Move], lang: str) -> list[str]:
    """How a Council question is answered, with an example of this list's own (only where one is listed)."""
    asked = next((m for m in moves if len(m.fields) > 1), None) or next((m for m in moves if m.fields), None)
    if asked is None:
        return []
    keys = {label(key, lang): key for key, _ in asked.fields}
    keyed = ", ".join(f'"{word}": "{example([f for f in asked.fields if f[0] == key])}"' for word, key in keys.items())
    return [say(lang, "format_question", number=asked.number, line=example(asked.fields), keyed=keyed)]


def move_schema(moves: Sequence[Move], lang: str = "ru") -> dict[str, Any]:
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
                props[label(key, lang)] = ({"type": "array", "items": {"enum": words}, "minItems": GROUP_LEAST}
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
