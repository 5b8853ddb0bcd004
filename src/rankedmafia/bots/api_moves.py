"""A random legal move chosen from a player's data as the web API gives it (`GET /api/player/{token}`):
what the load benchmark's bots and the web tests' players send.

The API's `me.actions` are the core's choices (`Game.choices`, shaped by server/forms.py): for each
action the counts of targets, the names allowed in each place, and its options, the Council's questions
with their blanks, or the joker's roles and their uses in the same shape. The move is drawn among them
as the random policy draws among the choices themselves (bots/choosing.py), so it is always accepted.
"""

from __future__ import annotations

import json
import random
from typing import Any

from rankedmafia.bots.choosing import draw, pick_targets
from rankedmafia.rules.council import GROUP_LEAST


def api_move(data: dict[str, Any], rng: random.Random, blues: int = 1) -> tuple[str, dict[str, Any]] | None:
    """The command to post (`act` or `vote`) and its body, or None when this player has nothing to do.
    By day the choice is uniform over the names the vote offers him (`me.vote`, the core's
    `Game.vote_choice`: none for a player whose silence today was announced) and `blues` blue ballots."""
    game, me = data["game"], data["me"]
    if game["status"] != "running" or not me.get("alive"):
        return None
    if game["phase"] != "night":
        offered = me.get("vote")
        if not offered:
            return None
        names = [name for name in offered if name != "blue"]
        return "vote", {"choice": rng.choice([*names, *["blue"] * blues])}
    if me["sent"] or not me["actions"]:
        return None
    action = draw(rng, me["actions"])
    if action["copies"]:
        copy = draw(rng, action["copies"])
        use = draw(rng, copy["uses"])
        move = _move(use, rng)
        if move is None:
            return None
        body: dict[str, Any] = {"action": action["id"], "targets": move["targets"], "option": copy["role"],
                                "detail": use["id"]}
        if "option" in move:
            body["copied_option"] = move["option"]
        if "detail" in move:
            body["copied_detail"] = move["detail"]
        return "act", body
    move = _move(action, rng)
    return None if move is None else ("act", {"action": action["id"], **move})


def _move(action: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The targets, option and question of one action of the API's shape (the joker's use included)."""
    targets = pick_targets(rng, action["counts"], action["slots"])
    if targets is None:
        return None
    move: dict[str, Any] = {"targets": targets}
    if action["questions"]:
        template = draw(rng, action["questions"])
        move["option"] = template["id"]
        move["detail"] = _question(template["fields"], rng)
    elif action["options"]:
        move["option"] = draw(rng, action["options"])["id"]
    return move


def _question(fields: list[dict[str, Any]], rng: random.Random) -> str:
    """A question's arguments (JSON) drawn from its blanks as the API lists them (values by their id)."""
    args: dict[str, Any] = {}
    for blank in fields:
        values = [value["id"] for value in blank["values"]]
        if blank["multiple"]:
            args[blank["key"]] = rng.sample(values, rng.randint(min(GROUP_LEAST, len(values)), len(values)))
        elif blank["key"] == "n":
            args[blank["key"]] = int(draw(rng, values))
        else:
            args[blank["key"]] = draw(rng, values)
    return json.dumps(args, ensure_ascii=False, sort_keys=True)
