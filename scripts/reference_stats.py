#!/usr/bin/env python3
"""Reference values for duobench's statistics layer (runtime/src/stats).

Regenerate with:

    python3 scripts/reference_stats.py

(needs numpy and scipy: `pip install numpy scipy`). It writes
runtime/tests/fixtures/stats_reference.json, which runtime/src/stats/tests.rs reads.

Every data set is drawn from numpy's default_rng(20261122) and embedded in the JSON, so the
Rust test never depends on reproducing numpy's generator. Summaries, percentiles and the
t-tests come from numpy/SciPy. The confidence-sequence endpoints are computed here
independently of the closed form used in Rust: by root-finding (brentq) on the log of the
t-mixture martingale itself, with the closed form checked against the roots.
"""

import json
import math
import pathlib
import sys

import numpy as np
import scipy
from scipy import optimize, stats

SEED = 20261122
OUT = pathlib.Path(__file__).resolve().parent.parent / "runtime/tests/fixtures/stats_reference.json"
COMMAND = "python3 scripts/reference_stats.py"

PERCENTILES = [5, 25, 50, 75, 95, 99]
# Welch's test on the latencies of a long run reaches millions of df.
DFS = [1.0, 2.5, 7.0, 30.0, 1000.0, 1e4, 1e6, 1e7]
PROBS = [1e-6, 1e-4, 0.001, 0.01, 0.025, 0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.975, 0.99,
         0.999, 0.9999, 0.999999]
T_POINTS = [-1e4, -300.0, -50.0, -7.5, -3.0, -2.0, -1.0, -0.5, -1e-3, 0.0, 1e-3,
            0.5, 1.0, 2.0, 3.0, 7.5, 50.0, 300.0, 1e4]
LEVELS = [0.95, 0.9]


def datasets(rng):
    """The fixed data sets, in a fixed order (the order of draws matters for the seed)."""
    small = rng.normal(10.0, 2.0, 5)
    medium = rng.normal(-0.03, 0.05, 40)
    # Latencies are right-skewed; even their logs are when there is a floor plus a heavy tail.
    latencies_ns = 800.0 + rng.lognormal(mean=5.0, sigma=1.0, size=200)
    skewed_logs = np.log(latencies_ns)
    # Many exact ties, as timer quantisation produces.
    ties = np.round(rng.normal(5.0, 1.0, 30))
    # Two samples with unequal n and unequal variances (Welch's setting).
    two_a = rng.normal(6.0, 0.1, 37)
    two_b = rng.normal(6.05, 0.3, 61)
    return {
        "small": small,
        "medium": medium,
        "skewed_logs": skewed_logs,
        "ties": ties,
        "two_a": two_a,
        "two_b": two_b,
    }


def summary(x):
    return {
        "n": int(x.size),
        "mean": float(np.mean(x)),
        "sd": float(np.std(x, ddof=1)),
        "min": float(np.min(x)),
        "max": float(np.max(x)),
        "percentiles": {str(p): float(np.percentile(x, p, method="linear")) for p in PERCENTILES},
        "mad": float(stats.median_abs_deviation(x, scale=1.0)),
    }


def ttest_1samp(name, x, mu0):
    res = stats.ttest_1samp(x, mu0)
    out = {
        "data": name,
        "mu0": mu0,
        "t": float(res.statistic),
        "p": float(res.pvalue),
        "df": float(res.df),
        "ci": {},
    }
    for level in LEVELS:
        ci = res.confidence_interval(level)
        out["ci"][str(level)] = [float(ci.low), float(ci.high)]
    return out


def welch(name_a, a, name_b, b):
    res = stats.ttest_ind(a, b, equal_var=False)
    out = {
        "a": name_a,
        "b": name_b,
        "diff": float(np.mean(a) - np.mean(b)),
        "t": float(res.statistic),
        "p": float(res.pvalue),
        "df": float(res.df),
        "ci": {},
    }
    for level in LEVELS:
        ci = res.confidence_interval(level)
        out["ci"][str(level)] = [float(ci.low), float(ci.high)]
    return out


def t_distribution():
    out = []
    for df in DFS:
        dist = stats.t(df)
        out.append({
            "df": df,
            "ppf": [[p, float(dist.ppf(p))] for p in PROBS],
            "cdf": [[x, float(dist.cdf(x))] for x in T_POINTS],
            # sf is computed directly by SciPy, so tiny upper tails keep their precision.
            "sf": [[x, float(dist.sf(x))] for x in T_POINTS],
        })
    return out


# ---- Confidence sequence: Lai's t-mixture ------------------------------------------------

def mixture_tau2(alpha, target_n):
    """Robbins' normal-mixture precision, approximately optimal at target_n."""
    l = 2.0 * math.log(1.0 / alpha)
    return (l + math.log1p(l)) / target_n


def log_martingale(t, mean, v, tau2, mu0):
    """ln M_t for H0: mu = mu0, straight from the mixture's definition."""
    d = mean - mu0
    b0 = v + t * d * d
    b1 = v + t * d * d / (1.0 + t * tau2)
    return -0.5 * math.log1p(t * tau2) + 0.5 * t * (math.log(b0) - math.log(b1))


def cs_closed_form(t, mean, v, alpha, tau2):
    q = (alpha / math.sqrt(1.0 + t * tau2)) ** (2.0 / t)
    c = 1.0 / (1.0 + t * tau2)
    if q <= c:
        return None
    h = math.sqrt(v * (1.0 - q) / (t * (q - c)))
    return [mean - h, mean + h]


def cs_by_root(t, mean, v, alpha, tau2):
    """Endpoints where ln M_t = ln(1/alpha), or None if M_t never reaches 1/alpha."""
    target = math.log(1.0 / alpha)
    # As |mu0 - mean| grows, ln M_t rises to its limit (t-1)/2 * ln(1 + t tau^2).
    if 0.5 * (t - 1) * math.log1p(t * tau2) <= target:
        return None
    f = lambda mu0: log_martingale(t, mean, v, tau2, mu0) - target
    scale = math.sqrt(v / t) if v > 0 else 1.0
    hi = scale
    while f(mean + hi) < 0:
        hi *= 2.0
    upper = optimize.brentq(f, mean, mean + hi, xtol=1e-300, rtol=4 * np.finfo(float).eps,
                            maxiter=500)
    lower = optimize.brentq(f, mean - hi, mean, xtol=1e-300, rtol=4 * np.finfo(float).eps,
                            maxiter=500)
    return [lower, upper]


def confidence_sequences():
    cases = [
        # (n, mean, sum of squared deviations V, alpha, target n)
        (2, 0.0, 1.0, 0.05, 100),
        (3, 0.1, 0.02, 0.05, 100),
        (5, 0.1, 0.02, 0.05, 100),
        (4, 0.0, 1.0, 0.05, 4),
        (5, 0.1, 0.02, 0.05, 5),
        (12, 0.2, 0.5, 0.05, 100),
        (10, -0.02, 0.09, 0.05, 100),
        (20, 0.01, 0.0038, 0.05, 20),
        (50, 1.5, 12.0, 0.1, 1000),
        (100, -0.003, 0.0021, 0.05, 100),
        (1000, 0.0004, 0.0199, 0.01, 500),
        (100000, 2e-5, 1.3, 0.05, 2000),
        (200, 3.0, 50.0, 0.001, 200),
    ]
    out = []
    for n, mean, v, alpha, target in cases:
        tau2 = mixture_tau2(alpha, target)
        root = cs_by_root(n, mean, v, alpha, tau2)
        closed = cs_closed_form(n, mean, v, alpha, tau2)
        if (root is None) != (closed is None):
            sys.exit(f"closed form and root disagree on boundedness at n={n}")
        if root is not None:
            for r, c in zip(root, closed):
                if abs(r - c) > 1e-10 * max(abs(r), 1e-3):
                    sys.exit(f"closed form {closed} and root {root} disagree at n={n}")
        out.append({
            "n": n, "mean": mean, "sum_sq_dev": v, "alpha": alpha, "target_n": target,
            "tau2": tau2, "interval": root,
        })
    return out


def main():
    rng = np.random.default_rng(SEED)
    data = datasets(rng)
    one_sample = [
        ttest_1samp("small", data["small"], 0.0),
        ttest_1samp("small", data["small"], 10.0),
        ttest_1samp("medium", data["medium"], 0.0),
        ttest_1samp("medium", data["medium"], -0.03),
        ttest_1samp("skewed_logs", data["skewed_logs"], 7.0),
        ttest_1samp("ties", data["ties"], 5.0),
        ttest_1samp("two_b", data["two_b"], 6.0),
    ]
    two_sample = [
        welch("two_a", data["two_a"], "two_b", data["two_b"]),
        welch("two_b", data["two_b"], "two_a", data["two_a"]),
        welch("small", data["small"], "ties", data["ties"]),
        welch("medium", data["medium"], "skewed_logs", data["skewed_logs"]),
    ]
    doc = {
        "generated_by": COMMAND,
        "versions": {"numpy": np.__version__, "scipy": scipy.__version__},
        "seed": SEED,
        "data": {k: [float(v) for v in x] for k, x in data.items()},
        "summary": {k: summary(x) for k, x in data.items()},
        "ttest_1samp": one_sample,
        "welch": two_sample,
        "t_dist": t_distribution(),
        "confidence_sequence": confidence_sequences(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # repr-exact floats: json writes the shortest string that round-trips.
    OUT.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
