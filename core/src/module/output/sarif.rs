//! The SARIF form: SARIF 2.1.0 for code scanning.

use serde_json::{json, Value as J};

use super::{path_in, rule_place, unevaluated_rules, unevaluated_text, PathOf};
use crate::i18n::{text, Lang};
use crate::module::explain::Annotations;
use crate::module::{CheckInput, CheckReport};

/// A stable rule id for a diagnostic summary: `tftype/invalid-value-for-input-variable`.
pub fn rule_id(summary: &str) -> String {
    let mut id = String::from("tftype/");
    let mut dash = false;
    for c in summary.chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
            dash = false;
        } else if !dash && !id.ends_with('/') {
            id.push('-');
            dash = true;
        }
    }
    id.trim_end_matches('-').to_string()
}

/// A SARIF `artifactLocation.uri`: a relative reference with every byte
/// outside RFC 3986's unreserved set and `/` percent-encoded (file names
/// may hold spaces, `#`, `%`, non-ASCII letters); absolute paths as
/// `file://` URIs.
fn uri_of(path: &str) -> (String, bool) {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    if path.starts_with('/') {
        (format!("file://{out}"), true)
    } else {
        (out, false)
    }
}

/// SARIF 2.1.0 (one run; a rule per distinct summary). Paths are relative
/// to `base` (`uriBaseId` `%SRCROOT%`).
pub fn sarif(r: &CheckReport, input: &CheckInput, base: &str) -> J {
    sarif_log(vec![sarif_run(r, input, &|f| path_in(base, f), &Annotations::default(), None)])
}

/// A SARIF column (`columnKind` `utf16CodeUnits`, the default, which code
/// scanning reads): UTF-16 code units from the line's start to `byte`, plus
/// one. hcl counts characters as they look (a letter with a combining mark
/// is one), so the column is worked out from the text.
fn sarif_column(text: Option<&String>, byte: usize, hcl_column: usize) -> usize {
    let Some(text) = text else { return hcl_column.max(1) };
    let Some(before) = text.get(..byte.min(text.len())) else { return hcl_column.max(1) };
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    before[line_start..].encode_utf16().count() + 1
}

/// The SARIF location of `s` in the file at `path` (a relative path is
/// relative to `%SRCROOT%`).
fn sarif_location(path: &str, s: &crate::module::Subject, text: Option<&String>) -> J {
    let (uri, absolute) = uri_of(path);
    let mut artifact = json!({"uri": uri});
    if !absolute {
        artifact["uriBaseId"] = json!("%SRCROOT%");
    }
    json!({
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {
                "startLine": s.start.line.max(1),
                "startColumn": sarif_column(text, s.start.byte, s.start.column),
                "endLine": s.end.line.max(s.start.line).max(1),
                "endColumn": sarif_column(text, s.end.byte, s.end.column),
            }
        }
    })
}

/// A SARIF 2.1.0 log of `runs` (`tftype check --all-flavors` gives one run
/// per group of versions that answer alike).
pub fn sarif_log(runs: Vec<J>) -> J {
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": runs,
    })
}

/// One SARIF run of a report: a rule per distinct summary, a result per
/// diagnostic (a location where it has a file; a failure's playground link
/// as the property `playground`). `flavors`: the versions this run answers
/// for (`automationDetails` tells runs of one log apart).
pub fn sarif_run(r: &CheckReport, input: &CheckInput, path_of: PathOf, a: &Annotations, flavors: Option<&[&str]>) -> J {
    let mut rules: Vec<J> = Vec::new();
    let mut results = Vec::new();
    for (i, d) in r.diagnostics.iter().enumerate() {
        let id = rule_id(&d.summary);
        let index = match rules.iter().position(|x| x["id"] == id.as_str()) {
            Some(k) => k,
            None => {
                rules.push(json!({"id": id, "name": d.summary, "shortDescription": {"text": d.summary}}));
                rules.len() - 1
            }
        };
        let mut res = json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": if d.is_error() { "error" } else { "warning" },
            "message": {"text": if d.detail.is_empty() { d.summary.clone() } else { format!("{}: {}", d.summary, d.detail) }},
        });
        if let Some((s, path)) = d.subject.as_ref().and_then(|s| path_of(&s.filename).map(|p| (s, p))) {
            res["locations"] = json!([sarif_location(&path, s, input.files.get(&s.filename))]);
        }
        if let Some(Some(url)) = a.links.get(i) {
            res["properties"] = json!({"playground": url});
        }
        results.push(res);
    }
    // A rule tftype did not evaluate is a note: never passed silently.
    let lang = Lang::En;
    for (name, rule) in unevaluated_rules(r) {
        let id = "tftype/validation-rule-not-evaluated";
        let index = match rules.iter().position(|x| x["id"] == id) {
            Some(k) => k,
            None => {
                let title = text(lang, "check.rule_not_evaluated_title");
                rules.push(json!({"id": id, "name": title, "shortDescription": {"text": title}, "defaultConfiguration": {"level": "note"}}));
                rules.len() - 1
            }
        };
        let mut res = json!({
            "ruleId": id,
            "ruleIndex": index,
            "level": "note",
            "message": {"text": unevaluated_text(&name, rule, lang)},
        });
        if let Some((file, (sl, sc), (el, ec))) = rule_place(&rule.rule) {
            if let Some(path) = path_of(file) {
                let (uri, absolute) = uri_of(&path);
                let mut artifact = json!({"uri": uri});
                if !absolute {
                    artifact["uriBaseId"] = json!("%SRCROOT%");
                }
                // hcl's columns count characters; a rule's keyword is ASCII.
                res["locations"] = json!([{
                    "physicalLocation": {
                        "artifactLocation": artifact,
                        "region": {"startLine": sl.max(1), "startColumn": sc.max(1), "endLine": el.max(sl).max(1), "endColumn": ec.max(1)}
                    }
                }]);
            }
        }
        results.push(res);
    }
    // tftype's notes: note-level results, each kind a rule of its own.
    for n in &a.notes {
        let id = format!("tftype/{}", n.kind);
        let index = match rules.iter().position(|x| x["id"] == id.as_str()) {
            Some(k) => k,
            None => {
                let title = text(lang, "check.note_title");
                rules.push(json!({"id": id, "name": title, "shortDescription": {"text": title}, "defaultConfiguration": {"level": "note"}}));
                rules.len() - 1
            }
        };
        let mut res = json!({"ruleId": id, "ruleIndex": index, "level": "note", "message": {"text": n.text}});
        if let Some(path) = path_of(&n.subject.filename) {
            res["locations"] = json!([sarif_location(&path, &n.subject, input.files.get(&n.subject.filename))]);
        }
        results.push(res);
    }
    let mut run = json!({
        "tool": {"driver": {"name": "tftype", "version": env!("CARGO_PKG_VERSION"), "informationUri": env!("CARGO_PKG_REPOSITORY"), "rules": rules}},
        "results": results,
    });
    if let Some(names) = flavors {
        run["automationDetails"] = json!({"id": format!("tftype-check/{}/", names.join("+"))});
        run["properties"] = json!({"flavors": names});
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_slugs_of_the_summary() {
        assert_eq!(rule_id("Invalid value for input variable"), "tftype/invalid-value-for-input-variable");
        assert_eq!(rule_id("Invalid `deprecated` value"), "tftype/invalid-deprecated-value");
    }
}
