//! The figures every comparison block prints from one source: the ratio and its interval
//! with the digits the interval needs, each routine's mean that the ratio is of, and the
//! line that says which duos those means are over and what they leave out.

use super::measure_line::{per_iteration, per_iteration_significant};
use crate::analysis::DiffResult;
use crate::analysis::{Counted, RatioMeans};
use crate::decide::Basis;
use crate::measure::Clock;
use crate::report::RoutineNames;
use crate::stats::Summary;
use crate::util::RatioDigits;
use std::fmt::Write;

/// The digits `r`'s ratio and interval are printed with.
#[must_use]
pub fn ratio_digits(r: &DiffResult) -> RatioDigits {
    RatioDigits::of(r.ratio, r.interval)
}

/// `r`'s ratio with the digits its interval needs.
#[must_use]
pub fn ratio_figure(r: &DiffResult) -> String {
    ratio_digits(r).text(r.ratio)
}

/// The verdict's interval for the ratio, `[low, high]` with the ratio's digits; `exact` for
/// counts that did not move between repeats, where `[r, r]` would read as a measurement
/// that happened to have no spread.
#[must_use]
pub fn interval_text(r: &DiffResult) -> String {
    interval_with(r, ratio_digits(r))
}

/// [`interval_text`] with `digits` (a table column's, at least the interval's own).
#[must_use]
pub fn interval_with(r: &DiffResult, digits: RatioDigits) -> String {
    if r.counted.as_ref().is_some_and(Counted::unmoved) {
        return "exact".to_owned();
    }
    match r.interval {
        Some((lo, hi)) => digits.interval(lo, hi),
        None => "[unbounded]".to_owned(),
    }
}

/// What a block shows of one routine: the mean the ratio is of, and the summary of all its
/// timed batches.
pub(crate) struct Side<'a> {
    /// The routine's mean over the duos the ratio rests on (`None` when the ratio is not a
    /// ratio of means).
    pub mean: Option<f64>,
    /// Every timed batch of the routine.
    pub batches: Option<&'a Summary>,
}

/// The `first` and `second` lines of a block, each written by `line` from the routine's
/// name, the width both names are padded to, and what there is of it.
pub(crate) fn routine_lines(
    names: RoutineNames<'_>,
    r: &DiffResult,
    line: impl Fn(&str, usize, Side<'_>) -> String,
) -> String {
    let width = names
        .first
        .chars()
        .count()
        .max(names.second.chars().count());
    let means = r.means.map(|m| (m.first, m.second));
    let mut out = String::new();
    for (label, routine, mean, batches) in [
        ("first ", names.first, means.map(|m| m.0), &r.first),
        ("second", names.second, means.map(|m| m.1), &r.second),
    ] {
        if mean.is_some() || batches.is_some() {
            let side = Side {
                mean,
                batches: batches.as_ref(),
            };
            let _ = writeln!(out, "  {label}   {}", line(routine, width, side));
        }
    }
    out
}

/// The mean the ratio is of, in the measure's unit, with as many significant digits as the
/// ratio shows (three at least): dividing the two printed means gives the printed ratio.
pub(crate) fn mean_figure(r: &DiffResult, mean: f64) -> String {
    let digits = ratio_digits(r).significant(r.ratio).max(3);
    per_iteration_significant(r.measure, mean, digits)
}

/// A routine's mean for the short block: the one the ratio is of, or, where the ratio is
/// not a ratio of means, its batches' (which the `means` line then says).
pub(crate) fn short_mean(r: &DiffResult, side: &Side<'_>) -> String {
    let mean = match (side.mean, side.batches) {
        (Some(mean), _) => mean_figure(r, mean),
        (None, Some(s)) => per_iteration(r.measure, s.mean),
        (None, None) => "–".to_owned(),
    };
    format!("mean {mean:>9}")
}

/// `  means    ...` with a newline: [`means_text`].
#[must_use]
pub fn means_line(r: &DiffResult) -> String {
    format!("  means    {}\n", means_text(r))
}

/// Which pairs the routines' means are over, and what they leave out; or, where the ratio is
/// not a ratio of means, what the means shown are.
#[must_use]
pub fn means_text(r: &DiffResult) -> String {
    match &r.means {
        Some(m) => ratio_means_text(r, m),
        None if r.over_rounds.is_some() => "every round's batches: the ratio is the rounds' \
            geometric mean, not a ratio of these means"
            .to_owned(),
        None => "every timed batch: the ratio is median-based, before two blocks gave a ratio \
            of means"
            .to_owned(),
    }
}

/// The means of the ratio in words: over how many of the pairs, on which clock, and which
/// pairs they leave out, each duo being two pairs.
fn ratio_means_text(r: &DiffResult, m: &RatioMeans) -> String {
    let mut left_out = Vec::new();
    for (duos, why) in [
        (m.outliers_left_out, "set aside as outliers"),
        (r.preempted_set_aside, "preempted"),
        (m.after_last_block, "after the last block"),
    ] {
        if duos > 0 {
            left_out.push(format!("{} {why}", 2 * duos));
        }
    }
    let kept = 2 * m.duos;
    let mut text = if kept >= r.pairs {
        format!("the ratio's, over all {} pairs", r.pairs)
    } else {
        format!("the ratio's, over {kept} of {} pairs", r.pairs)
    };
    if r.measure.is_wall_clock() && r.clock == Clock::ThreadCpu {
        text.push_str(" on thread CPU time");
    }
    if r.duos_set_aside > 0 && r.basis.is_some_and(|b| b != Basis::Fenced) {
        text.push_str(", outliers counted");
    }
    if let Some((last, rest)) = left_out.split_last() {
        let listed = if rest.is_empty() {
            last.clone()
        } else {
            format!("{} and {last}", rest.join(", "))
        };
        let _ = write!(text, ": {listed} left out");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::{result, BELOW};

    #[test]
    fn the_means_line_names_what_the_means_leave_out() {
        let mut r = result(0.5, Some(BELOW), 1_000);
        let m = r.means.expect("means");
        r.means = Some(RatioMeans {
            duos: 120,
            outliers_left_out: 8,
            after_last_block: 1,
            ..m
        });
        r.preempted_set_aside = 3;
        r.pairs = 2 * (120 + 8 + 1 + 3);
        assert_eq!(
            means_line(&r),
            "  means    the ratio's, over 240 of 264 pairs: 16 set aside as outliers, 6 \
             preempted and 2 after the last block left out\n"
        );
        r.means = Some(RatioMeans {
            duos: 132,
            outliers_left_out: 0,
            after_last_block: 0,
            ..m
        });
        r.preempted_set_aside = 0;
        assert_eq!(
            means_line(&r),
            "  means    the ratio's, over all 264 pairs\n"
        );
        r.means = None;
        assert!(
            means_line(&r).contains("median-based"),
            "{}",
            means_line(&r)
        );
    }
}
