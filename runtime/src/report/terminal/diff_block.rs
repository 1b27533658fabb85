//! The terminal block for one comparison, and the one-paragraph failure message.

use super::counted_lines::counted_basis;
use super::figures::{interval_text, mean_figure, means_line, ratio_digits, ratio_figure};
use super::figures::{routine_lines, Side};
use super::interval_notes::{path_note, verdict_note};
use super::measure_line::per_iteration;
use super::more_time::{more_time_advice, pairs_needed_text};
use super::paint::Paint;
use crate::analysis::DiffResult;
use crate::decide::{ClaimText, DecidedBy, GateOutcome, GateSummary, Verdict};
use crate::measure::Clock;
use crate::model::Claim;
use crate::report::RoutineNames;
use crate::stats::TTest;
use crate::util::{format_ns, format_secs, level_percent, three_significant, RatioDigits};
use std::fmt::Write;

/// The first lines of both blocks: the trial's name, the claim with its verdict, or the
/// `gate` (`DiffRecord::gate`) with its outcome (coloured when `paint` is on), and the
/// budget's shortfall if there was one.
pub(crate) fn heading(
    name: &str,
    claim: Option<&Claim>,
    gate: Option<(f64, GateOutcome)>,
    r: &DiffResult,
    paint: Paint,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", paint.bold(&format!("[diff] {name}")));
    if let Some((max_regression, outcome)) = gate {
        let _ = writeln!(
            out,
            "  gate     {}: {}",
            crate::report::gate_name(max_regression),
            paint.verdict(r.verdict, outcome.word())
        );
    } else {
        let verdict = match claim {
            Some(c) => format!(
                "{}: {}",
                ClaimText(c),
                paint.verdict(r.verdict, r.verdict.word())
            ),
            None => "no claim: reported".to_owned(),
        };
        let _ = writeln!(out, "  claim    {verdict}");
    }
    if let Some(shortfall) = &r.shortfall {
        let _ = writeln!(out, "  budget   {shortfall}");
    }
    out
}

/// The readable block printed after the run for one comparison; the verdict is coloured
/// when `paint` is on.
#[must_use]
pub fn diff_block(
    name: &str,
    names: RoutineNames<'_>,
    claim: Option<&Claim>,
    gate: Option<(f64, GateOutcome)>,
    r: &DiffResult,
    paint: Paint,
) -> String {
    let mut out = heading(name, claim, gate, r, paint);
    // Across versions the figures cover every round: said where a figure is pooled or per
    // round (`OverRounds`).
    let rounds = over_rounds_text(r);
    let median_round = if r.over_rounds.is_some() {
        " in the median round"
    } else {
        ""
    };
    let _ = writeln!(
        out,
        "  ratio    {}  {}  median-based {}{}",
        ratio_figure(r),
        interval_text(r),
        ratio_digits(r).text(r.median_ratio),
        if rounds.is_empty() {
            ""
        } else {
            " (every round's duos)"
        }
    );
    if let Some(note) = path_note(r) {
        let _ = writeln!(
            out,
            "  interval {} {note}",
            level_percent(1.0 - r.interval_alpha)
        );
    }
    if let Some(note) = claim.and_then(|c| verdict_note(c, r, Some(names))) {
        let _ = writeln!(out, "  verdict  {note}");
    }
    out.push_str(&routine_lines(names, r, |routine, width, side| {
        routine_line(routine, width, &side, r) + &rounds
    }));
    out.push_str(&means_line(r));
    let _ = writeln!(
        out,
        "  pairs    {}{rounds} ({} duos set aside as outliers{}), {} per batch, {} duo{} per {}{median_round}, {} {}",
        r.pairs,
        r.duos_set_aside,
        preempted_text(r),
        batch_iters_text(r),
        r.duos_per_block,
        if r.duos_per_block == 1 { "" } else { "s" },
        if r.units { "unit" } else { "block" },
        r.blocks,
        if r.units {
            "units (independent by design)"
        } else {
            "blocks"
        }
    );
    let _ = writeln!(out, "  clock    {}", clock_text(r));
    out.push_str(&super::diff_notes::notes(r, names));
    let _ = writeln!(
        out,
        "  time     {} measuring + {} warmup{rounds} (timer {} per read)",
        format_secs(r.measure_time),
        format_secs(r.warmup_time),
        format_ns(r.timer.overhead_ns)
    );
    if let Some(t) = &r.student {
        let _ = writeln!(
            out,
            "  student  ratio {} at {}, p = {:.3e} (paired, {}; one look only)",
            t_test_figures(t),
            level_percent(t.level),
            t.p_two_sided,
            if r.over_rounds.is_some() {
                "the rounds' log ratios"
            } else {
                "block log ratios"
            }
        );
    }
    if r.welch.is_none() && r.over_rounds.is_some() {
        out.push_str(
            "  welch    none across processes: batches of different processes are not one \
             sample, so the rounds' student above is the reference\n",
        );
    }
    if let Some(w) = &r.welch {
        let _ = writeln!(
            out,
            "  welch    ratio {}, p = {:.3e} (log latencies, unpaired)",
            t_test_figures(w),
            w.p_two_sided
        );
    }
    out
}

/// The message of a failed trial: claim (or the `gate`, `DiffRecord::gate`), estimate,
/// interval and level, pairs, time, and whether the claim was refuted or the budget ran out.
#[must_use]
pub fn failure_message(claim: &Claim, gate: Option<(f64, GateOutcome)>, r: &DiffResult) -> String {
    if let Some(basis) = counted_basis(r) {
        let judged = match gate {
            Some((p, outcome)) => {
                format!("gate {} {}", crate::report::gate_name(p), outcome.word())
            }
            None => format!("claim `{}` {}", ClaimText(claim), r.verdict.word()),
        };
        return format!("{judged}: ratio {} {basis}", ratio_figure(r));
    }
    let gate = r.process_pairs.as_ref().and_then(|p| p.gate.as_ref());
    let judged = match gate {
        Some(g) => format!("gate {} {}", gate_name(g), g.outcome.word()),
        None => format!("claim `{}` {}", ClaimText(claim), r.verdict.word()),
    };
    let mut msg = format!(
        "{judged}: ratio {} {} ({} {}), {} pairs{} in {}",
        ratio_figure(r),
        interval_text(r),
        level_percent(1.0 - r.interval_alpha),
        interval_kind(r),
        r.pairs,
        over_rounds_text(r),
        format_secs(r.total_time()),
    );
    if let Some(note) = verdict_note(claim, r, None) {
        msg.push_str(&format!("; {note}"));
    }
    if let Some(g) = gate {
        msg.push_str(&format!("; {}", gate_design_text(g)));
    }
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

/// What the printed interval is: across processes (or versions) the confidence sequence over
/// rounds, with a gate or without; within one process the confidence sequence of the duos,
/// on units for long routines (anytime-valid for independent units only: docs/STATISTICS.md,
/// known limits), said to be this process's: it covers the ratio where this process placed
/// the two routines, which the next process may place otherwise.
fn interval_kind(r: &DiffResult) -> String {
    if r.process_pairs.is_some() {
        "anytime-valid confidence sequence over rounds".to_owned()
    } else if r.units {
        format!(
            "confidence sequence on units of {} duos, within this process",
            r.duos_per_block
        )
    } else {
        "confidence sequence within this process".to_owned()
    }
}

/// A gate as the reports name it: `max regression 5%`.
pub(crate) fn gate_name(g: &GateSummary) -> String {
    crate::report::gate_name(g.design.max_regression)
}

/// A gate's design in words: the threshold it fails above, its two error rates and how it
/// decided.
pub(crate) fn gate_design_text(g: &GateSummary) -> String {
    let plus = |ratio: f64| format!("+{}%", three_significant(100.0 * (ratio - 1.0)));
    let decided = match (g.decided_by, g.planned_rounds) {
        (Some(DecidedBy::EarlyStop), _) => {
            "decided early (its interval cleared the threshold)".to_owned()
        }
        (Some(DecidedBy::TwoStage), Some(planned)) => {
            format!("decided by the two-stage test after the {planned} rounds its spread planned")
        }
        (_, Some(planned)) => format!("its spread planned {planned} rounds"),
        (_, None) => "the budget ended within the first stage".to_owned(),
    };
    format!(
        "fails above {}; false alarms at most {} on unchanged code, misses at most {} at {}; {decided}",
        plus(g.threshold),
        level_percent(g.design.alpha),
        level_percent(g.design.beta),
        plus(g.design.named_regression()),
    )
}

/// ` over N rounds` for a cross-version result, whose figures cover all its rounds; empty
/// within one process.
pub(crate) fn over_rounds_text(r: &DiffResult) -> String {
    r.over_rounds.map_or_else(String::new, |o| {
        format!(
            " over {} round{}",
            o.rounds,
            if o.rounds == 1 { "" } else { "s" }
        )
    })
}

/// One routine's line, its name padded to `width` so both routines' columns line up: the
/// mean the ratio is of, then the summary of all its timed batches.
fn routine_line(routine: &str, width: usize, side: &Side<'_>, r: &DiffResult) -> String {
    let value = |x: f64| per_iteration(r.measure, x);
    let mut line = format!("{routine:<width$}");
    if let Some(mean) = side.mean {
        let _ = write!(line, "  mean {:>9}", mean_figure(r, mean));
    }
    if let Some(s) = side.batches {
        let _ = write!(
            line,
            "  all batches: median {:>9}  mean {:>9}  sd {:>9}  p5 {:>9}  p95 {:>9}  n {}",
            value(s.median),
            value(s.mean),
            value(s.sd),
            value(s.p5),
            value(s.p95),
            s.n
        );
    }
    line
}

/// A t test's ratio and interval, `1.0998 [1.0993, 1.1002]`, with the digits its interval
/// needs.
fn t_test_figures(t: &TTest) -> String {
    let (estimate, low, high) = (t.estimate.exp(), t.ci_low.exp(), t.ci_high.exp());
    let digits = RatioDigits::of(estimate, Some((low, high)));
    format!("{} {}", digits.text(estimate), digits.interval(low, high))
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
            level_percent(1.0 - r.interval_alpha)
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
    if r.measure.keeps_preempted() {
        return format!(
            "judged on {} as measured: preemption does not change it, so no preempted duo is \
             set aside",
            r.measure.name()
        );
    }
    if !r.measure.is_wall_clock() {
        return format!(
            "judged on {} as measured; the machine's pace moves it, so preempted duos are set \
             aside as on wall time",
            r.measure.name()
        );
    }
    let clock = match r.clock {
        Clock::Wall => "wall time",
        Clock::ThreadCpu => "thread CPU time",
    };
    let rounds = match r.over_rounds {
        Some(o) if o.clock_rounds < o.rounds => format!(
            " in {} of {} rounds (the others on {})",
            o.clock_rounds,
            o.rounds,
            match r.clock {
                Clock::Wall => "thread CPU time",
                Clock::ThreadCpu => "wall time",
            }
        ),
        _ => String::new(),
    };
    let mut text = format!("judged on {clock}{rounds}: {}", r.clock_reason.describe());
    if r.clock == Clock::ThreadCpu && r.duos_preempted > 0 {
        text.push_str("; preempted duos kept: their stolen time is not on this clock");
    }
    text
}

/// What the rounds of fresh process pairs found: how many, how far apart their ratios were
/// against what their duos explain, and how many more an undecided claim would need.
pub(crate) fn process_pairs_line(p: &crate::decide::PairSpread) -> String {
    let log_percent_text = |x: f64| format!("{:.2}%", 100.0 * x.exp_m1());
    let mut line = format!(
        "  process  {} pair{} of fresh processes",
        p.pairs,
        if p.pairs == 1 { "" } else { "s" }
    );
    if let Some(between) = p.between_sd {
        let _ = write!(
            line,
            "; their ratios spread by {}",
            log_percent_text(between)
        );
        if let Some(within) = p.within_se {
            let _ = write!(line, " (their duos explain {})", log_percent_text(within));
        }
    }
    if p.placement_dominates() {
        line.push_str(
            "; where each process sits in memory moves this routine more than its duos do",
        );
    }
    if let Some(needed) = pairs_needed_text(p) {
        let _ = write!(line, "; about {needed}");
    }
    line.push('\n');
    line
}

/// Iterations per batch in words: `20 iterations`, or each routine's own count when the two
/// ran different ones (`5,300 and 1 iterations`).
pub(crate) fn batch_iters_text(r: &DiffResult) -> String {
    let (first, second) = (r.batch_iters, r.second_batch_iters);
    if first == second {
        format!("{first} iteration{}", if first == 1 { "" } else { "s" })
    } else {
        format!("{first} and {second} iterations")
    }
}
