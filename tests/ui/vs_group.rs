use duobench::bench_diff;

// A group names at least two candidates.
#[bench_diff(vs = [other], ratio < 0.8)]
fn alone() -> u64 {
    1
}

// A group with `types` would be one group per type: refused.
#[bench_diff(vs = [other, other], types = [u32])]
fn typed<T>() -> u64 {
    1
}

// One `vs`, whichever form.
#[bench_diff(vs = other, vs = [other, other])]
fn twice() -> u64 {
    1
}

fn other() -> u64 {
    2
}

fn main() {
    let _ = (alone(), typed::<u32>(), twice());
}
