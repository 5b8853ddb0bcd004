"""Two bot processes on one token and one PostgreSQL: one takes the updates (the lease), the other stands by
and takes over when the first is killed; nothing is sent twice beyond the one message in flight at the
kill, nothing is lost. By polling, and by webhook with one secret for both workers behind a "proxy" (the
test hands each update to either worker)."""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.helpers import free_port, pg_schema

from .fakeapi import FakeTelegram
from .harness import BotProcess, Table, load

LEASE = ("--lease", "3")


@pytest.fixture
def pg_cluster(request: pytest.FixtureRequest) -> Iterator[str]:
    """A schema of each test's own: the fake server numbers its updates from 1 again, and a claim of an
    update id from another test would drop the new update as handled already."""
    with pg_schema(f"rm_tg_cluster_{os.getpid()}_{request.node.name[5:20]}") as url:
        yield url


def twice(fake: FakeTelegram, chats: list[int]) -> list[tuple[int, str]]:
    """Messages sent twice to a chat (two alike in a row: a copy comes right after its original)."""
    found = []
    for chat in chats:
        texts = [m.history[0] for m in fake.messages(chat)]
        found += [(chat, a) for a, b in itertools.pairwise(texts) if a == b]
    return found


def polls(fake: FakeTelegram) -> int:
    with fake.lock:
        return fake.calls.get("getupdates", 0)


def whole_game_checks(fake: FakeTelegram, bot: BotProcess, table: Table, database: str) -> None:
    live, seats = load(bot.data, table.group_id, database)
    assert live.status == "over" and live.game is not None
    group = fake.messages(table.group_id)
    for vote in (m for m in group if "🗳" in m.history[0]):
        assert not vote.markup, vote.text  # every vote closed
    for name, user_id in seats.items():
        assert sum(m.text.startswith("🎭") for m in fake.messages(user_id)) >= 1, name
    assert sum(m.text.startswith("🏁") for m in group) == 1
    results = Counter(m.history[0].split("\n")[0] for m in group if m.history[0].startswith("<b>Итоги"))
    assert all(count == 1 for count in results.values()), results


def test_polling_standby_takes_over_when_the_leader_is_killed(solo_fake: FakeTelegram, tmp_path: Path,
                                                             pg_cluster: str) -> None:
    fake = solo_fake
    for name in "ab":
        (tmp_path / name).mkdir()
    first = BotProcess(fake, tmp_path / "a" / "data", night=5, day=6, database=pg_cluster, extra=LEASE).start()
    second = BotProcess(fake, tmp_path / "b" / "data", night=5, day=6, database=pg_cluster, extra=LEASE)
    try:
        second.start(standby=True)
        time.sleep(3)  # the standby is up and looking at the lease, which the first renews
        before = polls(fake)
        time.sleep(1.5)
        assert polls(fake) > before  # the first keeps polling: the standby did not take the lease
        table = Table(fake, 12)
        table.sign_up("classic-12", start=False)
        table.click(table.opener, fake.last(table.group_id, lambda m: "Набор в игру" in m.text), "Начать игру")
        # Killed while the deal goes out (cards, the night's keyboards): the standby delivers the rest.
        fake.wait(lambda: sum(m.text.startswith("🎭") for c in table.ids.values() for m in fake.messages(c)) >= 3,
                  20, "some cards")
        first.kill()
        killed, polled = time.monotonic(), polls(fake)
        fake.wait(lambda: polls(fake) > polled + 1, 30, "the standby taking over")
        assert time.monotonic() - killed < 30
        table.play(limit=300)
        whole_game_checks(fake, second, table, pg_cluster)
        assert len(twice(fake, [table.group_id, *table.ids.values()])) <= 1  # at most the one in flight
    finally:
        first.stop()
        second.stop()


class Proxy:
    """Hands each update the fake server has to one of the webhook workers in turn, the other if that one
    does not answer (a load balancer's retry)."""

    def __init__(self, fake: FakeTelegram, urls: list[str]) -> None:
        self.fake = fake
        self.urls = urls
        self.stop = threading.Event()
        self.turn = itertools.count()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        with httpx.Client(timeout=5) as client:
            while not self.stop.is_set():
                with self.fake.lock:
                    updates, self.fake.updates = self.fake.updates, []
                for update in updates:
                    body = {k: v for k, v in update.items() if k != "at"}
                    self.post(client, body)
                time.sleep(0.02)

    def post(self, client: httpx.Client, body: dict[str, object]) -> None:
        secret = self.fake.webhook[1] if self.fake.webhook else ""
        first = next(self.turn)
        for index in range(first, first + 2 * len(self.urls)):
            try:
                answer = client.post(self.urls[index % len(self.urls)], json=body,
                                     headers={"X-Telegram-Bot-Api-Secret-Token": secret})
            except httpx.HTTPError:
                continue
            if answer.status_code == 200:
                return
        raise AssertionError("no worker took the update")


def test_webhook_workers_share_a_secret_and_one_takes_over(solo_fake: FakeTelegram, tmp_path: Path,
                                                           pg_cluster: str) -> None:
    fake = solo_fake
    ports = [free_port(), free_port()]
    public = "https://bot.example/"

    def worker(name: str, port: int) -> BotProcess:
        return BotProcess(fake, tmp_path / name / "data", night=5, day=6, database=pg_cluster, extra=(
            *LEASE, "--webhook-url", public, "--webhook-port", str(port), "--webhook-secret", "shared_secret_42"))

    for name in "ab":
        (tmp_path / name).mkdir()
    first, second = worker("a", ports[0]), worker("b", ports[1])
    first.start()
    second.start(standby=True)
    proxy = Proxy(fake, [f"http://127.0.0.1:{port}/telegram" for port in ports])
    try:
        assert fake.webhook == ("https://bot.example/telegram", "shared_secret_42")
        fake.wait(lambda: httpx.post(proxy.urls[1], json={"update_id": 0}, timeout=5,
                                     headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"}).status_code == 401
                  if _listening(ports[1]) else False, 90, "the standby worker listening")
        proxy.thread.start()
        table = Table(fake, 12)
        table.sign_up("classic-12")  # its updates reach both workers, every one handled once
        fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
        first.kill()
        table.play(limit=300)
        whole_game_checks(fake, second, table, pg_cluster)
        assert len(twice(fake, [table.group_id, *table.ids.values()])) <= 1
        assert sum("Набор в игру" in m.history[0] for m in fake.messages(table.group_id)) == 1
    finally:
        proxy.stop.set()
        first.stop()
        second.stop()


def _listening(port: int) -> bool:
    try:
        httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
    except httpx.HTTPError:
        return False
    return True
