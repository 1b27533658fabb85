//! Timing a batch of `iter_batched` iterations: inputs made before the clock starts,
//! outputs dropped after it stops.

use crate::measure::AllocCount;
use std::hint::black_box;
use std::mem::{needs_drop, MaybeUninit};
use std::time::Instant;

/// Runs `routine` on inputs from `setup` in timed batches, reusing its buffers.
pub struct BatchedRunner<I, O, S: FnMut() -> I, R: FnMut(I) -> O> {
    setup: S,
    routine: R,
    inputs: Vec<I>,
    parked: Vec<MaybeUninit<O>>,
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> BatchedRunner<I, O, S, R> {
    /// Wraps `setup` and `routine`; nothing runs yet.
    pub fn new(setup: S, routine: R) -> Self {
        Self {
            setup,
            routine,
            inputs: Vec::new(),
            parked: Vec::new(),
        }
    }

    /// Makes `iters` inputs, then times the routine on each, and returns the elapsed time
    /// in nanoseconds including one clock read. The caller bounds `iters` (see
    /// `chunks.rs`): all inputs exist at once.
    #[inline(never)]
    pub fn time(&mut self, iters: u64) -> f64 {
        let len = usize::try_from(iters).expect("batch size fits in memory");
        self.inputs.clear();
        self.inputs.extend((0..len).map(|_| (self.setup)()));
        if !needs_drop::<O>() {
            let start = Instant::now();
            for input in self.inputs.drain(..) {
                black_box((self.routine)(black_box(input)));
            }
            return start.elapsed().as_nanos() as f64;
        }
        if self.parked.len() < len {
            self.parked.resize_with(len, MaybeUninit::uninit);
        }
        let slots = self.parked.as_mut_ptr();
        let start = Instant::now();
        for (i, input) in self.inputs.drain(..).enumerate() {
            let output = black_box((self.routine)(black_box(input)));
            // SAFETY: `i < len <= self.parked.len()`, so the slot is inside the buffer, and
            // `MaybeUninit` slots may be overwritten without dropping anything.
            unsafe { slots.add(i).write(MaybeUninit::new(output)) };
        }
        let elapsed = start.elapsed().as_nanos() as f64;
        for slot in &mut self.parked[..len] {
            // SAFETY: the timed loop wrote exactly the first `len` slots (one per input),
            // and each is read out once here, so every output is dropped exactly once.
            drop(unsafe { slot.assume_init_read() });
        }
        elapsed
    }

    /// Makes one input, then runs the routine on it and returns what the routine alone
    /// allocated (the setup's allocations are not counted).
    pub fn allocs_once(&mut self) -> AllocCount {
        let input = (self.setup)();
        let before = AllocCount::now();
        let output = black_box((self.routine)(black_box(input)));
        let counted = AllocCount::now().since(before);
        drop(output);
        counted
    }

    /// Makes one input and runs the routine on it, untimed (smoke runs).
    pub fn run_once(&mut self) {
        let input = (self.setup)();
        drop(black_box((self.routine)(black_box(input))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::counts_drops::CountsDrops;
    use std::cell::Cell;
    use std::rc::Rc;

    #[test]
    fn each_input_is_made_used_and_dropped_once() {
        let made = Cell::new(0);
        let drops = Rc::new(Cell::new(0));
        let mut runner = BatchedRunner::new(
            || {
                made.set(made.get() + 1);
                vec![1u8; 16]
            },
            |v: Vec<u8>| {
                assert_eq!(v.len(), 16);
                CountsDrops(Rc::clone(&drops))
            },
        );
        runner.time(10);
        runner.time(3);
        runner.run_once();
        assert_eq!((made.get(), drops.get()), (14, 14));
    }

    #[test]
    fn plain_outputs_consume_every_input() {
        let used = Cell::new(0u64);
        let mut runner = BatchedRunner::new(|| 2u64, |x| used.set(used.get() + x));
        assert!(runner.time(500) >= 0.0);
        assert_eq!(used.get(), 1_000);
    }
}
