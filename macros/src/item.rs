//! What the annotated item is: a function, and which of the accepted signatures it has.
//!
//! ```text
//! fn f() -> T                              the body is the routine (`vs` names a second one)
//! fn f(x: T) -> U                          the same, once per value of `args = [..]` (#[bench])
//! fn f(h: &mut Bencher | &mut Diff)        the function sets up and hands routines to `h`
//! fn f(h: &mut Bencher | &mut Diff, x: T)  the same, once per value of `args = [..]`
//! ```
//!
//! Each may have one type parameter, instantiated by `types = [..]`.

use crate::args::Kind;
use proc_macro2::TokenStream;
use syn::{Error, FnArg, GenericParam, Ident, Item, ItemFn, Pat, PatType, ReturnType, Type};

/// An annotated function whose signature is one of the accepted shapes.
pub struct BenchFn {
    pub item: ItemFn,
    pub shape: Shape,
    /// The one type parameter, if the function is generic.
    pub type_param: Option<Ident>,
    /// `async fn`: the routine is a future, run on the built-in executor.
    pub is_async: bool,
}

impl BenchFn {
    /// The parameter that takes a value of `args = [..]`, if the shape has one.
    pub fn arg_param(&self) -> Option<&PatType> {
        let index = match self.shape {
            Shape::Plain | Shape::Handle => return None,
            Shape::PlainArg => 0,
            Shape::HandleArg => 1,
        };
        match self.item.sig.inputs.iter().nth(index) {
            Some(FnArg::Typed(typed)) => Some(typed),
            _ => None,
        }
    }

    /// The name the argument parameter binds, for `throughput = bytes(n * 8)`; `None` for a
    /// pattern that binds something else (`(a, b): (u8, u8)`).
    pub fn arg_name(&self) -> Option<&Ident> {
        match &*self.arg_param()?.pat {
            Pat::Ident(pat) if pat.subpat.is_none() => Some(&pat.ident),
            _ => None,
        }
    }
}

/// Which accepted signature the function has. The parameters are `item.sig.inputs`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `fn f() -> T`.
    Plain,
    /// `fn f(h: &mut Handle)`.
    Handle,
    /// `fn f(h: &mut Handle, arg: T)`.
    HandleArg,
    /// `fn f(arg: T) -> U` (`#[bench]` only): the routine, once per argument.
    PlainArg,
}

/// Parses the item and checks its signature.
pub fn parse(kind: Kind, tokens: TokenStream) -> syn::Result<BenchFn> {
    let item: Item = syn::parse2(tokens)?;
    let Item::Fn(item) = item else {
        return Err(Error::new_spanned(
            &item,
            format!(
                "{} applies to a function, not {}",
                kind.attr(),
                describe(&item)
            ),
        ));
    };
    check_single_attribute(kind, &item)?;
    let type_param = check_signature(kind, &item)?;
    let shape = shape(kind, &item)?;
    if let (Some(token), Shape::Handle | Shape::HandleArg) = (&item.sig.asyncness, shape) {
        return Err(Error::new_spanned(
            token,
            format!(
                "a function taking `&mut {}` cannot be `async`: keep it synchronous and pass an \
                 async closure to `{}.{}(|| async {{ .. }})`",
                kind.handle(),
                kind.handle_var(),
                match kind {
                    Kind::Bench => "iter_async",
                    Kind::Diff => "compare_async",
                }
            ),
        ));
    }
    let is_async = item.sig.asyncness.is_some();
    Ok(BenchFn {
        item,
        shape,
        type_param,
        is_async,
    })
}

/// A second `#[bench]` or `#[bench_diff]` on the same function would register it twice
/// under one name, sharing baselines and reports.
fn check_single_attribute(kind: Kind, item: &ItemFn) -> syn::Result<()> {
    let ours = |path: &syn::Path| {
        let last = path.segments.last().map(|s| s.ident.to_string());
        let from_duobench = path.segments.len() == 1
            || path.segments.first().is_some_and(|s| s.ident == "duobench");
        from_duobench && matches!(last.as_deref(), Some("bench" | "bench_diff"))
    };
    match item.attrs.iter().find(|attr| ours(attr.path())) {
        Some(second) => Err(Error::new_spanned(
            second,
            format!(
                "this function already has {}: each function takes one duobench attribute, \
                 since two would register one name twice; write a second function for the \
                 other",
                kind.attr()
            ),
        )),
        None => Ok(()),
    }
}

/// Qualities of a signature that no shape accepts; returns the type parameter, if any.
fn check_signature(kind: Kind, item: &ItemFn) -> syn::Result<Option<Ident>> {
    let sig = &item.sig;
    let attr = kind.attr();
    if let syn::Safety::Unsafe(token) = &sig.safety {
        return Err(Error::new_spanned(
            token,
            format!(
                "{attr} functions cannot be `unsafe`: call the unsafe code from a safe function"
            ),
        ));
    }
    let mut type_params = sig.generics.params.iter();
    let type_param = match (type_params.next(), type_params.next()) {
        (None, _) => None,
        (Some(GenericParam::Type(param)), None) => Some(param.ident.clone()),
        _ => {
            return Err(Error::new_spanned(
                &sig.generics,
                format!(
                    "{attr} functions take at most one type parameter, and no lifetime or const \
                     parameters: `fn f<T>(..)` with `types = [u32, u64]`"
                ),
            ))
        }
    };
    if let (None, Some(where_clause)) = (&type_param, &sig.generics.where_clause) {
        return Err(Error::new_spanned(
            where_clause,
            format!("a `where` clause on a {attr} function needs a type parameter to constrain"),
        ));
    }
    if let Some(variadic) = &sig.variadic {
        return Err(Error::new_spanned(
            variadic,
            format!("{attr} functions cannot be variadic"),
        ));
    }
    if let Some(FnArg::Receiver(receiver)) = sig.inputs.first() {
        return Err(Error::new_spanned(
            receiver,
            format!(
                "{attr} functions cannot take `self`: {attr} goes on a free function; move it \
                 out of the `impl` block and call the method from there"
            ),
        ));
    }
    Ok(type_param)
}

/// The shape of a signature already known to be plain (not async, generic, ...).
fn shape(kind: Kind, item: &ItemFn) -> syn::Result<Shape> {
    let sig = &item.sig;
    let handle = kind.handle();
    let mut params = sig.inputs.iter().filter_map(|input| match input {
        FnArg::Typed(typed) => Some(typed),
        FnArg::Receiver(_) => None, // Refused by `check_signature`.
    });
    let Some(first) = params.next() else {
        return Ok(Shape::Plain);
    };
    if kind == Kind::Bench && sig.inputs.len() == 1 && handle_name(&first.ty).is_none() {
        return Ok(Shape::PlainArg);
    }
    check_handle(kind, &first.ty)?;
    if let ReturnType::Type(_, ty) = &sig.output {
        if !is_unit(ty) {
            return Err(Error::new_spanned(
                ty,
                format!(
                    "a function taking `&mut {handle}` returns nothing: the routine is the closure \
                     it passes to `{}.{}(..)`",
                    kind.handle_var(),
                    match kind {
                        Kind::Bench => "iter",
                        Kind::Diff => "compare",
                    }
                ),
            ));
        }
    }
    if params.next().is_none() {
        return Ok(Shape::Handle);
    }
    if let Some(extra) = params.next() {
        return Err(Error::new_spanned(
            extra,
            format!(
                "too many parameters: after `&mut {handle}` comes at most one argument, \
                 given by `args = [..]`; pass several values as a tuple or struct"
            ),
        ));
    }
    Ok(Shape::HandleArg)
}

/// Checks that the first parameter is `&mut Bencher` (or `&mut Diff`), by the last segment
/// of its type's path: the macro cannot resolve names, and aliases are rare here.
pub fn check_handle(kind: Kind, ty: &Type) -> syn::Result<()> {
    let handle = kind.handle();
    let (mutable, name) = match ty {
        Type::Reference(reference) => (reference.mutability.is_some(), named(&reference.elem)),
        other => (false, named(other)),
    };
    let other = kind.other().handle();
    let message = match name.as_deref() {
        Some(name) if name == handle && mutable => return Ok(()),
        Some(name) if name == handle => {
            format!(
                "{} functions take the handle as `&mut {handle}`",
                kind.attr()
            )
        }
        Some(name) if name == other => format!(
            "{} functions take `&mut {handle}`; `{other}` is the handle of {}",
            kind.attr(),
            kind.other().attr(),
        ),
        _ => format!(
            "the first parameter of a {} function must be `&mut {handle}`; an argument from \
             `args = [..]` comes second: `fn f({}: &mut {handle}, n: usize)`{}",
            kind.attr(),
            kind.handle_var(),
            match kind {
                Kind::Bench => "",
                Kind::Diff => ", or take no parameters and name the second function with `vs = ..`",
            }
        ),
    };
    Err(Error::new_spanned(ty, message))
}

/// The last path segment of a type, seen through references and groups.
fn named(ty: &Type) -> Option<String> {
    match ty {
        Type::Path(path) if path.qself.is_none() => path
            .path
            .segments
            .last()
            .map(|segment| segment.ident.to_string()),
        // `$ty` from a `macro_rules!` arrives in an invisible group.
        Type::Group(group) => named(&group.elem),
        Type::Paren(paren) => named(&paren.elem),
        _ => None,
    }
}

/// `Some("Bencher")` or `Some("Diff")` when `ty` names a handle (rightly or wrongly taken).
fn handle_name(ty: &Type) -> Option<String> {
    let inner = match ty {
        Type::Reference(reference) => &reference.elem,
        other => other,
    };
    named(inner).filter(|name| name == "Bencher" || name == "Diff")
}

fn is_unit(ty: &Type) -> bool {
    matches!(ty, Type::Tuple(tuple) if tuple.elems.is_empty())
}

/// "a struct", "an impl block", ... for the non-function error.
fn describe(item: &Item) -> &'static str {
    match item {
        Item::Const(_) => "a const",
        Item::Enum(_) => "an enum",
        Item::ExternCrate(_) => "an extern crate",
        Item::ForeignMod(_) => "an extern block",
        Item::Impl(_) => "an impl block",
        Item::Macro(_) => "a macro invocation",
        Item::Mod(_) => "a module",
        Item::Static(_) => "a static",
        Item::Struct(_) => "a struct",
        Item::Trait(_) | Item::TraitAlias(_) => "a trait",
        Item::Type(_) => "a type alias",
        Item::Union(_) => "a union",
        Item::Use(_) => "a use declaration",
        _ => "this item (a function with a body is needed)",
    }
}
