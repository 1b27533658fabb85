//! The values of duobench's own options, parsed from text: each parser returns the value
//! or a one-line reason, which `invocation.rs` prefixes with the flag or variable that gave
//! it.

use super::limits::{check_alpha, MAX_ALPHA, MIN_ALPHA};
use crate::measure::{built_in, built_in_names};
use crate::model::{Export, ExportFormat};
use crate::model::{Measure, OnInconclusive};
use crate::util::{parse_duration, parse_percent_or_fraction, PercentOrFraction};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub fn parse_measure(text: &str) -> Result<Measure, String> {
    built_in(text.trim()).ok_or_else(|| format!("expected {}", built_in_names()))
}

pub fn parse_on_inconclusive(text: &str) -> Result<OnInconclusive, String> {
    OnInconclusive::from_name(text.trim())
        .ok_or_else(|| format!("expected fail, pass or ignore, got `{text}`"))
}

pub fn parse_switch(text: &str) -> Result<bool, String> {
    match text.trim() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("expected 1 or 0, got `{text}`")),
    }
}

pub fn parse_positive_duration(text: &str) -> Result<Duration, String> {
    match parse_duration(text)? {
        d if d.is_zero() => Err("the time budget must be longer than zero".to_owned()),
        d => Ok(d),
    }
}

/// A file the JSON document can be written to: checked now, so that a typo fails before an
/// hour of measuring rather than after it.
pub fn parse_json_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if text.trim().is_empty() || text.ends_with('/') || path.file_name().is_none() {
        return Err("expected a file name such as results.json".to_owned());
    }
    if path.is_dir() {
        return Err("is a directory; expected a file name".to_owned());
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !parent.is_dir() {
        return Err(format!("directory `{}` does not exist", parent.display()));
    }
    Ok(path)
}

/// `--report`'s directory, on a build that has the HTML report (feature `html`).
pub fn parse_html_report_dir(text: &str) -> Result<PathBuf, String> {
    if !cfg!(feature = "html") {
        return Err(
            "the HTML report needs duobench's `html` feature, which this build leaves out \
             (it is on by default)"
                .to_owned(),
        );
    }
    parse_report_dir(text)
}

/// A directory for the HTML report: created when missing, but not in place of a file.
pub fn parse_report_dir(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if text.trim().is_empty() {
        return Err("expected a directory".to_owned());
    }
    if path.exists() && !path.is_dir() {
        return Err("exists and is not a directory".to_owned());
    }
    Ok(path)
}

/// A fraction such as `0.02`, or a percentage such as `2%`, from 0 up to (not including) 1.
pub fn parse_noise_threshold(text: &str) -> Result<f64, String> {
    match parse_percent_or_fraction(text).map(PercentOrFraction::fraction) {
        Some(t) if (0.0..1.0).contains(&t) => Ok(t),
        _ => Err(format!(
            "expected a fraction such as 0.02 or a percentage such as 2%, below 100%, got `{text}`"
        )),
    }
}

/// `FORMAT FILE`: the format, then the file (checked as `--json`'s is).
pub fn parse_export(text: &str) -> Result<Export, String> {
    let (format, path) = text.trim().split_once(char::is_whitespace).ok_or_else(|| {
        format!("expected a format and a file such as `bmf bmf.json`, got `{text}`")
    })?;
    Ok(Export {
        format: ExportFormat::parse(format)?,
        path: parse_json_path(path.trim())?,
    })
}

pub fn parse_alpha(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(a) => check_alpha(a),
        Err(_) => Err(format!(
            "expected an error rate from {MIN_ALPHA:e} to {MAX_ALPHA} such as 0.05, got `{text}`"
        )),
    }
}
