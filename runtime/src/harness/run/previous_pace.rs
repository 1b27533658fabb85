//! The pace a `#[bench]` run is held to: the machine's pace in the trial's previous run, for
//! as long as the machine comes back to the paces it kept.
//!
//! A run through most of which the machine ran slower than in the trial's previous run is
//! taken again once the pace is back (`measure::run_at_pace`). A machine that is slower for
//! good (another machine under the same target directory, a lower clock since) never comes
//! back: after one such wait the process stops holding its runs to earlier paces, so that
//! it waits once, not once a trial.

use crate::measure::LinearRun;
use crate::model::{Measure, Mode};
use crate::session::{previous_pace, BaselineKey};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a wait for an earlier pace ended without it.
static NOT_COMING_BACK: AtomicBool = AtomicBool::new(false);

/// The previous run's pace per step of trial `key` measured as `measure` under `root`, for
/// a run of times under `cargo bench`; `None` otherwise, without a previous pace, or once
/// the machine did not come back to one in this process.
#[must_use]
pub fn reference_pace(root: &Path, key: &BaselineKey, mode: Mode, measure: Measure) -> Option<f64> {
    if mode != Mode::Bench || !measure.is_time() || NOT_COMING_BACK.load(Ordering::Relaxed) {
        return None;
    }
    previous_pace(root, key, measure)
}

/// Notes a run whose machine did not come back to the earlier pace.
pub fn note_run(run: &LinearRun) {
    if run.measured_again.is_some_and(|m| !m.came_back) {
        NOT_COMING_BACK.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::bench_runs::{result, run};
    use crate::fixture::scratch::scratch_dir;
    use crate::measure::by_name;
    use crate::model::AttrOptions;
    use crate::session::{compare_and_save, Overrides, Settings};

    #[test]
    fn runs_of_times_under_cargo_bench_are_held_to_the_previous_pace_until_it_does_not_return() {
        let root = scratch_dir("previous-pace-reference");
        let key = BaselineKey::new("single::inner", "inner::paced");
        let mut paced = run(10.0, 20, 50, None);
        paced.pace_steps = 4_000;
        paced.pace_ns = vec![2_400.0; paced.ns.len()];
        let settings = Settings::resolve(&AttrOptions::default(), Overrides::default());
        compare_and_save(
            &root,
            &key,
            &settings.baseline_settings(),
            &result(paced, None),
        )
        .unwrap();
        let pace = reference_pace(&root, &key, Mode::Bench, by_name::wall).expect("saved");
        assert!((pace - 0.6).abs() < 1e-12, "{pace}");
        // Not under `cargo test`, and not for counts, which the machine's pace does not move.
        assert_eq!(reference_pace(&root, &key, Mode::Test, by_name::wall), None);
        assert_eq!(
            reference_pace(&root, &key, Mode::Bench, by_name::allocations),
            None
        );
        // A run taken again: the machine came back, and runs are still held to the pace.
        let mut again = run(10.0, 20, 50, None);
        again.measured_again = Some(crate::fixture::records::taken_again());
        note_run(&again);
        assert!(reference_pace(&root, &key, Mode::Bench, by_name::wall).is_some());
        // A machine that stayed slower: this process holds no run to an earlier pace again.
        again.measured_again = again.measured_again.map(|m| crate::measure::MeasuredAgain {
            came_back: false,
            kept_first: true,
            ..m
        });
        note_run(&again);
        assert_eq!(
            reference_pace(&root, &key, Mode::Bench, by_name::wall),
            None
        );
        let _ = std::fs::remove_dir_all(&root);
    }
}
