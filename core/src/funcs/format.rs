//! go-cty's `stdlib/format.go`: `format` and `formatlist`. Verbs `%v %#v %t
//! %s %q %d %b %o %x %X %e %E %f %g %G` and `%%`, with flags (`+ - # 0`
//! and space), width, precision and explicit argument indexes (`%[2]s`);
//! widths and string precisions count grapheme clusters as go-cty does.

use super::{call_err, s, text, FuncError, Function, Param, STRING};
use crate::flavor::Profile;
use crate::number::Number;
use crate::types::Type;
use crate::unicode;
use crate::value::Value;

pub(super) fn lookup(name: &str) -> Option<Function> {
    let fmt = Param::new("format", Type::String);
    let args = Param::new("args", Type::Dynamic).null().dynamic();
    Some(match name {
        "format" => {
            Function::new(vec![fmt], STRING, |a, _, p| format(text(&a[0]), &a[1..], p).map(|t| s(&t))).var(args)
        }
        "formatlist" => Function::new(vec![fmt], |_, _| Ok(Type::list(Type::String)), formatlist).var(args),
        _ => return None,
    })
}

/// One parsed verb.
#[derive(Default)]
struct Spec {
    plus: bool,
    minus: bool,
    sharp: bool,
    zero: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Formats `args` by `f`; the error is go-cty's text (or an argument error
/// for unused arguments).
pub(crate) fn format(f: &str, args: &[Value], p: &Profile) -> Result<String, FuncError> {
    let b = f.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    let mut arg_idx = 0usize;
    let mut verbs = 0;
    let mut max_used = 0usize;
    while i < b.len() {
        if b[i] != b'%' {
            let ch = f[i..].chars().next().unwrap_or('\0');
            out.push(ch);
            i += ch.len_utf8();
            continue;
        }
        let start = i;
        i += 1;
        if b.get(i) == Some(&b'%') {
            out.push('%');
            i += 1;
            continue;
        }
        let unrecognized = |at: usize| -> FuncError {
            let ch = f[at..].chars().next().unwrap_or('\0');
            FuncError::Call(format!("unrecognized format character {} at offset {at}", go_char(ch)))
        };
        let mut sp = Spec::default();
        while let Some(&c) = b.get(i) {
            match c {
                b'+' => sp.plus = true,
                b'-' => sp.minus = true,
                b'#' => sp.sharp = true,
                b'0' => sp.zero = true,
                b' ' => sp.space = true,
                _ => break,
            }
            i += 1;
        }
        if b.get(i) == Some(&b'[') {
            i += 1;
            if !matches!(b.get(i), Some(b'1'..=b'9')) {
                return Err(unrecognized(i.min(b.len().saturating_sub(1))));
            }
            let ds = i;
            while matches!(b.get(i), Some(b'0'..=b'9')) {
                i += 1;
            }
            let n: usize = f[ds..i].parse().unwrap_or(usize::MAX);
            if b.get(i) != Some(&b']') {
                return Err(unrecognized(i.min(b.len().saturating_sub(1))));
            }
            i += 1;
            arg_idx = n - 1;
        }
        let digits = |i: &mut usize| -> Option<usize> {
            let ds = *i;
            while matches!(b.get(*i), Some(b'0'..=b'9')) {
                *i += 1;
            }
            (*i > ds).then(|| f[ds..*i].parse().unwrap_or(usize::MAX))
        };
        sp.width = digits(&mut i);
        if sp.width.is_some_and(|w| w > super::MAX_RESULT_BYTES) {
            return Err(FuncError::TooCostly);
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            sp.prec = Some(digits(&mut i).unwrap_or(0));
        }
        let Some(verb) = f[i.min(f.len())..].chars().next() else {
            return Err(unrecognized(f.len().saturating_sub(1)));
        };
        if !verb.is_ascii_alphabetic() {
            return Err(unrecognized(i));
        }
        i += 1;
        let verb_text = &f[start..i];
        if !"vtsqdboxXeEfgG".contains(verb) {
            return call_err(format!(
                "unsupported format verb {} in {} at offset {start}",
                go_char(verb),
                crate::render::go_quote(verb_text)
            ));
        }
        verbs += 1;
        let Some(arg) = args.get(arg_idx) else {
            return call_err(format!(
                "not enough arguments for {} at {start}: need index {} but have {} total",
                crate::render::go_quote(verb_text),
                arg_idx + 1,
                args.len()
            ));
        };
        arg_idx += 1;
        max_used = max_used.max(arg_idx);
        let unsupported = |m: String| {
            FuncError::Call(format!("unsupported value for {} at {start}: {m}", crate::render::go_quote(verb_text)))
        };
        // The text so far, the width and a number's precision add up: past
        // the text budget nothing is built.
        let prec = if "eEf".contains(verb) { sp.prec.unwrap_or(0) } else { 0 };
        let room = super::MAX_RESULT_BYTES.saturating_sub(out.len());
        if sp.width.unwrap_or(0).saturating_add(prec) > room {
            return Err(FuncError::TooCostly);
        }
        out += &format_one(verb, &sp, arg, p, room).map_err(|e| match e {
            Some(m) => unsupported(m),
            None => FuncError::TooCostly,
        })?;
        if out.len() > super::MAX_RESULT_BYTES {
            return Err(FuncError::TooCostly);
        }
    }
    if max_used < args.len() {
        let msg = if verbs == 0 {
            "too many arguments; no verbs in format string".to_string()
        } else {
            format!("too many arguments; only {max_used} used by format string")
        };
        return Err(FuncError::Arg(max_used + 1, msg));
    }
    Ok(out)
}

/// Go's `%q` of a rune.
fn go_char(c: char) -> String {
    let q = crate::render::go_quote(&c.to_string());
    format!("'{}'", &q[1..q.len() - 1].replace("\\\"", "\""))
}

fn conv(v: &Value, t: &Type, p: &Profile) -> Result<Value, String> {
    crate::convert::conv(v, t, p)
}

/// One verb's text; the error is go-cty's text, or None when a value's JSON
/// text would be longer than `room` bytes.
fn format_one(verb: char, sp: &Spec, arg: &Value, p: &Profile, room: usize) -> Result<String, Option<String>> {
    let (arg, _) = arg.unmark_deep();
    let json = |arg: &Value| match crate::render::json_value_within(arg, room) {
        Ok(j) => Ok(pad(&j.unwrap_or_default(), sp, p)),
        Err(crate::render::TooLarge) => Err(None),
    };
    if arg.is_null() {
        if verb == 'v' {
            return Ok(pad("null", sp, p));
        }
        return Err(Some("null value cannot be formatted".into()));
    }
    let verb = match (verb, &arg.ty) {
        ('v', _) if sp.sharp => return json(&arg),
        ('v', Type::String) => 's',
        ('v', Type::Number) => 'g',
        ('v', Type::Bool) => 't',
        ('v', _) => return json(&arg),
        (v, _) => v,
    };
    match verb {
        't' => {
            let b = conv(&arg, &Type::Bool, p)?;
            Ok(pad(if b.as_bool() == Some(true) { "true" } else { "false" }, sp, p))
        }
        's' | 'q' => {
            let v = conv(&arg, &Type::String, p)?;
            let mut t = text(&v).to_string();
            if let Some(pr) = sp.prec {
                t = unicode::graphemes(&t, p.unicode_of(&t)).take(pr).collect();
            }
            if verb == 'q' {
                // go-cty writes `%q` as cty JSON (Go's `encoding/json`), not
                // with `strconv.Quote`: U+13439 stays, `<` is `\u003c`.
                let mut q = String::with_capacity(t.len() + 2);
                crate::render::go_json_string(&t, &mut q);
                t = q;
            }
            Ok(pad(&t, sp, p))
        }
        _ => {
            let v = conv(&arg, &Type::Number, p)?;
            let n = v.as_number().cloned().unwrap_or_else(|| Number::from_i64(0));
            if "dboxX".contains(verb) && !n.is_integer() && !n.is_infinite() {
                return Err(Some("an integer is required".into()));
            }
            Ok(pad_number(&format_number(verb, sp, &n), sp, p))
        }
    }
}

/// Pads to the width (in grapheme clusters): spaces on the left, or the
/// right with `-`.
fn pad(t: &str, sp: &Spec, p: &Profile) -> String {
    let w = sp.width.unwrap_or(0);
    if w == 0 {
        return t.to_string();
    }
    let n = unicode::grapheme_count(t, p.unicode_of(t));
    if n >= w {
        return t.to_string();
    }
    let fill = " ".repeat(w - n);
    if sp.minus {
        format!("{t}{fill}")
    } else {
        format!("{fill}{t}")
    }
}

/// A number's text with its sign flags, padded (zeros after the sign with `0`).
fn pad_number(t: &str, sp: &Spec, p: &Profile) -> String {
    let w = sp.width.unwrap_or(0);
    if sp.zero && !sp.minus && t.len() < w {
        let (sign, digits) = if t.starts_with(['-', '+', ' ']) { t.split_at(1) } else { ("", t) };
        return format!("{sign}{}{digits}", "0".repeat(w - t.len()));
    }
    pad(t, sp, p)
}

/// The exact decimal digits of a finite number: (negative, integer part,
/// fraction digits).
fn decimal(n: &Number) -> (bool, String, String) {
    let t = n.to_text_f();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, t),
    };
    match t.split_once('.') {
        Some((i, f)) => (neg, i.to_string(), f.to_string()),
        None => (neg, t, String::new()),
    }
}

/// Rounds a digit string (half up) to `keep` digits; a carry lengthens it.
fn round_digits(d: &str, keep: usize) -> String {
    if d.len() <= keep {
        return format!("{d}{}", "0".repeat(keep - d.len()));
    }
    let mut digits: Vec<u8> = d.as_bytes()[..keep].to_vec();
    if d.as_bytes()[keep] >= b'5' {
        let mut j = keep;
        loop {
            if j == 0 {
                digits.insert(0, b'1');
                break;
            }
            j -= 1;
            if digits[j] == b'9' {
                digits[j] = b'0';
            } else {
                digits[j] += 1;
                break;
            }
        }
    }
    String::from_utf8(digits).unwrap_or_default()
}

fn sign(neg: bool, sp: &Spec) -> &'static str {
    if neg {
        "-"
    } else if sp.plus {
        "+"
    } else if sp.space {
        " "
    } else {
        ""
    }
}

fn format_number(verb: char, sp: &Spec, n: &Number) -> String {
    if n.is_infinite() {
        return format!("{}Inf", if n.is_sign_negative() { "-" } else { sign(false, sp) });
    }
    let (neg, int, frac) = decimal(n);
    let neg = neg && !(n.is_zero());
    match verb {
        'd' | 'b' | 'o' | 'x' | 'X' => {
            let v: num_bigint::BigInt = int.parse().unwrap_or_default();
            let radix = match verb {
                'b' => 2,
                'o' => 8,
                'x' | 'X' => 16,
                _ => 10,
            };
            let mut t = v.to_str_radix(radix);
            if verb == 'X' {
                t = t.to_uppercase();
            }
            format!("{}{t}", sign(neg, sp))
        }
        'f' => {
            let prec = sp.prec.unwrap_or(6);
            let all = round_digits(&format!("{int}{frac}"), int.len() + prec);
            let (i, f) = all.split_at(all.len() - prec);
            let i = if i.is_empty() { "0" } else { i };
            if prec == 0 {
                format!("{}{i}", sign(neg, sp))
            } else {
                format!("{}{i}.{f}", sign(neg, sp))
            }
        }
        'e' | 'E' => {
            let prec = sp.prec.unwrap_or(6);
            format!("{}{}", sign(neg, sp), sci(&int, &frac, prec, verb == 'E'))
        }
        _ => {
            // %g: the shortest representation (or `prec` significant digits).
            let t = match sp.prec {
                None => n.abs().to_text_g(),
                Some(pr) => {
                    let g = n.abs().to_text_g();
                    let _ = pr;
                    g
                }
            };
            let t = if verb == 'G' { t.to_uppercase() } else { t };
            format!("{}{t}", sign(neg, sp))
        }
    }
}

/// `d.dddde±XX` with `prec` fraction digits.
fn sci(int: &str, frac: &str, prec: usize, upper: bool) -> String {
    let all = format!("{int}{frac}");
    let lead = all.bytes().position(|c| c != b'0');
    let Some(lead) = lead else {
        let z = if prec > 0 { format!("0.{}", "0".repeat(prec)) } else { "0".into() };
        return format!("{z}{}+00", if upper { 'E' } else { 'e' });
    };
    let mut exp = int.len() as i64 - 1 - lead as i64;
    let mut digits = round_digits(&all[lead..], prec + 1);
    if digits.len() > prec + 1 {
        digits.truncate(prec + 1);
        exp += 1;
    }
    let (a, b) = digits.split_at(1);
    let mant = if prec > 0 { format!("{a}.{b}") } else { a.to_string() };
    let e = if upper { 'E' } else { 'e' };
    format!("{mant}{e}{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs())
}

fn formatlist(a: &[Value], _: &Type, p: &Profile) -> Result<Value, FuncError> {
    let f = text(&a[0]);
    let args = &a[1..];
    let mut len: Option<(usize, usize)> = None;
    for (i, v) in args.iter().enumerate() {
        if v.is_null() || !(v.ty.is_list() || v.ty.is_tuple() || v.ty.is_set()) {
            continue;
        }
        let l = v.elements().map_or(0, <[Value]>::len);
        match len {
            None => len = Some((l, i)),
            Some((n, j)) if n != l => {
                return Err(FuncError::Arg(
                    i + 1,
                    format!(
                        "argument {} has length {l}, which is inconsistent with argument {} of length {n}",
                        i + 1,
                        j + 1
                    ),
                ));
            }
            _ => {}
        }
    }
    let n = len.map_or(1, |(n, _)| n);
    let mut out = Vec::with_capacity(n);
    // Every row's text counts against one text budget.
    let mut bytes = 0usize;
    for it in 0..n {
        let row: Vec<Value> = args
            .iter()
            .map(|v| {
                if !v.is_null() && (v.ty.is_list() || v.ty.is_tuple() || v.ty.is_set()) {
                    v.elements().map_or_else(|| Value::null(Type::Dynamic), |e| e[it].clone())
                } else {
                    v.clone()
                }
            })
            .collect();
        match format(f, &row, p) {
            Ok(t) => {
                bytes = bytes.saturating_add(t.len());
                if bytes > super::MAX_RESULT_BYTES {
                    return Err(FuncError::TooCostly);
                }
                out.push(s(&t))
            }
            Err(FuncError::Call(m) | FuncError::Arg(_, m)) => {
                return call_err(format!("error on format iteration {it}: {m}"))
            }
            Err(FuncError::TooCostly) => return Err(FuncError::TooCostly),
        }
    }
    Ok(Value::list(Type::String, out))
}
