//! What the duo loop needs of each side: time a batch of k iterations. A local side is a
//! [`LocalRoutine`](super::local_routine::LocalRoutine) (`BatchRunner`, `ChunkedInputs`),
//! which can do more; the other side may be a routine in another process (`api/versions/`)
//! or a closure that times itself ([`TimeWith`]).

/// One side of a duo: runs `iters` iterations of its routine and returns the elapsed wall
/// time in nanoseconds, including one clock read (the duo loop subtracts the timer's
/// overhead).
pub trait TimeBatch {
    /// Times one batch of `iters` iterations.
    fn time_batch(&mut self, iters: u64) -> f64;
}

/// A batch timer made of a closure, for sides that time themselves (`iter_batched`,
/// `iter_custom`).
pub struct TimeWith<F: FnMut(u64) -> f64>(pub F);

impl<F: FnMut(u64) -> f64> TimeBatch for TimeWith<F> {
    fn time_batch(&mut self, iters: u64) -> f64 {
        (self.0)(iters)
    }
}
