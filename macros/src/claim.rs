//! The expectation grammar of `#[bench_diff]`:
//!
//! ```text
//! ratio < X    ratio <= X    ratio > X    ratio >= X    ratio in A..B    ratio in A..=B
//! ```
//!
//! `X`, `A` and `B` are numeric literals. A leading `-` is accepted by the grammar only so
//! that it can be refused with a message about why: a ratio of latencies is always positive.

use proc_macro2::TokenStream;
use quote::{quote, ToTokens};
use syn::parse::ParseStream;
use syn::{Error, Lit, Token};

/// A declared expectation about `latency(first) / latency(second)`, with positive bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Claim {
    /// `ratio < bound` or `ratio <= bound` (`inclusive`).
    Below { bound: f64, inclusive: bool },
    /// `ratio > bound` or `ratio >= bound` (`inclusive`).
    Above { bound: f64, inclusive: bool },
    /// `ratio in low..high` or `ratio in low..=high` (`high_inclusive`), with `low < high`.
    Within {
        low: f64,
        high: f64,
        high_inclusive: bool,
    },
}

const SHAPES: &str =
    "`ratio < X`, `ratio <= X`, `ratio > X`, `ratio >= X`, `ratio in A..B` or `ratio in A..=B`";

/// Parses what follows the `ratio` keyword, checking that the bounds make a possible claim.
pub fn parse_after_ratio(input: ParseStream) -> syn::Result<Claim> {
    let lookahead = input.lookahead1();
    if lookahead.peek(Token![<=]) {
        input.parse::<Token![<=]>()?;
        Ok(Claim::Below {
            bound: bound(input)?,
            inclusive: true,
        })
    } else if lookahead.peek(Token![<]) {
        input.parse::<Token![<]>()?;
        Ok(Claim::Below {
            bound: bound(input)?,
            inclusive: false,
        })
    } else if lookahead.peek(Token![>=]) {
        input.parse::<Token![>=]>()?;
        Ok(Claim::Above {
            bound: bound(input)?,
            inclusive: true,
        })
    } else if lookahead.peek(Token![>]) {
        input.parse::<Token![>]>()?;
        Ok(Claim::Above {
            bound: bound(input)?,
            inclusive: false,
        })
    } else if lookahead.peek(Token![in]) {
        input.parse::<Token![in]>()?;
        band(input)
    } else {
        Err(Error::new(
            input.span(),
            format!("expected a comparison after `ratio`: write {SHAPES}"),
        ))
    }
}

/// `A..B` or `A..=B`.
fn band(input: ParseStream) -> syn::Result<Claim> {
    let (low, low_tokens) = number(input)?;
    let high_inclusive = if input.peek(Token![..=]) {
        input.parse::<Token![..=]>()?;
        true
    } else if input.peek(Token![..]) {
        input.parse::<Token![..]>()?;
        false
    } else {
        return Err(Error::new_spanned(
            low_tokens,
            "expected `..` or `..=` after the low end: a band is written `ratio in 0.95..=1.05`",
        ));
    };
    let (high, high_tokens) = number(input)?;
    for (value, tokens) in [(low, &low_tokens), (high, &high_tokens)] {
        positive(value, tokens)?;
    }
    if low >= high {
        let range = quote!(#low_tokens #high_tokens);
        return Err(Error::new_spanned(
            range,
            "empty band: the low end must be below the high end, e.g. `ratio in 0.95..=1.05`",
        ));
    }
    Ok(Claim::Within {
        low,
        high,
        high_inclusive,
    })
}

/// One positive bound.
fn bound(input: ParseStream) -> syn::Result<f64> {
    let (value, tokens) = number(input)?;
    positive(value, &tokens)?;
    Ok(value)
}

fn positive(value: f64, tokens: &TokenStream) -> syn::Result<()> {
    if value > 0.0 {
        return Ok(());
    }
    Err(Error::new_spanned(
        tokens,
        "ratio bounds must be positive: the ratio is latency(first) / latency(second), \
         e.g. `ratio < 0.8` claims first takes under 80% of second's time",
    ))
}

/// An optionally negated numeric literal, with its tokens for error spans.
fn number(input: ParseStream) -> syn::Result<(f64, TokenStream)> {
    let minus: Option<Token![-]> = input.parse()?;
    let (digits, suffix, lit) = match input.parse::<Lit>() {
        Ok(Lit::Int(int)) => (
            int.base10_digits().to_owned(),
            int.suffix().to_owned(),
            int.into_token_stream(),
        ),
        Ok(Lit::Float(float)) => (
            float.base10_digits().to_owned(),
            float.suffix().to_owned(),
            float.into_token_stream(),
        ),
        _ => {
            return Err(Error::new(
                input.span(),
                "expected a number literal, e.g. `ratio < 0.8` or `ratio in 0.95..=1.05`",
            ))
        }
    };
    if !suffix.is_empty() {
        return Err(Error::new_spanned(
            lit,
            "write the bound as a plain number, without a type suffix",
        ));
    }
    let magnitude: f64 = digits
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
        .ok_or_else(|| Error::new_spanned(&lit, "the bound must be a finite number"))?;
    let mut tokens = minus.to_token_stream();
    tokens.extend(lit);
    Ok((
        if minus.is_some() {
            -magnitude
        } else {
            magnitude
        },
        tokens,
    ))
}

#[cfg(test)]
mod tests {
    use super::{parse_after_ratio, Claim};
    use syn::parse::Parser;

    fn parse(text: &str) -> Result<Claim, String> {
        let tokens: proc_macro2::TokenStream = text.parse().map_err(|e| format!("{e:?}"))?;
        parse_after_ratio.parse2(tokens).map_err(|e| e.to_string())
    }

    #[test]
    fn one_sided() {
        assert_eq!(
            parse("< 0.8"),
            Ok(Claim::Below {
                bound: 0.8,
                inclusive: false
            })
        );
        assert_eq!(
            parse("<= 1"),
            Ok(Claim::Below {
                bound: 1.0,
                inclusive: true
            })
        );
        assert_eq!(
            parse("> 1.5"),
            Ok(Claim::Above {
                bound: 1.5,
                inclusive: false
            })
        );
        assert_eq!(
            parse(">= 2"),
            Ok(Claim::Above {
                bound: 2.0,
                inclusive: true
            })
        );
        assert_eq!(
            parse("< 1_000.5"),
            Ok(Claim::Below {
                bound: 1000.5,
                inclusive: false
            })
        );
    }

    #[test]
    fn bands() {
        let within = |low, high, high_inclusive| {
            Ok(Claim::Within {
                low,
                high,
                high_inclusive,
            })
        };
        assert_eq!(parse("in 0.97..=1.03"), within(0.97, 1.03, true));
        assert_eq!(parse("in 0.9..1.1"), within(0.9, 1.1, false));
        assert_eq!(parse("in 1..2"), within(1.0, 2.0, false));
        assert_eq!(parse("in 1..=2.5"), within(1.0, 2.5, true));
    }

    #[test]
    fn bounds_must_be_positive() {
        for text in ["< -1", "< 0", "<= 0.0", "> -0.5", "in -1..2", "in 0..1"] {
            let err = parse(text).unwrap_err();
            assert!(err.contains("must be positive"), "{text}: {err}");
        }
    }

    #[test]
    fn bands_must_not_be_empty() {
        for text in ["in 2..1", "in 1..1", "in 1..=1", "in 1.1..=1.0"] {
            let err = parse(text).unwrap_err();
            assert!(err.contains("empty band"), "{text}: {err}");
        }
    }

    #[test]
    fn malformed() {
        for text in ["== 1", "< x", "in 1", "in ..2", "< 1f32", "", "in 1...2"] {
            assert!(parse(text).is_err(), "{text:?} should not parse");
        }
    }
}
