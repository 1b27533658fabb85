//! The warning about a claim decided, within one process, closer to its bound than where a
//! process places the two routines can move their ratio.

use super::{Check, Warning};
use crate::analysis::DiffResult;
use crate::decide::{log_margin, ClaimText, Verdict};
use crate::model::Claim;
use crate::util::three_significant;

/// How near, in log ratio, a claim decided within one process may come to its bound before
/// the warning: a process's placement of two different functions (where their code and data
/// sit for its life) moves their ratio "a percent or two" from one process to the next
/// (docs/STATISTICS.md, "Placement within one process"), so such a claim may come out the
/// other way in the next process. Below 2% so that a ±2% band on code that is the same on
/// both sides, where placement is not the question, is not warned when its ratio sits at 1.
const PLACEMENT_LOG_OFFSET: f64 = 0.015;

/// A timed claim decided within one process with its ratio less than
/// [`PLACEMENT_LOG_OFFSET`] from the claim's nearest bound: its verdict holds for this
/// process's placement of the routines, which its interval does not cover.
#[must_use]
pub fn near_bound_in_one_process(claim: Option<&Claim>, r: &DiffResult) -> Option<Warning> {
    let claim = claim?;
    let decided = matches!(r.verdict, Verdict::Pass | Verdict::Refuted);
    let in_one_process = r.process_pairs.is_none() && r.over_rounds.is_none();
    if !decided || !in_one_process || r.counted.is_some() || !r.ratio.is_finite() {
        return None;
    }
    let margin = log_margin(claim, r.ratio.ln());
    (margin < PLACEMENT_LOG_OFFSET).then(|| Warning {
        check: Check::NearBoundInOneProcess,
        finding: format!(
            "claim `{}` was decided within one process with the ratio at {}, {}% from its bound; \
             where a process places two different functions can move their ratio a percent or \
             two from one process to the next, which this interval does not cover",
            ClaimText(claim),
            three_significant(r.ratio),
            three_significant(100.0 * margin.exp_m1()),
        ),
        advice: "add `across_processes` to the attribute (or run with --across-processes) to \
                 decide the claim over fresh processes, or give the claim more margin",
    })
}
