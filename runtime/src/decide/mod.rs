//! Decisions: pure functions over numbers, below measurement so the duo loop can ask "stop
//! now?" without importing the analysis of results.
//! - `verdict`: a claim judged against an interval for the ratio (Pass, Refuted, …);
//! - `boundary`: the interval a look judges with (the t-mixture, and on units Student's t
//!   at scheduled looks);
//! - `path`: the lengths that set a comparison's path (measured dependence or units);
//! - `sequential`: the sequential test, blocks of duos and a stop as soon as a claim is
//!   decided;
//! - `duo_times`: one duo's net batch times, what the sequential test is fed;
//! - `fence`: the band around the recent pairs outside which a pair counts as interrupted;
//! - `ownership`: whether the machine or the routine owns the duos set aside;
//! - `p_value`: an anytime-valid p-value from the confidence sequence, for groups;
//! - `holm`: Holm's step-down, so a group's verdicts share one error rate;
//! - `process_pairs`: the interval of a cross-version comparison over rounds of process pairs;
//! - `two_stage`: Stein's two-stage test, which decides the regression gate over those
//!   rounds with both error rates set in advance;
//! - `count_decision`: the decision on counts under Valgrind, exact unless the counts moved;
//! - `simulation`: the error rates of all of the above under synthetic and replayed noise,
//!   each with its negative control (tests only).

mod boundary;
mod count_decision;
mod duo_times;
mod fence;
mod holm;
mod ownership;
mod p_value;
mod path;
mod process_pairs;
mod sequential;
#[cfg(test)]
mod simulation;
mod two_stage;
mod verdict;

pub(crate) use count_decision::{decide_counts, unmoved, CountsDecision, NoRatio};
pub(crate) use duo_times::DuoTimes;
pub(crate) use holm::holm;
pub(crate) use ownership::Attribution;
pub use ownership::SpikeSplit;
pub use p_value::AnytimeP;
pub use path::PathLengths;
pub(crate) use path::{dependence_in_reach, dependence_pilot_duos};
pub(crate) use process_pairs::{GateSummary, Goal, PairSpread, ProcessPairs, MIN_PAIRS};
#[cfg(test)]
pub(crate) use sequential::Safeguards;
pub(crate) use sequential::{
    min_decision_duos, BlockSums, RareCosts, Sequential, SequentialSettings, DECISION_PRECISION,
    DEFAULT_PRECISION, MIN_DECISION_DUOS,
};
pub use sequential::{Basis, Unsettled};
pub use two_stage::{DecidedBy, GateDesign, GateOutcome};
pub use verdict::Verdict;
pub(crate) use verdict::{judge, log_margin, ClaimText};
