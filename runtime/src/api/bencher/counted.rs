//! A `#[bench]` counted instead of timed: under Valgrind (in the harness, a counting child
//! counts the routine (and, with `--baseline NAME`, the baseline's stored executable counts
//! the same trial, and `--max-regression` gates on the ratio of counts, exactly); in that
//! child, the routine is counted), or read here, for a measurement whose repeats are exact
//! (with `--baseline NAME`, the baseline's executable reads the same trial's counts itself
//! and prints them, and the gate is as exact).

use super::{BenchOutcome, Bencher};
use crate::analysis::{counted_linear_run, BenchResult, Counted, DiffResult};
use crate::analysis::{PairedResult, UnpairedGate};
use crate::api::counting::{count_here, count_one, count_segments, count_versions, CountRole};
use crate::api::counting::{count_versions_here, print_counts, CountPlan};
use crate::api::versions::{regression_claim, stored_executable, BaselineExecutable, Role};
use crate::measure::find_valgrind;
use crate::measure::timer_cost;
use crate::measure::{Chunker, CountInChunks, LocalRoutine, TimerCost, Valgrind};
use crate::model::{Measure, Reader};
use crate::stats::DEFAULT_RESAMPLES;
use std::sync::Mutex;

impl Bencher {
    /// Sets what this bencher does about counting.
    pub(crate) fn with_count_role(self, counting: CountRole) -> Self {
        Self { counting, ..self }
    }

    /// Counts the routine when the measure is counted, and records the outcome; `false`
    /// to time it instead.
    pub(super) fn counted(
        &mut self,
        runner: &mut dyn LocalRoutine,
        chunker: Option<&Chunker>,
    ) -> bool {
        let measure = self.settings.measure;
        let mut routine = CountInChunks::new(runner, chunker);
        let trial = match &self.counting {
            CountRole::Child(plan) => {
                count_segments(&mut [&mut routine], *plan);
                self.outcome = Some(BenchOutcome::Smoke);
                return true;
            }
            CountRole::ChildHere(plan) => {
                let plan = *plan;
                self.outcome = Some(self.print_counts(&mut routine, plan));
                return true;
            }
            _ if measure.def().exact()
                && !measure.def().counted_under_valgrind()
                && !matches!(self.role, Role::Serve) =>
            {
                let outcome = match self.role.clone() {
                    Role::Paired {
                        baseline_exe,
                        trial,
                    } => self.read_counts_against(&mut routine, &baseline_exe, &trial),
                    _ => self.read_counts(&mut routine),
                };
                self.outcome = Some(outcome);
                return true;
            }
            _ if !measure.def().counted_under_valgrind() => return false,
            CountRole::Outside => {
                self.outcome = Some(BenchOutcome::Unavailable(format!(
                    "{}: not available here: counts are taken by the harness \
                     (`duobench::main`), not by the direct API",
                    measure.name()
                )));
                return true;
            }
            CountRole::Parent { trial } => trial.clone(),
        };
        let valgrind = match find_valgrind() {
            Ok(valgrind) => valgrind,
            Err(why) => {
                let why = format!("{}: not available here: {why}", measure.name());
                // A gate that cannot count fails: passing it would judge nothing.
                self.outcome = Some(if self.settings.max_regression.is_some() {
                    BenchOutcome::Failed(why)
                } else {
                    BenchOutcome::Unavailable(why)
                });
                return true;
            }
        };
        if let Role::Paired { baseline_exe, .. } = &self.role {
            match stored_executable(baseline_exe) {
                Ok((baseline, exe)) => {
                    let counted = count_versions(&valgrind, &trial, &mut routine, &exe);
                    self.outcome = Some(self.paired_counts(baseline, counted));
                    return true;
                }
                Err(why) => {
                    if let Some(gate) = UnpairedGate::of(&self.settings, &why) {
                        self.outcome = Some(BenchOutcome::UnpairedGate(gate));
                        return true;
                    }
                    self.unpaired_because = Some(why.why);
                }
            }
        }
        self.outcome = Some(self.counted_alone(&valgrind, &trial, &mut routine));
        true
    }

    /// The outcome of the routine counted in this build and in the baseline's: new/old of
    /// the per-call counts, and the gate's verdict on it.
    fn paired_counts(
        &self,
        baseline: crate::model::BaselineName,
        counted: Result<Counted, String>,
    ) -> BenchOutcome {
        let claim = regression_claim(self.settings.max_regression);
        let measure = self.settings.measure;
        let result = counted.and_then(|counted| {
            DiffResult::from_counts(counted, claim.as_ref(), self.settings.alpha, measure)
        });
        match result {
            Ok(result) => BenchOutcome::Paired(Box::new(PairedResult {
                baseline,
                claim,
                max_regression: self.settings.max_regression,
                result,
            })),
            Err(why) => BenchOutcome::Failed(why),
        }
    }

    /// The outcome of the routine counted in this build alone: a result whose slope is the
    /// count per call, compared with a saved baseline afterwards as a timed one is.
    fn counted_alone(
        &self,
        valgrind: &Valgrind,
        trial: &str,
        routine: &mut dyn LocalRoutine,
    ) -> BenchOutcome {
        match count_one(valgrind, trial, routine) {
            Ok(counted) => self.counted_result(counted),
            Err(why) => BenchOutcome::Failed(why),
        }
    }

    /// The routine's counts read here by the trial's measurement.
    fn read_counts(&self, routine: &mut dyn LocalRoutine) -> BenchOutcome {
        let measure = self.settings.measure;
        match measure_reader(measure) {
            Ok(mut reader) => {
                self.counted_result(count_here(measure, reader.as_mut(), &mut [routine]))
            }
            Err(outcome) => outcome,
        }
    }

    /// The routine's counts read here and, for the same trial, in the baseline's stored
    /// executable, and the gate's verdict on their ratio. A baseline that cannot be paired
    /// fails a gate, and otherwise leaves the routine counted alone, saying why.
    fn read_counts_against(
        &mut self,
        routine: &mut dyn LocalRoutine,
        baseline_exe: &Mutex<BaselineExecutable>,
        trial: &str,
    ) -> BenchOutcome {
        let measure = self.settings.measure;
        let (baseline, exe) = match stored_executable(baseline_exe) {
            Ok(stored) => stored,
            Err(why) => {
                if let Some(gate) = UnpairedGate::of(&self.settings, &why) {
                    return BenchOutcome::UnpairedGate(gate);
                }
                self.unpaired_because = Some(why.why);
                return self.read_counts(routine);
            }
        };
        match measure_reader(measure) {
            Ok(mut reader) => {
                let counted = count_versions_here(measure, reader.as_mut(), trial, routine, &exe);
                self.paired_counts(baseline, counted)
            }
            Err(outcome) => outcome,
        }
    }

    /// In a counting child of a baseline's executable: the routine's counts over `plan`,
    /// read by the trial's measurement and printed for the parent.
    fn print_counts(&self, routine: &mut dyn LocalRoutine, plan: CountPlan) -> BenchOutcome {
        match measure_reader(self.settings.measure) {
            Ok(mut reader) => {
                print_counts(reader.as_mut(), routine, plan);
                BenchOutcome::Smoke
            }
            Err(outcome) => outcome,
        }
    }

    /// A result whose slope is `counted`'s count per call.
    fn counted_result(&self, counted: Counted) -> BenchOutcome {
        let run = counted_linear_run(&counted.first, counted.calls, counted.elapsed);
        let none = TimerCost {
            overhead_ns: 0.0,
            resolution_ns: 0.0,
        };
        let level = 1.0 - self.settings.alpha;
        let throughput = self.settings.throughput;
        match BenchResult::from_run_resampled(run, none, level, throughput, DEFAULT_RESAMPLES) {
            Ok(mut result) => {
                result.measure = self.settings.measure;
                result.counted = Some(counted);
                BenchOutcome::Measured(Box::new(result))
            }
            Err(e) => BenchOutcome::Failed(format!("the counts gave no result: {e}")),
        }
    }
}

/// The reader of `measure`'s counts, or the outcome that says why there is none.
fn measure_reader(measure: Measure) -> Result<Box<dyn Reader>, BenchOutcome> {
    match measure.def().reader(timer_cost().overhead_ns) {
        Ok(Some(reader)) => Ok(reader),
        Ok(None) => Err(BenchOutcome::Failed(format!(
            "{}: read no counts",
            measure.name()
        ))),
        Err(why) => Err(BenchOutcome::Unavailable(why)),
    }
}
