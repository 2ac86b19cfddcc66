//! go-cty's `stdlib/regexp.go`: `regex` and `regexall`, with Go's RE2
//! semantics (`\d`, `\w`, `\s` and `\b` are ASCII-only in Go, so they are
//! rewritten before the pattern is compiled) and Go's error texts.

use super::{call_err, s, text, FuncError, Function, Param};
use crate::types::Type;
use crate::value::{AttrMap, Value};
use ::regex::Regex;

pub(super) const NAMES: &[&str] = &["regex", "regexall"];

pub(super) fn lookup(name: &str) -> Option<Function> {
    let params = vec![Param::new("pattern", Type::String), Param::new("string", Type::String)];
    Some(match name {
        "regex" => Function::new(params, |a, _| result_type(text(&a[0])).map_err(|m| FuncError::Arg(0, m)), |a, ty, _| {
            let re = compile(text(&a[0])).map_err(|m| FuncError::Arg(0, format!("error parsing pattern: {m}")))?;
            let t = text(&a[1]);
            let Some(caps) = re.captures(t) else {
                return call_err("pattern did not match any part of the given string");
            };
            Ok(match_value(&re, &caps, ty))
        }),
        "regexall" => Function::new(params, |a, _| Ok(Type::list(result_type(text(&a[0])).map_err(|m| FuncError::Arg(0, m))?)), |a, ty, _| {
            let re = compile(text(&a[0])).map_err(|m| FuncError::Arg(0, format!("error parsing pattern: {m}")))?;
            let ety = ty.element_type().cloned().unwrap_or(Type::String);
            let all: Vec<Value> = re.captures_iter(text(&a[1])).map(|c| match_value(&re, &c, &ety)).collect();
            Ok(Value::list(ety, all))
        }),
        _ => return None,
    })
}

/// The result type of a pattern: a string (no groups), a list of strings
/// (unnamed groups) or an object (named groups).
fn result_type(pattern: &str) -> Result<Type, String> {
    let re = compile(pattern).map_err(|m| match m.strip_prefix("error parsing regexp: ") {
        Some(rest) => match rest.rsplit_once(": `") {
            Some((code, expr)) => format!("invalid regexp pattern: {code} in {}", expr.trim_end_matches('`')),
            None => format!("error parsing pattern: {m}"),
        },
        None => format!("error parsing pattern: {m}"),
    })?;
    let names: Vec<Option<&str>> = re.capture_names().skip(1).collect();
    let named = names.iter().filter(|n| n.is_some()).count();
    let unnamed = names.len() - named;
    Ok(match (unnamed, named) {
        (0, 0) => Type::String,
        (_, 0) => Type::tuple(vec![Type::String; unnamed]),
        (0, _) => Type::object(names.iter().flatten().map(|n| (n.to_string(), Type::String)).collect()),
        _ => return Err("invalid regexp pattern: cannot mix both named and unnamed capture groups".into()),
    })
}

fn match_value(re: &Regex, caps: &::regex::Captures, ty: &Type) -> Value {
    let group = |i: usize| caps.get(i).map_or(Value::null(Type::String), |m| s(m.as_str()));
    match ty {
        Type::Tuple(_) => Value::tuple((1..caps.len()).map(group).collect()),
        Type::Object(_) => {
            let mut m = AttrMap::new();
            for (i, n) in re.capture_names().enumerate() {
                if let Some(n) = n {
                    m.insert(n, group(i));
                }
            }
            Value::object(m)
        }
        _ => group(0),
    }
}

/// Compiles a Go regular expression; the error is Go's
/// (`error parsing regexp: CODE: `EXPR``) where tftype knows it.
pub(crate) fn compile(pattern: &str) -> Result<Regex, String> {
    if let Some(e) = go_syntax_error(pattern) {
        return Err(e);
    }
    Regex::new(&ascii_classes(pattern)).map_err(|e| format!("error parsing regexp: invalid syntax: `{}`: {e}", pattern))
}

/// Go's parse errors for the common mistakes (checked before compiling).
fn go_syntax_error(p: &str) -> Option<String> {
    let err = |code: &str, expr: &str| Some(format!("error parsing regexp: {code}: `{expr}`"));
    let b: Vec<char> = p.chars().collect();
    let mut depth = 0i32;
    let mut i = 0;
    let mut prev_repeat = false;
    let mut at_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            '\\' => {
                i += 2;
                prev_repeat = false;
                at_start = false;
                continue;
            }
            '[' => {
                let start = i;
                i += 1;
                if i < b.len() && b[i] == '^' {
                    i += 1;
                }
                if i < b.len() && b[i] == ']' {
                    i += 1;
                }
                while i < b.len() && b[i] != ']' {
                    if b[i] == '\\' {
                        i += 1;
                    } else if b[i] == '[' && i + 1 < b.len() && b[i + 1] == ':' {
                        if let Some(end) = (i + 2..b.len().saturating_sub(1)).find(|&j| b[j] == ':' && b[j + 1] == ']') {
                            i = end + 1;
                        }
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return err("missing closing ]", &b[start..].iter().collect::<String>());
                }
                prev_repeat = false;
                at_start = false;
            }
            '(' => {
                depth += 1;
                at_start = true;
                prev_repeat = false;
                i += 1;
                if b.get(i) == Some(&'?') {
                    // Group flags or a name: `(?:`, `(?i)`, `(?P<name>`.
                    while i < b.len() && !matches!(b[i], ':' | ')' | '>') {
                        i += 1;
                    }
                    if b.get(i) == Some(&')') {
                        depth -= 1;
                    }
                    i += 1;
                }
                continue;
            }
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return err("unexpected )", p);
                }
                prev_repeat = false;
                at_start = false;
            }
            '*' | '+' | '?' => {
                let op: String = if i + 1 < b.len() && b[i + 1] == '?' { b[i..i + 2].iter().collect() } else { c.to_string() };
                if at_start || (i > 0 && b[i - 1] == '|') {
                    return err("missing argument to repetition operator", &op);
                }
                if prev_repeat && !(c == '?' && i > 0 && matches!(b[i - 1], '*' | '+' | '?' | '}')) {
                    let s: String = b[i - 1..=i].iter().collect();
                    return err("invalid nested repetition operator", &s);
                }
                prev_repeat = true;
                at_start = false;
                i += op.chars().count();
                continue;
            }
            '|' => {
                prev_repeat = false;
            }
            _ => {
                prev_repeat = false;
                at_start = false;
            }
        }
        i += 1;
    }
    if depth > 0 {
        return err("missing closing )", p);
    }
    None
}

/// Go's `\d`, `\w`, `\s` and `\b` are ASCII classes.
fn ascii_classes(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    let mut chars = p.chars().peekable();
    let mut in_class = false;
    while let Some(c) = chars.next() {
        if c == '\\' {
            let Some(n) = chars.next() else {
                out.push(c);
                break;
            };
            let class = match n {
                'd' => Some("0-9"),
                'D' => Some("^0-9"),
                'w' => Some("0-9A-Za-z_"),
                'W' => Some("^0-9A-Za-z_"),
                's' => Some("\\t\\n\\f\\r "),
                'S' => Some("^\\t\\n\\f\\r "),
                _ => None,
            };
            match class {
                Some(cl) if in_class && !cl.starts_with('^') => out += cl,
                Some(cl) => {
                    out.push('[');
                    out += cl;
                    out.push(']');
                }
                None if n == 'b' && !in_class => out += "(?-u:\\b)",
                None if n == 'B' && !in_class => out += "(?-u:\\B)",
                None => {
                    out.push('\\');
                    out.push(n);
                }
            }
            continue;
        }
        if c == '[' && !in_class {
            in_class = true;
            out.push(c);
            if chars.peek() == Some(&'^') {
                out.push(chars.next().unwrap_or('^'));
            }
            if chars.peek() == Some(&']') {
                out += "\\]";
                chars.next();
            }
            continue;
        }
        if c == ']' && in_class {
            in_class = false;
        }
        out.push(c);
    }
    out
}

/// Go's `Regexp.ReplaceAllString`: `$1`, `${name}` and `$$` in the
/// replacement.
pub(crate) fn replace_all(re: &Regex, t: &str, rep: &str) -> String {
    re.replace_all(t, rep).into_owned()
}

