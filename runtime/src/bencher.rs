//! The handle a `#[bench]` function receives.

use std::time::Duration;

/// Measures one routine; given to `#[bench]` functions that take `&mut Bencher`.
#[derive(Debug, Default)]
pub struct Bencher {
    _private: (),
}

impl Bencher {
    /// Times `routine`; its output is black-boxed and dropped outside the timed region.
    pub fn iter<O>(&mut self, routine: impl FnMut() -> O) {
        let _ = routine;
    }

    /// Times `routine` on inputs made by `setup`; setup and drop are not timed.
    pub fn iter_batched<I, O>(&mut self, setup: impl FnMut() -> I, routine: impl FnMut(I) -> O) {
        let _ = (setup, routine);
    }

    /// Lets `routine` time `iters` iterations itself and return the elapsed time.
    pub fn iter_custom(&mut self, routine: impl FnMut(u64) -> Duration) {
        let _ = routine;
    }
}
