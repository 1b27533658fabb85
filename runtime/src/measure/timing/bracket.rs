//! What surrounds a batch's loop: the wall clock when timing, a measure's reader around the
//! clock when reading another measure, Callgrind's counted marker when counting. One loop
//! serves all three, so a reading or a count is of exactly the loop that is timed (inputs
//! made and outputs dropped outside it).

use crate::measure::counted;
use crate::model::Reader;
use std::time::Instant;

/// Runs a batch's loop and says what it took.
pub trait Bracket {
    /// What the bracket reports of the loop.
    type Out;
    /// Runs `body` inside the bracket.
    fn around(self, body: impl FnOnce()) -> Self::Out;
}

/// Elapsed wall time in nanoseconds, one clock read included.
pub struct WallClock;

impl Bracket for WallClock {
    type Out = f64;

    #[inline(always)]
    fn around(self, body: impl FnOnce()) -> f64 {
        let start = Instant::now();
        body();
        start.elapsed().as_nanos() as f64
    }
}

/// A measure's reading of `iters` iterations, the batch's two clock reads inside it as when
/// timing (the reader's own cost, which it subtracts, counts them).
pub struct Read<'r> {
    /// The measure's reader.
    pub reader: &'r mut dyn Reader,
    /// Iterations in the batch, for the reader's checks.
    pub iters: u64,
}

/// What a [`Read`] bracket saw: the measure's reading and the loop's wall time.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The measure's value for the loop, less the reader's own share.
    pub value: f64,
    /// Elapsed wall time in nanoseconds, one clock read included, as [`WallClock`]'s.
    pub ns: f64,
}

impl Bracket for Read<'_> {
    type Out = Reading;

    #[inline(always)]
    fn around(self, body: impl FnOnce()) -> Reading {
        self.reader.start();
        let start = Instant::now();
        body();
        let ns = start.elapsed().as_nanos() as f64;
        Reading {
            value: self.reader.stop(self.iters),
            ns,
        }
    }
}

/// Counted by Callgrind (`measure::meters`); nothing reported here.
pub struct CountedRegion;

impl Bracket for CountedRegion {
    type Out = ();

    #[inline(always)]
    fn around(self, body: impl FnOnce()) {
        counted(body);
    }
}
