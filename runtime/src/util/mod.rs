//! Utilities: units and their formatting, atomic file writes, the target directory, panic
//! capture. The lowest layer: imports nothing from the crate.

mod atomic_file;
mod fifo_open;
mod file_lock;
mod held;
mod interrupt;
mod panic;
mod process;
mod target_dir;
mod units;

pub use atomic_file::write_atomically;
pub(crate) use atomic_file::{parent_dir, resolve_links};
pub(crate) use fifo_open::open_for_writing;
pub(crate) use file_lock::lock_output;
pub(crate) use held::HeldBytes;
pub(crate) use interrupt::{install_interrupt_flag, interrupted, INTERRUPTED_EXIT};
pub(crate) use panic::catch_panic;
pub(crate) use process::process_ended;
pub(crate) use target_dir::duobench_dir;
pub(crate) use units::{
    format_bytes, format_bytes_per_s, format_count, format_count_significant,
    format_elements_per_s, format_ns, format_ns_significant, format_secs, level_percent,
    parse_duration, ratio_text, three_significant, RatioDigits,
};
