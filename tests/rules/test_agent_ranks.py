"""RULINGS.md, "The double agent's ranks": in each clan the ranks are one sequence, 1 to n, that counts the
agent at his place, and nothing a member is shown tells the agent from an ordinary mafioso.

Over many seeded two-clan deals (the two-clans-20 preset and clans of one to three ranks, with or without
other mafia roles), every member of each clan is shown (his view, his card, his clan's list, the site's
player data, his AI prompt) ranks 1 to n with no gap and no duplicate, his own card's rank is his rank on
the list, the succession follows the list, and the table's list of roles does not depend on the agent's
place."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from rankedmafia.ai.prompt import CLAN, NIGHT, PromptBuilder
from rankedmafia.forum.cards import card_text
from rankedmafia.live.live_game import LiveGame
from rankedmafia.rules.abilities import clan_chain
from rankedmafia.rules.game import Game
from rankedmafia.rules.seating import Seat
from rankedmafia.script import play, record
from rankedmafia.server.views import player_data
from rankedmafia.setup import new_game, preset
from rankedmafia.store import GameRow, SeatRow
from rankedmafia.text.clans import agent_ranks_text, card_role
from rankedmafia.text.roles import role_name
from rankedmafia.text.summary import Renderer
from rankedmafia.verify import script_from_record, verify

RANK = re.compile(r"^mafia(\d)$")
OTHERS = ("mafia_journalist", "lawyer", "thug")


def _rank(role: str) -> int | None:
    found = RANK.match(role)
    return int(found.group(1)) if found else None


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Seat], int]:
    """Two clans of one to three ranks each, maybe another mafia role in each, the agent (his ranks pinned
    or drawn), and a town."""
    seats: list[Seat] = []
    for clan in ("red", "black"):
        for rank in range(1, draw(st.integers(1, 3)) + 1):
            seats.append(Seat(f"{clan}{rank}", f"mafia{rank}", clan=clan))
        if draw(st.booleans()):
            seats.append(Seat(f"{clan}-x", draw(st.sampled_from(OTHERS)), clan=clan))
    ranks = None
    if draw(st.booleans()):
        ranks = {clan: draw(st.integers(1, 1 + sum(1 for s in seats if s.clan == clan and s.role.startswith("mafia")
                                                      and s.role[-1].isdigit())))
                 for clan in ("red", "black")}
    seats.append(Seat("agent", "double_agent", ranks=ranks))
    seats += [Seat("commissar", "commissar"), Seat("doctor", "doctor")]
    seats += [Seat(f"town{i}", "civilian") for i in range(draw(st.integers(2, 6)))]
    order = draw(st.permutations(seats))
    return list(order), draw(st.integers(0, 10**6))


def check_clans(game: Game) -> None:
    """Each clan's list is one sequence 1..n that every member reads alike, the agent one rank of it; each
    member's own card and prompt name the rank the list gives him; the succession follows the list."""
    state = game.state
    builder = PromptBuilder(game)
    renderer = Renderer("ru")
    (agent,) = state.agent_ranks
    for clan in sorted({p.clan for p in state.players.values() if p.clan is not None}):
        members = [p.name for p in state.clan_members(clan, alive_only=False)]
        lists = [game.view(name).clan_lists[clan] for name in members]
        shown = lists[0]
        assert all(seen == shown for seen in lists), "every member reads the same list"
        numbers = sorted(n for n in map(_rank, shown.values()) if n is not None)
        assert numbers == list(range(1, len(numbers) + 1)), shown
        assert shown[agent] == f"mafia{state.agent_ranks[agent][clan]}"
        chain = [n for n in clan_chain(state, clan) if _rank(shown[n]) is not None]
        assert [_rank(shown[n]) for n in chain] == numbers, "the succession follows the list's ranks"
        assert state.bosses[clan] == clan_chain(state, clan)[0]
        for name in members:
            view = game.view(name)
            card = card_text(game, name, renderer)
            system = builder.prompt(name, NIGHT).system
            if name == agent:
                assert view.ranks == state.agent_ranks[agent]
                assert agent_ranks_text(view.ranks) in card and agent_ranks_text(view.ranks) in system
                continue
            assert view.role == shown[name], "his card's rank is his rank on the list"
            assert f"ваша роль: {role_name(shown[name])}." in card
            assert f"Ваша роль: {role_name(shown[name])}." in system
            for other, role in shown.items():  # the agent listed like any member, by his rank
                assert f"{other} ({role_name(role)}" in card
                if other != name:
                    assert f"{other} ({role_name(role)})" in system
            assert role_name("double_agent") not in card
            assert f"{agent} ({role_name('double_agent')}" not in system


@settings(max_examples=100, deadline=None)
@given(deals())
def test_every_member_reads_one_sequence_of_ranks(deal: tuple[list[Seat], int]) -> None:
    seats, seed = deal
    check_clans(Game(seats, seed=seed))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_the_two_clans_preset_and_its_site_data(seed: int) -> None:
    setup = preset("two-clans-20")
    names = [f"Игрок{i}" for i in range(setup.players)]
    game = new_game(setup, names, seed)
    check_clans(game)
    row = GameRow("g", "", "t", {"name": "two-clans-20", "players": setup.players, "roles": dict(setup.roles),
                                 "clans": {c: dict(m) for c, m in setup.clans.items()}},
                  {"night_seconds": 60, "day_seconds": 60}, str(seed), "", 0.0)
    live = LiveGame(row, {n: SeatRow(n, i, n, "", 0.0) for i, n in enumerate(names)})
    live.game, live.status = game, "running"
    (agent,) = game.state.agent_ranks
    for name in names:
        view = game.view(name)
        if not view.clans:
            continue
        me = player_data(live, name, "ru")["me"]
        if name == agent:
            assert me["role_name"] == card_role("double_agent", view.ranks)
            assert {c["clan"]: {m["name"]: m["role"] for m in c["members"]} for c in me["clan_lists"]} \
                == view.clan_lists
            continue
        (listed,) = me["clan_lists"]
        roles = {m["name"]: m["role"] for m in listed["members"]}
        assert roles == {m["name"]: m["role"] for m in me["clan"]}
        assert me["role"] == roles[name] and me["role_name"] == role_name(roles[name])
        assert roles[agent] == f"mafia{view.clan_lists[listed['clan']][agent][-1]}"
        assert "double_agent" not in str(me)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 3), st.integers(1, 3), st.integers(1, 4), st.integers(1, 3))
def test_the_tables_list_of_roles_does_not_depend_on_the_agents_place(seed: int, red: int, black: int,
                                                                        at_red: int, at_black: int) -> None:
    """The setup as the host announces it, and the roles anyone may name (the doctor's sources, the
    joker's copies), are the same wherever the deal puts the agent."""
    def game(ranks: dict[str, int]) -> Game:
        seats = [Seat(f"r{i}", f"mafia{i}", clan="red") for i in range(1, red + 1)]
        seats += [Seat(f"b{i}", f"mafia{i}", clan="black") for i in range(1, black + 1)]
        seats += [Seat("agent", "double_agent", ranks=ranks), Seat("doc", "doctor"), Seat("c1", "civilian")]
        return Game(seats, seed=seed)

    first = game({"red": 1, "black": 1})
    other = game({"red": min(at_red, red + 1), "black": min(at_black, black + 1)})
    assert first.setup_roles() == other.setup_roles()
    assert first.state.setup_roles() == other.state.setup_roles()
    assert first.option_choices("doc", "heal_from") == other.option_choices("doc", "heal_from")


def test_a_record_with_pinned_ranks_verifies_and_keeps_them() -> None:
    """A replay of the record deals the agent at the ranks the script pinned, not at a new draw."""
    script = {"format": 1, "seed": 5, "chance": "never", "players": [
        {"name": "Вася", "role": "mafia1", "clan": "red"}, {"name": "Петя", "role": "mafia2", "clan": "red"},
        {"name": "Гриша", "role": "mafia1", "clan": "black"}, {"name": "Лёша", "role": "mafia2", "clan": "black"},
        {"name": "Зина", "role": "double_agent", "clan": ["red", "black"], "ranks": {"red": 1, "black": 3}},
        {"name": "Коля", "role": "commissar"}, {"name": "Лена", "role": "civilian"}],
        "phases": [{"night": [{"actor": "Коля", "action": "check", "targets": ["Вася"]}]}]}
    rec = record(play(script))
    assert {p["name"]: p["role"] for p in rec["players"]}["Вася"] == "mafia2"
    assert {p["name"]: p.get("ranks") for p in rec["players"]}["Зина"] == {"red": 1, "black": 3}
    assert verify(rec, 5) == []
    assert record(play(script_from_record(rec, 5)))["players"] == rec["players"]


def test_the_agents_prompt_names_the_clan_he_writes_to() -> None:
    """He writes to each clan's chat apart: asked for a line, he is told which clan reads it."""
    game = new_game(preset("two-clans-20"), [f"Игрок{i}" for i in range(20)], 7)
    (agent,) = game.state.agent_ranks
    builder = PromptBuilder(game)
    for clan, words in (("red", "красные"), ("black", "чёрные")):
        user = builder.prompt(agent, CLAN, clan=clan).user
        assert f"чат: клан «{words}» (её прочтут только члены этого клана)" in user
    member = next(p.name for p in game.state.clan_members("red") if p.name != agent)
    assert "клан «" not in builder.prompt(member, CLAN, clan="red").user.split("\n")[-2]
