#!/usr/bin/env python3
"""Reruns comparisons in fresh processes and checks that each took the same path every time
and that the reruns' intervals overlap.

    python3 scripts/reruns/rerun.py [--runs 10] [--bench reruns] [--package duobench-examples]
                                    [--mode bench|test] [--across-processes]
                                    [--max-time DURATION] [--load N] [NAME ...]

Each NAME (default: every trial of `examples/benches/reruns.rs` but those its module runs by
name: the `same_` ones, identical code whose point is the verdicts, not the overlap, and the
workloads unlike the others', a system call and a routine of two paths) runs `--runs` times,
each in a fresh process (`cargo bench -p PACKAGE --bench BENCH -- --exact NAME --json FILE`; with
`--mode test`, `cargo test --release ... --benches`), built once first. Per run it prints the
path (units, or blocks with the dependence measured; a run's unit or block length
follows its duo's, units spanning 200 ms, and is shown, not compared), the pilot, the ratio and
its interval, the verdict and the time, the dependence where blocks were correlated (how many
count as one independent block), marked `near bound` where the doctor warned that the
claim was decided within one process nearer its bound than placement moves a ratio (with
`--across-processes`, each comparison decided
over rounds of fresh process pairs: the path is then the rounds'); then, per trial, the count of
each verdict, whether every run took the same path
and whether every two intervals overlap. Runs whose duo sat near the line between the paths
show it (`duo ... near the ... line`); two paths among runs that all sat near the line, each
saying so beside its interval, are told as such and pass the path check. It exits non-zero
when a trial fails either check.
A timing measurement: run it on a quiet machine. `--load N` makes the machine busy on purpose:
N shell loops that never sleep run beside every run (two a core on a machine of two cores
with `--load 4`), and each run's wall time and, when undecided across processes, the rounds
its spread would need are printed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

DEFAULT_NAMES = [
    "memchr_vs_naive",
    "random_reads_vs_in_a_row",
    "sort_half",
    "hash_map_same",
    "format_half",
    "vector_growth_same",
    "arithmetic_2ms",
    "arithmetic_20ms",
    "arithmetic_50ms",
]


def cargo(args, mode, package, bench):
    if mode == "bench":
        return ["cargo", "bench", "-q", "-p", package, "--bench", bench] + args
    return ["cargo", "test", "-q", "--release", "-p", package, "--bench", bench] + args


def run_once(name, mode, package, bench, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "run.json")
        cmd = cargo(["--", "--exact", name, "--json", out] + extra, mode, package, bench)
        start = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - start
        if not os.path.exists(out):
            sys.exit(f"{name}: no JSON written (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        with open(out) as f:
            doc = json.load(f)
    trials = [t for t in doc["trials"] if t["name"] == name]
    if len(trials) != 1:
        sys.exit(f"{name}: {len(trials)} trials of that name in the JSON")
    trials[0]["wall_secs"] = wall
    return trials[0]


def path_of(t):
    """The design a run took: units, blocks with the dependence measured, or rounds of
    fresh process pairs. A unit's or block's length in duos follows the duo's (a unit spans
    200 ms: a 58 ms duo makes units of 4, a 67 ms one of 3), which the machine moves a
    little, so it is shown, not compared."""
    if t.get("process_pairs"):
        return "rounds of fresh process pairs"
    if t["units"]:
        return "units"
    return "blocks, dependence measured"


def shown_path(t):
    if t.get("process_pairs"):
        return f"{t['process_pairs']['pairs']} rounds of fresh process pairs"
    if t["units"]:
        return f"units of {t['duos_per_block']} duos"
    return f"blocks of {t['duos_per_block']} duos, dependence measured"


def near_line(t):
    """Whether the run's duo sat within a factor of two of the line between the paths,
    which its interval's line then says (the JSON's `path.near_line`)."""
    return bool((t.get("path") or {}).get("near_line"))


def line_of(t):
    """The run's duo against the line between the paths, where it sat near it."""
    if not near_line(t):
        return ""
    p = t["path"]
    return f", duo {p['duo_ns'] / 1e3:.0f} us near the {p['longest_measured_ns'] / 1e3:.0f} us line"


def interval_of(t):
    i = t["ratio"].get("interval")
    if not i:
        return None
    return (i["low"], i["high"])


def near_bound(t):
    """Whether the doctor warned that the claim was decided within one process nearer its
    bound than placement moves a ratio (`near_bound_in_one_process`)."""
    return any(w["check"] == "near_bound_in_one_process" for w in t.get("doctor", []))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--bench", default="reruns")
    ap.add_argument("--package", default="duobench-examples")
    ap.add_argument("--mode", choices=["bench", "test"], default="bench")
    ap.add_argument("--across-processes", action="store_true")
    ap.add_argument("--max-time", help="each run's budget, passed on as --max-time (e.g. 20s)")
    ap.add_argument("--load", type=int, default=0, help="busy loops beside every run")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    names = a.names or DEFAULT_NAMES
    # Build once, so that no run's time includes compiling.
    subprocess.run(cargo(["--no-run"], a.mode, a.package, a.bench), check=True)
    busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(a.load)]
    try:
        failed = check(names, a)
    finally:
        for loop in busy:
            loop.kill()
            loop.wait()
    if failed:
        sys.exit(f"\nfailed: {', '.join(failed)}")
    print("\nevery trial took the same path in every run, and its intervals overlap")


def check(names, a):
    """Runs each of `names` `a.runs` times and prints what the module docs say; the names of
    the trials that failed a check."""
    failed = []
    for name in names:
        print(f"\n== {name} ({a.runs} fresh processes, cargo {a.mode})")
        extra = ["--across-processes"] if a.across_processes else []
        if a.max_time:
            extra += ["--max-time", a.max_time]
        runs = [run_once(name, a.mode, a.package, a.bench, extra) for _ in range(a.runs)]
        for t in runs:
            lo_hi = interval_of(t)
            shown = f"[{lo_hi[0]:.5f}, {lo_hi[1]:.5f}]" if lo_hi else "unbounded"
            estimate = t["ratio"]["estimate"]
            estimate = "–" if estimate is None else f"{estimate:.5f}"
            warned = " near bound" if near_bound(t) else ""
            dependence = t["ratio"].get("dependence") or 1.0
            dependence = f", dependence {dependence:.1f}" if dependence > 1.0 else ""
            needed = (t.get("process_pairs") or {}).get("pairs_needed")
            needed = f", {needed} rounds would decide" if needed else ""
            print(
                f"  {shown_path(t):<42} ratio {estimate:>7} {shown} "
                f"{t['verdict']:<12} pairs {t['pairs']:>7} "
                f"{t['warmup_secs']:.2f} s warmup + {t['measure_secs']:.2f} s "
                f"({t['wall_secs']:.2f} s wall){dependence}{needed}{warned}{line_of(t)}"
            )
        paths = {path_of(t) for t in runs}
        intervals = [interval_of(t) for t in runs]
        bounded = [i for i in intervals if i]
        apart = [
            (i, j)
            for i in range(len(bounded))
            for j in range(i + 1, len(bounded))
            if bounded[i][1] < bounded[j][0] or bounded[j][1] < bounded[i][0]
        ]
        # Runs whose duo sat near the line between the paths said so, and why, beside their
        # interval: two paths among such runs are told, not hidden.
        said = len(paths) > 1 and all(near_line(t) for t in runs)
        same_path = len(paths) == 1 or said
        overlap = not apart and len(bounded) == len(intervals)
        verdicts = {}
        for t in runs:
            verdicts[t["verdict"]] = verdicts.get(t["verdict"], 0) + 1
        print("  verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items())))
        warned = sum(1 for t in runs if near_bound(t))
        if warned:
            print(f"  warned near its bound in one process: {warned} of {len(runs)}")
        if said:
            print(
                f"  same path: two ({', '.join(sorted(paths))}), every run near the line "
                "between them and saying so"
            )
        else:
            print(f"  same path: {'yes' if same_path else 'NO: ' + ', '.join(sorted(paths))}")
        unbounded = len(intervals) - len(bounded)
        why = f"{len(apart)} pairs apart" + (f", {unbounded} unbounded" if unbounded else "")
        print(f"  intervals overlap: {'yes' if overlap else f'NO ({why})'}")
        if not (same_path and overlap):
            failed.append(name)
    return failed


if __name__ == "__main__":
    main()
