//! duobench's `#[bench]` statistics against numpy/SciPy reference values.
//!
//! The fixture is made by `python3 scripts/reference_bench.py`: it embeds its data, the
//! regression and Tukey results from numpy/SciPy, and bootstrap intervals from a Python
//! replay of the same SplitMix64 index stream, so the intervals must agree to rounding.

use crate::stats::{
    index_below, linear_estimates, slope_change, tukey, welch, Bootstrap, Estimate, Points, Sample,
    SplitMix64,
};
use serde_json::Value;

/// Closed-form results: rounding only.
const REL: f64 = 1e-10;
/// Bootstrap endpoints: sums in another order move each resampled statistic by an ulp or
/// two, and an endpoint interpolates between two of them.
const REL_BOOTSTRAP: f64 = 1e-9;

fn fixture() -> Value {
    serde_json::from_str(include_str!("../../../tests/fixtures/bench_reference.json"))
        .expect("valid JSON")
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn nums(v: &Value) -> Vec<f64> {
    v.as_array().expect("array").iter().map(num).collect()
}

#[track_caller]
fn close(what: &str, got: f64, want: f64, rel: f64) {
    assert!(
        (got - want).abs() <= rel * want.abs().max(1e-12),
        "{what}: got {got:e}, want {want:e}"
    );
}

/// The run's `(iterations, times)`.
fn run(doc: &Value, name: &str) -> (Vec<f64>, Vec<f64>) {
    let r = &doc["runs"][name];
    (nums(&r["iters"]), nums(&r["ns"]))
}

fn bootstrap(doc: &Value) -> Bootstrap {
    Bootstrap {
        resamples: doc["resamples"].as_u64().unwrap() as usize,
        seed: doc["bootstrap_seed"].as_u64().unwrap(),
    }
}

fn levels(want: &Value) -> Vec<(f64, (f64, f64))> {
    want["intervals"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(level, ends)| (level.parse().unwrap(), (num(&ends[0]), num(&ends[1]))))
        .collect()
}

#[track_caller]
fn check_estimate(what: &str, got: Estimate, point: f64, ends: (f64, f64)) {
    close(&format!("{what} point"), got.point, point, REL);
    close(&format!("{what} low"), got.low, ends.0, REL_BOOTSTRAP);
    close(&format!("{what} high"), got.high, ends.1, REL_BOOTSTRAP);
}

/// Named `stats` so that `cargo test stats` selects these with the unit tests.
mod stats {
    use super::*;

    #[test]
    fn index_stream_matches_the_python_replay() {
        let doc = fixture();
        let mut rng = SplitMix64::new(doc["bootstrap_seed"].as_u64().unwrap());
        let got: Vec<u64> = (0..20).map(|_| index_below(&mut rng, 100) as u64).collect();
        let want: Vec<u64> = doc["first_indices_below_100"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(got, want);
        // The reports use the fixture's seed and resample count.
        assert_eq!(bootstrap(&doc), Bootstrap::default());
    }

    #[test]
    fn regression_matches_numpy_and_scipy() {
        let doc = fixture();
        for (name, want) in doc["regression"].as_object().unwrap() {
            let (x, y) = run(&doc, name);
            let p = Points::new(&x, &y).unwrap();
            close(
                name,
                p.slope_through_origin(),
                num(&want["slope_through_origin"]),
                REL,
            );
            let line = p.least_squares().unwrap();
            close(name, line.slope, num(&want["slope"]), REL);
            close(name, line.intercept, num(&want["intercept"]), 1e-8);
            close(name, line.r_squared, num(&want["r_squared"]), REL);
        }
    }

    #[test]
    fn bootstrap_intervals_match_the_python_replay() {
        let doc = fixture();
        let b = bootstrap(&doc);
        for (name, want) in doc["bootstrap"].as_object().unwrap() {
            let (x, y) = run(&doc, name);
            let p = Points::new(&x, &y).unwrap();
            for (level, _) in levels(&want["slope"]) {
                let got = linear_estimates(p, &b, level);
                for (stat, estimate) in [
                    ("slope", got.slope),
                    ("mean", got.mean),
                    ("median", got.median),
                ] {
                    let w = &want[stat];
                    let ends = levels(w).into_iter().find(|(l, _)| *l == level).unwrap().1;
                    check_estimate(
                        &format!("{name} {stat} at {level}"),
                        estimate,
                        num(&w["point"]),
                        ends,
                    );
                }
            }
        }
    }

    #[test]
    fn change_interval_matches_the_python_replay() {
        let doc = fixture();
        let want = &doc["change_old_to_new"];
        let (ox, oy) = run(&doc, "old");
        let (nx, ny) = run(&doc, "new");
        let old = Points::new(&ox, &oy).unwrap();
        let new = Points::new(&nx, &ny).unwrap();
        for (level, ends) in levels(want) {
            let got = slope_change(old, new, &bootstrap(&doc), level);
            check_estimate(
                &format!("change at {level}"),
                got,
                num(&want["point"]),
                ends,
            );
        }
        let p = welch(
            Sample::new(&new.ratios()).unwrap(),
            Sample::new(&old.ratios()).unwrap(),
            0.95,
        )
        .p_two_sided;
        close(
            "welch p",
            p,
            num(&doc["welch_new_vs_old_per_iteration"]),
            1e-8,
        );
    }

    #[test]
    fn tukey_fences_match_numpy_percentiles() {
        let doc = fixture();
        for (name, want) in doc["tukey"].as_object().unwrap() {
            let (x, y) = run(&doc, name);
            let ratios = Points::new(&x, &y).unwrap().ratios();
            let o = tukey(Sample::new(&ratios).unwrap());
            let fences = nums(&want["fences"]);
            let got = [
                o.fences.low_severe,
                o.fences.low_mild,
                o.fences.high_mild,
                o.fences.high_severe,
            ];
            for (g, w) in got.iter().zip(&fences) {
                close(name, *g, *w, REL);
            }
            let count = |k: &str| want[k].as_u64().unwrap() as usize;
            assert_eq!(
                [o.low_severe, o.low_mild, o.high_mild, o.high_severe],
                [
                    count("low_severe"),
                    count("low_mild"),
                    count("high_mild"),
                    count("high_severe")
                ],
                "{name}"
            );
        }
    }
}
