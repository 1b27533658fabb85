//! A target page's trials as entries: each trial's row of the summary table and its section,
//! marked in the page with the trial's name and when it was measured, so that a run a
//! filter narrowed (`cargo bench -- --exact "[diff] sum_a"`) replaces its own trials' entries
//! and keeps the others, each of those then saying when it was measured, as the `--json`
//! document keeps them.

use super::escape;
use std::fmt::Write;

/// One trial on a target page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The trial's full name.
    pub name: String,
    /// When it was measured, `YYYY-MM-DDThh:mm:ssZ`.
    pub measured: String,
    /// Its row of the summary table, as rendered.
    pub row: String,
    /// Its section, as rendered.
    pub section: String,
    /// Whether an earlier run measured it (read back from the page): it says when.
    pub earlier: bool,
}

const ROW: &str = "<!-- duobench:row ";
const ROW_END: &str = "<!-- /duobench:row -->";
const TRIAL: &str = "<!-- duobench:trial ";
const TRIAL_END: &str = "<!-- /duobench:trial -->";

/// The name in a marker: hexadecimal, so that no name can end the comment or look like
/// another marker.
fn hex(name: &str) -> String {
    name.bytes().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

fn unhex(text: &str) -> Option<String> {
    let bytes: Option<Vec<u8>> = (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

/// What an entry measured by an earlier run than the page's latest shows in its row.
fn row_mark(measured: &str) -> String {
    format!(
        " <span class=\"earlier\">measured {}</span>",
        escape(measured)
    )
}

/// What it shows at the top of its section.
fn section_mark(measured: &str) -> String {
    format!(
        "<p class=\"earlier\">Measured {} by an earlier run: the latest run of this bench \
         target did not run this trial (a filter chose others).</p>\n",
        escape(measured)
    )
}

/// Inserts `mark` after the first `after` in `html`, or at its end.
fn inserted(html: &str, after: &str, mark: &str) -> String {
    match html.find(after) {
        Some(at) => {
            let at = at + after.len();
            format!("{}{mark}{}", &html[..at], &html[at..])
        }
        None => format!("{html}{mark}"),
    }
}

/// The summary table's rows of `entries`, each marked; those of an earlier run say when
/// they were measured.
#[must_use]
pub fn rows_html(entries: &[Entry]) -> String {
    each_marked(entries, (ROW, ROW_END), "", |e| {
        if e.earlier {
            inserted(&e.row, "</a>", &row_mark(&e.measured))
        } else {
            e.row.clone()
        }
    })
}

/// The sections of `entries`, each marked; those of an earlier run say when.
#[must_use]
pub fn sections_html(entries: &[Entry]) -> String {
    each_marked(entries, (TRIAL, TRIAL_END), "\n", |e| {
        if e.earlier {
            inserted(&e.section, "</h3>\n", &section_mark(&e.measured))
        } else {
            e.section.clone()
        }
    })
}

/// `html(entry)` of each entry between its `(open, close)` markers, the opening one naming
/// the entry and when it was measured, then `gap`.
fn each_marked(
    entries: &[Entry],
    (open, close): (&str, &str),
    gap: &str,
    html: impl Fn(&Entry) -> String,
) -> String {
    let mut out = String::new();
    for e in entries {
        let _ = writeln!(
            out,
            "{open}{} {} -->{gap}{}{close}",
            hex(&e.name),
            e.measured,
            html(e)
        );
    }
    out
}

/// The pieces between `open` … ` -->` and `close` in `content`: (the marker's words, the
/// text), in order.
fn marked<'a>(content: &'a str, open: &str, close: &str) -> Vec<(&'a str, &'a str)> {
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(start) = rest.find(open) {
        let after = &rest[start + open.len()..];
        let Some(words_end) = after.find(" -->") else {
            break;
        };
        let body = &after[words_end + " -->".len()..];
        let Some(end) = body.find(close) else {
            break;
        };
        out.push((&after[..words_end], &body[..end]));
        rest = &body[end + close.len()..];
    }
    out
}

/// The entries of a page's content written by [`rows_html`] and [`sections_html`], each
/// `earlier`, with the marks of earlier runs taken out (they are put back when the page is
/// written again); entries whose row or section is missing or malformed are left out.
#[must_use]
pub fn read_entries(content: &str) -> Vec<Entry> {
    let name_and_time = |words: &str| -> Option<(String, String)> {
        let (name, measured) = words.split_once(' ')?;
        Some((unhex(name)?, measured.to_owned()))
    };
    let rows: Vec<(String, String, String)> = marked(content, ROW, ROW_END)
        .into_iter()
        .filter_map(|(words, row)| {
            let (name, measured) = name_and_time(words)?;
            let row = row.replacen(&row_mark(&measured), "", 1);
            Some((name, measured, row))
        })
        .collect();
    marked(content, TRIAL, TRIAL_END)
        .into_iter()
        .filter_map(|(words, section)| {
            let (name, measured) = name_and_time(words)?;
            let section = section.strip_prefix('\n').unwrap_or(section).replacen(
                &section_mark(&measured),
                "",
                1,
            );
            let (_, _, row) = rows.iter().find(|(n, m, _)| *n == name && *m == measured)?;
            Some(Entry {
                name,
                measured,
                row: row.clone(),
                section,
                earlier: true,
            })
        })
        .collect()
}

/// `earlier`'s entries in their order, each replaced by the entry of the same name in
/// `latest`, then `latest`'s other entries in theirs.
#[must_use]
pub fn merged(earlier: Vec<Entry>, latest: Vec<Entry>) -> Vec<Entry> {
    let mut latest: Vec<Option<Entry>> = latest.into_iter().map(Some).collect();
    let mut out: Vec<Entry> = earlier
        .into_iter()
        .map(|old| {
            latest
                .iter_mut()
                .find(|new| new.as_ref().is_some_and(|new| new.name == old.name))
                .and_then(Option::take)
                .unwrap_or(old)
        })
        .collect();
    out.extend(latest.into_iter().flatten());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, measured: &str, earlier: bool) -> Entry {
        Entry {
            name: name.to_owned(),
            measured: measured.to_owned(),
            row: format!("<tr><td><a href=\"#x\">{name}</a></td><td>{measured}</td></tr>\n"),
            section: format!("<section>\n<h3>{name}</h3>\n<p>{measured}</p>\n</section>\n"),
            earlier,
        }
    }

    #[test]
    fn entries_read_back_as_written_and_earlier_ones_are_marked_once() {
        let now = "2026-11-28T10:00:00Z";
        let entries = [
            entry("[diff] sum_a", now, false),
            entry("odd --> name & <more>", "2026-11-27T09:00:00Z", true),
        ];
        let page = |entries: &[Entry]| {
            format!(
                "<table>\n{}</table>\n{}",
                rows_html(entries),
                sections_html(entries)
            )
        };
        let content = page(&entries);
        assert_eq!(content.matches("class=\"earlier\"").count(), 2, "{content}");
        assert!(content.contains("measured 2026-11-27T09:00:00Z</span>"));
        // Read back, every entry is an earlier run's, its marks taken out.
        let read = read_entries(&content);
        let as_earlier = entries.clone().map(|e| Entry { earlier: true, ..e });
        assert_eq!(read, as_earlier);
        // Written again by a later run, each says when it was measured, once.
        let again = page(&read);
        assert_eq!(again.matches("class=\"earlier\"").count(), 4, "{again}");
        assert_eq!(read_entries(&again), as_earlier);
        // A page of an earlier version, without markers, has no entries to keep.
        assert!(read_entries("<table><tr><td>a</td></tr></table>").is_empty());
    }

    #[test]
    fn the_latest_entries_replace_those_of_their_names_in_place_and_the_rest_stay() {
        let earlier = vec![
            entry("a", "1", true),
            entry("b", "1", true),
            entry("c", "1", true),
        ];
        let latest = vec![entry("b", "2", false), entry("d", "2", false)];
        let names: Vec<(String, String)> = merged(earlier, latest)
            .into_iter()
            .map(|e| (e.name, e.measured))
            .collect();
        let expected = [("a", "1"), ("b", "2"), ("c", "1"), ("d", "2")]
            .map(|(n, m)| (n.to_owned(), m.to_owned()));
        assert_eq!(names, expected);
    }
}
