//! Measures other than wall time: a [`Meter`] reads a counter (thread CPU time, allocations,
//! instructions) around each timed batch, so the duo loop and linear sampling work on any of
//! them unchanged. Each batch still reads the wall clock inside (`BatchRunner`); a meter's
//! value is corrected for that and for its own read, so the caller's usual subtraction of
//! the wall clock's overhead leaves the routine's share.

use super::alloc::{counting_allocator_installed, AllocCount, INSTALL_LINE};
use super::instructions::InstructionCounter;
use crate::measure::thread_cpu_time_ns;
use crate::measure::LocalRoutine;
use crate::measure::TimeBatch;
use crate::measure::TimerCost;
use crate::model::Measure;

/// Reads the selected measure around batches.
#[derive(Debug)]
pub enum Meter {
    /// Wall time: the batch's own clock reads, nothing added.
    Wall,
    /// Thread CPU time; `read_ns` is what one read of that clock costs.
    CpuTime {
        /// Median cost of one read, subtracted per batch.
        read_ns: f64,
    },
    /// Allocations made by the measuring thread.
    Allocations,
    /// Instructions retired in user space.
    Instructions(InstructionCounter),
}

impl Meter {
    /// The meter for `measure`, or one line saying why it cannot work here.
    pub fn new(measure: Measure) -> Result<Meter, String> {
        match measure {
            Measure::Wall => Ok(Meter::Wall),
            Measure::CpuTime => match cpu_read_cost_ns() {
                Some(read_ns) => Ok(Meter::CpuTime { read_ns }),
                None if cfg!(any(target_os = "linux", target_os = "android")) => {
                    Err("cpu_time: not available here: no per-thread CPU clock".into())
                }
                None => Err(
                    "cpu_time: not available here: a thread's CPU time is read on Linux only"
                        .into(),
                ),
            },
            Measure::Allocations if counting_allocator_installed() => Ok(Meter::Allocations),
            Measure::Allocations => Err(format!(
                "allocations: duobench's counting allocator is not installed; add to the bench \
                 file: {INSTALL_LINE}"
            )),
            Measure::Instructions => InstructionCounter::open()
                .map(Meter::Instructions)
                .map_err(|why| why.to_string()),
            // Counted in a child under Valgrind (`counted_under_valgrind`), never here.
            Measure::Cachegrind => {
                Err("cachegrind: counted under Valgrind, not by a meter".to_owned())
            }
        }
    }

    fn read(&self) -> f64 {
        match self {
            Meter::Wall => 0.0,
            Meter::CpuTime { .. } => thread_cpu_time_ns().unwrap_or(0) as f64,
            Meter::Allocations => AllocCount::now().allocations as f64,
            Meter::Instructions(counter) => counter.read() as f64,
        }
    }
}

/// Whether `measure` is counted in a child under Valgrind rather than metered here:
/// `cachegrind` always, `instructions` where this machine has no hardware counter.
#[must_use]
pub fn counted_under_valgrind(measure: Measure) -> bool {
    match measure {
        Measure::Cachegrind => true,
        Measure::Instructions => InstructionCounter::open().is_err(),
        Measure::Wall | Measure::CpuTime | Measure::Allocations => false,
    }
}

/// A batch measured by a [`Meter`] instead of (for [`Meter::Wall`], as well as) the clock.
pub struct Metered<T: LocalRoutine> {
    inner: T,
    meter: Meter,
    timer: TimerCost,
}

impl<T: LocalRoutine> Metered<T> {
    /// Wraps `inner`; nothing runs yet.
    pub fn new(inner: T, meter: Meter, timer: TimerCost) -> Self {
        Self {
            inner,
            meter,
            timer,
        }
    }
}

impl<T: LocalRoutine> TimeBatch for Metered<T> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        if matches!(self.meter, Meter::Wall) {
            return self.inner.time_batch(iters);
        }
        let before = self.meter.read();
        self.inner.time_batch(iters);
        let counted = self.meter.read() - before;
        let own_cost = match self.meter {
            // The batch's two wall-clock reads ran on this thread's CPU time too.
            Meter::CpuTime { read_ns } => read_ns + self.timer.overhead_ns,
            _ => 0.0,
        };
        // The caller subtracts one wall-clock overhead per batch: add it back.
        (counted - own_cost).max(0.0) + self.timer.overhead_ns
    }
}

impl<T: LocalRoutine> LocalRoutine for Metered<T> {
    fn run_once(&mut self) {
        self.inner.run_once();
    }

    fn allocs_once(&mut self) -> AllocCount {
        self.inner.allocs_once()
    }

    fn count_batch(&mut self, iters: u64) {
        self.inner.count_batch(iters);
    }
}

/// Median cost of reading the thread CPU clock, in nanoseconds of CPU time.
fn cpu_read_cost_ns() -> Option<f64> {
    let mut costs: Vec<u64> = (0..201)
        .map(|_| {
            let a = thread_cpu_time_ns()?;
            let b = thread_cpu_time_ns()?;
            Some(b.saturating_sub(a))
        })
        .collect::<Option<_>>()?;
    costs.sort_unstable();
    Some(costs[costs.len() / 2] as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::BatchRunner;

    const TIMER: TimerCost = TimerCost {
        overhead_ns: 25.0,
        resolution_ns: 10.0,
    };

    #[test]
    fn cpu_time_counts_the_routine_and_not_sleep() {
        let meter = match Meter::new(Measure::CpuTime) {
            Ok(meter) => meter,
            Err(e) => {
                // Only off Linux, where the trial is ignored with a line that says why.
                assert!(e.ends_with("is read on Linux only"), "{e}");
                return;
            }
        };
        let mut sleeper = Metered::new(
            BatchRunner::new(|| std::thread::sleep(std::time::Duration::from_millis(2))),
            meter,
            TIMER,
        );
        // Ten sleeps of 2 ms are 20 ms of wall time and almost no CPU time.
        let cpu_ns = sleeper.time_batch(10) - TIMER.overhead_ns;
        assert!(cpu_ns < 5_000_000.0, "{cpu_ns}");
    }

    #[test]
    fn allocations_need_the_counting_allocator_and_say_how_to_install_it() {
        // The unit tests run on the system allocator.
        let e = Meter::new(Measure::Allocations).unwrap_err();
        assert!(e.contains("#[global_allocator]"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn instructions_count_or_refuse_in_one_line() {
        match Meter::new(Measure::Instructions) {
            Ok(meter) => {
                let mut batch = Metered::new(BatchRunner::new(|| 1 + 1), meter, TIMER);
                assert!(batch.time_batch(1_000) > 0.0);
            }
            Err(e) => assert!(e.starts_with("instructions: not available here: "), "{e}"),
        }
    }
}
