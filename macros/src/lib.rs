//! Attribute macros for duobench. Use them through the `duobench` crate, which re-exports
//! them and holds the types the expansions refer to (through `::duobench::__private`).
//!
//! Each attribute parses its options (`args.rs`, `claim.rs`, `duration.rs`), checks the
//! function's signature (`item.rs`) and the two against each other (`valid.rs`), then emits
//! the function unchanged plus a registered descriptor (`expand.rs`). On any error it emits
//! the error and the function unchanged (`fallback.rs`).

mod args;
mod claim;
mod duration;
mod expand;
mod fallback;
mod item;
mod placement;
mod source;
mod valid;
mod value;

use args::Kind;
use proc_macro::TokenStream;

/// Registers a benchmark of one routine.
///
/// The function either is the routine (no parameters; its return value is black-boxed and
/// dropped outside the timed region) or takes `&mut Bencher` and hands it the routine,
/// optionally followed by one argument taken from `args = [..]`.
///
/// Options: `name = "..."`, `ignore` or `ignore = "reason"`, `warmup = "500ms"`,
/// `max_time = "10s"`, `args = [..]`, `throughput = bytes(N)` or `elements(N)`,
/// `samples = N`, `threads = [1, 2, 4]` (one trial per count, the routine on that many
/// threads at once).
///
/// ```ignore
/// use duobench::{bench, Bencher};
///
/// #[bench(args = [10, 1000, 100_000], max_time = "5s")]
/// fn sort(b: &mut Bencher, n: usize) {
///     let v: Vec<u32> = (0..n as u32).rev().collect();
///     b.iter_batched(|| v.clone(), |mut v| v.sort());
/// }
/// ```
#[proc_macro_attribute]
pub fn bench(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(Kind::Bench, attr.into(), item.into()).into()
}

/// Registers a comparison of two routines, measured in duos, with an optional claim about
/// `ratio = latency(first) / latency(second)`.
///
/// Either the function is the first routine and `vs = path` names the second, or it takes
/// `&mut Diff` (and optionally one argument from `args = [..]`) and calls
/// `d.compare(first, second)`.
///
/// Claims: `ratio < X`, `ratio <= X`, `ratio > X`, `ratio >= X`, `ratio in A..B`,
/// `ratio in A..=B`. Options: `vs = path` (or a group, `vs = [b, c, d]`: one trial per
/// candidate, each claim judged at alpha / m), `name = "..."`, `ignore` or `ignore = "reason"`,
/// `warmup = "500ms"`, `max_time = "10s"`, `args = [..]`, `alpha = 0.05`,
/// `on_inconclusive = "fail" | "pass" | "ignore"`, `threads = [1, 2, 4]` (one trial per
/// count, both routines on that many threads at once).
///
/// ```ignore
/// use duobench::{bench_diff, Diff};
///
/// #[bench_diff(vs = sort_std, ratio < 0.8)]
/// fn sort_unstable() -> Vec<u32> { let mut v = data(); v.sort_unstable(); v }
/// fn sort_std() -> Vec<u32> { let mut v = data(); v.sort(); v }
///
/// #[bench_diff(ratio in 0.97..=1.03, alpha = 0.01)]
/// fn hashers(d: &mut Diff) {
///     let keys = keys();
///     d.compare(|| hash_all_fx(&keys), || hash_all_ahash(&keys));
/// }
/// ```
#[proc_macro_attribute]
pub fn bench_diff(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(Kind::Diff, attr.into(), item.into()).into()
}
