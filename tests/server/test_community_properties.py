"""Invariants of the community features: what a push tells (live/push.py) and the combining-marks look-alike
(live/nicknames.py)."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.live.nicknames import bare, fold
from rankedmafia.live.push import worth_telling

phases = st.builds(lambda kind, n, move: f"{kind}:{n}" + (":move" if move else ""),
                   st.sampled_from(["night", "day"]), st.integers(1, 9), st.booleans())
states = st.one_of(phases, st.just("over"), st.just("lobby"))


@given(states, states)
def test_a_push_tells_a_new_phase_or_a_move_and_nothing_else(told: str, now: str) -> None:
    news = worth_telling(told, now)
    if told == now or now == "lobby":
        assert not news
    elif told.removesuffix(":move") != now.removesuffix(":move"):
        assert news  # a phase ended, or the game
    else:
        assert news == (now.endswith(":move") and not told.endswith(":move"))  # his move came, not went


# the breve is left out: on «и» and «у» it makes «й» and «ў», letters of their own that `bare` keeps
marks = st.lists(st.sampled_from(["\u0301", "\u0300", "\u0308", "\u0323", "\u0327"]), max_size=3)


@given(st.text(alphabet="абвгдежзиклмнопрстуфхцчшщыэюяABCDEFGH", min_size=1, max_size=10), st.data())
def test_marks_added_anywhere_leave_the_bare_name(name: str, data: st.DataObject) -> None:
    marked = "".join(c + "".join(data.draw(marks)) for c in name)
    assert fold(bare(marked)) == fold(bare(name)) == fold(name)
    assert bare(bare(marked)) == bare(marked)
    assert not any(unicodedata.category(c).startswith("M") for c in bare(marked))
