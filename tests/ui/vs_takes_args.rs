use duobench::bench_diff;

fn sort_std(v: Vec<u32>) -> Vec<u32> {
    v
}

#[bench_diff(vs = sort_std, ratio < 0.8)]
fn sort_radix() -> Vec<u32> {
    Vec::new()
}

mod sorts {
    pub fn merge(_: &[u32]) {}
}

#[bench_diff(vs = sorts::merge)]
fn insertion() {}

// A path that names nothing is the compiler's usual error, at the same token.
#[bench_diff(vs = sorts::quick)]
fn heap() {}

fn main() {}
