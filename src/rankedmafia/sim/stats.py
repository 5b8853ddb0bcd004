"""Confidence intervals for proportions."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal
Z99 = 2.5758293035489004  # the two-sided 99% quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (well behaved near 0 and 1 and for few trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # exact at the ends (the float arithmetic would leave 1e-17 there), and never excluding the estimate
    low = 0.0 if successes == 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes == trials else max(p, min(1.0, centre + half))
    return (low, high)
