"""An arena game opened on the site: its record as a finished game of the log (the same deal, seed and
commands, as the desk opens a terminal save), its talk as the thread's and the clans' posts, and every
AI seat's prompts and answers kept as a live AI seat's are, so that the site's replay shows them.

A run's directory remembers what it published (`published.json`: game index -> the site's game id), so
publishing again gives the same game instead of a second copy.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rankedmafia.ai.arena import ArenaError, load_results, resume_settings
from rankedmafia.ai.prompt import CLAN, POST
from rankedmafia.live.desk import open_game
from rankedmafia.live.errors import NotFound
from rankedmafia.live.service import GameService
from rankedmafia.script import ScriptError, play
from rankedmafia.verify import script_from_record

PUBLISHED = "published.json"


def published(out: Path) -> dict[int, str]:
    path = out / PUBLISHED
    if not path.exists():
        return {}
    return {int(k): str(v) for k, v in json.loads(path.read_text(encoding="utf-8")).items()}


def _remember(out: Path, index: int, game_id: str) -> None:
    known = published(out) | {index: game_id}
    temporary = out / (PUBLISHED + ".part")
    temporary.write_text(json.dumps({str(k): v for k, v in sorted(known.items())}, indent=1), encoding="utf-8")
    os.replace(temporary, out / PUBLISHED)


def _turns(out: Path, index: int) -> list[dict[str, Any]]:
    path = out / "records" / f"{index}.prompts.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


async def publish_game(service: GameService, out: Path, index: int) -> str:
    """Game `index` of the run in `out` on the site (once); returns its game id."""
    known = published(out).get(index)
    if known is not None:
        try:
            await service.get(known)
            return known
        except NotFound:
            pass  # published to another database: publish it here
    settings = resume_settings(out)
    result = load_results(out).get(index)
    if result is None:
        raise ArenaError(f"game {index} of {out} has not been played")
    try:
        rec = json.loads((out / "records" / f"{index}.json").read_text(encoding="utf-8"))
        game = play(script_from_record(rec, result["seed"]))
    except (OSError, ValueError, KeyError, ScriptError) as error:
        raise ArenaError(f"game {index} of {out}: its record cannot be replayed ({error})") from None
    kinds = {agent.name: agent for agent in settings.agents}
    bots = {seat["name"]: f"ai:{seat['agent']}" if kinds[seat["agent"]].is_ai else kinds[seat["agent"]].kind
            for seat in result["seats"]}
    game_id, _host = await open_game(service, game, title=f"Арена {result['seed']}", bots=bots)
    clans = {seat["name"]: seat.get("clan") for seat in result["seats"]}
    at = service.clock()
    for turn in _turns(out, index):
        # the arena applied every move and post its seat gave (an illegal one was refused before): as a
        # live AI seat's kept turn says it
        applied = turn.get("command") is not None or bool(turn.get("post"))
        await service.store.add_ai_turn(game_id, turn["seat"], {**turn, "applied": applied}, at)
        channels = {POST: "thread", CLAN: f"clan:{clans.get(turn['seat'])}"}
        channel = channels.get(turn["kind"], "")
        if channel and turn.get("post"):
            await service.store.add_post(game_id, channel, turn["seat"], f"{turn['phase']} {turn['number']}",
                                         turn["post"], at)
    _remember(out, index, game_id)
    return game_id


async def publish(service: GameService, out: Path, indices: Sequence[int] | None = None) -> dict[int, str]:
    """These games of the run (every finished one by default) on the site: index -> game id."""
    chosen = sorted(load_results(out)) if indices is None else list(indices)
    return {index: await publish_game(service, out, index) for index in chosen}
