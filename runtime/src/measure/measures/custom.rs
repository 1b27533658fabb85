//! A user's [`Measurement`] as a measure: its formatter shows the figures, its [`Kind`]
//! says what the machine moves, and its readings around each batch are checked. A reading
//! that is not a finite number above zero, or a `start` or `end` that panics, ends the
//! trial with a message naming the measurement; the other trials run on.

use crate::model::{Kind, MeasureDef, Measurement, Reader, Throughput};
use crate::util::{catch_inner, fail_trial, significant};
use std::hint::black_box;
use std::time::Instant;

/// Empty readings whose median is a reading's own share of every batch.
const CALIBRATION_READINGS: usize = 201;

impl<M: Measurement> MeasureDef for M {
    fn name(&self) -> &str {
        Measurement::name(self)
    }

    fn meaning(&self) -> Option<String> {
        let what = match self.kind() {
            Kind::Time => "a time: the machine's pace moves it",
            Kind::Count => "a count: the machine's pace does not move it",
        };
        let exact = if Measurement::exact(self) {
            "; decided on exact counts per call"
        } else {
            ""
        };
        Some(format!(
            "a measurement of your own, in {} ({what}{exact})",
            MeasureDef::unit(self)
        ))
    }

    fn unit(&self) -> &str {
        guarded(self, "scale_for_machines", || {
            self.formatter().scale_for_machines(&mut [])
        })
    }

    fn in_unit(&self, value: f64) -> f64 {
        let mut values = [value];
        guarded(self, "scale_for_machines", || {
            self.formatter().scale_for_machines(&mut values)
        });
        values[0]
    }

    fn format(&self, value: f64, digits: usize) -> String {
        let mut values = [value];
        let unit = guarded(self, "scale_values", || {
            self.formatter().scale_values(value, &mut values)
        });
        format!("{} {unit}", significant(values[0], digits))
    }

    fn rate(
        &self,
        throughput: Throughput,
        value: f64,
        typical: f64,
    ) -> Option<(f64, &'static str)> {
        let mut values = [value];
        let unit = guarded(self, "scale_throughputs", || {
            self.formatter()
                .scale_throughputs(typical, &throughput, &mut values)
        });
        Some((values[0], unit))
    }

    fn is_time(&self) -> bool {
        self.kind() == Kind::Time
    }

    fn keeps_preempted(&self) -> bool {
        self.kind() == Kind::Count
    }

    fn exact(&self) -> bool {
        Measurement::exact(self)
    }

    fn is_users(&self) -> bool {
        true
    }

    fn reader(&self, _: f64) -> Result<Option<Box<dyn Reader + '_>>, String> {
        let name = Measurement::name(self);
        guarded(self, "available", || self.available())
            .map_err(|why| format!("{name}: not available here: {why}"))?;
        Ok(Some(Box::new(CustomReader::new(self))))
    }
}

/// A user's measurement read around batches, less what an empty batch reads.
struct CustomReader<'m, M: Measurement> {
    measurement: &'m M,
    started: Option<M::Intermediate>,
    own: f64,
}

impl<'m, M: Measurement> CustomReader<'m, M> {
    /// A reader whose own share is the median of empty readings around the two clock reads
    /// every batch holds: nothing for a count the code keeps, the reads' cost for a clock.
    fn new(measurement: &'m M) -> Self {
        let mut reader = Self {
            measurement,
            started: None,
            own: 0.0,
        };
        let mut empty: Vec<f64> = (0..CALIBRATION_READINGS)
            .map(|_| {
                reader.start();
                black_box(Instant::now());
                black_box(Instant::now());
                reader.read()
            })
            .filter(|v| v.is_finite())
            .collect();
        empty.sort_by(f64::total_cmp);
        reader.own = empty.get(empty.len() / 2).map_or(0.0, |m| m.max(0.0));
        reader
    }

    fn read(&mut self) -> f64 {
        let m = self.measurement;
        let Some(started) = self.started.take() else {
            return 0.0;
        };
        let value = guarded(m, "end", || m.end(started));
        guarded(m, "to_f64", || m.to_f64(&value))
    }
}

impl<M: Measurement> Reader for CustomReader<'_, M> {
    fn start(&mut self) {
        let m = self.measurement;
        self.started = Some(guarded(m, "start", || m.start()));
    }

    fn stop(&mut self, iters: u64) -> f64 {
        let value = self.read();
        if iters > 0 && !(value.is_finite() && value > 0.0) {
            let batch = match iters {
                1 => "one iteration".to_owned(),
                n => format!("{n} iterations"),
            };
            fail_trial(format!(
                "measurement `{}` read {value} for a batch of {batch}: its values must be \
                 finite and above zero, or no ratio or rate of them means anything",
                Measurement::name(self.measurement)
            ));
        }
        value - self.own
    }
}

/// `f`, one of `measurement`'s methods; its panic ends the trial, naming the measurement
/// and the method.
fn guarded<M: Measurement, T>(measurement: &M, method: &str, f: impl FnOnce() -> T) -> T {
    catch_inner(f).unwrap_or_else(|why| {
        fail_trial(format!(
            "measurement `{}` panicked in `{method}`: {why}",
            Measurement::name(measurement)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixture::settable::{Tenths, SETTABLE, VALUE};
    use crate::model::{Measure, ValueFormatter};
    use crate::util::catch_panic;
    use std::sync::atomic::Ordering;

    #[test]
    fn a_measurement_of_ones_own_is_shown_through_its_formatter() {
        let m = Measure::custom(&SETTABLE);
        assert_eq!(m.name(), "Settable");
        assert_eq!(m.unit(), "units");
        assert!(!m.is_time() && !m.is_wall_clock());
        let def = m.def();
        assert_eq!(def.format(1234.0, 3), "123 u");
        assert_eq!(def.in_unit(1234.0), 123.4);
        assert_eq!(
            def.rate(Throughput::Elements(4), 8.0, 8.0),
            Some((2.0, "per item"))
        );
        assert!(def.keeps_preempted());
        assert!(def.meaning().unwrap().contains("in units (a count"));
    }

    #[test]
    fn a_reading_that_is_no_positive_number_fails_the_trial_naming_the_measurement() {
        VALUE.store(6.0f64.to_bits(), Ordering::Relaxed);
        let mut reader = SETTABLE.reader(0.0).unwrap().unwrap();
        // The calibration read 6 for an empty batch too: nothing is left of a batch of 6.
        reader.start();
        assert_eq!(reader.stop(10), 0.0);
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            VALUE.store(bad.to_bits(), Ordering::Relaxed);
            let err = catch_panic(|| {
                reader.start();
                reader.stop(10)
            })
            .unwrap_err();
            assert!(
                err.starts_with(&format!(
                    "measurement `Settable` read {bad} for a batch of 10 iterations: "
                )),
                "{err}"
            );
        }
        // An empty batch may read nothing.
        VALUE.store(0.0f64.to_bits(), Ordering::Relaxed);
        reader.start();
        assert!(catch_panic(|| reader.stop(0)).is_ok());
    }

    struct Panicking;

    impl Measurement for Panicking {
        type Intermediate = ();
        type Value = ();
        fn start(&self) {}
        fn end(&self, (): ()) {
            panic!("counter gone");
        }
        fn add(&self, (): &(), (): &()) {}
        fn zero(&self) {}
        fn to_f64(&self, (): &()) -> f64 {
            1.0
        }
        fn formatter(&self) -> &dyn ValueFormatter {
            &Tenths
        }
        fn name(&self) -> &str {
            "panicky"
        }
    }

    #[test]
    fn a_panicking_end_fails_the_trial_naming_the_measurement_and_the_method() {
        let err = catch_panic(|| Panicking.reader(0.0).map(|_| ())).unwrap_err();
        assert!(
            err.starts_with("measurement `panicky` panicked in `end`: panicked at "),
            "{err}"
        );
        assert!(err.ends_with(": counter gone"), "{err}");
    }
}
