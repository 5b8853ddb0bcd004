"""AI players in a Telegram game: four seats are AI players (the project's fake model); by day each reads
the group's messages, speaks in the talk's turns and votes by pressing the vote's button, through the same
`AIPlayer` as the arena. Nights are pressed through the keyboards by the harness, for everyone."""

from __future__ import annotations

import asyncio
import time

from rankedmafia.ai.client import ChatClient
from rankedmafia.ai.config import AgentConfig
from rankedmafia.ai.fake_server import FakeModel
from rankedmafia.ai.player import AIPlayer, Turn
from rankedmafia.ai.prompt import POST, VOTE, PromptBuilder
from rankedmafia.ai.talk import Conversation, Floor
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE

from .fakeapi import FakeTelegram
from .harness import NAMES, BotProcess, Table, load


def decide(model: FakeModel, game: Game, name: str, kind: str, talk: Conversation,
           addressed: tuple[str, ...] = ()) -> Turn:
    import httpx2

    config = AgentConfig("fake", "ai", "http://fake.invalid/v1", "scripted")

    async def main() -> Turn:
        client = ChatClient(config, httpx2.AsyncClient(transport=model.transport(), base_url=config.base_url))
        try:
            return await AIPlayer(config, client).decide(PromptBuilder(game), name, kind, talk, addressed)
        finally:
            await client.close()

    return asyncio.run(main())


def test_ai_players_talk_and_vote_in_a_telegram_group(fake: FakeTelegram, bot: BotProcess) -> None:
    table = Table(fake, 12)
    table.sign_up("classic-12")
    fake.wait(lambda: table.group_text("Ночь 1"), 20, "night 1")
    model = FakeModel()
    ai = set(NAMES[1:5])
    said: list[str] = []
    handled: set[int] = set()
    end = time.monotonic() + 240
    while not table.over():
        assert time.monotonic() < end, "the game did not end in time"
        table.night_moves()
        vote = fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup))
        if vote is None or vote.message_id in handled:
            time.sleep(0.05)  # the bot's next screen is polled for, as the harness does
            continue
        handled.add(vote.message_id)
        live, _ = load(bot.data, table.group_id)
        game = live.game
        assert game is not None
        alive = game.alive()
        talk = Conversation(tuple(NAMES[:12]))
        for msg in fake.messages(table.group_id, from_bot=False):
            author = next((n for n, i in table.ids.items() if i == msg.user_id), None)
            if author is not None and msg.text in said:
                talk.add(author, msg.text, game.phase.number)
        floor = Floor([n for n in alive if n in ai], game.phase.number, per_seat=1)
        while (speaker := floor.next_speaker(talk)) is not None:
            turn = decide(model, game, speaker, POST, talk, tuple(floor.addressed(talk, speaker)))
            assert turn.post
            fake.say(table.ids[speaker], table.group_id, turn.post)
            said.append(turn.post)
            talk.add(speaker, turn.post, game.phase.number, bid=turn.bid)
        buttons = {b["text"]: b["callback_data"] for b in vote.buttons()}
        blue = next(label for label in buttons if label not in table.ids)
        for name in alive:
            if name in ai:
                command = decide(model, game, name, VOTE, talk).command
                if command is None:
                    continue
                label = blue if command["choice"] == BLUE else command["choice"]
            else:
                label = table.rng.choice(list(buttons))
            if table.over() or fake.last(table.group_id, lambda m: "🗳" in m.text and bool(m.markup)) \
                    is not vote:
                break  # the day is over (its deadline, or everyone voted)
            table.click(table.ids[name], vote, data=buttons[label])
    assert said  # the AI players spoke in the group
    live, _ = load(bot.data, table.group_id)
    assert live.status == "over"
    prompts = [body["messages"][1]["content"] for body in model.requests]
    assert any(said[0] in p for p in prompts[1:])  # and read each other's messages
