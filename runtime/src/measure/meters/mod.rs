//! Measures other than wall time: a meter read around each batch, allocations counted by the
//! counting allocator (and their limit), instructions retired.

mod alloc;
mod alloc_limit;
mod instructions;
mod meter;

pub use alloc::{AllocCount, CountingAllocator};
pub(crate) use alloc_limit::{alloc_bytes_per_iteration, check_alloc_limit};

pub(crate) use meter::{counted_under_valgrind, Meter, Metered};
