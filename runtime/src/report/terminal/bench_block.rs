//! The terminal block for one `#[bench]`: per-iteration time with its interval, mean,
//! median, spread, throughput, outliers, the change against the baseline, and how it was
//! measured.

use super::counted_lines::{counted_count, counted_lines};
use super::measure_line::{
    alloc_bytes_line, executor_line, measure_line, os_line, own_rates, per_iteration,
};
use crate::analysis::severe_at_slow_pace;
use crate::analysis::BenchResult;
use crate::analysis::{ChangeVerdict, MachineDifference};
use crate::measure::{MeasuredAgain, Sampling, WaitEvidence, Waiting};
use crate::model::BaselineName;
use crate::model::{Measure, Throughput};
use crate::session::{BaselineError, Compared};
use crate::stats::{Estimate, Outliers};
use crate::util::{
    format_bytes_per_s, format_elements_per_s, format_ns, format_secs, level_percent,
    signed_percent_text, three_significant,
};
use std::fmt::Write;

/// How the run went with its baseline.
#[derive(Clone, Copy, Debug)]
pub enum BaselineStatus<'a> {
    /// Compared with a saved run.
    Compared(&'a Compared),
    /// Nothing to compare with yet; the run was saved under this name.
    FirstRun(BaselineName),
    /// `--baseline NAME` has no numbers for this trial: nothing was compared.
    NoFigures(BaselineName),
    /// The baseline could not be read or the run not saved.
    Failed(&'a BaselineError),
}

/// The readable block printed after the run for one `#[bench]`.
#[must_use]
pub fn bench_block(name: &str, r: &BenchResult, baseline: BaselineStatus<'_>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "[bench] {name}");
    out.push_str(&measure_line(r.measure));
    out.push_str(&executor_line(r.executor, r.executor_overhead_ns));
    out.push_str(&alloc_bytes_line(r.alloc_bytes_per_iteration));
    out.push_str(&os_line(r.os));
    let m = r.measure;
    if let (Some(count), Some(counted)) = (counted_count(r), &r.counted) {
        let _ = writeln!(out, "  count    {count}");
        out.push_str(&counted_lines(counted, m, "routine", None));
        let _ = writeln!(out, "  change   {}", baseline_text(baseline, m));
        return out;
    }
    let level = level_percent(r.level);
    let _ = writeln!(
        out,
        "  {:<8} {}  per iteration (slope; {level} bootstrap interval)",
        if m.is_time() { "time" } else { "count" },
        estimate_text(&r.slope, m)
    );
    let _ = writeln!(
        out,
        "  mean     {}  median {}",
        estimate_text(&r.mean, m),
        estimate_text(&r.median, m)
    );
    let value = |x: f64| per_iteration(m, x);
    if let Some(s) = &r.per_iteration {
        let _ = writeln!(
            out,
            "  spread   sd {}  min {}  p5 {}  p25 {}  p75 {}  p95 {}  p99 {}  max {}",
            value(s.sd),
            value(s.min),
            value(s.p5),
            value(s.p25),
            value(s.p75),
            value(s.p95),
            value(s.p99),
            value(s.max)
        );
    }
    if let Some(t) = r.throughput {
        let _ = writeln!(out, "  thrpt    {}", throughput_text(t, &r.slope, m));
    }
    let _ = writeln!(
        out,
        "  outliers {}{}",
        outliers_text(&r.outliers),
        slow_pace_text(severe_at_slow_pace(r))
    );
    let _ = writeln!(out, "  change   {}", baseline_text(baseline, m));
    if let Some(again) = &r.run.measured_again {
        let _ = writeln!(out, "  machine  {}", measured_again_text(again));
    }
    if let Some(line) = r.run.waiting.and_then(|w| waiting_text(&w)) {
        let _ = writeln!(out, "  machine  {line}");
    }
    if let BaselineStatus::Compared(c) = baseline {
        if let Some(line) = machine_pace_text(c) {
            let _ = writeln!(out, "  machine  {line}");
        }
    }
    let _ = writeln!(
        out,
        "  samples  {}, {} in all; {} measuring + {} warmup{}",
        sampling_text(r),
        count_text(r.total_iters()),
        format_secs(r.run.measure_time),
        format_secs(r.run.warmup_time),
        r.run.past_budget.map_or_else(String::new, |budget| format!(
            ", past the sampling's budget of {} to take the fewest samples (a longer \
             measurement time gives more)",
            format_secs(budget)
        ))
    );
    // The fit's intercept is not shown: the longest samples' noise swamps it (a 1% wobble of
    // a 10 ms sample is 100 µs). r² says whether time grew linearly with iterations.
    let fit = match &r.fit {
        Some(fit) => format!("; time against iterations: r² {:.4}", fit.r_squared),
        None => String::new(),
    };
    let _ = writeln!(
        out,
        "  timer    {} per read, subtracted from each timed batch{fit}",
        format_ns(r.timer.overhead_ns)
    );
    out
}

fn estimate_text(e: &Estimate, measure: Measure) -> String {
    format!(
        "{:>9}  [{}, {}]",
        per_iteration(measure, e.point),
        per_iteration(measure, e.low),
        per_iteration(measure, e.high)
    )
}

/// Work per second at the slope and at the ends of its interval (a longer time is a lower
/// rate, so the ends swap); for a measurement of the user's own, its formatter's rates, the
/// lower first.
fn throughput_text(t: Throughput, slope: &Estimate, measure: Measure) -> String {
    if let Some(own) = own_rates(measure, t, slope) {
        return own;
    }
    let (count, format): (u64, fn(f64) -> String) = match t {
        Throughput::Bytes(n) => (n, format_bytes_per_s),
        Throughput::Elements(n) => (n, format_elements_per_s),
    };
    let rate = |ns: f64| format(count as f64 * 1e9 / ns);
    format!(
        "{}  [{}, {}]",
        rate(slope.point),
        rate(slope.high),
        rate(slope.low)
    )
}

fn outliers_text(o: &Outliers) -> String {
    if o.total() == 0 {
        return format!("none among {} samples (Tukey fences)", o.n);
    }
    let parts: Vec<String> = [
        (o.low_severe, "severe low"),
        (o.low_mild, "mild low"),
        (o.high_mild, "mild high"),
        (o.high_severe, "severe high"),
    ]
    .iter()
    .filter(|(count, _)| *count > 0)
    .map(|(count, what)| format!("{count} {what}"))
    .collect();
    format!(
        "{} of {} samples ({}); kept, not dropped",
        o.total(),
        o.n,
        parts.join(", ")
    )
}

/// Severe high outliers the machine's pace explains (read after every sample), if any.
fn slow_pace_text(slow: usize) -> String {
    match slow {
        0 => String::new(),
        n => format!(" ({n} of the severe high taken while the machine ran slower)"),
    }
}

/// A run taken again because the machine ran slower through most of the first one than in
/// the trial's previous run: by how much, how long the pace took to come back, and which
/// run the block shows.
pub fn measured_again_text(again: &MeasuredAgain) -> String {
    let ran = format!(
        "ran {} slower than during the previous run through most of a first run (its pace \
         probe)",
        signed_percent_text(again.first_pace_change).trim_start_matches('+')
    );
    let waited = format_secs(again.waited);
    if !again.came_back {
        format!("{ran}, and was still slower after {waited}: that run is shown, not taken again")
    } else if again.kept_first {
        format!(
            "{ran}: taken again after {waited}, the second ran slower still; the first is shown"
        )
    } else {
        format!("{ran}: taken again after {waited}, once its pace was back; the second is shown")
    }
}

fn baseline_text(status: BaselineStatus<'_>, measure: Measure) -> String {
    match status {
        BaselineStatus::FirstRun(name) if !measure.is_wall_clock() => format!(
            "none yet for measure {0}: saved as baseline `{name}` of {0} (baselines are kept \
             per measure; one of another measure is not compared with)",
            measure.name()
        ),
        BaselineStatus::FirstRun(name) if name == BaselineName::previous_run() => {
            "none yet: this is the first run; the next one is compared with it".to_owned()
        }
        BaselineStatus::FirstRun(name) => {
            format!("none yet: saved as baseline `{name}`")
        }
        BaselineStatus::NoFigures(name) => {
            format!("none: baseline `{name}` has no numbers saved for this trial; nothing compared")
        }
        BaselineStatus::Failed(e) => format!("error: {e}"),
        BaselineStatus::Compared(c) => {
            let ch = &c.change;
            let against = if c.previous_run {
                "previous run".to_owned()
            } else {
                format!("baseline `{}`", c.baseline)
            };
            if ch.relative.point.is_infinite() {
                return format!(
                    "{}  vs {against} ({}): {}",
                    relative_change_text(ch.relative.point),
                    per_iteration(measure, c.baseline_slope.point),
                    change_verdict_text(c)
                );
            }
            format!(
                "{}  [{}, {}]  p = {}  vs {against} ({}): {} (noise threshold {}%)",
                signed_percent_text(ch.relative.point),
                signed_percent_text(ch.relative.low),
                signed_percent_text(ch.relative.high),
                p_text(ch.p_value),
                per_iteration(measure, c.baseline_slope.point),
                change_verdict_text(c),
                three_significant(100.0 * ch.noise_threshold)
            )
        }
    }
}

/// A relative change as the reports print it: a signed percentage, or `from none` for the
/// rise of a count that was zero, of which there is no percentage.
#[must_use]
pub fn relative_change_text(relative: f64) -> String {
    if relative.is_infinite() {
        "from none".to_owned()
    } else {
        signed_percent_text(relative)
    }
}

/// The verdict on a change as the reports word it: a machine that differed says how.
#[must_use]
pub fn change_verdict_text(c: &Compared) -> String {
    match c.change.verdict {
        ChangeVerdict::MachineDiffered => machine_differed_text(&c.change.machine, &then_words(c)),
        verdict => verdict.words().to_owned(),
    }
}

/// `the previous run`, or `baseline `NAME``.
fn then_words(c: &Compared) -> String {
    if c.previous_run {
        "the previous run".to_owned()
    } else {
        format!("baseline `{}`", c.baseline)
    }
}

/// `not judged: the machine differed (waited for a core 66.0% of the previous run, 0.0% of
/// this one)`: the causes that count in what the machine explains, against `then`.
#[must_use]
pub fn machine_differed_text(d: &MachineDifference, then: &str) -> String {
    let mut causes = Vec::new();
    if let (true, Some(a), Some(b)) = (d.wait_counted, d.then.wait_share, d.now.wait_share) {
        causes.push(format!(
            "waited for a core {} of {then}, {} of this one",
            share_text(a),
            share_text(b)
        ));
    }
    let rested_on_disturbed = match (d.then.rests_on_disturbed, d.now.rests_on_disturbed) {
        (true, true) => Some(format!("the figures of {then} and of this one rest")),
        (true, false) => Some(format!("the figure of {then} rests")),
        (false, true) => Some("this run's figure rests".to_owned()),
        (false, false) => None,
    };
    if let Some(whose) = rested_on_disturbed {
        causes.push(format!("{whose} on samples the wait disturbed"));
    }
    if let (true, Some(m)) = (d.pace_counted, d.pace_change) {
        let how = if m > 0.0 { "slower" } else { "faster" };
        causes.push(format!(
            "its pace probe ran {} {how} than during {then}",
            signed_percent_text(m.abs()).trim_start_matches('+')
        ));
    }
    format!("not judged: the machine differed ({})", causes.join("; "))
}

/// How far the machine's own speed moved between two unpaired runs, when it moved by the
/// noise threshold or more: a change of that size may be the machine's, not the code's.
pub fn machine_pace_text(c: &Compared) -> Option<String> {
    let ran = machine_moved_words(c.machine_pace_change?, c.change.noise_threshold)?;
    let then = if c.previous_run {
        "the previous run".to_owned()
    } else {
        format!("baseline `{}`", c.baseline)
    };
    Some(format!(
        "{ran} than during {then} (its pace probe): the change holds the machine's as well \
         as the code's; `--save-baseline NAME`, then `--baseline NAME`, pairs the two versions"
    ))
}

/// `ran 45.0% slower` (or faster) for a move of the machine's pace of `moved` (`new/old −
/// 1`), when it reaches `noise_threshold`; below it the machine held still.
pub fn machine_moved_words(moved: f64, noise_threshold: f64) -> Option<String> {
    let how = if moved > 0.0 { "slower" } else { "faster" };
    (moved.abs() >= noise_threshold).then(|| {
        format!(
            "ran {} {how}",
            signed_percent_text(moved.abs()).trim_start_matches('+')
        )
    })
}

/// A p-value with three decimals, or in scientific notation when tiny; `–` when NaN.
#[must_use]
pub fn p_text(p: f64) -> String {
    match p {
        p if p.is_nan() => "–".to_owned(),
        p if p >= 0.001 => format!("{p:.3}"),
        p => format!("{p:.1e}"),
    }
}

fn sampling_text(r: &BenchResult) -> String {
    let n = r.run.iters.len();
    let kept = match r.run.sampling {
        Sampling::Linear { step } => format!(
            "{n} samples of {}, {}, …, {} iterations",
            count_text(step),
            count_text(2 * step),
            count_text(r.run.iters.iter().copied().max().unwrap_or(step))
        ),
        Sampling::Flat { iters } => format!(
            "{n} samples of {} iteration{} (flat: the routine is too slow for linear sampling)",
            count_text(iters),
            if iters == 1 { "" } else { "s" }
        ),
    };
    let aside = set_aside_parts(r);
    if aside.is_empty() {
        kept
    } else {
        format!("{kept} ({})", aside.join("; "))
    }
}

/// The samples set aside, by cause, and a platform that does not say which samples
/// waited: what follows the samples kept, in the block and the HTML report.
#[must_use]
pub fn set_aside_parts(r: &BenchResult) -> Vec<String> {
    let mut aside = Vec::new();
    if let Some(w) = r.run.waiting.filter(|w| w.set_aside > 0) {
        aside.push(format!(
            "{} more set aside: the thread waited for a core through more than 1% of them",
            w.set_aside
        ));
    }
    if r.run.set_aside_slow > 0 {
        aside.push(format!(
            "{} more set aside: taken while the machine ran slower, by its pace probe",
            r.run.set_aside_slow
        ));
    }
    if r.run
        .waiting
        .is_some_and(|w| w.evidence == WaitEvidence::None)
    {
        aside.push("the OS does not say which samples waited for a core".to_owned());
    }
    aside
}

/// A run whose figures rest on samples the thread's wait for a core disturbed: how much it
/// waited, and what was done about it. `None` for a run that rests on undisturbed samples.
#[must_use]
pub fn waiting_text(w: &Waiting) -> Option<String> {
    if !w.rests_on_disturbed {
        return None;
    }
    let of = format!("{} of {} samples", w.disturbed, w.samples);
    Some(match w.share {
        Some(share) => format!(
            "the thread waited for a core {} of the sampling time, in {of}, too many to set \
             aside: each is scaled to its time on the core, and the figures rest on disturbed \
             samples (a quieter machine, or a #[bench_diff] beside a reference routine, \
             measures the routine alone)",
            share_text(share)
        ),
        None => format!(
            "the scheduler took the core away during {of}, too many to set aside, and the OS \
             does not say for how long: the figures hold the wait (a quieter machine measures \
             the routine alone)"
        ),
    })
}

/// A share of time as a percentage: `65.2%`, `0.3%`.
#[must_use]
pub fn share_text(share: f64) -> String {
    format!("{:.1}%", 100.0 * share)
}

/// An iteration count with thousands separators: `1,234,567`.
#[must_use]
pub fn count_text(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
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
            machine: MachineDifference::default(),
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
        assert_eq!(p_text(0.5), "0.500");
        assert_eq!(p_text(f64::NAN), "–");
    }

    /// The first line of `r`'s block that starts with `prefix`.
    fn first_line_of(r: &BenchResult, prefix: &str) -> String {
        let first = BaselineStatus::FirstRun(BaselineName::previous_run());
        first_line_of_block(r, first, prefix)
    }

    fn first_line_of_block(r: &BenchResult, baseline: BaselineStatus<'_>, prefix: &str) -> String {
        bench_block("f", r, baseline)
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap()
            .to_owned()
    }

    #[test]
    fn severe_outliers_taken_while_the_machine_ran_slower_are_said_to_be() {
        // The first sample, slowed twofold, is a severe high outlier.
        let mut r = result(None);
        assert_eq!(r.outliers.high_severe, 1, "{:?}", r.outliers);
        let line = |r: &BenchResult| first_line_of(r, "  outliers");
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

    #[test]
    fn a_run_taken_again_says_why_after_how_long_and_which_run_is_shown() {
        let mut r = result(None);
        let block = |r: &BenchResult| {
            bench_block(
                "f",
                r,
                BaselineStatus::FirstRun(BaselineName::previous_run()),
            )
        };
        assert!(!block(&r).contains("  machine"), "{}", block(&r));
        let mut again = MeasuredAgain {
            first_pace_change: 0.302,
            first_took: std::time::Duration::from_secs(5),
            waited: std::time::Duration::from_millis(210),
            came_back: true,
            kept_first: false,
        };
        r.run.measured_again = Some(again);
        let said = "  machine  ran 30.2% slower than during the previous run through most of a \
                    first run (its pace probe): taken again after 0.21 s, once its pace was \
                    back; the second is shown";
        assert!(block(&r).contains(said), "{}", block(&r));
        again.kept_first = true;
        r.run.measured_again = Some(again);
        let said = "taken again after 0.21 s, the second ran slower still; the first is shown";
        assert!(block(&r).contains(said), "{}", block(&r));
        again.came_back = false;
        again.waited = std::time::Duration::from_secs(5);
        r.run.measured_again = Some(again);
        let said = "and was still slower after 5.00 s: that run is shown, not taken again";
        assert!(block(&r).contains(said), "{}", block(&r));
    }

    #[test]
    fn samples_set_aside_are_counted_beside_the_samples_kept() {
        let mut r = result(None);
        let line = |r: &BenchResult| first_line_of(r, "  samples");
        assert!(!line(&r).contains("set aside"), "{}", line(&r));
        r.run.set_aside_slow = 7;
        assert!(
            line(&r).contains(
                "30,000 iterations (7 more set aside: taken while the machine ran slower, by its pace probe)"
            ),
            "{}",
            line(&r)
        );
        r.run.waiting = Some(waiting(12, false));
        assert!(
            line(&r).contains(
                "(12 more set aside: the thread waited for a core through more than 1% of them; \
                 7 more set aside: taken while the machine ran slower, by its pace probe)"
            ),
            "{}",
            line(&r)
        );
    }

    #[test]
    fn a_change_the_machine_explains_is_not_judged_and_says_how_the_machine_differed() {
        let r = result(None);
        let then = crate::analysis::RunMachine {
            wait_share: Some(0.66),
            pace_ns_per_step: Some(2.5),
            rests_on_disturbed: false,
        };
        let now = crate::analysis::RunMachine {
            wait_share: Some(0.0),
            pace_ns_per_step: Some(2.0),
            rests_on_disturbed: false,
        };
        let machine = MachineDifference::between(then, now, 0.02);
        let c = Compared {
            baseline: BaselineName::previous_run(),
            previous_run: true,
            baseline_slope: r.slope,
            change: Change {
                machine,
                ..change(-0.6, ChangeVerdict::MachineDiffered)
            },
            machine_pace_change: machine.pace_change,
        };
        let line = first_line_of_block(&r, BaselineStatus::Compared(&c), "  change");
        assert!(
            line.contains(
                ": not judged: the machine differed (waited for a core 66.0% of the previous \
                 run, 0.0% of this one; its pace probe ran 20.0% faster than during the \
                 previous run) (noise threshold 2.00%)"
            ),
            "{line}"
        );
        let wide = Compared {
            change: change(-0.146, ChangeVerdict::NotEnoughData),
            ..c
        };
        let line = first_line_of_block(&r, BaselineStatus::Compared(&wide), "  change");
        assert!(
            line.contains("not enough data (the interval reaches past the noise threshold)"),
            "{line}"
        );
    }

    fn waiting(set_aside: usize, rests_on_disturbed: bool) -> Waiting {
        Waiting {
            evidence: WaitEvidence::RunDelay,
            samples: 100,
            share: Some(0.652),
            disturbed: set_aside.max(95 * usize::from(rests_on_disturbed)),
            set_aside,
            rests_on_disturbed,
            figure_share: Some(if rests_on_disturbed { 0.0 } else { 0.001 }),
        }
    }

    #[test]
    fn a_figure_resting_on_samples_that_waited_for_a_core_says_so_and_by_how_much() {
        let mut r = result(None);
        let machine = |r: &BenchResult| {
            bench_block(
                "x",
                r,
                BaselineStatus::FirstRun(BaselineName::previous_run()),
            )
            .lines()
            .filter(|l| l.starts_with("  machine  "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
        };
        // Samples set aside: the figure rests on undisturbed ones, and no machine line.
        r.run.waiting = Some(waiting(12, false));
        assert!(machine(&r).is_empty(), "{:?}", machine(&r));
        r.run.waiting = Some(waiting(0, true));
        let lines = machine(&r);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].contains("waited for a core 65.2% of the sampling time, in 95 of 100 samples")
                && lines[0].contains("the figures rest on disturbed samples"),
            "{lines:?}"
        );
        // Switches only: no share to scale by, and the block says the figures hold the wait.
        r.run.waiting = Some(Waiting {
            evidence: WaitEvidence::Switches,
            share: None,
            ..waiting(0, true)
        });
        assert!(machine(&r)[0].contains("the figures hold the wait"));
        // Nothing read: said beside the samples.
        r.run.waiting = Some(Waiting {
            evidence: WaitEvidence::None,
            share: None,
            ..waiting(0, false)
        });
        assert!(first_line_of(&r, "  samples")
            .contains("the OS does not say which samples waited for a core"));
    }
}
