//! The terminal block for one comparison, and the one-paragraph failure message.

use super::diff_record::{DiffRecord, RoutineNames};
use super::measure_line::{executor_line, measure_line, os_line, per_iteration};
use super::paint::Paint;
use crate::analysis::diff_result::DiffResult;
use crate::decide::verdict::{log_margin, ClaimText, Verdict};
use crate::measure::clock::Clock;
use crate::model::attrs::{Claim, Measure};
use crate::stats::Summary;
use crate::util::units::{format_ns, format_secs, level_percent, ratio_text, three_significant};
use std::fmt::Write;

/// The block of `record`, with the noise floor under `--calibrate`.
#[must_use]
pub fn record_block(record: &DiffRecord, paint: Paint) -> String {
    let block = diff_block(
        &record.name,
        record.names,
        record.claim.as_ref(),
        &record.result,
        paint,
    );
    let block = block
        + &measure_line(record.result.measure)
        + &executor_line(record.result.executor, record.result.executor_overhead_ns)
        + &os_line(record.result.os);
    if record.calibration {
        block + &calibration_line(&record.result)
    } else if let Some(baseline) = record.versions {
        // A #[bench] paired with its baseline, not a #[bench_diff]: say so in the heading.
        block.replacen("[diff] ", "[versions] ", 1)
            + &format!(
                "  versions paired: this build (new) in duos with the same trial in the stored \
                 executable of baseline `{baseline}` (old); ratio = new/old\n"
            )
    } else {
        block
    }
}

/// The readable block printed after the run for one comparison; the verdict is coloured
/// when `paint` is on.
#[must_use]
pub fn diff_block(
    name: &str,
    names: RoutineNames<'_>,
    claim: Option<&Claim>,
    r: &DiffResult,
    paint: Paint,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", paint.bold(&format!("[diff] {name}")));
    let verdict = match claim {
        Some(c) => format!(
            "{}: {}",
            ClaimText(c),
            paint.verdict(r.verdict, r.verdict.word())
        ),
        None => "no claim: reported".to_owned(),
    };
    let _ = writeln!(out, "  claim    {verdict}");
    if let Some(shortfall) = &r.shortfall {
        let _ = writeln!(out, "  budget   {shortfall}");
    }
    let _ = writeln!(
        out,
        "  ratio    {}  {}  median-based {}",
        ratio_text(r.ratio),
        interval_text(r),
        ratio_text(r.median_ratio)
    );
    let width = names
        .first
        .chars()
        .count()
        .max(names.second.chars().count());
    for (label, routine, summary) in [
        ("first ", names.first, &r.first),
        ("second", names.second, &r.second),
    ] {
        if let Some(s) = summary {
            let _ = writeln!(
                out,
                "  {label}   {}",
                routine_line(routine, width, s, r.measure)
            );
        }
    }
    let _ = writeln!(
        out,
        "  pairs    {} ({} duos set aside as outliers{}), {} iteration{} per batch, {} duo{} per block, {} blocks",
        r.pairs,
        r.duos_set_aside,
        preempted_text(r),
        r.batch_iters,
        if r.batch_iters == 1 { "" } else { "s" },
        r.duos_per_block,
        if r.duos_per_block == 1 { "" } else { "s" },
        r.blocks
    );
    let _ = writeln!(out, "  clock    {}", clock_text(r));
    out.push_str(&super::diff_notes::notes(r, names));
    let _ = writeln!(
        out,
        "  time     {} measuring + {} warmup (timer {} per read)",
        format_secs(r.measure_time),
        format_secs(r.warmup_time),
        format_ns(r.timer.overhead_ns)
    );
    if let Some(t) = &r.student {
        let _ = writeln!(
            out,
            "  student  ratio {} [{}, {}] at {}, p = {:.3e} (paired, block log ratios; one look only)",
            ratio_text(t.mean.exp()),
            ratio_text(t.ci_low.exp()),
            ratio_text(t.ci_high.exp()),
            level_percent(t.level),
            t.p_two_sided
        );
    }
    if let Some(w) = &r.welch {
        let _ = writeln!(
            out,
            "  welch    ratio {} [{}, {}], p = {:.3e} (log latencies, unpaired)",
            ratio_text(w.diff.exp()),
            ratio_text(w.ci_low.exp()),
            ratio_text(w.ci_high.exp()),
            w.p_two_sided
        );
    }
    out
}

/// The message of a failed trial: claim, estimate, interval and level, pairs, time, and
/// whether the claim was refuted or the budget ran out.
#[must_use]
pub fn failure_message(claim: &Claim, r: &DiffResult) -> String {
    let mut msg = format!(
        "claim `{}` {}: ratio {} {} ({} anytime-valid confidence sequence), {} pairs in {}",
        ClaimText(claim),
        r.verdict.word(),
        ratio_text(r.ratio),
        interval_text(r),
        level_percent(1.0 - r.alpha),
        r.pairs,
        format_secs(r.total_time()),
    );
    if let Some(shortfall) = &r.shortfall {
        msg.push_str(&format!("; {shortfall}"));
    } else if r.verdict == Verdict::Inconclusive {
        msg.push_str(&format!(
            "; the time budget ended first. {}",
            more_time_advice(claim, r)
        ));
    }
    msg
}

/// Roughly how much longer a run would need: the interval narrows like 1/sqrt(time), and
/// must shrink to the distance between the estimate and the nearest boundary of the claim.
fn more_time_advice(claim: &Claim, r: &DiffResult) -> String {
    let Some((low, high)) = r.interval else {
        return format!(
            "The interval is still unbounded after {} pairs: raise max_time.",
            r.pairs
        );
    };
    let half_width = 0.5 * (high.ln() - low.ln());
    let margin = log_margin(claim, r.ratio.ln());
    if margin < 0.05 * half_width {
        return "The estimate sits on the claim's boundary: more time is unlikely to decide it."
            .to_owned();
    }
    let factor = (half_width / margin).powi(2);
    let needed = r.measure_time.as_secs_f64() * factor;
    format!("At this noise level about {needed:.1} s of measuring in all might decide it (raise max_time).")
}

/// The verdict's interval for the ratio, `[low, high]` with four decimals.
#[must_use]
pub fn interval_text(r: &DiffResult) -> String {
    match r.interval {
        Some((lo, hi)) => format!("[{}, {}]", ratio_text(lo), ratio_text(hi)),
        None => "[unbounded]".to_owned(),
    }
}

/// One routine's summary, its name padded to `width` so both routines' columns line up.
fn routine_line(routine: &str, width: usize, s: &Summary, measure: Measure) -> String {
    let value = |x: f64| per_iteration(measure, x);
    format!(
        "{routine:<width$}  median {:>9}  mean {:>9}  sd {:>9}  p5 {:>9}  p95 {:>9}  n {}",
        value(s.median),
        value(s.mean),
        value(s.sd),
        value(s.p5),
        value(s.p95),
        s.n
    )
}

/// The noise floor found by `--calibrate`: the first routine ran against itself for the
/// whole budget, so the interval's half-width is the smallest ratio difference this machine
/// resolves in that time.
#[must_use]
pub fn calibration_line(r: &DiffResult) -> String {
    match r.interval {
        Some((low, high)) => format!(
            "  floor    the first routine against itself for {}: ratio differences beyond \
             ±{}% are resolved at {} confidence\n",
            format_secs(r.total_time()),
            three_significant(50.0 * (high.ln() - low.ln())),
            level_percent(1.0 - r.alpha)
        ),
        None => "  floor    too few pairs in the time budget for any interval\n".to_owned(),
    }
}

/// Preempted duos in the pairs line: how many the OS showed, and how many were set aside.
fn preempted_text(r: &DiffResult) -> String {
    match (r.duos_preempted, r.preempted_set_aside) {
        (0, _) => String::new(),
        (n, m) if n == m => format!(", {n} set aside: preempted"),
        (n, 0) => format!(", {n} preempted and kept"),
        (n, m) => format!(", {m} of {n} preempted set aside"),
    }
}

/// Which clock judged, and why.
fn clock_text(r: &DiffResult) -> String {
    let clock = match r.clock {
        Clock::Wall => "wall time",
        Clock::ThreadCpu => "thread CPU time",
    };
    let mut text = format!("judged on {clock}: {}", r.clock_reason.describe());
    if r.clock == Clock::ThreadCpu && r.duos_preempted > 0 {
        text.push_str("; preempted duos kept: their stolen time is not on this clock");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{record, BELOW};

    #[test]
    fn routine_columns_line_up_and_the_verdict_is_coloured_when_asked() {
        let rec = record("sorting::radix", 0.5, Some(BELOW), 1_000);
        let plain = record_block(&rec, Paint::new(false));
        let first = plain.lines().find(|l| l.starts_with("  first")).unwrap();
        let second = plain.lines().find(|l| l.starts_with("  second")).unwrap();
        // `radix` is padded to the width of `std_sort`.
        assert!(first.starts_with("  first    radix     median"), "{plain}");
        assert!(second.starts_with("  second   std_sort  median"), "{plain}");
        assert!(plain.contains("claim    ratio < 0.8: pass\n"), "{plain}");
        assert!(!plain.contains('\x1b'));
        let coloured = record_block(&rec, Paint::new(true));
        assert!(
            coloured.contains("ratio < 0.8: \x1b[1m\x1b[32mpass\x1b[0m"),
            "{coloured:?}"
        );
    }

    #[test]
    fn an_unbounded_interval_after_many_pairs_is_not_called_too_few_pairs() {
        let mut rec = record("noisy", 1.0, Some(BELOW), 1_000);
        rec.result.interval = None;
        rec.result.pairs = 5_768;
        rec.result.verdict = Verdict::Inconclusive;
        rec.result.shortfall = None;
        rec.result.alpha = 1e-6;
        let msg = failure_message(&BELOW, &rec.result);
        assert!(
            msg.contains("The interval is still unbounded after 5768 pairs: raise max_time."),
            "{msg}"
        );
        assert!(!msg.contains("Too few pairs"), "{msg}");
        assert!(msg.contains("(99.9999% anytime-valid"), "{msg}");
    }

    #[test]
    fn calibration_adds_the_noise_floor() {
        let mut rec = record("same", 1.0, None, 1_000);
        rec.calibration = true;
        let block = record_block(&rec, Paint::new(false));
        assert!(
            block.contains("  floor    the first routine against itself"),
            "{block}"
        );
    }
}
