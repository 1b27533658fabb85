//! Criterion's measurement traits, with its signatures: a file that defines a measurement of
//! its own (`impl Measurement for HalfSeconds`) and runs it with
//! `Criterion::default().with_measurement(HalfSeconds)` compiles unchanged and is measured
//! by it: duobench reads `start` and `end` around each batch and shows the figures through
//! the measurement's [`ValueFormatter`].
//!
//! [`WallTime`], the default, is duobench's own wall clock (the batch's clock reads, nothing
//! read around them). Any other measurement is taken as a time, the kind Criterion supports:
//! the machine's pace and preemption move it, so duobench treats it as it treats wall time.

use crate::types::Throughput;
use duobench::measurement as duo;
use std::any::TypeId;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How values of a [`Measurement`] are shown: Criterion's trait.
pub trait ValueFormatter {
    /// One value with its unit.
    fn format_value(&self, value: f64) -> String {
        let mut values = [value];
        let unit = self.scale_values(value, &mut values);
        format!("{:>6} {}", short(values[0]), unit)
    }

    /// The rate of `throughput` at `value` per iteration, with its unit.
    fn format_throughput(&self, throughput: &Throughput, value: f64) -> String {
        let mut values = [value];
        let unit = self.scale_throughputs(value, throughput, &mut values);
        format!("{:>6} {}", short(values[0]), unit)
    }

    /// Scales `values` to a unit that suits `typical_value`; returns the unit.
    fn scale_values(&self, typical_value: f64, values: &mut [f64]) -> &'static str;

    /// Turns per-iteration `values` into rates of `throughput`; returns the unit.
    fn scale_throughputs(
        &self,
        typical_value: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str;

    /// Scales `values` to the one unit machine-readable output states; returns it.
    fn scale_for_machines(&self, values: &mut [f64]) -> &'static str;
}

/// What a benchmark measures: Criterion's trait.
pub trait Measurement {
    /// A reading taken by [`start`](Self::start).
    type Intermediate;
    /// What [`end`](Self::end) returns.
    type Value;

    /// Reads the measurement before the timed loop.
    fn start(&self) -> Self::Intermediate;
    /// Reads it after the loop: what the loop took.
    fn end(&self, i: Self::Intermediate) -> Self::Value;
    /// The sum of two values.
    fn add(&self, v1: &Self::Value, v2: &Self::Value) -> Self::Value;
    /// The value of nothing measured.
    fn zero(&self) -> Self::Value;
    /// A value as the number the statistics work on.
    fn to_f64(&self, value: &Self::Value) -> f64;
    /// How values are shown.
    fn formatter(&self) -> &dyn ValueFormatter;
}

/// Elapsed wall-clock time, Criterion's default measurement; duobench takes it with its own
/// clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct WallTime;

impl Measurement for WallTime {
    type Intermediate = Instant;
    type Value = Duration;

    fn start(&self) -> Instant {
        Instant::now()
    }

    fn end(&self, i: Instant) -> Duration {
        i.elapsed()
    }

    fn add(&self, v1: &Duration, v2: &Duration) -> Duration {
        *v1 + *v2
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &DurationFormatter
    }
}

/// Nanoseconds in the time unit that fits, as Criterion shows them.
struct DurationFormatter;

impl ValueFormatter for DurationFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match ns {
            ns if ns < 1.0 => (1e3, "ps"),
            ns if ns < 1e3 => (1.0, "ns"),
            ns if ns < 1e6 => (1e-3, "µs"),
            ns if ns < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let (count, base, units) = match *throughput {
            Throughput::Bytes(n) => (n, 1024.0, ["  B/s", "KiB/s", "MiB/s", "GiB/s"]),
            Throughput::BytesDecimal(n) => (n, 1000.0, ["  B/s", "KB/s", "MB/s", "GB/s"]),
            Throughput::Elements(n) => (n, 1000.0, [" elem/s", "Kelem/s", "Melem/s", "Gelem/s"]),
        };
        let per_second = count as f64 * 1e9 / typical;
        let step = (0..3)
            .take_while(|&k| per_second >= base * f64::powi(base, k))
            .count();
        let denominator = f64::powi(base, step as i32);
        values
            .iter_mut()
            .for_each(|v| *v = count as f64 * 1e9 / *v / denominator);
        units[step]
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Criterion's `short`: four significant digits or so, without an exponent.
fn short(n: f64) -> String {
    match n {
        n if n < 10.0 => format!("{n:.4}"),
        n if n < 100.0 => format!("{n:.3}"),
        n if n < 1000.0 => format!("{n:.2}"),
        n if n < 10000.0 => format!("{n:.1}"),
        n => format!("{n:.0}"),
    }
}

/// The measure duobench takes for a `Criterion<M>`: `None` (its wall clock) for
/// [`WallTime`], else `measurement`, kept for the rest of the run.
pub(crate) fn measure_of<M: Measurement + Send + 'static>(
    measurement: M,
) -> Option<duobench::result::Measure> {
    if TypeId::of::<M>() == TypeId::of::<WallTime>() {
        return None;
    }
    // One per group function listed, a handful in a run: kept, as the trials that use it
    // are registered for the whole run.
    let adapted: &'static Adapted<M> = Box::leak(Box::new(Adapted(Mutex::new(measurement))));
    Some(duobench::__private::Measure::custom(adapted))
}

/// A Criterion measurement as duobench's: a lock around it makes it shareable between the
/// trial that reads it and the reports that show its figures, without asking the file's
/// measurement to be `Sync`.
struct Adapted<M>(Mutex<M>);

impl<M> Adapted<M> {
    fn with<T>(&self, f: impl FnOnce(&M) -> T) -> T {
        f(&self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

impl<M: Measurement + Send + 'static> duo::Measurement for Adapted<M> {
    type Intermediate = M::Intermediate;
    type Value = M::Value;

    fn start(&self) -> M::Intermediate {
        self.with(Measurement::start)
    }

    fn end(&self, i: M::Intermediate) -> M::Value {
        self.with(|m| m.end(i))
    }

    fn add(&self, v1: &M::Value, v2: &M::Value) -> M::Value {
        self.with(|m| m.add(v1, v2))
    }

    fn zero(&self) -> M::Value {
        self.with(Measurement::zero)
    }

    fn to_f64(&self, value: &M::Value) -> f64 {
        self.with(|m| m.to_f64(value))
    }

    fn formatter(&self) -> &dyn duo::ValueFormatter {
        self
    }

    fn name(&self) -> &str {
        let full = std::any::type_name::<M>();
        let plain = full.split('<').next().unwrap_or(full);
        plain.rsplit("::").next().unwrap_or(plain)
    }
}

impl<M: Measurement + Send + 'static> duo::ValueFormatter for Adapted<M> {
    fn scale_values(&self, typical_value: f64, values: &mut [f64]) -> &'static str {
        self.with(|m| m.formatter().scale_values(typical_value, values))
    }

    fn scale_throughputs(
        &self,
        typical_value: f64,
        throughput: &duo::Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let throughput = Throughput::from_duobench(*throughput);
        self.with(|m| {
            m.formatter()
                .scale_throughputs(typical_value, &throughput, values)
        })
    }

    fn scale_for_machines(&self, values: &mut [f64]) -> &'static str {
        self.with(|m| m.formatter().scale_for_machines(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wall_time_is_shown_as_criterion_shows_it() {
        let f = WallTime.formatter();
        assert_eq!(f.format_value(1_234.0), "1.2340 µs");
        assert_eq!(f.format_value(0.5), "500.00 ps");
        assert_eq!(
            f.format_throughput(&Throughput::Bytes(2048), 1_000.0),
            "1.9073 GiB/s"
        );
        assert_eq!(
            f.format_throughput(&Throughput::Elements(10), 1e6),
            "10.000 Kelem/s"
        );
        assert_eq!(WallTime.to_f64(&Duration::from_micros(3)), 3_000.0);
        assert!(measure_of(WallTime).is_none());
    }

    struct Doubled;

    impl Measurement for Doubled {
        type Intermediate = ();
        type Value = u64;
        fn start(&self) {}
        fn end(&self, (): ()) -> u64 {
            2
        }
        fn add(&self, a: &u64, b: &u64) -> u64 {
            a + b
        }
        fn zero(&self) -> u64 {
            0
        }
        fn to_f64(&self, v: &u64) -> f64 {
            *v as f64
        }
        fn formatter(&self) -> &dyn ValueFormatter {
            &Halves
        }
    }

    struct Halves;

    impl ValueFormatter for Halves {
        fn scale_values(&self, _: f64, values: &mut [f64]) -> &'static str {
            values.iter_mut().for_each(|v| *v /= 2.0);
            "pairs"
        }
        fn scale_throughputs(&self, _: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
            match t {
                Throughput::BytesDecimal(_) => unreachable!("duobench passes bytes as Bytes"),
                Throughput::Bytes(n) | Throughput::Elements(n) => {
                    values.iter_mut().for_each(|v| *v /= *n as f64);
                }
            }
            "per item"
        }
        fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
            "events"
        }
    }

    #[test]
    fn a_measurement_of_the_files_own_is_duobenchs_measure_under_its_name_and_units() {
        let measure = measure_of(Doubled).expect("not wall time");
        assert_eq!(measure.name(), "Doubled");
        assert_eq!(measure.unit(), "events");
        assert!(measure.is_time() && !measure.is_wall_clock());
    }
}
