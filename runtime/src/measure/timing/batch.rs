//! Timing one batch: k iterations of a routine between two clock reads.
//!
//! Outputs are black-boxed so the optimizer cannot drop the work, and outputs that need
//! dropping are parked in a buffer and dropped after the clock stops, so that freeing
//! memory is never timed (as in Divan).
//!
//! A parked output is written from the call into its slot, and the slot's address is what
//! is black-boxed ([`park`]): black-boxing the value itself made the timed loop copy every
//! output once more through the stack before parking it, a cost that is the harness's, not
//! the routine's (docs/DESIGN-MEASUREMENTS.md).

use super::bracket::{Bracket, CountedRegion, Read, Reading, WallClock};
use crate::model::Reader;
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

    /// Runs `iters` iterations inside `reader`'s reading and returns it with the
    /// loop's wall time; outputs that need
    /// dropping are dropped after it.
    pub fn read(&mut self, iters: u64, reader: &mut dyn Reader) -> Reading {
        self.run(iters, Read { reader, iters })
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
                // SAFETY: `i < len <= self.parked.len()`, so the slot is inside the buffer,
                // and `MaybeUninit` slots may be overwritten without dropping anything.
                unsafe { park(slots.add(i), &mut *routine) };
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

/// Writes `make()`'s output into `slot` and black-boxes the slot, so the output is
/// observed where it lies, without a copy through the stack.
///
/// # Safety
///
/// `slot` must be valid for writes; whatever it held is overwritten without a drop.
#[inline(always)]
pub(super) unsafe fn park<O>(slot: *mut MaybeUninit<O>, make: impl FnOnce() -> O) {
    // SAFETY: the caller guarantees `slot` is valid for writes.
    unsafe { slot.write(MaybeUninit::new(make())) };
    black_box(slot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::counts_drops::CountsDrops;
    use std::cell::{Cell, RefCell};
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

    /// Records its value in the shared list when dropped.
    struct Records<'a>(u64, &'a RefCell<Vec<u64>>);

    impl Drop for Records<'_> {
        fn drop(&mut self) {
            self.1.borrow_mut().push(self.0);
        }
    }

    #[test]
    fn parked_outputs_keep_their_values_until_dropped_in_order() {
        let dropped = RefCell::new(Vec::new());
        let next = Cell::new(0);
        let mut runner = BatchRunner::new(|| {
            next.set(next.get() + 1);
            Records(next.get(), &dropped)
        });
        runner.time(3);
        assert_eq!(*dropped.borrow(), [1, 2, 3]);
        runner.time(2);
        assert_eq!(*dropped.borrow(), [1, 2, 3, 4, 5]);
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
