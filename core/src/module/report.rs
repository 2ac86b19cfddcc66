//! The check's diagnostics in the order the CLI prints them, and its JSON
//! (the oracle's check-mode schema, shared by `tftype batch`, the CLI's
//! `--format json` base and the JS API).
//!
//! Terraform prints two batches (configuration and value collection, then
//! value parsing and evaluation), each sorted as `tfdiags`'
//! `sortDiagnostics` sorts: warnings first, diagnostics without a place
//! before placed ones, then by file (fewer `/` first, then name), start
//! byte and end byte; ties keep their order.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde_json::{json, Map, Value as J};

use super::validate::RuleReport;
use super::{CheckDiag, CheckReport, Outcome, Pos, Subject, VarState};
use crate::diag::Severity;

/// Diagnostics gathered batch by batch.
#[derive(Default)]
pub struct Run {
    batches: Vec<Vec<CheckDiag>>,
}

impl Run {
    /// A new batch.
    pub fn batch(&mut self, diags: Vec<CheckDiag>) {
        self.batches.push(diags);
    }

    /// More diagnostics of the first batch.
    pub fn extend_first(&mut self, diags: Vec<CheckDiag>) {
        match self.batches.first_mut() {
            Some(b) => b.extend(diags),
            None => self.batches.push(diags),
        }
    }

    pub fn finish(self, vars: BTreeMap<String, VarState>) -> CheckReport {
        let mut diagnostics = Vec::new();
        for mut b in self.batches {
            crate::sort::by(&mut b, order);
            diagnostics.extend(b);
        }
        CheckReport {
            ok: !diagnostics.iter().any(CheckDiag::is_error),
            variables: vars.into_values().map(|s| s.report).collect(),
            diagnostics,
            input_error: None,
            validation_complete: true,
            module_calls: Vec::new(),
            role: None,
        }
    }
}

/// `sortDiagnostics`' order.
pub(super) fn order(a: &CheckDiag, b: &CheckDiag) -> Ordering {
    let warn = |d: &CheckDiag| d.severity != Severity::Warning;
    warn(a).cmp(&warn(b)).then_with(|| match (&a.subject, &b.subject) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => {
            let depth = |f: &str| f.matches('/').count();
            depth(&x.filename)
                .cmp(&depth(&y.filename))
                .then_with(|| x.filename.cmp(&y.filename))
                .then(x.start.byte.cmp(&y.start.byte))
                .then(x.end.byte.cmp(&y.end.byte))
        }
    })
}

fn pos(p: &Pos) -> J {
    json!({"line": p.line, "column": p.column, "byte": p.byte})
}

/// A range as `terraform validate -json` and the oracle write it:
/// `{"filename", "start": {"line", "column", "byte"}, "end": …}`.
pub fn subject_json(s: &Subject) -> J {
    json!({"filename": s.filename, "start": pos(&s.start), "end": pos(&s.end)})
}

/// One diagnostic in the oracle's schema.
pub fn diag_json(d: &CheckDiag) -> J {
    let mut o = Map::new();
    o.insert("severity".into(), J::from(if d.is_error() { "error" } else { "warning" }));
    o.insert("summary".into(), J::from(d.summary.clone()));
    o.insert("detail".into(), J::from(d.detail.clone()));
    o.insert("subject".into(), d.subject.as_ref().map_or(J::Null, subject_json));
    // tftype's addition (not the oracle's): the part of the value that fails.
    if let Some(part) = &d.part {
        o.insert("part".into(), json!({"name": part.name, "range": subject_json(&part.subject)}));
    }
    J::Object(o)
}

/// The report in the oracle's check-mode schema: `{"id", "flavor"?, "ok",
/// "variables", "diagnostics"}` (`id_and_flavor` is the JSON text of the
/// leading keys, as [`crate::batch`] writes them).
pub fn report_json(id_and_flavor: &str, r: &CheckReport) -> String {
    if let Some(e) = &r.input_error {
        return format!(
            "{{\"id\":{id_and_flavor},\"ok\":false,\"stage\":\"input\",\"summary\":\"Input error\",\"detail\":{}}}",
            J::from(e.clone())
        );
    }
    // Objects are written by hand: the go-cty JSON is spliced in as its
    // text (its numbers are exact).
    let js = |s: &str| J::from(s).to_string();
    let mut vars = String::from("{");
    for (i, v) in r.variables.iter().enumerate() {
        if i > 0 {
            vars.push(',');
        }
        vars += &format!("{}:{{", js(&v.name));
        match &v.outcome {
            Outcome::Accepted { type_string, console, json } => {
                vars += &format!("\"ok\":true,\"type\":{},\"console\":{}", js(type_string), js(console));
                if let Some(j) = json {
                    vars += &format!(",\"json\":{j}");
                }
            }
            Outcome::Failed { stage, summary, detail } => {
                vars += &format!(
                    "\"ok\":false,\"stage\":{},\"summary\":{},\"detail\":{}",
                    js(stage),
                    js(summary),
                    js(detail)
                );
            }
        }
        vars += &format!(
            ",\"source\":{},\"sensitive\":{},\"nullable\":{}",
            v.source.as_deref().map_or("null".to_string(), js),
            v.sensitive,
            v.nullable
        );
        if v.ephemeral {
            vars += ",\"ephemeral\":true";
        }
        if v.constant {
            vars += ",\"const\":true";
        }
        if let Some(d) = &v.description {
            vars += &format!(",\"description\":{}", js(d));
        }
        if let Some(d) = &v.deprecated {
            vars += &format!(",\"deprecated\":{}", js(d));
        }
        if !v.validations.is_empty() {
            vars += &format!(",\"validations\":{}", J::Array(v.validations.iter().map(rule_json).collect()));
        }
        vars.push('}');
    }
    vars.push('}');
    let diags: Vec<J> = r.diagnostics.iter().map(diag_json).collect();
    let incomplete = if r.validation_complete { "" } else { ",\"validation_complete\":false" };
    format!(
        "{{\"id\":{id_and_flavor},\"ok\":{},\"variables\":{}{incomplete},\"diagnostics\":{}}}",
        r.ok,
        vars,
        J::Array(diags)
    )
}

/// One rule's outcome in the oracle's schema (reasons in English).
pub fn rule_json(r: &RuleReport) -> J {
    let mut o = Map::new();
    o.insert("rule".into(), J::from(r.rule.clone()));
    o.insert("result".into(), J::from(r.result.as_str()));
    if r.in_validate_walk {
        o.insert("phase".into(), J::from("validate"));
    }
    if let Some(m) = &r.error_message {
        o.insert("error_message".into(), J::from(m.clone()));
    }
    if let Some(why) = &r.reason {
        o.insert("reason".into(), J::from(why.text(crate::i18n::Lang::En)));
    }
    J::Object(o)
}
