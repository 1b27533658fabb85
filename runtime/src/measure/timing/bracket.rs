//! What surrounds a batch's loop: the wall clock when timing, Callgrind's counted marker
//! when counting. One loop serves both, so a count is of exactly the loop that is timed.

use crate::measure::counted;
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

/// Counted by Callgrind (`measure::meters`); nothing reported here.
pub struct CountedRegion;

impl Bracket for CountedRegion {
    type Out = ();

    #[inline(always)]
    fn around(self, body: impl FnOnce()) {
        counted(body);
    }
}
