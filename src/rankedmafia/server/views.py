"""What leaves the server about a game, by audience. The security boundary of the platform.

A player's data is built from `game.view(name)` alone (his role, his clan, the seats with publicly known
roles, public events and his own, his actions) plus what is public by the rules of a forum game: the
nicknames, the phase and its deadline, today's open votes (counted by heads, never weighted), the thread's
posts, and the setup. A spectator gets only public events. The host gets everything.
"""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from rankedmafia.live.live_game import LiveGame, public_votes, vote_counts
from rankedmafia.rules import council
from rankedmafia.rules.game import Game
from rankedmafia.rules.view import PlayerView
from rankedmafia.server.i18n import action_name
from rankedmafia.text.roles import role_name, side_name
from rankedmafia.text.summary import Renderer


def game_info(live: LiveGame, lang: str) -> dict[str, Any]:
    """Public facts about a game: anyone with its link may read them."""
    game = live.game
    over = live.status == "over"
    info: dict[str, Any] = {
        "id": live.id,
        "title": live.row.title,
        "status": live.status,
        "setup": live.row.setup["name"],
        "players_needed": live.setup.players,
        "roles": dict(live.row.setup["roles"]),
        "clans": {clan: dict(members) for clan, members in live.row.setup.get("clans", {}).items()},
        "commitment": live.row.commitment,
        "seed": live.row.seed if over else None,
        "deadline": live.deadline,
        "remaining": live.remaining,
        "version": live.head,
        "phase": game.phase.kind.value if game is not None else None,
        "number": game.phase.number if game is not None else None,
        "winner": game.winner if game is not None else None,
        "winner_name": side_name(game.winner, lang) if game is not None and game.winner else None,
        "ended_by": live.ended_by,
        # the reanimator's step: only that the night is still being resolved (never who is asked, or why)
        "resolving": bool(live.asking) and live.status != "over",
    }
    return info


def summaries(
    log: tuple[dict[str, Any], ...] | list[dict[str, Any]], lang: str, finished: list[tuple[str, int]]
) -> list[dict[str, Any]]:
    """The public summary of each finished phase (in order), from the events a viewer holds."""
    renderer = Renderer(lang)
    phases: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for event in log:
        if event.get("to") is None:
            phases[(event["phase"], event["number"])].append(event)
    return [
        {
            "phase": kind,
            "number": number,
            "title": renderer.title(kind, number),
            "lines": renderer.public(kind, phases.get((kind, number), [])),
        }
        for kind, number in finished
    ]


def finished_phases(game: Game) -> list[tuple[str, int]]:
    """Which phases are over: public (everyone sees the summaries posted)."""
    return [(r.phase.kind.value, r.phase.number) for r in game.results]


def private_lines(view: PlayerView, lang: str) -> list[dict[str, Any]]:
    """His own results: the info entries and private events of his view, phase by phase."""
    renderer = Renderer(lang)
    out = []
    for event in view.log:
        to = event.get("to")
        if to is None:
            continue
        if event.get("type") == "info":
            lines = [renderer.info_line(event)]
        else:
            clans = {to[5:]: [view.name]} if isinstance(to, str) and to.startswith("clan:") else {}
            lines = renderer.private([], [event], clans).get(view.name, [])
        for line in lines:
            out.append({"phase": event["phase"], "number": event["number"], "text": line})
    return out


def seats_public(live: LiveGame, roles: dict[str, str | None] | None = None) -> list[dict[str, Any]]:
    game = live.game
    alive = set(game.alive()) if game is not None else None
    out = []
    for name in live.names():
        seat: dict[str, Any] = {
            "name": name,
            "nickname": live.nickname(name),
            "alive": True if alive is None else name in alive,
        }
        if roles is not None:
            seat["role"] = roles.get(name)
        out.append(seat)
    return out


def votes_public(game: Game | None) -> dict[str, Any]:
    if game is None:
        return {"votes": {}, "counts": {}}
    return {"votes": public_votes(game), "counts": vote_counts(game)}


def option_choices(game: Game, name: str, action: str, lang: str) -> list[dict[str, Any]]:
    """What may stand beside the targets, as the engine lists it from what he knows (the setup is public):
    heal_from's sources, the roles a joker may copy (each with its actions), the Council's questions (each
    with its arguments and an example)."""
    out: list[dict[str, Any]] = []
    for choice in game.option_choices(name, action):
        entry: dict[str, Any] = {"id": choice, "label": choice}
        if action == "heal_from":
            entry["label"] = side_name(choice, lang) if choice == "mafia" else role_name(choice, lang)
        elif action == "copy":
            entry["label"] = role_name(choice, lang)
            entry["actions"] = [{"id": a, "label": action_name(a, lang)} for a in game.copy_actions(choice)]
        elif action == "ask":
            template = council.TEMPLATES[choice]
            entry["label"] = template.text.get(lang, template.text["ru"])
            entry["args"] = list(template.args)
            entry["example"] = json.dumps(_question_example(game, template.args), ensure_ascii=False)
        out.append(entry)
    return out


def _question_example(game: Game, args: tuple[str, ...]) -> dict[str, Any]:
    """Arguments of the right shape for a question: values from the setup, a placeholder for names (an
    example never pairs a real player with a role)."""
    roles = [r for r in game.setup_roles() if r != "civilian"] or game.setup_roles()
    values: dict[str, Any] = {
        "side": "town", "a": "town", "b": "mafia", "op": "ge", "n": 1,
        "role": roles[0], "player": "…", "players": ["…"] * council.GROUP_LEAST,
    }
    return {key: values.get(key, "") for key in args}


def player_data(live: LiveGame, name: str, lang: str) -> dict[str, Any]:
    """Everything a player's pages and API show him."""
    game = live.game
    data: dict[str, Any] = {
        "game": game_info(live, lang),
        "me": {"name": name, "nickname": live.nickname(name)},
    }
    if game is None:
        data.update(seats=seats_public(live), summaries=[], private=[], **votes_public(None))
        return data
    view = game.view(name)
    known = {s.name: s.role for s in view.seats}
    alive = [s.name for s in view.seats if s.alive]
    reanimator = name in game.follow_up()  # himself: a living reanimator who has not acted tonight
    asked = name in live.pending()
    tentative = live.tentative() if asked else []
    actions = []
    for a in view.actions:
        if live.asking and not asked:
            break  # the night is being resolved: nobody else acts now
        if a.id == "revive" and reanimator:
            if not asked:
                continue  # he acts last, once told tonight's dead
            pool = [n for n in tentative if n != name]
        else:
            if asked:
                continue
            pool = [n for n in alive if a.self_target or n != name]
        entry: dict[str, Any] = {
            "id": a.id,
            "label": action_name(a.id, lang),
            "least": a.targets[0],
            "most": a.targets[1],
            "self_target": a.self_target,
            "targets": pool,
            "option": a.option,
            "choices": option_choices(game, name, a.id, lang) if a.option is not None else [],
        }
        if a.id == "ask":  # what the question's arguments may be
            entry["values"] = {"side": list(council.SIDES), "op": list(council.OPS),
                               "role": sorted(set(game.setup_roles()))}
        actions.append(entry)
    follow_up: dict[str, Any] | None = None
    if asked:
        line = Renderer(lang).info_line({"kind": "deaths_tonight", "targets": tentative})
        follow_up = {"deaths": tentative, "line": line, "deadline": live.deadline}
    data["me"].update(
        {
            "role": view.role,
            "role_name": role_name(view.role, lang),
            "alive": view.alive,
            "clan": [{"name": n, "role": r, "role_name": role_name(r, lang)} for n, r in view.clan.items()],
            "boss": view.boss,
            "actions": actions,
            "sent": view.sent,
            "follow_up": follow_up,  # his alone: tonight's dead, told to the reanimator before he acts
            "revive_later": reanimator and not asked and not live.asking and live.status == "running",
        }
    )
    data["seats"] = [
        {
            "name": s.name,
            "nickname": live.nickname(s.name),
            "alive": s.alive,
            "role": known[s.name],
            "role_name": _role_name(known[s.name], lang),
        }
        for s in view.seats
    ]
    data["summaries"] = summaries(view.log, lang, finished_phases(game))
    data["private"] = private_lines(view, lang)
    data.update(votes_public(game))
    data["in_clan"] = bool(view.clans)
    data["clans"] = list(view.clans)  # the chats he shares
    return data


def spectator_data(live: LiveGame, lang: str) -> dict[str, Any]:
    """The game page for anyone: public events only (everything, once the game is over)."""
    game = live.game
    data: dict[str, Any] = {"game": game_info(live, lang), "seats": seats_public(live), "summaries": []}
    data.update(votes_public(game))
    if game is not None:
        events = [
            {"phase": r.phase.kind.value, "number": r.phase.number, **e}
            for r in game.results
            for e in r.events
            if e.get("to") is None
        ]
        data["summaries"] = summaries(events, lang, finished_phases(game))
        if live.status == "over":
            data["seats"] = seats_public(live, {p.name: p.role for p in game.players()})
    return data


def host_data(live: LiveGame, lang: str, everything: bool) -> dict[str, Any]:
    game = live.game
    data = spectator_data(live, lang)
    data["arrived"] = sorted(game.state.acts) if game is not None else []
    data["waiting"] = game.awaiting() if game is not None else []
    data["asking"] = live.pending()  # the reanimator's step: whom the night waits for
    data["everything"] = everything
    if game is not None and everything:
        data["seats"] = seats_public(live, {p.name: p.role for p in game.players()})
        data["acts"] = [
            {"actor": a.actor, "action": a.action, "targets": list(a.targets), "option": a.option,
             "detail": a.detail}
            for a in game.state.acts.values()
        ]
        data["tentative"] = live.tentative() if live.asking else []
    return data


def _role_name(role: str | None, lang: str) -> str | None:
    return role_name(role, lang) if role else None
