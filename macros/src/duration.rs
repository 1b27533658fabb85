//! Duration strings in attributes: `warmup = "500ms"`, `max_time = "1.5s"`.
//!
//! The runtime parses options and variables by the same grammar (`runtime/src/util/units.rs`);
//! a proc-macro crate can export no functions, so the two parsers are kept equal by one
//! table of cases (`duration_cases.txt`) that both test against.
//!
//! Parsed exactly (integer and fraction digits are kept apart, no float rounding) into
//! nanoseconds, so the runtime receives a plain `u64`.

/// What a duration string may look like; appended to every parse error.
pub const FORMAT: &str = "a duration is a number followed by a unit: ns, us, µs, ms, s, m \
                          (minutes) or h (e.g. \"500ms\", \"1.5s\", \"1_000ms\", \"1h\")";

/// Units; `ms` before `s` and `m` so that it is not read as either.
const UNITS: [(&str, u64); 8] = [
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000), // U+03BC GREEK SMALL LETTER MU, which some keyboards produce for µ.
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

/// Parses `text` into nanoseconds. The error says what is wrong, without the span.
pub fn parse_ns(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, scale) = UNITS
        .iter()
        .find_map(|&(unit, scale)| text.strip_suffix(unit).map(|n| (n.trim_end(), scale)))
        .ok_or_else(|| {
            if text.ends_with(|c: char| c.is_alphabetic()) {
                format!("`{text}` does not end in a unit duobench knows: {FORMAT}")
            } else {
                format!("`{text}` has no unit: {FORMAT}")
            }
        })?;
    let (whole, fraction) = number.split_once('.').unwrap_or((number, "0"));
    let (Some(whole), Some(fraction)) = (digits(whole), digits(fraction)) else {
        return Err(format!("`{text}` is not a duration: {FORMAT}"));
    };
    let (whole, fraction) = (whole.as_str(), fraction.as_str());
    let too_long = || format!("`{text}` is too long: at most {} ns fit", u64::MAX);
    let whole_ns = whole
        .parse::<u64>()
        .ok()
        .and_then(|w| w.checked_mul(scale))
        .ok_or_else(too_long)?;
    let fraction_ns = fraction_ns(fraction, scale)
        .ok_or_else(|| format!("`{text}` is finer than one nanosecond"))?;
    whole_ns.checked_add(fraction_ns).ok_or_else(too_long)
}

/// The digits of `text` without its `_` separators, or `None` unless it is digits with
/// single `_` between them (`1_000`), as in Rust literals but not leading or trailing.
fn digits(text: &str) -> Option<String> {
    let ok = text.split('_').all(|group| !group.is_empty())
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'_');
    ok.then(|| text.replace('_', ""))
}

/// The nanoseconds in `.digits` of a unit worth `scale` ns, or `None` if not a whole number.
fn fraction_ns(digits: &str, scale: u64) -> Option<u64> {
    let mut ns = 0_u64;
    let mut place = scale;
    for digit in digits.bytes().map(|b| u64::from(b - b'0')) {
        if !place.is_multiple_of(10) {
            // Past nanosecond resolution: only zeros are acceptable.
            if digit != 0 {
                return None;
            }
            continue;
        }
        place /= 10;
        ns += digit * place;
    }
    Some(ns)
}

#[cfg(test)]
mod tests {
    use super::parse_ns;

    /// Every case of the shared table; the runtime's test reads the same file.
    #[test]
    fn the_shared_table_of_cases() {
        let table = include_str!("duration_cases.txt");
        let mut checked = 0;
        for line in table
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (text, expected) = line.rsplit_once(" => ").expect("TEXT => EXPECTED");
            let text = if text == "<empty>" { "" } else { text };
            match expected {
                "error" => assert!(parse_ns(text).is_err(), "{text:?} should not parse"),
                ns => assert_eq!(parse_ns(text), Ok(ns.parse().unwrap()), "{text:?}"),
            }
            checked += 1;
        }
        assert!(checked >= 40, "only {checked} cases read");
    }
}
