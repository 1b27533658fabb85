//! duobench's statistics against SciPy/numpy reference values.
//!
//! The fixture is made by `python3 scripts/reference_stats.py` and embeds its data sets, so
//! this test needs neither Python nor numpy's generator. Every value must agree to 1e-9
//! relative, or 1e-12 absolute where the reference is near zero.

use crate::stats::{
    mad, student_t, t_quantile, t_two_sided_p, welch, ConfidenceSequence, Sample, Summary,
};
use serde_json::Value;
use std::collections::BTreeMap;

const REL: f64 = 1e-9;
const ABS: f64 = 1e-12;
/// Two-sided p-values above 1e4 df: statrs' tail there cancels in its log-gamma prefactor
/// and runs out of continued-fraction terms, to a relative error that grows with df. A
/// p-value is only compared with alpha, which this cannot move across.
const P_REL_LARGE_DF: f64 = 1e-6;

fn fixture() -> Value {
    let text = include_str!("../../../tests/fixtures/stats_reference.json");
    serde_json::from_str(text).expect("fixture is valid JSON")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn pair(v: &Value) -> (f64, f64) {
    (num(&v[0]), num(&v[1]))
}

#[track_caller]
fn close(what: &str, got: f64, want: f64) {
    close_to(REL, what, got, want);
}

#[track_caller]
fn close_to(rel: f64, what: &str, got: f64, want: f64) {
    let ok = got == want || (got - want).abs() <= (rel * want.abs()).max(ABS);
    assert!(
        ok,
        "{what}: got {got:e}, want {want:e} (rel {:.2e})",
        ((got - want) / want).abs()
    );
}

fn data_sets(doc: &Value) -> BTreeMap<String, Vec<f64>> {
    doc["data"]
        .as_object()
        .expect("data is an object")
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                v.as_array().expect("array").iter().map(num).collect(),
            )
        })
        .collect()
}

/// Named `stats` so that `cargo test stats` selects these with the unit tests.
mod stats {
    use super::*;

    #[test]
    fn summaries_match_numpy() {
        let doc = fixture();
        let data = data_sets(&doc);
        let summaries = doc["summary"].as_object().expect("summary object");
        assert_eq!(summaries.len(), data.len());
        for (name, want) in summaries {
            let xs = &data[name];
            let s = Summary::of(Sample::new(xs).expect("valid sample"));
            assert_eq!(s.n as u64, want["n"].as_u64().expect("n"), "{name}: n");
            close(&format!("{name}: mean"), s.mean, num(&want["mean"]));
            close(&format!("{name}: sd"), s.sd, num(&want["sd"]));
            close(&format!("{name}: min"), s.min, num(&want["min"]));
            close(&format!("{name}: max"), s.max, num(&want["max"]));
            let p = &want["percentiles"];
            for (key, got) in [
                ("5", s.p5),
                ("25", s.p25),
                ("50", s.median),
                ("75", s.p75),
                ("95", s.p95),
                ("99", s.p99),
            ] {
                close(&format!("{name}: p{key}"), got, num(&p[key]));
            }
            let mut sorted = xs.clone();
            sorted.sort_by(f64::total_cmp);
            close(&format!("{name}: mad"), mad(&sorted), num(&want["mad"]));
        }
    }

    #[test]
    fn one_sample_t_matches_scipy() {
        let doc = fixture();
        let data = data_sets(&doc);
        let cases = doc["ttest_1samp"].as_array().expect("ttest_1samp array");
        assert!(!cases.is_empty());
        for case in cases {
            let name = case["data"].as_str().expect("data name");
            let mu0 = num(&case["mu0"]);
            let sample = Sample::new(&data[name]).expect("valid sample");
            for (level, ci) in case["ci"].as_object().expect("ci object") {
                let level: f64 = level.parse().expect("level");
                let r = student_t(sample, mu0, level);
                let what = format!("{name} vs {mu0} at {level}");
                close(&format!("{what}: t"), r.t, num(&case["t"]));
                close(&format!("{what}: p"), r.p_two_sided, num(&case["p"]));
                close(&format!("{what}: df"), r.df, num(&case["df"]));
                let (lo, hi) = pair(ci);
                close(&format!("{what}: ci low"), r.ci_low, lo);
                close(&format!("{what}: ci high"), r.ci_high, hi);
            }
        }
    }

    #[test]
    fn welch_matches_scipy() {
        let doc = fixture();
        let data = data_sets(&doc);
        let cases = doc["welch"].as_array().expect("welch array");
        assert!(!cases.is_empty());
        for case in cases {
            let (a, b) = (
                case["a"].as_str().expect("a"),
                case["b"].as_str().expect("b"),
            );
            let sa = Sample::new(&data[a]).expect("valid sample");
            let sb = Sample::new(&data[b]).expect("valid sample");
            for (level, ci) in case["ci"].as_object().expect("ci object") {
                let level: f64 = level.parse().expect("level");
                let r = welch(sa, sb, level);
                let what = format!("welch {a} − {b} at {level}");
                close(&format!("{what}: diff"), r.estimate, num(&case["diff"]));
                close(&format!("{what}: t"), r.t, num(&case["t"]));
                close(&format!("{what}: p"), r.p_two_sided, num(&case["p"]));
                close(&format!("{what}: df"), r.df, num(&case["df"]));
                let (lo, hi) = pair(ci);
                close(&format!("{what}: ci low"), r.ci_low, lo);
                close(&format!("{what}: ci high"), r.ci_high, hi);
            }
        }
    }

    /// The quantiles, and the two-sided p-values from each row's precise side: SciPy's CDF
    /// below zero and its upper tail above.
    #[test]
    fn t_distribution_matches_scipy() {
        let doc = fixture();
        let mut checked = 0;
        for dist in doc["t_dist"].as_array().expect("t_dist array") {
            let df = num(&dist["df"]);
            for row in dist["ppf"].as_array().expect("ppf") {
                let (p, want) = pair(row);
                close(&format!("t_quantile({p}, {df})"), t_quantile(p, df), want);
                checked += 1;
            }
            let p_rel = if df > 1e4 { P_REL_LARGE_DF } else { REL };
            let lower = dist["cdf"].as_array().expect("cdf").iter().map(pair);
            let upper = dist["sf"].as_array().expect("sf").iter().map(pair);
            let tails = lower.filter(|(t, _)| *t <= 0.0);
            for (t, tail) in tails.chain(upper.filter(|(t, _)| *t >= 0.0)) {
                let what = format!("t_two_sided_p({t}, {df})");
                close_to(p_rel, &what, t_two_sided_p(t, df), 2.0 * tail);
                checked += 1;
            }
        }
        assert!(checked > 250, "only {checked} values checked");
    }

    #[test]
    fn confidence_sequence_matches_root_finding() {
        let doc = fixture();
        let cases = doc["confidence_sequence"]
            .as_array()
            .expect("confidence_sequence array");
        let mut bounded = 0;
        for case in cases {
            let n = usize::try_from(case["n"].as_u64().expect("n")).expect("n fits");
            let (mean, v) = (num(&case["mean"]), num(&case["sum_sq_dev"]));
            let cs = ConfidenceSequence::new(num(&case["alpha"]), num(&case["target_n"]));
            close(&format!("tau2 at n={n}"), cs.tau2(), num(&case["tau2"]));
            let got = cs.interval(n, mean, v);
            match &case["interval"] {
                Value::Null => assert_eq!(got, None, "n={n}: expected unbounded"),
                want => {
                    let (lo, hi) = got.unwrap_or_else(|| panic!("n={n}: unbounded, want {want}"));
                    let (want_lo, want_hi) = pair(want);
                    // Endpoints may straddle zero: compare on the scale of the half-width.
                    let scale = 0.5 * (want_hi - want_lo);
                    for (what, g, w) in [("low", lo, want_lo), ("high", hi, want_hi)] {
                        assert!(
                            (g - w).abs() <= REL * scale.max(w.abs()),
                            "n={n}: {what} end {g:e}, want {w:e}"
                        );
                    }
                    bounded += 1;
                }
            }
        }
        assert!(bounded >= 5 && bounded < cases.len());
    }
}
