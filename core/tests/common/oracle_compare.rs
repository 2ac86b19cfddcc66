//! How ../shared/oracle/check_compare.py judges a diagnostic list, shared by
//! the check-mode and expression-mode corpus tests: every text upstream can
//! print for a diagnostic (Go map order, either go-cty wording), its place,
//! and the diagnostics as a multiset with the placed ones in order.

use std::collections::BTreeSet;

use serde_json::Value as J;

/// Every acceptable detail of an expected diagnostic.
pub fn alts(d: &J) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for k in ["detail", "detail_current"] {
        if let Some(s) = d.get(k).and_then(J::as_str) {
            out.insert(s.to_string());
        }
    }
    for k in ["detail_alternatives", "detail_current_alternatives"] {
        for a in d.get(k).and_then(J::as_array).into_iter().flatten() {
            out.extend(a.as_str().map(str::to_string));
        }
    }
    out
}

/// Every acceptable summary of an expected diagnostic (the "Cycle: …"
/// errors list every order Go's map order can give).
pub fn summaries(d: &J) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = d.get("summary").and_then(J::as_str).map(str::to_string).into_iter().collect();
    for a in d.get("summary_alternatives").and_then(J::as_array).into_iter().flatten() {
        out.extend(a.as_str().map(str::to_string));
    }
    out
}

pub type Place = Option<(String, u64, u64, u64, u64)>;

/// A diagnostic's subject: file, start line and column, end line and column.
pub fn subject(d: &J) -> Place {
    let s = d.get("subject").filter(|s| !s.is_null())?;
    let n = |a: &str, b: &str| s[a][b].as_u64().unwrap_or(0);
    Some((
        s["filename"].as_str().unwrap_or("").to_string(),
        n("start", "line"),
        n("start", "column"),
        n("end", "line"),
        n("end", "column"),
    ))
}

/// The same diagnostics as a multiset (an acceptable detail each), those
/// with a place in the same order.
pub fn diags_ok(ed: &[J], ad: &[J]) -> bool {
    if ed.len() != ad.len() {
        return false;
    }
    let mut left: Vec<&J> = ad.iter().collect();
    for e in ed {
        let fits = |a: &&J| {
            a.get("severity") == e.get("severity")
                && summaries(e).contains(a.get("summary").and_then(J::as_str).unwrap_or_default())
                && a.get("detail").and_then(J::as_str).is_some_and(|d| alts(e).contains(d))
                && subject(a) == subject(e)
        };
        match left.iter().position(fits) {
            Some(i) => {
                left.remove(i);
            }
            None => return false,
        }
    }
    let order = |ds: &[J]| -> Vec<(Option<String>, Place)> {
        ds.iter()
            .filter(|d| subject(d).is_some())
            .map(|d| (d["summary"].as_str().map(str::to_string), subject(d)))
            .collect()
    };
    order(ed) == order(ad)
}
