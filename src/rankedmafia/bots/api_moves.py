"""A random legal move chosen from a player's data as the web API gives it (`GET /api/player/{token}`):
what the load benchmark's bots and the web tests' players send."""

from __future__ import annotations

import random
from typing import Any


def api_move(data: dict[str, Any], rng: random.Random, blues: int = 1) -> tuple[str, dict[str, Any]] | None:
    """The command to post (`act` or `vote`) and its body, or None when this player has nothing to do.
    By day the choice is uniform over the living and `blues` blue ballots."""
    game, me = data["game"], data["me"]
    if game["status"] != "running" or not me.get("alive"):
        return None
    if game["phase"] != "night":
        living = [s["name"] for s in data["seats"] if s["alive"]]
        return "vote", {"choice": rng.choice([*living, *["blue"] * blues])}
    if me["sent"] or not me["actions"]:
        return None
    action = rng.choice([a for a in me["actions"] if not a["option"] or a["choices"]])
    count = max(action["least"], 1) if action["most"] else 0
    if count > len(action["targets"]):
        return None
    body: dict[str, Any] = {"action": action["id"], "targets": rng.sample(action["targets"], count)}
    if action["option"]:
        body["option"] = rng.choice(action["choices"])["id"]
    return "act", body
