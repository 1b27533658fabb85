//! Counts under Valgrind: the markers between which a routine's calls are counted, the
//! Valgrind command that counts them, and what one counted segment holds.

mod events;
mod markers;
mod valgrind;

pub use events::{CacheModel, EventCounts, CYCLE_WEIGHTS};
pub(crate) use markers::{counted, segment_end};
pub(crate) use valgrind::{callgrind_args, dump_files, find_valgrind, Valgrind};
