//! `measure = wall`, the default: elapsed wall-clock time, which is the batch's own clock
//! reads; nothing is read around the batch.

use crate::model::{MeasureDef, Reader};
use crate::util::format_ns_significant;

/// Elapsed wall-clock time (`Instant`).
pub struct Wall;

impl MeasureDef for Wall {
    fn name(&self) -> &str {
        "wall"
    }

    fn meaning(&self) -> Option<String> {
        None
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

    fn is_wall_clock(&self) -> bool {
        true
    }

    fn reader(&self, _: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        Ok(None)
    }
}
