//! Evidence of the machine: what the OS counted for the thread, the load and governors, the
//! machine's pace and how often it stalls a running thread.

mod contention;
mod os;
mod pace;
mod stall_windows;
mod stalls;
mod system;
mod usage;

pub(crate) use os::{context_switches, resident_kib, thread_cpu_time_ns, ContextSwitches};
pub(crate) use pace::PaceProbe;
pub(crate) use stalls::measure_stalls;
pub use stalls::{machine_stalls, MachineStalls};
pub(crate) use system::MachineFacts;
pub use usage::OsUsage;
pub(crate) use usage::UsageReading;
