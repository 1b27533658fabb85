//! Decisions: the verdict on a claim, the fence that keeps settling duos out, and the
//! sequential test that says when to stop. Pure functions over numbers; below measurement so
//! the duo loop can ask "stop now?" without importing the analysis of results.

pub mod duo_times;
pub mod fence;
pub mod holm;
pub mod ownership;
pub mod p_value;
pub mod process_pairs;
pub mod sequential;
#[cfg(test)]
mod simulation;
pub mod verdict;
