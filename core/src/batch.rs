//! The result schema of `tftype batch` (the oracle's, keys in its order),
//! shared by the CLI and the JS API (which adds UTF-16 ranges).

use crate::pipeline::{DiagnosticOut, Response};

fn js(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())
}

/// `s` as a JSON string, as serde_json writes it, appended to `out`.
fn push_js(out: &mut String, s: &str) {
    crate::render::push_json_string(s, out, crate::render::JsonEscapes::Plain);
}

/// A diagnostic's place: byte range, and with `utf16` the UTF-16 one too
/// (what JavaScript strings index by).
fn place(d: &DiagnosticOut, utf16: bool, obj: &mut serde_json::Map<String, serde_json::Value>) {
    obj.insert("start".into(), d.start.into());
    obj.insert("end".into(), d.end.into());
    if utf16 {
        obj.insert("start16".into(), d.start16.into());
        obj.insert("end16".into(), d.end16.into());
    }
}

/// One result line for `r`; `id` is the case's id as JSON text (followed,
/// for a flavored case, by `,"flavor":NAME`).
pub fn result_json(id: &str, r: &Response, utf16: bool) -> String {
    // Sized once for the texts it carries: the console text is escaped
    // straight into the line and the JSON text copied once (a large value's
    // forms are not copied into intermediate strings).
    let console = r.console.as_deref().unwrap_or("");
    let json = r.json.as_deref().unwrap_or("");
    let mut s = String::with_capacity(id.len() + 64 + console.len() + console.len() / 8 + json.len());
    s.push_str("{\"id\":");
    s.push_str(id);
    s.push_str(if r.ok { ",\"ok\":true" } else { ",\"ok\":false" });
    if r.ok {
        s.push_str(",\"type\":");
        push_js(&mut s, r.type_string.as_deref().unwrap_or(""));
        // A form the case did not ask for is left out (`"forms"`).
        if r.console.is_some() {
            s.push_str(",\"console\":");
            push_js(&mut s, console);
        }
        if r.json.is_some() {
            s.push_str(",\"json\":");
            s.push_str(json);
        }
        if !r.sensitive_paths.is_empty() {
            s += &format!(",\"sensitive_paths\":{}", serde_json::to_string(&r.sensitive_paths).unwrap_or_default());
        }
        if !r.warnings.is_empty() {
            let ws: Vec<_> = r
                .warnings
                .iter()
                .map(|w| {
                    let mut o = serde_json::Map::new();
                    o.insert("summary".into(), w.summary.clone().into());
                    o.insert("detail".into(), w.detail.clone().into());
                    place(w, utf16, &mut o);
                    serde_json::Value::Object(o)
                })
                .collect();
            s += &format!(",\"warnings\":{}", serde_json::Value::Array(ws));
            if r.warnings_omitted > 0 {
                s += &format!(",\"warnings_omitted\":{}", r.warnings_omitted);
            }
        }
    } else {
        let stage = serde_json::to_string(&r.stage).unwrap_or_default();
        s += &format!(
            ",\"stage\":{stage},\"summary\":{},\"detail\":{},\"path\":{}",
            js(r.summary.as_deref().unwrap_or("")),
            js(r.detail.as_deref().unwrap_or("")),
            js(r.path.as_deref().unwrap_or(""))
        );
        if let Some(e) = &r.error {
            s += &format!(",\"error\":{}", js(e));
        }
        let diags: Vec<_> = r
            .diagnostics
            .iter()
            .map(|d| {
                let mut o = serde_json::Map::new();
                o.insert("severity".into(), serde_json::to_value(d.severity).unwrap_or_default());
                o.insert("summary".into(), d.summary.clone().into());
                o.insert("detail".into(), d.detail.clone().into());
                o.insert("source".into(), serde_json::to_value(d.source).unwrap_or_default());
                place(d, utf16, &mut o);
                serde_json::Value::Object(o)
            })
            .collect();
        s += &format!(",\"diagnostics\":{}", serde_json::Value::Array(diags));
        if r.diagnostics_omitted > 0 {
            s += &format!(",\"diagnostics_omitted\":{}", r.diagnostics_omitted);
        }
        // A `variable` block's validation errors, every one the version reports (never in a batch result).
        if !r.rule_errors.is_empty() {
            s += &format!(",\"rule_errors\":{}", serde_json::to_string(&r.rule_errors).unwrap_or_default());
        }
    }
    s.push('}');
    s
}

/// A case (the oracle's case schema, as JSON text) evaluated into its
/// result line; a case that cannot be read gets stage `input`.
pub fn evaluate_case(case: &str, utf16: bool) -> String {
    evaluate_case_at(case, utf16, None)
}

/// [`evaluate_case`] where a case's type may be a whole `variable` block
/// (the npm package's `evaluate`, and so `<tftype-example>`): such a case is
/// answered by [`crate::module::block`], its rules evaluated; any other
/// case as `evaluate_case` answers it.
pub fn evaluate_case_or_block(case: &str, utf16: bool) -> String {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(case.as_bytes()) else { return evaluate_case(case, utf16) };
    let block =
        v.get("mode").is_none() && v.get("type").and_then(|t| t.as_str()).is_some_and(crate::module::block::is_block);
    if !block {
        return evaluate_case(case, utf16);
    }
    let id = v.get("id").cloned().unwrap_or(serde_json::Value::Null).to_string();
    let id = match v.get("flavor").and_then(|f| f.as_str()) {
        Some(f) => format!("{id},\"flavor\":{}", js(f)),
        None => id,
    };
    match serde_json::from_value::<crate::Request>(v) {
        Ok(req) => result_json(&id, &crate::module::block::evaluate(&req), utf16),
        Err(_) => evaluate_case(case, utf16),
    }
}

/// [`evaluate_case`] for line `line` of a batch input: an input error names
/// the line.
pub fn evaluate_case_at(case: &str, utf16: bool, line: Option<usize>) -> String {
    evaluate_read(serde_json::from_slice(case.as_bytes()), utf16, line)
}

/// [`evaluate_case_at`] for a case text given away: the text is dropped once
/// read, before the case is evaluated (a large value is not held in both
/// forms meanwhile). `on_id` is told the case's id (as JSON text, `null`
/// when it has none) as soon as it is known.
pub fn evaluate_case_owned(case: String, utf16: bool, line: Option<usize>, on_id: &dyn Fn(&str)) -> String {
    let read: Result<serde_json::Value, _> = serde_json::from_slice(case.as_bytes());
    drop(case);
    if let Ok(c) = &read {
        on_id(&c.get("id").cloned().unwrap_or(serde_json::Value::Null).to_string());
    }
    evaluate_read(read, utf16, line)
}

fn evaluate_read(case: Result<serde_json::Value, serde_json::Error>, utf16: bool, line: Option<usize>) -> String {
    let input_error = |id: &str, e: &dyn std::fmt::Display| {
        let detail = match line {
            Some(n) => format!("line {n}: {e}"),
            None => e.to_string(),
        };
        format!(
            "{{\"id\":{id},\"ok\":false,\"stage\":\"input\",\"summary\":\"Input error\",\"detail\":{},\"path\":\"\"}}",
            js(&detail)
        )
    };
    let case: serde_json::Value = match case {
        Ok(v) => v,
        Err(e) => return input_error("null", &e),
    };
    if case.get("mode").and_then(|m| m.as_str()) == Some("expr") {
        return crate::expr::evaluate_case(&case);
    }
    let id = case.get("id").cloned().unwrap_or(serde_json::Value::Null).to_string();
    let id = match case.get("flavor").and_then(|f| f.as_str()) {
        Some(f) => format!("{id},\"flavor\":{}", js(f)),
        None => id,
    };
    if case.get("mode").and_then(|m| m.as_str()) == Some("check") {
        return check_case(&id, case);
    }
    match serde_json::from_value::<crate::Request>(case) {
        Ok(req) => result_json(&id, &crate::evaluate(&req), utf16),
        Err(e) => input_error(&id, &e),
    }
}

/// A check-mode case (`"mode": "check"`): a root module and its value
/// sources, answered in the oracle's check-mode schema.
pub fn check_case(id: &str, case: serde_json::Value) -> String {
    let flavor = case.get("flavor").and_then(|f| f.as_str()).unwrap_or(crate::flavor::DEFAULT).to_string();
    let input: crate::module::CheckInput = match serde_json::from_value(case) {
        Ok(i) => i,
        Err(e) => {
            return crate::module::report::report_json(
                id,
                &crate::module::CheckReport { input_error: Some(e.to_string()), ..Default::default() },
            )
        }
    };
    let report = match crate::flavor::Flavor::lookup(&flavor) {
        Some(f) => crate::module::check(&input, &f.profile()),
        None => crate::module::CheckReport {
            input_error: Some(format!(
                "Unknown flavor {}; known flavors: {}.",
                crate::render::go_quote(&flavor),
                crate::flavor::Flavor::names().join(", ")
            )),
            ..Default::default()
        },
    };
    crate::module::report::report_json(id, &report)
}

#[cfg(test)]
mod block_case_tests {
    /// Issue #38 item 4: the npm package's `evaluate` of a block lists every
    /// validation error the version reports (`rule_errors`).
    #[test]
    fn a_block_case_lists_every_rule_error_of_its_version() {
        let block = "variable \"n\" {\n  type = number\n  validation {\n    condition     = var.n < 5\n    error_message = \"Below 5.\"\n  }\n  validation {\n    condition     = var.n < 3\n    error_message = \"Below 3.\"\n  }\n}";
        for (flavor, want) in [("terraform@1.15", vec!["Below 5.", "Below 3."]), ("opentofu@1.8", vec!["Below 5."])] {
            let case = serde_json::json!({"type": block, "value": "9", "flavor": flavor}).to_string();
            let out: serde_json::Value = serde_json::from_str(&super::evaluate_case_or_block(&case, true)).unwrap();
            let messages: Vec<&str> =
                out["rule_errors"].as_array().unwrap().iter().map(|e| e["message"].as_str().unwrap()).collect();
            assert_eq!(messages, want, "{flavor}");
            assert_eq!(out["rule_errors"][0]["condition16"], serde_json::json!([66, 75]), "{flavor}");
        }
        let plain =
            super::evaluate_case_or_block(&serde_json::json!({"type": "number", "value": "\"x\""}).to_string(), true);
        assert!(!plain.contains("rule_errors"), "{plain}");
    }
}

#[cfg(test)]
mod tests {
    use super::push_js;

    /// The result line's strings are escaped exactly as serde_json escapes
    /// them (the schema's writer before the console text was escaped in
    /// place): every control character, quotes, backslashes, DEL and
    /// non-ASCII text around them.
    #[test]
    fn strings_in_the_result_line_escape_as_serde_json_does() {
        let mut cases: Vec<String> = (0u8..0x20).map(|b| format!("a{}b", b as char)).collect();
        cases.extend(
            [
                "",
                "plain",
                "\"quoted\"",
                "back\\slash",
                "\u{7f}del",
                "é\n\"ü\"\t€",
                "tolist([\n  \"x\",\n])",
                "\u{2028}<&>",
                "😀\u{1}",
            ]
            .map(String::from),
        );
        for c in cases {
            let mut got = String::from("prefix");
            push_js(&mut got, &c);
            assert_eq!(got, format!("prefix{}", serde_json::to_string(&c).unwrap()), "{c:?}");
        }
    }
}
