//! The value of each option, parsed and range-checked where it is written, with an error
//! that points at the value and shows an example of what is allowed.

use crate::duration;
use crate::source;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{
    bracketed, parenthesized, Error, Expr, ExprPath, Ident, Lit, LitInt, LitStr, Token, Type,
};

/// What `on_inconclusive = "..."` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnInconclusive {
    Fail,
    Pass,
    Ignore,
}

/// `throughput = bytes(N)` or `elements(N)`.
pub struct Throughput {
    /// `true` for `bytes`, `false` for `elements`.
    pub bytes: bool,
    /// The count per iteration.
    pub count: Count,
}

/// A throughput count: checked here when it is a literal, by the compiler otherwise.
pub enum Count {
    /// An integer literal, known to be above zero.
    Literal(u64),
    /// A const expression of integer type.
    Const(Expr),
}

/// `args = [a, b, c]`: the expressions, and the name part of each (see `source.rs`).
pub struct Args {
    pub exprs: Vec<Expr>,
    pub texts: Vec<String>,
}

/// `types = [u32, String]`: the types, and the text each was written as.
pub struct Types {
    pub types: Vec<Type>,
    pub texts: Vec<String>,
}

/// The `=` after a key; the error shows `example`.
fn equals(input: ParseStream, key: &Ident, example: &str) -> syn::Result<()> {
    input
        .parse::<Token![=]>()
        .map(drop)
        .map_err(|_| Error::new(key.span(), format!("expected a value: `{example}`")))
}

/// `= "..."`.
fn string(input: ParseStream, key: &Ident, example: &str) -> syn::Result<LitStr> {
    equals(input, key, example)?;
    input
        .parse::<LitStr>()
        .map_err(|e| Error::new(e.span(), format!("expected a string: `{example}`")))
}

/// `name = "..."`, not empty.
pub fn name(input: ParseStream, key: &Ident) -> syn::Result<LitStr> {
    let lit = string(input, key, "name = \"fast_path\"")?;
    if lit.value().trim().is_empty() {
        return Err(Error::new_spanned(lit, "`name` must not be empty"));
    }
    Ok(lit)
}

/// `ignore` alone, or `ignore = "reason"`.
pub fn ignore(input: ParseStream, key: &Ident) -> syn::Result<Option<LitStr>> {
    if input.peek(Token![=]) {
        string(input, key, "ignore = \"needs a GPU\"").map(Some)
    } else {
        Ok(None)
    }
}

/// A switch written bare, as `across_processes`: a value after it is refused.
pub fn no_value(input: ParseStream, key: &Ident) -> syn::Result<()> {
    if input.peek(Token![=]) {
        let name = key.unraw();
        return Err(Error::new(
            key.span(),
            format!("`{name}` takes no value: write `{name}` alone to turn it on"),
        ));
    }
    Ok(())
}

/// `vs = path`, the second routine.
pub fn vs(input: ParseStream, key: &Ident) -> syn::Result<Vs> {
    equals(input, key, "vs = other_fn")?;
    if input.peek(syn::token::Bracket) {
        let content;
        let brackets = bracketed!(content in input);
        let paths = Punctuated::<ExprPath, Token![,]>::parse_terminated(&content).map_err(|e| {
            Error::new(
                e.span(),
                "expected the paths of functions, e.g. `vs = [sort_std, sort_radix]`",
            )
        })?;
        if paths.len() < 2 {
            return Err(Error::new(
                brackets.span.join(),
                "a group names at least two functions, `vs = [b, c]`; for one, write `vs = b`",
            ));
        }
        return Ok(Vs::Group(paths.into_iter().collect()));
    }
    let path: ExprPath = input.parse().map_err(|e| {
        Error::new(
            e.span(),
            "expected the path of a function, e.g. `vs = sort_std`",
        )
    })?;
    if input.peek(syn::token::Paren) {
        return Err(Error::new(
            input.span(),
            "`vs` names the second function; it is not a call: `vs = sort_std`",
        ));
    }
    Ok(Vs::One(path))
}

/// What `vs = ..` names: one second routine, or a group of candidates (`vs = [b, c, d]`),
/// each compared with the annotated function.
pub enum Vs {
    One(ExprPath),
    Group(Vec<ExprPath>),
}

/// `warmup = "500ms"` or `max_time = "10s"`; `positive` refuses zero.
pub fn duration_ns(input: ParseStream, key: &Ident, positive: bool) -> syn::Result<u64> {
    let name = key.unraw();
    let lit = string(input, key, &format!("{name} = \"500ms\""))?;
    let ns = duration::parse_ns(&lit.value()).map_err(|msg| Error::new_spanned(&lit, msg))?;
    if positive && ns == 0 {
        return Err(Error::new_spanned(
            lit,
            format!("`{name}` must be above zero"),
        ));
    }
    Ok(ns)
}

/// `alpha = 0.05`, strictly between 0 and 1.
pub fn alpha(input: ParseStream, key: &Ident) -> syn::Result<f64> {
    equals(input, key, "alpha = 0.05")?;
    let lit: Lit = input
        .parse()
        .map_err(|e| Error::new(e.span(), "expected a number: `alpha = 0.05`"))?;
    let value = match &lit {
        Lit::Float(f) if f.suffix().is_empty() => f.base10_parse::<f64>().ok(),
        Lit::Int(i) if i.suffix().is_empty() => i.base10_parse::<f64>().ok(),
        _ => None,
    };
    match value {
        // The runtime's `limits::MIN_ALPHA..=MAX_ALPHA` (a macro crate cannot depend on it).
        Some(alpha) if (1e-6..=0.5).contains(&alpha) => Ok(alpha),
        _ => Err(Error::new_spanned(
            lit,
            "`alpha` is the error rate, a number from 1e-6 to 0.5, e.g. `alpha = 0.05`",
        )),
    }
}

/// `args = [a, b, c]`, at least one.
pub fn args(input: ParseStream, key: &Ident) -> syn::Result<Args> {
    equals(input, key, "args = [10, 100, 1000]")?;
    if !input.peek(syn::token::Bracket) {
        return Err(Error::new(
            input.span(),
            "expected a list in brackets: `args = [10, 100, 1000]`",
        ));
    }
    let content;
    let brackets = bracketed!(content in input);
    let exprs: Punctuated<Expr, Token![,]> = content.parse_terminated(Expr::parse, Token![,])?;
    if exprs.is_empty() {
        return Err(Error::new(
            brackets.span.join(),
            "`args` needs at least one value; remove it to run the benchmark once without arguments",
        ));
    }
    let exprs: Vec<Expr> = exprs.into_iter().collect();
    let texts = source::names(brackets.span.join(), &exprs);
    Ok(Args { exprs, texts })
}

/// `threads = [1, 2, 4]`: at least one count, each from 1 to 1,024, none twice.
pub fn threads(input: ParseStream, key: &Ident) -> syn::Result<Vec<u32>> {
    const EXAMPLE: &str = "expected a list of thread counts in brackets: `threads = [1, 2, 4]`";
    equals(input, key, "threads = [1, 2, 4]")?;
    if !input.peek(syn::token::Bracket) {
        return Err(Error::new(input.span(), EXAMPLE));
    }
    let content;
    let brackets = bracketed!(content in input);
    let lits: Punctuated<LitInt, Token![,]> = content
        .parse_terminated(|i| i.parse::<LitInt>(), Token![,])
        .map_err(|e| Error::new(e.span(), EXAMPLE))?;
    if lits.is_empty() {
        return Err(Error::new(brackets.span.join(), EXAMPLE));
    }
    let mut counts = Vec::new();
    for lit in &lits {
        let count: u32 = lit
            .base10_parse()
            .ok()
            .filter(|n| (1..=1024).contains(n))
            .ok_or_else(|| {
                Error::new_spanned(lit, "a thread count is a whole number from 1 to 1024")
            })?;
        if counts.contains(&count) {
            return Err(Error::new_spanned(
                lit,
                format!("{count} threads is listed twice"),
            ));
        }
        counts.push(count);
    }
    Ok(counts)
}

/// `types = [u32, u64]`, at least one.
pub fn types(input: ParseStream, key: &Ident) -> syn::Result<Types> {
    equals(input, key, "types = [u32, u64]")?;
    if !input.peek(syn::token::Bracket) {
        return Err(Error::new(
            input.span(),
            "expected a list of types in brackets: `types = [u32, u64]`",
        ));
    }
    let content;
    let brackets = bracketed!(content in input);
    let types: Punctuated<Type, Token![,]> = content.parse_terminated(Type::parse, Token![,])?;
    if types.is_empty() {
        return Err(Error::new(
            brackets.span.join(),
            "`types` needs at least one type: `types = [u32, u64]`",
        ));
    }
    let types: Vec<Type> = types.into_iter().collect();
    let texts = source::texts(brackets.span.join(), &types);
    Ok(Types { types, texts })
}

/// `throughput = bytes(N)` or `elements(N)`.
pub fn throughput(input: ParseStream, key: &Ident) -> syn::Result<Throughput> {
    const EXAMPLE: &str = "expected `throughput = bytes(N)` or `throughput = elements(N)`";
    equals(input, key, "throughput = bytes(1024)")?;
    let unit = input
        .call(Ident::parse_any)
        .map_err(|e| Error::new(e.span(), EXAMPLE))?;
    let bytes = match unit.unraw().to_string().as_str() {
        "bytes" => true,
        "elements" => false,
        _ => return Err(Error::new(unit.span(), EXAMPLE)),
    };
    if !input.peek(syn::token::Paren) {
        return Err(Error::new(input.span(), EXAMPLE));
    }
    let content;
    parenthesized!(content in input);
    let count: Expr = content.parse()?;
    if !content.is_empty() {
        return Err(content.error("expected one count: `bytes(N)`"));
    }
    let count = match count {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(int), ..
        }) => match int.base10_parse::<u64>() {
            Ok(n) if n > 0 => Count::Literal(n),
            _ => {
                return Err(Error::new_spanned(
                    int,
                    "the count must be an integer above zero that fits in u64",
                ))
            }
        },
        other => Count::Const(other),
    };
    Ok(Throughput { bytes, count })
}

/// `samples = N`, at least 2.
pub fn samples(input: ParseStream, key: &Ident) -> syn::Result<u32> {
    equals(input, key, "samples = 100")?;
    let lit: LitInt = input
        .parse()
        .map_err(|e| Error::new(e.span(), "expected an integer: `samples = 100`"))?;
    match lit.base10_parse::<u32>() {
        Ok(n) if n >= 2 => Ok(n),
        _ => Err(Error::new_spanned(
            lit,
            "`samples` must be an integer of at least 2 (and fit in u32)",
        )),
    }
}

/// `max_regression = "5%"` (or `"0.05"`): a slowdown above zero, as a fraction.
pub fn max_regression(input: ParseStream, key: &Ident) -> syn::Result<f64> {
    let lit = string(input, key, "max_regression = \"5%\"")?;
    gate_fraction(&lit.value()).map_err(|why| Error::new_spanned(lit, why))
}

/// The runtime's grammar of a gate (`model/max_regression.rs`), kept equal to it by the shared
/// table `max_regression_cases.txt`: a percentage above zero, or a fraction strictly
/// between 0 and 1; a plain number of 1 or more is refused with both of its readings.
pub fn gate_fraction(text: &str) -> Result<f64, String> {
    let trimmed = text.trim();
    let allowed = "`max_regression` is a slowdown of 0.0001% (one part in a million) or more, \
                   such as \"5%\" or \"0.05\"";
    // The runtime's `SMALLEST_GATE_PERCENT`, compared in the unit written.
    let floor = 1e-4;
    if let Some(percent) = trimmed.strip_suffix('%') {
        return match percent.trim().parse::<f64>() {
            Ok(p) if p.is_finite() && p >= floor => Ok(p / 100.0),
            _ => Err(allowed.to_owned()),
        };
    }
    match trimmed.parse::<f64>() {
        Ok(p) if p.is_finite() && p * 100.0 >= floor * (1.0 - 1e-12) && p < 1.0 => Ok(p),
        Ok(p) if p.is_finite() && p >= 1.0 => Err(format!(
            "`max_regression = \"{text}\"` is ambiguous: write \"{p}%\" for a slowdown of \
             {p}%, or \"{}\" for {p}% as a fraction; a plain number must be a fraction below 1",
            p / 100.0
        )),
        _ => Err(allowed.to_owned()),
    }
}

/// `on_inconclusive = "fail" | "pass" | "ignore"`.
pub fn on_inconclusive(input: ParseStream, key: &Ident) -> syn::Result<OnInconclusive> {
    let lit = string(input, key, "on_inconclusive = \"pass\"")?;
    match lit.value().as_str() {
        "fail" => Ok(OnInconclusive::Fail),
        "pass" => Ok(OnInconclusive::Pass),
        "ignore" => Ok(OnInconclusive::Ignore),
        _ => Err(Error::new_spanned(
            lit,
            "`on_inconclusive` is \"fail\" (the default), \"pass\" or \"ignore\"",
        )),
    }
}

/// What `measure = ...` names.
pub enum Measure {
    /// A built-in measure's name, in lower case (`cpu_time`): the runtime's registry holds
    /// the names, so the compiler checks it against `duobench::measurement::built_in`.
    BuiltIn(Ident),
    /// A path to a value whose type implements `duobench::measurement::Measurement` (a unit
    /// struct, a constant or a static); the compiler checks the trait.
    Custom(ExprPath),
}

/// `measure = cpu_time` (a built-in measure) or `measure = Cycles` (a measurement of the
/// user's own).
pub fn measure(input: ParseStream, key: &Ident) -> syn::Result<Measure> {
    const EXPECTED: &str = "`measure` is a built-in measure (`wall`, the default, `cpu_time`, \
                            `allocations`, `instructions` or `cachegrind`) or a path to a \
                            value whose type implements `duobench::measurement::Measurement` \
                            (`measure = Cycles`)";
    equals(input, key, "measure = cpu_time")?;
    let path: ExprPath = input.parse().map_err(|e| Error::new(e.span(), EXPECTED))?;
    let built_in = path.qself.is_none()
        && path.path.leading_colon.is_none()
        && path.path.segments.len() == 1
        && path.path.segments[0].arguments.is_none();
    if built_in {
        let name = path.path.segments[0].ident.clone();
        let text = name.unraw().to_string();
        if text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            return Ok(Measure::BuiltIn(name));
        }
    }
    Ok(Measure::Custom(path))
}

/// Where an `async fn` routine runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Executor {
    /// duobench's own single-future executor (the default).
    BuiltIn,
    /// A current-thread tokio runtime (duobench's `tokio` feature).
    Tokio,
    /// tokio's multi-threaded runtime with its drivers (duobench's `tokio-full` feature).
    TokioMultiThread,
}

/// `executor = built_in | tokio | tokio_multi_thread`.
pub fn executor(input: ParseStream, key: &Ident) -> syn::Result<Executor> {
    const ALLOWED: &str = "`executor` is `built_in` (the default), `tokio` (with duobench's \
                           `tokio` feature) or `tokio_multi_thread` (with its `tokio-full` \
                           feature)";
    equals(input, key, "executor = tokio")?;
    let value = input
        .call(Ident::parse_any)
        .map_err(|e| Error::new(e.span(), ALLOWED))?;
    match value.unraw().to_string().as_str() {
        "built_in" => Ok(Executor::BuiltIn),
        "tokio" => Ok(Executor::Tokio),
        "tokio_multi_thread" => Ok(Executor::TokioMultiThread),
        _ => Err(Error::new(value.span(), ALLOWED)),
    }
}

/// `allocs == N` or `allocs <= N`: allocations per iteration allowed.
pub struct AllocLimit {
    /// `==` rather than `<=`.
    pub exact: bool,
    pub count: u64,
}

/// `allocs == N` or `allocs <= N`, after the key.
pub fn allocs(input: ParseStream) -> syn::Result<AllocLimit> {
    const EXAMPLE: &str = "expected `allocs == 0` or `allocs <= N` (allocations per iteration)";
    let exact = if input.peek(Token![==]) {
        input.parse::<Token![==]>()?;
        true
    } else if input.peek(Token![<=]) {
        input.parse::<Token![<=]>()?;
        false
    } else {
        return Err(Error::new(input.span(), EXAMPLE));
    };
    let count: LitInt = input.parse().map_err(|e| Error::new(e.span(), EXAMPLE))?;
    let count = count.base10_parse::<u64>().map_err(|_| {
        Error::new_spanned(&count, "the count must be a whole number: `allocs == 0`")
    })?;
    Ok(AllocLimit { exact, count })
}

#[cfg(test)]
mod tests {
    use super::gate_fraction;

    /// Every case of the shared table; the runtime's test reads the same file.
    #[test]
    fn the_shared_table_of_gate_values() {
        let table = include_str!("max_regression_cases.txt");
        let mut checked = 0;
        for line in table
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (text, expected) = line.rsplit_once(" => ").expect("TEXT => EXPECTED");
            let text = if text == "<empty>" { "" } else { text };
            match expected {
                "error" => assert!(gate_fraction(text).is_err(), "{text:?} should not parse"),
                fraction => {
                    let got = gate_fraction(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
                    let want: f64 = fraction.parse().unwrap();
                    assert!((got - want).abs() < 1e-12, "{text:?}: {got} != {want}");
                }
            }
            checked += 1;
        }
        assert!(checked >= 20, "only {checked} cases read");
    }
}
