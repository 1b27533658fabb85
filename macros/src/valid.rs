//! Cross-checks between the options and the function's signature, once both parsed.
//!
//! Each error points at the token to change: the option that does not fit, or the
//! parameter that has no counterpart. Independent mistakes are all reported.

use crate::args::{Kind, Options};
use crate::item::{BenchFn, Shape};
use quote::quote;
use syn::Error;

/// An annotated function and its options, consistent with each other.
pub struct Bench {
    pub kind: Kind,
    pub options: Options,
    pub func: BenchFn,
}

/// Combines the two parses and checks that they fit together.
pub fn check(
    kind: Kind,
    options: syn::Result<Options>,
    func: syn::Result<BenchFn>,
) -> syn::Result<Bench> {
    let (options, func) = match (options, func) {
        (Ok(options), Ok(func)) => (options, func),
        (Err(mut first), Err(second)) => {
            first.combine(second);
            return Err(first);
        }
        (Err(error), Ok(_)) | (Ok(_), Err(error)) => return Err(error),
    };
    let mut errors = cross_check(kind, &options, &func).into_iter();
    if let Some(mut first) = errors.next() {
        first.extend(errors);
        return Err(first);
    }
    Ok(Bench {
        kind,
        options,
        func,
    })
}

fn cross_check(kind: Kind, options: &Options, func: &BenchFn) -> Vec<Error> {
    let mut errors = Vec::new();
    let sig = &func.item.sig;
    let handle = kind.handle();
    let attr = kind.attr();
    if let Some(threads) = &options.threads {
        let plain = func.shape == Shape::Plain && !func.is_async;
        let single = kind == Kind::Bench || options.vs.is_some();
        let alone = options.args.is_none() && options.types.is_none() && options.executor.is_none();
        if !(plain && single && alone) {
            errors.push(Error::new(
                threads.key.span(),
                "`threads` runs a plain routine on several threads: the zero-argument form \
                 (`fn f() -> T`, with `vs = g` for a comparison), not async, without `args`, \
                 `types`, `executor` or a group",
            ));
        }
    }
    if options.vs.is_some() || options.vs_group.is_some() {
        if let (Some(group), Some(_)) = (&options.vs_group, &options.types) {
            errors.push(Error::new(
                group.key.span(),
                "a group (`vs = [..]`) cannot be combined with `types`: write one group per type",
            ));
        }
        if func.shape != Shape::Plain {
            errors.push(Error::new_spanned(
                &sig.inputs,
                "with `vs`, the annotated function is the first routine and takes no parameters; \
                 for shared setup, drop `vs`, take `d: &mut Diff` and call `d.compare(first, second)`",
            ));
        }
        if let Some(args) = &options.args {
            errors.push(Error::new(
                args.key.span(),
                "`args` cannot be combined with `vs`: take `d: &mut Diff, n: T` instead and call \
                 `d.compare(..)` with closures that use `n`",
            ));
        }
    } else if kind == Kind::Diff && func.shape == Shape::Plain {
        let (fn_token, ident) = (&sig.fn_token, &sig.ident);
        errors.push(Error::new_spanned(
            quote!(#fn_token #ident),
            "#[bench_diff] needs a second routine: name it with `vs = other_fn`, or take \
             `d: &mut Diff` and call `d.compare(first, second)`",
        ));
    }
    match (&options.args, func.shape) {
        (Some(args), Shape::Plain | Shape::Handle)
            if options.vs.is_none() && options.vs_group.is_none() =>
        {
            errors.push(Error::new(
                args.key.span(),
                format!(
                    "`args` are passed to a parameter after `&mut {handle}`, and this function has \
                     none: `fn {}({}: &mut {handle}, n: usize)`",
                    sig.ident,
                    kind.handle_var(),
                ),
            ));
        }
        (None, Shape::HandleArg | Shape::PlainArg) => errors.push(Error::new_spanned(
            func.arg_param(),
            format!(
                "this parameter takes its values from `args`, which is missing: \
                 write `{}(args = [1, 10, 100])]`",
                attr.trim_end_matches(']'),
            ),
        )),
        _ => {}
    }
    match (&options.types, &func.type_param) {
        (None, Some(param)) => errors.push(Error::new_spanned(
            &sig.generics,
            format!(
                "a generic function runs once per type: write `{}(types = [u32, u64])]` to \
                 instantiate `{param}`",
                attr.trim_end_matches(']'),
            ),
        )),
        (Some(types), None) => errors.push(Error::new(
            types.key.span(),
            format!(
                "`types` instantiates the function's type parameter, and this function has \
                 none: `fn {}<T>(..)`",
                sig.ident
            ),
        )),
        _ => {}
    }
    // On a #[bench], `--max-regression` may bring the claim from the command line.
    let claimless = kind == Kind::Diff && options.claim.is_none();
    if let (Some(on_inconclusive), true) = (&options.on_inconclusive, claimless) {
        errors.push(Error::new(
            on_inconclusive.key.span(),
            "`on_inconclusive` has no effect without a claim such as `ratio < 0.9`: \
             a comparison without one is reported, never judged",
        ));
    }
    if let (Some(executor), false) = (&options.executor, func.is_async) {
        let method = match kind {
            Kind::Bench => "iter_tokio",
            Kind::Diff => "compare_tokio",
        };
        let var = kind.handle_var();
        let fix = match func.shape {
            // A function taking the handle cannot be async: its method picks the executor.
            Shape::Handle | Shape::HandleArg => format!(
                "a function taking `&mut {handle}` picks the executor by the method it calls: \
                 `{var}.{method}(..)` runs async routines on tokio"
            ),
            Shape::Plain | Shape::PlainArg => format!("write `async fn {}`", sig.ident),
        };
        errors.push(Error::new(
            executor.key.span(),
            format!(
                "`executor` picks where an `async fn` runs, and this function is not async: {fix}"
            ),
        ));
    }
    errors
}
