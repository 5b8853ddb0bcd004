"""Every action's words, keyed by the action's id: how the host's screen names it, how players write it in
their private messages, and one line of explanation for `помощь`.

`verbs` are dictionary forms (pymorphy3's normal forms): "убиваю", "убью", "убей" all reduce to
"убивать"/"убить". `marks` are words that must stand beside a verb to choose this action over another
of the same role ("убиваю кроваво" is the maniac's kill_bloody, "убиваю быстро" his kill_quick).
"""

from __future__ import annotations

from dataclasses import dataclass

KILL = ("убивать", "убить", "валить", "завалить", "мочить", "замочить", "стрелять", "застрелить", "выстрелить",
        "пристрелить", "грохнуть", "устранять", "устранить", "ликвидировать", "резать", "зарезать", "убийство",
        "kill", "shoot")


@dataclass(frozen=True, slots=True)
class Words:
    ru: str  # the display name: what the host's screen shows and what he may type instead of the id
    en: str
    verbs: tuple[str, ...]  # dictionary forms of the words players write
    help_ru: str
    help_en: str
    marks: tuple[str, ...] = ()


ACTION_WORDS: dict[str, Words] = {
    "kill": Words("убить", "kill", KILL, "убить игрока", "kill a player"),
    "kill_intimidate": Words("убить и запугать", "kill and intimidate", (), "убить одного и запугать другого "
                             "(«убиваю Васю, пугаю Петю»)", "kill one player and intimidate another"),
    "vote_kill": Words("голосовать за убийство", "vote to kill", (*KILL, "голосовать", "голос", "голосование"),
                       "голос мафиози за жертву клана (в игре с двойным агентом)",
                       "a mafioso's vote for his clan's victim (in a game with a double agent)"),
    "intimidate": Words("запугать", "intimidate", ("пугать", "запугать", "напугать", "припугнуть", "глушить",
                                                   "заглушить", "запугивать", "intimidate"),
                        "лишить голоса на день от одного до трёх игроков", "silence one to three players for a day"),
    "ask": Words("спросить", "ask", ("спрашивать", "спросить", "вопрос", "ask", "question"),
                 "задать Совету вопрос «да или нет» («вопрос: живых мафиози не меньше 3?»)",
                 "ask the Council a yes-or-no question (“question: at least 3 mafia alive?”)"),
    "interview": Words("взять интервью", "interview", ("интервью", "интервьюировать", "interview"),
                       "узнать роль игрока (объявляется в итогах без ника)",
                       "learn a player's role (announced in the summary without the nickname)"),
    "defend": Words("отмазать", "defend", ("отмазывать", "отмазать", "отмазка", "defend"),
                    "отмазать игрока: если его повесят днём, не вешается никто",
                    "defend a player: if he is hanged by day, nobody is"),
    "drink": Words("споить", "drink", ("спаивать", "споить", "поить", "напоить", "drink"),
                   "споить игрока: его ход переносится на следующую ночь", "make a player drunk: his action "
                   "moves to the next night"),
    "block": Words("заблокировать", "block", ("блокировать", "заблокировать", "блочить", "заблочить", "блотить",
                                              "заблотить", "блок", "подмешивать", "подмешать", "block"),
                   "лишить игрока ночного действия (иногда и голоса)", "take a player's night action away "
                   "(sometimes his vote too)"),
    "check": Words("проверить", "check", ("проверять", "проверить", "проверка", "чекать", "check"),
                   "узнать, мафия ли игрок", "learn whether a player is mafia"),
    "heal": Words("вылечить", "heal", ("лечить", "вылечить", "лечение", "спасать", "спасти", "heal"),
                  "спасти игрока от смерти этой ночью", "save a player from death tonight"),
    "heal_from": Words("лечить от роли", "heal from", (), "спасти всех жертв одной роли («лечу от мафии»)",
                       "save all the victims of one role (“heal from mafia”)"),
    "serum": Words("сыворотка правды", "truth serum", ("сыворотка", "колоть", "вколоть", "уколоть", "serum"),
                   "объявить роль игрока в итогах (доктор может запалиться)",
                   "announce a player's role in the summary (the doctor may be exposed)"),
    "poison": Words("отравить", "poison", ("травить", "отравить", "отрава", "яд", "poison"),
                    "лишить игрока голоса на два дня", "silence a player for two days"),
    "guard": Words("охранять", "guard", ("охранять", "охрана", "сторожить", "караулить", "guard"),
                   "охранять игрока: заблокировать тех, кто к нему придёт", "guard a player: block his visitors"),
    "compare": Words("сравнить", "compare", ("сравнивать", "сравнить", "compare"),
                     "узнать, за одну ли сторону играют двое", "learn whether two players are on one side"),
    "mark": Words("отметить", "mark", ("отмечать", "отметить", "метить", "пометить", "помечать", "указывать",
                                       "указать", "mark"),
                  "отметить игрока, который погибнет или будет повешен вместе с ним",
                  "mark a player who dies or is hanged with him"),
    "watch": Words("следить", "watch", ("следить", "наблюдать", "присматривать", "watch"),
                   "узнать, кто пытался убить игрока", "learn who tried to kill a player"),
    "prosecute": Words("обвинить", "prosecute", ("обвинять", "обвинить", "prosecute"),
                       "снять с игрока отмазку адвоката", "lift the lawyer's defence from a player"),
    "kill_bloody": Words("убить кроваво", "kill bloodily", KILL, "убить так, что погибают и пришедшие к жертве",
                         "kill so that the victim's visitors die too", marks=("кроваво", "кровавый", "bloody")),
    "kill_quick": Words("убить быстро", "kill quickly", KILL, "убить, не оставив улик",
                        "kill without leaving evidence", marks=("быстро", "быстрый", "тихо", "тихий", "quick")),
    "torture": Words("замучить", "torture", ("мучить", "помучить", "замучить", "пытать", "пытка", "torture"),
                     "отправить игрока в больницу: без голоса на два дня", "send a player to hospital: no vote "
                     "for two days"),
    "revive": Words("оживить", "revive", ("оживлять", "оживить", "реанимировать", "воскрешать", "воскресить",
                                          "revive"),
                    "вернуть к жизни погибшего этой ночью (ходит последним)",
                    "bring back one of tonight's dead (acts last)"),
    "deliver": Words("передать письмо", "deliver", ("передавать", "передать", "доставлять", "доставить", "письмо",
                                                    "deliver"),
                     "передать второму игроку результат проверки первого", "tell the second player the first "
                     "one's check"),
    "hire": Words("наняться", "hire", ("наниматься", "наняться", "нанимать", "найм", "hire"),
                  "наняться к игроку и, если угадал, убить второго («нанимаюсь у Васи, убиваю Петю»)",
                  "hire oneself to a player and, if right, kill another"),
    "infect": Words("заразить", "infect", ("заражать", "заразить", "infect"),
                    "заразить игрока: он умрёт следующей ночью", "infect a player: he dies the next night"),
    "seduce": Words("соблазнить", "seduce", ("соблазнять", "соблазнить", "совращать", "seduce"),
                    "лишить игрока голоса на следующий день", "take a player's vote for the next day"),
    "copy": Words("копировать", "copy", ("копировать", "скопировать", "copy"),
                  "применить действие другой роли расклада («копирую маньяка, Васю убиваю кроваво»)",
                  "use another role's action (“copy the maniac, kill Vasya bloodily”)"),
    "search": Words("искать маньяка", "search", ("искать", "поиск", "search"),
                    "проверить, не маньяк ли игрок", "check whether a player is the maniac"),
    "bodyguard": Words("стать телохранителем", "bodyguard", ("телохранитель", "bodyguard"),
                       "умереть вместо маньяка, если его убьют", "die instead of the maniac if he is killed"),
    "self_accuse": Words("самооговор", "self-accuse", ("самооговор", "оговаривать", "оговорить", "self_accuse"),
                         "быть повешенным вместо маньяка", "be hanged instead of the maniac"),
    "investigate": Words("расследовать", "investigate", ("расследовать", "расследование", "investigate"),
                         "узнать, тот ли игрок, кого ищет детектив", "learn whether a player is the one sought"),
    "shuffle": Words("перетасовать", "shuffle", ("тасовать", "перетасовать", "shuffle"), "вылечить себя",
                     "heal oneself"),
    "peek": Words("подсмотреть", "peek", ("подсматривать", "подсмотреть", "подглядывать", "подглядеть", "peek"),
                  "узнать, что игрок делал этой ночью", "learn what a player did tonight"),
}

# Two actions one message may name together, and the single action they make (targets in that order).
COMBINED = {("kill", "intimidate"): "kill_intimidate", ("hire", "kill"): "hire"}

# Words that name a role in a message besides the role's display name ("копирую мафию").
ROLE_ALIASES = {"mafia1": ("мафия", "босс"), "maniac": ("маньяк", "ман"), "commissar": ("ком", "комиссар")}

# What the doctor heals from, as written after "от" ("лечу от мафии").
SOURCE_ALIASES = {"mafia": ("мафия", "мафиози", "мафы")}


def display(action: str, lang: str = "ru") -> str:
    """The action's name on the host's screen (never its id)."""
    words = ACTION_WORDS.get(action)
    if words is None:
        return action.replace("_", " ")
    return words.ru if lang == "ru" else words.en


def explanation(action: str, lang: str = "ru") -> str:
    words = ACTION_WORDS.get(action)
    if words is None:
        return ""
    return words.help_ru if lang == "ru" else words.help_en
