"""Every probabilistic effect of the game as a labelled, auditable draw.

A draw is HMAC-SHA256(seed material, label): the same seed and label always give the same outcome, the
outcome of one draw never depends on which other draws were made, and anyone holding the published seed
can recompute every draw of a finished game. The seed is committed at the start as SHA-256 of its
material, so the host cannot change it afterwards.

Probabilities are exact fractions. A yes/no draw compares a 256-bit number with p * 2**256, which is
exact for the game's probabilities (1/2, 3/4); uniform choices use rejection sampling, so they are exact
for any number of options.
"""

from __future__ import annotations

import hashlib
from enum import StrEnum
from fractions import Fraction

_SPACE = 1 << 256
_BLOCK = 64  # SHA-256's block size in bytes
_IPAD = bytes(x ^ 0x36 for x in range(256))  # HMAC's inner and outer pads, as byte translations
_OPAD = bytes(x ^ 0x5C for x in range(256))


class ChanceMode(StrEnum):
    SEEDED = "seeded"
    ALWAYS = "always"
    NEVER = "never"


def seed_material(seed: int | str) -> bytes:
    return f"rankedmafia:1:{seed}".encode()


def commitment(seed: int | str) -> str:
    """The SHA-256 hex digest published before the game starts."""
    return hashlib.sha256(seed_material(seed)).hexdigest()


class Chance:
    """The game's only source of randomness."""

    __slots__ = ("_inner", "_outer", "mode", "seed")

    def __init__(self, seed: int | str, mode: ChanceMode = ChanceMode.SEEDED) -> None:
        self.seed = seed
        self.mode = mode
        # HMAC-SHA256 (RFC 2104) with the key's two padded blocks hashed once for the game: each draw then
        # costs the two hashes of its label alone (hmac.digest would set the key up again every time)
        key = seed_material(seed)
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key.ljust(_BLOCK, b"\0")
        self._inner = hashlib.sha256(key.translate(_IPAD))
        self._outer = hashlib.sha256(key.translate(_OPAD))

    def __reduce__(self) -> tuple[type[Chance], tuple[int | str, ChanceMode]]:
        return Chance, (self.seed, self.mode)  # the hashes' states are made again from the seed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chance) and (self.seed, self.mode) == (other.seed, other.mode)

    def __hash__(self) -> int:
        return hash((self.seed, self.mode))

    def __repr__(self) -> str:
        return f"Chance(<seed>, {self.mode.value})"  # never the seed itself: it is secret until the end

    def _number(self, label: str) -> int:
        """HMAC-SHA256(seed material, label) as a 256-bit number."""
        inner = self._inner.copy()
        inner.update(label.encode())
        outer = self._outer.copy()
        outer.update(inner.digest())
        return int.from_bytes(outer.digest(), "big")

    def happens(self, label: str, p: Fraction) -> bool:
        """Whether an effect of probability p happens. Certain and impossible effects ignore the mode."""
        numerator, denominator = p.numerator, p.denominator  # plain integers: Fraction comparisons are slow
        if numerator >= denominator:
            return True
        if numerator <= 0:
            return False
        if self.mode is ChanceMode.ALWAYS:
            return True
        if self.mode is ChanceMode.NEVER:
            return False
        return self._number(label) * denominator < numerator * _SPACE

    def index(self, label: str, n: int) -> int:
        """A uniform choice among n options (exact, by rejection sampling)."""
        if n <= 0:
            raise ValueError("nothing to choose from")
        limit = _SPACE - _SPACE % n
        attempt = 0
        while True:
            value = self._number(f"{label}#{attempt}")
            if value < limit:
                return value % n
            attempt += 1

    def shuffle(self, label: str, items: list[str]) -> list[str]:
        """A uniformly random permutation (Fisher-Yates on labelled draws)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.index(f"{label}/{i}", i + 1)
            result[i], result[j] = result[j], result[i]
        return result


HALF = Fraction(1, 2)
THREE_QUARTERS = Fraction(3, 4)
