//! A type written out for people: the multi-line, indented form
//! `terraform fmt` would give a type constraint.

use crate::types::Type;

const INDENT: &str = "  ";

/// The type as a constraint expression over several lines:
///
/// ```text
/// object({
///   name = string
///   tags = optional(map(string))
/// })
/// ```
///
/// Objects with attributes always open a block; tuples do when an element
/// does not fit on one line. Attribute `=` signs are aligned as
/// `terraform fmt` (hclwrite) aligns them: over each run of one-line
/// attributes; an attribute whose value opens a block is not aligned and
/// ends the run.
pub fn pretty(ty: &Type) -> String {
    let mut out = String::new();
    write(ty, 0, &mut out);
    out
}

fn write(ty: &Type, level: usize, out: &mut String) {
    match ty {
        Type::Bool | Type::Number | Type::String | Type::Dynamic => out.push_str(&ty.type_string()),
        Type::List(e) | Type::Map(e) | Type::Set(e) => {
            out.push_str(match ty {
                Type::List(_) => "list(",
                Type::Map(_) => "map(",
                _ => "set(",
            });
            write(e, level, out);
            out.push(')');
        }
        Type::Object(o) if o.attrs.is_empty() => out.push_str("object({})"),
        Type::Object(o) => {
            out.push_str("object({\n");
            let pad = INDENT.repeat(level + 1);
            let items: Vec<(String, String)> = o
                .attrs
                .iter()
                .map(|(name, t)| {
                    let mut v = String::new();
                    if o.optional.contains(name) {
                        v.push_str("optional(");
                        write(t, level + 1, &mut v);
                        v.push(')');
                    } else {
                        write(t, level + 1, &mut v);
                    }
                    (attr_name(name), v)
                })
                .collect();
            // Runs of one-line attributes line up their `=`; an attribute
            // whose value spans lines stands alone and ends the run.
            let mut start = 0;
            while start < items.len() {
                let mut end = start;
                while end < items.len() && !items[end].1.contains('\n') {
                    end += 1;
                }
                let run = if end == start { start..start + 1 } else { start..end };
                let width = if end == start {
                    0
                } else {
                    items[run.clone()].iter().map(|(n, _)| n.chars().count()).max().unwrap_or(0)
                };
                for (n, v) in &items[run.clone()] {
                    out.push_str(&pad);
                    out.push_str(n);
                    out.push_str(&" ".repeat(width.saturating_sub(n.chars().count())));
                    out.push_str(" = ");
                    out.push_str(v);
                    out.push('\n');
                }
                start = run.end;
            }
            out.push_str(&INDENT.repeat(level));
            out.push_str("})");
        }
        Type::Tuple(elems) => {
            let parts: Vec<String> = elems
                .iter()
                .map(|e| {
                    let mut s = String::new();
                    write(e, level + 1, &mut s);
                    s
                })
                .collect();
            if parts.iter().all(|p| !p.contains('\n')) {
                out.push_str("tuple([");
                out.push_str(&parts.join(", "));
                out.push_str("])");
            } else {
                out.push_str("tuple([\n");
                for p in parts {
                    out.push_str(&INDENT.repeat(level + 1));
                    out.push_str(&p);
                    out.push_str(",\n");
                }
                out.push_str(&INDENT.repeat(level));
                out.push_str("])");
            }
        }
    }
}

/// Attribute names that are not identifiers (possible in types taken from
/// values) are quoted.
fn attr_name(name: &str) -> String {
    if crate::hclsrc::is_identifier(name) {
        name.to_string()
    } else {
        crate::goprint::go_quote(name)
    }
}
