//! The trait a user implements for a measurement of their own (`measure = MyMeasure`), in
//! Criterion's shape: a reading taken before and after the routine, its value as a number,
//! and how to show it; plus what duobench needs to judge it: whether the machine's pace
//! moves it and whether repeats give exactly the same value.

use super::throughput::Throughput;

/// A measurement of your own: what `measure = MyMeasure` on [`bench`](crate::bench) or
/// [`bench_diff`](crate::bench_diff) reads around each batch of iterations, instead of
/// wall time.
///
/// The shape is Criterion's `Measurement`: [`start`](Self::start) before a batch,
/// [`end`](Self::end) after it, [`to_f64`](Self::to_f64) to turn what `end` returned into
/// the number the statistics work on, and a [`ValueFormatter`] for the reports. The last
/// four methods are duobench's and have defaults: the name reports and baselines use, the
/// [`Kind`] of value (a time the machine's pace moves, or a count), whether repeats are
/// exact, and whether the measurement can be taken on this machine.
///
/// The value is per batch (duobench divides by the iterations): it must be finite and
/// above zero for every batch of at least one iteration; anything else fails the trial
/// with a message naming the measurement. A `start` or `end` that panics fails its trial
/// alone, as a panicking routine does.
///
/// ```no_run
/// use duobench::measurement::{Kind, Measurement, ValueFormatter};
/// use duobench::{bench_diff, Diff};
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// /// Bytes the code under test says it wrote.
/// static WRITTEN: AtomicU64 = AtomicU64::new(0);
///
/// struct BytesWritten;
///
/// impl Measurement for BytesWritten {
///     type Intermediate = u64;
///     type Value = u64;
///     fn start(&self) -> u64 {
///         WRITTEN.load(Ordering::Relaxed)
///     }
///     fn end(&self, before: u64) -> u64 {
///         WRITTEN.load(Ordering::Relaxed) - before
///     }
///     fn add(&self, a: &u64, b: &u64) -> u64 {
///         a + b
///     }
///     fn zero(&self) -> u64 {
///         0
///     }
///     fn to_f64(&self, bytes: &u64) -> f64 {
///         *bytes as f64
///     }
///     fn formatter(&self) -> &dyn ValueFormatter {
///         &Bytes
///     }
///     fn kind(&self) -> Kind {
///         Kind::Count
///     }
///     fn exact(&self) -> bool {
///         true
///     }
/// }
///
/// struct Bytes;
///
/// impl ValueFormatter for Bytes {
///     fn scale_values(&self, _typical: f64, _values: &mut [f64]) -> &'static str {
///         "B"
///     }
///     fn scale_throughputs(
///         &self,
///         _typical: f64,
///         throughput: &duobench::measurement::Throughput,
///         values: &mut [f64],
///     ) -> &'static str {
///         let (duobench::measurement::Throughput::Bytes(n)
///         | duobench::measurement::Throughput::Elements(n)) = *throughput;
///         values.iter_mut().for_each(|v| *v /= n as f64);
///         "B/item"
///     }
///     fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
///         "bytes"
///     }
/// }
///
/// fn write(n: u64) {
///     WRITTEN.fetch_add(n, Ordering::Relaxed);
/// }
///
/// // Judged on the bytes written, exactly: the counts do not move between repeats.
/// #[bench_diff(measure = BytesWritten, ratio < 0.6)]
/// fn compact_encoding(d: &mut Diff) {
///     d.compare(|| write(4), || write(8));
/// }
/// # fn main() {}
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a measurement: `measure = ...` takes a built-in measure's name \
               or a value whose type implements `duobench::measurement::Measurement`",
    label = "not a `duobench::measurement::Measurement`",
    note = "a measurement implements `start`, `end`, `add`, `zero`, `to_f64` and `formatter`, \
            as in Criterion (see `duobench::guide::measures`)"
)]
pub trait Measurement: Sync + 'static {
    /// What [`start`](Self::start) reads and [`end`](Self::end) gets back: a clock or
    /// counter reading.
    type Intermediate;
    /// What a batch measured, from [`end`](Self::end).
    type Value;

    /// Reads the measurement before a batch.
    fn start(&self) -> Self::Intermediate;

    /// Reads it again after the batch: what the batch took, from `start`'s reading.
    fn end(&self, start: Self::Intermediate) -> Self::Value;

    /// The sum of two values. Criterion's, kept so that a Criterion measurement moves over
    /// as it is: duobench turns each reading into a number with [`to_f64`](Self::to_f64)
    /// at once and sums those numbers, so it calls neither this nor [`zero`](Self::zero).
    fn add(&self, v1: &Self::Value, v2: &Self::Value) -> Self::Value;

    /// The value of nothing measured: `add(zero(), v)` is `v` (Criterion's, as `add`).
    fn zero(&self) -> Self::Value;

    /// A value as the number the statistics work on. Choose a unit that keeps it well
    /// above 1 for a batch (nanoseconds rather than seconds, cycles, bytes).
    fn to_f64(&self, value: &Self::Value) -> f64;

    /// How the numbers of [`to_f64`](Self::to_f64) are shown.
    fn formatter(&self) -> &dyn ValueFormatter;

    /// The name reports, the `--json` document and baseline files give the measurement
    /// (`[bench] parse` blocks say `measure  <name>`): by default the type's own name.
    fn name(&self) -> &str {
        short_type_name(std::any::type_name::<Self>())
    }

    /// Whether the machine's pace moves the values ([`Kind::Time`], the default) or not
    /// ([`Kind::Count`]).
    fn kind(&self) -> Kind {
        Kind::Time
    }

    /// Whether measuring the same calls again gives exactly the same value (a count the
    /// code keeps, a simulator's cycles). Then a claim is decided exactly, with no error
    /// rate, from each routine's value per call (the difference of two runs of known
    /// numbers of calls, repeated to see that it does not move), as `measure = cachegrind`
    /// decides; a count that moves after all is counted ten times and judged on a t
    /// interval over those repeats. `false` by default.
    fn exact(&self) -> bool {
        false
    }

    /// Whether the measurement can be taken on this machine: `Err` with one line saying
    /// why not ignores the trial with that line, as a built-in measure that is not
    /// available here is. `Ok` by default.
    ///
    /// # Errors
    ///
    /// The reason the measurement cannot be taken here.
    fn available(&self) -> Result<(), String> {
        Ok(())
    }
}

/// What moves a measurement's values besides the routine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A time (cycles, a clock of your own): the machine's pace moves it, so what is done
    /// about the machine for wall time is done for it — the pace probe after every sample
    /// and the set-aside of samples it shows slowed, the set-aside of preempted duos, the
    /// doctor's load and stall explanations.
    Time,
    /// A count (bytes, events, calls): the machine's pace does not move it, and none of
    /// that applies.
    Count,
}

/// How a measurement's numbers are shown: Criterion's `ValueFormatter`.
///
/// Every number duobench shows goes through the `scale_*` methods: a figure and its
/// interval are scaled together around a typical value and printed with the digits the
/// interval needs. [`format_value`](Self::format_value) and
/// [`format_throughput`](Self::format_throughput) format one number on their own; their
/// defaults use the scale methods.
pub trait ValueFormatter {
    /// One value with its unit: `1.23 ms`.
    fn format_value(&self, value: f64) -> String {
        let mut values = [value];
        let unit = self.scale_values(value, &mut values);
        format!("{} {unit}", crate::util::significant(values[0], 3))
    }

    /// The rate of `throughput` per iteration at `value` per iteration, with its unit.
    fn format_throughput(&self, throughput: &Throughput, value: f64) -> String {
        let mut values = [value];
        let unit = self.scale_throughputs(value, throughput, &mut values);
        format!("{} {unit}", crate::util::significant(values[0], 3))
    }

    /// Scales `values` (in [`Measurement::to_f64`]'s unit) to a unit that suits
    /// `typical_value` and returns that unit's name.
    fn scale_values(&self, typical_value: f64, values: &mut [f64]) -> &'static str;

    /// Turns per-iteration `values` into rates of `throughput` in a unit that suits
    /// `typical_value`, and returns that unit's name.
    fn scale_throughputs(
        &self,
        typical_value: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str;

    /// Scales `values` to the one unit the `--json` document states (the same whatever
    /// the values), and returns its name.
    fn scale_for_machines(&self, values: &mut [f64]) -> &'static str;
}

/// `Cycles` of `my_crate::measures::Cycles`, and of `Wrapper<Inner>` `Wrapper`.
fn short_type_name(full: &'static str) -> &'static str {
    let plain = full.split('<').next().unwrap_or(full);
    plain.rsplit("::").next().unwrap_or(plain)
}

#[cfg(test)]
mod tests {
    use super::short_type_name;

    #[test]
    fn the_default_name_is_the_types_own() {
        assert_eq!(short_type_name("my_crate::measures::Cycles"), "Cycles");
        assert_eq!(short_type_name("a::Wrapper<b::Inner>"), "Wrapper");
        assert_eq!(short_type_name("Plain"), "Plain");
    }
}
