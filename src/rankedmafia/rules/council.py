"""The mafia's question to the Council ("Подкупить Совет"): templates, a validator, an evaluator.

Rule book: "Вопрос не может касаться непосредственно роли персонажа или его действий ночью" — so there is
no template for a player's role or a player's action, nor for a role within a group ("Есть ли среди
иммунитетчиков комиссар?"). Allowed: counts and ratios of roles and sides, the immune, "did role R visit
player P last night", "did the girl block an active role last night", and player names only when more than
three are named. The engine answers yes or no from the true state, and tells only the mafia.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rankedmafia.rules.errors import RuleViolation
from rankedmafia.rules.model import Player, Side
from rankedmafia.rules.state import GameState, comparison_side

OPS: dict[str, Callable[[int, int], bool]] = {
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b, "lt": lambda a, b: a < b, "le": lambda a, b: a <= b,
}
SIDES = tuple(s.value for s in Side)
GROUP_LEAST = 4  # "в том числе и имена игроков если их более трех"


@dataclass(frozen=True, slots=True)
class Template:
    id: str
    args: tuple[str, ...]
    text: dict[str, str]


TEMPLATES = {t.id: t for t in (
    Template("side_count", ("side", "op", "n"),
             {"ru": "Живых игроков стороны «{side}»: {op} {n}?", "en": "Living players of {side}: {op} {n}?"}),
    Template("side_roles", ("side", "op", "n"),
             {"ru": "В игре осталось ролей стороны «{side}» (не мирных): {op} {n}?",
              "en": "Roles (not civilians) of {side} left: {op} {n}?"}),
    Template("role_count", ("role", "op", "n"),
             {"ru": "Живых с ролью «{role}»: {op} {n}?", "en": "Living players with the role {role}: {op} {n}?"}),
    Template("compare_sides", ("a", "op", "b"),
             {"ru": "Живых стороны «{a}» {op}, чем стороны «{b}»?", "en": "Living players of {a} {op} those of {b}?"}),
    Template("immune_count", ("op", "n"),
             {"ru": "Иммунитетчиков в игре: {op} {n}?", "en": "Immune players alive: {op} {n}?"}),
    Template("immune_have_roles", (),
             {"ru": "Среди иммунитетчиков есть роли?", "en": "Are there roles among the immune?"}),
    Template("visited", ("role", "player"),
             {"ru": "Приходила ли к игроку {player} прошлой ночью роль «{role}»?",
              "en": "Did the {role} visit {player} last night?"}),
    Template("girl_blocked_active", (),
             {"ru": "Девочка прошлой ночью заблокировала активную роль?",
              "en": "Did the girl block an active role last night?"}),
    Template("group_side_count", ("players", "side", "op", "n"),
             {"ru": "Среди игроков {players} — стороны «{side}»: {op} {n}?",
              "en": "Among {players}, players of {side}: {op} {n}?"}),
    # "о соотношении числа ролей в игре с числом обладателей иммунитета (если их несколько), с числом
    # игроков мужского/женского пола в игре": the roles (not civilians) alive against either count
    Template("roles_vs_immune", ("op",),
             {"ru": "Ролей в игре (не мирных) {op}, чем иммунитетчиков?",
              "en": "Roles (not civilians) alive: {op} the immune players?"}),
    # "с числом игроков мужского/женского пола в игре": offered only where players gave their sex
    Template("sex_count", ("sex", "op", "n"),
             {"ru": "Живых игроков, чей пол {sex}: {op} {n}?", "en": "Living players of sex {sex}: {op} {n}?"}),
    Template("roles_vs_sex", ("op", "sex"),
             {"ru": "Ролей в игре (не мирных) {op}, чем живых игроков, чей пол {sex}?",
              "en": "Roles (not civilians) alive: {op} the living players of sex {sex}?"}),
)}
SEXES = ("m", "f")
# the option of the mafia's question: its template, with the template's arguments as the act's detail
# (JSON); the choices offer the templates and `fields` the values of each argument
QUESTION = "question"


def offered(state: GameState) -> list[str]:
    """The templates the mafia may use in this game: by sex only where every living player gave his sex
    (Ruling: a count by sex over players whose sex nobody knows has no true answer)."""
    sex_known, enough = _sex_known(state), len(state.living()) >= GROUP_LEAST
    return [t for t, spec in TEMPLATES.items()
            if ("sex" not in spec.args or sex_known) and ("players" not in spec.args or enough)]


def _sex_known(state: GameState) -> bool:
    return all(p.sex is not None for p in state.living())


def fields(state: GameState, template: str) -> dict[str, list[Any]]:
    """For each argument of a template, the values it may take (`players`: any four or more of them, all
    living)."""
    return {arg: _domain(state, arg) for arg in TEMPLATES[template].args}


def _domain(state: GameState, arg: str) -> list[Any]:
    """The values one argument of a question may take."""
    if arg in ("side", "a", "b"):
        return list(SIDES)
    if arg == "op":
        return list(OPS)
    if arg == "n":
        return list(range(len(state.players) + 1))
    if arg == "role":
        return sorted(state.setup_roles())  # the roles dealt and those held now: public
    if arg == "player":
        return list(state.players)
    if arg == "players":
        return [p.name for p in state.living()]
    if arg == "sex":
        return list(SEXES)
    raise KeyError(arg)


def parse(template: str | None, detail: str | None) -> tuple[Template, dict[str, Any]]:
    spec = TEMPLATES.get(template or "")
    if spec is None:
        raise RuleViolation("council_template", template=template or "", choices=", ".join(TEMPLATES))
    try:
        args = json.loads(detail) if detail else {}
    except json.JSONDecodeError:
        raise RuleViolation("council_args", template=spec.id) from None
    if not isinstance(args, dict) or set(args) != set(spec.args):
        raise RuleViolation("council_args", template=spec.id, expected=", ".join(spec.args) or "—")
    return spec, args


def validate(state: GameState, template: str | None, detail: str | None) -> None:
    """Refuses a question the rules forbid, with the reason; what is left can be answered."""
    spec, args = parse(template, detail)
    for key in ("side", "a", "b"):
        if key in args and args[key] not in SIDES:
            raise RuleViolation("council_side", side=args[key], choices=", ".join(SIDES))
    if "op" in args and args["op"] not in OPS:
        raise RuleViolation("council_op", op=args["op"], choices=", ".join(OPS))
    if "n" in args and (not isinstance(args["n"], int) or isinstance(args["n"], bool) or args["n"] < 0):
        raise RuleViolation("council_number", n=args["n"])
    if "role" in args:
        present = state.setup_roles()  # the roles dealt and those held now
        if args["role"] not in state.roles or args["role"] not in present:
            raise RuleViolation("council_role", role=str(args["role"]))
    if "sex" in spec.args and not _sex_known(state):  # (a group of too few is refused below, as such)
        raise RuleViolation("council_sex_unknown")
    if "sex" in args and args["sex"] not in SEXES:
        raise RuleViolation("council_sex", sex=str(args["sex"]))
    if "player" in args and args["player"] not in state.players:
        raise RuleViolation("unknown_player", name=str(args["player"]))
    if "players" in args:
        group = args["players"]
        if not isinstance(group, list):
            raise RuleViolation("council_group", least=GROUP_LEAST)
        for name in group:
            if name not in state.players:
                raise RuleViolation("unknown_player", name=str(name))
        # Ruling: only the living count: a dead name would let the mafia ask about three players
        if len({str(name) for name in group if state.players[name].alive}) < GROUP_LEAST:
            raise RuleViolation("council_group", least=GROUP_LEAST)


def _side(state: GameState, player: Player) -> str:
    return comparison_side(state, player.name).value


def answer(state: GameState, template: str | None, detail: str | None,
           defended: set[str] | None = None) -> bool:
    """The true answer, from the state as the night's information stage sees it (`defended`: the
    defenses made tonight for the coming day)."""
    spec, args = parse(template, detail)
    living = state.living()
    op = OPS.get(args.get("op", "eq"), OPS["eq"])
    if spec.id == "side_count":
        return op(sum(1 for p in living if _side(state, p) == args["side"]), args["n"])
    if spec.id == "side_roles":
        return op(sum(1 for p in living if _side(state, p) == args["side"] and p.role != "civilian"), args["n"])
    if spec.id == "role_count":
        return op(sum(1 for p in living if p.role == args["role"]), args["n"])
    if spec.id == "compare_sides":
        count = {side: sum(1 for p in living if _side(state, p) == side) for side in SIDES}
        return op(count[args["a"]], count[args["b"]])
    if spec.id == "immune_count":
        return op(len(immune(state, defended)), args["n"])
    if spec.id == "immune_have_roles":
        return any(state.players[name].role != "civilian" for name in immune(state, defended))
    if spec.id == "visited":
        return (args["role"], args["player"]) in state.last_visits
    if spec.id == "girl_blocked_active":  # the girl's memory: the nights she blocked an active role
        return any(night == state.phase.number - 1 for night in state.memos.get("girl", {}).values())
    if spec.id == "sex_count":
        return op(sum(1 for p in living if p.sex == args["sex"]), args["n"])
    roles = sum(1 for p in living if p.role != "civilian")
    if spec.id == "roles_vs_immune":
        return op(roles, len(immune(state, defended)))
    if spec.id == "roles_vs_sex":
        return op(roles, sum(1 for p in living if p.sex == args["sex"]))
    group = {str(n) for n in args["players"]}
    return op(sum(1 for p in living if p.name in group and _side(state, p) == args["side"]), args["n"])


def immune(state: GameState, defended: set[str] | None = None) -> list[str]:
    """Ruling: the immune ("иммунитетчики") are the living whom an ordinary kill or the gallows cannot
    take: the highlander, the handsome, and whoever holds a defense for the coming day."""
    holders = state.defended if defended is None else defended
    return [p.name for p in state.living() if state.roles[p.role].immune or p.name in holders]


def describe_question(template: str, args: Mapping[str, Any], lang: str = "ru") -> str:
    spec = TEMPLATES[template]
    shown = {k: (", ".join(map(str, v)) if isinstance(v, list) else v) for k, v in args.items()}
    return spec.text.get(lang, spec.text["ru"]).format(**shown)
