"""AI players in a live game on the site: each AI seat decides from the live Game (the same `AIPlayer`
and `PromptBuilder` as the arena), reads the game's thread and its clan's chat through the site's API,
and posts, acts and votes through that API with its own seat's token, as the site's wiring will."""

from __future__ import annotations

import asyncio
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from rankedmafia.ai.fake_server import FakeModel
from rankedmafia.ai.player import AIPlayer, Turn
from rankedmafia.ai.prompt import CLAN, NIGHT, POST, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.ai.talk import Conversation, Floor, clan_order
from rankedmafia.rules.game import Game
from rankedmafia.server.app import create_app
from rankedmafia.server.settings import Settings
from rankedmafia.verify import verify

from .helpers import ai_config, client_for


def decide(model: FakeModel, game: Game, name: str, kind: str, talk: Conversation,
           addressed: tuple[str, ...] = ()) -> Turn:
    async def main() -> Turn:
        client = client_for(model, ai_config(posts_per_day=1))
        try:
            return await AIPlayer(client.config, client).decide(PromptBuilder(game), name, kind, talk, addressed)
        finally:
            await client.close()

    return asyncio.run(main())


def thread(client: TestClient, token: str, names: tuple[str, ...], number: int) -> Conversation:
    """The day's thread as the site shows it to this seat: a conversation the talk's rules read."""
    talk = Conversation(names)
    for post in client.get(f"/api/player/{token}/posts", params={"channel": "thread"}).json():
        talk.add(post["nickname"] or post["author"], post["text"], number)
    return talk


def test_ai_players_play_a_live_site_game_through_its_api(tmp_path: Path) -> None:
    app = create_app(Settings(data=tmp_path / "data", tick_seconds=3600, submit_burst=10_000, submit_rate=1000))
    setup_yaml = (resources.files("rankedmafia") / "presets" / "classic-12.yaml").read_text(encoding="utf-8")
    model = FakeModel()
    names, sexes = seat_names(12)
    with TestClient(app) as client:
        game: dict[str, Any] = client.post("/api/games", json={"setup_yaml": setup_yaml, "night_seconds": 3600,
                                                              "day_seconds": 3600, "title": "AI"}).json()
        tokens = {}
        for name in names:
            joined = client.post(f"/api/games/{game['id']}/join", json={"nickname": name, "sex": sexes[name]}).json()
            tokens[joined["name"]] = joined["token"]
        assert client.post(f"/api/host/{game['admin_token']}/start").status_code == 200
        service = app.state.platform.service
        posted = clan_lines = 0
        for _ in range(40):
            live = client.portal.call(service.get, game["id"])
            if live.status == "over":
                break
            engine: Game = live.game
            alive = engine.alive()
            phase = engine.phase
            if engine.phase.kind.value == "day":
                talk = thread(client, tokens[alive[0]], tuple(names), engine.phase.number)
                floor = Floor(alive[:4], engine.phase.number, per_seat=1)
                while (speaker := floor.next_speaker(talk)) is not None:
                    turn = decide(model, engine, speaker, POST, talk, tuple(floor.addressed(talk, speaker)))
                    assert turn.post
                    r = client.post(f"/api/player/{tokens[speaker]}/post", json={"text": turn.post})
                    assert r.status_code == 201, r.text
                    talk = thread(client, tokens[alive[0]], tuple(names), engine.phase.number)
                    posted += 1
            kind = NIGHT if engine.phase.kind.value == "night" else VOTE
            if kind == NIGHT:  # the AI mafiosi's lines in their clan's chat, the boss last
                members = [n for n in alive if engine.view(n).clans]
                boss = engine.view(members[0]).boss if members else None
                for name in clan_order(members, boss):
                    turn = decide(model, engine, name, CLAN, Conversation(tuple(names)))
                    r = client.post(f"/api/player/{tokens[name]}/post", json={"text": turn.post, "channel": "clan"})
                    assert r.status_code == 201, r.text
                    clan_lines += 1
            for name in alive:
                current = client.portal.call(service.get, game["id"])
                if current.status == "over" or current.game.phase != phase:
                    break  # the site resolved the phase once everyone awaited had acted or voted
                engine = current.game
                if kind == NIGHT and not engine.choices(name):
                    continue
                turn = decide(model, engine, name, kind, Conversation(tuple(names)))
                command = turn.command
                if command is None:
                    continue
                if command["type"] == "vote":
                    r = client.post(f"/api/player/{tokens[name]}/vote", json={"choice": command["choice"]})
                else:
                    body = {k: command.get(k) for k in ("action", "targets", "option", "detail", "copied_option",
                                                        "copied_detail")}
                    r = client.post(f"/api/player/{tokens[name]}/act", json=body)
                assert r.status_code == 200, r.text  # checked by the engine before it was sent: never refused
            live = client.portal.call(service.get, game["id"])
            if live.status != "over" and live.game.phase == phase:  # the site resolves a night all have acted in
                client.post(f"/api/host/{game['admin_token']}/resolve")
        info = client.get(f"/api/host/{game['admin_token']}").json()
        assert info["game"]["status"] == "over"
        record = client.get(f"/api/games/{game['id']}/record").json()
        seed = client.portal.call(service.get, game["id"]).row.seed
        assert verify(record, seed) == []
        town = next(n for n in names if not client.portal.call(service.get, game["id"]).game.view(n).clans)
        heard = client.get(f"/api/player/{tokens[town]}/posts", params={"channel": "clan"})
        assert heard.status_code != 200 or heard.json() == []  # the clan's lines reach only the clan
    assert posted >= 4 and clan_lines >= 2
    prompts = [body["messages"][1]["content"] for body in model.requests]
    assert any("Обсуждение дня 1" in p and "Вы уже" not in p for p in prompts)
