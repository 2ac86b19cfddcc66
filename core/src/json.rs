//! JSON values: hcl's JSON syntax as Terraform reads a `.tfvars.json`
//! property (with hcl's scanner rules for positions and hcl's diagnostics),
//! and cty's own JSON decoding (`ctyjson.ImpliedType` + `Unmarshal`).
//!
//! Below the function library (`jsondecode` reads cty JSON here) and the
//! value reader ([`crate::valueparse`]); it shares hcl's syntax-level parts
//! (diagnostics, positions, the type cache of [`crate::hcl`]), never its
//! evaluator. Go's `encoding/json` syntax checks are in `json/gojson.rs`.

mod gojson;

use std::collections::{BTreeMap, HashSet};

use crate::diag::SpanTree;
use crate::flavor::Profile;
use crate::hcl::ast::{nfc_key, str_value, TypeCache};
use crate::hcl::parse::{go_quote, Diags, RawDiag, MAX_DEPTH};
use crate::hcl::pos::format_range;
use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

/// A position as hcl's JSON scanner counts it (tabs are two columns, a
/// carriage return none, a string's characters one per grapheme cluster).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JPos {
    pub byte: usize,
    pub line: usize,
    pub col: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum JTok {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    Equals,
    Keyword,
    Str,
    Num,
    Eof,
    Invalid,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: JTok,
    start: JPos,
    end: JPos,
}

/// hcl's JSON scanner, one token at a time.
struct JScan<'a> {
    src: &'a str,
    p: JPos,
    done: bool,
}

impl<'a> JScan<'a> {
    fn new(src: &'a str) -> JScan<'a> {
        JScan { src, p: JPos { byte: 0, line: 1, col: 1 }, done: false }
    }

    fn next(&mut self) -> Token {
        let src = self.src;
        let b = src.as_bytes();
        let mut p = self.p;
        if self.done {
            return Token { kind: JTok::Eof, start: p, end: p };
        }
        {
            while p.byte < b.len() {
                match b[p.byte] {
                    b' ' => p.col += 1,
                    b'\n' => {
                        p.line += 1;
                        p.col = 1;
                    }
                    b'\r' => {}
                    b'\t' => p.col += 2,
                    _ => break,
                }
                p.byte += 1;
            }
            if p.byte >= b.len() {
                self.p = p;
                self.done = true;
                return Token { kind: JTok::Eof, start: p, end: p };
            }
            let start = p;
            let c = b[p.byte];
            let kind = match c {
                b'{' | b'}' | b'[' | b']' | b',' | b':' | b'=' => {
                    p.byte += 1;
                    p.col += 1;
                    match c {
                        b'{' => JTok::BraceO,
                        b'}' => JTok::BraceC,
                        b'[' => JTok::BrackO,
                        b']' => JTok::BrackC,
                        b',' => JTok::Comma,
                        b':' => JTok::Colon,
                        _ => JTok::Equals,
                    }
                }
                b'"' => {
                    p.byte += 1;
                    p.col += 1;
                    let mut escaping = false;
                    while p.byte < b.len() {
                        let x = b[p.byte];
                        if x == b'\\' {
                            escaping = !escaping;
                            p.byte += 1;
                            p.col += 1;
                        } else if x == b'"' {
                            p.byte += 1;
                            p.col += 1;
                            if !escaping {
                                break;
                            }
                            escaping = false;
                        } else if x < 32 {
                            break;
                        } else if let Some(run) = ascii_run(&b[p.byte..]) {
                            // Plain ASCII characters each followed by ASCII:
                            // a column each.
                            p.byte += run;
                            p.col += run;
                            escaping = false;
                        } else {
                            // One grapheme cluster (an ASCII character followed
                            // by ASCII is one on its own).
                            let g = if x < 0x80 && b.get(p.byte + 1).is_none_or(|n| *n < 0x80) {
                                1
                            } else {
                                crate::unicode::graphemes(&src[p.byte..], crate::unicode::Unicode::V15_0)
                                    .next()
                                    .map_or(1, str::len)
                            };
                            p.byte += g;
                            p.col += 1;
                            escaping = false;
                        }
                    }
                    JTok::Str
                }
                b'-' | b'+' | b'.' | b'0'..=b'9' => {
                    while p.byte < b.len() && matches!(b[p.byte], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                        p.byte += 1;
                        p.col += 1;
                    }
                    JTok::Num
                }
                b'a'..=b'z' | b'A'..=b'Z' => {
                    while p.byte < b.len() && (b[p.byte].is_ascii_alphabetic() || b[p.byte] == b'_') {
                        p.byte += 1;
                        p.col += 1;
                    }
                    JTok::Keyword
                }
                _ => {
                    p.byte += src[p.byte..].chars().next().map_or(1, char::len_utf8);
                    p.col += 1;
                    self.p = p;
                    self.done = true;
                    return Token { kind: JTok::Invalid, start, end: p };
                }
            };
            self.p = p;
            Token { kind, start, end: p }
        }
    }
}

/// The length of the run of ASCII characters other than `"`, `\\` and
/// control characters at the start of `b`, each followed by an ASCII byte
/// (the last one before a non-ASCII byte may start a grapheme cluster with
/// it, so it is left out); None when there is no such character.
fn ascii_run(b: &[u8]) -> Option<usize> {
    let run = b.iter().position(|&x| x == b'"' || x == b'\\' || !(32..0x80).contains(&x)).unwrap_or(b.len());
    let plain = if b.get(run).is_some_and(|&x| x >= 0x80) { run.saturating_sub(1) } else { run };
    (plain > 0).then_some(plain)
}

#[derive(Clone, Debug)]
pub enum JVal {
    Object(Vec<(String, JPos, JPos, JNode)>),
    Array(Vec<JNode>),
    Str(String),
    Num(Number),
    Bool(bool),
    Null,
}

#[derive(Clone, Debug)]
pub struct JNode {
    pub val: JVal,
    pub start: JPos,
    pub end: JPos,
}

struct JParser<'a> {
    src: &'a str,
    scan: JScan<'a>,
    cur: Token,
    filename: &'a str,
    depth: u32,
    /// The nesting allowed (one more where a wrapper object is added).
    max_depth: u32,
}

type JResult<T> = Result<T, RawDiag>;

fn diag(summary: &str, detail: impl Into<String>, s: JPos, e: JPos) -> RawDiag {
    RawDiag::new(summary, detail, s.byte..e.byte)
}

/// JSON number syntax as `encoding/json` checks it.
fn valid_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    i == b.len()
}

/// [`decode_json_string`], borrowing the text when it has nothing to decode
/// (no escape, no control character): most strings are copied once, into
/// their value, not first into a string of their own.
pub fn decode_json_str(tok: &str) -> Result<std::borrow::Cow<'_, str>, usize> {
    let b = tok.as_bytes();
    if b.len() >= 2 && b[0] == b'"' && b[b.len() - 1] == b'"' {
        let body = &b[1..b.len() - 1];
        if !body.iter().any(|&c| c == b'\\' || c == b'"' || c < 0x20) {
            return Ok(std::borrow::Cow::Borrowed(&tok[1..tok.len() - 1]));
        }
    }
    decode_json_string(tok).map(std::borrow::Cow::Owned)
}

/// Decodes a JSON string token (with its quotes) as `encoding/json` does.
/// On error, the byte offset (in the token) of the problem.
pub fn decode_json_string(tok: &str) -> Result<String, usize> {
    let b = tok.as_bytes();
    if b.len() < 2 || b[0] != b'"' || b[b.len() - 1] != b'"' {
        return Err(tok.len());
    }
    let body = &tok[1..tok.len() - 1];
    let mut out = String::with_capacity(body.len());
    let mut chars = body.char_indices().peekable();
    let hex4 = |s: &str| -> Option<u32> {
        if s.len() >= 4 && s.as_bytes()[..4].iter().all(u8::is_ascii_hexdigit) {
            u32::from_str_radix(&s[..4], 16).ok()
        } else {
            None
        }
    };
    while let Some((i, c)) = chars.next() {
        if (c as u32) < 0x20 || c == '"' {
            return Err(i + 2);
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some((_, e)) = chars.next() else {
            return Err(i + 3);
        };
        match e {
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            '/' => out.push('/'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                let rest = &body[i + 2..];
                let Some(u) = hex4(rest) else {
                    let bad = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
                    return Err(i + 4 + bad);
                };
                for _ in 0..4 {
                    chars.next();
                }
                if (0xD800..0xDC00).contains(&u) {
                    let after = &body[i + 6..];
                    if let Some(rest) = after.strip_prefix("\\u") {
                        if let Some(lo) = hex4(rest) {
                            if (0xDC00..0xE000).contains(&lo) {
                                for _ in 0..6 {
                                    chars.next();
                                }
                                let cp = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                                out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                                continue;
                            }
                        }
                    }
                    out.push('\u{fffd}');
                } else {
                    out.push(char::from_u32(u).unwrap_or('\u{fffd}'));
                }
            }
            _ => return Err(i + 3),
        }
    }
    Ok(out)
}

impl<'a> JParser<'a> {
    fn new(src: &'a str, filename: &'a str) -> JParser<'a> {
        let mut scan = JScan::new(src);
        let cur = scan.next();
        JParser { src, scan, cur, filename, depth: 0, max_depth: MAX_DEPTH }
    }

    fn peek(&self) -> Token {
        self.cur
    }

    fn read(&mut self) -> Token {
        let t = self.cur;
        if t.kind != JTok::Eof {
            self.cur = self.scan.next();
        }
        t
    }

    /// hcl's JSON recovery: skip to the end of the current object or array.
    fn recover(&mut self, mut t: Token, open_kind: JTok, close_kind: JTok) {
        let mut open = 1;
        loop {
            if t.kind == open_kind {
                open += 1;
            } else if t.kind == close_kind {
                open -= 1;
                if open <= 1 {
                    return;
                }
            } else if t.kind == JTok::Eof {
                return;
            }
            t = self.read();
        }
    }

    fn text(&self, t: &Token) -> &'a str {
        &self.src[t.start.byte..t.end.byte]
    }

    fn value(&mut self) -> JResult<JNode> {
        self.depth += 1;
        if self.depth > self.max_depth {
            let t = self.peek();
            return Err(diag(
                "Value too deeply nested",
                format!("This value nests arrays and objects more than {MAX_DEPTH} levels deep, which tftype does not accept."),
                t.start,
                t.end,
            ));
        }
        let r = self.value_inner();
        self.depth -= 1;
        r
    }

    fn value_inner(&mut self) -> JResult<JNode> {
        let t = self.peek();
        let start_of_value = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
        match t.kind {
            JTok::BraceO => self.object(),
            JTok::BrackO => self.array(),
            JTok::Num => {
                self.read();
                let s = self.text(&t);
                let bad =
                    || diag("Invalid JSON number", "There is a syntax error in the given JSON number.", t.start, t.end);
                if !valid_json_number(s) {
                    return Err(bad());
                }
                let n = Number::parse_literal(s).map_err(|e| match e {
                    // tftype's own limit, not the input's fault.
                    crate::number::NumberError::Range => {
                        diag("Number too large", crate::number::LITERAL_RANGE_DETAIL, t.start, t.end)
                    }
                    _ => bad(),
                })?;
                Ok(JNode { val: JVal::Num(n), start: t.start, end: t.end })
            }
            JTok::Str => {
                self.read();
                let s = self.text(&t);
                match decode_json_string(s) {
                    Ok(v) => Ok(JNode { val: JVal::Str(v), start: t.start, end: t.end }),
                    Err(off) => {
                        // Go reports a byte offset; keep the range on character
                        // boundaries so that it can be shown.
                        let floor = |mut b: usize| {
                            while !self.src.is_char_boundary(b) {
                                b -= 1;
                            }
                            b
                        };
                        let mut p = t.start;
                        p.byte = floor((p.byte + off).min(t.end.byte));
                        p.col += off;
                        let mut e = p;
                        e.byte = floor((e.byte + 1).min(self.src.len())).max(p.byte);
                        e.col += 1;
                        Err(diag("Invalid JSON string", "There is a syntax error in the given JSON string.", p, e))
                    }
                }
            }
            JTok::Keyword => {
                self.read();
                let s = self.text(&t);
                let val = match s {
                    "true" => JVal::Bool(true),
                    "false" => JVal::Bool(false),
                    "null" => JVal::Null,
                    "undefined" | "NaN" | "Infinity" => {
                        return Err(diag(
                            "Invalid JSON keyword",
                            format!("The JavaScript identifier {} cannot be used in JSON.", go_quote(s)),
                            t.start,
                            t.end,
                        ))
                    }
                    _ => {
                        let dym = crate::hcl::parse::name_suggestion(s, &["true", "false", "null"])
                            .map(|k| format!(" Did you mean {}?", go_quote(k)))
                            .unwrap_or_default();
                        return Err(diag(
                            "Invalid JSON keyword",
                            format!("{} is not a valid JSON keyword.{dym}", go_quote(s)),
                            t.start,
                            t.end,
                        ));
                    }
                };
                Ok(JNode { val, start: t.start, end: t.end })
            }
            JTok::BraceC => Err(diag("Missing JSON value", start_of_value, t.start, t.end)),
            JTok::BrackC => Err(diag("Missing array element value", start_of_value, t.start, t.end)),
            JTok::Eof => Err(diag("Missing value", "The JSON data ends prematurely.", t.start, t.end)),
            _ => Err(diag("Invalid start of value", start_of_value, t.start, t.end)),
        }
    }

    fn object(&mut self) -> JResult<JNode> {
        let open = self.read();
        let mut attrs = Vec::new();
        loop {
            if self.peek().kind == JTok::BraceC {
                break;
            }
            let key = self.value()?;
            let JVal::Str(name) = key.val else {
                // hcl points at the start of the key: an object's or array's opening token.
                let end = match key.val {
                    JVal::Object(_) | JVal::Array(_) => {
                        JPos { byte: key.start.byte + 1, line: key.start.line, col: key.start.col + 1 }
                    }
                    _ => key.end,
                };
                return Err(diag(
                    "Invalid object property name",
                    "A JSON object property name must be a string",
                    key.start,
                    end,
                ));
            };
            let colon = self.read();
            if colon.kind != JTok::Colon {
                return Err(match colon.kind {
                    JTok::BraceC | JTok::Comma => diag(
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                        colon.start,
                        colon.end,
                    ),
                    JTok::Equals => diag(
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                        colon.start,
                        colon.end,
                    ),
                    _ => diag(
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                        colon.start,
                        colon.end,
                    ),
                });
            }
            let val = self.value()?;
            attrs.push((name, key.start, key.end, val));
            let t = self.peek();
            match t.kind {
                JTok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == JTok::BraceC {
                        return Err(diag(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            comma.start,
                            comma.end,
                        ));
                    }
                }
                JTok::Eof => {
                    return Err(diag(
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                        open.start,
                        open.end,
                    ))
                }
                JTok::BrackC => {
                    self.read();
                    let n = self.peek();
                    return Err(diag(
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                        n.start,
                        n.end,
                    ));
                }
                JTok::BraceC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, JTok::BraceO, JTok::BraceC);
                    let n = self.peek();
                    return Err(diag(
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                        n.start,
                        n.end,
                    ));
                }
            }
        }
        let close = self.read();
        Ok(JNode { val: JVal::Object(attrs), start: open.start, end: close.end })
    }

    fn array(&mut self) -> JResult<JNode> {
        let open = self.read();
        let mut vals = Vec::new();
        loop {
            if self.peek().kind == JTok::BrackC {
                break;
            }
            vals.push(self.value()?);
            let t = self.peek();
            match t.kind {
                JTok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == JTok::BrackC {
                        return Err(diag(
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                            comma.start,
                            comma.end,
                        ));
                    }
                }
                JTok::Colon => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    return Err(diag(
                        "Invalid array value",
                        "A colon is not used to introduce values in a JSON array.",
                        n.start,
                        n.end,
                    ));
                }
                JTok::Eof => {
                    return Err(diag(
                        "Unclosed object",
                        "No closing bracket was found for this JSON array.",
                        open.start,
                        open.end,
                    ))
                }
                JTok::BraceC => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    return Err(diag(
                        "Mismatched brackets",
                        "A JSON array must be closed with a bracket, not a brace.",
                        n.start,
                        n.end,
                    ));
                }
                JTok::BrackC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    return Err(diag(
                        "Missing attribute seperator comma",
                        "A comma must appear between each value in an array.",
                        n.start,
                        n.end,
                    ));
                }
            }
        }
        let close = self.read();
        Ok(JNode { val: JVal::Array(vals), start: open.start, end: close.end })
    }

    /// A value read straight into its cty value, with the end of its last
    /// token: no tree of the text is kept (see [`direct_tfvars`]). `Err`
    /// for anything the tree reader would report (a syntax error, a
    /// duplicate key, nesting too deep): the caller then reads the text
    /// again that way, for its diagnostics.
    fn direct(&mut self, d: &mut Direct) -> Result<(Value, JPos), ()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(());
        }
        let r = match self.peek().kind {
            JTok::BraceO => self.direct_object(d),
            JTok::BrackO => self.direct_array(d),
            JTok::Str => {
                // The string's text goes straight into its value.
                let t = self.read();
                let s = decode_json_str(self.text(&t)).map_err(drop)?;
                Ok((str_value(&s), t.end))
            }
            _ => {
                let n = self.value_inner().map_err(drop)?;
                scalar(&n.val).map(|v| (v, n.end)).ok_or(())
            }
        };
        self.depth -= 1;
        r
    }

    fn direct_object(&mut self, d: &mut Direct) -> Result<(Value, JPos), ()> {
        self.read();
        // This object's entries go on top of the enclosing objects' ones.
        let base = d.entries.len();
        loop {
            if self.peek().kind == JTok::BraceC {
                break;
            }
            // A name: a string token (as the tree reader's `value` reads it).
            let t = self.peek();
            if t.kind != JTok::Str || self.depth + 1 > self.max_depth {
                return Err(());
            }
            self.read();
            let key = d.key(&decode_json_str(self.text(&t)).map_err(drop)?);
            if self.read().kind != JTok::Colon {
                return Err(());
            }
            let (val, _) = self.direct(d)?;
            d.entries.push((key, val));
            match self.peek().kind {
                JTok::Comma => {
                    self.read();
                    if self.peek().kind == JTok::BraceC {
                        return Err(());
                    }
                }
                JTok::BraceC => break,
                _ => return Err(()),
            }
        }
        let close = self.read();
        // cty's order: keys compared bytewise. A key written twice is next to
        // its twin once sorted (found without a set of the keys per object).
        let entries = &mut d.entries[base..];
        crate::value::sort_entries(entries);
        if entries.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(());
        }
        // Moved from the stack into the value's one allocation.
        let attrs = crate::value::Attrs::from_sorted(d.entries.drain(base..));
        Ok((d.tc.object_attrs(attrs, crate::value::Marks::NONE), close.end))
    }

    fn direct_array(&mut self, d: &mut Direct) -> Result<(Value, JPos), ()> {
        self.read();
        let mut vals = Vec::new();
        loop {
            if self.peek().kind == JTok::BrackC {
                break;
            }
            vals.push(self.direct(d)?.0);
            match self.peek().kind {
                JTok::Comma => {
                    self.read();
                    if self.peek().kind == JTok::BrackC {
                        return Err(());
                    }
                }
                JTok::BrackC => break,
                _ => return Err(()),
            }
        }
        let close = self.read();
        Ok((d.tc.tuple(vals), close.end))
    }

    fn range_string(&self, s: JPos, e: JPos) -> String {
        format_range(self.filename, (s.line, s.col), (e.line, e.col))
    }
}

/// What the direct reader ([`JParser::direct`]) keeps while it reads: the
/// types shared among similar values, the names read so far (a name that
/// comes back, as in a list of similar objects, is one shared key, not an
/// allocation per object), and the entries of the objects being read, one
/// stack for all of them (an object's entries are moved from it into the
/// object's one allocation).
struct Direct {
    tc: TypeCache,
    /// Names read lately, each in the slot its length and bytes pick (a
    /// name that comes back finds itself with one comparison, no hashing;
    /// two names in one slot take turns, which costs only an allocation).
    keys: Vec<Option<crate::value::Key>>,
    entries: Vec<(crate::value::Key, Value)>,
}

/// Slots of remembered names (a power of two).
const KEY_SLOTS: usize = 256;

impl Default for Direct {
    fn default() -> Direct {
        Direct { tc: TypeCache::default(), keys: vec![None; KEY_SLOTS], entries: Vec::new() }
    }
}

impl Direct {
    /// The key for a name as written (in NFC, as cty keys are).
    fn key(&mut self, name: &str) -> crate::value::Key {
        let b = name.as_bytes();
        let mix = |i: usize| b.get(i).map_or(0, |&c| usize::from(c));
        let slot = (b.len().wrapping_mul(31)
            ^ mix(0).wrapping_mul(7)
            ^ mix(b.len() / 2).wrapping_mul(13)
            ^ mix(b.len().wrapping_sub(1)))
            & (KEY_SLOTS - 1);
        match &self.keys[slot] {
            Some(k) if **k == *name => k.clone(),
            _ => {
                let k: crate::value::Key = nfc_key(name).into();
                // A name not in NFC is looked for as written, so it is not kept.
                if *k == *name {
                    self.keys[slot] = Some(k.clone());
                }
                k
            }
        }
    }
}

/// The value of a string, number, bool or null.
fn scalar(v: &JVal) -> Option<Value> {
    Some(match v {
        JVal::Str(s) => str_value(s),
        JVal::Num(x) => Value::number(x.clone()),
        JVal::Bool(b) => Value::bool(*b),
        JVal::Null => Value::null(Type::Dynamic),
        JVal::Array(_) | JVal::Object(_) => return None,
    })
}

/// Evaluates a JSON node with a nil context (strings are never templates).
fn eval(p: &JParser, n: &JNode, diags: &mut Diags, tc: &mut TypeCache) -> Value {
    match &n.val {
        JVal::Str(_) | JVal::Num(_) | JVal::Bool(_) | JVal::Null => {
            scalar(&n.val).unwrap_or_else(|| Value::null(Type::Dynamic))
        }
        JVal::Array(vs) => {
            let vals = vs.iter().map(|v| eval(p, v, diags, tc)).collect();
            tc.tuple(vals)
        }
        JVal::Object(attrs) if attrs.len() > LARGE_OBJECT => {
            // The entries in source order, then sorted: a vector of them and
            // a set of the keys seen take less room than a map built key by
            // key (the keys of a large object rarely arrive in order).
            let mut entries: Vec<(crate::value::Key, Value)> = Vec::with_capacity(attrs.len());
            let mut seen: HashSet<crate::value::Key> = HashSet::with_capacity(attrs.len());
            let mut firsts: Option<BTreeMap<String, (JPos, JPos)>> = None;
            for (name, ns, ne, v) in attrs {
                let val = eval(p, v, diags, tc);
                let key: crate::value::Key = nfc_key(name).into();
                if seen.contains(&key) {
                    duplicate(p, attrs, &mut firsts, &key, *ns, *ne, diags);
                    continue;
                }
                seen.insert(key.clone());
                entries.push((key, val));
            }
            drop(seen);
            // cty's order: keys compared bytewise (they are unique).
            crate::sort::by(&mut entries, |a, b| a.0.cmp(&b.0));
            tc.object(crate::value::AttrMap::from_sorted(entries), crate::value::Marks::NONE)
        }
        JVal::Object(attrs) => {
            let mut vals = crate::value::AttrMap::new();
            // Each key's first place, built once at the first duplicate (an
            // object without duplicates keeps no second map of its keys).
            let mut firsts: Option<BTreeMap<String, (JPos, JPos)>> = None;
            for (name, ns, ne, v) in attrs {
                let val = eval(p, v, diags, tc);
                let key = nfc_key(name);
                if vals.contains_key(&key) {
                    duplicate(p, attrs, &mut firsts, &key, *ns, *ne, diags);
                    continue;
                }
                vals.insert(key, val);
            }
            tc.object(vals, crate::value::Marks::NONE)
        }
    }
}

/// Above this many attributes an object's entries are gathered in a vector
/// and sorted once (see `eval`).
const LARGE_OBJECT: usize = 64;

/// hcl's diagnostic for a later attribute named `key` (at `ns`..`ne`). Each
/// key's first place is mapped once, at the object's first duplicate (an
/// object without duplicates keeps no second map of its keys).
fn duplicate(
    p: &JParser,
    attrs: &[(String, JPos, JPos, JNode)],
    firsts: &mut Option<BTreeMap<String, (JPos, JPos)>>,
    key: &str,
    ns: JPos,
    ne: JPos,
    diags: &mut Diags,
) {
    let firsts = firsts.get_or_insert_with(|| {
        let mut m = BTreeMap::new();
        for (n, s, e, _) in attrs {
            m.entry(nfc_key(n)).or_insert((*s, *e));
        }
        m
    });
    let Some((s, e)) = firsts.get(key) else {
        return;
    };
    diags.push(diag(
        "Duplicate object attribute",
        format!("An attribute named {} was already defined at {}.", go_quote(key), p.range_string(*s, *e)),
        ns,
        ne,
    ));
}

/// The range of a node in the value source, without its parts.
fn span(n: &JNode, offset: usize, src_len: usize) -> SpanTree {
    SpanTree::leaf(crate::hcl::parse::SpanMap(offset, src_len).range(n.start.byte..n.end.byte))
}

fn spans(n: &JNode, offset: usize, src_len: usize) -> SpanTree {
    let mut t = span(n, offset, src_len);
    match &n.val {
        JVal::Array(vs) => {
            for (i, v) in vs.iter().enumerate() {
                t.kids.insert(i.to_string(), spans(v, offset, src_len));
            }
        }
        JVal::Object(attrs) => {
            for (name, _, _, v) in attrs {
                t.kids.entry(nfc_key(name)).or_insert_with(|| spans(v, offset, src_len));
            }
        }
        _ => {}
    }
    t
}

pub struct JsonResult {
    pub value: Value,
    pub spans: SpanTree,
    pub src_range: String,
}

/// A `.tfvars.json` property: `{"v": <src>}` read by hcl's JSON syntax.
pub fn parse_tfvars_json(src: &str, want_spans: bool) -> Result<JsonResult, Diags> {
    const PREFIX: &str = "{\"v\": ";
    let filename = "terraform.tfvars.json";
    if !want_spans {
        if let Some(r) = direct_tfvars(src, filename, PREFIX.len()) {
            return Ok(r);
        }
    }
    let file = format!("{PREFIX}{src}}}");
    let mut p = JParser::new(&file, filename);
    // The `{"v": …}` around the value is not the user's nesting.
    p.max_depth = MAX_DEPTH + 1;
    let root = p.value().map_err(Diags::one)?;
    let next = p.peek();
    if next.kind != JTok::Eof {
        return Err(Diags::one(diag(
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
            next.start,
            next.end,
        )));
    }
    let JVal::Object(attrs) = &root.val else {
        return Err(Diags::one(diag("Invalid value", "The value must be a single JSON value.", root.start, root.end)));
    };
    if attrs.len() != 1 || attrs[0].0 != "v" {
        let (s, e) = attrs.get(1).map_or((root.start, root.end), |a| (a.1, a.2));
        return Err(Diags::one(diag(
            "Unexpected extra property",
            "The value must be a single JSON value. In a .tfvars.json file this property would define another variable.",
            s,
            e,
        )));
    }
    let node = &attrs[0].3;
    let mut diags = Diags::new();
    let value = eval(&p, node, &mut diags, &mut TypeCache::default());
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(JsonResult {
        value,
        spans: if want_spans { spans(node, PREFIX.len(), src.len()) } else { span(node, PREFIX.len(), src.len()) },
        src_range: p.range_string(node.start, node.end),
    })
}

/// A `.tfvars.json` property read straight into its value, when only the
/// whole value's range is wanted: the same value as the tree reader's, with
/// no tree of the text kept alongside it (a large object would otherwise be
/// held twice), read from `src` itself as if it followed the `prefix_len`
/// bytes of `{"v": ` on the first line. None when the text has anything to
/// report: the tree reader then reads it for its diagnostics.
fn direct_tfvars(src: &str, filename: &str, prefix_len: usize) -> Option<JsonResult> {
    let mut p = JParser::new(src, filename);
    p.scan = JScan { src, p: JPos { byte: 0, line: 1, col: 1 + prefix_len }, done: false };
    p.cur = p.scan.next();
    p.max_depth = MAX_DEPTH + 1;
    // The `{"v": …}` around the value is a value one level deep (as the tree
    // reader counts it).
    p.depth = 1;
    let start = p.peek().start;
    let (value, end) = p.direct(&mut Direct::default()).ok()?;
    if p.peek().kind != JTok::Eof {
        return None;
    }
    Some(JsonResult { value, spans: SpanTree::leaf(start.byte..end.byte), src_range: p.range_string(start, end) })
}

/// `ctyjson.ImpliedType` + `ctyjson.Unmarshal`: objects become objects,
/// arrays tuples, numbers exact; a later duplicate property wins, unless the
/// flavor's go-cty rejects one whose implied type differs.
pub fn parse_cty_json(src: &str, want_spans: bool, profile: &Profile) -> Result<(Value, SpanTree), Diags> {
    if let Err((msg, at)) = gojson::check(src) {
        let summary = if msg == "Value too deeply nested" { "Value too deeply nested" } else { "Invalid JSON value" };
        let detail = if summary == "Invalid JSON value" {
            msg
        } else {
            format!(
                "This value nests arrays and objects more than {MAX_DEPTH} levels deep, which tftype does not accept."
            )
        };
        let mut end = (at + 1).min(src.len());
        while !src.is_char_boundary(end) {
            end += 1;
        }
        let mut start = at.min(src.len());
        while !src.is_char_boundary(start) {
            start -= 1;
        }
        return Err(Diags::one(RawDiag::new(summary, detail, start..end)));
    }
    // Go's decoder accepted the first value (and ignores what follows it).
    let mut p = JParser::new(src, "");
    let root = p.value().map_err(|d| {
        let summary = if d.summary == "Value too deeply nested" || d.summary == "Number too large" {
            d.summary
        } else {
            "Invalid JSON value".into()
        };
        Diags::one(RawDiag::new(summary, d.detail, d.range))
    })?;
    fn to_value(n: &JNode) -> Value {
        match &n.val {
            JVal::Str(s) => str_value(s),
            JVal::Num(x) => Value::number(x.clone()),
            JVal::Bool(b) => Value::bool(*b),
            JVal::Null => Value::null(Type::Dynamic),
            JVal::Array(vs) => Value::tuple(vs.iter().map(to_value).collect()),
            JVal::Object(attrs) => {
                let mut m = crate::value::AttrMap::new();
                for (k, _, _, v) in attrs {
                    m.insert(nfc_key(k), to_value(v));
                }
                Value::object(m)
            }
        }
    }
    if let Some((key, s, e)) = differing_duplicate(&root) {
        if profile.ctyjson_rejects_duplicate_properties() {
            return Err(Diags::one(RawDiag::new(
                "Invalid JSON value",
                format!("duplicate {} property in JSON object", crate::goprint::go_quote_in(key, profile)),
                s.byte..e.byte,
            )));
        }
    }
    if let Err((msg, s, e)) = unmarshal_check(&root, &implied_type(&root)) {
        return Err(Diags::one(RawDiag::new("Invalid JSON value", msg, s.byte..e.byte)));
    }
    let value = to_value(&root);
    if !want_spans {
        return Ok((value, span(&root, 0, src.len())));
    }
    let mut t = spans(&root, 0, src.len());
    dedupe_last(&root, &mut t);
    Ok((value, t))
}

/// The type `ctyjson.ImpliedType` gives a node (a later duplicate property wins).
fn implied_type(n: &JNode) -> Type {
    match &n.val {
        JVal::Str(_) => Type::String,
        JVal::Num(_) => Type::Number,
        JVal::Bool(_) => Type::Bool,
        JVal::Null => Type::Dynamic,
        JVal::Array(vs) => Type::tuple(vs.iter().map(implied_type).collect()),
        JVal::Object(attrs) => {
            let mut m = BTreeMap::new();
            for (k, _, _, v) in attrs {
                m.insert(nfc_key(k), implied_type(v));
            }
            Type::object(m)
        }
    }
}

/// The first repeated property whose implied type differs from the earlier
/// one's, in the order go-cty 1.16.2's `ImpliedType` finds it (depth first: a
/// property's value is typed before its name is checked). Names compare as
/// written.
fn differing_duplicate(n: &JNode) -> Option<(&str, JPos, JPos)> {
    fn walk(n: &JNode) -> Result<Type, (&str, JPos, JPos)> {
        Ok(match &n.val {
            JVal::Array(vs) => Type::tuple(vs.iter().map(walk).collect::<Result<_, _>>()?),
            JVal::Object(attrs) => {
                let mut seen: std::collections::HashMap<&str, Type> = std::collections::HashMap::new();
                let mut m = BTreeMap::new();
                for (k, ks, ke, v) in attrs {
                    let t = walk(v)?;
                    if seen.get(k.as_str()).is_some_and(|earlier| *earlier != t) {
                        return Err((k.as_str(), *ks, *ke));
                    }
                    seen.insert(k.as_str(), t.clone());
                    m.insert(nfc_key(k), t);
                }
                Type::object(m)
            }
            _ => implied_type(n),
        })
    }
    walk(n).err()
}

/// `ctyjson.Unmarshal` of a node as `ty` (go-cty 1.12.1): only its errors
/// matter, which arise when an earlier duplicate property does not fit the
/// type the last one implied.
fn unmarshal_check(n: &JNode, ty: &Type) -> Result<(), (String, JPos, JPos)> {
    let err = |m: String| Err((m, n.start, n.end));
    if matches!(n.val, JVal::Null) {
        return Ok(());
    }
    match ty {
        Type::Dynamic => match &n.val {
            JVal::Object(attrs) => match attrs.iter().find(|a| a.0 != "type" && a.0 != "value") {
                Some(a) => err(format!("invalid key {} in dynamically-typed value", go_quote(&a.0))),
                None => err("missing type in dynamically-typed value".into()),
            },
            _ => err("missing expected {".into()),
        },
        Type::Bool => match &n.val {
            JVal::Bool(_) => Ok(()),
            JVal::Str(s) if s == "true" || s == "false" => Ok(()),
            JVal::Str(_) => err("a bool is required".into()),
            _ => err("bool is required".into()),
        },
        Type::Number => match &n.val {
            JVal::Num(_) => Ok(()),
            JVal::Str(s) if Number::parse_cty_string(s).is_ok() => Ok(()),
            JVal::Str(_) => err("a number is required".into()),
            _ => err("number is required".into()),
        },
        Type::String => match &n.val {
            JVal::Str(_) | JVal::Num(_) | JVal::Bool(_) => Ok(()),
            _ => err("string is required".into()),
        },
        Type::Tuple(ets) => {
            let JVal::Array(vs) = &n.val else {
                return err("missing expected [".into());
            };
            if vs.len() > ets.len() {
                return err(format!("too many tuple elements (need {})", ets.len()));
            }
            for (v, t) in vs.iter().zip(ets.iter()) {
                unmarshal_check(v, t)?;
            }
            if vs.len() < ets.len() {
                return err(format!("not enough tuple elements (need {})", ets.len()));
            }
            Ok(())
        }
        Type::Object(ot) => {
            let JVal::Object(attrs) = &n.val else {
                return err("missing expected {".into());
            };
            for (k, _, _, v) in attrs {
                match ot.attrs.get(&nfc_key(k)) {
                    Some(t) => unmarshal_check(v, t)?,
                    None => return err(format!("unsupported attribute {}", go_quote(k))),
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// For cty JSON the last duplicate property wins; point the span at it.
fn dedupe_last(n: &JNode, t: &mut SpanTree) {
    if let JVal::Object(attrs) = &n.val {
        for (k, _, _, v) in attrs {
            let mut s = spans(v, 0, usize::MAX);
            dedupe_last(v, &mut s);
            t.kids.insert(nfc_key(k), s);
        }
    }
}

/// A diagnostic in a JSON file, with hcl's JSON positions.
#[derive(Clone, Debug)]
pub struct JsonFileDiag {
    pub summary: String,
    pub detail: String,
    pub start: JPos,
    pub end: JPos,
}

/// One property of a whole `.tfvars.json` file: an argument.
#[derive(Clone, Debug)]
pub struct JsonAttr {
    pub name: String,
    pub name_start: JPos,
    /// The value, evaluated with no context (strings are literal); or the
    /// diagnostics of its evaluation.
    pub value: Result<Value, Vec<JsonFileDiag>>,
    pub start: JPos,
    pub end: JPos,
}

/// The position hcl's JSON scanner gives the byte offset `byte` of `src`:
/// the start or end of the token there (the scanner's column rules).
fn jpos_at(src: &str, byte: usize) -> JPos {
    let mut scan = JScan::new(src);
    let mut last = JPos { byte: 0, line: 1, col: 1 };
    loop {
        let t = scan.next();
        if t.start.byte >= byte {
            return if t.start.byte == byte { t.start } else { last };
        }
        if t.end.byte >= byte || t.kind == JTok::Eof {
            return if t.end.byte == byte { t.end } else { t.start };
        }
        last = t.end;
    }
}

/// A whole JSON configuration file read as hcl's `json.Parse` and
/// `Body.JustAttributes` read it (Terraform's `.tfvars.json` files): its
/// root object's properties in order, or hcl's diagnostics.
pub fn parse_json_file_attributes(src: &str, filename: &str) -> Result<Vec<JsonAttr>, Vec<JsonFileDiag>> {
    let mut p = JParser::new(src, filename);
    let first = p.peek();
    let to_file = |d: RawDiag| JsonFileDiag {
        start: jpos_at(src, d.range.start),
        end: jpos_at(src, d.range.end),
        summary: d.summary,
        detail: d.detail,
    };
    const ROOT: &str = "Root value must be object";
    const ROOT_DETAIL: &str =
        "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.";
    let root = match p.value() {
        Ok(r) => r,
        // tftype's nesting limit is no syntax error: the root is whatever
        // its first token says, so that error comes alone.
        Err(d) if d.summary == "Value too deeply nested" => return Err(vec![to_file(d)]),
        Err(d) => {
            // A broken root is no object: hcl says so at its first token too.
            let root =
                JsonFileDiag { summary: ROOT.into(), detail: ROOT_DETAIL.into(), start: first.start, end: first.end };
            return Err(vec![root, to_file(d)]);
        }
    };
    let next = p.peek();
    if next.kind != JTok::Eof {
        return Err(vec![JsonFileDiag {
            summary: "Extraneous data after value".into(),
            detail: "Extra characters appear after the JSON value.".into(),
            start: next.start,
            end: next.end,
        }]);
    }
    let objects: Vec<&JNode> = match &root.val {
        JVal::Object(_) => vec![&root],
        JVal::Array(items) => items.iter().collect(),
        _ => {
            return Err(vec![JsonFileDiag {
                summary: ROOT.into(),
                detail: ROOT_DETAIL.into(),
                start: root.start,
                end: first.end,
            }]);
        }
    };
    let mut attrs: Vec<JsonAttr> = Vec::new();
    let mut diags = Vec::new();
    for obj in objects {
        let JVal::Object(props) = &obj.val else {
            diags.push(JsonFileDiag {
                summary: "Incorrect JSON value type".into(),
                detail: "A JSON object is required here, setting the arguments for this block.".into(),
                start: root.start,
                end: first.end,
            });
            continue;
        };
        for (name, ns, ne, node) in props {
            if let Some(prev) = attrs.iter().find(|a| a.name == *name) {
                diags.push(JsonFileDiag {
                    summary: "Duplicate attribute definition".into(),
                    detail: format!(
                        "The argument {} was already set at {}.",
                        go_quote(name),
                        p.range_string(prev.name_start, prev.end)
                    ),
                    start: *ns,
                    end: *ne,
                });
                continue;
            }
            let mut vd = crate::diag::Capped::new();
            let value = eval(&p, node, &mut vd, &mut TypeCache::default());
            let value = if vd.is_empty() { Ok(value) } else { Err(vd.into_iter().map(to_file).collect()) };
            attrs.push(JsonAttr { name: name.clone(), name_start: *ns, value, start: node.start, end: node.end });
        }
    }
    if diags.is_empty() {
        Ok(attrs)
    } else {
        Err(diags)
    }
}

// ----- hcl's JSON parser with its recovery (configuration files) -----

/// A node of a JSON configuration file as hcl's `json` parser keeps it: a
/// value that failed to parse is [`HVal::Invalid`] at its first token, and
/// parsing goes on around it.
#[derive(Clone, Debug)]
pub struct HNode {
    pub val: HVal,
    pub start: JPos,
    pub end: JPos,
}

#[derive(Clone, Debug)]
pub enum HVal {
    /// The properties (none kept where the parser only checked the syntax
    /// of what is inside, see [`parse_config_json`]).
    Object {
        attrs: Vec<HAttr>,
    },
    Array {
        items: Vec<HNode>,
    },
    Str(String),
    Num(Number),
    Bool(bool),
    Null,
    /// hcl's `invalidVal`: what did not parse.
    Invalid,
}

/// One property of an object.
#[derive(Clone, Debug)]
pub struct HAttr {
    pub name: String,
    pub name_start: JPos,
    pub name_end: JPos,
    pub value: HNode,
}

impl HNode {
    /// hcl's `StartRange`: the opening brace or bracket, else the whole node.
    pub fn start_range(&self) -> (JPos, JPos) {
        match &self.val {
            HVal::Object { .. } | HVal::Array { .. } => {
                (self.start, JPos { byte: self.start.byte + 1, line: self.start.line, col: self.start.col + 1 })
            }
            _ => (self.start, self.end),
        }
    }

    /// An object's closing brace (hcl's `CloseRange`).
    pub fn close_range(&self) -> (JPos, JPos) {
        let s = JPos {
            byte: self.end.byte.saturating_sub(1),
            line: self.end.line,
            col: self.end.col.saturating_sub(1).max(1),
        };
        (s, self.end)
    }
}

/// A diagnostic of the JSON syntax, with hcl's JSON positions.
#[derive(Clone, Debug)]
pub struct HDiag {
    pub summary: &'static str,
    pub detail: String,
    pub start: JPos,
    pub end: JPos,
}

/// How deep a configuration file's values may nest before the parser gives
/// up on the file (hcl has no limit; tftype's recursion has one).
pub const CONFIG_MAX_DEPTH: u32 = 512;

struct HParser<'a> {
    src: &'a str,
    scan: JScan<'a>,
    cur: Token,
    depth: u32,
    /// Set when the nesting limit was reached: nothing more is read.
    halted: bool,
    diags: Vec<HDiag>,
    /// How many levels below a root property to keep (see
    /// [`parse_config_json`]).
    keep_of: &'a dyn Fn(&str) -> u32,
}

const VALUE_START: &str = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";

impl<'a> HParser<'a> {
    fn peek(&self) -> Token {
        if self.halted {
            return Token { kind: JTok::Eof, start: self.cur.start, end: self.cur.start };
        }
        self.cur
    }

    fn read(&mut self) -> Token {
        let t = self.peek();
        if t.kind != JTok::Eof {
            self.cur = self.scan.next();
        }
        t
    }

    fn err(&mut self, summary: &'static str, detail: impl Into<String>, t: (JPos, JPos)) {
        // Recovery reads on after an error: a file of errors lists the first.
        if !self.halted && self.diags.len() < crate::diag::MAX_DIAGNOSTICS {
            self.diags.push(HDiag { summary, detail: detail.into(), start: t.0, end: t.1 });
        }
    }

    fn invalid(t: &Token) -> HNode {
        HNode { val: HVal::Invalid, start: t.start, end: t.end }
    }

    /// hcl's `parseValue`. `keep`: how many levels of children to keep
    /// (below, only the syntax is checked); `top`: an object here is the
    /// root body, whose `variable` property keeps everything.
    fn value(&mut self, keep: u32, top: bool) -> HNode {
        let t = self.peek();
        let r = match t.kind {
            JTok::BraceO | JTok::BrackO => {
                self.depth += 1;
                if self.depth > CONFIG_MAX_DEPTH {
                    self.err(
                        "Value too deeply nested",
                        format!("This file nests arrays and objects more than {CONFIG_MAX_DEPTH} levels deep, which tftype does not read."),
                        (t.start, t.end),
                    );
                    self.halted = true;
                    self.depth -= 1;
                    return Self::invalid(&t);
                }
                let n = if t.kind == JTok::BraceO { self.object(keep, top) } else { self.array(keep, top) };
                self.depth -= 1;
                n
            }
            JTok::Num => self.number(),
            JTok::Str => self.string(),
            JTok::Keyword => self.keyword(),
            JTok::BraceC => {
                self.err("Missing JSON value", VALUE_START, (t.start, t.end));
                None
            }
            JTok::BrackC => {
                self.err("Missing array element value", VALUE_START, (t.start, t.end));
                None
            }
            JTok::Eof => {
                self.err("Missing value", "The JSON data ends prematurely.", (t.start, t.end));
                None
            }
            _ => {
                self.err("Invalid start of value", VALUE_START, (t.start, t.end));
                None
            }
        };
        r.unwrap_or_else(|| Self::invalid(&t))
    }

    /// Reads tokens up to the end of the current object or array (hcl's
    /// `recover`).
    fn recover(&mut self, mut t: Token, open_kind: JTok, close_kind: JTok) {
        let mut open = 1;
        loop {
            if t.kind == open_kind {
                open += 1;
            } else if t.kind == close_kind {
                open -= 1;
                if open <= 1 {
                    return;
                }
            } else if t.kind == JTok::Eof {
                return;
            }
            t = self.read();
        }
    }

    fn object(&mut self, keep: u32, top: bool) -> Option<HNode> {
        let open = self.read();
        let mut attrs = Vec::new();
        loop {
            if self.peek().kind == JTok::BraceC {
                break;
            }
            let key = self.value(0, false);
            let HVal::Str(name) = key.val else {
                let (s, e) = key.start_range();
                self.err("Invalid object property name", "A JSON object property name must be a string", (s, e));
                return None;
            };
            let colon = self.read();
            if colon.kind != JTok::Colon {
                self.recover(colon, JTok::BraceO, JTok::BraceC);
                let r = (colon.start, colon.end);
                match colon.kind {
                    JTok::BraceC | JTok::Comma => self.err(
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                        r,
                    ),
                    JTok::Equals => self.err(
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                        r,
                    ),
                    _ => self.err(
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                        r,
                    ),
                }
                return None;
            }
            let child_keep = if top { (self.keep_of)(&name) } else { keep.saturating_sub(1) };
            let value = self.value(child_keep, false);
            if self.halted {
                // What was read before the nesting limit stays.
                let end = value.end;
                if keep > 0 && !matches!(value.val, HVal::Invalid) {
                    attrs.push(HAttr { name, name_start: key.start, name_end: key.end, value });
                }
                return Some(HNode { val: HVal::Object { attrs }, start: open.start, end });
            }
            if keep > 0 {
                attrs.push(HAttr { name, name_start: key.start, name_end: key.end, value });
            }
            match self.peek().kind {
                JTok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == JTok::BraceC {
                        self.err(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            (comma.start, comma.end),
                        );
                        return None;
                    }
                }
                JTok::Eof => {
                    self.err(
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                        (open.start, open.end),
                    );
                    return None;
                }
                JTok::BrackC => {
                    self.read();
                    let n = self.peek();
                    self.err(
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                        (n.start, n.end),
                    );
                    return None;
                }
                JTok::BraceC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, JTok::BraceO, JTok::BraceC);
                    let n = self.peek();
                    self.err(
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                        (n.start, n.end),
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        Some(HNode { val: HVal::Object { attrs }, start: open.start, end: close.end })
    }

    fn array(&mut self, keep: u32, top: bool) -> Option<HNode> {
        let open = self.read();
        let mut items = Vec::new();
        loop {
            if self.peek().kind == JTok::BrackC {
                break;
            }
            // An array's elements are at its level (the root array's are
            // bodies too).
            let v = self.value(keep, top);
            if self.halted {
                let end = v.end;
                if keep > 0 && !matches!(v.val, HVal::Invalid) {
                    items.push(v);
                }
                return Some(HNode { val: HVal::Array { items }, start: open.start, end });
            }
            if keep > 0 {
                items.push(v);
            }
            match self.peek().kind {
                JTok::Comma => {
                    let comma = self.read();
                    if self.peek().kind == JTok::BrackC {
                        self.err(
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                            (comma.start, comma.end),
                        );
                        return None;
                    }
                }
                JTok::Colon => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    self.err(
                        "Invalid array value",
                        "A colon is not used to introduce values in a JSON array.",
                        (n.start, n.end),
                    );
                    return None;
                }
                JTok::Eof => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    self.err(
                        "Unclosed object",
                        "No closing bracket was found for this JSON array.",
                        (open.start, open.end),
                    );
                    return None;
                }
                JTok::BraceC => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    self.err(
                        "Mismatched brackets",
                        "A JSON array must be closed with a bracket, not a brace.",
                        (n.start, n.end),
                    );
                    return None;
                }
                JTok::BrackC => break,
                _ => {
                    let t = self.read();
                    self.recover(t, JTok::BrackO, JTok::BrackC);
                    let n = self.peek();
                    self.err(
                        "Missing attribute seperator comma",
                        "A comma must appear between each value in an array.",
                        (n.start, n.end),
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        Some(HNode { val: HVal::Array { items }, start: open.start, end: close.end })
    }

    fn number(&mut self) -> Option<HNode> {
        let t = self.read();
        let s = &self.src[t.start.byte..t.end.byte];
        if !valid_json_number(s) {
            self.err("Invalid JSON number", "There is a syntax error in the given JSON number.", (t.start, t.end));
            return None;
        }
        match Number::parse_literal(s) {
            Ok(n) => Some(HNode { val: HVal::Num(n), start: t.start, end: t.end }),
            Err(crate::number::NumberError::Range) => {
                self.err("Number too large", crate::number::LITERAL_RANGE_DETAIL, (t.start, t.end));
                None
            }
            Err(_) => {
                self.err("Invalid JSON number", "There is a syntax error in the given JSON number.", (t.start, t.end));
                None
            }
        }
    }

    fn string(&mut self) -> Option<HNode> {
        let t = self.read();
        match decode_json_string(&self.src[t.start.byte..t.end.byte]) {
            Ok(v) => Some(HNode { val: HVal::Str(v), start: t.start, end: t.end }),
            Err(off) => {
                let floor = |mut b: usize| {
                    while !self.src.is_char_boundary(b) {
                        b -= 1;
                    }
                    b
                };
                let mut p = t.start;
                p.byte = floor((p.byte + off).min(t.end.byte));
                p.col += off;
                let mut e = p;
                e.byte = floor((e.byte + 1).min(self.src.len())).max(p.byte);
                e.col += 1;
                self.err("Invalid JSON string", "There is a syntax error in the given JSON string.", (p, e));
                None
            }
        }
    }

    fn keyword(&mut self) -> Option<HNode> {
        let t = self.read();
        let s = &self.src[t.start.byte..t.end.byte];
        let val = match s {
            "true" => HVal::Bool(true),
            "false" => HVal::Bool(false),
            "null" => HVal::Null,
            "undefined" | "NaN" | "Infinity" => {
                self.err(
                    "Invalid JSON keyword",
                    format!("The JavaScript identifier {} cannot be used in JSON.", go_quote(s)),
                    (t.start, t.end),
                );
                return None;
            }
            _ => {
                let dym = crate::hcl::parse::name_suggestion(s, &["true", "false", "null"])
                    .map(|k| format!(" Did you mean {}?", go_quote(k)))
                    .unwrap_or_default();
                self.err(
                    "Invalid JSON keyword",
                    format!("{} is not a valid JSON keyword.{dym}", go_quote(s)),
                    (t.start, t.end),
                );
                return None;
            }
        };
        Some(HNode { val, start: t.start, end: t.end })
    }
}

/// A JSON configuration file as hcl's `json.Parse` reads it: the root node
/// (an empty object when the root is no object or array, after "Root value
/// must be object") and the syntax diagnostics, in hcl's order. Of the
/// value of a root property named `name` the parser keeps `keep_of(name)`
/// levels of object properties (arrays do not count) and only checks the
/// syntax of the rest, so that a large file of blocks nobody reads is not
/// held in memory.
pub fn parse_config_json(src: &str, keep_of: &dyn Fn(&str) -> u32) -> (HNode, Vec<HDiag>) {
    let mut scan = JScan::new(src);
    let cur = scan.next();
    let mut p = HParser { src, scan, cur, depth: 0, halted: false, diags: Vec::new(), keep_of };
    let root = p.value(u32::MAX, true);
    let next = p.peek();
    if p.diags.is_empty() && next.kind != JTok::Eof {
        p.err("Extraneous data after value", "Extra characters appear after the JSON value.", (next.start, next.end));
    }
    let mut diags = p.diags;
    let root = match root.val {
        HVal::Object { .. } | HVal::Array { .. } => root,
        _ => {
            let (s, e) = root.start_range();
            diags.push(HDiag {
                summary: "Root value must be object",
                detail: "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.".into(),
                start: s,
                end: e,
            });
            let zero = JPos { byte: 0, line: 1, col: 1 };
            HNode { val: HVal::Object { attrs: Vec::new() }, start: zero, end: zero }
        }
    };
    (root, diags)
}

/// The value of a node evaluated with no context (hcl json's
/// `expression.Value(nil)`: strings are literal), or the first duplicate
/// attribute of an object in it (name, range, first definition's range).
pub fn config_json_value(n: &HNode, filename: &str, tc: &mut TypeCache) -> Result<Value, HDiag> {
    Ok(match &n.val {
        HVal::Str(s) => str_value(s),
        HVal::Num(x) => Value::number(x.clone()),
        HVal::Bool(b) => Value::bool(*b),
        HVal::Null => Value::null(Type::Dynamic),
        HVal::Invalid => Value::unknown(Type::Dynamic),
        HVal::Array { items, .. } => {
            let mut vals = Vec::with_capacity(items.len());
            for i in items {
                vals.push(config_json_value(i, filename, tc)?);
            }
            tc.tuple(vals)
        }
        HVal::Object { attrs, .. } => {
            let mut vals = crate::value::AttrMap::new();
            let mut firsts: BTreeMap<String, (JPos, JPos)> = BTreeMap::new();
            for a in attrs {
                let v = config_json_value(&a.value, filename, tc)?;
                if let Some((s, e)) = firsts.get(&a.name) {
                    return Err(HDiag {
                        summary: "Duplicate object attribute",
                        detail: format!(
                            "An attribute named {} was already defined at {}.",
                            go_quote(&a.name),
                            format_range(filename, (s.line, s.col), (e.line, e.col))
                        ),
                        start: a.name_start,
                        end: a.name_end,
                    });
                }
                firsts.insert(a.name.clone(), (a.name_start, a.name_end));
                vals.insert(nfc_key(&a.name), v);
            }
            tc.object(vals, crate::value::Marks::NONE)
        }
    })
}

#[cfg(test)]
mod config_tests {
    use super::*;

    /// hcl's JSON scanner counts a string's columns one per grapheme
    /// cluster: a run of ASCII is counted a byte at a time, all but its last
    /// character before a non-ASCII one, which may start a cluster with it.
    #[test]
    fn a_string_token_ends_one_column_per_grapheme_cluster() {
        for (src, end_col) in [
            ("\"abc\"", 6),
            ("\"abe\u{301}x\"", 7),
            ("\"e\u{301}\u{301}\"", 4),
            ("\"a\\\"b\\\\\"", 9),
            ("\"\u{65e5}\u{672c}x\"", 6),
            ("\"x\u{1f1e9}\u{1f1ea}y\"", 6),
            ("\"\"", 3),
        ] {
            let t = JScan::new(src).next();
            assert_eq!((t.kind, t.end.col, t.end.byte), (JTok::Str, end_col, src.len()), "{src:?}");
        }
    }

    fn summaries(src: &str) -> Vec<&'static str> {
        parse_config_json(src, &|_| u32::MAX).1.into_iter().map(|d| d.summary).collect()
    }

    /// hcl's JSON parser goes on after an error: the value that failed is
    /// invalid at its first token, the object or array around it keeps
    /// its other properties, and "Root value must be object" follows a root
    /// that did not parse.
    #[test]
    fn the_config_parser_recovers_as_hcls_does() {
        let table: [(&str, &[&str]); 9] = [
            ("{\"variable\": {\"a\": {\"default\": 1},}}", &["Trailing comma in object"]),
            ("{\"variable\": {\"a\" {\"default\": 1}}}", &["Missing property value colon"]),
            ("{\"variable\": {\"a\": {\"default\": 1}}", &["Unclosed object", "Root value must be object"]),
            (
                "{'variable': {}}",
                &["Invalid start of value", "Invalid object property name", "Root value must be object"],
            ),
            ("{\"variable\": {\"a\": {}}} {}", &["Extraneous data after value"]),
            ("", &["Missing value", "Root value must be object"]),
            ("{\"a\": 01}", &["Invalid JSON number"]),
            ("[1, 2", &["Unclosed object", "Root value must be object"]),
            // The array's closing bracket is left to the object, as hcl leaves it.
            (
                "{\"a\": [1,], \"b\": tru}",
                &["Trailing comma in array", "Mismatched braces", "Root value must be object"],
            ),
        ];
        for (src, want) in table {
            assert_eq!(summaries(src), want, "{src}");
        }
        // The property after the broken one is still read.
        let (root, _) = parse_config_json("{\"a\": {\"x\" 1}, \"b\": 2}", &|_| u32::MAX);
        let HVal::Object { attrs } = root.val else { panic!("root") };
        assert_eq!(attrs.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        assert!(matches!(attrs[0].value.val, HVal::Invalid));
    }

    /// A value file nested past tftype's limit gets that one error: its
    /// root is an object, so no "Root value must be object" comes with it;
    /// a root that did not parse for another reason still gets hcl's.
    #[test]
    fn a_value_file_nested_too_deep_gets_only_the_nesting_error() {
        let nest = |n: usize| format!("{{\"x\": {}1{}}}", "{\"a\":".repeat(n), "}".repeat(n));
        let summaries = |src: &str| match parse_json_file_attributes(src, "t.tfvars.json") {
            Ok(_) => Vec::new(),
            Err(d) => d.into_iter().map(|d| d.summary).collect::<Vec<_>>(),
        };
        let table: [(String, &[&str]); 5] = [
            (nest(126), &[]),
            (nest(127), &["Value too deeply nested"]),
            (nest(10_000), &["Value too deeply nested"]),
            (format!("[{}1{}]", "[".repeat(200), "]".repeat(200)), &["Value too deeply nested"]),
            ("{\"x\": [1, }".to_string(), &["Root value must be object", "Missing JSON value"]),
        ];
        for (src, want) in table {
            assert_eq!(summaries(&src), want, "{}", &src[..src.len().min(40)]);
        }
    }

    /// Nesting 10,000 deep is one diagnostic, not a crash, and what was read
    /// before it stays; a file of a million errors lists the first ones.
    #[test]
    fn deep_nesting_and_floods_of_errors_are_bounded() {
        let deep = format!(
            "{{\"variable\": {{\"d\": {{\"default\": {}{}}}}}, \"x\": 1}}",
            "[".repeat(10_000),
            "]".repeat(10_000)
        );
        let (root, diags) = parse_config_json(&deep, &|_| u32::MAX);
        assert_eq!(diags.iter().map(|d| d.summary).collect::<Vec<_>>(), ["Value too deeply nested"]);
        let HVal::Object { attrs } = root.val else { panic!("root") };
        assert_eq!(attrs[0].name, "variable");
        let flood =
            format!("{{{}}}", (0..1_000_000).map(|i| format!("\"k{i}\": {{\"x\" 1}}")).collect::<Vec<_>>().join(","));
        assert_eq!(parse_config_json(&flood, &|_| 0).1.len(), crate::diag::MAX_DIAGNOSTICS);
    }

    /// Of a root property's value only `keep_of(name)` levels of object
    /// properties are kept (arrays do not count): a large file of blocks
    /// nobody reads is held as its labels.
    #[test]
    fn only_the_asked_levels_are_kept() {
        let src = "{\"resource\": {\"t\": [{\"n\": {\"body\": {\"deep\": [1, 2]}}}]}, \"variable\": {\"v\": {\"default\": [1]}}}";
        let keep = |n: &str| if n == "variable" { u32::MAX } else { 2 };
        let (root, diags) = parse_config_json(src, &keep);
        assert!(diags.is_empty());
        let HVal::Object { attrs } = &root.val else { panic!("root") };
        let props = |n: &HNode| match &n.val {
            HVal::Object { attrs } => attrs.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
            HVal::Array { items } => items
                .iter()
                .flat_map(|i| {
                    if let HVal::Object { attrs } = &i.val {
                        attrs.iter().map(|a| a.name.clone()).collect()
                    } else {
                        Vec::new()
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let types = &attrs[0].value;
        assert_eq!(props(types), ["t"]);
        let HVal::Object { attrs: t } = &types.val else { panic!("types") };
        assert_eq!(props(&t[0].value), ["n"]);
        let HVal::Array { items } = &t[0].value.val else { panic!("array") };
        let HVal::Object { attrs: names } = &items[0].val else { panic!("names") };
        // The block's body: its kind, not its properties.
        assert!(props(&names[0].value).is_empty());
        assert!(matches!(names[0].value.val, HVal::Object { .. }));
        let v = config_json_value(&attrs[1].value, "main.tf.json", &mut TypeCache::default()).unwrap();
        let default = v
            .attrs()
            .and_then(|a| a.get("v"))
            .and_then(|b| b.attrs())
            .and_then(|b| b.get("default"))
            .and_then(|d| d.elements())
            .map(<[Value]>::len);
        assert_eq!(default, Some(1));
    }
}
