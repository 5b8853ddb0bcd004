"""Driving the forum host's desk over HTTP in tests: its forms, the deal, a day's thread as pasted text."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Саша", "Дима", "Лена", "Таня", "Игорь", "Нина", "Женя"]
PLAYERS = "Вася м\nПетя\nМаша ж\nКоля\nОля ж\nСаша\nДима\nЛена ж\nТаня ж\nИгорь\nНина ж\nЖеня\n"


def csrf(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def phase(html: str) -> str:
    """The phase the desk's forms carry (a hidden field): a command of an ended phase is refused."""
    found = re.search(r'name="phase" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def copies(html: str, prefix: str) -> list[str]:
    """The texts offered to copy whose ids start with `prefix` (post-, pm-, card-, count-post, votes)."""
    from html import unescape

    return [unescape(t) for t in re.findall(rf'<pre class="copytext" id="{prefix}[^"]*">([^<]*)</pre>', html)]


def create(client: TestClient, players: str = PLAYERS) -> tuple[str, str]:
    """A classic-12 desk game: (the host's token, the desk page)."""
    page = client.get("/desk")
    answer = client.post("/desk", data={"csrf": csrf(page.text), "title": "Партия 14", "preset": "classic-12",
                                         "players": players, "thread": "https://forum.example/t/14"})
    assert answer.status_code == 200, answer.text
    return str(answer.url).rsplit("/", 1)[1], answer.text


def roles(client: TestClient, token: str) -> dict[str, str]:
    record = client.get(f"/api/host/{token}/record").json()
    return {p["name"]: p["initial_role"] for p in record["players"]}


def alive(client: TestClient, token: str) -> list[str]:
    record = client.get(f"/api/host/{token}/record").json()
    dead = {n for phase in record["phases"] for n in [*phase["deaths"], *phase["hanged"]]}
    return [p["name"] for p in record["players"] if p["name"] not in dead]


def post(client: TestClient, token: str, command: str, data: dict[str, Any], files: Any = None) -> str:
    page = client.get(f"/desk/{token}")
    answer = client.post(f"/desk/{token}/{command}", data={"csrf": csrf(page.text), "phase": phase(page.text), **data},
                         files=files)
    assert answer.status_code == 200, answer.text
    return answer.text


def thread(votes: dict[str, str], extra: dict[str, str] | None = None) -> str:
    """A day's thread as pasted text: each voter's post, then the others' (`extra`: author -> text)."""
    posts = [f"{voter} (30.11.2026 20:{i:02d}):\nДумаю, это он.\n[vote]{choice}[/vote]\n"
             for i, (voter, choice) in enumerate(votes.items())]
    posts += [f"{author} (30.11.2026 21:{i:02d}):\n{text}\n" for i, (author, text) in enumerate((extra or {}).items())]
    return "\n".join(posts)
