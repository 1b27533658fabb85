//! Measurement: the only layer that reads the clock. Its files are private: other layers
//! import the names re-exported here.
//!
//! - `timing`: timed batches of a routine, the clock's cost and the trial's time budget;
//! - `duo`: the duo loop of `#[bench_diff]`, from warmup to the sequential test's decision;
//! - `sampling`: the linear sampling of `#[bench]`, its plan of sample sizes and its loop;
//! - `slowed_run`: a `#[bench]` run taken again when the machine ran slower through most of
//!   it than in the trial's previous run;
//! - `machine`: evidence of the machine (what the OS counted, its pace, its stalls), read
//!   around the measurements so the analysis can tell the routine's noise from the machine's;
//! - `measures`: the measures a trial can take, one file each, a user's measurement
//!   adapted, and their registry;
//! - `meters`: reading a measure other than wall time around each batch (CPU time,
//!   allocations, instructions, a user's measurement; counts under Valgrind), so both loops
//!   work on any of them unchanged;
//! - `block_on`: the built-in executor that runs an async routine's futures;
//! - `on_tokio`: the tokio runtime an async routine runs on instead (feature `tokio`).

mod block_on;
mod duo;
mod machine;
mod measures;
mod meters;
#[cfg(feature = "tokio")]
mod on_tokio;
mod sampling;
mod slowed_run;
mod timing;

pub(crate) use block_on::{BlockOn, Executor};
#[cfg(test)]
pub(crate) use duo::Evidence;
pub(crate) use duo::{
    run_duo_batches, run_duos, run_duos_probed, DuoProgress, DuoRun, DuoSettings, ThreadCounters,
    WarmupRule, MATERIAL_PREEMPTION,
};
pub use duo::{Clock, ClockReason};
pub(crate) use machine::{
    context_switches, measure_stalls, resident_kib, slower_than, thread_cpu_time_ns, wait_for_pace,
    ContextSwitches, MachineFacts, PaceProbe, PaceWait, UsageReading, WaitMeter,
};
pub use machine::{machine_stalls, MachineStalls, OsUsage, SampleWait, WaitEvidence, Waiting};
pub(crate) use measures::{built_in, built_in_names, by_name, DEFAULT_MEASURE};
pub(crate) use meters::{
    alloc_bytes_per_iteration, callgrind_args, check_alloc_limit, counted, dump_files,
    find_valgrind, segment_end, Meter, Metered, Valgrind,
};
pub use meters::{AllocCount, CacheModel, CountingAllocator, EventCounts, CYCLE_WEIGHTS};
#[cfg(feature = "tokio")]
pub(crate) use on_tokio::TokioExecutor;
pub(crate) use sampling::{run_linear, LinearSettings, DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES};
pub use sampling::{LinearRun, MeasuredAgain, Sampling};
pub(crate) use slowed_run::run_at_pace;
pub(crate) use timing::{
    empty_iteration_ns, run_for, timer_cost, AnalysisBudget, BatchRunner, BatchedRunner,
    ChunkedInputs, Chunker, CountInChunks, Deadline, LocalRoutine, TimeBatch, TimeWith,
};
pub use timing::{Shortfall, TimerCost};
