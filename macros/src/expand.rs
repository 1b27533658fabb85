//! The expansion: the user's function unchanged, then an anonymous const holding the entry
//! point and the descriptor submitted to the registry.
//!
//! ```text
//! #[bench(args = [10, 1000])]
//! fn sort(b: &mut Bencher, n: usize) { .. }
//!
//! // becomes
//! fn sort(b: &mut Bencher, n: usize) { .. }
//! const _: () = {
//!     fn __duobench_entry(__duobench_handle: &mut ::duobench::Bencher, __duobench_arg: usize) {
//!         match __duobench_arg {
//!             0 => sort(__duobench_handle, 10),
//!             1 => sort(__duobench_handle, 1000),
//!             _ => ::core::panic!(..),
//!         }
//!     }
//!     ::duobench::__private::inventory::submit! {
//!         ::duobench::__private::Descriptor {
//!             fn_name: "sort",
//!             module_path: ::core::module_path!(),
//!             args: &["10", "1000"],
//!             routine: ::duobench::__private::Routine::Bench(__duobench_entry),
//!             ..
//!         }
//!     }
//! };
//! ```
//!
//! The other shapes call `__duobench_handle.iter(f)`, `f(__duobench_handle)`, or, for
//! `vs = g`, `__duobench_compare(__duobench_handle, f, g)`.

use crate::args::{Kind, Opt, Options};
use crate::claim::Claim;
use crate::fallback;
use crate::item::{self, Shape};
use crate::valid::{self, Bench};
use crate::value::{Args, Count, OnInconclusive};
use proc_macro2::{Literal, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::ext::IdentExt;
use syn::spanned::Spanned;

/// Parses, validates and expands one attribute, or falls back to the errors and the item.
pub fn attribute(kind: Kind, attr: TokenStream, item: TokenStream) -> TokenStream {
    let options = Options::parse(kind, attr);
    let func = item::parse(kind, item.clone());
    match valid::check(kind, options, func) {
        Ok(bench) => expand(&bench),
        Err(error) => fallback::expand(error, item),
    }
}

fn expand(bench: &Bench) -> TokenStream {
    let item = &bench.func.item;
    let ident = &item.sig.ident;
    let fn_name = ident.unraw().to_string();
    let options = &bench.options;
    let (handle_ty, variant) = match bench.kind {
        Kind::Bench => (quote!(::duobench::Bencher), quote!(Bench)),
        Kind::Diff => (quote!(::duobench::Diff), quote!(Diff)),
    };
    let body = entry_body(bench);
    let name = some(options.name.as_ref().map(|name| &name.value));
    let ignore = match &options.ignore {
        None => quote!(::core::option::Option::None),
        Some(Opt { value: reason, .. }) => {
            let reason = some(reason.as_ref());
            quote!(::core::option::Option::Some(#reason))
        }
    };
    let vs = match &options.vs {
        None => quote!(::core::option::Option::None),
        Some(Opt { value: path, .. }) => {
            let text: String = path
                .to_token_stream()
                .to_string()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect();
            quote!(::core::option::Option::Some(#text))
        }
    };
    let texts = options
        .args
        .as_ref()
        .map_or(&[][..], |args| &args.value.texts[..]);
    let line = quote_spanned!(ident.span()=> ::core::line!());
    // The registration exists exactly when the function does.
    let cfgs = item.attrs.iter().filter(|attr| attr.path().is_ident("cfg"));
    let attr_options = attr_options(options);
    let throughput_check = throughput_check(options);
    quote! {
        #item

        #(#cfgs)*
        const _: () = {
            fn __duobench_entry(__duobench_handle: &mut #handle_ty, __duobench_arg: usize) {
                #body
            }
            #throughput_check
            ::duobench::__private::inventory::submit! {
                ::duobench::__private::Descriptor {
                    fn_name: #fn_name,
                    name: #name,
                    module_path: ::core::module_path!(),
                    file: ::core::file!(),
                    line: #line,
                    ignore: #ignore,
                    vs: #vs,
                    args: &[#(#texts),*],
                    routine: ::duobench::__private::Routine::#variant(__duobench_entry),
                    options: #attr_options,
                }
            }
        };
    }
}

/// The call from the entry point into the user's function.
fn entry_body(bench: &Bench) -> TokenStream {
    let ident = &bench.func.item.sig.ident;
    match (bench.func.shape, &bench.options.vs, &bench.options.args) {
        (Shape::Plain, Some(Opt { value: vs, .. }), _) => {
            // `vs` keeps its span and meets its bound at a function generated here, so a
            // `vs` function that takes arguments gives one error, at the user's `vs` token,
            // whose note shows this signature rather than the runtime's.
            let last = vs
                .path
                .segments
                .last()
                .map_or_else(|| vs.span(), |s| s.ident.span());
            let call = quote_spanned!(last=> __duobench_compare);
            quote! {
                fn __duobench_compare<O1, O2>(
                    diff: &mut ::duobench::Diff,
                    first: impl FnMut() -> O1,
                    vs: impl FnMut() -> O2,
                ) {
                    diff.compare(first, vs)
                }
                #call(__duobench_handle, #ident, #vs)
            }
        }
        (Shape::Plain, None, _) => quote!(__duobench_handle.iter(#ident)),
        (Shape::Handle, _, _) => quote!(#ident(__duobench_handle)),
        (
            Shape::HandleArg,
            _,
            Some(Opt {
                value: Args { exprs, .. },
                ..
            }),
        ) => {
            let index = 0..exprs.len();
            let fn_name = ident.unraw().to_string();
            quote! {
                match __duobench_arg {
                    #(#index => #ident(__duobench_handle, #exprs),)*
                    _ => ::core::panic!(
                        "duobench: argument index {} out of range for `{}`",
                        __duobench_arg,
                        #fn_name,
                    ),
                }
            }
        }
        // `valid::check` refuses an argument parameter without `args`.
        (Shape::HandleArg, _, None) => quote!(::core::unreachable!()),
    }
}

/// The `AttrOptions` literal, durations already in nanoseconds.
fn attr_options(options: &Options) -> TokenStream {
    let value = |opt: Option<TokenStream>| match opt {
        Some(tokens) => quote!(::core::option::Option::Some(#tokens)),
        None => quote!(::core::option::Option::None),
    };
    let warmup = value(
        options
            .warmup_ns
            .as_ref()
            .map(|o| Literal::u64_suffixed(o.value).into_token_stream()),
    );
    let max_time = value(
        options
            .max_time_ns
            .as_ref()
            .map(|o| Literal::u64_suffixed(o.value).into_token_stream()),
    );
    let alpha = value(
        options
            .alpha
            .as_ref()
            .map(|o| Literal::f64_suffixed(o.value).into_token_stream()),
    );
    let claim = value(options.claim.as_ref().map(|o| claim(o.value)));
    let on_inconclusive = value(options.on_inconclusive.as_ref().map(|o| {
        let variant = match o.value {
            OnInconclusive::Fail => quote!(Fail),
            OnInconclusive::Pass => quote!(Pass),
            OnInconclusive::Ignore => quote!(Ignore),
        };
        quote!(::duobench::__private::OnInconclusive::#variant)
    }));
    let throughput = value(options.throughput.as_ref().map(|o| {
        let variant = if o.value.bytes {
            quote!(Bytes)
        } else {
            quote!(Elements)
        };
        let count = match &o.value.count {
            Count::Literal(n) => Literal::u64_suffixed(*n).into_token_stream(),
            Count::Const(expr) => quote!((#expr) as u64),
        };
        quote!(::duobench::__private::Throughput::#variant(#count))
    }));
    let samples = value(
        options
            .samples
            .as_ref()
            .map(|o| Literal::u32_suffixed(o.value).into_token_stream()),
    );
    let max_regression = value(
        options
            .max_regression
            .as_ref()
            .map(|o| Literal::f64_suffixed(o.value).into_token_stream()),
    );
    quote! {
        ::duobench::__private::AttrOptions {
            warmup_ns: #warmup,
            max_time_ns: #max_time,
            alpha: #alpha,
            claim: #claim,
            on_inconclusive: #on_inconclusive,
            throughput: #throughput,
            samples: #samples,
            max_regression: #max_regression,
        }
    }
}

fn claim(claim: Claim) -> TokenStream {
    let f = Literal::f64_suffixed;
    match claim {
        Claim::Below { bound, inclusive } => {
            let bound = f(bound);
            quote!(::duobench::__private::Claim::Below { bound: #bound, inclusive: #inclusive })
        }
        Claim::Above { bound, inclusive } => {
            let bound = f(bound);
            quote!(::duobench::__private::Claim::Above { bound: #bound, inclusive: #inclusive })
        }
        Claim::Within {
            low,
            high,
            high_inclusive,
        } => {
            let (low, high) = (f(low), f(high));
            quote!(::duobench::__private::Claim::Within {
                low: #low,
                high: #high,
                high_inclusive: #high_inclusive,
            })
        }
    }
}

/// A throughput count written as an expression (a literal was checked in `value.rs`) is
/// checked by the compiler: it must be a constant integer above zero.
fn throughput_check(options: &Options) -> TokenStream {
    let Some(throughput) = &options.throughput else {
        return TokenStream::new();
    };
    let Count::Const(count) = &throughput.value.count else {
        return TokenStream::new();
    };
    quote_spanned! {count.span()=>
        const _: () = ::core::assert!((#count) > 0, "duobench: the throughput count must be above zero");
    }
}

fn some<T: ToTokens>(value: Option<T>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}
