//! Timing batches and the trial's budget:
//! - `timer`: the clock, and what reading it costs;
//! - `bracket`: what surrounds a batch's loop, the clock when timing, a measure's reader
//!   when reading another measure, Callgrind's marker when counting, so a reading or a
//!   count is of exactly the loop that is timed;
//! - `batch`: k iterations of a routine between two clock reads;
//! - `batched`: a batch with inputs made before the clock starts and dropped after it stops;
//! - `chunks`: one sample in chunks, so memory stays bounded whatever its size;
//! - `time_batch`: what the duo loop needs of each side, local or remote;
//! - `local_routine`: what a routine run in this process also does (run once, count
//!   allocations);
//! - `empty_loop`: an empty routine's cost in the same loop, the floor of a `#[bench]`;
//! - `profile`: a routine in its loop for a set time, for a profiler;
//! - `budget`: the trial's time budget, and what a trial says when it is too short;
//! - `analysis_budget`: the share of that budget a `#[bench]`'s analysis needs.

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
