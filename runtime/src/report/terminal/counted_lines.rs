//! The lines of a counted result (under Valgrind, or read here for a measurement whose
//! repeats are exact): how the ratio was decided (exactly, or by a t interval when the
//! counts moved), what counted, and each routine's per-call figures (under Valgrind with
//! the weights of the estimated cycles).

use super::measure_line::per_iteration;
use crate::analysis::{BenchResult, Counted, DiffResult, PerCall};
use crate::model::Measure;
use crate::util::{format_count, format_secs, level_percent, RatioDigits};
use std::fmt::Write;

/// How a counted ratio was decided, after the ratio and its interval: `exact (...)`, or the
/// t interval's level and repeats; `None` for a timed result.
#[must_use]
pub fn counted_basis(r: &DiffResult) -> Option<String> {
    let c = r.counted.as_ref()?;
    let how = match &r.student {
        None => format!("exact: the same count in each of {} repeats", c.repeats),
        Some(t) => format!(
            "{:.0}% t interval over {} repeats: the counts moved between repeats",
            100.0 * t.level,
            t.n
        ),
    };
    Some(format!(
        "({how}), counted by {} in {}",
        c.counted_by,
        format_secs(c.elapsed)
    ))
}

/// The ratio line of a counted comparison.
#[must_use]
pub fn counted_ratio_line(r: &DiffResult) -> Option<String> {
    let basis = counted_basis(r)?;
    let digits = RatioDigits::of(r.ratio, r.interval);
    let interval = match r.interval {
        Some((lo, hi)) if lo != hi => format!("  {}", digits.interval(lo, hi)),
        _ => String::new(),
    };
    Some(format!(
        "  ratio    {}{interval} {basis}\n",
        digits.text(r.ratio)
    ))
}

/// A counted `#[bench]`'s count: per call, exact (no interval of width zero) or with the
/// bootstrap interval when the counts moved between repeats, and the tool; `None` for a
/// timed result.
#[must_use]
pub fn counted_count(r: &BenchResult) -> Option<String> {
    let c = r.counted.as_ref()?;
    let value = |x: f64| per_iteration(r.measure, x);
    let how = if c.unmoved() {
        format!("exact: the same count in each of {} repeats", c.repeats)
    } else {
        format!(
            "{} bootstrap interval [{}, {}]: the counts moved between {} repeats",
            level_percent(r.level),
            value(r.slope.low),
            value(r.slope.high),
            c.repeats
        )
    };
    Some(format!(
        "{} per call ({how}), counted by {} in {}",
        value(r.slope.point),
        c.counted_by,
        format_secs(c.elapsed)
    ))
}

/// One line per routine with its per-call figures, then the model behind them: Valgrind's
/// events and cache model, or for counts read here each routine's count of `measure`.
#[must_use]
pub fn counted_lines(c: &Counted, measure: Measure, first: &str, second: Option<&str>) -> String {
    if !c.under_valgrind {
        return read_here_lines(c, measure, first, second);
    }
    let width = first.len().max(second.map_or(0, str::len));
    let mut out = String::new();
    let mut routine = |label: &str, name: &str, p: &PerCall| {
        let _ = writeln!(
            out,
            "  {label:<8} {name:<width$}  {} instr  {} L1 misses  {} LL misses  {} est. cycles \
             per call{}",
            format_count(p.instructions),
            format_count(p.l1_misses),
            format_count(p.ll_misses),
            format_count(p.estimated_cycles),
            moved(p)
        );
    };
    routine("first", first, &c.first);
    if let (Some(name), Some(p)) = (second, &c.second) {
        routine("second", name, p);
    }
    let (l1, ll, memory) = c.cycle_weights;
    let _ = writeln!(
        out,
        "  counts   {} repeats of {} and {} calls; the loop's own share {} instr per call (an \
         empty routine), included; est. cycles = {l1} × L1 hits + {ll} × LL hits + {memory} × \
         memory accesses; caches {}",
        c.repeats,
        c.calls.0,
        c.calls.1,
        format_count(c.loop_share),
        c.cache_model.describe()
    );
    out
}

/// [`counted_lines`] of counts read here: each routine's count per call, and the plan.
fn read_here_lines(c: &Counted, measure: Measure, first: &str, second: Option<&str>) -> String {
    let width = first.len().max(second.map_or(0, str::len));
    let mut out = String::new();
    let mut routine = |label: &str, name: &str, p: &PerCall| {
        let _ = writeln!(
            out,
            "  {label:<8} {name:<width$}  {} per call{}",
            per_iteration(measure, p.instructions),
            moved(p)
        );
    };
    routine("first", first, &c.first);
    if let (Some(name), Some(p)) = (second, &c.second) {
        routine("second", name, p);
    }
    let _ = writeln!(
        out,
        "  counts   {} repeats of {} and {} calls, read around each; per call is the difference \
         of the two over the difference of calls",
        c.repeats, c.calls.0, c.calls.1
    );
    out
}

/// ` (mean of N repeats that differ)`, or nothing when the repeats agree.
fn moved(p: &PerCall) -> String {
    if p.unmoved() {
        String::new()
    } else {
        format!(" (mean of {} repeats that differ)", p.repeats.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::counted_result;

    #[test]
    fn an_exact_ratio_says_so_and_names_the_tool() {
        let r = counted_result(0.85);
        let line = counted_ratio_line(&r).unwrap();
        assert!(line.starts_with("  ratio    0.8500 (exact: the same count in each of 2 repeats), counted by Callgrind (Valgrind 3.19.0) in "), "{line}");
        let lines = counted_lines(r.counted.as_ref().unwrap(), r.measure, "new", Some("old"));
        assert!(lines.contains("  first    new  850 instr"), "{lines}");
        assert!(
            lines.contains("1 × L1 hits + 5 × LL hits + 35 × memory accesses"),
            "{lines}"
        );
    }
}
