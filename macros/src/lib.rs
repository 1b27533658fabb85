//! Attribute macros for duobench. Use them through the `duobench` crate.
use proc_macro::TokenStream;

/// Registers a single-routine benchmark.
#[proc_macro_attribute]
pub fn bench(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}

/// Registers a comparison of two routines.
#[proc_macro_attribute]
pub fn bench_diff(_attr: TokenStream, item: TokenStream) -> TokenStream {
    item
}
