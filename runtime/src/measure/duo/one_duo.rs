//! One duo: four timed batches in alternating order, with the OS's evidence read around
//! them (outside the timed regions).
//!
//! Where the evidence is read, and why (a reading costs well under a microsecond; see
//! docs/DESIGN-MEASUREMENTS.md):
//! - context switches around every duo: under 1% of the shortest duo (four batches of at
//!   least 20 µs), and enough to know whether the scheduler preempted the duo;
//! - thread CPU time and context switches around every batch only when batches last at least
//!   [`LONG_BATCH_NS`]: the readings then cost about a thousandth of a duo, and only
//!   there is the CPU clock's cost and granularity negligible against a batch. Shorter
//!   batches are judged on wall time, where preempted duos are set aside instead.

use crate::decide::DuoTimes;
use crate::measure::TimeBatch;
use crate::measure::{context_switches, thread_cpu_time_ns, ContextSwitches};

/// Iterations per batch, (first routine, second routine): see `super::sizes`.
pub type Sizes = [u64; 2];

/// Batches at least this long (wall time, nanoseconds) are "long": the OS's evidence is read
/// per batch, they may be judged on CPU time, and warmup may end as soon as it is stable.
pub const LONG_BATCH_NS: f64 = 1_000_000.0;

/// Where the duo loop gets the OS's evidence from. The real one asks the kernel; tests inject
/// their own to simulate preemption without relying on the scheduler.
pub trait ThreadCounters {
    /// Context switches of the measuring thread so far, if the OS counts them.
    fn switches(&mut self) -> Option<ContextSwitches>;
    /// CPU time of the measuring thread so far, in nanoseconds, if the OS has that clock.
    fn cpu_ns(&mut self) -> Option<u64>;
}

/// The kernel's own counters for the calling thread.
pub struct KernelCounters;

impl ThreadCounters for KernelCounters {
    fn switches(&mut self) -> Option<ContextSwitches> {
        context_switches()
    }

    fn cpu_ns(&mut self) -> Option<u64> {
        thread_cpu_time_ns()
    }
}

/// Batch slots of a duo, in this order: first (forward pair), second (forward pair), second
/// (backward pair), first (backward pair).
pub const SLOTS: usize = 4;
/// Slots holding the first routine's batches.
pub const FIRST_SLOTS: [usize; 2] = [0, 3];
/// Slots holding the second routine's batches.
pub const SECOND_SLOTS: [usize; 2] = [1, 2];

/// What one duo measured: net wall time per batch, and what the OS said about it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeasuredDuo {
    /// Iterations in each batch of the first routine and of the second.
    pub iters: Sizes,
    /// Net wall time of each batch (timer overhead subtracted), in nanoseconds, by slot.
    pub wall_ns: [f64; SLOTS],
    /// Thread CPU time of each batch, by slot, when read per batch (long batches only).
    pub cpu_ns: Option<[f64; SLOTS]>,
    /// Context switches during each batch, by slot, when read per batch.
    pub batch_switches: Option<[ContextSwitches; SLOTS]>,
    /// Context switches over the whole duo, if the OS counts them.
    pub switches: Option<ContextSwitches>,
}

impl MeasuredDuo {
    /// A duo with wall times only, as on an OS without per-thread counters.
    #[cfg(test)]
    #[must_use]
    pub fn wall_only(wall_ns: [f64; SLOTS]) -> Self {
        Self {
            iters: [1, 1],
            wall_ns,
            cpu_ns: None,
            batch_switches: None,
            switches: None,
        }
    }

    /// Whether the scheduler took the core away during the duo (direct evidence).
    #[must_use]
    pub fn preempted(&self) -> bool {
        self.switches.is_some_and(|s| s.involuntary > 0)
    }

    /// What preemption cost the duo, where it was read per batch: the largest share of a
    /// preempted batch's wall time the thread spent off the CPU. `None` without per-batch
    /// evidence, where only the duo's switch count says it was preempted.
    #[must_use]
    pub fn preemption_cost(&self) -> Option<f64> {
        let (cpu, switches) = (self.cpu_ns?, self.batch_switches?);
        let hit = (0..SLOTS).filter(|&slot| switches[slot].involuntary > 0);
        Some(hit.fold(0.0, |cost: f64, slot| {
            let wall = self.wall_ns[slot];
            cost.max(((wall - cpu[slot]) / wall).max(0.0))
        }))
    }

    /// Whether the measuring thread gave up the core itself during the duo: a routine that
    /// sleeps, waits or blocks.
    #[must_use]
    pub fn waited(&self) -> bool {
        self.switches.is_some_and(|s| s.voluntary > 0)
    }

    /// Batch times on the wall clock, or on the thread CPU clock (`cpu`) when it was read.
    #[must_use]
    pub fn times(&self, cpu: bool) -> [f64; SLOTS] {
        match self.cpu_ns {
            Some(cpu_ns) if cpu => cpu_ns.map(|t| t.max(1.0)),
            _ => self.wall_ns,
        }
    }

    /// The four batch times on the wall clock, or on the thread CPU clock (`cpu`), per
    /// iteration, as the sequential test takes them: each routine's batches hold their own
    /// number of iterations, and what is compared is the time of one.
    #[must_use]
    pub fn duo_times(&self, cpu: bool) -> DuoTimes {
        let t = self.times(cpu);
        let [first, second] = self.iters.map(|k| k.max(1) as f64);
        DuoTimes {
            first_forward: t[0] / first,
            second_forward: t[1] / second,
            second_backward: t[2] / second,
            first_backward: t[3] / first,
        }
    }

    /// Each routine's time per iteration (first, second) in the shorter of its two batches,
    /// wall time: what sizes its batches.
    #[must_use]
    pub fn per_iter_ns(&self) -> [f64; 2] {
        let [first, second] =
            [FIRST_SLOTS, SECOND_SLOTS].map(|[a, b]| self.wall_ns[a].min(self.wall_ns[b]));
        [
            first / self.iters[0].max(1) as f64,
            second / self.iters[1].max(1) as f64,
        ]
    }

    /// The shortest batch, wall time.
    #[must_use]
    pub fn fastest_batch_ns(&self) -> f64 {
        self.wall_ns.iter().copied().fold(f64::INFINITY, f64::min)
    }

    /// All four batches, wall time.
    #[must_use]
    pub fn total_ns(&self) -> f64 {
        self.wall_ns.iter().sum()
    }
}

/// Both routines with their batch sizes.
pub struct Duo<A: TimeBatch, B: TimeBatch, P: ThreadCounters> {
    pub first: A,
    pub second: B,
    /// Iterations per batch of the first routine and of the second.
    pub iters: Sizes,
    pub overhead_ns: f64,
    /// Whether the last duo ran in mirrored order.
    pub mirrored: bool,
    /// Read CPU time and switches around every batch, not only around the duo.
    pub per_batch: bool,
    pub counters: P,
}

impl<A: TimeBatch, B: TimeBatch, P: ThreadCounters> Duo<A, B, P> {
    /// Runs one duo whose timings are thrown away (to let the machine settle after printing
    /// progress), keeping the alternation of orientations of the recorded duos intact.
    pub fn discard(&mut self) {
        self.measure();
        self.mirrored = !self.mirrored;
    }

    /// One duo: (first, second), then (second, first) — or, every other duo, the mirror
    /// image (second, first), then (first, second). The first batch of a duo runs right after
    /// the loop's own bookkeeping, which leaves caches and branch predictors slightly
    /// disturbed; alternating gives that position to each routine equally often, so it
    /// cannot bias the ratio (without it, a nanosecond-scale routine compared with itself
    /// leans to one side; docs/DESIGN-MEASUREMENTS.md).
    pub fn measure(&mut self) -> MeasuredDuo {
        self.mirrored = !self.mirrored;
        let order = if self.mirrored {
            [2, 3, 0, 1]
        } else {
            [0, 1, 2, 3]
        };
        let per_batch = self.per_batch;
        let mut wall_ns = [0.0; SLOTS];
        let mut cpu_ns = [0.0; SLOTS];
        let mut batch_switches = [ContextSwitches::default(); SLOTS];
        let (mut cpu_ok, mut switches_ok) = (per_batch, per_batch);
        let start_switches = self.counters.switches();
        let mut last_switches = start_switches;
        let mut last_cpu = if per_batch {
            self.counters.cpu_ns()
        } else {
            None
        };
        for slot in order {
            wall_ns[slot] = if FIRST_SLOTS.contains(&slot) {
                self.first.time_batch(self.iters[0])
            } else {
                self.second.time_batch(self.iters[1])
            };
            if per_batch {
                let (cpu, switches) = (self.counters.cpu_ns(), self.counters.switches());
                match (last_cpu, cpu) {
                    (Some(a), Some(b)) => cpu_ns[slot] = b.saturating_sub(a) as f64,
                    _ => cpu_ok = false,
                }
                match (last_switches, switches) {
                    (Some(a), Some(b)) => batch_switches[slot] = b.since(a),
                    _ => switches_ok = false,
                }
                (last_cpu, last_switches) = (cpu, switches);
            }
        }
        let end_switches = if per_batch {
            last_switches
        } else {
            self.counters.switches()
        };
        MeasuredDuo {
            iters: self.iters,
            wall_ns: wall_ns.map(|ns| (ns - self.overhead_ns).max(1.0)),
            cpu_ns: cpu_ok.then_some(cpu_ns),
            batch_switches: switches_ok.then_some(batch_switches),
            switches: start_switches.zip(end_switches).map(|(a, b)| b.since(a)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::BatchRunner;
    use std::cell::RefCell;

    #[test]
    fn duos_alternate_orientation_and_discarded_duos_keep_the_alternation() {
        let order = RefCell::new(String::new());
        let mut duo = Duo {
            first: BatchRunner::new(|| order.borrow_mut().push('F')),
            second: BatchRunner::new(|| order.borrow_mut().push('S')),
            iters: [1, 1],
            overhead_ns: 0.0,
            mirrored: false,
            per_batch: false,
            counters: KernelCounters,
        };
        duo.measure();
        duo.measure();
        assert_eq!(order.borrow().as_str(), "SFFSFSSF");
        order.borrow_mut().clear();
        duo.discard();
        duo.measure();
        // The discarded duo does not count: the recorded one is the mirror of the last
        // recorded one.
        assert_eq!(&order.borrow()[4..], "SFFS");
    }

    #[test]
    fn per_batch_evidence_lands_in_the_slots_that_ran() {
        let mut duo = Duo {
            first: BatchRunner::new(|| std::thread::sleep(std::time::Duration::from_millis(2))),
            second: BatchRunner::new(|| std::hint::black_box(1)),
            iters: [1, 1],
            overhead_ns: 0.0,
            mirrored: false,
            per_batch: true,
            counters: KernelCounters,
        };
        for _ in 0..2 {
            let t = duo.measure();
            if !cfg!(target_os = "linux") {
                assert_eq!(t.cpu_ns, None);
                continue;
            }
            let cpu = t.cpu_ns.expect("read per batch");
            let switches = t.batch_switches.expect("read per batch");
            for slot in FIRST_SLOTS {
                assert!(t.wall_ns[slot] >= 2e6);
                assert!(cpu[slot] < 0.5 * t.wall_ns[slot], "{t:?}");
                assert!(switches[slot].voluntary >= 1, "{t:?}");
            }
            assert!(t.waited());
        }
    }
}
