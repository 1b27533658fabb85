//! The layer's checks against SciPy and of the confidence sequence's coverage: reference
//! values from `scripts/reference_stats.py` and `scripts/reference_bench.py`, kept in
//! `runtime/tests/fixtures/`.

mod bench_reference;
mod coverage;
mod reference;
