//! Units in text: parsing `500ms`-style durations and `5%`-style shares, printing times,
//! rates, counts and sizes with three significant digits (or as many as asked) in the unit
//! that fits.

use std::time::Duration;

/// What a duration may look like, in the attributes' words (`macros/src/duration.rs`).
const DURATION_FORMAT: &str = "a duration is a number followed by a unit: ns, us, µs, ms, s, \
                               m (minutes) or h (e.g. 500ms, 1.5s, 1_000ms, 1h)";

/// Parses a duration: digits (`_` between them allowed), an optional fraction, and a unit
/// `ns`, `us`, `µs`, `ms`, `s`, `m` or `h` (`"500ms"`, `"1.5s"`, `"250 us"`, `"1_000ms"`,
/// `"1h"`). Exact, to the nanosecond.
///
/// The attributes' grammar (`macros/src/duration.rs`). A proc-macro crate can export no
/// functions, so the parser is written twice and both are tested against one table of cases
/// (`duration_cases.txt`, shared with the macro crate).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let expected = || format!("`{text}` is not a duration: {DURATION_FORMAT}");
    let trimmed = text.trim();
    let (number, unit_ns) = DURATION_UNITS
        .iter()
        .find_map(|&(unit, ns)| trimmed.strip_suffix(unit).map(|n| (n.trim_end(), ns)))
        .ok_or_else(expected)?;
    let (whole, fraction) = number.split_once('.').unwrap_or((number, "0"));
    let (Some(whole), Some(fraction)) = (separated_digits(whole), separated_digits(fraction))
    else {
        return Err(expected());
    };
    let too_long = || format!("duration `{text}` is too long");
    let whole_ns = whole
        .parse::<u64>()
        .ok()
        .and_then(|w| w.checked_mul(unit_ns))
        .ok_or_else(too_long)?;
    let mut fraction_ns = 0_u64;
    let mut place = unit_ns;
    for digit in fraction.bytes().map(|b| u64::from(b - b'0')) {
        if !place.is_multiple_of(10) {
            if digit != 0 {
                return Err(format!("duration `{text}` is finer than one nanosecond"));
            }
            continue;
        }
        place /= 10;
        fraction_ns += digit * place;
    }
    let ns = whole_ns.checked_add(fraction_ns).ok_or_else(too_long)?;
    Ok(Duration::from_nanos(ns))
}

/// Units of [`parse_duration`]; `ms` before `s` and `m` so that it is read as neither.
const DURATION_UNITS: [(&str, u64); 8] = [
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000), // U+03BC GREEK SMALL LETTER MU, which some keyboards produce for µ.
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

/// `text` without its `_` separators, or `None` unless it is digits with single `_` between.
fn separated_digits(text: &str) -> Option<String> {
    let ok = text.split('_').all(|group| !group.is_empty())
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    ok.then(|| text.replace('_', ""))
}

/// Formats nanoseconds with three significant digits: `57.1 ns`, `61.2 µs`, `1.23 s`.
#[must_use]
pub fn format_ns(ns: f64) -> String {
    format_ns_significant(ns, 3)
}

/// Formats nanoseconds with `digits` significant digits (at least one) in the unit that
/// fits: `499.6 ns`, `1.0824 µs`.
#[must_use]
pub fn format_ns_significant(ns: f64, digits: usize) -> String {
    if !ns.is_finite() {
        return "–".to_owned();
    }
    let (per_unit, unit) = time_unit(ns, digits);
    format!("{} {unit}", significant(ns / per_unit, digits))
}

/// The unit [`format_ns_significant`] shows `ns` in with `digits` significant digits, and
/// the nanoseconds in one of it: `(1e3, "µs")` for 61,234 ns. Chosen on the value as
/// rounded, so that 999.96 ns with three digits is `1.00 µs`, not `1000 ns`.
#[must_use]
pub fn time_unit(ns: f64, digits: usize) -> (f64, &'static str) {
    match round_to_significant(ns, digits).abs() {
        x if x < 1e3 => (1.0, "ns"),
        x if x < 1e6 => (1e3, "µs"),
        x if x < 1e9 => (1e6, "ms"),
        _ => (1e9, "s"),
    }
}

fn round_to_significant(value: f64, digits: usize) -> f64 {
    if value == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(value.abs().log10().floor() as i32 + 1 - digits.max(1) as i32);
    (value / scale).round() * scale
}

/// A number with three significant digits and no exponent (`0.271`, `57.1`, `612`).
#[must_use]
pub fn three_significant(value: f64) -> String {
    significant(value, 3)
}

/// A number with `digits` significant digits (at least one) and no exponent; an integer
/// part longer than that keeps its digits (`612` with two is `612`).
#[must_use]
pub fn significant(value: f64, digits: usize) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (digits.max(1) as i32 - 1 - magnitude).max(0) as usize;
    let rounded = format!("{value:.decimals$}");
    // Rounding can carry into a new digit (9.996 -> "10.00"); one fewer decimal fixes it.
    let carried = rounded
        .parse::<f64>()
        .is_ok_and(|r| r.abs() >= 10f64.powi(magnitude + 1));
    if carried && decimals > 0 {
        let fewer = decimals - 1;
        format!("{value:.fewer$}")
    } else {
        rounded
    }
}

/// Formats a duration in seconds with two decimals: `0.41 s`.
#[must_use]
pub fn format_secs(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

/// Formats bytes per second with three significant digits in binary units, as Criterion.rs
/// does: `812 MiB/s`, `1.21 GiB/s`.
#[must_use]
pub fn format_bytes_per_s(per_s: f64) -> String {
    scaled_rate(per_s, 1024.0, &["B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s"])
}

/// Formats elements per second with three significant digits in decimal units:
/// `950 elem/s`, `1.23 Melem/s`.
#[must_use]
pub fn format_elements_per_s(per_s: f64) -> String {
    scaled_rate(
        per_s,
        1000.0,
        &["elem/s", "Kelem/s", "Melem/s", "Gelem/s", "Telem/s"],
    )
}

/// Formats a size in bytes with three significant digits in binary units: `812 B`,
/// `1.21 KiB`, `3.40 MiB`.
#[must_use]
pub fn format_bytes(bytes: f64) -> String {
    scaled_rate(bytes, 1024.0, &["B", "KiB", "MiB", "GiB", "TiB"])
}

/// Formats a count with three significant digits and a decimal prefix: `3`, `0.5`,
/// `1.23 K`, `45.6 M` (counts per iteration are averages, so they may have decimals).
#[must_use]
pub fn format_count(count: f64) -> String {
    format_count_significant(count, 3)
}

/// Formats a count as [`format_count`] does, with `digits` significant digits.
#[must_use]
pub fn format_count_significant(count: f64, digits: usize) -> String {
    // Whole counts below a thousand (3 allocations) read best without decimals.
    if count.is_finite() && count.abs() < 999.5 && (count - count.round()).abs() < 1e-9 {
        return format!("{}", count.round());
    }
    let text = scaled(count, 1000.0, &["", "K", "M", "G", "T"], digits);
    text.trim_end().to_owned()
}

fn scaled_rate(per_s: f64, step: f64, units: &[&str]) -> String {
    scaled(per_s, step, units, 3)
}

fn scaled(per_s: f64, step: f64, units: &[&str], digits: usize) -> String {
    if !per_s.is_finite() {
        return "–".to_owned();
    }
    let mut value = per_s;
    let mut unit = 0;
    // Step up while the value would print as `step` or more (1023.9 KiB/s stays KiB).
    while unit + 1 < units.len() && value.abs() >= step {
        value /= step;
        unit += 1;
    }
    format!("{} {}", significant(value, digits), units[unit])
}

/// A confidence level as a percentage with as many decimals as it takes neither to round
/// up to 100% nor to claim more than the level: `95%`, `99.9%`, `99.9999%` for a level of
/// 1 - 1e-6, `92.8%` (not `93%`) for 1 - 0.072.
#[must_use]
pub fn level_percent(level: f64) -> String {
    let p = 100.0 * level;
    (0..=12)
        .map(|decimals| (format!("{p:.decimals$}"), decimals))
        .find(|(text, decimals)| {
            let shown: f64 = text.parse().unwrap_or(p);
            let not_more = shown <= p + 10f64.powi(-(*decimals as i32) - 6);
            level >= 1.0 || (!text.starts_with("100") && not_more)
        })
        .map_or_else(|| format!("{p}%"), |(text, _)| format!("{text}%"))
}

/// A share as it was written, before any range is checked: a percentage (`5%`) or a plain
/// number (`0.05`), so that each option checks it in the unit the user wrote.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PercentOrFraction {
    /// A number followed by `%`: `5%` is `Percent(5.0)`.
    Percent(f64),
    /// A number alone: `0.05` is `Fraction(0.05)`.
    Fraction(f64),
}

impl PercentOrFraction {
    /// The share as a fraction: `5%` and `0.05` both give 0.05.
    #[must_use]
    pub fn fraction(self) -> f64 {
        match self {
            Self::Percent(p) => p / 100.0,
            Self::Fraction(f) => f,
        }
    }
}

/// Reads a percentage such as `5%` (spaces around the number allowed: ` 5 %`) or a plain
/// number such as `0.05`; `None` when it is neither. Any number Rust reads as an `f64` is
/// returned, `inf` and `-5` too: the range is the caller's to check.
#[must_use]
pub fn parse_percent_or_fraction(text: &str) -> Option<PercentOrFraction> {
    let trimmed = text.trim();
    match trimmed.strip_suffix('%') {
        Some(percent) => percent.trim().parse().ok().map(PercentOrFraction::Percent),
        None => trimmed.parse().ok().map(PercentOrFraction::Fraction),
    }
}

/// A fraction as a percentage, the number (`{}%` prints it), rounded so that 0.05 gives 5,
/// not 5.000000000000001.
#[must_use]
pub fn percent_of(fraction: f64) -> f64 {
    (100.0 * fraction * 1e6).round() / 1e6
}

/// A relative change as signed text with its `%`: `+100.2%`, `-3.10%`.
#[must_use]
pub fn signed_percent_text(x: f64) -> String {
    let p = 100.0 * x;
    if p.abs() >= 10.0 {
        format!("{p:+.1}%")
    } else {
        format!("{p:+.2}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_read_as_written_with_or_without_its_percent_sign() {
        use PercentOrFraction::{Fraction, Percent};
        assert_eq!(parse_percent_or_fraction("5%"), Some(Percent(5.0)));
        assert_eq!(parse_percent_or_fraction(" 5 % "), Some(Percent(5.0)));
        assert_eq!(parse_percent_or_fraction("0.05"), Some(Fraction(0.05)));
        assert_eq!(parse_percent_or_fraction("-2%"), Some(Percent(-2.0)));
        for not_a_share in ["", "%", "5%%", "five", "5 percent", "%5"] {
            assert_eq!(
                parse_percent_or_fraction(not_a_share),
                None,
                "{not_a_share:?}"
            );
        }
        assert_eq!(Percent(5.0).fraction(), 0.05);
        assert_eq!(Fraction(0.05).fraction(), 0.05);
    }

    #[test]
    fn a_percentage_as_a_number_or_as_signed_text() {
        assert_eq!(percent_of(0.05), 5.0);
        assert_eq!(signed_percent_text(0.1234), "+12.3%");
        assert_eq!(signed_percent_text(-0.031), "-3.10%");
    }

    #[test]
    fn counts_and_sizes_get_their_own_units() {
        assert_eq!(format_count(3.0), "3");
        assert_eq!(format_count(0.0), "0");
        assert_eq!(format_count(2.5), "2.50");
        assert_eq!(format_count(1_234.0), "1.23 K");
        assert_eq!(format_count(45_600_000.0), "45.6 M");
        assert_eq!(format_bytes(812.0), "812 B");
        assert_eq!(format_bytes(1_239.0), "1.21 KiB");
    }

    /// Every case of the table the attributes' parser is tested against too.
    #[test]
    fn the_shared_table_of_duration_cases() {
        let cases = crate::util::table_cases(include_str!("duration_cases.txt"));
        assert!(cases.len() >= 40, "only {} cases read", cases.len());
        for (text, expected) in cases {
            match expected {
                "error" => assert!(parse_duration(text).is_err(), "{text:?} should not parse"),
                ns => assert_eq!(
                    parse_duration(text),
                    Ok(Duration::from_nanos(ns.parse().unwrap())),
                    "{text:?}"
                ),
            }
        }
    }

    #[test]
    fn formats_three_significant_digits() {
        assert_eq!(format_ns(57.06), "57.1 ns");
        assert_eq!(format_ns(0.2712), "0.271 ns");
        assert_eq!(format_ns(61_234.0), "61.2 µs");
        assert_eq!(format_ns(999.96), "1.00 µs");
        assert_eq!(format_ns(1_234_567_890.0), "1.23 s");
        assert_eq!(three_significant(612.4), "612");
        assert_eq!(three_significant(1.0), "1.00");
        assert_eq!(three_significant(9.996), "10.0");
        assert_eq!(format_ns_significant(499.63, 4), "499.6 ns");
        assert_eq!(format_ns_significant(1_082.37, 5), "1.0824 µs");
        assert_eq!(format_ns_significant(999.996, 5), "1.0000 µs");
        assert_eq!(significant(612.4, 2), "612");
        assert_eq!(time_unit(61_234.0, 3), (1e3, "µs"));
        assert_eq!(time_unit(999.96, 3), (1e3, "µs"));
        assert_eq!(time_unit(999.96, 5), (1.0, "ns"));
    }

    #[test]
    fn formats_rates() {
        assert_eq!(format_bytes_per_s(512.0), "512 B/s");
        assert_eq!(format_bytes_per_s(812.0 * 1024.0 * 1024.0), "812 MiB/s");
        assert_eq!(format_bytes_per_s(1.3e9), "1.21 GiB/s");
        assert_eq!(format_elements_per_s(950.0), "950 elem/s");
        assert_eq!(format_elements_per_s(1.234e6), "1.23 Melem/s");
        assert_eq!(format_elements_per_s(f64::INFINITY), "–");
    }

    #[test]
    fn a_level_below_one_never_reads_100_percent() {
        assert_eq!(super::level_percent(0.95), "95%");
        assert_eq!(super::level_percent(0.999), "99.9%");
        assert_eq!(super::level_percent(1.0 - 1e-6), "99.9999%");
        assert_eq!(super::level_percent(1.0 - 0.005), "99.5%");
        assert_eq!(super::level_percent(1.0), "100%");
        // A level is never shown above what it is: 92.8% is not 93%.
        assert_eq!(super::level_percent(1.0 - 0.072), "92.8%");
        assert_eq!(super::level_percent(1.0 - 0.036), "96%");
        assert_eq!(super::level_percent(1.0 - 0.04), "96%");
    }
}
