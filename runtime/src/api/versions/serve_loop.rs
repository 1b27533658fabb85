//! Serve mode, the child's side inside a trial: times the batches the parent asks for, and
//! the one-line messages both directions use (the trial loop is `harness::version_setup`).

use super::protocol::{BatchReport, Reply, Request};
use crate::measure::TimeBatch;
use crate::measure::{context_switches, thread_cpu_time_ns};
use std::io::{BufRead, Write};
use std::time::Instant;

/// Inside a `Bencher::iter*` call of the child: times the batches asked for until `done`.
///
/// # Panics
///
/// On a request that makes no sense here (the serve loop reports it to the parent).
pub fn serve_batches(side: &mut dyn TimeBatch) {
    send(&Reply::Ready);
    let mut batches = Batches::default();
    loop {
        match Request::parse(&next_request()) {
            Ok(Request::Batch(iters)) => send(&Reply::Batch(batches.timed(side, iters))),
            Ok(Request::Done) => return,
            Ok(other) => panic!("unexpected `{other}` during a trial"),
            Err(e) => panic!("{e}"),
        }
    }
}

/// Routines of at most this long a call start each batch with one untimed call (see
/// [`Batches`]); past it, what a call finds gone from the caches is a small share of the
/// call, while a further call would double the batch's time.
const WARM_CALL_MAX_NS: f64 = 1_000_000.0;

/// The batches of one serving process. Between two of them the process waits for the next
/// request: it sleeps on its pipe while the other serving process runs its batch on the same
/// CPU and the kernel carries the messages, and comes back to caches and translations that no
/// longer hold its routine's data. Within one process the measuring thread goes from one
/// batch to the next without that, and a routine whose data fills the caches would read
/// slower across processes than within one for it: a cost of the serving, not of the
/// routine. So a batch of a routine of at most [`WARM_CALL_MAX_NS`] a call starts with one
/// call outside the timed region, which brings back what the previous batch's calls left,
/// as they leave it within one process.
#[derive(Debug, Default)]
struct Batches {
    /// The last batch's wall time per call: none before the first, which is the warmup's.
    /// Read here, not from the batch's value, which is the trial's measure (CPU time, or a
    /// measurement of the user's in units of its own).
    per_call_ns: Option<f64>,
}

impl Batches {
    /// Times a batch of `iters`, after one untimed call when the routine is short.
    fn timed(&mut self, side: &mut dyn TimeBatch, iters: u64) -> BatchReport {
        if self.per_call_ns.is_some_and(|ns| ns <= WARM_CALL_MAX_NS) {
            side.time_batch(1);
        }
        let started = Instant::now();
        let report = timed(side, iters);
        self.per_call_ns = Some(started.elapsed().as_nanos() as f64 / iters.max(1) as f64);
        report
    }
}

/// Times one batch, with the thread's CPU time and context switches read around it (outside
/// the timed region): the comparing process judges preemption and the CPU clock on the
/// serving thread's own evidence, as `#[bench_diff]` does on its measuring thread.
fn timed(side: &mut dyn TimeBatch, iters: u64) -> BatchReport {
    let (cpu_before, switches_before) = (thread_cpu_time_ns(), context_switches());
    let ns = side.time_batch(iters);
    let (cpu_after, switches_after) = (thread_cpu_time_ns(), context_switches());
    BatchReport {
        ns,
        cpu_ns: cpu_after.zip(cpu_before).map(|(a, b)| a.saturating_sub(b)),
        switches: switches_after.zip(switches_before).map(|(a, b)| a.since(b)),
    }
}

/// Leaves Ctrl-C and SIGTERM to the comparing process. A terminal's Ctrl-C (and a CI
/// runner's cancel) reaches the whole process group: a serving child that died of it would
/// turn the parent's orderly stop (abandon the running trial, write the finished ones) into
/// a failed trial. The parent closes the child's stdin when it stops, and the child exits
/// then; if the parent itself dies, its end of the pipe closes all the same.
pub(crate) fn leave_interrupts_to_the_parent() {
    #[cfg(unix)]
    let signals = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
    #[cfg(not(unix))]
    let signals = [signal_hook::consts::SIGINT];
    let ignored = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    for signal in signals {
        // Not installed: the child dies with the parent's group, which says so in one line.
        let _ = signal_hook::flag::register(signal, std::sync::Arc::clone(&ignored));
    }
}

/// The next request line; exits the process when the parent has closed stdin.
pub(crate) fn next_request() -> String {
    let mut line = String::new();
    match std::io::stdin().lock().read_line(&mut line) {
        Ok(0) | Err(_) => std::process::exit(0),
        Ok(_) => line.trim_end_matches(['\n', '\r']).to_owned(),
    }
}

/// Writes one reply; exits when the parent is gone.
pub(crate) fn send(reply: &Reply) {
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{reply}")
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A side whose calls take `per_call` of wall time each, logging the batches it is asked
    /// for; what it reports is a measure of its own (one unit a call), not time.
    struct Logged {
        per_call: Duration,
        asked: Vec<u64>,
    }

    impl TimeBatch for Logged {
        fn time_batch(&mut self, iters: u64) -> f64 {
            self.asked.push(iters);
            std::thread::sleep(self.per_call * iters as u32);
            iters as f64
        }
    }

    #[test]
    fn a_short_routines_batches_start_with_an_untimed_call_and_a_long_ones_do_not() {
        // Calls that take no time: a thousand of them stay under the bound even when the
        // thread is preempted in the middle of the batch.
        let mut short = Logged {
            per_call: Duration::ZERO,
            asked: Vec::new(),
        };
        let mut batches = Batches::default();
        let reports: Vec<f64> = [1_000, 1_000, 2_000]
            .iter()
            .map(|&k| batches.timed(&mut short, k).ns)
            .collect();
        // The first batch has no call before it to go by; the others start with one, untimed.
        assert_eq!(short.asked, [1_000, 1, 1_000, 1, 2_000]);
        assert_eq!(reports, [1_000.0, 1_000.0, 2_000.0]);
        // Calls told long by the wall clock, whatever the measure reads (a unit a call): a
        // sleep lasts at least as long as asked, however busy the machine.
        let mut long = Logged {
            per_call: Duration::from_nanos(2 * WARM_CALL_MAX_NS as u64),
            asked: Vec::new(),
        };
        let mut batches = Batches::default();
        for _ in 0..3 {
            batches.timed(&mut long, 1);
        }
        assert_eq!(long.asked, [1, 1, 1]);
    }
}
