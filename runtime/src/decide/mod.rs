//! Decisions: the verdict on a claim, the fence that keeps settling duos out, and the
//! sequential test that says when to stop. Pure functions over numbers; below measurement so
//! the duo loop can ask "stop now?" without importing the analysis of results.

mod counts;
mod duo_times;
mod fence;
mod gate;
mod holm;
mod ownership;
mod p_value;
mod process_pairs;
mod sequential;
#[cfg(test)]
mod simulation;
mod verdict;

pub(crate) use counts::{decide_counts, unmoved, CountsDecision};
pub(crate) use duo_times::DuoTimes;
pub use gate::{DecidedBy, GateDesign, GateOutcome};
pub(crate) use holm::holm;
pub(crate) use ownership::Attribution;
pub use ownership::SpikeSplit;
pub use p_value::AnytimeP;
pub(crate) use process_pairs::{GateSummary, Goal, PairSpread, ProcessPairs, MIN_PAIRS};
pub use sequential::{Basis, Unsettled};
pub(crate) use sequential::{
    BlockSums, Sequential, SequentialSettings, DECISION_PRECISION, DEFAULT_PRECISION,
    MIN_DECISION_DUOS,
};
pub use verdict::Verdict;
pub(crate) use verdict::{log_margin, ClaimText};
