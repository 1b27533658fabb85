#!/usr/bin/env python3
"""Variance-time analysis of the JSON lines of `validate --wander`.

    cargo run --release -p duobench-examples --bin validate -- --wander --runs 3 > out.jsonl
    python3 analyze.py out.jsonl      # per pair, pooling reps
    python3 analyze.py --selftest     # white noise (R~1) and slow AR(1) (R grows)

R(m) = Var(means of non-overlapping blocks of m duos) / (Var(single duos)/m). Each rep's own
mean is subtracted; variances use degrees of freedom sum(k_r - 1) (k_r blocks in rep r), which
is the brief's 1/(1 - m/n_rep) bias correction, exact for white noise. A rep counts at
scale m only if it has >= 8 blocks. Wander sd(m) = sqrt(max(0, Var(block means) - Var1/m)).
If stride > 1, one "duo" below is one kept point (stride duos apart).
"""
import json
import math
import random
import sys

MS = [1, 2, 4, 8, 16, 32, 64, 128]
MIN_BLOCKS = 8


def mean(xs):
    return sum(xs) / len(xs)


def analyse(series_list):
    """series_list: list of per-rep lists of log-diffs. Returns (n, sd1, rows)."""
    series_list = [s for s in series_list if len(s) >= 2]
    ss1 = sum(sum((x - mean(s)) ** 2 for x in s) for s in series_list)
    df1 = sum(len(s) - 1 for s in series_list)
    var1 = ss1 / df1
    rows = []
    for m in MS:
        ss, df = 0.0, 0
        for s in series_list:
            k = len(s) // m
            if k < MIN_BLOCKS:
                continue
            blocks = [mean(s[i * m:(i + 1) * m]) for i in range(k)]
            mu = mean(blocks)  # the rep's mean over the duos used
            ss += sum((b - mu) ** 2 for b in blocks)
            df += k - 1
        if df == 0:
            continue
        varm = ss / df
        r = varm / (var1 / m)
        wander = math.sqrt(max(0.0, varm - var1 / m))
        se = r * math.sqrt(2.0 / df)  # rough: chi-square spread of the block variance
        rows.append((m, df, r, se, wander))
    return sum(len(s) for s in series_list), math.sqrt(var1), rows


def report(name, series_list, extra=""):
    n, sd1, rows = analyse(series_list)
    print(f"== {name}: {n} duos in {len(series_list)} rep(s), sd of single duo log-diff "
          f"{100 * sd1:.3f}%{extra}")
    print(f"  {'m':>4} {'df':>5} {'R(m)':>7} {'~se':>6} {'wander sd %':>12}")
    for m, df, r, se, w in rows:
        print(f"  {m:>4} {df:>5} {r:>7.3f} {se:>6.3f} {100 * w:>12.4f}")
    return rows


def main(path):
    by_pair = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                d = json.loads(line)
                by_pair.setdefault(d["pair"], []).append(d)
    for pair, recs in by_pair.items():
        recs.sort(key=lambda d: d["rep"])
        series = [[x for x in d["duo_log_diffs"] if x is not None] for d in recs]
        ratios = " ".join(f"{d['ratio']:.4f}" for d in recs)
        strides = sorted({d["stride"] for d in recs})
        clocks = sorted({d["clock"] for d in recs})
        report(pair, series, f"\n  ratios per rep: {ratios}; stride {strides}; clock {clocks}")


def selftest():
    rng = random.Random(12345)
    sims, n = 200, 1000
    # White noise, 1% per duo: mean R(m) over many simulated 1-rep runs must be ~1.
    acc = {}
    for _ in range(sims):
        s = [rng.gauss(0, 0.01) for _ in range(n)]
        for m, _, r, _, _ in analyse([s])[2]:
            acc.setdefault(m, []).append(r)
    print(f"white noise, {sims} sims x {n} duos: mean R(m) (bias-corrected)")
    for m in sorted(acc):
        print(f"  m={m:>3}: R={mean(acc[m]):.3f}")
        assert abs(mean(acc[m]) - 1) < 0.08, (m, mean(acc[m]))
    print("white noise, one pooled 3-rep example:")
    report("white", [[rng.gauss(0, 0.01) for _ in range(n)] for _ in range(3)])
    # Slow AR(1) wander (phi 0.99, stationary sd 0.5%) under 1% white noise: R grows with m.
    phi, sdw = 0.99, 0.005
    series = []
    for _ in range(3):
        w, s = rng.gauss(0, sdw), []
        for _ in range(n):
            w = phi * w + rng.gauss(0, sdw * math.sqrt(1 - phi * phi))
            s.append(w + rng.gauss(0, 0.01))
        series.append(s)
    print("AR(1) phi=0.99 wander sd 0.5% + 1% white noise, 3 reps:")
    rows = {m: r for m, _, r, _, _ in report("ar1", series)}
    assert rows[64] > 3 and rows[16] > rows[4] > rows[1], rows
    print("selftest OK")


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--selftest":
        selftest()
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit(__doc__)
