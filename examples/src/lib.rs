//! Example benchmarks for duobench; see `benches/`.
