//! The HTML page of a `--json` document that no single run wrote (the merged shards of a
//! suite): its trials' table, refuted and inconclusive first, in the report's style. The
//! document keeps no samples, so there are no charts: the shards' own runs draw those.

use super::{escape, page};
use crate::report::{rank, trial_cells, TrialCells};
use serde_json::Value;
use std::fmt::Write;

/// The page of `doc`'s trials, titled `title`.
#[must_use]
pub fn document_page(doc: &Value, title: &str) -> String {
    let mut rows: Vec<TrialCells> = doc["trials"]
        .as_array()
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(trial_cells)
        .collect();
    rows.sort_by(|a, b| (rank(&a.verdict), &a.key).cmp(&(rank(&b.verdict), &b.key)));
    let mut body = format!(
        "<p>{} trials: {} refuted, {} inconclusive. No charts: a JSON document keeps no \
         samples; each shard's own report has them.</p>\n",
        rows.len(),
        rows.iter().filter(|r| rank(&r.verdict) == 0).count(),
        rows.iter().filter(|r| rank(&r.verdict) == 1).count()
    );
    body.push_str(
        "<table class=\"summary\">\n<tr><th>trial</th><th>kind</th><th>estimate</th>\
         <th>interval</th><th>claim</th><th>verdict</th></tr>\n",
    );
    for row in rows {
        // A verdict of two words (`no change`) is one class name.
        let class = row.verdict.replace(' ', "-");
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
             <td>{}</td><td><span class=\"verdict {}\">{}</span></td></tr>",
            escape(&row.key),
            escape(&row.kind),
            escape(&row.estimate),
            escape(&row.interval_cell()),
            escape(row.claim.as_deref().unwrap_or("–")),
            escape(&class),
            escape(&row.verdict)
        );
    }
    body.push_str("</table>\n");
    page(title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_escaped_row_per_trial_with_what_failed_first() {
        let doc = json!({ "trials": [
            { "bench_target": "t", "name": "a<b>", "kind": "diff", "verdict": "pass",
              "claim": "ratio < 0.8", "ratio": { "estimate": 0.5 } },
            { "bench_target": "t", "name": "z", "kind": "versions", "verdict": "refuted",
              "claim": "ratio <= 1.05",
              "ratio": { "estimate": 1.5, "interval": { "low": 1.4, "high": 1.6 } } },
        ]});
        let page = document_page(&doc, "merged");
        assert!(page.contains("<title>merged</title>"), "{page}");
        assert!(
            page.contains("2 trials: 1 refuted, 0 inconclusive"),
            "{page}"
        );
        let refuted = page.find("t::z").unwrap();
        let passed = page.find("t::a&lt;b&gt;").unwrap();
        assert!(refuted < passed, "{page}");
        assert!(
            page.contains("<td class=\"num\">[1.4000, 1.6000]</td>"),
            "{page}"
        );
        assert!(page.contains("ratio &lt;= 1.05"), "{page}");
        assert_eq!(page.matches("<tr>").count(), 3);
    }
}
