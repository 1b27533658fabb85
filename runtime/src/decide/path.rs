//! The lengths that set a comparison's path before its test, kept so that its report can
//! say why it took the path it did: the typical duo against the longest duo whose pilot
//! measures the dependence within half the warmup ([`dependence_in_reach`]).

/// Pilot duos from which the dependence between blocks is measured before the test: three
/// memories of the slowest relative-speed wander the estimated factor covers, 50 duos. A
/// factor measured on a series of one or two memories is underestimated by chance often
/// enough to pass false claims above alpha (docs/VALIDATION.md, section "The wander grid"),
/// so with a shorter pilot the test uses units independent by design instead.
pub const DEPENDENCE_PILOT_DUOS: usize = 150;

/// Pilot blocks from which the dependence is measured before the test: about the fewest the
/// short routines' coverage was measured with (a 500-duo pilot in blocks of 12), where a
/// pilot of ten blocks misses above alpha under the slowest wanders covered
/// (`simulation/coverage.rs`). Overlapping batch means over fewer blocks have too few
/// batches for a factor worth the name.
pub const DEPENDENCE_PILOT_BLOCKS: usize = 40;

/// The fewest pilot duos in blocks of `duos_per_block` that measure the dependence:
/// [`DEPENDENCE_PILOT_DUOS`], in [`DEPENDENCE_PILOT_BLOCKS`] blocks at least.
#[must_use]
pub fn dependence_pilot_duos(duos_per_block: usize) -> usize {
    DEPENDENCE_PILOT_DUOS.max(DEPENDENCE_PILOT_BLOCKS * duos_per_block.max(1))
}

/// Whether routines whose duo lasts `duo_ns`, in blocks of `duos_per_block`, are judged
/// with the dependence measured, by their length: the pilot that measures it
/// ([`dependence_pilot_duos`]) spans at most half of a warmup of `warmup_ns`. Which way a
/// comparison goes is then set by the routines' length, not by how long one warmup happened
/// to last: a machine would have to run the duos at half their pace for a warmup to end
/// short of that pilot, and routines near the line are a few percent either side of it,
/// not a warmup's accident.
#[must_use]
pub fn dependence_in_reach(duo_ns: f64, duos_per_block: usize, warmup_ns: f64) -> bool {
    dependence_pilot_duos(duos_per_block) as f64 * duo_ns <= 0.5 * warmup_ns
}

/// What chose between the measured-dependence path and units, as measuring planned it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct PathLengths {
    /// The typical (median) pilot duo, in nanoseconds, which set the block length.
    pub duo_ns: f64,
    /// Duos a block held as planned from that duo.
    pub duos_per_block: usize,
    /// The longest the warmup may last, in nanoseconds.
    pub warmup_ns: f64,
}

impl PathLengths {
    /// Pilot duos that measure the dependence at this block length.
    #[must_use]
    pub fn pilot_needed(&self) -> usize {
        dependence_pilot_duos(self.duos_per_block)
    }

    /// The longest duo, in nanoseconds, whose pilot measures the dependence within half the
    /// warmup.
    #[must_use]
    pub fn longest_measured_ns(&self) -> f64 {
        0.5 * self.warmup_ns / self.pilot_needed() as f64
    }

    /// Whether the duo is short enough for its pilot to measure the dependence.
    #[must_use]
    pub fn in_reach(&self) -> bool {
        dependence_in_reach(self.duo_ns, self.duos_per_block, self.warmup_ns)
    }

    /// Whether the duo sits within a factor of two of the line, where a machine that runs
    /// it at another pace, or batch sizes set from other early calls, may put a rerun on
    /// the other side.
    #[must_use]
    pub fn near_line(&self) -> bool {
        let line = self.longest_measured_ns();
        self.duo_ns > 0.5 * line && self.duo_ns < 2.0 * line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_where_the_pilot_fills_half_the_warmup() {
        // Duos of 0.85 ms in blocks of two: 150 pilot duos, so the line sits at 100 ms / 150.
        let lengths = PathLengths {
            duo_ns: 850e3,
            duos_per_block: 2,
            warmup_ns: 200e6,
        };
        assert_eq!(lengths.pilot_needed(), 150);
        assert!((lengths.longest_measured_ns() - 666_666.7).abs() < 1.0);
        assert!(!lengths.in_reach());
        assert!(lengths.near_line());
        let short = PathLengths {
            duo_ns: 550e3,
            ..lengths
        };
        assert!(short.in_reach() && short.near_line());
        // Far from the line either way: not near it.
        for duo_ns in [80e3, 20e6] {
            assert!(!PathLengths { duo_ns, ..lengths }.near_line());
        }
    }
}
