//! Parsing the options inside `#[bench(...)]` and `#[bench_diff(...)]`.
//!
//! Each option is checked where it is written: its value's syntax and range (durations,
//! `alpha`, the claim's bounds), whether the attribute accepts it, and whether it was
//! given twice. Every option keeps the key it was written with, so that the cross-checks
//! in `valid.rs` can point at it. Option names may be raw identifiers (`r#name`). The
//! values themselves are parsed in `value.rs`.

use crate::claim::{self, Claim};
use crate::value::{self, AllocLimit, Args, Executor, Measure, OnInconclusive, Throughput, Types};
use proc_macro2::TokenStream;
use syn::ext::IdentExt;
use syn::parse::{ParseStream, Parser};
use syn::{Error, ExprPath, Ident, LitStr, Token};

/// Which attribute is being expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `#[bench]`: one routine, timed with a `Bencher`.
    Bench,
    /// `#[bench_diff]`: two routines compared in duos with a `Diff`.
    Diff,
}

impl Kind {
    /// The attribute as the user writes it, for messages.
    pub fn attr(self) -> &'static str {
        match self {
            Kind::Bench => "#[bench]",
            Kind::Diff => "#[bench_diff]",
        }
    }

    /// The handle type the function may take.
    pub fn handle(self) -> &'static str {
        match self {
            Kind::Bench => "Bencher",
            Kind::Diff => "Diff",
        }
    }

    /// The conventional name of the handle parameter, for examples in messages.
    pub fn handle_var(self) -> &'static str {
        match self {
            Kind::Bench => "b",
            Kind::Diff => "d",
        }
    }

    /// The options this attribute accepts, in the order the docs list them.
    fn allowed(self) -> &'static [&'static str] {
        match self {
            Kind::Bench => &[
                "name",
                "ignore",
                "warmup",
                "max_time",
                "args",
                "types",
                "throughput",
                "samples",
                "measure",
                "allocs",
                "max_regression",
                "on_inconclusive",
                "executor",
                "threads",
            ],
            Kind::Diff => &[
                "vs",
                "ratio",
                "name",
                "ignore",
                "warmup",
                "max_time",
                "args",
                "types",
                "alpha",
                "on_inconclusive",
                "measure",
                "across_processes",
                "executor",
                "threads",
            ],
        }
    }

    /// The other attribute, for hints when an option or handle belongs to it.
    pub fn other(self) -> Kind {
        match self {
            Kind::Bench => Kind::Diff,
            Kind::Diff => Kind::Bench,
        }
    }
}

/// An option's value together with the key it was written with.
pub struct Opt<T> {
    /// The option's name as written, for error spans.
    pub key: Ident,
    /// The parsed value.
    pub value: T,
}

/// Every option of either attribute; `None` when not written.
#[derive(Default)]
pub struct Options {
    pub name: Option<Opt<LitStr>>,
    pub ignore: Option<Opt<Option<LitStr>>>,
    pub warmup_ns: Option<Opt<u64>>,
    pub max_time_ns: Option<Opt<u64>>,
    pub args: Option<Opt<Args>>,
    pub types: Option<Opt<Types>>,
    pub vs: Option<Opt<ExprPath>>,
    /// `vs = [b, c, d]`: candidates, each compared with the annotated function.
    pub vs_group: Option<Opt<Vec<ExprPath>>>,
    /// `threads = [1, 2, 4]`: one trial per count, the routine running on that many threads.
    pub threads: Option<Opt<Vec<u32>>>,
    pub claim: Option<Opt<Claim>>,
    pub alpha: Option<Opt<f64>>,
    pub on_inconclusive: Option<Opt<OnInconclusive>>,
    pub throughput: Option<Opt<Throughput>>,
    pub samples: Option<Opt<u32>>,
    pub measure: Option<Opt<Measure>>,
    pub allocs: Option<Opt<AllocLimit>>,
    pub max_regression: Option<Opt<f64>>,
    pub executor: Option<Opt<Executor>>,
    /// `across_processes`: decided over rounds of fresh processes.
    pub across_processes: Option<Opt<()>>,
}

impl Options {
    /// Parses the tokens between the attribute's parentheses.
    pub fn parse(kind: Kind, tokens: TokenStream) -> syn::Result<Options> {
        let parser = |input: ParseStream| {
            let mut options = Options::default();
            while !input.is_empty() {
                options.parse_one(kind, input)?;
                if !input.is_empty() {
                    input
                        .parse::<Token![,]>()
                        .map_err(|e| Error::new(e.span(), "expected `,` between options"))?;
                }
            }
            Ok(options)
        };
        parser.parse2(tokens)
    }

    fn parse_one(&mut self, kind: Kind, input: ParseStream) -> syn::Result<()> {
        let key = input.call(Ident::parse_any).map_err(|e| {
            Error::new(
                e.span(),
                format!("expected an option of {}: {}", kind.attr(), list(kind)),
            )
        })?;
        let name = key.unraw().to_string();
        if !kind.allowed().contains(&name.as_str()) {
            return Err(unknown(kind, &key, &name));
        }
        match name.as_str() {
            "name" => {
                let name = value::name(input, &key)?;
                set(&mut self.name, key, name)
            }
            "ignore" => {
                let reason = value::ignore(input, &key)?;
                set(&mut self.ignore, key, reason)
            }
            "warmup" => {
                let ns = value::duration_ns(input, &key, false)?;
                set(&mut self.warmup_ns, key, ns)
            }
            "max_time" => {
                let ns = value::duration_ns(input, &key, true)?;
                set(&mut self.max_time_ns, key, ns)
            }
            "args" => {
                let args = value::args(input, &key)?;
                set(&mut self.args, key, args)
            }
            "threads" => {
                let counts = value::threads(input, &key)?;
                set(&mut self.threads, key, counts)
            }
            "types" => {
                let types = value::types(input, &key)?;
                set(&mut self.types, key, types)
            }
            "vs" => {
                let vs = value::vs(input, &key)?;
                if self.vs.is_some() || self.vs_group.is_some() {
                    // One `vs`, whichever form either takes.
                    return Err(duplicate(&key));
                }
                match vs {
                    value::Vs::One(path) => set(&mut self.vs, key, path),
                    value::Vs::Group(paths) => set(&mut self.vs_group, key, paths),
                }
            }
            "ratio" => {
                let claim = claim::parse_after_ratio(input)?;
                if self.claim.is_some() {
                    return Err(Error::new(
                        key.span(),
                        "a second `ratio` claim: #[bench_diff] takes at most one expectation \
                         (for a band, write `ratio in 0.95..=1.05`)",
                    ));
                }
                set(&mut self.claim, key, claim)
            }
            "alpha" => {
                let alpha = value::alpha(input, &key)?;
                set(&mut self.alpha, key, alpha)
            }
            "on_inconclusive" => {
                let value = value::on_inconclusive(input, &key)?;
                set(&mut self.on_inconclusive, key, value)
            }
            "throughput" => {
                let throughput = value::throughput(input, &key)?;
                set(&mut self.throughput, key, throughput)
            }
            "measure" => {
                let measure = value::measure(input, &key)?;
                set(&mut self.measure, key, measure)
            }
            "allocs" => {
                let limit = value::allocs(input)?;
                set(&mut self.allocs, key, limit)
            }
            "samples" => {
                let samples = value::samples(input, &key)?;
                set(&mut self.samples, key, samples)
            }
            "max_regression" => {
                let fraction = value::max_regression(input, &key)?;
                set(&mut self.max_regression, key, fraction)
            }
            "across_processes" => {
                value::no_value(input, &key)?;
                set(&mut self.across_processes, key, ())
            }
            "executor" => {
                let executor = value::executor(input, &key)?;
                set(&mut self.executor, key, executor)
            }
            _ => Err(unknown(kind, &key, &name)),
        }
    }
}

/// Stores a value, refusing a second one.
fn set<T>(slot: &mut Option<Opt<T>>, key: Ident, value: T) -> syn::Result<()> {
    if slot.is_some() {
        return Err(duplicate(&key));
    }
    *slot = Some(Opt { key, value });
    Ok(())
}

fn duplicate(key: &Ident) -> Error {
    let name = key.unraw();
    Error::new(
        key.span(),
        format!("duplicate option `{name}`: give each option once"),
    )
}

fn list(kind: Kind) -> String {
    let names: Vec<String> = kind.allowed().iter().map(|n| format!("`{n}`")).collect();
    format!("allowed are {}", names.join(", "))
}

fn unknown(kind: Kind, key: &Ident, name: &str) -> Error {
    let hint = if kind.other().allowed().contains(&name) {
        format!(" (`{name}` is an option of {})", kind.other().attr())
    } else {
        String::new()
    };
    Error::new(
        key.span(),
        format!(
            "unknown option `{name}` for {}{hint}; {}",
            kind.attr(),
            list(kind)
        ),
    )
}
