//! How often a window of the machine's time runs slow: over a spin's chunks of equal work
//! (`stalls`), the share of windows of consecutive chunks whose total exceeds the median
//! window's by more than a given fraction — as a batch is set aside when it exceeds the
//! recent median batch by more than the fence's reach. Separate from the spin so that it
//! can be tested on chunk lengths made up for the purpose.

/// The share of windows of about `window_ns` (consecutive chunks, at least one) that took
/// more than `share` longer than the median window. `None` with fewer than two chunks or a
/// median chunk of zero (a clock too coarse to time a chunk).
#[must_use]
pub fn slowed_share(chunks_ns: &[u32], window_ns: f64, share: f64) -> Option<f64> {
    let n = chunks_ns.len();
    if n < 2 {
        return None;
    }
    // Called once per sample length by the doctor: a selection, not a sort.
    let mut chunks = chunks_ns.to_vec();
    let median_chunk = f64::from(*chunks.select_nth_unstable(n / 2).1);
    if median_chunk <= 0.0 {
        return None;
    }
    let window = ((window_ns / median_chunk).round() as usize).clamp(1, n);
    // Sums in integers: exact, whatever the order of additions.
    let mut sum: u64 = chunks_ns[..window].iter().map(|&c| u64::from(c)).sum();
    let mut sums = Vec::with_capacity(n - window + 1);
    sums.push(sum);
    for i in window..n {
        sum = sum + u64::from(chunks_ns[i]) - u64::from(chunks_ns[i - window]);
        sums.push(sum);
    }
    let middle = sums.len() / 2;
    let median_window = *sums.select_nth_unstable(middle).1 as f64;
    let limit = median_window * (1.0 + share.max(0.0));
    let slowed = sums.iter().filter(|&&s| s as f64 > limit).count();
    Some(slowed as f64 / sums.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_long_gap_slows_every_window_that_holds_it() {
        // 1,000 chunks of 500 ns and one of 10.5 µs (a 10 µs stall): of the 991 windows of
        // ten chunks (5 µs), the ten that hold it ran 200% slow.
        let mut chunks = vec![500; 1_000];
        chunks[500] = 10_500;
        let share = slowed_share(&chunks, 5_000.0, 0.04).unwrap();
        assert!((share - 10.0 / 991.0).abs() < 1e-12, "{share}");
        // A stall of 100 ns per 5 µs window (2%) does not pass a 4% fence.
        chunks[500] = 600;
        assert_eq!(slowed_share(&chunks, 5_000.0, 0.04), Some(0.0));
    }

    #[test]
    fn a_slower_stretch_with_no_gap_counts_too() {
        // The middle fifth of the chunks ran 6% slower (530 ns): no chunk is a gap, but
        // windows inside that stretch exceed a 4% fence and windows outside do not.
        let chunks: Vec<u32> = (0..1_000)
            .map(|i| if (400..600).contains(&i) { 530 } else { 500 })
            .collect();
        let share = slowed_share(&chunks, 10_000.0, 0.04).unwrap();
        // Windows of 20 chunks (median 10,000 ns): those with 14 or more inside the stretch
        // push past 4%, i.e. the windows starting at 394..=586, of 981.
        assert!((share - 193.0 / 981.0).abs() < 1e-12, "{share}");
        // Negative control: the same stretch at 2% slower is inside the fence everywhere.
        let mild: Vec<u32> = (0..1_000)
            .map(|i| if (400..600).contains(&i) { 510 } else { 500 })
            .collect();
        assert_eq!(slowed_share(&mild, 10_000.0, 0.04), Some(0.0));
    }

    #[test]
    fn a_pace_that_is_slow_throughout_is_the_typical_window_not_a_slow_one() {
        // Every chunk carries a small stall of its own (600 ns against 500 in a third of
        // them): windows are all about equally slow, and none stands out from the median
        // window, as no batch would stand out from the recent median batch.
        let chunks: Vec<u32> = (0..3_000)
            .map(|i| if i % 3 == 0 { 600 } else { 500 })
            .collect();
        assert_eq!(slowed_share(&chunks, 15_000.0, 0.04), Some(0.0));
    }

    #[test]
    fn windows_as_long_as_the_spin_show_nothing_and_nothing_is_none() {
        // One window: it is its own median, and the spin cannot say whether it was slow.
        let mut chunks = vec![500; 100];
        chunks[0] = 5_000;
        assert_eq!(slowed_share(&chunks, 1e9, 0.04), Some(0.0));
        assert_eq!(slowed_share(&[500], 1e3, 0.04), None);
        assert_eq!(slowed_share(&[0, 0, 0], 1e3, 0.04), None);
    }
}
