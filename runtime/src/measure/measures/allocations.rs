//! `measure = allocations`: allocations the measuring thread makes, from duobench's
//! counting global allocator, which the bench file installs.

use crate::measure::meters::{counting_allocator_installed, AllocCount, INSTALL_LINE};
use crate::model::{MeasureDef, Reader};
use crate::util::format_count_significant;

/// Allocations per iteration.
pub struct Allocations;

impl MeasureDef for Allocations {
    fn name(&self) -> &str {
        "allocations"
    }

    fn meaning(&self) -> Option<String> {
        Some("allocations per iteration (counted, not timed)".to_owned())
    }

    fn unit(&self) -> &str {
        "allocations"
    }

    fn format(&self, value: f64, digits: usize) -> String {
        format!("{} allocs", format_count_significant(value, digits))
    }

    fn is_time(&self) -> bool {
        false
    }

    fn shows_bytes(&self) -> bool {
        true
    }

    /// The same calls make the same allocations, unless the code depends on addresses,
    /// the time or other threads (then the counts move, and the run says so).
    fn exact(&self) -> bool {
        true
    }

    fn counted_by(&self) -> String {
        "duobench's counting allocator".to_owned()
    }

    fn reader(&self, _: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        if counting_allocator_installed() {
            Ok(Some(Box::new(AllocReader(0))))
        } else {
            Err(format!(
                "allocations: duobench's counting allocator is not installed; add to the bench \
                 file: {INSTALL_LINE}"
            ))
        }
    }
}

/// The thread's allocation count before the batch.
struct AllocReader(u64);

impl Reader for AllocReader {
    fn start(&mut self) {
        self.0 = AllocCount::now().allocations;
    }

    fn stop(&mut self, _: u64) -> f64 {
        AllocCount::now().allocations as f64 - self.0 as f64
    }
}
