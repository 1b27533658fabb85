//! The registration's check that the function stands at module level, where the macro can
//! name it. An attribute sees only its function, not an `impl` block around it; an
//! associated function would register as `run` where only `Self::run` exists. So the
//! registration asks the compiler, by name lookup:
//!
//! ```text
//! const __duobench_run: AtModuleLevel = {          // beside `fn run`: a module item,
//!     const __duobench_run: InImpl = InImpl;        //   or in an impl: an associated const
//!     fn run(_: &mut Bencher) { unreachable!() }   // found only when `fn run` is not
//!     fn __duobench_placement() {
//!         use self::*;                             // the module's items, searched first
//!         module_level(&__duobench_run);           // AtModuleLevel, or InImpl: one error
//!     }
//!     fn __duobench_entry(..) { use self::*; run(..) }
//!     inventory::submit! { .. }
//!     AtModuleLevel
//! };
//! ```
//!
//! A glob import in a block is searched before the items of the blocks around it, so at
//! module level both names find the module's items. In an `impl` block (or a function body)
//! the module has neither, the lookup falls back to the block's stand-ins, and the one error
//! is `runtime/src/harness/placement.rs`'s message, spanned at the function's name,
//! rather than "`const` items in this context need a name" and "cannot find function `run`".

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;
use syn::{FnArg, Ident, ItemFn};

/// The marker's name, one per function (function names are unique in a module).
pub fn marker(item: &ItemFn) -> Ident {
    format_ident!("__duobench_{}", item.sig.ident.unraw())
}

/// The glob import that makes the module's items win over the block's stand-ins.
pub fn module_items() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use self::*;
    }
}

/// The stand-ins and the check, for the top of the registration's block.
pub fn check(item: &ItemFn) -> TokenStream {
    let marker = marker(item);
    let ident = &item.sig.ident;
    // Spanned at the function's name, where the error belongs.
    let check = quote_spanned!(ident.span()=> ::duobench::__private::module_level(&#marker));
    let stand_in = stand_in(item);
    let module_items = module_items();
    quote! {
        #[allow(non_upper_case_globals, dead_code)]
        const #marker: ::duobench::__private::InImpl = ::duobench::__private::InImpl;
        #stand_in
        #[allow(dead_code)]
        fn __duobench_placement() {
            #module_items
            #check;
        }
    }
}

/// A function of the same name, type parameters and parameter types that does nothing, so
/// that outside module level the calls type-check and the placement error stays alone.
/// The return type is left out: the stand-in never runs, and `-> impl Trait` would need a
/// value.
fn stand_in(item: &ItemFn) -> TokenStream {
    let sig = &item.sig;
    let ident = &sig.ident;
    let asyncness = &sig.asyncness;
    let generics = &sig.generics;
    let where_clause = &sig.generics.where_clause;
    let types = sig.inputs.iter().filter_map(|input| match input {
        FnArg::Typed(typed) => Some(&typed.ty),
        FnArg::Receiver(_) => None,
    });
    quote! {
        #[allow(dead_code, unused_variables, clippy::all, clippy::pedantic)]
        #asyncness fn #ident #generics (#(_: #types),*) #where_clause {
            ::core::unreachable!()
        }
    }
}
