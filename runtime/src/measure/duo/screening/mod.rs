//! Between the duo loop and the sequential test: which clock judges the comparison
//! (`clock`), and the screen that sets aside the duos the OS shows the machine interfered
//! with (`screen`), with its error rates under simulation (`simulation`).

mod clock;
mod screen;
#[cfg(test)]
mod simulation;

pub use clock::{Clock, ClockReason};
pub(crate) use screen::{DuoScreen, Evidence};
