//! `measure = cachegrind`: instructions, cache misses and estimated cycles counted under
//! Valgrind's cache simulation, the same from run to run: the routine re-run in a child
//! process under Valgrind, its calls counted between markers (setup and harness outside
//! them). Nothing is read here.

use super::instructions::Instructions;
use crate::model::{MeasureDef, Reader};

/// Instructions per call, counted under Valgrind.
pub struct Cachegrind;

impl MeasureDef for Cachegrind {
    fn name(&self) -> &str {
        "cachegrind"
    }

    fn meaning(&self) -> Option<String> {
        Some("instructions per call, counted under Valgrind (not timed)".to_owned())
    }

    // The figure is an instruction count, as `instructions` reports it where it too is
    // counted under Valgrind: one unit and one form for both.
    fn unit(&self) -> &str {
        Instructions.unit()
    }

    fn format(&self, value: f64, digits: usize) -> String {
        Instructions.format(value, digits)
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
