//! End to end: measurements of the user's own (`measure = ...` naming a type that implements
//! `duobench::measurement::Measurement`), run by `tests/tests/e2e_own_measures.rs`. The
//! routines say how many steps they took in a count the code keeps, so the figures are
//! known exactly and a busy machine cannot move them. Some trials fail on purpose (a false
//! claim, readings that are no positive number, a measurement that panics), so the target
//! stays out of `cargo test --benches`.

use duobench::measurement::{Kind, Measurement, Throughput, ValueFormatter};
use duobench::{bench, bench_diff, black_box, Bencher, Diff};
use std::sync::atomic::{AtomicU64, Ordering};

/// Steps the routines below say they took.
static STEPS: AtomicU64 = AtomicU64::new(0);

/// Takes `n` steps: a little work, and the count.
fn step(n: u64) -> u64 {
    let mut x = black_box(1u64);
    for _ in 0..n {
        x = black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
    }
    STEPS.fetch_add(n, Ordering::Relaxed);
    x
}

/// The steps taken, as counts judged in duos.
struct Steps;

/// The same count, declared exact: decided on counts per call, with no error rate.
struct ExactSteps;

/// Shows steps as steps.
struct StepsFormatter;

impl ValueFormatter for StepsFormatter {
    fn scale_values(&self, _typical: f64, _values: &mut [f64]) -> &'static str {
        "steps"
    }

    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let (Throughput::Bytes(n) | Throughput::Elements(n)) = *t;
        values.iter_mut().for_each(|v| *v /= n as f64);
        "steps/item"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "steps"
    }
}

macro_rules! steps_measurement {
    ($name:ident, exact: $exact:expr) => {
        impl Measurement for $name {
            type Intermediate = u64;
            type Value = u64;
            fn start(&self) -> u64 {
                STEPS.load(Ordering::Relaxed)
            }
            fn end(&self, before: u64) -> u64 {
                STEPS.load(Ordering::Relaxed) - before
            }
            fn add(&self, a: &u64, b: &u64) -> u64 {
                a + b
            }
            fn zero(&self) -> u64 {
                0
            }
            fn to_f64(&self, steps: &u64) -> f64 {
                *steps as f64
            }
            fn formatter(&self) -> &dyn ValueFormatter {
                &StepsFormatter
            }
            fn kind(&self) -> Kind {
                Kind::Count
            }
            fn exact(&self) -> bool {
                $exact
            }
        }
    };
}

steps_measurement!(Steps, exact: false);
steps_measurement!(ExactSteps, exact: true);

/// One step against two: the first takes half the steps, in duos.
#[bench_diff(measure = Steps, ratio < 0.6)]
fn half_the_steps(d: &mut Diff) {
    d.compare(|| step(100), || step(200));
}

/// The same routines, claimed at no less than 0.9 of each other: refuted.
#[bench_diff(measure = Steps, ratio > 0.9)]
fn refuted_steps(d: &mut Diff) {
    d.compare(|| step(100), || step(200));
}

/// The same, decided exactly on the counts per call.
#[bench_diff(measure = ExactSteps, ratio < 0.6)]
fn exact_half_the_steps(d: &mut Diff) {
    d.compare(|| step(100), || step(200));
}

/// The steps the `#[bench]` routines take: 300, times `OWN_STEPS_FACTOR` when set (a run
/// that regressed).
fn bench_steps() -> u64 {
    let factor = std::env::var("OWN_STEPS_FACTOR").map_or(1, |f| f.parse().unwrap_or(1));
    300 * factor
}

/// An exact count in a `#[bench]`: saved as a baseline and compared with the next run.
#[bench(measure = ExactSteps)]
fn counted_steps(b: &mut Bencher) {
    let n = bench_steps();
    b.iter(|| step(n));
}

/// A count sampled as a time is, with a throughput through the formatter.
#[bench(measure = Steps, throughput = elements(3))]
fn sampled_steps(b: &mut Bencher) {
    let n = bench_steps();
    b.iter(|| step(n));
}

/// Readings that are no positive number, or a measurement that panics: each trial fails
/// with a message naming the measurement, and the others run.
struct Broken(Reading);

#[derive(Clone, Copy)]
enum Reading {
    NotANumber,
    Zero,
    Negative,
    Panics,
}

impl Measurement for Broken {
    type Intermediate = ();
    type Value = f64;
    fn start(&self) {
        if matches!(self.0, Reading::Panics) {
            panic!("the counter is gone");
        }
    }
    fn end(&self, (): ()) -> f64 {
        match self.0 {
            Reading::NotANumber => f64::NAN,
            Reading::Zero | Reading::Panics => 0.0,
            Reading::Negative => -5.0,
        }
    }
    fn add(&self, a: &f64, b: &f64) -> f64 {
        a + b
    }
    fn zero(&self) -> f64 {
        0.0
    }
    fn to_f64(&self, v: &f64) -> f64 {
        *v
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &StepsFormatter
    }
    fn name(&self) -> &str {
        match self.0 {
            Reading::NotANumber => "not_a_number",
            Reading::Zero => "always_zero",
            Reading::Negative => "negative",
            Reading::Panics => "panicking",
        }
    }
}

const NOT_A_NUMBER: Broken = Broken(Reading::NotANumber);
const ALWAYS_ZERO: Broken = Broken(Reading::Zero);
const NEGATIVE: Broken = Broken(Reading::Negative);
const PANICKING: Broken = Broken(Reading::Panics);

#[bench_diff(measure = NOT_A_NUMBER, ratio < 2.0)]
fn reads_nan(d: &mut Diff) {
    d.compare(|| step(1), || step(1));
}

#[bench(measure = ALWAYS_ZERO)]
fn reads_zero() -> u64 {
    step(1)
}

#[bench(measure = NEGATIVE)]
fn reads_negative() -> u64 {
    step(1)
}

#[bench(measure = PANICKING)]
fn panics_in_start() -> u64 {
    step(1)
}

fn main() {
    duobench::main()
}
