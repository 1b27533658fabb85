//! bench_diff 1.1 on the rival harness's known-ratio pairs: `f1` does 1% more steps than
//! `f2`, and bench_diff times them one call at a time in duos (f1, f2), (f2, f1), for a fixed
//! `exec_count` after a warmup. One base a process (`--base 2ms`; without it, every base in
//! turn), run by `rivals/run`. It prints one line a base:
//!
//! ```text
//! bench_diff 2ms: verdict=slower ratio=1.01012 ratio_ci=1.00810..1.01215 p=1.234e-5 exec_count=200 warmup_secs=3.001 collect_secs=0.812
//! ```
//!
//! - `verdict`: bench_diff's Welch test on the logarithms of the latencies
//!   (`DiffOut::welch_ln_test`, which its docs recommend over the deprecated paired Student
//!   tests), one-sided at alpha 0.05: `slower` when it accepts `AltHyp::Gt` (f1 slower: right),
//!   `faster` when the `AltHyp::Lt` test accepts instead (a reversal), else `none`.
//! - `ratio`: bench_diff's estimate of f1 / f2, `ratio_medians_f1_f2_from_lns` (the exp of the
//!   mean difference of the logarithms), and `ratio_ci` its 95% Welch interval.
//! - `p`: the p-value of the `AltHyp::Gt` test.
//! - `warmup_secs`: from the call to the start of its data collection: its warmup, and the
//!   setting up and clearing of its histograms (tens of megabytes) around it;
//!   `collect_secs`: its data collection.
//!
//! No per-call routines: a call timed alone, between two reads of the clock, reads as the
//! clock's own cost and step at a few nanoseconds (bench_diff's docs say it is not for
//! nanosecond latencies), so its figures for them would mean nothing.
//!
//! `--quick` (and a run without `--bench`, as `cargo test --benches` runs it) gives each base a
//! tiny `exec_count` and warmup: it checks that everything runs.

use bench_diff::stats_types::{AltHyp, Hyp};
use bench_diff::{bench_diff_x, set_warmup_millis, DiffOut, LatencyUnit};
use rivals::{Base, BASES};
use std::cell::Cell;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// The significance level of the verdict, bench_diff's own examples' `ALPHA`.
const ALPHA: f64 = 0.05;

/// What bench_diff is given at one base.
#[derive(Clone, Copy)]
struct Setting {
    /// The unit it records latencies in: "the closest finer-grained latency unit", its docs'
    /// rule of thumb.
    unit: LatencyUnit,
    /// Calls of each routine after the warmup.
    exec_count: usize,
    warmup_millis: u64,
}

/// The settings by base name: bench_diff's docs' sample sizes where they give one, else
/// about a second of data collection.
///
/// - 100 µs: 2,000, the sample size of the tests behind its docs' tables at this latency
///   (every 1% verdict right there): 0.4 s of data. A 0.5 s warmup, some 1,250 duos: the routine
///   is a chain in registers, warm after a few calls, and bench_diff's 3 s default would
///   mostly add to the wait.
/// - 2 ms: 200, its docs' sample size at the milliseconds scale (at 20 ms there): 0.8 s of
///   data, after its default 3 s warmup (some 375 duos).
/// - 55 ns: its docs give none (they say it is not for nanoseconds). 4,000,000 calls of each
///   are meant as about 1 s of collection with the two clock reads and the bookkeeping
///   around each call (the line's `collect_secs` says what it took), after a 0.5 s warmup.
///
/// Multiples of 4: bench_diff runs `exec_count / 4` duos in each order.
const SETTINGS: [(&str, Setting); 3] = [
    (
        "55ns",
        Setting {
            unit: LatencyUnit::Nano,
            exec_count: 4_000_000,
            warmup_millis: 500,
        },
    ),
    (
        "100us",
        Setting {
            unit: LatencyUnit::Nano,
            exec_count: 2_000,
            warmup_millis: 500,
        },
    ),
    (
        "2ms",
        Setting {
            unit: LatencyUnit::Micro,
            exec_count: 200,
            warmup_millis: 3_000,
        },
    ),
];

/// `--quick`: enough calls for the test to have a sample, and a warmup of a few increments.
const QUICK_EXEC_COUNT: usize = 40;
const QUICK_WARMUP_MILLIS: u64 = 20;

/// What the command line asks.
struct Options {
    bases: Vec<Base>,
    quick: bool,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut base = None;
    let mut quick = false;
    let mut bench = false;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--bench" => bench = true,
            "--quick" => quick = true,
            "--base" => {
                let name = args.next().ok_or("--base needs a base name")?;
                let found = BASES.into_iter().find(|b| b.name == name);
                base = Some(found.ok_or_else(|| {
                    let names: Vec<&str> = BASES.iter().map(|b| b.name).collect();
                    format!("--base {name}: no such base (bases: {})", names.join(", "))
                })?);
            }
            other => {
                return Err(format!(
                    "unknown argument {other} (usage: bench_diff [--bench] [--quick] [--base NAME])"
                ))
            }
        }
    }
    Ok(Options {
        bases: base.map_or_else(|| BASES.to_vec(), |b| vec![b]),
        quick: quick || !bench,
    })
}

fn setting(base: Base, quick: bool) -> Result<Setting, String> {
    let (_, setting) = SETTINGS
        .iter()
        .find(|(name, _)| *name == base.name)
        .ok_or_else(|| format!("no bench_diff setting for base {}", base.name))?;
    Ok(if quick {
        Setting {
            exec_count: QUICK_EXEC_COUNT,
            warmup_millis: QUICK_WARMUP_MILLIS,
            ..*setting
        }
    } else {
        *setting
    })
}

/// bench_diff's comparison of the slower routine (f1) with the faster (f2) at `base`, and
/// its result line.
fn compare(base: Base, setting: Setting) -> String {
    set_warmup_millis(setting.warmup_millis);
    let state = Cell::new(1);
    let (slower, faster) = (base.slower_steps(), base.steps);
    let start = Instant::now();
    let collecting = Cell::new(start);
    // `bench_diff_x` is what `bench_diff` calls, with no-op status hooks; the one given here
    // marks the end of the warmup.
    let out = bench_diff_x(
        setting.unit,
        || {
            black_box(rivals::work(&state, slower));
        },
        || {
            black_box(rivals::work(&state, faster));
        },
        setting.exec_count,
        |_, _, _| {},
        || collecting.set(Instant::now()),
        |_| {},
    );
    let end = Instant::now();
    let warmup_secs = (collecting.get() - start).as_secs_f64();
    let collect_secs = (end - collecting.get()).as_secs_f64();
    format!(
        "bench_diff {}: verdict={} {} exec_count={} warmup_secs={warmup_secs:.3} collect_secs={collect_secs:.3}",
        base.name,
        verdict(&out),
        estimates(&out),
        out.n(),
    )
}

/// `slower`, `faster` or `none`: which way bench_diff's Welch test on the logarithms says f1
/// differs from f2, one-sided at [`ALPHA`].
fn verdict(out: &DiffOut) -> &'static str {
    if out.welch_ln_test(AltHyp::Gt, ALPHA).accepted() == Hyp::Alt(AltHyp::Gt) {
        "slower"
    } else if out.welch_ln_test(AltHyp::Lt, ALPHA).accepted() == Hyp::Alt(AltHyp::Lt) {
        "faster"
    } else {
        "none"
    }
}

/// The ratio f1 / f2 bench_diff estimates, its interval, and the p-value of "f1 slower".
fn estimates(out: &DiffOut) -> String {
    let ci = out.welch_ratio_ci(ALPHA);
    format!(
        "ratio={:.5} ratio_ci={:.5}..{:.5} p={:.3e}",
        out.ratio_medians_f1_f2_from_lns(),
        ci.0,
        ci.1,
        out.welch_ln_test(AltHyp::Gt, ALPHA).p()
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = options(&args).and_then(|options| {
        for base in &options.bases {
            let line = compare(*base, setting(*base, options.quick)?);
            println!("{line}");
        }
        Ok(())
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bench_diff: {e}");
            ExitCode::FAILURE
        }
    }
}
