//! `executor = tokio_multi_thread` built without duobench's `tokio-full` feature: this must
//! fail to compile with one message naming the feature (tests/tests/e2e_tokio_full.rs).

use duobench::bench;

#[bench(executor = tokio_multi_thread)]
async fn needs_the_feature() -> u64 {
    1
}

fn main() {
    duobench::main()
}
