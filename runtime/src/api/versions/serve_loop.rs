//! Serve mode, the child's side inside a trial: times the batches the parent asks for, and
//! the one-line messages both directions use (the trial loop is `harness::version_setup`).

use super::protocol::{BatchReport, Reply, Request};
use crate::measure::TimeBatch;
use crate::measure::{context_switches, thread_cpu_time_ns};
use std::io::{BufRead, Write};

/// Inside a `Bencher::iter*` call of the child: times the batches asked for until `done`.
///
/// # Panics
///
/// On a request that makes no sense here (the serve loop reports it to the parent).
pub fn serve_batches(side: &mut dyn TimeBatch) {
    send(&Reply::Ready);
    loop {
        match Request::parse(&next_request()) {
            Ok(Request::Batch(iters)) => send(&Reply::Batch(timed(side, iters))),
            Ok(Request::Done) => return,
            Ok(other) => panic!("unexpected `{other}` during a trial"),
            Err(e) => panic!("{e}"),
        }
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
