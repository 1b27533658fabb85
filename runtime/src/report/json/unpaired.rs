//! The `unpaired_trial` record of the `--json` document: a gated `#[bench]` that could not
//! be paired (failed, or new since the baseline and passed), mirroring
//! `$defs/unpaired_trial` in `docs/duobench.schema.json`.

use crate::report::UnpairedRecord;
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct UnpairedTrial<'a> {
    name: &'a str,
    bench_target: &'a str,
    kind: &'static str,
    verdict: &'static str,
    /// The gate's largest regression allowed, as a fraction.
    max_regression: f64,
    baseline: &'a str,
    reason: &'a str,
    remedy: String,
}

pub(super) fn unpaired_trial(record: &UnpairedRecord) -> UnpairedTrial<'_> {
    UnpairedTrial {
        name: &record.name,
        bench_target: record.bench_target,
        kind: "unpaired",
        verdict: if record.gate.fails() { "failed" } else { "new" },
        max_regression: record.gate.max_regression,
        baseline: &record.gate.baseline,
        reason: &record.gate.reason,
        remedy: record.gate.remedy(),
    }
}

#[cfg(test)]
mod tests {
    use crate::fixture::records::unpaired_record;

    use crate::report::json::to_json;
    use serde_json::{json, Value};

    #[test]
    fn a_gated_trial_that_could_not_pair_is_a_failed_trial_with_its_reason_and_remedy() {
        let run = crate::fixture::records::bench_run_info();
        let doc: Value = serde_json::from_str(&to_json(&[unpaired_record("gated")], &run)).unwrap();
        let remedy = "store the baseline's executable again with this duobench \
                      (`--save-baseline main --store-only` on the base revision), or pass \
                      --allow-unpaired (DUOBENCH_ALLOW_UNPAIRED=1) to compare with saved \
                      numbers and pass with a warning";
        assert_eq!(
            doc["trials"],
            json!([{
                "name": "gated",
                "bench_target": "versions",
                "kind": "unpaired",
                "verdict": "failed",
                "max_regression": 0.05,
                "baseline": "main",
                "reason": "baseline `main` has no stored executable",
                "remedy": remedy,
            }])
        );
    }
}
