//! Which clock judges a comparison: wall time, or the measuring thread's CPU time.
//!
//! When the machine is busy, the scheduler hands the core to other processes in the middle of
//! a batch, and wall time counts that stolen time. The thread's CPU time does not. For a
//! routine that only computes, CPU time is the same cost minus the theft, so it is the honest
//! clock. For a routine that sleeps, waits on I/O or on other threads, CPU time would hide the
//! waiting a caller pays, so such a routine is judged on wall time. The choice is made per
//! comparison from the pilot duos (measured before the test starts), and is conservative:
//! any sign of waiting, too little evidence, or batches too short for the CPU clock, and wall
//! time judges.

use super::one_duo::{MeasuredDuo, FIRST_SLOTS, LONG_BATCH_NS, SECOND_SLOTS};
use crate::stats::median;

/// CPU time must be at least this share of wall time, summed over each routine's
/// undisturbed pilot batches, for the routine to count as CPU-bound.
pub const CPU_BOUND_SHARE: f64 = 0.98;
/// The bar for the median CPU share when too few pilot batches ran undisturbed.
pub const CPU_BOUND_SHARE_DISTURBED: f64 = 0.995;
/// Undisturbed pilot batches needed per routine before CPU time may judge.
pub const MIN_UNDISTURBED_BATCHES: usize = 4;

/// The clock whose batch times feed the sequential test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Elapsed real time: what a caller waits.
    Wall,
    /// CPU time of the measuring thread: the routine's own work, without time other
    /// processes took.
    ThreadCpu,
}

impl Clock {
    /// The name used in the report and the JSON: `wall` or `thread_cpu`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Clock::Wall => "wall",
            Clock::ThreadCpu => "thread_cpu",
        }
    }
}

/// Why a clock was chosen, for the report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ClockReason {
    /// Both routines ran on the CPU the whole time in undisturbed pilot batches: the smaller
    /// of their CPU/wall shares.
    CpuBound {
        /// min over both routines of (CPU time / wall time) in undisturbed pilot batches.
        cpu_share: f64,
    },
    /// Batches shorter than 1 ms: the CPU clock's cost is not negligible there.
    ShortBatches,
    /// The OS gives no per-thread CPU time or context switches.
    NoThreadClock,
    /// The measuring thread gave up the core itself in the pilot: a routine sleeps or waits.
    Waits,
    /// A routine's CPU time fell short of its wall time in undisturbed batches.
    NotCpuBound {
        /// min over both routines of (CPU time / wall time) in undisturbed pilot batches.
        cpu_share: f64,
    },
    /// Too few pilot batches ran undisturbed to tell.
    TooFewUndisturbed,
    /// A duo during the test showed the thread waiting; the test restarted on wall time.
    WaitedDuringTest,
    /// No clock judged: the routines' calls were counted under Valgrind.
    Counted,
}

impl ClockReason {
    /// A short explanation for the report.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            ClockReason::CpuBound { cpu_share } => format!(
                "CPU-bound: CPU time {:.1}% of wall time in undisturbed pilot batches",
                100.0 * cpu_share
            ),
            ClockReason::ShortBatches => "batches too short for the CPU clock".to_owned(),
            ClockReason::NoThreadClock => "no per-thread CPU clock on this OS".to_owned(),
            ClockReason::Waits => {
                "a routine sleeps or waits (voluntary context switches)".to_owned()
            }
            ClockReason::NotCpuBound { cpu_share } => format!(
                "not CPU-bound: CPU time {:.1}% of wall time",
                100.0 * cpu_share
            ),
            ClockReason::TooFewUndisturbed => "too few undisturbed pilot batches".to_owned(),
            ClockReason::WaitedDuringTest => {
                "a routine waited during the test (voluntary context switches)".to_owned()
            }
            ClockReason::Counted => "no clock: calls counted under Valgrind".to_owned(),
        }
    }
}

/// Chooses the clock from the pilot duos, all measured at the final batch size.
#[must_use]
pub fn choose_clock(pilot: &[MeasuredDuo]) -> (Clock, ClockReason) {
    let wall = |reason| (Clock::Wall, reason);
    if pilot.is_empty() || pilot.iter().any(|d| d.fastest_batch_ns() < LONG_BATCH_NS) {
        return wall(ClockReason::ShortBatches);
    }
    if pilot
        .iter()
        .any(|d| d.cpu_ns.is_none() || d.batch_switches.is_none() || d.switches.is_none())
    {
        return wall(ClockReason::NoThreadClock);
    }
    if pilot.iter().any(MeasuredDuo::waited) {
        return wall(ClockReason::Waits);
    }
    let (Some(first), Some(second)) = (
        routine_share(pilot, FIRST_SLOTS),
        routine_share(pilot, SECOND_SLOTS),
    ) else {
        return wall(ClockReason::TooFewUndisturbed);
    };
    let cpu_share = first.min(second);
    if cpu_share >= CPU_BOUND_SHARE {
        (Clock::ThreadCpu, ClockReason::CpuBound { cpu_share })
    } else {
        wall(ClockReason::NotCpuBound { cpu_share })
    }
}

/// A routine's CPU share in the pilot: summed over its undisturbed batches when there are
/// enough of them; otherwise the median over all its batches, which must then reach
/// [`CPU_BOUND_SHARE_DISTURBED`] to count. Every batch may show an involuntary switch on a
/// busy machine (the serving children of a cross-version comparison see them in most
/// batches there), mostly switches that cost the batch nothing; the median over them still
/// tells a routine that only computes. A routine whose own helper thread preempts it in
/// every batch loses CPU share in every batch, and the stricter bar keeps what CPU time
/// could hide of such work under 0.5%.
fn routine_share(pilot: &[MeasuredDuo], slots: [usize; 2]) -> Option<f64> {
    let (mut cpu, mut wall, mut undisturbed) = (0.0, 0.0, 0);
    let mut shares = Vec::new();
    for duo in pilot {
        let (Some(cpus), Some(switches)) = (duo.cpu_ns, duo.batch_switches) else {
            continue;
        };
        for slot in slots {
            shares.push(cpus[slot] / duo.wall_ns[slot]);
            if switches[slot].involuntary == 0 {
                cpu += cpus[slot];
                wall += duo.wall_ns[slot];
                undisturbed += 1;
            }
        }
    }
    if undisturbed >= MIN_UNDISTURBED_BATCHES {
        return Some(cpu / wall);
    }
    if shares.len() < 2 * MIN_UNDISTURBED_BATCHES {
        return None;
    }
    shares.sort_by(f64::total_cmp);
    let typical = median(&shares);
    // Below the stricter bar the evidence is too weak either way: wall time judges.
    (typical >= CPU_BOUND_SHARE_DISTURBED).then_some(typical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measure::ContextSwitches;

    const CALM: ContextSwitches = ContextSwitches {
        voluntary: 0,
        involuntary: 0,
    };
    const PREEMPTED: ContextSwitches = ContextSwitches {
        voluntary: 0,
        involuntary: 1,
    };

    /// A long duo whose routines use `cpu_share` of their wall time on the CPU.
    fn duo(cpu_share: f64, batch: [ContextSwitches; 4]) -> MeasuredDuo {
        let wall = [2.0e6, 2.1e6, 2.1e6, 2.0e6];
        let total = batch.iter().fold(CALM, |a, b| ContextSwitches {
            voluntary: a.voluntary + b.voluntary,
            involuntary: a.involuntary + b.involuntary,
        });
        MeasuredDuo {
            iters: [1, 1],
            wall_ns: wall,
            cpu_ns: Some(wall.map(|w| w * cpu_share)),
            batch_switches: Some(batch),
            switches: Some(total),
        }
    }

    #[test]
    fn cpu_bound_long_batches_are_judged_on_cpu_time() {
        let pilot = vec![duo(0.995, [CALM; 4]); 8];
        let (clock, reason) = choose_clock(&pilot);
        assert_eq!(clock, Clock::ThreadCpu);
        assert!(matches!(reason, ClockReason::CpuBound { cpu_share } if cpu_share > 0.99));
    }

    #[test]
    fn preempted_batches_do_not_count_against_a_cpu_bound_routine() {
        // Preempted batches lose CPU share to the thief, which says nothing about the
        // routine; the undisturbed ones decide.
        let mut pilot = vec![duo(0.995, [CALM; 4]); 4];
        let mut stolen = duo(0.995, [PREEMPTED, CALM, PREEMPTED, CALM]);
        stolen.cpu_ns = Some([1.0e6, 2.09e6, 1.0e6, 1.99e6]);
        pilot.extend([stolen; 4]);
        assert_eq!(choose_clock(&pilot).0, Clock::ThreadCpu);
    }

    #[test]
    fn a_routine_that_waits_is_judged_on_wall_time() {
        let sleeper = ContextSwitches {
            voluntary: 1,
            involuntary: 0,
        };
        let mut pilot = vec![duo(0.995, [CALM; 4]); 7];
        pilot.push(duo(0.995, [sleeper, CALM, CALM, CALM]));
        assert_eq!(choose_clock(&pilot), (Clock::Wall, ClockReason::Waits));
        // Waiting without a switch (spinning on another thread's result would not count,
        // but a share of off-CPU time does).
        let pilot = vec![duo(0.9, [CALM; 4]); 8];
        assert!(matches!(
            choose_clock(&pilot),
            (Clock::Wall, ClockReason::NotCpuBound { cpu_share }) if (cpu_share - 0.9).abs() < 1e-9
        ));
    }

    #[test]
    fn short_batches_missing_counters_and_scarce_evidence_mean_wall_time() {
        let mut short = duo(1.0, [CALM; 4]);
        short.wall_ns = [20_000.0; 4];
        assert_eq!(choose_clock(&[short; 8]).1, ClockReason::ShortBatches);
        assert_eq!(choose_clock(&[]).1, ClockReason::ShortBatches);
        let bare = MeasuredDuo::wall_only([2.0e6; 4]);
        assert_eq!(choose_clock(&[bare; 8]).1, ClockReason::NoThreadClock);
        let busy = vec![duo(0.99, [PREEMPTED; 4]); 8];
        assert_eq!(choose_clock(&busy).1, ClockReason::TooFewUndisturbed);
        assert_eq!(choose_clock(&busy[..3]).1, ClockReason::TooFewUndisturbed);
    }

    #[test]
    fn switches_that_cost_nothing_in_every_batch_leave_a_cpu_bound_routine_on_cpu_time() {
        // Every batch shows an involuntary switch, most took nothing from it: the median
        // share over all batches is the routine's own.
        let mut pilot = vec![duo(0.999, [PREEMPTED; 4]); 6];
        let mut stolen = duo(0.999, [PREEMPTED; 4]);
        stolen.cpu_ns = Some([1.0e6, 1.0e6, 1.0e6, 1.0e6]);
        pilot.extend([stolen; 2]);
        assert_eq!(choose_clock(&pilot).0, Clock::ThreadCpu);
        // A routine whose own helper thread takes 1% of every batch from it is not.
        let helped = vec![duo(0.99, [PREEMPTED; 4]); 8];
        assert_eq!(choose_clock(&helped).0, Clock::Wall);
    }
}
