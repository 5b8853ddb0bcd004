"""A phase's events as the host would post them, and each player's private messages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rankedmafia.rules.roles.common import DEFAULT_CLAN
from rankedmafia.text.clans import clan_label
from rankedmafia.text.declension import decline
from rankedmafia.text.formats import Format, emphasis, heading
from rankedmafia.text.messages import message
from rankedmafia.text.names import action_name, question_text
from rankedmafia.text.roles import role_name, side_name

# The order of a summary: what happened to whom first, then what the town learned, then who is silenced.
ORDER = {"votes": 0, "death": 1, "hanged": 1, "defended": 1, "unhangable": 1, "nobody_hanged": 1,
         "exposed": 2, "serum": 3, "interview": 4, "tortured": 5, "silenced": 6, "victory": 9,
         "stalemate": 9}


def nights_and_days(count: int, lang: str) -> str:
    """«3 ночи и 3 дня», "3 nights and 3 days": the stalemate's span in words."""
    if lang == "en":
        return f"{count} night{'s' * (count != 1)} and {count} day{'s' * (count != 1)}"
    last, tens = count % 10, count % 100
    form = 0 if last == 1 and tens != 11 else 1 if 2 <= last <= 4 and not 12 <= tens <= 14 else 2
    return f"{count} {('ночь', 'ночи', 'ночей')[form]} и {count} {('день', 'дня', 'дней')[form]}"


# The field whose player a message's words agree with, for messages that have a feminine form.
SUBJECT = {"witness": "killer"}


class Renderer:
    """`sexes`: the players' sex where they gave it (name -> "m" | "f"), for the Russian agreement
    ("Сегодня Маша лишена возможности голосовать"); the masculine forms stand otherwise."""

    def __init__(self, lang: str = "ru", fmt: Format | str = Format.TEXT,
                 sexes: Mapping[str, str | None] | None = None, yo: bool = False,
                 questions: Mapping[tuple[int, str], tuple[str, Any]] | None = None,
                 names: Mapping[str, str] | None = None) -> None:
        self.lang = lang
        self.yo = yo  # «ё» where the rule book's formulas leave it out (text/messages.py): the site and the bot
        self.fmt = Format(fmt)
        self._em = emphasis(self.fmt)
        self.sexes = dict(sexes or {})
        # (night, reader) -> the Council question his answer answers (text.council_answers)
        self.questions = dict(questions or {})
        # name -> how the text names him (a bot's seat «Трофим (бот)»); declined as the name it stands for
        self.names = dict(names or {})

    def _name(self, name: str) -> str:
        return self.names.get(name, name)

    def say(self, key: str, **fields: Any) -> str:
        subject = fields.get(SUBJECT.get(key, "player"), fields.get("target"))
        sex = self.sexes.get(str(subject)) if subject is not None else None
        names = {k: self._em(self._name(str(v))) if k in ("player", "target", "killer", "a", "b") else v
                 for k, v in fields.items()}
        return message(self.lang, key, sex, self.yo).format(**names)

    def role(self, role_id: str, genitive: bool = False) -> str:
        return role_name(role_id, self.lang, genitive)

    def title(self, kind: str, number: int) -> str:
        return heading(self.fmt, message(self.lang, f"{kind}_title").format(number=number))

    # --- public -----------------------------------------------------------------------------------
    def public(self, kind: str, events: Iterable[Mapping[str, Any]]) -> list[str]:
        public = sorted((e for e in events if e.get("to") is None), key=lambda e: ORDER.get(e["type"], 5))
        # "и сегодня не вешается никто" only when nobody is: the rake's mark may hang beside a defended rake
        hanged = any(e["type"] == "hanged" for e in public)
        if not hanged and any(e["type"] in ("defended", "unhangable") for e in public):
            public = [e for e in public if e["type"] != "nobody_hanged"]  # its line already says nobody hangs
        # two causes can silence one player: the town hears "Сегодня Вася лишён…" once
        lines = list(dict.fromkeys(line for e in public if (line := self._public_line(e, hanged))))
        if kind == "night" and not any(e["type"] == "death" for e in public):
            lines.insert(0, self.say("nobody_died"))
        return lines

    def _public_line(self, e: Mapping[str, Any], hanged: bool = False) -> str | None:
        """`hanged`: someone is hanged in this phase (then a doomed player kept is not "nobody")."""
        kind = e["type"]
        if kind == "death":
            line = (self.say("death_role", player=e["player"], role=self.role(e["role"])) if e.get("role")
                    else self.say("death", player=e["player"]))
            for source in e.get("evidence", ()):
                line += " " + self.say("evidence", player=e["player"], killer=self.role(source, genitive=True))
            return line
        if kind == "silenced":
            return self.say("silenced", player=e["player"])
        if kind == "exposed":
            return self.say(f"exposed_{e['what']}", player=e["player"])
        if kind == "interview":
            return self.say("interview", role=self.role(e["role"], genitive=True))
        if kind == "serum":
            if e.get("role") is None:
                return self.say("serum_nothing", player=e["player"])
            return self.say("serum", player=e["player"], role=self.role(e["role"]))
        if kind == "tortured":
            return self.say("tortured", player=e["player"])
        if kind == "votes":
            return self._votes(e["votes"])
        if kind == "hanged":
            if e.get("role"):
                return self.say("hanged_role", player=e["player"], role=self.role(e["role"]))
            return self.say("hanged", player=e["player"])
        if kind in ("defended", "unhangable"):
            return self.say(f"{kind}_alone" if hanged else kind, player=e["player"])
        if kind == "nobody_hanged":
            return self.say("nobody_hanged")
        if kind == "victory":
            if e["winner"] == "draw":
                return self.say("victory_draw")
            return self.say("victory", side=side_name(e["winner"], self.lang))
        if kind == "stalemate":
            return self.say("stalemate", span=nights_and_days(e["phases"] // 2, self.lang))
        return None

    def _votes(self, votes: Mapping[str, str]) -> str:
        if not votes:
            return self.say("no_votes")
        counts: dict[str, int] = {}
        for choice in votes.values():
            counts[choice] = counts.get(choice, 0) + 1
        blue = message(self.lang, "vote_blue")
        parts = [f"{blue if c == 'blue' else self._em(self._name(c))} — {n}"
                 for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]
        return self.say("votes", votes=", ".join(parts))

    # --- private ----------------------------------------------------------------------------------
    def private(self, info: Iterable[Mapping[str, Any]], events: Iterable[Mapping[str, Any]],
                clans: Mapping[str, list[str]]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for entry in info:
            to = entry.get("to")
            if to is not None:
                out.setdefault(to, []).append(self.info_line(entry))
        for event in events:
            to = event.get("to")
            if to is None or to == "host":
                continue
            line = self._private_event(event)
            if line is None:
                continue
            recipients = clans.get(to[5:], []) if to.startswith("clan:") else [to]
            for name in recipients:
                out.setdefault(name, []).append(line)
        return out

    def info_line(self, e: Mapping[str, Any]) -> str:
        kind = e["kind"]
        if kind == "check":
            result = message(self.lang, f"check_{e['result']}")
            return self.say("check", target=e["target"], result=result)
        if kind == "compare":
            a, b = e["targets"]
            return self.say(f"compare_{e['result']}", a=a, b=b)
        if kind == "witness":  # «Лену этой ночью никто не пытался убить»: the target declined, as a host says it
            target = self._name(e["target"])
            if self.lang == "ru":
                target = decline(target, "accs", self.sexes.get(e["target"]))
            if e["result"] is None:
                return self.say("witness_nobody", target=target)
            return self.say("witness", target=target, killer=e["result"])
        if kind == "hire":
            return self.say(f"hire_{e['result']}", target=e["target"])
        if kind == "investigate":
            if e["result"] == "found":
                if e.get("employer"):
                    employer = self._em(self._name(e["employer"]))
                    return self.say("investigate_found", target=e["target"], employer=employer)
                return self.say("investigate_found_alone", target=e["target"])
            return self.say("investigate_not_found", target=e["target"])
        if kind == "search":
            return self.say(f"search_{e['result']}", target=e["target"])
        if kind == "peek":
            if e["result"] == "none":
                return self.say("peek_none", target=e["target"])
            return self.say("peek", target=e["target"], action=action_name(e["result"], self.lang))
        if kind == "answer":
            question = self.questions.get((e.get("number", 0), str(e.get("to"))))
            if question is None:
                return self.say(f"answer_{e['result']}")
            return self.say(f"answer_to_{e['result']}", question=question_text(question[0], question[1], self.lang))
        if kind == "deaths_tonight":
            if not e["targets"]:
                return self.say("deaths_tonight_none")
            return self.say("deaths_tonight", names=", ".join(self._em(self._name(n)) for n in e["targets"]))
        if kind == "role_change":
            return self.say("role_change", role=self.role(e["result"]))
        if kind == "interview":
            return self.say("interview_info", target=e["target"], role=self.role(e["result"]))
        return f"{kind}: {e.get('result')}"

    def _private_event(self, e: Mapping[str, Any]) -> str | None:
        if e["type"] == "new_boss":
            clan = e.get("clan")
            if clan is not None and clan != DEFAULT_CLAN:  # a two-clan game: each clan's line names the clan
                # (RULINGS.md: the double agent reads each clan's lines labelled with the clan; every member
                # reads the same words, so the label tells nobody who is the agent)
                return self.say("new_boss_clan", label=clan_label(str(clan), self.lang), player=e["player"])
            return self.say("new_boss", player=e["player"])
        return None
