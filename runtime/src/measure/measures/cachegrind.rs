//! `measure = cachegrind`: instructions, cache misses and estimated cycles counted under
//! Valgrind's cache simulation, the same from run to run: the routine re-run in a child
//! process under Valgrind, its calls counted between markers (setup and harness outside
//! them). Nothing is read here.

use crate::model::{MeasureDef, Reader};
use crate::util::format_count_significant;

/// Instructions per call, counted under Valgrind.
pub struct Cachegrind;

impl MeasureDef for Cachegrind {
    fn name(&self) -> &str {
        "cachegrind"
    }

    fn meaning(&self) -> Option<String> {
        Some("instructions per call, counted under Valgrind (not timed)".to_owned())
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

    fn exact(&self) -> bool {
        true
    }

    fn counted_under_valgrind(&self) -> bool {
        true
    }

    fn reader(&self, _: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        Err("cachegrind: counted under Valgrind, not by a meter".to_owned())
    }
}
