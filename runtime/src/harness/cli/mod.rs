//! The command line, read once before any trial runs:
//! - `invocation`: argv and `DUOBENCH_*` variables into an `Invocation`, our options split
//!   from libtest's (libtest-mimic rejects flags it does not know);
//! - `values`: the parsers of our options' values, each giving a one-line reason;
//! - `criterion_flags`: Criterion's flags taken as their equivalents, for those who come
//!   from it;
//! - `filters`: several filter words, which libtest takes and libtest-mimic does not;
//! - `limits`: the documented ranges of settings, checked where values enter;
//! - `thread_counts`: a note before the run on trials that ask for more threads than cores;
//! - `selection`: which trials the run will start, so that checks look only at those.

mod criterion_flags;
mod filters;
mod invocation;
mod limits;
mod selection;
mod thread_counts;
mod values;

pub(crate) use filters::{probe, select_any};
pub(crate) use invocation::Invocation;
pub(crate) use limits::check_trial_budgets;
pub(crate) use selection::selected_specs;
pub(crate) use thread_counts::oversubscribed_note;
