use duobench::{bench, bench_diff, Bencher, Diff};

// Generic without `types`.
#[bench]
fn one<T: Default>() -> T {
    T::default()
}

// `types` without a type parameter.
#[bench(types = [u32, u64])]
fn two(b: &mut Bencher) {
    b.iter(|| 1);
}

// Two type parameters.
#[bench_diff(types = [u8])]
fn three<A, B>(d: &mut Diff) {
    d.compare(|| 1, || 2);
}

// An empty list.
#[bench(types = [])]
fn four<T: Default>() -> T {
    T::default()
}

// Not a list.
#[bench(types = u32)]
fn five<T: Default>() -> T {
    T::default()
}

// Given twice.
#[bench(types = [u8], types = [u16])]
fn six<T: Default>() -> T {
    T::default()
}

fn main() {}
