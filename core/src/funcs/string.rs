//! String functions: go-cty's `stdlib/string.go` (upper, lower, title,
//! strrev, substr, trim*, chomp, indent, join, split) and Terraform's
//! `internal/lang/funcs/string.go` (replace, startswith, endswith,
//! strcontains), plus `format` / `formatlist` ([`super::sequence`] has
//! neither: see `format` below).

use super::{arg_err, call_err, s, text, to_int, Function, Param, BOOL, STRING};
use crate::types::Type;
use crate::unicode;
use crate::value::Value;

pub(super) const NAMES: &[&str] = &[
    "chomp",
    "endswith",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "replace",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
];

fn p_str(name: &'static str) -> Param {
    Param::new(name, Type::String)
}

/// A function of strings only, giving a string.
fn strings(names: &[&'static str], imp: super::ImplFn) -> Function {
    Function::new(names.iter().map(|n| p_str(n).dynamic()).collect(), STRING, imp)
}

pub(super) fn lookup(name: &str) -> Option<Function> {
    Some(match name {
        "upper" => strings(&["str"], |a, _, p| {
            let (t, u) = (text(&a[0]), p.unicode_of(text(&a[0])));
            Ok(s(&t.chars().map(|c| unicode::to_upper(c, u)).collect::<String>()))
        }),
        "lower" => strings(&["str"], |a, _, p| {
            let (t, u) = (text(&a[0]), p.unicode_of(text(&a[0])));
            Ok(s(&t.chars().map(|c| unicode::to_lower(c, u)).collect::<String>()))
        }),
        "title" => strings(&["str"], |a, _, p| Ok(s(&title(text(&a[0]), p.unicode_of(text(&a[0])))))),
        "strrev" => strings(&["str"], |a, _, p| {
            let mut g: Vec<&str> = unicode::graphemes(text(&a[0]), p.unicode_of(text(&a[0]))).collect();
            g.reverse();
            Ok(s(&g.concat()))
        }),
        "trimspace" => strings(&["str"], |a, _, _| Ok(s(text(&a[0]).trim_matches(char::is_whitespace)))),
        "chomp" => strings(&["str"], |a, _, _| {
            let mut t = text(&a[0]);
            while let Some(x) = t.strip_suffix("\r\n").or_else(|| t.strip_suffix('\n')).or_else(|| t.strip_suffix('\r'))
            {
                t = x;
            }
            Ok(s(t))
        }),
        "trim" => strings(&["str", "cutset"], |a, _, _| {
            let cut: Vec<char> = text(&a[1]).chars().collect();
            Ok(s(text(&a[0]).trim_matches(|c| cut.contains(&c))))
        }),
        "trimprefix" => {
            strings(&["str", "prefix"], |a, _, _| Ok(s(text(&a[0]).strip_prefix(text(&a[1])).unwrap_or(text(&a[0])))))
        }
        "trimsuffix" => {
            strings(&["str", "suffix"], |a, _, _| Ok(s(text(&a[0]).strip_suffix(text(&a[1])).unwrap_or(text(&a[0])))))
        }
        "startswith" => Function::new(vec![p_str("str"), p_str("prefix")], BOOL, |a, _, _| {
            Ok(Value::bool(text(&a[0]).starts_with(text(&a[1]))))
        }),
        "endswith" => Function::new(vec![p_str("str"), p_str("suffix")], BOOL, |a, _, _| {
            Ok(Value::bool(text(&a[0]).ends_with(text(&a[1]))))
        }),
        "strcontains" => Function::new(vec![p_str("str"), p_str("substr")], BOOL, |a, _, _| {
            Ok(Value::bool(text(&a[0]).contains(text(&a[1]))))
        }),
        "indent" => Function::new(vec![Param::new("spaces", Type::Number), p_str("str")], STRING, |a, _, _| {
            let n = to_int(&a[0]).map_err(super::FuncError::Call)?;
            let t = text(&a[1]);
            let lines = t.matches('\n').count();
            if (n.max(0) as usize).saturating_mul(lines).saturating_add(t.len()) > super::MAX_RESULT_BYTES {
                return Err(super::FuncError::TooCostly);
            }
            let pad = " ".repeat(n.max(0) as usize);
            Ok(s(&t.replace('\n', &format!("\n{pad}"))))
        }),
        "substr" => Function::new(
            vec![
                p_str("str").dynamic(),
                Param::new("offset", Type::Number).dynamic(),
                Param::new("length", Type::Number).dynamic(),
            ],
            STRING,
            |a, _, p| {
                let offset = to_int(&a[1]).map_err(super::FuncError::Call)?;
                let length = to_int(&a[2]).map_err(super::FuncError::Call)?;
                Ok(s(&substr(text(&a[0]), offset, length, p.unicode_of(text(&a[0])))))
            },
        ),
        "split" => Function::new(
            vec![p_str("separator"), p_str("str")],
            |_, _| Ok(Type::list(Type::String)),
            |a, _, _| {
                let (sep, t) = (text(&a[0]), text(&a[1]));
                // Counted (and refused past the budget) before anything is built.
                let n = if sep.is_empty() { t.chars().count() } else { t.matches(sep).count() + 1 };
                super::allow(n as u64)?;
                let parts: Vec<Value> = if sep.is_empty() {
                    t.chars().map(|c| s(&c.to_string())).collect()
                } else {
                    t.split(sep).map(s).collect()
                };
                Ok(Value::list(Type::String, parts))
            },
        ),
        "join" => {
            Function::new(vec![p_str("separator")], STRING, join).var(Param::new("lists", Type::list(Type::String)))
        }
        "replace" => strings(&["str", "substr", "replace"], replace),
        "format" | "formatlist" => return super::format::lookup(name),
        _ => return None,
    })
}

/// Go's `strings.Title`: the first letter of each word title-cased
/// (`unicode.ToTitle`), words separated by anything but letters, digits, `_`.
fn title(t: &str, u: unicode::Unicode) -> String {
    let mut out = String::with_capacity(t.len());
    let mut prev_sep = true;
    for c in t.chars() {
        out.push(if prev_sep { unicode::to_title(c, u) } else { c });
        prev_sep = if c.is_ascii() {
            !(c.is_ascii_alphanumeric() || c == '_')
        } else if c.is_alphanumeric() {
            false
        } else {
            c.is_whitespace()
        };
    }
    out
}

/// go-cty's `Substr`, counting grapheme clusters.
fn substr(t: &str, offset: i64, length: i64, u: unicode::Unicode) -> String {
    let g: Vec<&str> = unicode::graphemes(t, u).collect();
    let n = g.len() as i64;
    let (mut off, mut length) = (offset, length);
    if off < 0 {
        off = (off + n).max(0);
        // Counted from the end, a zero length takes the rest (go-cty).
        if length == 0 {
            length = -1;
        }
    }
    if off >= n || length == 0 {
        return String::new();
    }
    let rest = &g[off as usize..];
    if length < 0 {
        return rest.concat();
    }
    rest[..(length as usize).min(rest.len())].concat()
}

fn join(a: &[Value], _: &Type, _: &crate::flavor::Profile) -> Result<Value, super::FuncError> {
    let lists = &a[1..];
    if lists.is_empty() {
        return call_err("at least one list is required");
    }
    let mut items = Vec::new();
    for (ai, l) in lists.iter().enumerate() {
        for (ei, v) in l.elements().unwrap_or(&[]).iter().enumerate() {
            if v.is_null() {
                return if lists.len() > 1 {
                    arg_err(ai + 1, format!("element {ei} of list {} is null; cannot concatenate null values", ai + 1))
                } else {
                    arg_err(ai + 1, format!("element {ei} is null; cannot concatenate null values"))
                };
            }
            items.push(text(v).to_string());
        }
    }
    Ok(s(&items.join(text(&a[0]))))
}

/// Terraform's `replace`: `/re/` is a regular expression (Go's RE2, `$1`
/// expansion), anything else literal text.
fn replace(a: &[Value], _: &Type, p: &crate::flavor::Profile) -> Result<Value, super::FuncError> {
    let (t, sub, rep) = (text(&a[0]), text(&a[1]), text(&a[2]));
    // Each match (at most one per byte, and one more) adds the replacement.
    if (t.len() + 1).saturating_mul(rep.len()).saturating_add(t.len()) > super::MAX_RESULT_BYTES {
        return Err(super::FuncError::TooCostly);
    }
    if sub.len() > 1 && sub.starts_with('/') && sub.ends_with('/') {
        let re = super::regex::compile(&sub[1..sub.len() - 1], p).map_err(super::FuncError::Call)?;
        return Ok(s(&re.replace_all(t, rep, p.unicode())));
    }
    Ok(s(&t.replace(sub, rep)))
}
