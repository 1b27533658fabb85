//! What the parent asks of a counting child, on its command line: the calls of the two
//! segments, the repeats, and the trial.

/// The hidden flag that starts a bench executable as a counting child.
pub const COUNT_FLAG: &str = "--duobench-count";
/// The hidden flag that starts a bench executable as a counting child that reads its counts
/// itself, by an exact measurement of the process (allocations), and prints them.
pub const COUNT_HERE_FLAG: &str = "--duobench-count-here";
/// The word that starts the line a [`COUNT_HERE_FLAG`] child prints its counts on.
const COUNTS_WORD: &str = "duobench-counts";

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
    /// In a counting child that reads its counts itself: read the routine's per-call
    /// counts over this plan's segments and print them ([`counts_line`]).
    ChildHere(CountPlan),
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

    /// The arguments after [`COUNT_HERE_FLAG`]: the measure's name, then [`args`](Self::args).
    #[must_use]
    pub fn args_here(&self, measure: &str, trial: &str) -> Vec<String> {
        let mut args = vec![measure.to_owned()];
        args.extend(self.args(trial));
        args
    }

    /// Reads the arguments after [`COUNT_HERE_FLAG`]: the measure's name, the plan and the
    /// trial's name.
    ///
    /// # Errors
    ///
    /// Arguments that are no plan, in one line.
    pub fn parse_here(args: &[String]) -> Result<(String, CountPlan, String), String> {
        let Some((measure, rest)) = args.split_first() else {
            return Err(format!(
                "{COUNT_HERE_FLAG} takes MEASURE SHORT LONG REPEATS TRIAL"
            ));
        };
        let (plan, trial) = CountPlan::parse(rest)?;
        Ok((measure.clone(), plan, trial))
    }
}

/// The line a [`COUNT_HERE_FLAG`] child prints: each repeat's count per call.
#[must_use]
pub fn counts_line(per_call: &[f64]) -> String {
    let values: Vec<String> = per_call.iter().map(f64::to_string).collect();
    format!("{COUNTS_WORD} {}", values.join(" "))
}

/// The `repeats` counts per call a [`COUNT_HERE_FLAG`] child printed in `stdout` (the last
/// line that starts with its word: a trial's setup may print too).
///
/// # Errors
///
/// One line: no such line, or one that holds other than `repeats` numbers.
pub fn read_counts_line(stdout: &str, repeats: usize) -> Result<Vec<f64>, String> {
    let line = stdout
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(COUNTS_WORD)?.strip_prefix(' '))
        .ok_or("the counting child printed no counts")?;
    let values = line
        .split_whitespace()
        .map(|v| {
            v.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("the counting child printed `{v}` for a count"))
        })
        .collect::<Result<Vec<f64>, String>>()?;
    if values.len() == repeats {
        Ok(values)
    } else {
        Err(format!(
            "the counting child printed {} counts instead of {repeats}",
            values.len()
        ))
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
        let here = plan.args_here("allocations", "mod::grow");
        assert_eq!(
            CountPlan::parse_here(&here),
            Ok(("allocations".to_owned(), plan, "mod::grow".to_owned()))
        );
        assert!(CountPlan::parse_here(&[]).is_err());
    }

    #[test]
    fn a_childs_counts_read_back_exactly_from_its_last_counts_line() {
        let counts = [3.0, 2.5, 1e-7, 123_456_789.125];
        let out = format!(
            "{}\nsetup said duobench-counts-ish things\n{}\n",
            counts_line(&[9.0; 4]),
            counts_line(&counts)
        );
        assert_eq!(read_counts_line(&out, 4), Ok(counts.to_vec()));
        assert!(read_counts_line(&out, 3)
            .unwrap_err()
            .contains("4 counts instead of 3"));
        assert!(read_counts_line("nothing", 2)
            .unwrap_err()
            .contains("printed no counts"));
        let bad = format!("{COUNTS_WORD} 1 NaN");
        assert!(read_counts_line(&bad, 2).unwrap_err().contains("`NaN`"));
    }
}
