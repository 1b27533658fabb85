//! Cross-version comparisons: `--save-baseline NAME` keeps the bench executable beside the
//! saved numbers; `--baseline NAME` starts that executable as a child in serve mode and
//! measures each `#[bench]` in duos against the same trial there. When that is not
//! possible, the comparison falls back to the saved numbers and the report says why.
//!
//! This layer is an edge of the program: it starts processes and copies files. The duo loop
//! it drives is `measure::duo`'s, unchanged.
//!
//! - `store`: the bench executable kept beside a saved baseline, so it can run again;
//! - `protocol`: the serve protocol, one line per message over the child's stdin and stdout;
//! - `child`: the baseline's executable as a child in serve mode, always reaped;
//! - `serve_loop`: the child's side, timing the batches its parent asks for;
//! - `remote_side`: a serving child as one side of the duos;
//! - `places` and `co_locate`: where each serving process runs, both on one CPU;
//! - `serving_round`: one round, a fresh pair of serving processes timed in duos;
//! - `rounds`: one comparison in rounds, until its decision or the end of its budget;
//! - `paired_run`: the run's baseline executable and one comparison against it in rounds;
//! - `from_rounds`: the trial's result from all its rounds, not the last one;
//! - `unpaired`: an unpaired trial under the regression gate fails, since only pairing
//!   keeps its error rate;
//! - `across_processes`: a `#[bench_diff]` decided in the same rounds, its two routines
//!   served by two processes of this executable.

mod across_processes;
mod child;
mod co_locate;
mod from_rounds;
mod paired_run;
mod places;
mod protocol;
mod remote_side;
mod rounds;
mod serve_loop;
mod serving_round;
mod store;
mod unpaired;

pub(crate) use across_processes::run_across_processes;
pub(crate) use paired_run::{regression_claim, run_paired, stored_executable, BaselineExecutable};
pub(crate) use protocol::{DiffSide, Reply, Request, TrialRequest, PROTOCOL_VERSION, SERVE_FLAG};
pub(crate) use serve_loop::{leave_interrupts_to_the_parent, next_request, send, serve_batches};
pub(crate) use store::store_executable;

use std::sync::{Arc, Mutex};

/// What a `Bencher` does besides measuring its routine on its own.
#[derive(Clone, Debug, Default)]
pub enum Role {
    /// Linear sampling, compared with saved numbers afterwards.
    #[default]
    Local,
    /// In a child in serve mode: time the batches the parent asks for.
    Serve,
    /// Measure in duos against the same trial of a baseline's executable.
    Paired {
        /// The baseline's executable, shared by the trials of the run.
        baseline_exe: Arc<Mutex<BaselineExecutable>>,
        /// This trial's name, as the child knows it.
        trial: String,
    },
}

/// What a `Diff` does besides measuring its two routines in this process.
#[derive(Clone, Debug, Default)]
pub enum DiffRole {
    /// Both routines in duos in this process.
    #[default]
    Local,
    /// In a child in serve mode: time the batches of one routine the parent asks for.
    Serve(DiffSide),
    /// Decide over rounds of fresh process pairs (`--across-processes`), this trial's name
    /// as the children know it.
    AcrossProcesses(String),
}
