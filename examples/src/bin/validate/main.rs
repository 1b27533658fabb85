//! Validation program: real timing of work of known relative cost, duobench against the
//! traditional method. Not run in CI; results go to docs/VALIDATION.md.
//!
//! ```text
//! cargo run --release -p duobench-examples --bin validate -- [--runs R] [--noise | --load] [--aa | --amortized | --versions] [--base B]
//! ```
//!
//! `--noise` runs a background process that alternates 2 s of busy work on every core with
//! 2 s idle; `--load` one that keeps every core busy with arithmetic and memory streaming for
//! the whole run. `--aa` runs the real-timing A/A check instead of the known-ratio table
//! (`--boundary-secs S`: the budget of its claims on the truth, 1 s by default);
//! `--base 2` keeps only the bases whose label contains `2` (e.g. `55`, `100`, `2 ms`).
//! `--versions` compares known slowdowns across versions, paired and unpaired (see
//! `versions.rs`); `--unpaired-runs U` sets the unpaired runs per case (default: R, at
//! most 20); paired runs gate at half the slowdown; `--base 20` gives a 20 ms base of its
//! own, which the table leaves out otherwise.
//! `--amortized` the amortized-cost table (a routine whose every N-th call does extra work).
//! `--wander [--secs S]` runs R repetitions of S-second (default 8) runs without a claim
//! per pair of `wander.rs` and prints every duo's log-difference as JSON lines.
//! `--aa-kinds [--versions-only | --within-only] [--within-runs W] [--regress] [--bands]`
//! (`--base K` keeps the kinds whose name contains K) compares identical code on five
//! kinds of routine across versions (gated at 2% and at 5%; with `--regress` this build
//! does each gate's named regression of extra work) and within one process (claims on the
//! truth; with `--bands` equivalence bands with the truth just outside an edge), R (W) runs
//! each (see `aa_kinds.rs`).

mod aa_kinds;
mod amortized;
mod noise;
mod table;
mod traditional;
mod versions;
mod wander;

use duobench::result::{Clock, Verdict};
use duobench::{compare, Claim, DiffConfig};
use duobench_examples::work;
use std::cell::Cell;
use std::time::{Duration, Instant};
use table::{Case, Judged, Row};

const RATIOS: [f64; 7] = [1.00, 1.002, 1.005, 1.01, 1.02, 1.05, 1.10];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if std::env::var_os(versions::HARNESS_VAR).is_some()
        || args.first().is_some_and(|a| a == "--duobench-serve")
    {
        duobench::main();
    }
    if args.iter().any(|a| a == "--noise-child") {
        noise::busy_idle_forever();
    }
    if args.iter().any(|a| a == "--load-child") {
        noise::steady_load_forever();
    }
    let runs = option_value(&args, "--runs").unwrap_or(20);
    let only_base = args
        .iter()
        .position(|a| a == "--base")
        .and_then(|i| args.get(i + 1).cloned());
    // Calibrate on a quiet machine, before any background noise starts.
    let ns_per_step = calibrate_step();
    let background = if args.iter().any(|a| a == "--load") {
        Some(("steady CPU and memory load on every core", "--load-child"))
    } else if args.iter().any(|a| a == "--noise") {
        Some(("2 s busy / 2 s idle on every core", "--noise-child"))
    } else {
        None
    };
    let _noise = background.map(|(_, role)| noise::Background::start(role));
    println!(
        "work step: {ns_per_step:.3} ns; runs per case: {runs}; background: {}",
        background.map_or("none", |(what, _)| what)
    );
    // The machine's own stalls (a 20 ms spin), a condition next to every figure: they set
    // the noise of millisecond routines and the share of short duos set aside.
    let stalls = duobench::result::machine_stalls();
    println!(
        "machine stalls of a running thread: {:.0}/s above 1 µs, {:.0}/s above 20 µs (typical {:.0} µs)",
        stalls.per_second_above(1e3),
        stalls.per_second_above(2e4),
        stalls.typical_above(2e4).unwrap_or(0.0) / 1e3
    );
    if args.iter().any(|a| a == "--aa") {
        let boundary_secs = option_value(&args, "--boundary-secs").unwrap_or(1);
        a_a(
            runs,
            ns_per_step,
            only_base.as_deref(),
            Duration::from_secs(boundary_secs as u64),
        );
    } else if args.iter().any(|a| a == "--versions") {
        // A 20 ms base only when `--base` names it: its gates run for tens of seconds each.
        let long = only_base
            .as_deref()
            .filter(|b| "20 ms".contains(b) && !"2 ms".contains(b))
            .map(|_| ("20 ms", (20_000_000.0 / ns_per_step) as u64));
        let bases: Vec<_> = bases(ns_per_step)
            .into_iter()
            .filter(|(base, _)| only_base.as_deref().is_none_or(|b| base.contains(b)))
            .chain(long)
            .collect();
        // Unpaired runs cost about 10 s each (see versions.rs): at most 20 unless asked.
        let unpaired_runs = option_value(&args, "--unpaired-runs").unwrap_or(runs.min(20));
        println!("paired runs gated at half the slowdown (0% slowdowns at 1%)");
        versions::versions(runs, unpaired_runs, &bases);
    } else if args.iter().any(|a| a == "--aa-kinds") {
        let steps_2ms = (2_000_000.0 / ns_per_step) as u64;
        if !args.iter().any(|a| a == "--within-only") {
            let regress = args.iter().any(|a| a == "--regress");
            aa_kinds::across_versions(runs, steps_2ms, ns_per_step, regress, only_base.as_deref());
        }
        if !args.iter().any(|a| a == "--versions-only") {
            aa_kinds::within_process(
                option_value(&args, "--within-runs").unwrap_or(runs),
                steps_2ms,
                only_base.as_deref(),
                args.iter().any(|a| a == "--bands"),
            );
        }
    } else if args.iter().any(|a| a == "--wander") {
        let secs = option_value(&args, "--secs").unwrap_or(8);
        wander::wander(secs as f64, runs);
    } else if args.iter().any(|a| a == "--amortized") {
        amortized::run(runs, ns_per_step, only_base.as_deref());
    } else {
        known_ratios(runs, ns_per_step, only_base.as_deref());
    }
}

/// `VALIDATE_VERBOSE=1` prints every duobench run to stderr.
fn verbose() -> bool {
    std::env::var_os("VALIDATE_VERBOSE").is_some()
}

/// Standard deviation of per-duo log differences.
fn spread(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
}

fn option_value(args: &[String], name: &str) -> Option<usize> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1)?.parse().ok()
}

/// Nanoseconds per step of `work`: the fastest of many short plain loops, so that a busy
/// machine's preemptions (which only ever lengthen a loop) do not inflate it.
fn calibrate_step() -> f64 {
    let state = Cell::new(1);
    let steps = 1_000_000;
    work(&state, 20 * steps);
    (0..40)
        .map(|_| {
            let start = Instant::now();
            work(&state, steps);
            start.elapsed().as_nanos() as f64 / steps as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Steps for each base latency. At the nanosecond scale the base is 100 steps, so that a 1%
/// difference is a whole step.
fn bases(ns_per_step: f64) -> [(&'static str, u64); 3] {
    [
        ("~55 ns", 100),
        ("100 µs", (100_000.0 / ns_per_step) as u64),
        ("2 ms", (2_000_000.0 / ns_per_step) as u64),
    ]
}

fn known_ratios(runs: usize, ns_per_step: f64, only_base: Option<&str>) {
    let mut rows = Vec::new();
    for (base, steps) in bases(ns_per_step) {
        if only_base.is_some_and(|b| !base.contains(b)) {
            continue;
        }
        for ratio in RATIOS {
            let slow = (steps as f64 * ratio).round() as u64;
            // 0.2% of 100 steps is no whole step: the ~55 ns base cannot make that ratio.
            let made = slow as f64 / steps as f64 - 1.0;
            if (made - (ratio - 1.0)).abs() > 0.1 * (ratio - 1.0) {
                eprintln!("skipped: {base} cannot make a ratio of {ratio} in whole steps");
                continue;
            }
            let case = Case { base, ratio };
            // A difference is claimed as `ratio > 1`; no difference as equivalence to ±1%.
            let claim = if ratio > 1.0 {
                above(1.0)
            } else {
                Claim::Within {
                    low: 0.99,
                    high: 1.01,
                    high_inclusive: true,
                }
            };
            let mut duo = Row::new("duobench", case);
            let mut trad = Row::new("traditional", case);
            for _ in 0..runs {
                let state = Cell::new(1);
                let config = DiffConfig {
                    claim: Some(claim),
                    ..DiffConfig::default()
                };
                let start = Instant::now();
                let r = compare(|| work(&state, slow), || work(&state, steps), &config);
                if verbose() {
                    eprintln!(
                        "{base} {ratio} ({:.0} ns): {:?} ratio {:.4} {:?} median {:.4} pairs {} set aside {} preempted {} (set aside {}) clock {} ({}) blocks {} dependence {:.2} basis {:?} duo sd {:.4}% warmup {:.2} s in {:.2} s",
                        r.second.as_ref().map_or(f64::NAN, |s| s.median),
                        r.verdict,
                        r.ratio,
                        r.interval,
                        r.median_ratio,
                        r.pairs,
                        r.duos_set_aside,
                        r.duos_preempted,
                        r.preempted_set_aside,
                        r.clock.name(),
                        r.clock_reason.describe(),
                        r.blocks,
                        r.dependence,
                        r.basis,
                        100.0 * spread(&r.duo_log_diffs),
                        r.warmup_time.as_secs_f64(),
                        r.total_time().as_secs_f64()
                    );
                }
                let judged = match r.verdict {
                    Verdict::Pass => Judged::Correct,
                    Verdict::Refuted => Judged::Wrong,
                    _ => Judged::Inconclusive,
                };
                duo.push(r.ratio, Some(judged), start.elapsed());
                duo.note_evidence(r.clock == Clock::ThreadCpu, r.duos_preempted);
                let start = Instant::now();
                let t = traditional::ratio(
                    || work(&state, slow),
                    || work(&state, steps),
                    Duration::from_millis(500),
                );
                trad.push(t, None, start.elapsed());
            }
            rows.push(duo);
            rows.push(trad);
        }
    }
    table::print(&rows);
}

/// An A/A claim and the verdict that is correct for it when the true ratio is exactly 1.
struct AaClaim {
    text: &'static str,
    claim: Claim,
    correct: Verdict,
    max_time: Duration,
}

/// The same routine on both sides: false verdicts must stay at alpha. The first three are
/// the issue's; the last two put the claim's boundary exactly on the truth, where only the
/// interval's validity under repeated looks keeps a false pass rare, so they run to the
/// time budget (`boundary_budget`, 1 s unless `--boundary-secs` says) unless they pass
/// falsely.
fn a_a(runs: usize, ns_per_step: f64, only_base: Option<&str>, boundary_budget: Duration) {
    let default = DiffConfig::default().max_time;
    let claims = [
        AaClaim {
            text: "ratio < 0.99",
            claim: below(0.99),
            correct: Verdict::Refuted,
            max_time: default,
        },
        AaClaim {
            text: "ratio > 1.01",
            claim: above(1.01),
            correct: Verdict::Refuted,
            max_time: default,
        },
        AaClaim {
            text: "ratio in 0.99..=1.01",
            claim: Claim::Within {
                low: 0.99,
                high: 1.01,
                high_inclusive: true,
            },
            correct: Verdict::Pass,
            max_time: default,
        },
        AaClaim {
            text: "ratio < 1",
            claim: below(1.0),
            correct: Verdict::Refuted,
            max_time: boundary_budget,
        },
        AaClaim {
            text: "ratio > 1",
            claim: above(1.0),
            correct: Verdict::Refuted,
            max_time: boundary_budget,
        },
    ];
    println!("| base | claim | runs | pass | refuted | inconclusive | false verdicts | median s |");
    println!("|---|---|---|---|---|---|---|---|");
    for (base, steps) in bases(ns_per_step) {
        if only_base.is_some_and(|b| !base.contains(b)) {
            continue;
        }
        for c in &claims {
            let mut counts = [0usize; 3];
            let mut secs = Vec::new();
            for _ in 0..runs {
                let state = Cell::new(1);
                let config = DiffConfig {
                    claim: Some(c.claim),
                    max_time: c.max_time,
                    ..DiffConfig::default()
                };
                // One closure on both sides: the very same machine code, so no layout
                // difference can make the true ratio differ from 1.
                let routine = || work(&state, steps);
                let start = Instant::now();
                let r = compare(routine, routine, &config);
                secs.push(start.elapsed().as_secs_f64());
                counts[match r.verdict {
                    Verdict::Pass => 0,
                    Verdict::Refuted => 1,
                    _ => 2,
                }] += 1;
            }
            // A false verdict: passing a false claim, or refuting a true one.
            let wrong = if c.correct == Verdict::Pass {
                counts[1]
            } else {
                counts[0]
            };
            println!(
                "| {base} | `{}` | {runs} | {} | {} | {} | {wrong} | {:.2} |",
                c.text,
                counts[0],
                counts[1],
                counts[2],
                table::median(&mut secs)
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

fn above(bound: f64) -> Claim {
    Claim::Above {
        bound,
        inclusive: false,
    }
}
