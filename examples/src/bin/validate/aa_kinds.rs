//! `--aa-kinds`: identical code on both sides, on five kinds of routine, across versions
//! (this build against a stored copy of itself, byte-identical) and within one process;
//! across versions also a known regression of real extra work.
//!
//! Across versions every trial is one `--baseline aa --max-regression P` run of the harness
//! with the default budget, at gates of 2% and 5%. On identical code a trial fails the job
//! when its gate does not pass (regressed, or inconclusive under the default
//! `on_inconclusive = fail`): that share is the gate's false-alarm rate as a user meets it.
//! With `--regress`, this build's routine also does extra arithmetic (the vector growth:
//! extra pushes) costing (1 + P)² − 1 of the routine's own time (the gate's named regression, about 2P), calibrated by paired
//! runs of the harness itself before the trials; a trial that passes is a miss. `VALIDATE_TRIALS=FILE` writes each trial's
//! outcome and round ratios to FILE, one JSON line each.
//!
//! The kinds: sorting a cloned 10,000-element vector (`iter_batched`, allocation in the
//! setup), building a 1,000-entry hash map, formatting 100 numbers into a string, growing a
//! vector by 10,000 pushes from empty, and a chain of arithmetic of about 2 ms.

use crate::table::median;
use crate::versions::harness_of;
use duobench::result::Verdict;
use duobench::{bench, black_box, compare, Bencher, Claim, DiffConfig};
use duobench_examples::work;
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Write;
use std::io::Write as _;
use std::time::{Duration, Instant};

/// Steps of `work` in about 2 ms, set by the parent for the harness runs it starts.
const STEPS_VAR: &str = "VALIDATE_AA_STEPS";
/// Steps of `work` this build adds to each call (the regression); the stored copy adds none.
const EXTRA_VAR: &str = "VALIDATE_AA_EXTRA_STEPS";

fn data() -> Vec<u32> {
    (0..10_000u32)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect()
}

fn build_map() -> HashMap<u64, u64> {
    (0..black_box(1_000u64)).map(|i| (i, i * i)).collect()
}

fn format_numbers() -> String {
    let mut s = String::new();
    for i in 0..black_box(100u64) {
        let _ = write!(s, "{i},");
    }
    s
}

/// Pushes of the vector-growth routine in the stored copy.
const PUSHES: u64 = 10_000;

/// Grows a vector by `PUSHES + extra` pushes.
fn grow_vector(extra: u64) -> Vec<u64> {
    let mut v = Vec::new();
    for i in 0..black_box(PUSHES + extra) {
        v.push(i);
    }
    v
}

fn env_steps(var: &str) -> Option<u64> {
    std::env::var(var).ok().and_then(|v| v.parse().ok())
}

fn steps_2ms() -> u64 {
    env_steps(STEPS_VAR).unwrap_or(1_000_000)
}

/// The regression's extra work in this process: none in the stored copy (the old version).
fn extra_steps() -> u64 {
    let old = std::env::var("DUOBENCH_SERVE_SIDE").is_ok_and(|side| side == "old");
    if old {
        0
    } else {
        env_steps(EXTRA_VAR).unwrap_or(0)
    }
}

#[bench]
fn aa_sort_clone(b: &mut Bencher) {
    let v = data();
    let (state, extra) = (Cell::new(1), extra_steps());
    b.iter_batched(
        || v.clone(),
        |mut v| {
            v.sort();
            work(&state, extra);
        },
    );
}

#[bench]
fn aa_hash_map(b: &mut Bencher) {
    let (state, extra) = (Cell::new(1), extra_steps());
    b.iter(|| {
        let map = build_map();
        work(&state, extra);
        map
    });
}

#[bench]
fn aa_format(b: &mut Bencher) {
    let (state, extra) = (Cell::new(1), extra_steps());
    b.iter(|| {
        let s = format_numbers();
        work(&state, extra);
        s
    });
}

#[bench]
fn aa_vec_growth(b: &mut Bencher) {
    // Its regression is more of its own work (pushes): extra arithmetic after the growth
    // changed how fast the growth itself ran in some processes, so the regression's mean
    // over process placements was not the one calibrated.
    let extra = extra_steps();
    b.iter(|| grow_vector(extra));
}

#[bench]
fn aa_work_2ms(b: &mut Bencher) {
    let state = Cell::new(1);
    let steps = steps_2ms() + extra_steps();
    b.iter(|| work(&state, steps));
}

const KINDS: [&str; 5] = [
    "aa_kinds::aa_sort_clone",
    "aa_kinds::aa_hash_map",
    "aa_kinds::aa_format",
    "aa_kinds::aa_vec_growth",
    "aa_kinds::aa_work_2ms",
];

/// The mean time of one call of `kind`'s routine in this process, in nanoseconds, timed as
/// its `#[bench]` times it (the sort's clone is its setup, outside the timing): the least
/// of five half-second means, so that a busy moment does not inflate it.
fn routine_ns(kind: &str, steps_2ms: u64) -> f64 {
    let v = data();
    let state = Cell::new(1);
    let call = || -> u64 {
        match kind {
            "aa_kinds::aa_hash_map" => build_map().len() as u64,
            "aa_kinds::aa_format" => format_numbers().len() as u64,
            "aa_kinds::aa_vec_growth" => grow_vector(0).len() as u64,
            _ => work(&state, steps_2ms),
        }
    };
    (0..5)
        .map(|_| {
            let mut calls = 0u32;
            let mut timed = Duration::ZERO;
            while timed < Duration::from_millis(500) {
                if kind == "aa_kinds::aa_sort_clone" {
                    let mut inputs: Vec<Vec<u32>> = (0..16).map(|_| v.clone()).collect();
                    let start = Instant::now();
                    for input in &mut inputs {
                        input.sort();
                    }
                    timed += start.elapsed();
                    black_box(&inputs);
                    calls += 16;
                } else {
                    let start = Instant::now();
                    black_box(call());
                    timed += start.elapsed();
                    calls += 1;
                }
            }
            timed.as_nanos() as f64 / f64::from(calls)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The extra steps that make `kind` the named regression `named` slower in the harness
/// itself: `first_guess` (from its time in this process, where its drops and caches differ
/// from its `#[bench]`'s) scaled by what five paired runs with it measured, twice.
fn calibrated_extra(
    kind: &str,
    dir: &std::path::Path,
    gate: &str,
    first_guess: u64,
    named: f64,
) -> u64 {
    let mut extra = first_guess.max(1);
    for _ in 0..2 {
        std::env::set_var(EXTRA_VAR, extra.to_string());
        let mut measured: Vec<f64> = (0..5)
            .map(|_| {
                let t = harness_of(
                    kind,
                    dir,
                    0,
                    0.0,
                    &["--exact", "--baseline", "aa", "--max-regression", gate],
                );
                t["ratio"]["estimate"].as_f64().unwrap_or(f64::NAN) - 1.0
            })
            .filter(|x| x.is_finite() && *x > 0.0)
            .collect();
        if measured.is_empty() {
            break;
        }
        extra = ((extra as f64) * named / median(&mut measured))
            .round()
            .max(1.0) as u64;
    }
    extra
}

/// Across versions: for each kind whose name contains `only` (all without it), `runs`
/// comparisons of this build with a stored copy of itself at each gate; with `regress`,
/// this build does the gate's named regression of extra work (`ns_per_step` calibrates it).
pub fn across_versions(
    runs: usize,
    steps_2ms: u64,
    ns_per_step: f64,
    regress: bool,
    only: Option<&str>,
) {
    let dir = std::env::temp_dir().join(format!("duobench-validate-aa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    std::env::set_var(STEPS_VAR, steps_2ms.to_string());
    // `VALIDATE_TRIALS=FILE`: each trial's gate and round ratios, one JSON line each.
    let mut trial_log = std::env::var_os("VALIDATE_TRIALS")
        .map(|path| std::fs::File::create(path).expect("the trial log can be written"));
    println!(
        "| kind | gate | truth | trials | failed | regressed | inconclusive | passed | median ratio | median rounds | median s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for kind in KINDS {
        if only.is_some_and(|o| !kind.contains(o)) {
            continue;
        }
        std::env::remove_var(EXTRA_VAR);
        let exact = ["--exact", "--max-time", "1s", "--save-baseline", "aa"];
        harness_of(kind, &dir, 0, 0.0, &exact);
        let base_ns = routine_ns(kind, steps_2ms);
        for gate in [0.02, 0.05] {
            let named = (1.0f64 + gate).powi(2) - 1.0;
            let gate_text = format!("{}%", 100.0 * gate);
            let truth = if regress {
                let first_guess = if kind == "aa_kinds::aa_vec_growth" {
                    (named * PUSHES as f64).round() as u64
                } else {
                    (named * base_ns / ns_per_step).round() as u64
                };
                let extra = calibrated_extra(kind, &dir, &gate_text, first_guess, named);
                std::env::set_var(EXTRA_VAR, extra.to_string());
                format!("+{:.2}%", 100.0 * named)
            } else {
                "unchanged".to_owned()
            };
            let mut counts = [0usize; 3];
            let (mut ratios, mut rounds, mut times) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..runs {
                // The time a user waits: the harness's whole run, process starts included.
                let started = Instant::now();
                let t = harness_of(
                    kind,
                    &dir,
                    0,
                    0.0,
                    &[
                        "--exact",
                        "--baseline",
                        "aa",
                        "--max-regression",
                        &gate_text,
                    ],
                );
                times.push(started.elapsed().as_secs_f64());
                assert_eq!(t["kind"], "versions", "not paired: {t:#}");
                if let Some(log) = &mut trial_log {
                    let line = serde_json::json!({
                        "kind": kind, "gate": gate_text, "truth": truth,
                        "outcome": t["gate"]["outcome"], "decided_by": t["gate"]["decided_by"],
                        "planned_rounds": t["gate"]["planned_rounds"],
                        "ratio": t["ratio"]["estimate"], "rounds": t["process_pairs"]["ratios"],
                    });
                    let _ = writeln!(log, "{line}");
                }
                let slot = match t["gate"]["outcome"].as_str() {
                    Some("regressed") => 0,
                    Some("pass") => 2,
                    _ => 1,
                };
                counts[slot] += 1;
                ratios.push(t["ratio"]["estimate"].as_f64().unwrap_or(f64::NAN));
                rounds.push(t["process_pairs"]["pairs"].as_f64().unwrap_or(f64::NAN));
            }
            let [regressed, inconclusive, passed] = counts;
            println!(
                "| {kind} | {gate_text} | {truth} | {runs} | {} | {regressed} | {inconclusive} | {passed} | {:.4} | {:.0} | {:.2} |",
                regressed + inconclusive,
                median(&mut ratios),
                median(&mut rounds),
                median(&mut times)
            );
        }
    }
    std::env::remove_var(EXTRA_VAR);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Within one process: for each kind whose name contains `only` (all without it), `runs`
/// comparisons of one closure with itself against each of `ratio < 1` and `ratio > 1` (the
/// truth on the boundary: a pass is false), or with `bands` against the equivalence bands
/// `ratio in 0.97..1` and `ratio in 1.0001..=1.03` (the truth on an edge, just outside:
/// a pass is false), with a 1 s budget (5 s at 2 ms, whose duos a second cannot hold).
pub fn within_process(runs: usize, steps_2ms: u64, only: Option<&str>, bands: bool) {
    let v = data();
    let state = Cell::new(1);
    let sort = || {
        let mut v = v.clone();
        v.sort();
        v
    };
    let two_ms = || work(&state, steps_2ms);
    let routines: [(&str, &dyn Fn() -> u64, u64); 5] = [
        ("sort_clone", &|| u64::from(sort()[0]), 1),
        ("hash_map", &|| build_map().len() as u64, 1),
        ("format", &|| format_numbers().len() as u64, 1),
        ("vec_growth", &|| grow_vector(0).len() as u64, 1),
        ("work_2ms", &two_ms, 5),
    ];
    println!("| kind | claim | runs | false passes | refuted | inconclusive | median s |");
    println!("|---|---|---|---|---|---|---|");
    for (kind, routine, secs) in routines {
        if only.is_some_and(|o| !kind.contains(o)) {
            continue;
        }
        for (text, claim) in claims(bands) {
            let (mut passed, mut refuted, mut undecided, mut times) = (0, 0, 0, Vec::new());
            for _ in 0..runs {
                let config = DiffConfig {
                    claim: Some(claim),
                    max_time: Duration::from_secs(secs),
                    ..DiffConfig::default()
                };
                let start = Instant::now();
                let r = compare(routine, routine, &config);
                times.push(start.elapsed().as_secs_f64());
                match r.verdict {
                    Verdict::Pass => passed += 1,
                    Verdict::Refuted => refuted += 1,
                    _ => undecided += 1,
                }
            }
            println!(
                "| {kind} | `{text}` | {runs} | {passed} | {refuted} | {undecided} | {:.2} |",
                median(&mut times)
            );
        }
    }
}

/// The claims on the truth (a ratio of 1) that `within_process` judges: the two one-sided
/// claims whose boundary it is, or the two bands it lies just outside of, one on each side.
fn claims(bands: bool) -> [(&'static str, Claim); 2] {
    if bands {
        [
            (
                "ratio in 0.97..1",
                Claim::Within {
                    low: 0.97,
                    high: 1.0,
                    high_inclusive: false,
                },
            ),
            (
                "ratio in 1.0001..=1.03",
                Claim::Within {
                    low: 1.0001,
                    high: 1.03,
                    high_inclusive: true,
                },
            ),
        ]
    } else {
        [
            (
                "ratio < 1",
                Claim::Below {
                    bound: 1.0,
                    inclusive: false,
                },
            ),
            (
                "ratio > 1",
                Claim::Above {
                    bound: 1.0,
                    inclusive: false,
                },
            ),
        ]
    }
}
