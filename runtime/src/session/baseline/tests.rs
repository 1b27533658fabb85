//! Choosing, comparing with and saving baselines, in a scratch directory.

use super::*;
use crate::fixture::bench_runs as synthetic;
use crate::model::AttrOptions;
use crate::session::{Overrides, Settings};
use std::fs;

fn result(per_iter_ns: f64) -> BenchResult {
    synthetic::result(synthetic::run(per_iter_ns, 20, 50, None), None)
}

fn settings(save: Option<&str>, compare: Option<&str>) -> BaselineSettings {
    let name = |n: &str| BaselineName::parse(n).unwrap();
    let run = Overrides {
        save_baseline: save.map(name),
        baseline: compare.map(name),
        ..Overrides::default()
    };
    Settings::resolve(&AttrOptions::default(), run).baseline_settings()
}

/// A directory under the system's temporary directory, absent at first, removed on drop.
pub(super) struct Scratch(pub(super) PathBuf);

impl Scratch {
    pub(super) fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("duobench-baseline-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Self(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn key() -> BaselineKey {
    BaselineKey::new("single::inner", "inner::scaled")
}

#[test]
fn key_takes_the_bench_target_from_the_module_path() {
    assert_eq!(key().bench_target, "single");
    assert_eq!(BaselineKey::new("single", "f").bench_target, "single");
}

#[test]
fn each_run_compares_with_the_previous_one() {
    let dir = Scratch::new("previous");
    let s = settings(None, None);
    let first = compare_and_save_in(dir.0.clone(), &key(), &s, &result(10.0)).unwrap();
    assert_eq!(first, None);
    assert!(dir.0.join("previous.json").is_file());
    let second = compare_and_save_in(dir.0.clone(), &key(), &s, &result(20.0)).unwrap();
    let c = second.unwrap();
    assert!(c.previous_run && c.baseline.as_str() == "previous");
    let old = c.baseline_slope;
    assert!((old.point - 10.0).abs() < 0.1, "{c:?}");
    assert!(old.low <= old.point && old.point <= old.high, "{c:?}");
    assert!((c.change.relative.point - 1.0).abs() < 0.01, "{c:?}");
    // The second run is now the previous one.
    let third = compare_and_save_in(dir.0.clone(), &key(), &s, &result(20.0)).unwrap();
    assert!(third.unwrap().change.relative.point.abs() < 0.01);
}

/// A result whose run read the machine's pace at `pace_ns_per_step` throughout.
fn paced(per_iter_ns: f64, pace_ns_per_step: f64) -> BenchResult {
    let mut run = synthetic::run(per_iter_ns, 20, 50, None);
    run.pace_steps = 4_000;
    run.pace_ns = vec![pace_ns_per_step * 4_000.0; run.ns.len()];
    synthetic::result(run, None)
}

#[test]
fn the_machines_pace_is_saved_and_its_move_since_is_reported() {
    let dir = Scratch::new("pace");
    let s = settings(None, None);
    compare_and_save_in(dir.0.clone(), &key(), &s, &paced(10.0, 0.6)).unwrap();
    let slower = compare_and_save_in(dir.0.clone(), &key(), &s, &paced(14.0, 0.9)).unwrap();
    let moved = slower
        .unwrap()
        .machine_pace_change
        .expect("both runs read a pace");
    assert!((moved - 0.5).abs() < 1e-9, "{moved}");
    // A run that read no pace has nothing to set beside it.
    let unpaced = compare_and_save_in(dir.0.clone(), &key(), &s, &result(14.0)).unwrap();
    assert_eq!(unpaced.unwrap().machine_pace_change, None);
}

/// A result whose figure's samples waited for a core `share` of their time.
fn waited(per_iter_ns: f64, share: f64) -> BenchResult {
    let mut r = result(per_iter_ns);
    r.run.waiting = Some(crate::measure::Waiting {
        evidence: crate::measure::WaitEvidence::RunDelay,
        samples: 20,
        share: Some(share),
        disturbed: 0,
        set_aside: 0,
        rests_on_disturbed: false,
        figure_share: Some(share),
    });
    r
}

#[test]
fn the_wait_is_saved_and_a_change_it_explains_is_not_judged() {
    let dir = Scratch::new("wait");
    let s = settings(None, None);
    // A run that waited 66% of its time and reads three times slower, then a quiet one.
    compare_and_save_in(dir.0.clone(), &key(), &s, &waited(30.0, 0.66)).unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.0.join("previous.json")).unwrap()).unwrap();
    assert_eq!(saved["wait_share"], 0.66);
    let quiet = compare_and_save_in(dir.0.clone(), &key(), &s, &waited(10.0, 0.0))
        .unwrap()
        .unwrap();
    assert_eq!(
        quiet.change.verdict,
        crate::analysis::ChangeVerdict::MachineDiffered,
        "{quiet:?}"
    );
    assert_eq!(quiet.change.machine.then.wait_share, Some(0.66));
    // Quiet after quiet, 20% slower: regressed.
    let slower = compare_and_save_in(dir.0.clone(), &key(), &s, &waited(12.0, 0.0))
        .unwrap()
        .unwrap();
    assert_eq!(
        slower.change.verdict,
        crate::analysis::ChangeVerdict::Regressed,
        "{slower:?}"
    );
}

#[test]
fn a_count_is_judged_whatever_the_machine_did() {
    // The runs of the test above, counted: a wait for a core or a slow pace moves no count,
    // so a third of the count is an improvement, however differently the machine ran.
    let dir = Scratch::new("wait-count");
    let s = settings(None, None);
    let counted = |per_iter: f64, share: f64| {
        let mut r = waited(per_iter, share);
        r.measure = crate::measure::by_name::allocations;
        r
    };
    compare_and_save_in(dir.0.clone(), &key(), &s, &counted(30.0, 0.66)).unwrap();
    let quiet = compare_and_save_in(dir.0.clone(), &key(), &s, &counted(10.0, 0.0))
        .unwrap()
        .unwrap();
    assert_eq!(
        quiet.change.verdict,
        crate::analysis::ChangeVerdict::Improved,
        "{quiet:?}"
    );
}

#[test]
fn the_previous_runs_pace_is_read_back_for_the_next_run_to_wait_for() {
    let root = Scratch::new("previous-pace");
    let s = settings(None, None);
    let wall = crate::measure::by_name::wall;
    assert_eq!(previous_pace(&root.0, &key(), wall), None);
    compare_and_save(&root.0, &key(), &s, &paced(10.0, 0.6)).unwrap();
    let pace = previous_pace(&root.0, &key(), wall).expect("the run read a pace");
    assert!((pace - 0.6).abs() < 1e-12, "{pace}");
    // Kept per measure, as the baselines are; a run without a pace leaves none to wait for.
    assert_eq!(
        previous_pace(&root.0, &key(), crate::measure::by_name::cpu_time),
        None
    );
    compare_and_save(&root.0, &key(), &s, &result(10.0)).unwrap();
    assert_eq!(previous_pace(&root.0, &key(), wall), None);
}

#[test]
fn baselines_are_kept_per_measure() {
    let dir = Scratch::new("per-measure");
    let s = settings(None, None);
    compare_and_save_in(dir.0.clone(), &key(), &s, &result(10.0)).unwrap();
    let mut cpu = result(20.0);
    cpu.measure = crate::measure::by_name::cpu_time;
    // The wall-time run is not compared with a CPU-time one, and stays.
    assert_eq!(
        compare_and_save_in(dir.0.clone(), &key(), &s, &cpu).unwrap(),
        None
    );
    assert!(dir.0.join("previous@cpu_time.json").is_file());
    let wall = compare_and_save_in(dir.0.clone(), &key(), &s, &result(10.0)).unwrap();
    assert!(wall.unwrap().change.relative.point.abs() < 0.01);
    let again = compare_and_save_in(dir.0.clone(), &key(), &s, &cpu).unwrap();
    assert!(again.unwrap().change.relative.point.abs() < 0.01);
}

#[test]
fn named_baselines_are_saved_and_compared_with() {
    let dir = Scratch::new("named");
    // A trial directory inside a bench target directory of its own.
    let trial = dir.0.join("single/sort");
    let missing = compare_and_save_in(
        trial.clone(),
        &key(),
        &settings(None, Some("main")),
        &result(10.0),
    )
    .unwrap_err();
    assert_eq!(missing.problem(), &Problem::Missing);
    assert!(missing.to_string().contains("main.json"), "{missing}");
    assert!(!dir.0.exists(), "nothing is saved after an error");

    let save = settings(Some("main"), None);
    assert_eq!(
        compare_and_save_in(trial.clone(), &key(), &save, &result(10.0)).unwrap(),
        None
    );
    assert!(trial.join("main.json").is_file() && !trial.join("previous.json").exists());
    let main_before = fs::read(trial.join("main.json")).unwrap();

    let compare = settings(None, Some("main"));
    let c = compare_and_save_in(trial.clone(), &key(), &compare, &result(5.0))
        .unwrap()
        .unwrap();
    assert!(!c.previous_run && c.baseline.as_str() == "main");
    assert!((c.change.relative.point + 0.5).abs() < 0.01, "{c:?}");
    // `--baseline` leaves the named baseline alone and saves the run as the previous one.
    assert_eq!(fs::read(trial.join("main.json")).unwrap(), main_before);
    assert!(trial.join("previous.json").is_file());

    // A trial added since the baseline was saved: nothing to compare with, no error.
    let added = dir.0.join("single/added");
    assert_eq!(
        compare_and_save_in(added.clone(), &key(), &compare, &result(5.0)).unwrap(),
        None
    );
    assert!(added.join("previous.json").is_file());
}

#[test]
fn a_comparison_with_the_previous_run_leaves_it_as_it_is() {
    // `--baseline previous` names the previous run's own file: the run is compared with it
    // and not saved over it, so the next comparison is not the run against itself.
    let dir = Scratch::new("compare-previous");
    let trial = dir.0.join("single/sort");
    let first = settings(None, None);
    compare_and_save_in(trial.clone(), &key(), &first, &result(10.0)).unwrap();
    let before = fs::read(trial.join("previous.json")).unwrap();
    let compare = settings(None, Some("previous"));
    for _ in 0..2 {
        let c = compare_and_save_in(trial.clone(), &key(), &compare, &result(20.0))
            .unwrap()
            .unwrap();
        assert!((c.change.relative.point - 1.0).abs() < 0.01, "{c:?}");
    }
    assert_eq!(fs::read(trial.join("previous.json")).unwrap(), before);
    // A trial the previous run has no figures for: nothing compared, and nothing saved.
    let added = dir.0.join("single/added");
    assert_eq!(
        compare_and_save_in(added.clone(), &key(), &compare, &result(5.0)).unwrap(),
        None
    );
    assert!(!added.join("previous.json").exists());
    assert_eq!(
        BaselineChoice::of(None, Some(BaselineName::previous_run())).save_as(),
        None
    );
}

#[test]
fn a_corrupt_previous_run_is_an_error_and_stays() {
    let dir = Scratch::new("corrupt-previous");
    fs::create_dir_all(&dir.0).unwrap();
    let path = dir.0.join("previous.json");
    fs::write(
        &path,
        "{\"format\": \"duobench-baseline\", \"version\": 1, \"tri",
    )
    .unwrap();
    let e = compare_and_save_in(dir.0.clone(), &key(), &settings(None, None), &result(1.0))
        .unwrap_err();
    assert_eq!(e.problem(), &Problem::Truncated);
    assert!(e.to_string().contains(&path.display().to_string()));
    assert!(fs::read_to_string(&path).unwrap().ends_with("\"tri"));
}

#[test]
fn a_count_of_none_is_kept_and_compared_as_a_count() {
    // A routine that allocates nothing: its baseline holds a count of zero, a figure like
    // any other, and the next run is compared with it (it was refused as corrupt).
    let dir = Scratch::new("count-none");
    let s = settings(None, None);
    let counted = |per_iter: f64| {
        let mut r = result(per_iter);
        r.measure = crate::measure::by_name::allocations;
        r
    };
    let verdict_of = |per_iter: f64| {
        let compared = compare_and_save_in(dir.0.clone(), &key(), &s, &counted(per_iter))
            .unwrap()
            .unwrap();
        (compared.change.verdict, compared.change.relative.point)
    };
    compare_and_save_in(dir.0.clone(), &key(), &s, &counted(0.0)).unwrap();
    use crate::analysis::ChangeVerdict::{Improved, NoChange, Regressed};
    assert_eq!(verdict_of(0.0), (NoChange, 0.0));
    assert_eq!(verdict_of(3.0), (Regressed, f64::INFINITY));
    assert_eq!(verdict_of(0.0), (Improved, -1.0));
    // Control: a wall time of zero is still no speed to compare with, and its file is
    // refused.
    let wall = Scratch::new("time-none");
    compare_and_save_in(wall.0.clone(), &key(), &s, &result(0.0)).unwrap();
    let refused = compare_and_save_in(wall.0.clone(), &key(), &s, &result(10.0)).unwrap_err();
    assert!(
        refused.to_string().contains("a time that is zero"),
        "{refused}"
    );
}
