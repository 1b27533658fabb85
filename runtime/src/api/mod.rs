//! The user-facing handles. Its files are private: other layers import the names re-exported
//! here.
//! - `bencher`: [`Bencher`], the handle a `#[bench]` function receives;
//! - `diff`: [`Diff`], the handle a `#[bench_diff]` function receives;
//! - `bench_fn`: `measure` and `batch_overhead`, a `#[bench]`'s measurement called as a
//!   function, for programs that measure without the harness;
//! - `diff_fn`: `compare` and `DiffConfig`, a comparison called as a function, likewise;
//! - `threads`: `threads = [..]`, a routine measured while copies run on other threads, so
//!   its figure is the latency under that contention;
//! - `tokio_feature`: the macro's calls into tokio for `executor = tokio`, which compile only
//!   with the `tokio` feature and otherwise say which feature to turn on;
//! - `result_varies`: whether a returning `#[bench]`'s result varies, so the doctor can tell
//!   work optimized away from work that is merely fast;
//! - `versions`: a `#[bench]` paired with the same trial in a baseline's executable;
//! - `counting`: a trial counted under Valgrind in a child process (`measure = cachegrind`).

mod bench_fn;
mod bencher;
mod counting;
mod diff;
mod diff_fn;
mod result_varies;
mod threads;
mod tokio_feature;
mod versions;

pub use bench_fn::{batch_overhead, measure, BatchOverhead, BenchConfig};
pub(crate) use bencher::BenchOutcome;
pub use bencher::{iter_custom_values, Bencher};
pub(crate) use counting::{CountPlan, CountRole, COUNT_FLAG, COUNT_HERE_FLAG};
pub use diff::Diff;
pub(crate) use diff::DiffOutcome;
pub use diff_fn::{compare, DiffConfig};
pub use result_varies::{set_result_varies, ComparableOutputs, OpaqueOutputs, Outputs};
pub use threads::{compare_threads, iter_threads};
pub use tokio_feature::{
    compare_on_tokio, compare_on_tokio_multi_thread, iter_on_tokio, iter_on_tokio_multi_thread,
};
pub(crate) use versions::{
    leave_interrupts_to_the_parent, next_request, send, store_executable, BaselineExecutable,
    DiffRole, DiffSide, Reply, Request, Role, TrialRequest, PROTOCOL_VERSION, SERVE_FLAG,
};
