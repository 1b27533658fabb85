//! A counting global allocator: the user installs it in one line, and duobench reads how
//! many allocations (and bytes) a routine makes, as Divan's `AllocProfiler` does.
//!
//! ```no_run
//! #[global_allocator]
//! static ALLOC: duobench::CountingAllocator = duobench::CountingAllocator;
//! ```
//!
//! Counters are per thread (a routine runs on the harness's thread, and other threads'
//! allocations must not count), kept in `const`-initialised thread-locals without
//! destructors, so reading them never allocates.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting each allocation of the current thread. Install it with
/// `#[global_allocator]` to use `measure = allocations` or `allocs == 0`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

fn count(bytes: usize) {
    // `try_with`: during thread teardown the counters may be gone; such allocations are
    // simply not counted.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    let _ = BYTES.try_with(|b| b.set(b.get() + bytes as u64));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so the
// allocator upholds exactly `System`'s guarantees; counting touches no allocation.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded as received; the caller upholds `alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: forwarded as received.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: forwarded as received; `ptr` was allocated by `System` through us.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received; `ptr` was allocated by `System` through us.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Allocations and bytes allocated by this thread so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AllocCount {
    /// Calls to `alloc`, `alloc_zeroed` and `realloc`.
    pub allocations: u64,
    /// Bytes requested by those calls.
    pub bytes: u64,
}

impl AllocCount {
    /// The counters of this thread now.
    #[must_use]
    pub fn now() -> Self {
        Self {
            allocations: ALLOCATIONS.with(Cell::get),
            bytes: BYTES.with(Cell::get),
        }
    }

    /// What was counted between `earlier` and `self`.
    #[must_use]
    pub fn since(self, earlier: Self) -> Self {
        Self {
            allocations: self.allocations - earlier.allocations,
            bytes: self.bytes - earlier.bytes,
        }
    }
}

/// Whether [`CountingAllocator`] is this program's global allocator: a fresh allocation
/// must show in the counters.
#[must_use]
pub fn counting_allocator_installed() -> bool {
    let before = AllocCount::now();
    drop(std::hint::black_box(Box::new(0u64)));
    AllocCount::now().allocations > before.allocations
}

/// The line a user adds to the bench file, for messages.
pub const INSTALL_LINE: &str =
    "#[global_allocator] static ALLOC: duobench::CountingAllocator = duobench::CountingAllocator;";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_allocator_counts_this_threads_allocations_and_bytes() {
        let layout = Layout::from_size_align(48, 8).expect("a valid layout");
        let before = AllocCount::now();
        // SAFETY: a non-zero-size layout; the block is freed with the same layout below.
        unsafe {
            let block = CountingAllocator.alloc(layout);
            assert!(!block.is_null());
            let grown = CountingAllocator.realloc(block, layout, 96);
            assert!(!grown.is_null());
            CountingAllocator.dealloc(grown, Layout::from_size_align(96, 8).expect("valid"));
        }
        let counted = AllocCount::now().since(before);
        assert_eq!(
            counted,
            AllocCount {
                allocations: 2,
                bytes: 144
            }
        );
        // The unit tests themselves run on the system allocator.
        assert!(!counting_allocator_installed());
    }
}
