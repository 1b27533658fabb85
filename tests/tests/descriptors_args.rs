//! What `args`, `types` and an argument-dependent `throughput` register: trial names that
//! show values (as Divan's do), one trial per type, and the returning form with arguments.

use duobench::__private::{inventory, Descriptor, Routine};
use duobench::{bench, bench_diff, Bencher, Diff};

const N: i64 = 3;

#[bench(args = [10, 10_000, 1_000_000i64, -5, N])]
fn values(n: i64) -> i64 {
    n * 2
}

#[bench(args = [2.5, -0.5])]
fn halves(x: f64) -> f64 {
    x / 2.0
}

#[bench(args = ["utf-8", "ascii"])]
fn labels(label: &str) -> usize {
    label.len()
}

#[bench(args = [true, false], name = "switch")]
fn flags(b: &mut Bencher, on: bool) {
    b.iter(|| on);
}

#[bench(types = [u32, u64, Vec<u8>])]
fn zero<T: Default>() -> T {
    T::default()
}

#[bench_diff(types = [u8, u16], args = [1, 2], ratio < 2)]
fn widths<T: From<u8> + Copy>(d: &mut Diff, n: u8) {
    let x = T::from(n);
    d.compare(|| x, || x);
}

#[bench(args = [10, 20], throughput = bytes(n * 8))]
fn per_argument(b: &mut Bencher, n: usize) {
    b.iter(|| n);
}

#[bench(types = [u8, u32], throughput = elements(4))]
fn constant_throughput<T: Default>(b: &mut Bencher) {
    b.iter(T::default);
}

fn find(fn_name: &str) -> &'static Descriptor {
    inventory::iter::<Descriptor>
        .into_iter()
        .find(|d| d.fn_name == fn_name)
        .unwrap_or_else(|| panic!("no descriptor for {fn_name}"))
}

#[test]
fn literal_arguments_are_named_by_their_value() {
    assert_eq!(find("values").args, ["10", "10000", "1000000", "-5", "N"]);
    assert!(matches!(find("values").routine, Routine::Bench(_)));
    assert_eq!(find("labels").args, ["utf-8", "ascii"]);
    assert_eq!(find("halves").args, ["2.5", "-0.5"]);
    assert_eq!(find("flags").args, ["true", "false"]);
}

#[test]
fn one_trial_per_type_then_per_argument() {
    assert_eq!(find("zero").args, ["u32", "u64", "Vec<u8>"]);
    let widths = find("widths");
    assert_eq!(widths.args, ["u8/1", "u8/2", "u16/1", "u16/2"]);
    assert!(matches!(widths.routine, Routine::Diff(_)));
}

#[test]
fn a_throughput_of_the_argument_is_set_per_trial() {
    // Evaluated when the trial starts, so not constant data.
    assert_eq!(find("per_argument").options.throughput, None);
    assert_eq!(
        find("constant_throughput").options.throughput,
        Some(duobench::result::Throughput::Elements(4))
    );
}

#[test]
fn functions_stay_callable() {
    assert_eq!(values(2), 4);
    assert_eq!(labels("abc"), 3);
    assert_eq!(zero::<u32>(), 0);
}
