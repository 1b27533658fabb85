//! Timing one batch: k iterations of a routine between two clock reads.
//!
//! Outputs are black-boxed so the optimizer cannot drop the work, and outputs that need
//! dropping are parked in a buffer and dropped after the clock stops, so that freeing
//! memory is never timed (as in Divan).

use super::bracket::{Bracket, CountedRegion, WallClock};
use std::hint::black_box;
use std::mem::{needs_drop, MaybeUninit};

/// Runs a routine in timed batches, reusing one output buffer across batches.
pub struct BatchRunner<O, F: FnMut() -> O> {
    routine: F,
    parked: Vec<MaybeUninit<O>>,
}

impl<O, F: FnMut() -> O> BatchRunner<O, F> {
    /// Wraps `routine`; nothing runs yet.
    pub fn new(routine: F) -> Self {
        Self {
            routine,
            parked: Vec::new(),
        }
    }

    /// Runs `iters` iterations and returns the elapsed wall time in nanoseconds, including
    /// one clock read (the caller subtracts the timer's overhead).
    pub fn time(&mut self, iters: u64) -> f64 {
        self.run(iters, WallClock)
    }

    /// Runs `iters` iterations inside Callgrind's counted marker; outputs that need
    /// dropping are dropped after it.
    pub fn count(&mut self, iters: u64) {
        self.run(iters, CountedRegion);
    }

    #[inline(never)]
    fn run<B: Bracket>(&mut self, iters: u64, bracket: B) -> B::Out {
        if needs_drop::<O>() {
            self.run_parked(iters, bracket)
        } else {
            let routine = &mut self.routine;
            bracket.around(|| {
                for _ in 0..iters {
                    black_box(routine());
                }
            })
        }
    }

    /// Runs the routine once, untimed (smoke runs).
    pub fn run_once(&mut self) {
        drop(black_box((self.routine)()));
    }

    fn run_parked<B: Bracket>(&mut self, iters: u64, bracket: B) -> B::Out {
        let len = usize::try_from(iters).expect("batch size fits in memory");
        if self.parked.len() < len {
            self.parked.resize_with(len, MaybeUninit::uninit);
        }
        let slots = self.parked.as_mut_ptr();
        let routine = &mut self.routine;
        let elapsed = bracket.around(|| {
            for i in 0..len {
                let output = black_box(routine());
                // SAFETY: `i < len <= self.parked.len()`, so the slot is inside the buffer,
                // and `MaybeUninit` slots may be overwritten without dropping anything.
                unsafe { slots.add(i).write(MaybeUninit::new(output)) };
            }
        });
        for slot in &mut self.parked[..len] {
            // SAFETY: the timed loop above initialized exactly the first `len` slots, and each
            // is read out once here, so every output is dropped exactly once.
            drop(unsafe { slot.assume_init_read() });
        }
        elapsed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::counts_drops::CountsDrops;
    use std::cell::Cell;
    use std::rc::Rc;

    #[test]
    fn every_output_is_dropped_exactly_once() {
        let drops = Rc::new(Cell::new(0));
        let calls = Cell::new(0);
        let mut runner = BatchRunner::new(|| {
            calls.set(calls.get() + 1);
            CountsDrops(Rc::clone(&drops))
        });
        runner.time(10);
        runner.time(3);
        runner.run_once();
        assert_eq!(calls.get(), 14);
        assert_eq!(drops.get(), 14);
    }

    #[test]
    fn plain_outputs_run_the_requested_iterations() {
        let calls = Cell::new(0u64);
        let mut runner = BatchRunner::new(|| calls.set(calls.get() + 1));
        let ns = runner.time(1_000);
        assert_eq!(calls.get(), 1_000);
        assert!(ns >= 0.0);
    }
}
