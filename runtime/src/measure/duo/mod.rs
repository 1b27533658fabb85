//! The duo loop of `#[bench_diff]`: one duo's four batches (`batches`), each routine's
//! batch size (`sizes`), the pace of a duo for the budget (`pace`), the clock that judges
//! (`clock`) and the screen between the loop and the sequential test (`screen`); the loop
//! itself (`run`) in its phases: `warmup`, `blocks`, `measuring`, with `progress` reports.

mod batches;
mod blocks;
mod clock;
mod measuring;
mod pace;
mod progress;
mod run;
mod screen;
mod sizes;
mod warmup;

pub(crate) use batches::Probe;
pub use clock::{Clock, ClockReason};
pub(crate) use run::{
    run_duo_batches, run_duos, run_duos_probed, DuoProgress, DuoRun, DuoSettings,
};

#[cfg(test)]
pub(crate) use screen::Evidence;
