#!/usr/bin/env python3
"""Per-cell summary of gated cross-version trials, as docs/VALIDATION.md's tables give it.

    python3 scripts/gate-trials/summarize.py docs/validation-runs/2026-11-27-gate-regressions-trials.jsonl.gz

Reads the JSON lines `validate --aa-kinds --versions-only ... VALIDATE_TRIALS=FILE` writes (one
trial a line: kind, gate, outcome, each round's new/old ratio; `.gz` or plain; an optional
`run` field names the run a line came from) and prints, per run, kind and gate: the trials;
how many failed the job (regressed or inconclusive: under the default on_inconclusive both
fail it) and how many passed; the mean over placements, the geometric mean of the first eight
rounds of every trial (the rounds every trial has, so no stop rule selected them); and the
share of those rounds whose ratio lies below 0.9 or above 1.1.
"""

import gzip
import json
import math
import sys
from collections import defaultdict

FIRST_STAGE = 8


def lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def main(paths):
    cells = defaultdict(list)
    for path in paths:
        for trial in lines(path):
            cells[(trial.get("run", path), trial["kind"], trial["gate"])].append(trial)
    print("| run | kind | gate | trials | failed | regressed | inconclusive | passed "
          "| mean over placements | rounds < 0.9 | rounds > 1.1 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (run, kind, gate), trials in sorted(cells.items()):
        count = lambda outcome: sum(t["outcome"] == outcome for t in trials)
        first = [math.log(r) for t in trials for r in t["rounds"][:FIRST_STAGE]]
        mean = math.exp(sum(first) / len(first))
        low = sum(x < math.log(0.9) for x in first) / len(first)
        high = sum(x > math.log(1.1) for x in first) / len(first)
        regressed, inconclusive, passed = count("regressed"), count("inconclusive"), count("pass")
        print(f"| {run} | {kind} | {gate} | {len(trials)} | {regressed + inconclusive} "
              f"| {regressed} | {inconclusive} | {passed} | {100 * (mean - 1):+.2f}% "
              f"| {100 * low:.1f}% | {100 * high:.1f}% |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
