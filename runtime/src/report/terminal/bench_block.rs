//! The terminal block for one `#[bench]`: per-iteration time with its interval, mean,
//! median, spread, throughput, outliers, the change against the baseline, and how it was
//! measured.

use super::counts_lines::{counted_count, counted_lines};
use super::measure_line::{alloc_bytes_line, executor_line, measure_line, os_line, per_iteration};
use crate::analysis::severe_at_slow_pace;
use crate::analysis::BenchResult;
use crate::measure::Sampling;
use crate::model::{Measure, Throughput};
use crate::session::{BaselineError, BaselineName, Compared};
use crate::stats::{Estimate, Outliers};
use crate::util::{
    format_bytes_per_s, format_elements_per_s, format_ns, format_secs, level_percent,
    three_significant,
};
use std::fmt::Write;

/// How the run went with its baseline.
#[derive(Clone, Copy, Debug)]
pub enum BaselineStatus<'a> {
    /// Compared with a saved run.
    Compared(&'a Compared),
    /// Nothing to compare with yet; the run was saved under this name.
    FirstRun(BaselineName),
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
        out.push_str(&counted_lines(counted, "routine", None));
        let _ = writeln!(out, "  change   {}", baseline_text(baseline, m));
        return out;
    }
    let level = level_percent(r.level);
    let _ = writeln!(
        out,
        "  {:<8} {}  per iteration (slope; {level} bootstrap interval)",
        if m.unit() == "ns" { "time" } else { "count" },
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
        let _ = writeln!(out, "  thrpt    {}", throughput_text(t, &r.slope));
    }
    let _ = writeln!(
        out,
        "  outliers {}{}",
        outliers_text(&r.outliers),
        slow_pace_text(severe_at_slow_pace(r))
    );
    let _ = writeln!(out, "  change   {}", baseline_text(baseline, m));
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
/// rate, so the ends swap).
fn throughput_text(t: Throughput, slope: &Estimate) -> String {
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

fn baseline_text(status: BaselineStatus<'_>, measure: Measure) -> String {
    match status {
        BaselineStatus::FirstRun(name) if measure != Measure::Wall => format!(
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
        BaselineStatus::Failed(e) => format!("error: {e}"),
        BaselineStatus::Compared(c) => {
            let ch = &c.change;
            let against = if c.previous_run {
                "previous run".to_owned()
            } else {
                format!("baseline `{}`", c.baseline)
            };
            format!(
                "{}  [{}, {}]  p = {}  vs {against} ({}): {} (noise threshold {}%)",
                percent(ch.relative.point),
                percent(ch.relative.low),
                percent(ch.relative.high),
                p_text(ch.p_value),
                per_iteration(measure, c.baseline_slope.point),
                ch.verdict.words(),
                three_significant(100.0 * ch.noise_threshold)
            )
        }
    }
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
    (moved.abs() >= noise_threshold)
        .then(|| format!("ran {} {how}", percent(moved.abs()).trim_start_matches('+')))
}

/// A relative change as a signed percentage: `+100.2%`, `-3.10%`.
#[must_use]
pub fn percent(x: f64) -> String {
    let p = 100.0 * x;
    if p.abs() >= 10.0 {
        format!("{p:+.1}%")
    } else {
        format!("{p:+.2}%")
    }
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
    match r.run.sampling {
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
    }
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
mod tests;
