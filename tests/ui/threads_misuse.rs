use duobench::{bench, bench_diff, Bencher};

#[bench(threads = [0])]
fn no_threads() -> u64 {
    1
}

#[bench(threads = [2, 2])]
fn twice() -> u64 {
    1
}

#[bench(threads = [1, 2])]
fn with_handle(b: &mut Bencher) {
    b.iter(|| 1)
}

#[bench_diff(vs = [other, other], threads = [2])]
fn grouped() -> u64 {
    1
}

fn other() -> u64 {
    2
}

fn main() {
    let _ = (no_threads(), twice(), grouped(), other());
}
