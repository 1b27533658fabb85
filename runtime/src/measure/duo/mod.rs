//! The duo loop of `#[bench_diff]`: one duo's four batches, batch sizes, the clock that judges, the screen between the loop and the sequential test, and the loop's phases.

mod batches;
mod clock;
mod pace;
mod run;
mod screen;
mod sizes;

pub(crate) use batches::Probe;

pub use clock::{Clock, ClockReason};

pub(crate) use run::{
    run_duo_batches, run_duos, run_duos_probed, DuoProgress, DuoRun, DuoSettings,
};

#[cfg(test)]
pub(crate) use screen::Evidence;
