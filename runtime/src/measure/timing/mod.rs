//! Timing batches and the trial's budget:
//! - `timer`: the clock, and what reading it costs;
//! - `bracket`: what surrounds a batch's loop, the clock when timing, a measure's reader
//!   when reading another measure, Callgrind's marker when counting, so a reading or a
//!   count is of exactly the loop that is timed;
//! - `batch`: k iterations of a routine between two clock reads;
//! - `with_inputs`: a batch with inputs made before the clock starts and dropped after it stops;
//! - `chunks`: one sample in chunks, so memory stays bounded whatever its size;
//! - `duo_side`: what the duo loop needs of each side (`TimeBatch`), local or remote;
//! - `local_routine`: what a routine run in this process also does (run once, count
//!   allocations);
//! - `empty_loop`: an empty routine's cost in the same loop, the floor of a `#[bench]`;
//! - `profile`: a routine in its loop for a set time, for a profiler;
//! - `budget`: the trial's time budget, and what a trial says when it is too short;
//! - `analysis_budget`: the share of that budget a `#[bench]`'s analysis needs.

mod analysis_budget;
mod batch;
mod bracket;
mod budget;
mod chunks;
mod duo_side;
mod empty_loop;
mod local_routine;
mod profile;
mod timer;
mod with_inputs;

pub(crate) use analysis_budget::AnalysisBudget;
pub(crate) use batch::BatchRunner;
pub(crate) use budget::Deadline;
pub use budget::Shortfall;
pub(crate) use chunks::Chunker;
pub(crate) use duo_side::{TimeBatch, TimeWith};
pub(crate) use empty_loop::empty_iteration_ns;
pub(crate) use local_routine::{ChunkedInputs, CountInChunks, LocalRoutine};
pub(crate) use profile::run_for;
pub(crate) use timer::timer_cost;
pub use timer::TimerCost;
pub(crate) use with_inputs::BatchedRunner;
