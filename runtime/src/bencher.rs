//! The handle a `#[bench]` function receives.

use crate::measure::batch::BatchRunner;
use std::hint::black_box;
use std::time::Duration;

/// Measures one routine; given to `#[bench]` functions that take `&mut Bencher`.
#[derive(Debug)]
pub struct Bencher {
    ran: bool,
}

impl Bencher {
    pub(crate) fn new() -> Self {
        Self { ran: false }
    }

    /// Times `routine`; its output is black-boxed and dropped outside the timed region.
    pub fn iter<O>(&mut self, routine: impl FnMut() -> O) {
        self.start();
        BatchRunner::new(routine).run_once();
    }

    /// Times `routine` on inputs made by `setup`; setup and drop are not timed.
    pub fn iter_batched<I, O>(
        &mut self,
        mut setup: impl FnMut() -> I,
        mut routine: impl FnMut(I) -> O,
    ) {
        self.start();
        let input = setup();
        drop(black_box(routine(black_box(input))));
    }

    /// Lets `routine` time `iters` iterations itself and return the elapsed time.
    pub fn iter_custom(&mut self, mut routine: impl FnMut(u64) -> Duration) {
        self.start();
        black_box(routine(1));
    }

    fn start(&mut self) {
        assert!(
            !self.ran,
            "a #[bench] function must call one of Bencher's iter methods exactly once"
        );
        self.ran = true;
    }

    pub(crate) fn ran(&self) -> bool {
        self.ran
    }
}
