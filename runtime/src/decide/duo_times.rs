//! One duo's four net batch times: what the sequential test is fed.

/// The net times (timer cost subtracted) of the four batches of one duo, in nanoseconds.
/// `forward` is the (first, second) pair, `backward` the (second, first) pair, whatever
/// order the duo actually ran in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DuoTimes {
    /// The first routine's batch in the forward pair.
    pub first_forward: f64,
    /// The second routine's batch in the forward pair.
    pub second_forward: f64,
    /// The second routine's batch in the backward pair.
    pub second_backward: f64,
    /// The first routine's batch in the backward pair.
    pub first_backward: f64,
}

impl DuoTimes {
    /// The two pair log-differences, ln t(first) − ln t(second): forward, then backward.
    #[must_use]
    pub fn log_diffs(&self) -> [f64; 2] {
        [
            self.first_forward.ln() - self.second_forward.ln(),
            self.first_backward.ln() - self.second_backward.ln(),
        ]
    }

    /// The mean of the two pair log-differences, which cancels the ordering effect.
    #[must_use]
    pub fn mean_log_diff(&self) -> f64 {
        let [forward, backward] = self.log_diffs();
        0.5 * (forward + backward)
    }

    /// The first routine's time in this duo (both its batches).
    #[must_use]
    pub fn first_ns(&self) -> f64 {
        self.first_forward + self.first_backward
    }

    /// The second routine's time in this duo (both its batches).
    #[must_use]
    pub fn second_ns(&self) -> f64 {
        self.second_forward + self.second_backward
    }
}
