//! The duo loop of `#[bench_diff]`: one duo's four batches (`batches`), each routine's
//! batch size (`sizes`), what a duo costs, for the budget (`cost`), the clock that judges
//! and the screen between the loop and the sequential test (`screening/`); the loop itself
//! (`run`, with its `settings`) in its phases: `warmup`, `blocks`, `measuring`, with
//! `progress` reports.

mod batches;
mod blocks;
mod cost;
mod measuring;
mod progress;
mod run;
mod screening;
mod settings;
mod sizes;
mod steadiness;
mod warmup;

pub(crate) use batches::ThreadCounters;
pub(crate) use progress::DuoProgress;
pub(crate) use run::{run_duo_batches, run_duos, run_duos_probed, DuoRun};
pub use screening::{Clock, ClockReason};
pub(crate) use settings::DuoSettings;
pub(crate) use steadiness::WarmupRule;

#[cfg(test)]
pub(crate) use screening::Evidence;
