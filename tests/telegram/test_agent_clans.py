"""RULINGS.md, "The double agent's ranks", in Telegram: the agent reads each clan's lines labelled with the
clan, his clan-mates read them as before; his role card names his rank in each clan and each clan apart."""

from __future__ import annotations

from rankedmafia.live.live_game import LiveGame
from rankedmafia.setup import new_game, preset
from rankedmafia.store import GameRow, PostRow
from rankedmafia.telegram.changes import Changes
from rankedmafia.telegram.posts import relay_posts
from rankedmafia.telegram.store import TgGame, TgSeat
from rankedmafia.text.clans import agent_ranks_text


def two_clans(seed: int) -> LiveGame:
    setup = preset("two-clans-20")
    names = [f"Игрок{i}" for i in range(setup.players)]
    row = GameRow("g", "", "t", {"name": "two-clans-20", "players": setup.players, "roles": dict(setup.roles),
                                 "clans": {c: dict(m) for c, m in setup.clans.items()}},
                  {"night_seconds": 60, "day_seconds": 60}, str(seed), "", 0.0)
    live = LiveGame(row, {})
    live.game, live.status = new_game(setup, names, str(seed)), "running"
    return live


def test_the_agent_reads_each_clans_lines_labelled_and_his_card_names_his_ranks() -> None:
    live = two_clans(3)
    game = live.game
    assert game is not None
    (agent,) = game.state.agent_ranks
    members = {clan: [p.name for p in game.state.clan_members(clan) if p.name != agent] for clan in ("red", "black")}
    seats = {name: TgSeat("g", name, 100 + i, None) for i, name in enumerate(game.state.players)}
    tg = TgGame("g", -1, 1, "running", None, None, {}, 0.0)
    rows = [PostRow(1, "clan:red", members["red"][0], "night 1", "красным", 0.0),
            PostRow(2, "clan:black", members["black"][0], "night 1", "чёрным", 0.0)]
    sent = relay_posts(live, tg, seats, rows, {}, "ru")
    to_agent = sorted(i.text for i in sent if i.chat_id == seats[agent].user_id)
    assert to_agent == [f"🕶 Клан «красные», {members['red'][0]}: красным",
                        f"🕶 Клан «чёрные», {members['black'][0]}: чёрным"]
    other = members["red"][1]
    assert [i.text for i in sent if i.chat_id == seats[other].user_id] == [f"🕶 {members['red'][0]}: красным"]

    card = Changes.card(None, live, agent, "ru")  # type: ignore[arg-type]  # builds from the view alone
    assert agent_ranks_text(game.view(agent).ranks) in card
    assert "клан «красные»: " in card and "клан «чёрные»: " in card
