"""The outbox's queue per chat: news first, a live tally last and never sent once superseded, the final
tally with the result; a tally waiting for the group's minute gives way to the news at once."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rankedmafia.store import Store, connect
from rankedmafia.telegram import outbox
from rankedmafia.telegram.counts import KeptCounts
from rankedmafia.telegram.delivery import FIRST, LIVE, NEWS, OTHER, Delivery, Gate, rank
from rankedmafia.telegram.lease import Lease
from rankedmafia.telegram.limits import Limiter, Limits
from rankedmafia.telegram.outbox import Outbox, Row
from rankedmafia.telegram.sender import Sender

GROUP = -100


def row(id: int, purpose: str, op: str = "send", *, markup: Any = None, version: int = 1, sent: int = 0,
        text: str = "", target: str | None = None) -> Row:
    key = f"g|day1|{purpose}|{GROUP}" + ("|edit" if op == "edit" else "")
    return Row(id, key, "g", GROUP, op, target, None, text or purpose, markup, version, sent)


BUTTONS = [[{"text": "Нина", "callback_data": "k:0"}]]


def test_news_go_first_the_final_tally_with_them_a_live_tally_last() -> None:
    live = row(1, "vote", "edit", markup=BUTTONS, version=3, sent=2, target="v")
    remind = row(2, "remind")
    results = row(3, "results")
    start = row(4, "start")
    first_buttons = row(5, "vote", "edit", markup=BUTTONS, version=2, sent=0, target="v")
    final = row(6, "vote", "edit", markup=None, version=4, sent=3, target="v")
    ordered = sorted([live, remind, results, start, first_buttons, final], key=rank)
    assert [r.id for r in ordered] == [3, 4, 5, 6, 2, 1]


def test_the_sign_ups_list_is_a_live_count_once_its_buttons_are_out() -> None:
    buttons = row(1, "signup", "edit", markup=BUTTONS, version=1, sent=0, target="s")  # players wait for them
    count = row(2, "signup", "edit", markup=BUTTONS, version=5, sent=4, target="s")  # who has joined so far
    closed = row(3, "signup", "edit", markup=None, version=9, sent=8, target="s")  # the game starts
    assert [rank(r)[0] for r in (buttons, count, closed)] == [FIRST, LIVE, FIRST]


@dataclass
class FakeOutbox:
    rows: dict[int, Row] = field(default_factory=dict)

    async def claim(self, chat_id: int) -> list[Row]:
        return [r for r in self.rows.values() if r.chat_id == chat_id and r.sent < r.version]

    async def pending_chats(self) -> list[int]:
        return sorted({r.chat_id for r in self.rows.values() if r.sent < r.version})

    async def target(self, key: str) -> tuple[bool, int | None]:
        return True, 7

    async def done(self, done: Row, message_id: int | None) -> None:
        now = self.rows[done.id]
        self.rows[done.id] = replace(now, sent=done.version, message_id=message_id or now.message_id)


@dataclass
class Sent:
    method: str
    text: str
    at: float


@dataclass
class FakeBot:
    calls: list[Sent] = field(default_factory=list)

    async def send_message(self, chat_id: int, text: str, **_: Any) -> Any:
        self.calls.append(Sent("send", text, time.monotonic()))
        return type("M", (), {"message_id": len(self.calls)})()

    async def edit_message_text(self, text: str, **_: Any) -> None:
        self.calls.append(Sent("edit", text, time.monotonic()))

    async def answer_callback_query(self, callback_id: str, **_: Any) -> None:
        self.calls.append(Sent("answer", callback_id, time.monotonic()))


def test_a_tally_waiting_for_the_groups_minute_gives_way_to_the_news() -> None:
    async def scenario() -> FakeBot:
        bot = FakeBot()
        sender = Sender(bot, Limits(per_second=0, per_group_minute=6, group_interval=0.0))  # type: ignore[arg-type]
        sender.limiter.take(GROUP).done()  # one message this minute: a live tally (5 places left to news) waits
        box = FakeOutbox({1: row(1, "vote", "edit", markup=BUTTONS, version=2, sent=1, text="голосов: 1",
                                 target="v")})
        delivery = Delivery(sender, box)  # type: ignore[arg-type]
        delivery.wake([GROUP])
        await asyncio.sleep(0.2)
        assert bot.calls == []  # the tally waits for its place
        box.rows[1] = replace(box.rows[1], version=3, markup=None, text="голосование закрыто")  # the day ends
        box.rows[2] = row(2, "results", text="Итоги дня 1")
        woken = time.monotonic()
        delivery.wake([GROUP])
        await asyncio.wait_for(delivery.idle(), 5)
        assert bot.calls[0].at - woken < 0.5
        return bot

    bot = asyncio.run(scenario())
    assert [(c.method, c.text) for c in bot.calls] == [("send", "Итоги дня 1"), ("edit", "голосование закрыто")]


def test_the_news_take_the_first_place_free_in_the_bots_second() -> None:
    """The bot's second is full; a player's card waits for a place in the gate, a button's answer beside it;
    then a group's news comes: the card gives it the turn, the answer stands back, the news go first."""
    async def scenario() -> FakeBot:
        bot = FakeBot()
        sender = Sender(bot, Limits(per_second=3, per_group_minute=0, group_interval=0.0,  # type: ignore[arg-type]
                                    private_interval=0.0))
        for _ in range(2):  # the second's two places (one is left to aiogram's own call) are taken
            sender.limiter.take(None).done()
        player = 5
        box = FakeOutbox({1: Row(1, f"g|deal|card|{player}", "g", player, "send", None, None, "Ваша роль", None, 1)})
        delivery = Delivery(sender, box)  # type: ignore[arg-type]
        delivery.wake([player])
        answer = asyncio.create_task(sender.answer("press"))
        await asyncio.sleep(0.1)
        assert bot.calls == []  # nobody has a place yet
        box.rows[2] = row(2, "results", text="Итоги ночи 1")
        delivery.wake([GROUP])
        await asyncio.wait_for(asyncio.gather(answer, delivery.idle()), 10)
        return bot

    bot = asyncio.run(scenario())
    assert bot.calls[0].text == "Итоги ночи 1"
    assert sorted(c.text for c in bot.calls[1:]) == ["press", "Ваша роль"]


def test_the_gate_lets_the_news_through_first() -> None:
    async def scenario() -> list[str]:
        gate, order = Gate(), []

        async def send(name: str, priority: int, written: int) -> None:
            async with gate.turn((priority, written)):
                order.append(name)
                await asyncio.sleep(0.01)

        async with gate.turn((OTHER, 1)):  # a player's message in flight: the others queue
            tasks = [asyncio.create_task(send("card", OTHER, 3)), asyncio.create_task(send("panel", OTHER, 2))]
            await asyncio.sleep(0)
            cancelled = asyncio.create_task(send("gone", NEWS, 4))
            await asyncio.sleep(0)
            cancelled.cancel()
            tasks.append(asyncio.create_task(send("results", NEWS, 5)))
            await asyncio.sleep(0)
        await asyncio.gather(*tasks, return_exceptions=True)
        async with gate.turn((OTHER, 6)):  # free again
            order.append("later")
        return order

    # the news first, then the others in the order they were written (not the order they asked in)
    assert asyncio.run(scenario()) == ["results", "panel", "card", "later"]


def test_a_row_is_claimed_by_one_process_until_its_claim_lapses(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(await asyncio.to_thread(connect, tmp_path / "data"))
        try:
            now = time.time()
            first = Outbox(store, "first", lambda: time.time() + 0.5)
            second = Outbox(store, "second", lambda: time.time() + 30)
            await first.write([outbox.send(f"g|day1|results|{GROUP}", "g", GROUP, "Итоги дня 1"),
                               outbox.send(f"g|day1|start|{GROUP}", "g", GROUP, "Ночь 2")], now)
            assert [r.text for r in await first.claim(GROUP)] == ["Итоги дня 1", "Ночь 2"]
            assert await second.claim(GROUP) == []  # held by the first: nobody sends it twice
            taken = await first.claim(GROUP)
            await first.done(taken[0], 11)
            await asyncio.sleep(0.6)  # the first's claim lapses (its process died, its lease with it)
            assert [r.text for r in await second.claim(GROUP)] == ["Ночь 2"]
            assert await first.claim(GROUP) == []
        finally:
            store.close()

    asyncio.run(scenario())


def test_one_process_holds_the_lease_and_another_takes_it_once_it_lapses(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(await asyncio.to_thread(connect, tmp_path / "data"))
        try:
            first, second = Lease(store, "first", term=0.4), Lease(store, "second", term=0.4)
            assert await first.take() and first.held()
            assert not await second.take() and not second.held()
            assert await first.take()  # renewed by its holder
            await asyncio.sleep(0.5)  # the first stops renewing (killed): its term runs out
            assert not first.held()
            assert await second.take() and second.held()
            assert not await first.take()  # the first, back, stands by
            await second.release()
            assert await first.take()  # a clean stop hands it over at once
        finally:
            store.close()

    asyncio.run(scenario())


def test_a_groups_count_survives_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(per_second=0, per_group_minute=3, group_interval=0.0)
        store = Store(await asyncio.to_thread(connect, tmp_path / "data"))
        try:
            before = Limiter(limits)
            for _ in range(3):  # the group's minute is full
                before.take(GROUP).done()
            await KeptCounts(store, before).flush()
            after = Limiter(limits)  # a restarted bot, or a standby taking over
            assert after.wait(GROUP) == 0
            assert await KeptCounts(store, after).load() == 3
            assert after.wait(GROUP) > 50  # it waits for the minute, as the first would have
            assert after.wait(-200) == 0  # another group's minute is its own
        finally:
            store.close()

    asyncio.run(scenario())
