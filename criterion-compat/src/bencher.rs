//! Criterion's `Bencher`, on duobench's: each method maps onto the `Bencher` method that
//! measures the same quantity.

use crate::measurement::{Measurement, WallTime};
use crate::types::BatchSize;
use std::marker::PhantomData;
use std::time::Duration;

/// The handle a benchmark closure gets; call one of its `iter` methods once.
pub struct Bencher<'a, M: Measurement = WallTime> {
    inner: &'a mut duobench::Bencher,
    measurement: PhantomData<M>,
}

impl<'a, M: Measurement> Bencher<'a, M> {
    pub(crate) fn new(inner: &'a mut duobench::Bencher) -> Self {
        Bencher {
            inner,
            measurement: PhantomData,
        }
    }

    /// Times `routine` and the drop of its output, as Criterion's `iter` does (its loop is
    /// `black_box(routine())`); [`iter_with_large_drop`](Self::iter_with_large_drop) leaves
    /// the drop out.
    pub fn iter<O, R: FnMut() -> O>(&mut self, mut routine: R) {
        // duobench's own `iter` parks outputs until the clock stops; an output of `()` has
        // nothing to park, so the drop happens inside the timed routine.
        self.inner.iter(move || {
            drop(duobench::black_box(routine()));
        });
    }

    /// Times `routine` on inputs made by `setup` outside the timed region. duobench sizes
    /// the batches of inputs itself, whatever `size` says (see [`BatchSize`]).
    pub fn iter_batched<I, O, S, R>(&mut self, setup: S, routine: R, size: BatchSize)
    where
        S: FnMut() -> I,
        R: FnMut(I) -> O,
    {
        let _ = size;
        self.inner.iter_batched(setup, routine);
    }

    /// Times `routine` on a mutable reference to each input made by `setup`; the input and
    /// the output are dropped outside the timed region.
    pub fn iter_batched_ref<I, O, S, R>(&mut self, setup: S, routine: R, size: BatchSize)
    where
        S: FnMut() -> I,
        R: FnMut(&mut I) -> O,
    {
        let _ = size;
        self.inner.iter_batched_ref(setup, routine);
    }

    /// `routine(iters)` runs the code `iters` times and returns the time it measured.
    pub fn iter_custom<R: FnMut(u64) -> Duration>(&mut self, routine: R) {
        self.inner.iter_custom(routine);
    }

    /// Criterion's older name for [`iter_batched`](Self::iter_batched) with one input per
    /// iteration.
    pub fn iter_with_setup<I, O, S, R>(&mut self, setup: S, routine: R)
    where
        S: FnMut() -> I,
        R: FnMut(I) -> O,
    {
        self.inner.iter_batched(setup, routine);
    }

    /// Times `routine` without the drop of its output, which happens after the clock stops
    /// (Criterion's form for outputs that are costly to drop).
    pub fn iter_with_large_drop<O, R: FnMut() -> O>(&mut self, routine: R) {
        self.inner.iter(routine);
    }
}
