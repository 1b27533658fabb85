//! Criterion's semantics, kept under the compatibility layer: `iter` times the drop of each
//! output, as Criterion's loop `black_box(routine())` does, while `iter_with_large_drop` and
//! `iter_batched` leave it out (`iter_batched_ref` the drop of its inputs too); and an id declared twice runs twice, the second as `id #2`.
//! The routines of `benches/semantics.rs` return at once with an output that takes 20 µs to
//! drop, and the second `repeated` spins 20 µs where the first returns at once, so the
//! figures differ by a factor of hundreds and a busy machine cannot blur them.

mod common;

use common::{cargo_bench, target_dir, text, trials};

#[test]
fn iter_times_the_drop_of_its_output_and_a_repeated_id_runs_each_benchmark() {
    let json = target_dir().join("semantics.json");
    let json_arg = json.to_str().expect("a UTF-8 path");
    std::fs::create_dir_all(target_dir()).unwrap();
    let run = cargo_bench(
        "semantics",
        &[
            "--max-time",
            "300ms",
            "--warmup",
            "50ms",
            "--no-report",
            "--json",
            json_arg,
        ],
    );
    let out = text(&run);
    assert!(run.status.success(), "{out}");
    let slope = |name: &str| {
        trials(&json)
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("no trial {name}: {out}"))["slope_ns"]["estimate"]
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
}
