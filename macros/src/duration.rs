//! Duration strings in attributes: `warmup = "500ms"`, `max_time = "1.5s"`.
//!
//! Parsed exactly (integer and fraction digits are kept apart, no float rounding) into
//! nanoseconds, so the runtime receives a plain `u64`.

/// What a duration string may look like; appended to every parse error.
pub const FORMAT: &str =
    "a duration is a number followed by a unit: ns, us, µs, ms or s (e.g. \"500ms\", \"1.5s\")";

/// Units, longest suffix first so that `ms` is not read as `s`.
const UNITS: [(&str, u64); 6] = [
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000), // U+03BC GREEK SMALL LETTER MU, which some keyboards produce for µ.
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
];

/// Parses `text` into nanoseconds. The error says what is wrong, without the span.
pub fn parse_ns(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, scale) = UNITS
        .iter()
        .find_map(|&(unit, scale)| text.strip_suffix(unit).map(|n| (n.trim_end(), scale)))
        .ok_or_else(|| format!("`{text}` has no unit: {FORMAT}"))?;
    let (whole, fraction) = number.split_once('.').unwrap_or((number, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        return Err(format!("`{text}` is not a duration: {FORMAT}"));
    }
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

/// The nanoseconds in `.digits` of a unit worth `scale` ns, or `None` if not a whole number.
fn fraction_ns(digits: &str, scale: u64) -> Option<u64> {
    let mut ns = 0_u64;
    let mut place = scale;
    for digit in digits.bytes().map(|b| u64::from(b - b'0')) {
        if place % 10 != 0 {
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

    #[test]
    fn units() {
        assert_eq!(parse_ns("7ns"), Ok(7));
        assert_eq!(parse_ns("250us"), Ok(250_000));
        assert_eq!(parse_ns("250µs"), Ok(250_000));
        assert_eq!(parse_ns("250μs"), Ok(250_000));
        assert_eq!(parse_ns("500ms"), Ok(500_000_000));
        assert_eq!(parse_ns("10s"), Ok(10_000_000_000));
        assert_eq!(parse_ns("0s"), Ok(0));
    }

    #[test]
    fn fractions_are_exact() {
        assert_eq!(parse_ns("1.5s"), Ok(1_500_000_000));
        assert_eq!(parse_ns("0.1s"), Ok(100_000_000));
        assert_eq!(parse_ns("2.000001ms"), Ok(2_000_001));
        assert_eq!(parse_ns("1.00ns"), Ok(1));
        assert_eq!(parse_ns("1.000000001s"), Ok(1_000_000_001));
    }

    #[test]
    fn whitespace_around_and_before_unit() {
        assert_eq!(parse_ns(" 3 ms "), Ok(3_000_000));
    }

    #[test]
    fn rejects_malformed() {
        for bad in [
            "ten", "10", "", "s", "1.s", ".5s", "-1s", "1e3ms", "1 000ms", "5min", "1,5s",
        ] {
            assert!(parse_ns(bad).is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn rejects_sub_nanosecond_and_overflow() {
        assert!(parse_ns("0.5ns").is_err());
        assert!(parse_ns("1.50ns").is_err());
        assert!(parse_ns("1.00000000001s").is_err());
        assert!(parse_ns("1.0000000001s").is_err());
        assert!(parse_ns("18446744073709551616ns").is_err());
        assert!(parse_ns("18446744074s").is_err());
        assert_eq!(parse_ns("18446744073709551615ns"), Ok(u64::MAX));
    }
}
