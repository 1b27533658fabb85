//! Attribute macros for duobench. Use them through the `duobench` crate, which re-exports
//! them and holds the types the expansions refer to (through `::duobench::__private`).
//!
//! Each attribute parses its options (`args.rs`, `claim.rs`, `duration.rs`), checks the
//! function's signature (`item.rs`) and the two against each other (`valid.rs`), then emits
//! the function (unchanged but for `#[inline(always)]` on a `#[bench]` routine the timed loop
//! calls) plus a registered descriptor (`expand.rs`). On any error it emits
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

/// The attribute behind `duobench::bench`, where its options are documented: it expands to
/// the function plus a descriptor registered for the harness. The function is unchanged but
/// for one attribute: a returning form without `vs` (`fn f() -> T`, `fn f(n: A) -> T`) is
/// `#[inline(always)]` unless it has an `inline` or `target_feature` attribute, so that the timed loop
/// runs its body as it would a closure's.
#[proc_macro_attribute]
pub fn bench(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(Kind::Bench, attr.into(), item.into()).into()
}

/// The attribute behind `duobench::bench_diff`, where its options are documented: it
/// expands to the function unchanged plus a descriptor registered for the harness.
#[proc_macro_attribute]
pub fn bench_diff(attr: TokenStream, item: TokenStream) -> TokenStream {
    expand::attribute(Kind::Diff, attr.into(), item.into()).into()
}
