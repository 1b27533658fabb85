#!/usr/bin/env python3
"""How often reruns' intervals overlap when every interval covers exactly as stated.

    python3 scripts/reruns/overlap_chance.py [--runs 10] [--trials 9] [--level 0.95]
                                             [--draws 200000] [--seed 1]

`rerun.py` checks that every two of a trial's reruns have overlapping intervals. Intervals
that cover the truth at exactly their level still fall apart by chance: two of equal width
w = z·s about independent estimates are apart when the estimates differ by more than 2·z·s,
a difference whose standard deviation is s·√2. This prints, for `--runs` reruns of one
trial, the chance that two are apart, that every two overlap (equal widths, then widths
spread over a factor of 3 and of 5, which overlap less), the chance of at least 1 to 5 pairs
apart in a trial, and the distribution of the number of trials among `--trials` whose reruns
all overlap. A confidence sequence, wider than a
fixed-sample interval at the same level, overlaps more often: these are the chances for the
narrowest intervals that hold their level. Standard library only, fixed seed.
"""

import argparse
import math
import random
from statistics import NormalDist


def pairs_apart(rng, runs, z, spread):
    """One trial: `runs` estimates, each N(0, s²) with s log-uniform over [1, spread]; the
    number of pairs whose intervals are apart."""
    intervals = []
    for _ in range(runs):
        s = math.exp(rng.uniform(0.0, math.log(spread))) if spread > 1 else 1.0
        x = rng.gauss(0.0, s)
        intervals.append((x - z * s, x + z * s))
    return sum(
        1
        for i, (lo_i, hi_i) in enumerate(intervals)
        for lo_j, hi_j in intervals[i + 1 :]
        if lo_i > hi_j or lo_j > hi_i
    )


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--trials", type=int, default=9)
    p.add_argument("--level", type=float, default=0.95)
    p.add_argument("--draws", type=int, default=200_000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()

    z = NormalDist().inv_cdf(0.5 + a.level / 2)
    pair_apart = 2 * (1 - NormalDist().cdf(2 * z / math.sqrt(2)))
    pairs = a.runs * (a.runs - 1) // 2
    print(f"{a.level:.0%} intervals of equal width, z = {z:.3f}")
    print(f"  two reruns apart: {pair_apart:.4f} (of {pairs} pairs, {pairs * pair_apart:.2f} expected apart)")

    rng = random.Random(a.seed)
    for spread in (1.0, 3.0, 5.0):
        counts = [pairs_apart(rng, a.runs, z, spread) for _ in range(a.draws)]
        q = counts.count(0) / a.draws
        se = math.sqrt(q * (1 - q) / a.draws)
        label = "equal widths" if spread == 1 else f"widths over a factor of {spread:g}"
        print(f"\n{label}: all {a.runs} overlap {q:.4f} ± {se:.4f} ({a.draws} draws)")
        at_least = ", ".join(
            f"{k}: {sum(c >= k for c in counts) / a.draws:.5f}" for k in range(1, 6)
        )
        print(f"  at least k pairs apart in a trial: {at_least}")
        print(f"  trials of {a.trials} whose reruns all overlap (binomial):")
        for k in range(a.trials, -1, -1):
            pk = math.comb(a.trials, k) * q**k * (1 - q) ** (a.trials - k)
            if pk >= 0.0005:
                print(f"    {k}: {pk:.3f}")
        at_most = sum(
            math.comb(a.trials, k) * q**k * (1 - q) ** (a.trials - k) for k in range(a.trials - 1)
        )
        print(f"    at most {a.trials - 2}: {at_most:.3f}")


if __name__ == "__main__":
    main()
