//! The expansion: the user's function unchanged, then a const holding the entry point and
//! the descriptor submitted to the registry (named after the function, so that it can check
//! that it stands at module level: `placement.rs`).
//!
//! ```text
//! #[bench(args = [10, 1000])]
//! fn sort(b: &mut Bencher, n: usize) { .. }
//!
//! // becomes
//! fn sort(b: &mut Bencher, n: usize) { .. }
//! const __duobench_sort: AtModuleLevel = {
//!     /* placement check: placement.rs */
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
use crate::placement;
use crate::valid::{self, Bench};
use crate::value::{Count, Executor, Measure, OnInconclusive, Throughput};
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
    let vs = match (&options.vs, &options.vs_group) {
        (Some(Opt { value: path, .. }), _) => {
            let text = path_text(path);
            quote!(::core::option::Option::Some(#text))
        }
        (None, Some(Opt { value: paths, .. })) => {
            let texts: Vec<String> = paths.iter().map(path_text).collect();
            let text = format!("[{}]", texts.join(","));
            quote!(::core::option::Option::Some(#text))
        }
        (None, None) => quote!(::core::option::Option::None),
    };
    let texts = trial_names(options);
    let line = quote_spanned!(ident.span()=> ::core::line!());
    // The registration exists exactly when the function does.
    let cfgs = item.attrs.iter().filter(|attr| attr.path().is_ident("cfg"));
    let attr_options = attr_options(options, arg_dependent_throughput(bench).is_some());
    let throughput_check = throughput_check(bench);
    let marker = placement::marker(item);
    let placement_check = placement::check(item);
    let libtest_check = libtest_check();
    let module_items = placement::module_items();
    let inline = inline_into_the_loop(bench).then(|| quote!(#[inline(always)]));
    quote! {
        #inline
        #item

        #(#cfgs)*
        #[doc(hidden)]
        // The libtest check is a test function in a block, which libtest never lists.
        #[allow(non_upper_case_globals, dead_code, unnameable_test_items)]
        const #marker: ::duobench::__private::AtModuleLevel = {
            #placement_check
            #libtest_check
            fn __duobench_entry(__duobench_handle: &mut #handle_ty, __duobench_arg: usize) {
                #module_items
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
            ::duobench::__private::AtModuleLevel
        };
    }
}

/// Under libtest's harness the file of a bench target does not compile: libtest would run
/// none of its benchmarks (`runtime/src/harness/libtest_check.rs`). A test function
/// exists only in a build under libtest's harness (`rustc --test`; Cargo's `--cfg test` for
/// `harness = false` drops it), so the check inside it runs there alone. Integration tests
/// that read the registry are built under the harness too, and pass: their files are not a
/// bench target's.
fn libtest_check() -> TokenStream {
    quote! {
        #[::core::prelude::v1::test]
        fn __duobench_libtest_check() {
            const _: () = ::duobench::__private::UnderLibtest::<{
                ::duobench::__private::in_bench_target(::core::file!())
            }>::REFUSED;
        }
    }
}

/// A path as the registry shows it: its tokens without spaces.
fn path_text(path: &syn::ExprPath) -> String {
    path.to_token_stream()
        .to_string()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The entry point's body: one call into the user's function per trial, chosen by index
/// (types in the outer loop, arguments in the inner, as the trial names list them; for a
/// group, one comparison per candidate).
fn entry_body(bench: &Bench) -> TokenStream {
    let types: Vec<Option<&syn::Type>> = match &bench.options.types {
        Some(types) => types.value.types.iter().map(Some).collect(),
        None => vec![None],
    };
    let args: Vec<Option<&syn::Expr>> = match &bench.options.args {
        Some(args) => args.value.exprs.iter().map(Some).collect(),
        None => vec![None],
    };
    let calls: Vec<TokenStream> = match (&bench.options.vs_group, &bench.options.threads) {
        (_, Some(threads)) => threads
            .value
            .iter()
            .map(|&n| threaded_call(bench, n as usize))
            .collect(),
        (Some(group), None) => {
            let f = &bench.func.item.sig.ident;
            let f = quote!(#f);
            group
                .value
                .iter()
                .map(|vs| compare_call(bench, &f, vs, None))
                .collect()
        }
        (None, None) => types
            .iter()
            .flat_map(|ty| args.iter().map(move |arg| call(bench, *ty, *arg)))
            .collect(),
    };
    if let [only] = &calls[..] {
        return only.clone();
    }
    let index = 0..calls.len();
    let fn_name = bench.func.item.sig.ident.unraw().to_string();
    quote! {
        match __duobench_arg {
            #(#index => #calls,)*
            _ => ::core::panic!(
                "duobench: trial index {} out of range for `{}`",
                __duobench_arg,
                #fn_name,
            ),
        }
    }
}

/// The name parts of the trials, in the order of `entry_body`'s indices: `u32/10`.
fn trial_names(options: &Options) -> Vec<String> {
    if let Some(threads) = &options.threads {
        return threads.value.iter().map(|n| format!("t={n}")).collect();
    }
    if let Some(group) = &options.vs_group {
        return group
            .value
            .iter()
            .map(|vs| format!("vs={}", path_text(vs)))
            .collect();
    }
    let types = options.types.as_ref().map(|t| &t.value.texts[..]);
    let args = options.args.as_ref().map(|a| &a.value.texts[..]);
    match (types, args) {
        (Some(types), Some(args)) => types
            .iter()
            .flat_map(|ty| args.iter().map(move |arg| format!("{ty}/{arg}")))
            .collect(),
        (Some(only), None) | (None, Some(only)) => only.to_vec(),
        (None, None) => Vec::new(),
    }
}

/// Whether the function is the routine a `#[bench]`'s timed loop calls, and is to be inlined
/// there: the returning forms (`fn f() -> T`, `fn f(n: A) -> T`) without `vs`, unless the
/// function says how it is inlined (or enables a target feature, which rules out
/// `inline(always)`). Left to the optimizer, a function called from the loop,
/// the smoke run and the allocation check was not inlined, and every iteration paid a call
/// and a return more than a closure given to `iter`, which Criterion's and Divan's loops
/// inline. With `vs = g` neither side is forced, so that both
/// are called alike.
fn inline_into_the_loop(bench: &Bench) -> bool {
    let returning = matches!(bench.func.shape, Shape::Plain | Shape::PlainArg);
    let says_how = bench
        .func
        .item
        .attrs
        .iter()
        .any(|attr| attr.path().is_ident("inline") || attr.path().is_ident("target_feature"));
    bench.kind == Kind::Bench
        && returning
        && !bench.func.is_async
        && bench.options.vs.is_none()
        && bench.options.vs_group.is_none()
        && !says_how
}

/// One call into the user's function, for one type (if generic) and one argument (if any).
fn call(bench: &Bench, ty: Option<&syn::Type>, arg: Option<&syn::Expr>) -> TokenStream {
    let ident = &bench.func.item.sig.ident;
    let f = match ty {
        Some(ty) => quote!(#ident::<#ty>),
        None => quote!(#ident),
    };
    let tokio_iter = on_tokio(bench, false);
    match (bench.func.shape, &bench.options.vs, arg) {
        (Shape::Plain, Some(Opt { value: vs, .. }), _) => compare_call(bench, &f, vs, ty),
        (Shape::Plain, None, _) if tokio_iter.is_some() => {
            quote!(#tokio_iter(__duobench_handle, #f))
        }
        (Shape::Plain, None, _) if bench.func.is_async => {
            quote!(__duobench_handle.iter_async(#f))
        }
        (Shape::Plain, None, _) => iter_noting_outputs(&quote!(#f)),
        (Shape::Handle, _, _) => quote!(#f(__duobench_handle)),
        (Shape::HandleArg | Shape::PlainArg, _, Some(arg)) => {
            let value = arg_value(bench, ty, arg);
            let throughput = runtime_throughput(bench);
            let run = if bench.func.shape == Shape::HandleArg {
                quote!(#f(__duobench_handle, __duobench_value))
            } else {
                // The argument is black-boxed so the optimizer cannot fold it into the
                // routine; it is cloned per call (free for `Copy` types).
                let routine = quote! {
                    move || {
                        #f(::core::clone::Clone::clone(::duobench::black_box(&__duobench_value)))
                    }
                };
                if let Some(iter) = &tokio_iter {
                    quote!(#iter(__duobench_handle, #routine))
                } else if bench.func.is_async {
                    quote!(__duobench_handle.iter_async(#routine))
                } else {
                    iter_noting_outputs(&routine)
                }
            };
            quote! {{
                #value
                #throughput
                #run
            }}
        }
        // `valid::check` refuses an argument parameter without `args`.
        (Shape::HandleArg | Shape::PlainArg, _, None) => quote!(::core::unreachable!()),
    }
}

/// `let __duobench_value: T = arg;`, typed as the parameter unless the function is generic
/// (the parameter's type may then name the type parameter, which the call infers).
fn arg_value(bench: &Bench, ty: Option<&syn::Type>, arg: &syn::Expr) -> TokenStream {
    match (ty, bench.func.arg_param()) {
        (None, Some(param)) => {
            let param_ty = &param.ty;
            quote!(let __duobench_value: #param_ty = #arg;)
        }
        _ => quote!(let __duobench_value = #arg;),
    }
}

/// `throughput = bytes(n * 8)` on a function with an argument: evaluated per trial, with
/// the parameter's name bound to a clone of the argument.
fn runtime_throughput(bench: &Bench) -> TokenStream {
    let Some(throughput) = arg_dependent_throughput(bench) else {
        return TokenStream::new();
    };
    let variant = if throughput.bytes {
        quote!(Bytes)
    } else {
        quote!(Elements)
    };
    let count = match &throughput.count {
        Count::Literal(n) => Literal::u64_suffixed(*n).into_token_stream(),
        Count::Const(expr) => expr.to_token_stream(),
    };
    let bind = bench.func.arg_name().map(|name| {
        quote!(#[allow(unused_variables)] let #name = ::core::clone::Clone::clone(&__duobench_value);)
    });
    quote_spanned! {count.span()=>
        ::duobench::__private::set_throughput(
            __duobench_handle,
            ::duobench::__private::Throughput::#variant({
                #bind
                (#count) as u64
            }),
        );
    }
}

/// The throughput when it is evaluated per trial (a `#[bench]` with an argument), else
/// `None`: then it is constant data in the descriptor.
fn arg_dependent_throughput(bench: &Bench) -> Option<&Throughput> {
    let throughput = &bench.options.throughput.as_ref()?.value;
    matches!(bench.func.shape, Shape::HandleArg | Shape::PlainArg).then_some(throughput)
}

/// The `AttrOptions` literal, durations already in nanoseconds; a throughput that depends
/// on the argument is left out (the entry point sets it per trial).
fn attr_options(options: &Options, throughput_per_trial: bool) -> TokenStream {
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
    let constant_throughput = options
        .throughput
        .as_ref()
        .filter(|_| !throughput_per_trial);
    let throughput = value(constant_throughput.map(|o| {
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
    let measure = value(options.measure.as_ref().map(|o| match &o.value {
        // Spanned at the value, so that an unknown name or a type that is no measurement is
        // reported where it is written.
        Measure::BuiltIn(name) => {
            quote_spanned!(name.span()=> ::duobench::measurement::built_in::#name)
        }
        Measure::Custom(path) => quote_spanned! {path.span()=>
            ::duobench::__private::Measure::custom(&#path)
        },
    }));
    let allocs = value(options.allocs.as_ref().map(|o| {
        let count = Literal::u64_suffixed(o.value.count);
        if o.value.exact {
            quote!(::duobench::__private::AllocLimit::Exactly(#count))
        } else {
            quote!(::duobench::__private::AllocLimit::AtMost(#count))
        }
    }));
    let max_regression = value(
        options
            .max_regression
            .as_ref()
            .map(|o| Literal::f64_suffixed(o.value).into_token_stream()),
    );
    let across_processes = options.across_processes.is_some();
    quote! {
        ::duobench::__private::AttrOptions {
            warmup_ns: #warmup,
            max_time_ns: #max_time,
            alpha: #alpha,
            claim: #claim,
            on_inconclusive: #on_inconclusive,
            throughput: #throughput,
            samples: #samples,
            measure: #measure,
            allocs: #allocs,
            max_regression: #max_regression,
            across_processes: #across_processes,
            past_budget_for_fewest: false,
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
/// checked by the compiler: it must be a constant integer above zero. One that depends on
/// the argument is checked when the trial starts.
fn throughput_check(bench: &Bench) -> TokenStream {
    let Some(throughput) = &bench.options.throughput else {
        return TokenStream::new();
    };
    if arg_dependent_throughput(bench).is_some() {
        return TokenStream::new();
    }
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

/// The `__private` function that runs an `async fn` on the tokio runtime its `executor`
/// asked for (`iter_on_tokio…`, or `compare_on_tokio…` for a comparison); `None` on the
/// built-in executor. Its feature gate's type is spanned at the option, so that a missing
/// feature is reported there.
fn on_tokio(bench: &Bench, compare: bool) -> Option<TokenStream> {
    let option = bench
        .options
        .executor
        .as_ref()
        .filter(|_| bench.func.is_async)?;
    let name = match (option.value, compare) {
        (Executor::BuiltIn, _) => return None,
        (Executor::Tokio, false) => "iter_on_tokio",
        (Executor::Tokio, true) => "compare_on_tokio",
        (Executor::TokioMultiThread, false) => "iter_on_tokio_multi_thread",
        (Executor::TokioMultiThread, true) => "compare_on_tokio_multi_thread",
    };
    let span = option.key.span();
    let function = syn::Ident::new(name, span);
    let gate = quote_spanned!(span=> ());
    Some(if compare {
        quote!(::duobench::__private::#function::<#gate, _, _>)
    } else {
        quote!(::duobench::__private::#function::<#gate, _>)
    })
}

/// `iter(routine)` for a synchronous returning routine, after two calls whose results are
/// compared for the doctor where their type has `PartialEq` (`api::result_varies`: a result that
/// changes between calls is real work, however fast).
fn iter_noting_outputs(routine: &TokenStream) -> TokenStream {
    quote! {{
        #[allow(unused_imports)]
        use ::duobench::__private::{ComparableOutputs as _, OpaqueOutputs as _};
        #[allow(unused_mut)]
        let mut __duobench_routine = #routine;
        let __duobench_outputs = (__duobench_routine(), __duobench_routine());
        let __duobench_varies =
            (&::duobench::__private::Outputs(&__duobench_outputs.0, &__duobench_outputs.1))
                .varies();
        ::core::mem::drop(__duobench_outputs);
        ::duobench::__private::set_result_varies(__duobench_handle, __duobench_varies);
        __duobench_handle.iter(__duobench_routine)
    }}
}

/// A comparison of the annotated function `f` with `vs` (instantiated with `ty` when
/// generic), through a helper whose bounds meet `vs` at its own span.
fn compare_call(
    bench: &Bench,
    f: &TokenStream,
    vs: &syn::ExprPath,
    ty: Option<&syn::Type>,
) -> TokenStream {
    // `vs` keeps its span and meets its bound at a function generated here, so a
    // `vs` function that takes arguments gives one error, at the user's `vs` token,
    // whose note shows this signature rather than the runtime's.
    let last = vs
        .path
        .segments
        .last()
        .map_or_else(|| vs.span(), |s| s.ident.span());
    let compare = quote_spanned!(last=> __duobench_compare);
    let vs = match ty {
        Some(ty) => quote!(#vs::<#ty>),
        None => quote!(#vs),
    };
    let helper = if bench.func.is_async {
        let compare = if let Some(compare) = on_tokio(bench, true) {
            quote!(#compare(diff, first, vs))
        } else {
            quote!(diff.compare_async(first, vs))
        };
        quote! {
            fn __duobench_compare<O1: ::core::future::Future, O2: ::core::future::Future>(
                diff: &mut ::duobench::Diff,
                first: impl FnMut() -> O1,
                vs: impl FnMut() -> O2,
            ) {
                #compare
            }
        }
    } else {
        quote! {
            fn __duobench_compare<O1, O2>(
                diff: &mut ::duobench::Diff,
                first: impl FnMut() -> O1,
                vs: impl FnMut() -> O2,
            ) {
                diff.compare(first, vs)
            }
        }
    };
    quote! {{
        #helper
        #compare(__duobench_handle, #f, #vs)
    }}
}

/// One trial of `threads = [..]`: the routine (and `vs`) on `n` threads at once.
fn threaded_call(bench: &Bench, n: usize) -> TokenStream {
    let f = &bench.func.item.sig.ident;
    match &bench.options.vs {
        Some(Opt { value: vs, .. }) => {
            quote!(::duobench::__private::compare_threads(__duobench_handle, #n, #f, #vs))
        }
        None => quote!(::duobench::__private::iter_threads(__duobench_handle, #n, #f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The expansion of `#[bench(attr)]` on `item`, as text.
    fn expanded(attr: &str, item: &str) -> String {
        attribute(Kind::Bench, attr.parse().unwrap(), item.parse().unwrap()).to_string()
    }

    #[test]
    fn a_returning_routine_is_inlined_into_the_timed_loop() {
        let always = "# [inline (always)] fn add";
        assert!(expanded("", "fn add() -> u64 { 2 + 3 }").contains(always));
        let with_arg = expanded("args = [1, 2]", "fn add(n: u64) -> u64 { n + 3 }");
        assert!(with_arg.contains(always), "{with_arg}");
        // The controls: the user's own choice, a comparison and the Bencher form keep theirs.
        let own = expanded("", "#[inline(never)] fn add() -> u64 { 2 + 3 }");
        assert!(!own.contains("inline (always)") && own.contains("inline (never)"));
        let featured = "#[target_feature(enable = \"avx2\")] fn add() -> u64 { 2 + 3 }";
        assert!(!expanded("", featured).contains("inline (always)"));
        let compared = expanded("vs = other", "fn add() -> u64 { 2 + 3 }");
        assert!(!compared.contains("inline (always)"), "{compared}");
        let handle = expanded("", "fn add(b: &mut Bencher) { b.iter(|| 2 + 3) }");
        assert!(!handle.contains("inline (always)"), "{handle}");
    }
}
