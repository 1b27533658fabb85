"""From `lanes`'s CSV: each probe's time in the routine's slow stretches (a batch above 20 ns
a call) over its time outside them, and the share of batches a probe classifies right when
it calls a read more than 5% above its median slow (duobench's rule for a clearly slow pace).

    python3 classify_lanes.py out.csv
"""

import csv
import statistics
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
routine = [float(r["routine"]) for r in rows]
slow = [t > 20 for t in routine]
print(f"{len(rows)} batches, {sum(slow)} in slow stretches")
for probe in ["chain", "wide", "alloc", "walk"]:
    reads = [float(r[probe]) for r in rows]
    in_slow = statistics.median([p for p, s in zip(reads, slow) if s])
    outside = statistics.median([p for p, s in zip(reads, slow) if not s])
    median = statistics.median(reads)
    right = sum((p > 1.05 * median) == s for p, s in zip(reads, slow)) / len(reads)
    print(f"{probe:6s} slow/fast {in_slow / outside:.3f}  classified right {100 * right:.1f}%")

# The slowed batches the lanes probe (`wide`) leaves within 5% of its median, and what the
# other probes read on them.
medians = {p: statistics.median(float(r[p]) for r in rows) for p in ["chain", "wide", "alloc", "walk"]}
missed = [r for r, s in zip(rows, slow) if s and float(r["wide"]) <= 1.05 * medians["wide"]]
print(f"{len(missed)} of {sum(slow)} slowed batches left the lanes probe within 5% of its median; of those, read more than 5% slow by:")
for probe in ["chain", "alloc", "walk"]:
    share = sum(float(r[probe]) > 1.05 * medians[probe] for r in missed) / len(missed)
    print(f"  {probe:6s} {100 * share:.0f}%")
