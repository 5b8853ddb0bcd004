"""The day's turns: an addressed player answers first, then those who have not spoken, then by bids;
the quotas bound every day."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.ai.talk import Conversation, Floor, clan_order

NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина")


def test_addressed_by_name_in_any_declension_answers_first() -> None:
    talk = Conversation(NAMES)
    floor = Floor(NAMES, number=1, per_seat=2)
    first = floor.next_speaker(talk)
    assert first == "Борис"  # day 1: the order starts one seat on
    talk.add("Борис", "Всем привет.", 1)
    talk.add("Человек", "Веру я бы проверил, а Глебу верю.", 1)  # a person in the thread
    assert floor.next_speaker(talk) == "Вера"  # «Веру»: addressed first, the earliest addressed first
    assert floor.addressed(talk, "Вера") == ["Человек"]
    talk.add("Вера", "Я мирная.", 1)
    assert floor.next_speaker(talk) == "Глеб"  # «Глебу»
    talk.add("Глеб", "Спасибо.", 1)
    assert floor.next_speaker(talk) == "Дина"  # then who has not spoken, in the day's order
    talk.add("Дина", "Хм.", 1, bid=0)
    talk.add("Аня", "Думаю.", 1, bid=3)
    assert floor.next_speaker(talk) == "Аня"  # then the highest bid
    talk.add("Аня", "Ещё мысль.", 1, bid=4)
    assert floor.next_speaker(talk) == "Борис"  # Аня's two posts are spent; Дина's bid 0 leaves the floor


def test_a_seat_that_passes_leaves_the_floor() -> None:
    talk = Conversation(NAMES)
    floor = Floor(NAMES[:2], number=2, per_seat=3)
    speaker = floor.next_speaker(talk)
    assert speaker is not None
    floor.passed.add(speaker)
    assert floor.next_speaker(talk) not in (speaker, None)


@given(st.lists(st.tuples(st.integers(0, 4), st.sampled_from(["", *NAMES])), min_size=1, max_size=60),
       st.integers(1, 3), st.integers(1, 9))
def test_turns_respect_the_quotas(script: list[tuple[int, str]], per_seat: int, number: int) -> None:
    talk = Conversation(NAMES)
    floor = Floor(NAMES, number=number, per_seat=per_seat, per_day=7)
    steps = 0
    for bid, mention in script:
        speaker = floor.next_speaker(talk)
        if speaker is None:
            break
        talk.add(speaker, f"Слово {mention}", number, bid=bid)
        steps += 1
    posts = talk.day(number)
    assert len(posts) <= 7
    assert all(sum(p.author == n for p in posts) <= per_seat for n in NAMES)
    if steps < len(script):  # the floor closed: the day's bound, or nobody left who wants or may speak
        counts = {n: sum(p.author == n for p in posts) for n in NAMES}
        assert len(posts) == 7 or all(counts[n] == per_seat or (counts[n] and posts[max(
            i for i, p in enumerate(posts) if p.author == n)].bid == 0) for n in NAMES)


def test_clan_chat_reads_only_its_own_and_the_boss_speaks_last() -> None:
    talk = Conversation(NAMES)
    talk.add("Аня", "Убиваем Бориса?", 1, "clan:red")
    talk.add("Глеб", "Днём молчим.", 1)
    assert [p.author for p in talk.readable(["red"])] == ["Аня", "Глеб"]
    assert [p.author for p in talk.readable([])] == ["Глеб"]
    assert clan_order(["Аня", "Вера", "Дина"], "Аня") == ["Вера", "Дина", "Аня"]
