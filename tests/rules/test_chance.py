"""The labelled draws: each is HMAC-SHA256 of the committed seed's material and its label, whoever computes
it (`rankedmafia verify` and anyone holding the published seed recompute them with any HMAC)."""

from __future__ import annotations

import copy
import hashlib
import hmac
import pickle
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rankedmafia.rules.chance import Chance, ChanceMode, commitment, seed_material


def _reference(seed: int | str, label: str) -> int:
    return int.from_bytes(hmac.digest(seed_material(seed), label.encode(), "sha256"), "big")


@given(seed=st.one_of(st.integers(), st.text(max_size=120)), label=st.text(max_size=80))
def test_a_draw_is_the_hmac_of_the_seed_and_its_label(seed: int | str, label: str) -> None:
    assert Chance(seed)._number(label) == _reference(seed, label)


def test_a_seed_longer_than_a_hash_block_is_hashed_first_as_hmac_says() -> None:
    seed = "долгое зерно " * 10  # its material is over 64 bytes
    assert len(seed_material(seed)) > 64
    assert Chance(seed)._number("deal/11#0") == _reference(seed, "deal/11#0")


def test_a_chance_pickled_or_copied_draws_the_same() -> None:
    chance = Chance("same", ChanceMode.SEEDED)
    for other in (pickle.loads(pickle.dumps(chance)), copy.deepcopy(chance)):
        assert other == chance
        assert other._number("night1:visit_silence:Маша:Вася") == chance._number("night1:visit_silence:Маша:Вася")


def test_an_even_chance_happens_exactly_below_half_the_space() -> None:
    chance = Chance(7)
    labels = [f"night{n}:serum_exposure:Маша" for n in range(1, 40)]
    assert [chance.happens(label, Fraction(1, 2)) for label in labels] == [
        _reference(7, label) < 1 << 255 for label in labels]
    assert all(Chance(7, ChanceMode.ALWAYS).happens(label, Fraction(1, 2)) for label in labels)
    assert not any(Chance(7, ChanceMode.NEVER).happens(label, Fraction(1, 2)) for label in labels)


def test_the_commitment_is_the_sha256_of_the_seed_material() -> None:
    assert commitment(7) == hashlib.sha256(b"rankedmafia:1:7").hexdigest()
