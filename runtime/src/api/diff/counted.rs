//! A comparison counted instead of timed: under Valgrind (in the harness, a counting child
//! counts both routines and the ratio of their per-call counts decides the claim; in that
//! child, the routines are counted), or read here, for a measurement whose repeats are
//! exact.

use super::{Diff, DiffOutcome};
use crate::analysis::DiffResult;
use crate::api::counting::{count_here, count_pair, count_segments, CountRole};
use crate::measure::find_valgrind;
use crate::measure::timer_cost;
use crate::measure::LocalRoutine;

impl Diff {
    /// Sets what this comparison does about counting.
    pub(crate) fn with_count_role(&mut self, role: CountRole) {
        self.counting = role;
    }

    /// The outcome when the comparison is counted rather than timed; `None` to time it.
    pub(super) fn counted(
        &self,
        first: &mut dyn LocalRoutine,
        second: &mut dyn LocalRoutine,
    ) -> Option<DiffOutcome> {
        let measure = self.settings.measure;
        let trial = match &self.counting {
            CountRole::Child(plan) => {
                count_segments(&mut [first, second], *plan);
                return Some(DiffOutcome::Smoke);
            }
            // Only a `#[bench]` is compared across versions; the child refuses a comparison
            // before it runs.
            CountRole::ChildHere(_) => {
                return Some(DiffOutcome::Failed(
                    "a comparison is not counted across versions".to_owned(),
                ))
            }
            _ if measure.def().exact() && !measure.def().counted_under_valgrind() => {
                return Some(self.read_counts(first, second));
            }
            _ if !measure.def().counted_under_valgrind() => return None,
            CountRole::Outside => {
                return Some(DiffOutcome::Unavailable(format!(
                    "{}: not available here: counts are taken by the harness \
                     (`duobench::main`), not by the direct API",
                    measure.name()
                )))
            }
            CountRole::Parent { trial } => trial,
        };
        let unavailable = |why: String| format!("{}: not available here: {why}", measure.name());
        let valgrind = match find_valgrind() {
            Ok(valgrind) => valgrind,
            Err(why) => return Some(DiffOutcome::Unavailable(unavailable(why))),
        };
        let claim = self.settings.claim.filter(|_| !self.settings.calibrate);
        let outcome = count_pair(&valgrind, trial, first, second).and_then(|counted| {
            DiffResult::from_counts(counted, claim.as_ref(), self.settings.alpha, measure)
        });
        Some(match outcome {
            Ok(result) => DiffOutcome::Measured(Box::new(result)),
            Err(why) => DiffOutcome::Failed(why),
        })
    }

    /// Both routines' counts read here, decided exactly when they did not move. Counts with
    /// no ratio fail a claim, and leave a comparison without one ignored, saying why.
    fn read_counts(
        &self,
        first: &mut dyn LocalRoutine,
        second: &mut dyn LocalRoutine,
    ) -> DiffOutcome {
        let measure = self.settings.measure;
        let mut reader = match measure.def().reader(timer_cost().overhead_ns) {
            Ok(Some(reader)) => reader,
            Ok(None) => return DiffOutcome::Failed(format!("{}: read no counts", measure.name())),
            Err(why) => return DiffOutcome::Unavailable(why),
        };
        let counted = count_here(measure, reader.as_mut(), &mut [first, second]);
        let claim = self.settings.claim.filter(|_| !self.settings.calibrate);
        match DiffResult::from_counts(counted, claim.as_ref(), self.settings.alpha, measure) {
            Ok(result) => DiffOutcome::Measured(Box::new(result)),
            Err(why) if claim.is_some() => {
                DiffOutcome::Failed(format!("{}: {why}", measure.name()))
            }
            Err(why) => DiffOutcome::Unavailable(format!("{}: {why}", measure.name())),
        }
    }
}
