//! What a trial measures per iteration (`measure = ...`, `--measure`): a [`Measure`] is a
//! handle on one [`MeasureDef`], a built-in measure's (`measure::measures`, one file each)
//! or a user's [`Measurement`](super::Measurement) through the adapter beside them. Every
//! layer asks the handle what it needs — its name and unit, how to show a figure, whether
//! the machine's pace moves it, how it is taken — so no layer names the measures.

use super::throughput::Throughput;
use std::fmt;

/// One measure as the harness knows it. Built-in measures implement it directly; a user's
/// [`Measurement`](super::Measurement) gets it from the adapter in `measure::measures`.
pub trait MeasureDef: Sync {
    /// The name attributes, `--measure`, reports and baseline files use.
    fn name(&self) -> &str;

    /// How to read the figures, for the `measure` line of a block; `None` for wall time,
    /// which needs none.
    fn meaning(&self) -> Option<String>;

    /// The unit of a per-iteration figure in the `--json` document.
    fn unit(&self) -> &str;

    /// A per-iteration figure in [`unit`](Self::unit) (built-in measures: as it is).
    fn in_unit(&self, value: f64) -> f64 {
        value
    }

    /// One per-iteration figure with `digits` significant digits and its unit.
    fn format(&self, value: f64, digits: usize) -> String;

    /// The rate of `throughput` at `value` per iteration and its unit, scaled for
    /// `typical` (the estimate an interval's ends share a unit with); `None` for the
    /// built-in rate per second of a time.
    fn rate(
        &self,
        throughput: Throughput,
        value: f64,
        typical: f64,
    ) -> Option<(f64, &'static str)> {
        let _ = (throughput, value, typical);
        None
    }

    /// Whether the machine's pace and stalls move the values (the pace probe, the
    /// set-aside of slowed samples and the doctor's load explanations apply).
    fn is_time(&self) -> bool;

    /// Whether a preempted duo keeps its place in the test: preemption does not move the
    /// values (counts, and CPU time).
    fn keeps_preempted(&self) -> bool {
        !self.is_time()
    }

    /// Whether the values are the batch's own wall-clock time: nothing is read around the
    /// batch, the duo loop may judge on the thread's CPU clock, and the doctor compares the
    /// figures with an empty loop's time.
    fn is_wall_clock(&self) -> bool {
        false
    }

    /// Whether repeated counts of the same calls are the same: a claim is decided on
    /// per-call counts, exactly when they do not move.
    fn exact(&self) -> bool {
        false
    }

    /// What counts an [`exact`](Self::exact) measure read in this process, as a counted
    /// block names it (`counted by ...`).
    fn counted_by(&self) -> String {
        format!("the measurement {}", self.name())
    }

    /// Whether this is a user's [`Measurement`](super::Measurement), not a built-in measure.
    fn is_users(&self) -> bool {
        false
    }

    /// Whether a `#[bench]`'s block shows the bytes allocated per iteration beside the
    /// figures (`measure = allocations`).
    fn shows_bytes(&self) -> bool {
        false
    }

    /// Whether the routine is counted in a child under Valgrind rather than read here.
    fn counted_under_valgrind(&self) -> bool {
        false
    }

    /// The reader taken around each batch; `None` for the wall clock. `batch_clock_ns`
    /// is the cost of the two wall-clock reads inside every batch, which a reader whose
    /// value includes them subtracts.
    ///
    /// # Errors
    ///
    /// One line saying why the measure cannot be taken here.
    fn reader(&self, batch_clock_ns: f64) -> Result<Option<Box<dyn Reader + '_>>, String>;
}

/// A measure's reading around one batch.
pub trait Reader {
    /// Reads before the batch.
    fn start(&mut self);
    /// Reads after it: what the batch of `iters` iterations counted, less the reader's
    /// own cost. May be below zero when that cost is larger than the batch's.
    fn stop(&mut self, iters: u64) -> f64;
}

/// What a trial measures per iteration: wall time by default, another built-in measure
/// (`measure = cpu_time`, `allocations`, `instructions`, `cachegrind`) or a
/// [`Measurement`](super::Measurement) of the user's own.
#[derive(Clone, Copy)]
pub struct Measure(&'static dyn MeasureDef);

impl Measure {
    /// The measure `def` defines.
    #[must_use]
    pub const fn of(def: &'static dyn MeasureDef) -> Measure {
        Measure(def)
    }

    /// A user's measurement, as `measure = MyMeasure` registers it.
    #[must_use]
    pub const fn custom<M: super::Measurement>(measurement: &'static M) -> Measure {
        Measure(measurement)
    }

    /// What defines it.
    pub(crate) fn def(self) -> &'static dyn MeasureDef {
        self.0
    }

    /// The name as written in attributes and on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The unit of a per-iteration figure, as the JSON document names it: `ns` for the
    /// clocks, a count for the counters, a measurement's own for one of the user's.
    #[must_use]
    pub fn unit(self) -> &'static str {
        self.0.unit()
    }

    /// Whether this measure is a time, which the machine's pace and stalls move; counts
    /// are not moved by them.
    #[must_use]
    pub fn is_time(self) -> bool {
        self.0.is_time()
    }

    /// Whether a preempted duo keeps its place in the test: preemption does not move the
    /// values.
    #[must_use]
    pub fn keeps_preempted(self) -> bool {
        self.0.keeps_preempted()
    }

    /// Whether the values are the batch's own wall-clock time (`measure = wall`).
    #[must_use]
    pub fn is_wall_clock(self) -> bool {
        self.0.is_wall_clock()
    }

    /// Whether this is a [`Measurement`](super::Measurement) of the user's own.
    #[must_use]
    pub fn is_users(self) -> bool {
        self.0.is_users()
    }
}

impl PartialEq for Measure {
    fn eq(&self, other: &Measure) -> bool {
        self.name() == other.name()
    }
}

impl fmt::Debug for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Measure({})", self.name())
    }
}
