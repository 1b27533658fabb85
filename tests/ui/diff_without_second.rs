use duobench::bench_diff;

#[bench_diff(ratio < 0.8)]
fn alone() -> u64 {
    1
}

// The function is still there after the error: calling it adds no second diagnostic.
fn main() {
    let _ = alone();
}
