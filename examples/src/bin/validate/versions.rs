//! `--versions`: known slowdowns compared across versions through the real harness, paired
//! (`--baseline` with the stored executable as a child in serve mode) and unpaired (the
//! saved numbers of a separate run, as Criterion compares), side by side.
//!
//! This program is its own bench executable: with `VALIDATE_HARNESS=1` its `main` hands over
//! to `duobench::main()`, which runs the one `#[bench]` below. The stored executable plays the
//! old version: it ignores the slowdown that this build (the new version) applies.

use crate::table::{Case, Judged, Row};
use duobench::{bench, Bencher};
use duobench_examples::work;
use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Set in the environment of the harness runs this mode starts.
pub const HARNESS_VAR: &str = "VALIDATE_HARNESS";
const STEPS_VAR: &str = "VALIDATE_VERSIONS_STEPS";
const SLOWDOWN_VAR: &str = "VALIDATE_VERSIONS_SLOWDOWN";
const SLOWDOWNS: [f64; 4] = [0.0, 0.01, 0.02, 0.05];

/// The known-cost routine; the comparing process makes it `1 + slowdown` times the work.
#[bench]
fn versions_work(b: &mut Bencher) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<f64>().ok());
    let slowdown = if is_stored_copy() {
        0.0
    } else {
        var(SLOWDOWN_VAR).unwrap_or(0.0)
    };
    let steps = (var(STEPS_VAR).unwrap_or(100.0) * (1.0 + slowdown)).round() as u64;
    let state = Cell::new(1);
    b.iter(|| work(&state, steps));
}

/// Whether this process serves the copy of this program stored with a baseline (the old
/// version): both versions serve their batches from child processes, from copies in
/// equivalent places, and the harness tells each which side it serves.
fn is_stored_copy() -> bool {
    std::env::var("DUOBENCH_SERVE_SIDE").is_ok_and(|side| side == "old")
}

/// One harness run of `versions_work`; its JSON trial.
fn harness(dir: &Path, steps: u64, slowdown: f64, extra: &[&str]) -> serde_json::Value {
    harness_of("versions_work", dir, steps, slowdown, extra)
}

/// One harness run of the trials `filter` selects (the first one's JSON trial).
pub fn harness_of(
    filter: &str,
    dir: &Path,
    steps: u64,
    slowdown: f64,
    extra: &[&str],
) -> serde_json::Value {
    let json = dir.join("run.json");
    // A filtered run keeps the other trials already in the file: start from none, so that
    // the first trial is this run's.
    let _ = std::fs::remove_file(&json);
    let exe = std::env::current_exe().expect("this executable");
    let output = Command::new(exe)
        .args(["--bench", filter, "--no-report", "--baseline-dir"])
        .arg(dir)
        .arg("--json")
        .arg(&json)
        .args(extra)
        .env(HARNESS_VAR, "1")
        .env(STEPS_VAR, steps.to_string())
        .env(SLOWDOWN_VAR, slowdown.to_string())
        .output()
        .expect("the harness runs");
    let text = std::fs::read_to_string(&json).unwrap_or_else(|_| {
        panic!(
            "no JSON from the harness:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    doc["trials"][0].clone()
}

pub fn secs(trial: &serde_json::Value) -> Duration {
    let f = |key: &str| trial[key].as_f64().unwrap_or(0.0);
    Duration::from_secs_f64(f("warmup_secs") + f("measure_secs"))
}

/// The gate for a true `slowdown`: at half of it, so that the margin between truth and gate
/// is half the difference; a 0% slowdown is gated at 1% (an A/A run whose correct verdict is
/// pass). A gate at 0% is refused by the harness: it cannot pass identical code reliably.
fn gate_percent(slowdown: f64) -> String {
    let gate = if slowdown == 0.0 {
        0.01
    } else {
        slowdown / 2.0
    };
    format!("{}%", 100.0 * gate)
}

/// The table: for each base latency and true slowdown, `runs` paired comparisons gated at
/// half the slowdown, and `unpaired_runs` unpaired ones (a save, then
/// a comparison with the saved numbers), each judged against the truth.
///
/// An unpaired run costs two full budgets (linear sampling fills its 5 s, in the save run
/// and in the comparison run: about 10 s), a paired one stops at its decision (about 0.3 s
/// at 55 ns and 100 µs, up to 5 s at 2 ms): hence separate counts.
pub fn versions(runs: usize, unpaired_runs: usize, bases: &[(&'static str, u64)]) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("duobench-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let mut rows = Vec::new();
    for &(base, steps) in bases {
        harness(&dir, steps, 0.0, &["--save-baseline", "paired"]);
        for slowdown in SLOWDOWNS {
            let case = Case {
                base,
                ratio: 1.0 + slowdown,
            };
            let gate = gate_percent(slowdown);
            let mut paired = Row::new("paired", case);
            let mut unpaired = Row::new("unpaired", case);
            for _ in 0..runs {
                let t = harness(
                    &dir,
                    steps,
                    slowdown,
                    &["--baseline", "paired", "--max-regression", &gate],
                );
                assert_eq!(t["kind"], "versions", "not paired: {t:#}");
                let judged = match (t["verdict"].as_str(), slowdown > 0.0) {
                    (Some("refuted"), true) | (Some("pass"), false) => Judged::Correct,
                    (Some("pass"), true) | (Some("refuted"), false) => Judged::Wrong,
                    _ => Judged::Inconclusive,
                };
                let ratio = t["ratio"]["estimate"].as_f64().unwrap_or(f64::NAN);
                paired.push(ratio, Some(judged), secs(&t));
                let preempted = t["outliers"]["duos_preempted"].as_u64().unwrap_or(0);
                paired.note_evidence(
                    t["clock"]["judged_on"] == "thread_cpu",
                    usize::try_from(preempted).unwrap_or(usize::MAX),
                );
            }
            for _ in 0..unpaired_runs {
                let saved = harness(&dir, steps, 0.0, &["--save-baseline", "unpaired"]);
                let exe = dir
                    .join("validate/@executables")
                    .join(format!("unpaired{}", std::env::consts::EXE_SUFFIX));
                std::fs::remove_file(exe)
                    .expect("the stored executable, removed to force the fallback");
                let t = harness(&dir, steps, slowdown, &["--baseline", "unpaired"]);
                let change = &t["baseline"]["change"];
                let judged = match (change["verdict"].as_str(), slowdown > 0.0) {
                    (Some("regressed"), true) | (Some("no_change" | "within_noise"), false) => {
                        Judged::Correct
                    }
                    (Some("improved"), _) | (Some("regressed"), false) => Judged::Wrong,
                    _ => Judged::Inconclusive,
                };
                let ratio = 1.0 + change["estimate"].as_f64().unwrap_or(f64::NAN);
                unpaired.push(ratio, Some(judged), secs(&saved) + secs(&t));
            }
            rows.push(paired);
            if unpaired_runs > 0 {
                rows.push(unpaired);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    crate::table::print(&rows);
}
