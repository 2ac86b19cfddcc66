//! Values as JSON for `.tfvars.json` files, indented two spaces as people
//! write them. Strings are escaped by serde_json; numbers are written as
//! their own digits (serde_json would take them through f64).

use super::Refusal;
use crate::value::{Kind, Value};

/// `{"NAME": VALUE}`.
pub fn tfvars_json_file(name: &str, v: &Value) -> Result<String, Refusal> {
    let mut out = String::from("{\n  ");
    out.push_str(&quote(name));
    out.push_str(": ");
    write(v, 1, &mut out);
    out.push_str("\n}\n");
    Ok(out)
}

/// `v` alone.
pub fn pretty(v: &Value) -> String {
    let mut out = String::new();
    write(v, 0, &mut out);
    out
}

fn quote(s: &str) -> String {
    let q = serde_json::to_string(s).unwrap_or_default();
    if !q.contains(super::invisible) {
        return q;
    }
    // Bidi controls and zero-width characters as escapes: a reader sees them.
    let mut out = String::with_capacity(q.len() + 16);
    for c in q.chars() {
        if super::invisible(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

fn newline(level: usize, out: &mut String) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

/// Values nest no deeper than the readers allow (128 levels), so this
/// recursion is bounded.
fn write(v: &Value, level: usize, out: &mut String) {
    match &v.kind {
        Kind::Null | Kind::Unknown => out.push_str("null"),
        Kind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Kind::Number(n) => out.push_str(&n.to_text_f()),
        Kind::String(s) => out.push_str(&quote(s)),
        Kind::Seq(es) if es.is_empty() => out.push_str("[]"),
        Kind::Seq(es) => {
            out.push('[');
            for (i, e) in es.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(level + 1, out);
                write(e, level + 1, out);
            }
            newline(level, out);
            out.push(']');
        }
        Kind::Attrs(a) if a.is_empty() => out.push_str("{}"),
        Kind::Attrs(a) => {
            out.push('{');
            for (i, (k, e)) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(level + 1, out);
                out.push_str(&quote(k));
                out.push_str(": ");
                write(e, level + 1, out);
            }
            newline(level, out);
            out.push('}');
        }
    }
}
