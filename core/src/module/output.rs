//! A check's report in the forms people read it in: Terraform's own
//! diagnostic text (`human`), the shape of `terraform validate -json`
//! (`json`), SARIF 2.1.0 for code scanning (`sarif`) and GitHub Actions
//! workflow commands (`github`). The words of tftype's own lines come from
//! the catalogs.

use serde_json::{json, Value as J};

use super::{CheckDiag, CheckInput, CheckReport, Outcome};
use crate::i18n::{fill, text, Lang};

/// Terraform's diagnostic text: the summary, where it is (`on FILE line
/// N:` and the source line, with the range underlined when `color`), and
/// the detail.
pub fn human_diag(d: &CheckDiag, input: &CheckInput, color: bool) -> String {
    let (bold, red, yellow, under, reset) = if color { ("\x1b[1m", "\x1b[31m", "\x1b[33m", "\x1b[4m", "\x1b[0m") } else { ("", "", "", "", "") };
    let (word, c) = if d.is_error() { ("Error", red) } else { ("Warning", yellow) };
    let mut out = format!("{c}{bold}{word}: {reset}{bold}{}{reset}\n\n", d.summary);
    if let Some(s) = &d.subject {
        out += &format!("  on {} line {}:\n", s.filename, s.start.line);
        if let Some(src) = input.files.get(&s.filename) {
            if let Some(line) = src.split('\n').nth(s.start.line.saturating_sub(1)) {
                let line = line.trim_end_matches('\r');
                let line_start = src.split('\n').take(s.start.line.saturating_sub(1)).map(|l| l.len() + 1).sum::<usize>();
                let a = s.start.byte.saturating_sub(line_start).min(line.len());
                let b = if s.end.line == s.start.line { s.end.byte.saturating_sub(line_start).min(line.len()) } else { line.len() };
                let shown = match (line.get(..a), line.get(a..b.max(a)), line.get(b.max(a)..)) {
                    (Some(x), Some(y), Some(z)) if color => format!("{x}{under}{y}{reset}{z}"),
                    _ => line.to_string(),
                };
                out += &format!("  {:>3}: {shown}\n", s.start.line);
            }
        }
        out.push('\n');
    }
    if !d.detail.is_empty() {
        out += &d.detail;
        out.push('\n');
    }
    out
}

/// The whole report as Terraform prints diagnostics, then tftype's count.
pub fn human(r: &CheckReport, input: &CheckInput, color: bool, lang: Lang) -> String {
    let mut out = String::new();
    for d in &r.diagnostics {
        out += &human_diag(d, input, color);
        out.push('\n');
    }
    for v in r.variables.iter().filter(|v| v.validations > 0) {
        out += &fill(lang, "check.rules_not_evaluated", &[("name", &v.name), ("count", &v.validations.to_string())]);
        out.push('\n');
    }
    out += &summary_line(r, lang);
    out.push('\n');
    out
}

/// "2 variables checked: 1 error, 0 warnings." in the reader's language.
pub fn summary_line(r: &CheckReport, lang: Lang) -> String {
    let errors = r.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = r.diagnostics.len() - errors;
    let key = if errors == 0 { "check.summary_ok" } else { "check.summary_failed" };
    fill(lang, key, &[("vars", &r.variables.len().to_string()), ("errors", &errors.to_string()), ("warnings", &warnings.to_string())])
}

/// Each accepted variable's final value as `terraform console` prints it.
pub fn effective(r: &CheckReport, lang: Lang) -> String {
    let mut out = String::new();
    for v in &r.variables {
        match &v.outcome {
            Outcome::Accepted { console, .. } => out += &format!("var.{} = {console}\n", v.name),
            Outcome::Failed { .. } => out += &format!("var.{} {}\n", v.name, text(lang, "check.not_accepted")),
        }
    }
    out
}

fn range_json(d: &CheckDiag) -> J {
    match &d.subject {
        Some(s) => json!({
            "filename": s.filename,
            "start": {"line": s.start.line, "column": s.start.column, "byte": s.start.byte},
            "end": {"line": s.end.line, "column": s.end.column, "byte": s.end.byte},
        }),
        None => J::Null,
    }
}

/// [`validate_json`] with each range's UTF-16 offsets too (`start16`,
/// `end16`: what JavaScript strings index by), for the JS API.
pub fn validate_json_utf16(r: &CheckReport, input: &CheckInput) -> J {
    let mut j = validate_json(r);
    let mut maps: std::collections::BTreeMap<&str, crate::diag::Utf16Map> = std::collections::BTreeMap::new();
    if let Some(ds) = j["diagnostics"].as_array_mut() {
        for (d, out) in r.diagnostics.iter().zip(ds.iter_mut()) {
            let Some(s) = &d.subject else { continue };
            let Some((name, text)) = input.files.get_key_value(&s.filename).map(|(k, v)| (k.as_str(), v.as_str())).or_else(|| value_text(input, &s.filename)) else { continue };
            let m = maps.entry(name).or_insert_with(|| crate::diag::Utf16Map::new(text));
            out["range"]["start16"] = json!(m.offset(s.start.byte));
            out["range"]["end16"] = json!(m.offset(s.end.byte));
        }
    }
    j
}

/// The text behind a `<value for var.NAME>` subject (a value Terraform
/// parses as HCL from `-var` or `TF_VAR_NAME`): the last `-var NAME=…`,
/// which wins over the environment, else the environment's.
fn value_text<'a>(input: &'a CheckInput, filename: &'a str) -> Option<(&'a str, &'a str)> {
    let name = filename.strip_prefix("<value for var.")?.strip_suffix('>')?;
    let from_var = input.args.iter().rev().find_map(|a| match a.as_slice() {
        [flag, raw] if flag == "-var" => raw.split_once('=').filter(|(n, _)| *n == name).map(|(_, v)| v),
        _ => None,
    });
    let text = from_var.or_else(|| input.env.get(&format!("TF_VAR_{name}")).map(String::as_str))?;
    Some((filename, text))
}

/// The shape of `terraform validate -json`, with the variables added.
pub fn validate_json(r: &CheckReport) -> J {
    let errors = r.diagnostics.iter().filter(|d| d.is_error()).count();
    let diags: Vec<J> = r
        .diagnostics
        .iter()
        .map(|d| {
            let mut o = json!({"severity": if d.is_error() { "error" } else { "warning" }, "summary": d.summary, "detail": d.detail});
            if d.subject.is_some() {
                o["range"] = range_json(d);
            }
            o
        })
        .collect();
    let vars: serde_json::Map<String, J> = r
        .variables
        .iter()
        .map(|v| {
            let o = match &v.outcome {
                Outcome::Accepted { type_string, console, .. } => json!({"ok": true, "type": type_string, "console": console, "source": v.source}),
                Outcome::Failed { stage, summary, .. } => json!({"ok": false, "stage": stage, "summary": summary, "source": v.source}),
            };
            let mut o = o;
            if v.validations > 0 {
                // Conditions are not evaluated yet: say so rather than pass them.
                o["validation_rules_not_evaluated"] = json!(v.validations);
            }
            (v.name.clone(), o)
        })
        .collect();
    json!({
        "format_version": "1.0",
        "valid": errors == 0,
        "error_count": errors,
        "warning_count": r.diagnostics.len() - errors,
        "diagnostics": diags,
        "variables": vars,
    })
}

/// A stable rule id for a diagnostic summary: `tftype/invalid-value-for-input-variable`.
fn rule_id(summary: &str) -> String {
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

/// SARIF 2.1.0 (one run; a rule per distinct summary). Paths are relative
/// to `base` (`uriBaseId` `%SRCROOT%`).
pub fn sarif(r: &CheckReport, base: &str) -> J {
    let mut rules: Vec<J> = Vec::new();
    let mut results = Vec::new();
    for d in &r.diagnostics {
        let id = rule_id(&d.summary);
        if !rules.iter().any(|x| x["id"] == id.as_str()) {
            rules.push(json!({"id": id, "name": d.summary, "shortDescription": {"text": d.summary}}));
        }
        let mut res = json!({
            "ruleId": id,
            "level": if d.is_error() { "error" } else { "warning" },
            "message": {"text": if d.detail.is_empty() { d.summary.clone() } else { format!("{}: {}", d.summary, d.detail) }},
        });
        if let Some(s) = &d.subject {
            let uri = if base.is_empty() || base == "." { s.filename.clone() } else { format!("{}/{}", base.trim_end_matches('/'), s.filename) };
            res["locations"] = json!([{
                "physicalLocation": {
                    "artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"},
                    "region": {
                        "startLine": s.start.line.max(1),
                        "startColumn": s.start.column.max(1),
                        "endLine": s.end.line.max(s.start.line).max(1),
                        "endColumn": s.end.column.max(1),
                    }
                }
            }]);
        }
        results.push(res);
    }
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "tftype", "version": env!("CARGO_PKG_VERSION"), "informationUri": "https://github.com/tftype/tftype", "rules": rules}},
            "results": results,
        }]
    })
}

/// GitHub's escaping of a workflow command's message (`%`, CR, LF) and,
/// with `property`, of a property value (also `:` and `,`).
fn gh_escape(s: &str, property: bool) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '%' => out += "%25",
            '\r' => out += "%0D",
            '\n' => out += "%0A",
            ':' if property => out += "%3A",
            ',' if property => out += "%2C",
            c => out.push(c),
        }
    }
    out
}

/// GitHub Actions annotations: `::error file=…,line=…,col=…::detail`.
pub fn github(r: &CheckReport, base: &str) -> String {
    let mut out = String::new();
    for d in &r.diagnostics {
        let level = if d.is_error() { "error" } else { "warning" };
        let mut props = Vec::new();
        if let Some(s) = &d.subject {
            let file = if base.is_empty() || base == "." { s.filename.clone() } else { format!("{}/{}", base.trim_end_matches('/'), s.filename) };
            props.push(format!("file={}", gh_escape(&file, true)));
            props.push(format!("line={}", s.start.line));
            props.push(format!("col={}", s.start.column));
            props.push(format!("endLine={}", s.end.line));
            props.push(format!("endColumn={}", s.end.column));
        }
        props.push(format!("title={}", gh_escape(&d.summary, true)));
        out += &format!("::{level} {}::{}\n", props.join(","), gh_escape(if d.detail.is_empty() { &d.summary } else { &d.detail }, false));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::{Pos, Subject};

    fn diag() -> CheckDiag {
        CheckDiag::error(
            "Invalid value for input variable",
            "a number is required, 100%\nsee: here",
            Some(Subject { filename: "prod.tfvars".into(), start: Pos { line: 2, column: 8, byte: 15 }, end: Pos { line: 2, column: 16, byte: 23 } }),
        )
    }

    #[test]
    fn github_annotations_escape_messages_and_properties() {
        let r = CheckReport { diagnostics: vec![diag()], ..Default::default() };
        assert_eq!(
            github(&r, "envs"),
            "::error file=envs/prod.tfvars,line=2,col=8,endLine=2,endColumn=16,title=Invalid value for input variable::a number is required, 100%25%0Asee: here\n"
        );
    }

    /// A value given with `-var` (or `TF_VAR_`) is parsed from its own
    /// text, `<value for var.NAME>`: its ranges get UTF-16 offsets in that
    /// text, from the source that won.
    #[test]
    fn utf16_offsets_of_values_given_on_the_command_line_or_in_the_environment() {
        let vars = "variable \"v\" {\n  type = list(string)\n}\n".to_string();
        let cases: [(&[&str], &[(&str, &str)], u64); 3] = [
            (&["v=[\"é\"", "v=[\"😀\","], &[], 6),
            (&[], &[("TF_VAR_v", "[\"😀\",")], 6),
            (&["v=[1,"], &[("TF_VAR_v", "[\"😀\",")], 3),
        ];
        for (vars_given, env, want) in cases {
            let input = CheckInput {
                files: [("variables.tf".to_string(), vars.clone())].into(),
                args: vars_given.iter().map(|v| vec!["-var".to_string(), v.to_string()]).collect(),
                env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            };
            let r = crate::module::check(&input, &crate::flavor::Flavor::default_flavor().profile());
            let j = validate_json_utf16(&r, &input);
            let range = &j["diagnostics"][0]["range"];
            assert_eq!(range["filename"], "<value for var.v>", "{vars_given:?}: {j}");
            assert_eq!(range["start16"], want, "{vars_given:?}: {j}");
        }
    }

    #[test]
    fn rule_ids_are_slugs_of_the_summary() {
        assert_eq!(rule_id("Invalid value for input variable"), "tftype/invalid-value-for-input-variable");
        assert_eq!(rule_id("Invalid `deprecated` value"), "tftype/invalid-deprecated-value");
    }

    #[test]
    fn human_text_shows_the_source_line_and_underlines_on_a_terminal() {
        let input = CheckInput { files: [("prod.tfvars".to_string(), "env = 1\nport = \"eighty\"\n".to_string())].into(), ..Default::default() };
        let plain = human_diag(&diag(), &input, false);
        assert_eq!(plain, "Error: Invalid value for input variable\n\n  on prod.tfvars line 2:\n    2: port = \"eighty\"\n\na number is required, 100%\nsee: here\n");
        let colored = human_diag(&diag(), &input, true);
        assert!(colored.contains("port = \x1b[4m\"eighty\"\x1b[0m"), "{colored:?}");
    }
}
