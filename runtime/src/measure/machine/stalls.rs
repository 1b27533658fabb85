//! How often the machine itself stalls a running thread.
//!
//! A thread that spins on the clock sees consecutive readings tens of nanoseconds apart,
//! except when something outside the process takes the core for a while: the scheduler
//! (another thread ran: a preemption, which the OS counts) or, below the OS, a virtual
//! machine's host or the firmware (which nothing in the guest counts). A shared virtual
//! machine can stall a thread hundreds of times a second with nothing else running, none of
//! them a context switch (docs/DESIGN-MEASUREMENTS.md, section "Interrupts, preemption and
//! the machine's stalls"). Such stalls land in some timed batches, the fence sets those duos
//! aside as noise that hit both routines alike, and the share set aside is then the
//! machine's, not a sign of other load. This module measures the
//! rate on demand, right after a comparison that needs it, so that the share can be judged
//! against it (`analysis::machine_noise`).
//!
//! Gaps are not all the machine does: in some phases a virtual machine runs a thread a few
//! percent slower for tens of microseconds at a time (a busy sibling hyperthread on the
//! host, shared caches), which a loop that only reads the clock cannot see, while a batch of
//! real work can, and such slow windows can outnumber the gaps (same section). So the spin
//! does work between its clock reads, in chunks of about [`CHUNK_NS`], and keeps every chunk's
//! length: the share of batch-long windows that ran slow enough to be set aside is then
//! counted directly ([`MachineStalls::windows_slowed`]).

use super::os::context_switches;
use super::pace_probe::{chain, steps_taking};
use super::stall_windows::slowed_share;
use crate::measure::timer_cost;
use std::hint::black_box;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long the spin lasts. At the rates above (hundreds of stalls a second) 20 ms sees
/// 10–20 stalls: enough to tell "hundreds a second" from "a few", with a sampling error of
/// about ±30% that the judgement's slack absorbs (`analysis::machine_noise`). It is paid
/// only by a comparison that set aside more than a few percent of its duos: a tenth of the
/// shortest default comparison's warmup.
pub const SPIN: Duration = Duration::from_millis(20);
/// Gaps up to this long are the loop's own cost (a clock read, a cache or TLB miss), never a
/// stall: the shortest stall that can move a duo past the fence is about 4% of a 10 µs batch.
const FLOOR_NS: u64 = 250;
/// The spin ends early once it has seen this many stalls: the rate is known by then, and the
/// list stays small even where every reading looks like a stall.
const MAX_STALLS: usize = 10_000;
/// Work between two clock reads of the spin, in nanoseconds: short against the shortest
/// batch a slowdown can push past the fence (about 10 µs), long against a clock read
/// (20–40 ns), so that the chunks' lengths show the machine's pace.
pub const CHUNK_NS: f64 = 500.0;

/// The stalls seen while one thread spun on the clock.
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct MachineStalls {
    /// Time the thread ran (the spin, less the gaps in which another thread ran), in
    /// nanoseconds.
    pub running_ns: u64,
    /// Every stall's length, in nanoseconds, shortest first.
    pub stalls_ns: Vec<u64>,
    /// Gaps during which the OS ran another thread: load, not the machine; not stalls.
    pub preemptions: usize,
    /// Gaps up to this long were not counted, in nanoseconds.
    pub floor_ns: u64,
    /// The length of every chunk of equal work the spin timed, in nanoseconds, in order
    /// (chunks across a preemption left out); empty where the spin only read the clock.
    pub chunks_ns: Vec<u32>,
}

impl MachineStalls {
    /// Stalls longer than `ns` per second of running (those longer than the floor when
    /// `ns` is below it, the only ones counted). 0 when nothing ran.
    #[must_use]
    pub fn per_second_above(&self, ns: f64) -> f64 {
        if self.running_ns == 0 {
            return 0.0;
        }
        let shorter = self.stalls_ns.partition_point(|&s| s as f64 <= ns);
        (self.stalls_ns.len() - shorter) as f64 * 1e9 / self.running_ns as f64
    }

    /// The share of windows of about `window_ns` of the spin's work that took more than
    /// `share` longer than at its median pace: the chance that the machine pushes a batch
    /// that long past a fence that far out, gaps and slower stretches together. `None` where
    /// the spin timed no chunks.
    #[must_use]
    pub fn windows_slowed(&self, window_ns: f64, share: f64) -> Option<f64> {
        slowed_share(&self.chunks_ns, window_ns, share)
    }

    /// The median length of the stalls longer than `ns`, in nanoseconds; `None` if none was.
    #[must_use]
    pub fn typical_above(&self, ns: f64) -> Option<f64> {
        let longer = &self.stalls_ns[self.stalls_ns.partition_point(|&s| s as f64 <= ns)..];
        (!longer.is_empty()).then(|| longer[longer.len() / 2] as f64)
    }
}

/// Counts stalls in a stream of clock readings (nanoseconds from any origin). Separate from
/// the clock so that its judgement can be tested on readings made up for the purpose.
#[derive(Debug)]
pub struct StallCounter {
    floor_ns: u64,
    first_ns: u64,
    previous_ns: u64,
    involuntary: Option<u64>,
    preempted_ns: u64,
    stalls: MachineStalls,
}

impl StallCounter {
    /// Starts counting at the reading `now_ns`, with the thread's involuntary context
    /// switches so far (`None` where the OS does not count them: every gap is then a stall).
    #[must_use]
    pub fn start(floor_ns: u64, now_ns: u64, involuntary: Option<u64>) -> Self {
        Self {
            floor_ns,
            first_ns: now_ns,
            previous_ns: now_ns,
            involuntary,
            preempted_ns: 0,
            stalls: MachineStalls {
                floor_ns,
                ..MachineStalls::default()
            },
        }
    }

    /// Takes the next reading, after `work_ns` of work since the last one (only the time
    /// beyond it is a gap). A gap above the floor is a preemption when the involuntary
    /// switches (read through `involuntary`, only then) grew across it, else a stall; `true`
    /// then, and the caller should [`resume`](Self::resume) from a fresh reading, so that the
    /// time `involuntary` took is not part of the next gap.
    pub fn read(
        &mut self,
        now_ns: u64,
        work_ns: u64,
        involuntary: impl FnOnce() -> Option<u64>,
    ) -> bool {
        let gap = now_ns
            .saturating_sub(self.previous_ns)
            .saturating_sub(work_ns);
        self.previous_ns = now_ns;
        if gap <= self.floor_ns {
            return false;
        }
        let switches = involuntary();
        if switches
            .zip(self.involuntary)
            .is_some_and(|(now, then)| now > then)
        {
            self.stalls.preemptions += 1;
            self.preempted_ns += gap;
        } else {
            self.stalls.stalls_ns.push(gap);
        }
        self.involuntary = switches;
        true
    }

    /// Continues from `now_ns` without counting the time since the last reading.
    pub fn resume(&mut self, now_ns: u64) {
        self.first_ns += now_ns.saturating_sub(self.previous_ns);
        self.previous_ns = now_ns;
    }

    /// Stalls seen so far.
    #[must_use]
    pub fn stalls(&self) -> usize {
        self.stalls.stalls_ns.len()
    }

    /// Time counted so far, in nanoseconds (the gaps skipped by `resume` excluded).
    #[must_use]
    pub fn elapsed_ns(&self) -> u64 {
        self.previous_ns - self.first_ns
    }

    /// The stalls, sorted, with the time the thread ran.
    #[must_use]
    pub fn finish(mut self) -> MachineStalls {
        self.stalls.running_ns = self.elapsed_ns().saturating_sub(self.preempted_ns);
        self.stalls.stalls_ns.sort_unstable();
        self.stalls
    }
}

/// This machine's stalls, measured by the first call in the process (a 20 ms spin
/// on the calling thread) and remembered.
#[must_use]
pub fn machine_stalls() -> &'static MachineStalls {
    static STALLS: OnceLock<MachineStalls> = OnceLock::new();
    STALLS.get_or_init(measure_stalls)
}

/// This machine's stalls now: a 20 ms spin on the calling thread. The rate and the length
/// of stalls change within minutes (docs/DESIGN-MEASUREMENTS.md, section "Interrupts,
/// preemption and the machine's stalls"), so a comparison's set-aside duos are judged
/// against a spin made right after it, not one made earlier in the process.
#[must_use]
pub fn measure_stalls() -> MachineStalls {
    // A coarse clock advances in steps: a step is not a stall.
    let floor_ns = FLOOR_NS.max(2 * timer_cost().resolution_ns.ceil() as u64);
    spin(SPIN, floor_ns)
}

/// Spins for `length` on chunks of work of about [`CHUNK_NS`] each, timed on the monotonic
/// clock (the one batches are timed with).
fn spin(length: Duration, floor_ns: u64) -> MachineStalls {
    let origin = Instant::now();
    let ns = || origin.elapsed().as_nanos() as u64;
    let involuntary = || context_switches().map(|s| s.involuntary);
    let (steps, chunk_ns) = calibrate_chunk(ns);
    let length_ns = length.as_nanos() as u64;
    let mut chunks = Vec::with_capacity((length_ns as f64 / CHUNK_NS) as usize + 1);
    let mut counter = StallCounter::start(floor_ns, ns(), involuntary());
    let mut state = 1;
    while counter.elapsed_ns() < length_ns && counter.stalls() < MAX_STALLS {
        let before = ns();
        counter.resume(before);
        state = chain(state, steps);
        let now = ns();
        let preempted = counter.stalls.preemptions;
        if counter.read(now, chunk_ns, involuntary) {
            counter.resume(ns());
        }
        if counter.stalls.preemptions == preempted {
            chunks.push(u32::try_from(now - before).unwrap_or(u32::MAX));
        }
    }
    black_box(state);
    let mut stalls = counter.finish();
    stalls.chunks_ns = coarsened(chunks, MAX_CHUNKS);
    stalls
}

/// Chunks kept per spin: a result keeps its spin until the run's reports are written, and
/// 40,000 chunks of 0.5 µs are 160 KB a comparison. Merged pairwise down to this, chunks of
/// a 20 ms spin last about 4 µs, still a fraction of the shortest batch a slowdown can
/// push past the fence.
const MAX_CHUNKS: usize = 8_192;

/// `chunks` with neighbours merged pairwise (their lengths added) until at most `most` are
/// left: every window's total over merged chunks is one it had before.
fn coarsened(mut chunks: Vec<u32>, most: usize) -> Vec<u32> {
    while chunks.len() > most.max(1) {
        chunks = chunks
            .chunks(2)
            .map(|pair| pair.iter().fold(0u32, |a, &b| a.saturating_add(b)))
            .collect();
    }
    chunks
}

/// Steps of [`chain`] that take about [`CHUNK_NS`], and the median time they took over a
/// few tries, in nanoseconds.
fn calibrate_chunk(ns: impl Fn() -> u64) -> (u64, u64) {
    let steps = steps_taking(CHUNK_NS);
    let mut tries: Vec<u64> = (0..15)
        .map(|_| {
            let start = ns();
            black_box(chain(1, steps));
            ns() - start
        })
        .collect();
    tries.sort_unstable();
    (steps, tries[tries.len() / 2])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds readings to a counter that starts at 0 with 0 involuntary switches; the
    /// switch count read at a gap is taken from `switches` in turn.
    fn count(readings: &[u64], switches: &[u64]) -> MachineStalls {
        let mut counter = StallCounter::start(250, 0, Some(0));
        let mut switches = switches.iter().copied();
        for &t in readings {
            counter.read(t, 0, || switches.next());
        }
        counter.finish()
    }

    #[test]
    fn gaps_above_the_floor_are_stalls_and_the_rest_is_the_loop() {
        // Readings 30 ns apart, with a 1 µs gap and a 20 µs gap; 250 ns is not above the floor.
        let readings = [30, 60, 1_060, 1_090, 1_340, 21_340, 21_370];
        let stalls = count(&readings, &[0, 0]);
        assert_eq!(stalls.stalls_ns, [1_000, 20_000]);
        assert_eq!(stalls.preemptions, 0);
        assert_eq!(stalls.running_ns, 21_370);
        // Two stalls in 21.37 µs: about 93,590 a second; one above 5 µs.
        assert!((stalls.per_second_above(0.0) - 2e9 / 21_370.0).abs() < 1e-6);
        assert!((stalls.per_second_above(5_000.0) - 1e9 / 21_370.0).abs() < 1e-6);
        assert_eq!(stalls.per_second_above(20_000.0), 0.0);
        assert_eq!(stalls.typical_above(5_000.0), Some(20_000.0));
        assert_eq!(stalls.typical_above(20_000.0), None);
    }

    #[test]
    fn a_gap_across_a_context_switch_is_load_not_a_stall() {
        // The second gap saw the involuntary count rise: another thread ran for 2 ms.
        let readings = [30, 5_030, 2_005_030, 2_005_060, 2_008_060];
        let stalls = count(&readings, &[0, 1, 1]);
        assert_eq!(stalls.stalls_ns, [3_000, 5_000]);
        assert_eq!(stalls.preemptions, 1);
        assert_eq!(stalls.running_ns, 2_008_060 - 2_000_000);
        // Without the OS's count, the same gap is taken for a stall.
        let mut blind = StallCounter::start(250, 0, None);
        for t in readings {
            blind.read(t, 0, || None);
        }
        assert_eq!(blind.finish().stalls_ns, [3_000, 5_000, 2_000_000]);
    }

    #[test]
    fn the_time_spent_asking_the_os_is_not_a_gap() {
        let mut counter = StallCounter::start(250, 0, Some(0));
        assert!(counter.read(10_000, 0, || Some(0)));
        // Reading the switch count took 400 ns; from there on the loop is quiet.
        counter.resume(10_400);
        assert!(!counter.read(10_430, 0, || unreachable!("no gap: the OS is not asked")));
        let stalls = counter.finish();
        assert_eq!(stalls.stalls_ns, [10_000]);
        assert_eq!(stalls.running_ns, 10_030);
    }

    #[test]
    fn the_real_spin_counts_within_its_length() {
        let stalls = spin(Duration::from_millis(2), 250);
        let ms = stalls.running_ns as f64 / 1e6;
        // Time the OS took the thread away is not running time: a spin preempted for most
        // of its 2 ms (the test suite's other threads on two cores) ran less than 1 ms of
        // them, and only a spin left alone is held to its length.
        let alone = stalls.preemptions == 0;
        let least = if alone { 1.0 } else { 0.0 };
        assert!(
            ms > least && ms < 50.0,
            "{ms} ms, {} preemptions, stalls {:?}",
            stalls.preemptions,
            stalls.stalls_ns
        );
        assert!(stalls.stalls_ns.windows(2).all(|w| w[0] <= w[1]));
        assert!(stalls.stalls_ns.iter().all(|&s| s > 250));
        // Chunks of about CHUNK_NS fill the running time (wide bounds: a busy machine slows
        // them).
        let chunks = stalls.chunks_ns.len();
        let fewest = if alone { 200 } else { 1 };
        assert!((fewest..=MAX_CHUNKS).contains(&chunks), "{chunks} chunks");
        let share = stalls.windows_slowed(20_000.0, 0.04).unwrap();
        assert!((0.0..=1.0).contains(&share), "{share}");
    }

    #[test]
    fn chunks_are_merged_pairwise_down_to_the_cap() {
        let chunks: Vec<u32> = (1..=10).collect();
        assert_eq!(coarsened(chunks.clone(), 10), chunks);
        assert_eq!(coarsened(chunks.clone(), 5), [3, 7, 11, 15, 19]);
        assert_eq!(coarsened(chunks, 4), [10, 26, 19]);
        assert_eq!(coarsened(vec![u32::MAX, 1], 1), [u32::MAX]);
    }

    #[test]
    fn work_between_readings_is_not_a_gap() {
        let mut counter = StallCounter::start(250, 0, Some(0));
        // 500 ns of work, then 600 ns: 100 ns beyond the work is no stall; 2 µs is one.
        assert!(!counter.read(500, 500, || unreachable!("no gap")));
        assert!(!counter.read(1_100, 500, || unreachable!("no gap")));
        assert!(counter.read(3_600, 500, || Some(0)));
        assert_eq!(counter.finish().stalls_ns, [2_000]);
    }
}
