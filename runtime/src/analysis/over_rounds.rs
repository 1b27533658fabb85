//! What a cross-version result's details are, when they combine rounds of process pairs.

/// How a cross-version result's details combine its rounds (each a fresh pair of serving
/// processes), for the reports to say so: counts are sums over the rounds, the latency
/// summaries, the histogram, the median-based ratio and the duo series pool every round's
/// batches and duos, and the reference Student t takes one value per round. What each round
/// set for itself (batch sizes, duos per block, the fence, the blocks' dependence, the empty
/// loop's floor) is the median over the rounds; `DiffResult`'s fields say which rule is
/// theirs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OverRounds {
    /// Rounds combined: those whose estimate the decision over rounds took.
    pub rounds: usize,
    /// Of them, the rounds judged on the result's `clock` (the clock most rounds were
    /// judged on; the others were judged on the other clock).
    pub clock_rounds: usize,
    /// Whether the rounds' estimates rested on different duos (fenced in some, every duo in
    /// others); the result's `basis` is then `None`.
    pub mixed_basis: bool,
}
