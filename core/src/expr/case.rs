//! `"mode": "expr"` cases of `tftype batch`, answered in the oracle's
//! schema: `{"id", "flavor"?, "ok": true, "type", "console", "json",
//! "sensitive_paths"?}`, `{…, "ok": false, "diagnostics": [...]}`, `{…,
//! "ok": null, "stage": "not_evaluated", "reason"}` or `stage: "input"`.

use serde_json::{json, Map, Value as J};

use super::{eval_expression, parse_expression, ExprDiagnostic, Pos, Scope};
use crate::flavor::Flavor;
use crate::render;
use crate::value::{Marks, Value};

/// The file name of the expression in subjects.
const FILE: &str = "<expr>";

fn diag_json(d: &ExprDiagnostic) -> J {
    let mut o = Map::new();
    o.insert("severity".into(), json!(if d.severity == crate::diag::Severity::Warning { "warning" } else { "error" }));
    o.insert("summary".into(), json!(d.summary));
    o.insert("detail".into(), json!(d.detail));
    o.insert("subject".into(), serde_json::to_value(&d.subject).unwrap_or(J::Null));
    J::Object(o)
}

/// The result line of an expression case (`case` already parsed as JSON).
pub fn evaluate_case(case: &J) -> String {
    let mut out = Map::new();
    out.insert("id".into(), case.get("id").cloned().unwrap_or(J::Null));
    let flavor_name = case.get("flavor").and_then(J::as_str);
    if let Some(f) = flavor_name {
        out.insert("flavor".into(), json!(f));
    }
    let finish = |mut out: Map<String, J>, fields: Vec<(&str, J)>| {
        for (k, v) in fields {
            out.insert(k.into(), v);
        }
        J::Object(out).to_string()
    };
    let input = |out: Map<String, J>, detail: String| {
        finish(
            out,
            vec![
                ("ok", json!(false)),
                ("stage", json!("input")),
                ("summary", json!("Input error")),
                ("detail", json!(detail)),
            ],
        )
    };
    let flavor = match flavor_name {
        None => Flavor::default_flavor(),
        Some(name) => match Flavor::lookup(name) {
            Some(f) => f,
            None => {
                return input(
                    out,
                    format!(
                        "Unknown flavor {}; known flavors: {}.",
                        render::go_quote(name),
                        Flavor::names().join(", ")
                    ),
                )
            }
        },
    };
    let p = flavor.profile();
    let Some(src) = case.get("expr").and_then(J::as_str) else {
        return input(out, "The case has no \"expr\".".into());
    };
    let mut scope = Scope::new();
    if let Some(vars) = case.get("vars").and_then(J::as_object) {
        for (name, v) in vars {
            let Some(value) = v.get("value").and_then(J::as_str) else {
                return input(out, format!("vars.{name} has no \"value\"."));
            };
            if !crate::hclsrc::is_identifier(name) {
                return input(out, format!("vars: {} is not a valid variable name.", render::go_quote(name)));
            }
            let ty = v.get("type").and_then(J::as_str);
            let mut val = match crate::pipeline::module_argument_value(ty, value, &p) {
                Ok(v) => v,
                Err(e) => return input(out, format!("vars.{name}: {e}")),
            };
            if v.get("sensitive").and_then(J::as_bool) == Some(true) {
                val = val.with_marks(Marks::SENSITIVE);
            }
            scope.bind_var(name, val);
        }
    }
    let parsed = match parse_expression(src, FILE, Pos::START, &p) {
        Ok(e) => e,
        Err(diags) => {
            return finish(
                out,
                vec![("ok", json!(false)), ("diagnostics", J::Array(diags.iter().map(diag_json).collect()))],
            )
        }
    };
    let not_evaluated = |out, reason: String| {
        finish(out, vec![("ok", J::Null), ("stage", json!("not_evaluated")), ("reason", json!(reason))])
    };
    if let Some(why) = scope.not_evaluable(&parsed, &p) {
        return not_evaluated(out, why);
    }
    let (v, diags) = eval_expression(&parsed, &scope, &p);
    if diags.iter().any(|d| d.detail.contains("panic in function implementation")) {
        return not_evaluated(out, "a function panicked (go-cty reports a Go stack trace)".into());
    }
    if !diags.is_empty() {
        return finish(
            out,
            vec![("ok", json!(false)), ("diagnostics", J::Array(diags.iter().map(diag_json).collect()))],
        );
    }
    if !crate::funcs::wholly_known(&v) {
        return not_evaluated(out, "the result is not known".into());
    }
    success(out, &v, &p)
}

fn success(mut out: Map<String, J>, v: &Value, p: &crate::flavor::Profile) -> String {
    out.insert("ok".into(), json!(true));
    out.insert("type".into(), json!(v.ty.type_string()));
    out.insert("console".into(), json!(render::console_within_as(v, usize::MAX, p).unwrap_or_default()));
    // The JSON value is written as text: numbers keep every digit.
    let (plain, _) = v.unmark_deep();
    let json_text = render::json_value_known(&plain)
        .map(|j| format!("{{\"value\":{j},\"type\":{}}}", render::json_type(&plain.ty)))
        .unwrap_or_else(|| "null".into());
    let mut text = J::Object(out).to_string();
    text.pop();
    text += &format!(",\"json\":{json_text}");
    let paths = crate::pipeline::sensitive_paths(v);
    if !paths.is_empty() {
        text += &format!(",\"sensitive_paths\":{}", json!(paths));
    }
    text.push('}');
    text
}
