"""AI players against the project's fake server: scripted, malformed and illegal answers, slow answers,
429s and a server without schemas, over loopback HTTP and in process."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from rankedmafia.ai.client import ChatClient
from rankedmafia.ai.fake_server import FakeModel, Step, serve
from rankedmafia.ai.player import AIPlayer, Turn
from rankedmafia.ai.prompt import NIGHT, VOTE, PromptBuilder
from rankedmafia.ai.seats import seat_names
from rankedmafia.rules.game import Game
from rankedmafia.setup import new_game, preset

from .helpers import ai_config, client_for

T = TypeVar("T")


def fresh_game() -> Game:
    names, sexes = seat_names(12)
    return new_game(preset("classic-12"), names, "player-tests", sexes=sexes)


def actor(game: Game) -> str:
    return next(n for n in game.alive() if game.choices(n))


def decide(model: FakeModel, kind: str = NIGHT, http: bool = False, **config: Any) -> tuple[Turn, Game]:
    game = fresh_game()
    name = actor(game) if kind == NIGHT else game.alive()[0]

    async def main() -> Turn:
        if http:
            runner, port = await serve(model)
            client = ChatClient(ai_config(**config).__class__(
                **{**ai_config(**config).as_mapping(), "base_url": f"http://127.0.0.1:{port}/v1"}))
        else:
            client = client_for(model, ai_config(**config))
        try:
            return await AIPlayer(client.config, client).decide(PromptBuilder(game), name, kind)
        finally:
            await client.close()
            if http:
                await runner.cleanup()

    return asyncio.run(main()), game


def check_turn(turn: Turn, game: Game) -> None:
    """The command handed back is one the engine takes."""
    assert turn.command is not None
    game.apply(turn.command)


def test_legal_answer_over_http_and_in_process() -> None:
    for http in (True, False):
        model = FakeModel()
        turn, game = decide(model, http=http)
        check_turn(turn, game)
        assert turn.invalid == 0 and not turn.passed and turn.prompt_tokens > 0 and turn.seconds > 0
        assert len(model.requests) == 1
        assert model.requests[0]["response_format"]["type"] == "json_schema"


def test_malformed_then_legal_is_asked_again_with_the_refusal() -> None:
    model = FakeModel()
    model.queue(Step("malformed"))
    turn, game = decide(model, http=True)
    check_turn(turn, game)
    assert turn.invalid == 1 and len(model.requests) == 2
    retry = model.requests[1]["messages"]
    assert retry[-2]["role"] == "assistant" and retry[-1]["content"].startswith("Ведущий не принял ответ: Ответ не")


def test_two_refusals_pass_and_count() -> None:
    model = FakeModel()
    model.queue(Step("illegal"), Step("illegal"))
    turn, game = decide(model)
    assert turn.passed and turn.command is None and turn.invalid == 2 and len(model.requests) == 2
    assert "Номера 999 нет" in model.requests[1]["messages"][-1]["content"]
    assert game.commands == []


def test_429_is_retried_after_its_retry_after() -> None:
    model = FakeModel()
    model.queue(Step("429", seconds=0.05), Step("429", seconds=0.05))
    turn, game = decide(model, http=True)
    check_turn(turn, game)
    assert turn.retries == 2 and turn.seconds >= 0.1 and turn.invalid == 0


def test_slow_answer_times_out_and_is_retried_within_the_deadline() -> None:
    model = FakeModel()
    model.queue(Step("slow", seconds=5.0))
    turn, game = decide(model, timeout=0.2, deadline=30.0)
    check_turn(turn, game)
    assert turn.retries == 1 and not turn.timed_out


def test_no_answer_within_the_deadline_passes() -> None:
    model = FakeModel()
    model.queue(*[Step("429", seconds=0.2) for _ in range(20)])
    turn, game = decide(model, deadline=0.5)
    assert turn.passed and turn.timed_out and turn.command is None and game.commands == []


def test_a_live_phase_deadline_bounds_the_retries() -> None:
    import time

    from rankedmafia.ai.client import monotonic_deadline

    model = FakeModel()
    model.queue(*[Step("429", seconds=0.1) for _ in range(50)])
    game = fresh_game()

    async def main() -> Turn:
        client = client_for(model)
        try:
            return await AIPlayer(client.config, client).decide(PromptBuilder(game), actor(game), NIGHT,
                                                                deadline=monotonic_deadline(time.time() + 1.4))
        finally:
            await client.close()

    turn = asyncio.run(main())
    assert turn.timed_out and 0.3 <= turn.seconds < 5 and 1 <= turn.retries < 50


def test_server_without_schema_falls_back_to_text() -> None:
    model = FakeModel(schema_supported=False)
    game = fresh_game()
    name = game.alive()[0]
    game.resolve()  # the night passes: a day, to vote
    model.queue(Step("no_schema"), Step("text", text="Голосую: [3] — так подсказывает чутьё"))

    async def main() -> Turn:
        client = client_for(model)
        try:
            return await AIPlayer(client.config, client).decide(PromptBuilder(game), name, VOTE)
        finally:
            await client.close()

    turn = asyncio.run(main())
    assert turn.command == {"type": "vote", "voter": name, "choice": game.alive()[2]}
    assert "response_format" not in model.requests[-1]
    check_turn(turn, game)


def test_text_mode_never_sends_a_schema() -> None:
    model = FakeModel()
    model.queue(Step("text", text=json.dumps({"choice": 0, "targets": []})))
    turn, _ = decide(model, structured="text")
    assert turn.passed and turn.invalid == 0 and "response_format" not in model.requests[0]


def run(coro: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(coro())  # type: ignore[arg-type]
