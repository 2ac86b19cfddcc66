//! Encodings: Terraform's `internal/lang/funcs/encoding.go` (base64encode,
//! base64decode, urlencode, urldecode) and go-cty's `stdlib/json.go` and
//! `csv.go` (jsonencode, jsondecode, csvdecode).

use super::{call_err, s, text, FuncError, Function, Param, STRING};
use crate::flavor::Profile;
use crate::types::Type;
use crate::value::{AttrMap, Value};

pub(super) const NAMES: &[&str] =
    &["base64decode", "base64encode", "csvdecode", "jsondecode", "jsonencode", "urldecode", "urlencode"];

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Go's `base64.StdEncoding.EncodeToString`.
pub(crate) fn base64_encode(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len().div_ceil(3) * 4);
    for c in b.chunks(3) {
        let n =
            (u32::from(c[0]) << 16) | (u32::from(*c.get(1).unwrap_or(&0)) << 8) | u32::from(*c.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= c.len() {
                out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Go's `base64.StdEncoding.DecodeString`: padding required, `\r` and `\n`
/// ignored.
fn base64_decode(t: &str) -> Option<Vec<u8>> {
    let cleaned: Vec<u8> = t.bytes().filter(|b| *b != b'\r' && *b != b'\n').collect();
    if !cleaned.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(cleaned.len() / 4 * 3);
    for (ci, c) in cleaned.chunks(4).enumerate() {
        let last = ci == cleaned.len() / 4 - 1;
        let pad = c.iter().rev().take_while(|b| **b == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for (i, b) in c.iter().enumerate() {
            let v = if i >= 4 - pad { 0 } else { B64.iter().position(|x| x == b)? as u32 };
            n |= v << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // Go refuses non-zero bits after the last full byte.
        if (pad == 1 && bytes[2] != 0) || (pad == 2 && (bytes[1] != 0 || bytes[2] != 0)) {
            return None;
        }
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

/// Go's `url.QueryEscape`.
fn query_escape(t: &str) -> String {
    let mut out = String::new();
    for b in t.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out += &format!("%{b:02X}"),
        }
    }
    out
}

/// Go's `url.QueryUnescape`.
fn query_unescape(t: &str) -> Result<String, String> {
    let b = t.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hexv = |c: u8| (c as char).to_digit(16);
                match (b.get(i + 1).and_then(|c| hexv(*c)), b.get(i + 2).and_then(|c| hexv(*c))) {
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => {
                        let end = (i + 3).min(b.len());
                        let esc = String::from_utf8_lossy(&b[i..end]).into_owned();
                        return Err(format!("invalid URL escape {}", crate::render::go_quote(&esc)));
                    }
                }
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

pub(super) fn lookup(name: &str) -> Option<Function> {
    let str_param = || Param::new("str", Type::String);
    Some(match name {
        "base64encode" => {
            Function::new(vec![str_param()], STRING, |a, _, _| Ok(s(&base64_encode(text(&a[0]).as_bytes()))))
        }
        "base64decode" => Function::new(vec![str_param().marked()], STRING, |a, _, _| {
            let (v, m) = (&a[0], a[0].marks);
            let t = text(v);
            let Some(bytes) = base64_decode(t) else {
                let shown = if m.sensitive { "(sensitive value)".to_string() } else { crate::render::go_quote(t) };
                return call_err(format!("failed to decode base64 data {shown}"));
            };
            match String::from_utf8(bytes) {
                Ok(d) => Ok(s(&d).with_marks(m)),
                Err(_) => call_err("the result of decoding the provided string is not valid UTF-8"),
            }
        }),
        "urlencode" => Function::new(vec![str_param()], STRING, |a, _, _| Ok(s(&query_escape(text(&a[0]))))),
        "urldecode" => Function::new(vec![str_param()], STRING, |a, _, _| match query_unescape(text(&a[0])) {
            Ok(d) => Ok(s(&d)),
            Err(e) => call_err(format!("failed to decode URL '': {e}")),
        }),
        "jsonencode" => Function::new(vec![Param::new("val", Type::Dynamic).dynamic().null()], STRING, |a, _, _| {
            let v = &a[0];
            if v.is_null() && v.ty.is_dynamic() {
                return Ok(s("null"));
            }
            // Past the text budget nothing more is built.
            match crate::render::json_value_within(v, super::MAX_RESULT_BYTES) {
                Ok(Some(j)) => Ok(s(&j)),
                Ok(None) => call_err("value is not known"),
                Err(crate::render::TooLarge) => Err(FuncError::TooCostly),
            }
        }),
        "jsondecode" => Function::new(vec![Param::new("str", Type::String)], |_, _| Ok(Type::Dynamic), jsondecode),
        "csvdecode" => Function::new(vec![Param::new("str", Type::String)], |_, _| Ok(Type::Dynamic), csvdecode),
        _ => return None,
    })
}

fn jsondecode(a: &[Value], _: &Type, p: &Profile) -> Result<Value, FuncError> {
    match crate::json::parse_cty_json(text(&a[0]), false, p) {
        Ok((value, _)) => Ok(value),
        // The reader's details are sentences; the caller adds the full stop.
        Err(ds) => call_err(
            ds.into_iter()
                .next()
                .map(|d| d.detail.strip_suffix('.').map(str::to_string).unwrap_or(d.detail))
                .unwrap_or_default(),
        ),
    }
}

/// go-cty's `CSVDecode` (Go's `encoding/csv` rules: quoted fields, `""`
/// escapes, every record as long as the header).
fn csvdecode(a: &[Value], _: &Type, _: &Profile) -> Result<Value, FuncError> {
    let records = parse_csv(text(&a[0])).map_err(FuncError::Call)?;
    let mut it = records.into_iter();
    let Some(header) = it.next() else {
        return call_err("missing header line");
    };
    let ty = Type::object(crate::sort::map(header.iter().map(|h| (h.clone(), Type::String))));
    let mut rows = Vec::new();
    for rec in it {
        let m: AttrMap = header.iter().zip(rec).map(|(h, v)| (h.clone(), s(&v))).collect();
        rows.push(Value::object(m));
    }
    Ok(Value::list(ty, rows))
}

/// Go's `encoding/csv` reader (comma-separated, `"` quoting, empty lines
/// skipped, every record as wide as the first): the records, or go-cty's
/// error text.
fn parse_csv(t: &str) -> Result<Vec<Vec<String>>, String> {
    let err = |line: usize, e: &str| format!("CSV parse error on line {line}: {e}");
    let c: Vec<char> = t.chars().collect();
    let (mut i, mut line) = (0, 1);
    let mut records: Vec<Vec<String>> = Vec::new();
    while i < c.len() {
        if c[i] == '\n' || (c[i] == '\r' && c.get(i + 1) == Some(&'\n')) {
            i += if c[i] == '\r' { 2 } else { 1 };
            line += 1;
            continue;
        }
        let start_line = line;
        let mut fields = Vec::new();
        loop {
            let mut f = String::new();
            if c.get(i) == Some(&'"') {
                i += 1;
                loop {
                    match c.get(i) {
                        None => return Err(err(start_line, "extraneous or missing \" in quoted-field")),
                        Some('"') if c.get(i + 1) == Some(&'"') => {
                            f.push('"');
                            i += 2;
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some(&ch) => {
                            if ch == '\n' {
                                line += 1;
                            }
                            f.push(ch);
                            i += 1;
                        }
                    }
                }
                if !matches!(c.get(i), None | Some(',') | Some('\n') | Some('\r')) {
                    return Err(err(line, "extraneous or missing \" in quoted-field"));
                }
            } else {
                while let Some(&ch) = c.get(i) {
                    if ch == ',' || ch == '\n' || (ch == '\r' && c.get(i + 1) == Some(&'\n')) {
                        break;
                    }
                    if ch == '"' {
                        return Err(err(line, "bare \" in non-quoted-field"));
                    }
                    f.push(ch);
                    i += 1;
                }
            }
            fields.push(f);
            match c.get(i) {
                Some(',') => i += 1,
                _ => break,
            }
        }
        if let Some(first) = records.first() {
            if first.len() != fields.len() {
                return Err(err(start_line, "wrong number of fields"));
            }
        }
        records.push(fields);
    }
    Ok(records)
}
