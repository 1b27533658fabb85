//! Workloads of known relative cost for the end-to-end run: the examples' calibrated work.

pub use duobench_examples::work;
