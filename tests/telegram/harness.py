"""The bot in a subprocess against the fake Bot API, and simulated players who sign up and play by buttons."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rankedmafia.live.hub import Hub
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import GameService
from rankedmafia.store import Store, connect
from rankedmafia.telegram.store import TgStore

from .fakeapi import GROUP_ID, TOKEN, FakeTelegram, Msg

NAMES = ["Вася", "Петя", "Маша", "Коля", "Оля", "Дима", "Катя", "Саша", "Женя", "Лена", "Миша", "Аня", "Гоша",
         "Таня", "Федя", "Нина", "Юра", "Зоя", "Лёша", "Вера", "Толя", "Ира", "Гена", "Рита", "Боря", "Люба",
         "Стас", "Ната", "Костя", "Света"]
FEMALE = {"Маша", "Оля", "Катя", "Лена", "Аня", "Таня", "Нина", "Зоя", "Вера", "Ира", "Рита", "Люба", "Ната", "Света"}
KEY = re.compile(r"^[A-Za-z0-9_-]{12}:\d+$")
UNCHANGED = ("Уже принято.", "Already taken.")  # the answers to a press that leaves its message as it was


class BotProcess:
    """`rankedmafia telegram` pointed at the fake server, with short phases."""

    def __init__(self, fake: FakeTelegram, data: Path, night: int = 6, day: int = 6, follow_up: int = 3,
                 registration: int = 120, database: str | None = None, extra: tuple[str, ...] = (),
                 python: tuple[str, ...] = ()) -> None:
        self.fake = fake
        self.python = python  # the interpreter's own options before `-m` (the benchmark's cProfile)
        self.data = data
        self.args = ["--night", str(night), "--day", str(day), "--follow-up", str(follow_up),
                     "--registration", str(registration), "--tick", "0.1", "--polling-timeout", "1",
                     "--group-interval", "0", "--group-per-minute", "0", "--private-interval", "0",
                     "--per-second", "0",
                     "--web-url", "http://web.test"]
        if database:
            self.args += ["--database", database]
        self.args += list(extra)
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts: list[threading.Thread] = []

    def start(self, standby: bool = False) -> BotProcess:
        """Start it and wait until it takes updates (`standby`: until it has started, another one leads)."""
        env = {**os.environ, "RANKEDMAFIA_TELEGRAM_TOKEN": TOKEN}
        command = [sys.executable, *self.python, "-m", "rankedmafia.cli", "telegram", "--api-url", self.fake.url,
                   "--data", str(self.data), *self.args]
        self.log = open(self.data.parent / "bot.log", "ab")  # noqa: SIM115
        polls = self.fake.calls.get("getupdates", 0)
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if standby:
            time.sleep(0.5)
            assert self.process.poll() is None, "the standby bot stopped"
        elif "--webhook-url" in self.args:
            self.fake.wait(lambda: self.fake.webhook, 60, "the bot's webhook")
        else:
            self.fake.wait(lambda: self.fake.calls.get("getupdates", 0) > polls, 60, "the bot polling")
        return self

    def kill(self) -> None:
        """SIGKILL: no goodbye, no flush."""
        self.sigkill()
        self.reap()

    def sigkill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)

    def reap(self) -> None:
        assert self.process is not None
        self.process.wait(10)
        self.log.close()

    def crash(self) -> Callable[[], None]:
        """A trap's spring (`FakeTelegram.trap`): SIGKILL at once, then a restart beside the test."""
        def spring() -> None:
            self.sigkill()
            self.fake.bot_down()
            self.restarts.append(threading.Thread(target=self._restart, daemon=True))
            self.restarts[-1].start()

        return spring

    def _restart(self) -> None:
        self.reap()
        self.start()
        self.fake.bot_up()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()


def load(data: Path, group_id: int, database: str | None = None) -> tuple[LiveGame, dict[str, int]]:
    """A group's latest game as the store holds it (the truth, for the tests' checks), and its seats' users."""

    async def read() -> tuple[LiveGame, dict[str, int]]:
        store = Store(await asyncio.to_thread(connect, data, database))
        try:
            games = await TgStore(store).games(("lobby", "running", "over", "cancelled"))
            game = max((g for g in games if g.chat_id == group_id), key=lambda g: g.created_at)
            live = await GameService(store, Hub()).get(game.game_id)
            seats = {s.name: s.user_id for s in await TgStore(store).seats(game.game_id)}
            return live, seats
        finally:
            store.close()

    return asyncio.run(read())


TABLES = itertools.count()


def preset_players(name: str) -> int:
    from rankedmafia.setup import preset

    return preset(name).players


@dataclass
class Table:
    """A group and its players, pressing buttons as people would (at random among what they are offered).
    Each table has a group and users of its own, so that tests may share one bot."""

    fake: FakeTelegram
    size: int
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    ids: dict[str, int] = field(default_factory=dict)
    group_id: int = 0
    names: list[str] = field(default_factory=lambda: NAMES)  # the users' Telegram names, seat by seat

    def __post_init__(self) -> None:
        number = next(TABLES)
        self.group_id = GROUP_ID - number
        for i, name in enumerate(self.names[: self.size]):
            self.ids[name] = 5000 + 100 * number + i
            self.fake.user(self.ids[name], name, admin=i == 0)

    @property
    def opener(self) -> int:
        return self.ids[NAMES[0]]

    def group(self) -> list[Msg]:
        return self.fake.messages(self.group_id)

    def group_text(self, contains: str) -> Msg | None:
        return self.fake.last(self.group_id, lambda m: contains in m.text)

    def click(self, user_id: int, msg: Msg, label: str | None = None, data: str | None = None,
              wait: bool = True) -> list[dict[str, Any]]:
        """Press; with `wait`, until the answer and, for a private keyboard that the press moves on (no
        alert, not taken before), its next screen: the bot answers first and edits beside it."""
        redrawn = self.fake.expect_edit(msg)
        update = self.fake.press(user_id, msg, label, data)
        if not wait:
            return []
        answers = list(self.fake.wait(lambda: self.fake.answers_for(update), 20, f"an answer to {label or data}",
                                      chats=(user_id,)))
        first = answers[0]
        if msg.chat_id > 0 and first.get("show_alert") != "true" and first.get("text") not in UNCHANGED:
            assert redrawn.wait(20), f"no new screen after {label or data}"
        return answers

    def open(self, preset: str) -> Msg:
        self.fake.say(self.opener, self.group_id, f"/game {preset}")
        return self.fake.wait(lambda: self.fake.last(self.group_id, lambda m: "Набор в игру" in m.text
                                                     and bool(m.markup)), 20, "the sign-up message with its buttons",
                              chats=(self.group_id,))

    def sign_up(self, preset: str, start: bool = True) -> Msg:
        registration = self.open(preset)
        link = registration.button("Вступить")["url"]
        code = link.split("start=")[1]
        for name, user_id in self.ids.items():
            self.fake.say(user_id, user_id, f"/start {code}")
            prompt = self.fake.wait(lambda u=user_id: self.fake.last(u, lambda m: bool(m.markup)), 20, "join prompt",
                                    chats=(user_id,))
            sex = "женский" if name in FEMALE else self.rng.choice(["мужской", "не указывать"])
            self.click(user_id, prompt, sex)
        self.fake.wait(lambda: f"({self.size}/{self.size})" in registration.text, 20, "the list",
                       chats=(self.group_id,))
        if start:
            self.click(self.opener, registration, "Начать игру")
            self.fake.wait(lambda: self.group_text("Игра началась"), 20, "the start", chats=(self.group_id,))
        return registration

    # --- playing ----------------------------------------------------------------------------------
    def night_moves(self, rounds: int = 40) -> None:
        """Everyone with an open keyboard presses through it to a sent action (or gives up after tries)."""
        for _ in range(rounds):
            pressed = False
            for user_id in self.ids.values():
                msg = self.fake.last(user_id, lambda m: bool(m.markup))
                if msg is None:
                    continue
                buttons = {b["text"]: b.get("callback_data") for b in msg.buttons()}
                if list(buttons) == ["Изменить ход"]:
                    continue
                choices = [label for label in buttons if label not in ("↩️ Заново",)] or list(buttons)
                label = self.rng.choice(choices)
                self.click(user_id, msg, data=buttons[label])
                pressed = True
            if not pressed:
                return

    def day_votes(self) -> bool:
        vote = self.fake.last(self.group_id, lambda m: "🗳" in m.text and bool(m.markup))
        if vote is None:
            return False
        buttons = {b["text"]: b["callback_data"] for b in vote.buttons()}
        labels = list(buttons)
        alive = [label for label in labels if label in self.ids]
        target = self.rng.choice(labels)
        for name in alive:
            choice = target if self.rng.random() < 0.85 else self.rng.choice(labels)
            self.click(self.ids[name], vote, data=buttons[choice])
        return True

    def over(self) -> bool:
        """The end's own message (the last phase's results say the game is over too, just before it)."""
        return self.fake.last(self.group_id, lambda m: m.text.startswith("🏁")) is not None

    def play(self, limit: float = 120.0) -> None:
        end = time.monotonic() + limit
        while not self.over():
            assert time.monotonic() < end, "the game did not end in time"
            self.night_moves()
            self.day_votes()
            time.sleep(0.05)
