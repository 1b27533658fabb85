//! Criterion's semantics, kept under the compatibility layer: `iter` times the drop of each
//! output, as Criterion's loop `black_box(routine())` does, while `iter_with_large_drop` and
//! `iter_batched` leave it out (`iter_batched_ref` the drop of its inputs too); and an id declared twice runs twice, the second as `id #2`.
//! A routine too slow for ten samples in its budget takes them past it, as Criterion does.
//! A group with a measurement of the file's own reads `iter` and `iter_custom` in it.
//! The routines of `benches/semantics.rs` return at once with an output that takes 20 µs to
//! drop, and the second `repeated` spins 20 µs where the first returns at once, so the
//! figures differ by a factor of hundreds and a busy machine cannot blur them.

mod common;

use common::{short_run, trial};

#[test]
fn criterions_timing_model_titles_and_budget_rule_hold_under_the_compatibility_layer() {
    let (out, trials) = short_run("semantics", "semantics", &["--warmup", "50ms"]);
    let slope = |name: &str| {
        trial(&trials, name, &out)["slope_ns"]["estimate"]
            .as_f64()
            .expect("a slope")
    };
    // The drop spins for 20 µs: timed, it is the whole iteration; untimed, an iteration is
    // a few nanoseconds, and even a preempted sample cannot bring its slope near 5 µs.
    assert!(slope("iter") > 15_000.0, "{out}");
    assert!(slope("iter_with_large_drop") < 5_000.0, "{out}");
    assert!(slope("iter_batched") < 5_000.0, "{out}");
    assert!(slope("iter_batched_ref") < 5_000.0, "{out}");
    assert!(slope("repeated") < 5_000.0, "{out}");
    assert!(slope("repeated #2") > 15_000.0, "{out}");
    // Under the file's own measurement: its values (to rounding over billions of
    // iterations), and its unit.
    assert!((slope("counted_iter") / 3.0 - 1.0).abs() < 1e-9, "{out}");
    assert!((slope("counted_custom") / 5.0 - 1.0).abs() < 1e-9, "{out}");
    let counted = trial(&trials, "counted_custom", &out);
    assert_eq!(
        (&counted["measure"], &counted["unit"]),
        (&"Counted".into(), &"calls".into())
    );
    // Ten samples of 50 ms need 0.5 s of a 0.3 s budget: taken past it, and said so.
    assert!(slope("slow") > 45e6, "{out}");
    assert!(out.contains("past the sampling's budget"), "{out}");
}
