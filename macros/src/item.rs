//! What the annotated item is: a function, and which of the accepted signatures it has.
//!
//! ```text
//! fn f() -> T                              the body is the routine (`vs` names a second one)
//! fn f(h: &mut Bencher | &mut Diff)        the function sets up and hands routines to `h`
//! fn f(h: &mut Bencher | &mut Diff, x: T)  the same, once per value of `args = [..]`
//! ```

use crate::args::Kind;
use proc_macro2::TokenStream;
use syn::{Error, FnArg, Item, ItemFn, ReturnType, Type};

/// An annotated function whose signature is one of the accepted shapes.
pub struct BenchFn {
    pub item: ItemFn,
    pub shape: Shape,
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
    check_signature(kind, &item)?;
    let shape = shape(kind, &item)?;
    Ok(BenchFn { item, shape })
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

/// Qualities of a signature that no shape accepts.
fn check_signature(kind: Kind, item: &ItemFn) -> syn::Result<()> {
    let sig = &item.sig;
    let attr = kind.attr();
    if let Some(token) = &sig.asyncness {
        return Err(Error::new_spanned(
            token,
            format!("{attr} functions cannot be `async`: run the future to completion inside the routine"),
        ));
    }
    if let Some(token) = &sig.unsafety {
        return Err(Error::new_spanned(
            token,
            format!(
                "{attr} functions cannot be `unsafe`: call the unsafe code from a safe function"
            ),
        ));
    }
    let generic = format!(
        "{attr} functions cannot be generic: write one function per type, calling a generic one"
    );
    if !sig.generics.params.is_empty() {
        return Err(Error::new_spanned(&sig.generics, generic));
    }
    if let Some(where_clause) = &sig.generics.where_clause {
        return Err(Error::new_spanned(where_clause, generic));
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
            format!("{attr} functions cannot take `self`: use a free function"),
        ));
    }
    Ok(())
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
fn check_handle(kind: Kind, ty: &Type) -> syn::Result<()> {
    let handle = kind.handle();
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
