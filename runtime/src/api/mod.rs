//! The user-facing handles: [`Bencher`](bencher::Bencher) for `#[bench]`,
//! [`Diff`](diff::Diff) for `#[bench_diff]`, and the same measurements called as plain
//! functions (`compare`, `measure`).

pub mod bench_fn;
pub mod bencher;
pub mod diff;
pub mod diff_fn;
pub mod result_varies;
pub mod threads;
pub mod tokio_gate;
pub mod versions;
