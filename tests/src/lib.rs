//! Compile-fail and end-to-end tests for duobench.
