//! The doctor's warning about memory that grows with the iteration count (detected in
//! `analysis::memory_growth`).

use super::{Check, Warning};
use crate::analysis::MemoryGrowth;
use crate::util::format_bytes;

impl MemoryGrowth {
    /// The doctor's warning about a `#[bench]`.
    #[must_use]
    pub fn warning(self) -> Warning {
        self.warning_about("the routine keeps memory from every call", "iteration")
    }

    /// The doctor's warning about a comparison, whose iterations are one call of each
    /// routine.
    #[must_use]
    pub fn comparison_warning(self) -> Warning {
        self.warning_about(
            "one of the routines keeps memory from every call",
            "iteration of each routine",
        )
    }

    fn warning_about(self, cause: &str, iteration: &str) -> Warning {
        Warning {
            check: Check::MemoryGrows,
            finding: format!(
                "memory grew by {} over the last {} iterations (about {} per {iteration}) \
                 and was still growing: {cause}",
                format_bytes(self.growth_kib as f64 * 1024.0),
                self.iterations,
                format_bytes(self.bytes_per_iteration())
            ),
            advice: "drop or clear what each call keeps (a leak, a collection that is pushed \
                     to and never cleared, a growing cache), or build it once outside the \
                     routine",
        }
    }
}
