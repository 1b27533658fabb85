//! A routine in this process: it times batches like any duo side ([`TimeBatch`]), and it
//! can also run once untimed and count what one call allocates. Plain routines time a batch
//! directly ([`BatchRunner`]); routines that take an untimed input per iteration make the
//! inputs before the clock starts, a bounded chunk at a time ([`ChunkedInputs`]).
//!
//! Two traits, because a duo side need not be local: the other build's routine in a child
//! process, or a closure that times itself (`iter_custom`), can time a batch and nothing
//! else. The duo loop asks only [`TimeBatch`]; smoke runs and allocation limits need a
//! [`LocalRoutine`].

use super::batch::BatchRunner;
use super::chunks::Chunker;
use super::duo_side::TimeBatch;
use super::timer::TimerCost;
use super::with_inputs::{Apply, BatchedRunner, ByValue};
use crate::measure::AllocCount;
use crate::model::Reader;
use std::mem::size_of;

/// A routine that runs here: times batches, runs once, counts one call's allocations.
pub trait LocalRoutine: TimeBatch {
    /// Runs the routine once, untimed (smoke runs).
    fn run_once(&mut self);
    /// Runs the routine once and returns what it allocated (inputs' setup excluded).
    fn allocs_once(&mut self) -> AllocCount;
    /// Runs `iters` iterations inside Callgrind's counted marker (`measure::meters`), inputs
    /// made and outputs dropped outside it.
    fn count_batch(&mut self, iters: u64);
    /// Runs `iters` iterations inside `reader`'s reading (a measure other than wall time)
    /// and returns it: around the timed loop alone, inputs made and outputs dropped outside
    /// it; by default around the whole batch.
    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        reader.start();
        self.time_batch(iters);
        reader.stop(iters)
    }
}

impl<O, F: FnMut() -> O> TimeBatch for BatchRunner<O, F> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        BatchRunner::time(self, iters)
    }
}

impl<O, F: FnMut() -> O> LocalRoutine for BatchRunner<O, F> {
    fn run_once(&mut self) {
        BatchRunner::run_once(self);
    }

    fn allocs_once(&mut self) -> AllocCount {
        let before = AllocCount::now();
        BatchRunner::run_once(self);
        AllocCount::now().since(before)
    }

    fn count_batch(&mut self, iters: u64) {
        BatchRunner::count(self, iters);
    }

    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        BatchRunner::read(self, iters, reader).value
    }
}

impl<I, O, S: FnMut() -> I, A: Apply<I, O>> TimeBatch for BatchedRunner<I, O, S, A> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        BatchedRunner::time(self, iters)
    }
}

impl<I, O, S: FnMut() -> I, A: Apply<I, O>> LocalRoutine for BatchedRunner<I, O, S, A> {
    fn run_once(&mut self) {
        BatchedRunner::run_once(self);
    }

    fn allocs_once(&mut self) -> AllocCount {
        BatchedRunner::allocs_once(self)
    }

    fn count_batch(&mut self, iters: u64) {
        BatchedRunner::count(self, iters);
    }

    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        BatchedRunner::read(self, iters, reader).value
    }
}

/// A routine on per-iteration inputs made by a setup closure outside the timed region, in
/// chunks bounded as `#[bench]`'s `iter_batched` bounds them (see `chunks.rs`).
pub struct ChunkedInputs<I, O, S: FnMut() -> I, R: FnMut(I) -> O> {
    runner: BatchedRunner<I, O, S, ByValue<R>>,
    chunker: Chunker,
    overhead_ns: f64,
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> ChunkedInputs<I, O, S, R> {
    /// Wraps `setup` and `routine`; nothing runs yet.
    pub fn new(setup: S, routine: R, timer: &TimerCost) -> Self {
        Self {
            runner: BatchedRunner::by_value(setup, routine),
            chunker: Chunker::new(size_of::<I>() + size_of::<O>(), timer),
            overhead_ns: timer.overhead_ns,
        }
    }
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> TimeBatch for ChunkedInputs<I, O, S, R> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        let runner = &mut self.runner;
        // The chunker subtracts the clock's cost once per chunk; the duo loop subtracts it
        // once per batch, so one is added back to keep the two conventions apart.
        self.chunker.time(iters, |c| runner.time(c)) + self.overhead_ns
    }
}

impl<I, O, S: FnMut() -> I, R: FnMut(I) -> O> LocalRoutine for ChunkedInputs<I, O, S, R> {
    fn run_once(&mut self) {
        self.runner.run_once();
    }

    fn allocs_once(&mut self) -> AllocCount {
        self.runner.allocs_once()
    }

    fn count_batch(&mut self, iters: u64) {
        let runner = &mut self.runner;
        self.chunker.count(iters, |c| runner.count(c));
    }

    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        let runner = &mut self.runner;
        self.chunker.read(iters, |c| runner.read(c, reader))
    }
}

/// A routine counted in bounded chunks, as `chunker` times it: counting `iters` calls of a
/// routine whose inputs or outputs wait in memory holds no more of them than timing does.
pub struct CountInChunks<'a, R: LocalRoutine + ?Sized> {
    routine: &'a mut R,
    chunker: Option<&'a Chunker>,
}

impl<'a, R: LocalRoutine + ?Sized> CountInChunks<'a, R> {
    /// `routine`, counted in `chunker`'s chunks (whole batches without one).
    pub fn new(routine: &'a mut R, chunker: Option<&'a Chunker>) -> Self {
        Self { routine, chunker }
    }
}

impl<R: LocalRoutine + ?Sized> TimeBatch for CountInChunks<'_, R> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        self.routine.time_batch(iters)
    }
}

impl<R: LocalRoutine + ?Sized> LocalRoutine for CountInChunks<'_, R> {
    fn run_once(&mut self) {
        self.routine.run_once();
    }

    fn allocs_once(&mut self) -> AllocCount {
        self.routine.allocs_once()
    }

    fn count_batch(&mut self, iters: u64) {
        match self.chunker {
            Some(chunker) => chunker.count(iters, |c| self.routine.count_batch(c)),
            None => self.routine.count_batch(iters),
        }
    }

    fn read_batch(&mut self, iters: u64, reader: &mut dyn Reader) -> f64 {
        self.routine.read_batch(iters, reader)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// Reads a count that setup, routine and drop all add to, in their own amounts.
    struct Tally<'a>(&'a Cell<u64>, u64);

    impl Reader for Tally<'_> {
        fn start(&mut self) {
            self.1 = self.0.get();
        }
        fn stop(&mut self, _: u64) -> f64 {
            (self.0.get() - self.1) as f64
        }
    }

    /// Adds 1,000 to the count when dropped.
    struct Dropped<'a>(&'a Cell<u64>);

    impl Drop for Dropped<'_> {
        fn drop(&mut self) {
            self.0.set(self.0.get() + 1_000);
        }
    }

    #[test]
    fn a_reading_holds_the_routine_and_neither_its_setup_nor_its_drops() {
        let count = Cell::new(0);
        let mut reader = Tally(&count, 0);
        let mut batched = BatchedRunner::by_value(
            || count.set(count.get() + 100),
            |()| {
                count.set(count.get() + 1);
                Dropped(&count)
            },
        );
        assert_eq!(batched.read_batch(3, &mut reader), 3.0);
        // The control: a reading around the whole batch holds all three.
        reader.start();
        batched.time_batch(3);
        assert_eq!(reader.stop(3), 3_303.0);
        let timer = TimerCost {
            overhead_ns: 20.0,
            resolution_ns: 1.0,
        };
        let mut chunked = ChunkedInputs::new(
            || count.set(count.get() + 100),
            |()| {
                count.set(count.get() + 1);
                Dropped(&count)
            },
            &timer,
        );
        assert_eq!(chunked.read_batch(50, &mut reader), 50.0);
        let mut plain = BatchRunner::new(|| {
            count.set(count.get() + 1);
            Dropped(&count)
        });
        assert_eq!(plain.read_batch(4, &mut reader), 4.0);
    }

    const TIMER: TimerCost = TimerCost {
        overhead_ns: 20.0,
        resolution_ns: 10.0,
    };

    #[test]
    fn inputs_are_made_once_per_iteration_and_in_bounded_chunks() {
        let made = Cell::new(0u64);
        let used = Cell::new(0u64);
        let largest_live = Cell::new(0u64);
        // 256 KiB inline per input: at most sixteen may exist at once (4 MiB).
        let mut batch = ChunkedInputs::new(
            || {
                made.set(made.get() + 1);
                largest_live.set(largest_live.get().max(made.get() - used.get()));
                [0u8; 1 << 18]
            },
            |input: [u8; 1 << 18]| {
                used.set(used.get() + 1);
                input[0]
            },
            &TIMER,
        );
        assert!(batch.time_batch(10) >= TIMER.overhead_ns);
        batch.run_once();
        assert_eq!((made.get(), used.get()), (11, 11));
        assert!(largest_live.get() <= 16, "{}", largest_live.get());
    }
}
