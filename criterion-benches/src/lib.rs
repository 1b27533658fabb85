//! Holds published crates' Criterion bench files (`benches/`), which run unchanged under
//! `duobench-criterion-compat`; see `benches/NOTICE.md` for where they come from.
//!
//! This file is also the data `benches/hex.rs` encodes: it reads `../src/lib.rs`, which in
//! the hex crate was that crate's own source.
