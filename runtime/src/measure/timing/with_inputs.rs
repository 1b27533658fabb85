//! Timing a batch of `iter_batched` or `iter_batched_ref` iterations: inputs made before the
//! clock starts, outputs (and, by reference, the inputs) dropped after it stops.

use super::batch::park;
use super::bracket::{Bracket, CountedRegion, Read, Reading, WallClock};
use crate::measure::AllocCount;
use crate::model::Reader;
use std::hint::black_box;
use std::mem::{needs_drop, MaybeUninit};

/// Runs `routine` on inputs from `setup` in timed batches, reusing its buffers.
pub struct BatchedRunner<I, O, S: FnMut() -> I, R: FnMut(I) -> O> {
    batch: Inputs<I, O, S>,
    routine: R,
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> BatchedRunner<I, O, S, R> {
    /// Wraps `setup` and `routine`; nothing runs yet.
    pub fn new(setup: S, routine: R) -> Self {
        Self {
            batch: Inputs::new(setup),
            routine,
        }
    }

    /// Makes `iters` inputs, then times the routine on each, and returns the elapsed time
    /// in nanoseconds including one clock read. The caller bounds `iters` (see
    /// `chunks.rs`): all inputs exist at once.
    pub fn time(&mut self, iters: u64) -> f64 {
        self.run(iters, WallClock)
    }

    /// Makes `iters` inputs, then runs the routine on each inside Callgrind's counted
    /// marker.
    pub fn count(&mut self, iters: u64) {
        self.run(iters, CountedRegion);
    }

    /// Makes `iters` inputs, then runs the routine on each inside `reader`'s reading and
    /// returns it with the loop's wall time (the setup and the drops outside).
    pub fn read(&mut self, iters: u64, reader: &mut dyn Reader) -> Reading {
        self.run(iters, Read { reader, iters })
    }

    #[inline(never)]
    fn run<B: Bracket>(&mut self, iters: u64, bracket: B) -> B::Out {
        self.batch.make(iters);
        let Inputs { inputs, parked, .. } = &mut self.batch;
        let routine = &mut self.routine;
        each(
            parked,
            inputs.drain(..),
            |input| routine(black_box(input)),
            bracket,
        )
    }

    /// Makes one input, then runs the routine on it and returns what the routine alone
    /// allocated (the setup's allocations are not counted).
    pub fn allocs_once(&mut self) -> AllocCount {
        let input = (self.batch.setup)();
        let before = AllocCount::now();
        let output = black_box((self.routine)(black_box(input)));
        let counted = AllocCount::now().since(before);
        drop(output);
        counted
    }

    /// Makes one input and runs the routine on it, untimed (smoke runs).
    pub fn run_once(&mut self) {
        let input = (self.batch.setup)();
        drop(black_box((self.routine)(black_box(input))));
    }
}

/// A routine on a mutable reference to each input from `setup`, timed in batches; inputs
/// and outputs are dropped after the clock stops (`iter_batched_ref`).
pub struct BatchedRefRunner<I, O, S: FnMut() -> I, R: FnMut(&mut I) -> O> {
    batch: Inputs<I, O, S>,
    routine: R,
}

impl<I, O, S: FnMut() -> I, R: FnMut(&mut I) -> O> BatchedRefRunner<I, O, S, R> {
    /// Wraps `setup` and `routine`; nothing runs yet.
    pub fn new(setup: S, routine: R) -> Self {
        Self {
            batch: Inputs::new(setup),
            routine,
        }
    }

    /// Makes `iters` inputs, then times the routine on a reference to each in place, and
    /// returns the elapsed time in nanoseconds including one clock read; the inputs are
    /// dropped after the clock stops. The caller bounds `iters` as for [`BatchedRunner`].
    pub fn time(&mut self, iters: u64) -> f64 {
        self.run(iters, WallClock)
    }

    /// Makes `iters` inputs, then runs the routine on a reference to each inside
    /// Callgrind's counted marker.
    pub fn count(&mut self, iters: u64) {
        self.run(iters, CountedRegion);
    }

    /// Makes `iters` inputs, then runs the routine on a reference to each inside
    /// `reader`'s reading and returns it with the loop's wall time (the setup and the drops outside).
    pub fn read(&mut self, iters: u64, reader: &mut dyn Reader) -> Reading {
        self.run(iters, Read { reader, iters })
    }

    #[inline(never)]
    fn run<B: Bracket>(&mut self, iters: u64, bracket: B) -> B::Out {
        self.batch.make(iters);
        let Inputs { inputs, parked, .. } = &mut self.batch;
        let routine = &mut self.routine;
        let out = each(
            parked,
            inputs.iter_mut(),
            |input| routine(black_box(input)),
            bracket,
        );
        inputs.clear();
        out
    }

    /// Makes one input, then runs the routine on it and returns what the routine alone
    /// allocated (the setup's allocations are not counted).
    pub fn allocs_once(&mut self) -> AllocCount {
        let mut input = (self.batch.setup)();
        let before = AllocCount::now();
        let output = black_box((self.routine)(black_box(&mut input)));
        let counted = AllocCount::now().since(before);
        drop(output);
        counted
    }

    /// Makes one input and runs the routine on it, untimed (smoke runs).
    pub fn run_once(&mut self) {
        let mut input = (self.batch.setup)();
        drop(black_box((self.routine)(black_box(&mut input))));
    }
}

/// A batch's inputs and the buffer its outputs wait in until the clock stops, reused from
/// batch to batch.
struct Inputs<I, O, S: FnMut() -> I> {
    setup: S,
    inputs: Vec<I>,
    parked: Vec<MaybeUninit<O>>,
}

impl<I, O, S: FnMut() -> I> Inputs<I, O, S> {
    fn new(setup: S) -> Self {
        Self {
            setup,
            inputs: Vec::new(),
            parked: Vec::new(),
        }
    }

    /// Replaces the inputs with `iters` fresh ones from the setup.
    fn make(&mut self, iters: u64) {
        let len = usize::try_from(iters).expect("batch size fits in memory");
        self.inputs.clear();
        self.inputs.extend((0..len).map(|_| (self.setup)()));
    }
}

/// Runs `call` on each of `items` inside `bracket` (the clock, or the counted marker).
/// Outputs that need dropping are parked in `parked` and dropped after the bracket closes.
#[inline(always)]
fn each<T, O, B: Bracket>(
    parked: &mut Vec<MaybeUninit<O>>,
    items: impl ExactSizeIterator<Item = T>,
    mut call: impl FnMut(T) -> O,
    bracket: B,
) -> B::Out {
    if !needs_drop::<O>() {
        return bracket.around(|| {
            for item in items {
                black_box(call(item));
            }
        });
    }
    let len = items.len();
    if parked.len() < len {
        parked.resize_with(len, MaybeUninit::uninit);
    }
    let slots = parked.as_mut_ptr();
    let out = bracket.around(|| {
        for (i, item) in items.enumerate() {
            // SAFETY: `i < len <= parked.len()`, so the slot is inside the buffer, and
            // `MaybeUninit` slots may be overwritten without dropping anything.
            unsafe { park(slots.add(i), || call(item)) };
        }
    });
    for slot in &mut parked[..len] {
        // SAFETY: the loop wrote the first `len` slots, one per item: the callers' items
        // are a vector's drain or its `iter_mut`, whose length is exact. Each is read out
        // once here, so every output is dropped exactly once.
        drop(unsafe { slot.assume_init_read() });
    }
    out
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
    fn by_reference_each_input_is_made_changed_in_place_and_dropped_once() {
        let made = Cell::new(0);
        let input_drops = Rc::new(Cell::new(0));
        let output_drops = Rc::new(Cell::new(0));
        let changed = Rc::new(Cell::new(0));
        let mut runner = BatchedRefRunner::new(
            || {
                made.set(made.get() + 1);
                (CountsDrops(Rc::clone(&input_drops)), 0u32)
            },
            |input: &mut (CountsDrops, u32)| {
                input.1 += 1;
                changed.set(changed.get() + input.1);
                CountsDrops(Rc::clone(&output_drops))
            },
        );
        runner.time(10);
        runner.time(3);
        runner.run_once();
        // Every input reached the routine once, fresh: each saw its own count go to 1.
        assert_eq!(changed.get(), 14);
        assert_eq!(made.get(), 14);
        assert_eq!((input_drops.get(), output_drops.get()), (14, 14));
    }

    #[test]
    fn plain_outputs_consume_every_input() {
        let used = Cell::new(0u64);
        let mut runner = BatchedRunner::new(|| 2u64, |x| used.set(used.get() + x));
        assert!(runner.time(500) >= 0.0);
        assert_eq!(used.get(), 1_000);
    }
}
