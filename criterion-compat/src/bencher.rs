//! Criterion's `Bencher`, on duobench's: each method maps onto the `Bencher` method that
//! measures the same quantity.

use crate::black_box;
use crate::measurement::{Measurement, WallTime};
use crate::types::BatchSize;
use std::any::TypeId;
use std::time::Duration;

/// The handle a benchmark closure gets; call one of its `iter` methods once. Each method's
/// loop is Criterion's: every output passes Criterion's [`black_box`] (a volatile copy)
/// inside the timed region, so a migrated file times what Criterion timed.
pub struct Bencher<'a, M: Measurement = WallTime> {
    inner: &'a mut duobench::Bencher,
    measurement: &'a M,
}

impl<'a, M: Measurement> Bencher<'a, M> {
    pub(crate) fn new(inner: &'a mut duobench::Bencher, measurement: &'a M) -> Self {
        Bencher { inner, measurement }
    }

    /// Times `routine` and the drop of its output, as Criterion's `iter` does (its loop is
    /// `black_box(routine())`); [`iter_with_large_drop`](Self::iter_with_large_drop) leaves
    /// the drop out.
    pub fn iter<O, R: FnMut() -> O>(&mut self, mut routine: R) {
        // duobench's own `iter` parks outputs until the clock stops; an output of `()` has
        // nothing to park, so the drop happens inside the timed routine.
        self.inner.iter(move || {
            drop(black_box(routine()));
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
        self.inner.iter_batched(setup, Self::boxed_output(routine));
    }

    /// Times `routine` on a mutable reference to each input made by `setup`; the input and
    /// the output are dropped outside the timed region.
    pub fn iter_batched_ref<I, O, S, R>(&mut self, setup: S, routine: R, size: BatchSize)
    where
        S: FnMut() -> I,
        R: FnMut(&mut I) -> O,
    {
        let _ = size;
        let mut routine = routine;
        self.inner
            .iter_batched_ref(setup, move |input| black_box(routine(input)));
    }

    /// `routine(iters)` runs the code `iters` times and returns what it measured, in the
    /// benchmark's measurement (a `Duration` for [`WallTime`]).
    pub fn iter_custom<R: FnMut(u64) -> M::Value>(&mut self, mut routine: R)
    where
        M: 'static,
    {
        let m = self.measurement;
        if TypeId::of::<M>() == TypeId::of::<WallTime>() {
            // WallTime's value is a Duration, its number the nanoseconds.
            self.inner
                .iter_custom(|iters| Duration::from_nanos(m.to_f64(&routine(iters)) as u64));
        } else {
            duobench::__private::iter_custom_values(self.inner, |iters| m.to_f64(&routine(iters)));
        }
    }

    /// Criterion's older name for [`iter_batched`](Self::iter_batched) with one input per
    /// iteration.
    pub fn iter_with_setup<I, O, S, R>(&mut self, setup: S, routine: R)
    where
        S: FnMut() -> I,
        R: FnMut(I) -> O,
    {
        self.inner.iter_batched(setup, Self::boxed_output(routine));
    }

    /// Times `routine` without the drop of its output, which happens after the clock stops
    /// (Criterion's form for outputs that are costly to drop).
    pub fn iter_with_large_drop<O, R: FnMut() -> O>(&mut self, mut routine: R) {
        self.inner.iter(move || black_box(routine()));
    }

    /// `routine` with its output through Criterion's [`black_box`], as Criterion's loops
    /// take every output.
    fn boxed_output<I, O>(mut routine: impl FnMut(I) -> O) -> impl FnMut(I) -> O {
        move |input| black_box(routine(input))
    }
}
