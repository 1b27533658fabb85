//! The line a block shows when a trial measured something other than wall time: the
//! figures keep their time formatting, so the line says how to read them.

use crate::measure::OsUsage;
use crate::model::{Measure, Throughput};
use crate::stats::Estimate;
use crate::util::{format_bytes, format_ns, significant};

/// One per-iteration figure of `measure` in its own unit: `57.1 ns`, `3 allocs`,
/// `1.23 K instr`, or a measurement's own through its formatter.
#[must_use]
pub fn per_iteration(measure: Measure, value: f64) -> String {
    per_iteration_significant(measure, value, 3)
}

/// [`per_iteration`] with `digits` significant digits.
#[must_use]
pub fn per_iteration_significant(measure: Measure, value: f64, digits: usize) -> String {
    measure.def().format(value, digits)
}

/// The rates of `throughput` at an estimate and its interval's ends, through a measurement's
/// own formatter (the lower end first: a rate may rise or fall with the figure); `None` for
/// a built-in measure, whose rate is per second of time.
#[must_use]
pub fn own_rates(measure: Measure, throughput: Throughput, e: &Estimate) -> Option<String> {
    let rate = |x: f64| measure.def().rate(throughput, x, e.point);
    let ((point, unit), (a, _), (b, _)) = (rate(e.point)?, rate(e.low)?, rate(e.high)?);
    let text = |x: f64| format!("{} {unit}", significant(x, 3));
    Some(format!(
        "{}  [{}, {}]",
        text(point),
        text(a.min(b)),
        text(a.max(b))
    ))
}

/// `  measure  ...` with a newline, or nothing for wall time.
#[must_use]
pub fn measure_line(measure: Measure) -> String {
    measure.def().meaning().map_or_else(String::new, |m| {
        format!("  measure  {} — {m}\n", measure.name())
    })
}

/// The lines above as HTML paragraphs (the texts need no escaping); nothing for wall time
/// without executor or OS figures.
#[cfg(feature = "html")]
#[must_use]
pub fn facts_paragraphs(
    measure: Measure,
    executor: Option<&str>,
    executor_ns: Option<f64>,
    os: Option<OsUsage>,
) -> String {
    [
        measure_line(measure),
        executor_line(executor, executor_ns),
        os_line(os),
    ]
    .iter()
    .filter(|line| !line.is_empty())
    .map(|line| format!("<p class=\"facts\">{}</p>\n", line.trim()))
    .collect()
}

/// `  executor ...` for async routines, or nothing.
#[must_use]
pub fn executor_line(executor: Option<&str>, overhead_ns: Option<f64>) -> String {
    overhead_ns.map_or_else(String::new, |ns| {
        format!(
            "  executor {} block_on: {} per iteration (an empty future; included above)\n",
            executor.unwrap_or("built-in"),
            format_ns(ns)
        )
    })
}

/// `  bytes    ...` for `measure = allocations`, or nothing.
#[must_use]
pub fn alloc_bytes_line(bytes_per_iteration: Option<f64>) -> String {
    bytes_per_iteration.map_or_else(String::new, |bytes| {
        format!(
            "  bytes    {}/iter allocated (counted over 64 iterations after the run)\n",
            format_bytes(bytes)
        )
    })
}

/// `  os       ...`: peak-memory growth and context switches, with the share of the trial's
/// time the measuring thread waited for a core and the hypervisor's steal where counted, or
/// nothing.
#[must_use]
pub fn os_line(usage: Option<OsUsage>) -> String {
    usage.map_or_else(String::new, |u| {
        let waited = u.run_queue_wait_share().map_or_else(String::new, |share| {
            format!("; waited for a core {:.1}% of the time", 100.0 * share)
        });
        let stolen = u.steal_share.map_or_else(String::new, |share| {
            format!(", steal {:.1}%", 100.0 * share)
        });
        format!(
            "  os       peak RSS +{} KiB, {} voluntary and {} involuntary context \
             switches{waited}{stolen}\n",
            u.peak_rss_growth_kib, u.voluntary_switches, u.involuntary_switches
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::by_name;

    #[test]
    fn the_os_line_says_how_long_the_thread_waited_for_a_core_where_counted() {
        let mut usage = OsUsage {
            peak_rss_growth_kib: 12,
            voluntary_switches: 3,
            involuntary_switches: 40,
            wall_ns: 2_000_000_000,
            ..OsUsage::default()
        };
        assert_eq!(
            os_line(Some(usage)),
            "  os       peak RSS +12 KiB, 3 voluntary and 40 involuntary context switches\n"
        );
        usage.run_queue_wait_ns = Some(8_000_000);
        usage.steal_share = Some(0.0);
        assert!(os_line(Some(usage))
            .ends_with("switches; waited for a core 0.4% of the time, steal 0.0%\n"));
        assert_eq!(os_line(None), "");
    }

    #[test]
    fn only_other_measures_than_wall_time_get_a_line() {
        assert_eq!(measure_line(by_name::wall), "");
        assert!(measure_line(by_name::allocations).starts_with("  measure  allocations — "));
    }

    #[test]
    fn counts_are_shown_as_counts() {
        assert_eq!(per_iteration(by_name::allocations, 3.0), "3 allocs");
        assert_eq!(
            per_iteration(by_name::instructions, 1_234.0),
            "1.23 K instr"
        );
        assert_eq!(per_iteration(by_name::cpu_time, 57.1), "57.1 ns");
        assert_eq!(
            alloc_bytes_line(Some(1_239.0)),
            "  bytes    1.21 KiB/iter allocated (counted over 64 iterations after the run)\n"
        );
        assert_eq!(alloc_bytes_line(None), "");
    }
}
