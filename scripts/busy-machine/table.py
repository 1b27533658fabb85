"""The tables of scripts/busy-machine/run, from the JSON documents of its runs in DIR:
q00, l01, q01, ..., slower. Usage: python3 table.py DIR"""

import json
import pathlib
import statistics
import sys

ROUTINES = ["chain_5ns", "chain_50ns", "chain_5us"]


def trials(path):
    doc = json.loads(path.read_text())
    return {t["name"]: t for t in doc["trials"] if t.get("kind") == "bench"}


def name_of(trials_by_name, routine):
    for name in trials_by_name:
        if name == routine or name.endswith("::" + routine) or name.endswith(routine):
            return name
    raise KeyError(routine)


def main(directory):
    d = pathlib.Path(directory)
    runs = {p.stem: trials(p) for p in sorted(d.glob("*.json"))}
    quiet = [k for k in runs if k.startswith("q")]
    loaded = [k for k in runs if k.startswith("l")]
    print(f"## Figures, ns a call (median over runs; {len(quiet)} quiet, {len(loaded)} loaded)\n")
    print("| routine | quiet | loaded | loaded / quiet | loaded runs resting on disturbed samples "
          "| their wait share (median) | samples set aside for waiting (median) |")
    print("|---|---|---|---|---|---|---|")
    for r in ROUTINES:
        def slope(run):
            t = runs[run][name_of(runs[run], r)]
            return t["slope_ns"]["estimate"]
        q = statistics.median(slope(k) for k in quiet)
        l = statistics.median(slope(k) for k in loaded) if loaded else float("nan")
        waits = [runs[k][name_of(runs[k], r)].get("waiting") or {} for k in loaded]
        rests = sum(1 for w in waits if w.get("rests_on_disturbed"))
        shares = [w["share"] for w in waits if w.get("share") is not None]
        aside = [runs[k][name_of(runs[k], r)].get("samples_set_aside_waiting", 0) for k in loaded]
        share = f"{100 * statistics.median(shares):.1f}%" if shares else "–"
        aside_med = statistics.median(aside) if aside else "–"
        print(f"| {r} | {q:.4g} | {l:.4g} | {l / q:.3f} | {rests} of {len(loaded)} | {share} "
              f"| {aside_med} |")

    print("\n## Verdicts against the previous run\n")
    print("| run | previous | " + " | ".join(ROUTINES) + " |")
    print("|---|---|" + "---|" * len(ROUTINES))
    order = ["q00"] + [k for pair in zip(loaded, quiet[1:]) for k in pair] + ["slower"]
    counts = {}
    for i, k in enumerate(order):
        if k not in runs:
            continue
        cells = []
        for r in ROUTINES:
            b = runs[k][name_of(runs[k], r)]["baseline"]
            if b["status"] != "compared":
                cells.append(b["status"])
                continue
            c = b["change"]
            verdict = c["verdict"]
            cells.append(f"{100 * c['estimate']:+.1f}% {verdict}")
            if k != "slower" and i > 0:
                counts[verdict] = counts.get(verdict, 0) + 1
        previous = order[i - 1] if i > 0 else "–"
        print(f"| {k} | {previous} | " + " | ".join(cells) + " |")
    print("\nOver the alternations (every run but the slowdown): "
          + ", ".join(f"{v} {n}" for v, n in sorted(counts.items())))
    wrong = counts.get("improved", 0) + counts.get("regressed", 0)
    print(f"improved or regressed on unchanged code: {wrong} (should be 0)")
    if "slower" in runs:
        verdicts = [runs["slower"][name_of(runs["slower"], r)]["baseline"]["change"]["verdict"]
                    for r in ROUTINES]
        ok = all(v == "regressed" for v in verdicts)
        print(f"the 20% slowdown after a quiet run: {', '.join(verdicts)} "
              f"({'all regressed' if ok else 'NOT all regressed'})")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "target/busy-machine")
