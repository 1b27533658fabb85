//! Reading imports out of Rust source text: comments and `#[cfg(test)]` items removed, `use`
//! trees expanded, inline `crate::…`/`super::…`/`self::…` paths found, each resolved to the
//! module file it names.

use std::collections::BTreeMap;

/// The text without line comments and without `#[cfg(test)]` (or `#[cfg(all(test, ..))]`)
/// items.
pub fn production_code(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(strip_comment).collect();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        if test_only_cfg(lines[i]) {
            i += 1;
            let mut depth = 0i64;
            while i < lines.len() {
                depth += brace_balance(lines[i]);
                let ended =
                    depth <= 0 && (lines[i].contains('}') || lines[i].trim_end().ends_with(';'));
                i += 1;
                if ended {
                    break;
                }
            }
            continue;
        }
        out.push_str(lines[i]);
        out.push('\n');
        i += 1;
    }
    out
}

/// Whether `line` is a `cfg` attribute that compiles what follows only in tests:
/// `#[cfg(test)]`, or `#[cfg(all(test, unix))]` where tests run on some systems only.
fn test_only_cfg(line: &str) -> bool {
    let attribute: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    attribute.starts_with("#[cfg(test)]") || attribute.starts_with("#[cfg(all(test,")
}

fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    (0..bytes.len().saturating_sub(1))
        .find(|&i| &bytes[i..i + 2] == b"//" && (i == 0 || bytes[i - 1].is_ascii_whitespace()))
        .map_or(line, |i| &line[..i])
}

fn brace_balance(line: &str) -> i64 {
    line.chars()
        .map(|c| i64::from(c == '{') - i64::from(c == '}'))
        .sum()
}

/// Modules declared `#[cfg(test)] mod name;` in `text`.
pub fn test_only_children(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|w| test_only_cfg(w[0]) && w[1].ends_with(';'))
        .filter_map(|w| {
            w[1].trim_end_matches(';')
                .split_whitespace()
                .last()
                .map(String::from)
        })
        .collect()
}

/// Every `crate`/`super`/`self` path in `code`, with `use` trees expanded.
pub fn paths_in(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = String::new();
    let mut tail = code;
    while let Some(at) = find_word(tail, "use ") {
        rest.push_str(&tail[..at]);
        let end = tail[at..].find(';').map_or(tail.len(), |e| at + e);
        expand("", &compact(&tail[at + 4..end]), &mut paths);
        tail = &tail[(end + 1).min(tail.len())..];
    }
    rest.push_str(tail);
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = find_word(&rest[from..], start) {
            let begin = from + at;
            let len = rest[begin..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len() - begin);
            paths.push(rest[begin..begin + len].trim_end_matches(':').to_owned());
            from = begin + len;
        }
    }
    for p in &mut paths {
        p.truncate(p.find('@').unwrap_or(p.len()));
    }
    paths.retain(|p| ["crate", "super", "self"].contains(&p.split("::").next().unwrap_or("")));
    paths
}

/// A `use` tree without whitespace, an alias (`a as b`) kept as `a@b`.
fn compact(tree: &str) -> String {
    tree.replace(" as ", "@")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The names a module file re-exports (`pub use`, `pub(crate) use`), each with the path it
/// stands for, relative to that module (`self::a::B`) unless it starts at `crate` or `super`.
pub fn reexports(code: &str) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    for start in ["pub use ", "pub(crate) use "] {
        let mut from = 0;
        while let Some(at) = find_word(&code[from..], start) {
            let begin = from + at + start.len();
            let end = code[begin..].find(';').map_or(code.len(), |e| begin + e);
            let mut paths = Vec::new();
            expand("", &compact(&code[begin..end]), &mut paths);
            for p in paths {
                let (path, alias) = p.split_once('@').unwrap_or((&p, ""));
                let name = if alias.is_empty() {
                    path.rsplit("::").next().unwrap_or(path)
                } else {
                    alias
                };
                let full = if ["crate", "super", "self"]
                    .contains(&path.split("::").next().unwrap_or(""))
                {
                    path.to_owned()
                } else {
                    format!("self::{path}")
                };
                found.insert(name.to_owned(), full);
            }
            from = end;
        }
    }
    found
}

/// Where `word` starts in `text` not preceded by an identifier character.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let i = from + at;
        let before = text[..i].chars().next_back();
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            return Some(i);
        }
        from = i + word.len();
    }
    None
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) after `prefix` into full paths.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    match tree.find('{') {
        None => out.push(format!("{prefix}{tree}")),
        Some(open) => {
            let head = format!("{prefix}{}", &tree[..open]);
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let (mut depth, mut start) = (0, 0);
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&head, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&head, &inner[start..], out);
        }
    }
}

/// The file a path leads to: the longest prefix that names a module, and the segments after
/// it.
pub fn resolve(
    current: &[String],
    path: &str,
    modules: &BTreeMap<Vec<String>, String>,
) -> Option<(String, Vec<String>)> {
    let mut segs = path.split("::").filter(|s| !s.is_empty()).peekable();
    let mut base: Vec<String> = match segs.peek().copied() {
        Some("crate") => Vec::new(),
        _ => current.to_vec(),
    };
    let mut rest = Vec::new();
    for s in segs {
        match s {
            "crate" | "self" => {}
            "super" if rest.is_empty() => {
                base.pop();
            }
            _ => rest.push(s.to_owned()),
        }
    }
    (0..=rest.len()).rev().find_map(|k| {
        let mut m = base.clone();
        m.extend_from_slice(&rest[..k]);
        modules.get(&m).map(|f| (f.clone(), rest[k..].to_vec()))
    })
}
