//! Memory that grows with the iteration count: the process's resident set, read after every
//! sample (of a `#[bench]`) or every few duos (of a comparison), keeps rising through the
//! later readings.
//!
//! A routine that frees what it allocates reaches its working set early (warmup and the
//! first samples) and stays there; one that keeps something per call (a leak, a cache that is
//! never cleared) grows the resident set in proportion to the iterations run. The check looks
//! at the second half of the samples, by which time a constant working set has long been
//! reached. (The process's *peak* would not do: the analysis of an earlier trial may have
//! set a peak that a leak stays under.)

/// Growth over the second half below this is page and allocator noise.
const LEAST_GROWTH_KIB: u64 = 1024;
/// The growth must come in at least this many steps, not as one late allocation.
const FEWEST_STEPS: usize = 3;

/// Memory that kept growing over the second half of the samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MemoryGrowth {
    /// Growth of the resident set over the second half of the samples, in KiB.
    pub growth_kib: u64,
    /// Iterations run in those samples.
    pub iterations: u64,
}

impl MemoryGrowth {
    /// Bytes the resident set grew per iteration, over the second half.
    #[must_use]
    pub fn bytes_per_iteration(&self) -> f64 {
        self.growth_kib as f64 * 1024.0 / self.iterations.max(1) as f64
    }
}

/// `rss_kib[i]` is the resident set after sample `i` of `iters[i]` iterations. `None` when
/// it did not keep growing, or when there are no readings.
#[must_use]
pub fn memory_growth(iters: &[u64], rss_kib: &[u64]) -> Option<MemoryGrowth> {
    let n = rss_kib.len();
    if n < 4 || iters.len() != n {
        return None;
    }
    let mid = n / 2;
    let second = &rss_kib[mid - 1..];
    let growth_kib = second[second.len() - 1].saturating_sub(second[0]);
    let steps = second.windows(2).filter(|w| w[1] > w[0]).count();
    let iterations = iters[mid..].iter().sum();
    (growth_kib >= LEAST_GROWTH_KIB && steps >= FEWEST_STEPS).then_some(MemoryGrowth {
        growth_kib,
        iterations,
    })
}
