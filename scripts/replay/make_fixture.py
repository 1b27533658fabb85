#!/usr/bin/env python3
"""Writes runtime/tests/fixtures/real_duo_streams.json from the raw wander runs.

The raw runs (`validate --wander`, two ~2 ms routines compared with duobench's own duos,
quiet and loaded) hold every duo's mean log-difference. The fixture keeps, per stream, its
pair, condition, repetition and those values rounded to 1e-7, for the replay test in
`runtime/src/decide/simulation/replay.rs`.

Usage: python3 scripts/replay/make_fixture.py
"""
import gzip
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUNS = ROOT / "docs" / "validation-runs"
OUT = ROOT / "runtime" / "tests" / "fixtures" / "real_duo_streams.json"


def streams(path, condition):
    with gzip.open(path, "rt") as f:
        for line in f:
            try:
                run = json.loads(line)
            except json.JSONDecodeError:
                continue  # the header lines
            yield {
                "pair": run.get("pair", "?"),
                "condition": condition,
                "rep": run.get("rep", 0),
                "log_diffs": [round(x, 7) for x in run["duo_log_diffs"]],
            }


def main():
    out = []
    for condition in ("quiet", "load"):
        out.extend(streams(RUNS / f"2026-11-25-wander-{condition}.jsonl.gz", condition))
    OUT.write_text(json.dumps({"streams": out}, separators=(",", ":")) + "\n")
    print(f"{len(out)} streams -> {OUT}")


if __name__ == "__main__":
    main()
