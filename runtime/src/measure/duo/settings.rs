//! Settings of one duo run.

use super::cost::MIN_PILOT_DUOS;
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
    /// A pilot of this much time of duos is enough when that is fewer than 8 duos (at least
    /// [`SHORTEST_PILOT_DUOS`]); `None`: 8 duos always. For one round of a comparison across
    /// processes, whose estimate only has to be made by the same rule as every other
    /// round's: a long routine's round would otherwise spend most of its time on a pilot of
    /// 8 duos, which its estimate does not use.
    pub pilot_time: Option<Duration>,
}

/// The fewest pilot duos of a run with a [`DuoSettings::pilot_time`]: two give the fence a
/// centre and a spread (four log differences) and the clock its per-batch evidence.
pub const SHORTEST_PILOT_DUOS: usize = 2;

impl DuoSettings {
    /// The pilot duos the test waits for before it starts, for duos of `duo_ns`.
    #[must_use]
    pub fn min_pilot_duos(&self, duo_ns: f64) -> usize {
        self.pilot_time.map_or(MIN_PILOT_DUOS, |time| {
            ((time.as_nanos() as f64 / duo_ns.max(1.0)).ceil() as usize)
                .clamp(SHORTEST_PILOT_DUOS, MIN_PILOT_DUOS)
        })
    }
}
