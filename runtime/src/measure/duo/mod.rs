//! The duo loop of `#[bench_diff]`: one duo's four batches (`batches`), each routine's
//! batch size (`sizes`), what a duo costs, for the budget (`cost`), the clock that judges
//! (`clock`) and the screen between the loop and the sequential test (`screen`); the loop
//! itself (`run`, with its `settings`) in its phases: `warmup`, `blocks`, `measuring`, with
//! `progress` reports.

mod batches;
mod blocks;
mod clock;
mod cost;
mod measuring;
mod progress;
mod run;
mod screen;
#[cfg(test)]
mod screen_simulation;
mod settings;
mod sizes;
mod warmup;

pub(crate) use batches::ThreadCounters;
pub use clock::{Clock, ClockReason};
pub(crate) use progress::DuoProgress;
pub(crate) use run::{run_duo_batches, run_duos, run_duos_probed, DuoRun};
pub(crate) use settings::DuoSettings;

#[cfg(test)]
pub(crate) use screen::Evidence;
