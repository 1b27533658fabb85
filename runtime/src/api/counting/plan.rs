//! What the parent asks of a counting child, on its command line: the calls of the two
//! segments, the repeats, and the trial.

/// The hidden flag that starts a bench executable as a counting child.
pub const COUNT_FLAG: &str = "--duobench-count";

/// Native time a short segment is sized to: long enough that amortized work (a growing
/// buffer, a periodic flush) shows in proportion, short enough that Valgrind's slowdown
/// keeps a trial to seconds.
const SEGMENT_NS: f64 = 1e6;
/// Most calls in a short segment.
const MOST_CALLS: u64 = 64;
/// Repeats counted first: two tell whether the counts move.
pub const FIRST_REPEATS: usize = 2;
/// Repeats counted when they moved, for the t interval.
pub const MOVING_REPEATS: usize = 10;

/// What a trial's handle does about counting under Valgrind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CountRole {
    /// Nothing: the trial runs outside the harness (the direct API).
    #[default]
    Outside,
    /// In the harness: when the measure is counted, start a counting child for this trial.
    Parent {
        /// The trial's name, as the child finds it.
        trial: String,
    },
    /// In a counting child: count the routines over this plan's segments.
    Child(CountPlan),
}

/// Segments of `calls.0` and `calls.1` calls of every routine, `repeats` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountPlan {
    /// Calls of the short and the long segment.
    pub calls: (u64, u64),
    /// Repeats of the two segments.
    pub repeats: usize,
}

impl CountPlan {
    /// A plan for routines whose slowest call takes `slowest_ns` natively: a power of two
    /// of calls in the short segment (so that close speeds give the same plan), twice that
    /// in the long one.
    #[must_use]
    pub fn for_call_ns(slowest_ns: f64) -> CountPlan {
        let fit = if slowest_ns > 0.0 {
            (SEGMENT_NS / slowest_ns).clamp(1.0, MOST_CALLS as f64) as u64
        } else {
            MOST_CALLS
        };
        let short = 1u64 << fit.ilog2();
        CountPlan {
            calls: (short, 2 * short),
            repeats: FIRST_REPEATS,
        }
    }

    /// The child's arguments after [`COUNT_FLAG`].
    #[must_use]
    pub fn args(&self, trial: &str) -> Vec<String> {
        vec![
            self.calls.0.to_string(),
            self.calls.1.to_string(),
            self.repeats.to_string(),
            trial.to_owned(),
        ]
    }

    /// Reads the arguments after [`COUNT_FLAG`]: the plan and the trial's name.
    ///
    /// # Errors
    ///
    /// Arguments that are no plan, in one line.
    pub fn parse(args: &[String]) -> Result<(CountPlan, String), String> {
        let [short, long, repeats, trial] = args else {
            return Err(format!("{COUNT_FLAG} takes SHORT LONG REPEATS TRIAL"));
        };
        let number = |text: &str| {
            text.parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{COUNT_FLAG}: `{text}` is not a positive count"))
        };
        let calls = (number(short)?, number(long)?);
        if calls.1 <= calls.0 {
            return Err(format!("{COUNT_FLAG}: the long segment must be the longer"));
        }
        let repeats = usize::try_from(number(repeats)?).map_err(|e| e.to_string())?;
        Ok((CountPlan { calls, repeats }, trial.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_sized_to_a_millisecond_of_calls_in_powers_of_two() {
        assert_eq!(CountPlan::for_call_ns(10.0).calls, (64, 128));
        assert_eq!(CountPlan::for_call_ns(100_000.0).calls, (8, 16));
        assert_eq!(CountPlan::for_call_ns(90_000.0).calls, (8, 16));
        assert_eq!(CountPlan::for_call_ns(5e6).calls, (1, 2));
        assert_eq!(CountPlan::for_call_ns(0.0).calls, (64, 128));
    }

    #[test]
    fn a_plan_reads_back_from_its_arguments() {
        let plan = CountPlan {
            calls: (8, 16),
            repeats: 2,
        };
        let args = plan.args("mod::sort/1000");
        assert_eq!(
            CountPlan::parse(&args),
            Ok((plan, "mod::sort/1000".to_owned()))
        );
        let bad = ["8", "8", "2", "x"].map(str::to_owned);
        assert!(CountPlan::parse(&bad).unwrap_err().contains("longer"));
        let bad = ["0", "8", "2", "x"].map(str::to_owned);
        assert!(CountPlan::parse(&bad)
            .unwrap_err()
            .contains("not a positive count"));
        assert!(CountPlan::parse(&[]).is_err());
    }
}
