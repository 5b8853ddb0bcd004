"""No id reaches a page: every page of a full-35 game (every role's) and every refusal, in Russian and in
English, is searched for the ids of actions, roles, phases, presets, statuses, questions and refusals."""

from __future__ import annotations

import random
import re
import string
from html.parser import HTMLParser
from typing import Any

from fastapi.testclient import TestClient

from rankedmafia.live.errors import Refusal
from rankedmafia.rules import council
from rankedmafia.rules.errors import RuleViolation, SetupError
from rankedmafia.rules.roles import ROLES
from rankedmafia.setup import preset, preset_names
from rankedmafia.text.errors import ERRORS
from rankedmafia.text.names import ACTIONS
from rankedmafia.text.refusals import REFUSALS, refusal_text

from .helpers import join_all, play_to_end, random_move

IDS = (
    set(ACTIONS["ru"]) | set(ROLES) | set(preset_names()) | set(ERRORS["ru"]) | set(REFUSALS["ru"])
    | set(council.TEMPLATES) | {"night", "day", "lobby", "running", "paused", "over", "blue"}
    | set(council.OPS) | {"town", "mafia", "maniac", "loners"}
)
RAW_PHASE = re.compile(r"\b(?:night|day) \d")
SKIP = {"script", "style", "code", "title"}


class Visible(HTMLParser):
    """A page's visible text: (text, inside prose) pairs. Prose: the role's rules (docs/roles.md), written in
    English with Russian quotes; only ids with an underscore or a digit are looked for there."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.out: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "input", "meta", "link", "img", "hr"):
            return
        prose = (self.stack[-1][1] if self.stack else False) or ("id", "rules") in attrs
        self.stack.append((tag, prose))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][0] in SKIP:
            return
        if data.strip():
            self.out.append((data, bool(self.stack and self.stack[-1][1])))


def raw_ids(text: str, lang: str, prose: bool = False) -> list[str]:
    """Ids in a text: any Latin id word in Russian; in English (and prose) the ids no word looks like."""
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_-]*", text))
    strict = lang == "en" or prose
    found = [w for w in words if w in IDS and (not strict or "_" in w or any(c.isdigit() for c in w))]
    return found + RAW_PHASE.findall(text)


def check_page(html: str, lang: str, where: str) -> None:
    parser = Visible()
    parser.feed(html)
    for text, prose in parser.out:
        found = raw_ids(text, lang, prose)
        assert not found, f"{where} ({lang}) shows {found}: {text.strip()[:200]}"


def test_every_page_in_both_languages(sqlite_client: TestClient) -> None:
    client = sqlite_client
    for lang in ("ru", "en"):
        check_page(client.get("/", params={"lang": lang}).text, lang, "home")
    setup = preset("full-35")
    r = client.post("/api/games", json={"preset": "full-35", "night_seconds": 3600, "day_seconds": 3600})
    game = r.json()
    for lang in ("ru", "en"):
        check_page(client.get(f"/g/{game['id']}/join", params={"lang": lang}).text, lang, "join")
    tokens = join_all(client, game["id"], setup.players, prefix="Игрок")
    admin = game["admin_token"]
    client.post(f"/api/host/{admin}/start")
    rng = random.Random(3)

    def every_page(moment: str) -> None:
        for lang in ("ru", "en"):
            for name, token in tokens.items():
                for path in (f"/p/{token}", f"/p/{token}/thread"):
                    check_page(client.get(path, params={"lang": lang}).text, lang, f"{path} of {name}, {moment}")
            for path in (f"/h/{admin}?everything=1", f"/h/{admin}", f"/g/{game['id']}"):
                check_page(client.get(path, params={"lang": lang}).text, lang, f"{path}, {moment}")

    every_page("night 1")
    for token in tokens.values():
        random_move(client, token, rng)
    every_page("night 1, sent")
    client.post(f"/api/host/{admin}/resolve")
    client.post(f"/api/host/{admin}/resolve")
    for token in list(tokens.values())[:10]:
        random_move(client, token, rng)
        client.post(f"/api/player/{token}/post", json={"text": "Привет"})
    every_page("day 1")
    play_to_end(client, game, tokens, rng, end_if_stalled=True)  # the pages of a game's end, however it ends
    every_page("the end")
    for lang in ("ru", "en"):
        for step in (0, 1, 2, -1):
            for who in ("", next(iter(tokens))):
                page = client.get(f"/g/{game['id']}/replay", params={"lang": lang, "step": step, "who": who})
                check_page(page.text, lang, f"replay {step} {who}")


def filler(rule: str, template: str) -> dict[str, Any]:
    """Parameters of the kinds the engine and the platform give, ids where they give ids."""
    values: dict[str, Any] = {
        "action": "kill_bloody", "phase": "night 1", "role": "mafia_journalist", "source": "mafia",
        "template": "side_count", "side": "loners", "op": "ge", "winner": "maniac", "name": "Борис",
        "actor": "Борис", "start": "вечер", "key": "ключ", "value": "значение", "detail": "подробности",
        "command": "команда", "sex": "x", "state": "lobby", "what": "запись", "expected": "side, op, n",
    }
    choices = {
        "heal_from_source": ["mafia", "maniac", "sniper"], "council_side": ", ".join(council.SIDES),
        "council_op": ", ".join(council.OPS), "council_template": ", ".join(council.TEMPLATES),
        "unknown_preset": ", ".join(preset_names()),
    }
    out: dict[str, Any] = {}
    for _, field, _, _ in string.Formatter().parse(template):
        if field:
            out[field] = choices.get(rule, "один, два") if field == "choices" else values.get(field, 3)
    return out


def test_every_refusal_in_both_languages() -> None:
    checked = 0
    for lang in ("ru", "en"):
        for rule, template in ERRORS[lang].items():
            error: Exception = (SetupError if rule.startswith("setup") else RuleViolation)(
                rule, **filler(rule, template))
            text = refusal_text(error, lang)
            assert text and not raw_ids(text, lang) and "{" not in text, (rule, text)
            checked += 1
        for rule, template in REFUSALS[lang].items():
            text = refusal_text(Refusal(rule, 409, **filler(rule, template)), lang)
            assert text and not raw_ids(text, lang) and "{" not in text, (rule, text)
            checked += 1
    assert checked == 2 * (len(ERRORS["ru"]) + len(REFUSALS["ru"]))
    said = refusal_text(RuleViolation("repeat_target", action="block", name="Борис"), "ru")
    assert said == "нельзя две ночи подряд указывать на одного игрока (Борис) действием «заблокировать»"
    assert refusal_text(RuleViolation("not_day", phase="night 1"), "ru") == "сейчас не день (ночь 1)"


def test_the_search_finds_what_the_issue_saw() -> None:
    assert raw_ids("Отправлено: kill_bloody Мила", "ru") == ["kill_bloody"]
    assert raw_ids("сейчас не день (night 1)", "ru")
    assert raw_ids("действием «block»", "ru") == ["block"]
    assert raw_ids("Setup: full-35", "en") == ["full-35"]
    assert not raw_ids("Your role: the mafia's boss; kill tonight", "en")
