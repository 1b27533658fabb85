use duobench::{bench, bench_diff, Diff};

// Not a built-in measure.
#[bench(measure = gpu_time)]
fn one() -> u64 {
    1
}

/// A type of the user's own that implements no measurement.
struct NotAMeasurement;

// A value whose type is no measurement: the error says what is needed.
#[bench_diff(measure = NotAMeasurement, ratio < 0.9)]
fn two(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

fn main() {}
