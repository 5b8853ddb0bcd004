"""The writer: one thread that runs every write, committing jobs in groups (group commit).

A job is a function of a connection. Jobs that arrive together share one transaction, so one fsync
acknowledges many commands. If a group fails, it is rolled back and each of its jobs is retried in a
transaction of its own, so one refused job (a conflicting append) never takes the others down. A job's
future resolves only after its transaction has committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine

Job = Callable[[Connection], Any]
GROUP = 64  # the most jobs committed in one transaction


@dataclass(slots=True)
class _Item:
    job: Job
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


class Writer:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="rankedmafia-writer", daemon=True)
        self._thread.start()

    async def run(self, job: Job) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queue.put(_Item(job, loop, future))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    # --- the thread -------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            stop = False
            while len(group) < GROUP:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                group.append(item)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[_Item]) -> None:
        if len(group) > 1:
            try:
                with self.engine.begin() as connection:
                    results = [item.job(connection) for item in group]
            except Exception:
                pass
            else:
                for item, result in zip(group, results, strict=True):
                    _settle(item, result, None)
                return
        for item in group:
            try:
                with self.engine.begin() as connection:
                    result = item.job(connection)
            except Exception as error:
                _settle(item, None, error)
            else:
                _settle(item, result, None)


def _settle(item: _Item, result: Any, error: BaseException | None) -> None:
    def finish() -> None:
        if item.future.done():
            return
        if error is not None:
            item.future.set_exception(error)
        else:
            item.future.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody is waiting any more
        item.loop.call_soon_threadsafe(finish)
