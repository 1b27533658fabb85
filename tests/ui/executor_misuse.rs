use duobench::{bench, bench_diff, Bencher};

// `executor` picks where an `async fn` runs: on a synchronous function it means nothing.
#[bench(executor = tokio)]
fn not_async() -> u64 {
    1
}

#[bench(executor = tokio)]
fn takes_the_handle(b: &mut Bencher) {
    b.iter(|| 1);
}

// Not an executor duobench knows.
#[bench(executor = async_std)]
async fn unknown_executor() -> u64 {
    1
}

#[bench_diff(vs = other, executor = tokio)]
fn sync_diff() -> u64 {
    1
}

fn other() -> u64 {
    2
}

fn main() {}
