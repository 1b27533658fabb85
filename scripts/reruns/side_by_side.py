#!/usr/bin/env python3
"""Runs the same comparisons from two builds of one bench target side by side, alternating
which goes first, and prints each run and each build's medians.

    python3 scripts/reruns/side_by_side.py --before EXE --after EXE [--runs 5] NAME[,NAME...]
                                           [-- ARGS...]

EXE is a bench executable (`target/release/deps/reruns-...`, copied aside after each build);
every run is `EXE --bench --exact NAME --json FILE ARGS`, as `cargo bench` runs it, from the
current directory. Run i starts with `before` when i is even and with `after` when it is odd,
so that the machine's drift over the runs falls on both builds alike. A timing measurement:
run it on a quiet machine, nothing else running.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def run_once(exe, name, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        start = time.monotonic()
        proc = subprocess.run(
            [exe, "--bench", "--exact", name, "--json", out] + extra,
            capture_output=True,
            text=True,
        )
        wall = time.monotonic() - start
        if not os.path.exists(out):
            sys.exit(f"{name}: no JSON written (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        with open(out) as f:
            trials = [t for t in json.load(f)["trials"] if t["name"] == name]
    if len(trials) != 1:
        sys.exit(f"{name}: {len(trials)} trials of that name in the JSON")
    t = trials[0]
    interval = t["ratio"].get("interval") or {}
    rounds = (t.get("process_pairs") or {}).get("pairs")
    return {
        "ratio": t["ratio"]["estimate"],
        "low": interval.get("low"),
        "high": interval.get("high"),
        "verdict": t["verdict"],
        "rounds": rounds,
        "pairs": t["pairs"],
        "measure": t["measure_secs"],
        "wall": wall,
    }


def shown(r):
    interval = f"[{r['low']:.5f}, {r['high']:.5f}]" if r["low"] is not None else "unbounded"
    rounds = f"rounds {r['rounds']:>3} " if r["rounds"] is not None else ""
    return (
        f"ratio {r['ratio']:.5f} {interval} {r['verdict']:<12} {rounds}pairs {r['pairs']:>7} "
        f"measuring {r['measure']:.2f} s, wall {r['wall']:.2f} s"
    )


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("names")
    ap.add_argument("extra", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    extra = [x for x in a.extra if x != "--"]
    builds = {"before": a.before, "after": a.after}
    for name in a.names.split(","):
        rows = {"before": [], "after": []}
        for i in range(a.runs):
            order = ["before", "after"] if i % 2 == 0 else ["after", "before"]
            for label in order:
                rows[label].append(run_once(builds[label], name, extra))
        print(f"== {name} {' '.join(extra)}")
        for label in ("before", "after"):
            for r in rows[label]:
                print(f"  {label:6} {shown(r)}")
        for label in ("before", "after"):
            rs = rows[label]
            verdicts = ", ".join(f"{v} {sum(1 for r in rs if r['verdict'] == v)}" for v in sorted({r["verdict"] for r in rs}))
            print(
                f"  {label:6} median ratio {median([r['ratio'] for r in rs]):.5f}, "
                f"median wall {median([r['wall'] for r in rs]):.2f} s, {verdicts}"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
