//! The line a block shows when a trial measured something other than wall time: the
//! figures keep their time formatting, so the line says how to read them.

use crate::descriptor::Measure;

/// How to read the figures of a trial that measured `measure`; `None` for wall time.
fn meaning(measure: Measure) -> Option<&'static str> {
    match measure {
        Measure::Wall => None,
        Measure::CpuTime => Some("thread CPU time (time spent descheduled is not counted)"),
        Measure::Allocations => Some("allocations per iteration (read ns as a count)"),
        Measure::Instructions => Some("instructions retired per iteration (read ns as a count)"),
    }
}

/// `  measure  ...` with a newline, or nothing for wall time.
#[must_use]
pub fn measure_line(measure: Measure) -> String {
    meaning(measure).map_or_else(String::new, |m| {
        format!("  measure  {} — {m}\n", measure.name())
    })
}

/// The same as an HTML paragraph (the text needs no escaping), or nothing for wall time.
#[must_use]
pub fn measure_paragraph(measure: Measure) -> String {
    meaning(measure).map_or_else(String::new, |m| {
        format!(
            "<p class=\"facts\">measure <b>{}</b> — {m}</p>\n",
            measure.name()
        )
    })
}

/// `  executor ...` for async routines, or nothing.
#[must_use]
pub fn executor_line(overhead_ns: Option<f64>) -> String {
    overhead_ns.map_or_else(String::new, |ns| {
        format!(
            "  executor built-in block_on: {} per iteration (an empty future; included above)\n",
            crate::units::format_ns(ns)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_other_measures_than_wall_time_get_a_line() {
        assert_eq!(measure_line(Measure::Wall), "");
        assert!(measure_line(Measure::Allocations).starts_with("  measure  allocations — "));
    }
}
