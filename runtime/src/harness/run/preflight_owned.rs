//! Before anything is measured, the second half of the preflight: every file the run will
//! replace is ours (see `report::owned`), and no file is named for two outputs (`--json X
//! --export bmf X` would write one file twice, the second merge refusing the first's
//! document after the measuring).

use crate::harness::Invocation;
use crate::report::{check_export_owned, check_json_owned, check_report_owned};
use crate::util::{parent_dir, resolve_links};
use std::path::{Path, PathBuf};

/// Checks that each output file is ours to replace and that no two outputs share a file;
/// `report` is the HTML report's directory when this run writes one, and `target` the bench
/// target whose page it writes there.
///
/// # Errors
///
/// A one-line message naming the file, ending `nothing was measured`.
pub fn check_owned_outputs(
    invocation: &Invocation,
    report: Option<&Path>,
    target: Option<&str>,
) -> Result<(), String> {
    let options = &invocation.overrides;
    // Named twice is said first: the second output would otherwise be refused as foreign.
    let mut named: Vec<(String, PathBuf)> = Vec::new();
    named.extend(
        options
            .json
            .iter()
            .map(|p| ("--json".to_owned(), p.clone())),
    );
    for export in &options.exports {
        let format = format!("{:?}", export.format).to_lowercase();
        named.push((format!("--export {format}"), export.path.clone()));
    }
    check_distinct(&named)?;
    if let Some(path) = &options.json {
        check_json_owned(path, invocation.mode).map_err(|e| {
            format!(
                "cannot write the JSON results to {}: {e}; nothing was measured",
                path.display()
            )
        })?;
    }
    for export in &options.exports {
        check_export_owned(export).map_err(|e| {
            format!(
                "cannot write the export to {}: {e}; nothing was measured",
                export.path.display()
            )
        })?;
    }
    match report {
        Some(dir) => check_report_owned(dir, target)
            .map_err(|e| format!("cannot write the HTML report: {e}; nothing was measured")),
        None => Ok(()),
    }
}

/// Two outputs named for one file are an error (`/dev/null` takes any number).
fn check_distinct(named: &[(String, PathBuf)]) -> Result<(), String> {
    for (i, (first, a)) in named.iter().enumerate() {
        for (second, b) in &named[i + 1..] {
            let same = same_place(a, b);
            if same && a != Path::new("/dev/null") {
                return Err(format!(
                    "{first} and {second} both name {}: give each output its own file; \
                     nothing was measured",
                    b.display()
                ));
            }
        }
    }
    Ok(())
}

/// Whether two paths name one file: after links, with the directory made canonical where it
/// exists (`./out.json` and `out.json`, or a link to it, are one place).
fn same_place(a: &Path, b: &Path) -> bool {
    let place = |path: &Path| {
        let real = resolve_links(path).unwrap_or_else(|_| path.to_owned());
        let dir = parent_dir(&real);
        let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_owned());
        real.file_name().map(|name| dir.join(name))
    };
    place(a).is_some_and(|p| Some(p) == place(b))
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use crate::fixture::scratch::scratch_dir;
    use std::fs;

    fn invocation(args: &[&str]) -> Invocation {
        Invocation::parse(args.iter().map(|a| (*a).to_owned()), |_| None).unwrap()
    }

    #[test]
    fn one_file_named_for_two_outputs_is_refused_before_measuring() {
        let dir = scratch_dir("own-twice");
        let json = dir.join("out.json");
        let via_dot = dir.join(".").join("out.json");
        let (j, d) = (json.to_str().unwrap(), via_dot.to_str().unwrap());
        let e = check_owned_outputs(
            &invocation(&["--json", j, "--export", "bmf", d]),
            None,
            None,
        )
        .unwrap_err();
        assert!(e.starts_with("--json and --export bmf both name "), "{e}");
        assert!(
            e.ends_with("nothing was measured") && !e.contains('\n'),
            "{e}"
        );
        let other = dir.join("bmf.json");
        let ok = ["--json", j, "--export", "bmf", other.to_str().unwrap()];
        check_owned_outputs(&invocation(&ok), None, None).unwrap();
        let null = ["--json", "/dev/null", "--export", "github", "/dev/null"];
        check_owned_outputs(&invocation(&null), None, None).unwrap();
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn foreign_outputs_are_refused_before_measuring() {
        let dir = scratch_dir("own-foreign");
        let file = dir.join("theirs.json");
        fs::write(&file, "{\"x\": 1}").unwrap();
        let f = file.to_str().unwrap();
        for args in [vec!["--json", f], vec!["--export", "bmf", f]] {
            let e = check_owned_outputs(&invocation(&args), None, None).unwrap_err();
            assert!(e.ends_with("nothing was measured"), "{e}");
            assert_eq!(fs::read_to_string(&file).unwrap(), "{\"x\": 1}");
        }
        let report = dir.join("report");
        fs::create_dir_all(&report).unwrap();
        fs::write(report.join("index.html"), "<p>mine</p>").unwrap();
        let e = check_owned_outputs(&invocation(&[]), Some(&report), None).unwrap_err();
        assert!(
            e.contains("index.html: it exists and is not an HTML page written by duobench"),
            "{e}"
        );
        assert!(e.ends_with("nothing was measured"), "{e}");
        assert_eq!(
            fs::read_to_string(report.join("index.html")).unwrap(),
            "<p>mine</p>"
        );
        // The page of this run's bench target is checked as the index is.
        fs::remove_file(report.join("index.html")).unwrap();
        fs::write(report.join("claims.html"), "<p>mine</p>").unwrap();
        check_owned_outputs(&invocation(&[]), Some(&report), Some("other")).unwrap();
        let e = check_owned_outputs(&invocation(&[]), Some(&report), Some("claims")).unwrap_err();
        assert!(
            e.contains("claims.html: it exists and is not an HTML page"),
            "{e}"
        );
        assert_eq!(
            fs::read_to_string(report.join("claims.html")).unwrap(),
            "<p>mine</p>"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
