//! Timing batches: the clock and its cost, a batch of k iterations (plain, with inputs, in
//! chunks), a routine run here, the empty loop's floor, and the trial's time budget (with
//! the share the analysis needs).

mod analysis_budget;
mod batch;
mod batched;
mod bracket;
mod budget;
mod chunks;
mod empty_loop;
mod local_routine;
mod profile;
mod time_batch;
mod timer;

pub(crate) use analysis_budget::AnalysisBudget;
pub(crate) use batch::BatchRunner;
pub(crate) use batched::{BatchedRefRunner, BatchedRunner};
pub(crate) use budget::Deadline;
pub use budget::Shortfall;
pub(crate) use chunks::Chunker;
pub(crate) use empty_loop::empty_iteration_ns;
pub(crate) use local_routine::{ChunkedInputs, CountInChunks, LocalRoutine};
pub(crate) use profile::run_for;
pub(crate) use time_batch::{TimeBatch, TimeWith};
pub(crate) use timer::timer_cost;
pub use timer::TimerCost;
