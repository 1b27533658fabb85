//! The text of each `args` value and `types` entry for trial names, as Divan shows them: a
//! literal by its value (`10_000u64` is `10000`, `"utf-8"` is `utf-8`), anything else by the
//! text the user wrote (`vec![1, 2]`, `Vec<u8>`).
//!
//! Token streams print with a space between every token (`vec ! [1 , 2]`), so the text is
//! rebuilt from the source instead: the list's source is walked token by token, and each gap
//! between two tokens becomes one space if it held any whitespace, none otherwise
//! (`vec![1, 2]`). Where the compiler gives no source text (or a comment interrupts the
//! walk), the token stream's own printing is used.

use proc_macro2::{Span, TokenTree};
use quote::ToTokens;
use syn::{Expr, ExprLit, ExprUnary, Lit, UnOp};

/// One name part per expression of the bracketed list spanned by `list`: the value of a
/// literal, the written text of anything else.
pub fn names(list: Span, exprs: &[Expr]) -> Vec<String> {
    texts(list, exprs)
        .into_iter()
        .zip(exprs)
        .map(|(text, expr)| literal_value(expr).unwrap_or(text))
        .collect()
}

/// A literal's value as Divan prints it (`ToString`); `None` for other expressions.
fn literal_value(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(ExprLit { lit, .. }) => match lit {
            Lit::Int(int) => Some(int.base10_digits().to_owned()),
            Lit::Float(float) => Some(float.base10_digits().to_owned()),
            Lit::Str(string) => Some(string.value()),
            Lit::Char(c) => Some(c.value().to_string()),
            Lit::Bool(b) => Some(b.value.to_string()),
            _ => None,
        },
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(ExprLit {
                lit: Lit::Int(_) | Lit::Float(_),
                ..
            }) => literal_value(expr).map(|digits| format!("-{digits}")),
            _ => None,
        },
        Expr::Group(group) => literal_value(&group.expr),
        _ => None,
    }
}

/// One text per item of the bracketed list spanned by `list`, as written.
pub fn texts<T: ToTokens>(list: Span, items: &[T]) -> Vec<String> {
    list.source_text()
        .and_then(|source| from_source(&source, items))
        .unwrap_or_else(|| {
            items
                .iter()
                .map(|e| e.to_token_stream().to_string())
                .collect()
        })
}

/// Walks `source` (`[a, b, c]`) expecting exactly the tokens of `items`.
fn from_source<T: ToTokens>(source: &str, exprs: &[T]) -> Option<Vec<String>> {
    let mut rest = source.strip_prefix('[')?;
    let mut texts = Vec::with_capacity(exprs.len());
    for (i, expr) in exprs.iter().enumerate() {
        if i > 0 {
            rest = rest.trim_start().strip_prefix(',')?;
        }
        let mut text = String::new();
        for token in expr.to_token_stream() {
            let token_text = text_of(&token)?;
            let trimmed = rest.trim_start();
            if !text.is_empty() && trimmed.len() != rest.len() {
                text.push(' ');
            }
            rest = trimmed.strip_prefix(token_text.as_str())?;
            text.push_str(&token_text);
        }
        texts.push(text);
    }
    Some(texts)
}

fn text_of(token: &TokenTree) -> Option<String> {
    match token {
        // A group's span covers its delimiters and everything between them.
        TokenTree::Group(group) => group.span().source_text(),
        other => other
            .span()
            .source_text()
            .or_else(|| Some(other.to_string())),
    }
}
