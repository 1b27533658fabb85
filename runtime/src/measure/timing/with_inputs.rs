//! Timing a batch of `iter_batched` or `iter_batched_ref` iterations: inputs made before the
//! clock starts, outputs (and, by reference, the inputs) dropped after it stops. One runner
//! serves both; [`Apply`] is the one thing they differ in, how the routine takes its input.

use super::batch::park;
use super::bracket::{Bracket, CountedRegion, Read, Reading, WallClock};
use crate::measure::AllocCount;
use crate::model::Reader;
use std::hint::black_box;
use std::mem::{needs_drop, MaybeUninit};

/// Runs a routine on inputs from `setup` in timed batches, reusing its buffers; `A` says
/// whether the routine takes each input by value ([`ByValue`], `iter_batched`) or by
/// mutable reference ([`ByRef`], `iter_batched_ref`).
pub struct BatchedRunner<I, O, S: FnMut() -> I, A: Apply<I, O>> {
    batch: Inputs<I, O, S>,
    apply: A,
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> BatchedRunner<I, O, S, ByValue<R>> {
    /// Wraps `setup` and `routine`, which takes each input by value; nothing runs yet.
    pub fn by_value(setup: S, routine: R) -> Self {
        Self::new(setup, ByValue(routine))
    }
}

impl<I, O, S: FnMut() -> I, R: FnMut(&mut I) -> O> BatchedRunner<I, O, S, ByRef<R>> {
    /// Wraps `setup` and `routine`, which takes a mutable reference to each input, in
    /// place; nothing runs yet.
    pub fn by_ref(setup: S, routine: R) -> Self {
        Self::new(setup, ByRef(routine))
    }
}

impl<I, O, S: FnMut() -> I, A: Apply<I, O>> BatchedRunner<I, O, S, A> {
    fn new(setup: S, apply: A) -> Self {
        Self {
            batch: Inputs::new(setup),
            apply,
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
        let apply = &mut self.apply;
        let out = each(
            parked,
            A::args(inputs),
            |arg| apply.call(black_box(arg)),
            bracket,
        );
        // Inputs the routine took by reference are left; they are dropped here, after
        // the bracket closed.
        inputs.clear();
        out
    }

    /// Makes one input, then runs the routine on it and returns what the routine alone
    /// allocated (the setup's allocations, and an input left to drop, are not counted).
    pub fn allocs_once(&mut self) -> AllocCount {
        let mut input = Some((self.batch.setup)());
        let before = AllocCount::now();
        let output = black_box(self.apply.call(black_box(A::arg(&mut input))));
        let counted = AllocCount::now().since(before);
        drop(output);
        counted
    }

    /// Makes one input and runs the routine on it, untimed (smoke runs).
    pub fn run_once(&mut self) {
        let mut input = Some((self.batch.setup)());
        drop(black_box(self.apply.call(black_box(A::arg(&mut input)))));
    }
}

/// How a routine takes its inputs, the one thing [`BatchedRunner`] leaves to
/// `iter_batched` ([`ByValue`]) and `iter_batched_ref` ([`ByRef`]).
pub trait Apply<I, O> {
    /// What the routine is given: the input itself, or a mutable reference to it.
    type Arg<'a>
    where
        I: 'a;

    /// The batch's inputs as the routine takes them; inputs taken by reference stay in
    /// `inputs`. Its length must be exact: `each` drops as many parked outputs as it says.
    fn args(inputs: &mut Vec<I>) -> impl ExactSizeIterator<Item = Self::Arg<'_>>;

    /// One input, which is `Some`, as the routine takes it; an input taken by reference
    /// stays there.
    fn arg(input: &mut Option<I>) -> Self::Arg<'_>;

    /// Calls the routine.
    fn call(&mut self, arg: Self::Arg<'_>) -> O;
}

/// A routine that takes each input by value (`iter_batched`).
pub struct ByValue<R>(R);

impl<I, O, R: FnMut(I) -> O> Apply<I, O> for ByValue<R> {
    type Arg<'a>
        = I
    where
        I: 'a;

    #[inline(always)]
    fn args(inputs: &mut Vec<I>) -> impl ExactSizeIterator<Item = I> {
        inputs.drain(..)
    }

    fn arg(input: &mut Option<I>) -> I {
        input.take().expect("a made input")
    }

    #[inline(always)]
    fn call(&mut self, arg: I) -> O {
        (self.0)(arg)
    }
}

/// A routine that takes a mutable reference to each input, in place: no input is moved
/// into or out of the timed call (`iter_batched_ref`).
pub struct ByRef<R>(R);

impl<I, O, R: FnMut(&mut I) -> O> Apply<I, O> for ByRef<R> {
    type Arg<'a>
        = &'a mut I
    where
        I: 'a;

    #[inline(always)]
    fn args(inputs: &mut Vec<I>) -> impl ExactSizeIterator<Item = &mut I> {
        inputs.iter_mut()
    }

    fn arg(input: &mut Option<I>) -> &mut I {
        input.as_mut().expect("a made input")
    }

    #[inline(always)]
    fn call(&mut self, arg: &mut I) -> O {
        (self.0)(arg)
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
        // SAFETY: the loop wrote the first `len` slots, one per item: the items are
        // `Apply::args`, a vector's drain or its `iter_mut`, whose length is exact. Each
        // is read out once here, so every output is dropped exactly once.
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
        let mut runner = BatchedRunner::by_value(
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
        let mut runner = BatchedRunner::by_ref(
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
        let mut runner = BatchedRunner::by_value(|| 2u64, |x| used.set(used.get() + x));
        assert!(runner.time(500) >= 0.0);
        assert_eq!(used.get(), 1_000);
    }
}
