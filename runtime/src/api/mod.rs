//! The user-facing handles: [`Bencher`] for `#[bench]`, [`Diff`] for `#[bench_diff]`, and
//! the same measurements called as plain functions (`compare`, `measure`); `versions`
//! pairs a `#[bench]` with a baseline's executable. Its files are private: other layers
//! import the names re-exported here.

mod bench_fn;
mod bencher;
mod counting;
mod diff;
mod diff_fn;
mod result_varies;
mod threads;
mod tokio_gate;
mod versions;

pub use bench_fn::{batch_overhead, measure, BatchOverhead, BenchConfig};
pub(crate) use bencher::BenchOutcome;
pub use bencher::Bencher;
pub(crate) use counting::{CountPlan, CountRole, COUNT_FLAG};
pub use diff::Diff;
pub(crate) use diff::DiffOutcome;
pub use diff_fn::{compare, DiffConfig};
pub use result_varies::{set_result_varies, ComparableOutputs, OpaqueOutputs, Outputs};
pub use threads::{compare_threads, iter_threads};
pub use tokio_gate::{
    compare_on_tokio, compare_on_tokio_multi_thread, iter_on_tokio, iter_on_tokio_multi_thread,
};
pub(crate) use versions::{
    leave_interrupts_to_the_parent, next_request, percent, send, store_executable,
    BaselineExecutable, PairedResult, Reply, Request, Role, UnpairedGate, PROTOCOL_VERSION,
    SERVE_FLAG,
};
