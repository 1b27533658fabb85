//! The value of a gate (`--max-regression P`): a percentage, or a fraction below 1.
//!
//! One grammar for the command line, the environment, the attribute and `cargo duobench
//! compare`, kept equal by the table of cases in `max_regression_cases.txt` (shared with
//! the macro crate, which can export no function). A plain number of 1 or more is refused
//! rather than read: `5` may mean 5% or 500%, and a gate read the wrong way passes what it
//! was written to fail.

use crate::util::parse_percent_or_fraction;
use crate::util::PercentOrFraction::{Fraction, Percent};

/// The smallest gate, as a percentage: one part in a million. A finer gate is finer than
/// any measure resolves, and the reports would show it rounded towards the 0% that is
/// refused; so it is refused too, naming this floor.
pub const SMALLEST_GATE_PERCENT: f64 = 1e-4;

/// Parses a gate's largest regression into a fraction (`5%` and `0.05` give 0.05). The
/// error is one line that says what is allowed and, for a plain number, both readings.
pub fn parse_max_regression(text: &str) -> Result<f64, String> {
    let allowed = "a gate is a slowdown of 0.0001% (one part in a million) or more, such as \
                   5% or 0.05";
    // Compared in the unit written, so that `0.0001%` is not lost to rounding.
    let floor = SMALLEST_GATE_PERCENT;
    match parse_percent_or_fraction(text) {
        Some(Percent(p)) if p.is_finite() && p >= floor => Ok(p / 100.0),
        Some(Fraction(p)) if p.is_finite() && p * 100.0 >= floor * (1.0 - 1e-12) && p < 1.0 => {
            Ok(p)
        }
        Some(Fraction(p)) if p.is_finite() && p >= 1.0 => Err(format!(
            "`{text}` is ambiguous: write `{p}%` for a slowdown of {p}% (new/old at most \
             {:.4}), or `{}` for {}% as a fraction; a plain number must be a fraction below 1",
            1.0 + p / 100.0,
            p / 100.0,
            p
        )),
        _ => Err(format!("{allowed}, got `{text}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every case of the table the attribute's parser is tested against too.
    #[test]
    fn the_shared_table_of_max_regressions() {
        let cases = crate::util::table_cases(include_str!("max_regression_cases.txt"));
        assert!(cases.len() >= 20, "only {} cases read", cases.len());
        for (text, expected) in cases {
            match expected {
                "error" => assert!(
                    parse_max_regression(text).is_err(),
                    "{text:?} should not parse"
                ),
                fraction => {
                    let got =
                        parse_max_regression(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
                    let want: f64 = fraction.parse().unwrap();
                    assert!((got - want).abs() < 1e-12, "{text:?}: {got} != {want}");
                }
            }
        }
    }

    #[test]
    fn every_gate_accepted_is_shown_as_it_was_given_never_as_zero() {
        for text in ["0.0001%", "0.000001", "0.00015%", "5%"] {
            let fraction = parse_max_regression(text).unwrap();
            let shown = crate::util::percent_of(fraction);
            assert!(shown > 0.0, "{text} shown as {shown}%");
            let written: f64 = text.trim_end_matches('%').parse().unwrap();
            let written = if text.ends_with('%') {
                written
            } else {
                written * 100.0
            };
            assert!((shown - written).abs() <= 1e-6, "{text} shown as {shown}%");
        }
        let e = parse_max_regression("1e-300%").unwrap_err();
        assert!(e.contains("0.0001% (one part in a million) or more"), "{e}");
    }

    #[test]
    fn a_plain_number_of_one_or_more_names_both_readings() {
        let e = parse_max_regression("5").unwrap_err();
        assert!(e.contains("`5%`") && e.contains("`0.05`"), "{e}");
        assert!(!e.contains('\n'));
    }
}
