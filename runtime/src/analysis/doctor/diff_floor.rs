//! Work optimized away in a comparison: a routine as fast as an empty one in the same batch
//! loop, by the rule `#[bench]` uses (`bench_checks::optimized_away`).

use super::bench_checks::FLOOR_SLACK_NS;
use super::{Check, Warning};
use crate::analysis::DiffResult;
use crate::stats::Summary;
use crate::util::format_ns;

/// How many empty iterations a routine at the floor may cost. The floor is an empty
/// closure's loop, a different piece of machine code from each routine's: where the
/// compiler places a loop alone can make a constant routine's iteration one cycle longer,
/// twice the empty one's (docs/DESIGN-MEASUREMENTS.md). Real work
/// through `black_box` costs a few cycles more than that.
const PLACEMENT_FACTOR: f64 = 2.5;

/// One routine or both ran at the empty loop's floor. A comparison's routines are closures
/// whose results are not compared between calls, so any routine at the floor, within what
/// the two loops' placement can add, is flagged.
#[must_use]
pub fn optimized_away_in_comparison(r: &DiffResult) -> Option<Warning> {
    let floor = r.empty_iteration_ns.filter(|_| r.measure.is_wall_clock())?;
    let at_floor = |s: Option<Summary>| {
        s.map(|s| s.median.min(s.p5))
            .filter(|&ns| ns <= PLACEMENT_FACTOR * floor + FLOOR_SLACK_NS)
    };
    let (first, second) = (at_floor(r.first), at_floor(r.second));
    let which = match (first, second) {
        (Some(a), Some(b)) => format!(
            "both routines ({} and {} per iteration)",
            format_ns(a),
            format_ns(b)
        ),
        (Some(a), None) => format!("the first routine ({} per iteration)", format_ns(a)),
        (None, Some(b)) => format!("the second routine ({} per iteration)", format_ns(b)),
        (None, None) => return None,
    };
    Some(Warning {
        check: Check::OptimizedAway,
        finding: format!(
            "{which} ran as fast as an empty routine in the same loop ({}): the work was \
             probably optimized away, or its result is a constant the compiler computed ahead, \
             and the ratio compares loop overheads",
            format_ns(floor)
        ),
        advice: "pass the inputs through black_box(..) and return the result from each \
                 routine, so the compiler can neither precompute nor drop the work",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::records::result;
    use crate::measure::by_name;

    fn with_times(first_ns: f64, second_ns: f64, floor: f64) -> DiffResult {
        let mut r = result(1.0, None, 200);
        let time = |ns: f64, s: Summary| Summary {
            median: ns,
            p5: ns,
            ..s
        };
        r.first = r.first.map(|s| time(first_ns, s));
        r.second = r.second.map(|s| time(second_ns, s));
        r.empty_iteration_ns = Some(floor);
        r
    }

    #[test]
    fn two_constant_routines_are_flagged() {
        let w = optimized_away_in_comparison(&with_times(0.235, 0.24, 0.23)).unwrap();
        assert_eq!(w.check, Check::OptimizedAway);
        assert!(w.finding.starts_with("both routines"), "{}", w.finding);
        let w = optimized_away_in_comparison(&with_times(40.0, 0.3, 0.23)).unwrap();
        assert!(w.finding.starts_with("the second routine"), "{}", w.finding);
        // A constant whose loop the compiler placed so that it costs a cycle more than the
        // empty one's.
        let w = optimized_away_in_comparison(&with_times(0.626, 0.589, 0.29)).unwrap();
        assert!(w.finding.starts_with("both routines"), "{}", w.finding);
    }

    #[test]
    fn real_work_and_unmeasured_floors_are_not() {
        assert_eq!(
            optimized_away_in_comparison(&with_times(1.0, 40.0, 0.23)),
            None
        );
        let mut r = with_times(0.2, 0.2, 0.23);
        r.empty_iteration_ns = None;
        assert_eq!(optimized_away_in_comparison(&r), None);
        r.empty_iteration_ns = Some(0.23);
        r.measure = by_name::allocations;
        assert_eq!(optimized_away_in_comparison(&r), None);
    }
}
