//! The benchmark doctor's warnings as an HTML list, for a trial's section and the top of a
//! target page.

use super::escape;
use crate::analysis::Warning;
use std::fmt::Write;

/// The warnings as an HTML list; nothing when there are none.
#[must_use]
pub fn warnings_html(warnings: &[Warning]) -> String {
    if warnings.is_empty() {
        return String::new();
    }
    let mut out = String::from("<ul class=\"doctor\">\n");
    for w in warnings {
        let _ = writeln!(
            out,
            "<li><strong>doctor ({})</strong>: {}. <em>What to do:</em> {}.</li>",
            w.check.name(),
            escape(&w.finding),
            escape(w.advice)
        );
    }
    out.push_str("</ul>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{debug_build, long_name};

    #[test]
    fn each_warning_is_an_item_with_what_to_do_and_text_is_escaped() {
        let warnings = [
            debug_build(true).unwrap(),
            long_name(&"<".repeat(61)).unwrap(),
        ];
        let html = warnings_html(&warnings);
        assert!(html.contains("doctor (debug_build)") && html.contains("What to do:"));
        assert_eq!(html.matches("<li>").count(), 2);
        assert_eq!(warnings_html(&[]), "");
    }
}
