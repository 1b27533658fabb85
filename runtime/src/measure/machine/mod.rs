//! Evidence of the machine, read around the measurements so that the analysis can tell the
//! routine's noise from the machine's:
//! - `os`: the measuring thread's context switches and CPU time, as the OS counts them;
//! - `contention`: the thread's wait for a core and the hypervisor's steal;
//! - `sample_wait`: the thread's wait for a core during each `#[bench]` sample;
//! - `usage`: a trial's before/after of both, and its peak memory;
//! - `system`: the CPU frequency governors, for the doctor;
//! - `stalls`: how often the machine stalls a running thread, by a spin on timed chunks;
//! - `stall_windows`: how often a window of the machine's time runs slow, from the same spin;
//! - `pace_probe`: a short fixed probe of the machine's pace, read after every `#[bench]` sample,
//!   and the wait for it to come back to a reference pace.

mod contention;
mod os;
mod pace_probe;
mod sample_wait;
mod stall_windows;
mod stalls;
mod system;
mod usage;

pub(crate) use os::{context_switches, resident_kib, thread_cpu_time_ns, ContextSwitches};
pub(crate) use pace_probe::{slower_than, wait_for_pace, PaceProbe, PaceWait};
pub(crate) use sample_wait::WaitMeter;
pub use sample_wait::{SampleWait, WaitEvidence, Waiting};
pub(crate) use stalls::measure_stalls;
pub use stalls::{machine_stalls, MachineStalls};
pub(crate) use system::MachineFacts;
pub use usage::OsUsage;
pub(crate) use usage::UsageReading;
