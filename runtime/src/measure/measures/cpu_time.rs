//! `measure = cpu_time`: the measuring thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), read
//! around each batch; time the thread spends descheduled does not count.

use crate::measure::thread_cpu_time_ns;
use crate::model::{MeasureDef, Reader};
use crate::util::format_ns_significant;

/// CPU time of the measuring thread.
pub struct CpuTime;

impl MeasureDef for CpuTime {
    fn name(&self) -> &str {
        "cpu_time"
    }

    fn meaning(&self) -> Option<String> {
        Some("thread CPU time (time spent descheduled is not counted)".to_owned())
    }

    fn unit(&self) -> &str {
        "ns"
    }

    fn format(&self, value: f64, digits: usize) -> String {
        format_ns_significant(value, digits)
    }

    fn is_time(&self) -> bool {
        true
    }

    fn keeps_preempted(&self) -> bool {
        true
    }

    fn reader(&self, batch_clock_ns: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        match read_cost_ns() {
            // The batch's two wall-clock reads run on this thread's CPU time too.
            Some(read_ns) => Ok(Some(Box::new(CpuReader {
                own_ns: read_ns + batch_clock_ns,
                before: 0.0,
            }))),
            None if cfg!(any(target_os = "linux", target_os = "android")) => {
                Err("cpu_time: not available here: no per-thread CPU clock".into())
            }
            None => Err(
                "cpu_time: not available here: a thread's CPU time is read on Linux only".into(),
            ),
        }
    }
}

/// The thread's CPU clock around a batch, less one read of it and the batch's own clock
/// reads.
struct CpuReader {
    own_ns: f64,
    before: f64,
}

impl Reader for CpuReader {
    fn start(&mut self) {
        self.before = now();
    }

    fn stop(&mut self, _: u64) -> f64 {
        now() - self.before - self.own_ns
    }
}

fn now() -> f64 {
    thread_cpu_time_ns().unwrap_or(0) as f64
}

/// Median cost of reading the thread CPU clock, in nanoseconds of CPU time.
fn read_cost_ns() -> Option<f64> {
    let mut costs: Vec<u64> = (0..201)
        .map(|_| {
            let a = thread_cpu_time_ns()?;
            let b = thread_cpu_time_ns()?;
            Some(b.saturating_sub(a))
        })
        .collect::<Option<_>>()?;
    costs.sort_unstable();
    Some(costs[costs.len() / 2] as f64)
}
