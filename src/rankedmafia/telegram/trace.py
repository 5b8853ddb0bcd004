"""A trace of the bot's delivery, for measuring where a message's time goes (off unless asked for).

With RANKEDMAFIA_TELEGRAM_TRACE set to a file's path, the bot appends a line per event to it, tab-separated:
the wall clock, what happened, the chat, seconds it took, and a detail (a Bot API method, a row's purpose).
The benchmarks read it (benchmarks/telegram_phases.py); a bot run for people never sets it.

    api     a Bot API call's round trip as the bot sees it (sending, the fake's or Telegram's answer, parsing)
    written a change's rows committed (seconds: the commit), one line per chat
    gate    a new message's wait for its turn to send (seconds in the queue of the gate)
    sent    a new message's send (seconds: the call), detail: its purpose
    marked  its mark committed (seconds: the commit), detail: its purpose
"""

from __future__ import annotations

import os
import time
from typing import TextIO

VARIABLE = "RANKEDMAFIA_TELEGRAM_TRACE"
_path = os.environ.get(VARIABLE, "").strip()
_file: TextIO | None = open(_path, "a", buffering=1 << 16, encoding="utf-8") if _path else None  # noqa: SIM115

enabled = _file is not None
_flushed = time.monotonic()


def event(what: str, chat_id: int | None, seconds: float, detail: str = "") -> None:
    """One line (buffered: written out about once a second, and at `flush`)."""
    global _flushed
    if _file is not None:
        _file.write(f"{time.time():.4f}\t{what}\t{chat_id if chat_id is not None else ''}\t{seconds:.5f}\t{detail}\n")
        if time.monotonic() - _flushed > 1.0:
            _file.flush()
            _flushed = time.monotonic()


def flush() -> None:
    if _file is not None:
        _file.flush()
