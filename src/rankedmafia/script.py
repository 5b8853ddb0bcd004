"""Game scripts in, game records out: the public contract (GAME-SCRIPT.md, format 1).

A script is read entry by entry into `Game` commands; a refused entry raises the engine's RuleViolation
with the phase (1-based position in `phases`) and the entry (0-based index in a night, the voter's name
in a day). A malformed script raises ScriptError with the same coordinates.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import yaml

from rankedmafia.rules.chance import ChanceMode
from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.game import Game, PhaseResult, Seat
from rankedmafia.rules.model import BLUE, COPY, Act, Copy, PhaseKind, Question
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.seating import SEXES
from rankedmafia.text.formats import Format
from rankedmafia.text.places import place, placed
from rankedmafia.text.script_errors import script_error_text
from rankedmafia.text.summary import Renderer

FORMAT = 1
ENTRY_KEYS = {"actor", "action", "targets"}


class ScriptError(ValueError):
    """A script that is not a well-formed game script. `key` and `params` say what is wrong in words any
    language renders (`describe`); a caller that has put it in words already gives the `message`."""

    def __init__(self, message: str, phase: int | None = None, entry: int | str | None = None,
                 key: str | None = None, params: dict[str, Any] | None = None) -> None:
        self.message = message
        self.phase = phase
        self.entry = entry
        self.rule = "script"
        self.key = key
        self.params = params or {}
        super().__init__(message)

    @classmethod
    def of(cls, key: str, phase: int | None = None, entry: int | str | None = None,
           **params: Any) -> ScriptError:
        """The error of this kind (text/script_errors.py), its message in English for a plain `str()`."""
        return cls(script_error_text(key, params, "en"), phase, entry, key, params)

    def where(self) -> str:
        """"phase 2, entry 0", as the refusals of a rule name them; empty if neither applies."""
        return ", ".join(f"{name} {value}" for name, value in (("phase", self.phase), ("entry", self.entry))
                         if value is not None)

    def describe(self, lang: str = "ru", start: str = "night") -> str:
        """Where (as the host counts it: «ночь 2, строка 3», in a game that starts at `start`) and what,
        as one sentence in this language."""
        text = script_error_text(self.key, self.params, lang) if self.key is not None else self.message
        return placed(place(self.phase, self.entry, start, lang), text, lang)

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message


def load_script(path: str | Path) -> dict[str, Any]:
    text = Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text) if str(path).endswith(".json") else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as error:
        raise ScriptError.of("not_yaml", error=str(error)) from None
    if isinstance(data, dict) and "players" not in data and isinstance(data.get("script"), dict):
        data = data["script"]  # a scenario file of the test suite: its script
    if not isinstance(data, dict):
        raise ScriptError.of("not_mapping")
    return data


def _seats(script: Mapping[str, Any]) -> list[Seat]:
    players = script.get("players")
    if not isinstance(players, list) or not players:
        raise ScriptError.of("players_list")
    seats = []
    for index, entry in enumerate(players):
        if not isinstance(entry, dict) or "name" not in entry or "role" not in entry:
            raise ScriptError.of("player_fields", index=index)
        unknown = set(entry) - {"name", "role", "clan", "side", "sex", "ranks"}
        if unknown:
            raise ScriptError.of("player_keys", index=index, keys=", ".join(sorted(map(str, unknown))))
        if entry["role"] not in ROLES:
            raise ScriptError.of("player_role", index=index, name=entry["name"], role=entry["role"])
        clan = entry.get("clan")
        if isinstance(clan, list):  # the double agent's two clans: he belongs to every clan of the game
            clan = None
        elif clan is not None:
            clan = str(clan)  # a label as the record writes it: `clan: 1` and `clan: "1"` are one clan
        sex = entry.get("sex")
        if sex is not None and sex not in SEXES:
            raise ScriptError.of("player_sex", index=index, name=entry["name"], sex=sex)
        seats.append(Seat(str(entry["name"]), str(entry["role"]), clan, entry.get("side"), sex,
                          _ranks(entry, index)))
    return seats


def _ranks(entry: Mapping[str, Any], index: int) -> dict[str, int] | None:
    """The double agent's `ranks: {red: N, black: M}`: clan labels as `clan` writes them, whole numbers
    (which clans and ranks exist the deal checks)."""
    ranks = entry.get("ranks")
    if ranks is None:
        return None
    if not isinstance(ranks, dict) or not all(isinstance(n, int) and not isinstance(n, bool) for n in ranks.values()):
        raise ScriptError.of("player_ranks", index=index, name=entry["name"])
    return {str(clan): n for clan, n in ranks.items()}


def new_game(script: Mapping[str, Any]) -> Game:
    if script.get("format", FORMAT) != FORMAT:
        raise ScriptError.of("format", format=script.get("format"), supported=FORMAT)
    seed = script.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**63)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise ScriptError.of("seed")
    chance = script.get("chance", "seeded")
    if chance not in {m.value for m in ChanceMode}:
        raise ScriptError.of("chance")
    start = script.get("start", "night")
    if start not in ("night", "day"):
        raise ScriptError.of("start")
    rules = script.get("rules") or {}
    if not isinstance(rules, dict):
        raise ScriptError.of("rules")
    return Game(_seats(script), seed, chance=chance, rules=rules, start=start)


def play(script: Mapping[str, Any]) -> Game:
    """The game a script describes, played to its last phase."""
    game = new_game(script)
    phases = script.get("phases") or []
    if not isinstance(phases, list):
        raise ScriptError.of("phases")
    for position, phase in enumerate(phases, start=1):
        expected = game.phase.kind.value
        if not isinstance(phase, dict) or len(phase) != 1:
            raise ScriptError.of("phase_shape", position)
        (kind, body), = phase.items()
        if game.over:
            raise game.over_refusal().at(position, None)
        if kind != expected:
            raise ScriptError.of("phase_kind", position, expected=expected, found=kind)
        if kind == PhaseKind.NIGHT:
            _night(game, body, position)
        else:
            _day(game, body, position)
        game.resolve()
    return game


def _night(game: Game, body: Any, position: int) -> None:
    entries = body or []
    if not isinstance(entries, list):
        raise ScriptError.of("night_list", position)
    last: list[tuple[int, dict[str, Any]]] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict) or "actor" not in entry or "action" not in entry:
            raise ScriptError.of("action_fields", position, index)
        try:
            _send(game, entry, position, index)
        except RuleViolation as error:
            if error.rule != "revive_later":
                raise
            last.append((index, entry))  # the reanimator's revive, sent once the step asks him
    if last:
        _follow_up(game, last, position)


def _follow_up(game: Game, entries: list[tuple[int, dict[str, Any]]], position: int) -> None:
    """The reanimator's revive is sent after everyone else's actions, once he is told tonight's dead,
    wherever the script lists it: the Game's follow-up step asks each reanimator in turn, who sends his
    revive as the script gives it or nothing."""
    step = game.begin_follow_up()
    while step is not None:
        mine = next(((i, e) for i, e in entries if str(e["actor"]) == step.player), None)
        if mine is None:
            game.decline(step.player)
        else:
            entries.remove(mine)
            _send(game, mine[1], position, mine[0])
        step = game.follow_up_step()
    for index, entry in entries:
        try:
            _send(game, entry, position, index)
        except RuleViolation as error:
            if error.rule != "not_asked":
                raise
            # the step did not ask him: he dies tonight, and a reanimator killed tonight does not act
            # (Ruling), so his revive changes nothing


def _send(game: Game, entry: dict[str, Any], position: int, index: int) -> None:
    targets = entry.get("targets") or []
    if not isinstance(targets, list):
        raise ScriptError.of("targets_list", position, index)
    action = str(entry["action"])
    names = [str(t) for t in targets]
    options = {k: v for k, v in entry.items() if k not in ENTRY_KEYS}
    seated = {player.name for player in game.players()}
    option, question, copy = _options(action, options, names, seated, position, index)
    try:
        game.submit(Act(str(entry["actor"]), action, tuple(names), option, question, copy))
    except RuleViolation as error:
        raise error.at(position, index) from None


Parts = tuple[str | None, Question | None, Copy | None]  # an act's option, question and copy


def _question(options: dict[str, Any], position: int, index: int) -> Question:
    """The Council question `{template, args}` as the engine takes it: the template and its arguments."""
    question = options.pop("question", None)
    if not isinstance(question, dict) or "template" not in question:
        raise ScriptError.of("ask_question", position, index)
    return Question(str(question["template"]),
                    json.dumps(question.get("args") or {}, ensure_ascii=False, sort_keys=True))


def _options(action: str, options: dict[str, Any], names: list[str], seated: Collection[str], position: int,
             index: int) -> Parts:
    """What goes beside the targets: heal_from's `role`; the joker's `role` and `use` (or the targets
    [role, action, target...]) with the copied action's own `option` or `question`; the Council
    question's `question: {template, args}`."""
    if action == "ask":
        question = _question(options, position, index)
        if options:
            raise ScriptError.of("ask_only", position, index)
        return None, question, None
    if action == COPY:
        return None, None, _copy_options(options, names, seated, position, index)
    if len(options) > 1:
        raise ScriptError.of("one_option", position, index, keys=", ".join(sorted(options)))
    return (str(next(iter(options.values()))) if options else None), None, None


def _copy_options(options: dict[str, Any], names: list[str], seated: Collection[str], position: int,
                  index: int) -> Copy:
    """`{action: copy, role: R, use: A, targets: [...]}` plus the copied action's own fields: `option`
    (heal_from's role) or `question` (the Council's). A role or action missing is not taken from a
    player's name among the targets: the copy is then refused as incomplete, not as an unknown action."""
    role = options.pop("role", None)
    use = options.pop("use", None)
    option: str | None = None
    question: Question | None = None
    if "question" in options:
        question = _question(options, position, index)
    elif "option" in options:
        option = str(options.pop("option"))
    if use is None and len(options) == 1:  # the copied action under another key (`copy`, `as`, ...)
        use = options.pop(next(iter(options)))
    if role is None and len(names) >= 2 and names[0] not in seated and names[1] not in seated:
        role, use = names.pop(0), names.pop(0)
    elif role is not None and use is None and names and names[0] not in seated:
        use = names.pop(0)
    if options or role is None or use is None:
        raise ScriptError.of("copy_fields", position, index)
    return Copy(str(role), str(use), option, question)


def script_entry(command: Mapping[str, Any]) -> dict[str, Any]:
    """A night action (a logged command or action event) as a script writes it: the inverse of `_options`."""
    act = Act.from_fields(command)
    entry: dict[str, Any] = {"actor": act.actor, "action": act.action, "targets": list(act.targets)}
    if act.action == "ask" and act.chosen is not None:
        entry["question"] = _question_entry(act.chosen, act.question)
    elif act.copy is not None:
        entry["role"], entry["use"] = act.copy.role, act.copy.use
        if act.copy.question is not None:
            entry["question"] = _question_entry(act.copy.question.template, act.copy.question)
        elif act.copy.option is not None:
            entry["option"] = act.copy.option
    elif act.action == COPY:
        entry["role"], entry["use"] = act.option, None
    elif act.chosen is not None:
        entry["role"] = act.chosen
    return entry


def _question_entry(template: str, question: Question | None) -> dict[str, Any]:
    return {"template": template, "args": json.loads(question.args) if question and question.args else {}}


def _day(game: Game, body: Any, position: int) -> None:
    body = body or {}
    if not isinstance(body, dict):
        raise ScriptError.of("day_mapping", position)
    votes = body.get("votes") or {}
    if not isinstance(votes, dict):
        raise ScriptError.of("votes_mapping", position)
    for voter, choice in votes.items():
        try:
            game.vote(str(voter), BLUE if choice == BLUE else str(choice))
        except RuleViolation as error:
            raise error.at(position, str(voter)) from None


def phase_record(game: Game, result: PhaseResult, renderer: Renderer) -> dict[str, Any]:
    return {
        "phase": result.phase.kind.value,
        "number": result.phase.number,
        "deaths": list(result.deaths),
        "saved": list(result.saved),
        "hanged": list(result.hanged),
        "defended": list(result.defended),
        "silenced": list(result.silenced),
        "revealed": dict(result.revealed),
        "exposed": dict(result.exposed),
        "role_changes": [dict(c) for c in result.role_changes],
        "info": [dict(i) for i in result.info],
        "public": renderer.public(result.phase.kind.value, result.events),
        "private": renderer.private(result.info, result.events, result.clans),
        "events": [dict(e) for e in result.events],
    }


def record(game: Game, lang: str = "ru", fmt: Format | str = Format.TEXT) -> dict[str, Any]:
    """The game's record in the contract's shape."""
    renderer = Renderer(lang, fmt, game.sexes())
    phases = [phase_record(game, result, renderer) for result in game.results]
    if phases:  # what a replay needs beside the actions: the setup's chance mode, house rules and start
        state = game.state
        phases[0]["events"].insert(0, {"type": "game", "to": "host", "chance": state.chance.mode.value,
                                       "rules": state.rules.as_mapping(), "start": state.start.value})
    return {
        "format": FORMAT,
        "seed": game.seed,
        "commitment": game.commitment,
        "winner": game.winner,
        "winners": game.winners(),
        **({"ended": game.ended} if game.ended is not None else {}),  # why nobody won (RULINGS.md, "Stalemate")
        "players": [{"name": p.name, "role": p.role, "initial_role": p.initial_role, "side": p.team,
                     "alive": p.alive, **({"sex": p.sex} if p.sex is not None else {}),
                     **({"ranks": dict(game.state.agent_ranks[p.name])} if p.name in game.state.agent_ranks else {})}
                    for p in game.players()],
        "phases": phases,
    }


def run_script(script: Mapping[str, Any], lang: str = "ru", fmt: Format | str = Format.TEXT) -> dict[str, Any]:
    """Play a script and return its record (the public contract)."""
    return record(play(script), lang, fmt)
