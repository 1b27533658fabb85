//! The text of each `args` expression as the user wrote it, for trial names (`sort/100_000`).
//!
//! Token streams print with a space between every token (`vec ! [1 , 2]`), so the text is
//! rebuilt from the source instead: the list's source is walked token by token, and each gap
//! between two tokens becomes one space if it held any whitespace, none otherwise
//! (`vec![1, 2]`). Where the compiler gives no source text (or a comment interrupts the
//! walk), the token stream's own printing is used.

use proc_macro2::{Span, TokenTree};
use quote::ToTokens;
use syn::Expr;

/// One text per expression of the bracketed list spanned by `list`.
pub fn texts(list: Span, exprs: &[Expr]) -> Vec<String> {
    list.source_text()
        .and_then(|source| from_source(&source, exprs))
        .unwrap_or_else(|| {
            exprs
                .iter()
                .map(|e| e.to_token_stream().to_string())
                .collect()
        })
}

/// Walks `source` (`[a, b, c]`) expecting exactly the tokens of `exprs`.
fn from_source(source: &str, exprs: &[Expr]) -> Option<Vec<String>> {
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
