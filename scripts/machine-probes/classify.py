#!/usr/bin/env python3
"""How well each probe of `probes.c` or `mempace2.c` tells the work's slow phases apart.

Usage: ./probes 8000 > out.txt && python3 classify.py out.txt probes
       ./mempace2 10000 > out.txt && python3 classify.py out.txt mempace2

A round's work is "slow" when its time per operation exceeds 1.3 times the 5th percentile.
For each probe: its median in slow rounds over its median in fast ones, and the share of
rounds it classifies right with a threshold halfway between the two medians.
"""
import statistics
import sys

PROBES = {
    "probes": ["arith", "l1chase", "sortprobe", "ldst"],
    "mempace2": ["arith", "mem", "wide", "branchy"],
}


def main(path, kind):
    rows = [list(map(float, line.split())) for line in open(path)]
    work = [r[1] for r in rows]
    fast_floor = sorted(work)[len(work) // 20]
    slow = [w > 1.3 * fast_floor for w in work]
    print(f"work p5 {fast_floor:.1f} median {statistics.median(work):.1f} "
          f"slow share {sum(slow) / len(work):.2f}")
    for k, name in enumerate(PROBES[kind], start=2):
        values = [r[k] for r in rows]
        in_slow = [v for v, s in zip(values, slow) if s]
        in_fast = [v for v, s in zip(values, slow) if not s]
        if not in_slow or not in_fast:
            print(f"{name}: one regime only")
            continue
        ms, mf = statistics.median(in_slow), statistics.median(in_fast)
        threshold = (ms + mf) / 2
        right = sum(v > threshold for v in in_slow) + sum(v <= threshold for v in in_fast)
        print(f"{name}: slow/fast {ms / mf:.2f}, classified right {right / len(values):.3f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
