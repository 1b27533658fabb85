#!/usr/bin/env python3
"""Reference values for duobench's #[bench] statistics (runtime/src/stats: regression,
bootstrap, outliers).

Regenerate with:

    python3 scripts/reference_bench.py

(needs numpy and scipy: `pip install numpy scipy`). It writes
runtime/tests/fixtures/bench_reference.json, which runtime/src/stats/tests.rs reads.

The data sets are drawn from numpy's default_rng and embedded in the JSON. Regression
slopes come from numpy's least squares and SciPy's linregress, quartiles from
numpy.percentile. The bootstrap is replayed exactly: SplitMix64 is reimplemented here, with
the same index draw (the high word of next() * n), the same order of draws (for two samples:
the first sample's n indices, then the second's, in every resample) and the same percentile
rule (numpy's "linear", R's type 7), so the Rust intervals must match to rounding.
"""

import json
import pathlib

import numpy as np
import scipy
from scipy import stats

SEED = 20261123
OUT = pathlib.Path(__file__).resolve().parent.parent / "runtime/tests/fixtures/bench_reference.json"
COMMAND = "python3 scripts/reference_bench.py"

# duobench's report defaults (runtime/src/stats/bootstrap.rs).
BOOTSTRAP_SEED = 0x5EED_D00B_E7C4_0001
RESAMPLES = 10_000
LEVELS = [0.95, 0.9]
MASK = (1 << 64) - 1


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64, in Python integers masked to 64 bits."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next_u64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def index_below(self, n):
        return (self.next_u64() * n) >> 64

    def indices(self, n):
        return np.array([self.index_below(n) for _ in range(n)], dtype=np.int64)


def linear_run(rng, n, step, per_iter_ns, fixed_ns, noise, slow):
    """Samples of step, 2 step, ... iterations, with lognormal noise and a few samples
    slowed by `slow` (as interrupts do)."""
    iters = step * np.arange(1, n + 1, dtype=np.float64)
    ns = (per_iter_ns * iters + fixed_ns) * rng.lognormal(0.0, noise, n)
    hit = rng.choice(n, size=3, replace=False)
    ns[hit] *= slow
    return iters, ns


def origin_slope(x, y):
    return float(np.dot(x, y) / np.dot(x, x))


def percentile_interval(dist, level):
    tail = 50.0 * (1.0 - level)
    lo, hi = np.percentile(dist, [tail, 100.0 - tail], method="linear")
    return [float(lo), float(hi)]


def linear_bootstrap(x, y):
    ratios = y / x
    rng = SplitMix64(BOOTSTRAP_SEED)
    slopes, means, medians = [], [], []
    for _ in range(RESAMPLES):
        idx = rng.indices(len(x))
        slopes.append(origin_slope(x[idx], y[idx]))
        means.append(float(np.mean(ratios[idx])))
        medians.append(float(np.median(ratios[idx])))
    point = {
        "slope": origin_slope(x, y),
        "mean": float(np.mean(ratios)),
        "median": float(np.median(ratios)),
    }
    dists = {"slope": slopes, "mean": means, "median": medians}
    return {
        name: {
            "point": point[name],
            "intervals": {str(level): percentile_interval(dists[name], level) for level in LEVELS},
        }
        for name in point
    }


def change_bootstrap(old, new):
    (ox, oy), (nx, ny) = old, new
    rng = SplitMix64(BOOTSTRAP_SEED)
    changes = []
    for _ in range(RESAMPLES):
        a = rng.indices(len(ox))
        b = rng.indices(len(nx))
        changes.append(origin_slope(nx[b], ny[b]) / origin_slope(ox[a], oy[a]) - 1.0)
    return {
        "point": origin_slope(nx, ny) / origin_slope(ox, oy) - 1.0,
        "intervals": {str(level): percentile_interval(changes, level) for level in LEVELS},
    }


def tukey(values):
    q1, q3 = np.percentile(values, [25, 75], method="linear")
    iqr = q3 - q1
    fences = [q1 - 3 * iqr, q1 - 1.5 * iqr, q3 + 1.5 * iqr, q3 + 3 * iqr]
    return {
        "fences": [float(f) for f in fences],
        "low_severe": int(np.sum(values < fences[0])),
        "low_mild": int(np.sum((values >= fences[0]) & (values < fences[1]))),
        "high_mild": int(np.sum((values > fences[2]) & (values <= fences[3]))),
        "high_severe": int(np.sum(values > fences[3])),
    }


def regression(x, y):
    fit = stats.linregress(x, y)
    lstsq = np.linalg.lstsq(x[:, None], y, rcond=None)[0][0]
    return {
        "slope_through_origin": float(lstsq),
        "slope": float(fit.slope),
        "intercept": float(fit.intercept),
        "r_squared": float(fit.rvalue ** 2),
    }


def main():
    rng = np.random.default_rng(SEED)
    runs = {
        "fast": linear_run(rng, 100, 1_013, 2.37, 31.0, 0.02, 1.8),
        "old": linear_run(rng, 40, 211, 5.1, 12.0, 0.03, 1.5),
        "new": linear_run(rng, 55, 199, 6.0, 12.0, 0.03, 1.5),
    }
    first = SplitMix64(BOOTSTRAP_SEED)
    doc = {
        "generated_by": COMMAND,
        "versions": {"numpy": np.__version__, "scipy": scipy.__version__},
        "seed": SEED,
        "bootstrap_seed": BOOTSTRAP_SEED,
        "resamples": RESAMPLES,
        "first_indices_below_100": [first.index_below(100) for _ in range(20)],
        "runs": {k: {"iters": [float(v) for v in x], "ns": [float(v) for v in y]}
                 for k, (x, y) in runs.items()},
        "regression": {k: regression(x, y) for k, (x, y) in runs.items()},
        "bootstrap": {k: linear_bootstrap(x, y) for k, (x, y) in runs.items()},
        "change_old_to_new": change_bootstrap(runs["old"], runs["new"]),
        "tukey": {k: tukey(y / x) for k, (x, y) in runs.items()},
        "welch_new_vs_old_per_iteration": float(
            stats.ttest_ind(runs["new"][1] / runs["new"][0], runs["old"][1] / runs["old"][0],
                            equal_var=False).pvalue),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # repr-exact floats: json writes the shortest string that round-trips.
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
