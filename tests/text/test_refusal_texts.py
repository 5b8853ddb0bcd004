"""Every rule id the engine refuses with is triggered through `Game` here, and its sentence checked in
Russian and English: the real reason (a dead target is refused as dead, never as a count of targets), the
player's sex agreed with, counts in words that agree, and no id of any kind in either language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rankedmafia.rules import council
from rankedmafia.rules.errors import RULES, RuleViolation
from rankedmafia.rules.game import Game
from rankedmafia.rules.house import HOUSE_RULES
from rankedmafia.rules.model import BLUE, Act, Copy, Question
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.seating import Seat
from rankedmafia.setup import preset_names
from rankedmafia.text.errors import ERRORS
from rankedmafia.text.refusals import refusal_text

SOURCE = Path(__file__).parents[2] / "src" / "rankedmafia"

# name -> (role, sex): seven players, so at most ten alive (no heal_from, two intimidated at most)
SMALL = {"Вася": ("mafia1", "m"), "Петя": ("commissar", "m"), "Маша": ("doctor", "f"), "Коля": ("civilian", "m"),
         "Оля": ("civilian", "f"), "Дима": ("maniac", "m"), "Лена": ("girl", "f")}


def game(table: dict[str, tuple[str, str | None]], **options: object) -> Game:
    seats = [Seat(name, role, sex=sex) for name, (role, sex) in table.items()]
    return Game(seats, seed=7, chance="never", **options)  # type: ignore[arg-type]


def small() -> Game:
    return game(SMALL)


def big(doctor: str = "doctor") -> Game:
    """Twelve players: more than ten alive, so the doctor may heal from a role."""
    table: dict[str, tuple[str, str | None]] = {"Вася": ("mafia1", "m"), "Маша": (doctor, "f")}
    table |= {f"Игрок{i}": ("civilian", None) for i in range(10)}
    return game(table)


def night(g: Game, *acts: tuple[str, str, list[str]] | tuple[str, str, list[str], str]
          | tuple[str, str, list[str], str, str]) -> None:
    """Each act as the log stores it: actor, action, targets, and an option and a detail if any."""
    for act in acts:
        g.submit(Act.from_fields(dict(zip(("actor", "action", "targets", "option", "detail"), act, strict=False))))
    g.resolve()


def day(g: Game, votes: dict[str, str] | None = None) -> None:
    for voter, choice in (votes or {}).items():
        g.vote(voter, choice)
    g.resolve()


def small_reanimator() -> Game:
    return game({"Вася": ("mafia1", "m"), "Петя": ("reanimator", "m"), "Маша": ("civilian", "f"),
                 "Коля": ("civilian", "m"), "Оля": ("civilian", "f")})


def reanimator_night() -> Game:
    """The mafia kills Маша; the reanimator Петя is asked once the others have acted, told [Маша]."""
    g = small_reanimator()
    g.submit(Act("Вася", "kill", ("Маша",)))
    assert g.begin_follow_up() is not None
    return g


def mercenary() -> Game:
    return game({"Вася": ("mafia1", "m"), "Гоша": ("mafia2", "m"), "Рома": ("mercenary", "m"),
                 "Маша": ("civilian", "f"), "Коля": ("civilian", "m"), "Оля": ("civilian", "f"),
                 "Петя": ("commissar", "m")})


def hired_once() -> Game:
    """Рома hired by Вася (a killer) with his victim at once: that employer is used."""
    g = mercenary()
    night(g, ("Рома", "hire", ["Вася", "Коля"]))
    day(g)
    return g


def contracted() -> Game:
    """Рома hired by Вася alone: a contract he may kill for later."""
    g = mercenary()
    night(g, ("Рома", "hire", ["Вася"]))
    day(g)
    return g


def fan_game() -> Game:
    return game({"Вася": ("mafia1", "m"), "Зина": ("fan", "f"), "Дима": ("maniac", "m"), "Коля": ("civilian", "m"),
                 "Оля": ("civilian", "f")})


def joker_game() -> Game:
    return game({"Вася": ("mafia1", "m"), "Женя": ("joker", "m"), "Маша": ("doctor", "f"), "Дима": ("maniac", "m"),
                 "Коля": ("civilian", "m"), "Оля": ("civilian", "f")})


def ask(g: Game, template: str, args: object) -> None:
    detail = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    g.submit(Act("Вася", "ask", (), question=Question(template, detail)))


def three_alive() -> Game:
    g = game({"Вася": ("mafia1", "m"), "Петя": ("civilian", "m"), "Маша": ("civilian", "f"),
              "Коля": ("civilian", "m"), "Оля": ("civilian", "f")})
    night(g, ("Вася", "kill", ["Петя"]))
    day(g, {"Вася": "Маша", "Коля": "Маша", "Оля": "Маша"})
    return g


def boss_journalist() -> Game:
    """The boss is hanged: the mafia's journalist leads the clan and gives up his interview."""
    g = game({"Вася": ("mafia1", "m"), "Таня": ("mafia_journalist", "f"), "Петя": ("commissar", "m"),
              "Коля": ("civilian", "m"), "Оля": ("civilian", "f"), "Маша": ("civilian", "f")})
    night(g)
    day(g, {name: "Вася" for name in ("Петя", "Коля", "Оля", "Маша")})
    return g


def killed(name: str) -> Game:
    """The small game after night 1 (the maniac kills `name`) and a quiet day 1."""
    g = small()
    night(g, ("Дима", "kill_quick", [name]))
    day(g)
    return g


def poisoned(name: str) -> Game:
    """The small game on day 1, after the doctor poisoned `name` on night 1 (an announced silence)."""
    g = small()
    night(g, ("Маша", "poison", [name]))
    return g


def raised(error: RuleViolation | None) -> None:
    """A refusal the Game returns (live play's `vote_refusal`) raised, as the table's triggers are."""
    assert error is not None
    raise error


def over() -> Game:
    g = game({"Вася": ("mafia1", "m"), "Петя": ("civilian", "m"), "Маша": ("civilian", "f")})
    night(g, ("Вася", "kill", ["Петя"]))
    assert g.over
    return g


def ended_by_host() -> Game:
    g = small()
    g.end_by_host()
    return g


# rule id -> (what triggers it through Game, the exact Russian sentence, words the English one says)
CASES: list[tuple[str, Callable[[], object], str, str]] = [
    ("unknown_player", lambda: small().submit(Act("Вася", "kill", ("Ваня",))), "нет игрока с ником «Ваня»",
     "no player called “Ваня”"),
    ("dead_target", lambda: killed("Коля").submit(Act("Вася", "kill", ("Коля",))), "Коля выбыл: его нельзя указать",
     "Коля is out of the game"),
    ("dead_target", lambda: killed("Оля").submit(Act("Вася", "kill", ("Петя", "Оля"))), "Оля выбыла: её нельзя указать",
     "Оля is out of the game"),
    ("dead_target", lambda: killed("Оля").submit(Act("Петя", "check", ("Оля", "Коля"))),  # not a count: she is dead
     "Оля выбыла: её нельзя указать", "Оля is out of the game"),
    ("target_count", lambda: small().submit(Act("Петя", "check", ())),
     "действие «проверить» требует одну цель, а не указано ни одной", "takes one target, none given"),
    ("target_count", lambda: small().submit(Act("Вася", "kill", ("Петя", "Маша", "Коля"))),
     "действие «убить» требует от одной до двух целей, а указаны три", "takes one to two targets, three given"),
    ("target_count", lambda: small().submit(Act("Вася", "kill_intimidate", ("Петя",))),
     "действие «убить и запугать» требует две цели, а указана одна", "takes two targets, one given"),
    ("target_count", lambda: small().submit(Act("Вася", "ask", ("Петя",), question=Question(
        "side_count", json.dumps({"side": "town", "op": "ge", "n": 3})))),
     "действие «вопрос Совету» не принимает целей, а указана одна", "takes no target, one given"),
    ("duplicate_target", lambda: small().submit(Act("Вася", "kill", ("Коля", "Коля"))),
     "в действии «убить» одна цель указана дважды", "names one target twice"),
    ("self_target", lambda: small().submit(Act("Петя", "check", ("Петя",))),
     "действие «проверить» нельзя направить на себя", "cannot target oneself"),
    ("repeat_target", lambda: (lambda g: (night(g, ("Маша", "heal", ["Коля"])), day(g),
                                          g.submit(Act("Маша", "heal", ("Коля",)))))(small()),
     "нельзя две ночи подряд указывать на одного игрока (Коля) действием «лечить»", "two nights running"),
    ("missing_option", lambda: big().submit(Act("Маша", "heal_from", ())),
     "действию «лечить от роли» нужен параметр «роль»", "needs the option"),
    ("unexpected_option", lambda: small().submit(Act("Петя", "check", ("Коля",), "mafia")),
     "у действия «проверить» нет параметров", "takes no option"),
    ("heal_from_threshold", lambda: small().submit(Act("Маша", "heal_from", (), "maniac")),
     "когда в городе 10 игроков или меньше, доктор не лечит от роли", "cannot heal from a role"),
    ("heal_from_source", lambda: big().submit(Act("Маша", "heal_from", (), "priest")),
     "лечить можно от: мафия (указано «priest»)", "one can heal from: the mafia"),
    ("heal_from_repeat", lambda: (lambda g: (night(g, ("Маша", "heal_from", [], "mafia")), day(g),
                                             g.submit(Act("Маша", "heal_from", (), "mafia"))))(big()),
     "нельзя лечить от одной и той же роли (мафия) две ночи подряд", "two nights running"),
    ("serum_repeat", lambda: (lambda g: (night(g, ("Маша", "serum", ["Коля"])), day(g),
                                         g.submit(Act("Маша", "serum", ("Оля",)))))(small()),
     "когда живых меньше 15, сыворотку нельзя использовать две ночи подряд", "two nights running"),
    ("intimidation_cap", lambda: small().submit(Act("Вася", "intimidate", ("Петя", "Маша", "Коля"))),
     "когда живых меньше 10, мафия может запугать не больше двух игроков", "at most two"),
    ("mafia_double_at_three", lambda: three_alive().submit(Act("Вася", "kill", ("Коля", "Оля"))),
     "когда в игре трое, мафия лишается права убивать двоих (убить)", "may not kill two"),
    ("already_acted", lambda: (lambda g: (g.submit(Act("Петя", "check", ("Коля",))),
                                          g.submit(Act("Петя", "check", ("Оля",)))))(small()),
     "Петя уже отписал ход этой ночью (проверить); одно действие за ночь", "already sent an action"),
    ("already_acted", lambda: (lambda g: (g.submit(Act("Маша", "heal", ("Коля",))),
                                          g.submit(Act("Маша", "heal", ("Оля",)))))(small()),
     "Маша уже отписала ход этой ночью (лечить); одно действие за ночь", "already sent an action"),
    ("dead_actor", lambda: killed("Петя").submit(Act("Петя", "check", ("Вася",))),
     "Петя выбыл из игры и не может ходить",
     "out of the game and cannot act"),
    ("dead_actor", lambda: killed("Лена").withdraw("Лена"),
     "Лена выбыла из игры и не может ходить", "out of the game and cannot act"),
    ("no_such_action", lambda: small().submit(Act("Коля", "kill", ("Вася",))),
     "у роли «мирный житель» нет действия «убить» (игрок Коля)", "has no action “kill”"),
    ("lost_as_boss", lambda: boss_journalist().submit(Act("Таня", "interview", ("Петя",))),
     "Таня стала боссом: у неё больше нет действия «интервью» роли «журналист мафии»", "became the boss"),
    ("not_night", lambda: (lambda g: (night(g), g.submit(Act("Вася", "kill", ("Петя",)))))(small()),
     "сейчас не ночь (день 1)", "it is not night (Day 1)"),
    ("not_day", lambda: small().vote("Вася", "Петя"), "сейчас не день (ночь 1)", "it is not day (Night 1)"),
    ("dead_voter", lambda: (lambda g: (night(g, ("Дима", "kill_quick", ["Оля"])), g.vote("Оля", "Вася")))(small()),
     "Оля выбыла из игры и не голосует", "does not vote"),
    ("silenced_voter", lambda: raised(poisoned("Коля").vote_refusal("Коля", "Вася")),
     "сегодня Коля лишён возможности голосовать", "today Коля cannot vote"),
    ("silenced_voter", lambda: raised(poisoned("Оля").vote_refusal("Оля", "Вася")),
     "сегодня Оля лишена возможности голосовать", "today Оля cannot vote"),
    ("dead_candidate", lambda: (lambda g: (night(g, ("Дима", "kill_quick", ["Коля"])), g.vote("Оля", "Коля")))(
        small()), "Коля выбыл из игры: за него нельзя голосовать", "cannot be voted for"),
    ("nothing_to_withdraw", lambda: small().withdraw("Петя"), "Петя не отписывал хода этой ночью",
     "has sent no action tonight"),
    ("game_over", lambda: over().resolve(), "игра окончена (победитель: мафия)",
     "the game is over (winner: the mafia)"),
    ("game_ended", lambda: ended_by_host().resolve(), "игра окончена без победителя",
     "the game is over with no winner"),
    ("unknown_command", lambda: small().apply({"type": "dance"}), "неизвестная команда «dance»", "unknown command"),
    ("revive_later", lambda: small_reanimator().submit(Act("Петя", "revive", ("Маша",))),
     "Петя ходит последним: убитых этой ночью ему назовут, когда походят остальные", "acts last"),
    ("actions_closed", lambda: reanimator_night().submit(Act("Коля", "kill", ("Оля",))),
     "ночные ходы закрыты: игрок Коля больше не может сходить этой ночью", "the night's actions are closed"),
    ("not_asked", lambda: reanimator_night().decline("Коля"), "ход сейчас не у игрока Коля", "it is not Коля's turn"),
    ("revive_not_dead", lambda: reanimator_night().submit(Act("Петя", "revive", ("Коля",))),
     "оживить можно только того, кто погиб этой ночью; Коля среди погибших нет", "only tonight's dead"),
    ("postman_recipient", lambda: (lambda g: (night(g, ("Люба", "deliver", ["Коля", "Оля"])), day(g),
                                              g.submit(Act("Люба", "deliver", ("Маша", "Оля")))))(
        game({"Вася": ("mafia1", "m"), "Люба": ("postman", "f"), "Маша": ("civilian", "f"), "Коля": ("civilian", "m"),
              "Оля": ("civilian", "f"), "Петя": ("commissar", "m")})),
     "игроку Оля письмо уже передавали: дважды одному игроку нельзя", "never the same recipient twice"),
    ("employer_used", lambda: hired_once().submit(Act("Рома", "hire", ("Вася",))),
     "к игроку Вася уже нанимались: наниматель не повторяется", "an employer does not repeat"),
    ("no_contract", lambda: mercenary().submit(Act("Рома", "kill", ("Коля",))),
     "нет удачного найма, по которому можно убить",
     "no successful hire"),
    ("employer_victim", lambda: contracted().submit(Act("Рома", "kill", ("Вася",))),
     "нельзя убить самого нанимателя (Вася)",
     "the employer himself"),
    ("employer_dead", lambda: (lambda g: (night(g, ("Петя", "kill", ["Вася"])), day(g),
                                          g.submit(Act("Рома", "kill", ("Коля",)))))(contracted()),
     "наниматель Вася выбыл: отложенное убийство невозможно", "the deferred kill is lost"),
    ("fan_one_search", lambda: fan_game().submit(Act("Зина", "search", ("Коля", "Оля"))),
     "когда в городе 10 человек или меньше, фанат делает одну проверку за ночь", "searches once a night"),
    ("fan_not_found", lambda: fan_game().submit(Act("Зина", "bodyguard", ())),
     "фанат защищает маньяка только со следующей ночи после того, как нашёл его", "from the night after"),
    ("joker_role", lambda: joker_game().submit(Act("Женя", "copy", ("Коля",), copy=Copy("commissar", "check"))),
     "роли «комиссар» нет в раскладе: джокер копирует только роли расклада", "copies the setup's roles only"),
    ("joker_same_role", lambda: (lambda g: (night(g, ("Женя", "copy", ["Коля"], "maniac", "kill_quick")), day(g),
                                            g.submit(Act("Женя", "copy", ("Оля",),
                                                         copy=Copy("maniac", "kill_bloody")))))(joker_game()),
     "джокер должен каждую ночь менять роль (прошлой ночью: маньяк)", "change his role every night"),
    ("joker_same_action", lambda: (lambda g: (night(g, ("Женя", "copy", ["Коля"], "mafia1", "kill")), day(g),
                                              g.submit(Act("Женя", "copy", ("Оля",), copy=Copy("commissar", "kill")))))(
        game({"Вася": ("mafia1", "m"), "Женя": ("joker", "m"), "Дима": ("maniac", "m"), "Коля": ("civilian", "m"),
              "Оля": ("civilian", "f"), "Петя": ("commissar", "m"), "Маша": ("civilian", "f")})),
     "джокер должен каждую ночь менять действие (прошлой ночью: убить)", "change his action every night"),
    ("council_template", lambda: ask(small(), "weather", {}), "нет такого вопроса «weather»; можно: ",
     "there is no question “weather”"),
    ("council_args", lambda: ask(small(), "side_count", {}), "вопрос «", "takes: side, comparison, number"),
    ("council_side", lambda: ask(small(), "side_count", {"side": "aliens", "op": "ge", "n": 1}),
     "нет стороны «aliens»; стороны: ", "there is no side “aliens”"),
    ("council_op", lambda: ask(small(), "side_count", {"side": "town", "op": "about", "n": 1}),
     "нет сравнения «about»; можно: ", "there is no comparison “about”"),
    ("council_number", lambda: ask(small(), "side_count", {"side": "town", "op": "ge", "n": -1}),
     "число в вопросе должно быть целым и неотрицательным (-1)", "a whole number"),
    ("council_role", lambda: ask(small(), "role_count", {"role": "sniper", "op": "ge", "n": 1}),
     "роли «снайпер» нет в раскладе", "is not in the setup"),
    ("council_sex_unknown", lambda: ask(game({**SMALL, "Коля": ("civilian", None)}), "sex_count",
                                        {"sex": "m", "op": "ge", "n": 1}),
     "о поле игроков спросить нельзя: не все живые игроки его указали", "not every living player gave it"),
    ("council_sex", lambda: ask(small(), "sex_count", {"sex": "x", "op": "ge", "n": 1}),
     "пол — m или f, а не «x»", "the sex is m or f"),
    ("council_group", lambda: ask(small(), "group_side_count", {"players": ["Петя", "Маша"], "side": "mafia",
                                                                "op": "ge", "n": 1}),
     "имена игроков можно называть, только если живых среди них больше трех (хотя бы 4)", "at least 4"),
    ("unknown_sex", lambda: Game([Seat("Вася", "mafia1", sex="x"), Seat("Петя", "civilian")], seed=1),
     "пол игрока Вася — m или f, а не «x»", "Вася's sex is m or f"),
    ("unknown_role", lambda: Game([Seat("Вася", "priest"), Seat("Петя", "civilian")], seed=1),
     "неизвестная роль «priest»", "unknown role “priest”"),
    ("duplicate_name", lambda: Game([Seat("Вася", "mafia1"), Seat("Вася", "civilian")], seed=1),
     "ник «Вася» встречается дважды", "appears twice"),
    ("reserved_name", lambda: Game([Seat("Вася", "mafia1"), Seat(BLUE, "civilian")], seed=1),
     "ник «blue» занят правилами", "is reserved by the rules"),
    ("too_few_players", lambda: Game([Seat("Вася", "mafia1")], seed=1), "нужно хотя бы 2 игрока",
     "at least 2 players"),
    ("unknown_house_rule", lambda: Game([Seat("Вася", "mafia1"), Seat("Петя", "civilian")], seed=1,
                                        rules={"tie": "coin"}), "домашнее правило «tie» не может быть «coin» (можно: ",
     "the house rule “tie” cannot be “coin”"),
    ("unknown_house_key", lambda: Game([Seat("Вася", "mafia1"), Seat("Петя", "civilian")], seed=1,
                                       rules={"no_such_rule": 1}), "нет домашнего правила «no_such_rule»; есть: ",
     "there is no house rule “no_such_rule”"),
    ("detective_side", lambda: Game([Seat("Вася", "mafia1"), Seat("Петя", "detective", side="aliens")], seed=1),
     "детектив Петя не может играть за «aliens»: город, мафия или маньяк", "cannot work for “aliens”"),
    ("agent_needs_two_clans", lambda: Game([Seat("Вася", "mafia1"), Seat("Петя", "double_agent"),
                                            Seat("Маша", "civilian")], seed=1),
     "двойной агент Петя вводится только в игре с двумя кланами", "only in games with two clans"),
    ("agent_rank_clan", lambda: Game(_two_clans(Seat("Зина", "double_agent", ranks={"green": 1})), seed=1),
     "у двойного агента Зина указан ранг в клане «green», а такого клана в игре нет (кланы: black, red)",
     "the game has no such clan"),
    ("agent_rank", lambda: Game(_two_clans(Seat("Зина", "double_agent", ranks={"red": 4})), seed=1),
     "у двойного агента Зина в клане «red» нет ранга «4»: ранги там от 1 до 3", "its ranks run from 1 to 3"),
    ("agent_rank_room", lambda: Game(_two_clans(Seat("Зина", "double_agent"), Seat("Оля", "mafia3", clan="red"),
                                                Seat("Ира", "mafia4", clan="red")), seed=1),
     "в клане «red» рядом с двойным агентом может быть не больше 3 ранговых мафиози", "at most 3 ranked mafiosi"),
    ("ranks_not_agent", lambda: Game(_two_clans(Seat("Зина", "civilian", ranks={"red": 1})), seed=1),
     "ранги по кланам (`ranks`) бывают только у двойного агента, а роль игрока Зина — «мирный житель»",
     "only the double agent has ranks by clan"),
]


def _two_clans(*extra: Seat) -> list[Seat]:
    """Two clans of two ranks each, a town, and the seats given."""
    return [Seat("Вася", "mafia1", clan="red"), Seat("Петя", "mafia2", clan="red"),
            Seat("Гриша", "mafia1", clan="black"), Seat("Лёша", "mafia2", clan="black"),
            Seat("Маша", "doctor"), Seat("Коля", "civilian"), *extra]


def _ids() -> set[str]:
    """Every id a refusal could leak: roles, actions, rules, sides, the Council's templates and
    comparisons, presets."""
    actions = {action.id for role in ROLES.values() for action in role.actions}
    return (set(ROLES) | actions | set(RULES) | set(council.SIDES) | set(council.TEMPLATES) | set(council.OPS)
            | set(preset_names()))


IDS = _ids()


def _refusal(trigger: Callable[[], object]) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        trigger()
    return caught.value


@pytest.mark.parametrize(("rule", "trigger", "russian", "english"), CASES,
                         ids=[f"{case[0]}-{index}" for index, case in enumerate(CASES)])
def test_each_refusal_says_its_real_reason(rule: str, trigger: Callable[[], object], russian: str,
                                          english: str) -> None:
    error = _refusal(trigger)
    assert error.rule == rule, error
    ru, en = refusal_text(error, "ru"), refusal_text(error, "en")
    if russian.endswith((": ", "«")) or not russian:
        assert ru.startswith(russian), ru
    else:
        assert ru == russian
    assert english in en, en
    syntax = set(HOUSE_RULES) | {"no_such_rule"}  # a setup file's own keys, as the host writes them there
    for text in (ru, en):
        assert "{" not in text and not text.startswith(rule)
        leaked = [word for word in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)
                  if ("_" in word or word == rule) and word not in syntax]
        assert not leaked, (text, leaked)
    typed = {"weather", "aliens", "about", "priest", "dance", "x", "m", "f", "blue", "no_such_rule"}  # as typed
    assert not [w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", ru) if w in IDS and w not in typed], ru


def test_every_rule_id_is_registered_has_both_texts_and_a_case() -> None:
    raised: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        raised |= set(re.findall(r'RuleViolation\(\s*"([a-z_]+)"', text))
    raised |= {"not_night", "not_day"}  # raised as f"not_{kind}"
    assert raised == set(RULES)
    for lang in ("ru", "en"):
        assert set(RULES) <= set(ERRORS[lang]), sorted(set(RULES) - set(ERRORS[lang]))
    assert set(RULES) <= {case[0] for case in CASES}, sorted(set(RULES) - {case[0] for case in CASES})


TABLE = {"Вася": ("mafia1", "m"), "Гоша": ("mafia2", "m"), "Петя": ("commissar", "m"), "Маша": ("doctor", "f"),
         "Лена": ("girl", "f"), "Дима": ("maniac", "m"), "Коля": ("civilian", "m"), "Оля": ("civilian", "f"),
         "Женя": ("postman", "m"), "Рома": ("mercenary", "m")}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(victims=st.lists(st.sampled_from(sorted(TABLE)), min_size=1, max_size=3, unique=True),
       actor=st.sampled_from(sorted(TABLE)), action=st.integers(0, 5),
       targets=st.lists(st.sampled_from([*sorted(TABLE), "Ваня"]), min_size=1, max_size=4))
def test_a_target_out_of_the_game_or_unknown_is_refused_as_such_whatever_else_is_wrong(
        victims: list[str], actor: str, action: int, targets: list[str]) -> None:
    """Whatever the count, the option or the other targets, the first target that is no living player
    of the game is the refusal's reason, and its sentence says so in both languages."""
    g = game(TABLE)
    for victim in victims:  # out of the game before night 1 ends: the maniac's quick kills, one a night
        if victim in g.alive() and "Дима" in g.alive() and victim != "Дима" and not g.over:
            g.submit(Act("Дима", "kill_quick", (victim,)))
        if not g.over:
            g.resolve()
        if not g.over:
            g.resolve()
    assume(not g.over and actor in g.alive())
    actions = g.actions_of(actor)
    assume(actions)
    spec = actions[action % len(actions)]
    assume(not spec.after_everyone)
    offending = next((t for t in targets if t not in g.state.players or not g.state.players[t].alive), None)
    assume(offending is not None)
    error = g.check(Act(actor, spec.id, tuple(targets), "mafia"))
    assert error is not None
    assert error.rule == ("unknown_player" if offending == "Ваня" else "dead_target"), error
    assert error.params["name"] == offending
    assert refusal_text(error, "ru").startswith(f"{offending} выбыл") or offending == "Ваня"
    assert "цел" not in refusal_text(error, "ru") and "target" not in refusal_text(error, "en")
