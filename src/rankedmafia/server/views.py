"""What leaves the server about a game, by audience. The security boundary of the platform.

A player's data is built from `game.view(name)` alone (his role, his clan, the seats with publicly known
roles, public events and his own, his actions) plus what is public by the rules of a forum game: the
nicknames, the phase and its deadline, today's open votes (counted by heads, never weighted), the thread's
posts, and the setup. A spectator gets only public events. The host gets everything.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rankedmafia.live.commands import phase_key
from rankedmafia.live.live_game import LiveGame, public_votes, vote_counts
from rankedmafia.live.versions import public_version
from rankedmafia.rules.day import weight
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act
from rankedmafia.rules.view import public_seats
from rankedmafia.server.forms import choice_form, legal_choices
from rankedmafia.server.lobby import setup_title
from rankedmafia.server.turn import turn_of
from rankedmafia.text.clans import card_role, clan_title
from rankedmafia.text.council_answers import council_questions
from rankedmafia.text.diary import act_text, diary, private_lines
from rankedmafia.text.names import phase_name
from rankedmafia.text.role_rules import role_rules
from rankedmafia.text.roles import role_name, side_name
from rankedmafia.text.summary import Renderer


def game_info(live: LiveGame, lang: str) -> dict[str, Any]:
    """Public facts about a game: anyone with its link may read them."""
    game = live.game
    over = live.status == "over"
    info: dict[str, Any] = {
        "id": live.id,
        "title": game_title(live, lang),
        "status": live.status,
        "setup": live.row.setup["name"],
        "players_needed": live.setup.players,
        "roles": dict(live.row.setup["roles"]),
        "clans": {clan: dict(members) for clan, members in live.row.setup.get("clans", {}).items()},
        "commitment": live.row.commitment,
        "seed": live.row.seed if over else None,
        "deadline": live.deadline,
        "remaining": live.remaining,
        "version": public_version(live),  # a digest of public facts: never counts secret commands
        "phase": game.phase.kind.value if game is not None else None,
        "number": game.phase.number if game is not None else None,
        "key": phase_key(live),  # the phase every command sends back ("night-1"): a stale one is refused
        "phase_name": phase_name(game.phase.kind.value, lang, game.phase.number) if game is not None else None,
        "winner": game.winner if game is not None else None,
        "winner_name": side_name(game.winner, lang) if game is not None and game.winner else None,
        "ended_by": live.ended_by,
        "bots": live.row.options.get("bots") is not None,  # the seats empty at the start go to bots
        "ai": bool(live.row.options.get("ai")),  # ... and first to AI players
        # the reanimator's step: only that the night is still being resolved (never who is asked, or why)
        "resolving": live.following,
    }
    return info


def game_title(live: LiveGame, lang: str) -> str:
    """The title the host gave, or (none given) the setup's own title, in the reader's language."""
    setup = live.row.setup
    if live.row.title != setup.get("name"):
        return live.row.title
    return setup_title(setup, lang)


def sexes(game: Game) -> dict[str, str]:
    """The sex players gave when joining (public: the texts agree with it)."""
    return {p.name: p.sex for p in game.players() if p.sex}


def summaries(
    log: tuple[dict[str, Any], ...] | list[dict[str, Any]], lang: str, finished: list[tuple[str, int]],
    known: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The public summary of each finished phase (in order), from the events a viewer holds."""
    renderer = Renderer(lang, sexes=known, yo=True)
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


def seats_public(live: LiveGame, roles: dict[str, str | None] | None = None, lang: str = "ru") -> list[dict[str, Any]]:
    game = live.game
    alive = set(game.alive()) if game is not None else None
    sexes = game.sexes() if game is not None else {}  # public, like the nicknames: the texts agree with it
    out = []
    for name in live.names():
        seat: dict[str, Any] = {
            "name": name,
            "nickname": live.nickname(name),
            "alive": True if alive is None else name in alive,
            "sex": sexes.get(name),
            "bot": live.is_bot(name),
            "ai": live.ai_agent(name) is not None,
        }
        if roles is not None:
            seat["role"] = roles.get(name)
            seat["role_name"] = _role_name(roles.get(name), lang)
        out.append(seat)
    return out


def votes_public(game: Game | None, weights: bool = False) -> dict[str, Any]:
    if game is None:
        return {"votes": {}, "counts": {}, "tally": None}
    return {"votes": public_votes(game), "counts": vote_counts(game), "tally": tally(game, weights)}


def tally(game: Game, weights: bool = False) -> dict[str, Any] | None:
    """Today's count as the thread shows it: each choice's votes and voters, how many votes hang (a
    majority of the living, by heads), who has not voted yet. With `weights` (the host only) each choice's
    weight as the engine will count it, the silent ones' zero included."""
    from rankedmafia.rules.model import PhaseKind

    if game.over or game.phase.kind is not PhaseKind.DAY:
        return None
    alive = game.alive()
    votes = public_votes(game)
    rows = []
    for choice, count in vote_counts(game).items():
        voters = [voter for voter, c in votes.items() if c == choice]
        row: dict[str, Any] = {"choice": choice, "blue": choice == BLUE, "votes": count, "voters": voters}
        if weights:
            row["weight"] = sum(weight(game.state, voter, choice) for voter in voters)
            row["silent"] = [voter for voter in voters if weight(game.state, voter, choice) == 0]
        rows.append(row)
    return {
        "rows": rows,
        "needed": len(alive) // 2 + 1,
        "alive": len(alive),
        "not_voted": game.awaiting(),  # those offered a vote who have not voted (an announced silence: none)
        "weights": weights,
    }


def player_data(live: LiveGame, name: str, lang: str) -> dict[str, Any]:
    """Everything a player's pages and API show him."""
    game = live.game
    data: dict[str, Any] = {
        "game": game_info(live, lang),
        "me": {"name": name, "nickname": live.nickname(name),
               "sex": live.game.sexes().get(name) if live.game is not None else None},
    }
    if game is None:
        data.update(seats=seats_public(live), summaries=[], private=[], **votes_public(None))
        data["turn"] = turn_of(data)
        return data
    view = game.view(name)
    known = {s.name: s.role for s in view.seats}
    step = live.asked()
    asked = step is not None and step.player == name
    # the Game's own choices: before its follow-up step no revive, during it only the one asked sends,
    # and only a player on the list he is told
    actions = []
    for choice in legal_choices(game, name):
        entry = choice_form(choice, lang, game)
        entry["targets"] = sorted({n for slot in entry["slots"] for n in slot}, key=list(live.names()).index)
        entry["choices"] = entry["options"] or entry["questions"] or [
            {"id": c["role"], "label": c["label"]} for c in entry["copies"]]
        actions.append(entry)
    follow_up: dict[str, Any] | None = None
    if step is not None and asked:
        told = list(step.told)
        line = Renderer(lang, sexes=sexes(game), yo=True).info_line({"kind": "deaths_tonight", "targets": told})
        follow_up = {"deaths": told, "line": line, "deadline": live.deadline}
    # the core's own refusal says he acts last, not yet asked
    later = any(getattr(game.check(Act(name, a.id)), "rule", None) == "revive_later" for a in view.actions)
    data["me"].update(
        {
            "role": view.role,
            "role_name": card_role(view.role, view.ranks, lang),  # the double agent's with his ranks
            "rules": role_rules(view.role, lang),
            "alive": view.alive,
            "clan": [{"name": n, "role": r, "role_name": role_name(r, lang)} for n, r in view.clan.items()],
            "boss": view.boss,
            # each of his clans as he sees it (the double agent has two), with its boss
            "clan_lists": [{"clan": clan, "title": clan_title(clan, lang), "boss": view.bosses.get(clan),
                            "members": [{"name": n, "role": r, "role_name": role_name(r, lang)}
                                        for n, r in members.items()]}
                           for clan, members in sorted(view.clan_lists.items())],
            "ranks": dict(view.ranks),
            "actions": actions,
            "sent": view.sent,
            "sent_text": _sent_text(game, name, lang),
            "follow_up": follow_up,  # his alone: tonight's dead, told to the reanimator before he acts
            "revive_later": later and live.status == "running",
            # the day's vote as the Game offers it: None for a player whose silence today was announced
            "vote": _vote_offer(game, name) if live.status == "running" else None,
            "silenced_today": game.phase.kind.value == "day" and view.alive and not game.over
            and game.vote_choice(name) is None,
        }
    )
    data["seats"] = [
        {
            "name": s.name,
            "nickname": live.nickname(s.name),
            "alive": s.alive,
            "bot": live.is_bot(s.name),
            "ai": live.ai_agent(s.name) is not None,
            "role": known[s.name],
            "role_name": _role_name(known[s.name], lang),
        }
        for s in view.seats
    ]
    data["summaries"] = summaries(view.log, lang, finished_phases(game), sexes(game))
    data["private"] = private_lines(view, lang, sexes(game), council_questions(game))
    data["diary"] = diary(game, view, lang)
    data.update(votes_public(game))
    data["in_clan"] = bool(view.clans)
    data["clans"] = list(view.clans)  # the chats he shares
    data["clan_titles"] = {clan: clan_title(clan, lang) for clan in view.clans}  # the chats' names in words
    if live.status == "over":
        data["end"] = ending(live, name, lang)
        data["seats"] = seats_public(live, {p.name: p.role for p in game.players()}, lang)
    mark_seats(data["seats"], game)
    data["turn"] = turn_of(data)
    return data


def _vote_offer(game: Game, name: str) -> list[str] | None:
    """The names he may vote for today (and blue), as `Game.vote_choice` offers them, or None."""
    choice = game.vote_choice(name)
    return None if choice is None else list(choice.slots[0])


def ending(live: LiveGame, name: str, lang: str) -> dict[str, Any]:
    """The end of the game as each player's page shows it: who won, whether he did (the Game's own list of
    winners), and the replay (every role is on the seats' list, public once the game is over)."""
    game = live.game
    assert game is not None
    winner = game.winner
    return {
        "winner": side_name(winner, lang) if winner else None,
        "won": name in game.winners() if winner else None,
        "replay": f"/g/{live.id}/replay?step=0",
    }


def mark_seats(seats: list[dict[str, Any]], game: Game | None) -> None:
    """The player list's public markers: who has voted today, who was silenced by an announcement (offered
    no vote by the core: the boss's silent loss is never marked), who is out."""
    from rankedmafia.rules.model import PhaseKind

    if game is None:
        return
    votes = public_votes(game)
    silenced: set[str] = set()
    if not game.over and game.phase.kind is PhaseKind.DAY:
        silenced = set(game.alive()) - set(game.voters())  # announced silences alone: the core's offer
    for seat in seats:
        seat["voted"] = seat["name"] in votes
        seat["silenced"] = seat["name"] in silenced


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
        data["summaries"] = summaries(events, lang, finished_phases(game), sexes(game))
        if live.status == "over":
            data["seats"] = seats_public(live, {p.name: p.role for p in game.players()}, lang)
        else:  # every role the summaries have published so far, as each player's own list shows them
            data["seats"] = seats_public(live, {s.name: s.role for s in public_seats(game.state, game.results)}, lang)
        mark_seats(data["seats"], game)
    return data


def host_data(live: LiveGame, lang: str, everything: bool) -> dict[str, Any]:
    game = live.game
    data = spectator_data(live, lang)
    data["arrived"] = sorted(game.state.acts) if game is not None else []
    data["waiting"] = game.awaiting() if game is not None else []
    step = live.asked()
    data["asking"] = [step.player] if step is not None else []  # the follow-up step: whom the night waits for
    data["everything"] = everything
    if game is not None and everything:
        data["seats"] = seats_public(live, {p.name: p.role for p in game.players()}, lang)
        data["acts"] = [
            {"actor": a.actor, "action": a.action, "targets": list(a.targets), "option": f.get("option"),
             "detail": f.get("detail"),
             "text": act_text(f, lang)}
            for a, f in ((a, a.fields()) for a in game.state.acts.values())
        ]
        data["tally"] = tally(game, weights=True)
        data["tentative"] = list(step.told) if step is not None else []
    return data


def _role_name(role: str | None, lang: str) -> str | None:
    return role_name(role, lang) if role else None


def _sent_text(game: Game, name: str, lang: str) -> str | None:
    """His own action tonight in words (the Council question with its arguments)."""
    act = game.state.acts.get(name)
    if act is None:
        return None
    return act_text(act.fields(), lang)


async def replay_data(service: Any, live: LiveGame, step: int, who: str, lang: str) -> dict[str, Any]:
    """A finished game's replay at one step (-1: the last), seen publicly or, the game being over, by
    any player (`who`). Only finished games are replayed (server/deps.py's `FinishedGame`): a running one is
    followed on its public page."""
    from rankedmafia.live.replay import replay_to, steps

    entries = await service.store.log(live.id, 0)
    total = steps(entries)
    step = total - 1 if step < 0 or step >= total else step
    past = replay_to(live.row, live.seats, entries, step)
    game = past.game
    kind, number = finished_phases(game)[-1] if game is not None and step else ("", 0)
    title = phase_name(kind, lang, number) if kind else None
    data: dict[str, Any] = {
        "game": {**game_info(live, lang), "deadline": None},
        "step": step,
        "steps": total,
        "step_title": title,
        "who": who if who in live.seats else "",
        "names": live.names(),
        "public": spectator_data(past, lang),
    }
    data["public"]["game"]["deadline"] = None
    if data["who"] and game is not None:
        data["player"] = player_data(past, data["who"], lang)
    return data
