//! The command line: argv and `DUOBENCH_*` variables into an `Invocation`, Criterion's flags
//! taken as their equivalents, its options' value parsers, filters, limits, thread counts,
//! and which trials the selection starts.

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
