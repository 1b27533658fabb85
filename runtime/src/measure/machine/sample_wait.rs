//! What kept the measuring thread from its core during one `#[bench]` sample: the kernel's
//! run-queue wait (`contention`, Linux's schedstat) and the involuntary context switches
//! (`os`, `getrusage`), read right before and right after the sample's batch, outside its
//! timed region, with the wall time between the two readings.
//!
//! A sample the thread spent partly waiting for a core is a figure of the wait as much as of
//! the routine: on a two-core machine beside a build, most samples of tens of milliseconds
//! are. The readings cost about two microseconds a sample, which no batch of a nanosecond
//! routine pays: they sit between samples, as the pace probe does.

use super::contention::RunDelay;
use super::os::context_switches;
use std::time::Instant;

/// What the platform tells about a sample's wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WaitEvidence {
    /// How long the thread waited for a core (Linux's schedstat): a sample is judged by it.
    RunDelay,
    /// Only whether the scheduler took the core away (involuntary context switches): a
    /// sample with one is judged disturbed, however short the switch.
    Switches,
    /// Nothing: the platform says neither, and no sample is told apart.
    None,
}

/// One sample's readings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleWait {
    /// Wall time between the readings before and after the sample, in nanoseconds: the
    /// sample's batch and what it does besides its timed region (setup, drops).
    pub window_ns: f64,
    /// Nanoseconds the thread waited for a core between the two readings (`None`: not read).
    pub waited_ns: Option<u64>,
    /// Involuntary context switches between the two readings (`None`: not counted).
    pub involuntary: Option<u64>,
}

impl SampleWait {
    /// A sample with no reading, of `window_ns`.
    #[must_use]
    pub fn unread(window_ns: f64) -> Self {
        Self {
            window_ns,
            waited_ns: None,
            involuntary: None,
        }
    }

    /// What the readings are.
    #[must_use]
    pub fn evidence(&self) -> WaitEvidence {
        match (self.waited_ns, self.involuntary) {
            (Some(_), _) => WaitEvidence::RunDelay,
            (None, Some(_)) => WaitEvidence::Switches,
            (None, None) => WaitEvidence::None,
        }
    }
}

/// What a run's samples waited for a core, and what the analysis did about it
/// (`analysis::set_aside_waiting_samples`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Waiting {
    /// What the platform told.
    pub evidence: WaitEvidence,
    /// Samples taken, before any was set aside.
    pub samples: usize,
    /// Share of the samples' wall time the thread waited for a core, over every sample
    /// taken (`None` where the wait was not read).
    pub share: Option<f64>,
    /// Samples the wait disturbed: it took more than 1% of their time, or (with switches
    /// only) the scheduler took the core away during them.
    pub disturbed: usize,
    /// Of those, samples set aside: every figure rests on the others.
    pub set_aside: usize,
    /// Whether too few samples ran undisturbed to rest the figures on them: every sample is
    /// then kept, each scaled to its time on the core, and the figures rest on disturbed
    /// samples.
    pub rests_on_disturbed: bool,
    /// Share of the kept samples' wall time that waited and is still in their times: the
    /// undisturbed samples' short waits, or none where the samples were scaled to their
    /// time on the core (`None`: not read).
    pub figure_share: Option<f64>,
}

/// The readers of the measuring thread's waits, opened on that thread.
#[derive(Debug)]
pub struct WaitMeter {
    run_delay: RunDelay,
}

/// The readings at one moment.
#[derive(Clone, Copy, Debug)]
pub struct WaitMark {
    at: Instant,
    waited_ns: Option<u64>,
    involuntary: Option<u64>,
}

impl WaitMeter {
    /// The meter of the calling thread.
    #[must_use]
    pub fn of_this_thread() -> Self {
        Self {
            run_delay: RunDelay::of_this_thread(),
        }
    }

    /// Readings before a sample: the counters first, then the clock, so that the window
    /// holds no reading's own cost.
    pub fn before(&mut self) -> WaitMark {
        let waited_ns = self.run_delay.wait_ns();
        let involuntary = context_switches().map(|s| s.involuntary);
        WaitMark {
            at: Instant::now(),
            waited_ns,
            involuntary,
        }
    }

    /// What happened since `before`, read after the sample: the clock first, then the
    /// counters.
    pub fn since(&mut self, before: WaitMark) -> SampleWait {
        let window_ns = before.at.elapsed().as_nanos() as f64;
        let waited_ns = self.run_delay.wait_ns();
        let involuntary = context_switches().map(|s| s.involuntary);
        SampleWait {
            window_ns,
            waited_ns: waited_ns
                .zip(before.waited_ns)
                .map(|(now, then)| now.saturating_sub(then)),
            involuntary: involuntary
                .zip(before.involuntary)
                .map(|(now, then)| now.saturating_sub(then)),
        }
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_sample_beside_more_spinners_than_cores_shows_its_wait_and_a_sleep_does_not() {
        let mut meter = WaitMeter::of_this_thread();
        // A sleep is no wait for a core: the thread gave the core up itself.
        let before = meter.before();
        std::thread::sleep(Duration::from_millis(5));
        let slept = meter.since(before);
        assert_eq!(slept.evidence(), WaitEvidence::RunDelay);
        assert!(slept.window_ns >= 5e6, "{slept:?}");
        // Waking up, it may wait for a core (other tests run beside), but not while it slept.
        assert!(
            slept.waited_ns.unwrap() as f64 <= slept.window_ns - 5e6,
            "{slept:?}"
        );
        // Three spinners a core beside a spinning sample: it waits for a core.
        let busy = crate::fixture::busy::spinners(3, Duration::from_millis(200));
        let before = meter.before();
        crate::fixture::busy::spin_for(Duration::from_millis(100));
        let spun = meter.since(before);
        for t in busy {
            t.join().unwrap();
        }
        assert!(spun.waited_ns.unwrap() > 0, "{spun:?}");
        assert!(spun.involuntary.unwrap() > 0, "{spun:?}");
    }
}
