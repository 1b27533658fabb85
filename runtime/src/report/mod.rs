//! Reports: what a person reads. Rendering is pure (strings); the runner prints them.

pub mod diff_block;
