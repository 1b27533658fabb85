//! The `#[bench]` block: every line present, and each baseline status worded plainly.

use super::*;
use crate::analysis::{Change, ChangeVerdict};
use crate::fixture::bench_runs as synthetic;
use crate::session::Problem;

/// 30 samples at 1.5 ns per iteration; the first slowed by an interrupt: an outlier that
/// barely moves the slope.
fn result(throughput: Option<Throughput>) -> BenchResult {
    synthetic::result(
        synthetic::run(1.5, 30, 1_000, Some((1_000, 2.0))),
        throughput,
    )
}

fn change(point: f64, verdict: ChangeVerdict) -> Change {
    Change {
        relative: Estimate {
            point,
            low: point - 0.01,
            high: point + 0.01,
        },
        p_value: 1e-12,
        noise_threshold: 0.02,
        alpha: 0.05,
        verdict,
    }
}

#[test]
fn every_line_is_there() {
    let r = result(Some(Throughput::Bytes(1024)));
    let block = bench_block(
        "sort/1000",
        &r,
        BaselineStatus::FirstRun(BaselineName::previous_run()),
    );
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(lines[0], "[bench] sort/1000");
    for (line, start) in lines[1..].iter().zip([
        "  time       1.50 ns  [",
        "  mean  ",
        "  spread   sd ",
        "  thrpt    6",
        "  outliers 1 of 30 samples (1 severe high); kept, not dropped",
        "  change   none yet: this is the first run",
        "  samples  30 samples of 1,000, 2,000, …, 30,000 iterations, 465,000 in all; 1.50 s measuring + 0.20 s warmup",
        "  timer    25.0 ns per read, subtracted from each timed batch; time against iterations: r² 0.9",
    ]) {
        assert!(line.starts_with(start), "{line:?} should start with {start:?}\n{block}");
    }
    assert_eq!(lines.len(), 9, "{block}");
    assert!(lines[1].ends_with("per iteration (slope; 95% bootstrap interval)"));
    assert!(
        lines[4].contains(" GiB/s  [") && lines[4].ends_with(" GiB/s]"),
        "{block}"
    );
}

#[test]
fn no_throughput_no_line() {
    let block = bench_block(
        "f",
        &result(None),
        BaselineStatus::FirstRun(BaselineName::previous_run()),
    );
    assert!(!block.contains("thrpt"), "{block}");
    let elements = bench_block(
        "f",
        &result(Some(Throughput::Elements(3))),
        BaselineStatus::FirstRun(BaselineName::parse("main").unwrap()),
    );
    assert!(
        elements.contains("  thrpt    2.00 Gelem/s  ["),
        "{elements}"
    );
    assert!(
        elements.contains("none yet: saved as baseline `main`"),
        "{elements}"
    );
}

/// A baseline's slope with an interval of ±1%.
fn within_one_percent(point: f64) -> Estimate {
    Estimate {
        point,
        low: point * 0.99,
        high: point * 1.01,
    }
}

#[test]
fn changes_are_worded_with_their_evidence() {
    let r = result(None);
    let regressed = Compared {
        baseline: BaselineName::previous_run(),
        previous_run: true,
        baseline_slope: within_one_percent(0.75),
        change: change(1.0, ChangeVerdict::Regressed),
        machine_pace_change: None,
    };
    let block = bench_block("f", &r, BaselineStatus::Compared(&regressed));
    assert!(
        block.contains(
            "  change   +100.0%  [+99.0%, +101.0%]  p = 1.0e-12  vs previous run (0.750 ns): \
             regressed (noise threshold 2.00%)"
        ),
        "{block}"
    );
    let named = Compared {
        baseline: BaselineName::parse("main").unwrap(),
        previous_run: false,
        baseline_slope: within_one_percent(1.5),
        change: change(-0.005, ChangeVerdict::NoChange),
        machine_pace_change: None,
    };
    let block = bench_block("f", &r, BaselineStatus::Compared(&named));
    assert!(block.contains("-0.50%  [-1.50%, +0.50%]"), "{block}");
    assert!(
        block.contains("vs baseline `main` (1.50 ns): no change"),
        "{block}"
    );
}

#[test]
fn a_machine_that_moved_between_unpaired_runs_is_said_so_and_one_that_held_is_not() {
    let r = result(None);
    let with_pace = |moved: Option<f64>| Compared {
        baseline: BaselineName::previous_run(),
        previous_run: true,
        baseline_slope: within_one_percent(0.75),
        change: change(0.8, ChangeVerdict::Regressed),
        machine_pace_change: moved,
    };
    let slower = bench_block("f", &r, BaselineStatus::Compared(&with_pace(Some(0.45))));
    assert!(
        slower.contains(
            "  machine  ran 45.0% slower than during the previous run (its pace probe): the \
             change holds the machine's as well as the code's"
        ),
        "{slower}"
    );
    let faster = bench_block("f", &r, BaselineStatus::Compared(&with_pace(Some(-0.05))));
    assert!(faster.contains("ran 5.00% faster than during"), "{faster}");
    // Within the noise threshold (2%), or not read: no line.
    for quiet in [Some(0.01), Some(-0.019), None] {
        let block = bench_block("f", &r, BaselineStatus::Compared(&with_pace(quiet)));
        assert!(!block.contains("  machine  "), "{quiet:?}: {block}");
    }
}

#[test]
fn samples_taken_past_the_budget_are_said_so() {
    let mut r = result(None);
    let line = |r: &BenchResult| {
        let block = bench_block(
            "f",
            r,
            BaselineStatus::FirstRun(BaselineName::previous_run()),
        );
        block
            .lines()
            .find(|l| l.starts_with("  samples"))
            .unwrap()
            .to_owned()
    };
    assert!(!line(&r).contains("past"), "{}", line(&r));
    r.run.past_budget = Some(std::time::Duration::from_millis(900));
    assert!(
        line(&r).contains(", past the sampling's budget of 0.90 s to take the fewest samples"),
        "{}",
        line(&r)
    );
}

#[test]
fn baseline_errors_are_shown_in_one_line() {
    let e = BaselineError::corrupt(std::path::Path::new("/t/base.json"), "bad".to_owned());
    assert_eq!(e.problem(), &Problem::Corrupt("bad".to_owned()));
    let block = bench_block("f", &result(None), BaselineStatus::Failed(&e));
    let line = block.lines().find(|l| l.starts_with("  change")).unwrap();
    assert!(
        line.contains("error: baseline file /t/base.json is corrupt (bad)"),
        "{line}"
    );
}

#[test]
fn counts_and_percentages() {
    assert_eq!(count_text(0), "0");
    assert_eq!(count_text(999), "999");
    assert_eq!(count_text(1_000), "1,000");
    assert_eq!(count_text(1_234_567), "1,234,567");
    assert_eq!(percent(0.1234), "+12.3%");
    assert_eq!(percent(-0.031), "-3.10%");
    assert_eq!(p_text(0.5), "0.500");
    assert_eq!(p_text(f64::NAN), "–");
}

#[test]
fn severe_outliers_taken_while_the_machine_ran_slower_are_said_to_be() {
    // The first sample, slowed twofold, is a severe high outlier.
    let mut r = result(None);
    assert_eq!(r.outliers.high_severe, 1, "{:?}", r.outliers);
    let line = |r: &BenchResult| {
        bench_block(
            "f",
            r,
            BaselineStatus::FirstRun(BaselineName::previous_run()),
        )
        .lines()
        .find(|l| l.starts_with("  outliers"))
        .unwrap()
        .to_owned()
    };
    // A steady pace: nothing added.
    r.run.pace_ns = vec![2_500.0; 30];
    assert!(!line(&r).contains("machine"), "{}", line(&r));
    // The probe after the first sample read 20% slow.
    r.run.pace_ns[0] = 3_000.0;
    assert!(
        line(&r).ends_with("(1 of the severe high taken while the machine ran slower)"),
        "{}",
        line(&r)
    );
}
