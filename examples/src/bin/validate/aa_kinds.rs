//! `--aa-kinds`: identical code on both sides, on four kinds of routine, across versions
//! (this build against a stored copy of itself, byte-identical) and within one process.
//! A verdict a rerun would repeat has an interval that excludes 1 in at most alpha of the
//! trials, and a `--max-regression 2%` gate that fails identical code at most as often.
//!
//! The kinds: sorting a cloned 10,000-element vector (`iter_batched`, allocation in the
//! setup), building a 1,000-entry hash map, formatting 100 numbers into a string, and a
//! chain of arithmetic of about 2 ms.

use crate::table::median;
use crate::versions::{harness_of, secs};
use duobench::result::Verdict;
use duobench::{bench, black_box, compare, Bencher, Claim, DiffConfig};
use duobench_examples::work;
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Steps of `work` in about 2 ms, set by the parent for the harness runs it starts.
const STEPS_VAR: &str = "VALIDATE_AA_STEPS";

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

fn steps_2ms() -> u64 {
    std::env::var(STEPS_VAR)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

#[bench]
fn aa_sort_clone(b: &mut Bencher) {
    let v = data();
    b.iter_batched(|| v.clone(), |mut v| v.sort());
}

#[bench]
fn aa_hash_map() -> HashMap<u64, u64> {
    build_map()
}

#[bench]
fn aa_format() -> String {
    format_numbers()
}

#[bench]
fn aa_work_2ms(b: &mut Bencher) {
    let state = Cell::new(1);
    let steps = steps_2ms();
    b.iter(|| work(&state, steps));
}

const KINDS: [&str; 4] = [
    "aa_kinds::aa_sort_clone",
    "aa_kinds::aa_hash_map",
    "aa_kinds::aa_format",
    "aa_kinds::aa_work_2ms",
];

/// Across versions: for each kind, `runs` comparisons of this build with a stored copy of
/// itself, gated at 2%.
pub fn across_versions(runs: usize, steps_2ms: u64) {
    let dir = std::env::temp_dir().join(format!("duobench-validate-aa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let steps = steps_2ms.to_string();
    std::env::set_var(STEPS_VAR, &steps);
    println!("| kind | runs | interval excludes 1 | gate 2% fails | inconclusive | median ratio | median pairs | median s |");
    println!("|---|---|---|---|---|---|---|---|");
    for kind in KINDS {
        let exact = ["--exact", "--max-time", "1s", "--save-baseline", "aa"];
        harness_of(kind, &dir, 0, 0.0, &exact);
        let (mut excluded, mut failed, mut undecided) = (0, 0, 0);
        let (mut ratios, mut pairs, mut times) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            let t = harness_of(
                kind,
                &dir,
                0,
                0.0,
                &["--exact", "--baseline", "aa", "--max-regression", "2%"],
            );
            assert_eq!(t["kind"], "versions", "not paired: {t:#}");
            let interval = &t["ratio"]["interval"];
            let (lo, hi) = (
                interval["low"].as_f64().unwrap_or(f64::NAN),
                interval["high"].as_f64().unwrap_or(f64::NAN),
            );
            excluded += usize::from(lo > 1.0 || hi < 1.0);
            match t["verdict"].as_str() {
                Some("refuted") => failed += 1,
                Some("pass") => {}
                _ => undecided += 1,
            }
            ratios.push(t["ratio"]["estimate"].as_f64().unwrap_or(f64::NAN));
            pairs.push(t["process_pairs"]["pairs"].as_f64().unwrap_or(f64::NAN));
            times.push(secs(&t).as_secs_f64());
        }
        println!(
            "| {kind} | {runs} | {excluded} | {failed} | {undecided} | {:.4} | {:.0} | {:.2} |",
            median(&mut ratios),
            median(&mut pairs),
            median(&mut times)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Within one process: for each kind whose name contains `only` (all without it), `runs`
/// comparisons of one closure with itself against each of `ratio < 1` and `ratio > 1` (the
/// truth on the boundary: a pass is false), with a 1 s budget (5 s at 2 ms, whose duos a
/// second cannot hold).
pub fn within_process(runs: usize, steps_2ms: u64, only: Option<&str>) {
    let v = data();
    let state = Cell::new(1);
    let sort = || {
        let mut v = v.clone();
        v.sort();
        v
    };
    let two_ms = || work(&state, steps_2ms);
    let routines: [(&str, &dyn Fn() -> u64, u64); 4] = [
        ("sort_clone", &|| u64::from(sort()[0]), 1),
        ("hash_map", &|| build_map().len() as u64, 1),
        ("format", &|| format_numbers().len() as u64, 1),
        ("work_2ms", &two_ms, 5),
    ];
    println!("| kind | claim | runs | false passes | refuted | inconclusive | median s |");
    println!("|---|---|---|---|---|---|---|");
    for (kind, routine, secs) in routines {
        if only.is_some_and(|o| !kind.contains(o)) {
            continue;
        }
        for (text, claim) in [
            ("ratio < 1", below(1.0)),
            (
                "ratio > 1",
                Claim::Above {
                    bound: 1.0,
                    inclusive: false,
                },
            ),
        ] {
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

fn below(bound: f64) -> Claim {
    Claim::Below {
        bound,
        inclusive: false,
    }
}
