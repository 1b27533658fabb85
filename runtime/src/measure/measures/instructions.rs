//! `measure = instructions`: instructions retired in user space, from the kernel's
//! performance counters; where the machine has none, counted under Valgrind as
//! `cachegrind` counts them.

use crate::measure::meters::InstructionCounter;
use crate::model::{MeasureDef, Reader};
use crate::util::format_count_significant;

/// Instructions retired per iteration.
pub struct Instructions;

impl MeasureDef for Instructions {
    fn name(&self) -> &str {
        "instructions"
    }

    fn meaning(&self) -> Option<String> {
        Some("instructions retired per iteration (counted, not timed)".to_owned())
    }

    fn unit(&self) -> &str {
        "instructions"
    }

    fn format(&self, value: f64, digits: usize) -> String {
        format!("{} instr", format_count_significant(value, digits))
    }

    fn is_time(&self) -> bool {
        false
    }

    fn counted_under_valgrind(&self) -> bool {
        InstructionCounter::open().is_err()
    }

    fn reader(&self, _: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        InstructionCounter::open()
            .map(|counter| Some(Box::new(CounterReader { counter, before: 0 }) as Box<dyn Reader>))
            .map_err(|why| why.to_string())
    }
}

/// The thread's instruction counter before the batch.
struct CounterReader {
    counter: InstructionCounter,
    before: u64,
}

impl Reader for CounterReader {
    fn start(&mut self) {
        self.before = self.counter.read();
    }

    fn stop(&mut self, _: u64) -> f64 {
        self.counter.read() as f64 - self.before as f64
    }
}
