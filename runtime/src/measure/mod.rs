//! Measurement: timed batches and the trial's budget (`timing`), the duo loop of
//! `#[bench_diff]` (`duo`), linear sampling of `#[bench]` (`linear`), evidence of the
//! machine (`machine`), counts under Valgrind (`counts`), meters other than wall time (`meters`) and async executors
//! (`executors`). Only this layer reads the clock. Its files are private: other layers
//! import the names re-exported here.

mod counts;
mod duo;
mod executors;
mod linear;
mod machine;
mod meters;
mod timing;

pub(crate) use counts::{
    callgrind_args, counted, dump_files, find_valgrind, segment_end, Valgrind,
};
pub use counts::{CacheModel, EventCounts, CYCLE_WEIGHTS};
#[cfg(test)]
pub(crate) use duo::Evidence;
pub(crate) use duo::{
    run_duo_batches, run_duos, run_duos_probed, DuoProgress, DuoRun, DuoSettings, ThreadCounters,
    WarmupRule,
};
pub use duo::{Clock, ClockReason};
#[cfg(feature = "tokio")]
pub(crate) use executors::TokioExecutor;
pub(crate) use executors::{BlockOn, Executor};
pub(crate) use linear::{run_linear, LinearSettings, DEFAULT_SAMPLES, MAX_SAMPLES, MIN_SAMPLES};
pub use linear::{LinearRun, Sampling};
pub(crate) use machine::{
    context_switches, measure_stalls, resident_kib, thread_cpu_time_ns, ContextSwitches,
    MachineFacts, PaceProbe, UsageReading,
};
pub use machine::{machine_stalls, MachineStalls, OsUsage};
pub(crate) use meters::{
    alloc_bytes_per_iteration, check_alloc_limit, counted_under_valgrind, Meter, Metered,
};
pub use meters::{AllocCount, CountingAllocator};
pub(crate) use timing::{
    empty_iteration_ns, run_for, timer_cost, AnalysisBudget, BatchRunner, BatchedRefRunner,
    BatchedRunner, ChunkedInputs, Chunker, CountInChunks, Deadline, LocalRoutine, TimeBatch,
    TimeWith,
};
pub use timing::{Shortfall, TimerCost};
