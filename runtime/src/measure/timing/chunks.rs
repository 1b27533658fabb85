//! Timing one sample in chunks, so that memory stays bounded whatever the sample's size.
//!
//! A linear-sampling sample can run millions of iterations. When every iteration leaves
//! something behind until the clock stops (an output that needs dropping, or an input made
//! by `iter_batched`'s setup), timing them all at once would hold millions of values. The
//! sample is therefore timed as consecutive chunks, each long enough against the clock's
//! cost (the timer's `target_batch_ns`) and no longer: the clock overhead is subtracted once
//! per chunk, and the chunk's leftovers are dropped between chunks, untimed.
//!
//! Memory: at most `MAX_CHUNK_BYTES` of inline values, and `MAX_CHUNK_ITERS` values. Heap
//! memory owned by those values is not visible here; it stays small too because a chunk only
//! lasts about 20 µs: an input whose routine reads B bytes takes at least B / (memory
//! bandwidth) per iteration, so the chunk holds at most about 20 µs of bandwidth (some
//! hundreds of kilobytes) of such inputs.
//!
//! Holding values together changes the routine: the allocator serves the next iteration from
//! a heap that still holds the last ones. A routine that grows a 128 KiB vector costs several
//! times as much per call when two or more of its vectors are alive at once (the freed
//! memory crosses the allocator's trim and map thresholds at every chunk) as when each is
//! dropped before the next call, which is how a program calls it; and a learned chunk size
//! that moves with the routine's time made the routine's time move with it. An iteration of
//! `SINGLE_FROM_NS` or more is therefore timed alone (its clock read costs at most a few
//! percent of it, and is subtracted), its values dropped before the next; a routine leaves
//! single iterations only below `CHUNKED_BELOW_NS`, so one near the line does not switch
//! back and forth.

use super::bracket::Reading;
use super::timer::TimerCost;

/// Most bytes of inputs and outputs held by one chunk (inline size only).
const MAX_CHUNK_BYTES: usize = 4 << 20;
/// Most iterations in one chunk: 64 µs of a 1 ns routine, already long against the clock.
const MAX_CHUNK_ITERS: u64 = 1 << 16;
/// Largest factor by which one chunk may outgrow the previous one, so that a first, badly
/// measured chunk cannot make the next one huge.
const GROWTH: u64 = 4;
/// Iterations at least this long are timed one at a time.
const SINGLE_FROM_NS: f64 = 1_000.0;
/// Iterations timed one at a time are chunked again only below this.
const CHUNKED_BELOW_NS: f64 = 500.0;

/// Splits samples into chunks and learns the chunk size from the chunks it times.
#[derive(Clone, Debug)]
pub struct Chunker {
    cap: u64,
    max: u64,
    target_ns: f64,
    overhead_ns: f64,
}

impl Chunker {
    /// A chunker for iterations that each hold `bytes_per_iter` bytes until their chunk
    /// ends. The first chunk is a single iteration.
    #[must_use]
    pub fn new(bytes_per_iter: usize, timer: &TimerCost) -> Self {
        let by_bytes = (MAX_CHUNK_BYTES / bytes_per_iter.max(1)) as u64;
        Self {
            cap: 1,
            max: by_bytes.clamp(1, MAX_CHUNK_ITERS),
            target_ns: timer.target_batch_ns(),
            overhead_ns: timer.overhead_ns,
        }
    }

    /// Times `iters` iterations as chunks; `time_chunk(c)` runs c iterations and returns
    /// their time including one clock overhead. Returns the net time of all of them.
    pub fn time(&mut self, iters: u64, mut time_chunk: impl FnMut(u64) -> f64) -> f64 {
        let mut left = iters;
        let mut net_ns = 0.0;
        while left > 0 {
            let c = left.min(self.cap);
            let ns = time_chunk(c);
            net_ns += (ns - self.overhead_ns).max(0.0);
            self.learn(c, ns);
            left -= c;
        }
        net_ns
    }

    /// Reads `iters` iterations as chunks; `read_chunk(c)` reads c iterations. Returns the
    /// sum of the readings as they are (a reading that is no number stays one), the chunk
    /// sizes learned from the chunks' wall time as when timing, whatever the measure's unit.
    pub fn read(&mut self, iters: u64, mut read_chunk: impl FnMut(u64) -> Reading) -> f64 {
        let mut left = iters;
        let mut sum = 0.0;
        while left > 0 {
            let c = left.min(self.cap);
            let reading = read_chunk(c);
            sum += reading.value;
            self.learn(c, reading.ns);
            left -= c;
        }
        sum
    }

    /// The largest chunk size this chunker will use.
    #[cfg(test)]
    fn max_chunk(&self) -> u64 {
        self.max
    }

    /// Counts `iters` iterations as chunks of the largest size, `count_chunk(c)` counting c
    /// of them: memory stays bounded as when timing.
    pub fn count(&self, iters: u64, mut count_chunk: impl FnMut(u64)) {
        let mut left = iters;
        while left > 0 {
            let c = left.min(self.max);
            count_chunk(c);
            left -= c;
        }
    }

    fn learn(&mut self, chunk: u64, ns: f64) {
        let per_iter = ns / chunk as f64;
        let single = if self.cap == 1 {
            per_iter >= CHUNKED_BELOW_NS
        } else {
            per_iter >= SINGLE_FROM_NS
        };
        if single {
            self.cap = 1;
            return;
        }
        let wanted = if per_iter > 0.0 {
            (self.target_ns / per_iter).ceil().min(u64::MAX as f64) as u64
        } else {
            u64::MAX
        };
        self.cap = wanted
            .min(self.cap.saturating_mul(GROWTH))
            .clamp(1, self.max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMER: TimerCost = TimerCost {
        overhead_ns: 20.0,
        resolution_ns: 10.0,
    };

    #[test]
    fn chunks_grow_to_the_target_and_net_time_is_summed() {
        let mut chunker = Chunker::new(8, &TIMER);
        let mut sizes = Vec::new();
        // 10 ns per iteration plus the clock's 20 ns per chunk.
        let net = chunker.time(100_000, |c| {
            sizes.push(c);
            10.0 * c as f64 + 20.0
        });
        assert!((net - 1e6).abs() < 1e-6, "{net}");
        assert_eq!(&sizes[..5], &[1, 4, 16, 64, 256]);
        // Target 20 µs at 10 ns (plus 20 ns a chunk): just under 2 000 iterations a chunk.
        let settled = &sizes[6..sizes.len() - 1];
        assert!(
            settled.iter().all(|c| (1_990..=2_000).contains(c)),
            "{sizes:?}"
        );
        assert_eq!(sizes.iter().sum::<u64>(), 100_000);
    }

    #[test]
    fn readings_are_summed_as_they_are_in_chunks_learned_from_their_wall_time() {
        let mut chunker = Chunker::new(8, &TIMER);
        let mut sizes = Vec::new();
        // A million units a call, 10 ns a call: the chunks grow with the time, not the unit.
        let sum = chunker.read(100_000, |c| {
            sizes.push(c);
            Reading {
                value: 1e6 * c as f64,
                ns: 10.0 * c as f64 + 20.0,
            }
        });
        assert_eq!(sum, 1e11);
        assert_eq!(&sizes[..5], &[1, 4, 16, 64, 256]);
        // A reading that is no number is not taken for zero.
        let nan = chunker.read(3, |_| Reading {
            value: f64::NAN,
            ns: 1.0,
        });
        assert!(nan.is_nan());
    }

    #[test]
    fn large_values_get_small_chunks() {
        let chunker = Chunker::new(1 << 20, &TIMER);
        assert_eq!(chunker.max_chunk(), 4);
        let mut huge = Chunker::new(usize::MAX, &TIMER);
        assert_eq!(huge.max_chunk(), 1);
        let mut calls = 0;
        huge.time(5, |c| {
            calls += 1;
            assert_eq!(c, 1);
            0.0
        });
        assert_eq!(calls, 5);
        assert_eq!(Chunker::new(0, &TIMER).max_chunk(), MAX_CHUNK_ITERS);
    }

    /// Sizes of the chunks that time `iters` iterations of `per_iter_ns` each.
    fn sizes_at(chunker: &mut Chunker, iters: u64, per_iter_ns: f64) -> Vec<u64> {
        let mut sizes = Vec::new();
        chunker.time(iters, |c| {
            sizes.push(c);
            per_iter_ns * c as f64 + 20.0
        });
        sizes
    }

    #[test]
    fn iterations_of_a_microsecond_or_more_are_timed_alone() {
        let mut chunker = Chunker::new(24, &TIMER);
        // 5 µs a call would make chunks of four against the 20 µs target.
        assert!(sizes_at(&mut chunker, 50, 5_000.0).iter().all(|&c| c == 1));
        // Near the line a routine stays single rather than switching at every chunk.
        assert!(sizes_at(&mut chunker, 50, 800.0).iter().all(|&c| c == 1));
        // Well below it, chunks again; and back to single above it.
        let short = sizes_at(&mut chunker, 10_000, 100.0);
        assert!(short.iter().any(|&c| c > 16), "{short:?}");
        let sizes = sizes_at(&mut chunker, 50, 800.0);
        assert!(sizes.iter().any(|&c| c > 1), "{sizes:?}");
        let sizes = sizes_at(&mut chunker, 50, 1_500.0);
        assert!(sizes[1..].iter().all(|&c| c == 1), "{sizes:?}");
    }
}
