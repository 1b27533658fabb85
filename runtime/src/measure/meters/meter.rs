//! Measures other than wall time: a [`Meter`] reads a measure's counter (thread CPU time,
//! allocations, instructions, a user's measurement) around each timed batch, so the duo loop and linear sampling work on any of
//! them unchanged. Each batch still reads the wall clock inside (`BatchRunner`); a meter's
//! value is corrected for that and for its own read, so the caller's usual subtraction of
//! the wall clock's overhead leaves the routine's share.

use super::alloc::AllocCount;
use crate::measure::LocalRoutine;
use crate::measure::TimeBatch;
use crate::measure::TimerCost;
use crate::model::{Measure, Reader};

/// Reads the selected measure around batches: nothing for wall time, whose values are the
/// batch's own clock reads, else the measure's reader.
pub struct Meter {
    reader: Option<Box<dyn Reader>>,
}

impl std::fmt::Debug for Meter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.reader.is_some() {
            "Meter(reader)"
        } else {
            "Meter(wall)"
        })
    }
}

impl Meter {
    /// The meter for `measure` under this process's `timer`, or one line saying why it
    /// cannot work here.
    pub fn new(measure: Measure, timer: &TimerCost) -> Result<Meter, String> {
        measure
            .def()
            .reader(timer.overhead_ns)
            .map(|reader| Meter { reader })
    }

    /// The wall clock: the batch's own reads, nothing added.
    pub fn wall() -> Meter {
        Meter { reader: None }
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
        let Some(reader) = &mut self.meter.reader else {
            return self.inner.time_batch(iters);
        };
        let counted = self.inner.read_batch(iters, reader.as_mut());
        // The caller subtracts one wall-clock overhead per batch: add it back.
        counted.max(0.0) + self.timer.overhead_ns
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

    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        self.inner.read_batch(iters, reader)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::by_name;
    use crate::measure::BatchRunner;

    const TIMER: TimerCost = TimerCost {
        overhead_ns: 25.0,
        resolution_ns: 10.0,
    };

    #[test]
    fn cpu_time_counts_the_routine_and_not_sleep() {
        let meter = match Meter::new(by_name::cpu_time, &TIMER) {
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
        let e = Meter::new(by_name::allocations, &TIMER).unwrap_err();
        assert!(e.contains("#[global_allocator]"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn instructions_count_or_refuse_in_one_line() {
        match Meter::new(by_name::instructions, &TIMER) {
            Ok(meter) => {
                let mut batch = Metered::new(BatchRunner::new(|| 1 + 1), meter, TIMER);
                assert!(batch.time_batch(1_000) > 0.0);
            }
            Err(e) => assert!(e.starts_with("instructions: not available here: "), "{e}"),
        }
    }
}
