use super::*;
use crate::types::Type;
use crate::value::Kind;

/// cty's JSON form of a value with its type (`ctyjson.Marshal(v, DynamicPseudoType)`), marks ignored.
fn cty_json(v: &Value) -> String {
    format!(
        "{{\"value\":{},\"type\":{}}}",
        json_value(v),
        json_type(&v.ty)
    )
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

fn json_value(v: &Value) -> String {
    match &v.kind {
        Kind::Null => "null".into(),
        Kind::Unknown => "\"<unknown>\"".into(),
        Kind::Bool(b) => b.to_string(),
        Kind::Number(n) => n.to_text_f(),
        Kind::String(s) => json_str(s),
        Kind::Seq(es) => format!(
            "[{}]",
            es.iter().map(json_value).collect::<Vec<_>>().join(",")
        ),
        Kind::Attrs(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, e)| format!("{}:{}", json_str(k), json_value(e)))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

fn json_type(t: &Type) -> String {
    match t {
        Type::Bool => "\"bool\"".into(),
        Type::Number => "\"number\"".into(),
        Type::String => "\"string\"".into(),
        Type::Dynamic => "\"dynamic\"".into(),
        Type::List(e) => format!("[\"list\",{}]", json_type(e)),
        Type::Map(e) => format!("[\"map\",{}]", json_type(e)),
        Type::Set(e) => format!("[\"set\",{}]", json_type(e)),
        Type::Object(o) => {
            format!(
                "[\"object\",{{{}}}]",
                o.attrs
                    .iter()
                    .map(|(k, t)| format!("{}:{}", json_str(k), json_type(t)))
                    .collect::<Vec<_>>()
                    .join(",")
            )
        }
        Type::Tuple(ts) => format!(
            "[\"tuple\",[{}]]",
            ts.iter().map(json_type).collect::<Vec<_>>().join(",")
        ),
    }
}

fn sensitive_paths(v: &Value, path: String, out: &mut Vec<String>) {
    if v.marks.sensitive {
        out.push(path.clone());
    }
    match &v.kind {
        Kind::Seq(es) => {
            for (i, e) in es.iter().enumerate() {
                sensitive_paths(e, format!("{path}[{i}]"), out);
            }
        }
        Kind::Attrs(m) => {
            for (k, e) in m {
                let p = if v.ty.is_object() {
                    format!("{path}.{k}")
                } else {
                    format!("{path}[{}]", json_str(k))
                };
                sensitive_paths(e, p, out);
            }
        }
        _ => {}
    }
}

fn known_deep(v: &Value) -> bool {
    match &v.kind {
        Kind::Unknown => false,
        Kind::Seq(es) => es.iter().all(known_deep),
        Kind::Attrs(m) => m.values().all(known_deep),
        _ => true,
    }
}

/// One result line in the differential checker's format.
fn dump(src: &str, format: &str) -> serde_json::Value {
    let f = match format {
        "tfvars" => ValueFormat::Tfvars,
        "json" => ValueFormat::Json,
        "ctyjson" => ValueFormat::Ctyjson,
        "cli" => ValueFormat::Cli,
        _ => ValueFormat::Hcl,
    };
    match parse_value(src, f, false) {
        Ok(pv) => {
            let mut sens = Vec::new();
            sensitive_paths(&pv.value, String::new(), &mut sens);
            let known = known_deep(&pv.value);
            let json = if pv.value.is_null() && pv.value.ty.is_dynamic() {
                "null".to_string()
            } else if known {
                cty_json(&pv.value)
            } else {
                format!("unknown {}", json_type(&pv.value.ty))
            };
            let mut o = serde_json::json!({"ok": true, "range": pv.src_range.unwrap_or_default(), "known": known, "json": json});
            if !sens.is_empty() {
                o["sensitive"] = serde_json::json!(sens);
            }
            o
        }
        Err(ds) => serde_json::json!({"ok": false, "diags": ds.iter().map(|d| serde_json::json!({
            "summary": d.summary, "detail": d.detail,
            "start": d.range.as_ref().map(|r| r.start), "end": d.range.as_ref().map(|r| r.end)})).collect::<Vec<_>>()}),
    }
}

/// Differential run: `TFTYPE_VALUE_CASES=in.jsonl cargo test -p tftype value_dump -- --ignored`
/// writes `in.jsonl.actual` (compare with the Go checker's output).
#[test]
#[ignore]
fn value_dump() {
    let path = std::env::var("TFTYPE_VALUE_CASES").expect("TFTYPE_VALUE_CASES");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let c: serde_json::Value = serde_json::from_str(line).unwrap();
        let r = dump(
            c["value"].as_str().unwrap(),
            c["format"].as_str().unwrap_or("hcl"),
        );
        out.push_str(&r.to_string());
        out.push('\n');
    }
    std::fs::write(format!("{path}.actual"), out).unwrap();
}
