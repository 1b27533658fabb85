//! Settings of one duo run.

use super::steadiness::WarmupRule;
use crate::decide::SequentialSettings;
use crate::measure::TimerCost;
use std::time::Duration;

/// Settings of one duo run.
#[derive(Clone, Copy, Debug)]
pub struct DuoSettings {
    /// Warmup by whole duos: until the routines are steady, or as long as asked for.
    pub warmup: WarmupRule,
    /// Total time budget, warmup included.
    pub max_time: Duration,
    /// Clock cost, subtracted from every batch.
    pub timer: TimerCost,
    /// Alpha and claim for the sequential test (block size is chosen here).
    pub sequential: SequentialSettings,
    /// With a claim: after its verdict, go on measuring until the interval's half-width
    /// (log units) is at most this, as a comparison without a claim does (`cargo bench`).
    pub measure_on_to: Option<f64>,
    /// The batches' values are a meter's (CPU time, allocations, instructions, a user's
    /// measurement), not wall time: they are judged as measured, never on another clock.
    pub metered: bool,
    /// Preemption does not move the values (CPU time, counts): no preempted duo is set
    /// aside for it.
    pub keep_preempted: bool,
}
