//! The JSON form: the shape of `terraform validate -json`, with the
//! variables, the module calls and tftype's notes added.

use serde_json::{json, Value as J};

use crate::i18n::{fill, Lang};
use crate::module::calls::{ArgStatus, CallReport, CallStatus};
use crate::module::explain::{Annotations, VarStory};
use crate::module::report::subject_json;
use crate::module::{CheckDiag, CheckInput, CheckReport, Outcome};

fn range_json(d: &CheckDiag) -> J {
    d.subject.as_ref().map_or(J::Null, subject_json)
}

/// Each diagnostic's `snippet`, as `terraform validate -json` gives it
/// (`context`, `code`, `start_line`, `highlight_start_offset`,
/// `highlight_end_offset`, `values`), for a diagnostic whose file is among
/// the input's texts.
pub fn add_snippets(j: &mut J, r: &CheckReport, input: &CheckInput) {
    let mut contexts = crate::module::snippet::Contexts::default();
    let Some(ds) = j["diagnostics"].as_array_mut() else { return };
    for (d, out) in r.diagnostics.iter().zip(ds.iter_mut()) {
        let Some(s) = &d.subject else { continue };
        let Some(sn) = crate::module::snippet::text_of(input, &s.filename)
            .and_then(|t| crate::module::snippet::of(d, t, &mut contexts))
        else {
            continue;
        };
        let values: Vec<J> = sn.values.iter().map(|(t, st)| json!({"traversal": t, "statement": st})).collect();
        out["snippet"] = json!({
            "context": sn.context,
            "code": sn.code,
            "start_line": sn.start_line,
            "highlight_start_offset": sn.highlight_start,
            "highlight_end_offset": sn.highlight_end,
            "values": values,
        });
    }
}

/// [`validate_json`] with each range's UTF-16 offsets too (`start16`,
/// `end16`: what JavaScript strings index by), for the JS API.
pub fn validate_json_utf16(r: &CheckReport, input: &CheckInput) -> J {
    let mut j = validate_json(r);
    add_snippets(&mut j, r, input);
    let mut maps: std::collections::BTreeMap<&str, crate::diag::Utf16Map> = std::collections::BTreeMap::new();
    if let Some(ds) = j["diagnostics"].as_array_mut() {
        for (d, out) in r.diagnostics.iter().zip(ds.iter_mut()) {
            let Some(s) = &d.subject else { continue };
            let Some((name, text)) = input
                .files
                .get_key_value(&s.filename)
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .or_else(|| value_text(input, &s.filename))
            else {
                continue;
            };
            let m = maps.entry(name).or_insert_with(|| crate::diag::Utf16Map::new(text));
            out["range"]["start16"] = json!(m.offset(s.start.byte));
            out["range"]["end16"] = json!(m.offset(s.end.byte));
        }
    }
    // The module calls' ranges (the call's `module "x"`, each argument's value).
    if let Some(cs) = j.get_mut("module_calls").and_then(J::as_array_mut) {
        for c in cs {
            let args = c.get_mut("arguments").and_then(J::as_array_mut).map(std::mem::take).unwrap_or_default();
            let mut ranges: Vec<J> = args;
            for r in std::iter::once(&mut *c).chain(ranges.iter_mut()) {
                let (Some(name), Some(a), Some(b)) = (
                    r["range"]["filename"].as_str(),
                    r["range"]["start"]["byte"].as_u64(),
                    r["range"]["end"]["byte"].as_u64(),
                ) else {
                    continue;
                };
                let Some((name, text)) = input.files.get_key_value(name) else { continue };
                let m = maps.entry(name.as_str()).or_insert_with(|| crate::diag::Utf16Map::new(text));
                r["range"]["start16"] = json!(m.offset(a as usize));
                r["range"]["end16"] = json!(m.offset(b as usize));
            }
            c["arguments"] = J::Array(ranges);
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

/// [`validate_json`] with each failure's playground link (`link` on its
/// diagnostic) and, with `--explain`, each variable's story (`why`: the
/// steps and the notes as text; `why_hidden` for a sensitive one).
pub fn validate_json_annotated(r: &CheckReport, a: &Annotations) -> J {
    let mut j = validate_json(r);
    if let Some(ds) = j["diagnostics"].as_array_mut() {
        for (d, link) in ds.iter_mut().zip(&a.links) {
            if let Some(url) = link {
                d["link"] = json!(url);
            }
        }
    }
    for (name, story) in &a.stories {
        let v = &mut j["variables"][name];
        match story {
            VarStory::Told(s) => {
                let texts = |steps: &[crate::story::Step]| steps.iter().map(|x| x.text.clone()).collect::<Vec<_>>();
                v["why"] = json!({"steps": texts(&s.steps), "notes": texts(&s.notes)});
            }
            VarStory::Hidden => v["why_hidden"] = json!(true),
            VarStory::NoValue => {}
        }
    }
    // tftype's notes: never among Terraform's diagnostics.
    j["notes"] = J::Array(
        a.notes.iter().map(|n| json!({"kind": n.kind, "text": n.text, "range": subject_json(&n.subject)})).collect(),
    );
    j
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
            // tftype's addition: the part of the value that failed.
            if let Some(part) = &d.part {
                o["part"] = json!({"name": part.name, "range": subject_json(&part.subject)});
            }
            o
        })
        .collect();
    let vars: serde_json::Map<String, J> = r
        .variables
        .iter()
        .map(|v| {
            let o = match &v.outcome {
                Outcome::Accepted { type_string, console, .. } => {
                    json!({"ok": true, "type": type_string, "console": console, "source": v.source})
                }
                Outcome::Failed { stage, summary, .. } => {
                    json!({"ok": false, "stage": stage, "summary": summary, "source": v.source})
                }
            };
            let mut o = o;
            if !v.validations.is_empty() {
                o["validations"] = J::Array(v.validations.iter().map(crate::module::report::rule_json).collect());
            }
            (v.name.clone(), o)
        })
        .collect();
    let mut j = json!({
        "format_version": "1.0",
        "valid": errors == 0,
        "validation_complete": r.validation_complete,
        "error_count": errors,
        "warning_count": r.diagnostics.len() - errors,
        "diagnostics": diags,
        "variables": vars,
    });
    if !r.module_calls.is_empty() {
        j["module_calls"] = calls_json(&r.module_calls, Lang::En);
    }
    if let Some(d) = &r.role {
        j["module_role"] = json!(match d.role {
            crate::module::role::Role::Root => "root",
            crate::module::role::Role::Child => "child",
        });
    }
    j
}

/// The calls as JSON: `[{address, name, source, dir, range, status,
/// reason?, note?, arguments: [{name, variable, range, status, …}]}]`;
/// `status` is `checked`, `not_checked` or `skipped_remote`, an argument's
/// `ok`, `error`, `not_checked` or `unsupported`; `note` is the reason in
/// `lang`.
pub(super) fn calls_json(calls: &[CallReport], lang: Lang) -> J {
    let out: Vec<J> = calls
        .iter()
        .map(|c| {
            let mut o = json!({
                "address": c.address, "name": c.name, "source": c.source, "dir": c.dir,
                "range": subject_json(&c.decl),
            });
            match &c.status {
                CallStatus::Checked => o["status"] = json!("checked"),
                CallStatus::Remote => {
                    o["status"] = json!("skipped_remote");
                    o["note"] = json!(fill(lang, "check.call.remote", &[("call", &c.address), ("source", c.source.as_deref().unwrap_or(""))]));
                }
                CallStatus::NotChecked(n) => {
                    o["status"] = json!("not_checked");
                    o["reason"] = json!(n.code());
                    o["note"] = json!(n.text(lang));
                }
            }
            let args: Vec<J> = c
                .arguments
                .iter()
                .map(|a| {
                    let mut x = json!({"name": a.name, "variable": format!("{}.var.{}", c.address, a.name), "range": subject_json(&a.subject)});
                    match &a.status {
                        ArgStatus::Accepted { type_string, console } => {
                            x["status"] = json!("ok");
                            x["type"] = json!(type_string);
                            x["console"] = json!(console);
                        }
                        ArgStatus::Failed { summary } => {
                            x["status"] = json!("error");
                            x["summary"] = json!(summary);
                        }
                        ArgStatus::NotChecked(n) => {
                            x["status"] = json!("not_checked");
                            x["reason"] = json!(n.code());
                            x["note"] = json!(n.text(lang));
                        }
                        ArgStatus::Unsupported => x["status"] = json!("unsupported"),
                    }
                    x
                })
                .collect();
            o["arguments"] = J::Array(args);
            if !c.validations.is_empty() {
                o["validations"] = J::Array(
                    c.validations
                        .iter()
                        .map(|(name, r)| {
                            let mut x = crate::module::report::rule_json(r);
                            x["variable"] = json!(format!("{}.var.{name}", c.address));
                            x
                        })
                        .collect(),
                );
            }
            o
        })
        .collect();
    J::Array(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value given with `-var` (or `TF_VAR_`) is parsed from its own
    /// text, `<value for var.NAME>`: its ranges get UTF-16 offsets in that
    /// text, from the source that won.
    #[test]
    fn utf16_offsets_of_values_given_on_the_command_line_or_in_the_environment() {
        let vars = "variable \"v\" {\n  type = list(string)\n}\n".to_string();
        type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], u64);
        let cases: [Case; 3] = [
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
}
