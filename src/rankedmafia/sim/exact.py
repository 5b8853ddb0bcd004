"""The exact win probability of a vanilla game under the vanilla random policy.

A vanilla setup is civilians against ranked mafia only (no other role). Under `VanillaPolicy` every
living player votes red for a player drawn uniformly among the living (himself included) and the boss
kills one uniformly drawn non-mafioso each night, so the game is a Markov chain over (town alive,
mafia alive, phase) and its outcome can be computed exactly with fractions. The recursion follows the
engine's rules (rules/day.py, rules/victory.py):

- the night: the boss's single kill always lands (no role can stop it in a vanilla game);
- the day: a candidate is hanged only when his red weight is strictly greater than the blue weight (0
  here) and nobody ties him at the top; with the house rule `tie: random` one of the tied is hanged. All
  players being alike to the voters, each is equally likely to be the one hanged;
- victory after every night and every day: the town wins when no mafioso lives, the mafia when they are
  at least half of the living (and, with nobody alive, a draw, which cannot happen here).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from rankedmafia.setup import Setup

RANKED_MAFIA = ("mafia1", "mafia2", "mafia3")


def vanilla_setup(players: int, mafia: int | None = None, tie: str = "nobody", start: str = "night") -> Setup:
    """`players` seats, `mafia` of them ranked mafia (by default a third, 1 to 3), civilians for the rest."""
    count = min(3, max(1, players // 3)) if mafia is None else mafia
    if not 1 <= count <= len(RANKED_MAFIA):
        raise ValueError("a vanilla setup has 1 to 3 ranked mafiosi")
    rules = {} if tie == "nobody" else {"tie": tie}
    roles = dict.fromkeys(RANKED_MAFIA[:count], 1)
    return Setup.from_mapping({"name": f"vanilla-{players}-{count}", "players": players, "roles": roles,
                               "rules": rules, "start": start})


def is_vanilla(setup: Setup) -> bool:
    return all(role in RANKED_MAFIA or role == "civilian" for role, n in setup.roles.items() if n > 0)


@cache
def _capped(voters: int, bins: int, cap: int) -> int:
    """Ways to send `voters` labelled votes into `bins` labelled candidates, each receiving at most `cap`."""
    if bins == 0:
        return 1 if voters == 0 else 0
    if cap < 0:
        return 0
    return sum(comb(voters, k) * _capped(voters - k, bins - 1, cap) for k in range(min(cap, voters) + 1))


@cache
def hang_probability(voters: int, candidates: int, tie: str = "nobody") -> Fraction:
    """The probability that someone is hanged when `voters` votes go uniformly to `candidates` players."""
    if voters == 0 or candidates == 0:
        return Fraction(0)
    if tie == "random":
        return Fraction(1)
    # by symmetry: candidates x P(candidate 1 gets k votes and everyone else fewer), summed over k >= 1
    ways = sum(comb(voters, k) * _capped(voters - k, candidates - 1, k - 1) for k in range(1, voters + 1))
    return Fraction(candidates * ways, candidates**voters)


def _winner(town: int, mafia: int) -> str | None:
    if town + mafia == 0:
        return "draw"
    if mafia == 0:
        return "town"
    if 2 * mafia >= town + mafia:
        return "mafia"
    return None


@cache
def _outcome(town: int, mafia: int, night: bool, tie: str) -> tuple[Fraction, Fraction]:
    """(P(town wins), P(mafia wins)) from the start of a phase with these living players."""
    if night:
        after = (town - 1, mafia) if town > 0 else (town, mafia)
        return _settled(*after, night=False, tie=tie)
    living = town + mafia
    hang = hang_probability(living, living, tie)
    town_hanged = hang * Fraction(town, living)
    mafia_hanged = hang * Fraction(mafia, living)
    result = [Fraction(0), Fraction(0)]
    for p, (t, m) in ((town_hanged, (town - 1, mafia)), (mafia_hanged, (town, mafia - 1)),
                      (1 - hang, (town, mafia))):
        if p:
            won_town, won_mafia = _settled(t, m, night=True, tie=tie)
            result[0] += p * won_town
            result[1] += p * won_mafia
    return result[0], result[1]


def _settled(town: int, mafia: int, night: bool, tie: str) -> tuple[Fraction, Fraction]:
    winner = _winner(town, mafia)
    if winner == "town":
        return Fraction(1), Fraction(0)
    if winner is not None:
        return Fraction(0), Fraction(1) if winner == "mafia" else Fraction(0)
    return _outcome(town, mafia, night, tie)


def exact_vanilla(setup: Setup) -> dict[str, Fraction]:
    """The exact probability of each outcome of `setup` (a vanilla setup) under `VanillaPolicy`."""
    if not is_vanilla(setup):
        raise ValueError(f"{setup.name} is not vanilla: only civilians and ranked mafia are modelled")
    roles = setup.role_list()
    mafia = sum(1 for role in roles if role in RANKED_MAFIA)
    town = len(roles) - mafia
    tie = str(setup.rules.get("tie", "nobody"))
    won_town, won_mafia = _outcome(town, mafia, night=setup.start == "night", tie=tie)  # no check before
    return {"town": won_town, "mafia": won_mafia, "draw": 1 - won_town - won_mafia}
