//! The tables of cases a parser written twice is tested against (here and in the macro
//! crate, which can export no function): one case a line, `TEXT => EXPECTED`.

/// The cases of `table`, `(text, expected)`, one for each line that is neither empty nor a
/// `#` comment; TEXT runs up to the last ` => `, and `<empty>` stands for the empty text.
pub fn table_cases(table: &str) -> Vec<(&str, &str)> {
    table
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (text, expected) = line.rsplit_once(" => ").expect("TEXT => EXPECTED");
            (if text == "<empty>" { "" } else { text }, expected)
        })
        .collect()
}
