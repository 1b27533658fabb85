//! Durations in and out: parsing `500ms`-style text, and printing times with three
//! significant digits in the unit that fits.

use std::time::Duration;

/// Parses a duration written as a number and a unit: `ns`, `us`, `µs`, `ms` or `s`
/// (`"500ms"`, `"1.5s"`, `"250 us"`). The same grammar the attributes accept.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '_'))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let unit_ns = match unit.trim() {
        "ns" => 1.0,
        "us" | "µs" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => {
            return Err(format!(
                "expected a duration such as 500ms or 10s, got `{text}`"
            ))
        }
    };
    let value: f64 = number
        .replace('_', "")
        .parse()
        .map_err(|_| format!("expected a duration such as 500ms or 10s, got `{text}`"))?;
    let ns = value * unit_ns;
    if !ns.is_finite() || ns > u64::MAX as f64 {
        return Err(format!("duration `{text}` is too long"));
    }
    Ok(Duration::from_nanos(ns.round() as u64))
}

/// Formats nanoseconds with three significant digits: `57.1 ns`, `61.2 µs`, `1.23 s`.
#[must_use]
pub fn format_ns(ns: f64) -> String {
    if !ns.is_finite() {
        return "–".to_owned();
    }
    let (value, unit) = match round_to_three_significant(ns).abs() {
        x if x < 1e3 => (ns, "ns"),
        x if x < 1e6 => (ns / 1e3, "µs"),
        x if x < 1e9 => (ns / 1e6, "ms"),
        _ => (ns / 1e9, "s"),
    };
    format!("{} {unit}", three_significant(value))
}

fn round_to_three_significant(value: f64) -> f64 {
    if value == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(value.abs().log10().floor() as i32 - 2);
    (value / scale).round() * scale
}

/// A number with three significant digits and no exponent (`0.271`, `57.1`, `612`).
#[must_use]
pub fn three_significant(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (2 - magnitude).max(0) as usize;
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

fn scaled_rate(per_s: f64, step: f64, units: &[&str]) -> String {
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
    format!("{} {}", three_significant(value), units[unit])
}

/// Ratios get four decimals: a 0.1% difference must be visible.
#[must_use]
pub fn ratio_text(ratio: f64) -> String {
    if ratio.is_finite() {
        format!("{ratio:.4}")
    } else {
        "–".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_unit() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("250 us"), Ok(Duration::from_micros(250)));
        assert_eq!(parse_duration("3µs"), Ok(Duration::from_micros(3)));
        assert_eq!(parse_duration("10ns"), Ok(Duration::from_nanos(10)));
        assert_eq!(parse_duration("0s"), Ok(Duration::ZERO));
        assert_eq!(parse_duration("1_000ms"), Ok(Duration::from_secs(1)));
    }

    #[test]
    fn rejects_what_is_not_a_duration() {
        for bad in ["ten", "10", "s", "10 parsecs", "-1s", "1e3ms", ""] {
            assert!(parse_duration(bad).is_err(), "{bad}");
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
}
