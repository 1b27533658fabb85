//! Measures other than wall time, read around each batch so that the duo loop and linear
//! sampling work on any of them unchanged:
//! - `meter`: a measure's reader taken around each batch (`measures` defines the readers);
//! - `alloc`: the counting global allocator a user installs, so allocations can be read;
//! - `alloc_limit`: a `#[bench]`'s `allocs` limit, and by how much a routine breaks it;
//! - `instructions`: instructions retired, from the kernel's performance counters;
//!
//! and counts under Valgrind, for a measure no clock can take exactly:
//! - `valgrind`: finding Valgrind and the command line that counts a child under it;
//! - `markers`: the two functions Callgrind counts between and dumps at;
//! - `events`: what Callgrind counted in one segment, and the cycles estimated from it.

mod alloc;
mod alloc_limit;
mod events;
mod instructions;
mod markers;
mod meter;
mod valgrind;

pub(crate) use alloc::{counting_allocator_installed, INSTALL_LINE};
pub use alloc::{AllocCount, CountingAllocator};
pub(crate) use alloc_limit::{alloc_bytes_per_iteration, check_alloc_limit};
pub use events::{CacheModel, EventCounts, CYCLE_WEIGHTS};
pub(crate) use instructions::InstructionCounter;
pub(crate) use markers::{counted, segment_end};
pub(crate) use meter::{Meter, Metered};
pub(crate) use valgrind::{callgrind_args, dump_files, find_valgrind, Valgrind};
