"""The replay of a live game's AI seats: once the game is over (never before: a prompt holds its seat's
hidden information), each AI seat with its counts, and one seat's turns in order: the phase, what it was
asked (the messages), its answers, the refusals, and what it did, in words."""

from __future__ import annotations

from typing import Any

from rankedmafia.ai.live_counts import Counts, ai_counts
from rankedmafia.ai.prompt import sent_words
from rankedmafia.live.errors import Refusal
from rankedmafia.live.live_game import LiveGame
from rankedmafia.live.service import GameService
from rankedmafia.server.i18n import ui
from rankedmafia.text.names import phase_name


def counts_line(counts: Counts, lang: str) -> str:
    return ui(lang)["ai_counts"].format(
        decisions=counts.decisions, invalid=counts.invalid, passes=counts.passes, timeouts=counts.timeouts,
        tokens=counts.prompt_tokens + counts.completion_tokens, seconds=f"{counts.seconds:.1f}")


async def ai_seats_data(service: GameService, live: LiveGame, lang: str) -> dict[str, Any]:
    """A finished game's AI seats, each with its counts, and the game's (server/deps.py's `FinishedGame`)."""
    seats, total = ai_counts(await service.store.ai_turns(live.id))
    return {
        "seats": [{"name": name, "counts": seats.get(name, Counts()).as_json(),
                   "line": counts_line(seats.get(name, Counts()), lang)} for name in live.ai_seats()],
        "total": total.as_json(),
        "total_line": counts_line(total, lang),
    }


def did_words(turn: dict[str, Any], lang: str) -> str:
    """What the seat did, in words: its move, its post, or why nothing."""
    t = ui(lang)
    if turn.get("timed_out"):
        return t["ai_timed_out"]
    command = turn.get("command")
    if command is not None:
        sent = {"vote": command.get("choice")} if command.get("type") == "vote" else command
        words = sent_words(sent, lang)
        return words if turn.get("applied") else f"{words} — {t['ai_not_applied']}"
    if turn.get("post"):
        return str(turn["post"]) if turn.get("applied") else f"{turn['post']} — {t['ai_not_applied']}"
    return t["ai_passed"]


def kind_words(kind: str, lang: str) -> str:
    return ui(lang)["ai_kind_clan" if kind.startswith("clan:") else f"ai_kind_{kind}"]


async def ai_seat_data(service: GameService, live: LiveGame, seat: str, lang: str) -> dict[str, Any]:
    """One AI seat's turns of a finished game, in order."""
    if seat not in live.ai_seats():
        raise Refusal("not_found", 404, what="seat")
    turns = await service.store.ai_turns(live.id, seat)
    seats, _total = ai_counts(turns)
    counts = seats.get(seat, Counts())
    return {
        "game": {"id": live.id, "title": live.row.title},
        "seat": seat,
        "counts": counts.as_json(),
        "line": counts_line(counts, lang),
        "turns": [{
            "phase": phase_name(str(turn["phase"]), lang, int(turn["number"])),
            "kind": kind_words(str(turn["kind"]), lang),
            "messages": [{"role": m["role"], "content": m["content"]} for m in turn["messages"]],
            "answers": list(turn["answers"]),
            "refusals": list(turn["refusals"]),
            "did": did_words(turn, lang),
            "counts": {key: turn[key] for key in ("invalid", "prompt_tokens", "completion_tokens", "seconds")},
        } for turn in turns],
    }
